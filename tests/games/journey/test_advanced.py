"""Journey › Advanced Game: advanced cards, advanced setup, both together."""
from __future__ import annotations

import random

import pytest

from neko_lab.core import IllegalAction
from neko_lab.games.journey.rules.preparation import start_direct_buy

from .helpers import A, action_turn, give, new, no_bids, set_bid, skip_turn_free


def _random_to_end(s, seed):
    rng = random.Random(seed)
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions()))
        s.check_invariants()
    return s


def test_advanced_cards_three_on_the_board_resolved_first():
    s = new(3, seed=1, advanced_cards=True)
    assert s.n_adv == 3
    assert all(s.card(s.spaces[i]).period == "advanced" for i in range(3))
    assert sum(1 for c in s.spaces[3:] if c) == 7 and len(s.box) == 3
    action_turn(s)
    a, b, c = s.order
    for i in range(len(s.spaces)):
        no_bids(s, i)
    set_bid(s, 3, a, [6])
    set_bid(s, 1, b, [2])
    for bd in s.boards:
        bd.dice = ()
        bd.coins = 50
    s.pending, s.stage, s.idx = [], "park_bids", 0
    s._advance()
    assert s.pending[-1].data == 1 and s.current_player == b      # the advanced space goes first


def test_unbid_and_declined_advanced_cards_stay_out():
    s = new(3, seed=1, advanced_cards=True)
    action_turn(s)
    adv = s.spaces[:3]
    first = s.order[0]
    for i in range(len(s.spaces)):
        no_bids(s, i)
    set_bid(s, 0, first, [4])
    for bd in s.boards:
        bd.dice = ()
    s.pending, s.stage, s.idx = [], "park_bids", 0
    s._advance()
    s.apply(A("decline"))
    while s.stage == "resolve":
        s.apply(skip_turn_free(s.legal_actions()))
    assert s.spaces[:3] == adv


def test_advanced_end_game_points_count_the_whole_type():
    s = new(3, seed=1, advanced_cards=True)
    give(s, 0, "Advanced Ocean Bank")
    give(s, 0, "Ocean Bank")
    give(s, 0, "Ocean Bank Variant")
    give(s, 0, "Advanced Penguin Park", 1)
    assert s.final_points(0)["end-game icons"] == 2 * 3 + 4 * 1


def test_start_a_new_bid_on_a_free_space_with_advanced_cards():
    s = new(2, seed=3, advanced_cards=True)
    seat = action_turn(s)
    free = 3 + 2
    s.decks[1].insert(0, s.spaces[free])
    s.spaces[free] = 0
    s.boards[seat].dice = (3, 4)
    s._legal = None
    top = s.decks[1][-1]
    assert A("new_bid", 0) in s.legal_actions()
    s.apply(A("new_bid", 0))
    assert s.spaces[free] == top and s.bid_space == free
    s.apply(A("bid_die", 4))
    s.apply(A("end"))
    assert s.bids[free][seat] == (4,)


def test_start_a_new_bid_fills_the_free_spaces_beyond_the_revealed_cards_then_the_area_is_full():
    """Start a New Bid: the board has bidding spaces beyond the cards revealed (option new_bid_spaces,
    2 by default); new cards go to the next free one, and once they are taken no new bid can start."""
    s = new(2, seed=3, advanced_cards=True)
    assert len(s.spaces) == 3 + 5 + 2 and s.spaces[8] == s.spaces[9] == 0 and all(s.spaces[:8])
    action_turn(s)
    for space in (8, 9):
        seat = s.current_player
        s.boards[seat].dice = (3, 4)
        s._legal = None
        top = s.decks[1][-1]
        s.apply(A("new_bid", 0))
        assert s.spaces[space] == top and s.bid_space == space
        s.apply(A("bid_die", 4))
        s.apply(A("end"))
    s._legal = None
    assert all(a.kind != "new_bid" for a in s.legal_actions())


def test_no_new_bid_when_the_board_has_no_space_beyond_the_revealed_cards():
    s = new(2, seed=3, advanced_cards=True, new_bid_spaces=0)
    action_turn(s)
    assert len(s.spaces) == 3 + 5
    assert all(a.kind != "new_bid" for a in s.legal_actions())


def test_advanced_cards_direct_buy_offers_the_drawn_cards_and_the_unbid_advanced_cards_only():
    """Advanced Cards' note on buying without bidding: the cards drawn and the advanced cards displayed
    on their spaces (unbid); the revealed bidding cards are there to be bid on."""
    s = new(3, seed=2, advanced_cards=True)
    seat = action_turn(s)
    s.boards[seat].coins = 50
    start_direct_buy(s, seat, 0, "test")
    s._legal = None
    picks = sorted(a.a for a in s.legal_actions() if a.kind == "pick")
    assert picks == sorted(s.drawn + s.spaces[:3]) and len(picks) == 2 + 3


