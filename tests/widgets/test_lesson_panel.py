"""The lesson panel (neko_lab.widgets.lesson): lessons are data in neko_lab.learn, the board that
shows them is a widget, and the import arrow points one way; the expected move is marked on the
picture, with its callout, apart from the other legal targets."""
from __future__ import annotations

import ast
import html
import pathlib
import subprocess
import sys

import pytest

import neko_lab as nl
from neko_lab.core.errors import ConfigError
from neko_lab.learn import make_lesson
from neko_lab.widgets import Board, ClickPicture, mark_expected, target

from .helpers import FirstAgent, toy

PACKAGE = pathlib.Path(nl.__file__).parent


def _imports(path: pathlib.Path) -> set[str]:
    """Absolute module names a file imports (relative imports resolved against its package)."""
    tree = ast.parse(path.read_text())
    pkg = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts[:-1])
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = pkg.split(".")[:len(pkg.split(".")) - node.level + 1] if node.level else []
            mod = ".".join(base + ([node.module] if node.module else []))
            out.add(mod)
            out |= {f"{mod}.{a.name}" for a in node.names}
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and "neko_lab.widgets" in node.value:
            out.add(node.value)             # importlib.import_module("neko_lab.widgets...") by name
    return out


def test_learn_never_imports_widgets():
    offenders = sorted(str(p.relative_to(PACKAGE)) for p in (PACKAGE / "learn").rglob("*.py")
                       if any(m.startswith("neko_lab.widgets") for m in _imports(p)))
    assert offenders == []


