"""The generic board, driven as a user would: clicking buttons and reading what the widgets show."""
from __future__ import annotations

import pytest

import neko_lab as nl
from neko_lab.agents.base import RandomAgent
from neko_lab.widgets import Board, event_log_html, score_table_html, target

import ipywidgets as W

from editeddata import edited_naeco_data
from statecheck import fingerprint, same_state
from .helpers import DrawAgent, FirstAgent, plays, toy


def test_action_list_shows_every_legal_action_readably():
    s = toy()
    b = Board(s)
    assert b.picker.labels == [str(a) for a in s.legal_actions()]
    assert b.picker.actions == s.legal_actions()
    assert b.picker.picture.targets() == [f"action:{i}" for i in range(len(s.legal_actions()))]
    for a in s.legal_actions():                       # every choice is there in full, nothing cut
        assert str(a) in b.picker.picture.value
    assert b.picture_widget.value == s._repr_html_()
    assert "P1 to act (you)" in b.status.value        # seats count from 1


def test_clicking_a_choice_plays_it():
    s = toy()
    b = Board(s)
    action = s.legal_actions()[-1]
    b.picker.choose(len(s.legal_actions()) - 1)
    assert b.history[-1][1] == action
    assert b.state.steps == 1
    assert b.state.log[-1].rule == "Toy › Turn"
    assert "Toy › Turn" in b.log.widget.value
    assert b.state.current_player == 1
    assert "P2 to act" in b.status.value
    assert b.picture_widget.value == b.state._repr_html_()
    b.show_my_view()            # two people at the board: Player 2's choices show once they are at the screen
    assert b.picker.labels == [str(a) for a in b.state.legal_actions()]


def test_illegal_action_shows_why_and_changes_nothing():
    s = toy()
    b = Board(s)
    saved = fingerprint(s)
    assert b.play(("play", 99)) is False
    assert "is not legal now" in b.message.text and "play 1" in b.message.text
    assert b.message.kind == "error"
    assert "is not legal now" in b.message.widget.value
    assert fingerprint(b.state) == saved
    assert b.history == []


def test_every_event_shows_its_rule_section():
    s = toy(players=2)
    b = Board(s, agents={0: RandomAgent(seed=1), 1: RandomAgent(seed=2)})
    b.play_bots()
    assert b.state.is_over()
    rows = event_log_html(b.state, limit=None)
    for ev in b.state.log:
        assert ev.rule
    # one table row per event, each carrying its rule and the rule's description
    assert rows.count("<tr style='vertical-align:top'>") == len(b.state.log)
    assert rows.count("Toy › Turn") >= sum(e.rule == "Toy › Turn" for e in b.state.log)
    assert "play a card or draw" in rows
    assert "Toy › End" in b.log.widget.value


def test_score_table_breaks_points_down_by_category_and_seat():
    s = toy()
    b = Board(s, agents={0: FirstAgent(), 1: FirstAgent()})
    b.bot_move()
    b.bot_move()
    table = score_table_html(b.state)
    for cat in ("played", "bonus", "total"):
        assert cat in table
    for seat, total in enumerate(b.state.scores()):
        assert f">{total}</td>" in table
    assert b.scores.widget.value == table


def test_bot_button_moves_the_bot_seat_only():
    s = toy()
    b = Board(s, agents={1: RandomAgent(seed=5)})
    b.controls.auto.value = False                  # step by step: the bot waits for its button
    assert b.controls.bot_button.disabled          # P1 is the human
    assert b.bot_move() is False
    assert "yours to play" in b.message.text
    b.play(s.legal_actions()[0])
    while b.state.current_player == 0:               # a 6 asks P0 a second question
        b.play(b.state.legal_actions()[0])
    assert not b.controls.bot_button.disabled
    steps = b.state.steps
    b.controls.bot_button.click()
    assert b.state.steps == steps + 1


def test_play_bots_until_my_turn_stops_at_the_human_seat():
    s = toy(players=3)
    b = Board(s, agents={1: "random", 2: RandomAgent(seed=9)})
    b.controls.auto.value = False
    b.play(s.legal_actions()[0])
    while b.state.current_player == 0:
        b.play(b.state.legal_actions()[0])
    b.controls.bots_button.click()
    assert b.state.is_over() or b.state.current_player == 0
    assert b.controls.bot_button.disabled


