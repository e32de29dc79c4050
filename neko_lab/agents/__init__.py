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

from ..core.errors import ConfigError, excerpt, plain
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
    """The name a spec is shown under in simulation results: a name as it is, a spec with parameters
    as "name(param=value,...)" (in the order of their names), an Agent subclass by its `name`, and an
    Agent object as the spec that makes it would be: its `name` with the parameters it was made with
    (Agent.made_with), so MCTSAgent(iterations=30) is "mcts(iterations=30)" and MCTSAgent() "mcts"
    (its `name` alone when one of them is no value a spec could write: a number, text, True/False/None or
    a list of them)."""
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
    name = getattr(spec, "name", type(spec).__name__)
    made = getattr(spec, "made_with", None)
    if isinstance(spec, Agent) and isinstance(name, str) and isinstance(made, dict):
        written = {k: plain(v) for k, v in made.items()}
        if all(_writable(v) for v in written.values()):
            return agent_label((name, written))
    return name


def _writable(value: Any) -> bool:
    """Whether an agent spec written as text could give `value` (a Python literal parse_spec reads)."""
    if type(value) in (int, float, bool, str, type(None)):
        return True
    return type(value) in (tuple, list) and all(_writable(v) for v in value)


def _identity(spec: Any, game: Any) -> tuple[Any, dict]:
    """What an agent spec plays as: (its class, the parameters it is made with)."""
    if isinstance(spec, str):
        spec = parse_spec(spec)
    if isinstance(spec, str):
        return agent_class(spec, game), {}
    if isinstance(spec, tuple) and len(spec) == 2 and isinstance(spec[0], str) and isinstance(spec[1], dict):
        return agent_class(spec[0], game), spec[1]
    if isinstance(spec, type):
        return spec, {}
    return type(spec), getattr(spec, "made_with", {})


def _same_agent(a: Any, b: Any, game: Any) -> bool:
    """Whether two specs of one label are the same agent: one object, two names of the same spec, or
    the same class made with the same parameters (an object whose parameters are not known is only
    itself)."""
    if a is b:
        return True
    named = (str, tuple)
    if isinstance(a, named) and isinstance(b, named):
        return True                  # a name spec's label is the whole spec
    try:
        return _identity(a, game) == _identity(b, game)
    except Exception:                # parameters that cannot be compared: not known to be the same
        return False


def _described(spec: Any) -> str:
    if isinstance(spec, type):
        return f"the class {spec.__qualname__}"
    if isinstance(spec, Agent):
        return f"a {type(spec).__qualname__} object"
    return repr(agent_label(spec))


def label_clash(agents: list, game: Any = None) -> tuple[int, int, str] | None:
    """The first two different agents of a line-up that share a label (agent_label), as (index, index,
    label), the indices counting from 0; None when every label names one agent. Results are grouped by
    label, so such a pair could not be told apart there."""
    labels = [agent_label(a) for a in agents]
    for j, label in enumerate(labels):
        for i in range(j):
            if labels[i] == label and not _same_agent(agents[i], agents[j], game):
                return i, j, label
    return None


def check_labels(agents: list, game: Any = None) -> None:
    """Refuse, with a ConfigError saying how to name them, a line-up in which different agents share a
    label (label_clash): their games would be merged under it in the results."""
    clash = label_clash(agents, game)
    if clash is not None:
        i, j, label = clash
        raise ConfigError(
            f"agents {i + 1} and {j + 1} ({_described(agents[i])} and {_described(agents[j])}) are different "
            f"agents both labelled {label!r}, so their games could not be told apart in the results: give each "
            f"a name of its own (name = '...' in each Agent subclass, or agent.name = '...' on an object)")


__all__ = ["Agent", "RandomAgent", "GreedyAgent", "MCTSAgent", "ISMCTSAgent", "GENERIC", "agent_names", "agent_class",
           "make_agent", "agent_label", "check_labels", "label_clash", "hint_agent_spec", "parse_spec", "split_agents"]
