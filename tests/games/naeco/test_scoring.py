"""Naéco › Scoring: research progress, observed biodiversity, priority observations."""
from __future__ import annotations

import random

import pytest

import neko_lab as nl
from neko_lab.games.naeco import Ocean, scoring
from neko_lab.games.naeco.data import load
from neko_lab.games.naeco.ocean import ATTRIBUTES

from . import rig


def test_two_species_with_the_least_represented_value_score_8():
    # all four values present; 1 and 4 appear twice, 2 and 3 three times -> 2 x 4 = 8
    o = Ocean.from_text("S 1 2 3 4\n1 2 3 4 .\n. 2 3 . .\nS . . . .")
    assert scoring.biodiversity(o) == 8


def test_biodiversity_example_2_x_4_is_8_in_a_game():
    """The same Ocean built in a game: breakdown() counts 2 species of the least represented value."""
    s = nl.new_game("naeco", players=2, seed=5)
    rig.ocean(s, 0, "S 1 2 3 4\n1 2 3 4 .\n. 2 3 . .\nS . . . .")
    s.check_invariants()
    assert s.breakdown()[0]["biodiversity"] == 2 * 4
    assert s.breakdown()[1]["biodiversity"] == 0


def test_biodiversity_needs_all_four_values():
    assert scoring.biodiversity(Ocean.from_text("S 1 2 3\n1 2 3 .\n. . . .\nS . . .")) == 0
    assert scoring.biodiversity([1, 2, 3, 4]) == 4
    assert scoring.biodiversity([1, 1, 2, 2, 3, 3, 4, 4, 4]) == 8


def test_face_down_cards_do_not_count_for_biodiversity():
    assert scoring.biodiversity(Ocean.from_text("S 1 2 3 X\n. . . . .\n. . . . .\nS . . . .")) == 0


def test_well_known_and_insufficiently_known_majorities_score_3_plus_1():
    # the shipped card A carries Well known 3 and Insufficiently known 1, as in the rulebook example
    card_a = load().priority[0].as_dict()
    assert card_a["well_known"] == 3 and card_a["insufficiently_known"] == 1
    mine = {"well_known": 4, "insufficiently_known": 2, "endangered": 1, "least_concern": 0}
    theirs = {"well_known": 1, "insufficiently_known": 1, "endangered": 3, "least_concern": 2}
    other_card = load().priority[1].as_dict()
    assert scoring.priority([mine, theirs], [card_a, other_card])[0] == 4


def test_priority_example_3_plus_1_in_a_game():
    """Played out: player 1 holds card A and has the most Well known and Insufficiently known symbols,
    player 2 the most Endangered and Least concern; breakdown() gives player 1 3 + 1 = 4."""
    s = nl.new_game("naeco", players=2, seed=5)
    s.priority[0], s.priority[1] = 0, 1                   # card A, card B
    rig.column(s, 0, 1, [("well_known",), ("insufficiently_known",), ("well_known",), ()])
    rig.column(s, 1, 1, [("endangered",), ("least_concern",), ("well_known",), ("endangered",)])
    s.check_invariants()
    assert s.oceans[0].attribute_counts() == {"insufficiently_known": 1, "well_known": 2,
                                              "endangered": 0, "least_concern": 0}
    card_b = s.priority_table[1].as_dict()
    assert [row["priority"] for row in s.breakdown()] == [3 + 1, card_b["endangered"] + card_b["least_concern"]]


def test_tied_majorities_all_score_their_own_card():
    cards = [c.as_dict() for c in load().priority[:3]]
    counts = [{"endangered": 2}, {"endangered": 2}, {"endangered": 1}]
    got = scoring.priority(counts, cards)
    assert got == [cards[0]["endangered"], cards[1]["endangered"], 0]


def test_nobody_scores_a_symbol_nobody_observed():
    cards = [c.as_dict() for c in load().priority[:2]]
    assert scoring.priority([{}, {}], cards) == [0, 0]


def test_solo_compares_with_the_discarded_cards():
    card = load().priority[0].as_dict()
    mine = {"well_known": 2, "endangered": 1}
    discards = {"well_known": 2, "endangered": 3}
    assert scoring.priority([mine], [card], against=discards) == [card["well_known"]]


def test_research_is_the_value_of_the_surface_card():
    s = nl.new_game("naeco", seed=0)
    assert [b["research"] for b in s.breakdown()] == [-1, -1]
    s.token[0], s.trail[0], s.revealed[1] = 2, (0, 1, 2), True
    s.revealed[2] = True
    assert s.breakdown()[0]["research"] == 1


def test_breakdown_sums_to_scores_and_uses_each_category():
    rng = random.Random(2)
    s = nl.new_game("naeco", players=3, seed=2)
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions()))
    for b, total in zip(s.breakdown(), s.scores()):
        assert set(b) == {"research", "biodiversity", "priority"}
        assert sum(b.values()) == total
    best = max(s.scores())
    assert s.winners() == [i for i, v in enumerate(s.scores()) if v == best]


def test_a_tie_means_every_tied_player_wins():
    s = nl.new_game("naeco", seed=0)
    rig.ocean(s, 0, "S 1\n. .\n. .\nS .")
    rig.ocean(s, 1, "S 1\n. .\n. .\nS .")
    s.over, s.end_seat = True, 0
    s.priority_table = tuple(type(c)(c.name, (0, 0, 0, 0)) for c in s.priority_table)
    assert s.scores()[0] == s.scores()[1]
    assert s.winners() == [0, 1]


@pytest.mark.parametrize("turtles,points", [(0, -2), (1, 2), (2, 5), (3, 5)])
def test_nyamba_mission(turtles, points):
    o = Ocean.from_text("S\n.\n.\nS")
    assert scoring.mission("turtles", o, ["turtle"] * turtles + ["", "dolphin"]) == points


@pytest.mark.parametrize("dolphins,points", [(0, -2), (1, 2), (3, 6)])
def test_dolphin_bycatch_mission(dolphins, points):
    o = Ocean.from_text("S\n.\n.\nS")
    assert scoring.mission("dolphins", o, ["dolphin"] * dolphins + ["turtle"]) == points


def test_ocean_killers_and_raging_winds_need_a_balanced_chain_in_their_row():
    deep = Ocean.from_text("S . . . .\n. . . . .\n. . . . .\nS 4 3 2 1")
    shallow = Ocean.from_text("S 1 2 3 4\n. . . . .\n. . . . .\nS . . . .")
    broken = Ocean.from_text("S 1 2 3 X 4\n. . . . . .\n. . . . . .\nS 1 2 3 2 .")
    assert scoring.mission("chain_deepest", deep, []) == 3
    assert scoring.mission("chain_shallowest", deep, []) == -3
    assert scoring.mission("chain_shallowest", shallow, []) == 3
    assert scoring.mission("chain_deepest", broken, []) == -3
    assert scoring.mission("chain_shallowest", broken, []) == -3


def test_mission_groups_come_from_the_species_names():
    s = nl.new_game("naeco", seed=0)
    groups = {c.group for c in s.cards}
    assert groups == {"", "turtle", "dolphin"}
    assert sum(c.group == "turtle" for c in s.cards) >= 2


@pytest.mark.parametrize("score,tier", [(5, 1), (11, 1), (12, 2), (17, 2), (18, 3), (24, 4), (29, 4), (30, 5), (41, 5)])
def test_solo_rating_scale(score, tier):
    assert scoring.solo_rating(score)[0] == tier


def test_attribute_names_are_the_four_symbols():
    assert ATTRIBUTES == ("insufficiently_known", "well_known", "endangered", "least_concern")
