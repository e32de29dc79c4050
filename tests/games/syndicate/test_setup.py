"""Game Set-up: deck, Kumichō, missions of three types, warehouses, the opening draw and its redraw."""
from __future__ import annotations

import pytest

import neko_lab as nl
from neko_lab.core import IllegalAction
from neko_lab.games.syndicate.rules.setup import Open, Redraw

from . import rig


def test_deck_is_shuffled_and_holds_every_minion():
    a = nl.new_game("syndicate", players=2, seed=1)
    b = nl.new_game("syndicate", players=2, seed=2)
    assert sorted(a.deck + list(a.opening[0] + a.opening[1])) == list(range(48))
    assert a.deck != b.deck
    assert a.turn == 0 and a.observation(0)["kumicho"] == 1


@pytest.mark.parametrize("seed", range(30))
def test_three_missions_one_of_each_type(seed):
    s = nl.new_game("syndicate", players=3, seed=seed)
    assert [s.mission_type[m - 1] for m in s.missions] == ["build", "deliver", "complete"]
    assert 1 <= s.missions[0] <= 8 and 9 <= s.missions[1] <= 16 and 17 <= s.missions[2] <= 24


def test_warehouses_and_lieutenants_cards():
    s = nl.new_game("syndicate", players=4, seed=3)
    assert s.warehouse == [(8, 8, 8, 8)] * 4
    assert all(pyr[0] == 48 and pyr[1:] == (-1,) * 9 for pyr in s.pyramid)
    assert [len(h) for h in s.opening] == [4] * 4


def test_opening_offers_every_pair_and_the_redraw():
    s = nl.new_game("syndicate", players=2, seed=4)
    legal = s.legal_actions()
    assert legal[0] == Redraw()
    assert len(legal) == 1 + 12
    hand = s.opening[0]
    choice = Open(hand[2], hand[0])
    s.apply(choice)
    assert s.pyramid[0][1] == hand[2]            # below the Accountant, left of the lieutenants card
    assert s.waiting[0] == (hand[0],)
    assert sorted(s.discard) == sorted([hand[1], hand[3]])
    assert s.current_player == 1


def test_redraw_only_once():
    s = nl.new_game("syndicate", players=1, seed=5, catanna_assign="in order")
    first = list(s.opening[0])
    s.apply(Redraw())
    assert set(first) <= set(s.discard) and not set(first) & set(s.opening[0])
    assert Redraw() not in s.legal_actions() and len(s.legal_actions()) == 12
    with pytest.raises(IllegalAction):
        s.apply(Redraw())


def test_turn_one_starts_after_every_opening():
    s = rig.started(players=3, seed=6)
    assert s.turn == 1 and s.current_player == 0 and s.pending[-1].kind == "walk"
    assert all(len(w) == 1 for w in s.waiting)
    s.check_invariants()
