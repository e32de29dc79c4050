"""Journey › Set Up: decks, revealed cards, scoring tiles, boards, turn order, starting bonus tiles."""
from __future__ import annotations

import pytest

import neko_lab as nl
from neko_lab.core import ConfigError
from neko_lab.games.journey.rules import GameState

from .helpers import choice, new


@pytest.mark.parametrize("players,shown", [(2, 5), (3, 7), (4, 9)])
def test_cards_revealed_by_player_count(players, shown):
    s = new(players, seed=3)
    revealed = [c for c in s.spaces if c]
    assert len(revealed) == shown
    assert all(s.card(c).period == "1" for c in revealed)
    assert len(s.decks[1]) == 22 - shown and len(s.decks[2]) == 22
    assert len(s.box) == 6            # advanced cards stay in the box
    s.check_invariants()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_board_starts_with_the_printed_supplies(players):
    s = new(players, seed=1)
    for b in s.boards:
        assert (b.fuel, b.harbours, len(b.ships), b.coins, b.goods, b.fish) == (2, 1, 1, 8, 0, 0)
        assert b.ships == (0,)         # the ship waits at the harbour of the first lane
    assert sorted(s.order) == list(range(players))


def test_default_is_three_players_and_counts_outside_2_to_4_are_refused():
    assert GameState.DEFAULT_PLAYERS == 3
    assert nl.new_game("journey", seed=0).players == 3
    for bad in (1, 5):
        with pytest.raises(ConfigError):
            nl.new_game("journey", players=bad)


def test_four_distinct_scoring_tiles_two_per_period():
    s = new(3, seed=11)
    assert len(s.tiles) == 4 and len(set(s.tiles)) == 4


def test_starting_bonus_tiles_are_chosen_in_reverse_turn_order():
    s = new(4, seed=5)
    chosen = []
    for expected in reversed(s.order):
        assert s.current_player == expected
        acts = s.legal_actions()
        assert all(a.kind == "bonus" for a in acts) and len(acts) == 4 - len(chosen)
        chosen.append(acts[-1])
        s.apply(acts[-1])
    assert len({a.a for a in chosen}) == 4


@pytest.mark.parametrize("players", [2, 3])
def test_all_four_bonus_tiles_are_displayed_with_two_or_three_players(players):
    # step 5 displays all four whatever the count (datasets/journey/README.md, "Starting bonus tiles"),
    # so the fish tile can be left and nobody has fish in the first round (Morning Market)
    s = new(players, seed=4)
    assert sorted(a.a for a in s.legal_actions()) == [0, 1, 2, 3]
    for tile in (3, 0, 1)[:players]:                  # fuel, goods, coins: never the fish (tile 2)
        s.apply(choice(s, "bonus", tile))
    assert s.stage != "bonus" and 2 in s.bonus_left and len(s.bonus_left) == 4 - players
    assert all(b.fish == 0 for b in s.boards)


@pytest.mark.parametrize("tile,field,amount", [(0, "goods", 1), (1, "coins", 12), (2, "fish", 1), (3, "fuel", 4)])
def test_starting_bonus_gives_its_items(tile, field, amount):
    s = new(2, seed=2)
    seat = s.current_player
    s.apply(choice(s, "bonus", tile))
    assert getattr(s.boards[seat], field) == amount


def test_same_seed_same_game():
    a, b = new(3, seed=9), new(3, seed=9)
    assert a.spaces == b.spaces and a.order == b.order and a.tiles == b.tiles and a.decks == b.decks
