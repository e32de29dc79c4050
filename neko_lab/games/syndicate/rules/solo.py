"""Solo Mode: one player against CatANNA, the rival clan that never takes a turn.

Her difficulty is her three mission markers, put at set-up on the path columns showing the three chosen
values, and her warehouse of 6, 7 or 8 cubes per colour. Which value goes on which mission is the
player's decision at set-up (option `catanna_assign`: "choose", or "in order" for simulations).
At the end (Final Scoring) her pyramid is built from the shuffled discard pile, nine cards placed left to
right and top to bottom, and her slots are filled from her warehouse card by card, slot by slot; the
colour of each wild slot is the player's decision among the colours left in her warehouse (option
`catanna_wild`: "choose", or "plenty" / "scarce" for simulations).
"""
from __future__ import annotations

from itertools import permutations
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from neko_lab.core.errors import counted
from neko_lab.core import ConfigError, DataError, Pending, serializable

from ..data import (COLOURS, DEFAULT_DIFFICULTY, LIEUTENANTS, MISSION_TYPES, PLACES, WILD, SyndicateData,
                    markers_problem)
from . import final_scoring
from .rulebook import SOLO, SOLO_SCORING

WILD_CHOICES = ("choose", "plenty", "scarce")
ASSIGN_CHOICES = ("choose", "in order")


@serializable
class AssignMarkers(NamedTuple):
    """Set-up, solo: CatANNA's three values, the one for the build, deliver and complete mission."""
    values: tuple[int, int, int]

    def __str__(self) -> str:
        return "CatANNA's markers: " + ", ".join(f"{v} on the {t} mission"
                                                 for v, t in zip(self.values, MISSION_TYPES))


@serializable
class WildCube(NamedTuple):
    """Final Scoring, solo: the colour of the cube CatANNA gets on one of her wild slots."""
    place: int
    slot: int
    colour: int

    def __str__(self) -> str:
        return (f"a {COLOURS[self.colour]} cube on CatANNA's wild slot {self.slot + 1} "
                f"of place {self.place + 1}")

if TYPE_CHECKING:
    from .state import GameState


@serializable
class Catanna:
    __slots__ = ("cubes", "markers", "pyramid", "filled", "warehouse", "box", "built", "cursor")

    def __init__(self, cubes: int, markers: tuple[int, ...]):
        self.cubes = cubes
        self.markers = markers                           # columns 1..15, one per mission; 0 until placed
        self.pyramid = [LIEUTENANTS] + [-1] * (PLACES - 1)
        self.filled: list[tuple[int, ...]] = [()] * PLACES
        self.warehouse = [cubes] * 4
        self.box = 0                                     # cubes returned to the box after filling
        self.built = False                               # her pyramid's cards are placed
        self.cursor = (0, 0)                             # the next slot to fill: (place, slot)

    def copy(self) -> "Catanna":
        new = object.__new__(Catanna)      # every slot, written out: every search copy of a solo game copies her
        new.cubes, new.markers, new.box, new.built, new.cursor = (self.cubes, self.markers, self.box,
                                                                   self.built, self.cursor)
        new.pyramid, new.filled, new.warehouse = list(self.pyramid), list(self.filled), list(self.warehouse)
        return new

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Catanna) and all(getattr(self, k) == getattr(other, k)
                                                  for k in Catanna.__slots__)

    def view(self) -> dict:
        return {"cubes": self.cubes, "markers": list(self.markers), "pyramid": list(self.pyramid),
                "filled": [list(f) for f in self.filled], "warehouse": list(self.warehouse),
                "built": self.built, "cursor": list(self.cursor)}


def difficulty(s: "GameState", data: SyndicateData) -> tuple[int, tuple[int, ...]]:
    """(cubes per colour, three marker values) from the options. Raw values must be three different
    values within the difficulty table's range (and shown on the path)."""
    table = {name: (cubes, marks) for name, cubes, marks in data.catanna}
    name = s.options["catanna"]
    if name not in table and name == DEFAULT_DIFFICULTY:     # the table is at fault, not the player
        raise DataError(str(Path(data.folder) / "catanna.csv"), None, "difficulty",
                        f"the table has no row {DEFAULT_DIFFICULTY!r}, the difficulty a solo game is "
                        f"played at when none is chosen; choose one of {', '.join(table)}")
    if name not in table:
        raise ConfigError(f"unknown CatANNA difficulty {name!r}; choose one of {', '.join(table)}")
    cubes, marks = table[name]
    if s.options["catanna_cubes"] is not None:
        cubes = s.options["catanna_cubes"]
    if s.options["catanna_markers"] is not None:
        marks = s.options["catanna_markers"]
        lo = min(v for _, _, m in data.catanna for v in m)
        hi = max(v for _, _, m in data.catanna for v in m)
        if markers_problem(tuple(marks), data.path) or any(not lo <= v <= hi for v in marks):
            shown = sorted(v for v in set(data.path) if lo <= v <= hi)
            raise ConfigError(f"catanna_markers must be three different values of the difficulty table, "
                              f"among {shown}; got {tuple(marks)}")
    return cubes, tuple(marks)


