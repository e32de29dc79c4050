"""Journey › Action Phase: take fish, bid a card (the dice-count rule), activate a hub or a card."""
from __future__ import annotations

import pytest

from neko_lab.core import IllegalAction

from .helpers import A, action_turn, give, kinds, new, set_bid


def _turn(dice, players=3, seed=0):
    s = new(players, seed=seed)
    seat = action_turn(s)
    for b in s.boards:
        b.dice = ()
    s.boards[seat].dice = tuple(sorted(dice))
    s._legal = None
    return s, seat


def test_take_fish_with_any_number_of_dice():
    s, seat = _turn([1, 3, 5])
    b = s.boards[seat]
    fish = b.fish
    s.apply(A("fish", 3))
    s.apply(A("fish", 5))
    assert b.fish == fish + 2 and b.dice == (1,) and s.discard[-2:] == [3, 5]
    assert "bid" not in kinds(s.legal_actions())           # one kind of main action per turn
    s.apply(A("end"))


def test_a_main_action_is_mandatory():
    s, seat = _turn([2, 4])
    assert "end" not in kinds(s.legal_actions())
    with pytest.raises(IllegalAction, match="main action is mandatory"):
        s.apply(A("end"))


def _bidding(players=3):
    s, seat = _turn([1, 2, 3, 4, 5, 6], players)
    space = next(i for i, c in enumerate(s.spaces) if c)
    return s, seat, space


def test_benno_bids_lower_on_the_fuel_platform_and_may_add_later():
    s, benno, space = _bidding()
    mandel = (benno + 1) % 3
    set_bid(s, space, mandel, [2, 5])
    s._legal = None
    s.apply(A("bid", space))
    s.apply(A("bid_die", 1))
    with pytest.raises(IllegalAction, match="no fewer dice"):
        s.apply(A("end"))
    s.apply(A("bid_die", 3))
    s.apply(A("end"))
    assert s.bids[space][benno] == (1, 3) and sum(s.bids[space][benno]) < 7


def test_amanda_must_match_bennos_three_dice_on_the_seaside_town():
    s, amanda, space = _bidding()
    benno, mandel = (amanda + 1) % 3, (amanda + 2) % 3
    set_bid(s, space, mandel, [6])
    set_bid(s, space, benno, [1, 2, 4])
    s._legal = None
    s.apply(A("bid", space))
    for v in (1, 2):
        s.apply(A("bid_die", v))
        assert A("end") not in s.legal_actions()
    s.apply(A("bid_die", 3))
    assert A("end") in s.legal_actions()
    assert s.bid_need(space, mandel) == 3          # Mandel would now need two more dice (3 in all)


def test_a_player_without_enough_dice_cannot_start_that_bid():
    s, seat = _turn([6])
    space = next(i for i, c in enumerate(s.spaces) if c)
    set_bid(s, space, (seat + 1) % 3, [1, 1])
    s._legal = None
    assert A("bid", space) not in s.legal_actions()


def test_amanda_and_benno_port_bid_benno_adds_a_three():
    s, benno, space = _bidding()
    amanda = (benno + 1) % 3
    set_bid(s, space, amanda, [3])
    set_bid(s, space, benno, [1])
    s._legal = None
    s.apply(A("bid", space))
    s.apply(A("bid_die", 3))
    s.apply(A("end"))
    assert s.bids[space][benno] == (1, 3) and s.bids[space][amanda] == (3,)


def test_dice_never_leave_a_bid_once_placed():
    s, seat, space = _bidding()
    s.apply(A("bid", space))
    s.apply(A("bid_die", 6))
    assert all(a.kind != "bid" for a in s.legal_actions())    # no second card, no withdrawal


def _with_hub(dice, item_card="Ocean Bank", mult_card="Fuel Platform", skip=(0, 1)):
    s, seat = _turn(dice)
    left = give(s, seat, item_card, 0, 0, skip=skip[0])
    right = give(s, seat, mult_card, 0, 1, skip=skip[1])
    s._legal = None
    return s, seat, s.card(left), s.card(right)


def test_hub_needs_a_die_equal_to_its_multiplier_and_pays_multiplier_times_item():
    # Ocean Bank #1 has a coins right half; Fuel Platform #6 (skip 1) has multiplier 2: a 2 x coins hub
    s, seat, left, right = _with_hub([2, 5], skip=(0, 1))
    assert (right.left, left.right) == (2, "coins")
    hubs = s.lane_hubs(seat, 0)
    assert [(h.pos, h.multiplier, h.item) for h in hubs] == [(4, 2, "coins")]
    coins = s.boards[seat].coins
    s.apply(A("hub", 0, 4))
    assert s.boards[seat].coins == coins + 4            # 2 x 2 coins
    assert s.boards[seat].hub_dice == {4: 2} and s.boards[seat].dice == (5,)


def test_hub_without_a_matching_die_is_not_offered():
    s, seat, left, right = _with_hub([5, 6], skip=(0, 1))
    assert A("hub", 0, 4) not in s.legal_actions()


def test_only_one_die_per_hub_per_round():
    s, seat, left, right = _with_hub([2, 2], skip=(0, 1))
    s.apply(A("hub", 0, 4))
    s.apply(A("end"))
    while s.current_player != seat:
        s.apply(A("fish", s.boards[s.current_player].dice[0])) if s.boards[s.current_player].dice else None
        s.apply(A("end"))
    assert A("hub", 0, 4) not in s.legal_actions()


def test_exhausted_players_are_skipped_and_the_round_ends_with_the_last_die():
    s, seat = _turn([3])
    other = s.order[1] if s.order[0] == seat else s.order[0]
    s.boards[other].dice = (4, 4)
    s._legal = None
    s.apply(A("fish", 3))
    s.apply(A("end"))
    assert s.current_player == other
    s.apply(A("fish", 4))
    s.apply(A("end"))
    assert s.current_player == other                    # the exhausted seat is skipped
    s.apply(A("fish", 4))
    s.apply(A("end"))
    assert s.stage not in ("action",)


def test_card_activation_one_die_per_card_per_round():
    s, seat = _turn([2, 2, 6])
    give(s, seat, "Harbour City")
    s._legal = None
    acts = [a for a in s.legal_actions() if a.kind == "card"]
    assert acts == [A("card", 0, 0, 2)]               # a 6 does not meet Harbour City (1-3)
    s.apply(acts[0])
    assert s.boards[seat].harbour_div == 2
    assert all(a.kind != "card" for a in s.legal_actions())
