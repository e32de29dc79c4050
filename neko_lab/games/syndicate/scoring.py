"""Neko Syndicate scoring as pure functions of plain values (Neko Syndicate › Game End and Scoring).

The engine, the notebooks' scoring curves and the tests of the rulebook's examples all use these.
"""
from __future__ import annotations

from typing import Sequence

# points per level of the pyramid (Neko Syndicate › Pyramidal Structure Points)
PER_DELIVERY = 1
PER_LOOSE_CUBE = -2
PER_EMPTY_CARD = -2
PER_MISSING_CARD = -2
MULTIPLIERS = {1: 4, 2: 3, 3: 2, 4: 1}        # the lieutenants' level weighs most
FULL_STRUCTURE = 10
# order bonus on one mission by position (Neko Syndicate › Mission Points)
ORDER_BONUS = (5, 3, 1, 0)
TIE_BREAK = 1                                  # one extra point for more deliveries on a tie


def level_multiplier(level: int) -> int:
    """The factor a level's points are multiplied by: x4 on level 1 (lieutenants) down to x1 on level 4."""
    if level not in MULTIPLIERS:
        raise ValueError(f"the pyramid has levels 1 to 4, not {level!r}")
    return MULTIPLIERS[level]


def level_points(deliveries: int, completed_bonus: int, loose_cubes: int, empty_cards: int,
                 missing_cards: int) -> int:
    """One level's points before its multiplier: +1 per filled slot, the extra points of its completed
    cards, -2 per loose cube, -2 per card without a delivery, -2 per missing card."""
    return (PER_DELIVERY * deliveries + completed_bonus + PER_LOOSE_CUBE * loose_cubes
            + PER_EMPTY_CARD * empty_cards + PER_MISSING_CARD * missing_cards)


def level_parts(deliveries: int, completed_bonus: int, loose_cubes: int, empty_cards: int,
                missing_cards: int, level: int) -> dict[str, int]:
    """level_points split into the breakdown's categories, each already multiplied."""
    m = level_multiplier(level)
    return {"deliveries": m * PER_DELIVERY * deliveries, "completed cards": m * completed_bonus,
            "loose cubes": m * PER_LOOSE_CUBE * loose_cubes,
            "cards without delivery": m * PER_EMPTY_CARD * empty_cards,
            "missing cards": m * PER_MISSING_CARD * missing_cards}


def mission_bonuses(columns: Sequence[int | None]) -> list[int]:
    """Each player's order bonus on one mission, from the column of their marker (None: not done).

    Further left (a smaller column) ranks first. Tied players share a position and its bonus, and the
    next column down takes the next position whatever the number of tied markers before it."""
    done = sorted({c for c in columns if c is not None})
    rank = {c: i for i, c in enumerate(done)}
    return [0 if c is None else (ORDER_BONUS[rank[c]] if rank[c] < len(ORDER_BONUS) else 0)
            for c in columns]


def mission_points(path: Sequence[int], columns: Sequence[int | None]) -> int:
    """The path points of one player's markers (columns count from 1)."""
    return sum(path[c - 1] for c in columns if c is not None)


def tie_break(scores: Sequence[int], deliveries: Sequence[int]) -> list[int]:
    """The extra point of the tie-break: among the players tied for the best score, those with the most
    deliveries gain one point (nobody does when the tied players delivered equally)."""
    best = max(scores)
    tied = [i for i, v in enumerate(scores) if v == best]
    extra = [0] * len(scores)
    if len(tied) > 1:
        most = max(deliveries[i] for i in tied)
        if any(deliveries[i] != most for i in tied):
            for i in tied:
                if deliveries[i] == most:
                    extra[i] = TIE_BREAK
    return extra
