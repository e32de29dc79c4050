"""The shapes of a game's own fields, declared once in its State.FIELDS and checked when a trusted
snapshot loads (core/snapshots.py), before the game's check_invariants() reads them.

A snapshot is a position's fields, written out; a hand-edited one may give a field a value no game
reaches: a seat number past the last seat, a per-seat list one entry short, a count below zero. The
game's invariants speak of the rules (every card in one place) and assume the fields have their
shape, so such a value loaded and then failed moves later with an IndexError. Each game therefore
declares, field by field, the shape its rules rely on:

    FIELDS = {"active": seat(), "fame": per_seat(whole(0)), "order": order(),
              "generation": whole(0, 3), "bids": items(per_seat(items(whole(1, 6))), length=...)}

and a snapshot that breaks one is refused with a SaveError naming the field, what it should be and
what it is. A bound may be a number or a function of the state (the state's fields declared before it
are already checked). The conformance tests check every declaration after every action of random
games, so a declaration that a real game breaks is found there, not by a user loading a snapshot.
"""
from __future__ import annotations

import typing
from typing import Any, Callable

from .errors import SaveError, excerpt

class Shape:
    """A rule a field's value obeys: test(value, state) -> bool, and what(state), the words that say
    what the value should be (they end the sentence "the field 'x' should be ...")."""

    __slots__ = ("test", "what")

    def __init__(self, test: Callable[[Any, Any], bool], what: Callable[[Any], str]):
        self.test, self.what = test, what


def _at(bound: Any, state: Any) -> Any:
    return bound(state) if callable(bound) else bound


def _int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def whole(low: Any = 0, high: Any = None) -> Shape:
    """A whole number from `low` to `high` (no bound where it is None)."""
    def test(v: Any, s: Any) -> bool:
        lo, hi = _at(low, s), _at(high, s)
        return _int(v) and (lo is None or lo <= v) and (hi is None or v <= hi)

    def what(s: Any) -> str:
        lo, hi = _at(low, s), _at(high, s)
        if lo is None or hi is None:
            return ("a whole number" if lo is None and hi is None else
                    f"a whole number, {lo} or more" if hi is None else f"a whole number, {hi} or less")
        return f"the whole number {lo}" if lo == hi else f"a whole number from {lo} to {hi}"
    return Shape(test, what)


def fixed(value: Any, why: str) -> Shape:
    """Exactly the whole number `value` (a function of the state: a number the settings decide), `why`
    saying what decides it."""
    return Shape(lambda v, s: _int(v) and v == _at(value, s), lambda s: f"{_at(value, s)!r} ({why})")


def seat(nobody: Any = ...) -> Shape:
    """A seat number, 0 to players - 1 (seat 0 is Player 1); with `nobody` (-1 or None) also that
    value, for "no seat"."""
    def test(v: Any, s: Any) -> bool:
        if nobody is not ... and (v is None if nobody is None else _int(v) and v == nobody):
            return True
        return _int(v) and 0 <= v < s.players

    def what(s: Any) -> str:
        text = f"a seat number from 0 to {s.players - 1} (seat 0 is Player 1)"
        return text if nobody is ... else f"{text} or {nobody!r} for none"
    return Shape(test, what)


def flag() -> Shape:
    """True or False."""
    return Shape(lambda v, s: isinstance(v, bool), lambda s: "True or False")


def choice(values: Any) -> Shape:
    """One of `values` (a collection, or a function of the state giving one)."""
    def what(s: Any) -> str:
        shown = sorted(repr(x) for x in _at(values, s))
        return "one of " + ", ".join(shown) if shown else "nothing (no value is possible)"
    return Shape(lambda v, s: isinstance(v, (str, int)) and v in _at(values, s), what)


def maybe(shape: Shape) -> Shape:
    """None, or a value of `shape`."""
    return Shape(lambda v, s: v is None or shape.test(v, s), lambda s: f"None or {shape.what(s)}")


