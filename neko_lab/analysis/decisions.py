"""Branching factor and decisions, from the trace of nl.simulate(..., trace="action").

Each point after an action names the decision just taken: `kind` (the pending decision's kind, the
rulebook step that asked it), `actor` (the seat) and `choices` (how many legal actions it offered).

Definitions:
- branching factor of a kind: the mean number of legal actions when that kind was decided (median
  and maximum too); forced: the share of those decisions with a single legal action.
- decisions per game / per round by kind: how many such decisions one seat takes in a game or a round,
  averaged over seats and games (a round is the game's round_number()).
"""
from __future__ import annotations

import pandas as pd

from neko_lab.core import ConfigError

from .frames import ACTIONS, need


def _taken(trace: pd.DataFrame) -> pd.DataFrame:
    if not len(need(trace, [], "branching", ACTIONS)):
        raise ConfigError("the trace holds no decisions: branching needs at least one game played with "
                          "nl.simulate(..., trace='action')")
    need(trace, ["game", "step", "round", "seat", "actor", "kind", "choices"], "branching", ACTIONS)
    # a point per seat follows every action: keep the actor's own row, one per decision
    rows = trace[(trace["actor"] >= 0) & (trace["seat"] == trace["actor"])]
    return rows[["game", "step", "round", "actor", "kind", "choices"]]


def branching(trace: pd.DataFrame) -> pd.DataFrame:
    """Per decision kind (and "all"): decisions, mean/median/max choices, forced share,
    decisions_per_game and decisions_per_round per seat."""
    taken = _taken(trace)
    games = taken["game"].nunique() or 1
    seats = int(trace["seat"].max()) + 1 if len(trace) else 1
    rounds = trace.groupby("game")["round"].max().clip(lower=1).sum() or 1
    out = []
    for kind, part in [*taken.groupby("kind", sort=True), ("all", taken)]:
        out.append({"kind": kind, "decisions": len(part), "mean": float(part["choices"].mean()),
                    "median": float(part["choices"].median()), "max": int(part["choices"].max()),
                    "forced": float((part["choices"] <= 1).mean()),
                    "per_game": len(part) / games / seats, "per_round": len(part) / rounds / seats})
    return pd.DataFrame(out, columns=["kind", "decisions", "mean", "median", "max", "forced",
                                      "per_game", "per_round"])
