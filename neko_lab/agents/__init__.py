"""Game-agnostic agents, and make_agent() which builds any agent by name.

Generic agents: "random", "greedy" (one-ply, by the game's evaluate() hook), "mcts" (UCT search,
determinized for hidden information) and "ismcts" (information-set MCTS whose candidates, playouts and
evaluation come from the game's own agent). Game-specific agents live in neko_lab/games/<key>/agents.py and
are named in the game's State.AGENTS table ({"name": "module:Class"}); make_agent() finds them too.
"""
from __future__ import annotations

import copy
import importlib
import inspect
from typing import Any

from ..core.errors import ConfigError, excerpt
from ..core.registry import game_class
from ..core.state import State
from .base import Agent, RandomAgent
from .greedy import GreedyAgent
from .ismcts import ISMCTSAgent
from .mcts import MCTSAgent
from .spec import parse_spec, split_agents

GENERIC: dict[str, type[Agent]] = {"random": RandomAgent, "greedy": GreedyAgent, "mcts": MCTSAgent,
                                   "ismcts": ISMCTSAgent}


def _game_cls(game: str | type[State] | State | None) -> type[State] | None:
    if game is None:
        return None
    if isinstance(game, str):
        return game_class(game)
    if isinstance(game, State):
        return type(game)
    if isinstance(game, type) and issubclass(game, State):
        return game
    raise ConfigError(f"game must be a game's name (e.g. 'naeco'), its State class or a game, not {game!r}")


def agent_names(game: str | type[State] | State | None = None) -> list[str]:
    """The agent names make_agent() accepts for `game`: the generic ones, then the game's own."""
    cls = _game_cls(game)
    own = list(cls.AGENTS) if cls is not None else []
    return list(GENERIC) + [n for n in own if n not in GENERIC]


def agent_class(name: str, game: str | type[State] | State | None = None) -> type[Agent]:
    """The class behind an agent name. A game's own agent wins over a generic one of the same name."""
    cls = _game_cls(game)
    table = cls.AGENTS if cls is not None else {}
    if name in table:
        module, _, attr = table[name].partition(":")
        try:
            return getattr(importlib.import_module(module), attr)
        except (ImportError, AttributeError) as exc:
            raise ConfigError(f"agent {name!r} of {cls.GAME} points to {table[name]!r}, "
                              f"which cannot be loaded: {exc}") from None
    if name in GENERIC:
        return GENERIC[name]
    allowed = ", ".join(agent_names(cls))
    where = f" for {cls.GAME}" if cls is not None else ""
    raise ConfigError(f"unknown agent {name!r}{where}; allowed agents: {allowed}")


def parameters(cls: type[Agent]) -> list[str] | None:
    """The parameters an agent class takes besides its seed, in order (None: it takes any, **params)."""
    try:
        sig = inspect.signature(cls)
    except (TypeError, ValueError):
        return None
    if any(p.kind is p.VAR_KEYWORD for p in sig.parameters.values()):
        return None
    return [n for n, p in sig.parameters.items() if n != "seed" and p.kind is not p.VAR_POSITIONAL]


def make_agent(spec: Any, game: str | type[State] | State | None = None, seed: int | None = None) -> Agent:
    """Build an agent from a spec:

    - a name: "random", "greedy", "mcts", or one of the game's own agents (State.AGENTS);
    - a name with parameters as text: "mcts(iterations=50)" (see parse_spec);
    - a (name, params) pair, e.g. ("mcts", {"iterations": 50}), params passed to the agent's class;
    - an Agent subclass, instantiated with `seed`;
    - an Agent object: used as it is when seed is None, otherwise a copy restarted from `seed`
      (so a simulation gives every game its own reproducible agent).

    An unknown name raises ConfigError listing the allowed names; when `game` is given, so does a setting
    the agent cannot play that game with (Agent.check_game), such as ismcts's policy.
    """
    agent = _build(spec, game, seed)
    cls = _game_cls(game)
    if cls is not None:
        agent.check_game(cls)
    return agent


