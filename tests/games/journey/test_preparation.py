"""Journey › Preparation: draft dice, obtain income, get rewards, set turn order."""
from __future__ import annotations

import pytest

from neko_lab.core import Rng
from neko_lab.games.journey import scoring as sc
from neko_lab.games.journey.rules import next_turn_order, reward_options

from .helpers import A, choice, give, new, play_until, skip_turn_free


def _at_draft(players=3, seed=0):
    return play_until(new(players, seed=seed), "draft", skip_turn_free)


# ------------------------------------------------------------------ draft
@pytest.mark.parametrize("players", [2, 3, 4])
def test_draft_gives_everyone_six_dice_from_passed_pools(players):
    s = _at_draft(players, seed=players)
    rolled = [sorted(p) for p in s.pools]
    assert all(len(p) == 6 for p in rolled)
    first = {}
    while s.stage == "draft":
        seat = s.current_player
        acts = s.legal_actions()
        assert [a.a for a in acts] == sorted(set(s.pools[seat]))
        first.setdefault(seat, acts[0].a)
        s.apply(acts[0])
    assert s.stage == "income" and all(len(b.dice) == 6 for b in s.boards)
    s.check_invariants()


def test_draft_passes_the_rest_to_the_left():
    s = _at_draft(3, seed=1)
    before = [list(p) for p in s.pools]
    for _ in range(3):
        seat = s.current_player
        s.apply(s.legal_actions()[-1])                  # everyone keeps their highest die
    for seat in range(3):
        giver = (seat - 1) % 3
        expected = sorted(before[giver])
        expected.remove(max(before[giver]))
        assert sorted(s.pools[seat]) == expected
        assert s.boards[giver].dice == (max(before[giver]),)


def test_draft_is_simultaneous_observation_hides_earlier_picks():
    s = _at_draft(3, seed=2)
    first = s.current_player
    s.apply(s.legal_actions()[0])
    second = s.current_player
    obs = s.observation(second)
    assert obs["pools"][first] == sorted(s.pools[first])      # the pool still shows the picked die
    assert obs["boards"][first]["dice"] == []                  # and no kept die is visible yet
    assert obs["my_pick"] == 0
    assert s.observation(first)["my_pick"] == s.picks[first]


def test_determinize_resamples_hidden_picks_without_changing_the_observation():
    s = _at_draft(3, seed=2)
    s.apply(s.legal_actions()[-1])
    s.apply(s.legal_actions()[0])
    seat = s.current_player
    for k in range(5):
        d = s.determinize(seat, Rng(k))
        assert d.observation(seat) == s.observation(seat)
        for j in range(3):
            if d.picks[j]:
                assert d.picks[j] in d.pools[j]


def test_determinize_reshuffles_the_deck_only():
    s = _at_draft(3, seed=2)
    d = s.determinize(0, Rng(1))
    assert sorted(d.decks[2]) == sorted(s.decks[2]) and d.decks[2] != s.decks[2]
    assert d.observation(0) == s.observation(0)


def test_determinize_does_not_keep_the_real_games_future_dice():
    s = play_until(new(3, seed=2), "action", skip_turn_free)
    copies = [s.determinize(0, Rng(k)) for k in range(3)]
    for game in [s] + copies:                     # the same choices to the next round's draft
        while not (game.stage == "draft" and game.round == 2):
            game.apply(skip_turn_free(game.legal_actions()))
    pools = [sorted(map(sorted, g.pools)) for g in copies]
    assert all(p != sorted(map(sorted, s.pools)) for p in pools)
    assert copies[0].rng != s.rng and len({repr(p) for p in pools}) > 1


# ------------------------------------------------------------------ income
def _at_income(players=3, seed=0):
    s = play_until(new(players, seed=seed), "income", skip_turn_free)
    return s


