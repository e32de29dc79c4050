"""Research Missions (rulebook › Research Missions): the active player launches any number of new
missions, each 1 credit plus the fuel cost from Earth, controlling each; then, clockwise from the
active player, each player may buy access to any existing mission from its controller (1 credit,
2 with two players); then every player gains 1 fame per mission it controls.
"""
from __future__ import annotations

from typing import NamedTuple

from neko_lab.core import Pending, serializable
from neko_lab.core.fast import new_tuple as _new

from . import any_time
from .base import MISSION_CREDITS, RULE_RESEARCH, Pass, access_price, clockwise, credits, who
from .fuel import fare, seat_view


@serializable
class Launch(NamedTuple):
    loc: int
    name: str
    credits: int
    fuel: int

    def __str__(self) -> str:
        return f"launch a mission to {self.name} ({credits(self.credits)}, {self.fuel} fuel)"


@serializable
class MissionAccess(NamedTuple):
    loc: int
    name: str
    controller: int
    price: int

    def __str__(self) -> str:
        return f"pay {who(self.controller)} {credits(self.price)} for access to the mission at {self.name}"


def play(s, seat: int) -> None:
    s.pending.append(Pending("launch", seat))


NO_MORE_LAUNCHES = Pass("launch no more missions")
NO_MORE_ACCESS = Pass("buy no more mission access")


def legal_launch(s, seat: int, data) -> list:
    out: list = []
    if s.credits[seat] >= MISSION_CREDITS and s.fuel[seat]:        # every launch costs 1 fuel or more
        data = s.data
        spd, own, mask = seat_view(s, seat)
        by_planet: dict[int, int] = {}
        for loc in data.locations:
            if loc.research and not s.missions[loc.index]:
                # no mission there, so nobody's base: the fare depends only on the planet
                fuel = by_planet.get(loc.planet)
                if fuel is None:
                    fuel = by_planet[loc.planet] = fare(data, data.home, loc.index, spd, own, mask)
                if fuel <= s.fuel[seat]:
                    out.append(_new(Launch, (loc.index, loc.name, MISSION_CREDITS, fuel)))
    out.append(NO_MORE_LAUNCHES)
    return out + any_time.offers(s, seat)


def take_launch(s, seat: int, data, action) -> None:
    if any_time.take(s, seat, "launch", data, action):
        return
    if type(action) is Launch:
        s.credits[seat] -= action.credits
        s.fuel[seat] -= action.fuel
        s.missions[action.loc] = (seat,)
        s.emit(f"launches a Research Mission to {action.name}", RULE_RESEARCH, seat, loc=action.loc)
        s.pending.append(Pending("launch", seat))
        return
    ask_access(s, tuple(clockwise(seat, s.players)))


def access_offers(s, seat: int) -> list:
    price = access_price(s.players)
    if s.credits[seat] < price:
        return []
    locs = s.data.locations
    return [_new(MissionAccess, (loc, locs[loc].name, holders[0], price))
            for loc, holders in enumerate(s.missions) if holders and seat not in holders]


def ask_access(s, order: tuple[int, ...]) -> None:
    while order and not access_offers(s, order[0]):
        order = order[1:]
    if order:
        s.pending.append(Pending("mission_access", order[0], order[1:]))
        return
    for i in range(s.players):
        n = sum(1 for holders in s.missions if holders and holders[0] == i)
        if n:
            s.fame[i] += n
            s.emit("gains {0} fame for controlling {0} Research Missions" if n > 1 else
                   "gains {0} fame for controlling {0} Research Mission", RULE_RESEARCH, i, n)
    s.finish_card()


def legal_access(s, seat: int, data) -> list:
    out = access_offers(s, seat)
    out.append(NO_MORE_ACCESS)
    return out


def take_access(s, seat: int, data, action) -> None:
    if type(action) is MissionAccess:
        s.credits[seat] -= action.price
        s.credits[action.controller] += action.price
        s.missions[action.loc] = s.missions[action.loc] + (seat,)
        s.emit("pays {} {} for access to the mission at {}", RULE_RESEARCH, seat, who(action.controller),
               credits(action.price), action.name, loc=action.loc)
        if access_offers(s, seat):
            s.pending.append(Pending("mission_access", seat, data))
            return
    ask_access(s, data)


DECISIONS = {"launch": (legal_launch, take_launch), "mission_access": (legal_access, take_access)}
