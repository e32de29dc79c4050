"""The solo player's two decisions about CatANNA, made to keep her score low (Neko Syndicate › Solo Mode).

* **Her wild slots** (Final Scoring): her pyramid is known by then and so is her warehouse, so the colour
  of each wild cube is chosen by an exact search over every way to fill the wild slots left: the slots
  she fills card by card, left to right, skipping a colour she has run out of, exactly as the engine does.
  A card's points depend only on its own slots, so the search goes card by card and remembers the best
  rest of her pyramid for each warehouse it can reach (a few hundred cases at most).
* **Her markers** (set-up): her three values are hers whatever the player does; only the order bonus
  moves. On a mission she beats the player (or meets it without the player), she takes 5 and the player
  3 or nothing; when the player is earlier it is 3 against 5. So her earliest marker goes on the mission
  the player expects to meet soonest, her latest on the one the player is least likely to meet, as
  `MISSION_COLUMN` (the columns the agent met each mission in, measured) ranks them.
"""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Hashable

from .data import LEVEL_OF, MULTIPLIER, WILD

if TYPE_CHECKING:
    from .rules.state import GameState

# The mean column in which the syndicate agent met each mission (16 when it did not), over 130 seeded
# solo games of it and its variants while it was tuned (seeds 0-9 and 100-159; 10 to 31 games per
# mission; benchmarks/bench_syndicate.py --ladder prints them afresh): only the order matters, and ties
# keep the missions' order (build, deliver, complete).
MISSION_COLUMN = {1: 16, 2: 12, 3: 11, 4: 9, 5: 8, 6: 9, 7: 10, 8: 16, 9: 12, 10: 15, 11: 15, 12: 12, 13: 14, 14: 16,
                  15: 15, 16: 15, 17: 16, 18: 16, 19: 15, 20: 16, 21: 16, 22: 16, 23: 15, 24: 15}


def card_points(slots: tuple, extra: int, level: int, filled: tuple) -> int:
    """One card's structure points (multiplied): +1 a filled slot, its extra when complete, -2 when empty."""
    done = sum(1 for c in filled if c >= 0)
    pts = done + (extra if done == len(slots) and slots else 0) - (2 if not done else 0)
    return pts * MULTIPLIER[level]


def best_fill(state: "GameState") -> tuple[int, int]:
    """(her structure points still to come at best, the colour of the wild cube now asked for) at a
    `catanna_wild` decision: the least she can score on the cards from the cursor on."""
    c = state.catanna
    cards = state.cards
    place, slot = c.cursor
    layout = tuple((cards[c.pyramid[p]].slots, cards[c.pyramid[p]].extra, LEVEL_OF[p]) if c.pyramid[p] >= 0
                   else None for p in range(len(c.pyramid)))

    @lru_cache(maxsize=None)
    def rest(p: int, stock: tuple) -> int:
        """Least points from card p on, with `stock` in her warehouse, p's slots all still empty."""
        if p >= len(layout):
            return 0
        if layout[p] is None:
            return rest(p + 1, stock)
        return fill(p, 0, (-1,) * len(layout[p][0]), stock)[0]

    @lru_cache(maxsize=None)
    def fill(p: int, k: int, filled: tuple, stock: tuple) -> tuple[int, int]:
        slots, extra, level = layout[p]
        if k == len(slots):
            return card_points(slots, extra, level, filled) + rest(p + 1, stock), -1
        want = slots[k][1]
        options = [x for x in range(4) if stock[x]] if want == WILD else ([want] if stock[want] else [])
        if not options:
            return fill(p, k + 1, filled, stock)[0], -1
        best = None
        for x in options:
            v = fill(p, k + 1, filled[:k] + (x,) + filled[k + 1:],
                     stock[:x] + (stock[x] - 1,) + stock[x + 1:])[0]
            if best is None or v < best[0]:
                best = (v, x)
        return best

    return fill(place, slot, tuple(c.filled[place]), tuple(c.warehouse))


def wild_choice(state: "GameState", legal: list) -> Hashable:
    """The WildCube among `legal` that leaves CatANNA the fewest points."""
    colour = best_fill(state)[1]
    return next((a for a in legal if a.colour == colour), legal[0])


def expected_column(number: int) -> int:
    return MISSION_COLUMN.get(number, 16)


def assign_choice(state: "GameState", legal: list) -> Hashable:
    """The AssignMarkers among `legal` that puts her highest value (earliest column) on the mission the
    player should meet soonest and her lowest on the one least likely met."""
    order = sorted(range(len(state.missions)), key=lambda k: (expected_column(state.missions[k]), k))
    values = sorted(legal[0].values, reverse=True)
    want = [0] * len(values)
    for v, k in zip(values, order):
        want[k] = v
    return next((a for a in legal if list(a.values) == want), legal[0])
