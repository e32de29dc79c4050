"""The generic board as a learner uses it: click targets on the picture, bots that reply by themselves
and say what they did, "why?" and hints (through neko_lab.learn when present), a guided lesson, and
the review of a finished game move by move."""
from __future__ import annotations

import html
import re
import sys
import types

import ipywidgets as W
import pytest

import neko_lab as nl
from neko_lab.agents.base import RandomAgent
from neko_lab.core.errors import SaveError
from neko_lab.widgets import Board, ClickPicture, history_save, positions, target

from statecheck import fingerprint
from .helpers import FirstAgent, toy


# ---------------------------------------------------------------------------------- the picture
def test_a_click_on_a_picture_target_reaches_python_and_only_lit_targets_are_listed():
    got = []
    pic = ClickPicture(on_click=got.append)
    pic.value = ("<svg>" + target("<rect/>", "pile:1", "draw from pile 2") +
                 target("<rect/>", "pile:2", "not now", lit=False) + "</svg>")
    assert pic.targets() == ["pile:1"] and pic.targets(lit_only=False) == ["pile:1", "pile:2"]
    assert "<title>draw from pile 2</title>" in pic.value         # hovering says what a click does
    pic._receive(pic, {"target": "pile:1"}, [])                   # the message a browser click sends
    assert got == ["pile:1"]


class Picturing(Board):
    """A game board whose picture offers every legal action as a target."""

    def picture(self):
        return "<svg>" + "".join(target("<rect/>", f"action:{i}", str(a), lit=self.my_turn())
                                 for i, a in enumerate(self.state.legal_actions())) + "</svg>"


def test_a_game_board_maps_picture_targets_to_actions():
    b = Picturing(toy())
    legal = b.state.legal_actions()
    assert b.picture_widget.targets() == [f"action:{i}" for i in range(len(legal))]
    b.picture_widget.click("action:1")
    assert b.history[0][1] == legal[1] and b.state.steps == 1
    assert b.click("nowhere") is False and "not a move you can make" in b.message.text


# ---------------------------------------------------------------------------------- bots
def test_bots_reply_by_themselves_and_each_move_is_told_in_words_newest_first():
    b = Board(toy(players=3), agents={1: FirstAgent(), 2: FirstAgent()})
    b.play(b.state.legal_actions()[0])
    while b.state.current_player == 0 and not b.state.is_over() and len(b.history) < 3:
        b.play(b.state.legal_actions()[0])
    assert b.state.current_player == 0 or b.state.is_over()
    moves = b.moves.value
    assert "P2 (bot): " in moves and "P3 (bot): " in moves
    # what just happened stands at the top of the list (in sight under the choices), the oldest last
    assert moves.index("P3 (bot): ") < moves.index("P2 (bot): ") < moves.index("P1: ")
    numbers = [int(n) for n in re.findall(r"<span style='color:#888'>([0-9]+)\.</span>", moves)]
    assert numbers == sorted(numbers, reverse=True) and numbers[-1] == 1
    # the message line says what the bots did since the person's move, in order, each bot named
    said = b.message.text
    assert said.startswith("Since your last move: ") and said.index("P2 (bot): ") < said.index("P3 (bot): ")
    assert "bots played" not in moves + said
    afters = [before for before, _a in b.history[1:]] + [b.state]
    for (before, _action), after in zip(b.history, afters):   # each move in the game's own words
        assert after.log[len(before.log)].text in moves


