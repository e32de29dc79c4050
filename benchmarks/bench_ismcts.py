"""Ladders of two-player games between agents, seats rotated, with Wilson intervals and time per move.

    python benchmarks/bench_ismcts.py [naeco journey ...] [--games N] [--seed S]
        [--agent 'ismcts' | 'ismcts(iterations=40,horizon=8)'] [--against OWN|greedy|...] [--ladder]
        [--out results.csv]

Default: the "ismcts" agent (the game's defaults) against the game's own agent, N games per game
(seat 1 and 2 alternating from game to game), every game seeded by --seed + its number, so a run is
reproducible and a longer run extends a shorter one. --ladder plays each agent of the ladder (random,
greedy, mcts, the game's own agent, ismcts) against the game's own agent instead. Time per move counts
only the decisions with more than one legal action, in process CPU time (the machine is shared: wall
time is printed too): the mean, the median and the worst; "capped" counts the decisions that one of ismcts's
caps (steps, or seconds when given) cut short. One core, one process: bound a run with --games.
"""
from __future__ import annotations

import csv
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import neko_lab as nl                                   # noqa: E402
from _cli import Parser, game_name, out_file, positive, seed_number, summary  # noqa: E402
from neko_lab.agents import make_agent, parse_spec      # noqa: E402
from neko_lab.core.errors import ConfigError            # noqa: E402
from neko_lab.viz.figures import wilson_interval       # noqa: E402

GAMES = ["naeco", "journey", "neptune", "syndicate"]
LADDER = ["random", "greedy", ("mcts", {"iterations": 50}), "OWN", "ismcts"]


def label(spec) -> str:
    if isinstance(spec, str):
        return spec
    return spec[0] + "(" + ",".join(f"{k}={v}" for k, v in spec[1].items()) + ")"


def write_rows(path: str, rows: list) -> None:
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)


def duel(game: str, spec, against, games: int, seed: int, rows: list | None = None,
         progress: bool = False, out: str | None = None) -> dict:
    """`spec` against `against` in `games` two-player games, seats alternating (with `out`, the CSV is
    written again after every game, so a run cut short keeps the games it finished)."""
    own = next(iter(nl.GAMES[game].AGENTS))
    spec = own if spec == "OWN" else spec
    against = own if against == "OWN" else against
    wins = 0.0
    cpu = wall = 0.0
    moves = 0
    worst = 0.0
    margin = 0
    capped = 0
    times: list[float] = []
    for g in range(games):
        mine = g % 2
        s = nl.new_game(game, players=2, seed=seed + g)
        agents = [None, None]
        agents[mine] = make_agent(spec, game, seed=seed + g)
        agents[1 - mine] = make_agent(against, game, seed=seed + 10_000 + g)
        game_cpu, game_worst, game_moves = cpu, 0.0, moves
        while not s.is_over():
            seat = s.current_player
            if seat == mine and len(s.legal_actions()) > 1:
                c0, w0 = time.process_time(), time.perf_counter()
                a = agents[seat].choose(s)
                dc = time.process_time() - c0
                cpu += dc
                wall += time.perf_counter() - w0
                worst = max(worst, dc)
                game_worst = max(game_worst, dc)
                times.append(dc)
                moves += 1
            else:
                a = agents[seat].choose(s)
            s.apply(a)
        capped += getattr(agents[mine], "capped", 0)
        game_cpu = cpu - game_cpu
        won = s.winners()
        share = (1.0 / len(won)) if mine in won else 0.0
        wins += share
        sc = s.scores()
        margin += sc[mine] - sc[1 - mine]
        if progress:
            print(f"  {game} game {g + 1}/{games} (seed {seed + g}, seat {mine + 1}): {sc[mine]}-{sc[1 - mine]}, "
                  f"won {wins:g} of {g + 1}, {1000 * cpu / max(moves, 1):.0f} ms a move, worst {1000 * worst:.0f}, "
                  f"capped {capped}", flush=True)
        if rows is not None:
            rows.append({"game": game, "agent": label(spec), "against": label(against), "seed": seed + g,
                         "seat": mine + 1, "won": share, "score": sc[mine], "their_score": sc[1 - mine],
                         "cpu_s": round(game_cpu, 3), "moves": moves - game_moves,
                         "worst_ms": round(1000 * game_worst), "capped": getattr(agents[mine], "capped", 0)})
            if out:
                write_rows(out, rows)
    low, high = wilson_interval(wins, games)
    return {"game": game, "agent": label(spec), "against": label(against), "games": games, "wins": wins,
            "share": wins / games, "low": low, "high": high, "margin": margin / games,
            "ms_move": 1000 * cpu / max(moves, 1), "ms_move_wall": 1000 * wall / max(moves, 1),
            "worst_ms": 1000 * worst, "median_ms": 1000 * sorted(times)[len(times) // 2] if times else 0.0,
            "capped": capped, "moves_per_game": moves / games}


def main(argv: list[str] | None = None) -> None:
    parser = Parser(description=summary(__doc__))
    parser.add_argument("games_", nargs="*", metavar="game", type=game_name, default=GAMES)
    parser.add_argument("--games", type=positive, default=4)
    parser.add_argument("--seed", type=seed_number, default=0)
    parser.add_argument("--agent", default=None, help="the agent measured (default ismcts; not with --ladder)")
    parser.add_argument("--against", default="OWN")
    parser.add_argument("--ladder", action="store_true",
                        help="measure each agent of the ladder instead of --agent")
    parser.add_argument("--out", type=out_file, default=None, help="CSV file for one row per game")
    parser.add_argument("--progress", action="store_true", help="a line after every game")
    args = parser.parse_args(argv)
    rows: list | None = [] if args.out else None
    if args.ladder and args.agent is not None:
        parser.error("argument --agent: not with --ladder, which plays its own agents (random, greedy, mcts, "
                     "the game's own, ismcts)")
    try:
        specs = LADDER if args.ladder else [parse_spec("ismcts" if args.agent is None else args.agent)]
    except ConfigError as exc:
        parser.error(f"argument --agent: {exc}")
    try:
        against = parse_spec(args.against)
    except ConfigError as exc:
        parser.error(f"argument --against: {exc}")
    parser.check_seeds(f"--seed {args.seed} and --games {args.games}", args.seed + 10_000 + args.games - 1,
                       why="the opponents' agents take seeds from --seed + 10000 on, and the largest seed is "
                           "2**64 - 1")
    for name in args.games_:
        own = next(iter(nl.GAMES[name].AGENTS))
        parser.check_agents(name, [own if s == "OWN" else s for s in specs], "--agent")
        parser.check_agents(name, [own if against == "OWN" else against], "--against")
    print(f"{'game':10} {'agent':34} {'against':10} {'games':>5} {'won':>6} {'95% interval':>14} "
          f"{'margin':>7} {'ms/move':>8} {'median':>7} {'wall':>7} {'worst':>7} {'capped':>7}", flush=True)
    for game in args.games_:
        for spec in specs:
            r = duel(game, spec, against, args.games, args.seed, rows, args.progress, args.out)
            print(f"{r['game']:10} {r['agent']:34} {r['against']:10} {r['games']:5d} {100 * r['share']:5.1f}% "
                  f"{100 * r['low']:5.1f}-{100 * r['high']:5.1f}% {r['margin']:+7.1f} {r['ms_move']:8.1f} "
                  f"{r['median_ms']:7.1f} {r['ms_move_wall']:7.1f} {r['worst_ms']:7.0f} {r['capped']:7d}", flush=True)


if __name__ == "__main__":
    main()
