"""neko_lab games as OpenSpiel games (needs the extra: pip install "neko_lab[rl]").

Importing this module registers `python_neko_<game>` with pyspiel for every registered game:

    import pyspiel
    import neko_lab.adapters.openspiel   # registers the games
    game = pyspiel.load_game("python_neko_naeco", {"players": 2, "seed": 7})

Parameters: players; seed (-1: a fresh seed for each new game, else the first game's seed, the next
games' seeds following from it); returns ("win": +1 sole winner, 0 shared win, -1 otherwise;
"score": the scores; "default": "win" where the rules name a winner with that many players, else
"score": solo Naéco is rated, not won, and asking it for "win" is a ConfigError); options (the game's
options as a JSON object, e.g. '{"sea_shepherd": true}'). The game's parameters show the kind chosen.

OpenSpiel splits a game string such as "python_neko_journey(players=3,options=...)" at every comma, so
inside a game string the options are written with ';' between them instead of ',':
options={"advanced_cards":true;"new_bid_spaces":3}. That is the form str(game) and get_parameters()
show, so the name a game prints loads the same game again (pyspiel.load_game(str(game))); a comma,
parenthesis or '=' inside an option's text is written as a JSON escape (\\u002c, \\u0028, \\u0029, \\u003d).
The dict form of load_game takes either: {"options": '{"advanced_cards": true, "new_bid_spaces": 3}'}.

The engines draw chance inside apply(), so the games are SAMPLED_STOCHASTIC: there are no chance nodes.
Action ids are the game's fixed vocabulary (num_actions()); observation tensors are observation_tensor();
the observation string is the seat's observation() as JSON. `resample_from_infostate(player, sampler)`
returns a copy made with State.determinize(player, ...): what that player cannot see is re-drawn, so
IS-MCTS (open_spiel.python.algorithms.ismcts, use_observation_string=True) searches honestly; the copy
has no history of its own (the real one holds other players' hidden choices), so its history() is empty.
`serialize()` writes the game's save (its history) and `game.deserialize_state(text)` replays it; a
resampled copy is a guess at the game, not the game, so its serialize() is a SaveError. The
C++ `random_sim_test(..., serialize=True)` cannot run for a Python game (see ECOSYSTEM.md), so tests
round-trip serialize()/deserialize_state() directly.

`action_to_string(player, id)`: `player` is the seat taking the action, as OpenSpiel has it. When it is
that seat's turn and the id is legal, the action's own words ("play Yeti crab face-down at depth 4,
..."): the seat knows its cards. Any other id of the vocabulary (a move of the history, another seat's
choice, a terminal state) reads in words from the id alone (State.action_words: "play a card face-down
at depth 4, ..."), which name nothing the id does not say.

Games and states pickle and copy (copy.copy, copy.deepcopy, a process pool's arguments): a game by its
name and parameters (with a seed, the copy deals the games the original would deal next), a state by
its game and its save, replayed; a resampled copy has no save and is refused, as by serialize(). Cloning
is safe beside new_initial_state() in another thread.
"""
from __future__ import annotations

import importlib
import json
import numbers
import random
import re
import threading
from typing import Any

import numpy as np
import pyspiel

import neko_lab as nl
from neko_lab.core import Rng
from neko_lab.core.spaces import RETURN_KINDS

PREFIX = "python_neko_"
DEFAULT_RETURN = "default"     # the returns parameter's default: the game's own default_return(players)
# The game whose state this thread is cloning: pyspiel's clone asks the game for a new state to fill in,
# and that one must be an empty shell (no seed drawn, no set-up). Per thread, so a new_initial_state()
# in another thread meanwhile is a real game.
_CLONING = threading.local()


def _game_type(key: str, cls: type) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=PREFIX + key,
        long_name=f"neko_lab {cls.TITLE or key}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=(pyspiel.GameType.Information.IMPERFECT_INFORMATION if cls.HIDDEN_INFORMATION
                     else pyspiel.GameType.Information.PERFECT_INFORMATION),
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.MAX_PLAYERS,
        min_num_players=cls.MIN_PLAYERS,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": cls.DEFAULT_PLAYERS, "seed": -1, "returns": DEFAULT_RETURN,
                                 "options": "{}"},
    )


