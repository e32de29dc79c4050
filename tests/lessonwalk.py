"""A lesson followed to its end as a learner who plays every scripted move would: shared by the lesson tests."""
from __future__ import annotations


def lesson_steps(les):
    """(position, step) at every decision of the learner in `les`'s own game, and the game's end."""
    s = les.new_game()
    seen = []
    while True:
        les.bots_move(s)
        if s.is_over():
            return seen, s
        step = les.step(s)
        seen.append((s.clone(), step))
        s.apply(step.expected)
