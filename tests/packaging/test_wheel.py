"""The wheel carries the package's own notebooks and datasets, nothing that lies beside them in a working
checkout, and an installed neko_lab finds its data exactly as a checkout does."""
from __future__ import annotations

import os
import shutil
import subprocess
import tarfile
import sys
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("packaging")]

# What a working checkout gathers beside the notebooks and datasets: Jupyter's checkpoints and new or
# duplicated notebooks (`neko-lab lab` serves the checkout's notebooks/), simulation output, an exported
# page, an editor's backup, a generated C file. Git ignores some of them, not all.
STRAYS = [
    "notebooks/.ipynb_checkpoints/index-checkpoint.ipynb",
    "notebooks/naeco/.ipynb_checkpoints/01-rules-checkpoint.ipynb",
    "notebooks/Untitled.ipynb",
    "notebooks/naeco/01-rules-Copy1.ipynb",
    "notebooks/results.parquet",
    "notebooks/sim_out/part-0.parquet",
    "notebooks/naeco.html",
    "datasets/naeco/cards.csv~",
    "datasets/journey/.~lock.cards.csv#",
    "neko_lab/core/state.c",                    # left by `python hatch_build.py --inplace`
]


def project_files(root: Path) -> list[str]:
    """The project's own files: those git tracks, or every file of an unpacked source distribution."""
    done = subprocess.run(["git", "-C", str(root), "ls-files", "-z"], capture_output=True)
    if done.returncode == 0 and done.stdout:
        names = [n for n in done.stdout.decode().split("\0") if n]
        return [n for n in names if (root / n).is_file()]
    return [p.relative_to(root).as_posix() for p in root.rglob("*")
            if p.is_file() and "__pycache__" not in p.parts]


@pytest.fixture(scope="module")
def checkout(tmp_path_factory) -> tuple[Path, list[str]]:
    """A copy of the project with strays added; and the project's own files in it."""
    src = tmp_path_factory.mktemp("checkout")
    own = project_files(ROOT)
    for name in own:
        (src / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, src / name)
    for name in STRAYS:
        (src / name).parent.mkdir(parents=True, exist_ok=True)
        (src / name).write_text("{}\n")
    return src, own


@pytest.fixture(scope="module")
def wheel(tmp_path_factory, checkout) -> Path:
    out = tmp_path_factory.mktemp("dist")
    subprocess.run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(out),
                    str(checkout[0])], check=True, capture_output=True)
    return next(out.glob("neko_lab-*.whl"))


def test_wheel_holds_the_package_its_notebooks_and_datasets_and_no_stray(wheel, checkout):
    in_wheel = {n for n in zipfile.ZipFile(wheel).namelist() if ".dist-info/" not in n}
    own = {n for n in checkout[1] if n.startswith("neko_lab/")} | \
          {f"neko_lab/{n}" for n in checkout[1] if n.startswith(("datasets/", "notebooks/"))}
    for kind in ("neko_lab/__init__.py", "neko_lab/notebooks/index.ipynb", "neko_lab/datasets/naeco/species.csv"):
        assert kind in own
    assert not own - in_wheel, f"not in the wheel: {sorted(own - in_wheel)}"
    assert not in_wheel - own, f"not neko_lab's own, yet in the wheel: {sorted(in_wheel - own)}"


def test_sdist_holds_the_sources_and_the_tests_and_no_stray(checkout, tmp_path):
    subprocess.run([sys.executable, "-m", "build", "--sdist", "--no-isolation", "--outdir", str(tmp_path),
                    str(checkout[0])], check=True, capture_output=True)
    with tarfile.open(next(tmp_path.glob("neko_lab-*.tar.gz"))) as tar:
        in_sdist = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n and tar.getmember(n).isfile()}
    own = set(checkout[1])
    # what builds the wheel, and the tests with what they read; not the CI, docs or test-command files
    wanted = {n for n in own if n.split("/")[0] in ("neko_lab", "datasets", "notebooks", "tests", "benchmarks",
                                                      "tools", "binder")}
    wanted |= {"README.md", "LICENSE", "hatch_build.py", "pyproject.toml"}
    assert {"benchmarks/README.md", "tests/conformance/digests/naeco.json"} <= wanted
    assert not wanted - in_sdist, f"not in the sdist: {sorted(wanted - in_sdist)}"
    assert not in_sdist - own - {"PKG-INFO"}, f"not neko_lab's own: {sorted(in_sdist - own - {'PKG-INFO'})}"


def test_wheel_carries_the_licence(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)


def test_installed_wheel_finds_its_data(wheel, checkout, tmp_path):
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True, system_site_packages=True).create(env_dir)
    py = env_dir / "bin" / "python"
    subprocess.run([str(py), "-m", "pip", "install", "--quiet", "--no-deps", "--no-index", str(wheel)],
                   check=True, capture_output=True)
    code = (
        "import neko_lab, neko_lab.core as c, sys, pathlib\n"
        "pkg = pathlib.Path(neko_lab.__file__).parent\n"
        f"assert str(pkg).startswith({str(env_dir)!r}), pkg\n"
        "games = sorted(neko_lab.GAMES)\n"
        "for g in games:\n"
        "    d = c.dataset_dir(g)\n"
        "    assert d.is_relative_to(pkg), d\n"
        "    neko_lab.new_game(g, seed=1)\n"
        "print(','.join(games))\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}   # the installed copy, not this checkout
    done = subprocess.run([str(py), "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    shipped = sorted({n.split("/")[1] for n in checkout[1] if n.startswith("datasets/") and n.count("/") == 2})
    assert done.stdout.strip().split(",") == shipped