class NekoGame(pyspiel.Game):
    """One neko_lab game with fixed players, options and return kind."""

    KEY = ""

    def __init__(self, params: dict | None = None):
        cls = nl.game_class(self.KEY)
        params = dict(params or {})
        self.players = cls.check_players(params.get("players", cls.DEFAULT_PLAYERS))
        kind = params.get("returns", DEFAULT_RETURN)
        if kind not in RETURN_KINDS + (DEFAULT_RETURN,):
            raise nl.ConfigError(f"returns is one of {RETURN_KINDS + (DEFAULT_RETURN,)}, not {kind!r}")
        self.returns_kind = cls.return_kind(None if kind == DEFAULT_RETURN else kind, self.players)
        self.options = read_options(params.get("options", "{}"))
        # refuses bad settings; its options, defaults filled in, are what a save of this game holds
        self._engine_options = nl.new_game(self.KEY, players=self.players, seed=0, **self.options).options
        seed = int(params.get("seed", -1))
        if seed < -1:
            raise nl.ConfigError(f"seed is -1 (a fresh seed for each new game) or a whole number from 0, "
                                 f"the first game's seed; not {seed}")
        self._seeds = random.Random(None if seed == -1 else seed)
        self._seeded = None if seed == -1 else seed
        self._first_seed = None if seed == -1 else seed
        # the bounds of the dataset played: a variant's values may reach past the shipped data's
        lo, hi = cls.returns_bounds(self.returns_kind, self.players, self.options.get("data"))
        info = pyspiel.GameInfo(
            num_distinct_actions=cls.num_actions(self.players, self.options),
            max_chance_outcomes=0,
            num_players=self.players,
            min_utility=lo,
            max_utility=hi,
            utility_sum=None,
            max_game_length=cls.MAX_GAME_LENGTH)
        super().__init__(_TYPES[self.KEY], info, {"players": self.players, "seed": seed,
                                                   "returns": self.returns_kind,
                                                   "options": options_text(self.options)})

    def __reduce__(self) -> tuple:
        """A copy (pickle, copy, a process pool) is this game loaded again by name and parameters; with
        a seed, its next new games are those this one would deal next. With seed -1 each copy draws
        fresh seeds, as -1 asks."""
        seeds = None if self._seeded is None else (self._first_seed, self._seeds.getstate())
        module = nl.game_class(self.KEY).__module__      # a game from a plugin is registered there
        return (_load_game, (self.get_type().short_name, self.get_parameters(), seeds, module))

    def new_initial_state(self, engine: nl.State | None = None) -> "NekoSpielState":
        if engine is None and getattr(_CLONING, "game", None) is self:
            return NekoSpielState(self, None)     # pyspiel's clone fills it in: no seed drawn, no set-up
        if engine is None:
            if self._first_seed is not None:
                seed, self._first_seed = self._first_seed, None
            else:
                seed = self._seeds.randrange(2**62)
            engine = nl.new_game(self.KEY, players=self.players, seed=seed, **self.options)
        return NekoSpielState(self, engine)

    def make_py_observer(self, iig_obs_type=None, params=None) -> "NekoObserver":
        """The seat's observation (observation_string / observation_tensor). It is what the seat sees
        now, not a perfect-recall information state, and it holds the seat's private cards: any other
        kind of observation asked for (an information state, a public-only or an all-seats view) is
        refused rather than answered with this one."""
        if iig_obs_type is not None and (
                iig_obs_type.perfect_recall or not iig_obs_type.public_info
                or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER):
            raise nl.ConfigError(
                f"{PREFIX}{self.KEY} gives each seat's own observation only, not {_asked(iig_obs_type)}: "
                f"use observation_string(player) / observation_tensor(player), what the player sees now, "
                f"its own hidden cards included")
        return NekoObserver(self)

    def deserialize_state(self, text: str) -> "NekoSpielState":
        """The state a serialize() wrote: the save replayed move by move through apply_action, so its
        history() is the one serialized. A save of another game, player count or set of options is
        refused: its state would not fit this game's action ids and tensors."""
        saved = nl.replay(text)
        self._check_fits(saved[0])
        state = self.new_initial_state(saved[0])
        for action in saved.actions:
            state.apply_action(state.engine.action_id(action))
        return state

    def _check_fits(self, start: nl.State) -> None:
        name = f"{PREFIX}{self.KEY}"
        if start.GAME != self.KEY:
            raise nl.SaveError(f"this save is a game of {start.GAME}, not of {self.KEY}: load it with "
                               f"the game {PREFIX}{start.GAME}")
        if start.players != self.players:
            raise nl.SaveError(f"this save is a {start.players}-player game and this {name} game has "
                               f"{self.players} players: load it with players={start.players}")
        if start.options != self._engine_options:
            def shown(v: Any) -> str:
                return json.dumps(v, sort_keys=True, default=str)
            differ = "; ".join(f"{k}: the save has {shown(start.options.get(k))}, this game "
                               f"{shown(self._engine_options.get(k))}"
                               for k in sorted(set(start.options) | set(self._engine_options))
                               if start.options.get(k) != self._engine_options.get(k))
            raise nl.SaveError(f"this save was played with other options than this {name} game ({differ}): "
                               f"load it with options='{shown(start.options)}'")


