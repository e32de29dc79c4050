"""Loading and validating the Neko Syndicate dataset (datasets/syndicate/, or a user's folder of the same
format), and the fixed geometry of the brick-laid pyramid every player builds.

Every problem in a file is a DataError naming the file, the row (1 = first data row) and the field.
"""
from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from neko_lab.core import DataError, serializable
from neko_lab.core import data as d

GAME = "syndicate"
COLOURS = ("tuna", "salmon", "sea bass", "mackerel")
WILD = 4                                   # a multicolour slot takes a cube of any colour
LINES = ("A", "B", "C", "D")
SASHIMI, NIGIRI = 0, 1
SLOT_KINDS = ("sashimi", "nigiri")
CUBES_PER_COLOUR = 8
MINIONS = 48
TURNS = 15
MISSION_TYPES = ("build", "deliver", "complete")

ACCOUNTANT, COO = "accountant", "chief operations officer"
FISHMONGER, DELIVERY, SUBWAY = "fishmonger", "delivery lady", "subway operator"
COOK, STOREKEEPER = "cook", "storekeeper"
MINION_ACTIONS = (FISHMONGER, DELIVERY, SUBWAY, COOK, STOREKEEPER)

# ---------------------------------------------------------------- the pyramid's geometry
# Ten places: level 1 is the lieutenants card, then 2, 3 and 4 cards. Place p on level L, row i
# (0 = leftmost) hangs below the right box of (L-1, i-1) and the left box of (L-1, i).
LEVELS = 4
LEVEL_OF: tuple[int, ...] = (1, 2, 2, 3, 3, 3, 4, 4, 4, 4)
ROW_OF: tuple[int, ...] = (0, 0, 1, 0, 1, 2, 0, 1, 2, 3)
PLACES = len(LEVEL_OF)
LIEUTENANTS = MINIONS                      # card id of the lieutenants card (minions are 0..47)
MULTIPLIER: tuple[int, ...] = (0, 4, 3, 2, 1)  # by level (index 0 unused)


def place(level: int, row: int) -> int:
    """The place index (0..9) of `row` (0-based) on `level` (1..4)."""
    return level * (level - 1) // 2 + row


def _child(p: int, side: int) -> int:
    lv = LEVEL_OF[p]
    return -1 if lv == LEVELS else place(lv + 1, ROW_OF[p] + side)


CHILD: tuple[tuple[int, int], ...] = tuple((_child(p, 0), _child(p, 1)) for p in range(PLACES))
PARENTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(q for q in range(PLACES) if p in CHILD[q]) for p in range(PLACES))
CENTRAL = (place(3, 1), place(4, 1), place(4, 2))   # neither first nor last on their level
CORNERS_4 = (place(4, 0), place(4, 3))

# Neighbourhoods: 2p is the upper one of place p, 2p+1 the lower one. Vertically adjacent: the two of
# one card, and a card's lower neighbourhood with the upper neighbourhood of each card hanging below it.
NEIGHBOURHOODS = 2 * PLACES
# the indices of a seat's loose-cube counts, cubes[4 * n + colour] (n a neighbourhood): an upper
# neighbourhood n = 2p has i & 4 == 0, and i >> 3 is its place
CUBE_INDEX = range(4 * NEIGHBOURHOODS)


def upper(p: int) -> int:
    return 2 * p


def lower(p: int) -> int:
    return 2 * p + 1


def _vertical(n: int) -> tuple[int, ...]:
    p = n // 2
    if n % 2 == 0:
        return tuple(sorted([n + 1] + [lower(q) for q in PARENTS[p]]))
    return tuple(sorted([n - 1] + [upper(c) for c in CHILD[p] if c >= 0]))


VERTICAL: tuple[tuple[int, ...], ...] = tuple(_vertical(n) for n in range(NEIGHBOURHOODS))


def neighbourhood_name(n: int) -> str:
    """'upper 2' / 'lower 5': the neighbourhood as a person reads it (places count from 1)."""
    return f"{'upper' if n % 2 == 0 else 'lower'} {n // 2 + 1}"


def place_name(p: int) -> str:
    return f"place {p + 1} (level {LEVEL_OF[p]})"


def changed(t: tuple, i: int, value: object) -> tuple:
    """`t` with item i replaced. A player's data are tuples, replaced instead of changed in place, so
    that copies of a game share everything that did not change."""
    return t[:i] + (value,) + t[i + 1:]


def added(t: tuple, i: int, delta: int) -> tuple:
    """A tuple of counts with count i changed by `delta`."""
    return t[:i] + (t[i] + delta,) + t[i + 1:]


