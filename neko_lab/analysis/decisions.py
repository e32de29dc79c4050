"""Branching factor and decisions, from the trace of nl.simulate(..., trace="action").

Each point after an action names the decision just taken: `kind` (the pending decision's kind, the
rulebook step that asked it), `actor` (the seat) and `choices` (how many legal actions it offered).

Definitions:
- branching factor of a kind: the mean number of legal actions when that kind was decided (median
  and maximum too); forced: the share of those decisions with a single legal action.
- decisions per game / per round by kind, counted two ways, each named in its column: all seats
  together (per_game_all_seats, per_round_all_seats: the "all" row's per_game_all_seats is the game's
  length in decisions) and one seat (per_game_per_seat, per_round_per_seat: averaged over seats), over
  games and their rounds (a round is the game's round_number()).
"""
from __future__ import annotations

import pandas as pd

from neko_lab.core import ConfigError

from .frames import ACTIONS, need

PER = ["per_game_all_seats", "per_game_per_seat", "per_round_all_seats", "per_round_per_seat"]


def _taken(trace: pd.DataFrame) -> pd.DataFrame:
    if not len(need(trace, [], "branching", ACTIONS)):
        raise ConfigError("the trace holds no decisions: branching needs at least one game played with "
                          "nl.simulate(..., trace='action')")
    need(trace, ["game", "step", "round", "seat", "actor", "kind", "choices"], "branching", ACTIONS)
    # a point per seat follows every action: keep the actor's own row, one per decision
    rows = trace[(trace["actor"] >= 0) & (trace["seat"] == trace["actor"])]
    return rows[["game", "step", "round", "actor", "kind", "choices"]]


def branching(trace: pd.DataFrame) -> pd.DataFrame:
    """Per decision kind (and "all"): decisions, mean/median/max choices, forced share, and decisions
    per game and per round, of all seats together and of one seat (see the module docstring)."""
    taken = _taken(trace)
    games = taken["game"].nunique() or 1
    seats = int(trace["seat"].max()) + 1 if len(trace) else 1
    rounds = trace.groupby("game")["round"].max().clip(lower=1).sum() or 1
    out = []
    for kind, part in [*taken.groupby("kind", sort=True), ("all", taken)]:
        out.append({"kind": kind, "decisions": len(part), "mean": float(part["choices"].mean()),
                    "median": float(part["choices"].median()), "max": int(part["choices"].max()),
                    "forced": float((part["choices"] <= 1).mean()),
                    "per_game_all_seats": len(part) / games, "per_game_per_seat": len(part) / games / seats,
                    "per_round_all_seats": len(part) / rounds, "per_round_per_seat": len(part) / rounds / seats})
    return pd.DataFrame(out, columns=["kind", "decisions", "mean", "median", "max", "forced", *PER])
