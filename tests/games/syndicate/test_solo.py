"""Solo Mode and its Final Scoring: CatANNA's difficulty (markers and warehouse), her pyramid built from
the shuffled discard pile, her deliveries in reading order, both scores and who won."""
from __future__ import annotations

import itertools
import random

import pytest

import neko_lab as nl
from neko_lab.core import ConfigError
from neko_lab.games.syndicate.data import WILD
from neko_lab.games.syndicate.rules import solo

from . import rig


def play_out(s, seed=0):
    r = random.Random(seed)
    while not s.is_over():
        s.apply(r.choice(s.legal_actions()))
    return s


@pytest.mark.parametrize("name,cubes,values", [("very easy", 6, (6, 4, 2)), ("nightmare", 8, (16, 14, 12)),
                                                ("medium", 7, (10, 8, 6))])
def test_difficulty_sets_markers_and_warehouse(name, cubes, values):
    s = nl.new_game("syndicate", players=1, seed=1, catanna=name, catanna_assign="in order")
    c = s.catanna
    assert c.cubes == cubes and c.warehouse == [cubes] * 4
    assert tuple(s.path_values[col - 1] for col in c.markers) == values


def test_raw_values_override_the_named_difficulty():
    s = nl.new_game("syndicate", players=1, seed=1, catanna="very easy", catanna_cubes=8,
                    catanna_markers=(14, 12, 10), catanna_assign="in order")
    assert s.catanna.cubes == 8
    assert [s.path_values[m - 1] for m in s.catanna.markers] == [14, 12, 10]


@pytest.mark.parametrize("opts", [{"catanna": "impossible"}, {"catanna_cubes": 9},
                                  {"catanna_markers": (15, 14, 12)}, {"catanna_wild": "random"},
                                  {"catanna_assign": "random"}])
def test_bad_difficulty_is_refused(opts):
    with pytest.raises(ConfigError):
        nl.new_game("syndicate", players=1, seed=1, **opts)


@pytest.mark.parametrize("marks", [(20, 20, 20), (16, 16, 12), (18, 16, 14), (20, 18, 16), (0, 2, 4)])
def test_catanna_markers_are_three_different_values_of_the_difficulty_table(marks):
    """Solo Mode: three different values, chosen among the table's (2 to 16)."""
    with pytest.raises(ConfigError, match="three different values"):
        nl.new_game("syndicate", players=1, seed=1, catanna_markers=marks)
    s = nl.new_game("syndicate", players=1, seed=1, catanna_markers=(16, 2, 8), catanna_assign="in order")
    assert [s.path_values[m - 1] for m in s.catanna.markers] == [16, 2, 8]


def test_the_player_assigns_catannas_marker_values_to_the_missions_at_setup():
    """Solo Mode: the player chooses which mission gets which of her values: a set-up decision."""
    s = nl.new_game("syndicate", players=1, seed=1, catanna="very easy")
    assert s.pending[-1].kind == "catanna_assign" and s.current_player == 0
    legal = s.legal_actions()
    assert len(legal) == 6 and {a.values for a in legal} == set(itertools.permutations((6, 4, 2)))
    assert s.catanna.markers == (0, 0, 0) and s.catanna_breakdown()["mission path"] == 0
    s.apply(solo.AssignMarkers((2, 6, 4)))
    assert [s.path_values[m - 1] for m in s.catanna.markers] == [2, 6, 4]
    assert s.pending[-1].kind == "opening"
    assert s.catanna_breakdown()["mission path"] == 12
    s.check_invariants()


def test_catanna_assign_in_order_puts_the_values_on_the_missions_in_order():
    s = nl.new_game("syndicate", players=1, seed=1, catanna="nightmare", catanna_assign="in order")
    assert s.pending[-1].kind == "opening"
    assert [s.path_values[m - 1] for m in s.catanna.markers] == [16, 14, 12]


def _to_first_wild_choice(seed: int):
    s = nl.new_game("syndicate", players=1, seed=seed)
    r = random.Random(seed)
    while s.pending[-1].kind != "catanna_wild":
        s.apply(r.choice(s.legal_actions()))
    return s


