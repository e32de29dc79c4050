"""The Syndicate board: the picture with the walk and its next boxes, walking by box buttons, the cube
mover with refusals explained, bots, undo, and a finished game reviewed step by step."""
from __future__ import annotations

import neko_lab as nl
from neko_lab.games.syndicate.board import Board, prompt
from neko_lab.games.syndicate.data import DELIVERY, lower, upper
from neko_lab.games.syndicate.render import ORANGE, html

from statecheck import fingerprint
from . import rig


def opened(seed=1):
    s = nl.new_game("syndicate", players=2, seed=seed)
    b = Board(s, agents={1: "random"})
    b.play(b.state.legal_actions()[1])
    b.play_bots()
    return b


def test_walk_buttons_and_highlighted_boxes():
    b = opened()
    assert "choose the first box" in b.prompt.value
    labels = [w.description for w in b.walk_buttons.children]
    assert labels == [str(a) for a in b.state.legal_actions()]
    assert ORANGE in b.picture_widget.value
    b.walk_buttons.children[0].click()
    assert b.state.path[0][:1] == (0,) or b.state.path[0][:1] == (1,)


def test_refused_walk_is_explained_and_changes_nothing():
    b = opened()
    rig.waiting(b.state, 0, [])
    b.refresh()
    before = fingerprint(b.state)
    assert not b.walk_to(0, 1)
    assert "Chief Operations Officer needs a waiting minion" in b.message.widget.value
    assert fingerprint(b.state) == before


def test_cube_mover_and_its_refusals():
    b = opened(seed=2)
    s = b.state
    lady = rig.find(s, action=DELIVERY, exclude=[c for pyr in s.pyramid for c in pyr])
    rig.build(s, 0, {1: lady})
    rig.put(s, 0, lower(1), 2, 2)
    rig.at_box(s, 0, 1, DELIVERY)
    b.refresh()
    assert b.mover.layout.display == ""
    assert not b.try_move(lower(1), upper(0), 2)
    assert "one step up or down" in b.message.widget.value
    assert not b.try_move(lower(1), upper(1), 0)
    assert "no loose tuna cube" in b.message.widget.value
    assert b.try_move(lower(1), upper(1), 2)
    assert b.state.cubes[0][4 * upper(1) + 2] == 1


def test_bots_undo_and_review():
    s = nl.new_game("syndicate", players=2, seed=3)
    b = Board(s, agents={0: "random", 1: "random"})
    b.play_bots()
    assert b.state.is_over() and "game is over" in b.prompt.value
    assert not b.review.disabled and b.review.max == len(b.history)
    b.review.value = 0
    assert b.picture_widget.value == html(b.history[0][0])
    b.undo()
    assert not b.state.is_over()


def test_prompt_counts_uses_left():
    s = rig.started(seed=4)
    lady = rig.find(s, action=DELIVERY)
    rig.build(s, 0, {1: lady})
    rig.put(s, 0, lower(1), 0)
    rig.at_box(s, 0, 1, DELIVERY)
    assert prompt(s).endswith("at place 2 — 2 of 2 uses left")