def test_importing_learn_and_making_a_lesson_loads_no_widget():
    code = ("import sys, neko_lab.learn as L; L.make_lesson('naeco').step(L.make_lesson('naeco').new_game());"
            "print([m for m in sys.modules if m.startswith('neko_lab.widgets') or m == 'ipywidgets'])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_nl_lesson_is_the_games_own_board_with_the_lesson_and_board_false_the_lesson():
    b = nl.lesson("naeco")
    assert type(b).__module__ == "neko_lab.games.naeco.board" and b.lesson is not None
    assert "Welcome to Na" in b.lesson_box.value and "Step 1 of" in b.lesson_box.value
    assert nl.lesson("naeco", board=False).intro == b.lesson.intro


def test_an_unknown_topic_is_refused_naming_the_topics():
    with pytest.raises(ConfigError, match="no topic 'nothing'"):
        make_lesson("naeco", "nothing")


def test_a_step_names_its_expected_move_and_a_callout():
    les = make_lesson("naeco")
    step = les.step(les.new_game())
    assert step.expected in les.new_game().legal_actions() and step.callout


def test_mark_expected_marks_only_the_named_lit_targets_and_pins_the_callout_once():
    svg = "<svg>" + target("<rect/>", "a", "tip") + target("<rect/>", "b") + target("<rect/>", "c", lit=False) + "</svg>"
    out = mark_expected(svg, ["b", "c"], "your move <here>")
    assert out.count("neko-expected") == 1 and 'data-target="b"' in out.split("neko-expected")[1][:80]
    assert 'data-callout="your move &lt;here&gt;"' in out
    pic = ClickPicture()
    pic.value = out
    assert pic.targets() == ["a", "b"] and pic.targets(lit_only=False) == ["a", "b", "c"]


class ActionBoard(Board):
    """The generic board with a picture whose targets are the legal actions."""

    def picture(self):
        legal = self.state.legal_actions() if self.my_turn() else []
        return "<svg>" + "".join(target("<rect/>", f"action:{i}", str(a)) for i, a in enumerate(legal)) + "</svg>"


class Step:
    def __init__(self, expected):
        self.expected, self.callout = expected, "click me"
        self.say = f"Play {expected}."

    def check(self, action):
        return None if action == self.expected else f"this step asks for {self.expected}"


class Lesson:
    intro = "Welcome."

    def step(self, state):
        return Step(state.legal_actions()[-1])

    def finale(self, state):
        return "Over."


def test_the_expected_move_is_marked_on_the_picture_and_in_the_choices():
    b = ActionBoard(toy(), agents={1: FirstAgent()}, lesson=Lesson())
    legal = b.state.legal_actions()
    last = f"action:{len(legal) - 1}"
    value = b.picture_widget.value
    assert value.count("neko-expected") == 1
    assert f'class="neko-target neko-lit neko-expected" data-callout="click me" data-target="{last}"' in value
    assert b.picker.picture.value.count("this step") == 1
    assert b.picture_widget.targets() == [f"action:{i}" for i in range(len(legal))]


def test_naeco_lesson_marks_the_hand_card_then_its_place():
    b = nl.lesson("naeco")
    want, note = b.lesson_panel.expected, html.escape(b.lesson_panel.callout, quote=True)
    assert f'neko-expected" data-callout="pick this card" data-target="hand:{want.card}"' in b.picture_widget.value
    b.picture_widget.click(f"hand:{want.card}")
    assert f'neko-expected" data-callout="{note}" data-target="cell:{want.depth}:{want.col}"' \
        in b.picture_widget.value


class AutoStep(Step):
    def __init__(self, expected, auto):
        super().__init__(expected)
        self.auto = auto


class AutoLesson(Lesson):
    """Every other decision of the learner has nothing new: the lesson makes it for them."""

    def step(self, state):
        return AutoStep(state.legal_actions()[-1], auto=state.steps % 4 == 2)


def test_a_step_with_nothing_new_is_played_for_the_learner_and_said_so():
    b = ActionBoard(toy(), agents={1: FirstAgent()}, lesson=AutoLesson())
    assert b.play(b.state.legal_actions()[-1])            # the learner's move; the bot replies by itself,
    rows = [head for _k, head, _e in b._move_rows()]      # then the lesson plays the learner's next move
    assert any("(played for you by the lesson)" in r for r in rows), rows
    assert b.state.is_over() or b.lesson_panel.step.auto is False


def test_a_drill_step_marks_every_right_answer():
    class Many(Step):
        def __init__(self, legal):
            super().__init__(legal[0])
            self.answers = legal[:2]

    class Drill(Lesson):
        def step(self, state):
            return Many(state.legal_actions())

    b = ActionBoard(toy(), agents={1: FirstAgent()}, lesson=Drill())
    assert b.picture_widget.value.count("neko-expected") == 2
    assert b.picker.picture.value.count("this step") == 2


def test_the_journey_lesson_tells_the_bots_hidden_draft_pick_as_picks_a_die():
    """After the learner's first step the bot drafts a die out of the learner's sight: the message line,
    the last moves, the log and the lesson text say it picks a die, never which."""
    from neko_lab.widgets.misclick import plain

    b = nl.lesson("journey")
    b.play_bots()
    assert b.decision() == "bonus"
    b.play(b.lesson_panel.expected)
    b.play_bots()
    assert b.decision() == "draft" and b.my_turn()
    before, pick = b.history[-1]
    assert before.current_player == 1 and getattr(pick, "kind", "") == "draft"     # the bot's secret pick
    # the message line tells the bot's moves since the learner's: its draft last, as the table saw it
    assert b.message.text.endswith("picks a die") and "P2 (bot): " in b.message.text
    # the line naming the learner's own move ("Your move: draft a 6") may name the bot's die by chance
    own = f"Your move: {b.action_label(b.lesson_panel.expected)}"
    assert own in plain(b.lesson_panel.widget.value)
    shown = " ".join(plain(w) for w in (b.message.text, b.moves.value, b.log.widget.value,
                                          b.lesson_panel.widget.value)).replace(own, "")
    assert "picks a die" in shown
    assert "P2 (bot): draft" not in shown and str(b.action_label(pick)) not in shown


@pytest.mark.parametrize("game", ["naeco", "journey", "syndicate", "neptune"])
def test_the_lesson_box_opens_on_the_step_with_the_welcome_after_it(game):
    import re
    b = nl.lesson(game)                 # in Neptune the bot moves first: the welcome is still there
    text = html.unescape(re.sub(r"<[^>]+>", " ", b.lesson_box.value)).strip()
    assert text.startswith(f"Your move: {b.lesson_panel.expected}")
    text = text[text.index("Step 1 of"):]
    assert text.index("Welcome to") > text.index("Step 1 of")
    step = text[:text.index("Welcome to")]
    # the box shows ten to twelve lines of about 35 letters: the step's instruction is among them
    do = {"naeco": "Play Thresher shark", "journey": "Take the tile", "syndicate": "Keep two",
          "neptune": "Sell Build for 1 credit"}[game]
    assert 0 <= step.find(do) < 400, step


@pytest.mark.parametrize("game", ["naeco", "journey", "syndicate", "neptune"])
def test_a_scripted_step_names_its_move_above_the_explanation_that_scrolls(game):
    """However long the step's explanation, the move it asks for is named on a line of its own above
    the scrolling text, in the words the choices use."""
    import re
    b = nl.lesson(game)
    value = b.lesson_box.value
    line = re.search(r"<div class='neko-your-move'[^>]*>(.*?)</div>", value)
    assert line and html.unescape(line.group(1)) == f"Your move: {b.action_label(b.lesson_panel.expected)}"
    scrolls = value.index("overflow-y:auto")
    assert line.start() < value.index("<div class='neko-lesson-text'") < scrolls < value.index("Step 1 of")
    assert "overflow" not in value[:value.index("<div class='neko-lesson-text'")]


def test_a_drill_leaves_its_answer_to_the_learner_and_a_routine_step_names_no_move():
    drill = nl.lesson("naeco", "food-chain")
    assert drill.lesson_panel.step is not None and drill.lesson_panel.step.scripted
    assert "Your move" not in drill.lesson_box.value and "neko-your-move" not in drill.lesson_box.value
    b = nl.lesson("syndicate")
    b.controls.auto.value = False                           # the routine move waits to be seen
    for _ in range(40):
        if getattr(b.lesson_panel.step, "auto", False):
            break
        if b.my_turn():
            b.play(b.lesson_panel.expected)
        else:
            b.play_bots()
    assert b.lesson_panel.step.auto
    assert "neko-your-move" not in b.lesson_box.value and "routine move" in b.lesson_box.value


def _lesson_text(b):
    import re
    return html.unescape(re.sub(r"<[^>]+>", " ", b.lesson_box.value))


@pytest.mark.parametrize("game", ["naeco", "syndicate"])
def test_restart_on_a_lesson_board_starts_the_lesson_again_from_its_first_step(game):
    b = nl.lesson(game)
    first = b.lesson_panel.step.say
    for _ in range(3):
        b.play(b.lesson_panel.expected)
    assert b.lesson_panel.step.number > 1
    b.restart()
    assert b.state.seed == b.lesson.seed and not b.history
    assert b.lesson_panel.step.number == 1 and b.lesson_panel.step.say == first
    assert "starts again from its first step" in b.message.text
    # the Restart button does the same (its "new seed" box starts unticked on a lesson's board)
    b.play(b.lesson_panel.expected)
    b.controls.restart_button.click()
    assert b.lesson_panel.step.number == 1


def test_restart_on_a_lesson_board_with_another_seed_says_why_the_script_stops():
    b = nl.lesson("naeco")
    b.restart(seed=12345)
    assert b.state.seed == 12345
    step = b.lesson_panel.step
    assert not step.scripted
    text = _lesson_text(b)
    assert "another seed" in text and "a different move was played" not in text
    assert "You know the whole turn now" not in text       # nothing was taught on this game
    b.controls.new_seed.value = True                        # ticked: the button draws a fresh seed
    b.controls.restart_button.click()
    assert b.state.seed not in (12345, b.lesson.seed)


def test_undo_never_stops_on_a_step_the_lesson_plays_by_itself():
    """Syndicate step 12 repeats a move the learner made once: the lesson plays it. Undo from step 13
    goes back past it to the learner's own last decision; nothing is left waiting for a move."""
    b = nl.lesson("syndicate")
    while b.lesson_panel.step.number < 13:
        b.play(b.lesson_panel.expected)
    script = b.lesson.script()
    assert b.lesson._auto[11] and not b.lesson._auto[10]       # step 12 routine, step 11 taught
    b.undo_turn()
    step = b.lesson_panel.step
    assert step.number == 11 and not step.auto and b.my_turn() and not b.bot_to_move()
    assert b.state.steps == script[10][0]


@pytest.mark.parametrize("game, number", [("syndicate", 13), ("journey", 7)])
def test_a_routine_step_reached_by_undo_is_played_and_both_click_paths_agree(game, number):
    b = nl.lesson(game)
    while b.lesson_panel.step.number < number:
        b.play(b.lesson_panel.expected)
    b.controls.pause_button.value = True          # bots paused: the routine move waits for Bot move
    back = next(k for k in range(len(b.history) - 1, -1, -1) if b.lesson_auto(b.history[k][0]) is not None)
    b.undo(len(b.history) - back)               # back onto the last move the lesson made for the learner
    step = b.lesson_panel.step
    assert "lesson plays this routine move for you" in b.prompt_box.value
    n = len(b.history)
    names = b.expected_targets(step.expected, b.picture())
    for click in ([lambda: b.click(names[0])] if names else []) + [
            lambda: b._choose_index(b.state.legal_actions().index(step.expected))]:
        click()
        assert len(b.history) == n and "routine move for you: press Bot move" in b.message.text
    b.controls.pause_button.value = False         # resumed: the lesson plays it, as a bot would
    assert len(b.history) > n and not b.lesson_panel.step.auto
    # and undo onto a routine step while the bots run: the lesson plays it at once
    b.undo(1)
    assert not b.bot_to_move() and b.my_turn()
