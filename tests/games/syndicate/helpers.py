"""Moving a game along quickly in tests: the shortest choice at every decision."""
from __future__ import annotations

QUICK = ("EndWalk", "Stop", "Keep", "Take")


def quick(s):
    """A short legal action: stop, keep, take nothing or end the walk when offered, else the first one."""
    acts = s.legal_actions()
    for a in acts:
        if type(a).__name__ in QUICK and getattr(a, "count", 0) == 0:
            return a
    return acts[0]


def finish_turn(s):
    t = s.turn
    while s.turn == t and not s.is_over():
        s.apply(quick(s))


def finish_walk(s, seat):
    while s.current_player == seat and not s.is_over():
        s.apply(quick(s))
