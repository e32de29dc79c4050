"""Lieutenants card: the two boxes every walk starts on.

Accountant: draw three minions into the Waiting Room, then discard two of the Waiting Room's cards (old
or new) face up. An empty drawing deck is replaced by the discard pile turned face down as it lies; at a
simultaneous table a turn that could empty the deck begins with the pile shuffled in under it instead
(top_up), so no seat ever knows the deck's order.
Chief Operations Officer: place one waiting minion into the pyramid, below a card already placed.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from neko_lab.core import Pending, serializable
from neko_lab.core.errors import counted
from neko_lab.core.fast import new_tuple as _new

from ..data import ACCOUNTANT, COO, LEVEL_OF, PARENTS, PLACES, changed
from . import simultaneous
from .command_phase import after_box
from .rulebook import ACCOUNTANT as RULE_ACCOUNTANT, COO as RULE_COO

if TYPE_CHECKING:
    from .state import GameState

ACCOUNTANT_DRAW = 3
ACCOUNTANT_DISCARD = 2


@serializable
class Discard(NamedTuple):
    """Discard a minion from the Waiting Room (Accountant)."""
    card: int

    def __str__(self) -> str:
        return f"discard minion {self.card + 1}"


@serializable
class Place(NamedTuple):
    """Place waiting minion `card` at pyramid place `place` (Chief Operations Officer)."""
    card: int
    place: int

    def __str__(self) -> str:
        return f"place minion {self.card + 1} at place {self.place + 1} (level {LEVEL_OF[self.place]})"


def draw_card(s: "GameState") -> int | None:
    """The top card of the drawing deck; an empty deck is first replaced by the discard pile, turned
    face down without shuffling (its first discarded card comes up first). None: no card left (at a
    simultaneous table the pile of this turn's discards waits for the next turn)."""
    if not s.deck:
        if not simultaneous.draws_left(s):
            return None
        s.deck = s.discard[::-1]
        s.discard = []
        s.deck_known = True
        s.emit("the drawing deck is empty: the discard pile is turned face down as the new deck",
               RULE_ACCOUNTANT)
    return s.deck.pop()


def top_up(s: "GameState") -> None:
    """A simultaneous turn whose draws (three per seat at most) could empty the drawing deck begins
    with the discard pile shuffled and put under the deck, in everyone's sight: the pile is never
    turned over while the seats draw out of each other's sight, and no seat knows the deck's order."""
    if not (simultaneous.hiding(s) and s.turn >= 1) or len(s.deck) >= ACCOUNTANT_DRAW * s.players \
            or not s.discard:
        return
    pile = list(s.discard)
    s.rng.shuffle(pile)
    s.deck = pile + s.deck
    s.discard = []
    s.deck_known = False
    s.emit(f"turn {s.turn} begins with {counted(len(s.deck) - len(pile), 'card')} in the drawing deck, fewer than "
           "the seats may draw: the discard pile is shuffled and put under it", simultaneous.TURN_PHASES,
           cards=len(pile))


def enter_accountant(s: "GameState", seat: int, p: int, side: int) -> None:
    drawn = [c for c in (draw_card(s) for _ in range(ACCOUNTANT_DRAW)) if c is not None]
    s.waiting[seat] += tuple(drawn)
    s.own_draws[seat] += len(drawn)
    if len(drawn) < ACCOUNTANT_DRAW and simultaneous.hiding(s):
        simultaneous.came_up_short(s, seat)
    s.emit("draws {} into the Waiting Room", RULE_ACCOUNTANT, seat, counted(len(drawn), "minion"), cards=len(drawn))
    more = min(ACCOUNTANT_DISCARD, len(s.waiting[seat]))
    if more:
        s.pending.append(Pending("discard", seat, more))
    else:
        after_box(s, seat, p, side)


def legal_discard(s: "GameState", seat: int, more: int) -> list:
    return [_new(Discard, (c,)) for c in sorted(s.waiting[seat])]


def take_discard(s: "GameState", seat: int, more: int, action: Discard) -> None:
    s.waiting[seat] = tuple(c for c in s.waiting[seat] if c != action.card)
    s.discard.append(action.card)
    s.own_discards[seat] += (action.card,)
    s.emit("{} face up", RULE_ACCOUNTANT, seat, action, card=action.card)
    if more > 1:
        s.pending.append(Pending("discard", seat, more - 1))
    else:
        after_box(s, seat, 0, 0)


def open_places(s: "GameState", seat: int) -> list[int]:
    """Empty places that hang below a placed card (the pyramid shape, at most four levels)."""
    pyr = s.pyramid[seat]
    return [p for p in range(1, PLACES) if pyr[p] < 0 and any(pyr[q] >= 0 for q in PARENTS[p])]


def enter_coo(s: "GameState", seat: int, p: int, side: int) -> None:
    if open_places(s, seat):
        s.pending.append(Pending("coo", seat))
    else:
        s.emit("the pyramid is complete: no place for a waiting minion", RULE_COO, seat)
        after_box(s, seat, p, side)


def legal_coo(s: "GameState", seat: int, data: Any) -> list:
    places = open_places(s, seat)
    return [_new(Place, (c, p)) for c in sorted(s.waiting[seat]) for p in places]


def take_coo(s: "GameState", seat: int, data: Any, action: Place) -> None:
    s.waiting[seat] = tuple(c for c in s.waiting[seat] if c != action.card)
    s.pyramid[seat] = changed(s.pyramid[seat], action.place, action.card)
    s.filled[seat] = changed(s.filled[seat], action.place, (-1,) * len(s.cards[action.card].slots))
    s.emit("{}", RULE_COO, seat, action, card=action.card, place=action.place)
    after_box(s, seat, 0, 1)


ENTER = {ACCOUNTANT: enter_accountant, COO: enter_coo}
DECISIONS = {"discard": (legal_discard, take_discard), "coo": (legal_coo, take_coo)}
