"""Optional compiled build: the core and every game's rules/ compiled by Cython 3 in pure-Python mode.

The `.py` files stay the only source. A wheel is compiled only when all three hold:
  * the environment variable NEKO_LAB_COMPILE is "1",
  * Cython 3 (and setuptools, which drives the C compiler) can be imported,
  * a C compiler works and finds Python's C headers (probed by compiling a file that includes Python.h
    from the include folder the build uses).
Otherwise, and also when compiling itself fails, the wheel is the pure-Python package, unchanged, and the
reason is printed in one line (`pip install -v` shows it). Editable installs (`pip install -e .`) are never
compiled: a compiled module would shadow the .py file being edited; they ask for no Cython either.

Generated C files and built modules live in a temporary folder and go straight into the wheel; nothing is
written into the source tree. For development, `python hatch_build.py --inplace` builds the modules beside
their .py files and `python hatch_build.py --clean` removes them again (they are git-ignored); neither
needs hatchling, which only the build hook below uses.
"""
from __future__ import annotations

import os
import shutil
import sys
import sysconfig
import tempfile
from pathlib import Path

try:  # hatchling loads this file for its build hook; run as a script (--inplace, --clean) it is not needed
    from hatchling.builders.hooks.plugin.interface import BuildHookInterface
except ImportError:
    BuildHookInterface = object

ROOT = Path(__file__).resolve().parent
ENV = "NEKO_LAB_COMPILE"
# Cython would otherwise enforce type hints and raise TypeError where the code raises its own
# ConfigError / IllegalAction for a bad argument.
DIRECTIVES = {"language_level": 3, "annotation_typing": False, "binding": True}
# -O1 after Python's own -O3: measured side by side, the -O3 modules played no faster (random playouts of
# all four games, ratios 0.94-1.02), while the whole build took 316 s of CPU at -O3 and 186 s at -O1.
COMPILE_ARGS = ["-g0", "-O1"]


def compiled_sources(root: Path = ROOT) -> list[Path]:
    """The modules that are compiled: neko_lab/core/*.py and neko_lab/games/*/rules/*.py, packages'
    __init__.py excepted (they stay Python so that the package structure is plain)."""
    pkg = root / "neko_lab"
    files = sorted(pkg.glob("core/*.py")) + sorted(pkg.glob("games/*/rules/*.py"))
    return [f for f in files if f.name != "__init__.py"]


def module_name(path: Path, root: Path = ROOT) -> str:
    return ".".join(path.relative_to(root).with_suffix("").parts)


def wanted() -> bool:
    return os.environ.get(ENV, "").strip() == "1"


def why_not() -> str | None:
    """None when Cython and a working C compiler are present, else a one-line reason."""
    try:
        import Cython
        import setuptools  # noqa: F401  (its build_ext drives the compiler)
    except ImportError as exc:
        return f"{exc.name or 'Cython'} is not installed"
    if int(Cython.__version__.split(".")[0]) < 3:
        return f"Cython {Cython.__version__} is too old (3 is needed)"
    return _compiler_problem()


def _one_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return f"{type(exc).__name__}: {text.splitlines()[0]}" if text else type(exc).__name__


def _compiler_problem() -> str | None:
    """None when the C compiler compiles a file that includes Python.h, from the include folders the
    extension build uses; else a one-line reason."""
    from setuptools._distutils.ccompiler import new_compiler
    from setuptools._distutils.sysconfig import customize_compiler, get_python_inc

    headers = list(dict.fromkeys([get_python_inc(), get_python_inc(plat_specific=True)]))
    with tempfile.TemporaryDirectory() as tmp:
        def compiles(name: str, text: str, include_dirs: list[str]) -> Exception | None:
            src = Path(tmp, name)
            src.write_text(text)
            try:
                cc = new_compiler()
                customize_compiler(cc)
                cc.compile([str(src)], output_dir=tmp, include_dirs=include_dirs)
            except Exception as exc:  # CompileError, missing executable, ...
                return exc
            return None

        failed = compiles("python_probe.c",
                          "#include <Python.h>\nint neko_probe(void) { return Py_IsInitialized(); }\n", headers)
        if failed is None:
            return None
        if compiles("plain_probe.c", "int neko_probe(void) { return 1; }\n", []) is not None:
            return f"no working C compiler ({_one_line(failed)})"
        return (f"the C compiler does not find Python's headers (Python.h) in {headers[0]}: install them "
                f"(Debian/Ubuntu: python3-dev)")


