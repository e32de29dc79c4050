"""Final scores: their distribution, each seat's mean, a solo game's result and its rating, as pure
functions of nl.simulate()'s frame.

Definitions:
- score distribution: over every row (a seat's final score in one game), or over one seat's rows:
  games, mean with a 95 % Student's t interval (low, high), sd, min, q10, q25, median, q75, q90, max
  (games counts games: the row of every seat together spreads over every seat's score of them; one
  game has no interval and no spread: low and high are then -inf and inf, and sd is NaN). The interval
  of every seat together is that of a game's mean final score over its seats, one value per game, as
  nl.analysis.compare_options gives it: the seats of one game share its deal and play against each
  other, so they are not independent samples (its sd and quantiles spread over every seat's score);
- solo result (a solo game won or lost against the game itself, such as Syndicate against CatANNA):
  the seat's win share (a victory shared with the automated opponent counts half) with its Wilson
  interval, and the shares of games won, shared and lost;
- rating (a solo game rated on the rulebook's scale, such as Naéco's): how many games reach each
  tier of the scale, from the `solo_tier` column the game adds to its rows (else from the score).
A solo game whose rows carry `solo_tier` is rated, not won: nobody wins it (its `won` is False and its
`share` empty, NaN), so only its scores and its rating say how it went, and solo_result refuses it.
"""
from __future__ import annotations

from typing import Sequence

import pandas as pd

from .balance import with_share
from .frames import check_winner, need
from .stats import Z95, mean_interval, wilson_interval

COLUMNS = ["games", "mean", "low", "high", "sd", "min", "q10", "q25", "median", "q75", "q90", "max"]
RATED = "solo_tier"          # the column of a rated solo game (State.result_columns())


def score_spread(scores: Sequence[float]) -> dict:
    """The distribution of some final scores: the COLUMNS above, as a dict."""
    values = pd.Series(list(scores), dtype="float64")
    mean, low, high = mean_interval(values.tolist())
    q = values.quantile([0.1, 0.25, 0.5, 0.75, 0.9]).tolist() if len(values) else [float("nan")] * 5
    return {"games": len(values), "mean": mean, "low": low, "high": high,
            "sd": float(values.std(ddof=1)) if len(values) > 1 else float("nan"),
            "min": float(values.min()) if len(values) else float("nan"),
            "q10": q[0], "q25": q[1], "median": q[2], "q75": q[3], "q90": q[4],
            "max": float(values.max()) if len(values) else float("nan")}


def score_table(df: pd.DataFrame) -> pd.DataFrame:
    """Final scores of every seat together (seat "all", the first row; its interval is over one value per
    game) and of each seat, counted from 1 as the other seat tables (seat 1 is the results frame's seat
    0): column seat, then COLUMNS (see the module docstring); a solo frame has the one row of seat 1."""
    need(df, ["game", "seat", "score"], "score_table")
    rows = []
    if df["seat"].nunique() > 1:
        # the interval over games (a game's mean over its seats), not over rows: a game's seats are not
        # independent samples (see the module docstring)
        per_game = df.groupby("game")["score"].mean().astype(float).tolist()
        mean, low, high = mean_interval(per_game)
        rows.append({"seat": "all", **score_spread(df["score"]), "games": len(per_game),
                     "low": low, "high": high})
    for seat, part in df.groupby("seat", sort=True):
        rows.append({"seat": int(seat) + 1, **score_spread(part["score"])})
    return pd.DataFrame(rows, columns=["seat"] + COLUMNS)


def solo_result(df: pd.DataFrame, z: float = Z95) -> dict:
    """A solo game won or lost against the game itself: {"games", "rate" (win share), "low", "high"
    (Wilson interval), "won", "shared", "lost" (shares of games)}."""
    df = with_share(check_winner(need(df, ["game", "won"], "solo_result"), "solo_result"))
    n = len(df)
    wins = float(df["share"].sum())
    low, high = wilson_interval(wins, n, z)
    share = df["share"]
    return {"games": n, "rate": wins / n if n else 0.0, "low": low, "high": high,
            "won": float((share >= 1).mean()) if n else 0.0,
            "shared": float(((share > 0) & (share < 1)).mean()) if n else 0.0,
            "lost": float((share <= 0).mean()) if n else 0.0}


def rating_counts(df: pd.DataFrame, scale: Sequence[tuple]) -> pd.DataFrame:
    """Games at each tier of a solo rating scale: `scale` is ((lowest score of the tier or None for the
    first, words), ...) from the lowest tier to the highest (State.RATING_SCALE). Columns tier (1 the
    lowest), scores (the tier's range in words), words, games, share."""
    need(df, ["game", "score"], "rating_counts")
    if not scale:
        raise ValueError("rating_counts needs the game's rating scale (State.RATING_SCALE)")
    lows = [low for low, _ in scale]
    if RATED in df.columns:
        tiers = df[RATED].astype("int64")
    else:
        tiers = df["score"].map(lambda v: 1 + max([i for i, low in enumerate(lows) if low is None or v >= low],
                                                  default=0))
    n = len(df)
    rows = []
    for i, (low, words) in enumerate(scale):
        nxt = lows[i + 1] if i + 1 < len(lows) else None
        if low is None:
            scores = f"below {nxt}" if nxt is not None else "any score"
        elif nxt is None:
            scores = f"{low} or more"
        else:
            scores = f"{low} to {nxt - 1}"
        games = int((tiers == i + 1).sum())
        rows.append({"tier": i + 1, "scores": scores, "words": words, "games": games,
                     "share": games / n if n else 0.0})
    return pd.DataFrame(rows, columns=["tier", "scores", "words", "games", "share"])