def _build(spec: Any, game: str | type[State] | State | None, seed: int | None) -> Agent:
    """make_agent()'s agent, before it is checked against the game."""
    if isinstance(spec, str):
        if "(" in spec:
            spec = parse_spec(spec)
            if isinstance(spec, tuple):
                return _build(spec, game, seed)
        return agent_class(spec, game)(seed=seed)
    if isinstance(spec, tuple) and len(spec) == 2 and isinstance(spec[0], str) and isinstance(spec[1], dict):
        cls = agent_class(spec[0], game)
        known = parameters(cls)
        unknown = [k for k in spec[1] if known is not None and k not in known]
        if unknown:
            takes = f"its parameters: {', '.join(known)}" if known else "it takes none"
            raise ConfigError(f"agent {spec[0]!r} has no parameter {unknown[0]!r}; {takes}")
        try:
            return cls(seed=seed, **spec[1])
        except TypeError as exc:
            raise ConfigError(f"bad parameters for agent {spec[0]!r}: {exc}") from None
    if isinstance(spec, type) and issubclass(spec, Agent):
        return spec(seed=seed)
    if isinstance(spec, Agent):
        if seed is None:
            return spec
        try:
            agent = copy.deepcopy(spec)
        except (TypeError, copy.Error) as exc:
            raise ConfigError(
                f"agent {excerpt(spec)} cannot be copied ({exc}), and each game needs its own copy "
                f"restarted from that game's seed; pass its class instead (a new agent is made for each "
                f"game with the game's seed), or give it a __deepcopy__ that leaves out what cannot be "
                f"copied (a lock, an open file, a connection)") from None
        agent.reseed(seed)
        return agent
    raise ConfigError(f"an agent is a name ({', '.join(agent_names(game))}), a (name, params) pair, "
                      f"an Agent subclass or an Agent object, not {spec!r}")


def hint_agent_spec(game: str | type[State] | State) -> Any:
    """The strongest agent that answers a hint in time (within about a second of CPU on one core), which
    hints follow. The choice is made here and nowhere else.

    A hint plays many futures of each candidate move with this agent, hundreds or thousands of its moves
    in all, so it must answer in about a millisecond: a search agent (mcts, ismcts, at tenths of a second
    a move) would take minutes. Each game's explain module (the State's ``explainer``) may name the agent
    its hints follow as HINT_AGENT, chosen by measurement beside its HINT_BUDGET (an agent name, or
    "package.module:Class" for an agent the game does not list); otherwise the game's own agent (the
    strongest heuristic, measured in benchmarks/README.md), else greedy.
    """
    cls = _game_cls(game)
    named = getattr(getattr(cls, "explainer", None), "HINT_AGENT", None) if cls is not None else None
    if isinstance(named, str) and ":" in named:
        module, _, attr = named.partition(":")
        try:
            return getattr(importlib.import_module(module), attr)
        except (ImportError, AttributeError) as exc:
            raise ConfigError(f"the hint agent of {cls.GAME}, {named!r}, cannot be loaded: {exc}") from None
    if named:
        return named
    own = list(cls.AGENTS) if cls is not None else []
    return own[0] if own else "greedy"


def agent_label(spec: Any) -> str:
    """The name a spec is shown under in simulation results."""
    if isinstance(spec, str):
        if "(" in spec:
            try:
                parsed = parse_spec(spec)
            except ConfigError:
                return spec
            return agent_label(parsed)
        return spec
    if isinstance(spec, tuple) and len(spec) == 2 and isinstance(spec[0], str):
        params = ",".join(f"{k}={v}" for k, v in sorted(spec[1].items()))
        return f"{spec[0]}({params})" if params else spec[0]
    if isinstance(spec, type):
        return getattr(spec, "name", spec.__name__)
    return getattr(spec, "name", type(spec).__name__)


__all__ = ["Agent", "RandomAgent", "GreedyAgent", "MCTSAgent", "ISMCTSAgent", "GENERIC", "agent_names", "agent_class",
           "make_agent", "agent_label", "hint_agent_spec", "parse_spec", "split_agents"]
