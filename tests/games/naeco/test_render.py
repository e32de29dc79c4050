"""The SVG picture of a Naéco table (render.svg), reused by the board and shown by _repr_html_."""
from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import neko_lab as nl
from neko_lab.games.naeco import render
from neko_lab.games.naeco.ocean import ATTRIBUTES


def _text(svg: str) -> str:
    root = ET.fromstring(svg)
    return " ".join(t.strip() for t in root.itertext() if t.strip())


def test_svg_is_well_formed_and_shows_oceans_surface_and_piles():
    s = nl.new_game("naeco", players=3, seed=2)
    act = next(a for a in s.legal_actions() if not a.down)
    s.apply(act)
    svg = render.svg(s)
    assert svg.startswith("<svg") and svg == s._repr_html_()
    text = _text(svg)
    for value in ("-1", "0", "1", "3", "5"):
        assert value in text.split()
    assert "Player 1" in text and "Player 3" in text and "Player 0" not in text   # seats count from 1
    assert act.name in text                                  # the played card's tooltip
    assert text.count("pile ") >= 7
    assert s.objective_text[(-1, s.objectives[0])] .split()[0] in text


def test_svg_keeps_hidden_objectives_and_face_down_cards_secret():
    s = nl.new_game("naeco", seed=4)
    act = next(a for a in s.legal_actions() if a.down)
    s.apply(act)
    text = _text(render.svg(s))
    hidden = [s.objective_text[(lv, s.objectives[k])] for k, lv in enumerate((-1, 0, 1, 3)) if k > 0]
    assert all(h not in text for h in hidden)
    assert act.name not in text and "face-down" in text


def test_ocean_svg_draws_every_card_and_every_place_a_card_may_touch():
    o = nl.game_class("naeco")(seed=1).oceans[0]
    part, width, height = render.ocean_svg(o)
    assert part.count(">S</text>") == 2                               # the two start cards
    assert part.count("stroke-dasharray") == len(o.frontier())        # the empty places beside them
    assert width > 0 and height > 0


def test_svg_of_a_finished_game():
    rng = random.Random(0)
    s = nl.new_game("naeco", players=1, seed=0, sea_shepherd=True)
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions()))
    ET.fromstring(render.svg(s))


def test_research_tokens_are_pieces_a_lesson_s_callout_keeps_clear_of():
    # the board pins a lesson's note where it covers no element of class neko-token
    s = nl.new_game("naeco", players=3, seed=2)
    root = ET.fromstring(render.svg(s))
    tokens = [c for c in root.iter("{http://www.w3.org/2000/svg}circle") if "token: research" in "".join(c.itertext())]
    assert len(tokens) == 3 and all(c.get("class") == "neko-token" for c in tokens)


def _card_line(s, seat):
    points = s.priority_table[s.priority[seat]].points
    return "points per symbol: " + " · ".join(f"{m} {v}" for m, v in zip("IWEL", points))


def test_a_seat_sees_its_own_priority_observation_card_and_no_other():
    s = nl.new_game("naeco", players=2, seed=3)
    mine, theirs = _text(render.table_svg(s, 0)), _text(render.table_svg(s, 1))
    assert f"Your Priority Observation card, {_card_line(s, 0)}" in mine
    assert f"Your Priority Observation card, {_card_line(s, 1)}" in theirs
    assert _card_line(s, 1) not in mine and _card_line(s, 0) not in theirs
    assert "Priority Observation card" not in _text(render.svg(s))          # the spectator sees none
    assert "discarded" not in mine                                          # no discards outside solo


def test_solo_shows_the_symbols_on_the_discarded_cards():
    s = nl.new_game("naeco", players=1, seed=4)
    rng = random.Random(0)
    for _ in range(10):
        s.apply(rng.choice(s.legal_actions()))
    counts = s.discard_counts()
    assert sum(counts.values()) > 0
    said = (f"Symbols on the {len(s.discards)} discarded cards: "
            + " · ".join(f"{m} {counts.get(a, 0)}" for m, a in zip("IWEL", ATTRIBUTES)))
    assert said in _text(render.svg(s)) and said in _text(render.table_svg(s, 0))
    assert "Priority Observation card" not in _text(render.svg(s))


def test_every_priority_observation_card_shows_once_the_game_is_over():
    s = nl.new_game("naeco", players=2, seed=3)
    rng = random.Random(1)
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions()))
    text = _text(render.svg(s))
    assert f"Player 1's Priority Observation card, {_card_line(s, 0)}" in text
    assert f"Player 2's Priority Observation card, {_card_line(s, 1)}" in text
