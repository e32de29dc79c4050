"""Destination: Neptune: random three-player playout throughput on one core (actions/s, clones/s,
measured like bench_core.py and OpenSpiel's anchor), and the heuristic agent's win rates.

    python benchmarks/bench_neptune.py                         # actions/s and clones/s
    python benchmarks/bench_neptune.py --winrate random --games 1000 [--start 0]
    python benchmarks/bench_neptune.py --winrate greedy --games 1000

Goals: at least 1.0x OpenSpiel's python_block_dominoes actions/s, 50,000 clones/s; the neptune agent
wins at least 80% of three-player games against two random players and 50% against two greedy ones
(a shared win, a tie for the most VP, is not counted as a win). Numbers, not a pass/fail test.
"""
from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import neko_lab as nl  # noqa: E402
from _cli import Parser, positive, positive_seconds, seed_number, summary  # noqa: E402
from bench_core import actions_per_second, clones_per_second  # noqa: E402


def win_rate(opponent: str, games: int, start: int = 0, players: int = 3) -> tuple[int, int]:
    """(games won alone, games) by the neptune agent, seat rotating, against `opponent` agents."""
    from neko_lab.agents.base import RandomAgent
    from neko_lab.agents.greedy import GreedyAgent
    from neko_lab.games.neptune.agents import NeptuneAgent
    other = {"random": RandomAgent, "greedy": GreedyAgent}[opponent]
    won = 0
    for g in range(start, start + games):
        seat = g % players
        agents = [other(seed=g * 10 + i) for i in range(players)]
        agents[seat] = NeptuneAgent(seed=g)
        s = nl.new_game("neptune", players=players, seed=g)
        while not s.is_over():
            s.apply(agents[s.current_player].choose(s))
        won += s.winners() == [seat]
    return won, games


def main(argv: list[str] | None = None) -> int:
    ap = Parser(description=summary(__doc__))
    ap.add_argument("--seconds", type=positive_seconds, default=3.0)
    ap.add_argument("--repeat", type=positive, default=3)
    ap.add_argument("--players", type=positive, default=3)
    ap.add_argument("--winrate", choices=("random", "greedy"), default=None)
    ap.add_argument("--games", type=positive, default=1000)
    ap.add_argument("--start", type=seed_number, default=0)
    args = ap.parse_args(argv)
    ap.check_game("neptune", "--players", players=args.players)
    if args.winrate:
        ap.check_seeds(f"--start {args.start} and --games {args.games}",
                       (args.start + args.games - 1) * 10 + args.players - 1,
                       why=f"the other players' agents take seeds up to 10 × the last game's seed + "
                           f"{args.players - 1}, and the largest seed is 2**64 - 1")
        t = time.perf_counter()
        won, games = win_rate(args.winrate, args.games, args.start, args.players)
        print(f"neptune agent vs two {args.winrate}: won {won} of {games} ({won / games:.1%}), seeds "
              f"{args.start}..{args.start + games - 1}, {time.perf_counter() - t:.0f} s")
        return 0
    acts = [actions_per_second("neptune", args.players, args.seconds, random.Random(i))
            for i in range(args.repeat)]
    clones = [clones_per_second("neptune", args.players, args.seconds / 2, random.Random(i))
              for i in range(args.repeat)]
    print(f"{'game':28} {'players':>7} {'actions/s':>12} {'clones/s':>12}")
    print(f"{'neptune':28} {args.players:>7} {statistics.median(acts):12,.0f} {statistics.median(clones):12,.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
