"""Game End and Scoring: structure points level by level (Pyramidal Structure Points), mission points
(Mission Points) and the tie-break. Running scores before the end are the same sums on the position."""
from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from neko_lab.core.errors import counted
from ..data import LEVEL_OF, LEVELS, PLACES, upper, lower
from ..scoring import level_parts, mission_bonuses, mission_points, tie_break
from .rulebook import END, MISSION_POINTS, STRUCTURE_POINTS

if TYPE_CHECKING:
    from .state import GameState

STRUCTURE = ("deliveries", "completed cards", "loose cubes", "cards without delivery", "missing cards")
CATEGORIES = STRUCTURE + ("mission path", "mission order", "tie-break")


def level_counts(cards: Sequence, pyramid: Sequence[int], filled: Sequence[tuple],
                 cubes: Sequence[int] | None) -> list[tuple[int, int, int, int, int]]:
    """Per level 1..4: (deliveries, extra points of completed cards, loose cubes, cards without a
    delivery, missing cards)."""
    out = [[0, 0, 0, 0, 0] for _ in range(LEVELS)]
    for p in range(PLACES):
        row = out[LEVEL_OF[p] - 1]
        if pyramid[p] < 0:
            row[4] += 1
            continue
        slots = filled[p]
        done = len(slots) - slots.count(-1)       # a free slot holds -1, a filled one a colour
        row[0] += done
        if slots and done == len(slots):
            row[1] += cards[pyramid[p]].extra
        if cubes is not None:
            row[2] += sum(cubes[4 * upper(p):4 * lower(p) + 4])
        if not done:
            row[3] += 1
    return [tuple(r) for r in out]


def structure_parts(counts: list[tuple[int, int, int, int, int]]) -> dict[str, int]:
    total = dict.fromkeys(STRUCTURE, 0)
    for lv, row in enumerate(counts, start=1):
        for k, v in level_parts(*row, level=lv).items():
            total[k] += v
    return total


def _columns(s: "GameState") -> list[list[int | None]]:
    """Per mission, every competitor's marker column (None: not met); CatANNA last in solo."""
    rows = []
    for k in range(len(s.missions)):
        col = [m[k] or None for m in s.markers]
        if s.catanna is not None:
            col.append(s.catanna.markers[k] or None)    # 0: not yet placed (set-up)
        rows.append(col)
    return rows


def _base(s: "GameState") -> list[dict[str, int]]:
    cols = _columns(s)
    bonus = [mission_bonuses(c) for c in cols]
    rows = []
    for i in range(s.players + (s.catanna is not None)):
        if i < s.players:
            parts = structure_parts(level_counts(s.cards, s.pyramid[i], s.filled[i], s.cubes[i]))
        else:
            c = s.catanna
            parts = (structure_parts(level_counts(s.cards, c.pyramid, c.filled, None)) if c.built
                     else dict.fromkeys(STRUCTURE, 0))
        parts["mission path"] = mission_points(s.path_values, [cols[k][i] for k in range(len(cols))])
        parts["mission order"] = sum(b[i] for b in bonus)
        parts["tie-break"] = 0
        rows.append(parts)
    if s.over:
        totals = [sum(r.values()) for r in rows]
        for r, extra in zip(rows, tie_break(totals, [deliveries(s, i) for i in range(len(rows))])):
            r["tie-break"] = extra
    return rows


def deliveries(s: "GameState", i: int) -> int:
    filled = s.filled[i] if i < s.players else s.catanna.filled
    return sum(1 for f in filled for c in f if c >= 0)


def breakdown(s: "GameState") -> list[dict[str, int]]:
    return _base(s)[:s.players]


def catanna_breakdown(s: "GameState") -> dict[str, int]:
    if s.catanna is None:
        raise ValueError("CatANNA plays only in solo games (players=1)")
    return _base(s)[-1]


def announce(s: "GameState") -> None:
    rows = _base(s)
    for i, r in enumerate(rows):
        who = "" if i < s.players else "CatANNA: "       # a seat's event is shown under its name already
        struct = sum(r[k] for k in STRUCTURE)
        s.emit(f"{who}structure {counted(struct, 'point')}", STRUCTURE_POINTS, i if i < s.players else None, **r)
        s.emit(f"{who}missions {counted(r['mission path'] + r['mission order'], 'point')}", MISSION_POINTS,
               i if i < s.players else None)
    totals = [sum(r.values()) for r in rows]
    best = max(totals)
    names = [f"player {i + 1}" if i < s.players else "CatANNA" for i, v in enumerate(totals) if v == best]
    s.emit(f"the game ends after turn 15: {' and '.join(names)} win{'s' if len(names) == 1 else ''} "
           f"with {counted(best, 'point')}", END, totals=totals)
