#!/usr/bin/env python3
"""Random-playout and clone throughput of neko_lab game engines.

Measured the same way as the OpenSpiel anchor beside the checkout (../shared/bench/openspiel_anchor.py)
measures OpenSpiel, so the two can be compared side by side: a Python loop applying a uniformly random
legal action until the game ends (actions per second), and clone() of positions sampled from random
games (clones per second); the median of several short runs. A second table gives whole-simulation
throughput (nl.simulate games per second, in this process and with a pool of two worker processes).

    python benchmarks/bench_core.py                      # the toy game of the test suite
    python benchmarks/bench_core.py toy naeco --seconds 2  # any registered games
"""
from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

import neko_lab as nl  # noqa: E402
import toygame  # noqa: E402,F401  registers the "toy" game
from _cli import Parser, game_name, natural, positive, positive_seconds, summary  # noqa: E402


def actions_per_second(name: str, players: int, seconds: float, rng: random.Random) -> float:
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        s = nl.new_game(name, players=players, seed=rng.getrandbits(63))
        while not s.is_over():
            s.apply(rng.choice(s.legal_actions()))
            steps += 1
    return steps / (time.perf_counter() - start)


def sample_positions(name: str, players: int, rng: random.Random, seeds, count: int = 64) -> list:
    """`count` positions, one from each random game (picks by `rng`) on the next seed of `seeds`."""
    states = []
    while len(states) < count:
        s, seen = nl.new_game(name, players=players, seed=next(seeds)), []
        while not s.is_over():
            seen.append(s.clone())
            s.apply(rng.choice(s.legal_actions()))
        states.append(rng.choice(seen))
    return states


def clones_per_second(name: str, players: int, seconds: float, rng: random.Random, sample: int = 64) -> float:
    states = sample_positions(name, players, rng, iter(lambda: rng.getrandbits(63), None), sample)
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for s in states:
            s.clone()
        n += len(states)
    return n / (time.perf_counter() - start)


def simulate_rate(name: str, players: int, games: int, workers: int | None, agents: list[str]) -> float:
    start = time.perf_counter()
    nl.simulate(name, games=games, players=players, agents=agents, seed=0, workers=workers,
                progress=False)
    return games / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> None:
    ap = Parser(description=summary(__doc__))
    ap.add_argument("games", nargs="*", type=game_name, default=["toy"])
    ap.add_argument("--players", type=positive, default=None, help="seats (default: each game's default)")
    ap.add_argument("--seconds", type=positive_seconds, default=3.0)
    ap.add_argument("--repeat", type=positive, default=3)
    ap.add_argument("--sim-games", type=natural, default=2000,
                    help="games for the nl.simulate table (0 skips it)")
    args = ap.parse_args(argv)
    for name in args.games if args.players else []:
        ap.check_game(name, "--players", players=args.players)
    print(f"{'game':28} {'players':>7} {'actions/s':>12} {'clones/s':>12}")
    for name in args.games:
        players = args.players or nl.game_class(name).DEFAULT_PLAYERS
        acts = [actions_per_second(name, players, args.seconds, random.Random(i)) for i in range(args.repeat)]
        clones = [clones_per_second(name, players, args.seconds / 2, random.Random(i))
                  for i in range(args.repeat)]
        print(f"{name:28} {players:>7} {statistics.median(acts):12,.0f} {statistics.median(clones):12,.0f}",
              flush=True)
    if args.sim_games:
        print(f"\n{'nl.simulate':28} {'agents':>16} {'workers':>7} {'games/s':>12}")
        for name in args.games:
            players = args.players or nl.game_class(name).DEFAULT_PLAYERS
            for agents in (["random", "random"], ["greedy", "random"]):
                for workers in (None, 2):
                    rate = simulate_rate(name, players, args.sim_games, workers, agents)
                    print(f"{name:28} {','.join(agents):>16} {workers or 1:>7} {rate:12,.0f}", flush=True)


if __name__ == "__main__":
    main()