def test_mandel_income_one_ocean_bank_two_fuel_platforms():
    s = _at_income(3, seed=0)
    mandel = s.current_player
    b = s.boards[mandel]
    give(s, mandel, "Ocean Bank")
    give(s, mandel, "Fuel Platform")
    give(s, mandel, "Fuel Platform", skip=1)
    b.dice = (1, 2, 3, 4, 5, 5)
    b.fuel, b.goods = 3, 2                        # room for 3 more fuel
    coins = b.coins
    s._legal = None
    s.apply(A("income", 5))
    assert b.coins == coins + 5 + 4
    assert b.fuel == 6 and b.cabin == 8          # 4 fuel offered, 1 discarded
    assert s.discard[-1] == 5 and len(b.dice) == 5
    assert any("over the limit" in e.text for e in s.log[-3:])


def test_benno_four_ocean_banks_income():
    assert sc.ocean_bank_income(4) == 14
    s = _at_income(3, seed=0)
    benno = s.current_player
    for k in range(4):
        give(s, benno, "Ocean Bank", skip=k)
    coins = s.boards[benno].coins
    s.apply(A("income", s.boards[benno].dice[0]))
    assert s.boards[benno].coins == coins + s.discard[-1] + 14


def test_southernmost_city_asks_coins_or_fuel():
    s = _at_income(3, seed=0)
    seat = s.current_player
    give(s, seat, "Southernmost City")
    s.apply(A("income", s.boards[seat].dice[0]))
    assert s.current_player == seat and s.legal_actions() == [A("city", 0), A("city", 1)]
    coins = s.boards[seat].coins
    s.apply(A("city", 0))
    assert s.boards[seat].coins == coins + 5


# ------------------------------------------------------------------ rewards
def test_amanda_lowest_four_may_take_fuel_interference_or_coins():
    assert reward_options(4) == ["remove_interference", "fuel", "coins"]
    assert reward_options(6) == ["coins"]
    assert len(reward_options(1)) == 6


def test_get_rewards_examples_a_lowest_three_and_all_sixes():
    # Preparation Phase › Get Rewards: the lowest die opens its own row of the chart and every row above
    # it; the rulebook's examples: a lowest "3" may pick among the rows 3 to 6, dice all showing "6"
    # leave row 6 alone
    s = play_until(new(3, seed=0), "rewards", skip_turn_free)
    b = s.boards[s.current_player]
    b.dice = (3, 4, 4, 5, 6)
    s._legal = None
    assert [a.a for a in s.legal_actions()] == [3, 4, 5, 6]
    b.dice = (6, 6, 6, 6, 6)
    s._legal = None
    assert [str(a) for a in s.legal_actions()] == ["dice reward of face 6: take 5 coins"]


def test_amanda_removes_an_interference_tile_as_reward():
    s = play_until(new(3, seed=0), "rewards", skip_turn_free)
    amanda = s.current_player
    b = s.boards[amanda]
    b.dice = (4, 4, 5, 6, 6)
    b.interference = 3
    s._legal = None
    assert [a.a for a in s.legal_actions()] == [4, 5, 6]
    s.apply(choice(s, "reward", 4))
    assert b.interference == 2


def test_buying_a_card_as_reward_draws_two_and_returns_the_other_to_the_bottom():
    s = play_until(new(3, seed=0), "rewards", skip_turn_free)
    seat = s.current_player
    b = s.boards[seat]
    b.dice = (1, 2, 3, 4, 5)
    b.coins = 30
    top_two = s.decks[1][-2:]
    s._legal = None
    s.apply(choice(s, "reward", 1))
    assert sorted(s.drawn) == sorted(top_two)
    assert s.observation(seat)["drawn"] == s.drawn
    assert s.observation((seat + 1) % 3)["drawn"] == []
    keep, other = s.drawn[0], s.drawn[1]
    s.apply(A("pick", keep))
    assert s.decks[1][0] == other                 # the other card went to the bottom
    price = s.card(keep).cost
    s.apply(A("place", 0, 1))                     # one gap before slot 1
    assert b.coins == 30 - price - 1 and b.lanes[1] == keep
    s.check_invariants()