def setup_catanna(s: "GameState", data: SyndicateData) -> None:
    if s.players != 1:
        return
    cubes, marks = difficulty(s, data)
    s.catanna = Catanna(cubes, (0, 0, 0))
    s.emit(f"CatANNA: {cubes} cubes of each colour, mission markers worth "
           + "/".join(str(v) for v in marks), SOLO, cubes=cubes, values=marks)
    if s.options["catanna_assign"] == "in order":
        place_markers(s, marks)
    else:
        s.pending.append(Pending("catanna_assign", 0, marks))


def place_markers(s: "GameState", values: tuple[int, ...]) -> None:
    """Her markers go on the first column showing each value, mission by mission."""
    columns = tuple(s.path_values.index(v) + 1 for v in values)
    s.catanna.markers = columns
    s.emit("CatANNA's markers: " + ", ".join(f"{v} on mission {m} (column {c})"
                                              for v, m, c in zip(values, s.missions, columns)),
           SOLO, markers=columns)


def assignment_words(s: "GameState", action: AssignMarkers) -> str:
    """Where an AssignMarkers choice puts each of her values: the mission's type, its number (as the
    path shows it) and the column of the path the marker lands on (place_markers)."""
    return ", ".join(
        f"{v} on the {t} mission (mission {m}, column {s.path_values.index(v) + 1})"
        for v, t, m in zip(action.values, MISSION_TYPES, s.missions))


def legal_assign(s: "GameState", seat: int, data: Any) -> list:
    """Every way to put her three values on the three missions (the given order first)."""
    return [AssignMarkers(p) for p in dict.fromkeys(permutations(data))]


def take_assign(s: "GameState", seat: int, data: Any, action: AssignMarkers) -> None:
    place_markers(s, action.values)


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
    cards), then her deliveries in reading order; the game ends once they are done."""
    c = s.catanna
    s.rng.shuffle(s.discard)
    for p in range(1, PLACES):
        source = s.discard if s.discard else s.deck
        if not source:
            break
        c.pyramid[p] = source.pop()
    c.filled = [(-1,) * len(s.cards[card].slots) if card >= 0 else () for card in c.pyramid]
    c.built = True
    s.emit("CatANNA's pyramid is built from the shuffled discard pile", SOLO_SCORING,
           pyramid=list(c.pyramid))
    fill_slots(s)


def fill_slots(s: "GameState") -> None:
    """Fill her slots from the cursor on; stop at a wild slot whose colour the player must choose (when
    two or more colours are left), else finish: her remaining cubes go back to the box, the game ends."""
    c = s.catanna
    how = s.options["catanna_wild"]
    p, k = c.cursor
    while p < PLACES:
        slots = s.cards[c.pyramid[p]].slots if c.pyramid[p] >= 0 else ()
        while k < len(slots):
            want = slots[k][1]
            if want == WILD:
                left = [x for x in range(4) if c.warehouse[x]]
                if how == "choose" and len(left) > 1:
                    c.cursor = (p, k)
                    s.pending.append(Pending("catanna_wild", 0, (p, k)))
                    return
                colour = left[0] if how == "choose" and left else wild_colour(c, how)
            else:
                colour = want
            if colour is not None and c.warehouse[colour]:
                put_cube(c, p, k, colour)
            k += 1
        p, k = p + 1, 0
    c.cursor = (PLACES, 0)
    c.box = sum(c.warehouse)
    c.warehouse = [0, 0, 0, 0]
    done = sum(1 for f in c.filled for v in f if v >= 0)
    s.emit("CatANNA fills {} and returns {} to the box", SOLO_SCORING, None, counted(done, "slot"), counted(c.box, "cube"),
           filled=done)
    s.over = True
    final_scoring.announce(s)


def put_cube(c: Catanna, p: int, k: int, colour: int) -> None:
    c.warehouse[colour] -= 1
    row = list(c.filled[p])
    row[k] = colour
    c.filled[p] = tuple(row)


def legal_wild(s: "GameState", seat: int, data: Any) -> list:
    """A colour still in her warehouse, for the wild slot `data` = (place, slot)."""
    c = s.catanna
    return [WildCube(data[0], data[1], x) for x in range(4) if c.warehouse[x]]


def take_wild(s: "GameState", seat: int, data: Any, action: WildCube) -> None:
    c = s.catanna
    put_cube(c, action.place, action.slot, action.colour)
    s.emit(f"puts {action}", SOLO_SCORING, seat, place=action.place, slot=action.slot,
           colour=action.colour)
    c.cursor = (action.place, action.slot + 1)
    fill_slots(s)


def check(s: "GameState") -> None:
    c = s.catanna
    assert c is not None, "a solo game has CatANNA"
    total = sum(c.warehouse) + c.box + sum(1 for f in c.filled for v in f if v >= 0)
    assert total == 4 * c.cubes, f"CatANNA's cubes: {total}, expected {4 * c.cubes}"
    top = s.pending[-1].kind if s.pending else None
    assert c.built == (s.over or top == "catanna_wild"), "CatANNA's pyramid is built exactly at the end"
    assert len(c.markers) == 3, "CatANNA has three markers"
    assert all(1 <= m <= 15 for m in c.markers) or (c.markers == (0, 0, 0) and top == "catanna_assign"), \
        "CatANNA's markers are placed at set-up"



DECISIONS = {"catanna_assign": (legal_assign, take_assign), "catanna_wild": (legal_wild, take_wild)}