def test_all_bots_play_to_the_end_and_the_winner_is_shown():
    b = Board(toy(seed=11), agents=["random", "random"], seed=4)
    n = b.play_bots()
    assert n == b.state.steps and b.state.is_over()
    assert "Game over" in b.status.value
    assert "★" in b.scores.widget.value
    assert b.picker.labels == [] and b.picker.picture.targets() == []


def test_undo_one_action_restores_the_position_exactly():
    s = toy()
    b = Board(s, agents={0: FirstAgent(), 1: FirstAgent()})
    saves = [fingerprint(b.state)]
    for _ in range(4):
        b.bot_move()
        saves.append(fingerprint(b.state))
    for expected in reversed(saves[:-1]):
        assert b.undo() is True
        assert fingerprint(b.state) == expected
    assert b.undo() is False
    assert b.controls.undo_button.disabled
    assert "Nothing to undo" in b.message.text


def test_undo_button_takes_back_the_bot_replies_too():
    # the person plays cards of their own hand and the bots draw cards nobody else sees: nothing new
    # to the person, so Undo goes back past all of it (tests/widgets/test_secrets_board.py: when not)
    s = toy(players=3)
    b = Board(s, agents={1: DrawAgent(), 2: DrawAgent()})
    b.controls.auto.value = False
    start = fingerprint(s)
    b.play(plays(s)[0])
    while b.state.current_player == 0:
        b.play(plays(b.state)[0])
    b.play_bots()
    assert b.state.current_player == 0
    action = plays(b.state)[-1]
    before_my_move = fingerprint(b.state)
    b.play(action)
    while b.state.current_player == 0:
        b.play(plays(b.state)[0])
    b.play_bots()
    b.controls.undo_button.click()
    assert fingerprint(b.state) == before_my_move
    b.controls.undo_button.click()
    assert fingerprint(b.state) == start   # one more click: back before my first turn


def test_undo_is_off_until_the_person_has_made_a_move_when_a_bot_opens_the_game():
    """A game a bot opens (seat 1 to the bot): its opening moves are no move of the person's. Undo is
    disabled, and pressed anyway it says "Nothing to undo." and takes nothing back (undone, the bot
    would only play them again); after the person's move it goes back to that decision, and no further."""
    b = Board(toy(players=3), agents={0: DrawAgent(), 2: DrawAgent()})
    b.play_bots()                               # as when the board is first shown
    assert b.state.current_player == 1 and b.history
    assert b.controls.undo_button.disabled
    opened = fingerprint(b.state), len(b.history)
    assert b.undo_turn() is False and "Nothing to undo" in b.message.text
    assert (fingerprint(b.state), len(b.history)) == opened
    b.play(plays(b.state)[-1])                  # the person's move; the bots reply
    assert not b.controls.undo_button.disabled
    b.controls.undo_button.click()
    assert (fingerprint(b.state), len(b.history)) == opened
    assert b.controls.undo_button.disabled


def test_restart_same_seed_replays_the_same_deal_and_new_seed_changes_it():
    s = toy(seed=21, short=True)
    b = Board(s, agents={1: FirstAgent()})
    b.play(s.legal_actions()[0])
    assert b.controls.new_seed.value
    b.controls.seed.value = "21"                     # typing a seed unticks "new seed"
    assert not b.controls.new_seed.value
    b.controls.restart_button.click()
    fresh = nl.new_game("toy", players=2, seed=21, short=True)
    assert same_state(b.state, fresh)
    assert b.history == [] and b.controls.undo_button.disabled
    assert b.controls.seed.value == ""               # the typed seed has dealt its game
    b.controls.new_seed.value = True
    b.controls.restart_button.click()
    assert b.state.seed != 21
    assert b.state.options == {"short": True} and b.state.players == 2


def _data_of(state) -> str:
    import json
    return json.loads(state.to_json())["data"]["fingerprint"]


def _dealt_alike(a, b) -> bool:
    """The same game, dealt alike (where its card data was read from aside)."""
    from statecheck import fields
    return fields(a, ["_origin"]) == fields(b, ["_origin"])


