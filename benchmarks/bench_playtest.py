"""Time of nl.playtest() at each game's default size (State.PLAYTEST): the CPU seconds of one process
(the work itself, nearly independent of how loaded a shared machine is) and the wall time.

    python benchmarks/bench_playtest.py                   # the four games, default sizes, one process
    python benchmarks/bench_playtest.py naeco --games 200 # one game, another size
    python benchmarks/bench_playtest.py --workers 2       # wall time on a process pool (CPU then counts
                                                          # only this process, so it is not shown)

On two free cores a pool of two takes about half the one-process time plus a second or two of start-up.
"""
from __future__ import annotations

import argparse
import os
import time

os.environ.setdefault("TQDM_DISABLE", "1")

import neko_lab as nl  # noqa: E402
from _cli import Parser, game_name, positive, worker_count  # noqa: E402


def main() -> None:
    p = Parser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("games_", nargs="*", type=game_name, default=["journey", "syndicate", "neptune", "naeco"],
                   metavar="GAME")
    p.add_argument("--games", type=positive, default=None, help="games per report (default: the game's)")
    p.add_argument("--workers", type=worker_count, default=None)
    args = p.parse_args()
    print(f"{'game':<10} {'games':>6} {'agents':<12} {'cpu s':>7} {'wall s':>7}")
    for game in args.games_:
        cls = nl.game_class(game)
        cpu, wall = time.process_time(), time.perf_counter()
        rep = nl.playtest(game, games=args.games, workers=args.workers, progress=False)
        _ = rep.figures
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        shown = "-" if args.workers else f"{cpu:.1f}"
        print(f"{game:<10} {rep.settings['games']:>6} {','.join(rep.settings['agents']):<12} {shown:>7} "
              f"{wall:>7.1f}", flush=True)


if __name__ == "__main__":
    main()
