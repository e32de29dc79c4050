"""The Destination: Neptune board: framed targets, clicking a location and a choice, bots, refusals."""
import pytest

from neko_lab.games.neptune.board import Board
from neko_lab.games.neptune.rules import BuildAt

from statecheck import fingerprint
from .rig import RED, game, loc, play_card, resources


def _build_board():
    s = game(3)
    resources(s)
    s.missions[loc(s, "Mars Mineral Beds")] = (RED,)
    play_card(s, RED, "build")
    return Board(s, agents={1: "random", 2: "random"})


def test_clicking_a_framed_location_then_a_choice_builds_there():
    b = _build_board()
    names = [btn.description for btn in b.location_row.children]
    assert names == ["Mars Mineral Beds"]
    assert "Player 1 may move one team and build once" in b.prompt.value
    assert "#2ca02c" in b.picture_widget.value
    b.location_row.children[0].click()
    choices = [btn.description for btn in b.choice_row.children]
    assert choices and all("Mars Mineral Beds" in c for c in choices)
    b.choice_row.children[0].click()
    assert b.state.bases[loc(b.state, "Mars Mineral Beds")] == (RED,)


def test_an_illegal_action_is_explained_and_changes_nothing():
    b = _build_board()
    before = fingerprint(b.state)
    assert not b.play(BuildAt(0, 0, 5, "colony", "Mars Polar Regions", 3, 2))
    assert fingerprint(b.state) == before


def test_the_board_needs_a_neptune_game():
    import neko_lab as nl
    with pytest.raises(TypeError):
        Board(nl.new_game("naeco", players=2, seed=1))


def test_bots_play_to_the_end():
    b = Board(game(3, seed=2), agents={0: "random", 1: "random", 2: "neptune"})
    b.play_bots()
    assert b.state.is_over()
