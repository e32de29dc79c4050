"""Reviewing a game: every position of a save in order, so a board can step through it.

    from neko_lab.widgets.review import positions, history_save
    text = history_save(start_state, actions)      # a game as its start and the actions taken
    states, actions = positions(text)              # every position in order (actions[i] led to states[i + 1])

`positions` is the one place that knows how a save becomes a list of positions: when the core offers
``neko_lab.replay(text)`` (a save that is the game's history) it is used; otherwise a history written
by `history_save` is replayed here through `State.apply`, and a plain snapshot save gives its one
position.
"""
from __future__ import annotations

import json
from typing import Hashable, Sequence

from ..core import serial
from ..core.errors import SaveError
from ..core.state import State, from_json

HISTORY_FORMAT = "neko-lab-history-1"


def history_save(start: State, actions: Sequence[Hashable]) -> str:
    """A save of a game as its starting position and the actions taken from it, in order."""
    return json.dumps({"format": HISTORY_FORMAT, "start": start.to_json(),
                       "actions": [serial.encode(a) for a in actions]}, ensure_ascii=False)


def positions(text: str) -> tuple[list[State], list[Hashable] | None]:
    """Every position of the saved game in order, and the actions between them when known
    (None when the save gives positions only). Raises SaveError for anything that is not a save."""
    doc = _history_doc(text)
    if doc is None:
        import neko_lab

        replay = getattr(neko_lab, "replay", None)
        if replay is not None:                  # saves are the game's history: the core replays them
            game = replay(text)
            actions = getattr(game, "actions", None)
            return list(game), (list(actions) if actions is not None else None)
        return [from_json(text)], []
    state = from_json(doc["start"])
    states, actions = [state.clone()], []
    for step, raw in enumerate(doc["actions"], start=1):
        action = serial.decode(raw)
        try:
            state.apply(action)
        except Exception as exc:                # an edited history that breaks a rule
            raise SaveError(f"step {step}: {str(action)[:80]} is not legal: {exc}") from None
        states.append(state.clone())
        actions.append(action)
    return states, actions


def _history_doc(text: str) -> dict | None:
    try:
        doc = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        raise SaveError("not a neko_lab save (not JSON)") from None
    if isinstance(doc, dict) and doc.get("format") == HISTORY_FORMAT:
        if not isinstance(doc.get("start"), str) or not isinstance(doc.get("actions"), list):
            raise SaveError("a game history needs 'start' (a save) and 'actions' (a list)")
        return doc
    return None