def test_the_player_chooses_the_colour_of_catannas_wild_slots_among_her_remaining_cubes():
    """Solo Mode › Final Scoring: her wild slots get the colour the solo player picks, among the colours
    left in her warehouse; a decision of the player's, not the engine's."""
    s = _to_first_wild_choice(0)
    c = s.catanna
    place, slot = s.pending[-1].data
    assert s.current_player == 0 and not s.is_over() and c.built
    assert s.cards[c.pyramid[place]].slots[slot][1] == WILD and c.filled[place][slot] == -1
    legal = s.legal_actions()
    assert [a.colour for a in legal] == [x for x in range(4) if c.warehouse[x]] and len(legal) > 1
    assert s.observation(0)["catanna"]["cursor"] == [place, slot]
    left = list(c.warehouse)
    s.apply(legal[-1])
    assert s.catanna.filled[place][slot] == legal[-1].colour
    assert s.catanna.warehouse[legal[-1].colour] == left[legal[-1].colour] - 1
    s.check_invariants()
    while not s.is_over():
        s.apply(s.legal_actions()[0])
        s.check_invariants()
    assert s.catanna.warehouse == [0, 0, 0, 0] and s.solo_result() in ("won", "lost", "shared")


def test_the_wild_colour_choice_changes_catannas_score():
    """Choosing colours she is short of leaves later slots of those colours empty."""
    scores = set()
    for pick in (0, -1):
        s = _to_first_wild_choice(4)
        while not s.is_over():
            legal = s.legal_actions()
            s.apply(legal[pick] if s.pending[-1].kind == "catanna_wild" else legal[0])
        scores.add(s.catanna_score())
    assert len(scores) == 2


@pytest.mark.parametrize("how", ["plenty", "scarce"])
def test_automatic_wild_colours_for_simulations_ask_nothing(how):
    s = nl.new_game("syndicate", players=1, seed=0, catanna_wild=how, catanna_assign="in order")
    r = random.Random(0)
    while not s.is_over():
        assert s.pending[-1].kind != "catanna_wild"
        s.apply(r.choice(s.legal_actions()))
    s.check_invariants()


def test_catanna_plays_no_turns_and_has_no_cards_before_the_end():
    s = rig.started(players=1, seed=2)
    assert s.catanna.pyramid[1:] == [-1] * 9 and not s.catanna.built
    assert s.current_player == 0


def test_her_pyramid_and_deliveries_at_the_end():
    s = nl.new_game("syndicate", players=1, seed=3, catanna_wild="plenty")
    r = random.Random(3)
    while not s.is_over():
        before = s.clone()
        s.apply(r.choice(s.legal_actions()))
    c = s.catanna
    pile = list(before.discard) if len(before.discard) >= 9 else None
    placed = c.pyramid[1:]
    assert all(card >= 0 for card in placed) and len(set(placed)) == 9
    if pile is not None:
        assert set(placed) <= set(pile)           # taken from the (shuffled) discard pile
    # replay the filling rule: reading order, slot by slot, wild -> the colour she has most of
    stock = [c.cubes] * 4
    for p, card in enumerate(c.pyramid):
        for k, (_, want) in enumerate(s.cards[card].slots):
            colour = max((x for x in range(4) if stock[x]), key=lambda x: (stock[x], -x), default=None) \
                if want == WILD else want
            expect = colour if colour is not None and stock[colour] else -1
            if expect >= 0:
                stock[expect] -= 1
            assert c.filled[p][k] == expect
    assert c.box == sum(stock) and c.built
    s.check_invariants()


def test_wild_colour_option():
    c = solo.Catanna(6, (3, 4, 5))
    c.warehouse = [2, 5, 1, 0]
    assert solo.wild_colour(c, "plenty") == 1 and solo.wild_colour(c, "scarce") == 2
    c.warehouse = [0, 0, 0, 0]
    assert solo.wild_colour(c, "plenty") is None


