"""How far each mission still is, counted in the units it is made of, so that a plan across turns sees
every step towards it (Neko Syndicate › Mission Cards).

`progress.turns_to_go` says *when* a mission should be met; a step towards a mission far off barely
moves that date, so an agent valuing only the date drifts (measured: the syndicate agent met the
"complete" missions 17-24 in 3 of 60 solo games and missions 1 and 8 in none). `remaining` counts what
is left to do instead: cubes to take out (1) or to stock on levels 1-2 (8), cards still to place (2-7),
cubes still to deliver (9-16), slots still empty on the cheapest cards that would complete the mission
(17-24; an empty place counts as a card still to place plus its slots). The agent values each unit done
as a share of the points the mission brings at its expected date, so every cube and every card placed
towards a mission is worth something now, and a small card on the right place is worth more than a big
one when a mission asks for completed cards.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .data import CENTRAL, CORNERS_4, LEVEL_OF, NIGIRI, PLACES
from .rules import mission_cards

if TYPE_CHECKING:
    from .rules.state import GameState

WAITING_PLACE = 0.5       # ... and a waiting minion the walk that places it
EMPTY_PLACE = 3.0          # units an empty place costs in a "complete" mission: a card, then its slots
# units each mission asks for from an empty structure (the denominator of the share of a unit)
START = {1: 23, 2: 5, 3: 3, 4: 5, 5: 3, 6: 4, 7: 3, 8: 15, 9: 10, 10: 6, 11: 8, 12: 6, 13: 6, 14: 5,
         15: 8, 16: 4, 17: 11, 18: 8, 19: 9, 20: 9, 21: 6, 22: 6, 23: 6, 24: 3}


def _cheapest(costs: list[float], k: int) -> float | None:
    costs = sorted(costs)
    return sum(costs[:k]) if len(costs) >= k else None


def deliver_units(number: int, delivered: tuple) -> int:
    """Cubes still to deliver for the deliver mission `number` (9-16; 0 or less once met), from the
    (place, level, colour, kind) of each filled slot (`mission_cards.Facts.delivered`). Only the count
    the mission asks for is worked out: a value asks for it at most walk ends of a search."""
    if number == 9:
        return 10 - len(delivered)
    if number == 10:
        return 6 - sum(1 for d in delivered if d[3] == NIGIRI)
    if number == 12:
        return 6 - len({d[0] for d in delivered})
    if number == 13:
        return 6 - sum(1 for d in delivered if d[1] >= 3)
    if number == 14:
        return 5 - sum(1 for d in delivered if d[1] >= 3 and d[3] == NIGIRI)
    colours, low_colours = [0, 0, 0, 0], [0, 0, 0, 0]
    for _, lv, c, _ in delivered:
        colours[c] += 1
        low_colours[c] += lv >= 3
    if number == 11:
        return 8 - max(colours)
    if number == 15:
        return sum(max(0, 2 - c) for c in colours)
    return sum(1 for c in low_colours if not c)


def remaining(s: "GameState", seat: int, number: int, f: mission_cards.Facts) -> float | None:
    """Units still missing for mission `number` (0: met; None: out of reach in the structure's shape).
    Missions 2-7 (cards to place) are left to `progress.turns_to_go`: their units are placements."""
    if number == 1:
        return max(0, f.stock - 9)
    if number == 8:
        return max(0, 15 - f.top_cubes)
    if 2 <= number <= 7:
        return None
    if 9 <= number <= 16:
        return max(0, deliver_units(number, f.delivered))
    pyr, cards, filled = s.pyramid[seat], s.cards, s.filled[seat]
    # an empty place costs less when a small minion waits to go there
    empty = min([EMPTY_PLACE] + [WAITING_PLACE + len(cards[c].slots) for c in s.waiting[seat]
                                 if number != 21 or cards[c].only_nigiri])
    cards_ = []          # (place, units missing, upper line, only nigiri (read by mission 21 alone), empty place)
    for p in range(PLACES):
        if pyr[p] < 0:
            cards_.append((p, empty, -1, number == 21, True))
            continue
        card = cards[pyr[p]]
        cards_.append((p, float(filled[p].count(-1)), card.upper, number == 21 and card.only_nigiri, False))
    if number == 17:
        got = _cheapest([m[1] for m in cards_], 4)
    elif number == 18:
        by_level = [min((m[1] for m in cards_ if LEVEL_OF[m[0]] == lv), default=None) for lv in range(1, 5)]
        got = _cheapest([v for v in by_level if v is not None], 3)
    elif number == 19:
        lines = [min((m[1] for m in cards_ if m[2] == line or (m[4] and m[0])), default=None)
                 for line in range(4)]
        got = _cheapest([v for v in lines if v is not None], 3)
    elif number == 20:
        got = min((v for v in (_cheapest([m[1] for m in cards_ if m[2] == line or (m[4] and m[0])], 3)
                               for line in range(4)) if v is not None), default=None)
    elif number == 21:
        got = _cheapest([m[1] for m in cards_ if m[3]], 2)
    else:
        where = {22: [p for p in range(PLACES) if LEVEL_OF[p] == 3], 23: list(CENTRAL),
                 24: list(CORNERS_4)}[number]
        got = _cheapest([m[1] for m in cards_ if m[0] in where], 1 if number == 24 else 2)
    return got


def share_done(s: "GameState", seat: int, number: int, f: mission_cards.Facts) -> float | None:
    """The share of mission `number` done, 0..1 (None: not counted in units, or out of reach)."""
    left = remaining(s, seat, number, f)
    if left is None:
        return None
    return max(0.0, 1.0 - left / START[number])
