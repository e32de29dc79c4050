"""Mission Cards: the 24 requirements, each a check on one player's structure ("at least" counts).

Missions 1-8 (type "build") ask for a warehouse, boxes, lines or cubes; 9-16 ("deliver") for filled
slots; 17-24 ("complete") for cards whose every slot is filled. Levels count from 1 (lieutenants card).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable, NamedTuple

from neko_lab.core.fast import new_tuple as _new

from ..data import (CENTRAL, CORNERS_4, DELIVERY, FISHMONGER, LEVEL_OF, NIGIRI, PLACES, SUBWAY,
                    upper, lower)

if TYPE_CHECKING:
    from .state import GameState


class Facts(NamedTuple):
    """What the missions look at in one player's structure."""
    stock: int                                 # cubes left in the warehouse
    fish_levels: tuple[int, ...]               # level of each minion card with a Fishmonger box
    carry_levels: tuple[int, ...]              # ... with a Subway operator and/or Delivery lady box
    lines: tuple[int, int, int, int]           # neighbourhoods on lines A, B, C, D
    top_cubes: int                             # cubes on levels 1 and 2, loose or delivered
    delivered: tuple[tuple[int, int, int, int], ...]   # (place, level, colour, kind) per filled slot
    complete: tuple[tuple[int, int, int, bool], ...]   # (place, level, upper line, only nigiri)


# the last facts worked out, with the very tuples they were read from: a searched walk's end is checked
# at Kumichō's meeting and then valued by the agent, which asks for the same facts of the same tuples
# (a seat's tuples are replaced, never changed in place, so the same objects hold the same counts).
# One entry, (pyramid, cubes, filled, warehouse, cards, facts), read and replaced as a whole, so that a
# thread never pairs one call's tuples with another's facts
_LAST: list = [None]


def facts(s: "GameState", seat: int) -> Facts:
    pyr, cubes, filled, stock = s.pyramid[seat], s.cubes[seat], s.filled[seat], s.warehouse[seat]
    cards = s.cards
    last = _LAST[0]
    if (last is not None and cubes is last[1] and pyr is last[0] and filled is last[2] and stock is last[3]
            and cards is last[4]):
        return last[5]
    fish, carry, lines, placed = _placed(pyr, cards)       # placed cards in place order
    delivered, complete = _slots(pyr, filled, cards, placed)
    top = 0
    for p, lv, _, _ in placed:
        if lv > 2:                             # levels only grow with the place
            break
        slots = filled[p]
        top += sum(cubes[4 * upper(p):4 * lower(p) + 4]) + len(slots) - slots.count(-1)
    f = _new(Facts, (sum(stock), fish, carry, lines, top, delivered, complete))
    _LAST[0] = (pyr, cubes, filled, stock, cards, f)
    return f


_SLOTS: dict = {}           # (pyramid, slots) -> (cards, what _slots found): searches meet the same ones often
SLOTS_KEPT = 2000           # entries _SLOTS holds before it starts afresh (a search's repeats come close together)


def _slots(pyr: tuple[int, ...], filled: tuple, cards: tuple, placed: tuple) -> tuple[tuple, tuple]:
    """What the missions read off the filled slots: (place, level, colour, kind) of each filled slot and
    (place, level, upper line, only nigiri) of each complete card, in place order."""
    key = (pyr, filled)
    known = _SLOTS.get(key)
    if known is not None and known[0] is cards:
        return known[1]
    # a free slot holds -1, a filled one its cube's colour
    delivered = tuple([(p, lv, c, card.slots[k][0]) for p, lv, card, _ in placed
                       for k, c in enumerate(filled[p]) if c >= 0])
    complete = tuple([(p, lv, card.upper, only_nigiri) for p, lv, card, only_nigiri in placed
                      if filled[p] and -1 not in filled[p]])
    if len(_SLOTS) > SLOTS_KEPT:
        _SLOTS.clear()
    _SLOTS[key] = (cards, (delivered, complete))
    return delivered, complete


