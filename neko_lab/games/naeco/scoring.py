"""Naéco scoring as pure functions ("Naéco › Scoring", "Naéco › Variants").

Printed tables stand at the top. Priority Observation card values and species lists are data
(datasets/naeco/); only the rulebook's own numbers live here.
"""
from __future__ import annotations

from typing import Mapping, Sequence

from .graph import balanced_chain_in_row
from .rules.ocean import ATTRIBUTES, Ocean

RULE_SCORING = "Naéco › Scoring"
RULE_MISSIONS = "Naéco › Sea Shepherd France variant"
RULE_SOLO = "Naéco › Solo play variant"

BIODIVERSITY_POINTS = 4          # per card of the least represented value, all four values present
NYAMBA_POINTS = {0: -2, 1: 2, 2: 5}   # turtles observed -> points (2 or more count as 2)
DOLPHIN_POINTS_EACH = 2
DOLPHIN_NONE = -2
CHAIN_SUCCESS, CHAIN_FAILURE = 3, -3
# Solo rating scale: (lowest score of the tier, label in neko_lab's words). A score of 11 is not named
# by the printed scale ("< 11" then "12-17"); it is read as the lowest tier (datasets/naeco/README.md).
SOLO_RATING = (
    (None, "Better stay with the books: fieldwork is not your thing."),
    (12, "A beginner, still dripping from the first dive."),
    (18, "A few promising observations."),
    (24, "Your findings are of great value."),
    (30, "Outstanding: a true ocean expert."),
)


def research(surface_value: int) -> int:
    """Research progress: the value of the Surface card under the player's token."""
    return surface_value


def biodiversity(ocean_or_values: Ocean | Sequence[int]) -> int:
    """4 points per card of the least represented value, when all four values are present."""
    values = ocean_or_values.values() if isinstance(ocean_or_values, Ocean) else ocean_or_values
    counts = [0, 0, 0, 0, 0]
    for v in values:
        if 1 <= v <= 4:
            counts[v] += 1
    least = min(counts[1:])
    return BIODIVERSITY_POINTS * least


def priority(counts: Sequence[Mapping[str, int]], cards: Sequence[Mapping[str, int]],
             against: Mapping[str, int] | None = None) -> list[int]:
    """Priority observations for every player.

    counts[i]: attribute -> number of symbols in player i's Ocean; cards[i]: attribute -> points on
    player i's Priority Observation card. For each symbol, every player holding the most symbols of that
    kind (at least one; ties all score) earns the points their own card shows. In solo play `against`
    holds the symbol counts of the discarded cards, which the player must equal or beat.
    """
    out = [0] * len(counts)
    for attr in ATTRIBUTES:
        have = [c.get(attr, 0) for c in counts]
        best = max(have + ([against.get(attr, 0)] if against is not None else []))
        if best <= 0:
            continue
        for i, n in enumerate(have):
            if n == best:
                out[i] += cards[i].get(attr, 0)
    return out


def mission(effect: str, ocean: Ocean, groups: Sequence[str] | None = None) -> int:
    """Points (bonus or penalty) of one Sea Shepherd France mission card for this Ocean.

    `groups` lists the group ("turtle", "dolphin", "") of each face-up species; by default it is read
    from the Ocean's cards.
    """
    if groups is None:
        groups = [c.group for c in ocean.species_cards()]
    if effect == "turtles":
        return NYAMBA_POINTS[min(2, sum(1 for g in groups if g == "turtle"))]
    if effect == "dolphins":
        n = sum(1 for g in groups if g == "dolphin")
        return DOLPHIN_POINTS_EACH * n if n else DOLPHIN_NONE
    if effect == "chain_deepest":
        return CHAIN_SUCCESS if balanced_chain_in_row(ocean, 4) else CHAIN_FAILURE
    if effect == "chain_shallowest":
        return CHAIN_SUCCESS if balanced_chain_in_row(ocean, 1) else CHAIN_FAILURE
    raise ValueError(f"unknown mission effect {effect!r}")


def solo_rating(score: int) -> tuple[int, str]:
    """(tier, label) of a solo score on the rulebook's scale: tier 1 is the lowest, 5 the highest."""
    tier = 0
    for i, (low, _) in enumerate(SOLO_RATING):
        if low is not None and score >= low:
            tier = i
    return tier + 1, SOLO_RATING[tier][1]
