"""networkx models of Destination: Neptune on the shipped map (or a dataset passed as `data`).

- solar_system(): planets and locations as one graph. Planet–planet edges carry the distance markers
  (`fuel`); each location hangs from its planet with an edge of weight 0 (kind="location").
- fuel_cost(origin, destination, speed=0, bases=()): the fuel cost of a trip between locations.
- distance_from_earth(location): the unmodified cost from Earth by the best route.
- tech_tree(): the technology prerequisite DAG; requirements(location, building): every technology
  needed to build there, prerequisites first.
"""
from __future__ import annotations

from typing import Iterable

import networkx as nx

from .data import NeptuneData, shipped
from .rules.fuel import distance, trip_cost

BUILDINGS = ("base", "factory", "colony")


def solar_system(data: NeptuneData | None = None) -> nx.Graph:
    data = data or shipped()
    g = nx.Graph()
    for i, name in enumerate(data.planets):
        g.add_node(name, kind="planet", order=i + 1)
    for a, b, fuel in data.edges:
        g.add_edge(data.planets[a], data.planets[b], fuel=fuel, weight=fuel, kind="marker")
    for loc in data.locations:
        planet = data.planets[loc.planet]
        if loc.name == planet:          # Earth is both the planet and the location teams start on
            continue
        g.add_node(loc.name, kind="location", planet=planet, colony=loc.colony,
                   factory_icon=loc.factory_icon)
        g.add_edge(planet, loc.name, fuel=0, weight=0, kind="location")
    return g


def _loc(data: NeptuneData, name: str | int) -> int:
    return name if isinstance(name, int) else data.location(name)


def fuel_cost(origin: str, destination: str, speed: int = 0, bases: Iterable[str] = (),
              data: NeptuneData | None = None) -> int:
    """Fuel to travel between two locations (names) with this speed and bases at these locations."""
    data = data or shipped()
    return trip_cost(data, _loc(data, origin), _loc(data, destination), speed,
                     [_loc(data, b) for b in bases])


def distance_from_earth(location: str, data: NeptuneData | None = None) -> int:
    data = data or shipped()
    return distance(data, data.home, _loc(data, location))


def tech_tree(data: NeptuneData | None = None) -> nx.DiGraph:
    """Edges go from a prerequisite to the technology it opens; nodes carry `name` and `speed`."""
    data = data or shipped()
    g = nx.DiGraph()
    for t in data.techs:
        g.add_node(t.key, name=t.name, speed=t.speed)
    for t in data.techs:
        for p in t.prerequisites:
            g.add_edge(data.techs[p].key, t.key)
    return g


def requirements(location: str, building: str, data: NeptuneData | None = None) -> list[str]:
    """Technology keys needed to build `building` at `location`, with every prerequisite for taking
    control of them, in an order in which they can be researched."""
    data = data or shipped()
    if building not in BUILDINGS:
        raise ValueError(f"building is one of {', '.join(BUILDINGS)}, not {building!r}")
    loc = data.locations[_loc(data, location)]
    direct = {"base": loc.base_requires, "factory": loc.factory_requires,
              "colony": loc.colony_requires}[building]
    tree = tech_tree(data)
    need = set()
    for t in direct:
        key = data.techs[t].key
        need.add(key)
        need |= nx.ancestors(tree, key)
    order = [data.techs[t].key for t in range(len(data.techs))]   # rows list prerequisites first
    return [k for k in nx.lexicographical_topological_sort(tree.subgraph(need), key=order.index)]
