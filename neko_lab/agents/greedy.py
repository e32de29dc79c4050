"""The one-ply greedy agent: try every legal action once and keep the one the game values most."""
from __future__ import annotations

from typing import Hashable

from ..core.state import State
from .base import Agent


class GreedyAgent(Agent):
    """Tries each legal action on a copy of the position and keeps the best by the game's
    `evaluate(seat)` hook (the running score lead unless the game defines its own heuristic).

    With hidden information the copies are made from `state.determinize(seat, rng)`, so the agent never
    looks at cards its seat could not see. Equal values are broken at random with `self.rng`, so the
    choice is reproducible for a given seed.
    """

    name = "greedy"

    def __init__(self, seed: int | None = None):
        super().__init__(seed)

    def choose(self, state: State) -> Hashable:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = state.current_player
        base = state.determinize(seat, self.core_rng()) if state.HIDDEN_INFORMATION else state
        best: list = []
        best_value = float("-inf")
        for action in legal:
            child = base.clone()
            child.apply(action)
            value = child.evaluate(seat)
            if value > best_value:
                best_value, best = value, [action]
            elif value == best_value:
                best.append(action)
        return best[0] if len(best) == 1 else self.rng.choice(best)
