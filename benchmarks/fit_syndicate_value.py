#!/usr/bin/env python3
"""Fit the Syndicate agent's solo value weights (neko_lab/games/syndicate/value_weights.py) to play.

    python benchmarks/fit_syndicate_value.py --games 250 --first-seed 200 --out /tmp/parts.jsonl
    python benchmarks/fit_syndicate_value.py --fit /tmp/parts.jsonl --ridge 0.05

The first form plays seeded solo games (very easy; the agent's own play does not depend on the
difficulty except through her marker columns) with the agent as it stands (`--agent`, any Syndicate
agent spec; "syndicate" by default) and writes, at the start of each of its walks, the parts of its
value (`position_value.estimate`, then `position_value.her_extra`) with the game's final margin (its
score less CatANNA's). The second fits,
turn by turn, the weights of the parts to that margin by least squares shrunk towards the hand
weights (ridge on standardised parts, `--ridge` times the number of games; the two small bonuses in
FROZEN keep their hand weights; no weight changes sign or grows past three times its hand weight),
and prints the table to put in value_weights.py with the fit's R² against
the hand weights' R² on the same rows. Use only seeds below 1000: 1000 on are kept for measuring.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _cli import Parser, natural, out_file, seed_number, summary  # noqa: E402


def play(games: int, first: int, out: str, difficulty: str, agent_name: str = "syndicate") -> None:
    import neko_lab as nl
    from neko_lab.agents import make_agent
    from neko_lab.games.syndicate import position_value as A
    with open(out, "w") as f:
        for g in range(first, first + games):
            s = nl.new_game("syndicate", players=1, seed=g, catanna=difficulty)
            agent = make_agent(agent_name, "syndicate", seed=g)
            rows = []
            while not s.is_over():
                top = s.pending[-1]
                if s.turn >= 1 and top.kind == "walk" and top.data == 0:
                    rows.append([s.turn, *A.estimate(s, 0, agent.cache, False)[:-1], A.her_extra(s)])
                s.apply(agent.choose(s))
            margin = s.scores()[0] - s.catanna_score()
            for r in rows:
                f.write(json.dumps([g, *r, margin]) + "\n")
            print(g, margin, flush=True)


# small bonuses nearly fixed by the turn (cards placed, minions waiting): their few points of spread are
# confounded with the rest, so they keep their hand weights
FROZEN = (2, 3)


def read_rows(path: str) -> list[list]:
    """The rows `play` wrote to `path`: [seed, turn, *parts, margin] a line (number_rows)."""
    from neko_lab.games.syndicate.value_weights import PARTS
    return number_rows(path, len(PARTS) + 3, f"[seed, turn, {len(PARTS)} parts, margin]", whole=(1,))


def number_rows(path: str, width: int, shape: str, whole: tuple[int, ...] = ()) -> list[list]:
    """The rows of a file a fitting script wrote: `width` numbers a line (those at `whole` whole numbers;
    blank lines are skipped). ValueError naming the file and the line (from 1) that is not such a row
    (`shape` says what one holds), or an empty file."""
    rows = []
    try:
        with open(path, "rb") as f:
            lines = list(f)
    except OSError as exc:
        raise ValueError(f"cannot read {path!r}: {exc.strerror}") from None
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line.decode("utf-8"))
        except ValueError:      # not UTF-8 text, or not JSON
            row = None
        if not (isinstance(row, list) and len(row) == width and all(isinstance(row[i], int) for i in whole)
                and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in row)):
            raise ValueError(f"{path!r} line {number}: expected a row of {width} numbers as --games "
                             f"writes them, {shape}")
        rows.append(row)
    if not rows:
        raise ValueError(f"{path!r} has no rows")
    return rows


def fit(paths: list[str], ridge: float) -> dict[int, tuple[float, ...]]:
    import numpy as np

    from neko_lab.games.syndicate.value_weights import HAND, PARTS
    hand = np.array(HAND)
    rows = [row for p in paths for row in read_rows(p)]
    table = {}
    for turn in range(1, 16):
        r = np.array([x[1:] for x in rows if x[1] == turn], dtype=float)
        if not len(r):
            table[turn] = tuple(HAND)
            print(f"turn {turn:2d}: no rows, hand weights kept: {table[turn]}")
            continue
        X, y = r[:, 1:1 + len(PARTS)], r[:, -1]
        Xc, yc = X - X.mean(0), y - y.mean()
        sd = Xc.std(0)
        live = (sd > 1e-6) & ~np.isin(np.arange(len(PARTS)), FROZEN)
        w = hand.copy()
        Z = Xc[:, live] / sd[live]
        h = hand[live] * sd[live]
        n = len(y)
        d = np.linalg.solve(Z.T @ Z + ridge * n * np.eye(live.sum()), Z.T @ (yc - Z @ h))
        w[live] = (h + d) / sd[live]
        w = np.clip(w, np.minimum(0, 3 * hand), np.maximum(0, 3 * hand))   # no sign flips, at most 3x
        r2 = 1 - ((yc - Xc @ w) ** 2).mean() / yc.var()
        r2h = 1 - ((yc - Xc @ hand) ** 2).mean() / yc.var()
        table[turn] = tuple(round(float(v), 2) for v in w)
        print(f"turn {turn:2d}: {n} rows, R² {r2:.2f} (hand {r2h:.2f}): {table[turn]}")
    return table


def ridge_factor(text: str) -> float:
    """An argparse type: the ridge factor, a finite number >= 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, not {text!r}") from None
    if not value >= 0:
        raise argparse.ArgumentTypeError(f"expected a number >= 0, not {text}")
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"expected a finite number, not {text}")
    return value


