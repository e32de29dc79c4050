#!/usr/bin/env python3
"""Neko Syndicate: engine throughput, the heuristic agent's strength and the CatANNA ladder.

    python benchmarks/bench_syndicate.py                    # random 2-player games: actions/s, clones/s
    python benchmarks/bench_syndicate.py --strength 1000    # the syndicate agent against random and greedy
    python benchmarks/bench_syndicate.py --ladder 100       # its solo win rate at each CatANNA difficulty
    python benchmarks/bench_syndicate.py --ladder 20 --catanna "very easy" --first-seed 100
    python benchmarks/bench_syndicate.py --ladder 100 --first-seed 100 --catanna "very easy" \
        --agent syndicate-plan --against syndicate     # both on the same seeds, margins paired game by game

Throughput is measured as benchmarks/bench_core.py measures every game (and as
../shared/bench/openspiel_anchor.py measures OpenSpiel): run both in the same minute and compare ratios.
"""
from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import neko_lab as nl  # noqa: E402
from _cli import Parser, natural, positive, positive_seconds, seed_number, summary, worker_count  # noqa: E402
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


def solo_game(job: tuple[str, str, int]) -> tuple[str, int, int, tuple, tuple, float]:
    """(result, agent's score, CatANNA's, missions, the agent's marker columns (0: not met), CPU seconds)
    of one seeded solo game; CatANNA's wild slots and marker assignment are the agent's decisions."""
    from neko_lab.agents import make_agent
    spec, name, g = job
    start = time.process_time()
    s = nl.new_game("syndicate", players=1, seed=g, catanna=name)
    agent = make_agent(spec, "syndicate", seed=g)
    while not s.is_over():
        s.apply(agent.choose(s))
    return (s.solo_result(), s.scores()[0], s.catanna_score(), tuple(s.missions), tuple(s.markers[0]),
            time.process_time() - start)


def ladder(games: int, workers: int | None, spec: str = "syndicate", first: int = 0,
           difficulties: tuple[str, ...] = DIFFICULTIES, against: str | None = None) -> None:
    """Solo games on seeds first..first+games-1 at each difficulty: share won (Wilson 95 %), mean
    scores, the margin (agent less CatANNA), missions met and CPU seconds per game (one core); then the
    column each mission was met in. With `against`, that agent plays the same seeds too, and the last
    column gives the change of margin from it to `spec`, paired game by game (mean ± standard error)."""
    from multiprocessing import Pool

    from neko_lab.analysis.stats import wilson_interval
    columns: dict[int, list[int]] = {}
    print(f"| CatANNA | agent | games | won | 95 % | agent mean | her mean | margin | missions met | CPU s/game |"
          f" margin change, paired |\n|---|---|---:|---:|---|---:|---:|---:|---:|---:|---:|", flush=True)
    with Pool(workers or 1) as pool:
        for name in difficulties:
            base = None
            for who in ([against] if against else []) + [spec]:
                rows = pool.map(solo_game, [(who, name, g) for g in range(first, first + games)])
                won = sum(r[0] == "won" for r in rows) + 0.5 * sum(r[0] == "shared" for r in rows)
                lo, hi = wilson_interval(won, games)
                margins = [r[1] - r[2] for r in rows]
                change = "—"
                if base is not None and games > 1:
                    diffs = [m - b for m, b in zip(margins, base)]
                    change = f"{statistics.mean(diffs):+.1f} ± {statistics.stdev(diffs) / games ** 0.5:.1f}"
                base = margins
                if who == spec:
                    for r in rows:
                        for m, col in zip(r[3], r[4]):
                            columns.setdefault(m, []).append(col or 16)
                print(f"| {name} | `{who}` | {games} | {won / games:.1%} | {lo:.1%}-{hi:.1%} | "
                      f"{statistics.mean(r[1] for r in rows):.1f} | {statistics.mean(r[2] for r in rows):.1f} | "
                      f"{statistics.mean(margins):+.1f} | "
                      f"{statistics.mean(sum(1 for c in r[4] if c) for r in rows):.2f} | "
                      f"{statistics.mean(r[5] for r in rows):.2f} | {change} |", flush=True)
    print(f"mean column each mission was met in by `{spec}` (16: not met), games: "
          + ", ".join(f"{m}: {statistics.mean(v):.1f} ({len(v)})" for m, v in sorted(columns.items())))


def main(argv: list[str] | None = None) -> None:
    ap = Parser(description=summary(__doc__))
    ap.add_argument("--seconds", type=positive_seconds, default=3.0)
    ap.add_argument("--repeat", type=positive, default=3)
    ap.add_argument("--strength", type=natural, default=0, metavar="GAMES")
    ap.add_argument("--ladder", type=natural, default=0, metavar="GAMES")
    ap.add_argument("--workers", type=worker_count, default=None)
    ap.add_argument("--agent", default=None, help="the solo player in --ladder (an agent spec; default syndicate)")
    ap.add_argument("--first-seed", type=seed_number, default=None,
                    help="--ladder plays seeds from this one on (default 0)")
    ap.add_argument("--against", default=None, metavar="SPEC",
                    help="--ladder: this agent plays the same seeds first, and margins are paired with it")
    ap.add_argument("--catanna", action="append", choices=DIFFICULTIES,
                    help="--ladder at this difficulty only (repeatable; default all six)")
    args = ap.parse_args(argv)
    for flag in ("--agent", "--first-seed", "--against", "--catanna"):     # the options of the ladder alone
        if getattr(args, flag[2:].replace("-", "_")) is not None and not args.ladder:
            ap.error(f"argument {flag}: only used with --ladder GAMES (at least 1)")
    args.agent = "syndicate" if args.agent is None else args.agent
    args.first_seed = 0 if args.first_seed is None else args.first_seed
    ap.check_agents("syndicate", [args.agent], "--agent")
    if args.against is not None:
        ap.check_agents("syndicate", [args.against], "--against")
    if args.ladder:
        ap.check_seeds(f"--first-seed {args.first_seed} and --ladder {args.ladder}",
                       args.first_seed + args.ladder - 1)
    if not (args.strength or args.ladder):
        throughput(args.seconds, args.repeat)
    if args.strength:
        strength(args.strength, args.workers)
    if args.ladder:
        ladder(args.ladder, args.workers, args.agent, args.first_seed, tuple(args.catanna or DIFFICULTIES),
               args.against)


if __name__ == "__main__":
    main()
