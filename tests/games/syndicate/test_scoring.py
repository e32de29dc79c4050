"""The pure scoring functions (syndicate.scoring) that the engine and the notebooks use."""
from __future__ import annotations

import pytest

from neko_lab.games.syndicate import scoring


def test_level_multiplier():
    assert [scoring.level_multiplier(lv) for lv in (1, 2, 3, 4)] == [4, 3, 2, 1]
    with pytest.raises(ValueError):
        scoring.level_multiplier(5)


def test_level_points():
    assert scoring.level_points(5, 2, 1, 0, 0) == 5
    assert scoring.level_points(0, 0, 0, 1, 2) == -6


def test_mission_bonuses_dense_ties():
    assert scoring.mission_bonuses([3, 3, 3, 8]) == [5, 5, 5, 3]
    assert scoring.mission_bonuses([1, 4, 7, 10]) == [5, 3, 1, 0]
    assert scoring.mission_bonuses([None, 2, None, 2]) == [0, 5, 0, 5]
    assert scoring.mission_bonuses([None, None]) == [0, 0]
