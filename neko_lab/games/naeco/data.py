"""Loading and validating the Naéco dataset (datasets/naeco/, or a user's folder of the same format).

Every problem is a DataError naming the file, the row (1 = first data row) and the field.
"""
from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from neko_lab.core import DataError, serializable
from neko_lab.core import data as d

from .objectives import LEVELS
from .ocean import ATTRIBUTES, Card

GAME = "naeco"
SPECIES_PER_DEPTH = 16
MISSION_EFFECTS = ("turtles", "dolphins", "chain_deepest", "chain_shallowest")
MISSIONS = 4          # Observation Mission cards (Naéco › Game contents)
PILES = 7
FIRST_PILES = 4       # piles the first Surface card opens (Naéco › Gameplay: "the leftmost 4")


@serializable
class PriorityCard(NamedTuple):
    name: str
    points: tuple[int, int, int, int]    # in the order of ocean.ATTRIBUTES
    source: str = "reconstructed"

    def as_dict(self) -> dict[str, int]:
        return dict(zip(ATTRIBUTES, self.points))


class NaecoData(NamedTuple):
    species: tuple[Card, ...]
    missions: tuple[Card, ...]
    objectives: dict[tuple[int, int], str]
    priority: tuple[PriorityCard, ...]
    surface_values: tuple[int, ...]
    surface_piles: tuple[int, ...]
    folder: str


def group_of(name: str) -> str:
    """Missions count turtles and dolphins; a species belongs to a group when its name says so."""
    low = name.lower()
    if "turtle" in low:
        return "turtle"
    if "dolphin" in low:
        return "dolphin"
    return ""


def _species(folder: Path) -> tuple[Card, ...]:
    path = folder / "species.csv"
    rows = d.read_csv(path, {"name": d.text(), "depth": d.integer(1, 4), "value": d.integer(1, 4),
                             "attributes": d.tags(ATTRIBUTES), "source": d.source}, unique=["name"])
    per_depth = [0] * 5
    cards = []
    for n, row in enumerate(rows, start=1):
        attrs = row["attributes"]
        if len(attrs) > 2:
            raise DataError(str(path), n, "attributes", f"a species shows at most 2 symbols, not {len(attrs)}")
        if len(set(attrs)) != len(attrs):
            raise DataError(str(path), n, "attributes", "a symbol is repeated")
        per_depth[row["depth"]] += 1
        cards.append(Card(n - 1, row["name"], row["depth"], row["value"], attrs, group_of(row["name"]), "",
                          row["source"]))
    for depth in range(1, 5):
        if per_depth[depth] != SPECIES_PER_DEPTH:
            raise DataError(str(path), None, "depth",
                            f"depth {depth} has {per_depth[depth]} species; the game has {SPECIES_PER_DEPTH} per depth")
    return tuple(cards)


def _missions(folder: Path, first_id: int) -> tuple[Card, ...]:
    path = folder / "missions.csv"
    rows = d.read_csv(path, {"name": d.text(), "effect": d.choice(*MISSION_EFFECTS), "text": d.text(),
                             "source": d.source}, unique=["name"])
    if len(rows) != MISSIONS:
        raise DataError(str(path), None, "name", f"the game has {MISSIONS} Observation Mission cards "
                        f"(Naéco › Game contents), found {len(rows)}")
    return tuple(Card(first_id + i, r["name"], 0, 0, (), "", r["effect"], r["source"])
                 for i, r in enumerate(rows))


def _objectives(folder: Path) -> dict[tuple[int, int], str]:
    path = folder / "objectives.csv"
    rows = d.read_csv(path, {"level": d.choice(*(str(lv) for lv in LEVELS)), "index": d.integer(1, 4),
                             "text": d.text(), "source": d.source}, unique=[("level", "index")])
    out: dict[tuple[int, int], str] = {}
    for r in rows:
        out[(int(r["level"]), r["index"])] = r["text"]
    for lv in LEVELS:
        for i in range(1, 5):
            if (lv, i) not in out:
                raise DataError(str(path), None, "index", f"objective {i} of level {lv} is missing")
    return out


def _priority(folder: Path) -> tuple[PriorityCard, ...]:
    path = folder / "priority_observations.csv"
    schema = {"card": d.text(), **{a: d.integer(0, 20) for a in ATTRIBUTES}, "source": d.source}
    rows = d.read_csv(path, schema, unique=["card"])
    if len(rows) < 4:
        raise DataError(str(path), None, "card", f"4 Priority Observation cards are needed, found {len(rows)}")
    return tuple(PriorityCard(r["card"], tuple(r[a] for a in ATTRIBUTES), r["source"]) for r in rows)


def _surface(folder: Path) -> tuple[tuple[int, ...], tuple[int, ...]]:
    path = folder / "surface.csv"
    rows = d.read_csv(path, {"position": d.integer(0, 4), "value": d.integer(-10, 20),
                             "piles": d.integer(1, PILES), "source": d.source}, unique=["position"])
    if len(rows) != 5:
        raise DataError(str(path), None, "position", f"the Surface row has 5 cards, found {len(rows)}")
    for n, r in enumerate(rows, start=1):
        if r["position"] != n - 1:
            raise DataError(str(path), n, "position", f"expected position {n - 1}, found {r['position']}")
        if n == 1 and r["piles"] < FIRST_PILES:
            raise DataError(str(path), n, "piles",
                            f"the first Surface card opens the leftmost {FIRST_PILES} piles (Naéco › Gameplay), "
                            f"not {r['piles']}")
        if n > 1:
            if r["value"] <= rows[n - 2]["value"]:
                raise DataError(str(path), n, "value", "Surface values must increase from left to right")
            if r["piles"] < rows[n - 2]["piles"]:
                raise DataError(str(path), n, "piles", "a card further right never allows fewer piles")
    return tuple(r["value"] for r in rows), tuple(r["piles"] for r in rows)


def load(folder: str | Path | None = None) -> NaecoData:
    """The shipped dataset (folder=None) or a user's folder, validated."""
    path = d.resolve(GAME, folder)
    species = _species(path)
    missions = _missions(path, len(species))
    values, piles = _surface(path)
    return NaecoData(species, missions, _objectives(path), _priority(path), values, piles, str(path))