def test_the_message_line_names_the_moves_since_yours_the_last_few_and_how_many(monkeypatch):
    """More bot moves since the person's than the line names: how many there were, then the last
    TOLD_SINCE of them in order; a bot's opening move is told as it is; after the person's own move
    (nobody replied yet), that move."""
    from neko_lab.widgets import telling
    monkeypatch.setattr(telling, "TOLD_SINCE", 2)         # the toy game seats at most 4
    TOLD_SINCE, n = 2, 4
    b = Board(toy(players=n), agents={s: FirstAgent() for s in range(n) if s != 1})
    b.controls.auto.value = False
    b.play_bots()                                     # seat 1 opened by the bot at seat 0
    assert b.message.text == b.describe(*b._moves()[-1]) and b.message.text.startswith("P1 (bot): ")
    b.play(b.state.legal_actions()[0])
    assert b.message.text == f"P2: {b.action_label(b.history[-1][1])}"
    b.play_bots()
    said = b.message.text
    assert said.startswith(f"Since your last move, {n - 1} moves (the last {TOLD_SINCE} here): ")
    movers = [f"P{before.current_player + 1} (bot): " for before, _a in b.history[2:]]   # after P2's move
    assert len(movers) == n - 1 and len(set(movers)) == n - 1
    told, untold = movers[-TOLD_SINCE:], movers[:-TOLD_SINCE]
    at = [said.find(w) for w in told]
    assert -1 not in at and at == sorted(at) and not any(w in said for w in untold)
    b.restart(seed=b.start.seed)      # the bot opens again: one move, told as it is (a fresh seed may
    b.play_bots()                     # deal a toy game whose bot opens with two moves)
    assert b.message.text.startswith("P1 (bot): ")


def test_pause_stops_the_bots_and_resume_lets_them_go_on():
    b = Board(toy(), agents={1: FirstAgent()})
    b.controls.pause_button.value = True
    b.play(b.state.legal_actions()[0])
    while b.state.current_player == 0:
        b.play(b.state.legal_actions()[0])
    assert b.state.current_player == 1 and b.controls.pause_button.description == "Resume"
    b.controls.pause_button.value = False
    assert b.state.current_player == 0 or b.state.is_over()


def test_speed_instant_and_turned_off_bots():
    b = Board(toy(), agents={1: FirstAgent()})
    assert b.controls.delay > 0 and b.controls.speed.options == ("slow", "normal", "fast", "instant")
    b.controls.speed.value = "instant"
    assert b.controls.delay == 0
    b.controls.auto.value = False
    b.play(b.state.legal_actions()[0])
    while b.state.current_player == 0:
        b.play(b.state.legal_actions()[0])
    assert b.state.current_player == 1 and not b.controls.bot_button.disabled


# ---------------------------------------------------------------------------------- why? and hints
def test_why_without_the_learn_package_cites_the_rule_of_each_event(monkeypatch):
    monkeypatch.setitem(sys.modules, "neko_lab.learn", None)     # as if neko_lab.learn were absent
    b = Board(toy())
    assert b.hint_button.layout.display == "none"
    assert b.hint_row.layout.display != "none" and b.controls.undo_button in b.hint_row.children
    b.play(b.state.legal_actions()[0])
    assert "why:0" in b.moves.targets()
    b.moves.click("why:0")
    assert "Why? P1:" in b.why_box.value and "Toy › Turn" in b.why_box.value
    assert b.explain(5) is False and "no move 6" in b.message.text


@pytest.fixture
def learn(monkeypatch):
    calls = []
    viewers = []

    class Explanation:
        def __init__(self, rule, lines):
            self.rule, self.lines = rule, lines

    class Hint:
        def __init__(self, action, value, reasons):
            self.action, self.value, self.reasons = action, value, reasons

        def summary(self):
            return f"{self.value:.1f} points at the end on average (over 4 sampled futures)"

    def explain_move(before, action, after, viewer="public"):
        calls.append((before.steps, action, after.steps))
        viewers.append(viewer)
        return Explanation("Toy › Turn", [f"score {before.scores()[0]} -> {after.scores()[0]}"])

    def hint(state, k=3):
        return [Hint(a, 1.0 - i / 10, [f"reason {i + 1}"]) for i, a in enumerate(state.legal_actions()[:k])]

    mod = types.ModuleType("neko_lab.learn")
    mod.explain_move, mod.hint = explain_move, hint
    mod.viewers = viewers
    monkeypatch.setitem(sys.modules, "neko_lab.learn", mod)
    return calls


def test_why_asks_the_learn_package_about_the_position_before_and_after_that_move(learn):
    b = Board(toy(), agents={1: FirstAgent()})
    first = b.state.legal_actions()[0]
    b.play(first)
    b.explain(0)
    assert learn[-1] == (0, first, 1)
    assert "rule: Toy › Turn" in b.why_box.value and "score 0 -&gt; " in b.why_box.value
    b.explain(len(b.history) - 1)                 # the latest move (a bot's reply) can be asked too
    assert learn[-1][0] == len(b.history) - 1