def items(shape: Shape | None = None, length: Any = None, most: Any = None, distinct: bool = False,
          noun: str = "", least: Any = None) -> Shape:
    """A list or tuple: of exactly `length` entries (or at most `most`, at least `least`), each of `shape`
    (any value when None), all different with distinct=True. `noun` says what the length counts ("one
    per player")."""
    def test(v: Any, s: Any) -> bool:
        if not isinstance(v, (list, tuple)):
            return False
        n, m, k = _at(length, s), _at(most, s), _at(least, s)
        if (n is not None and len(v) != n) or (m is not None and len(v) > m) or (k is not None and len(v) < k):
            return False
        if distinct and len(set(v)) != len(v):
            return False
        return shape is None or all(shape.test(x, s) for x in v)

    def what(s: Any) -> str:
        n, m, k = _at(length, s), _at(most, s), _at(least, s)
        size = (f" of {n} entr{'y' if n == 1 else 'ies'}" if n is not None
                else f" of at most {m} entr{'y' if m == 1 else 'ies'}" if m is not None
                else f" of at least {k} entr{'y' if k == 1 else 'ies'}" if k is not None else "")
        size += f" ({noun})" if noun and size else ""
        text = f"a list{size}"
        if distinct:
            text += ", all different"
        return text + (f", each {shape.what(s)}" if shape is not None else "")
    return Shape(test, what)


def per_seat(shape: Shape | None = None, distinct: bool = False) -> Shape:
    """A list with one entry per seat, each of `shape`."""
    return items(shape, length=lambda s: s.players, distinct=distinct, noun="one per player")


def order() -> Shape:
    """The seats in some order, each once."""
    def what(s: Any) -> str:
        return f"the seat numbers 0 to {s.players - 1} in some order, each once"
    return Shape(lambda v, s: isinstance(v, (list, tuple)) and sorted(v) == list(range(s.players))
                 and all(_int(x) for x in v), what)


def text() -> Shape:
    """A str (a text the game shows, from its card data)."""
    return Shape(lambda v, s: isinstance(v, str), lambda s: "a text (str)")


def record(cls: type, what: str) -> Shape:
    """An instance of the NamedTuple `cls` (a card or table of the game's data, `what`), each field of
    the type it declares (a number, a text, a tuple, ...: the first level only)."""
    kinds = {}
    for name, hint in typing.get_type_hints(cls).items():
        kind = typing.get_origin(hint) or hint
        if kind in (int, str, bool, float, tuple, list, dict):
            kinds[name] = (int, float) if kind is float else kind

    def test(v: Any, s: Any) -> bool:
        return isinstance(v, cls) and all(isinstance(getattr(v, k), t) for k, t in kinds.items())
    return Shape(test, lambda s: what)


def table(value: Shape, keys: Any, noun: str) -> Shape:
    """A table (dict) holding an entry of `value` for each of `keys` (a function of the state), and no
    other; `noun` says what it holds."""
    def test(v: Any, s: Any) -> bool:
        return (isinstance(v, dict) and sorted(v, key=repr) == sorted(_at(keys, s), key=repr)
                and all(value.test(x, s) for x in v.values()))
    return Shape(test, lambda s: f"a table of {noun}, each {value.what(s)}")


def same_as(derive: Callable[[Any], Any], what: str) -> Shape:
    """Exactly derive(state): a field the game works out from others (its card data) and keeps for speed."""
    def test(v: Any, s: Any) -> bool:
        try:
            return v == derive(s)
        except Exception:
            return False
    return Shape(test, lambda s: what)


def check_fields(state: Any) -> None:
    """SaveError naming the first field of the game's FIELDS that `state` lacks or gives a value of
    another shape (in the order declared: a bound may read the fields before it)."""
    for name, shape in type(state).FIELDS.items():
        value = getattr(state, name, check_fields)
        if value is check_fields:
            raise SaveError(f"corrupted snapshot: the field '{name}' is missing")
        if not shape.test(value, state):
            raise SaveError(f"corrupted snapshot: the field '{name}' should be {shape.what(state)}, "
                            f"not {excerpt(value, 60)}")
