"""Loading and validating the Destination: Neptune dataset (datasets/neptune/, or a user's folder).

The map (planets, distance markers, locations with their circles and technology icons), the
technology chart, the regular cards by generation, and the optional event and location cards.
Every problem is a DataError naming the file, the row (1 = first data row) and the field.
"""
from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from neko_lab.core import DataError, serializable
from neko_lab.core import data as d

GAME = "neptune"
HOME = "Earth"                 # the planet and the location where teams start and missions leave from
ORBIT = "Earth's Orbit"        # its base also shortens every trip that starts on Earth
KINDS = {"Attract Investors": "investors", "Build": "build", "Factories Produce": "factories",
         "Fuel Broker": "broker", "Research Missions": "research", "Technology": "technology",
         "Scoring": "scoring"}
ICONS = ("", "mineral", "fusion_fuel")
EVENT_EFFECTS = ("lose_credits", "gain_fame", "lose_fuel", "active_credits", "gain_fuel",
                 "tech_leader_vp", "gain_credits", "base_fuel", "teams_home", "mission_fame",
                 "colony_vp", "factory_credits")
GENERATIONS = 4
MIN_FIRST_GENERATION = 21      # five cards for each of four hands, and a draw deck
# the cards of Destination: Neptune › Components: 73 for the regular game, 12 Event cards, and one
# Location card for each location but Earth (19)
CARDS, EVENTS = 73, 12
COMPONENTS = "Destination: Neptune › Components"


@serializable
class Location(NamedTuple):
    index: int
    name: str
    planet: int
    research: bool
    base_requires: tuple[int, ...]
    factory: bool
    factory_requires: tuple[int, ...]
    factory_icon: str
    colony: int                         # the number in the colony circle; 0 = no colony circle
    colony_requires: tuple[int, ...]
    source: str


@serializable
class Tech(NamedTuple):
    index: int
    key: str
    name: str
    prerequisites: tuple[int, ...]
    speed: int
    source: str


@serializable
class Card(NamedTuple):
    id: int
    title: str
    kind: str
    generation: int
    fame: int
    event: bool
    source: str


@serializable
class EventCard(NamedTuple):
    id: int
    name: str
    effect: str
    amount: int
    location: bool
    source: str


@serializable
class NeptuneData(NamedTuple):
    planets: tuple[str, ...]
    edges: tuple[tuple[int, int, int], ...]
    # routes[a][b]: every simple route between two planets as (distance, bitmask of the planets
    # passed on the way, ends excluded), shortest first
    routes: tuple[tuple[tuple[tuple[int, int], ...], ...], ...]
    locations: tuple[Location, ...]
    techs: tuple[Tech, ...]
    cards: tuple[Card, ...]
    events: tuple[EventCard, ...]
    location_cards: tuple[int, ...]
    folder: str
    home: int = 0                       # the location index of Earth
    orbit: int = 1                      # the location index of Earth's Orbit

    def location(self, name: str) -> int:
        for loc in self.locations:
            if loc.name == name:
                return loc.index
        raise KeyError(f"no location {name!r}; locations: {', '.join(x.name for x in self.locations)}")

    def tech(self, key: str) -> int:
        for t in self.techs:
            if t.key == key or t.name == key:
                return t.index
        raise KeyError(f"no technology {key!r}; technologies: {', '.join(t.key for t in self.techs)}")


def _unique(path: Path, rows: list[dict], field: str) -> dict[str, int]:
    seen: dict[str, int] = {}
    for n, row in enumerate(rows, start=1):
        if row[field] in seen:
            raise DataError(str(path), n, field, f"{row[field]!r} already appears in row {seen[row[field]]}")
        seen[row[field]] = n
    return seen


def _planets(folder: Path) -> tuple[str, ...]:
    path = folder / "planets.csv"
    rows = d.read_csv(path, {"planet": d.text(), "order": d.integer(1, 99), "source": d.source})
    _unique(path, rows, "planet")
    names = tuple(r["planet"] for r in sorted(rows, key=lambda r: r["order"]))
    if HOME not in names:
        raise DataError(str(path), None, "planet", f"the map needs the planet {HOME!r}")
    return names