def test_hint_shows_three_moves_with_their_points_and_reasons(learn):
    b = Board(toy())
    assert b.hint_button.layout.display != "none" and not b.hint_button.disabled
    b.hint_button.click()
    text = b.hint_box.value
    legal = b.state.legal_actions()
    assert text.count("<li>") == min(3, len(legal)) and "1.0 points at the end on average (over 4 sampled futures)" in text
    assert "reason 1" in text and str(legal[0]) in text


def test_hint_1_stands_under_the_button_above_the_choices_and_its_moves_are_marked_in_the_list(learn):
    """Hint 1 in full right under the Hint button, the next hints on one line a click opens; each hinted
    choice carries its "hint k" badge (hint 1's is the one the list scrolls to); a move takes all away."""
    b = Board(toy(), agents={1: FirstAgent()})
    side = next(w for w in b.widget.children[0].children if "neko-side" in w._dom_classes)
    parts = list(side.children)
    assert parts.index(b.hint_row) < parts.index(b.hint_box) < parts.index(b.picker.widget)
    assert b.hint_box.layout.display == "none"                  # empty, it takes no room
    legal = b.state.legal_actions()
    ranks = sys.modules["neko_lab.learn"].hint
    sys.modules["neko_lab.learn"].hint = lambda state, k=3: list(reversed(ranks(state, k)))    # the last first
    b.hint_button.click()
    assert b.hint_box.layout.display != "none"
    box = html.unescape(b.hint_box.value)

    def text(part):
        return re.sub(r"<[^>]+>", "", part)

    first = text(box[box.index("neko-hint-first"):box.index("</li>")])
    # hint 1 is the third choice: named by its number in the list, its move, value and reasons
    assert f"hint 1 choice 3: {legal[2]} — 0.8 points at the end" in first and "reason 3" in first
    more = box[box.index("<details"):]
    summary = text(more[:more.index("</summary>")])
    assert "hint 2 choice 2" in summary and "hint 3 choice 1" in summary and "reason" not in summary
    assert "reason 2" in more and "reason 1" in more                 # in full once opened
    rows = re.findall(r"<div style='[^']*' class=\"([^\"]*)\" data-target=\"action:(\d)\".*?</div>",
                      b.picker.picture.value)
    assert [("neko-hinted" in cls, i) for cls, i in rows] == [(False, "0"), (False, "1"), (True, "2")]
    listed = b.picker.picture.value
    for rank, i in ((1, 2), (2, 1), (3, 0)):
        row = listed[listed.index(f'data-target="action:{i}"'):]
        assert f">hint {rank}</span>" in row[:row.index("</div>")]
    calls = []
    sys.modules["neko_lab.learn"].hint = lambda state, k=3: calls.append(k) or list(reversed(ranks(state, k)))
    shown, listed = b.hint_box.value, b.picker.picture.value
    b.hint_button.click()           # again on the same position: the hint shown stands, nothing redrawn
    assert calls == [] and (b.hint_box.value, b.picker.picture.value) == (shown, listed)
    b.play(legal[0])
    assert b.hint_box.layout.display == "none" and "hint 1" not in b.picker.picture.value
    b.hint_button.click()           # a new position asks again
    assert calls == [3]


class Scripted:
    """A lesson's scripted step: it names its move (tells_move) and the section it shows."""

    def __init__(self, want):
        self.expected, self.rule, self.tells_move = want, "Toy › Turn", True
        self.say = f"Play {want}."

    def check(self, action):
        return None if action == self.expected else "not this one"


class ScriptedLesson:
    intro = "Welcome."

    def __init__(self, pick):
        self.pick = pick

    def step(self, state):
        return Scripted(self.pick(state.legal_actions()))

    def finale(self, state):
        return "over"


