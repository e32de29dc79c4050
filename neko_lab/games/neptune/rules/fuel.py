"""Fuel (rulebook › Fuel, › To calculate the Fuel Cost between two locations): the cost of a trip.

The distance markers along the cheapest route between the two planets, minus the traveller's speed
(the sum of the speed bonuses of every technology they have a token on), minus one for each planet on
the way where they have a base (at the first and last planet only a base at the very location counts;
a base in Earth's Orbit counts for every trip starting on Earth), never below 1. Two locations of one
planet are always 1 apart.
"""
from __future__ import annotations

from typing import Iterable

from ..data import NeptuneData


def speed(technologies: Iterable[str | int], data: NeptuneData | None = None) -> int:
    """The speed given by a set of technologies (keys, names or indices), cumulative."""
    from ..data import shipped
    data = data or shipped()
    total = 0
    for t in set(technologies):
        total += data.techs[t if isinstance(t, int) else data.tech(t)].speed
    return total


def trip_cost(data: NeptuneData, origin: int, dest: int, speed: int = 0, bases: Iterable[int] = ()) -> int:
    """Fuel to go from location `origin` to location `dest` with this speed and bases (location indices)."""
    own = frozenset(bases)
    return fare(data, origin, dest, speed, own, planet_mask(data, own))


def planet_mask(data: NeptuneData, bases: Iterable[int]) -> int:
    """The planets of these bases as a bitmask (bit p = planet p)."""
    mask = 0
    locs = data.locations
    for b in bases:
        mask |= 1 << locs[b].planet
    return mask


def fare(data: NeptuneData, origin: int, dest: int, speed: int, bases: frozenset[int] | list[int],
         mask: int) -> int:
    """trip_cost() with the traveller's bases and their planet mask worked out beforehand."""
    if origin == dest:
        return 0
    locs = data.locations
    po, pd = locs[origin].planet, locs[dest].planet
    if po == pd:
        return 1
    routes = data.routes[po][pd]
    best = routes[0][0]
    if mask:
        k = mask.bit_count()
        best = 1 << 30
        for dist, inner in routes:          # shortest first: stop once no route can do better
            if dist - k >= best:
                break
            v = dist - (mask & inner).bit_count()
            if v < best:
                best = v
        best -= (dest in bases) + (origin in bases or (origin == data.home and data.orbit in bases))
    return max(1, best - speed)


def route(data: NeptuneData, origin: int, dest: int, bases: frozenset[int] | list[int],
          mask: int) -> tuple[int, int, int]:
    """The route fare() takes, for explaining it: (the sum of its distance markers, how many of the
    traveller's bases it counts, the bitmask of the planets passed on the way). Of routes equally
    cheap, the shortest, as fare() takes. Speed and the floor of 1 are left to the caller."""
    if origin == dest:
        return 0, 0, 0
    locs = data.locations
    po, pd = locs[origin].planet, locs[dest].planet
    if po == pd:
        return 1, 0, 0
    routes = data.routes[po][pd]
    dist, inner = routes[0]
    cut = 0
    if mask:
        best = 1 << 30
        for d, m in routes:
            v = d - (mask & m).bit_count()
            if v < best:
                best, dist, inner, cut = v, d, m, (mask & m).bit_count()
        cut += (dest in bases) + (origin in bases or (origin == data.home and data.orbit in bases))
    return dist, cut, inner


def distance(data: NeptuneData, origin: int, dest: int) -> int:
    """The unmodified fuel cost (no speed, no bases) by the best route."""
    if origin == dest:
        return 0
    po, pd = data.locations[origin].planet, data.locations[dest].planet
    return 1 if po == pd else data.routes[po][pd][0][0]


# ---------------------------------------------------------------- a seat's view, on a game state
def seat_speed(s, seat: int) -> int:
    techs = s.data.techs
    total = 0
    for t, holders in enumerate(s.techs):
        if seat in holders:
            total += techs[t].speed
    return total


def seat_bases(s, seat: int) -> list[int]:
    return [loc for loc, holders in enumerate(s.bases) if seat in holders]


def seat_view(s, seat: int) -> tuple[int, list[int], int]:
    """(speed, bases, planet mask of the bases) of `seat`: what its fuel costs depend on."""
    own = seat_bases(s, seat)
    return seat_speed(s, seat), own, planet_mask(s.data, own)


def cost_for(s, seat: int, origin: int, dest: int) -> int:
    """What `seat` pays in fuel to send a team (or, from Earth, a mission or colonists) origin -> dest."""
    if origin == dest:
        return 0
    return trip_cost(s.data, origin, dest, seat_speed(s, seat), seat_bases(s, seat))
