"""Seat balance, decisiveness and game length: pure functions of nl.simulate()'s frame.

Definitions (every win rate counts a win shared by k tied seats as 1/k for each, the `share`
column; a frame without it is split from `won`):

- seat share: the seat's total win share divided by the games it sat in, with a Wilson interval;
  with equal seats every seat's share is (games someone won) / (players x games).
- equal-seats test: Pearson's chi-square of the seats' total win shares against equal totals, over
  the games that someone won; a small p value says the seats are not equal.
- first to act: the same by `order` (1 = the starting player, then the opening turn order the game
  gives, State.opening_order()), for games whose turn order is not the seat order (Journey).
- margin: in a game someone won alone, the winner's score minus the best other score, before any
  tie-break: 0 for a tie broken by a tie-break, whether the game breaks it without points (Journey:
  coins left, then turn order) or with a point added to the winner's score (Syndicate: the
  `tie-break` breakdown category, the frame's `pts_tie-break` column, is taken off the scores first);
  shared win: a game whose win is split between tied seats.
- length: steps (actions) and rounds per game.

Seats in the tables these functions return count from 1, as a person counts them (seat 1 is the
results frame's seat 0); places in the order of play count from 1 as well. Every function reads one
run: a sweep's table, or runs joined with pd.concat, is refused with a ConfigError that names the
column telling the runs apart, so that each run is analysed in turn, e.g.
{cell: seat_balance(part) for cell, part in df.groupby("cell")} (see frames.py).
"""
from __future__ import annotations

import pandas as pd

from .frames import check_choice, check_winner, check_z, need
from .stats import Z95, equal_shares_test, wilson_interval

SMALL = 30   # fewer games than this in a group: the report says the sample is too small
TIE_BREAK = "pts_tie-break"   # points a game's tie-break adds to the score (breakdown category "tie-break")


def with_share(df: pd.DataFrame) -> pd.DataFrame:
    """df with a `share` column (1/k for each of k tied winners), computed from `won` if missing (over
    the rows of each game, so the frame must hold one run: see the module docstring)."""
    has_share = isinstance(df, pd.DataFrame) and "share" in df.columns
    need(df, ["game"] if has_share else ["game", "won"], "with_share", one_run=not has_share)
    if "share" in df.columns:
        return df
    k = df.groupby("game")["won"].transform("sum")
    return df.assign(share=df["won"] / k.where(k > 0, 1))


def _per_game(df: pd.DataFrame) -> pd.DataFrame:
    return df.groupby("game").agg(players=("seat", "size"), winners=("won", "sum"))


BY = ("seat", "order")
BY_HINT = " (for win rates by another column, e.g. by agent: nl.viz.who_won(df, by='agent'))"


def seat_balance(df: pd.DataFrame, by: str = "seat", z: float = Z95) -> pd.DataFrame:
    """Win share of each seat (by="seat": seat 1, 2, ... counting from 1, seat 1 being the results
    frame's seat 0) or of each place in the opening turn order, 1 for the starting player
    (by="order"): columns seat (or order), games, wins (total win share), rate, low, high (Wilson
    interval, z standard errors wide: 1.96 for 95 %), fair (the rate every seat would have if seats
    were equal) and excess (rate - fair). `df` holds one run (see the module docstring)."""
    check_choice(by, "by", "seat_balance", BY, BY_HINT)
    z = check_z(z, "seat_balance")
    df = with_share(check_winner(need(df, ["game", "seat", "won", by], "seat_balance"), "seat_balance"))
    games = df["game"].nunique()
    won_games = int((_per_game(df)["winners"] > 0).sum())
    players = int(df.groupby("game")["seat"].size().max()) if len(df) else 0
    fair = won_games / (players * games) if games and players else 0.0
    rows = []
    for key, part in df.groupby(by, sort=True):
        n, w = len(part), float(part["share"].sum())
        low, high = wilson_interval(w, n, z)
        shown = int(key) + 1 if by == "seat" else int(key)        # seats count from 1, as read
        rows.append({by: shown, "games": n, "wins": w, "rate": w / n if n else 0.0,
                     "low": low, "high": high, "fair": fair, "excess": (w / n if n else 0.0) - fair})
    return pd.DataFrame(rows, columns=[by, "games", "wins", "rate", "low", "high", "fair", "excess"])


