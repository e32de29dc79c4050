"""The Syndicate board: the picture is clicked (boxes to walk, waiting minions and places, cubes and the
neighbourhoods they may reach), lit targets and hover texts, refusals explained, bots, undo, review."""
from __future__ import annotations

import re

import neko_lab as nl
from neko_lab.games.syndicate.board import Board, prompt
from neko_lab.games.syndicate.data import DELIVERY, lower, upper
from neko_lab.games.syndicate.render import ORANGE, html
from neko_lab.games.syndicate.rules.command_phase import Box
from neko_lab.games.syndicate.rules.lieutenants_card import Place

from statecheck import fingerprint
from . import rig


def opened(seed=1):
    s = nl.new_game("syndicate", players=2, seed=seed)
    b = Board(s, agents={1: "random"})
    b.play(b.state.legal_actions()[1])
    b.play_bots()
    return b


def targets(b) -> list[str]:
    return re.findall(r'neko-lit" data-target="([^"]+)"', b.picture())


def test_the_boxes_the_walk_may_take_are_lit_and_clicking_one_walks():
    b = opened()
    assert "click the first box" in b.prompt_text()
    legal = {f"box:{a.place}:{a.side}" for a in b.state.legal_actions() if isinstance(a, Box)}
    assert legal and set(t for t in targets(b) if t.startswith("box:")) == legal
    assert ORANGE in b.picture_widget.value
    first = sorted(legal)[0]
    assert b.click(first)
    assert b.state.path[0][:1] == (int(first.split(":")[1]) * 2 + int(first.split(":")[2]),)


def test_hover_text_says_what_a_click_does_counting_from_1():
    b = opened()
    svg = b.picture()
    assert "walk to accountant at place 1, up to 1 use: click" in svg or \
           "walk to chief operations officer at place 1, up to 1 use: click" in svg
    assert "up to 1 uses" not in svg
    assert "place 0" not in svg and "Player 1" in svg


def test_no_targets_when_a_bot_is_to_act():
    s = nl.new_game("syndicate", players=2, seed=1)
    b = Board(s, agents={0: "random"})
    assert not targets(b)


def test_refused_walk_is_explained_and_changes_nothing():
    b = opened()
    rig.waiting(b.state, 0, [])
    b.refresh()
    before = fingerprint(b.state)
    assert not b.walk_to(0, 1)
    assert "Chief Operations Officer needs a waiting minion" in b.message.widget.value
    assert fingerprint(b.state) == before


def moving_board(seed=2):
    b = opened(seed=seed)
    s = b.state
    lady = rig.find(s, action=DELIVERY, exclude=[c for pyr in s.pyramid for c in pyr])
    rig.build(s, 0, {1: lady})
    rig.put(s, 0, lower(1), 2, 2)
    rig.at_box(s, 0, 1, DELIVERY)
    b.refresh()
    return b


def test_click_a_cube_then_a_lit_neighbourhood_to_move_it():
    b = moving_board()
    assert f"cube:{lower(1)}:2" in targets(b)
    assert not any(t.startswith("to:") for t in targets(b))
    assert not b.click(f"cube:{lower(1)}:2")             # selecting is not a move
    lit = {t for t in targets(b) if t.startswith("to:")}
    assert f"to:{upper(1)}" in lit and f"to:{upper(0)}" not in lit
    assert b.click(f"to:{upper(1)}")
    assert b.state.cubes[0][4 * upper(1) + 2] >= 1 or any(c == 2 for c in b.state.filled[0][1])
    assert b.selected is None


def test_refused_cube_moves_are_explained():
    b = moving_board()
    assert not b.click(f"to:{upper(1)}")
    assert "Click a loose cube first" in b.message.widget.value
    before = b.state.to_json()
    assert not b.try_move(lower(1), upper(0), 2)
    assert "one step up or down" in b.message.widget.value
    assert not b.try_move(lower(1), upper(1), 0)
    assert "no loose tuna cube" in b.message.widget.value
    assert b.state.to_json() == before


def test_waiting_minion_then_place_for_the_chief_operations_officer():
    b = opened(seed=5)
    coo = [a for a in b.state.legal_actions() if isinstance(a, Box) and a.side == 1]
    assert coo and b.click(f"box:{coo[0].place}:{coo[0].side}")
    card = b.state.waiting[0][0]
    assert f"wait:{card}" in targets(b)
    places = [t for t in targets(b) if t.startswith("place:")]
    assert places
    assert not b.click(f"wait:{card}") and b.selected == ("wait", card)
    boxes = " | ".join(t[:1].upper() + t[1:] for t in map(b.state.cards[card].box_text, (0, 1)))
    assert b.message.text.startswith(f"Picked minion {card + 1} ({boxes}): now click an outlined place")
    assert boxes[0].isupper() and " | " in boxes
    assert not b.click(f"wait:{card}") and b.selected is None            # a second click puts it back
    assert b.message.text.startswith(f"Minion {card + 1} put back")
    assert not b.click(f"wait:{card}")
    assert b.click(places[0])
    assert b.state.pyramid[0][int(places[0].split(":")[1])] == card