def test_both_scores_and_the_result():
    s = play_out(nl.new_game("syndicate", players=1, seed=4, catanna="very easy"))
    me, her = s.scores()[0], s.catanna_score()
    assert s.catanna_score() == sum(s.catanna_breakdown().values())
    assert s.solo_result() == ("won" if me > her else "lost" if her > me else "shared")
    assert "CatANNA" in " ".join(e.text for e in s.log[-6:])


def test_her_markers_rank_against_the_player():
    s = rig.started(players=1, seed=5, catanna="nightmare")     # markers in columns 8, 9, 10
    s.turn, s.walked = 7, [6]
    s.markers[0] = (7, 0, 0)
    b, her = s.breakdown()[0], s.catanna_breakdown()
    assert b["mission order"] == 5 and b["mission path"] == 18
    assert her["mission order"] == 3 + 5 + 5 and her["mission path"] == 16 + 14 + 12


def test_solo_result_only_in_solo():
    with pytest.raises(ConfigError):
        rig.started(players=2).solo_result()


def test_winners_is_empty_when_catanna_wins():
    s = play_out(nl.new_game("syndicate", players=1, seed=4, catanna="nightmare"))
    assert s.solo_result() == "lost" and s.catanna_score() > s.scores()[0]
    assert s.winners() == []


def test_winners_lists_the_player_who_beats_catanna(monkeypatch):
    s = play_out(nl.new_game("syndicate", players=1, seed=4, catanna="very easy"))
    monkeypatch.setattr(s, "catanna_score", lambda: s.scores()[0] - 1)
    assert s.solo_result() == "won" and s.winners() == [0]


def test_winners_lists_the_player_who_shares_the_victory(monkeypatch):
    s = play_out(nl.new_game("syndicate", players=1, seed=4))
    monkeypatch.setattr(s, "catanna_score", lambda: s.scores()[0])
    assert s.solo_result() == "shared" and s.winners() == [0]


def test_no_winner_before_the_end_of_a_solo_game():
    assert rig.started(players=1, seed=2).winners() == []


def test_the_status_line_and_score_table_say_catanna_won():
    from neko_lab.widgets import score_table_html, status_text

    s = play_out(nl.new_game("syndicate", players=1, seed=4, catanna="nightmare"))
    me, her = s.scores()[0], s.catanna_score()
    said = f"CatANNA wins, {her} points to P1's {me}."
    assert status_text(s) == "Game over. " + said
    assert said.replace("'", "&#x27;") in score_table_html(s) and "★" not in score_table_html(s)


@pytest.mark.parametrize("result,said", [("won", "P1 beats CatANNA, {me} points to {her}"),
                                         ("shared", "P1 and CatANNA share the victory with {me} points each")])
def test_the_status_line_says_the_player_beat_or_tied_catanna(monkeypatch, result, said):
    from neko_lab.widgets import status_text

    s = play_out(nl.new_game("syndicate", players=1, seed=4, catanna="very easy"))
    me = s.scores()[0]
    her = me - 1 if result == "won" else me
    monkeypatch.setattr(s, "catanna_score", lambda: her)
    assert status_text(s) == "Game over. " + said.format(me=me, her=her) + "."


def test_the_solo_result_counts_one_point_in_the_singular():
    from types import SimpleNamespace
    from neko_lab.games.syndicate.rules import GameState
    s = SimpleNamespace(players=1, over=True, scores=lambda: [1], catanna_score=lambda: 0, solo_result=lambda: "won")
    assert GameState.end_result(s) == "P1 beats CatANNA, 1 point to 0"
    s.scores, s.catanna_score, s.solo_result = (lambda: [-3]), (lambda: 1), (lambda: "lost")
    assert GameState.end_result(s) == "CatANNA wins, 1 point to P1's -3"
    s.scores, s.catanna_score, s.solo_result = (lambda: [5]), (lambda: 5), (lambda: "shared")
    assert GameState.end_result(s) == "P1 and CatANNA share the victory with 5 points each"
