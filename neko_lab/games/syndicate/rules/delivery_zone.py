"""Delivery zone: the slots of a card's upper neighbourhood. A sashimi slot takes a cube of its colour
(any colour when wild) standing in that neighbourhood, whenever its owner wishes; a nigiri slot is filled
the same way but only by the Cook. A filled slot keeps its cube to the end of the game."""
from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING, NamedTuple

from neko_lab.core import serializable
from neko_lab.core.fast import new_tuple as _new

from ..data import COLOURS, CUBE_INDEX, NIGIRI, SASHIMI, SLOT_KINDS, WILD, added, changed, upper
from .rulebook import COOK, DELIVERY_ZONE

if TYPE_CHECKING:
    from .state import GameState


@serializable
class Deliver(NamedTuple):
    """Put a loose cube of `colour` from the upper neighbourhood of `place` on slot `slot` of that card."""
    place: int
    slot: int
    colour: int
    kind: int = SASHIMI

    def __str__(self) -> str:
        verb = "cook" if self.kind == NIGIRI else "deliver"
        return (f"{verb} a {COLOURS[self.colour]} cube on {SLOT_KINDS[self.kind]} slot {self.slot + 1} "
                f"at place {self.place + 1}")


def slot_options(s: "GameState", seat: int, kind: int, place: int | None = None,
                 colour: int | None = None) -> list[Deliver]:
    """The distinct ways to fill a free slot of `kind` with a loose cube of its card's upper
    neighbourhood: for each cube colour, the first free slot of that colour and the first free wild
    slot (two free slots asking the same thing are one choice)."""
    out: list[Deliver] = []
    pyr, cubes, filled, cards = s.pyramid[seat], s.cubes[seat], s.filled[seat], s.cards
    if place is None:           # every kind of loose cube in an upper neighbourhood, by place then colour
        found = [(i >> 3, i & 3) for i in compress(CUBE_INDEX, cubes) if not i & 4]
        if colour is not None:
            found = [f for f in found if f[1] == colour]
    else:
        base = 4 * upper(place)
        found = [(place, c) for c in (range(4) if colour is None else (colour,)) if cubes[base + c]]
    for p, c in found:
        if pyr[p] < 0:
            continue
        slots = cards[pyr[p]].slots
        free = filled[p]
        for want in (c, WILD):
            for k, (kd, w) in enumerate(slots):
                if kd == kind and w == want and free[k] < 0:
                    out.append(_new(Deliver, (p, k, c, kind)))
                    break
    return out


def deliver(s: "GameState", seat: int, a: Deliver) -> None:
    s.cubes[seat] = added(s.cubes[seat], 4 * upper(a.place) + a.colour, -1)
    filled = s.filled[seat]
    s.filled[seat] = changed(filled, a.place, changed(filled[a.place], a.slot, a.colour))
    s.delivered[seat] = s.delivered[seat] + ((a.place, a.slot, a.colour),)
    s.emit("{}", COOK if a.kind == NIGIRI else DELIVERY_ZONE, seat, a, place=a.place, slot=a.slot,
           colour=a.colour)
