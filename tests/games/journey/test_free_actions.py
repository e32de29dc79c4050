"""Journey › Free Actions a–h and the four catch-a-fish cases."""
from __future__ import annotations

import pytest

from neko_lab.core import IllegalAction
from neko_lab.games.journey import scoring as sc
from neko_lab.games.journey.rules.player_boards import replaced
from neko_lab.games.journey.rules import (bid_winner, catch_fish_bonus, harbour_cost, next_turn_order,
                                         reward_options, ship_cost)

from .helpers import A, give, kinds, turn_with


def test_a_fish_for_two_coins_or_one_fuel():
    s, seat, b = turn_with(fish=2, coins=0, fuel=0, goods=0)
    s.apply(A("fish_coins"))
    s.apply(A("fish_fuel"))
    assert (b.fish, b.coins, b.fuel) == (0, 2, 1)


def test_b_three_fish_for_a_discarded_die_keeping_its_value_once_per_turn():
    s, seat, b = turn_with(fish=7)
    s.discard[:] = [6, 2, 2]
    s._legal = None
    s.apply(A("take_die", 6, 0))
    assert b.fish == 4 and 6 in b.dice and s.discard == [2, 2]
    assert "take_die" not in kinds(s.legal_actions())
    with pytest.raises(IllegalAction, match="one discarded die"):
        s.apply(A("take_die", 2, 0))


def test_c_remove_interference_for_five_coins():
    s, seat, b = turn_with(coins=7, interference=2)
    s.apply(A("unjam"))
    assert (b.coins, b.interference) == (2, 1)
    assert "unjam" not in kinds(s.legal_actions())


def test_d_ship_prices_and_the_ships_per_lane_limit():
    assert [ship_cost(n) for n in (2, 3, 4, 5)] == [3, 5, 7, 9]
    s, seat, b = turn_with(coins=100)
    assert "ship" not in kinds(s.legal_actions())   # one harbour: one ship per lane
    s.apply(A("harbour"))                       # 2 harbours: at most 2 ships per lane
    s.apply(A("ship", 0))
    assert b.coins == 100 - 5 - 3 and b.ships == (0, 0)
    assert A("ship", 0) not in s.legal_actions() and A("ship", 1) in s.legal_actions()


def test_d_bought_ship_goes_on_the_first_space_of_any_lane_even_with_slot_one_empty():
    """Buy a new ship: the ship goes on the left half-hub of the lane's first card, as in the rule's own
    example of a lane whose first space is empty and whose second holds a card."""
    s, seat, b = turn_with(coins=100, fuel=6)
    b.harbours = 2
    give(s, seat, "Ocean Bank", 0, 1)            # lane 1: first card in slot 2, slot 1 empty
    give(s, seat, "Fuel Platform", 1, 0)         # lane 2: first card in slot 1
    s._legal = None
    legal = s.legal_actions()
    assert A("ship", 0) in legal and A("ship", 1) in legal
    s.apply(A("ship", 0))
    assert sorted(b.ships) == [0, 4] and b.starts[b.ships.index(4)] == 1
    assert "left half-hub of its first card, in slot 2" in s.log[-1].text
    assert s.next_position(seat, 0, 4) == 8      # it can sail across the card it stands on
    assert s.next_position(seat, 0, 0) is None   # the first ship still waits at the empty slot 1
    s.apply(A("ship", 1))
    assert sorted(b.ships) == [0, 4, 32]         # lane 2: on its first card, next to the harbour


def test_ship_travel_counts_only_the_cards_a_ship_really_passes():
    """Ship Travel Scoring and Final Scoring: a ship bought onto the first card in slot 2 never crossed
    slot 1, even once a card is placed there behind it."""
    from neko_lab.games.journey.rules.scoring_steps import final_points
    s, seat, b = turn_with(coins=100, fuel=6)
    b.harbours = 2
    bank = give(s, seat, "Ocean Bank", 0, 1)
    s._legal = None
    s.apply(A("ship", 0))
    s.apply(next(a for a in s.legal_actions() if a.kind == "move" and (a.a, a.b) == (0, 4)))
    assert sorted(b.ships) == [0, 8] and sorted(s.crossed(seat)) == [0, 1]
    assert s.passed_slots(seat) == {1}
    behind = give(s, seat, "Fuel Platform", 0, 0)       # slot 1 filled later, behind the ship
    assert sorted(s.crossed(seat)) == [0, 1] and s.passed_slots(seat) == {1}
    assert final_points(s, seat)["cards"] == s.card(bank).points
    s._legal = None
    s.apply(next(a for a in s.legal_actions() if a.kind == "move" and (a.a, a.b) == (0, 0)))
    assert sorted(s.crossed(seat)) == [1, 1] and s.passed_slots(seat) == {0, 1}
    assert final_points(s, seat)["cards"] == s.card(bank).points + s.card(behind).points
    s.check_invariants()


