"""Binder builds from binder/ alone: install from its requirements into a fresh environment and run the
front-door notebook there, as a workshop room would."""
from __future__ import annotations

import subprocess
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("packaging")]


def test_binder_files_are_complete():
    reqs = (ROOT / "binder" / "requirements.txt").read_text().split()
    assert "." in reqs, "binder/requirements.txt must install the package at the repository root"
    assert (ROOT / "binder" / "runtime.txt").read_text().strip().startswith("python-3.1")
    post = (ROOT / "binder" / "postBuild").read_text()
    assert post.startswith("#!/usr/bin/env bash\nset -e"), "postBuild errors must stop the build"


def test_binder_environment_runs_the_index_notebook(tmp_path):
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    bindir = env_dir / "bin"
    # Binder installs the requirements from the repository root, so "." is neko_lab itself.
    subprocess.run([str(bindir / "python"), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                    "-r", "binder/requirements.txt"], cwd=ROOT, check=True, capture_output=True)
    subprocess.run(["bash", str(ROOT / "binder" / "postBuild")], check=True, capture_output=True,
                   env={"PATH": f"{bindir}:/usr/bin:/bin"})
    assert (env_dir / "share/jupyter/lab/settings/overrides.json").is_file()
    out = tmp_path / "index.out.ipynb"
    run = subprocess.run([str(bindir / "jupyter"), "nbconvert", "--to", "notebook", "--execute",
                          "--ExecutePreprocessor.timeout=600", str(ROOT / "notebooks" / "index.ipynb"),
                          "--output", str(out)], cwd=ROOT / "notebooks", capture_output=True, text=True,
                         env={"PATH": f"{bindir}:/usr/bin:/bin", "HOME": str(tmp_path),
                              "NEKO_LAB_QUICK": "1", "TQDM_DISABLE": "1"})
    assert run.returncode == 0, run.stderr[-3000:]
    assert out.is_file()