def test_advanced_setup_displays_sorted_piles_and_bids_start_from_the_display():
    s = new(3, seed=2, advanced_setup=True)
    assert len(s.display) == 22 and not any(s.spaces) and not s.decks[1]
    keys = [(s.card(c).type, s.card(c).cost) for c in s.display]
    assert keys == sorted(keys)
    seat = action_turn(s)
    s.boards[seat].dice = (5,)
    s._legal = None
    news = [a for a in s.legal_actions() if a.kind == "new_bid"]
    assert len(news) == len(s.display)
    cid = news[3].a
    s.apply(news[3])
    assert s.spaces[0] == cid and cid not in s.display


def test_advanced_setup_direct_buy_chooses_from_the_display():
    s = new(3, seed=2, advanced_setup=True)
    seat = action_turn(s)
    s.boards[seat].coins = 50
    start_direct_buy(s, seat, 0, "test")
    s._legal = None
    picks = [a.a for a in s.legal_actions() if a.kind == "pick"]
    assert sorted(picks) == sorted(s.display)


def test_advanced_game_direct_buy_may_choose_any_displayed_card_with_both_options():
    # advanced cards and advanced setup together: the display and the unbid advanced cards are offered
    s = new(3, seed=2, advanced_setup=True, advanced_cards=True)
    seat = action_turn(s)
    s.boards[seat].coins = 50
    advanced = [s.spaces[i] for i in range(len(s.spaces)) if s.spaces[i] and not any(s.bids[i])]
    assert advanced
    start_direct_buy(s, seat, 0, "test")
    s._legal = None
    picks = [a.a for a in s.legal_actions() if a.kind == "pick"]
    assert sorted(picks) == sorted(s.display + advanced)
    space = s.spaces.index(advanced[0])
    s.apply(A("pick", advanced[0]))
    assert s.spaces[space] == 0 and s.pending[-1].kind == "place"
    s.apply(s.legal_actions()[0])
    assert advanced[0] in s.boards[seat].lanes
    s.check_invariants()


def test_advanced_setup_switches_to_the_second_period_display():
    s = new(3, seed=2, advanced_setup=True)
    rng = random.Random(2)
    while s.round < 3:
        s.apply(rng.choice(s.legal_actions()))
    assert all(s.card(c).period == "2" for c in s.display)
    assert all(s.card(c).period != "2" for c in s.box)
    s.check_invariants()


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("opts", [{"advanced_cards": True}, {"advanced_setup": True},
                                  {"advanced_cards": True, "advanced_setup": True}])
def test_random_advanced_games_finish(players, opts):
    s = _random_to_end(new(players, seed=players, **opts), players)
    assert s.is_over() and len(s.winners()) >= 1


def test_a_direct_buy_cannot_take_a_revealed_bidding_card():
    s = new(3, seed=4, advanced_cards=True)
    seat = action_turn(s)
    s.boards[seat].coins = 50
    cid = s.spaces[s.n_adv]
    start_direct_buy(s, seat, 0, "test")
    s._legal = None
    assert A("pick", cid) not in s.legal_actions()
    with pytest.raises(IllegalAction):
        s.apply(A("pick", cid))


def test_start_a_new_bid_comes_up_in_random_advanced_games():
    turns = new_bid_turns = 0
    for seed in range(6):
        s = new(3, seed=seed, advanced_cards=True)
        rng = random.Random(seed)
        while not s.is_over():
            acts = s.legal_actions()
            if s.pending[-1].kind == "turn" and s.main == 0:
                turns += 1
                new_bid_turns += any(a.kind == "new_bid" for a in acts)
            s.apply(rng.choice(acts))
    assert turns > 0 and new_bid_turns > 0


def test_new_bid_spaces_without_the_advanced_cards_is_refused():
    import neko_lab as nl
    from neko_lab.core.errors import ConfigError
    with pytest.raises(ConfigError, match=r"option new_bid_spaces applies only to games with the advanced "
                                          r"cards \(advanced_cards=True\)"):
        nl.new_game("journey", players=2, seed=0, new_bid_spaces=3)
    nl.new_game("journey", players=2, seed=0, new_bid_spaces=2)      # the default stays accepted
    assert len(nl.new_game("journey", players=2, seed=0, advanced_cards=True, new_bid_spaces=3).spaces) == 3 + 5 + 3