def test_of_two_ships_on_one_place_the_one_that_travelled_further_moves_on():
    s, seat, b = turn_with(coins=100, fuel=8)
    b.harbours = 2
    give(s, seat, "Ocean Bank", 0, 1)
    s._legal = None
    s.apply(A("ship", 0))                        # starts at slot 2's left half-hub
    give(s, seat, "Fuel Platform", 0, 0)
    s._legal = None
    s.apply(next(a for a in s.legal_actions() if a.kind == "move" and (a.a, a.b) == (0, 0)))
    assert sorted(b.ships) == [4, 4] and sorted(s.crossed(seat)) == [0, 1]
    s.apply(next(a for a in s.legal_actions() if a.kind == "move" and (a.a, a.b) == (0, 4)))
    assert sorted(s.crossed(seat)) == [0, 2]     # the ship from the harbour sailed on


def test_e_harbour_prices_and_the_limit_of_five():
    assert [harbour_cost(n) for n in (2, 3, 4, 5)] == [5, 10, 15, 20]
    s, seat, b = turn_with(coins=100)
    for _ in range(4):
        s.apply(A("harbour"))
    assert b.harbours == 5 and b.coins == 50
    assert "harbour" not in kinds(s.legal_actions())


def test_harbour_cost_of_a_sixth_harbour_is_refused():
    with pytest.raises(ValueError, match="2..5"):
        harbour_cost(6)
    with pytest.raises(ValueError):
        harbour_cost(1)                          # the first harbour comes with the set-up
    with pytest.raises(ValueError, match="a die"):
        harbour_cost(3, 7)
    s, seat, b = turn_with(coins=100)
    b.harbours = 5
    s._legal = None
    with pytest.raises(IllegalAction, match="at most 5 harbours"):
        s.apply(A("harbour"))


@pytest.mark.parametrize("call", [
    lambda: ship_cost(1), lambda: ship_cost(0), lambda: ship_cost(2.5),
    lambda: catch_fish_bonus("die", True, -1), lambda: reward_options(0), lambda: reward_options(7),
    lambda: next_turn_order([3, 4], [0, 0]), lambda: bid_winner([[1], [2]], [0, 1, 2]),
    lambda: sc.harbour_points(0), lambda: sc.harbour_points(6), lambda: sc.ship_travel_points(6),
    lambda: sc.interference_points(-1), lambda: sc.ocean_bank_income(-1), lambda: sc.card_price(-2),
    lambda: sc.penguin_park_powers(True), lambda: sc.neko_harbour_options(-3), lambda: sc.ice_wall_points(-1),
])
def test_pure_helpers_refuse_impossible_arguments(call):
    with pytest.raises(ValueError):
        call()


def test_amanda_opens_a_third_harbour_then_adds_a_ship_to_her_first_lane():
    # the example pays 5 coins for the ship, the price of a third ship (see the dataset README)
    s, amanda, b = turn_with(coins=15)
    b.harbours = 2
    b.ships = (0, 0)
    s._legal = None
    assert A("ship", 0) not in s.legal_actions()    # lane 0 already holds two ships for two harbours
    s.apply(A("harbour"))
    assert b.coins == 5 and b.harbours == 3
    s.apply(A("ship", 0))
    assert b.coins == 0 and b.ships == (0, 0, 0)


def test_harbour_city_prices():
    assert harbour_cost(3, 3) == 4                # 10 / 3 rounded up
    assert harbour_cost(4, 2) == 8                # Mandel's fourth harbour


