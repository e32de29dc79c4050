#!/usr/bin/env python3
"""All four games beside OpenSpiel in one run: actions/s, clones/s, and 10,000 random games on workers=2.

Every measurement runs in a fresh process, and the builds are interleaved round by round (pure, compiled,
OpenSpiel; the next round in the opposite order), so each ratio compares numbers taken within the same
minute. Reported: the median over rounds and the spread (lowest–highest). Ratios are taken per round and
then their median, which cancels most of a shared machine's drift.

    python benchmarks/bench_speed.py                          # the pure package (this checkout)
    python benchmarks/bench_speed.py --compiled DIR_OR_WHEEL  # a compiled build and the same files pure
    python benchmarks/bench_speed.py --rounds 5 --seconds 2 --sim-games 10000 --sim-rounds 3

DIR_OR_WHEEL: a compiled wheel (`NEKO_LAB_COMPILE=1 python -m build --wheel`), installed here into a
scratch folder, or a folder it is already installed in (`pip install --target DIR`).
OpenSpiel (python_block_dominoes, backgammon) is measured by openspiel_anchor.py in the shared benchmark
folder beside the checkout (../shared/bench), run by --spiel-python (default: this Python, else
/tmp/venv-spiel/bin/python); when `open_spiel` cannot be imported there, the anchor is skipped (a
--spiel-python that cannot import it is refused, exit status 2).
"""
from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Iterable

from _cli import Parser, natural, positive, positive_seconds, summary

ROOT = Path(__file__).resolve().parents[1]
# ../shared/bench beside the checkout (a git worktree one level deeper looks one level further up)
ANCHOR = next((d / "shared" / "bench" / "openspiel_anchor.py" for d in ROOT.parents
               if (d / "shared" / "bench" / "openspiel_anchor.py").exists()),
              ROOT.parent / "shared" / "bench" / "openspiel_anchor.py")
GAMES = {"naeco": 2, "journey": 3, "syndicate": 2, "neptune": 3}   # seats, as in the README's table
SPIEL = ["python_block_dominoes", "backgammon"]


# ---------------------------------------------------------------- measured in a child process
class _CpuClock:
    """Stands in for the `time` module inside the measuring functions: their clock becomes this
    process's CPU time, which other programs on a loaded machine disturb far less than wall time."""
    perf_counter = staticmethod(time.process_time)


def _clock(module, clock: str) -> None:
    if clock == "cpu":
        module.time = _CpuClock


def _engine_round(seconds: float, seed: int, clock: str) -> dict:
    import neko_lab as nl
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import bench_core
    from bench_core import actions_per_second, clones_per_second
    _clock(bench_core, clock)
    out = {"compiled": bool(getattr(nl, "compiled", False)), "games": {}}
    for name, players in GAMES.items():
        out["games"][name] = {
            "actions": actions_per_second(name, players, seconds, random.Random(seed)),
            "clones": clones_per_second(name, players, seconds / 2, random.Random(seed))}
    return out


def _sim_round(name: str, games: int) -> dict:
    import neko_lab as nl
    players = GAMES[name]
    cpu0 = _cpu()
    start = time.perf_counter()
    nl.simulate(name, games=games, players=players, agents=["random"] * players, seed=0, workers=2,
                progress=False)
    wall = time.perf_counter() - start
    stop_pool = getattr(importlib.import_module("neko_lab.sim.simulate"), "stop_pool", None)
    if stop_pool is not None:      # simulate keeps its pool: stop it so that its workers' CPU is counted
        stop_pool(wait=True)
    return {"compiled": bool(getattr(nl, "compiled", False)), "wall": wall, "cpu": _cpu() - cpu0}


def _cpu() -> float:  # this process and its reaped children (the pool's workers, once stopped)
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def _spiel_round(seconds: float, seed: int, clock: str) -> dict:
    import importlib.util
    spec = importlib.util.spec_from_file_location("openspiel_anchor", ANCHOR)
    anchor = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(anchor)
    _clock(anchor, clock)
    out = {}
    for name in SPIEL:
        game = anchor.pyspiel.load_game(name)
        out[name] = {"actions": anchor.actions_per_second(game, seconds, random.Random(seed)),
                     "clones": anchor.clones_per_second(game, seconds / 2, random.Random(seed))}
    return out


