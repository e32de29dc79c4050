"""The optional compiled build (hatch_build.py): pure unless asked for and possible, and when built, the
same game as the pure package.

The fallback tests build real wheels through hatchling's PEP 517 entry points (a few seconds each). The
compiled wheel itself takes minutes on two cores, so its test runs only with NEKO_LAB_TEST_COMPILED=1 (the
test command, scripts/test.sh, sets it): it installs that wheel into a scratch folder and runs the
conformance contract and the digests against it.
"""
from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import zipfile
from pathlib import Path

import pytest

import neko_lab

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("packaging")]


def _hook():
    spec = importlib.util.spec_from_file_location("neko_hatch_build", ROOT / "hatch_build.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _backend(tmp_path: Path, call: str, env: dict, block_cython: bool = False):
    """Call hatchling's PEP 517 hook `call` in a fresh process; return (built file, its output)."""
    out = tmp_path / "out"
    out.mkdir()
    code = ("import sys\n"
            + ("sys.modules['Cython'] = None\n" if block_cython else "")  # import Cython -> ImportError
            + "from hatchling.build import " + call + "\n"
            + f"print('BUILT', {call}({str(out)!r}))\n")
    full = {k: v for k, v in os.environ.items() if k != "NEKO_LAB_COMPILE"} | env
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=full, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    name = [ln for ln in done.stdout.splitlines() if ln.startswith("BUILT ")][-1].split(" ", 1)[1]
    return out / name, done.stdout + done.stderr


def _extension_modules(wheel: Path) -> list[str]:
    return [n for n in zipfile.ZipFile(wheel).namelist() if n.endswith((".so", ".pyd"))]


def test_source_checkout_runs_pure_python():
    # the checkout (and `pip install -e .`) never has compiled modules beside the .py files
    assert neko_lab.compiled is False
    assert neko_lab.core.state.__file__.endswith(".py")
    assert not [p for p in (ROOT / "neko_lab").rglob("*.so")], "a stray compiled module shadows its .py"


def test_compiled_modules_are_the_core_and_the_rules():
    hook = _hook()
    names = [hook.module_name(p) for p in hook.compiled_sources()]
    assert "neko_lab.core.state" in names and "neko_lab.core.rng" in names
    for game in ("journey", "naeco", "neptune", "syndicate"):
        assert any(n.startswith(f"neko_lab.games.{game}.rules.") for n in names), game
    assert not [n for n in names if n.endswith("__init__")]
    assert not [n for n in names if ".rules." not in n and not n.startswith("neko_lab.core.")]


def test_default_wheel_is_pure_even_with_cython_present(tmp_path):
    wheel, _ = _backend(tmp_path, "build_wheel", {})
    assert wheel.name.endswith("-py3-none-any.whl")
    assert _extension_modules(wheel) == []


def test_asked_without_cython_builds_the_pure_wheel(tmp_path):
    wheel, log = _backend(tmp_path, "build_wheel", {"NEKO_LAB_COMPILE": "1"}, block_cython=True)
    assert wheel.name.endswith("-py3-none-any.whl") and _extension_modules(wheel) == []
    assert "Cython is not installed" in log


def test_asked_without_a_compiler_builds_the_pure_wheel(tmp_path):
    wheel, log = _backend(tmp_path, "build_wheel", {"NEKO_LAB_COMPILE": "1", "CC": "/nonexistent/cc"})
    assert wheel.name.endswith("-py3-none-any.whl") and _extension_modules(wheel) == []
    assert "no working C compiler" in log


def test_asked_without_pythons_headers_builds_the_pure_wheel(tmp_path):
    # a machine with gcc but without python3-dev: the compiler works, but finds no Python.h
    from setuptools._distutils.sysconfig import get_python_inc     # where the extension build looks
    inc = get_python_inc()
    real = (sysconfig.get_config_var("CC") or "cc").split()[0]
    cc = tmp_path / "cc"
    cc.write_text('#!/bin/bash\nargs=()\nfor a in "$@"; do\n'
                  f'  case "$a" in -I{inc}) args+=("-I{tmp_path}/no-python-headers");; *) args+=("$a");; esac\n'
                  f'done\nexec {real} "${{args[@]}}"\n')
    cc.chmod(0o755)
    wheel, log = _backend(tmp_path, "build_wheel", {"NEKO_LAB_COMPILE": "1", "CC": str(cc)})
    assert wheel.name.endswith("-py3-none-any.whl") and _extension_modules(wheel) == []
    assert "does not find Python's headers (Python.h)" in log


class _App:
    """Stands in for hatchling's output: keeps what the hook says."""
    def __init__(self):
        self.said = []

    def display_info(self, text):
        self.said.append(text)

    display_warning = display_info


def test_a_failing_compile_builds_the_pure_wheel_and_leaves_nothing_behind(monkeypatch, tmp_path):
    hook_mod = _hook()
    monkeypatch.setattr(hook_mod, "why_not", lambda: None)      # Cython and a compiler, as far as the probe sees

    class CompileError(Exception):
        pass

    def failing(out, work, root):
        (work / "c").mkdir(parents=True)
        (work / "c" / "chain.c").write_text("/* generated */")
        raise CompileError("command '/usr/bin/gcc' failed with exit code 1")

    monkeypatch.setattr(hook_mod, "build", failing)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    monkeypatch.setenv("NEKO_LAB_COMPILE", "1")
    app = _App()
    hook = hook_mod.CustomBuildHook(str(ROOT), {}, None, None, str(tmp_path), "wheel", app)
    data = {"force_include": {}}
    hook.initialize("standard", data)
    assert data == {"force_include": {}}                          # pure: tag and files as without the variable
    assert list((tmp_path / "tmp").iterdir()) == []                # the scratch folder is gone at once
    warning = app.said[-1]
    assert "pure-Python wheel" in warning and "compiling failed (CompileError: command '/usr/bin/gcc'" in warning
    assert "\n" not in warning
    hook.finalize("standard", data, "")


def test_the_script_needs_no_hatchling(tmp_path):
    # `python hatch_build.py --clean` / `--inplace` in an environment with neko_lab's dependencies only
    (tmp_path / "neko_lab" / "core").mkdir(parents=True)
    shutil.copy2(ROOT / "hatch_build.py", tmp_path / "hatch_build.py")
    src = tmp_path / "neko_lab" / "core" / "state.py"
    src.write_text("")
    built = [src.with_suffix(".c"), src.with_name("state.cpython-311-x86_64-linux-gnu.so")]

    def run(arg: str) -> subprocess.CompletedProcess:
        code = ("import runpy, sys\n"
                "sys.modules['hatchling'] = sys.modules['Cython'] = None\n"     # import -> ImportError
                f"sys.argv = ['hatch_build.py', {arg!r}]\n"
                "runpy.run_path('hatch_build.py', run_name='__main__')\n")
        return subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True)

    for f in built:
        f.write_text("")
    done = run("--clean")
    assert done.returncode == 0, done.stderr
    assert "neko_lab is pure Python again" in done.stdout and not any(f.exists() for f in built)
    done = run("--inplace")
    assert done.returncode == 1 and done.stderr.strip() == "cannot compile: Cython is not installed", done.stderr


