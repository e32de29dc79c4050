"""The Agent interface shared by every agent, game-agnostic or game-specific."""
from __future__ import annotations

import functools
import inspect
import math
import random
from typing import Any, Hashable

from ..core.errors import ConfigError, excerpt
from ..core.rng import Rng, check_seed
from ..core.state import State


def search_copy(state: State, seat: int, rng: Rng) -> State:
    """What a search for `seat` may play on: a copy in which what `seat` cannot see is re-drawn from
    `rng` (State.determinize), or a clone of a game without hidden information."""
    return state.determinize(seat, rng) if state.HIDDEN_INFORMATION else state.clone()


def number_param(agent: str, label: str, value: Any, low: float, *, above: bool = False,
                 high: float | None = None, whole: bool = False, none: bool = False) -> Any:
    """`value` as given for parameter `label` of `agent` (an agent's name, or a function's "hint()"),
    if it is a finite number (a whole one when `whole`) of at least `low` (more than `low` when `above`)
    and at most `high`, or None when `none`; else a ConfigError saying what the parameter takes."""
    if none and value is None:
        return None
    kinds = (int,) if whole else (int, float)
    ok = isinstance(value, kinds) and not isinstance(value, bool) and math.isfinite(value)
    if ok:
        ok = (value > low if above else value >= low) and (high is None or value <= high)
    if not ok:
        what = "a whole number" if whole else "a number"
        bound = f"between {low} and {high}" if high is not None else f"{'>' if above else '>='} {low}"
        raise ConfigError(f"{agent}: {label} must be {what} {bound}{' or None' if none else ''}, "
                          f"not {excerpt(value)}")
    return value


def _given(signature: inspect.Signature, args: tuple, kwargs: dict) -> dict[str, Any]:
    """The parameters a call of an agent's __init__ (of that signature, `self` first) gave, by name, its
    seed left out: {} where the call cannot be bound (its __init__ then raises TypeError itself)."""
    try:
        bound = signature.bind(None, *args, **kwargs)
    except TypeError:
        return {}
    names = list(signature.parameters)
    given: dict[str, Any] = {}
    for name, value in bound.arguments.items():
        kind = signature.parameters[name].kind
        if kind is inspect.Parameter.VAR_KEYWORD:
            given.update(value)
        elif kind is not inspect.Parameter.VAR_POSITIONAL and name != "seed" and name != names[0]:
            given[name] = value
    return given


def _recording(init: Any) -> Any:
    """`init`, an Agent subclass's own __init__, recording in `made_with` the parameters the agent was
    made with (the outermost __init__ called does: the class the agent is of)."""
    signature = inspect.signature(init)

    @functools.wraps(init)           # keeps its signature and docstring, as help() and make_agent read them
    def __init__(self: "Agent", *args: Any, **kwargs: Any) -> None:
        if "made_with" not in self.__dict__:
            self.made_with = _given(signature, args, kwargs)
        init(self, *args, **kwargs)

    __init__.records_parameters = True
    return __init__


class Agent:
    """Chooses actions for whichever seat is to move. Agents see games only through the State contract.

    Subclasses set `name` and implement `choose(state)`. An agent must not mutate the state it is given
    (search on `state.clone()`), and draws its own randomness from `self.rng`, seeded at construction,
    so a seeded simulation is reproducible.

    `made_with` holds the parameters the agent was made with besides its seed, by name, as they were
    given (MCTSAgent(iterations=30).made_with == {"iterations": 30}; {} for defaults): an agent object
    is labelled in simulation results as its spec would be, "mcts(iterations=30)" (agents.agent_label).
    """

    name: str = "agent"
    # A search that runs under a cap (ismcts: on its work, or on time) sets this to a function that counts
    # one step of work and raises once the cap has fallen; an agent whose own search is long (a whole-walk
    # plan, say) calls interrupted() at safe points of it, so the cap holds inside that search too (call it
    # at the same points for the same seed: the count of them is what keeps a work cap deterministic).
    # None (the default): never interrupted.
    interrupt = None

    made_with: dict[str, Any] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        init = cls.__dict__.get("__init__")
        if init is not None and not getattr(init, "records_parameters", False):
            cls.__init__ = _recording(init)

    def __init__(self, seed: int | None = None):
        if seed is not None:
            seed = check_seed(seed)   # as a game's seed: a whole number, 0 <= seed < 2**64 (so no two alias)
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Hashable:
        raise NotImplementedError

    def evaluate(self, state: State, seat: int) -> float:
        """How good `state` is for `seat` in this agent's eyes (search agents score cut-off playouts with
        it). A game's own agent overrides it with its own estimate; by default the game's evaluate()."""
        return state.evaluate(seat)

    def check_game(self, game: type) -> None:
        """Refuse, with a ConfigError, a game (its State class) this agent cannot play as it was built;
        make_agent() calls it when it knows the game, so a bad setting is refused before any game is
        played. By default every game is accepted."""

    def interrupted(self) -> None:
        """Give a cap the chance to stop this agent's search here (see `interrupt`)."""
        if self.interrupt is not None:
            self.interrupt()

    def playout_policy(self) -> "Agent":
        """The agent a search plays its playouts with: this one, or a cheaper variant of it."""
        return self

    def reseed(self, seed: int | None) -> None:
        """Restart this agent's randomness from `seed` (the simulator does this before every game)."""
        if seed is not None:
            seed = check_seed(seed)
        self.seed = seed
        self.rng = random.Random(seed)

    def core_rng(self) -> Rng:
        """A game-style generator (neko_lab.core.Rng) drawn from this agent's randomness, for hooks
        such as State.determinize(seat, rng) that expect one."""
        return Rng(self.rng.getrandbits(64))

    def __call__(self, state: State) -> Hashable:
        return self.choose(state)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(name={self.name!r})"


class RandomAgent(Agent):
    """Picks uniformly among the legal actions."""

    name = "random"

    def choose(self, state: State) -> Hashable:
        return self.rng.choice(state.legal_actions())
