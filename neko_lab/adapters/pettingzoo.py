"""A PettingZoo AEC environment for any neko_lab game (needs the extra: pip install "neko_lab[rl]").

    from neko_lab.adapters.pettingzoo import env
    e = env("naeco", players=2)
    e.reset(seed=42)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Agents are "player_1" .. "player_N" (seat 0 is player_1). An observation is a dict: "observation",
the seat's observation_tensor() (float32, shape observation_shape(); observation_layout() documents it
field by field), and "action_mask", 1 for each legal action id of the seat deciding (all 0 for the
others). Actions are ids of the game's fixed vocabulary (num_actions()). Rewards come once, at the end:
reward="win" (+1 sole winner, 0 shared win, -1 otherwise) or reward="score" (the scores). By default
"win" where the rules name a winner with that many players, else "score": solo Naéco is rated on a
scale, not won or lost, so env("naeco", 1) rewards the score and env("naeco", 1, reward="win") is a
ConfigError (State.default_return(players) and NO_WINNER say which).
reset(seed=...) starts the game with that seed (the same seed gives the same game); options it does not
know are ignored, and reset(options={"game_options": {...}}) passes options to the game.
step() and last() need a game with an agent to act: before reset(), and once the game is over and every
agent has taken its last step(None) (where agent_iter() stops), they are a ConfigError saying to call
reset(); observe(agent) still shows a seat's final observation then. A name that is no agent of the game
(observe("player_0"), action_space(0)) is a ConfigError naming the agents there are (also a KeyError, what
a dict of agents raises).

The neko_lab game being played is `env.game_state` (a State: scores(), log_for(), to_json(), ...;
`env.game` is the game's key). `env.state()` is PettingZoo's global state for centralised training, which
these games do not offer: it raises NotImplementedError, as each seat has only its own observation.
"""
from __future__ import annotations

import numbers
import random
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import neko_lab as nl
from neko_lab.core.errors import excerpt
from neko_lab.core.events import PUBLIC
from neko_lab.core.spaces import RETURN_KINDS
from neko_lab.core.rng import check_seed


class UnknownAgent(nl.ConfigError, KeyError):
    """A name that is no agent of the environment, given to observe(), observation_space() or
    action_space(): a ConfigError naming the agents there are, and a KeyError as well, what looking the
    name up in a dict of agents raises, so code written for other PettingZoo environments still catches it."""

    __str__ = nl.ConfigError.__str__      # the message as written (KeyError's own would show it quoted)


