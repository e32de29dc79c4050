"""Journey › Morning Market Phase: fish sold for 4 coins, 2 fuel or 1 good; the freezer limit; skipping."""
from __future__ import annotations
from neko_lab.games.journey.rules.player_boards import gain

from .helpers import A, choice, new, play_until, skip_turn_free


def _market_with_fish(fish: dict[int, int], players: int = 3):
    s = new(players, seed=4)
    play_until(s, "draft", skip_turn_free)        # round 1 (nobody chose fish => market skipped or done)
    # jump to the start of round 2's market with chosen fish
    for seat, n in fish.items():
        s.boards[seat].fish = n
    s.stage, s.idx = "market", 0
    s.pending = []
    s._advance()
    s._legal = None
    return s


def test_amanda_sells_three_fish_for_two_fuel_and_eight_coins():
    s = _market_with_fish({0: 3, 1: 0, 2: 0})
    assert s.current_player == 0
    b = s.boards[0]
    coins, fuel = b.coins, b.fuel
    s.apply(A("sell", 1))
    s.apply(A("sell", 0))
    s.apply(A("sell", 0))
    assert (b.coins - coins, b.fuel - fuel, b.fish) == (8, 2, 0)
    assert s.stage == "draft"                     # nobody else has fish


def test_market_asks_only_fish_holders_in_turn_order():
    s = _market_with_fish({0: 1, 1: 2, 2: 1})
    seen = []
    while s.stage == "market":
        seen.append(s.current_player)
        s.apply(A("done"))
    assert seen == [x for x in s.order]


def test_a_good_costs_one_fish_and_needs_cabin_room():
    s = _market_with_fish({0: 2, 1: 0, 2: 0})
    b = s.boards[0]
    b.fuel, b.goods = 7, 0
    s._legal = None
    s.apply(A("sell", 2))
    assert b.goods == 1 and b.fish == 1
    assert A("sell", 2) not in s.legal_actions() and A("sell", 1) not in s.legal_actions()
    assert A("sell", 0) in s.legal_actions()


def test_market_is_skipped_when_nobody_has_fish():
    s = new(2, seed=8)
    s.apply(choice(s, "bonus", 1))                        # coins
    s.apply(choice(s, "bonus", 3))                        # fuel
    assert s.stage == "draft"
    assert any("Morning Market is skipped" in e.text for e in s.log)


def test_freezer_holds_at_most_eight_fish():
    s = new(2, seed=8)
    seat = s.current_player
    s.boards[seat].fish = 7
    gain(s, seat, "fish", 3, "test")
    assert s.boards[seat].fish == 8
    s.check_invariants()
