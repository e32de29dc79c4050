"""Throughput of the journey engine: random three-player games (actions applied per second of CPU time on one core)
and clones per second. Run: python benchmarks/bench_journey.py [games]"""
from __future__ import annotations

import random
import time

import neko_lab as nl
from _cli import Parser, positive, summary


def actions_per_second(games: int = 30, players: int = 3, seed: int = 0) -> tuple[float, int]:
    rng = random.Random(seed)
    total, spent = 0, 0.0
    for g in range(games):
        s = nl.new_game("journey", players=players, seed=seed + g)
        t0 = time.process_time()
        while not s.is_over():
            s.apply(rng.choice(s.legal_actions()))
            total += 1
        spent += time.process_time() - t0
    return total / spent, total


def clones_per_second(samples: int = 20000, seed: int = 1) -> float:
    rng = random.Random(seed)
    s = nl.new_game("journey", players=3, seed=seed)
    states = []
    while not s.is_over():
        states.append(s.clone())
        s.apply(rng.choice(s.legal_actions()))
    mid = states[len(states) // 2]
    t0 = time.process_time()
    for _ in range(samples):
        mid.clone()
    return samples / (time.process_time() - t0)


def main() -> None:
    ap = Parser(description=summary(__doc__))
    ap.add_argument("games", nargs="?", type=positive, default=30, help="random games to play (default 30)")
    games = ap.parse_args().games
    aps, n = actions_per_second(games)
    cps = clones_per_second()
    print(f"journey, 3 players, {games} random games, {n} actions: {aps:,.0f} actions/s (goal 40,000)")
    print(f"journey clone(): {cps:,.0f} clones/s (goal 50,000)")


if __name__ == "__main__":
    main()
