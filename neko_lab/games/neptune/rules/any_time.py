"""Purchases allowed at any time (rulebook › Fuel; › Gaining Access to a Technology without a Card).

Fuel from the supply for 3 credits, and access to a technology another player controls for 1 credit
(2 with two players) paid to that player. "At any time" would put these two purchases into every action
list; the engine offers them only inside the decisions where a payment in fuel, a speed or a technology
requirement follows and can be changed by them:
- each build step of a Build card (build.py). A player with no token on any Research Mission can build
  nothing, bought or not; it is still asked when it can move a team without building to a location
  with a base, which by default may be another player's base (with option move_needs_own_base it has
  no base of its own, so it is not asked);
- the active player's launching of Research Missions (research_missions.py);
- the Technology decision (technology.py): access to a prerequisite of a technology nobody controls,
  so that control can then be taken;
- Factories Produce (factories_produce.py): before production, a question to each player whose
  production access to Fusion Power or Fusion Power II would change.
There they stand beside the other choices as extra actions; taking one leaves the seat in the same
decision, so it can buy several and then build, launch, take a technology or let production run.
"""
from __future__ import annotations

from typing import NamedTuple

from neko_lab.core import Pending, serializable
from neko_lab.core.fast import new_tuple as _new

from .base import FUEL_PRICE, RULE_FUEL, RULE_TECH_ACCESS, access_price, credits, who


@serializable
class BuyFuel(NamedTuple):
    """Buy one fuel counter from the supply."""
    price: int = FUEL_PRICE

    def __str__(self) -> str:
        return f"buy 1 fuel for {credits(self.price)}"


@serializable
class BuyAccess(NamedTuple):
    """Buy access to technology `tech` from its controller."""
    tech: int
    name: str
    controller: int
    price: int

    def __str__(self) -> str:
        return f"buy access to {self.name} from {who(self.controller)} for {credits(self.price)}"


BUY_FUEL = BuyFuel()


def offers(s, seat: int) -> list:
    """The purchases `seat` can afford now."""
    out: list = []
    have = s.credits[seat]
    if have >= FUEL_PRICE:
        out.append(BUY_FUEL)
    price = access_price(s.players)
    if have >= price:
        techs = s.data.techs
        for t, holders in enumerate(s.techs):
            if holders and seat not in holders:
                out.append(_new(BuyAccess, (t, techs[t].name, holders[0], price)))
    return out


def take(s, seat: int, kind: str, data, action) -> bool:
    """Carry out `action` if it is a purchase, put the decision `kind` back and say True."""
    if type(action) is BuyFuel:
        s.credits[seat] -= action.price
        s.fuel[seat] += 1
        s.emit("buys 1 fuel for {}", RULE_FUEL, seat, credits(action.price))
    elif type(action) is BuyAccess:
        s.credits[seat] -= action.price
        s.credits[action.controller] += action.price
        s.techs[action.tech] = s.techs[action.tech] + (seat,)
        s.emit(f"pays {who(action.controller)} {credits(action.price)} for access to {action.name}",
               RULE_TECH_ACCESS, seat, tech=action.tech)
    else:
        return False
    s.pending.append(Pending(kind, seat, data))
    return True


DECISIONS: dict = {}
