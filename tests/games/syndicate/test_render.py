"""The picture: pure (state -> HTML), every pyramid with places counted from 1, readable text sizes,
wired as the state's own _repr_html_, CatANNA's pyramid once built."""
from __future__ import annotations

import random
import re

import neko_lab as nl
from neko_lab.games.syndicate import render

from statecheck import fingerprint
from . import rig


def played(players=2, seed=1, steps=150):
    s = nl.new_game("syndicate", players=players, seed=seed)
    r = random.Random(seed)
    for _ in range(steps):
        if s.is_over():
            break
        s.apply(r.choice(s.legal_actions()))
    return s


def test_picture_is_the_states_html_and_pure():
    s = played()
    before = fingerprint(s)
    out = s._repr_html_()
    assert out == render.html(s) and fingerprint(s) == before
    assert out.count('class="syndicate-pyramid"') == 2 and "Kumichō" in out


def test_text_is_at_least_11_px_and_places_count_from_1():
    out = render.html(played())
    sizes = [int(v) for v in re.findall(r'font-size="(\d+)"', out)]
    assert sizes and min(sizes) >= 11
    places = sorted({int(v) for v in re.findall(r'data-place="(\d+)"', out)})
    assert places == list(range(1, 11))
    assert 'data-seat="1"' in out and 'data-seat="0"' not in out


def test_walk_and_next_boxes_drawn():
    s = rig.started(seed=2)
    s.apply(rig.named(s, "Accountant"))
    while s.pending[-1].kind == "discard":
        s.apply(s.legal_actions()[0])
    out = render.pyramid_svg(s, 0, viewer=0)      # as the seat that walks sees its own pyramid
    assert render.ORANGE in out                   # the boxes of place 2 it may walk to
    assert 'stroke="#111"' in out                 # the Accountant, walked
    assert render.pyramid_svg(s, 0, viewer="all") == out


def test_a_pyramid_drawn_without_a_viewer_is_the_spectators():
    """Mid-walk at a simultaneous table, the walk is out of the others' sight: pyramid_svg and
    player_area default to the spectator, as the picture does; the walk shows only when asked for."""
    s = rig.started(seed=2)
    s.apply(rig.named(s, "Accountant"))
    while s.pending[-1].kind == "discard":
        s.apply(s.legal_actions()[0])
    spectator = render.pyramid_svg(s, 0, viewer="public")
    assert render.pyramid_svg(s, 0) == spectator
    assert 'stroke="#111"' not in spectator and render.ORANGE not in spectator
    assert render.player_area(s, 0) == render.player_area(s, 0, "public") != render.player_area(s, 0, "all")


def test_catanna_pyramid_after_the_end():
    s = played(players=1, seed=3, steps=10_000)
    assert s.is_over() and "CatANNA (" in render.html(s)