def test_editable_install_is_never_compiled(monkeypatch, tmp_path):
    hook_mod = _hook()
    if hook_mod.why_not():
        pytest.fail(f"this test needs Cython and a C compiler here: {hook_mod.why_not()}")
    fake = tmp_path / "state.so"
    fake.write_bytes(b"")
    monkeypatch.setattr(hook_mod, "build", lambda out, work, root: {fake: "neko_lab/core/state.so"})
    monkeypatch.setenv("NEKO_LAB_COMPILE", "1")

    def run(version: str) -> dict:
        hook = hook_mod.CustomBuildHook(str(ROOT), {}, None, None, str(tmp_path), "wheel")
        data = {"force_include": {}}
        hook.initialize(version, data)
        hook.finalize(version, data, "")
        return data

    assert run("editable") == {"force_include": {}}          # `pip install -e .` stays pure
    assert run("standard") == {"force_include": {str(fake): "neko_lab/core/state.so"},
                               "pure_python": False, "infer_tag": True}


def test_default_build_requires_nothing_more(tmp_path):
    # an isolated `pip install .` fetches Cython only when the compiled build is asked for, and an editable
    # install (`pip install -e .`), never compiled, or a source distribution never asks for it
    from hatchling.builders.constants import EDITABLES_REQUIREMENT
    compiled = "['cython>=3', 'setuptools>=61']"
    for hook, env, want in [("wheel", {}, "[]"), ("wheel", {"NEKO_LAB_COMPILE": "1"}, compiled),
                            ("editable", {}, repr([EDITABLES_REQUIREMENT])),
                            ("editable", {"NEKO_LAB_COMPILE": "1"}, repr([EDITABLES_REQUIREMENT])),
                            ("sdist", {"NEKO_LAB_COMPILE": "1"}, "[]")]:
        code = f"from hatchling.build import get_requires_for_build_{hook} as g; print(g())"
        full = {k: v for k, v in os.environ.items() if k != "NEKO_LAB_COMPILE"} | env
        done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=full, capture_output=True, text=True)
        assert done.returncode == 0 and done.stdout.strip() == want, (hook, env, done.stdout, done.stderr)


