"""Build (rulebook › Build, › Building): three rounds of building, clockwise from the active player,
then counter-clockwise, then clockwise again; in each round every player may move one construction
team and build with it once.

Each team moves at most once and builds at most once a turn (option team_used_once: a team that moved
or built is used). A team pays the fuel of its trip; a team already at the location builds without
moving. A team may also only move, to a location with a base (option move_needs_own_base: its own). Bases (1 credit) need a token on the location's Research Mission; factories
(2 credits) and colonies (the number in the circle, plus the fuel cost from Earth paid in fuel) need
a base of the builder there; every circle needs its technology icons; a factory or colony circle holds
one token, a base circle any number. The first base at a location scores 1 VP.
"""
from __future__ import annotations

from typing import NamedTuple

from neko_lab.core import Pending, serializable
from neko_lab.core.fast import keep_legal, new_tuple

from . import any_time, awards
from .base import (BASE_CREDITS, BUILT, FACTORY_CREDITS, FIRST_BASE_VP, FIRST_BASES, FUEL_PRICE, MOVED,
                   RULE_BUILD, RULE_BUILDING, TEAMS, Pass, clockwise, counter_clockwise, credits)
from .fuel import fare, seat_view

ROUNDS = 3
WHAT = ("base", "factory", "colony", "move")


@serializable
class BuildAt(NamedTuple):
    """Team `team` (0-based, shown from 1) goes from `origin` to `dest` and builds `what` there
    ("move" = move without building), paying `credits` and `fuel`."""
    team: int
    origin: int
    dest: int
    what: str
    name: str
    credits: int
    fuel: int

    def __str__(self) -> str:
        if self.what == "move":
            return f"team {self.team + 1} moves to {self.name} ({self.fuel} fuel)"
        go = f"goes to {self.name} and builds" if self.origin != self.dest else "builds"
        where = "there" if self.origin != self.dest else f"at {self.name}"
        return (f"team {self.team + 1} {go} a {self.what} {where} "
                f"({self.credits} credit{'s' if self.credits != 1 else ''}, {self.fuel} fuel)")


def order(s, rnd: int) -> list[int]:
    return (counter_clockwise if rnd == 1 else clockwise)(s.active, s.players)


def play(s, seat: int) -> None:
    ask(s, 0, 0)


def ask(s, rnd: int, pos: int) -> None:
    """Ask the next player who has something to decide, or end the card after the third round."""
    while rnd < ROUNDS:
        seat = order(s, rnd)[pos]
        # a player without any token on a Research Mission can build nothing, whatever it buys: it is
        # asked only when it may move a team to another player's base (option move_needs_own_base off)
        if any(seat in m for m in s.missions) or may_move_only(s, seat):
            acts = legal(s, seat, None)
            if len(acts) > 1:              # more than "build nothing"
                s.pending.append(Pending("build", seat, (rnd, pos)))
                keep_legal(s, acts)
                return
        pos += 1
        if pos == s.players:
            rnd, pos = rnd + 1, 0
    s.used = [0] * (TEAMS * s.players)       # the teams stand upright again
    s.finish_card()


def may_move_only(s, seat: int) -> bool:
    """Could `seat`, with no mission token, move a team to a location with a base (buying fuel first)?"""
    if s.options["move_needs_own_base"] or not (s.fuel[seat] or s.credits[seat] >= FUEL_PRICE):
        return False
    at = {s.teams[seat * TEAMS + t] for t in range(TEAMS) if not s.used[seat * TEAMS + t] & MOVED}
    return any(holders and (len(at) > 1 or i not in at) for i, holders in enumerate(s.bases)) and bool(at)


def move_targets(s, seat: int, own: list[int]) -> list[int]:
    """Where a team may go without building: a location with a base of the seat's own (option
    move_needs_own_base) or, by default, of any player."""
    if s.options["move_needs_own_base"]:
        return own
    return [i for i, holders in enumerate(s.bases) if holders]