def moved(t: tuple, i: int, j: int) -> tuple:
    """A tuple of counts with one taken from count i and one added to count j: added(added(t, i, -1), j,
    1) built once (a cube moved by a rule, in one copy of the counts instead of two)."""
    counts = [*t]
    counts[i] -= 1
    counts[j] += 1
    return tuple(counts)


# ---------------------------------------------------------------- cards
@serializable
class Card(NamedTuple):
    id: int
    name: str
    boxes: tuple[tuple[str, int], tuple[str, int]]   # (action, colour or -1) for the left and right box
    upper: int                                       # line index 0..3 of the upper neighbourhood, -1: none
    lower: int
    slots: tuple[tuple[int, int], ...]               # (SASHIMI/NIGIRI, colour 0..3 or WILD), left to right
    extra: int                                       # points when every slot is filled
    source: str = "reconstructed"

    def has(self, *actions: str) -> bool:
        return self.boxes[0][0] in actions or self.boxes[1][0] in actions

    def box_text(self, side: int) -> str:
        action, colour = self.boxes[side]
        return f"{action} ({COLOURS[colour]})" if colour >= 0 else action

    @property
    def only_nigiri(self) -> bool:
        return bool(self.slots) and all(k == NIGIRI for k, _ in self.slots)


class Mission(NamedTuple):
    number: int
    type: str
    text: str
    source: str


class SyndicateData(NamedTuple):
    cards: tuple[Card, ...]            # 48 minions then the lieutenants card (id 48)
    missions: tuple[Mission, ...]      # numbers 1..24 in order
    path: tuple[int, ...]              # mission points by Kumichō's column (1..15 -> index 0..14)
    catanna: tuple[tuple[str, int, tuple[int, ...]], ...]   # (difficulty, cubes per colour, markers)
    folder: str


def _slots(text: str) -> tuple[tuple[int, int], ...]:
    out = []
    for item in d.tags()(text):
        kind, _, colour = item.partition(":")
        if kind not in SLOT_KINDS:
            raise ValueError(f"slot {item!r}: the kind must be sashimi or nigiri")
        if colour == "wild":
            out.append((SLOT_KINDS.index(kind), WILD))
        elif colour in COLOURS:
            out.append((SLOT_KINDS.index(kind), COLOURS.index(colour)))
        else:
            raise ValueError(f"slot {item!r}: the colour must be one of {', '.join(COLOURS)} or wild")
    if not 1 <= len(out) <= 4:
        raise ValueError(f"a card has 1 to 4 delivery slots, not {len(out)}")
    return tuple(out)


def _check_extra(path: Path, n: int, slots: tuple, extra: int) -> None:
    if any(k == NIGIRI for k, _ in slots) != (extra > 0):
        raise DataError(str(path), n, "extra", "extra points stand exactly beside zones with a nigiri slot")


def _minions(folder: Path) -> tuple[Card, ...]:
    path = folder / "minions.csv"
    colour = d.choice("", *COLOURS)
    action = d.choice(*MINION_ACTIONS)
    line = d.choice(*LINES)
    rows = d.read_csv(path, {"card": d.integer(1, MINIONS), "left_action": action, "left_colour": colour,
                             "right_action": action, "right_colour": colour, "upper": line,
                             "lower": line, "slots": _slots, "extra": d.integer(0, 9),
                             "source": d.source})
    if len(rows) != MINIONS:
        raise DataError(str(path), None, "card", f"the game has {MINIONS} minion cards, found {len(rows)}")
    cards = []
    for n, r in enumerate(rows, start=1):
        if r["card"] != n:
            raise DataError(str(path), n, "card", f"expected card {n}, found {r['card']}")
        boxes = []
        for side in ("left", "right"):
            act, col = r[f"{side}_action"], r[f"{side}_colour"]
            if (act == FISHMONGER) != bool(col):
                raise DataError(str(path), n, f"{side}_colour",
                                "a Fishmonger box names its colour and no other box does")
            boxes.append((act, COLOURS.index(col) if col else -1))
        _check_extra(path, n, r["slots"], r["extra"])
        cards.append(Card(n - 1, f"minion {n}", (boxes[0], boxes[1]), LINES.index(r["upper"]),
                          LINES.index(r["lower"]), r["slots"], r["extra"], r["source"]))
    return tuple(cards)


