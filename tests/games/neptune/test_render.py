"""The picture of a state: the map, the chart, the tracks, the Opportunity Track and the hand."""
import random
import re
import shutil
from html import escape

from neko_lab.core.data import dataset_dir
from neko_lab.core.errors import counted
from neko_lab.games.neptune import render
from neko_lab.games.neptune.render import COLOURS
from neko_lab.games.neptune.rules import BuildAt

from .rig import RED, game, loc, play_card, resources


def _mid_game(players=3, steps=150):
    s = game(players, seed=3)
    r = random.Random(1)
    for _ in range(steps):
        s.apply(r.choice(s.legal_actions()))
    return s


def test_picture_shows_every_location_and_technology_and_counts_from_one():
    s = _mid_game(4)
    text = s._repr_html_()
    for l in s.data.locations:
        assert escape(l.name[:15]) in text
    for t in s.data.techs:
        assert t.name.split()[0] in text
    assert "player 0" not in text and "Player 0" not in text
    for i in range(4):
        assert f">{i + 1} " in text                      # the tracks number players from 1
    assert "Opportunity Track (places 1 to 4" in text


def test_text_is_at_least_eleven_pixels():
    sizes = [int(v) for v in re.findall(r'font-size="(\d+)"', render.svg(_mid_game()))]
    assert sizes and min(sizes) >= 11


def test_fuel_from_earth_is_the_seats_own():
    s = game(3)
    s.techs[s.data.tech("slingshots")] = (RED,)
    assert "fuel 4</text>" in render.svg(s, seat=RED)    # Callisto: 7 - 3
    assert "fuel 7</text>" in render.svg(s, seat=1)


def test_legal_targets_are_framed_green():
    s = game(3)
    resources(s)
    s.missions[loc(s, "Mars Mineral Beds")] = (RED,)
    play_card(s, RED, "build")
    where = render.targets(s.legal_actions())
    assert where == [loc(s, "Mars Mineral Beds")]
    moves = render.groups(s.legal_actions())
    assert render.LEGAL in render.svg(s, RED, moves) and render.LEGAL not in render.svg(s, RED)
    lit = re.findall(r'class="neko-target neko-lit" data-target="([^"]*)"', render.svg(s, RED, moves))
    assert sorted(lit) == sorted(moves) and f"loc:{where[0]}" in lit


def test_the_hand_shown_is_the_seats_own():
    s = game(3)
    mine = render.svg(s, seat=0)
    for c in s.hands[0]:
        assert s.data.cards[c].title in mine
    assert "Hand of player 1" in mine


def test_all_twelve_teams_of_a_four_player_game_stand_inside_earths_box():
    s = game(4)
    svg = render.html(s, RED, {})
    box = re.search(r'<rect x="([\d.]+)" y="([\d.]+)" width="(\d+)" height="(\d+)"[^>]*/><text[^>]*>Earth</text>', svg)
    x, y, w, h = (float(v) for v in box.groups())
    teams = re.findall(r'<polygon class="neko-token" points="([^"]*)"[^>]*><title>team (\d) of player (\d)</title>',
                       svg)
    assert len(teams) == 12 and {(t, p) for _, t, p in teams} == {(str(t), str(p)) for t in (1, 2, 3)
                                                                       for p in (1, 2, 3, 4)}
    for points, _, _ in teams:
        for pt in points.split():
            px, py = (float(v) for v in pt.split(","))
            assert x < px < x + w and y < py < y + h, (pt, (x, y, w, h))
    corners = {points.split()[0] for points, _, _ in teams}
    assert len(corners) == 12                      # no two drawn on the same spot


def test_teams_and_markers_are_tokens_a_lesson_s_callout_keeps_clear_of():
    """The board pins a lesson's callout where it covers no element of class neko-token: every team
    triangle and every player's marker on the map is one."""
    s = _mid_game(2, 60)
    svg = render.html(s, RED, {})
    assert svg.count("<polygon") == svg.count('<polygon class="neko-token"') == 6
    markers = [c for c in re.findall(r"<circle [^>]*/>", svg) if any(f'fill="{k}"' in c for k in COLOURS)]
    assert len(markers) >= 2 and all('class="neko-token"' in c for c in markers)


