"""Scoring as pure functions (rulebook › Scoring & Victory, › End of Game Scoring (see page 4))."""
from neko_lab.games.neptune.scoring import buildings, fame_awards, vp_for_credits


def test_vp_for_credits_is_the_best_single_purchase():
    assert vp_for_credits(0) == (0, 0)
    assert vp_for_credits(2) == (1, 1)
    assert vp_for_credits(5) == (2, 3)
    assert vp_for_credits(9) == (3, 6)
    assert vp_for_credits(25) == (4, 10)


def test_buildings():
    assert buildings(3, 2) == 7


def test_generation_fame_awards():
    assert fame_awards([5, 3, 1]) == [2, 1, 0]
    assert fame_awards([5, 5, 1]) == [1, 1, 0]
    assert fame_awards([5, 3, 3]) == [2, 0, 0]


def test_final_fame_awards_and_the_two_tie_readings():
    assert fame_awards([5, 3, 1], final=True) == [5, 2, 0]
    assert fame_awards([5, 3, 3], final=True) == [5, 1, 1]
    assert fame_awards([5, 5, 1], final=True) == [3, 3, 0]
    assert fame_awards([5, 5, 1], final=True, final_tie=2) == [2, 2, 0]


def test_fame_awards_need_some_fame_by_default():
    """Fame awards: with everyone at 0 fame nobody has the most (option fame_needs_fame=False: all tie)."""
    assert fame_awards([0, 0, 0]) == [0, 0, 0]
    assert fame_awards([3, 0, 0], final=True) == [5, 0, 0]
    assert fame_awards([0, 0, 0], need_fame=False) == [1, 1, 1]
    assert fame_awards([3, 0, 0], final=True, need_fame=False) == [5, 1, 1]


def test_second_most_fame_after_a_tie_for_most_only_with_the_option():
    assert fame_awards([5, 5, 3]) == [1, 1, 0]
    assert fame_awards([5, 5, 3], second_after_tie=True) == [1, 1, 1]
    assert fame_awards([5, 5, 3], final=True, second_after_tie=True) == [3, 3, 2]
