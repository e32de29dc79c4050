"""The lesson panel: a board that teaches. Lessons and drills are scripts and data in neko_lab.learn;
showing them is the board's job, here (widgets use learn, never the reverse).

    import neko_lab as nl
    nl.lesson("naeco")                 # the game's own board playing its guided first game
    nl.lesson("naeco", board=False)    # the Lesson object itself (neko_lab.learn.make_lesson)

While the learner is to move, the panel beside the picture says what to do and why (the step's
`say`, which scrolls in its box; on a scripted step of a lesson a line above it, always in sight,
names the move: "Your move: ..."); on the picture the target of the step's expected move is marked
apart from the other legal targets (class ``neko-expected``, drawn in orange) with the step's short
`callout` pinned beside it, and the same move is marked in the list of choices. A legal but different
move is refused with the step's reason; once the game is over the panel shows the lesson's finale.
"""
from __future__ import annotations

import html
import re
from typing import Any, Hashable, Iterable

import ipywidgets as W

from ..core.state import State
from .picture import lit_targets

LESSON_STYLE = "background:#fff8e1;border-left:4px solid #e0a800;padding:4px 8px;font-size:14px;line-height:1.35"
TEXT_STYLE = "max-height:190px;overflow-y:auto"      # the explanation scrolls; the move above it stays in sight
MOVE_STYLE = "font-weight:bold;padding-bottom:3px;margin-bottom:3px;border-bottom:1px solid #e0c870"
_TARGET = re.compile(r'class="neko-target neko-lit" data-target="([^"]*)"')


def same_action(a: Any, b: Any) -> bool:
    """Equal and of the same class (a plain tuple equal to an action is not that action)."""
    try:
        return type(a) is type(b) and a == b
    except Exception:
        return False


def mark_expected(markup: str, names: Iterable[str], callout: str = "") -> str:
    """`markup` with the lit targets named in `names` marked as the lesson's move: class
    ``neko-expected`` and, on the first one, ``data-callout`` holding the callout text (the picture
    pins it beside the target). A pure function of strings."""
    wanted = {html.escape(n, quote=True) for n in names}
    first = [True]

    def mark(m: re.Match) -> str:
        name = m.group(1)
        if name not in wanted:
            return m.group(0)
        note = ""
        if first[0] and callout:
            note = f' data-callout="{html.escape(callout, quote=True)}"'
            first[0] = False
        return f'class="neko-target neko-lit neko-expected"{note} data-target="{name}"'

    return _TARGET.sub(mark, markup)


class LessonPanel:
    """What the lesson says beside the picture, and the step the board checks moves against.

    `update(state, my_turn, started)` asks the lesson for the step of the position (only while a
    person is to move) and redraws the text: the intro before the first move, the step's advice, the
    finale once the game is over."""

    def __init__(self, lesson: Any, label: Any = str):
        self.lesson = lesson
        self.label = label                  # how the board words an action (Board.action_label)
        self.step: Any = None
        self.widget = W.HTML()

    @property
    def expected(self) -> Hashable | None:
        """The move the current step asks for, None in free play or without a lesson."""
        return getattr(self.step, "expected", None) if self.step is not None else None

    @property
    def answers(self) -> list:
        """Every move the step accepts as right (a drill may accept several; a lesson's step one)."""
        if self.step is None:
            return []
        found = list(getattr(self.step, "answers", None) or [])
        return found or ([self.expected] if self.expected is not None else [])

    @property
    def callout(self) -> str:
        return str(getattr(self.step, "callout", "") or "") if self.step is not None else ""

    def check(self, action: Hashable) -> str | None:
        """None: the step accepts `action` (or no step applies); else why it is not the move."""
        return None if self.step is None else self.step.check(action)

    def text(self, state: State, started: bool) -> str:
        if self.lesson is None:
            return ""

        def para(value: Any) -> str:
            return html.escape(str(value)).replace("\n", "<br>")

        if state.is_over():
            return para(self.lesson.finale(state))
        body = f"<div class='neko-step'>{para(self.step.say)}</div>" if self.step is not None else ""
        if not started:         # the step first, in sight in the box; the welcome after it
            intro = para(self.lesson.intro)
            body = (f"{body}<div class='neko-intro' style='margin-top:6px;padding-top:4px;border-top:1px solid "
                    f"#e0c870;color:#444'>{intro}</div>") if body else intro
        return body

    def your_move(self) -> str:
        """The line above the explanation that names the step's move ("Your move: place minion 33 at
        place 3 (level 2)"), HTML; "" where the step does not give its move away (a drill's exercise,
        a routine move the board plays, free play)."""
        step = self.step
        if step is None or not getattr(step, "tells_move", False) or self.expected is None:
            return ""
        return (f"<div class='neko-your-move' style='{MOVE_STYLE}'>Your move: "
                f"{html.escape(self.label(self.expected))}</div>")

    def update(self, state: State, my_turn: bool, started: bool) -> None:
        self.step = self.lesson.step(state) if (self.lesson is not None and my_turn) else None
        body = self.text(state, started)
        self.widget.value = (f"<div class='neko-lesson' style='{LESSON_STYLE}'>{self.your_move()}"
                             f"<div class='neko-lesson-text' style='{TEXT_STYLE}'>{body}</div></div>"
                             if body else "")


