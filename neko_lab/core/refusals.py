"""How State.apply finds the legal action it was given, and how a refusal describes one it was not:
the action matched by equality and by its very class, a field of the wrong type named, a few legal
actions listed in a sentence that stays readable however long their texts, when everyone may know them.

A refusal is read by whoever asked (State.apply's IllegalAction, State.why_illegal): it says of the open
decision only what the spectator may know (State.decision_known): its choices when they are public, else
whose decision it is, else nothing of it.
"""
from __future__ import annotations

import numbers
from typing import Any

from . import serial
from .errors import excerpt


def lookalike(a: Any, b: Any) -> bool:
    """a equals b but is of another class (a plain tuple passed for a NamedTuple action)."""
    try:
        return bool(a == b) and type(a) is not type(b)
    except Exception:
        return False


def find_legal(legal: list, action: Any) -> Any:
    """The legal action equal to `action` and of its very class (a plain tuple equal to a NamedTuple
    action is not that action), or None. The game then carries out its own object, never the caller's."""
    try:
        i = legal.index(action)
    except Exception:  # not found, or an object whose comparison fails
        return None
    own = legal[i]
    if type(own) is type(action):
        return own
    for own in legal[i + 1:]:
        try:
            if type(own) is type(action) and own == action:
                return own
        except Exception:
            return None
    return None


def field_kind(value: Any) -> str:
    """A field's kind as a refusal names it: numpy's integers count as int, its floats as float."""
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, numbers.Integral):
        return "int"
    if isinstance(value, numbers.Real):
        return "float"
    return type(value).__name__


def wrong_field(action: Any, legal: list) -> str | None:
    """Why `action` is refused when one of its fields has a type that no legal action of its class has
    now (a card number given as the string '4'), naming the first such field; None otherwise. The
    game's own reasons would read such an action by its text, which may equal a legal action's."""
    cls = type(action)
    same = [a for a in legal if type(a) is cls]
    if not same:
        return None
    fields = serial.fields_of(cls) if serial.is_registered(cls) else getattr(cls, "_fields", ())
    for name in fields:
        value = getattr(action, name, None)
        kinds = sorted({field_kind(getattr(a, name, None)) for a in same})
        if field_kind(value) not in kinds:
            return (f"{short(action)} is not a well-formed action of this game: its {name} is "
                    f"{excerpt(value, 40)} ({type(value).__name__}), where a legal {cls.__name__} has "
                    f"{' or '.join(kinds)}: pass one of legal_actions()")
    return None


# State.decision_known(): how much of the open decision everyone may know
CHOICES, SEAT, NOTHING = "choices", "seat", "nothing"


def known_to(state: Any, seat: int | None) -> str:
    """How much of the open decision `seat` (None: a spectator) may know: all its choices when it is the
    seat deciding (its own board; whoever acts through apply()), else what everyone may know
    (State.decision_known)."""
    return CHOICES if seat is not None and seat == state.current_player else state.decision_known()


def unjudged(state: Any, shown: str, seat: int | None) -> str:
    """A refusal told to a reader who may not know the open decision's choices (known_to): `shown`, the
    action asked about in words, cannot be judged by that reader; the same sentence whatever the
    deciding seat's secrets are."""
    reader = "a spectator" if seat is None else f"Player {state.check_seat(seat) + 1}"
    return f"{shown} cannot be judged by {reader} now ({open_decision(state, seat)})"


def open_decision(state: Any, seat: int | None = None) -> str:
    """The open decision as a refusal may tell it to anyone: "Player 2 must choose one of: A, B" when its
    choices are public; whose decision it is when they are not (a hand's cards, cards drawn out of
    sight); nothing of it while the seat decides out of the others' sight. Told to `seat` when it is
    the seat deciding (its own board), the choices are its own to know and are listed (known_to)."""
    known = known_to(state, seat)
    if known == CHOICES:
        return f"Player {state.current_player + 1} must choose one of: {some_of(state.legal_actions())}"
    if known == SEAT:
        return (f"Player {state.current_player + 1} must choose, among choices not everyone may know: "
                f"legal_actions() lists them")
    return "the decision open now is made out of the others' sight: legal_actions() lists the legal actions"


def alike_in_words(action: Any, legal: list) -> str | None:
    """When `action` reads in words as a legal action of its class does, but differs from it in a field
    its words do not show (Journey's third number, unused by a placement, set to 1), those fields named:
    "its c is 1, where the legal “place the card in lane 1, slot 3” has 0"; None otherwise. A reason
    read from the action's words would explain the legal action, not this one. Only for choices
    everyone may know (State.decision_known): it names a legal action."""
    try:
        words = str(action)
    except Exception:
        return None
    cls = type(action)
    fields = serial.fields_of(cls) if serial.is_registered(cls) else getattr(cls, "_fields", ())
    for own in legal:
        try:
            if type(own) is not cls or own == action or str(own) != words:
                continue
        except Exception:
            return None
        differ = [f for f in fields if getattr(own, f, None) != getattr(action, f, None)]
        if not differ:
            return None
        mine = " and ".join(f"{f} is {excerpt(getattr(action, f, None), 40)}" for f in differ)
        theirs = " and ".join(excerpt(getattr(own, f, None), 40) for f in differ)
        return (f"its {mine}, where the legal \u201c{short(own)}\u201d has {theirs}, "
                f"{'a field' if len(differ) == 1 else 'fields'} its words do not show")
    return None


def some_of(legal: list, limit: int = 320) -> str:
    """The first legal actions, as many as fit in about `limit` characters (at most 8), then how many
    there are in all, so that a refusal stays a readable sentence however long the actions' texts."""
    shown: list[str] = []
    for a in legal[:8]:
        text = short(a)
        if shown and sum(len(t) + 2 for t in shown) + len(text) > limit:
            break
        shown.append(text)
    rest = len(legal) - len(shown)
    return ", ".join(shown) + (f", ... ({len(legal)} in all)" if rest else "")


def short(action: Any, limit: int = 80) -> str:
    """str(action) for a message, shortened, and safe for objects whose str() fails."""
    return excerpt(action, limit, text=True)