@pytest.mark.parametrize("pick, place", [(lambda legal: legal[1], 2), (lambda legal: legal[-1], None)])
def test_a_hint_on_a_scripted_step_says_what_the_lesson_asks_before_the_ranking(learn, pick, place):
    """The lesson's move first, with the section it shows; then the look-ahead's ranking, said to be its
    own, with the place of the lesson's move in it (or that it is not among the moves ranked)."""
    ranks = sys.modules["neko_lab.learn"].hint
    sys.modules["neko_lab.learn"].hint = lambda state, k=3: ranks(state, k=2)     # ranks two of three moves
    b = Board(toy(), lesson=ScriptedLesson(pick))
    legal = b.state.legal_actions()
    assert len(legal) == 3
    want = pick(legal)
    b.hint_button.click()
    text = html.unescape(b.hint_box.value)
    asks = text.index("The lesson asks for")
    assert f"<b>{want}</b> (this step shows Toy › Turn): play it to follow the lesson" in text
    assert asks < text.index("How a quick look-ahead ranks the moves") < text.index("<li>")
    assert "not the lesson's script" in text
    if place is None:
        assert "does not rank the lesson's move among its top 2" in text and "← the lesson's move" not in text
    else:
        assert f"The lesson's move is number {place} of this ranking" in text
        assert text.count("← the lesson's move") == 1


def test_a_hint_in_free_play_or_a_drill_is_the_ranking_alone(learn):
    b = Board(toy(), lesson=Lesson())                 # its steps do not name their move
    b.hint_button.click()
    assert "The lesson asks" not in b.hint_box.value and b.hint_box.value.count("<li>") == 3


# ---------------------------------------------------------------------------------- lessons
class Step:
    def __init__(self, want):
        self.want = want
        self.say = f"Play {want}: it is the move this step teaches."

    def check(self, action):
        return None if action == self.want else f"Not {action}: this step asks for {self.want}."


class Lesson:
    intro = "Welcome to your first game."

    def __init__(self):
        self.asked = []

    def step(self, state):
        self.asked.append(state.steps)
        return Step(state.legal_actions()[-1])

    def finale(self, state):
        return f"Final scores: {state.scores()}"


def test_a_lesson_says_what_to_do_refuses_a_wrong_move_and_ends_with_its_finale():
    lesson = Lesson()
    b = Board(toy(), agents={1: FirstAgent()}, lesson=lesson)
    legal = b.state.legal_actions()
    assert "Welcome to your first game." in b.lesson_box.value
    assert f"Play {legal[-1]}" in b.lesson_box.value
    saved = fingerprint(b.state)
    assert b.play(legal[0]) is False                      # wrong: explained, not played, retry
    assert f"this step asks for {legal[-1]}" in b.message.text and fingerprint(b.state) == saved
    assert b.play(legal[-1]) is True
    while not b.state.is_over():                          # the learner follows; the bot replies
        assert b.play(b.lesson.step(b.state).want)
    assert "Final scores" in b.lesson_box.value
    assert any("(bot)" in row[1] for row in b._move_rows())


# ---------------------------------------------------------------------------------- review
def played(seed=5):
    b = Board(toy(seed=seed), agents=[RandomAgent(seed=1), RandomAgent(seed=2)])
    b.play_bots()
    assert b.state.is_over()
    return b


def test_a_saved_game_opens_on_a_board_and_steps_forwards_and_back():
    game = played()
    text = game.save()
    states, actions = positions(text)
    assert len(states) == len(game.history) + 1 and actions == [a for _b, a in game.history]
    assert [s.to_json() for s in states[:-1]] == [b.to_json() for b, _a in game.history]
    b = Board.from_save(text)
    assert b.review is not None and b.at == 0 and "position 1 of" in b.status.value
    assert b.state.to_json() == game.history[0][0].to_json()
    assert b.review_buttons[0].disabled and not b.review_buttons[2].disabled
    b.review_buttons[2].click()                                  # one move on
    assert b.at == 1 and b.state.to_json() == game.history[1][0].to_json()
    assert "P1" in b.moves.value or "P2" in b.moves.value      # the move that led here, in words
    b.review_buttons[3].click()                                  # to the end
    assert b.state.is_over() and b.state.to_json() == game.state.to_json()
    b.review_buttons[1].click()                                  # and one back
    assert not b.state.is_over()
    assert b.play(b.state.legal_actions()[0]) is False and "reviewing" in b.message.text
    b.play_on_button.click()                                     # play on from that position
    assert b.review is None and len(b.history) == b.at == len(states) - 2


