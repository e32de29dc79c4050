"""Comparing whole states in tests.

A save (`state.to_json()`) holds only the settings and the actions taken, so two states with equal
saves can still differ in a field that no applied action explains. "The state is unchanged" (after a
refused action, a search on copies, a picture, a hint) and "the two games are the same" are therefore
checked on the snapshot encoding, which holds every field (the fields `state.to_json(snapshot=True)`
writes, core.history.snapshot_fields, taken directly: a search copy made by determinize() is no game and
cannot be saved).
"""
from __future__ import annotations

import json
from typing import Any, Iterable

from neko_lab.core.history import SEARCH_COPY, canonical, snapshot_fields

# fields a search copy leaves out or marks (determinize drops the history and the seed of the real game)
SEARCH_COPY_FIELDS = ("_history", "seed", SEARCH_COPY)


def fingerprint(state: Any) -> str:
    """Every field of `state`, as its snapshot save encodes them."""
    return canonical({"state": snapshot_fields(state)})


def same_state(a: Any, b: Any) -> bool:
    """Whether `a` and `b` agree in every field."""
    return fingerprint(a) == fingerprint(b)


def fields(state: Any, without: Iterable[str] = ()) -> dict:
    """The fields of `state` by name as the snapshot encodes them, leaving out `without` (a loaded
    game, for one, records its "_origin" differently); a dict, so a failing test shows which differ."""
    skip = set(without)
    return {k: v for k, v in json.loads(fingerprint(state))["state"].items() if k not in skip}
