"""Speed-only tricks, kept in one place so that rules modules read as plain rules.

- `fast_copy` is the structural copy of plain game data (re-exported from serial).
- `copy_slots` copies the named attributes of a __slots__ object without running __init__.
- `keep_legal` hands the engine the legal actions of the decision a game has just pushed, when the
  game had to work them out anyway to decide whether to ask at all (State.legal_actions then does
  not compute them a second time). Only valid if nothing changes the state before the next action.
- `new_tuple(Cls, values)` builds a NamedTuple (an action) without its constructor's extra Python-level
  call: `new_tuple(Take, (k, colour, p))` is `Take(k, colour, p)`, every field given, in order (no
  defaults are filled in). Hot legal-action lists use it; everything else writes `Take(...)`.
- `paused_gc()` holds Python's cycle collector off for a block (an agent's search): a search makes
  millions of short-lived tuples, lists and copies, freed at once by reference counting, and each of
  the collector's passes over the older generations also walks everything an agent remembers (its
  caches), which measured about a tenth of a Syndicate search. Collection resumes after the block.
"""
from __future__ import annotations

import gc
from typing import Any, Iterable, TypeVar

from .serial import fast_copy

T = TypeVar("T")

_NEW = object.__new__
new_tuple = tuple.__new__


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


class paused_gc:
    """`with paused_gc():` runs the block with the cycle collector off, then switches it back on if it
    was on (also when the block raises, e.g. a search stopped by its time cap). Nested blocks leave it
    to the outer one. Cycles made meanwhile are collected by the collector's next pass. (A class, not a
    generator: the compiled build turns this module into C.)"""

    __slots__ = ("was",)

    def __enter__(self) -> None:
        self.was = gc.isenabled()
        gc.disable()

    def __exit__(self, *exc: Any) -> None:
        if self.was:
            gc.enable()


__all__ = ["fast_copy", "copy_slots", "keep_legal", "new_tuple", "paused_gc"]