# ---------------------------------------------------------------- the parent: rounds and tables
def _child(python: str, env: dict, *args: str) -> dict:
    done = subprocess.run([python, str(Path(__file__).resolve()), "--child", *args], env=env,
                          capture_output=True, text=True, cwd=tempfile.gettempdir())
    if done.returncode:
        raise SystemExit(f"bench_speed: a measuring process failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def _env(path: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(path)
    env["TQDM_DISABLE"] = "1"
    return env


def _compiled_module(names: Iterable[str]) -> bool:
    """Whether `names` (paths in a folder or a wheel) hold neko_lab's compiled core: an extension module
    beside neko_lab/core/state.py, as neko_lab.compiled checks."""
    from importlib.machinery import EXTENSION_SUFFIXES
    return any(n.startswith("neko_lab/core/state.") and n.endswith(tuple(EXTENSION_SUFFIXES)) for n in names)


def _compiled_problem(arg: str) -> str | None:
    """Why --compiled `arg` is not a compiled build, or None; reads the wheel's file list or the folder,
    installs nothing."""
    p = Path(arg)
    if p.is_dir():
        names = [f.relative_to(p).as_posix() for f in (p / "neko_lab" / "core").glob("state.*")]
        if not _compiled_module(names):
            return f"{arg!r} holds no compiled neko_lab (no extension module neko_lab/core/state.*)"
        return None
    if p.suffix != ".whl":
        return f"{arg!r} is neither a wheel (.whl) nor a folder"
    try:
        with zipfile.ZipFile(p) as wheel:
            names = wheel.namelist()
    except (zipfile.BadZipFile, OSError):
        return f"{arg!r} is not a wheel (not a zip archive)"
    if not _compiled_module(names):
        return f"{arg!r} is not a compiled neko_lab wheel (no extension module neko_lab/core/state.*)"
    return None


def _compiled_dir(arg: str, scratch: Path) -> Path | str:
    """The folder the compiled build `arg` is installed in (a wheel is installed into `scratch`), or, when
    pip cannot install the wheel, the last line pip printed (a str)."""
    p = Path(arg).resolve()
    if p.is_file():
        target = scratch / "compiled"
        done = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index",
                               "--target", str(target), str(p)], capture_output=True, text=True)
        if done.returncode:
            said = (done.stderr.strip() or done.stdout.strip() or f"exit status {done.returncode}").splitlines()
            return said[-1]
        return target
    return p


def _spiel_python(arg: str | None) -> str | None:
    for py in ([arg] if arg is not None else [sys.executable, "/tmp/venv-spiel/bin/python"]):
        py = shutil.which(py) if py else None     # a program that can be run (a path, or a name on PATH)
        try:
            if py and subprocess.run([py, "-c", "import pyspiel"], capture_output=True).returncode == 0:
                return py
        except OSError:
            pass
    return None


def _spread(xs: list[float], fmt: str) -> str:
    return f"{format(statistics.median(xs), fmt)} [{format(min(xs), fmt)}–{format(max(xs), fmt)}]"


def _existing(text: str) -> str:
    """An argparse type: a file or folder that exists (kept as written)."""
    if not Path(text).exists():
        raise argparse.ArgumentTypeError(f"no such file or folder: {text!r}")
    return text


