"""Hints for the seat to move: what a strong agent plays here, the next alternatives, and why.

    for h in nl.hint(s):
        print(h)        # "1. play Moray eel (2) at depth 2, column 1 — value +3.4: scores research +1, ..."

Generic through the State contract and neko_lab.agents:

* the strong agent is the game's own agent (the first of ``State.AGENTS``) or the generic greedy one;
* every legal action is tried on a copy of the position (a determinized copy when the game hides
  information, so a hint never looks at cards the seat cannot see), the agent plays on for every seat
  for a short horizon, and the game's ``evaluate(seat)`` rates the result: that is `Hint.value`;
  the first hint is the agent's own choice unless the look-ahead finds a move clearly better (by more
  than MARGIN), the others follow by value. Against the games' own agents this choice won 9 of 12
  Naéco games and 9 of 12 Journey games when this was written (benchmarks/bench_learn.py --match);
* the reasons come from the same score and event machinery as explain_move (what the move scores
  now, which objectives it meets, how the evaluation moves), plus the game's own sentences when its
  state class defines the optional hook ``hint_reasons(action) -> list[str]``.

Deterministic for a given seed. Speed and strength are measured in benchmarks/bench_learn.py, never
asserted in tests.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Hashable

from ..core.errors import IllegalAction
from ..core.rng import Rng
from ..core.state import State
from .explain import MINUS, new_events, number, score_changes, signed, words

MARGIN = 2.0              # the agent's own choice comes first unless the look-ahead rates another move
                          # more than this much higher (a game may set HINT_MARGIN)
LOOKAHEAD_ACTIONS = 600   # at most this many look-ahead actions in all per hint: the horizon shrinks
                          # when there are many legal actions, so a hint stays quick (and deterministic)


@dataclass(slots=True)
class Hint:
    """One suggested action: its estimated value for the seat (the game's evaluation after the move
    and the rest of the turn) and the reasons in words."""
    action: Hashable
    value: float
    reasons: list[str] = field(default_factory=list)
    rank: int = 1
    agent_choice: bool = False

    def __str__(self) -> str:
        why = "; ".join(self.reasons)
        return f"{self.rank}. {self.action} \u2014 value {_value(self.value)}" + (f": {why}" if why else "")


def _value(v: float) -> str:
    return f"{v:+.1f}".replace("-", MINUS)


def strong_agent(state: State, agent: Any = None, seed: int = 0) -> Any:
    """The agent hints follow: `agent` (a name, spec or object), else neko_lab.agents.hint_agent_spec()."""
    from ..agents import hint_agent_spec, make_agent
    if agent is None:
        agent = hint_agent_spec(type(state))
    return make_agent(agent, type(state), seed=seed)


def _agent_name(agent: Any) -> str:
    return getattr(agent, "name", type(agent).__name__)


def _play_on(child: State, seat: int, agent: Any, horizon: int) -> list[Hashable]:
    """Let `agent` play every seat on `child` for `horizon` actions (or to the end); returns the
    actions that finished `seat`'s own turn (those played before another seat had to decide)."""
    own: list[Hashable] = []
    mine = True
    for _ in range(horizon):
        if child.is_over():
            break
        if child.current_player != seat:
            mine = False
        action = agent.choose(child)
        child.apply(action)
        if mine:
            own.append(action)
    return own


@dataclass(slots=True)
class _Trial:
    action: Hashable
    now: State           # right after the action
    value: float         # mean evaluation after the look-ahead
    rest: list           # how the seat's own turn went on in the first look-ahead


def _try(bases: list[State], action: Hashable, seat: int, agent: Any, horizon: int) -> _Trial | None:
    values, now, rest = [], None, []
    for base in bases:
        child = base.clone()
        try:
            child.apply(action)
        except IllegalAction:   # not legal in this sample of the hidden cards
            continue
        if now is None:
            now = child.clone()
            rest = _play_on(child, seat, agent, horizon)
        else:
            _play_on(child, seat, agent, horizon)
        values.append(float(child.evaluate(seat)))
    if now is None:
        return None
    return _Trial(action, now, sum(values) / len(values), rest)


