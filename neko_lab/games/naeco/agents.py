"""A heuristic Naéco agent: plays for objective progress, biodiversity and its own priority symbols.

It looks only at what its seat can see (its hand and Priority Observation card, every Ocean, pile tops,
revealed objectives). Hidden objectives count by the share of the level's four objectives an Ocean meets.
"""
from __future__ import annotations

from typing import Hashable

from neko_lab.agents.base import Agent

from . import scoring
from .objectives import CHECKS, LEVELS
from .ocean import ATTRIBUTES, FACE_DOWN, Ocean
from .rules import GameState, Play, TakeMission

ADVANCE = 4.0          # worth of one step right on the Surface row, on top of the card's value
FACE_DOWN_COST = 1.5   # an unpopulated area scores nothing by itself
SYMBOL_WEIGHT = 0.6    # per symbol, times the points the own Priority Observation card gives it
LINK_WEIGHT = 0.4      # per pair of touching species (objectives reward rows, columns and squares)
VARIETY_WEIGHT = 1.0   # per distinct value present (on the way to biodiversity)


def ocean_value(state: GameState, seat: int, ocean: Ocean, own_card: bool = True) -> float:
    """How good `ocean` would be for `seat`: expected research progress, biodiversity, symbols.

    With own_card=False the seat's secret Priority Observation card is not used: every symbol is worth
    the average of the cards (what another player can assume)."""
    k = state.token[seat]
    research = float(state.surface_values[k])
    while k < 4:
        level = LEVELS[k]
        if state.revealed[k]:
            if not CHECKS[level][state.objectives[k] - 1](ocean):
                break
            k += 1
            research = state.surface_values[k] + ADVANCE * (k - state.token[seat])
        else:
            share = sum(1 for f in CHECKS[level] if f(ocean)) / 4
            research += share * (state.surface_values[k + 1] - state.surface_values[k] + ADVANCE)
            break
    cells = ocean.cells
    values = [v for v in cells.values() if v > 0]
    bio = scoring.biodiversity(values) + VARIETY_WEIGHT * len(set(values))
    if own_card:
        points = state.priority_table[state.priority[seat]].points
    else:
        table = state.priority_table
        points = tuple(sum(c.points[i] for c in table) / len(table) for i in range(len(ATTRIBUTES)))
    counts = ocean.attribute_counts()
    symbols = SYMBOL_WEIGHT * sum(counts[a] * points[i] for i, a in enumerate(ATTRIBUTES))
    links = 0
    down = 0
    for p, v in cells.items():
        if v == FACE_DOWN:
            down += 1
        elif v > 0:
            if (cells.get(p + 4) or 0) > 0:
                links += 1
            if (p & 3) < 3 and (cells.get(p + 1) or 0) > 0:
                links += 1
    return research + bio + symbols + LINK_WEIGHT * links - FACE_DOWN_COST * down


class NaecoAgent(Agent):
    """Greedy on ocean_value() for plays; draws the pile top that would help most next turn."""

    name = "naeco"

    def choose(self, state: GameState) -> Hashable:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        seat = state.current_player
        if isinstance(actions[0], Play):
            return self._best_play(state, seat, actions)
        return self._best_draw(state, seat, actions)

    def _after(self, state: GameState, seat: int, a: Play) -> float:
        ocean = state.oceans[seat].copy()
        card = state.cards[a.card]
        ocean.put(a.depth, a.col, FACE_DOWN if a.down else card.value, card)
        return ocean_value(state, seat, ocean)

    def _best_play(self, state: GameState, seat: int, actions: list) -> Hashable:
        best, best_v = actions[0], float("-inf")
        for a in actions:
            v = self._after(state, seat, a) + self.rng.random() * 1e-3
            if v > best_v:
                best, best_v = a, v
        return best

    def card_value(self, state: GameState, seat: int, cid: int) -> float:
        """The best face-up placement of card `cid` in the seat's Ocean, as gained value."""
        ocean = state.oceans[seat]
        card = state.cards[cid]
        base = ocean_value(state, seat, ocean)
        best = -FACE_DOWN_COST
        for p in ocean.front[card.depth - 1]:
            if ocean.fits(p, card.value):
                new = ocean.copy()
                new.put(card.depth, p >> 2, card.value, card)
                best = max(best, ocean_value(state, seat, new) - base)
        return best

    def _best_draw(self, state: GameState, seat: int, actions: list) -> Hashable:
        best, best_v = actions[0], float("-inf")
        for a in actions:
            if isinstance(a, TakeMission):
                effect = state.cards[a.card].effect
                v = 0.5 if scoring.mission(effect, state.oceans[seat]) > 0 else float("-inf")
            else:
                v = self.card_value(state, seat, a.card)
            v += self.rng.random() * 1e-3
            if v > best_v:
                best, best_v = a, v
        return best


__all__ = ["NaecoAgent", "ocean_value"]
