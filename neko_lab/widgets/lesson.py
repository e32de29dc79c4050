"""The lesson panel: a board that teaches. Lessons and drills are scripts and data in neko_lab.learn;
showing them is the board's job, here (widgets use learn, never the reverse).

    import neko_lab as nl
    nl.lesson("naeco")                 # the game's own board playing its guided first game
    nl.lesson("naeco", board=False)    # the Lesson object itself (neko_lab.learn.make_lesson)

While the learner is to move, the panel beside the picture says what to do and why (the step's
`say`); on the picture the target of the step's expected move is marked apart from the other legal
targets (class ``neko-expected``, drawn in orange) with the step's short `callout` pinned beside it,
and the same move is marked in the list of choices. A legal but different move is refused with the
step's reason; once the game is over the panel shows the lesson's finale.
"""
from __future__ import annotations

import html
import re
from typing import Any, Hashable, Iterable

import ipywidgets as W

from ..core.state import State

LESSON_STYLE = ("background:#fff8e1;border-left:4px solid #e0a800;padding:4px 8px;font-size:14px;"
                "line-height:1.35;max-height:190px;overflow-y:auto")
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

    def __init__(self, lesson: Any):
        self.lesson = lesson
        self.step: Any = None
        self.widget = W.HTML()

    @property
    def expected(self) -> Hashable | None:
        """The move the current step asks for, None in free play or without a lesson."""
        return getattr(self.step, "expected", None) if self.step is not None else None

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
        body = para(self.step.say) if self.step is not None else ""
        if not started:
            body = f"{para(self.lesson.intro)}<br>{body}" if body else para(self.lesson.intro)
        return body

    def update(self, state: State, my_turn: bool, started: bool) -> None:
        self.step = self.lesson.step(state) if (self.lesson is not None and my_turn) else None
        body = self.text(state, started)
        self.widget.value = f"<div class='neko-lesson' style='{LESSON_STYLE}'>{body}</div>" if body else ""


def lesson(game: str, topic: str | None = None, board: bool = True, **kwargs: Any) -> Any:
    """A board playing the guided first game of `game`, or the drill `topic` (board=False: the Lesson
    object itself). Keyword arguments go to the lesson's builder (e.g. seed=...)."""
    from ..learn import make_lesson
    from . import board_class

    les = make_lesson(game, topic, **kwargs) if topic is not None else make_lesson(game, **kwargs)
    if not board:
        return les
    return board_class(game)(les.new_game(), agents=les.agents, lesson=les)


__all__ = ["LessonPanel", "lesson", "mark_expected", "same_action"]
