"""Journey › Card Reference Guide: every card type and every named card."""
from __future__ import annotations

import pytest

from neko_lab.core.frozen import freeze
from neko_lab.games.journey import scoring as sc
from neko_lab.games.journey.rules.placing import place_card
from neko_lab.games.journey.rules.preparation import start_direct_buy

from .helpers import A, action_turn, card_id, choice, detach, give, kinds, new, turn_with


def _buy(s, seat, name, lane=0, slot=None, skip=0):
    """Place a card as if bought for 0 coins, so its lightning effect fires."""
    cid = card_id(s, name, skip)
    detach(s, cid)
    b = s.boards[seat]
    if slot is None:
        slot = next(i for i in range(5) if not b.lanes[lane * 5 + i])
    place_card(s, seat, cid, lane, slot, 0, "test")
    s._legal = None
    return cid


def test_income_sets_of_three():
    assert [sc.ocean_bank_income(n) for n in range(7)] == [0, 4, 7, 10, 14, 17, 20]
    assert [sc.fuel_platform_income(n) for n in range(5)] == [0, 2, 4, 6, 8]


def test_ocean_bank_variant_pays_on_arrival_and_again_with_a_low_die():
    s, seat, b = turn_with(dice=(2, 5))
    give(s, seat, "Ocean Bank")
    coins = b.coins
    _buy(s, seat, "Ocean Bank Variant")
    assert b.coins == coins + 7                   # two Ocean Banks, this one included
    acts = [a for a in s.legal_actions() if a.kind == "card"]
    assert acts == [A("card", 0, 1, 2)]           # a 5 does not meet 1-3
    s.apply(acts[0])
    assert b.coins == coins + 14


def test_fuel_platform_variant_pays_fuel_and_again_with_a_high_die():
    s, seat, b = turn_with(dice=(2, 5), fuel=0, goods=0)
    _buy(s, seat, "Fuel Platform Variant")
    assert b.fuel == 2
    s.apply(A("card", 0, 0, 5))
    assert b.fuel == 4


def test_research_station_counts_banks_and_platforms():
    s, seat, b = turn_with(dice=(4,), fuel=0, goods=0)
    give(s, seat, "Ocean Bank")
    give(s, seat, "Fuel Platform")
    give(s, seat, "Fuel Platform", skip=1)
    coins = b.coins
    _buy(s, seat, "Research Station")
    assert (b.coins - coins, b.fuel) == (4, 4)
    s.apply(A("card", 0, 3, 4))
    assert (b.coins - coins, b.fuel) == (8, 8)


def test_hospital_removes_two_on_arrival_and_one_per_round_for_free():
    s, seat, b = turn_with(interference=4, coins=0)
    _buy(s, seat, "Hospital")
    assert b.interference == 2
    s.apply(A("hospital"))
    assert b.interference == 1 and "hospital" not in kinds(s.legal_actions())


def test_neko_harbour_three_hubs_for_one_fuel():
    s, seat, b = turn_with(dice=(5,), fuel=0, goods=0)
    for k in range(4):
        give(s, seat, "Ocean Bank", 0, k, skip=k)          # three hubs between four cards
    coins = b.coins
    _buy(s, seat, "Neko Harbour", 1, 0)
    b.harbours = 2
    assert s.pending[-1].kind == "neko" and s.pending[-1].data == 3
    assert s.legal_actions() == [A("neko", 0), A("neko", 1)]
    s.apply(A("neko", 1))
    assert b.fuel == 1 and b.coins == coins
    s.apply(A("card", 1, 0, 5))
    s.apply(A("neko", 0))
    assert b.coins == coins + 3


def test_post_office_lightning_buys_one_of_two_with_two_off():
    s, seat, b = turn_with(coins=20)
    s.period = 2
    _buy(s, seat, "Post Office")
    assert s.pending[-1].kind == "pick" and len(s.drawn) == 2
    cid = s.drawn[0]
    s.apply(A("pick", cid))
    coins = b.coins
    s.apply(A("place", 0, 1))
    assert b.coins == coins - max(1, s.card(cid).cost - 2)
    s.check_invariants()


