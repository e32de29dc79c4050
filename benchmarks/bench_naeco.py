"""Naéco throughput on one core: actions applied per second in random two-player games, and clones
per second of states sampled from random games.

    python benchmarks/bench_naeco.py [--games N] [--seed S]

Goal: at least 60,000 actions/s and 100,000 clones/s. Numbers, not a pass/fail test.
"""
from __future__ import annotations

import random
import time

import neko_lab as nl
from _cli import Parser, positive, seed_number, summary


def bench_actions(games: int, seed: int) -> tuple[int, float, float]:
    """(actions, wall seconds, CPU seconds) for `games` random games (set-up not timed)."""
    rng = random.Random(seed)
    states = [nl.new_game("naeco", players=2, seed=seed + g) for g in range(games)]
    actions = 0
    start, cpu = time.perf_counter(), time.process_time()
    for s in states:
        while not s.is_over():
            s.apply(rng.choice(s.legal_actions()))
            actions += 1
    return actions, time.perf_counter() - start, time.process_time() - cpu


def bench_clones(games: int, seed: int, per_game: int = 20, repeat: int = 50) -> tuple[int, float, float]:
    rng = random.Random(seed)
    samples = []
    for g in range(games):
        s = nl.new_game("naeco", players=2, seed=seed + g)
        while not s.is_over():
            if rng.random() < per_game / 100:
                samples.append(s.clone())
            s.apply(rng.choice(s.legal_actions()))
    start, cpu = time.perf_counter(), time.process_time()
    for _ in range(repeat):
        for s in samples:
            s.clone()
    return len(samples) * repeat, time.perf_counter() - start, time.process_time() - cpu


def main(argv: list[str] | None = None) -> int:
    parser = Parser(description=summary(__doc__))
    parser.add_argument("--games", type=positive, default=300)
    parser.add_argument("--seed", type=seed_number, default=0)
    parser.add_argument("--rounds", type=positive, default=3, help="report the best of this many rounds")
    args = parser.parse_args(argv)
    parser.check_seeds(f"--seed {args.seed} and --games {args.games}", args.seed + args.games - 1)
    runs = [bench_actions(args.games, args.seed) for _ in range(args.rounds)]
    n, wall, cpu = min(runs, key=lambda r: r[1])
    print(f"actions: {n / wall:,.0f} actions/s wall, {n / min(r[2] for r in runs):,.0f} per CPU second "
          f"({n} actions, {n / args.games:.0f} per game, best of {args.rounds})")
    runs = [bench_clones(max(1, args.games // 3), args.seed) for _ in range(args.rounds)]
    n, wall, cpu = min(runs, key=lambda r: r[1])
    print(f"clones:  {n / wall:,.0f} clones/s wall, {n / min(r[2] for r in runs):,.0f} per CPU second "
          f"({n} clones, best of {args.rounds})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
