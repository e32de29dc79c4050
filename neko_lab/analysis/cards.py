"""Per-card (per-location, per-technology) statistics from nl.simulate()'s `held` column: the cards
each seat held at the end (State.holdings(), names joined by "|").

Definitions, per card name:
- seats: seats that held the card at the end (a seat holding two copies counts once), held_by:
  that as a share of all seats;
- copies: copies held in all;
- taken by winners: the share of the holders' seats that won, counted by win share (the holders'
  total share / seats), with a Wilson interval: the card's win rate when held;
- lift: that rate minus the win rate of the seats that did not hold it (a difference, not a cause:
  strong players may take a card because they are winning).
- by score (card_scores, for games whose win says nothing, such as a rated solo game): the holders'
  mean final score with its 95 % Student's t interval, the mean score of the seats without the card
  (others) and lift, the difference in points.
"""
from __future__ import annotations

import re

import pandas as pd

from ..core.errors import ConfigError
from .balance import with_share
from .frames import check_whole, check_winner, check_z, need
from .stats import Z95, mean_interval, wilson_interval


def holdings(df: pd.DataFrame) -> pd.DataFrame:
    """One row per seat and card held: game, seat, agent, card, copies, share. game and seat are the
    results frame's own (seat 0 is the first seat), so the rows join back to it; `df` holds one run
    (see frames.py)."""
    need(df, ["game", "seat", "agent", "won"], "holdings")
    if "held" not in df.columns:
        raise ConfigError("holdings needs a `held` column, which only the results of a game that names its "
                          "holdings have (State.holdings())")
    df = with_share(df)
    rows = []
    for game, seat, agent, held, share in df[["game", "seat", "agent", "held", "share"]].itertuples(
            index=False, name=None):
        counts: dict[str, int] = {}
        for name in str(held).split("|") if held else []:
            counts[name] = counts.get(name, 0) + 1
        rows.extend({"game": game, "seat": seat, "agent": agent, "card": c, "copies": k, "share": share}
                    for c, k in counts.items())
    return pd.DataFrame(rows, columns=["game", "seat", "agent", "card", "copies", "share"])


def card_stats(df: pd.DataFrame, min_seats: int = 1, z: float = Z95) -> pd.DataFrame:
    """Per card: seats, held_by, copies, rate (win share when held), low, high, others (win share
    of the seats without it) and lift, sorted by lift (see the module docstring). Cards held by fewer
    than `min_seats` seats, or missing from fewer than `min_seats`, are left out (too few to compare).
    z: the width of the intervals in standard errors (1.96 for 95 %). `df` holds one run (see
    frames.py). Games with no winner (a rated solo game) are refused: card_scores compares scores."""
    min_seats = check_whole(min_seats, "min_seats", "card_stats", 1,
                            " (the fewest seats that must hold a card, and the fewest that must not, to show it)")
    z = check_z(z, "card_stats")
    check_winner(need(df, ["game", "seat", "agent", "won"], "card_stats"), "card_stats")
    df = with_share(df)
    held = holdings(df)
    n_seats = len(df)
    total = float(df["share"].sum())
    rows = []
    for card, part in held.groupby("card", sort=True):
        seats, w = len(part), float(part["share"].sum())
        if seats < min_seats or n_seats - seats < min_seats:
            continue
        low, high = wilson_interval(w, seats, z)
        rest = n_seats - seats
        others = (total - w) / rest if rest else float("nan")
        rows.append({"card": card, "seats": seats, "held_by": seats / n_seats if n_seats else 0.0,
                     "copies": int(part["copies"].sum()), "rate": w / seats, "low": low, "high": high,
                     "others": others, "lift": w / seats - others})
    out = pd.DataFrame(rows, columns=["card", "seats", "held_by", "copies", "rate", "low", "high",
                                      "others", "lift"])
    return out.sort_values("lift", ascending=False, kind="stable").reset_index(drop=True)


def left_out(df: pd.DataFrame, compared: pd.DataFrame) -> pd.DataFrame:
    """The cards held at the end that `compared` (a table of card_stats or card_scores) leaves out, as
    held by too few seats or missing from too few: card and seats (the seats that held it), the rarest
    first. `df` holds one run (see frames.py)."""
    held = holdings(df).groupby("card").size()
    left = held[~held.index.isin(compared["card"])]
    out = pd.DataFrame({"card": left.index, "seats": left.to_numpy()}, columns=["card", "seats"])
    # numbers inside names in their order ("minion 3" before "minion 10")
    key = out["card"].map(lambda c: tuple((0, int(p), "") if p.isdigit() else (1, 0, p)
                                          for p in re.split(r"(\d+)", str(c)) if p))
    order = sorted(range(len(out)), key=lambda i: (out["seats"].iat[i], key.iat[i]))
    return out.iloc[order].reset_index(drop=True)


def card_scores(df: pd.DataFrame, min_seats: int = 1, level: float = 0.95) -> pd.DataFrame:
    """Per card: seats, held_by, copies, score (the holders' mean final score), low, high (its
    Student's t interval), others (the mean score of the seats without it) and lift (score - others, in
    points), sorted by lift; cards held by, or missing from, fewer than `min_seats` seats are left
    out."""
    need(df, ["game", "seat", "agent", "won", "score"], "card_scores")
    held = holdings(df).merge(df[["game", "seat", "score"]], on=["game", "seat"], how="left")
    n_seats = len(df)
    total = float(df["score"].sum())
    rows = []
    for card, part in held.groupby("card", sort=True):
        seats = len(part)
        if seats < min_seats or n_seats - seats < min_seats:
            continue
        mean, low, high = mean_interval(part["score"].astype(float).tolist(), level)
        rest = n_seats - seats
        others = (total - float(part["score"].sum())) / rest if rest else float("nan")
        rows.append({"card": card, "seats": seats, "held_by": seats / n_seats if n_seats else 0.0,
                     "copies": int(part["copies"].sum()), "score": mean, "low": low, "high": high,
                     "others": others, "lift": mean - others})
    out = pd.DataFrame(rows, columns=["card", "seats", "held_by", "copies", "score", "low", "high",
                                      "others", "lift"])
    return out.sort_values("lift", ascending=False, kind="stable").reset_index(drop=True)


LONG, ENDS = 20, 8     # a cards table longer than LONG is shown by its ENDS best and worst, then whole


def ends(table: pd.DataFrame) -> pd.DataFrame:
    """A long cards table's first and last ENDS rows (the cards with the highest and the lowest lift),
    or the whole table when it is not long."""
    return table if len(table) <= LONG else pd.concat([table.head(ENDS), table.tail(ENDS)])