def test_the_accountant_s_discards_are_clicked_on_the_waiting_room():
    from neko_lab.games.syndicate.rules.lieutenants_card import Discard
    b = opened(seed=5)
    assert b.click("box:0:0") and b.decision() == "discard"
    waiting = b.state.waiting[0]
    lit = [t for t in targets(b) if t.startswith("discard:")]
    assert sorted(lit) == sorted(f"discard:{c}" for c in waiting)
    assert all(b.target_action(f"discard:{c}") == Discard(c) for c in waiting)
    assert "click to discard it face up" in b.picture()
    assert "click a minion of the Waiting Room to discard it face up (2 discards left)" in b.prompt_text()
    assert b.click(lit[-1])
    assert b.state.discard[-1] == int(lit[-1].split(":")[1])
    assert "(1 discard left)" in b.prompt_text()
    assert f"discard:{waiting[-1]}" not in targets(b) and len(targets(b)) == len(waiting) - 1


def test_picking_a_loose_cube_says_so_and_what_to_click_next():
    b = moving_board()
    assert not b.click(f"cube:{lower(1)}:2")
    assert b.message.text.startswith("Picked a sea bass cube in the lower neighbourhood of place 2: now click "
                                     "an outlined neighbourhood")
    assert not b.click(f"cube:{lower(1)}:2") and b.selected is None
    assert b.message.text.startswith("The sea bass cube is let be")


def test_the_lesson_calls_out_the_minion_to_pick_then_the_place():
    b = nl.lesson("syndicate")
    while not isinstance(b.lesson_panel.expected, Place):
        assert b.play(b.lesson_panel.expected)
        b.play_bots()
    want = b.lesson_panel.expected
    value = b.picture_widget.value
    assert f'neko-expected" data-callout="pick this minion" data-target="wait:{want.card}"' in value
    assert "place here" not in value
    b.picture_widget.click(f"wait:{want.card}")
    assert f'neko-expected" data-callout="place here" data-target="place:{want.place}"' in b.picture_widget.value
    assert "pick this minion" not in b.picture_widget.value


def test_bots_undo_and_review():
    s = nl.new_game("syndicate", players=2, seed=3)
    b = Board(s, agents={0: "random", 1: "random"})
    b.play_bots()
    assert b.state.is_over() and "game is over" in b.prompt_text()
    assert not targets(b)
    b.undo()
    assert not b.state.is_over()


def test_the_review_shows_the_person_their_opening_draw_as_they_saw_it():
    b = Board(nl.new_game("syndicate", players=2, seed=1), agents={1: "random"})
    live = b.picture_widget.value
    assert "Your opening draw" in live and "syndicate-opening" in live
    b.play(b.state.legal_actions()[0])
    b.review_own_game()
    shown = b.picture_widget.value
    assert b.at == 0 and "Your opening draw" in shown
    # the draw as it was drawn, nothing in the picture to click
    draw = re.search(r'<svg[^>]*class="syndicate-opening".*?</svg>', live, re.S).group(0)
    assert draw in shown and not b.picture_widget.targets(lit_only=False)
    b.review_go("last")                                 # the review's last position is the game's now
    reviewed = re.findall(r'<svg[^>]*class="syndicate-opening".*?</svg>', b.picture_widget.value, re.S)
    b.back_to_game()
    assert reviewed == re.findall(r'<svg[^>]*class="syndicate-opening".*?</svg>', b.picture_widget.value, re.S)


def test_picture_text_is_at_least_11_px():
    b = moving_board()
    sizes = [float(x) for x in re.findall(r'font-size[=:]"?(\d+(?:\.\d+)?)', b.picture())]
    assert sizes and min(sizes) >= 11


def test_prompt_counts_uses_left():
    s = rig.started(seed=4)
    lady = rig.find(s, action=DELIVERY)
    rig.build(s, 0, {1: lady})
    rig.put(s, 0, lower(1), 0)
    rig.at_box(s, 0, 1, DELIVERY)
    assert "at place 2 — 2 of 2 uses left" in prompt(s)


def test_state_picture_has_no_targets():
    assert "data-target" not in html(rig.started(seed=4))


