"""Fuel Broker (rulebook › Fuel Broker, › Fuel)."""
from neko_lab.games.neptune.rules import BrokerFuel

from .rig import BLUE, RED, YELLOW, act, game, play_card


def test_broker_vp_then_fuel_clockwise_from_the_left_of_the_active_player():
    s = game(3)
    play_card(s, YELLOW, "broker")
    assert s.points[YELLOW][4] == 1
    assert s.current_player == BLUE
    assert [a.count for a in s.legal_actions()] == [0, 1, 2]      # 5 credits at 2 each
    act(s, BrokerFuel(2, 2))
    assert s.credits[YELLOW] == 7 and s.credits[BLUE] == 1 and s.fuel[BLUE] == 7
    assert s.current_player == RED
    act(s, BrokerFuel(0, 2))
    assert s.current_player == YELLOW                              # the active player buys last, at 1
    assert max(a.count for a in s.legal_actions()) == 7
    act(s, BrokerFuel(3, 1))
    assert s.credits[YELLOW] == 4 and s.fuel[YELLOW] == 8


def test_the_broker_log_says_what_the_active_player_is_paid():
    s = game(3)
    play_card(s, YELLOW, "broker")
    act(s, BrokerFuel(1, 2))
    assert s.log[-1].text == "buys 1 fuel from the broker, paying player 2 1 credit"     # not "player 2 1"
    act(s, BrokerFuel(2, 2))
    assert s.log[-1].text == "buys 2 fuel from the broker, paying player 2 2 credits"