def main(argv: list[str] | None = None) -> None:
    ap = Parser(description=summary(__doc__))
    ap.add_argument("--compiled", type=_existing,
                    help="a compiled wheel, or a folder one is installed in (refused at once if it holds no "
                         "compiled neko_lab or pip cannot install it)")
    ap.add_argument("--rounds", type=positive, default=3, help="interleaved rounds of actions/s and clones/s")
    ap.add_argument("--seconds", type=positive_seconds, default=2.0, help="seconds per game and round")
    ap.add_argument("--sim-games", type=natural, default=10_000, help="games per simulate run (0 skips it)")
    ap.add_argument("--sim-rounds", type=positive, default=1)
    ap.add_argument("--clock", choices=["cpu", "wall"], default="cpu",
                    help="per second of this process's CPU time (default: steadier on a loaded machine) or wall time")
    ap.add_argument("--spiel-python", help="a Python that can import open_spiel")
    ap.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        kind, *rest = args.child
        res = {"engine": lambda: _engine_round(float(rest[0]), int(rest[1]), rest[2]),
               "sim": lambda: _sim_round(rest[0], int(rest[1])),
               "spiel": lambda: _spiel_round(float(rest[0]), int(rest[1]), rest[2])}[kind]()
        print(json.dumps(res))
        return
    # the Python that runs the anchor, looked for once (each try starts a Python that imports pyspiel)
    given = args.spiel_python is not None
    spiel = _spiel_python(args.spiel_python) if given or ANCHOR.exists() else None
    if given and spiel is None:
        ap.error(f"argument --spiel-python: {args.spiel_python!r} is not a Python that can import open_spiel")
    spiel = spiel if ANCHOR.exists() else None
    problem = _compiled_problem(args.compiled) if args.compiled is not None else None
    if problem:
        ap.error(f"argument --compiled: {problem}")

    with tempfile.TemporaryDirectory() as scratch:
        builds = {"pure": _env(ROOT)}
        if args.compiled is not None:
            cdir = _compiled_dir(args.compiled, Path(scratch))
            if isinstance(cdir, str):
                ap.error(f"argument --compiled: pip cannot install {args.compiled!r}: {cdir}")
            # the pure side is the same installed files with the extension modules taken away, so the
            # two builds run exactly the same source whatever this checkout holds
            pure = Path(scratch) / "pure"
            shutil.copytree(cdir, pure, ignore=shutil.ignore_patterns("*.so", "*.pyd"))
            builds = {"pure": _env(pure), "compiled": _env(cdir)}
        print(f"neko_lab bench_speed  {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}  "
              f"Python {sys.version.split()[0]}  load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        if spiel is None:
            print(f"OpenSpiel: {ANCHOR} is missing, or `open_spiel` is not importable (install it in a scratch venv, see "
                  "benchmarks/README.md); the anchor is skipped")
        eng = {b: [] for b in builds}
        anchor: list[dict] = []
        for r in range(args.rounds):
            order = list(builds) if r % 2 == 0 else list(reversed(builds))
            for b in order:
                got = _child(sys.executable, builds[b], "engine", str(args.seconds), str(r), args.clock)
                if got["compiled"] != (b == "compiled"):
                    raise SystemExit(f"bench_speed: the {b} build imported neko_lab with compiled={got['compiled']}")
                eng[b].append(got["games"])
            if spiel:
                anchor.append(_child(spiel, _env(ROOT), "spiel", str(args.seconds), str(r), args.clock))
            print(f"  round {r + 1}/{args.rounds} done (load {os.getloadavg()[0]:.1f})", flush=True)

        print(f"\nactions/s and clones/s per {args.clock} second: median [lowest–highest] of {args.rounds} "
              f"rounds of {args.seconds:g} s (clones: {args.seconds / 2:g} s)")
        head = f"{'engine':24} {'actions/s':>28} {'clones/s':>28}"
        if anchor:
            head += f" {'× dominoes act':>15} {'× backgammon act':>17} {'× backgammon clo':>17}"
        print(head)
        for name, players in GAMES.items():
            for b in builds:
                rows = eng[b]
                acts = [x[name]["actions"] for x in rows]
                clos = [x[name]["clones"] for x in rows]
                line = f"{f'{name} {players}p {b}':24} {_spread(acts, ',.0f'):>28} {_spread(clos, ',.0f'):>28}"
                if anchor:
                    n = min(len(rows), len(anchor))
                    dom = [rows[i][name]["actions"] / anchor[i]["python_block_dominoes"]["actions"] for i in range(n)]
                    bga = [rows[i][name]["actions"] / anchor[i]["backgammon"]["actions"] for i in range(n)]
                    bgc = [rows[i][name]["clones"] / anchor[i]["backgammon"]["clones"] for i in range(n)]
                    line += f" {statistics.median(dom):15.2f} {statistics.median(bga):17.2f} {statistics.median(bgc):17.2f}"
                print(line)
        for s in SPIEL if anchor else []:
            acts, clos = [a[s]["actions"] for a in anchor], [a[s]["clones"] for a in anchor]
            print(f"{'OpenSpiel ' + s[:14]:24} {_spread(acts, ',.0f'):>28} {_spread(clos, ',.0f'):>28}")
        if "compiled" in builds:
            print("\ncompiled / pure, per round then median [lowest–highest]")
            for name in GAMES:
                sp = [c[name]["actions"] / p[name]["actions"] for c, p in zip(eng["compiled"], eng["pure"])]
                sc = [c[name]["clones"] / p[name]["clones"] for c, p in zip(eng["compiled"], eng["pure"])]
                print(f"  {name:10} actions/s ×{_spread(sp, '.2f')}   clones/s ×{_spread(sc, '.2f')}")

        if args.sim_games:
            print(f"\n{args.sim_games:,} random games, nl.simulate(workers=2), pool start-up included: "
                  f"median [lowest–highest] of {args.sim_rounds}")
            print(f"{'engine':24} {'wall s':>22} {'CPU s (all procs)':>22} {'games/s':>10}")
            for name in GAMES:
                sims = {b: [] for b in builds}
                for r in range(args.sim_rounds):
                    for b in (list(builds) if r % 2 == 0 else list(reversed(builds))):
                        sims[b].append(_child(sys.executable, builds[b], "sim", name, str(args.sim_games)))
                for b in builds:
                    wall, cpu = [x["wall"] for x in sims[b]], [x["cpu"] for x in sims[b]]
                    print(f"{f'{name} {GAMES[name]}p {b}':24} {_spread(wall, '.1f'):>22} {_spread(cpu, '.1f'):>22} "
                          f"{args.sim_games / statistics.median(wall):10,.0f}", flush=True)
        print(f"\nload average at the end {os.getloadavg()[0]:.1f}: on a shared machine compare the ratios,"
              " not the absolute numbers")


if __name__ == "__main__":
    main()
