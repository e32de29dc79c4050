"""Learning the games: "why was that move allowed?", hints that explain, and guided first games.

    import neko_lab as nl
    before = s.clone(); s.apply(a); print(nl.explain_move(before, a, s))
    for h in nl.hint(s): print(h)
    nl.lesson("naeco")            # a board that plays a scripted first game with you
    nl.lessons()                  # every game's topics; nl.lesson("naeco", "food-chain") opens a drill

Everything here reads the games only through the public State contract (plus optional hooks a game's
state class may define: why_legal, resource_view, hint_reasons), so every registered game gets it.
"""
from __future__ import annotations

from .explain import Explanation, explain_move
from .hint import Hint, hint
from .drill import Drill, Exercise, make_drill, topics
from .drill import lessons as lesson_topics
from .lesson import Lesson, Step, lesson, lesson_names, make_lesson

__all__ = ["Drill", "Exercise", "Explanation", "Hint", "Lesson", "Step", "explain_move", "hint", "lesson",
           "lesson_names", "lesson_topics", "make_drill", "make_lesson", "topics"]
