"""Journey › End of a Round: resolving bids, placing cards with the gap cost, losers' fish, next round."""
from __future__ import annotations

import pytest

from neko_lab.games.journey import scoring as sc
from neko_lab.games.journey.rules import bid_winner

from .helpers import A, action_turn, give, kinds, new, no_bids, put_in_space, set_bid


def _to_resolution(s, bids):
    """bids: {space: {seat: [dice]}}; every other bid is cleared and every die spent."""
    for i in range(len(s.spaces)):
        no_bids(s, i)
    for space, by_seat in bids.items():
        for seat, dice in by_seat.items():
            set_bid(s, space, seat, list(dice))
    for b in s.boards:
        b.dice = ()
    s.pending = []
    s.stage, s.idx = "park_bids", 0
    s._legal = None
    s._advance()
    return s


def _setup(players=3, seed=0):
    s = new(players, seed=seed)
    action_turn(s)
    return s


def test_bid_winner_penguin_park_and_seaside_town_tie_examples():
    amanda, benno, mandel = 0, 1, 2
    assert bid_winner([[3, 5], [5, 4], []], [amanda, benno, mandel]) == benno
    assert bid_winner([[3], [4], [4]], [mandel, amanda, benno]) == mandel
    assert bid_winner([3, 4, 4], [amanda, benno, mandel]) == benno
    assert bid_winner([[], [], []], [0, 1, 2]) is None


@pytest.mark.parametrize("bids", [[[7], [3]], [[0], [3]], [[-2], [3]], [[3], [True]], [-1, 3], [37, 3],
                                  [[2.5], [3]]])
def test_bid_winner_refuses_dice_that_do_not_exist(bids):
    """Resolve Bidding compares dice of 1 to 6 (at most six of them): a die of 7 or 0, or a negative
    total, is no bid to resolve."""
    with pytest.raises(ValueError, match="Player"):
        bid_winner(bids, [0, 1])


def test_benno_wins_the_penguin_park_and_amanda_gets_two_fish():
    s = _setup()
    amanda, benno, mandel = s.order
    park = put_in_space(s, "Penguin Park", 0)
    s.boards[benno].coins = 10
    fish = s.boards[amanda].fish
    _to_resolution(s, {0: {benno: [5, 4], amanda: [3, 5]}})
    assert s.current_player == benno and s.pending[-1].kind == "win"
    s.apply(A("place", 0, 0))
    assert s.boards[benno].coins == 4 and s.boards[benno].lanes[0] == park
    assert s.boards[amanda].fish == fish + 2
    s.check_invariants()


def test_mandel_wins_the_seaside_town_tie_by_turn_order():
    s = _setup()
    mandel, amanda, benno = s.order
    space = 1
    _to_resolution(s, {space: {amanda: [3], mandel: [4], benno: [4]}})
    assert s.current_player == mandel and s.pending[-1].data == space
    fish = [b.fish for b in s.boards]
    s.apply(A("decline"))
    assert s.boards[mandel].fish == fish[mandel]                 # the winner gets no fish even declining
    assert s.boards[amanda].fish == fish[amanda] + 1 and s.boards[benno].fish == fish[benno] + 1


def test_declined_and_unbid_cards_go_to_the_bottom_of_the_deck():
    s = _setup()
    first = s.order[0]
    declined, unbid = s.spaces[0], s.spaces[1]
    _to_resolution(s, {0: {first: [6]}})
    s.apply(A("decline"))
    while s.stage == "resolve":
        s.apply(s.legal_actions()[-1])
    assert unbid in s.decks[1] and declined in s.decks[1]
    assert s.decks[1].index(unbid) < s.decks[1].index(declined)   # resolved later = further down


def test_bids_resolve_left_to_right_then_new_cards_are_revealed():
    s = _setup()
    a, b, c = s.order
    for seat in (a, b, c):
        s.boards[seat].coins = 50
    _to_resolution(s, {0: {a: [2]}, 2: {b: [3]}, 4: {c: [1]}})
    winners = []
    while s.stage == "resolve":
        winners.append((s.pending[-1].data, s.current_player))
        s.apply(A("place", 0, 0) if A("place", 0, 0) in s.legal_actions() else s.legal_actions()[0])
    assert winners == [(0, a), (2, b), (4, c)]
    assert s.round == 2 and sum(1 for x in s.spaces if x) == 7
    assert all(s.card(x).period == "1" for x in s.spaces if x)


def test_benno_pays_one_coin_gap_placing_penguin_park_in_the_third_space():
    s = _setup()
    benno = s.order[0]
    give(s, benno, "Ocean Bank", 0, 1)
    s.boards[benno].coins = 7
    park = put_in_space(s, "Penguin Park", 0)
    _to_resolution(s, {0: {benno: [6]}})
    acts = s.legal_actions()
    assert A("place", 0, 0) in acts and A("place", 0, 2) in acts
    s.apply(A("place", 0, 2))
    assert s.boards[benno].coins == 0                          # 6 for the card + 1 for the gap
    assert s.lane_cards(benno, 0)[2] == park


