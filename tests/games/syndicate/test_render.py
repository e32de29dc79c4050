"""The picture: pure (state -> HTML), every pyramid with places counted from 1, readable text sizes,
wired as the state's own _repr_html_, CatANNA's pyramid once built."""
from __future__ import annotations

import html
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


def test_every_place_shows_its_number_and_both_line_letters_clear_of_the_slots():
    """A card at each of the ten places, four slots each: the place number stands alone and ends before
    the first slot ring (a two-digit place too, e.g. 10), each neighbourhood's subway line letter has its
    own text at the card's left, and the last ring stays clear of the right box."""
    from neko_lab.games.syndicate.data import LINES, PLACES
    s = nl.new_game("syndicate", players=2, seed=1)
    four = [c.id for c in s.cards if len(c.slots) == 4 and c.upper >= 0 and c.lower >= 0][:PLACES]
    assert len(four) == PLACES
    area = render.Area(s.cards, tuple(four), tuple((-1,) * 4 for _ in four), (0,) * (4 * 2 * PLACES), (0,) * 4,
                       (), ())
    out = render.area_svg(area, "Player 1", "#000")
    cards = out.split('<g class="card" data-place="')[1:]
    assert len(cards) == PLACES
    for p, markup in enumerate(cards):
        card = s.cards[four[p]]
        assert markup.startswith(f'{p + 1}"')
        texts = re.findall(r'<text x="([\d.]+)" y="([\d.]+)"[^>]*>([^<]*)</text>', markup)
        number = next((float(x), t) for x, _y, t in texts if t.strip().startswith(str(p + 1)))
        assert number[1] == str(p + 1), number               # the number alone, no letter pushed along
        rings = sorted(float(x) for x in re.findall(r'<rect x="([\d.]+)" y="[\d.]+" width="15" height="15" '
                                                    r'rx="[27]"[^>]*stroke-width="3"', markup))
        assert len(rings) == 4
        assert number[0] + 7.5 * len(number[1]) <= rings[0] - 1.5, (p + 1, number, rings)
        right_box = max(float(x) for x in re.findall(r'<rect x="([\d.]+)" y="[\d.]+" width="24"', markup))
        assert rings[-1] + 15 + 1.5 <= right_box, (p + 1, rings, right_box)
        letters = [(float(x), float(y)) for x, y, t in texts if t in (LINES[card.upper], LINES[card.lower])]
        assert len(letters) == 2 and letters[0][0] == letters[1][0] == number[0], (p + 1, texts)
        top = float(re.search(r'<rect x="[\d.]+" y="([\d.]+)" width="140"', markup).group(1)) - 2
        assert all(y - top > 6 + 15 + 9 for _x, y in letters), (p + 1, letters)     # below the slot rings


def test_catanna_markers_show_on_the_path_only_once_her_values_are_assigned():
    from neko_lab.games.syndicate.rules import solo

    s = nl.new_game("syndicate", players=1, seed=1, catanna="very easy")
    assert s.catanna.markers == (0, 0, 0)
    assert "CatANNA" not in render.path_svg(s)          # no marker off the path before set-up
    s.apply(solo.AssignMarkers((2, 6, 4)))
    xs = [float(x) for x in re.findall(r'<text x="([\d.]+)"[^>]*>CatANNA</text>', render.path_svg(s))]
    assert xs == [34 + (m - 1) * 34 + 17 for m in s.catanna.markers]


def test_the_solo_header_says_catannas_score_counts_her_missions_until_her_pyramid_is_built():
    from neko_lab.games.syndicate.rules import solo

    s = nl.new_game("syndicate", players=1, seed=1, catanna="very easy")
    s.apply(solo.AssignMarkers((6, 4, 2)))
    text = html.unescape(render.html(s))
    assert f"CatANNA: {s.catanna_score()} (her missions only)" in text
    assert "her score counts her missions alone" in text
    assert "negative for everyone" not in text and "negative for the player" in text
    assert "negative for everyone" in render.html(rig.started(players=2))


def test_the_solo_header_counts_her_pyramid_once_it_is_built():
    s = nl.new_game("syndicate", players=1, seed=5, catanna="very easy")
    rng = random.Random(5)
    while not (s.catanna.built and not s.is_over()):
        s.apply(rng.choice(s.legal_actions()))
    text = html.unescape(render.html(s))
    assert f"CatANNA: {s.catanna_score()} —" in text and "missions only" not in text


def test_the_picture_counts_one_card_and_one_cube_in_words(monkeypatch):
    s = played(players=1, seed=3, steps=10_000)
    s.catanna.box = 1
    monkeypatch.setattr(render, "table_view", lambda state, viewer: (1, [], None))
    text = html.unescape(re.sub(r"<[^>]+>", " ", render.html(s)))
    assert "deck 1 card," in text and "CatANNA (1 cube back in the box)" in text
