"""Learning the games: "why was that move allowed?", hints that explain, and guided first games.

    import neko_lab as nl
    before = s.clone(); s.apply(a); print(nl.explain_move(before, a, s))
    for h in nl.hint(s): print(h)
    les = make_lesson("naeco")    # a scripted first game (nl.lesson("naeco") shows it on a board)
    nl.lessons()                  # every game's topics; nl.lesson("naeco", "food-chain") opens a drill
    check_answer(answer, right, "Right: ...", "hint")   # a notebook's Try it check: any natural form counts

Everything here reads the games through the public State contract and the game's own explain module
(games/<key>/explain.py: the rule behind a move, the counts it changes, how deep hints look), so every
registered game gets it. Nothing here imports neko_lab.widgets: the boards (neko_lab.widgets) use learn,
never the reverse.
"""
from __future__ import annotations

from .explain import Explanation, explain_move
from .hint import Hint, hint
from .drill import Drill, Exercise, make_drill, make_lesson, topics
from .drill import lessons as lesson_topics
from .lesson import Lesson, Step, Teach, lesson_names
from .tryit import check_answer, read_answer

__all__ = ["Drill", "Exercise", "Explanation", "Hint", "Lesson", "Step", "Teach", "check_answer", "explain_move",
           "hint", "lesson_names", "lesson_topics", "make_drill", "make_lesson", "read_answer", "topics"]
