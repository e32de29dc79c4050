"""A first game of any registered game that has no lesson of its own (Syndicate, Neptune, a new game).

It can only teach what the State contract tells: for each of the learner's first decisions it asks for
the move the game's own agent would play, names the open decision, and says which rulebook section
that move falls under and what the section covers (the section is the rule its events cite; the
summary is the game's RULES table). Nothing about the move's outcome is said in advance, so no
hidden card is given away. Then the learner plays on with hints, and the finale explains the final
scoring category by category. A game's dedicated lesson (lessons/<game>.py) teaches far better.
"""
from __future__ import annotations

from typing import Any, Hashable

from ...core.registry import game_class
from ...core.state import State
from ..explain import new_events, player, words
from ..lesson import DeterministicBot, Lesson, Teach, checked_seed, seat_seed

STEPS = 10


def _agent_spec(cls: type[State]) -> str:
    own = list(getattr(cls, "AGENTS", {}) or {})
    return own[0] if own else "greedy"


def _rule_of(state: State, action: Hashable) -> str:
    """The section the move's events would cite (worked out on a copy; nothing of it is shown)."""
    child = state.clone()
    child.apply(action)
    return next((e.rule for e in new_events(state, child) if e.rule), "")


def say(state: State, action: Any) -> str:
    kind = state.pending[-1].kind
    rule = _rule_of(state, action)
    covers = (getattr(type(state), "RULES", {}) or {}).get(rule, "")
    where = (f": {covers}" if covers else "") + (f" ({rule})" if rule else "")
    return (f"{player(state.current_player)} has the decision \u201c{words(kind)}\u201d, with "
            f"{len(state.legal_actions())} possible moves. The {_agent_spec(type(state))} agent would play "
            f"{action}; play it{where}.")


def LESSON(game: str, seed: int = 1, players: int | None = None, steps: int = STEPS) -> Lesson:
    seed = checked_seed(seed)
    cls = game_class(game)
    if players is None:
        players = max(cls.MIN_PLAYERS, min(2, cls.MAX_PLAYERS))
    spec = _agent_spec(cls)
    guide = DeterministicBot(spec, cls, seat_seed(seed, 100))

    def pick(state: State, legal: list) -> Hashable | None:
        return guide.choose(state)

    teach = [Teach("", pick, say)] * steps
    title = cls.TITLE or game
    sections = "; ".join(f"{r}: {c}" for r, c in list((cls.RULES or {}).items())[:6])
    intro = (f"Welcome to {title}. You are Player 1, playing against the {spec} agent. Your first {steps} "
             f"decisions are guided: each says what to play and which section of the rulebook it comes "
             f"from. Then you finish the game yourself, with hints, and the final scoring is explained."
             + (f" The sections you will meet first: {sections}." if sections else ""))
    free = ("The guided part is over: finish the game yourself, and ask for a hint when you are unsure. "
            "Every move's \u201cwhy?\u201d shows the section it follows and what it changed.")
    return Lesson(game, players, seed, intro, teach, free, {}, seat=0, bot=spec,
                  title=f"{title}: your first game")