def build(out_dir: Path, work_dir: Path, root: Path = ROOT, jobs: int = 2) -> dict[Path, str]:
    """Compile every module into out_dir; return {built file: its path inside the wheel}."""
    from Cython.Build import cythonize
    from setuptools import Distribution, Extension
    from setuptools.command.build_ext import build_ext

    sources = compiled_sources(root)
    exts = [Extension(module_name(p, root), [str(p.relative_to(root))], extra_compile_args=COMPILE_ARGS)
            for p in sources]
    here = os.getcwd()
    os.chdir(root)  # sources are given relative to the root, so the module names come out dotted
    try:
        exts = cythonize(exts, build_dir=str(work_dir / "c"), compiler_directives=DIRECTIVES,
                         quiet=True, nthreads=jobs)
        dist = Distribution({"name": "neko_lab", "ext_modules": exts})
        cmd = build_ext(dist)
        cmd.build_lib = str(out_dir)
        cmd.build_temp = str(work_dir / "o")
        cmd.parallel = jobs
        cmd.ensure_finalized()
        cmd.run()
        built = {Path(cmd.get_ext_fullpath(e.name)): cmd.get_ext_filename(e.name) for e in exts}
    finally:
        os.chdir(here)
    return {Path(out_dir, path) if not path.is_absolute() else path: rel.replace(os.sep, "/")
            for path, rel in built.items()}


class CustomBuildHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        # asked for a compiled wheel: an isolated build (`NEKO_LAB_COMPILE=1 pip install .`) gets Cython in its
        # build env. Not for an editable install, which is never compiled (hatchling does not tell a hook
        # which build it is asked about, so that is read from the PEP 660 call being answered).
        if self.target_name != "wheel" or not wanted() or _answering_editable():
            return []
        return ["cython>=3", "setuptools>=61"]

    def initialize(self, version: str, build_data: dict) -> None:
        if self.target_name != "wheel" or version == "editable" or not wanted():
            return
        reason = why_not()
        if reason:
            self._pure(reason)
            return
        self._tmp = tempfile.mkdtemp(prefix="neko_lab_compile_")
        tmp = Path(self._tmp)
        self.app.display_info("neko_lab: compiling the core and the rules with Cython (a few minutes)")
        try:
            built = build(tmp / "lib", tmp / "work", Path(self.root))
        except BaseException as exc:  # the compiler's own messages are above; the pure wheel still serves
            self._remove_tmp()
            if not isinstance(exc, Exception):   # Ctrl-C
                raise
            self._pure(f"compiling failed ({_one_line(exc)})")
            return
        for path, rel in built.items():
            build_data["force_include"][str(path)] = rel
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict, artifact_path: str) -> None:
        self._remove_tmp()

    def _pure(self, reason: str) -> None:
        self.app.display_warning(f"neko_lab: building the pure-Python wheel ({ENV}=1, but {reason})")

    def _remove_tmp(self) -> None:
        if getattr(self, "_tmp", None):
            shutil.rmtree(self._tmp, ignore_errors=True)
            self._tmp = None


def _answering_editable() -> bool:
    """Whether hatchling is answering get_requires_for_build_editable (the build of `pip install -e .`)."""
    frame = sys._getframe(1)
    while frame is not None:
        if (frame.f_code.co_name == "get_requires_for_build_editable"
                and frame.f_globals.get("__name__") == "hatchling.build"):
            return True
        frame = frame.f_back
    return False


def _inplace(clean: bool) -> int:
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    for src in compiled_sources():
        for f in src.parent.glob(src.stem + ".*.so"):
            f.unlink()
        src.with_suffix(".c").unlink(missing_ok=True)
    if clean:
        print("removed the compiled modules from the source tree: neko_lab is pure Python again")
        return 0
    reason = why_not()
    if reason:
        print(f"cannot compile: {reason}", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        try:
            built = build(Path(tmp, "lib"), Path(tmp, "work"))
        except Exception as exc:
            print(f"cannot compile: {_one_line(exc)}", file=sys.stderr)
            return 1
        for path, rel in built.items():
            shutil.copy2(path, ROOT / rel)
    print(f"compiled {len(compiled_sources())} modules beside their .py files (*{suffix});"
          " `python hatch_build.py --clean` removes them")
    return 0


if __name__ == "__main__":
    if sys.argv[1:] not in (["--inplace"], ["--clean"]):
        print("usage: python hatch_build.py --inplace | --clean", file=sys.stderr)
        sys.exit(2)
    sys.exit(_inplace(sys.argv[1] == "--clean"))