def sites(s, seat: int, spd: int, own: list[int], mask: int) -> list[tuple[int, str, int, int]]:
    """What `seat` (with this speed and these bases) may build where, whichever team goes:
    (location, what, credits, extra fuel)."""
    out = []
    have = {t for t, holders in enumerate(s.techs) if seat in holders}
    bases, factory, colony = s.bases, s.factory, s.colony
    locations, home = s.data.locations, s.data.home
    for i, tokens in enumerate(s.missions):
        if seat not in tokens:          # no mission token: no base, hence nothing at all, here
            continue
        loc = locations[i]
        if seat not in bases[i]:
            if have.issuperset(loc.base_requires):
                out.append((i, "base", BASE_CREDITS, 0))
            continue
        if loc.factory and factory[i] < 0 and have.issuperset(loc.factory_requires):
            out.append((i, "factory", FACTORY_CREDITS, 0))
        if loc.colony and colony[i] < 0 and have.issuperset(loc.colony_requires):
            out.append((i, "colony", loc.colony, fare(s.data, home, i, spd, own, mask)))
    return out


def options(s, seat: int) -> list[BuildAt]:
    credits, fuel = s.credits[seat], s.fuel[seat]
    data = s.data
    locations = data.locations
    spd, own, mask = seat_view(s, seat)
    # what the seat can pay for at all, wherever its team stands
    where = [site for site in sites(s, seat, spd, own, mask) if site[2] <= credits and site[3] <= fuel]
    out: list[BuildAt] = []
    seen: set = set()
    once = s.options["team_used_once"]
    targets = move_targets(s, seat, own) if fuel else ()
    new = new_tuple
    for t in range(TEAMS):
        k = seat * TEAMS + t
        at, flags = s.teams[k], s.used[k]
        if (at, flags) in seen:      # two teams in the same place and state are one choice
            continue
        seen.add((at, flags))
        can_move = not (flags if once else flags & MOVED)
        if not (flags if once else flags & BUILT):
            for loc, what, cost, extra in where:
                if loc != at:           # a trip costs at least 1
                    if not can_move or extra >= fuel:
                        continue
                    paid = fare(data, at, loc, spd, own, mask) + extra
                    if paid > fuel:
                        continue
                else:
                    paid = extra
                out.append(new(BuildAt, (t, at, loc, what, locations[loc].name, cost, paid)))
        if can_move:
            for loc in targets:
                if loc != at:
                    paid = fare(data, at, loc, spd, own, mask)
                    if paid <= fuel:
                        out.append(new(BuildAt, (t, at, loc, "move", locations[loc].name, 0, paid)))
    return out


NOTHING = Pass("build nothing this round")


def legal(s, seat: int, data) -> list:
    out = options(s, seat)
    out.append(NOTHING)
    return out + any_time.offers(s, seat)


def take(s, seat: int, data, action) -> None:
    if any_time.take(s, seat, "build", data, action):
        return
    if type(action) is BuildAt:
        build(s, seat, action)
    rnd, pos = data
    pos += 1
    if pos == s.players:
        rnd, pos = rnd + 1, 0
    ask(s, rnd, pos)


def build(s, seat: int, a: BuildAt) -> None:
    k = seat * TEAMS + a.team
    if a.dest != a.origin:
        s.used[k] |= MOVED
        s.teams[k] = a.dest
    s.credits[seat] -= a.credits
    s.fuel[seat] -= a.fuel
    if a.what == "move":
        s.emit("moves team {} to {} for {} fuel", RULE_BUILDING, seat, a.team + 1, a.name, a.fuel)
        return
    s.used[k] |= BUILT
    s.emit("builds a {} at {} for {} and {} fuel", RULE_BUILD, seat, a.what, a.name, credits(a.credits), a.fuel,
           loc=a.dest, what=a.what)
    if a.what == "base":
        first = not s.bases[a.dest]
        s.bases[a.dest] = s.bases[a.dest] + (seat,)
        if first:
            s.points[seat][FIRST_BASES] += FIRST_BASE_VP
            s.emit(f"scores {FIRST_BASE_VP} VP for the first base at {a.name}", RULE_BUILDING, seat)
        awards.after_base(s, seat)
        return
    if a.what == "factory":
        s.factory[a.dest] = seat
    else:
        s.colony[a.dest] = seat
    awards.after_factory_or_colony(s, seat, a.dest)


DECISIONS = {"build": (legal, take)}
