#!/usr/bin/env python3
"""A fixed, seeded workload for counting instructions (the same games, action for action, every run).

    python benchmarks/fixed_workload.py play neptune 3 14        # games 0..13 (seeds 1000+), random picks
    python benchmarks/fixed_workload.py clone journey 3 50       # 50 rounds of clone() over 64 positions

It prints the number of actions (or clones) and their CPU time. Timings on a shared machine drift, so
count instructions instead: run it twice under `valgrind --tool=cachegrind --cache-sim=no` with two
sizes (e.g. 4 and 14 games) and divide the difference of the instruction totals by the difference of
the actions; that takes the import and the first games out. Set PYTHONHASHSEED=0: string hashes change
the cost of dict and set work from run to run (not the games). `play` picks with random.Random(7);
`clone` samples 64 positions of random games (seeds 1000+, random.Random(0)), as bench_core.py does.
"""
from __future__ import annotations

import itertools
import random
import time
from pathlib import Path
import sys

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import neko_lab as nl  # noqa: E402
from _cli import Parser, game_name, positive, summary  # noqa: E402
from bench_core import sample_positions  # noqa: E402


def play(name: str, players: int, games: int) -> int:
    rng = random.Random(7)
    steps = 0
    for i in range(games):
        s = nl.new_game(name, players=players, seed=1000 + i)
        while not s.is_over():
            s.apply(rng.choice(s.legal_actions()))
            steps += 1
    return steps


def positions(name: str, players: int, count: int = 64) -> list:
    return sample_positions(name, players, random.Random(0), itertools.count(1000), count)


def main(argv: list[str] | None = None) -> None:
    ap = Parser(description=summary(__doc__))
    ap.add_argument("mode", choices=("play", "clone"))
    ap.add_argument("game", type=game_name)
    ap.add_argument("players", type=positive)
    ap.add_argument("size", type=positive, help="games to play, or rounds of clones")
    args = ap.parse_args(argv)
    ap.check_game(args.game, "players", players=args.players)
    if args.mode == "play":
        start = time.process_time()
        n = play(args.game, args.players, args.size)
    else:
        states = positions(args.game, args.players)
        start = time.process_time()
        for _ in range(args.size):
            for s in states:
                s.clone()
        n = args.size * len(states)
    cpu = time.process_time() - start
    print(f"{args.mode} {args.game} {args.players}p: {n} {'actions' if args.mode == 'play' else 'clones'}, "
          f"{cpu:.3f} s CPU ({n / cpu if cpu else 0:,.0f}/s)")


if __name__ == "__main__":
    main()