class NekoSpielState(pyspiel.State):
    """A pyspiel state around a neko_lab State (`engine`)."""

    def __init__(self, game: NekoGame, engine: nl.State):
        super().__init__(game)
        self.engine = engine
        self._kind = game.returns_kind
        self._drawn_for: int | None = None     # resample_from_infostate's seat, for a resampled copy

    def current_player(self) -> int:
        if self.engine.is_over():
            return pyspiel.PlayerId.TERMINAL
        return self.engine.current_player

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """OpenSpiel asks this at chance nodes only, and these games have none (chance is drawn inside
        apply_action: SAMPLED_STOCHASTIC); like OpenSpiel's own games asked it elsewhere, refuse."""
        raise nl.ConfigError(
            f"{PREFIX}{self.get_game().KEY} has no chance nodes (is_chance_node() is always False): the "
            f"game draws its chance inside apply_action, so there are no chance outcomes to list")

    def _legal_actions(self, player: int) -> list[int]:
        if self.engine.is_over() or player != self.engine.current_player:
            return []
        return sorted(self.engine.legal_action_ids())

    def _apply_action(self, action: int) -> None:
        self.engine.apply(self.engine.action_from_id(int(action)))

    def _action_to_string(self, player: int, action: int) -> str:
        """`action` as `player`, the seat taking it, reads it: its own words when it is legal for that
        seat now, else the words of the id alone (State.action_words; see the module docstring)."""
        engine = self.engine
        if not engine.is_over() and player == engine.current_player:
            try:
                return str(engine.action_from_id(action))
            except nl.IllegalAction:
                pass
        return engine.action_words(action)

    def is_terminal(self) -> bool:
        return self.engine.is_over()

    def returns(self) -> list[float]:
        return self.engine.returns(self._kind)

    def rewards(self) -> list[float]:
        return self.returns() if self.engine.is_over() else [0.0] * self.engine.players

    def resample_from_infostate(self, player_id: int, probability_sampler) -> "NekoSpielState":
        """A copy in which what `player_id` cannot see is re-drawn (State.determinize). It starts with no
        history of its own (history() empty, move_number() 0): the real history holds other players'
        choices made out of `player_id`'s sight (a draft pick, a walk not yet shown), and no history
        leads to the re-drawn cards. The copy is not the game, so it has no save: serialize() refuses it."""
        n = self.engine.players
        if not isinstance(player_id, numbers.Integral) or not 0 <= player_id < n:
            raise nl.ConfigError(f"resample_from_infostate takes the id of the player whose view is "
                                 f"kept, 0 to {n - 1} (Player 1 to Player {n}), not {player_id!r}")
        seed = int(probability_sampler() * 2**31) if callable(probability_sampler) else random.getrandbits(31)
        copy = self.get_game().new_initial_state(self.engine.determinize(player_id, Rng(seed)))
        copy._drawn_for = int(player_id)
        return copy

    def clone(self) -> "NekoSpielState":
        """A copy with the same history (pyspiel's own clone, which copies it, asks the game for a new
        state first: that one is an empty shell, so cloning draws no seed of the game's next ones)."""
        _CLONING.game = self.get_game()
        try:
            return pyspiel.State.clone(self)
        finally:
            _CLONING.game = None

    def __deepcopy__(self, memo: dict) -> "NekoSpielState":
        return self.clone()     # a structural copy; deepcopy would walk the whole history chain

    def __copy__(self) -> "NekoSpielState":
        return self.clone()     # a state shares nothing a move changes with its copy

    def __reduce__(self) -> tuple:
        """Pickled as its game and its save (serialize()), replayed when loaded: the same history,
        position and generator. A resampled copy has no save and is refused (SaveError)."""
        return (_load_state, (self.get_game(), self.serialize()))

    def serialize(self) -> str:
        """The game's save (its history), which game.deserialize_state() replays."""
        seat = self._drawn_for
        if seat is not None:
            raise nl.SaveError(
                f"this state was drawn by resample_from_infostate({seat}): what Player {seat + 1} "
                f"cannot see was re-drawn, so it is one guess at the game, not the game, and has no "
                f"save; serialize() the state it was drawn from")
        return self.engine.to_json()

    def __str__(self) -> str:
        return repr(self.engine)


_OPTIONS_FORM = ("options is the game's options as a JSON object, e.g. '{\"sea_shepherd\": true}'; inside a "
                 "game string, where OpenSpiel splits at every comma, with ';' between them instead of ',': "
                 "python_neko_journey(options={\"advanced_cards\":true;\"new_bid_spaces\":3})")
