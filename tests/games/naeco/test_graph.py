"""The Ocean text form and the food-web graph (networkx) with its food-chain helpers."""
from __future__ import annotations

import random

import pytest

import neko_lab as nl
from neko_lab.games import naeco
from neko_lab.games.naeco import Ocean, graph


# ---------------------------------------------------------------- text form
@pytest.mark.parametrize("text", ["S\n.\n.\nS", "S 1 2\n. X 3\n. . 4\nS . .", ". . S 4\n1 2 X 3\n. . . .\n. . S ."])
def test_text_round_trip_is_exact(text):
    o = Ocean.from_text(text)
    assert o.to_text() == text
    assert Ocean.from_text(o.to_text()) == o


def test_text_of_a_game_ocean_round_trips():
    rng = random.Random(3)
    s = nl.new_game("naeco", seed=3)
    for _ in range(30):
        s.apply(rng.choice(s.legal_actions()))
    for o in s.oceans:
        back = Ocean.from_text(o.to_text())
        assert back.to_text() == o.to_text()
        assert back.cells == {p - 4 * o.lo: v for p, v in o.cells.items()}


def test_surrounding_blank_lines_are_ignored():
    assert Ocean.from_text("\nS 1\n. .\n. .\nS .\n").to_text() == "S 1\n. .\n. .\nS ."


@pytest.mark.parametrize("text,where", [
    ("S 1\n. 5\n. .\nS .", "line 2, column 2"),
    ("S 1\n. .\n. .\nS  .", "line 4, column 2"),
    ("S 1\n. . .\n. .\nS .", "line 2, column 3"),
    ("S 1 2\n. .\n. . .\nS . .", "line 2, column 3"),
    ("S 1\n. .\nS .", "line 4, column 1: an Ocean has 4 lines"),
    ("S\n.\n.\nS\n.", "line 5"),
    ("S a\n. .\n. .\nS .", "line 1, column 2"),
])
def test_bad_text_is_refused_naming_line_and_column(text, where):
    with pytest.raises(ValueError, match=where):
        Ocean.from_text(text)


def test_public_names():
    assert naeco.Ocean is Ocean and naeco.graph is graph
    assert naeco.GameState.GAME == "naeco" and nl.game_class("naeco") is naeco.GameState
    assert callable(naeco.objectives.check) and callable(naeco.scoring.biodiversity)


# ---------------------------------------------------------------- food web
def test_food_web_nodes_and_edges():
    o = Ocean.from_text("S 1 2 .\n. 3 X 4\n. . . .\nS . . .")
    g = graph.food_web(o)
    assert g.number_of_nodes() == 7
    assert g.nodes[(1, 2)] | {} == {**g.nodes[(1, 2)], "value": 2, "depth": 1, "kind": "species"}
    assert g.nodes[(1, 0)]["kind"] == "start" and g.nodes[(2, 2)]["kind"] == "face_down"
    assert g.edges[(1, 1), (1, 2)]["predator_prey"] and g.edges[(1, 1), (1, 2)]["predator"] == (1, 2)
    assert g.edges[(1, 1), (2, 1)]["direction"] == "vertical" and not g.edges[(1, 1), (2, 1)]["predator_prey"]
    assert not g.edges[(2, 2), (2, 3)]["predator_prey"]          # face-down: no species
    assert not g.has_edge((2, 1), (2, 3))
    assert graph.predator_prey_edges(g) == [((1, 2), (1, 1))]


def test_food_web_carries_card_names_and_attributes_in_a_game():
    s = nl.new_game("naeco", seed=5)
    act = next(a for a in s.legal_actions() if not a.down)
    s.apply(act)
    g = graph.food_web(s.oceans[0])
    node = g.nodes[(act.depth, act.col)]
    assert node["name"] == act.name and node["attributes"] == s.cards[act.card].attributes
    assert g.degree((act.depth, act.col)) == 1, "the first card touches exactly one start card"


def test_the_drawn_food_web_names_places_as_a_person_reads_them():
    from neko_lab.viz import draw_graph
    o = Ocean.from_text("S 1 2 .\n. 3 X 4\n. . . .\nS . . .")
    fig = draw_graph(graph.food_web(o), pos="circular")
    nodes = fig.data[-1]
    shown = dict(zip(nodes.customdata, zip(nodes.text, nodes.hovertext)))
    assert shown[str((1, 0))][0] == "depth 1, in the start cards' column"
    assert shown[str((1, 2))][0] == "depth 1, 2 columns right of the start cards"
    assert shown[str((2, 3))][1].startswith("<b>depth 2, 3 columns right of the start cards</b>")
    assert not any("column: " in h for _, h in shown.values())


def test_food_chain_runs():
    o = Ocean.from_text("S 1 2 3 X 3 4\n. . . . . . .\n. . . . . . .\nS 2 . . . . .")
    runs = graph.food_chain_runs(o)
    assert runs == [[(1, 1), (1, 2), (1, 3)], [(1, 5), (1, 6)]]
    assert graph.food_chain_runs(o, min_length=3) == [[(1, 1), (1, 2), (1, 3)]]


def test_balanced_chains_both_directions():
    o = Ocean.from_text("S 1 2 3 4 3\n. . . . . .\n. . . . . .\nS 4 3 2 1 .")
    assert graph.balanced_chains(o) == [[(1, 1), (1, 2), (1, 3), (1, 4)], [(4, 1), (4, 2), (4, 3), (4, 4)]]
    assert graph.balanced_chain_in_row(o, 1) and graph.balanced_chain_in_row(o, 4)
    assert not graph.balanced_chain_in_row(o, 2)
    assert graph.balanced_chains(Ocean.from_text("S 1 2 X 3 4\n. . . . . .\n. . . . . .\nS . . . . .")) == []
