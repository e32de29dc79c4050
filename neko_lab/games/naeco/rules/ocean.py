"""A player's Ocean: the grid of cards laid out below the two Exploration Start cards.

Rows are depths (row 0 is depth 1, the shallowest; row 3 is depth 4, the deepest); columns are
unbounded integers, the start cards standing in column 0. A cell holds a code:

    START (0)      an Exploration Start card (not a species)
    FACE_DOWN (-1) a card played face-down: an unpopulated area (no species, no value)
    1..4           a face-up species of that value (its place in the food chain)

Internally a cell is the int ``4 * column + row`` so neighbours are +-1 (vertical) and +-4
(horizontal). An Ocean inside a game is read-only (`seal()`: its cells and cards are FrozenDicts, its
rows tuples, and put() or a changed attribute raise), so states clone by sharing Oceans and no change
through a copy reaches another; the rules put a card on a `copy()` and seal that ("Naéco › Gameplay").

Text form (``Ocean.from_text`` / ``to_text``): one line per depth, shallowest first; one token per
column separated by single spaces: ``.`` empty, ``S`` start card, ``X`` face-down, ``1``-``4`` species.
"""
from __future__ import annotations

from bisect import bisect_left
from typing import Any, Iterator, NamedTuple

from neko_lab.core import serializable
from neko_lab.core.frozen import FrozenDict

DEPTHS = 4
START = 0
FACE_DOWN = -1
VALUES = (1, 2, 3, 4)
ATTRIBUTES = ("insufficiently_known", "well_known", "endangered", "least_concern")
RULE_PLAY = "Naéco › Gameplay"     # the placement rules this grid keeps
_TOKEN = {".": None, "S": START, "X": FACE_DOWN, "1": 1, "2": 2, "3": 3, "4": 4}
_TEXT = {START: "S", FACE_DOWN: "X", 1: "1", 2: "2", 3: "3", 4: "4"}


@serializable
class Card(NamedTuple):
    """One card of the game: a species (depth and value 1-4) or, in the variant, a mission card."""

    id: int
    name: str
    depth: int                       # 1..4 for a species, 0 for a mission card
    value: int                       # 1..4 for a species, 0 for a mission card
    attributes: tuple[str, ...] = ()
    group: str = ""                  # "turtle", "dolphin" or "" (used by the missions)
    effect: str = ""                 # mission cards only: what the mission asks for
    source: str = "reconstructed"

    @property
    def is_mission(self) -> bool:
        return bool(self.effect)

    def __str__(self) -> str:
        if self.effect:
            return f"mission {self.name}"
        return f"{self.name} ({self.value}, depth {self.depth})"


def pos(depth: int, col: int) -> int:
    """The internal cell number of (depth 1..4, column)."""
    return 4 * col + depth - 1


def where(depth: int, col: int) -> str:
    """A place as a person reads it: the depth (1 shallowest), and the column counted from 1 outwards
    from the start cards' column, which never moves while an Ocean grows to either side."""
    if col == 0:
        return f"depth {depth}, in the start cards' column"
    n = abs(col)
    side = "right" if col > 0 else "left"
    return f"depth {depth}, {n} column{'s' if n > 1 else ''} {side} of the start cards"


def depth_col(p: int) -> tuple[int, int]:
    """(depth 1..4, column) of an internal cell number."""
    return (p & 3) + 1, p >> 2


_SET = object.__setattr__
_PUT = dict.__setitem__             # an open Ocean's own FrozenDicts are filled in by put() only