def test_another_pyramid_s_points_are_known_up_to_its_walk_out_of_sight():
    import html as h
    b = Board(nl.new_game("syndicate", players=2, seed=1), agents={1: "syndicate"})
    b.picker.choose(1)                        # both openings are shown: the pyramids are on the table
    shown = b.state.shown_breakdown(0)[1]
    known = sum(shown.values()) + sum(v for k, v in b.state.breakdown()[1].items() if k not in shown)
    assert known == -40
    assert "player 1: -40 · player 2: -40+?" in h.unescape(b.picture_widget.value)
    cells = re.findall(r"<td style='text-align:right;padding:2px 8px'>([^<]*)</td>", b.scores.widget.value)
    assert cells[-2:] == ["-40", "-40+?"] and "-26+?" in cells     # only the walk since is unknown
    assert repr(b.state).endswith("scores [-40+?, -40+?]>")
    mine = b.state.shown_breakdown(1)[0]
    b.walk_to(0, 1)                           # P1 places a minion: P2 knows only the table as the turn began
    b.picker.choose(0)
    assert b.state.shown_breakdown(1)[0] == mine != b.state.shown_breakdown(0)[0]
    assert b.state.shown_breakdown() == b.state.shown_breakdown("public")      # the spectator's, as in core


def _kinds_and_first_positions(players, seed, first=12):
    """Positions of a seeded random game: the first `first` ones and the first of every decision kind."""
    import random
    s = nl.new_game("syndicate", players=players, seed=seed)
    pick, seen, out = random.Random(seed), set(), []
    while not s.is_over():
        kind = s.pending[-1].kind
        if len(out) < first or kind not in seen:
            out.append((kind, s.clone()))
            seen.add(kind)
        s.apply(pick.choice(s.legal_actions()))
    return out + [("over", s)]


def test_a_board_builds_and_prompts_at_every_kind_of_decision_from_the_first():
    """Solo starts with CatANNA's markers (their data is the three values, not a box in use): a board
    must build there and say what to choose, as at every later decision of a solo or 2-player game."""
    from html import unescape
    for players, seed in ((1, 0), (1, 3), (2, 1)):
        positions = _kinds_and_first_positions(players, seed)
        kinds = {k for k, _ in positions}
        if players == 1:
            assert {"catanna_assign", "opening", "walk", "catanna_wild"} <= kinds
        for kind, s in positions:
            b = Board(s.clone())
            if kind == "over":
                continue
            text = prompt(s)
            assert text.startswith(f"Player {s.current_player + 1}") and text in unescape(b.prompt_box.value)
            if kind == "catanna_assign":
                values = "/".join(str(v) for v in s.pending[-1].data)
                assert f"CatANNA's values ({values})" in text
            if kind == "catanna_wild":
                p, k = s.pending[-1].data
                assert f"wild slot {k + 1} of place {p + 1}" in text


def test_the_openings_shown_to_all_name_both_players_in_the_last_moves():
    """The bot's opening ends the set-up and shows both openings: under its row, the line about the
    bot's own opening follows the learner's, so it names the bot again."""
    from neko_lab.widgets.misclick import plain
    b = nl.lesson("syndicate")
    assert b.play(b.lesson_panel.expected)
    b.play_bots()
    rows = {head: texts for _k, head, texts in b._move_rows()}
    shown = next(texts for head, texts in rows.items() if head.startswith("P2 (bot): keeps two opening"))
    assert [t.split(": ", 1)[0] for t in shown] == ["P1", "P2"], shown
    assert all(", shown to all: places minion" in t for t in shown)
    text = plain(b.moves.value)
    assert "P2: opening, shown to all: places minion" in text


def test_catannas_set_up_choices_name_the_mission_and_column_of_each_value():
    from neko_lab.games.syndicate.rules.solo import AssignMarkers

    s = nl.new_game("syndicate", players=1, seed=1, catanna="very easy")
    b = Board(s)
    a = AssignMarkers((2, 6, 4))
    cols = [s.path_values.index(v) + 1 for v in a.values]
    m = s.missions
    said = (f"CatANNA's markers: 2 on the build mission (mission {m[0]}, column {cols[0]}), 6 on the deliver "
            f"mission (mission {m[1]}, column {cols[1]}), 4 on the complete mission (mission {m[2]}, "
            f"column {cols[2]})")
    assert b.choice_label(a) == said
    assert b.play(a)
    s.check_invariants()
    assert list(b.state.catanna.markers) == cols                 # the columns the label named
    b.explain(0)
    assert said.split(": ", 1)[1].replace("'", "&#x27;") in b.why_box.value   # "why?" says it the same way
