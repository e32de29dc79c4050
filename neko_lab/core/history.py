"""A game's history and the saves written from it (read back by core.saves and core.loading).

Every action `State.apply` accepts is added to an immutable chain, `History(action, previous)`,
that copies of a state share: cloning never copies it, so it does not slow search agents down as a
game grows. A save is that history plus what is needed to start the game again:

    {"format": "neko_lab-save/2", "kind": "history", "version": "0.1.0",  # the neko_lab that wrote it
     "game": "naeco", "players": 2, "seed": 42,
     "options": {...}, "data": {"fingerprint": "..."}            # the shipped dataset
                                                                 # or {"fingerprint", "files": {...}}
     "classes": ["neko_lab.games.naeco.rules:Play", ...],         # the action classes used
     "actions": [[0, 3, 1], ...],                                 # [class index, field values...]
     "checksum": "..."}                                           # against accidents only

Loading replays the actions through `apply`, so a save that breaks a rule cannot load. A snapshot
(`to_json(snapshot=True)`) stores the state's fields instead: for positions set up by hand for
teaching; reading one needs `from_json(text, trust=True)`. A position read from a snapshot that its
own history does not reproduce cannot be saved as that history (SNAPSHOT_ONLY below).
"""
from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING, Any

from . import serial
from .chain import actions_of
from .data import DataOrigin, data_files, fingerprint, game_files
from .errors import SaveError
from .version import VERSION

if TYPE_CHECKING:
    from .state import State

FORMAT = "neko_lab-save/2"
OLD_FORMATS = ("neko_lab-save/1",)
# Set (to True) on a position loaded from a snapshot whose history, replayed from the set-up, does not
# give it (a position set up by hand): carried by its copies, never saved, and such a position cannot
# be saved as its history (core.snapshots sets it when the snapshot is read).
SNAPSHOT_ONLY = "_snapshot_only"
# Set on a copy made by State.determinize(seat, rng) for a search: its hidden cards were dealt afresh and
# its history and seed dropped, so it is no game that was played and is saved in neither kind.
SEARCH_COPY = "_search_copy"
NOT_SAVED = ("_legal", SNAPSHOT_ONLY)          # fields a snapshot leaves out


# ---------------------------------------------------------------- writing
def canonical(body: dict) -> str:
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def checksum(body: dict) -> str:
    """The checksum of a save's fields (everything but "checksum" itself)."""
    return hashlib.sha256(canonical(body).encode()).hexdigest()[:16]


_PLAIN = {int, str, bool, float, type(None)}    # written to JSON as they are


def encode_actions(actions: list) -> tuple[list[str], list]:
    """(class table, encoded steps): a registered class's action is [class index, *fields]; any
    other hashable value (an int, a str, a plain tuple) is written with serial.encode."""
    classes: list[str] = []
    index: dict[type, int] = {}
    steps = []
    for a in actions:
        t = type(a)
        if t in index or serial.is_registered(t):
            i = index.get(t)
            if i is None:
                i = index[t] = len(classes)
                classes.append(serial.class_key(t))
            values = list(a) if isinstance(a, tuple) else [getattr(a, f) for f in serial.fields_of(t)]
            for v in values:
                if type(v) not in _PLAIN:
                    values = [serial.encode(v) for v in values]
                    break
            steps.append([i, *values])
        else:
            steps.append(serial.encode(a))
    return classes, steps


def data_record(origin: DataOrigin | None, game: str | None = None) -> dict | None:
    if origin is None or origin.folder is None and origin.files is None:
        return None
    files = origin.files
    if files is None and not origin.shipped:
        files = data_files(origin.folder, game_files(game) if game else None)
    record: dict[str, Any] = {"fingerprint": fingerprint(origin.folder, files)}
    if not origin.shipped:
        record["files"] = dict(files)
    return record


def snapshot_fields(state: "State", leave_out: tuple[str, ...] = ()) -> dict[str, Any]:
    """Every field of `state` a snapshot save holds, encoded, by name (what dumps(snapshot=True) writes),
    but for the fields named in `leave_out`."""
    skip = (*NOT_SAVED, *leave_out)
    return {k: serial.encode(v) for k, v in sorted(state.__dict__.items()) if k not in skip}


def dumps(state: "State", snapshot: bool = False) -> str:
    """The save text of `state` (see the module docstring)."""
    if state.__dict__.get(SEARCH_COPY):
        raise SaveError("this position is a search copy made by determinize(seat, rng): what that seat "
                        "cannot see was dealt afresh, so it is no game that was played and cannot be saved; "
                        "save the game it was drawn from")
    if snapshot:
        body: dict[str, Any] = {"format": FORMAT, "kind": "snapshot", "version": VERSION,
                                "game": state.GAME, "state": snapshot_fields(state)}
    else:
        if state.__dict__.get(SNAPSHOT_ONLY):
            raise SaveError("this position was loaded from a snapshot that its history does not "
                            "reproduce: saved as that history, or replayed, it would be another game; "
                            "save it with to_json(snapshot=True)")
        classes, steps = encode_actions(actions_of(state.__dict__.get("_history")))
        body = {"format": FORMAT, "kind": "history", "version": VERSION, "game": state.GAME,
                "players": state.players,
                "seed": state.seed, "options": serial.encode(dict(state.options)),
                "data": data_record(state.__dict__.get("_origin"), state.GAME), "classes": classes,
                "actions": steps}
    text = canonical(body)
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    return text[:-1] + f',"checksum":"{digest}"}}'
