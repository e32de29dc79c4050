"""Minions cards: the five optional actions of the pyramid's boxes, each usable up to its level in
times (level 2 twice ... level 4 four times), fully, partly or not at all.

One decision per use: the list holds every single use possible now plus "stop". A box with nothing to
do is passed without asking. When a move or an exchange leaves a cube in an upper neighbourhood where a
free sashimi slot could take it, a short "deliver?" question follows (deliver, or keep it loose); a cube
kept loose can still be delivered later, at the end of the walk (command_phase).
"""
from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING, NamedTuple

from neko_lab.core import Pending, serializable
from neko_lab.core.fast import keep_legal, new_tuple as _new

from ..data import (COLOURS, COOK, CUBE_INDEX, DELIVERY, FISHMONGER, LEVEL_OF, NIGIRI, SASHIMI, STOREKEEPER,
                    SUBWAY, VERTICAL, added, lower, moved, neighbourhood_name)
from . import delivery_zone
from .command_phase import Stop, after_box
from .delivery_zone import Deliver
from .rulebook import DELIVERY as RULE_DELIVERY, FISHMONGER as RULE_FISHMONGER
from .rulebook import STOREKEEPER as RULE_STOREKEEPER, SUBWAY as RULE_SUBWAY

if TYPE_CHECKING:
    from .state import GameState



@serializable
class Take(NamedTuple):
    """Fishmonger: `count` cubes of `colour` from the warehouse to the lower neighbourhood of `place`."""
    count: int
    colour: int
    place: int

    def __str__(self) -> str:
        if not self.count:
            return "take no cube"
        return f"take {self.count} {COLOURS[self.colour]} cube{'s' if self.count > 1 else ''} to place {self.place + 1}"


@serializable
class Carry(NamedTuple):
    """Delivery lady (one vertical step) or Subway operator (one ride on a line) with one loose cube."""
    frm: int
    to: int
    colour: int
    subway: bool

    def __str__(self) -> str:
        how = "ride" if self.subway else "move"
        return f"{how} a {COLOURS[self.colour]} cube {neighbourhood_name(self.frm)} -> {neighbourhood_name(self.to)}"


@serializable
class Swap(NamedTuple):
    """Storekeeper: a loose cube of `old` in neighbourhood `at` goes home, one of `new` takes its place."""
    at: int
    old: int
    new: int

    def __str__(self) -> str:
        return f"exchange the {COLOURS[self.old]} cube in {neighbourhood_name(self.at)} for {COLOURS[self.new]}"


@serializable
class Keep(NamedTuple):
    """Leave the cube that just arrived loose instead of delivering it."""
    at: int

    def __str__(self) -> str:
        return "keep the cube loose"


# each box's "stop", made once: an action is read-only, so every legal list shares it
STOP = {kind: Stop(kind) for kind in (DELIVERY, SUBWAY, COOK, STOREKEEPER)}


# ---------------------------------------------------------------- shared by the five actions
def enter_minion(s: "GameState", seat: int, p: int, side: int) -> None:
    kind = s.card_at(seat, p).boxes[side][0]
    continue_box(s, seat, kind, p, side, LEVEL_OF[p])


def continue_box(s: "GameState", seat: int, kind: str, p: int, side: int, left: int) -> None:
    """Ask for the next use of the box, unless its uses are spent or none is possible."""
    if left > 0 and (kind == FISHMONGER or any(s.cubes[seat])):   # the others need a loose cube
        data = (p, side, left)
        legal = s.DECISIONS[kind].legal(s, seat, data)
        if len(legal) > 1:
            s.pending.append(Pending(kind, seat, data))
            keep_legal(s, legal)            # the list the engine would compute for it next
            return
    after_box(s, seat, p, side)


