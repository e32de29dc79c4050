"""Learning the games: "why was that move allowed?", hints that explain, and guided first games.

    import neko_lab as nl
    before = s.clone(); s.apply(a); print(nl.explain_move(before, a, s))
    for h in nl.hint(s): print(h)
    nl.lesson("naeco")            # a board that plays a scripted first game with you

Everything here reads the games through the public State contract and the game's own explain module
(games/<key>/explain.py: the rule behind a move, the counts it changes, how deep hints look), so every
registered game gets it.
"""
from __future__ import annotations

from .explain import Explanation, explain_move
from .hint import Hint, hint
from .lesson import Lesson, Step, lesson, lesson_names, make_lesson

__all__ = ["Explanation", "Hint", "Lesson", "Step", "explain_move", "hint", "lesson", "lesson_names",
           "make_lesson"]
