"""Solo Mode: one player against CatANNA, the rival clan that never takes a turn.

Her difficulty is her three mission markers, put at set-up on the path columns showing the three chosen
values (the first value on the first mission, and so on), and her warehouse of 6, 7 or 8 cubes per colour.
At the end (Final Scoring) her pyramid is built from the shuffled discard pile, nine cards placed left to
right and top to bottom, and her slots are filled from her warehouse card by card, slot by slot.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from neko_lab.core import ConfigError, serializable

from ..data import LIEUTENANTS, PLACES, WILD, SyndicateData
from .rulebook import SOLO, SOLO_SCORING

if TYPE_CHECKING:
    from .state import GameState


@serializable
class Catanna:
    __slots__ = ("cubes", "markers", "pyramid", "filled", "warehouse", "box", "built")

    def __init__(self, cubes: int, markers: tuple[int, ...]):
        self.cubes = cubes
        self.markers = markers                           # columns 1..15, one per mission
        self.pyramid = [LIEUTENANTS] + [-1] * (PLACES - 1)
        self.filled: list[tuple[int, ...]] = [()] * PLACES
        self.warehouse = [cubes] * 4
        self.box = 0                                     # cubes returned to the box after filling
        self.built = False

    def copy(self) -> "Catanna":
        new = object.__new__(Catanna)
        for k in Catanna.__slots__:
            setattr(new, k, getattr(self, k))
        new.pyramid, new.filled, new.warehouse = list(self.pyramid), list(self.filled), list(self.warehouse)
        return new

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Catanna) and all(getattr(self, k) == getattr(other, k)
                                                  for k in Catanna.__slots__)

    def view(self) -> dict:
        return {"cubes": self.cubes, "markers": list(self.markers), "pyramid": list(self.pyramid),
                "filled": [list(f) for f in self.filled], "warehouse": list(self.warehouse),
                "built": self.built}


def difficulty(s: "GameState", data: SyndicateData) -> tuple[int, tuple[int, ...]]:
    """(cubes per colour, three marker values) from the options."""
    table = {name: (cubes, marks) for name, cubes, marks in data.catanna}
    name = s.options["catanna"]
    if name not in table:
        raise ConfigError(f"unknown CatANNA difficulty {name!r}; choose one of {', '.join(table)}")
    cubes, marks = table[name]
    if s.options["catanna_cubes"] is not None:
        cubes = s.options["catanna_cubes"]
    if s.options["catanna_markers"] is not None:
        marks = s.options["catanna_markers"]
        if any(v not in data.path for v in marks):
            raise ConfigError(f"catanna_markers must be values of Kumichō's path: {sorted(set(data.path))}")
    return cubes, marks


def setup_catanna(s: "GameState", data: SyndicateData) -> None:
    if s.players != 1:
        return
    cubes, marks = difficulty(s, data)
    columns = tuple(data.path.index(v) + 1 for v in marks)
    s.catanna = Catanna(cubes, columns)
    s.emit(f"CatANNA: {cubes} cubes of each colour, mission markers worth "
           + "/".join(str(v) for v in marks) + " (columns " + ", ".join(map(str, columns)) + ")",
           SOLO, markers=columns, cubes=cubes)


def wild_colour(c: Catanna, how: str) -> int | None:
    """The colour for one of her wild slots: the one she has most of ('plenty') or fewest ('scarce');
    the first in the rulebook's colour order on a tie."""
    left = [k for k in range(4) if c.warehouse[k]]
    if not left:
        return None
    if how == "plenty":
        return max(left, key=lambda k: (c.warehouse[k], -k))
    return min(left, key=lambda k: (c.warehouse[k], k))


def build_catanna(s: "GameState") -> None:
    """Her pyramid from the shuffled discard pile (topped up from the deck if it holds fewer than 9
    cards), then her deliveries in reading order; her remaining cubes go back to the box."""
    c = s.catanna
    if c is None:
        return
    s.rng.shuffle(s.discard)
    for p in range(1, PLACES):
        source = s.discard if s.discard else s.deck
        if not source:
            break
        c.pyramid[p] = source.pop()
    c.filled = [(-1,) * len(s.cards[card].slots) if card >= 0 else () for card in c.pyramid]
    for p in range(PLACES):
        if c.pyramid[p] < 0:
            continue
        row = list(c.filled[p])
        for k, (_, want) in enumerate(s.cards[c.pyramid[p]].slots):
            colour = wild_colour(c, s.options["catanna_wild"]) if want == WILD else want
            if colour is not None and c.warehouse[colour]:
                c.warehouse[colour] -= 1
                row[k] = colour
        c.filled[p] = tuple(row)
    c.box = sum(c.warehouse)
    c.warehouse = [0, 0, 0, 0]
    c.built = True
    done = sum(1 for f in c.filled for v in f if v >= 0)
    s.emit(f"CatANNA's pyramid is built from the shuffled discard pile; she fills {done} slots and "
           f"returns {c.box} cubes to the box", SOLO_SCORING, filled=done)


def check(s: "GameState") -> None:
    c = s.catanna
    assert c is not None, "a solo game has CatANNA"
    total = sum(c.warehouse) + c.box + sum(1 for f in c.filled for v in f if v >= 0)
    assert total == 4 * c.cubes, f"CatANNA's cubes: {total}, expected {4 * c.cubes}"
    assert c.built == s.over, "CatANNA's pyramid is built exactly at the end"
    assert len(c.markers) == 3 and all(1 <= m <= 15 for m in c.markers), "CatANNA has three markers"



DECISIONS: dict = {}