def test_a_board_reviews_its_own_game():
    b = played()
    end = fingerprint(b.state)
    b.review_button.click()
    assert b.at == 0 and len(b.review) == len(b.history) + 1
    b.review_go("last")
    assert fingerprint(b.state) == end


def test_an_edited_history_is_refused_naming_the_step():
    import json

    game = played()
    doc = json.loads(history_save(game.start, [a for _b, a in game.history]))
    doc["actions"][2], doc["actions"][3] = doc["actions"][3], doc["actions"][2]
    doc["actions"].insert(1, doc["actions"][0])
    with pytest.raises(SaveError, match=r"step 2: .* is not legal"):
        positions(json.dumps(doc))
    with pytest.raises(SaveError):
        Board.from_save("not a save")


@pytest.mark.parametrize("raw", [{"~m": 5}, {"~r": "abc"}, {"~e": [1]}, {"~d": 5}])
def test_a_history_with_an_unreadable_action_is_refused_as_nl_from_json_refuses_it(raw):
    import json

    game = played()
    doc = json.loads(history_save(game.start, [a for _b, a in game.history]))
    doc["actions"][1] = raw
    for load in (positions, Board.from_save):
        with pytest.raises(SaveError, match=r"^step 2: .* is not an action this save can describe"):
            load(json.dumps(doc))


def test_a_save_opens_from_its_file_and_a_broken_one_says_where_it_breaks_off(tmp_path):
    game = played()
    path = tmp_path / "game.json"
    path.write_text(game.save(), encoding="utf-8")
    b = Board.from_save(path)                                    # a pathlib.Path, as nl.from_json takes
    assert len(b.review) == len(game.history) + 1
    cut = tmp_path / "cut.json"
    cut.write_text(game.save()[:-20], encoding="utf-8")
    with pytest.raises(SaveError) as err:
        Board.from_save(cut)
    assert str(err.value).startswith(f"{cut}: not a neko_lab save: not JSON (") and "line 1, column" in str(err.value)
    assert b.open_save(game.save()[:-20]) is False
    assert "not JSON (" in b.message.text and "line 1, column" in b.message.text


def test_a_snapshot_save_opens_as_one_position():
    s = toy()
    s.apply(s.legal_actions()[0])
    states, _ = positions(s.to_json()) if not hasattr(nl, "replay") else (list(nl.replay(s.to_json())), None)
    assert states[-1].to_json() == s.to_json()
    assert history_save(s, []).startswith('{"format": "neko-lab-history-1"')


def test_the_open_a_save_control_reviews_a_saved_game_and_refuses_a_bad_one():
    game = played()
    b = Board(toy(seed=9))
    assert b.load.description == "Open a save" and not isinstance(b.load, W.FileUpload)  # no "(0)" counter
    b.load._receive(b.load, {"text": game.save(), "name": "game.json"}, [])     # the browser sends the file
    assert b.review is not None and len(b.review) == len(game.history) + 1
    assert b.open_save("{broken") is False and "cannot be opened" in b.message.text
    other = nl.new_game("naeco", players=2, seed=1)
    assert b.open_save(other.to_json()) is False and "game of naeco" in b.message.text


def test_the_open_a_save_control_reads_the_file_s_bytes_and_refuses_one_that_is_not_utf8():
    """The front end sends a file's bytes as they are: Python reads them, and a byte that is not
    UTF-8 is refused as README says, not read as a replacement character into a confusing error."""
    data = played().save().encode()
    b = Board(toy(seed=9))
    b.load._receive(b.load, {"name": "game.json"}, [memoryview(data)])
    assert b.review is not None and len(b.review) == len(positions(data)[0])
    b = Board(toy(seed=9))
    bad = data[:20] + "é".encode("latin-1") + data[20:]            # saved by an editor in Latin-1
    b.load._receive(b.load, {"name": "game.json"}, [memoryview(bad)])
    assert b.review is None and b.message.kind == "error"
    assert "This save cannot be opened: not a neko_lab save: not UTF-8 text" in b.message.text


