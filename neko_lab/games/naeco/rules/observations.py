"""Naéco › Make ground-breaking observations!: a fulfilled objective moves the token one Surface
card right, the first to arrive reveals the next objective, and several may be met in one turn
(reading 5 of datasets/naeco/README.md). The objectives themselves are in objectives.py."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .objectives import CHECKS, LEVELS
from .setup import LAST_POSITION

if TYPE_CHECKING:
    from .state import GameState

RULE_OBJECTIVES = "Naéco › Make ground-breaking observations!"


def make_observations(s: "GameState", seat: int) -> None:
    """Move the token right while the objective above it is fulfilled; the first to reach a card
    reveals its objective, which may at once move the token again."""
    ocean = s.oceans[seat]
    k = s.token[seat]
    while k < LAST_POSITION:
        level = LEVELS[k]
        index = s.objectives[k]
        if not CHECKS[level][index - 1](ocean):
            break
        k += 1
        s.token[seat] = k
        s.trail[seat] = s.trail[seat] + (k,)
        s.emit(f"fulfils the objective of the Surface card of value {s.surface_values[k - 1]} "
               f"({s.objective_text[(level, index)]}) and moves to the Surface card of value {s.surface_values[k]}",
               RULE_OBJECTIVES, seat,
               level=level, index=index, position=k)
        if k < LAST_POSITION and not s.revealed[k]:
            s.revealed[k] = True
            lv = LEVELS[k]
            s.emit(f"is first to reach the Surface card of value {s.surface_values[k]} and reveals its objective: "
                   f"{s.objective_text[(lv, s.objectives[k])]}", RULE_OBJECTIVES, seat,
                   level=lv, index=s.objectives[k])


DECISIONS: dict = {}