def _lieutenants(folder: Path) -> Card:
    path = folder / "lieutenants.csv"
    rows = d.read_csv(path, {"card": d.text(), "left_action": d.choice(ACCOUNTANT),
                             "right_action": d.choice(COO), "slots": _slots, "extra": d.integer(0, 9),
                             "source": d.source})
    if len(rows) != 1:
        raise DataError(str(path), None, "card", f"one lieutenants card is expected, found {len(rows)}")
    r = rows[0]
    _check_extra(path, 1, r["slots"], r["extra"])
    return Card(LIEUTENANTS, "lieutenants", ((ACCOUNTANT, -1), (COO, -1)), -1, -1, r["slots"],
                r["extra"], r["source"])


def _missions(folder: Path) -> tuple[Mission, ...]:
    path = folder / "missions.csv"
    rows = d.read_csv(path, {"number": d.integer(1, 24), "type": d.choice(*MISSION_TYPES),
                             "text": d.text(), "source": d.source})
    for n, r in enumerate(rows, start=1):
        if r["number"] != n:
            raise DataError(str(path), n, "number", f"expected mission {n}, found {r['number']}")
    if len(rows) != 24:
        raise DataError(str(path), None, "number", f"the game has 24 missions, found {len(rows)}")
    for t in MISSION_TYPES:
        if not any(r["type"] == t for r in rows):
            raise DataError(str(path), None, "type", f"no mission of type {t!r}: set-up needs one of each")
    return tuple(Mission(r["number"], r["type"], r["text"], r["source"]) for r in rows)


def _path(folder: Path) -> tuple[int, ...]:
    path = folder / "path.csv"
    rows = d.read_csv(path, {"column": d.integer(1, TURNS), "value": d.integer(0, 99), "source": d.source})
    if len(rows) != TURNS:
        raise DataError(str(path), None, "column", f"Kumichō's path has {TURNS} columns, found {len(rows)}")
    for n, r in enumerate(rows, start=1):
        if r["column"] != n:
            raise DataError(str(path), n, "column", f"expected column {n}, found {r['column']}")
        if n > 1 and r["value"] > rows[n - 2]["value"]:
            raise DataError(str(path), n, "value", "a mission met later never scores more")
    return tuple(r["value"] for r in rows)


DEFAULT_DIFFICULTY = "medium"      # the `catanna` option's default (rules/state.py)


MARKERS = 3                        # CatANNA's scoring mission markers (Neko Syndicate › Solo Mode)


def markers_problem(marks: tuple[int, ...], track: tuple[int, ...]) -> str | None:
    """What is wrong with `marks` as CatANNA's marker values, or None: Solo Mode puts her three
    markers on three different values that Kumichō's path shows (a row of catanna.csv and the raw
    option catanna_markers alike)."""
    if len(marks) != MARKERS:
        return f"CatANNA has {MARKERS} mission markers, so {MARKERS} values, not {len(marks)}"
    if len(set(marks)) != MARKERS:
        return (f"CatANNA's {MARKERS} mission markers go on {MARKERS} different values of Kumichō's path "
                f"(Neko Syndicate › Solo Mode); {'|'.join(map(str, marks))} repeats a value")
    off = [v for v in marks if v not in track]
    if off:
        return f"Kumichō's path shows no value {off[0]} (its values: {', '.join(map(str, sorted(set(track))))})"
    return None


def _marker_values(text: str) -> tuple[int, ...]:
    try:
        return tuple(d.whole_number(v) for v in d.tags()(text))
    except ValueError:
        raise ValueError(f"{text.strip()!r} is not {MARKERS} whole numbers (digits 0-9) joined by |") from None


def _catanna(folder: Path, track: tuple[int, ...]) -> tuple[tuple[str, int, tuple[int, ...]], ...]:
    path = folder / "catanna.csv"
    rows = d.read_csv(path, {"difficulty": d.text(), "cubes": d.integer(6, 8), "markers": _marker_values,
                             "source": d.source})
    out = []
    for n, r in enumerate(rows, start=1):
        marks = r["markers"]
        problem = markers_problem(marks, track)
        if problem:
            raise DataError(str(path), n, "markers", problem)
        if any(r["difficulty"] == name for name, _, _ in out):
            raise DataError(str(path), n, "difficulty", f"{r['difficulty']!r} appears twice")
        out.append((r["difficulty"], r["cubes"], marks))
    return tuple(out)


def load(folder: str | Path | None = None) -> SyndicateData:
    """The shipped dataset (folder=None) or a user's folder, validated."""
    path = d.resolve(GAME, folder)
    track = _path(path)
    cards = _minions(path) + (_lieutenants(path),)
    return SyndicateData(cards, _missions(path), track, _catanna(path, track), str(path))