_PLACED: dict = {}          # pyramid -> (cards, what _placed found): the same pyramid recurs all game


def _placed(pyr: tuple[int, ...], cards: tuple) -> tuple:
    """What the missions read off the cards alone: Fishmonger levels, carrier levels, neighbourhoods
    per line, and (place, level, card, only nigiri) of each placed card in place order."""
    known = _PLACED.get(pyr)
    if known is not None and known[0] is cards:
        return known[1]
    fish, carry, lines, placed = [], [], [0, 0, 0, 0], []
    for p in range(PLACES):
        if pyr[p] < 0:
            continue
        card, lv = cards[pyr[p]], LEVEL_OF[p]
        if p:
            if card.has(FISHMONGER):
                fish.append(lv)
            if card.has(SUBWAY, DELIVERY):
                carry.append(lv)
            lines[card.upper] += 1
            lines[card.lower] += 1
        placed.append((p, lv, card, card.only_nigiri))
    found = (tuple(fish), tuple(carry), tuple(lines), tuple(placed))
    if len(_PLACED) > 20000:
        _PLACED.clear()
    _PLACED[pyr] = (cards, found)
    return found


def _low(levels: tuple[int, ...]) -> int:
    return sum(1 for lv in levels if lv >= 3)


def _colours(f: Facts, low_only: bool = False) -> list[int]:
    out = [0, 0, 0, 0]
    for _, lv, c, _ in f.delivered:
        if lv >= 3 or not low_only:
            out[c] += 1
    return out


def _nigiri(f: Facts, low_only: bool = False) -> int:
    return sum(1 for _, lv, _, k in f.delivered if k == NIGIRI and (lv >= 3 or not low_only))


def _lines_of_complete(f: Facts) -> list[int]:
    out = [0, 0, 0, 0]
    for _, _, line, _ in f.complete:
        if line >= 0:
            out[line] += 1
    return out


CHECKS: dict[int, Callable[[Facts], bool]] = {
    1: lambda f: f.stock <= 9,
    2: lambda f: len(f.fish_levels) >= 5,
    3: lambda f: _low(f.fish_levels) >= 3,
    4: lambda f: len(f.carry_levels) >= 5,
    5: lambda f: _low(f.carry_levels) >= 3,
    6: lambda f: min(f.lines) >= 2,
    7: lambda f: max(f.lines) >= 5,
    8: lambda f: f.top_cubes >= 15,
    9: lambda f: len(f.delivered) >= 10,
    10: lambda f: _nigiri(f) >= 6,
    11: lambda f: max(_colours(f)) >= 8,
    12: lambda f: len({p for p, _, _, _ in f.delivered}) >= 6,
    13: lambda f: sum(1 for d in f.delivered if d[1] >= 3) >= 6,
    14: lambda f: _nigiri(f, low_only=True) >= 5,
    15: lambda f: min(_colours(f)) >= 2,
    16: lambda f: min(_colours(f, low_only=True)) >= 1,
    17: lambda f: len(f.complete) >= 4,
    18: lambda f: len({lv for _, lv, _, _ in f.complete}) >= 3,
    19: lambda f: sum(1 for v in _lines_of_complete(f) if v) >= 3,
    20: lambda f: max(_lines_of_complete(f)) >= 3,
    21: lambda f: sum(1 for c in f.complete if c[3]) >= 2,
    22: lambda f: sum(1 for c in f.complete if c[1] == 3) >= 2,
    23: lambda f: sum(1 for c in f.complete if c[0] in CENTRAL) >= 2,
    24: lambda f: any(c[0] in CORNERS_4 for c in f.complete),
}


def check(number: int, s: "GameState", seat: int) -> bool:
    """Whether `seat`'s structure meets mission `number` (1..24) now."""
    if number not in CHECKS:
        raise ValueError(f"missions are numbered 1 to 24, not {number!r}")
    return CHECKS[number](facts(s, seat))