def test_restart_keeps_the_card_data_the_game_was_played_with(tmp_path):
    import shutil
    from neko_lab.games.naeco.board import Board as NaecoBoard
    folder = edited_naeco_data(tmp_path / "cards")
    s = nl.new_game("naeco", players=2, seed=5, data=folder)
    again = nl.new_game("naeco", players=2, seed=5, data=folder)
    assert _data_of(s) != _data_of(nl.new_game("naeco", players=2, seed=5))
    b = NaecoBoard(s, agents={1: "random"})
    b.play(b.state.legal_actions()[0])
    shutil.rmtree(folder)                   # the data the game was set up with is kept, not read again
    b.restart(seed=5)
    assert _data_of(b.state) == _data_of(again) and _dealt_alike(b.state, again)
    # a save with its own card data, played on from a position of it: Restart keeps its cards too
    saved = again.to_json()
    b = NaecoBoard(nl.new_game("naeco", players=2, seed=9), agents={1: "random"})
    assert b.open_save(saved)
    b.play_from_here()
    b.restart(seed=5)
    assert _data_of(b.state) == _data_of(again) and _dealt_alike(b.state, again)
    b.restart()                             # a fresh seed: the same cards still
    assert _data_of(b.state) == _data_of(again)


def test_a_seed_box_that_is_no_whole_number_is_refused_and_deals_nothing():
    b = Board(toy(seed=21), agents={1: FirstAgent()})
    b.play(b.state.legal_actions()[0])
    before = fingerprint(b.state)
    b.controls.seed.value = "forty-two"
    b.controls.restart_button.click()
    assert b.message.kind == "error" and "whole number" in b.message.text and "forty-two" in b.message.text
    assert fingerprint(b.state) == before and b.history


def test_undo_and_restart_sit_beside_the_choices_not_at_the_foot_of_the_side_column():
    b = Board(toy(), agents={1: FirstAgent()})
    side = next(w for w in b.widget.children[0].children if "neko-side" in w._dom_classes)
    parts = list(side.children)
    row = parts.index(b.hint_row)
    assert parts.index(b.prompt_box) < row < parts.index(b.picker.widget) < parts.index(b.moves) \
        < parts.index(b.controls.widget)
    assert b.controls.undo_button in b.hint_row.children and b.controls.restart_button in b.hint_row.children

    def inside(w):
        return [w] + [x for c in getattr(w, "children", ()) for x in inside(c)]
    assert b.controls.undo_button not in inside(b.controls.widget)
    assert b.controls.restart_button not in inside(b.controls.widget)


def test_a_new_game_takes_a_fresh_short_seed_each_time_and_says_how_to_deal_it_again(monkeypatch):
    import random
    import secrets

    drawn = []

    def entropy(n):                                     # stands for the system's entropy
        drawn.append(n)
        return [7, 424242, 31337][len(drawn) - 1]
    monkeypatch.setattr(secrets, "randbelow", entropy)
    b = Board(toy(seed=7), agents={0: FirstAgent(), 1: FirstAgent()})   # an analyst watching bots
    b.controls.auto.value = False
    b.controls.restart_button.click()                   # "new seed" ticked: 7 is the game shown, drawn again
    assert drawn == [1_000_000, 1_000_000] and b.state.seed == 424242
    assert b.controls.seed.value == "424242"
    assert "seed 424242" in b.message.text and "seed=424242 deals this game again" in b.message.text
    b.controls.restart_button.click()
    assert b.state.seed == 31337
    seeds = []                                          # a board given its own generator: the same every run
    for _ in range(2):
        b = Board(toy(seed=7))
        b.seeds = random.Random(5)
        b.restart()
        seeds.append(b.state.seed)
    assert seeds[0] == seeds[1] == random.Random(5).randrange(1_000_000) and len(drawn) == 3


def test_agents_by_name_and_bad_seats():
    b = Board(toy(), agents={1: "random"})
    assert hasattr(b.bots[1], "choose")
    with pytest.raises(nl.ConfigError, match="seat 5 does not exist"):
        Board(toy(), agents={5: "random"})
    with pytest.raises(nl.ConfigError, match=r"agents is a dict seat -> agent .*, not 'random'"):
        Board(toy(), agents="random")


@pytest.mark.parametrize("state, shown", [("naeco", "'naeco'"), (None, "None")])
def test_the_generic_board_needs_a_game_state(state, shown):
    with pytest.raises(nl.ConfigError, match=f"a board plays a game's state .*, not {shown}$"):
        Board(state)


