"""Information-set MCTS that plays with each game's own knowledge ("ismcts").

The generic MCTS agent (mcts.py) explores every legal action and finishes every playout at random, so
it is slow and weak in long games. This agent keeps its tree search (single-observer IS-MCTS: a fresh
`state.determinize(seat, rng)` per iteration, so the search never sees the future or another seat's
secrets) but borrows three things from the game's own heuristic agent, found through the State contract
(the first name of `State.AGENTS`):

* **which actions to look at**: at each node the policy's own choice and the next best actions by the
  policy's one-step evaluation, `width` of them in all (the rest are never searched);
* **how the game goes on**: a playout lets the policy (or its cheap variant, `Agent.playout_policy()`)
  play every seat for `horizon` decisions, then stops;
* **what the position is worth**: the policy's `Agent.evaluate(state, seat)` (by default the game's own
  `State.evaluate`), turned into a reward between 0 and 1 by a logistic curve of width `scale`;
  a finished game is worth 1 to its winners (shared) and 0 to the others.

The move played is the most visited root action; the policy's own choice wins ties.

**Plans** (a game whose turn is a plan of many steps, such as a Neko Syndicate walk): when the policy
offers `plans(state, k, current)` (up to k whole plans for the seat to move, best first; None where it
does not plan), the root's candidates are those plans rather than single steps. Each iteration draws
one determinization and scores every plan on its own copy of it (the same sample for each, so plans are
compared on equal futures) by the policy's `plan_value(copy, seat, plan)`, which plays the plan and the
game on to a cut-off and evaluates there. The best mean is played (the policy's first plan unless
another beats it by more than `trust`, in the evaluation's points), then followed step by step while
the policy says it still holds (`current`); otherwise the agent plans again.

Budget: `iterations` per decision, `steps` (a cap on the work of a decision) and `seconds` (a cap on
its CPU time). Given none of them, a decision takes the game's default iterations under the game's
default steps cap (the policy class's `SEARCH` table, else DEFAULTS), measured to stay under about half
a second a move on one core. Given any of them, only those given bound a decision: `iterations` alone
runs them all, uncapped. Iterations and steps are deterministic for a seed (the same seed plays the same
game on any machine); `seconds` depends on the machine, so a decision it cuts need not be the same twice.

A step is one unit of the search's work: one step down the tree, one candidate scored by the policy's
evaluation, one decision of a playout, and in plan mode one safe point of the policy's own searches
(`Agent.interrupted()`: a position of its beam, a step of its way). The caps are checked at every step,
inside an iteration too: an iteration a cap falls in stops there and is left out of the statistics, so a
decision ends within about one step of its cap. In plan mode the policy's own searches (`plans`,
`plan_value`) are stopped at the caps as well, through `Agent.interrupt`: a round of scorings a cap
falls in is left out, and planning that alone passes a cap leaves the decision to the cheap playout
policy (on a determinized copy, as everywhere else in the search). A scoring is started only if the
longest seen so far (in steps and in seconds) still fits before the caps (at the decision's start, the
longest of the previous search), so little work is thrown away. A search no cap touches is played as
without it; a decision a cap cuts is counted in `capped` (and depends on the machine if the cap was
seconds).
"""
from __future__ import annotations

import math
import time
from typing import Any, Hashable

from ..core.errors import ConfigError
from ..core.rng import Rng
from ..core.state import State
from .base import Agent, number_param, search_copy
from .spec import parse_spec
from .uct import Node, action_key, backpropagate

_clock = time.thread_time       # CPU seconds of this thread (a name of its own, so a test can drive it)


class _OutOfTime(Exception):
    """A cap (steps or seconds) fell inside an iteration: it is left out."""