def landed(s: "GameState", seat: int, n: int, colour: int, kind: str, p: int, side: int, left: int) -> None:
    """A cube arrived in neighbourhood n: offer the sashimi delivery it makes possible, then go on."""
    options = delivery_zone.slot_options(s, seat, SASHIMI, n // 2, colour) if n % 2 == 0 else None
    if options:
        s.pending.append(Pending("deliver", seat, (n, colour, kind, p, side, left)))
        keep_legal(s, options + [_new(Keep, (n,))])      # legal_deliver's list
    else:
        continue_box(s, seat, kind, p, side, left)


def legal_deliver(s: "GameState", seat: int, data: tuple) -> list:
    n, colour = data[0], data[1]
    return delivery_zone.slot_options(s, seat, SASHIMI, n // 2, colour) + [_new(Keep, (n,))]


def take_deliver(s: "GameState", seat: int, data: tuple, action: Deliver | Keep) -> None:
    if isinstance(action, Deliver):
        delivery_zone.deliver(s, seat, action)
    continue_box(s, seat, *data[2:])


def loose(s: "GameState", seat: int) -> list[tuple[int, int]]:
    """(neighbourhood, colour) of every kind of loose cube on the structure."""
    return [(i >> 2, i & 3) for i in compress(CUBE_INDEX, s.cubes[seat])]


def line_of(s: "GameState", seat: int, n: int) -> int:
    card = s.card_at(seat, n // 2)
    return card.upper if n % 2 == 0 else card.lower


# ---------------------------------------------------------------- Fishmonger
def legal_fishmonger(s: "GameState", seat: int, data: tuple) -> list:
    p, side, left = data
    colour = s.card_at(seat, p).boxes[side][1]
    most = min(left, s.warehouse[seat][colour])
    return [_new(Take, (k, colour, p)) for k in range(most + 1)]


def take_fishmonger(s: "GameState", seat: int, data: tuple, action: Take) -> None:
    p, side, _ = data
    if action.count:
        s.warehouse[seat] = added(s.warehouse[seat], action.colour, -action.count)
        s.cubes[seat] = added(s.cubes[seat], 4 * lower(p) + action.colour, action.count)
        s.emit("Fishmonger: {}", RULE_FISHMONGER, seat, action, count=action.count, colour=action.colour)
    after_box(s, seat, p, side)


# ---------------------------------------------------------------- Delivery lady and Subway operator
def legal_delivery(s: "GameState", seat: int, data: tuple) -> list:
    pyr = s.pyramid[seat]
    acts: list = [_new(Carry, (n, m, c, False)) for n, c in loose(s, seat) for m in VERTICAL[n]
                  if pyr[m // 2] >= 0]
    return acts + [STOP[DELIVERY]]


def legal_subway(s: "GameState", seat: int, data: tuple) -> list:
    pyr, cards = s.pyramid[seat], s.cards
    lines = {}
    for p in range(1, len(pyr)):
        if pyr[p] >= 0:
            lines[2 * p], lines[2 * p + 1] = cards[pyr[p]].upper, cards[pyr[p]].lower
    acts: list = [_new(Carry, (n, m, c, True)) for n, c in loose(s, seat) if n >= 2
                  for m, line in lines.items() if m != n and line == lines[n]]
    return acts + [STOP[SUBWAY]]


def take_carry(s: "GameState", seat: int, data: tuple, action: Carry | Stop) -> None:
    p, side, left = data
    if isinstance(action, Stop):
        after_box(s, seat, p, side)
        return
    kind = SUBWAY if action.subway else DELIVERY
    s.cubes[seat] = moved(s.cubes[seat], 4 * action.frm + action.colour, 4 * action.to + action.colour)
    s.emit("Subway operator: {}" if action.subway else "Delivery lady: {}",
           RULE_SUBWAY if action.subway else RULE_DELIVERY, seat, action, frm=action.frm, to=action.to,
           colour=action.colour)
    landed(s, seat, action.to, action.colour, kind, p, side, left - 1)


# ---------------------------------------------------------------- Cook
def legal_cook(s: "GameState", seat: int, data: tuple) -> list:
    return delivery_zone.slot_options(s, seat, NIGIRI) + [STOP[COOK]]


def take_cook(s: "GameState", seat: int, data: tuple, action: Deliver | Stop) -> None:
    p, side, left = data
    if isinstance(action, Stop):
        after_box(s, seat, p, side)
        return
    delivery_zone.deliver(s, seat, action)
    continue_box(s, seat, COOK, p, side, left - 1)


# ---------------------------------------------------------------- Storekeeper
def legal_storekeeper(s: "GameState", seat: int, data: tuple) -> list:
    stock = s.warehouse[seat]
    acts: list = [_new(Swap, (n, c, new)) for n, c in loose(s, seat) for new in range(4)
                  if new != c and stock[new]]
    return acts + [STOP[STOREKEEPER]]


def take_storekeeper(s: "GameState", seat: int, data: tuple, action: Swap | Stop) -> None:
    p, side, left = data
    if isinstance(action, Stop):
        after_box(s, seat, p, side)
        return
    s.cubes[seat] = moved(s.cubes[seat], 4 * action.at + action.old, 4 * action.at + action.new)
    s.warehouse[seat] = moved(s.warehouse[seat], action.new, action.old)
    s.emit("Storekeeper: {}", RULE_STOREKEEPER, seat, action, at=action.at, old=action.old, new=action.new)
    landed(s, seat, action.at, action.new, STOREKEEPER, p, side, left - 1)


ENTER = {kind: enter_minion for kind in (FISHMONGER, DELIVERY, SUBWAY, COOK, STOREKEEPER)}
DECISIONS = {FISHMONGER: (legal_fishmonger, take_fishmonger), DELIVERY: (legal_delivery, take_carry),
             SUBWAY: (legal_subway, take_carry), COOK: (legal_cook, take_cook),
             STOREKEEPER: (legal_storekeeper, take_storekeeper), "deliver": (legal_deliver, take_deliver)}