class LessonMarks:
    """Mixin for Board: the lesson's move marked on the picture, and moves the lesson makes for the
    learner (a step with `auto` set: nothing new to teach, so the board plays it like a bot's)."""

    lesson_panel: LessonPanel
    state: State

    def expected_targets(self, action: Hashable, markup: str) -> list[str]:
        """The lit targets of the picture `markup` that a lesson's expected `action` is clicked on
        (default: those whose target_action is that action). Boards where a move takes two clicks
        (a card, then its place) name the first click until it is made."""
        return [n for n in lit_targets(markup) if same_action(self.target_action(n), action)]  # type: ignore[attr-defined]

    def first_click_callout(self) -> str | None:
        """A board whose moves take two clicks may name the first one here ("pick this card"): that
        click picks, and the step's own callout marks the second. None: the step's callout."""
        return None

    def marked_picture(self) -> str:
        """The picture, with the step's right moves marked apart from the other legal targets and
        its callout (or the first click's, first_click_callout()) pinned beside the first."""
        markup = self.picture()                                   # type: ignore[attr-defined]
        names = [n for wanted in self.lesson_panel.answers for n in self.expected_targets(wanted, markup)]
        if not names:
            return markup
        note = self.first_click_callout()
        return mark_expected(markup, list(dict.fromkeys(names)),
                             self.lesson_panel.callout if note is None else note)

    def lesson_auto(self, state: State | None = None) -> Hashable | None:
        """The move the lesson makes for the learner now (None: the learner decides). With `state`,
        asked of that position instead of the one shown."""
        if state is None:
            step = self.lesson_panel.step
            if step is None or not self.my_turn():                # type: ignore[attr-defined]
                return None
        else:
            lesson = self.lesson_panel.lesson
            if lesson is None or state.is_over() or state.current_player in self.bots:  # type: ignore[attr-defined]
                return None
            step = lesson.step(state)
        return getattr(step, "expected", None) if step is not None and getattr(step, "auto", False) else None


def lesson(game: str, topic: str | None = None, board: bool = True, **kwargs: Any) -> Any:
    """A board playing the guided first game of `game`, or the drill `topic` (board=False: the Lesson
    object itself). Keyword arguments go to the lesson's builder (e.g. seed=...)."""
    from ..learn import make_lesson
    from . import board_class

    les = make_lesson(game, topic, **kwargs) if topic is not None else make_lesson(game, **kwargs)
    if not board:
        return les
    b = board_class(game)(les.new_game(), agents=les.agents, lesson=les)
    b.schedule_bots()           # when a bot opens the game it moves by itself, as after any move
    return b


__all__ = ["LessonMarks", "LessonPanel", "lesson", "mark_expected", "same_action"]
