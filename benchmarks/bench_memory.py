#!/usr/bin/env python3
"""Peak memory of a long run streamed to Parquet: does it grow with the number of games?

    python benchmarks/bench_memory.py                              # naeco, 100k games, checkpoints 10k/50k/100k
    python benchmarks/bench_memory.py --games 20000 --checkpoints 5000,10000,20000
    python benchmarks/bench_memory.py toy --workers 2

nl.simulate(..., out=FOLDER) runs in this process (or with --workers, in a pool) while a thread
watches the finished part files; at each checkpoint it prints the games done, this process's peak
resident memory so far (VmHWM), its current resident memory, and with workers the largest worker's.
Linux only (reads /proc).
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

import neko_lab as nl  # noqa: E402
import toygame  # noqa: E402,F401  registers the "toy" game
from _cli import Parser, agent_list, game_name, positive, summary, worker_count  # noqa: E402


def status_mb(pid: int | str, field: str) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def children() -> list[int]:
    me = str(os.getpid())
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (entry / "stat").read_text().split(") ", 1)[1].split()[1] == me:
                    out.append(int(entry.name))
            except (OSError, IndexError):
                pass
    return out


def checkpoints(text: str) -> str:
    """An argparse type: game counts separated by commas (kept as written)."""
    for part in text.split(","):
        try:
            positive(part)
        except argparse.ArgumentTypeError:
            raise argparse.ArgumentTypeError(f"expected game counts >= 1 separated by commas, "
                                             f"not {text!r}") from None
    return text


def main() -> None:
    p = Parser(description=summary(__doc__))
    p.add_argument("game", nargs="?", type=game_name, default="naeco")
    p.add_argument("--games", type=positive, default=100_000)
    p.add_argument("--checkpoints", type=checkpoints, default="10000,50000,100000")
    p.add_argument("--players", type=positive, default=2)
    p.add_argument("--agents", type=agent_list, default="random,random",
                   help="comma-separated agents, rotated over seats, as neko-lab simulate takes them")
    p.add_argument("--workers", type=worker_count, default=None)
    p.add_argument("--chunk", type=positive, default=500)
    args = p.parse_args()
    p.check_game(args.game, "--players", players=args.players)
    p.check_agents(args.game, args.agents, "--agents", players=args.players)
    marks = sorted(int(c) for c in args.checkpoints.split(",") if int(c) <= args.games)
    print(f"{args.game}, {args.games:,} games to Parquet, chunks of {args.chunk}, "
          f"workers={args.workers}; memory in MB")
    print(f"{'games':>9}{'seconds':>9}{'peak RSS':>10}{'RSS':>8}{'worker peak':>13}")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "run"
        done = threading.Event()
        start = time.perf_counter()
        worker_peak = [0.0]

        def watch() -> None:
            pending = list(marks)
            while pending and not done.is_set():
                time.sleep(0.25)
                for pid in children():
                    worker_peak[0] = max(worker_peak[0], status_mb(pid, "VmHWM"))
                games = len(list(out.glob("part-*.parquet"))) * args.chunk if out.exists() else 0
                while pending and games >= pending[0]:
                    report(pending.pop(0))

        def report(games: int) -> None:
            me = os.getpid()
            peak = f"{worker_peak[0]:.0f}" if args.workers else "-"
            print(f"{games:>9,}{time.perf_counter() - start:>9.0f}{status_mb(me, 'VmHWM'):>10.0f}"
                  f"{status_mb(me, 'VmRSS'):>8.0f}{peak:>13}", flush=True)

        watcher = threading.Thread(target=watch, daemon=True)
        watcher.start()
        res = nl.simulate(args.game, games=args.games, players=args.players,
                          agents=args.agents, seed=0, workers=args.workers, out=out,
                          chunk=args.chunk, progress=False)
        done.set()
        watcher.join()
        if not marks or marks[-1] != args.games:
            report(args.games)
        print(f"result: {res!r}, {len(res):,} rows")


if __name__ == "__main__":
    main()