def test_amanda_blue_bar_discounts():
    assert sc.blue_bar_discount(1) == 2 and sc.blue_bar_discount(2) == 3 and sc.blue_bar_discount(3) == 5
    assert sc.blue_bar_discount(4) == 7
    assert sc.card_price(5, 1) == 3                  # Benno's Fuel Platform
    assert sc.card_price(4, 2) == 1                  # Amanda's Ocean Bank
    assert sc.card_price(3, 3) == 1                  # never below one coin
    s = _setup()
    amanda = s.order[0]
    give(s, amanda, "Blue Bar")
    put_in_space(s, "Blue Bar", 0, skip=1)
    put_in_space(s, "Ocean Bank", 1, skip=1)
    s.boards[amanda].coins = 4
    _to_resolution(s, {0: {amanda: [1]}, 1: {amanda: [1]}})
    s.apply(A("place", 0, 1))
    assert s.boards[amanda].coins == 1               # 5 - 2
    s.apply(A("place", 0, 2))
    assert s.boards[amanda].coins == 0               # 4 - 3


def test_no_harbour_can_be_opened_while_resolving():
    s = _setup()
    first = s.order[0]
    s.boards[first].coins = 100
    for slot in range(5):
        give(s, first, "Fuel Platform" if slot % 2 else "Ocean Bank", 0, slot, skip=slot // 2)
    _to_resolution(s, {0: {first: [6]}})
    assert s.legal_actions() == [A("decline")]       # lane full; no harbour action here


def test_fishing_spot_losers_get_two_fish_per_die():
    s = _setup()
    a, b, c = s.order
    give(s, b, "Fishing Spot")
    fish = s.boards[b].fish
    _to_resolution(s, {0: {a: [6], b: [2, 3]}})
    s.apply(A("decline"))
    assert s.boards[b].fish == min(8, fish + 4)


def test_church_places_up_to_two_losing_dice_on_vacant_hubs():
    s = _setup()
    a, b, c = s.order
    give(s, b, "Church", 0, 0)              # right half: coins
    give(s, b, "Ocean Bank", 0, 1, skip=1)  # left multiplier 2 -> 2 x coins hub at 4, right half: fuel
    give(s, b, "Ocean Bank", 0, 2, skip=0)  # left multiplier 1 -> 1 x fuel hub at 8
    bd = s.boards[b]
    bd.fuel, bd.goods = 0, 0
    fish, coins = bd.fish, bd.coins
    _to_resolution(s, {0: {a: [6, 6, 6], b: [1, 1, 1]}})
    s.apply(A("decline"))
    assert s.current_player == b and kinds(s.legal_actions()) == {"church", "keep_fish"}
    s.apply(A("church", 0, 4))
    assert bd.coins == coins + 4 and bd.hub_dice[4] == 2
    s.apply(A("church", 0, 8))
    assert bd.fuel == 1
    # the third losing die: Church is used up, so it is a fish
    assert bd.fish == fish + 1
    assert not s.pending or s.pending[-1].kind != "church"


def test_church_die_may_go_on_a_card_activation_space():
    s = _setup()
    a, b, c = s.order
    give(s, b, "Church", 0, 0)
    give(s, b, "Harbour City", 0, 2)        # an activation space; no two cards touch, so no hub
    bd = s.boards[b]
    fish, coins = bd.fish, bd.coins
    _to_resolution(s, {0: {a: [6], b: [1]}, 1: {a: [5]}})
    s.apply(A("decline"))
    assert s.current_player == b
    assert s.legal_actions() == [A("church_card", 0, 2), A("keep_fish")]
    s.apply(A("church_card", 0, 2))
    assert s.pending[-1].kind == "win" and s.current_player == a     # resolution goes on
    assert bd.card_dice == {2: 1} and bd.church_left == 1
    assert (bd.fish, bd.coins, bd.harbour_div) == (fish, coins, 0)   # the wrong phase: nothing happens
    assert any("nothing happens" in e.text and e.seat == b for e in s.log[-3:])


def test_losers_fish_respect_the_freezer():
    s = _setup()
    a, b, c = s.order
    s.boards[b].fish = 7
    _to_resolution(s, {0: {a: [6], b: [1, 1, 1]}})
    s.apply(A("decline"))
    assert s.boards[b].fish == 8


def test_benno_wins_a_blue_bar_then_pays_three_for_the_fuel_platform():
    s = _setup()
    benno = s.order[1]
    put_in_space(s, "Blue Bar", 0)
    put_in_space(s, "Fuel Platform", 1)
    s.boards[benno].coins = 5 + 3
    _to_resolution(s, {0: {benno: [4]}, 1: {benno: [5]}})
    assert s.current_player == benno and s.pending[-1].data == 0
    s.apply(A("place", 0, 0))
    assert s.boards[benno].coins == 3                     # the Blue Bar's own price: 5
    assert s.current_player == benno and s.pending[-1].data == 1
    s.apply(A("place", 0, 1))
    assert s.boards[benno].coins == 0                     # already discounted: 5 - 2 = 3
