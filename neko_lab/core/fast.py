"""Speed-only tricks, kept in one place so that rules modules read as plain rules.

- `new_event` builds a frozen Event through its slot descriptors, a third of the cost of the
  dataclass constructor (events are built on every action of every simulated game).
- `fast_copy` is the structural copy of plain game data (re-exported from serial).
- `copy_slots` copies the named attributes of a __slots__ object without running __init__.
- `keep_legal` hands the engine the legal actions of the decision a game has just pushed, when the
  game had to work them out anyway to decide whether to ask at all (State.legal_actions then does
  not compute them a second time). Only valid if nothing changes the state before the next action.
"""
from __future__ import annotations

from typing import Any, Iterable, TypeVar

from .events import Event
from .frozen import FrozenDict, freeze
from .serial import fast_copy

T = TypeVar("T")

_SET_TEXT, _SET_RULE = Event.text.__set__, Event.rule.__set__  # type: ignore[attr-defined]
_SET_SEAT, _SET_DATA = Event.seat.__set__, Event.data.__set__  # type: ignore[attr-defined]
_SET_COVER = Event.cover.__set__  # type: ignore[attr-defined]
_NEW = object.__new__


def new_event(text: str, rule: str, seat: int | None, data: dict[str, Any],
              cover: str | None = None) -> Event:
    """Event(text, rule, seat, data, cover), built without the dataclass machinery (data made
    read-only, as the constructor does)."""
    e = _NEW(Event)
    _SET_TEXT(e, text)
    _SET_RULE(e, rule)
    _SET_SEAT(e, seat)
    _SET_DATA(e, data if type(data) is FrozenDict else freeze(data))
    _SET_COVER(e, cover)
    return e


def copy_slots(obj: T, fields: Iterable[str], deep: Iterable[str] = ()) -> T:
    """A new object of obj's class with the same attribute values; attributes named in `deep` are
    copied with fast_copy, the others shared (they must be immutable or copy-on-write)."""
    new = _NEW(type(obj))
    for f in fields:
        setattr(new, f, getattr(obj, f))
    for f in deep:
        setattr(new, f, fast_copy(getattr(obj, f)))
    return new


def keep_legal(state: Any, actions: list) -> None:
    """Record `actions` as the legal actions of `state`'s newest pending decision (the list the
    engine would compute for it now), so that they are not computed again."""
    state._legal = actions


__all__ = ["new_event", "fast_copy", "copy_slots", "keep_legal"]