def equal_seats_test(df: pd.DataFrame, by: str = "seat") -> dict:
    """Chi-square test that every seat (or order position) takes an equal part of the wins, over the
    games someone won: {"statistic", "p", "games", "dof"}. Needs the same number of games per seat
    (rotated seats give it); with one seat there is nothing to test (p = 1). by is "seat" or
    "order"; `df` holds one run (see the module docstring)."""
    check_choice(by, "by", "equal_seats_test", BY, BY_HINT)
    df = with_share(check_winner(need(df, ["game", "seat", "won", by], "equal_seats_test"), "equal_seats_test"))
    won = _per_game(df)
    won = won.index[won["winners"] > 0]
    part = df[df["game"].isin(won)]
    totals = part.groupby(by)["share"].sum()
    seats = part.groupby(by).size()
    total = float(totals.sum())
    expected = [total * seats[k] / seats.sum() for k in totals.index]
    stat, p = equal_shares_test(list(totals.to_numpy()), expected)
    return {"statistic": stat, "p": p, "games": len(won), "dof": max(0, len(totals) - 1)}


def decisiveness(df: pd.DataFrame) -> dict:
    """How clearly games end: {"games", "shared" (share of games whose win is split between tied
    seats), "no_winner" (share of games nobody won: solo games lost to the automa, and every game
    whose rules name no winner, as Naéco's rated solo game),
    "tie_break" (share won alone on a tie-break: equal top scores before it), "margin_mean",
    "margin_median", "close" (share of games won alone by at most 2 points)}. `df` holds one run:
    for a sweep, {cell: decisiveness(part) for cell, part in df.groupby("cell")}."""
    need(df, ["game", "won", "score"], "decisiveness")
    winners = df.groupby("game")["won"].sum()
    n = len(winners)
    if not n:
        return {"games": 0, "shared": 0.0, "no_winner": 0.0, "tie_break": 0.0, "margin_mean": 0.0,
                "margin_median": 0.0, "close": 0.0}
    m = margins(df)
    return {"games": n, "shared": float((winners > 1).mean()),
            "no_winner": float((winners == 0).mean()),
            "tie_break": float((m <= 0).sum() / n),
            "margin_mean": float(m.mean()) if len(m) else 0.0,
            "margin_median": float(m.median()) if len(m) else 0.0,
            "close": float((m <= 2).sum() / n)}


def margins(df: pd.DataFrame) -> pd.Series:
    """The margin of every game won alone (winner's score minus the best other score, both before any
    tie-break points: see the module docstring), by game; 0 for a game won on a tie-break (`df` holds
    one run, see the module docstring)."""
    need(df, ["game", "won", "score"], "margins")
    g = df.groupby("game")
    alone = (g["won"].sum() == 1) & (g.size() > 1)
    score = df["score"] - df[TIE_BREAK] if TIE_BREAK in df.columns else df["score"]
    top = score[df["won"]].groupby(df.loc[df["won"], "game"]).max()
    other = score[~df["won"]].groupby(df.loc[~df["won"], "game"]).max()
    out = (top - other).reindex(alone.index[alone]).dropna()
    return out.astype("int64").rename("margin")


def game_length(df: pd.DataFrame) -> pd.DataFrame:
    """Steps (actions) and rounds per game: rows steps and rounds, columns mean, sd, min, q25,
    median, q75, max. `df` holds one run (see the module docstring)."""
    need(df, ["game", "steps", "rounds"], "game_length")
    per = df.groupby("game")[["steps", "rounds"]].first()
    out = per.describe().T.rename(columns={"std": "sd", "25%": "q25", "50%": "median", "75%": "q75"})
    return out[["mean", "sd", "min", "q25", "median", "q75", "max"]]