# "steps": the work cap of a decision made at the defaults (see the module's docstring), measured to keep
# a decision under about half a second on one core; "seconds" is None: a CPU-time cap only when asked for
DEFAULTS: dict[str, Any] = {"iterations": 60, "steps": 1600, "seconds": None, "width": 4, "horizon": 12,
                            "scale": 4.0, "exploration": 0.7, "margin": 0.0, "trust": None}
BUDGET = ("iterations", "steps", "seconds")     # given any of these, only those given bound a decision


def _same(a: Hashable, b: Hashable) -> bool:
    return a == b and type(a) is type(b)


def _legal_one(action: Hashable, legal: list) -> Hashable:
    """`action` as the legal action of the same class, or the first legal action if it is not one."""
    key = action_key(action)
    return next((a for a in legal if action_key(a) == key), legal[0])


class ISMCTSAgent(Agent):
    """IS-MCTS whose candidates, playouts and evaluation come from the game's own agent.

    Parameters (None takes the game's default from its agent's SEARCH table, else DEFAULTS):
    iterations (per decision), steps (a cap on a decision's work, counted in steps of the search as the
    module's docstring says; deterministic for a seed), seconds (a cap of CPU seconds of this thread per
    decision; machine-dependent), of which a decision is bound by the game's default iterations and steps
    when none is given, else only by those given (iterations alone: no cap), width (actions
    searched at each node), horizon (decisions a playout plays before it is scored), scale (evaluation
    points that make a reward of about 0.73 against 0.5), exploration (the UCT constant), margin (the
    weight, 0 to 1, of the evaluation beside the win in a finished playout's reward), trust (when set,
    the root plays another move than the policy's own choice only if that move's mean reward beats the
    choice's by more than `trust`; None plays the most visited move), policy (the agent
    used for the root's candidates, a name or "name(k=v)"; default the game's SEARCH table's "policy",
    else the game's own agent; deeper nodes and playouts use its playout_policy()). `capped` counts the
    decisions a cap (steps or seconds) cut before their iterations were done (a steps cap cuts the same
    decisions for a seed on any machine; a seconds cap depends on the machine's speed); `cut` counts the
    iterations (in plan mode, the rounds of plan scorings) a cap stopped half-way and left out;
    `last_steps` is the steps the last searched decision took.
    """

    name = "ismcts"

    def __init__(self, seed: int | None = None, iterations: int | None = None, seconds: float | None = None,
                 steps: int | None = None, width: int | None = None, horizon: int | None = None, scale: float | None = None,
                 exploration: float | None = None, margin: float | None = None, trust: float | None = None,
                 policy: str | None = None):
        super().__init__(seed)
        for label, v, low, above, whole, high in (
                ("iterations", iterations, 1, False, True, None), ("seconds", seconds, 0, True, False, None),
                ("steps", steps, 1, False, True, None),
                ("width", width, 1, False, True, None), ("horizon", horizon, 1, False, True, None),
                ("scale", scale, 0, True, False, None), ("exploration", exploration, 0, False, False, None),
                ("margin", margin, 0, False, False, 1), ("trust", trust, 0, False, False, None)):
            if v is not None:
                number_param("ismcts", label, v, low, above=above, whole=whole, high=high)
        if policy is not None and not isinstance(policy, str):
            raise ConfigError(f"ismcts: policy must be an agent name such as 'greedy' or 'name(k=v)', "
                              f"not {policy!r}")
        if policy is not None:
            try:
                parsed = parse_spec(policy)
            except ConfigError as exc:
                raise ConfigError(f"ismcts: bad policy: {exc}") from None
            if (parsed if isinstance(parsed, str) else parsed[0]) == self.name:
                raise ConfigError("ismcts cannot use itself as its playout policy")
        self.given = {"iterations": iterations, "steps": steps, "seconds": seconds, "width": width, "horizon": horizon,
                      "scale": scale, "exploration": exploration, "margin": margin, "trust": trust}
        self.capped = 0
        self.cut = 0                        # iterations / plan rounds stopped half-way by the cap, left out
        self._deadline: float | None = None     # the CPU-time cap of this decision (clock reading)
        self._limit: int | None = None          # the work cap of this decision (steps)
        self._spent = 0                         # steps this decision has taken
        self.last_steps = 0
        self._scoring = (0.0, 0)            # the longest plan_value of the last plan search (seconds, steps)
        self.plans_searched = 0             # plan-level decisions searched (more than one plan offered)
        self._plan: list | None = None      # the rest of the plan being followed
        self.policy_name = policy
        self.policy_spec: str | None = policy
        self._game: type | None = None
        self._policy: Agent | None = None
        self._playout: Agent | None = None
        self.settings: dict[str, Any] = {}

    # ------------------------------------------------------------------ set-up per game
    def check_game(self, game: type) -> None:
        """Build the policy for `game` now, so an agent name it does not know is refused when the agent
        is made (make_agent), not at its first move."""
        try:
            self._prepare_game(game)
        except ConfigError as exc:
            raise ConfigError(f"ismcts: bad policy: {exc}") from None

    def _prepare(self, state: State) -> None:
        self._prepare_game(type(state))

    def _prepare_game(self, cls: type) -> None:
        if self._game is cls:
            return
        first = self._make_policy(cls, self.policy_name)
        table = dict(DEFAULTS)
        table.update(getattr(type(first), "SEARCH", {}))
        # the game's SEARCH table may name the policy too (an agent spec such as "name(k=v)")
        self.policy_spec = self.policy_name or table.get("policy")
        self._policy = first if self.policy_spec == self.policy_name else self._make_policy(cls, self.policy_spec)
        self._playout = self._policy.playout_policy()
        budget = any(self.given[k] is not None for k in BUDGET)
        # a budget given replaces the defaults' whole budget: only what was given bounds a decision
        self.settings = {k: (v if v is not None or (budget and k in BUDGET) else table[k])
                         for k, v in self.given.items()}
        self._game = cls

    def _make_policy(self, cls: type, spec: str | None) -> Agent:
        from . import make_agent       # the registry of agent names lives in the package
        name = spec or (next(iter(cls.AGENTS)) if cls.AGENTS else "greedy")
        if name == self.name or str(name).startswith(self.name + "("):
            raise ConfigError("ismcts cannot use itself as its playout policy")
        return make_agent(name, cls, seed=0)

    def reseed(self, seed: int | None) -> None:
        super().reseed(seed)
        self._scoring = (0.0, 0)            # a game restarted from a seed owes nothing to earlier games
        self._plan = None

    def _reseed_policies(self) -> None:
        self._policy.reseed(self.rng.getrandbits(32))
        if self._playout is not self._policy:
            self._playout.reseed(self.rng.getrandbits(32))

    # ------------------------------------------------------------------ search
    def choose(self, state: State) -> Hashable:
        legal = state.legal_actions()
        if len(legal) == 1:
            if self._plan and _same(self._plan[0], legal[0]):
                self._plan.pop(0)           # a forced step of the plan being followed
            return legal[0]
        self._prepare(state)
        self._reseed_policies()
        if hasattr(self._policy, "plans"):
            action = self._choose_plan(state, legal)
            if action is not None:
                return action
        seat = state.current_player
        rng = self.core_rng()
        root = Node(None, state.players)
        iterations = self._iterations()
        self._start_caps()
        done = 0
        while True:
            try:
                self._iterate(root, state, seat, rng)
            except _OutOfTime:
                self.cut += 1
                self.capped += iterations is not None
                break
            done += 1
            if iterations is not None and done >= iterations:
                break
            if self._over():
                self.capped += iterations is not None
                break
        self._stop_caps()
        first = _legal_one(root.order[0], legal) if root.order else legal[0]
        best, most = first, root.visits_of(first)
        for a in legal:
            if root.visits_of(a) > most:
                best, most = a, root.visits_of(a)
        trust = self.settings["trust"]
        if best is not first and trust is not None and self._mean(root, best) - self._mean(root, first) <= trust:
            best = first
        if best is not first:       # a plan the policy made for its own choice no longer holds
            self._policy = self._make_policy(type(state), self.policy_spec)
        return best

    # ------------------------------------------------------------------ search over whole plans
    def _choose_plan(self, state: State, legal: list) -> Hashable | None:
        """The next step of the plan chosen or still followed (None: the policy makes no plan here)."""
        policy = self._policy
        self._start_caps()                     # the policy's planning counts against the caps
        policy.interrupt = self._out_of_time   # the policy's own searches stop at the caps too (a step each)
        try:
            try:
                plans = policy.plans(state, self.settings["width"], self._plan)
            except _OutOfTime:
                # planning alone passed the cap: the cheap policy decides, on a copy the seat cannot
                # tell from the game (as in the playouts, it is handed only such copies)
                self.cut += 1
                self.capped += self._iterations() is not None
                self._plan = None
                return _legal_one(self._playout.choose(self._copy(state)), legal)
            if not plans:
                self._plan = None
                return None
            best = 0
            if len(plans) > 1:
                best = self._search_plans(state, plans)
        finally:
            policy.interrupt = None
            self._stop_caps()
        self._plan = list(plans[best])
        return _legal_one(self._plan.pop(0), legal)

    def _copy(self, state: State) -> State:
        """What this agent's seat may search on: `state` determinized for the seat to move (drawn from
        this agent's randomness), or a clone where nothing is hidden."""
        return search_copy(state, state.current_player, self.core_rng())

    def _search_plans(self, state: State, plans: list) -> int:
        """The index of the plan with the best mean plan_value over common determinizations (within the
        cap _choose_plan set, from before the policy's planning)."""
        self.plans_searched += 1
        seat = state.current_player
        policy = self._policy
        rng = self.core_rng()
        iterations = self._iterations()
        deadline, limit = self._deadline, self._limit
        totals = [0.0] * len(plans)
        done = 0
        longest = None                      # the longest scoring of this search so far (seconds, steps)
        while iterations is None or done < iterations:
            seed = rng.next64()
            values = []
            for plan in plans:
                now, spent = _clock(), self._spent
                # start a scoring only if the longest seen still fits (one the cap stops is wasted work)
                span, work = self._scoring if longest is None else longest
                if deadline is not None and now + span >= deadline or limit is not None and spent + work >= limit:
                    break
                sim = search_copy(state, seat, Rng(seed))
                sim.rng = Rng(seed ^ 0x5DEECE66D)
                try:
                    values.append(policy.plan_value(sim, seat, plan))
                except _OutOfTime:              # the cap fell inside this scoring: the round is left out
                    values.append(None)
                    break
                longest = (max(longest[0] if longest else 0.0, _clock() - now),
                           max(longest[1] if longest else 0, self._spent - spent))
            if len(values) < len(plans) or values[-1] is None:   # the cap fell in this round: left out
                self.capped += iterations is not None
                self.cut += bool(values)
                break
            totals = [t + v for t, v in zip(totals, values)]
            done += 1
        if longest is not None:
            self._scoring = longest
        if not done:
            return 0
        best = max(range(len(plans)), key=lambda i: (totals[i], -i))
        trust = self.settings["trust"]
        if best and trust is not None and (totals[best] - totals[0]) / done <= trust:
            best = 0
        return best

    def _iterations(self) -> int | None:
        """The iterations a decision may take (None: only caps were given, they are the budget; then a
        decision a cap ends is not counted in `capped`)."""
        return self.settings["iterations"]

    @staticmethod
    def _mean(root: Node, action: Hashable) -> float:
        child = root.children.get(action_key(action))
        return child.reward[child.mover] / child.visits if child is not None and child.visits else float("-inf")

    def _start_caps(self) -> None:
        seconds = self.settings["seconds"]
        self._deadline = _clock() + seconds if seconds is not None else None
        self._limit = self.settings["steps"]
        self._spent = 0

    def _stop_caps(self) -> None:
        self.last_steps = self._spent
        self._deadline = self._limit = None

    def _over(self) -> bool:
        """Has a cap of this decision fallen (the work cap: every step taken)?"""
        return (self._limit is not None and self._spent >= self._limit
                or self._deadline is not None and _clock() >= self._deadline)

    def _out_of_time(self) -> None:
        """One step of work done (see the module's docstring); raise if a cap has fallen."""
        self._spent += 1
        if self._over():
            raise _OutOfTime

    def _candidates(self, node: Node, sim: State, legal: list, policy: Agent) -> None:
        """node.order: the policy's choice first, then the best others by the policy's one-step
        evaluation. Until they are all scored, the order is the policy's choice alone (what the root
        plays when the cap falls inside the first iteration)."""
        width = self.settings["width"]
        pick = _legal_one(policy.choose(sim), legal)
        node.order = [pick]
        if width == 1 or len(legal) == 1:
            return
        mover = sim.current_player
        scored = []
        for i, a in enumerate(legal):
            if a is pick:
                continue
            self._out_of_time()
            child = sim.clone()
            child.apply(a)
            scored.append((-self._policy.evaluate(child, mover), i, a))
        scored.sort(key=lambda x: (x[0], x[1]))
        node.order = [pick] + [a for _, _, a in scored[:width - 1]]

    def _iterate(self, root: Node, state: State, seat: int, rng: Rng) -> None:
        sim = search_copy(state, seat, rng)
        sim.rng = rng.spawn()
        node, path = root, [root]
        while not sim.is_over():
            self._out_of_time()
            legal = sim.legal_actions()
            policy = self._policy if node is root else self._playout
            if node.order is None:
                self._candidates(node, sim, legal, policy)
            if len(legal) == 1:
                here = legal
            else:
                allowed = {action_key(a) for a in legal}
                here = [a for a in node.order if action_key(a) in allowed]
            if not here:    # this sample allows none of the candidates: the policy decides, unsearched
                here = [_legal_one(policy.choose(sim), legal)]
            untried = node.untried(here)
            if untried:
                child = node.expand(untried[0], sim.current_player, sim.players, here)
                sim.apply(untried[0])
                path.append(child)
                break
            action, node = node.select(here, self.settings["exploration"])
            sim.apply(action)
            path.append(node)
        backpropagate(path, self._playout_value(sim))

    def _playout_value(self, sim: State) -> list[float]:
        """Let the playout policy play `horizon` decisions, then score the position for every seat."""
        decisions, steps, horizon = 0, 0, self.settings["horizon"]
        policy = self._playout
        while not sim.is_over() and decisions < horizon and steps < 8 * horizon:
            legal = sim.legal_actions()
            if len(legal) == 1:
                sim.apply(legal[0])
            else:
                self._out_of_time()
                sim.apply(policy.choose(sim))
                decisions += 1
            steps += 1
        margin = self.settings["margin"]
        if sim.is_over():
            won = sim.winners()
            share = 1.0 / len(won) if won else 0.0
            result = [share if i in won else 0.0 for i in range(sim.players)]
            if not margin:
                return result
            return [(1 - margin) * r + margin * v for r, v in zip(result, self._valued(sim))]
        return self._valued(sim)

    def _valued(self, sim: State) -> list[float]:
        """The policy's evaluation of `sim` for every seat, through a logistic curve of width `scale`."""
        scale = self.settings["scale"]
        out = []
        for i in range(sim.players):
            x = max(-30.0, min(30.0, self._policy.evaluate(sim, i) / scale))
            out.append(1.0 / (1.0 + math.exp(-x)))
        return out


__all__ = ["ISMCTSAgent", "DEFAULTS"]
