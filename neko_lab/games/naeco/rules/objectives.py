"""The 16 Scientific Objectives as checks on an Ocean ("Naéco › Description of scientific objectives").

``check(level, index, ocean)``: level is the research level (-1, 0, 1 or 3), index 1-4 follows the
rulebook's order for that level. "Species" always means a face-up species card: the Exploration Start
cards and face-down cards (unpopulated areas) are not species. Rows are depths and columns are the
Ocean's columns; "one above the other" means vertically touching cells of one column and "side by side"
horizontally touching cells of one row.
"""
from __future__ import annotations

from typing import Callable

from .ocean import FACE_DOWN, Ocean

LEVELS = (-1, 0, 1, 3)
RULE = "Naéco › Description of scientific objectives"



def _column_runs(ocean: Ocean) -> dict[int, list[int]]:
    """column -> values from depth 1 to 4 (0 where there is no species)."""
    cols: dict[int, list[int]] = {}
    for p, v in ocean.cells.items():
        if v > 0:
            cols.setdefault(p >> 2, [0, 0, 0, 0])[p & 3] = v
    return cols


def _full_columns(ocean: Ocean) -> list[list[int]]:
    return [col for col in _column_runs(ocean).values() if all(col)]


def _horizontal_triples(ocean: Ocean):
    cells = ocean.cells
    for p, v in cells.items():
        a = cells.get(p - 4)
        b = cells.get(p + 4)
        if a is not None and b is not None:
            yield a, v, b


# ---------------------------------------------------------------- level -1
def stack_of_three(ocean: Ocean) -> bool:
    cells = ocean.cells
    for p, v in cells.items():
        if v > 0 and (p & 3) < 2 and (cells.get(p + 1) or 0) > 0 and (cells.get(p + 2) or 0) > 0:
            return True
    return False


def same_value_stacked(ocean: Ocean) -> bool:
    cells = ocean.cells
    for p, v in cells.items():
        if v > 0 and (p & 3) < 3 and cells.get(p + 1) == v:
            return True
    return False


def two_side_by_side(ocean: Ocean) -> bool:
    cells = ocean.cells
    for p, v in cells.items():
        if v > 0 and (cells.get(p + 4) or 0) > 0:
            return True
    return False


def different_values_stacked(ocean: Ocean) -> bool:
    cells = ocean.cells
    for p, v in cells.items():
        if v > 0 and (p & 3) < 3:
            w = cells.get(p + 1)
            if w is not None and w > 0 and w != v:
                return True
    return False


# ---------------------------------------------------------------- level 0
def three_side_by_side(ocean: Ocean) -> bool:
    cells = ocean.cells
    for p, v in cells.items():
        if v > 0 and (cells.get(p + 4) or 0) > 0 and (cells.get(p + 8) or 0) > 0:
            return True
    return False


def three_of_a_value(ocean: Ocean) -> bool:
    counts = [0] * 5
    for v in ocean.cells.values():
        if v > 0:
            counts[v] += 1
            if counts[v] >= 3:
                return True
    return False


def stack_of_four(ocean: Ocean) -> bool:
    return bool(_full_columns(ocean))


def square_of_four(ocean: Ocean) -> bool:
    cells = ocean.cells
    for p, v in cells.items():
        if v > 0 and (p & 3) < 3:
            if ((cells.get(p + 1) or 0) > 0 and (cells.get(p + 4) or 0) > 0
                    and (cells.get(p + 5) or 0) > 0):
                return True
    return False


# ---------------------------------------------------------------- level 1
def predator_between_prey(ocean: Ocean) -> bool:
    return any(v > 1 and a == b == v - 1 for a, v, b in _horizontal_triples(ocean))


def prey_between_predators(ocean: Ocean) -> bool:
    return any(0 < v < 4 and a == b == v + 1 for a, v, b in _horizontal_triples(ocean))


def empty_area_between_sides(ocean: Ocean) -> bool:
    return any(v == FACE_DOWN and a > 0 and b > 0 for a, v, b in _horizontal_triples(ocean))


def empty_area_between_above_below(ocean: Ocean) -> bool:
    cells = ocean.cells
    for p, v in cells.items():
        if v == FACE_DOWN and 0 < (p & 3) < 3:
            if (cells.get(p - 1) or 0) > 0 and (cells.get(p + 1) or 0) > 0:
                return True
    return False


# ---------------------------------------------------------------- level 3
def two_columns_no_equal_neighbours(ocean: Ocean) -> bool:
    good = [col for col in _full_columns(ocean)
            if col[0] != col[1] and col[1] != col[2] and col[2] != col[3]]
    return len(good) >= 2


def three_columns_of_four(ocean: Ocean) -> bool:
    return len(_full_columns(ocean)) >= 3


def eight_in_shallows(ocean: Ocean) -> bool:
    return sum(1 for p, v in ocean.cells.items() if v > 0 and (p & 3) < 2) >= 8


def eight_in_depths(ocean: Ocean) -> bool:
    return sum(1 for p, v in ocean.cells.items() if v > 0 and (p & 3) >= 2) >= 8


CHECKS: dict[int, tuple[Callable[[Ocean], bool], ...]] = {
    -1: (stack_of_three, same_value_stacked, two_side_by_side, different_values_stacked),
    0: (three_side_by_side, three_of_a_value, stack_of_four, square_of_four),
    1: (predator_between_prey, prey_between_predators, empty_area_between_sides,
        empty_area_between_above_below),
    3: (two_columns_no_equal_neighbours, three_columns_of_four, eight_in_shallows, eight_in_depths),
}


def check(level: int, index: int, ocean: Ocean) -> bool:
    """Whether `ocean` fulfils objective `index` (1-4, rulebook order) of research `level`."""
    if level not in CHECKS:
        raise ValueError(f"research level {level!r} has no objectives; levels are {LEVELS}")
    if not isinstance(index, int) or not 1 <= index <= 4:
        raise ValueError(f"objective index {index!r} must be 1, 2, 3 or 4")
    return CHECKS[level][index - 1](ocean)


def fulfilled(ocean: Ocean) -> list[tuple[int, int]]:
    """Every (level, index) that `ocean` fulfils."""
    return [(lv, i + 1) for lv in LEVELS for i, f in enumerate(CHECKS[lv]) if f(ocean)]