def test_the_panel_over_the_picture_shows_what_the_viewing_seat_has_and_a_spectator_sees_everyone():
    s = _mid_game(4)
    s.credits[1], s.fuel[1], s.fame[1] = 13, 7, 9
    panel = render.areas(s, 1)[0]                      # the first area: the decisions panel at the top
    assert "neptune-panel" in panel
    mine = re.search(r">You, player 2 \(Yellow\): ([^<]*)<", panel).group(1)
    assert (f"13 credits · 7 fuel · 9 fame · {s.scores()[1]} VP · speed {render.seat_speed(s, 1)}"
            in mine)
    assert "player 1 (Red):" not in panel and "Player 3" not in panel      # only the viewer's own line
    public = render.areas(s)[0]
    for i in range(4):
        assert f"Player {i + 1} ({render.NAMES[i]}): {counted(s.credits[i], 'credit')} · {s.fuel[i]} fuel" in public
    assert "You," not in public


def test_the_panel_counts_one_credit_in_the_singular():
    s = _mid_game(3)
    s.credits[:] = [1, 0, 2]
    public = render.areas(s)[0]
    assert "Player 1 (Red): 1 credit · " in public and "Player 3 (Blue): 2 credits · " in public
    assert "1 credits" not in public


def test_the_panel_map_and_technology_chart_together_fit_a_laptop_s_picture_box():
    """A Research Missions card may light locations all over the map, technologies whose access may be
    bought and the panel's fuel and pass buttons at once. At 1280x800 the board's picture box is 610 px
    tall and scrolls to show its lit targets with 8 px to spare each side: from the panel's buttons to the
    last technology they span at most 594 px, at any number of players; in a 2-player game the whole
    panel shows with them (its areas one under the other, 2 px margins around each)."""
    for players, whole in ((2, True), (4, False)):
        s = _mid_game(players)
        while s.pending[-1].kind != "launch":       # a Research Missions card lighting the map
            s.apply(random.Random(s.steps).choice(s.legal_actions()))
        resources(s)                                  # 20 credits and 20 fuel: missions all over the map
        seat = s.current_player
        moves = render.groups(s.legal_actions())
        assert {"fuel", "pass"} <= set(moves) and sum(n.startswith("loc:") for n in moves) >= 6
        _, panel = render.panel_svg(s, seat, moves)
        body, height = render.map_svg(s, seat, moves)
        chart, tech = render.tech_svg(s, 0, moves)
        below = 4 + (height + 6) + 4 + (tech - 3)     # the map's area, then the last row of technologies
        assert 24 + below + 16 <= 610                 # the buttons' row: the last 24 px of the panel
        if whole:
            assert 2 + panel + below + 8 <= 610
        assert body.count('rx="6"') == len(s.data.locations) and chart.count('rx="5"') == len(s.data.techs)
        for svg, bottom in ((body, height), (chart, tech)):
            for y, h in re.findall(r'<rect x="[\d.]+" y="([\d.]+)" width="\d+" height="(\d+)"', svg):
                assert float(y) + float(h) <= bottom             # nothing drawn past its area


def test_a_map_of_more_planets_goes_on_in_a_second_row_of_the_strip(tmp_path):
    """A map of its own (datasets/neptune's files copied and added to) may have more planets than the strip
    over the grid holds in a row: the rest go on in a row under it, the markers between the rows said in
    words, every planet inside the area and the grid under the strip."""
    folder = tmp_path / "neptune"
    shutil.copytree(dataset_dir("neptune"), folder)
    with open(folder / "planets.csv", "a", encoding="utf-8") as f:
        f.write("Sedna,11,reconstructed\nGonggong,12,reconstructed\n")
    with open(folder / "distances.csv", "a", encoding="utf-8") as f:
        f.write("Kuiper Belt,Sedna,4,reconstructed\nSedna,Gonggong,3,reconstructed\n")
    s = game(2, data=str(folder))
    body, height = render.map_svg(s, 0, render.groups(s.legal_actions()))
    names = {m.group(2): float(m.group(1)) for m in re.finditer(
        r'<text x="(\d+)" y="\d+" font-size="11" font-weight="normal" fill="#224" text-anchor="middle">([^<]+)<', body)}
    assert set(names) == set(s.data.planets) and all(20 <= x <= render.ROW_W - 20 for x in names.values())
    assert "to the next row: Kuiper Belt to Sedna 4 fuel" in body
    tops = [float(y) for y in re.findall(r'<rect x="[\d.]+" y="([\d.]+)" width="110"', body)]
    assert len(tops) == len(s.data.locations) and min(tops) > 100 and max(tops) + render.BOX_H <= height