def test_penguin_park_tiles_adjust_and_reroll_once_per_round():
    assert sc.penguin_park_powers(1) == (1, 0)
    assert sc.penguin_park_powers(2) == (1, 1)
    assert sc.penguin_park_powers(3) == (1, 2)
    assert sc.penguin_park_powers(4) == (2, 2)
    s, seat, b = turn_with(dice=(1, 4), fuel=0)
    give(s, seat, "Penguin Park")
    b.tile_adjust, b.tile_reroll = sc.penguin_park_powers(1)[0], 1
    s._legal = None
    s.apply(A("tile_adjust", 1, -1))
    assert sorted(b.dice) == [4, 6] and "tile_adjust" not in kinds(s.legal_actions())
    s.apply(A("tile_reroll", 4))
    assert b.tile_reroll == 0 and len(b.dice) == 2


def test_second_penguin_park_takes_a_discarded_die_but_only_one_per_turn():
    s, seat, b = turn_with(dice=(3,), fish=3)
    b.park_takes = 1
    s.discard[:] = [5, 6]
    s._legal = None
    assert A("take_die", 5, 1) in s.legal_actions() and A("take_die", 5, 0) in s.legal_actions()
    s.apply(A("take_die", 6, 1))
    assert b.fish == 3 and 6 in b.dice and "take_die" not in kinds(s.legal_actions())


def test_penguin_parks_refresh_at_the_next_round():
    s = new(3, seed=0)
    action_turn(s)
    give(s, 0, "Penguin Park")
    give(s, 0, "Penguin Park", skip=1)
    s.stage, s.pending = "prepare", []
    s._advance()
    b = s.boards[0]
    assert (b.tile_adjust, b.tile_reroll, b.park_takes) == (1, 1, 1)


def test_penguin_park_variant_adds_a_discarded_die_as_a_bid():
    s, seat, b = turn_with()
    s.discard[:] = [4]
    _buy(s, seat, "Penguin Park Variant")
    assert s.pending[-1].kind == "park_bid"
    space = next(i for i, c in enumerate(s.spaces) if c)
    s.apply(A("park_bid", space, 4))
    assert s.bids[space][seat] == (4,) and s.discard == []


def test_seaside_trader_exchanges_for_the_round():
    s, seat, b = turn_with(dice=(2,), coins=6, fuel=3, goods=0)
    give(s, seat, "Seaside Town (Trader)")
    s._legal = None
    assert "exchange" not in kinds(s.legal_actions())
    s.apply(A("card", 0, 0, 2))
    s.apply(A("exchange", 0))
    assert (b.coins, b.fuel) == (3, 4)
    s.apply(A("exchange", 1))
    assert (b.fuel, b.goods) == (1, 1)


def test_seaside_merchant_fuel_for_coins_and_goods_for_points():
    s, seat, b = turn_with(dice=(5,), coins=0, fuel=2, goods=1)
    give(s, seat, "Seaside Town (Merchant)")
    s._legal = None
    s.apply(A("card", 0, 0, 5))
    s.apply(A("exchange", 2))
    s.apply(A("exchange", 3))
    assert (b.coins, b.fuel, b.goods, b.pts["Seaside Town"]) == (4, 1, 0, 2)


def test_exchange_limit_caps_only_a_player_who_has_the_loop():
    # the Trader alone cannot loop: its exchanges stay open past the limit
    s, seat, b = turn_with(coins=40, fuel=0, goods=0)
    s.options = freeze({**s.options, "exchange_limit": 2})      # options are read-only: a new table
    b.exchange_on = [True, True, False, False]
    for _ in range(4):
        s.apply(A("exchange", 0))
    assert b.exchange_used[0] == 4 and b.fuel == 4 and A("exchange", 0) in s.legal_actions()
    b.exchange_on = [True, True, True, True]        # with the Merchant too, the cap holds
    s._legal = None
    assert A("exchange", 0) not in s.legal_actions()


def test_exchange_limit_bounds_the_coin_loop():
    s, seat, b = turn_with(dice=(2, 5), coins=3, fuel=0, goods=0)
    s.options = freeze({**s.options, "exchange_limit": 2})      # options are read-only: a new table
    give(s, seat, "Seaside Town (Trader)")
    give(s, seat, "Seaside Town (Merchant)")
    b.card_dice = {}
    b.exchange_on = [True, True, True, True]
    s._legal = None
    for _ in range(2):
        s.apply(A("exchange", 0))
        s.apply(A("exchange", 2))
    assert A("exchange", 0) not in s.legal_actions() and b.coins == 5


