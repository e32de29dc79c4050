"""Attract Investors (rulebook › Attract Investors, › Fame)."""
from neko_lab.games.neptune.rules import CashFame

from .rig import BLUE, RED, YELLOW, act, game, play_card


def test_credits_then_fame_for_credits_most_famous_first_ties_clockwise():
    s = game(3)
    s.fame[:] = [4, 7, 4]
    card = play_card(s, BLUE, "investors", fame=0)
    assert s.credits == [5 + 2, 5 + 2, 5 + 5]
    assert s.current_player == YELLOW                      # 7 fame
    assert [a.fame for a in s.legal_actions()] == [0, 2, 4, 6]
    act(s, CashFame(6))
    assert s.current_player == BLUE                        # tied with Red at 4: clockwise from Blue
    act(s, CashFame(0))
    assert s.current_player == RED
    act(s, CashFame(4))
    assert s.fame == [0, 1, 4] and s.credits == [9, 10, 10]
    assert s.active == RED                                 # card resolved, next turn


def test_players_without_two_fame_are_not_asked():
    s = game(3)
    s.fame[:] = [1, 0, 0]
    play_card(s, RED, "investors", fame=0)
    assert s.active == YELLOW and s.pending[-1].kind == "sell"
