"""Drama: how the lead moves during games, from the trace of nl.simulate(..., trace=True) (or
trace="action": lead changes are counted at the same points either way, see below).

Every measure uses the trace's `projected` column (State.projected_scores(): what each seat would
score if the game ended now under the game's own end scoring), so it means something in games whose
points arrive only at scorings (Journey) or whose running score charges empty places (Syndicate).

Definitions, per game, on the points in order: by default (every="round") the start of the game and
the end of every round, which are the points of trace=True; a trace="action" is first cut down to
those same points, so the figures do not depend on which trace was recorded (a lead that changes
hands and back within one round is not a change). every="point" counts at every point of the trace
as given instead (after every action, for trace="action").
- leader: the seat with the highest projected score at a point, when it is alone there (a tie at
  the top has no leader).
- lead changes: how often the leader differs from the previous leader (points with no leader are
  skipped), so a game led by one seat throughout has 0.
- stability: the share of consecutive pairs of points at which the same seat leads alone at both.
- leader goes on to win (at round r, or at a tenth of the game): among games with a leader at the
  last point of that round, the leader's mean win share in the final result, with a Wilson
  interval; 1/players is what a leader would get if leading told nothing.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from ..core.errors import ConfigError, excerpt, one_of
from .balance import with_share
from .frames import RESULTS, TRACE, check_choice, check_winner, check_z, need
from .stats import Z95, wilson_interval


def _matrix(trace: pd.DataFrame, value: str) -> dict:
    """{game: (steps, rounds, values[point, seat])} from the long trace."""
    out = {}
    if trace.empty:
        return out
    # one reshape for every game (a pivot per game costs a hundred times more)
    wide = trace.groupby(["game", "step", "seat"], sort=True)[value].last().unstack("seat").sort_index()
    rounds = trace.groupby(["game", "step"], sort=True)["round"].last().reindex(wide.index).to_numpy()
    games = wide.index.get_level_values(0).to_numpy()
    steps = wide.index.get_level_values(1).to_numpy()
    vals = wide.to_numpy(dtype=float)
    cuts = np.flatnonzero(np.diff(games)) + 1
    for lo, hi in zip(np.r_[0, cuts], np.r_[cuts, len(games)]):
        block = vals[lo:hi]
        seats = ~np.isnan(block).all(axis=0)       # a game with fewer seats than the widest one
        out[games[lo].item()] = (steps[lo:hi], rounds[lo:hi], block[:, seats])
    return out


def _trace(trace: pd.DataFrame, value: str, who: str) -> str:
    """The column to read the lead on: `value`, or `score` for a trace without the default
    `projected`; refuse what is not a trace of one run (the results frame has no step or round) and
    a `value` that is not one of its score columns with a ConfigError."""
    need(trace, ["game", "step", "round", "seat"], who, TRACE)
    scores = [c for c in trace.columns if isinstance(c, str) and (c in ("score", "projected") or c.startswith("pts_"))]
    if value == "projected" and value not in trace.columns and "score" in trace.columns:
        return "score"
    if not isinstance(value, str) or value not in scores:
        if isinstance(value, str) and value not in trace.columns and not scores:
            need(trace, [value], who, TRACE)
        raise ConfigError(f"{who}'s value is the trace's column to read the lead on, "
                          f"{one_of(scores)}, not {excerpt(value)}")
    return value


def _leaders(values: np.ndarray) -> np.ndarray:
    """The seat leading alone at every point, -1 where the top is tied."""
    top = values.max(axis=1, keepdims=True)
    alone = (values == top).sum(axis=1) == 1
    return np.where(alone, values.argmax(axis=1), -1)


def round_points(trace: pd.DataFrame) -> pd.DataFrame:
    """The points of `trace` that trace=True records: each game's first point (its start), the last
    point of every round (the table at the round's end) and its last point (the end). A trace=True
    trace comes back as it is; a trace="action" one is cut down to those points."""
    _trace(trace, "projected", "round_points")       # a trace of one run (its score columns: any)
    if trace.empty:
        return trace
    steps = trace.groupby(["game", "step"], sort=True)["round"].last().reset_index()
    nxt_game = steps["game"].shift(-1)
    nxt_round = steps["round"].shift(-1)
    first = steps["game"] != steps["game"].shift(1)
    last = steps["game"] != nxt_game
    keep = steps[first | last | (steps["round"] != nxt_round)][["game", "step"]]
    return trace.merge(keep, on=["game", "step"], how="inner")


def lead_changes(trace: pd.DataFrame, value: str = "projected", every: str = "round") -> pd.DataFrame:
    """Per game: lead_changes, stability (see the module docstring), points (the points counted at:
    the start and the end of every round, or every point of the trace with every="point") and
    leaders (how many different seats led alone at some point). value: the trace's column to read the
    lead on ("projected", "score" or a "pts_" column); the trace is one run's (see frames.py)."""
    value = _trace(trace, value, "lead_changes")
    check_choice(every, "every", "lead_changes", ("round", "point"),
                 " ('round': the start and the end of every round; 'point': every point of the trace)")
    if every == "round":
        trace = round_points(trace)
    rows = []
    for game, (_, _, vals) in _matrix(trace, value).items():
        lead = _leaders(vals)
        alone = lead[lead >= 0]
        changes = int((alone[1:] != alone[:-1]).sum()) if len(alone) > 1 else 0
        pairs = len(lead) - 1
        same = int(((lead[1:] == lead[:-1]) & (lead[1:] >= 0)).sum()) if pairs > 0 else 0
        rows.append({"game": game, "lead_changes": changes,
                     "stability": same / pairs if pairs > 0 else 1.0,
                     "points": len(lead), "leaders": len(set(alone.tolist()))})
    return pd.DataFrame(rows, columns=["game", "lead_changes", "stability", "points", "leaders"])


def leader_wins(trace: pd.DataFrame, df: pd.DataFrame, at: str = "round", value: str = "projected",
                z: float = Z95) -> pd.DataFrame:
    """The leader-goes-on-to-win curve: at each round (at="round") or tenth of the game's steps
    (at="progress": 0.1, 0.2, ... 1.0), columns games (games with a leader there), wins (the
    leaders' total final win share), rate, low, high (Wilson interval, z standard errors wide: 1.96
    for 95 %) and chance (1/players). value: the trace's column to read the lead on ("projected",
    "score" or a "pts_" column). trace and df are one run's (see frames.py)."""
    value = _trace(trace, value, "leader_wins")
    check_winner(need(df, ["game", "seat", "won"], "leader_wins", RESULTS), "leader_wins")
    check_choice(at, "at", "leader_wins", ("round", "progress"))
    z = check_z(z, "leader_wins")
    df = with_share(df)
    share = df.set_index(["game", "seat"])["share"]
    players = df.groupby("game")["seat"].size()
    tally: dict = {}
    for game, (steps, rounds, vals) in _matrix(trace, value).items():
        lead = _leaders(vals)
        if at == "round":
            keys = rounds
        else:
            last = steps[-1] if len(steps) and steps[-1] > 0 else 1
            keys = np.ceil(np.round(steps / last * 10, 9)) / 10
        seen: dict = {}
        for k, l in zip(keys.tolist(), lead.tolist()):
            seen[k] = l                       # the last point of each round / tenth
        for k, l in seen.items():
            if l < 0:
                continue
            t = tally.setdefault(k, [0, 0.0, 0.0])
            t[0] += 1
            t[1] += float(share.get((game, l), 0.0))
            t[2] += 1.0 / players.get(game, 1)
    rows = []
    for k in sorted(tally):
        n, w, chance = tally[k]
        low, high = wilson_interval(w, n, z)
        rows.append({at: k, "games": n, "wins": w, "rate": w / n, "low": low, "high": high,
                     "chance": chance / n})
    return pd.DataFrame(rows, columns=[at, "games", "wins", "rate", "low", "high", "chance"])


def drama(trace: pd.DataFrame, every: str = "round") -> dict:
    """Summary over games: {"games", "lead_changes_mean", "lead_changes_median", "no_change" (share
    of games led by one seat throughout), "stability_mean"}, counted at the start and the end of every
    round (every="point": at every point of the trace; see lead_changes)."""
    _trace(trace, "projected", "drama")
    per = lead_changes(trace, every=every)
    if per.empty:
        return {"games": 0, "lead_changes_mean": 0.0, "lead_changes_median": 0.0, "no_change": 0.0,
                "stability_mean": 1.0}
    return {"games": len(per), "lead_changes_mean": float(per["lead_changes"].mean()),
            "lead_changes_median": float(per["lead_changes"].median()),
            "no_change": float((per["lead_changes"] == 0).mean()),
            "stability_mean": float(per["stability"].mean())}
