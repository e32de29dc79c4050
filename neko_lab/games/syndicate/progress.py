"""How far a player is from each mission, and how much a pyramid can deliver in one walk.

Both are estimates for planning (the agent's value of a position), never rules: `rules/mission_cards.py` says
whether a mission is met. `walk_rates` plays every walk the pyramid offers on paper, with each box used
to the full, and `turns_to_go` turns what a mission still asks for into turns at those rates.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .data import (CENTRAL, CHILD, COOK, CORNERS_4, DELIVERY, FISHMONGER, LEVEL_OF, PLACES, SUBWAY,
                   TURNS)
from .planner import deliver_units
from .rules import mission_cards

if TYPE_CHECKING:
    from .rules.state import GameState

NEVER = 99.0                 # turns: the mission cannot be met in the game left
EMPTY_PLACE = 3              # slots an empty place counts as still missing (a card must go there first)


def walk_paths(pyramid: tuple, cards: tuple, start: int) -> list[list[tuple[str, int, int]]]:
    """Every walk from lieutenants box `start` (0 Accountant, 1 COO) as (action, colour, level) boxes
    below the lieutenants card, as the pyramid stands."""
    out: list[list[tuple[str, int, int]]] = []
    # depth first, the left box before the right (a stack, not a nested recursive function: that one
    # made a reference cycle at every call, left for the cycle collector to free)
    todo = [(CHILD[0][start], [])]
    while todo:
        p, sofar = todo.pop()
        if p < 0 or pyramid[p] < 0:
            out.append(sofar)
            continue
        card = cards[pyramid[p]]
        for side in (1, 0):
            action, colour = card.boxes[side]
            todo.append((CHILD[p][side], sofar + [(action, colour, LEVEL_OF[p])]))
    return out


def walk_yield(path: list, stock: tuple) -> tuple[int, int, int]:
    """(cubes a walk along `path` can take, moves it can make, nigiri it can cook), every box used
    to the full."""
    taken = moves = cook = 0
    for action, colour, level in path:
        if action == FISHMONGER:
            taken += min(level, stock[colour])
        elif action in (DELIVERY, SUBWAY):
            moves += level
        elif action == COOK:
            cook += level
    return taken, moves, cook


def walk_rates(s: "GameState", seat: int) -> tuple[float, float, float]:
    """(cubes taken, cubes delivered, moves) per walk for a player who alternates a walk from each
    lieutenants box (as one who keeps building does): the best pair of walks, where cubes taken on either walk (or
    already loose) are moved, one move each, by the Delivery ladies and Subway operators of both, and a
    Cook fills half its uses with cubes moved next to a nigiri."""
    pyr, stock = s.pyramid[seat], s.warehouse[seat]
    loose = min(4, sum(s.cubes[seat]))
    left = [walk_yield(p, stock) for p in walk_paths(pyr, s.cards, 0)]
    right = [walk_yield(p, stock) for p in walk_paths(pyr, s.cards, 1)]
    best = (0.0, 0.0, 0.0)
    for a in set(left):
        for b in set(right):
            taken = min(a[0] + b[0], sum(stock))
            moved = min(taken + loose, a[1] + b[1])
            done = moved + min(a[2] + b[2], moved) / 2
            if done > best[1] or (done == best[1] and taken > best[0]):
                best = (taken / 2, done / 2, (a[1] + b[1]) / 2)
    return best


def placements_left(s: "GameState", seat: int) -> int:
    """How many more cards the player can still place: one per Chief Operations Officer, each needing a
    waiting minion, one more minion per Accountant."""
    left = TURNS - s.turn + (s.walked[seat] < s.turn)
    waiting = len(s.waiting[seat])
    most = left if waiting >= left else (left + waiting) // 2
    return min(most, s.pyramid[seat].count(-1))


def _cards_needed(k: int, helps_waiting: bool) -> float:
    return 0.0 if k <= 0 else 2.0 * k - (1.0 if helps_waiting else 0.0)


def _smallest(values: list[float], k: int) -> float:
    values = sorted(values)
    return sum(values[:k]) if len(values) >= k else NEVER


def turns_to_go(s: "GameState", seat: int, number: int, f: mission_cards.Facts | None = None,
                rates: tuple[float, ...] | None = None) -> float:
    """Estimated walks before `seat` meets mission `number` (0: met now; NEVER: out of reach)."""
    f = f or mission_cards.facts(s, seat)
    if mission_cards.CHECKS[number](f):
        return 0.0
    take, give = (rates or walk_rates(s, seat))[:2]
    take, give = max(take, 0.5), max(give, 0.4)
    pyr, cards, filled = s.pyramid[seat], s.cards, s.filled[seat]
    if number == 1:
        return (f.stock - 9) / take
    if number == 8:
        return (15 - f.top_cubes) / take
    if 2 <= number <= 7:
        waiting = [cards[c] for c in s.waiting[seat]]
        places = placements_left(s, seat)
        low_open = sum(1 for p in range(PLACES) if pyr[p] < 0 and LEVEL_OF[p] >= 3)
        lines = f.lines
        if number in (2, 3):
            have = len(f.fish_levels) if number == 2 else sum(1 for lv in f.fish_levels if lv >= 3)
            k, helps = (5 if number == 2 else 3) - have, any(c.has(FISHMONGER) for c in waiting)
        elif number in (4, 5):
            have = len(f.carry_levels) if number == 4 else sum(1 for lv in f.carry_levels if lv >= 3)
            k, helps = (5 if number == 4 else 3) - have, any(c.has(DELIVERY, SUBWAY) for c in waiting)
        elif number == 6:
            short = [i for i in range(4) if lines[i] < 2]
            k = -(-sum(2 - lines[i] for i in short) // 2)
            helps = any(c.upper in short or c.lower in short for c in waiting)
        else:
            best = max(range(4), key=lambda i: lines[i])
            k, helps = 5 - lines[best], any(best in (c.upper, c.lower) for c in waiting)
        room = low_open if number in (3, 5) else places
        return _cards_needed(k, helps) if k <= min(room, places) else NEVER
    if 9 <= number <= 16:
        t = deliver_units(number, f.delivered) / give
        if number in (10, 14) and not any(cards[c].has(COOK) for c in pyr[1:] if c >= 0):
            t += 2.0
        return t
    # 17-24: complete cards; a card's cost is the slots it still misses (an empty place: a card first)
    places = placements_left(s, seat)
    missing = []
    for p in range(PLACES):
        if pyr[p] < 0:
            if places:
                missing.append((p, EMPTY_PLACE + 2.0 * give, -1, False))
            continue
        card = cards[pyr[p]]
        missing.append((p, float(filled[p].count(-1)), card.upper, number == 21 and card.only_nigiri))
    if number == 17:
        slots = _smallest([m[1] for m in missing], 4)
    elif number == 18:
        slots = _smallest([min(m[1] for m in missing if LEVEL_OF[m[0]] == lv) for lv in range(1, 5)
                           if any(LEVEL_OF[m[0]] == lv for m in missing)], 3)
    elif number == 19:
        slots = _smallest([min(m[1] for m in missing if m[2] == line) for line in range(4)
                           if any(m[2] == line for m in missing)], 3)
    elif number == 20:
        slots = min((_smallest([m[1] for m in missing if m[2] == line], 3) for line in range(4)),
                    default=NEVER)
    elif number == 21:
        slots = _smallest([m[1] for m in missing if m[3]], 2)
    else:
        where = {22: [p for p in range(PLACES) if LEVEL_OF[p] == 3], 23: list(CENTRAL),
                 24: list(CORNERS_4)}[number]
        slots = _smallest([m[1] for m in missing if m[0] in where], 1 if number == 24 else 2)
    return NEVER if slots >= NEVER else slots / give
