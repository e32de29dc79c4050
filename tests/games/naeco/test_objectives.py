"""The 16 Scientific Objectives ("Naéco › Description of scientific objectives"), each with an Ocean that
meets it and one that just misses it."""
from __future__ import annotations

import pytest

from neko_lab.games.naeco import Ocean, objectives

CASES = {
    # level -1
    (-1, 1): ("S 1 .\n. 2 .\n. 3 .\nS . .",          # three stacked in column 2
              "S 1 .\n. 2 .\n. X .\nS 3 ."),         # the face-down card breaks the stack
    (-1, 2): ("S 2 .\n. 2 .\n. . .\nS . .",
              "S 2 .\n. 3 .\n. . .\nS . ."),
    (-1, 3): ("S 2 3\n. . .\n. . .\nS . .",
              "S 2 X 3\n. . . .\n. . . .\nS . . ."),
    (-1, 4): ("S 2 .\n. 4 .\n. . .\nS . .",
              "S 2 .\n. 2 .\n. . .\nS . ."),
    # level 0
    (0, 1): ("S 1 2 3\n. . . .\n. . . .\nS . . .",
             "S 1 2 X 3\n. . . . .\n. . . . .\nS . . . ."),
    (0, 2): ("S 3 .\n4 . .\n3 . .\nS . 3",           # three 3s in different places
             "S 3 .\n4 . .\n3 . .\nS . 2"),
    (0, 3): ("S 1 .\n. 2 .\n. 3 .\nS 4 .",
             "S 1 .\n. 2 .\n. 3 .\nS X ."),
    (0, 4): ("S 1 2\n. 4 3\n. . .\nS . .",
             "S 1 2\n. 4 X\n. . .\nS . ."),
    # level 1
    (1, 1): ("S 1 2 1\n. . . .\n. . . .\nS . . .",
             "S 1 2 3\n. . . .\n. . . .\nS . . ."),
    (1, 2): ("S 4 3 4\n. . . .\n. . . .\nS . . .",
             "S 2 3 4\n. . . .\n. . . .\nS . . ."),
    (1, 3): ("S 2 X 4\n. . . .\n. . . .\nS . . .",
             "S 2 X .\n. . . .\n. . . .\nS . . ."),
    (1, 4): ("S 2 .\n. X .\n. 1 .\nS . .",
             "S 2 .\n. X .\n. X .\nS 1 ."),
    # level 3
    (3, 1): ("S 1 2\n. 2 1\n. 1 2\nS 2 1",          # two full columns, no equal neighbours
             "S 1 2\n. 2 2\n. 1 3\nS 2 1"),         # the second column has 2 over 2
    (3, 2): ("S 1 2 3\n. 2 1 2\n. 1 2 1\nS 4 3 4",
             "S 1 2 3\n. 2 1 2\n. 1 2 X\nS 4 3 4"),
    (3, 3): ("S 1 2 1 2\n1 2 1 2 .\n. . . . .\nS . . . .",
             "S 1 2 1 2\n1 2 1 X .\n. . . . .\nS . . . ."),
    (3, 4): ("S . . . .\n. . . . .\n1 2 3 4 .\nS 1 2 3 4",
             "S . . . .\n. . . . .\n1 2 3 4 .\nS 1 2 3 X"),
}


@pytest.mark.parametrize("level,index", sorted(CASES))
def test_objective_met_and_just_missed(level, index):
    yes, no = CASES[(level, index)]
    assert objectives.check(level, index, Ocean.from_text(yes)) is True
    assert objectives.check(level, index, Ocean.from_text(no)) is False


def test_every_objective_has_a_case():
    assert sorted(CASES) == [(lv, i) for lv in objectives.LEVELS for i in range(1, 5)]


def test_start_cards_and_face_down_cards_are_not_species():
    only_start = Ocean.from_text("S X\nX X\nX X\nS X")
    assert objectives.fulfilled(only_start) == []
    assert not objectives.check(-1, 1, only_start)
    assert not objectives.check(-1, 3, Ocean.from_text("S 2\n. .\n. .\nS ."))


def test_predator_between_prey_needs_the_same_prey_value_on_both_sides():
    assert not objectives.check(1, 1, Ocean.from_text("S 3 2 1\n. . . .\n. . . .\nS . . ."))
    assert objectives.check(1, 1, Ocean.from_text("S 3 2 3 4 3\n. . . . . .\n. . . . . .\nS . . . . ."))
    assert not objectives.check(1, 2, Ocean.from_text("S 1 2 1\n. . . .\n. . . .\nS . . ."))


def test_fulfilled_lists_every_objective_an_ocean_meets():
    o = Ocean.from_text("S 1 2 1\n. 2 . .\n. . . .\nS . . .")
    assert objectives.fulfilled(o) == [(-1, 3), (-1, 4), (0, 1), (1, 1)]


def test_bad_level_or_index_is_refused():
    o = Ocean.from_text("S\n.\n.\nS")
    with pytest.raises(ValueError, match="level"):
        objectives.check(2, 1, o)
    with pytest.raises(ValueError, match="index"):
        objectives.check(0, 5, o)