def test_compile_is_asked_only_by_the_exact_value(monkeypatch):
    hook = _hook()
    for value, asked in [("1", True), ("", False), ("0", False), ("yes", False)]:
        monkeypatch.setenv("NEKO_LAB_COMPILE", value)
        assert hook.wanted() is asked, value
    monkeypatch.delenv("NEKO_LAB_COMPILE")
    assert hook.wanted() is False


@pytest.mark.compiled
@pytest.mark.xdist_group("compiled")       # its own group: free to run beside the other packaging tests
@pytest.mark.skipif(os.environ.get("NEKO_LAB_TEST_COMPILED") != "1",
                    reason="builds the compiled wheel (minutes): set NEKO_LAB_TEST_COMPILED=1")
def test_compiled_wheel_passes_the_contract_and_the_digests(tmp_path):
    if _hook().why_not():
        pytest.fail(f"NEKO_LAB_TEST_COMPILED=1 but the compiled build is impossible: {_hook().why_not()}")
    wheel, log = _backend(tmp_path, "build_wheel", {"NEKO_LAB_COMPILE": "1"})
    mods = _extension_modules(wheel)
    assert any("neko_lab/core/state." in m for m in mods) and "-py3-none-any" not in wheel.name, log[-3000:]
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index",
                    "--target", str(target), str(wheel)], check=True, capture_output=True)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"} | {"PYTHONPATH": str(target)}
    run = tmp_path / "run"  # not the checkout: its neko_lab must not be importable from here
    run.mkdir()
    check = subprocess.run([sys.executable, "-c", "import neko_lab; print(neko_lab.compiled, neko_lab.__file__)"],
                           cwd=run, env=env, capture_output=True, text=True)
    assert check.returncode == 0, check.stderr
    assert check.stdout.split()[0] == "True" and check.stdout.split()[1].startswith(str(target))
    # a .pxd beside a module gives it C types: the game generator's state is a C word, a pending decision's
    # and the log's fields are C fields (C attributes, not the pure build's slots)
    typed = subprocess.run([sys.executable, "-c", "from neko_lab.core.rng import Rng; "
                            "from neko_lab.core.state import Pending; from neko_lab.core.events import Log; "
                            "print({type(c.__dict__[f]).__name__ for c, f in "
                            "[(Rng, 'state'), (Pending, 'kind'), (Log, '_n')]})"], cwd=run, env=env,
                           capture_output=True, text=True)
    assert typed.stdout.strip() == "{'getset_descriptor'}", typed.stdout + typed.stderr
    tests = ROOT / "tests" / "conformance"
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-x", str(tests / "test_contract.py"),
                           str(tests / "test_digest.py")], cwd=run, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    shutil.rmtree(target, ignore_errors=True)