@serializable
class Ocean:
    """The cards of one player's Ocean. ``cells`` maps cell -> code; ``cards`` maps cell -> Card for
    played species cards (face-up or face-down); ``lo``/``hi`` are the leftmost and rightmost columns
    shown by to_text(); ``front`` one sorted tuple per row of the empty cells touching a card.
    A new Ocean or a copy() is open (put() adds cards) until seal()."""

    __slots__ = ("cells", "cards", "lo", "hi", "front", "sealed")

    def __init__(self, cells: dict[int, int] | None = None, cards: dict[int, Card] | None = None,
                 lo: int = 0, hi: int = 0):
        _SET(self, "cells", FrozenDict(cells or {}))
        _SET(self, "cards", FrozenDict(cards or {}))
        _SET(self, "lo", lo)
        _SET(self, "hi", hi)
        # the empty cells touching a card, one sorted tuple per row, kept up to date by put()
        # (placement needs them every turn)
        rows: list[list[int]] = [[], [], [], []]
        for q in sorted(self._compute_frontier()):
            rows[q & 3].append(q)
        _SET(self, "front", tuple(tuple(r) for r in rows))
        _SET(self, "sealed", False)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("an Ocean is changed only by put() on an open copy (see Ocean.copy)")

    __delattr__ = __setattr__

    # ------------------------------------------------------------ building
    @classmethod
    def start(cls) -> "Ocean":
        """A new Ocean holding only the two Exploration Start cards: column 0 at depths 1 and 4
        (see datasets/naeco/README.md, assumption 'start cards')."""
        return cls({pos(1, 0): START, pos(4, 0): START}, {}, 0, 0)

    def copy(self) -> "Ocean":
        """An open copy, to put() cards on (then seal() it before it goes into a game)."""
        new = Ocean.__new__(Ocean)
        _SET(new, "cells", FrozenDict(self.cells))
        _SET(new, "cards", FrozenDict(self.cards))
        _SET(new, "lo", self.lo)
        _SET(new, "hi", self.hi)
        _SET(new, "front", self.front)
        _SET(new, "sealed", False)
        return new

    def with_cards(self, cards: dict[int, Card]) -> "Ocean":
        """A sealed copy in which the cells of `cards` hold those cards (the codes unchanged)."""
        new = self.copy()
        for p, card in cards.items():
            _PUT(new.cards, p, card)
        return new.seal()

    def seal(self) -> "Ocean":
        """No more put(): the Ocean may now be shared by copies of a game. Returns itself."""
        _SET(self, "sealed", True)
        return self

    def __reduce__(self) -> tuple:
        return (_rebuilt, (dict(self.cells), dict(self.cards), self.lo, self.hi, self.sealed))

    @classmethod
    def _loaded(cls, obj: Any) -> "Ocean":
        """An Ocean read from a save (obj holds its saved fields): read-only containers, sealed."""
        return _rebuilt(dict(obj.cells), dict(obj.cards), obj.lo, obj.hi, True)

    def put(self, depth: int, col: int, code: int, card: Card | None = None) -> None:
        """Write a cell without checking any rule (the rules engine checks before calling it)."""
        if self.sealed:
            raise AttributeError("this Ocean is part of a game and shared by its copies: put() on "
                                 "ocean.copy() instead")
        p = pos(depth, col)
        cells = self.cells
        _PUT(cells, p, code)
        if card is not None:
            _PUT(self.cards, p, card)
        fronts = list(self.front)
        row = list(fronts[depth - 1])
        i = bisect_left(row, p)
        if i < len(row) and row[i] == p:
            del row[i]
            fronts[depth - 1] = tuple(row)
        for q in (p - 4, p + 4, p - 1 if depth > 1 else None, p + 1 if depth < DEPTHS else None):
            if q is not None and q not in cells:
                row = fronts[q & 3]
                i = bisect_left(row, q)
                if i == len(row) or row[i] != q:
                    fronts[q & 3] = row[:i] + (q,) + row[i:]
        _SET(self, "front", tuple(fronts))
        if col < self.lo:
            _SET(self, "lo", col)
        if col > self.hi:
            _SET(self, "hi", col)

    # ------------------------------------------------------------ reading
    def get(self, depth: int, col: int) -> int | None:
        """The code at (depth, column), or None for an empty cell."""
        return self.cells.get(pos(depth, col))

    def card_at(self, depth: int, col: int) -> Card | None:
        return self.cards.get(pos(depth, col))

    def species(self) -> Iterator[tuple[int, int, int]]:
        """(depth, column, value) of every face-up species."""
        for p, v in self.cells.items():
            if v > 0:
                yield (p & 3) + 1, p >> 2, v

    def values(self) -> list[int]:
        return [v for v in self.cells.values() if v > 0]

    def species_cards(self) -> list[Card]:
        """The face-up species cards (those with a known Card)."""
        cells = self.cells
        return [c for p, c in self.cards.items() if cells[p] > 0]

    def attribute_counts(self) -> dict[str, int]:
        counts = dict.fromkeys(ATTRIBUTES, 0)
        cells = self.cells
        for p, c in self.cards.items():
            if cells[p] > 0:
                for a in c.attributes:
                    counts[a] = counts.get(a, 0) + 1
        return counts

    def columns(self) -> range:
        return range(self.lo, self.hi + 1)

    def __len__(self) -> int:
        return len(self.cells)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Ocean) and self.cells == other.cells and self.front == other.front and self.cards == other.cards
                and self.lo == other.lo and self.hi == other.hi)

    def __repr__(self) -> str:
        return "Ocean.from_text('''\n" + self.to_text() + "''')"

    # ------------------------------------------------------------ placement rules
    def frontier(self) -> set[int]:
        """Empty cells orthogonally next to a card already in the Ocean ("Naéco › Gameplay")."""
        f = self.front
        return set(f[0] + f[1] + f[2] + f[3])

    def _compute_frontier(self) -> set[int]:
        cells = self.cells
        out: set[int] = set()
        for p in cells:
            r = p & 3
            for q in (p - 4, p + 4):
                if q not in cells:
                    out.add(q)
            if r > 0 and p - 1 not in cells:
                out.add(p - 1)
            if r < 3 and p + 1 not in cells:
                out.add(p + 1)
        return out

    def fits(self, p: int, value: int) -> bool:
        """Whether a face-up species of `value` may stand at empty cell p as far as its left and right
        neighbours are concerned: each neighbour that is a species must differ by exactly one."""
        cells = self.cells
        left = cells.get(p - 4)
        if left is not None and left > 0 and left - value not in (1, -1):
            return False
        right = cells.get(p + 4)
        if right is not None and right > 0 and right - value not in (1, -1):
            return False
        return True

    def problems(self) -> list[str]:
        """Every way this Ocean breaks the placement rules (empty when it is a legal Ocean)."""
        out = []
        cells = self.cells
        for p, v in cells.items():
            d, c = depth_col(p)
            right = cells.get(p + 4)
            if v > 0 and right is not None and right > 0 and abs(right - v) != 1:
                out.append(f"{where(d, c)} and the next column right: values {v} and {right} are not one "
                           f"apart")
            card = self.cards.get(p)
            if v > 0 and card is not None and (card.depth != d or card.value != v):
                out.append(f"{where(d, c)}: {card} stands at the wrong depth or shows the wrong value")
            if v == FACE_DOWN and card is None and self.cards:
                out.append(f"{where(d, c)}: face-down cell without a card")
        starts = [p for p, v in cells.items() if v == START]
        seen = set(starts)
        todo = list(starts)
        while todo:
            p = todo.pop()
            r = p & 3
            for q in (p - 4, p + 4, p - 1 if r > 0 else None, p + 1 if r < 3 else None):
                if q is not None and q in cells and q not in seen:
                    seen.add(q)
                    todo.append(q)
        for p in cells:
            if p not in seen:
                d, c = depth_col(p)
                out.append(f"{where(d, c)}: not connected to an Exploration Start card")
        return out

    # ------------------------------------------------------------ text form
    @classmethod
    def from_text(cls, text: str) -> "Ocean":
        """Read the text form (see the module docstring). Blank lines around the grid and spaces at the
        ends of lines are ignored; anything else wrong raises ValueError naming line and column."""
        lines = text.split("\n")
        while lines and not lines[0].strip():
            lines.pop(0)
        while lines and not lines[-1].strip():
            lines.pop()
        if len(lines) != DEPTHS:
            where = f"line {DEPTHS + 1}" if len(lines) > DEPTHS else f"line {len(lines) + 1}"
            raise ValueError(f"{where}, column 1: an Ocean has {DEPTHS} lines (one per depth), "
                             f"not {len(lines)}")
        rows = [line.strip().split(" ") for line in lines]
        width = len(rows[0])
        cells: dict[int, int] = {}
        for d, tokens in enumerate(rows, start=1):
            for c, tok in enumerate(tokens, start=1):
                if tok not in _TOKEN:
                    raise ValueError(f"line {d}, column {c}: {tok!r} is not one of . S X 1 2 3 4 "
                                     f"(tokens are separated by single spaces)")
            if len(tokens) > width:
                raise ValueError(f"line {d}, column {width + 1}: one column too many "
                                 f"(line 1 has {width} columns)")
            if len(tokens) < width:
                raise ValueError(f"line {d}, column {len(tokens) + 1}: missing "
                                 f"(line 1 has {width} columns, this line {len(tokens)})")
            for c, tok in enumerate(tokens, start=1):
                code = _TOKEN[tok]
                if code is not None:
                    cells[pos(d, c - 1)] = code
        return cls(cells, {}, 0, width - 1)

    def to_text(self) -> str:
        cells = self.cells
        lines = []
        for d in range(1, DEPTHS + 1):
            toks = []
            for c in range(self.lo, self.hi + 1):
                v = cells.get(4 * c + d - 1)
                toks.append("." if v is None else _TEXT[v])
            lines.append(" ".join(toks))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.to_text()


def _rebuilt(cells: dict, cards: dict, lo: int, hi: int, sealed: bool) -> Ocean:
    ocean = Ocean(cells, cards, lo, hi)
    return ocean.seal() if sealed else ocean