_JSON_TEXT = re.compile(r'"(?:[^"\\]|\\.)*"')     # a JSON string literal, its escapes included
# what OpenSpiel's game-string parser reads as its own inside an option's text: written as JSON escapes
_SPIEL_SIGNS = {",": "\\u002c", "(": "\\u0028", ")": "\\u0029", "=": "\\u003d"}


def options_text(options: dict) -> str:
    """The options as the game string writes them: a JSON object with ';' between its members (and list
    items) instead of ',', and no comma, parenthesis or '=' left inside its texts, so OpenSpiel's parser
    hands the whole of it back to read_options."""
    text = json.dumps(options, sort_keys=True, separators=(";", ":"))
    return _JSON_TEXT.sub(lambda m: re.sub(r"[,()=]", lambda c: _SPIEL_SIGNS[c.group()], m.group()), text)


def read_options(value: Any) -> dict:
    """The options a game string or the dict form of load_game gives: a JSON object whose members are
    parted by ',' or by ';' (a ';' inside a text is kept). ConfigError, naming the form, for anything else."""
    text = str(value).strip() or "{}"
    parts, end = [], 0
    for m in _JSON_TEXT.finditer(text):           # ';' outside the texts stands for ','
        parts += [text[end:m.start()].replace(";", ","), m.group()]
        end = m.end()
    try:
        options = json.loads("".join(parts) + text[end:].replace(";", ","))
    except ValueError as exc:
        raise nl.ConfigError(f"{_OPTIONS_FORM}; {text[:60]!r} is not that ({exc})") from None
    if not isinstance(options, dict):
        raise nl.ConfigError(f"{_OPTIONS_FORM}; not {text[:60]!r}")
    return options


def _load_game(name: str, params: dict, seeds: tuple | None, module: str) -> NekoGame:
    """A game pickled by NekoGame.__reduce__: loaded by name and parameters, its seed sequence where the
    pickled one was. In another process the module of the game's State is imported first, so a game
    registered by a plugin (not one of the built-in games) is known there too."""
    if name not in pyspiel.registered_names():
        importlib.import_module(module)
        register_all()
    game = pyspiel.load_game(name, params)
    if seeds is not None:
        game._first_seed, state = seeds
        game._seeds.setstate(state)
    return game


def _load_state(game: NekoGame, text: str) -> "NekoSpielState":
    """A state pickled by NekoSpielState.__reduce__: its save replayed in its game."""
    return game.deserialize_state(text)


def _asked(kind: pyspiel.IIGObservationType) -> str:
    """The kind of observation asked for, in words (what OpenSpiel calls an IIGObservationType)."""
    if kind.perfect_recall:
        return ("an information state (everything the player has seen since the start, perfect_recall"
                "=True), which information_state_string and information_state_tensor ask for")
    if not kind.public_info:
        return "a view without the public information (public_info=False)"
    if kind.private_info == pyspiel.PrivateInfoType.NONE:
        return "a public-only view without any player's hidden cards (private_info=NONE)"
    return "a view of every player's hidden cards (private_info=ALL_PLAYERS)"


class NekoObserver:
    """Observation tensor and string of one seat (a PyObserver: tensor, dict, set_from, string_from)."""

    def __init__(self, game: NekoGame):
        cls = nl.game_class(game.KEY)
        shape = cls.observation_shape(game.players, game.options)
        self.tensor = np.zeros(shape, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: NekoSpielState, player: int) -> None:
        self.tensor[:] = state.engine.observation_tensor(player)

    def string_from(self, state: NekoSpielState, player: int) -> str:
        return json.dumps(state.engine.observation(player), sort_keys=True, default=str)


_TYPES: dict[str, pyspiel.GameType] = {}
GAME_CLASSES: dict[str, type[NekoGame]] = {}


def register_all() -> list[str]:
    """Register python_neko_<game> for every game in nl.GAMES not yet registered; their short names."""
    from neko_lab.core import load_builtin
    load_builtin()
    names = []
    registered = set(pyspiel.registered_names())
    for key, cls in sorted(nl.GAMES.items()):
        if cls.SPACES is None:
            continue
        name = PREFIX + key
        names.append(name)
        if name in registered:
            continue
        _TYPES[key] = _game_type(key, cls)
        GAME_CLASSES[key] = type(f"Neko{key.title()}Game", (NekoGame,), {"KEY": key})
        pyspiel.register_game(_TYPES[key], GAME_CLASSES[key])
    return names


GAMES = register_all()