def test_the_open_a_save_control_refuses_a_file_too_long_by_its_size_and_clears_what_it_said_before():
    """A file longer than a save can be is never read nor sent (the kernel's connection would drop
    it without a word): the front end sends its size, checked against the limit the control holds."""
    from neko_lab.core.saves import MAX_SAVE_CHARS
    b = Board(toy(seed=9))
    assert b.load.max_bytes == MAX_SAVE_CHARS                       # the one limit, read by the front end
    assert b.open_save("{broken") is False and b.message.kind == "error"
    b.load._receive(b.load, {"chosen": "big.json"}, [])             # a new file chosen: the old error goes
    assert b.message.text == ""
    b.load._receive(b.load, {"too_long": 40 * 1024 * 1024, "name": "big.json"}, [])
    assert b.review is None and b.message.kind == "error"
    assert b.message.text == ("This save cannot be opened: not a neko_lab save: 41,943,040 bytes is far "
                              f"longer than any game (saves are at most {MAX_SAVE_CHARS:,})")
    b.load._receive(b.load, {"unreadable": "NotReadableError", "name": "gone.json"}, [])
    assert "could not read the file (NotReadableError)" in b.message.text


def _shown(button) -> bool:
    return button.layout.display != "none"


def _mid_game(moves=4):
    b = Board(toy(seed=9), agents={1: FirstAgent()})
    while len(b.history) < moves:
        b.picker.choose(0)                                       # the person's move; the bot replies
    return b


def test_back_to_my_game_returns_from_an_opened_save_to_the_game_in_progress():
    b = _mid_game()
    mine, steps = fingerprint(b.state), len(b.history)
    assert not _shown(b.back_button)                             # nothing to go back to while playing
    b.load._receive(b.load, {"text": played().save(), "name": "game.json"}, [])
    assert b.review is not None and fingerprint(b.state) != mine
    # the review says how to get back, and the button to do it is in sight and pressable
    assert "“Back to my game” returns to it" in b.message.text and "Back to my game" in b.prompt_box.value
    assert _shown(b.back_button) and not b.back_button.disabled
    b.review_buttons[3].click()                                  # the save's last position is not the game
    assert fingerprint(b.state) != mine
    b.review_buttons[0].click()
    assert b.play(b.state.legal_actions()[0]) is False and "“Back to my game”" in b.message.text
    b.back_button.click()
    assert b.review is None and fingerprint(b.state) == mine and len(b.history) == steps
    assert "Back to your game" in b.message.text and not _shown(b.back_button)
    assert b.my_turn() and not b.controls.undo_button.disabled   # playing it again, undo included
    b.picker.choose(0)
    assert len(b.history) > steps


def test_back_to_my_game_from_a_review_of_the_board_s_own_game():
    b = _mid_game()
    mine = fingerprint(b.state)
    b.review_button.click()
    assert b.at == 0 and _shown(b.back_button) and "“Back to my game” returns" in b.message.text
    b.review_buttons[2].click()
    b.back_button.click()
    assert b.review is None and fingerprint(b.state) == mine and b.my_turn()


def test_play_on_from_a_save_replaces_the_game_and_a_save_board_has_no_game_to_go_back_to():
    b = Board.from_save(played().save())
    assert not _shown(b.back_button) and "Back to my game" not in b.message.text + b.prompt_box.value
    b.review_go(2)
    b.play_on_button.click()                                     # now the board has a game of its own
    assert b.review is None and not _shown(b.back_button)
    mine = fingerprint(b.state)
    assert b.open_save(played(seed=6).save()) and _shown(b.back_button)
    b.back_button.click()
    assert b.review is None and fingerprint(b.state) == mine


def test_the_open_a_save_control_opens_the_same_file_again():
    """The front end sends the text of each file chosen: the same file chosen a second time opens
    again (the browser side empties its file input before each choice: tests/browser)."""
    data = played().save().encode()
    b = _mid_game()

    def choose_file():                                           # as the control's front end sends it
        b.load._receive(b.load, {"text": data.decode(), "name": "game.json"}, [])

    choose_file()
    assert b.review is not None
    b.review_go(2)
    b.play_on_button.click()
    assert b.review is None
    choose_file()
    assert b.review is not None and b.at == 0 and len(b.review) == len(positions(data.decode())[0])


