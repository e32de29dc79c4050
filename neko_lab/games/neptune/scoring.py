"""Destination: Neptune scoring as pure functions (rulebook › Scoring & Victory, › Scoring,
› End of Game Scoring (see page 4)). The tables the rulebook prints stand at the top.
"""
from __future__ import annotations

from typing import Sequence

FACTORY_VP = 1
COLONY_VP = 2
# credits -> victory points, one purchase per scoring at most
VP_PURCHASES = ((1, 1), (3, 2), (6, 3), (10, 4))
MAX_PURCHASE = 10
# fame awards: (most alone, each of those tied for most, second alone, each of those tied for second)
GENERATION_FAME = (2, 1, 1, 0)
FINAL_FAME = (5, 3, 2, 1)
FINAL_FAME_TIE_SUMMARY = 2       # "+2 if tied" in the end-of-game summary, instead of 3 each
AWARD_CARD_VP = 3


def buildings(factories: int, colonies: int) -> int:
    """Victory points of a generation end or a Scoring card for these buildings."""
    return FACTORY_VP * factories + COLONY_VP * colonies


def vp_for_credits(credits: int) -> tuple[int, int]:
    """The best single purchase with `credits` credits: (victory points, credits spent)."""
    best = (0, 0)
    for cost, vp in VP_PURCHASES:
        if cost <= credits:
            best = (vp, cost)
    return best


def purchases(credits: int) -> list[tuple[int, int]]:
    """Every purchase affordable with `credits`: (credits spent, victory points), cheapest first."""
    return [(cost, vp) for cost, vp in VP_PURCHASES if cost <= credits]


def fame_awards(fames: Sequence[int], final: bool = False, final_tie: int = FINAL_FAME[1],
                second_after_tie: bool = False, need_fame: bool = True) -> list[int]:
    """Victory points each player receives for fame at a generation end or Scoring card, or at the
    end of the game with final=True (final_tie: VP to each player tied for most fame at the end: 3 as
    in the scoring text, 2 as in the summary).

    Readings (datasets/neptune/README.md): "second most" is the highest fame below the most; by default
    it is awarded only when a single player has the most (players tied for most take the first and the
    second place together); second_after_tie=True awards it after a tie too. With need_fame (default)
    a player needs some fame to have the most or the second most: with 0 fame there is nothing to award."""
    alone, tied, second, second_tied = FINAL_FAME if final else GENERATION_FAME
    if final:
        tied = final_tie
    out = [0] * len(fames)
    if not fames:
        return out
    top = max(fames)
    if need_fame and top <= 0:
        return out
    first = [i for i, f in enumerate(fames) if f == top]
    if len(first) > 1:
        for i in first:
            out[i] = tied
        if not second_after_tie:
            return out
    else:
        out[first[0]] = alone
    rest = [f for f in fames if f < top and (f > 0 or not need_fame)]
    if rest:
        runner = max(rest)
        seconds = [i for i, f in enumerate(fames) if f == runner]
        for i in seconds:
            out[i] = second if len(seconds) == 1 else second_tied
    return out