def test_harbour_city_third_harbour_for_ten_over_three_through_the_engine():
    s, seat, b = turn_with(dice=(3, 5), coins=4)
    b.harbours = 2
    give(s, seat, "Harbour City")
    s._legal = None
    assert "harbour" not in kinds(s.legal_actions())      # 10 coins without the card
    s.apply(A("card", 0, 0, 3))
    s.apply(A("harbour"))
    assert b.coins == 0 and b.harbours == 3               # 10 / 3 = 4, rounded up


def test_mandel_buys_his_fourth_harbour_with_harbour_city():
    s, mandel, b = turn_with(dice=(2, 5), coins=8)
    b.harbours = 3
    give(s, mandel, "Harbour City")
    s._legal = None
    assert "harbour" not in kinds(s.legal_actions())
    s.apply(A("card", 0, 0, 2))
    s.apply(A("harbour"))
    assert b.coins == 0 and b.harbours == 4


def test_f_adjust_a_die_with_wrap_around():
    s, seat, b = turn_with(dice=(1, 6), fuel=3)
    s.apply(A("adjust", 1, -1))
    assert b.dice.count(6) == 2 and b.fuel == 2
    s.apply(A("adjust", 6, 1))
    assert sorted(b.dice) == [1, 6] and b.fuel == 1


def test_adjusting_is_bounded_by_fuel():
    s, seat, b = turn_with(dice=(3,), fuel=0, fish=0)
    assert "adjust" not in kinds(s.legal_actions())


def _lane(s, seat, names, skips=None):
    skips = skips or [0] * len(names)
    return [give(s, seat, n, 0, i, skip=k) for i, (n, k) in enumerate(zip(names, skips))]


def test_g_benno_moves_from_the_harbour_to_a_one_fuel_hub():
    s, benno, b = turn_with(fuel=4, goods=0)
    # Fuel Platform #5 (right: fuel) then Ocean Bank #1 (multiplier 1): a 1 x fuel hub
    _lane(s, benno, ["Fuel Platform", "Ocean Bank"])
    s._legal = None
    assert s.lane_path(benno, 0) == [0, 4, 8]
    s.apply(A("move", 0, 0))
    assert b.ships == (4,) and b.fuel == 2 + 1     # paid 2, the hub gave 1


def test_a_ship_entering_a_two_coins_hub_gets_four_coins():
    # Free Actions › g) Move your ship: a ship entering a hub gets what a die placed there would; the
    # rulebook's example is a "2" coins hub paying 2 x 2 coins
    s, seat, b = turn_with(fuel=4, goods=0, coins=0)
    # Ocean Bank #1 (right: coins) then Fuel Platform #6 (left multiplier 2): a 2 x coins hub
    _lane(s, seat, ["Ocean Bank", "Fuel Platform"], skips=[0, 1])
    s._legal = None
    assert s.hub_at(seat, 0, 4) == (2, "coins")
    s.apply(A("move", 0, 0))
    assert b.ships == (4,) and b.coins == 4 and b.fuel == 2


def test_a_ship_on_a_half_hub_gets_nothing_and_stops_at_a_gap():
    s, seat, b = turn_with(fuel=6, goods=0)
    give(s, seat, "Ocean Bank", 0, 0)
    give(s, seat, "Blue Bar", 0, 2)
    s._legal = None
    s.apply(A("move", 0, 0))
    assert b.ships == (4,) and b.fuel == 4        # half-hub: nothing gained
    assert all(a.kind != "move" for a in s.legal_actions())   # slot 1 is empty


def test_h_goods_fill_cargo_in_order_and_benno_unlocks_his_port():
    s, benno, b = turn_with(goods=2, fuel=0)
    port = give(s, benno, 18)                      # Port: - | fuel 1 | coins 1 | -  (7 PP)
    b.cargo = replaced(b.cargo, 0, 2)
    s._legal = None
    coins = b.coins
    s.apply(A("cargo", 0, 0))
    assert b.coins == coins + 1
    s.apply(A("cargo", 0, 0))
    assert b.cargo[0] == 4 and b.goods == 0
    assert any("completes the contract" in e.text for e in s.log[-2:])
    b.ships = (8,)                                # past the port's internal hub and right edge
    assert s.final_points(benno)["cards"] == s.card(port).points == 7


