"""Every shipped notebook runs on a fresh install, as Binder builds it: the wheel in a new virtual environment
holding only the package's own dependencies at the versions binder/requirements.txt pins, then
binder/postBuild, with no package of the test environment leaking in (scipy, for one, is not a dependency).
Prints each notebook's time and the peak memory of its largest process (the kernel), which must fit a small
Binder session. About 4 minutes on two free cores (pip's local cache, two notebooks at a time)."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import venv
from concurrent.futures import ThreadPoolExecutor
from importlib import metadata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("packaging")]
BINDER_MEMORY_MB = 1000      # the smallest memory a Binder session gets (docs/workshop.md)

# runs one notebook and reports the largest resident size among its processes (nbconvert and the kernel)
RUN_ONE = """
import json, resource, subprocess, sys, time
nb, out = sys.argv[1], sys.argv[2]
t = time.time()
done = subprocess.run([sys.executable, "-m", "jupyter", "nbconvert", "--to", "notebook", "--execute",
                       "--ExecutePreprocessor.timeout=300", nb, "--output", out], capture_output=True, text=True)
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
print(json.dumps({"rc": done.returncode, "seconds": time.time() - t, "peak_mb": peak, "err": done.stderr[-3000:]}))
"""


def pins() -> dict[str, str]:
    out = {}
    for line in (ROOT / "binder" / "requirements.txt").read_text().splitlines():
        line = line.split("#")[0].strip()
        if "==" in line:
            name, version = line.split("==")
            out[name.strip()] = version.strip()
    return out


def test_binder_pins_every_dependency_at_the_version_the_tests_ran_with():
    pinned = pins()
    declared = [d.split(">")[0].split("=")[0].split("<")[0].strip()
                for d in metadata.requires("neko_lab") or [] if "extra ==" not in d]
    assert declared and set(declared) <= set(pinned), f"not pinned: {sorted(set(declared) - set(pinned))}"
    for name, version in pinned.items():
        assert metadata.version(name) == version, f"{name} is pinned at {version}, the tests ran with " \
                                                  f"{metadata.version(name)}"


@pytest.fixture(scope="module")
def fresh_env(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("fresh")
    subprocess.run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(tmp / "dist"),
                    str(ROOT)], check=True, capture_output=True)
    wheel = next((tmp / "dist").glob("neko_lab-*.whl"))
    env_dir = tmp / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)       # no system packages: only what the wheel asks for
    reqs = [f"{name}=={version}" for name, version in pins().items()]
    subprocess.run([str(env_dir / "bin" / "python"), "-m", "pip", "install", "--quiet",
                    "--disable-pip-version-check", str(wheel), *reqs], check=True, capture_output=True)
    # then Binder runs postBuild inside that environment
    subprocess.run(["bash", str(ROOT / "binder" / "postBuild")], check=True, capture_output=True,
                   env={"PATH": f"{env_dir / 'bin'}:/usr/bin:/bin"})
    assert (env_dir / "share/jupyter/lab/settings/overrides.json").is_file()
    return env_dir


def test_every_notebook_runs_on_a_fresh_install(fresh_env, tmp_path):
    py = fresh_env / "bin" / "python"
    # the notebooks as an installed user gets them: the copy inside the wheel
    shipped = subprocess.run([str(py), "-c", "import neko_lab, pathlib; "
                              "print(pathlib.Path(neko_lab.__file__).parent / 'notebooks')"],
                             capture_output=True, text=True, check=True, cwd=tmp_path,
                             env={"PATH": "/usr/bin:/bin"}).stdout.strip()
    assert shipped.startswith(str(fresh_env)), shipped
    scipy = subprocess.run([str(py), "-c", "import scipy"], capture_output=True, cwd=tmp_path)
    assert scipy.returncode != 0, "scipy is not a dependency: the fresh environment must not have it"
    books = tmp_path / "notebooks"
    shutil.copytree(shipped, books)
    notebooks = sorted(books.rglob("*.ipynb"))
    assert len(notebooks) >= 13
    env = {"PATH": f"{fresh_env / 'bin'}:/usr/bin:/bin", "HOME": str(tmp_path), "TQDM_DISABLE": "1",
           "PYTHONHASHSEED": "0", "LANG": os.environ.get("LANG", "C.UTF-8")}

    def run(nb: Path) -> dict:
        done = subprocess.run([str(py), "-c", RUN_ONE, nb.name, nb.stem + ".out.ipynb"], cwd=nb.parent,
                              capture_output=True, text=True, env=env)
        report = json.loads(done.stdout.strip().splitlines()[-1]) if done.stdout.strip() else \
            {"rc": done.returncode, "seconds": 0, "peak_mb": 0, "err": done.stderr[-3000:]}
        return {"notebook": nb.relative_to(books).as_posix(), **report}

    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(run, notebooks))
    print("\nnotebook                                   seconds   peak MB")
    for r in results:
        print(f"{r['notebook']:<42} {r['seconds']:7.1f}   {r['peak_mb']:7.0f}")
    failed = [f"{r['notebook']}: {r['err']}" for r in results if r["rc"] != 0]
    assert not failed, "\n\n".join(failed)
    heavy = [r["notebook"] for r in results if r["peak_mb"] > BINDER_MEMORY_MB]
    assert not heavy, f"above {BINDER_MEMORY_MB} MB: {heavy}"
