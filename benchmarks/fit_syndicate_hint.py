#!/usr/bin/env python3
"""Fit how Syndicate hints turn the agent's value of a position into points at the end of the game
(neko_lab/games/syndicate/explain.py, HINT_SCALE).

    python benchmarks/fit_syndicate_hint.py --games 60 --players 1 2 3 4 --out /tmp/hint_rows.jsonl
    python benchmarks/fit_syndicate_hint.py --fit /tmp/hint_rows.jsonl

A Syndicate hint plays each future until the turn ends (every seat has walked and Kumichō's meeting has
marked the missions) and values every seat there by `explain.raw_estimate`: the agent's value of the
position (`position_value.value`; solo, the seat's own score by the hand weights). That value ranks
positions well but is no score: at the opening it says about -30 where the game's own agent ends near
60. The first form plays seeded games (seeds from --first-seed on, "syndicate" in every seat, solo at
very easy) and writes, at the start of each turn, every seat's raw estimate with its final score. The
second fits, per player count and turn, final score = a + b × raw estimate by least squares and prints
the table with the R² and the residual spread. Use only seeds below 1000: 1000 on are kept for measuring.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _cli import Parser, natural, out_file, seed_number, summary  # noqa: E402
from fit_syndicate_value import number_rows  # noqa: E402

ROW = "[players, seed, turn, seat, raw estimate, final score]"


def read_rows(path: str) -> list[list]:
    """The rows `play` wrote to `path` (number_rows: ValueError naming the line that is not one)."""
    return number_rows(path, 6, ROW, whole=(0, 1, 2, 3))


def play(games: int, first: int, players: list[int], out: str) -> None:
    import neko_lab as nl
    from neko_lab.agents import make_agent
    from neko_lab.games.syndicate.explain import raw_estimate
    with open(out, "w") as f:
        for n in players:
            for g in range(first, first + games):
                s = nl.new_game("syndicate", players=n, seed=g, **({"catanna": "very easy"} if n == 1 else {}))
                agents = [make_agent("syndicate", "syndicate", seed=g * 10 + j) for j in range(n)]
                rows, turn = [], 0
                while not s.is_over():
                    if s.turn != turn and s.pending[-1].kind != "catanna_wild":
                        turn = s.turn
                        rows += [(turn, j, raw_estimate(s, j)) for j in range(n)]
                    s.apply(agents[s.current_player].choose(s))
                final = s.scores()
                for turn, j, raw in rows:
                    f.write(json.dumps([n, g, turn, j, round(raw, 3), final[j]]) + "\n")
                print(n, g, list(final), flush=True)


def fit(paths: list[str]) -> dict:
    import numpy as np
    rows = [row for p in paths for row in read_rows(p)]
    table = {}
    for n in sorted({r[0] for r in rows}):
        table[n] = {}
        for turn in range(1, 16):
            r = np.array([[x[4], x[5]] for x in rows if x[0] == n and x[2] == turn], dtype=float)
            if len(r) < 3:
                continue
            x, y = r[:, 0], r[:, 1]
            b = max(0.0, float(np.cov(x, y, bias=True)[0, 1] / x.var())) if x.var() > 0 else 0.0
            a = float(y.mean() - b * x.mean())
            res = y - (a + b * x)
            r2 = 1 - res.var() / y.var()
            table[n][turn] = (round(a, 1), round(b, 2))
            print(f"players {n} turn {turn:2d}: {len(r)} rows, final = {a:.1f} + {b:.2f} x raw; "
                  f"R² {r2:.2f}, residual sd {res.std():.1f} (raw alone off by {(y - x).mean():+.1f})")
    return table


def main(argv: list[str] | None = None) -> None:
    ap = Parser(description=summary(__doc__))
    ap.add_argument("--games", type=natural, default=0, help="games a player count, rows written to --out")
    ap.add_argument("--players", type=int, nargs="+", choices=(1, 2, 3, 4), default=[1, 2])
    ap.add_argument("--first-seed", type=seed_number, default=300)
    ap.add_argument("--out", type=out_file, default="syndicate_hint_rows.jsonl")
    ap.add_argument("--fit", nargs="*", default=None, metavar="JSONL",
                    help="fit the table to these files' rows (none named: --out's)")
    args = ap.parse_args(argv)
    if not args.games and args.fit is None:
        ap.error("nothing to do: give --games N to play and log games, --fit [JSONL ...] to fit, or both")
    if args.games:
        ap.check_seeds(f"--first-seed {args.first_seed} and --games {args.games}",
                       args.first_seed + args.games - 1, limit=999,
                       why="seeds from 1000 on are kept for measuring; fit on seeds below 1000")
    for path in args.fit or []:
        if args.games and path == args.out:
            continue
        if not Path(path).is_file():
            ap.error(f"argument --fit: no file {path!r}")
        try:
            read_rows(path)
        except ValueError as exc:
            ap.error(f"argument --fit: {exc}")
    if args.games:
        play(args.games, args.first_seed, args.players, args.out)
    if args.fit is not None:
        table = fit(args.fit or [args.out])
        print("HINT_SCALE = {")
        for n, turns in table.items():
            print(f"    {n}: {{" + ", ".join(f"{t}: {ab}" for t, ab in turns.items()) + "},")
        print("}")


if __name__ == "__main__":
    main()