def test_catch_fish_bonus_cases():
    assert catch_fish_bonus("ship", True, 0) == 1     # 1. ship onto a die
    assert catch_fish_bonus("ship", True, 1) == 0     # 2. ship onto a die that already has a ship
    assert catch_fish_bonus("die", True, 1) == 1      # 3. die under one ship
    assert catch_fish_bonus("die", True, 2) == 1      # 4. die under two ships: still one fish
    assert catch_fish_bonus("ship", False, 0) == 0


def _fuel_hub(s, seat):
    # Fuel Platform #5 (right: fuel) + Ocean Bank #1 (left 1): a 1 x fuel hub at position 4
    _lane(s, seat, ["Fuel Platform", "Ocean Bank"])
    s._legal = None


def test_benno_moves_onto_a_hub_with_a_die_and_catches_a_fish():
    s, benno, b = turn_with(dice=(1, 4), fuel=4, goods=0, fish=0)
    _fuel_hub(s, benno)
    s.apply(A("hub", 0, 4))
    assert b.fuel == 5 and b.fish == 0
    s.apply(A("move", 0, 0))
    assert b.fuel == 4 and b.fish == 1


def test_a_second_ship_onto_that_hub_catches_nothing():
    s, seat, b = turn_with(dice=(1, 4), fuel=6, goods=0, fish=0, harbours=2)
    b.ships = (0, 0)
    _fuel_hub(s, seat)
    s.apply(A("hub", 0, 4))
    s.apply(A("move", 0, 0))
    s.apply(A("move", 0, 0))
    assert b.fish == 1


def test_benno_places_a_die_under_two_ships_and_gets_one_fish():
    # the example's own hub: two fuel (a 2 x fuel hub), so a "2" die, with two ships standing on it
    s, benno, b = turn_with(dice=(2, 4), fuel=0, goods=0, fish=0, harbours=2)
    give(s, benno, 2, 0, 0)                       # Ocean Bank #2: right half fuel
    give(s, benno, 6, 0, 1)                       # Fuel Platform #6: left multiplier 2
    assert s.hub_at(benno, 0, 4) == (2, "fuel")
    b.ships = (4, 4)
    s._legal = None
    s.apply(A("hub", 0, 4))
    assert b.fuel == 2 and b.fish == 1 and b.dice == (4,)


def test_free_actions_need_the_turn():
    s, seat, b = turn_with(fish=3)
    other = (seat + 1) % 3
    assert s.current_player == seat
    assert all(isinstance(a.kind, str) for a in s.legal_actions())
    assert s.pending[-1].seat != other


def _good_hub(s, seat):
    # Ocean Bank #3 (right half: good) then Ocean Bank #1 (left multiplier 1): a 1 x good hub at 4
    give(s, seat, "Ocean Bank", 0, 0, skip=2)
    give(s, seat, "Ocean Bank", 0, 1, skip=0)
    s._legal = None
    assert s.hub_at(seat, 0, 4) == (1, "good")


def test_mandel_turns_a_two_into_a_one_for_the_good_hub():
    s, mandel, b = turn_with(dice=(2, 4), fuel=1, goods=0)
    _good_hub(s, mandel)
    assert A("hub", 0, 4) not in s.legal_actions()
    s.apply(A("adjust", 2, -1))
    s.apply(A("hub", 0, 4))
    assert (b.fuel, b.goods, b.dice) == (0, 1, (4,))


def test_amanda_buys_a_discarded_six_and_turns_it_into_a_one():
    s, amanda, b = turn_with(dice=(3, 4), fuel=1, goods=0, fish=3)
    _good_hub(s, amanda)
    s.discard[:] = [6]
    s._legal = None
    s.apply(A("take_die", 6, 0))
    s.apply(A("adjust", 6, 1))
    s.apply(A("hub", 0, 4))
    assert (b.fish, b.fuel, b.goods, sorted(b.dice)) == (0, 0, 1, [3, 4])


def test_benno_turns_a_six_into_a_one_for_one_good():
    s, benno, b = turn_with(dice=(6,), fuel=1, goods=0)
    _good_hub(s, benno)
    s.apply(A("adjust", 6, 1))
    s.apply(A("hub", 0, 4))
    assert b.goods == 1 and b.dice == ()
    assert A("end") in s.legal_actions()