def _reasons(state: State, base: State, trial: _Trial, seat: int, start: float, best: float,
             agent_name: str, agent_choice: bool, horizon: int, kept: bool = False) -> list[str]:
    out = []
    if agent_choice:
        out.append(f"the {agent_name} agent's own choice" + (
            ": the look-ahead finds nothing clearly better" if kept else ""))
    for change in score_changes(base, trial.now, seat):
        if change.seat == seat:
            parts = ", ".join(f"{words(c)} {signed(d)}" for c, d in change.deltas().items())
            out.append(f"scores {parts} now (total {number(change.total_after)})")
        else:
            out.append(f"changes Player {change.seat + 1}'s points too")
    echoed = set(str(trial.action).lower().split())
    for e in new_events(base, trial.now)[:4]:
        said = set(e.text.lower().split())
        if e.seat in (seat, None) and len(said & echoed) < 0.6 * len(said):   # not the move restated
            out.append(e.text + (f" ({e.rule})" if e.rule else ""))
    if trial.rest:
        shown = ", then ".join(str(a) for a in trial.rest[:3]) + (", ..." if len(trial.rest) > 3 else "")
        out.append(f"the turn would go on with: {shown}")
    out.append(f"after it and {horizon} more moves played the {agent_name} agent's way, the game rates "
               f"your position {_value(trial.value)} (it rates it {_value(start)} now)")
    if trial.value < best - 0.05 and not kept:
        out.append(f"{number(round(best - trial.value, 1))} below the best value found")
    hook = getattr(type(state), "hint_reasons", None)
    if callable(hook):
        out += [r for r in (hook(state, trial.action) or []) if r]
    return out


def hint(state: State, k: int = 3, agent: Any = None, seed: int = 0, horizon: int | None = None,
         playouts: int = 1) -> list[Hint]:
    """Up to `k` hints for the seat to move, best first. Empty once the game is over; `state` is not
    changed.

    Every legal action is tried on `playouts` copies of the position (each a fresh sample of what the
    seat cannot see), then the strong agent plays every seat for `horizon` more actions (default: 8 per
    player, or the game's HINT_HORIZON, shortened so that all look-aheads together take at most
    LOOKAHEAD_ACTIONS actions) and the game's evaluate(seat) rates the result; the mean is the hint's
    value. The agent's own choice comes first unless another move's value is more than MARGIN higher
    (then the look-ahead's best does); the alternatives follow by value.
    """
    seat = state.current_player
    if seat is None or state.is_over() or k < 1:
        return []
    legal = state.legal_actions()
    bot = strong_agent(state, agent, seed)
    name = _agent_name(bot)
    if len(legal) == 1:
        return [Hint(legal[0], float(state.evaluate(seat)),
                     ["the only legal action here", f"the {name} agent's own choice"], 1, True)]
    if horizon is None:
        horizon = int(getattr(type(state), "HINT_HORIZON", 8 * state.players))
        horizon = max(2, min(horizon, LOOKAHEAD_ACTIONS // (len(legal) * max(1, playouts))))
    pick = bot.choose(state.clone())
    if state.HIDDEN_INFORMATION:
        bases = [state.determinize(seat, Rng(seed + i)) for i in range(max(1, playouts))]
    else:
        bases = [state.clone()]
    start = float(bases[0].evaluate(seat))
    trials = []
    for a in legal:
        bot.reseed(seed)            # each action's look-ahead starts from the same agent randomness
        t = _try(bases, a, seat, bot, horizon)
        if t is None and state.HIDDEN_INFORMATION:   # no sample allowed it: try the position itself
            t = _try([state.clone()], a, seat, bot, horizon)
        if t is not None:
            trials.append(t)
    order = {a: i for i, a in enumerate(legal)}

    def is_pick(t: _Trial) -> bool:
        return t.action == pick and type(t.action) is type(pick)

    trials.sort(key=lambda t: (-t.value, not is_pick(t), order.get(t.action, 0)))
    best = trials[0].value if trials else start
    margin = float(getattr(type(state), "HINT_MARGIN", MARGIN))
    mine = next((t for t in trials if is_pick(t)), None)
    if mine is not None and best <= mine.value + margin:   # nothing clearly better than the agent's plan
        trials.remove(mine)
        trials.insert(0, mine)
    return [Hint(t.action, t.value, _reasons(state, bases[0], t, seat, start, best, name, is_pick(t), horizon,
                                             rank == 1 and t is mine and best > t.value), rank, is_pick(t))
            for rank, t in enumerate(trials[:k], start=1)]


__all__ = ["Hint", "hint", "strong_agent"]
