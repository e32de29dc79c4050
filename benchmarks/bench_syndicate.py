#!/usr/bin/env python3
"""Neko Syndicate: engine throughput, the heuristic agent's strength and the CatANNA ladder.

    python benchmarks/bench_syndicate.py                    # random 2-player games: actions/s, clones/s
    python benchmarks/bench_syndicate.py --strength 1000    # the syndicate agent against random and greedy
    python benchmarks/bench_syndicate.py --ladder 200       # its solo win rate at each CatANNA difficulty

Throughput is measured as benchmarks/bench_core.py measures every game (and as
../shared/bench/openspiel_anchor.py measures OpenSpiel): run both in the same minute and compare ratios.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import neko_lab as nl  # noqa: E402
from bench_core import actions_per_second, clones_per_second  # noqa: E402

DIFFICULTIES = ("very easy", "easy", "medium", "hard", "very hard", "nightmare")


def throughput(seconds: float, repeat: int) -> None:
    acts = [actions_per_second("syndicate", 2, seconds, random.Random(i)) for i in range(repeat)]
    clones = [clones_per_second("syndicate", 2, seconds / 2, random.Random(i)) for i in range(repeat)]
    print(f"syndicate 2 players: {statistics.median(acts):,.0f} actions/s, "
          f"{statistics.median(clones):,.0f} clones/s (median of {repeat})", flush=True)


def strength(games: int, workers: int | None) -> None:
    for rival in ("random", "greedy"):
        start = time.perf_counter()
        df = nl.simulate("syndicate", games=games, players=2, agents=["syndicate", rival], seed=0,
                         workers=workers, progress=False)
        mine = df[df.agent == "syndicate"]
        print(f"syndicate vs {rival}: won {mine.won.mean():.1%} of {games} two-player games "
              f"(mean score {mine.score.mean():.1f} vs {df[df.agent == rival].score.mean():.1f}; "
              f"{time.perf_counter() - start:.0f} s)", flush=True)


def solo_game(job: tuple[str, int]) -> tuple[str, int, int, int]:
    """(result, agent's score, CatANNA's, missions the agent met) of one seeded solo game."""
    from neko_lab.games.syndicate.agents import SyndicateAgent
    name, g = job
    s = nl.new_game("syndicate", players=1, seed=g, catanna=name)
    agent = SyndicateAgent(seed=g)
    while not s.is_over():
        s.apply(agent.choose(s))
    return s.solo_result(), s.scores()[0], s.catanna_score(), sum(1 for m in s.markers[0] if m)


def ladder(games: int, workers: int | None) -> None:
    from multiprocessing import Pool
    with Pool(workers or 1) as pool:
        for name in DIFFICULTIES:
            start = time.perf_counter()
            rows = pool.map(solo_game, [(name, g) for g in range(games)])
            won = sum(r[0] == "won" for r in rows)
            shared = sum(r[0] == "shared" for r in rows)
            print(f"CatANNA {name:9}: the agent wins {won / games:.1%} (shared {shared}) of {games}; "
                  f"mean {statistics.mean(r[1] for r in rows):.1f} vs her {statistics.mean(r[2] for r in rows):.1f}; "
                  f"best {max(r[1] for r in rows)}; missions met {statistics.mean(r[3] for r in rows):.2f} a game "
                  f"({time.perf_counter() - start:.0f} s)", flush=True)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--strength", type=int, default=0, metavar="GAMES")
    ap.add_argument("--ladder", type=int, default=0, metavar="GAMES")
    ap.add_argument("--workers", type=int, default=None)
    args = ap.parse_args(argv)
    if not (args.strength or args.ladder):
        throughput(args.seconds, args.repeat)
    if args.strength:
        strength(args.strength, args.workers)
    if args.ladder:
        ladder(args.ladder, args.workers)


if __name__ == "__main__":
    main()