def test_game_boards_extend_the_generic_board_through_hooks():
    class Custom(Board):
        def picture(self):
            return f"<svg><text>step {self.state.steps}</text></svg>"

        def extra_widgets(self):
            self.clicks = W.Button(description="first")
            self.clicks.on_click(lambda _b: self.play(self.state.legal_actions()[0]))
            return [self.clicks]

        def refresh_extra(self):
            self.clicks.disabled = self.state.is_over()

        def action_label(self, action, state=None):
            return "→ " + " ".join(map(str, action))

    b = Custom(toy())
    assert b.picture_widget.value == "<svg><text>step 0</text></svg>"
    assert b.clicks in b.extras.children
    assert all(label.startswith("→ ") for label in b.picker.labels)
    b.clicks.click()
    assert b.state.steps == 1 and b.picture_widget.value.endswith("step 1</text></svg>")


def test_a_past_move_is_labelled_from_the_position_it_was_played_in():
    """A game board words a move from the position it is chosen in (action_label's state): the line and
    the "why?" heading of a move already played read the position before it, never the live one, which may
    be about something else by then."""
    class Worded(Board):
        def action_label(self, action, state=None):
            return f"{action} at step {(self.state if state is None else state).steps + 1}"

    b = Worded(toy())
    first = b.state.legal_actions()[0]
    b.play(first)
    b.play(b.state.legal_actions()[0])
    assert b.state.steps == 2
    told = f"{first} at step 1"
    assert b.told(b.history[0][0], first) == told
    assert b.describe(*b._moves()[0]).endswith(f": {told}")
    b.explain(0)
    assert told in b.why_box.value
    b.show_my_view()
    assert b.picker.labels[0].endswith("at step 3")           # a choice now: the live position

@pytest.mark.parametrize("game", ["toy", "naeco"])
def test_a_picture_with_no_place_to_click_is_never_said_to_have_green_places(game):
    """The generic board on a game's plain picture: the prompt and the answer to a click on the picture
    send the person to the choices, and speak of no green place (there is none to click)."""
    b = Board(nl.new_game(game, players=2, seed=7), agents={1: "random"})
    assert b.picture_widget.targets() == [] and b.my_turn()
    assert "green" not in b.prompt_box.value and "pick one of your choices" in b.prompt_box.value
    fp = b.state.to_json()
    b.picture_widget.miss("")
    assert b.message.kind == "error" and "green" not in b.message.text
    assert "pick one of your choices" in b.message.text and b.state.to_json() == fp


def test_a_picture_with_places_to_click_sends_the_person_to_them():
    class Lit(Board):
        def picture(self):
            lit = self.my_turn()
            return "<svg>" + "".join(target("<rect/>", f"action:{i}", str(a), lit=lit)
                                     for i, a in enumerate(self.state.legal_actions())) + "</svg>"

    b = Lit(toy(), agents={1: "random"})
    assert b.picture_widget.targets() and "click a green place on the picture" in b.prompt_box.value
    b.picture_widget.miss("")
    assert "the green places are" in b.message.text


def test_agents_by_name_pair_and_class_go_through_the_agent_factory():
    b = Board(toy(), agents={0: "greedy", 1: ("random", {})}, seed=3)
    assert b.bots[0].name == "greedy" and b.bots[1].name == "random"
    b.play_bots()
    assert b.state.is_over()
    b2 = Board(toy(), agents={1: RandomAgent})
    assert isinstance(b2.bots[1], RandomAgent)
    with pytest.raises(ValueError, match="unknown agent"):
        Board(toy(), agents={1: "nobody"})


def test_bots_named_by_string_are_seeded_so_a_board_replays_the_same_game():
    a = Board(toy(seed=8), agents=["random", "random"])
    b = Board(toy(seed=8), agents=["random", "random"])
    a.play_bots()
    b.play_bots()
    assert a.state.to_json() == b.state.to_json()


def test_board_picks_the_game_s_own_board_when_there_is_one():
    from neko_lab.widgets import board, board_class
    from neko_lab.games.naeco.board import Board as NaecoBoard

    assert board_class("toy") is Board
    assert type(board(toy(), agents={1: "random"})) is Board
    assert board_class("naeco") is NaecoBoard
    b = board(nl.new_game("naeco", players=2, seed=1), agents={1: "random"})
    assert isinstance(b, NaecoBoard) and 1 in b.bots


