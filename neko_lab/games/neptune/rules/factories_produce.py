"""Factories Produce (rulebook › Factories Produce, › Factory Production): 2 credits to the active
player; every player gets 1 credit per factory, and the icons add: a Mineral factory 1 fuel (1 credit
instead once its owner has Fusion Power), a Fusion Fuel factory 1 fuel with Fusion Power, 2 with
Fusion Power II. No decision is asked.
"""
from __future__ import annotations

from .base import FACTORIES_ACTIVE, RULE_FACTORIES, RULE_PRODUCTION


def produce(s, seat: int) -> tuple[int, int]:
    """(credits, fuel) that `seat`'s factories produce now."""
    fusion = s.data.tech("fusion")
    fusion2 = s.data.tech("fusion2")
    has_fusion = seat in s.techs[fusion]
    has_fusion2 = seat in s.techs[fusion2]
    credits = fuel = 0
    locs = s.data.locations
    for loc, owner in enumerate(s.factory):
        if owner != seat:
            continue
        credits += 1
        icon = locs[loc].factory_icon
        if icon == "mineral":
            if has_fusion:
                credits += 1
            else:
                fuel += 1
        elif icon == "fusion_fuel":
            fuel += 2 if has_fusion2 else 1 if has_fusion else 0
    return credits, fuel


def play(s, seat: int) -> None:
    s.credits[seat] += FACTORIES_ACTIVE
    s.emit(f"receives {FACTORIES_ACTIVE} credits", RULE_FACTORIES, seat)
    for i in range(s.players):
        credits, fuel = produce(s, i)
        if credits or fuel:
            s.credits[i] += credits
            s.fuel[i] += fuel
            s.emit(f"factories produce {credits} credits and {fuel} fuel", RULE_PRODUCTION, i)
    s.finish_card()


DECISIONS: dict = {}
