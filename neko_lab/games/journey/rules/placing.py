"""End of a Round › Place a card into your ship lane: a card bought (won in a bid or bought directly)
goes at once into an empty slot of an open lane, paying one coin per empty slot between it and the
harbour; its effects start at once and a lightning card acts once."""
from __future__ import annotations

from typing import TYPE_CHECKING

from neko_lab.core.errors import counted
from neko_lab.core.frozen import FrozenDict

from .. import scoring as sc
from .cards import lightning
from .facts import R_PLACE, SLOTS, Act
from .player_boards import replaced
from .ship_lanes import gap_cost, placements

if TYPE_CHECKING:
    from .state import GameState


def place_card(s: GameState, seat: int, cid: int, lane: int, slot: int, price: int, rule: str) -> None:
    """Pay price plus one coin per empty slot before it; lightning effects fire once."""
    b = s.boards[seat]
    gap = gap_cost(s, seat, lane, slot)
    b.coins -= price + gap
    b.lanes = replaced(b.lanes, lane * SLOTS + slot, cid)
    c = s.C[cid]
    before = b.types.get(c.type, 0)
    b.names = FrozenDict({**b.names, c.name: b.names.get(c.name, 0) + 1})
    b.types = FrozenDict({**b.types, c.type: before + 1})
    if c.type == "penguin_park":     # new tiles and discarded-die takes are usable at once
        (s0, t0), (s1, t1) = sc.penguin_park_powers(before), sc.penguin_park_powers(before + 1)
        b.tile_adjust += s1 - s0
        b.tile_reroll += s1 - s0
        b.park_takes += t1 - t0
    if c.name == "Penguin Park Variant":
        b.park_new += 1
    s.emit("pays {} and places {} in lane {}, slot {}", R_PLACE, seat, counted(price + gap, "coin"), c,
           lane + 1, slot + 1, card=cid, lane=lane, slot=slot, paid=price + gap)
    lightning(s, seat, c)


def legal_place(s: GameState, seat: int, data: list) -> list:
    return placements(s, seat, data[1])


def place_bought_card(s: GameState, seat: int, data: list, act: Act) -> None:
    """The "place" decision after a direct buy: data is [card id, price]."""
    place_card(s, seat, data[0], act.a, act.b, data[1], R_PLACE)


DECISIONS = {"place": (legal_place, place_bought_card)}
