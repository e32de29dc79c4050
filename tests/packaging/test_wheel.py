"""The wheel carries the datasets, and an installed neko_lab finds them exactly as a checkout does."""
from __future__ import annotations

import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("packaging")]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    subprocess.run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(out),
                    str(ROOT)], check=True, capture_output=True)
    return next(out.glob("neko_lab-*.whl"))


def test_wheel_contains_every_dataset_file(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    shipped = [p for p in (ROOT / "datasets").rglob("*") if p.is_file()]
    assert shipped
    for p in shipped:
        assert f"neko_lab/datasets/{p.relative_to(ROOT / 'datasets').as_posix()}" in names


def test_wheel_carries_the_licence(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)


def test_installed_wheel_finds_its_data(wheel, tmp_path):
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
    done = subprocess.run([str(py), "-c", code], cwd=tmp_path, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    shipped = sorted(p.name for p in (ROOT / "datasets").iterdir() if p.is_dir())
    assert done.stdout.strip().split(",") == shipped
