"""Binder builds from binder/ alone: the files it reads are complete. The environment it builds (the package and
its pinned dependencies, postBuild, every notebook run there) is tested in test_fresh_install.py."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("packaging")]


def test_binder_files_are_complete():
    reqs = (ROOT / "binder" / "requirements.txt").read_text().split()
    assert "." in reqs, "binder/requirements.txt must install the package at the repository root"
    runtime = (ROOT / "binder" / "runtime.txt").read_text().strip()
    assert runtime == f"python-{sys.version_info.major}.{sys.version_info.minor}", \
        f"Binder would run {runtime}; the tests ran with Python {sys.version.split()[0]}"
    post = (ROOT / "binder" / "postBuild").read_text()
    assert post.startswith("#!/usr/bin/env bash\nset -e"), "postBuild errors must stop the build"