def _edges(folder: Path, planets: tuple[str, ...]) -> tuple[tuple[int, int, int], ...]:
    path = folder / "distances.csv"
    rows = d.read_csv(path, {"planet_a": d.text(), "planet_b": d.text(), "fuel": d.integer(1, 20),
                             "source": d.source})
    out, seen = [], set()
    for n, r in enumerate(rows, start=1):
        for f in ("planet_a", "planet_b"):
            if r[f] not in planets:
                raise DataError(str(path), n, f, f"{r[f]!r} is not a planet of planets.csv")
        a, b = planets.index(r["planet_a"]), planets.index(r["planet_b"])
        if a == b or frozenset((a, b)) in seen:
            raise DataError(str(path), n, "planet_b", "a distance marker joins two different planets once")
        seen.add(frozenset((a, b)))
        out.append((a, b, r["fuel"]))
    return tuple(out)


# The most routes (a route from one planet to another, each way counted) a map may make. Every route a
# trip may take is listed at set-up (a base on a planet passed makes a longer route cheaper), and their
# number grows about exponentially with the distance markers that close loops: past this, setting up
# would take seconds to minutes (the shipped map makes 336; datasets/neptune/README.md).
MAX_ROUTES = 100_000


def _routes(planets: tuple[str, ...], edges, path: Path) -> tuple:
    adj: list[list[tuple[int, int]]] = [[] for _ in planets]
    for a, b, w in edges:
        adj[a].append((b, w))
        adj[b].append((a, w))
    table = []
    listed = 0
    for a in range(len(planets)):
        found: dict[int, list[tuple[int, int]]] = {b: [] for b in range(len(planets))}

        def walk(v: int, dist: int, seen: int, inner: int) -> None:
            nonlocal listed
            for w, fuel in adj[v]:
                if seen >> w & 1:
                    continue
                listed += 1
                if listed > MAX_ROUTES:
                    raise DataError(str(path), None, None, f"the distance markers ({len(edges)}) make more "
                                    f"than {MAX_ROUTES} routes between planets (each way counted): every "
                                    f"route a trip may take is listed when a game is set up, and loops of "
                                    f"markers multiply them; remove some markers")
                found[w].append((dist + fuel, inner))
                walk(w, dist + fuel, seen | 1 << w, inner | 1 << w)

        walk(a, 0, 1 << a, 0)
        row = []
        for b in range(len(planets)):
            # the bitmask of a route ending at b includes b itself: drop it
            row.append(tuple(sorted({(dd, m & ~(1 << b)) for dd, m in found[b]})) if b != a else ((0, 0),))
        table.append(tuple(row))
    home = planets.index(HOME)
    for b, name in enumerate(planets):
        if not table[home][b]:
            raise DataError(str(path), None, "planet_b", f"{name} cannot be reached from {HOME}")
    return tuple(table)


def _techs(folder: Path) -> tuple[Tech, ...]:
    path = folder / "technologies.csv"
    rows = d.read_csv(path, {"key": d.text(), "name": d.text(), "prerequisites": d.tags(),
                             "speed": d.integer(0, 10), "source": d.source})
    _unique(path, rows, "key")
    keys = [r["key"] for r in rows]
    out = []
    for n, r in enumerate(rows, start=1):
        for p in r["prerequisites"]:
            if p not in keys[:n - 1]:
                raise DataError(str(path), n, "prerequisites",
                                f"{p!r} must be a technology listed in an earlier row")
        out.append(Tech(n - 1, r["key"], r["name"], tuple(keys.index(p) for p in r["prerequisites"]),
                        r["speed"], r["source"]))
    return tuple(out)


