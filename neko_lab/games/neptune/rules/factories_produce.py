"""Factories Produce (rulebook › Factories Produce, › Factory Production): 2 credits to the active
player; every player gets 1 credit per factory, and the icons add: a Mineral factory 1 fuel (1 credit
instead once its owner has Fusion Power), a Fusion Fuel factory 1 fuel with Fusion Power, 2 with
Fusion Power II.

Access to a technology may be bought at any time, and Fusion Power or Fusion Power II changes what a
Mineral or Fusion Fuel factory produces: before production, each player (clockwise from the active
player) whose production such a purchase would change, and who can pay for it, is asked whether to buy.
"""
from __future__ import annotations

from neko_lab.core import Pending

from . import any_time
from .base import FACTORIES_ACTIVE, RULE_FACTORIES, RULE_PRODUCTION, Pass, clockwise
from .base import credits as credit_words


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


def useful_access(s, seat: int) -> list:
    """Purchases of access to Fusion Power / Fusion Power II that would change `seat`'s production."""
    now = produce(s, seat)
    out = []
    for offer in any_time.offers(s, seat):
        if type(offer) is any_time.BuyAccess and offer.tech in (s.data.tech("fusion"), s.data.tech("fusion2")):
            s.techs[offer.tech] = s.techs[offer.tech] + (seat,)       # try it, then put it back
            if produce(s, seat) != now:
                out.append(offer)
            s.techs[offer.tech] = s.techs[offer.tech][:-1]
    return out


def play(s, seat: int) -> None:
    s.credits[seat] += FACTORIES_ACTIVE
    s.emit(f"receives {credit_words(FACTORIES_ACTIVE)}", RULE_FACTORIES, seat)
    ask(s, 0)


def ask(s, pos: int) -> None:
    """Ask the next player whose production a purchase of access would change; then produce."""
    order = clockwise(s.active, s.players)
    while pos < s.players:
        if useful_access(s, order[pos]):
            s.pending.append(Pending("production", order[pos], pos))
            return
        pos += 1
    production(s)


def legal(s, seat: int, data) -> list:
    return useful_access(s, seat) + [Pass("let the factories produce")]


def take(s, seat: int, data, action) -> None:
    if any_time.take(s, seat, "production", data, action):
        return
    ask(s, data + 1)


def production(s) -> None:
    for i in range(s.players):
        credits, fuel = produce(s, i)
        if credits or fuel:
            s.credits[i] += credits
            s.fuel[i] += fuel
            s.emit(f"factories produce {credit_words(credits)} and {fuel} fuel", RULE_PRODUCTION, i)
    s.finish_card()


DECISIONS = {"production": (legal, take)}