class NekoAEC(AECEnv):
    """One neko_lab game as an AEC environment (see the module docstring)."""

    metadata = {"render_modes": ["ansi", "human"], "name": "neko_lab_v0", "is_parallelizable": False}

    def __init__(self, game: str, players: int | None = None, reward: str | None = None,
                 render_mode: str | None = None, **game_options: Any):
        super().__init__()
        cls = nl.game_class(game)
        self.game = game
        self.players = cls.check_players(players)    # numpy's integers too, as a plain int
        if reward is not None and reward not in RETURN_KINDS:
            raise nl.ConfigError(f"reward is one of {RETURN_KINDS} or None (the game's default), "
                                 f"not {reward!r}")
        self.reward_kind = cls.return_kind(reward, self.players)   # "win" refused where nobody wins
        nl.new_game(game, players=self.players, seed=0, **game_options)     # refuses bad settings now
        self.game_options = dict(game_options)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise nl.ConfigError(f"render_mode is one of {self.metadata['render_modes']} or None, "
                                 f"not {render_mode!r}")
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"neko_{game}_v0"}
        self.possible_agents = [f"player_{i + 1}" for i in range(self.players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        n = cls.num_actions(self.players, game_options)
        shape = cls.observation_shape(self.players, game_options)
        obs_space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, shape, np.float32),
            "action_mask": spaces.Box(0, 1, (n,), np.int8),
        })
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._n = n
        self._seeder = random.Random()
        self.game_state: nl.State | None = None     # the game being played (after reset())

    def observation_space(self, agent: str):
        return self.observation_spaces[self._agent(agent)]

    def action_space(self, agent: str):
        return self.action_spaces[self._agent(agent)]

    def _agent(self, agent: Any) -> str:
        """`agent` if it names an agent of this game, else an UnknownAgent naming the agents there are."""
        try:
            if agent in self._seat:
                return agent
        except TypeError:           # unhashable (a list, a dict): no agent's name either
            pass
        names = ", ".join(self.possible_agents)
        seat = ""
        if isinstance(agent, numbers.Integral) and not isinstance(agent, bool) and 0 <= agent < self.players:
            seat = f"; seat {int(agent)} is the agent {self.possible_agents[int(agent)]!r}"
        raise UnknownAgent(f"{excerpt(agent)} is not an agent of this {self.players}-player game: its agents "
                           f"are {names} (counted from 1){seat}")

    def state(self) -> np.ndarray:
        """PettingZoo's global state (for centralised training): not offered. Every tensor of these
        games is one seat's view, and none of them may stand in for the whole table."""
        raise NotImplementedError(
            f"{self.metadata['name']} has no global state: each agent has its own observation only "
            f"(observe(agent)). The game itself is env.game_state (a neko_lab State), e.g. for its "
            f"scores or its log")

    # ------------------------------------------------------------------ the AEC calls
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            if not isinstance(seed, numbers.Integral) or isinstance(seed, bool):
                raise nl.ConfigError(f"seed is a whole number or None, not {seed!r}")
            seed = check_seed(int(seed))      # numpy's integers too; refused before the seeder takes it
            self._seeder.seed(seed)
        game_seed = seed if seed is not None else self._seeder.randrange(2**62)
        extra = _game_options(options)
        self.game_state = nl.new_game(self.game, players=self.players, seed=game_seed,
                                 **{**self.game_options, **extra})
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.game_state.current_player]

    def _playing(self, call: str) -> nl.State:
        """The game, for a call that needs one: a ConfigError before reset(), or once the game is over
        and every agent has taken its last step(None) and left (PettingZoo's agent_iter() stops there)."""
        if self.game_state is None:
            raise nl.ConfigError(f"call reset() before {call}: the environment has no game yet")
        if not self.agents and call != "observe()":
            raise nl.ConfigError(
                f"the game is over and every agent has left (each took its last step(None)), so there is "
                f"no agent for {call}: call reset() to start a new game (env.game_state is the game "
                f"that ended)")
        return self.game_state

    def last(self, observe: bool = True) -> tuple:
        """PettingZoo's last(): the observation, reward, terminated, truncated and info of the agent to
        act; a ConfigError before reset() or after every agent has left."""
        self._playing("last()")
        return super().last(observe)

    def observe(self, agent: str) -> dict:
        seat = self._seat[self._agent(agent)]
        s = self._playing("observe()")
        mask = np.zeros(self._n, np.int8)
        if not s.is_over() and s.current_player == seat:
            mask[s.legal_action_ids()] = 1
        return {"observation": np.asarray(s.observation_tensor(seat), np.float32), "action_mask": mask}

    def step(self, action: int | None) -> None:
        self._playing("step()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        s = self.game_state
        if not isinstance(action, numbers.Integral) or isinstance(action, bool):
            raise nl.IllegalAction(f"{agent} must act with an action id, a whole number from 0 to "
                                   f"{self._n - 1} (action_mask shows the legal ones), not {action!r}")
        s.apply(s.action_from_id(int(action)))
        self._cumulative_rewards[agent] = 0.0
        if s.is_over():
            returns = s.returns(self.reward_kind)
            for a in self.agents:
                self.rewards[a] = float(returns[self._seat[a]])
                self.terminations[a] = True
        else:
            self.agent_selection = self.possible_agents[s.current_player]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.game_state is None:
            return None
        # the spectator's view: a render may be on a screen every seat sees
        text = repr(self.game_state) + "".join(f"\n  {e}" for e in self.game_state.log_for(PUBLIC)[-3:])
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def _game_options(options: Any) -> dict:
    """The game options in reset()'s options ({"game_options": {...}}), checked: ConfigError naming the
    field for anything but a dict of option names."""
    if options is None:
        return {}
    if not isinstance(options, Mapping):
        raise nl.ConfigError(f"reset()'s options is a dict, e.g. {{'game_options': {{...}}}}, or None, "
                             f"not {excerpt(options, 40)}")
    extra = options.get("game_options")
    if extra is None:
        return {}
    if not isinstance(extra, Mapping) or not all(isinstance(k, str) for k in extra):
        raise nl.ConfigError(f"reset()'s options['game_options'] is a dict of the game's options by "
                             f"name, e.g. {{'sea_shepherd': True}}, not {excerpt(extra, 40)}")
    return dict(extra)


def env(game: str, players: int | None = None, **kwargs: Any) -> NekoAEC:
    """An AEC environment for `game` (any key of nl.GAMES); kwargs: reward="win"|"score" (None, the
    default: "win" where the rules name a winner with that many players, else "score"), render_mode,
    and the game's own options."""
    return NekoAEC(game, players, **kwargs)