def _locations(folder: Path, planets: tuple[str, ...], techs: tuple[Tech, ...]) -> tuple[Location, ...]:
    path = folder / "locations.csv"
    keys = tuple(t.key for t in techs)
    schema = {"location": d.text(), "planet": d.choice(*planets), "research": d.boolean,
              "base_requires": d.tags(keys), "factory": d.boolean, "factory_requires": d.tags(keys),
              "factory_icon": d.choice(*ICONS), "colony": d.integer(0, 20),
              "colony_requires": d.tags(keys), "source": d.source}
    rows = d.read_csv(path, schema)
    _unique(path, rows, "location")
    if rows[0]["location"] != HOME or rows[0]["planet"] != HOME:
        raise DataError(str(path), 1, "location", f"the first row is {HOME}, where the teams start")
    if rows[0]["research"] or rows[0]["factory"] or rows[0]["colony"]:
        raise DataError(str(path), 1, "research", f"{HOME} itself has no mission or building circles")
    out = []
    for n, r in enumerate(rows, start=1):
        if n > 1 and not r["research"]:
            raise DataError(str(path), n, "research", "every location but Earth has a Research Mission")
        if r["factory_icon"] and not r["factory"]:
            raise DataError(str(path), n, "factory_icon", "a factory icon needs a factory circle")
        out.append(Location(n - 1, r["location"], planets.index(r["planet"]), r["research"],
                            tuple(keys.index(k) for k in r["base_requires"]), r["factory"],
                            tuple(keys.index(k) for k in r["factory_requires"]), r["factory_icon"],
                            r["colony"], tuple(keys.index(k) for k in r["colony_requires"]), r["source"]))
    if not any(loc.name == ORBIT for loc in out):
        raise DataError(str(path), None, "location", f"the map needs the location {ORBIT!r}")
    return tuple(out)


def _cards(folder: Path) -> tuple[Card, ...]:
    path = folder / "cards.csv"
    rows = d.read_csv(path, {"title": d.choice(*KINDS), "generation": d.integer(1, GENERATIONS),
                             "fame": d.integer(0, 10), "event": d.boolean, "source": d.source})
    if len(rows) != CARDS:
        raise DataError(str(path), None, "title", f"the game has {CARDS} cards for the regular game "
                        f"({COMPONENTS}), found {len(rows)}")
    count = [0] * (GENERATIONS + 1)
    for r in rows:
        count[r["generation"]] += 1
    if count[1] < MIN_FIRST_GENERATION:
        raise DataError(str(path), None, "generation",
                        f"generation 1 needs at least {MIN_FIRST_GENERATION} cards, found {count[1]}")
    for g in range(2, GENERATIONS + 1):
        if not count[g]:
            raise DataError(str(path), None, "generation", f"generation {g} has no cards")
    return tuple(Card(i, r["title"], KINDS[r["title"]], r["generation"], r["fame"], r["event"], r["source"])
                 for i, r in enumerate(rows))


def _events(folder: Path) -> tuple[EventCard, ...]:
    path = folder / "events.csv"
    rows = d.read_csv(path, {"name": d.text(), "effect": d.choice(*EVENT_EFFECTS),
                             "amount": d.integer(0, 10), "location": d.boolean, "source": d.source})
    _unique(path, rows, "name")
    if len(rows) != EVENTS:
        raise DataError(str(path), None, "name", f"the game has {EVENTS} Event cards ({COMPONENTS}), "
                        f"found {len(rows)}")
    return tuple(EventCard(i, r["name"], r["effect"], r["amount"], r["location"], r["source"])
                 for i, r in enumerate(rows))


def _location_cards(folder: Path, locations: tuple[Location, ...]) -> tuple[int, ...]:
    path = folder / "location_cards.csv"
    rows = d.read_csv(path, {"location": d.text(), "source": d.source})
    names = [loc.name for loc in locations]
    _unique(path, rows, "location")
    out = []
    for n, r in enumerate(rows, start=1):
        if r["location"] not in names[1:]:
            raise DataError(str(path), n, "location", f"{r['location']!r} is not a location of locations.csv")
        out.append(names.index(r["location"]))
    if len(out) != len(names) - 1:
        raise DataError(str(path), None, "location", f"the game has one Location card for each location "
                        f"but {HOME}, {len(names) - 1} here (19 in {COMPONENTS}), found {len(out)}")
    return tuple(out)


def load(folder: str | Path | None = None) -> NeptuneData:
    """The shipped dataset (folder=None) or a user's folder, validated."""
    path = d.resolve(GAME, folder)
    planets = _planets(path)
    edges = _edges(path, planets)
    techs = _techs(path)
    locations = _locations(path, planets, techs)
    orbit = next(loc.index for loc in locations if loc.name == ORBIT)
    return NeptuneData(planets, edges, _routes(planets, edges, path / "distances.csv"), locations, techs, _cards(path),
                       _events(path), _location_cards(path, locations), str(path), 0, orbit)


def shipped() -> NeptuneData:
    """The shipped dataset, parsed once per process."""
    return d.load_cached(load, d.dataset_dir(GAME))
