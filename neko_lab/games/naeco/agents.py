"""A heuristic Naéco agent: plays for objective progress, biodiversity and its own priority symbols.

It looks only at what its seat can see (its hand and Priority Observation card, every Ocean, pile tops,
revealed objectives). Hidden objectives count by the share of the level's four objectives an Ocean meets.
"""
from __future__ import annotations

from typing import Hashable

from neko_lab.agents.base import Agent

from . import scoring
from .rules import GameState, LeaveMissions, Play, TakeMission
from .rules.final_scoring import FACE_DOWN_COST, ocean_value
from .rules.ocean import FACE_DOWN


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
            if isinstance(a, LeaveMissions):
                v = 0.0                  # the draw is missed either way: only a bonus is worth taking
            elif isinstance(a, TakeMission):
                effect = state.cards[a.card].effect
                points = scoring.mission(effect, state.oceans[seat])
                v = 0.5 if points > 0 else points - 1000.0    # forced only when all piles show one
            else:
                v = self.card_value(state, seat, a.card)
            v += self.rng.random() * 1e-3
            if v > best_v:
                best, best_v = a, v
        return best


__all__ = ["NaecoAgent", "ocean_value"]
