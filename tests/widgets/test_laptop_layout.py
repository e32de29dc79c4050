"""What a laptop screen needs of every board's picture, checked on the markup (the browser tests
measure the same on screen): every area of the picture is at most PICTURE_W px wide, so beside the
choices column nothing is cut at 1280 px with the file browser open; no text under 11 px; and a legend
saying what each abbreviation means."""
from __future__ import annotations

import re

import pytest

import neko_lab as nl
from neko_lab.widgets import board

PICTURE_W = 586          # what a board's picture column gets at 1280 px with JupyterLab's file browser open
GAMES = ["naeco", "journey", "syndicate", "neptune"]


def pictures(game: str, moves: int = 40):
    """The board's picture at the start, and after some moves of random bots (seat 1 a person)."""
    b = board(nl.new_game(game, players=2, seed=2), agents={1: "random"})
    yield b.picture_widget.value
    bot = nl.make_agent("random", b.state, seed=3)
    for _ in range(moves):
        if b.state.is_over():
            break
        if b.state.current_player == 0:
            b.play(bot.choose(b.state))
        else:
            b.play_bots()
    yield b.picture_widget.value


@pytest.mark.parametrize("game", GAMES)
def test_every_area_of_the_picture_fits_beside_the_choices(game):
    for markup in pictures(game):
        widths = [float(w) for w in re.findall(r'<svg[^>]*? width="([\d.]+)"', markup)]
        assert widths and max(widths) <= PICTURE_W, (game, widths)


@pytest.mark.parametrize("game", GAMES)
def test_no_text_is_smaller_than_11_px(game):
    for markup in pictures(game, moves=10):
        sizes = [float(x) for x in re.findall(r'font-size="([\d.]+)"', markup)]
        sizes += [float(x) for x in re.findall(r"font-size:\s*([\d.]+)px", markup)]
        assert min(sizes) >= 11


LEGENDS = {
    "journey": ["1fi = 1 fish", "1fu = 1 fuel", "load 2/3 = spaces you have loaded", "left half-hub multiplier"],
    "syndicate": ["each with its subway line letter at the left", "“+4”: extra points", "S sashimi and N nigiri", "Score if the game ended now"],
    "neptune": ["Ins High Efficiency Insulation", "Shd Radiation Shields", "Grv Graviton Generators",
                "colony n: a colony there costs n credits"],
    "naeco": ["I insufficiently known", "✕ face-down", "S start card"],
}


@pytest.mark.parametrize("game", GAMES)
def test_the_picture_explains_its_abbreviations(game):
    markup = next(pictures(game))
    for words in LEGENDS[game]:
        assert words in markup, words


def test_syndicate_draws_the_opening_minions_for_the_player_choosing_only():
    b = board(nl.new_game("syndicate", players=2, seed=1), agents={1: "random"})
    mine = b.state.opening[0]
    assert "syndicate-opening" in b.picture_widget.value
    for cid in mine:
        assert f"minion {cid + 1}</text>" in b.picture_widget.value
    from neko_lab.games.syndicate.render import html
    assert "syndicate-opening" not in html(b.state)            # nobody's opening draw in the spectator's view