@pytest.mark.parametrize("saved", [1, 3])
def test_a_save_with_another_number_of_players_is_refused_naming_both(saved):
    b = _mid_game()
    mine, seats = fingerprint(b.state), (b.humans, sorted(b.bots))
    other = Board(toy(seed=4, players=saved), agents={i: FirstAgent() for i in range(saved)})
    other.play_bots()
    assert b.open_save(other.save()) is False
    want = f"This save is a game of {saved} player{'s' if saved > 1 else ''} and this board seats 2 players"
    assert want in b.message.text and b.message.kind == "error"
    assert b.review is None and fingerprint(b.state) == mine and (b.humans, sorted(b.bots)) == seats
    assert b.open_save(played().save())                          # a save of its own number opens


def test_in_a_notebook_the_bots_move_one_by_one_after_a_pause():
    import asyncio

    async def session():
        b = Board(toy(players=3), agents={1: FirstAgent(), 2: FirstAgent()})
        b.controls.speed.value = "fast"
        b.play(b.state.legal_actions()[0])
        while b.state.current_player == 0:
            b.play(b.state.legal_actions()[0])
        mine = len(b.history)
        assert b.state.current_player == 1 and "thinking" in b.prompt_box.value   # not yet: a pause first
        await asyncio.sleep(b.controls.delay * 1.6)
        assert len(b.history) > mine                                             # one bot move, then the next
        for _ in range(40):
            if b.state.current_player == 0 or b.state.is_over():
                break
            await asyncio.sleep(b.controls.delay)
        assert b.state.current_player == 0 or b.state.is_over()
        assert "P2 (bot): " in b.moves.value and "P3 (bot): " in b.moves.value

    asyncio.run(session())


def test_a_board_a_bot_opens_starts_by_itself_when_first_shown(capsys):
    """Made with the Board constructor (not a lesson), a game whose first seat is a bot begins when the
    board is displayed, one bot move after a pause as after any move; unticked, it waits for Bot move."""
    import asyncio

    async def session(auto):
        b = Board(toy(players=3), agents={0: FirstAgent(), 2: FirstAgent()})
        b.controls.speed.value = "fast"
        b.controls.auto.value = auto
        await asyncio.sleep(b.controls.delay * 1.6)
        assert not b.history                                   # nothing moves before it is shown
        b._ipython_display_()
        for _ in range(20):
            if b.history:
                break
            await asyncio.sleep(b.controls.delay)
        moved = len(b.history)
        b._ipython_display_()                                  # shown again: no second series of moves
        return b, moved

    b, moved = asyncio.run(session(True))
    assert moved >= 1 and b.history[0][0].current_player == 0
    assert b.state.current_player == 1 and b.my_turn()
    b, moved = asyncio.run(session(False))
    assert moved == 0 and "press <b>Bot move</b>" in b.prompt_box.value
    b = Board(toy(), agents={0: FirstAgent()})                 # outside a notebook: at once
    b._ipython_display_()
    assert b.history and b.my_turn()
    b = Board(toy(), agents={0: FirstAgent(), 1: FirstAgent()})   # bots on every seat: stepped by hand
    b._ipython_display_()
    assert not b.history


def test_why_respects_the_person_s_own_view_and_hints_clear_at_the_end(learn):
    b = Board(toy(), agents={1: FirstAgent()})
    b.controls.auto.value = False
    b.play(b.state.legal_actions()[0])
    b.explain(0)
    assert sys.modules["neko_lab.learn"].viewers[-1] == b.viewer   # the person's own secrets, nobody else's
    b.hint_box.value = "<b>Hint</b> an old hint"
    while not b.state.is_over():
        b.play(b.state.legal_actions()[0])
    assert b.hint_box.value == ""                                  # old hints no longer apply
    b.show_hint()
    assert "over" in b.hint_box.value