def check(ap: Parser, args: argparse.Namespace) -> None:
    """What the arguments only say together, checked before a game is played or a file is written."""
    import neko_lab as nl
    if not args.games and args.fit is None:
        ap.error("nothing to do: give --games N to play and log games, --fit [JSONL ...] to fit the "
                 "weights, or both")
    if args.games:
        ap.check_seeds(f"--first-seed {args.first_seed} and --games {args.games}",
                       args.first_seed + args.games - 1, limit=999,
                       why="seeds from 1000 on are kept for measuring; fit on seeds below 1000")
    ap.check_game("syndicate", "--difficulty", players=1, catanna=args.difficulty)
    agent, = ap.check_agents("syndicate", [args.agent], "--agent")
    if not hasattr(agent, "cache"):
        ap.error(f"argument --agent: {args.agent!r} is not one of the Syndicate agents, whose value is "
                 f"logged: {', '.join(nl.GAMES['syndicate'].AGENTS)}")
    made = {args.out} if args.games else set()
    for path in args.fit or ([args.out] if args.fit is not None else []):
        if path in made:
            continue
        if not Path(path).is_file():
            ap.error(f"argument --fit: no file {path!r}")
        try:
            read_rows(path)
        except ValueError as exc:
            ap.error(f"argument --fit: {exc}")


def main(argv: list[str] | None = None) -> None:
    ap = Parser(description=summary(__doc__))
    ap.add_argument("--games", type=natural, default=0, help="solo games to play, their rows written to --out")
    ap.add_argument("--first-seed", type=seed_number, default=200)
    ap.add_argument("--difficulty", default="very easy")
    ap.add_argument("--agent", default="syndicate", help="the Syndicate agent whose games are logged")
    ap.add_argument("--out", type=out_file, default="syndicate_parts.jsonl")
    ap.add_argument("--fit", nargs="*", default=None, metavar="JSONL",
                    help="fit the weights to these files' rows (none named: --out's); a run needs --games, "
                         "--fit or both")
    ap.add_argument("--ridge", type=ridge_factor, default=0.05)
    args = ap.parse_args(argv)
    check(ap, args)
    if args.games:
        play(args.games, args.first_seed, args.out, args.difficulty, args.agent)
    if args.fit is not None:
        table = fit(args.fit or [args.out], args.ridge)
        print("WEIGHTS = {")
        for t, w in table.items():
            print(f"    {t}: {w},")
        print("}")


if __name__ == "__main__":
    main()