# ------------------------------------------------------------------ turn order
def test_amanda_turn_order_example():
    # Set Turn Order's example: Mandel started the round before, Amanda held the overview card "2" (she
    # hands it to Mandel) and Benno was third, as he stays
    amanda, benno, mandel = 0, 1, 2
    totals = [17, 15, 15]
    before = [mandel, amanda, benno]
    after = next_turn_order(totals, before)
    assert after == [amanda, mandel, benno]
    assert before.index(benno) == after.index(benno) == 2
    assert before.index(amanda) == after.index(mandel) == 1


def test_amanda_turn_order_example_through_the_engine():
    amanda, benno, mandel = 0, 1, 2
    s = play_until(new(3, seed=0), "rewards", skip_turn_free)
    for seat, dice in ((amanda, [1, 2, 4, 4, 6]), (benno, [1, 2, 3, 4, 5]), (mandel, [3, 3, 3, 3, 3])):
        s.boards[seat].dice = tuple(dice)                 # totals 17, 15 and 15
    tiles = [b.interference for b in s.boards]
    s.order = [mandel, amanda, benno]                     # the example's order of the round before
    s.pending, s.stage, s.idx = [], "post_office", s.players
    s._advance()
    assert s.order == [amanda, mandel, benno] and s.current_player == amanda
    assert [b.interference for b in s.boards] == [tiles[0] + 1, tiles[1], tiles[2]]
    order_event = next(e for e in reversed(s.log) if e.text.startswith("new turn order"))
    assert list(order_event.data["order"]) == [amanda, mandel, benno] and "Player 1 starts" in order_event.text


def test_new_starting_player_takes_an_interference_tile():
    s = play_until(new(3, seed=6), "action", skip_turn_free)
    totals = [sum(b.dice) for b in s.boards]
    first = s.order[0]
    assert totals[first] == max(totals)
    assert s.boards[first].interference == 1
    assert s.current_player == first


def _post_office_owner(coins: int | None = None):
    """A 3-player game (seed 0) at Set Turn Order, its first player holding a Post Office (and `coins`,
    given before the rewards are taken): (state, that seat)."""
    s = play_until(new(3, seed=0), "rewards", skip_turn_free)
    seat = s.order[0]
    give(s, seat, "Post Office")
    if coins is not None:
        s.boards[seat].coins = coins
    while s.stage == "rewards":
        s.apply(s.legal_actions()[-1])
    return s, seat


def test_post_office_buys_at_set_turn_order_with_two_off():
    s, seat = _post_office_owner(coins=20)
    assert s.stage == "post_office" and s.current_player == seat
    assert s.legal_actions() == [A("post_office"), A("pass")]
    s.apply(A("post_office"))
    assert s.pending[-1].kind == "pick"
    cid = s.legal_actions()[0].a
    s.apply(A("pick", cid))
    coins = s.boards[seat].coins
    s.apply(s.legal_actions()[0])
    assert s.boards[seat].coins == coins - max(1, s.card(cid).cost - 2)


def test_post_office_use_at_set_turn_order_is_optional():
    s, seat = _post_office_owner()
    deck = list(s.decks[s.period])
    assert s.stage == "post_office" and s.pending[-1].kind == "post_office"
    s.apply(A("pass"))
    assert s.decks[s.period] == deck and s.drawn == []      # nothing drawn, the deck untouched
    assert any(e.text == "does not use the Post Office" and e.seat == seat for e in s.log)


def test_post_office_is_offered_when_its_owner_cannot_buy():
    # the use is the draw and buying is a choice: with no coins the owner may still draw two cards,
    # see them, and send them under the deck (datasets/journey/README.md, "Post Office")
    s, seat = _post_office_owner()
    s.boards[seat].coins = 0
    s._legal = None
    assert s.stage == "post_office" and s.current_player == seat
    assert s.legal_actions() == [A("post_office"), A("pass")]
    deck = list(s.decks[s.period])
    s.apply(A("post_office"))
    assert s.pending[-1].kind == "pick" and s.drawn == deck[-2:][::-1]
    assert s.legal_actions() == [A("decline")]
    s.apply(A("decline"))
    assert s.drawn == [] and s.decks[s.period] == deck[-2:] + deck[:-2]
    assert s.boards[seat].coins == 0