def test_exchange_limit_caps_only_the_trader_coins_for_fuel():
    # default limit 8, Trader and Merchant both open: every turn of the coin loop needs the Trader's
    # coins -> fuel, so that is the leg capped; fuel gained otherwise still trades for coins
    s, seat, b = turn_with(coins=0, fuel=8, goods=0, fish=1)
    assert s.options["exchange_limit"] == 8
    b.exchange_on = (True, True, True, True)
    s._legal = None
    for _ in range(8):
        s.apply(A("exchange", 2))
    assert (b.fuel, b.coins) == (0, 32)
    s.apply(A("fish_fuel"))
    assert A("exchange", 2) in s.legal_actions()      # a 9th fuel -> coins
    s.apply(A("exchange", 2))
    assert (b.fuel, b.coins, b.exchange_used[2]) == (0, 36, 9)
    for _ in range(8):                                  # the loop itself: coins -> fuel -> coins
        s.apply(A("exchange", 0))
        s.apply(A("exchange", 2))
    assert b.coins >= 3 and b.cabin < sc.CABIN_LIMIT
    assert A("exchange", 0) not in s.legal_actions()  # the 9th coins -> fuel is refused


def test_seaside_fish_market_two_fish_for_a_die():
    s, seat, b = turn_with(fish=2)
    give(s, seat, "Seaside Town (Fish Market)")
    s.discard[:] = [6]
    s._legal = None
    s.apply(A("take_die", 6, 0))
    assert b.fish == 0 and 6 in b.dice


def test_seaside_lottery_reward_at_or_below_the_die():
    s, seat, b = turn_with(dice=(3,))
    give(s, seat, "Seaside Town (Lottery)")
    s._legal = None
    s.apply(A("card", 0, 0, 3))
    assert [str(a) for a in s.legal_actions()] == [
        "Lottery reward of face 1: buy a card", "Lottery reward of face 2: take 1 good",
        "Lottery reward of face 3: take 2 fish"]
    fish = b.fish
    s.apply(choice(s, "lottery", 3))
    assert b.fish == fish + 2


def test_light_house_example_a_one_gives_three_fuel():
    s, seat, b = turn_with(dice=(1, 1), fuel=0, goods=0)
    give(s, seat, "Fuel Platform", 0, 0)          # right half fuel
    give(s, seat, "Ocean Bank", 0, 1)             # left multiplier 1
    give(s, seat, "Light House", 0, 2)
    s._legal = None
    s.apply(A("lighthouse", 0, 4))
    assert "lighthouse" not in kinds(s.legal_actions())
    s.apply(A("hub", 0, 4))
    assert b.fuel == 3


def test_megaport_has_two_internal_hubs_on_the_path():
    s, seat, b = turn_with()
    give(s, seat, "Megaport", 0, 0)
    assert s.lane_path(seat, 0) == [0, 1, 2, 4]
    assert [h.pos for h in s.lane_hubs(seat, 0)] == [1, 2]


def test_port_internal_hub_pays_a_ship():
    s, seat, b = turn_with(fuel=4, goods=0)
    give(s, seat, 18, 0, 0)                       # internal hub 1 x fuel
    s._legal = None
    s.apply(A("move", 0, 0))
    assert b.ships == (1,) and b.fuel == 3


def test_every_named_card_is_in_the_dataset():
    s = new(3, seed=0)
    names = {c.name for c in s.data.cards}
    for special in ("Light House", "Church", "Southernmost City", "South Pole", "Fishing Spot",
                    "Research Station", "Hospital", "Neko Harbour", "Ice Wall", "Small Islands",
                    "Post Office", "Harbour City"):
        assert special in names
    assert sum(c.type == "seaside_town" and c.period != "advanced" for c in s.data.cards) == 5