def test_a_bot_s_options_stay_hidden_when_the_game_has_hidden_hands():
    s = toy()                                  # the toy game hides hands
    b = Board(s, agents={1: FirstAgent()})
    b.controls.auto.value = False
    b.play(next(a for a in s.legal_actions() if str(a) == "draw"))
    assert b.state.current_player == 1
    assert b.picker.labels == [] and b.picker.picture.targets() == []
    b.bot_move()
    assert b.picker.labels == [str(a) for a in b.state.legal_actions()]


def test_score_table_hides_what_the_viewing_seat_may_not_see():
    s = nl.new_game("naeco", players=2, seed=4)
    s.apply(s.legal_actions()[0])
    board = Board(s, agents={1: "random"})
    html = board.scores.widget.value
    assert board.viewer == 0
    own = s.breakdown()[0]["priority"]
    assert "?" in html and "+?" in html, "the other seat's priority points are hidden"
    assert f">{own}</td>" in html
    assert "?" not in score_table_html(s, viewer="all"), "the analyst's view shows everything"
    assert "?" in score_table_html(s), "by default the spectator's view: nobody's secret points"


def test_last_moves_number_each_move_once_from_1_and_why_explains_the_move_beside_it():
    from neko_lab.widgets import board
    b = board(nl.new_game("naeco", players=2, seed=1), agents={1: "greedy"})
    b.picker.choose(0)                                  # the set-up's events are no move
    assert b._move_rows()[0][0] == 0 and "<span style='color:#888'>1.</span> P1: " in b.moves.value
    for game in ("journey", "neptune"):                 # moves that log no event, then ones that do
        b = board(nl.new_game(game, players=2, seed=1), agents={1: "greedy"})
        while len(b.history) < 60:
            if b.my_turn():
                b.picker.choose(0)
            rows = b._move_rows()
            numbers = [n for n, _head, _events in rows]
            assert numbers == list(range(numbers[0], numbers[0] + len(rows))), (game, rows)
            assert [b._why[n] for n in numbers] == sorted(set(b._why.values()))
        assert numbers[-1] == len(b.history) - 1        # bots on one seat and nothing hidden: every move counts
        b.click(f"why:{numbers[-1]}")
        last = b.describe(*b._moves()[-1]).split(": ", 1)[1]
        assert last in b.why_box.value


def test_a_boards_repr_names_its_bots_as_the_table_does():
    b = nl.widgets.board(nl.new_game("naeco", players=3, seed=42), agents={1: "naeco", 2: "random"})
    assert repr(b).endswith(", bots: Player 2, Player 3>")
    assert repr(nl.widgets.board(nl.new_game("naeco", players=2, seed=42))).endswith(", bots: none>")


def test_a_shown_board_carries_its_picture_for_a_page_without_the_widget(monkeypatch):
    """A notebook is saved without widget state: where the widget has no model (a notebook opened before
    its cells run) the reader gets the board's picture and how to play instead of an error."""
    import IPython.display

    shown = []
    monkeypatch.setattr(IPython.display, "display", lambda *objs, **kw: shown.append((objs, kw)))
    b = nl.lesson("naeco")
    b._ipython_display_()
    (bundle,), kw = shown[0]
    assert kw.get("raw") is True
    assert bundle["application/vnd.jupyter.widget-view+json"]["model_id"] == b.widget.model_id
    assert "Run this cell to play" in bundle["text/html"] and bundle["text/html"].count("<img") == 1
    assert "Run this cell to play" in bundle["text/plain"]


def test_the_static_view_draws_each_picture_of_the_table_as_an_image():
    # an untrusted notebook strips inline SVG from HTML outputs (its texts then run together) but shows images
    import base64
    import re

    from neko_lab.widgets.board import svg_as_images

    html = "<div><svg width='2'><rect/></svg><p>text</p><svg xmlns=\"http://www.w3.org/2000/svg\"><g/></svg></div>"
    out = svg_as_images(html)
    assert "<svg" not in out and "<p>text</p>" in out and out.count("<img") == 2
    sources = [base64.b64decode(m).decode() for m in re.findall(r"base64,([A-Za-z0-9+/=]+)'", out)]
    assert sources == ['<svg xmlns="http://www.w3.org/2000/svg" width=\'2\'><rect/></svg>',
                       '<svg xmlns="http://www.w3.org/2000/svg"><g/></svg>']
    for game in ("naeco", "journey", "syndicate", "neptune"):
        b = Board(nl.new_game(game, players=2, seed=1))
        view = b.static_view()["text/html"]
        assert "<svg" not in view and view.count("<img") == b.picture_widget.value.count("<svg") > 0
