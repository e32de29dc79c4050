"""Naéco › Setup: Surface row, objectives, dealing, piles, priority cards, start cards."""
from __future__ import annotations

import pytest

import neko_lab as nl
from neko_lab.games.naeco import Ocean
from neko_lab.games.naeco.rules import GameState


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_setup_deals_three_cards_and_forms_seven_piles(players):
    s = nl.new_game("naeco", players=players, seed=7)
    assert [len(h) for h in s.hands] == [3] * players
    assert [len(p) for p in s.piles[:6]] == [8] * 6
    assert len(s.piles[6]) == 64 - 3 * players - 48
    s.check_invariants()


def test_surface_row_and_tokens_start_on_minus_one():
    s = nl.new_game("naeco", players=3, seed=1)
    assert s.surface_values == (-1, 0, 1, 3, 5)
    assert s.token == [0, 0, 0]
    assert s.breakdown()[0]["research"] == -1


def test_only_level_minus_one_objective_is_revealed():
    s = nl.new_game("naeco", seed=3)
    assert s.revealed == [True, False, False, False]
    obs = s.observation(0)
    assert obs["objectives"][0] == s.objectives[0]
    assert obs["objectives"][1:] == [None, None, None]


def test_each_player_gets_a_different_secret_priority_card():
    s = nl.new_game("naeco", players=4, seed=5)
    assert sorted(s.priority) == [0, 1, 2, 3]
    obs = s.observation(1)
    assert obs["priority_card"] == list(s.priority_table[s.priority[1]].points)
    assert "priority" not in obs


def test_start_cards_stand_in_column_zero_at_depths_one_and_four():
    s = nl.new_game("naeco", seed=0)
    assert s.oceans[0].to_text() == "S\n.\n.\nS"
    assert s.oceans[1] == Ocean.from_text("S\n.\n.\nS")


def test_first_player_is_seat_zero_and_default_is_two_players():
    s = nl.new_game("naeco", seed=11)
    assert s.players == GameState.DEFAULT_PLAYERS == 2
    assert s.current_player == 0


def test_same_seed_same_deal():
    a, b = nl.new_game("naeco", seed=99), nl.new_game("naeco", seed=99)
    assert a.hands == b.hands and a.piles == b.piles and a.objectives == b.objectives
    c = nl.new_game("naeco", seed=100)
    assert (c.hands, c.piles) != (a.hands, a.piles)


def test_bad_player_count_and_option_are_refused():
    with pytest.raises(nl.ConfigError):
        nl.new_game("naeco", players=5)
    with pytest.raises(nl.ConfigError):
        nl.new_game("naeco", sea_shephard=True)
    with pytest.raises(nl.ConfigError):
        nl.new_game("naeco", sea_shepherd="yes")


def test_objectives_are_drawn_from_each_levels_four():
    seen = [set(), set(), set(), set()]
    for seed in range(40):
        s = nl.new_game("naeco", seed=seed)
        for k, index in enumerate(s.objectives):
            assert 1 <= index <= 4
            seen[k].add(index)
    assert all(len(x) == 4 for x in seen), "every objective of every level can come up"


def test_sea_shepherd_deals_species_first_then_shuffles_in_missions():
    s = nl.new_game("naeco", players=4, seed=8, sea_shepherd=True)
    assert [len(h) for h in s.hands] == [3, 3, 3, 3]
    assert [len(p) for p in s.piles] == [8] * 6 + [68 - 12 - 48]
    s.check_invariants()


@pytest.mark.parametrize("players,count", [(1, "1 player"), (2, "2 players"), (4, "4 players")])
def test_the_set_up_line_counts_the_players_in_words(players, count):
    s = nl.new_game("naeco", players=players, seed=3)
    assert f"{count}: 3 cards dealt to each, 7 draw piles formed" in [e.text for e in s.log]
    assert all("(s)" not in e.text for e in s.log_for(0))