def test_blue_bar_on_direct_buys_is_an_option():
    for option, expected in ((False, 0), (True, 2)):
        s, seat, b = turn_with(coins=30)
        s.options = freeze({**s.options, "blue_bar_on_direct_buys": option})
        give(s, seat, "Blue Bar")
        start_direct_buy(s, seat, 0, "test")
        cid = s.drawn[0]
        s._legal = None
        s.apply(A("pick", cid))
        assert s.pending[-1].data[1] == max(1, s.card(cid).cost - expected)


def test_bad_option_values_are_refused():
    from neko_lab.core import ConfigError
    with pytest.raises(ConfigError, match="exchange_limit"):
        new(3, exchange_limit=-1)
    with pytest.raises(ConfigError, match="advanced_cards"):
        new(3, advanced_cards="yes")
    assert new(3, exchange_limit=None).options["exchange_limit"] is None


def test_a_penguin_park_bought_before_the_action_phase_works_at_once():
    s, seat, b = turn_with(dice=(2, 3))
    b.tile_adjust = b.tile_reroll = b.park_takes = 0
    _buy(s, seat, "Penguin Park")
    assert (b.tile_adjust, b.tile_reroll, b.park_takes) == (1, 1, 0)
    _buy(s, seat, "Penguin Park", skip=1)
    assert (b.tile_adjust, b.tile_reroll, b.park_takes) == (1, 1, 1)
    assert "tile_adjust" in kinds(s.legal_actions())


def test_penguin_park_variant_owner_bids_a_discarded_die_before_each_resolution():
    s, seat, b = turn_with()
    give(s, seat, "Penguin Park Variant")
    for bd in s.boards:
        bd.dice = ()
    s.discard[:] = [2, 5]
    s.pending, s.stage, s.idx = [], "park_bids", 0
    s._advance()
    assert s.stage == "park_bids" and s.current_player == seat and s.pending[-1].kind == "park_bid"
    space = next(i for i, c in enumerate(s.spaces) if c)
    assert A("park_bid", space, 5) in s.legal_actions() and A("pass") in s.legal_actions()
    s.apply(A("park_bid", space, 5))
    assert s.pending[-1].kind == "win" and s.current_player == seat    # the lone bid wins at once


def test_light_house_boosts_a_ship_too():
    s, seat, b = turn_with(dice=(3,), fuel=4, goods=0)
    give(s, seat, "Fuel Platform", 0, 0)          # right half fuel
    give(s, seat, "Ocean Bank", 0, 1)             # left multiplier 1
    give(s, seat, "Light House", 0, 2)
    s._legal = None
    s.apply(A("lighthouse", 0, 4))
    s.apply(A("move", 0, 0))
    assert b.fuel == 4 - 2 + 3


def test_post_office_in_the_advanced_setup_buys_from_the_display():
    s = new(3, seed=2, advanced_setup=True)
    seat = action_turn(s)
    s.boards[seat].coins = 40
    s.period = 2
    s.display[:] = []
    _buy(s, seat, "Post Office")
    assert not s.pending or s.pending[-1].kind != "pick"   # an empty display: nothing to buy
    s.display.append(card_id(s, "Ice Wall"))
    detach_from = s.decks[2]
    if s.display[-1] in detach_from:
        detach_from.remove(s.display[-1])
    start_direct_buy(s, seat, 2, "test")
    s._legal = None
    assert [a.a for a in s.legal_actions() if a.kind == "pick"] == s.display


def test_penguin_park_variant_repeat_bid_is_for_later_rounds_only():
    # bought before resolution (here in the Action Phase): the arrival bid, and no second bid this round
    s, seat, b = turn_with()
    s.discard[:] = [4, 2]
    _buy(s, seat, "Penguin Park Variant")
    space = next(i for i, c in enumerate(s.spaces) if c)
    s.apply(A("park_bid", space, 4))
    for bd in s.boards:
        bd.dice = ()
    s.pending, s.stage, s.idx = [], "park_bids", 0
    s._advance()
    assert not any(p.kind == "park_bid" for p in s.pending) and s.stage == "resolve"
    assert s.bids[space][seat] == (4,) and s.discard == [2]
    b.new_round()                                   # the next round: the repeat bid is offered again
    s.pending, s.stage, s.idx, s.bids[space] = [], "park_bids", 0, ((),) * s.players
    s._advance()
    assert s.stage == "park_bids" and s.pending[-1].kind == "park_bid" and s.current_player == seat
