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
- p: whether the holders' rate (or mean score) differs from the others' more than chance would make
  it, by a shuffle test with games as the samples: each game's results (win shares, or scores) are
  shuffled among its own seats, the cards staying where they were, `resamples` times (seeded, so the
  table is the same each time), and p is the two-sided share of the shuffles whose difference is at
  least as far out as the one seen (counting the one seen among them). A solo frame, one seat a game,
  shuffles the scores over the games. The holders' interval alone cannot say this: the others' rate
  is as uncertain as theirs, and in a game of two a card one seat holds the other does not, so the
  holders' wins are the others' losses.
- false_alarm: the chance that the card would get p < ALPHA if no card mattered (from the same
  shuffles; at most about ALPHA). Their sum over the cards is how many cards would be singled out by
  chance alone.
"""
from __future__ import annotations

import re

import numpy as np
import pandas as pd

from ..core.errors import ConfigError
from .balance import with_share
from .frames import check_whole, check_winner, check_z, need
from .stats import Z95, mean_interval, wilson_interval

ALPHA = 0.05           # a card with p below this lies clearly above or below the others
RESAMPLES = 1000       # shuffles of the shuffle test (the report's default)


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


def shuffle_test(df: pd.DataFrame, held: pd.DataFrame, cards: list, value: str, resamples: int = RESAMPLES,
                 seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """(p, false_alarm) for each of `cards` (see the module docstring): `df` has one row per game and
    seat with the `value` compared (share or score), `held` the rows of holdings(). Each game's values
    are shuffled among its seats (over every game when each game has one seat); the statistic is the
    holders' total, which for a fixed number of holders orders the differences as the holders' mean
    minus the others' does (the total over all seats does not change in a shuffle)."""
    if not cards:
        return np.zeros(0), np.zeros(0)
    rows = df[["game", "seat", value]].sort_values(["game", "seat"], kind="stable").reset_index(drop=True)
    values = rows[value].astype(float).fillna(0.0).to_numpy()
    where = pd.Series(range(len(rows)), index=pd.MultiIndex.from_frame(rows[["game", "seat"]]))
    column = {c: j for j, c in enumerate(cards)}
    mine = held[held["card"].isin(column)]
    matrix = np.zeros((len(rows), len(cards)))
    matrix[where.loc[list(zip(mine["game"], mine["seat"]))].to_numpy(), mine["card"].map(column).to_numpy()] = 1.0
    blocks = rows["game"].factorize()[0].astype(float)
    if rows.groupby("game").size().max() < 2:            # one seat a game: shuffle over the games
        blocks = np.zeros(len(rows))
    seen = values @ matrix
    rng = np.random.default_rng(seed)
    drawn = []
    for start in range(0, 2 * resamples, 250):            # a few hundred shuffles at a time
        k = min(250, 2 * resamples - start)
        order = np.argsort(blocks + rng.random((k, len(rows))), axis=1, kind="stable")
        drawn.append(values[order] @ matrix)
    drawn = np.vstack(drawn)
    # the first `resamples` shuffles are the reference each p is read against; the others, independent
    # of them, stand in the place of the games seen, to count how often a card would be singled out if
    # none mattered (read against the shuffles they are drawn with, the tails would look emptier than
    # they are)
    reference, stand_in = drawn[:resamples], drawn[resamples:]
    eps = 1e-9 * max(1.0, float(np.abs(values).sum()))
    p, alarm = np.ones(len(cards)), np.zeros(len(cards))
    for j in range(len(cards)):
        ranked = np.sort(reference[:, j])

        def p_of(t: np.ndarray) -> np.ndarray:
            above = resamples - np.searchsorted(ranked, t - eps, side="left")
            below = np.searchsorted(ranked, t + eps, side="right")
            return np.minimum(1.0, 2 * (np.minimum(above, below) + 1) / (resamples + 1))
        p[j] = p_of(seen[j:j + 1])[0]
        alarm[j] = float((p_of(stand_in[:, j]) < ALPHA).mean())
    return p, alarm


def card_stats(df: pd.DataFrame, min_seats: int = 1, z: float = Z95, resamples: int = RESAMPLES,
               seed: int = 0) -> pd.DataFrame:
    """Per card: seats, held_by, copies, rate (win share when held), low, high, others (win share
    of the seats without it), lift, p and false_alarm, sorted by lift (see the module docstring). Cards
    held by fewer than `min_seats` seats, or missing from fewer than `min_seats`, are left out (too few
    to compare). z: the width of the intervals in standard errors (1.96 for 95 %); resamples and seed:
    the shuffles of the test that gives p. `df` holds one run (see frames.py). Games with no winner
    (a rated solo game) are refused: card_scores compares scores."""
    min_seats = check_whole(min_seats, "min_seats", "card_stats", 1,
                            " (the fewest seats that must hold a card, and the fewest that must not, to show it)")
    z = check_z(z, "card_stats")
    resamples = check_whole(resamples, "resamples", "card_stats", 100, " (shuffles of the test of each card)")
    seed = check_whole(seed, "seed", "card_stats", 0)
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
    out["p"], out["false_alarm"] = shuffle_test(df, held, out["card"].tolist(), "share", resamples, seed)
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


def card_scores(df: pd.DataFrame, min_seats: int = 1, level: float = 0.95, resamples: int = RESAMPLES,
                seed: int = 0) -> pd.DataFrame:
    """Per card: seats, held_by, copies, score (the holders' mean final score), low, high (its
    Student's t interval), others (the mean score of the seats without it), lift (score - others, in
    points), p and false_alarm (the shuffle test of the module docstring: scores shuffled among a game's
    seats, or over the games of a solo frame), sorted by lift; cards held by, or missing from, fewer
    than `min_seats` seats are left out."""
    need(df, ["game", "seat", "agent", "won", "score"], "card_scores")
    min_seats = check_whole(min_seats, "min_seats", "card_scores", 1,
                            " (the fewest seats that must hold a card, and the fewest that must not, to show it)")
    resamples = check_whole(resamples, "resamples", "card_scores", 100, " (shuffles of the test of each card)")
    seed = check_whole(seed, "seed", "card_scores", 0)
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
    out["p"], out["false_alarm"] = shuffle_test(df, held, out["card"].tolist(), "score", resamples, seed)
    return out.sort_values("lift", ascending=False, kind="stable").reset_index(drop=True)


LONG, ENDS = 20, 8     # a cards table longer than LONG is shown by its ENDS best and worst, then whole


def ends(table: pd.DataFrame) -> pd.DataFrame:
    """A long cards table's first and last ENDS rows (the cards with the highest and the lowest lift),
    or the whole table when it is not long."""
    return table if len(table) <= LONG else pd.concat([table.head(ENDS), table.tail(ENDS)])
