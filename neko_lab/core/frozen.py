"""Read-only plain data, so copies of a state may share it: a change through one copy's public
attributes (its options, an event's data) can never reach another copy or the original.

FrozenDict is a dict (json.dumps, ==, ** and pandas read it as one) whose mutators raise TypeError;
`freeze` turns lists into tuples, sets into frozensets and dicts into FrozenDicts, all the way down.
Sharing is what keeps State.clone() cheap: nothing here is ever copied.
"""
from __future__ import annotations

from typing import Any, NoReturn


class FrozenDict(dict):
    """A dict that cannot be changed after it is built (hashable when its values are)."""

    __slots__ = ()

    def _refuse(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError("this mapping is read-only (shared by every copy of the game): build a new "
                        "dict, e.g. {**mapping, key: value}")

    __setitem__ = __delitem__ = __ior__ = _refuse                     # type: ignore[assignment]
    clear = pop = popitem = setdefault = update = _refuse             # type: ignore[assignment]

    def copy(self) -> "FrozenDict":              # nothing to copy: it never changes
        return self

    def __hash__(self) -> int:                   # type: ignore[override]
        return hash(frozenset(self.items()))

    def __reduce__(self) -> tuple:
        return (FrozenDict, (dict(self),))

    def __repr__(self) -> str:
        return dict.__repr__(self)


_ATOMS = frozenset({int, str, float, bool, type(None), FrozenDict})   # already read-only


def freeze(value: Any) -> Any:
    """`value` with every list, set and dict in it made read-only (tuples, frozensets, FrozenDicts)."""
    t = type(value)
    if t in _ATOMS:
        return value
    if isinstance(value, dict):
        return FrozenDict({k: v if type(v) in _ATOMS else freeze(v) for k, v in value.items()})
    if t is tuple and _ATOMS.issuperset(map(type, value)):
        return value                             # already read-only all the way down
    if t is list or t is tuple:
        return tuple([v if type(v) in _ATOMS else freeze(v) for v in value])
    if isinstance(value, (set, frozenset)):
        return frozenset(value)
    return value


EMPTY = FrozenDict()

__all__ = ["EMPTY", "FrozenDict", "freeze"]
