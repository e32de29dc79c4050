"""Loading a snapshot save (a position's fields, not a game's history): it cannot be checked by
replaying, so it loads only with trust=True; its core fields are type-checked and the game's own fields
checked against the shapes the game declares (State.FIELDS, core/shapes.py) before anything reads them,
and a position so loaded that its own history does not reproduce is marked so that it is never saved or
replayed as that history (core/history.py's SNAPSHOT_ONLY).
"""
from __future__ import annotations

import json
from typing import Any

from . import serial
from .chain import History
from .data import DataOrigin, data_origin
from .errors import SaveError, excerpt as _excerpt
from .events import Event, Log
from .history import SNAPSHOT_ONLY, dumps, snapshot_fields
from .rng import Rng
from .refusals import short
from .shapes import check_fields
from .saves import decode_steps, game_of_doc, play_step, start
from .state import Pending, State


def load_snapshot(doc: dict, trust: bool) -> State:
    if not trust:
        raise SaveError("this save is a snapshot of a position, not a game's history, so it cannot "
                        "be checked by replaying it: load it with from_json(text, trust=True) "
                        "only if you trust where it comes from")
    cls = game_of_doc(doc)
    body = doc.get("state")
    if not isinstance(body, dict):
        raise SaveError("corrupted save: the 'state' field should be a table of fields")
    try:
        obj = object.__new__(cls)
        obj.__dict__.update({k: _decode_field(k, v) for k, v in body.items()})
        events = obj.__dict__.get("log", ())
        if not isinstance(events, (list, tuple)) or not all(isinstance(e, Event) for e in events):
            raise SaveError(f"corrupted snapshot: the field 'log' should be a list of events, not "
                            f"{_excerpt(events, 40)}")
        obj.log = Log(events)
        obj._legal = None
        obj.__dict__.setdefault("_history", None)
        obj.__dict__.setdefault("_origin", data_origin(cls.GAME, None, None))   # older snapshots
        _check_core_fields(obj)
        check_fields(obj)          # the game's own fields have the shapes it declares (FIELDS)
        obj.check_invariants()
        if not obj.legal_actions() and not obj.is_over():
            raise SaveError("corrupted snapshot: the game is not over, yet no action is legal in it "
                            "(its fields do not fit together)")
        if not _history_gives(obj):
            obj.__dict__[SNAPSHOT_ONLY] = True
    except SaveError:
        raise
    except AssertionError as exc:       # check_invariants() names the rule of the game the fields break
        raise SaveError(f"corrupted snapshot: its fields break a rule of the game: {short(str(exc), 200)}") from None
    except Exception as exc:
        raise SaveError(f"corrupted snapshot: {type(exc).__name__}: {short(str(exc), 200)}") from None
    return obj


def _decode_field(name: str, value: Any) -> Any:
    """serial.decode(value), a SaveError naming the field when it holds no value a save can describe."""
    try:
        return serial.decode(value)
    except SaveError as exc:
        raise SaveError(f"corrupted snapshot: the field {_excerpt(name, 40)} cannot be read: {exc}") from None
    except (RecursionError, TypeError, ValueError, KeyError, AttributeError, IndexError) as exc:
        raise SaveError(f"corrupted snapshot: the field {_excerpt(name, 40)} cannot be read "
                        f"({type(exc).__name__})") from None


def _history_gives(state: State) -> bool:
    """Whether replaying the history `state` carries, from the game's set-up, gives `state` again
    (field by field, the record of its card data aside): false for a position set up by hand."""
    try:
        doc = json.loads(dumps(state))
        again = start(doc)
        for n, action in decode_steps(doc):
            play_step(again, n, action)
    except SaveError:
        return False
    return snapshot_fields(again, ("_origin",)) == snapshot_fields(state, ("_origin",))


def _check_core_fields(obj: State) -> None:
    """SaveError naming the first of the core's own fields (those State.__init__ sets) that a snapshot
    gives a wrong type, before anything reads them."""
    d = obj.__dict__
    cls = type(obj)

    def whole(v: Any, low: int, high: int | None = None) -> bool:
        return isinstance(v, int) and not isinstance(v, bool) and low <= v and (high is None or v <= high)

    checks = (
        ("players", lambda v: whole(v, cls.MIN_PLAYERS, cls.MAX_PLAYERS),
         f"a whole number from {cls.MIN_PLAYERS} to {cls.MAX_PLAYERS}"),
        ("seed", lambda v: whole(v, 0, (1 << 64) - 1), "a whole number with 0 <= seed < 2**64"),
        ("steps", lambda v: whole(v, 0), "a whole number of actions, 0 or more"),
        ("options", lambda v: isinstance(v, dict) and all(isinstance(k, str) for k in v),
         "a table of option names"),
        ("rng", lambda v: isinstance(v, Rng), "the game's generator"),
        ("pending", lambda v: isinstance(v, list) and all(
            isinstance(p, Pending) and (p.seat is None or whole(p.seat, 0, d["players"] - 1)) for p in v),
         "a list of pending decisions, each of a seat of the game"),
        ("_history", lambda v: v is None or isinstance(v, History), "the chain of actions applied"),
        ("_origin", lambda v: isinstance(v, DataOrigin) and (v.folder is None or isinstance(v.folder, str))
         and isinstance(v.shipped, bool) and (v.files is None or isinstance(v.files, tuple) and all(
             isinstance(f, tuple) and len(f) == 2 and all(isinstance(t, str) for t in f) for f in v.files)),
         "the record of the game's card data"),
    )
    for name, ok, what in checks:
        if name not in d:
            raise SaveError(f"corrupted snapshot: the field '{name}' is missing")
        if not ok(d[name]):
            raise SaveError(f"corrupted snapshot: the field '{name}' should be {what}, not "
                            f"{_excerpt(d[name], 40)}")
