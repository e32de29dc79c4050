"""What learning and search tools need from a game, on top of the State contract (DESIGN.md › Growing
the contract): a fixed action vocabulary, an observation tensor, returns with bounds, declared limits.

A game declares them in one module of its rules (games/<key>/rules/spaces.py) and wires it with
`declare(GameState, spaces)`. That module holds:

    MAX_GAME_LENGTH    the most actions one game can take (argued from the rules in its docstring)
    MAX_LEGAL_ACTIONS  the longest legal-action list any position can have
    CHANCE             "setup" (chance only while setting up) or "mid-game" (apply() draws too);
                       chance(players, options), if declared, says it for given options
    SCORE_BOUNDS       (lowest, highest) score a seat can end with, argued from the rules and the
                       shipped data; score_bounds(data) -> (lowest, highest), if declared, the same
                       argument made of a loaded dataset (a designer's variant), equal to SCORE_BOUNDS
                       for the shipped one
    action_keys(players, options) -> list   every choice the game can ask, in id order
    action_key(state, action) -> Hashable   the choice a legal action of `state` names: what the
                                            player picks (a card, a place, a hand place), never values
                                            derived from the position (prices, names)
    action_of(state, key) -> action | None  (optional) the action `key` names in `state`, legal or not,
                                            or None: a refused id then gets the game's own reason
    key_words(key) -> str                   (optional) the choice `key` names, in words read from the
                                            key alone (counting from 1), never from a position: what
                                            action_words(i) says of an id that is not legal now
    layout(players, options) -> Layout      the observation tensor, field by field

Ids are positions in action_keys(), so one id names one choice in every game of that player count
and those options. The tensor is a function of observation(seat) alone, so it can hold no secret the
observation does not.

Returns: "win" (+1 for a sole winner, 0 for a shared win, -1 otherwise) where the rules name a winner;
"score" (the scores) always. A game declares the player counts whose rules name no winner in the
State's NO_WINNER (Naéco's solo play is only rated): "win" is refused there rather than answered with
a constant, and default_return(players), what returns() and the adapters give when no kind is asked
for, is "score" there and "win" elsewhere.
"""
from __future__ import annotations

import functools
import json
import numbers
from typing import Any, Callable, ClassVar, Hashable, Iterable, NamedTuple, Sequence

from .errors import ConfigError, IllegalAction, whole
from .refusals import CHOICES, known_to, open_decision, unjudged

CHANCE_KINDS = ("setup", "mid-game")
RETURN_KINDS = ("win", "score")


# ---------------------------------------------------------------------- observation tensors
class Field(NamedTuple):
    """One named stretch of an observation tensor: `size` numbers computed by get(observation)."""
    name: str
    size: int
    doc: str
    get: Callable[[dict], Sequence[float]]


class Layout:
    """A flat observation tensor: fields one after the other. describe() is its documentation."""

    def __init__(self, fields: Iterable[Field]):
        self.fields = tuple(fields)
        names = [f.name for f in self.fields]
        if len(set(names)) != len(names):
            raise ConfigError(f"a tensor layout names a field twice: {names}")
        self.size = sum(f.size for f in self.fields)
        self.shape = (self.size,)

    def encode(self, obs: dict) -> list[float]:
        out: list[float] = []
        for f in self.fields:
            part = f.get(obs)
            if len(part) != f.size:
                raise AssertionError(f"tensor field {f.name!r} gave {len(part)} numbers, its declared "
                                     f"size is {f.size}")
            out.extend(part)
        return out

    def describe(self) -> list[dict]:
        """One row per field: name, first index, size and what the numbers mean."""
        rows, at = [], 0
        for f in self.fields:
            rows.append({"field": f.name, "start": at, "size": f.size, "meaning": f.doc})
            at += f.size
        return rows


def one_hot(i: int | None, n: int) -> list[float]:
    """n zeros with a 1 at i (all zeros when i is None or -1)."""
    v = [0.0] * n
    if i is not None and i >= 0:
        if i >= n:
            raise AssertionError(f"value {i} does not fit a one-hot of {n}")
        v[i] = 1.0
    return v


def counts(items: Iterable[int], n: int) -> list[float]:
    """How many times each of 0..n-1 occurs in items (a multi-hot for sets)."""
    v = [0.0] * n
    for i in items:
        if not 0 <= i < n:
            raise AssertionError(f"value {i} is outside 0..{n - 1}")
        v[i] += 1.0
    return v


def padded(seq: Sequence[float], n: int, fill: float = -1.0) -> list[float]:
    """seq as floats, filled up to n with `fill` (more than n items is an error, never cut)."""
    if len(seq) > n:
        raise AssertionError(f"{len(seq)} values do not fit {n} places")
    return [float(x) for x in seq] + [fill] * (n - len(seq))


def flag(v: Any) -> list[float]:
    return [1.0 if v else 0.0]


def number(v: float | None, missing: float = -1.0) -> list[float]:
    return [missing if v is None else float(v)]


def open_decision_data(state: Any) -> Any:
    """The data of the decision on top of the pending stack as plain JSON values (tuples become
    lists), for a game whose pending data is public (who is still to be asked, which round, ...),
    so observation() can show how far an open decision has gone. None when nothing is open."""
    if not state.pending or state.is_over():
        return None
    return _plain(state.pending[-1].data)


def _plain(v: Any) -> Any:
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    if isinstance(v, dict):
        return {str(k): _plain(x) for k, x in v.items()}
    return v


# ---------------------------------------------------------------------- the declaration
class Vocabulary:
    """Every choice a game can ask (its keys), numbered from 0 in a fixed order."""

    def __init__(self, keys: Iterable[Hashable]):
        self.keys = list(keys)
        self.ids = {k: i for i, k in enumerate(self.keys)}
        if len(self.ids) != len(self.keys):
            raise ConfigError("an action vocabulary lists a key twice")

    def __len__(self) -> int:
        return len(self.keys)


def _frozen(options: dict | None) -> str:
    return json.dumps(options or {}, sort_keys=True, default=str)


def declare(cls: type, module: Any) -> None:
    """Give `cls` (a game's State) the declarations of its spaces module (see the module docstring)."""
    for name in ("MAX_GAME_LENGTH", "MAX_LEGAL_ACTIONS", "CHANCE", "SCORE_BOUNDS"):
        setattr(cls, name, getattr(module, name))
    if cls.CHANCE not in CHANCE_KINDS:
        raise ConfigError(f"{cls.GAME}: CHANCE is one of {CHANCE_KINDS}, not {cls.CHANCE!r}")
    cls.SPACES = module


@functools.lru_cache(maxsize=64)
def _vocabulary(cls: type, players: int, options: str) -> Vocabulary:
    return Vocabulary(cls.SPACES.action_keys(players, json.loads(options)))


@functools.lru_cache(maxsize=64)
def _layout(cls: type, players: int, options: str) -> Layout:
    return cls.SPACES.layout(players, json.loads(options))


class Spaces:
    """The State methods built on a game's declaration (State inherits them)."""

    MAX_GAME_LENGTH: ClassVar[int] = 0
    MAX_LEGAL_ACTIONS: ClassVar[int] = 0
    CHANCE: ClassVar[str] = "mid-game"
    SCORE_BOUNDS: ClassVar[tuple[int, int]] = (0, 0)
    SPACES: ClassVar[Any] = None

    @classmethod
    def _settings(cls, players: int | None, options: dict | None) -> tuple[int, str]:
        if cls.SPACES is None:
            raise ConfigError(f"{cls.GAME} declares no action vocabulary or tensor")
        players = cls.check_players(players)      # the player counts new_game allows, no others
        return players, _frozen({**cls.OPTIONS, **(options or {})})

    @classmethod
    def num_actions(cls, players: int | None = None, options: dict | None = None) -> int:
        """How many action ids this game has with that many players and those options."""
        return len(_vocabulary(cls, *cls._settings(players, options)))

    @classmethod
    def chance_at(cls, players: int | None = None, options: dict | None = None) -> str:
        """Where chance happens with these settings: "setup" or "mid-game" (CHANCE is the worst case;
        a game whose options move chance declares chance(players, options) in its spaces module)."""
        players, frozen = cls._settings(players, options)
        how = getattr(cls.SPACES, "chance", None)
        return how(players, json.loads(frozen)) if how else cls.CHANCE

    @classmethod
    def observation_shape(cls, players: int | None = None, options: dict | None = None) -> tuple[int]:
        return _layout(cls, *cls._settings(players, options)).shape

    @classmethod
    def observation_layout(cls, players: int | None = None, options: dict | None = None) -> Layout:
        """The tensor's fields (Layout.describe() documents them)."""
        return _layout(cls, *cls._settings(players, options))

    def _vocab(self) -> Vocabulary:
        return _vocabulary(type(self), self.players, _frozen(self.options))

    def action_id(self, action: Hashable) -> int:
        """The id of the choice `action` names (the same id in every game with these settings)."""
        try:
            return self._vocab().ids[self.SPACES.action_key(self, action)]
        except (KeyError, AttributeError, TypeError, ValueError):
            raise IllegalAction(f"{excerpt_of(action)} is not an action of {self.GAME}") from None

    def action_from_id(self, i: int) -> Hashable:
        """The legal action with id `i` now; IllegalAction when no legal action has it."""
        for a in self.legal_actions():
            if self.action_id(a) == i:
                return a
        raise IllegalAction(self.why_id_illegal(i, seat=self.current_player))      # told to whoever acts

    def why_id_illegal(self, i: Any, seat: int | None = None) -> str:
        """A sentence saying why action id `i` is refused now, told to `seat` (None: a spectator): the
        game's own reason (why_illegal) for the action the id names, when the game's spaces module can
        name it (action_of). A reader who may not know the open decision's choices is told what
        why_illegal tells it, never whether the id names something in this position (a hand's card)."""
        n = len(self._vocab())
        if isinstance(i, numbers.Integral) and not isinstance(i, bool):
            i = int(i)                   # numpy's integers too (an argmax over a policy's outputs)
        if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < n:
            return (f"action id {excerpt_of(i)} is not an action id of {self.TITLE or self.GAME} with "
                    f"{self.players} players: the ids run from 0 to {n - 1} (legal_action_ids() lists "
                    f"the legal ones now)")
        if self.is_over():
            return f"action id {i} is not possible: the game is over"
        if known_to(self, seat) != CHOICES:
            return unjudged(self, f"action id {i} ({self.action_words(i)})", seat)
        decode = getattr(self.SPACES, "action_of", None)
        try:
            action = decode(self, self._vocab().keys[i]) if decode else None
        except Exception:  # a choice that names nothing in this position (a card a hand does not hold)
            action = None
        if action is not None:
            return f"action id {i}: {self.why_illegal(action, seat)}"
        return f"action id {i} is not legal now ({open_decision(self, seat)})"

    def action_words(self, i: Any) -> str:
        """The choice action id `i` names, in words read from the id alone (the spaces module's
        key_words), whether or not it is legal now: a move of the history, another seat's choice. The
        words never look at the position, so they name no card a hand holds, no price, no name; they
        say what the id says, nothing more. A game without key_words: "action id i". Refuses an id
        outside the vocabulary (IllegalAction)."""
        n = len(self._vocab())
        i = whole(i)
        if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < n:
            raise IllegalAction(self.why_id_illegal(i))
        words = getattr(self.SPACES, "key_words", None)
        return words(self._vocab().keys[i]) if words else f"action id {i}"

    def legal_action_ids(self) -> list[int]:
        return [self.action_id(a) for a in self.legal_actions()]

    def observation_tensor(self, seat: int) -> list[float]:
        """observation(seat) as a flat list of floats of observation_shape() (see observation_layout())."""
        return _layout(type(self), self.players, _frozen(self.options)).encode(self.observation(seat))

    @classmethod
    def has_winner(cls, players: int | None = None) -> bool:
        """Do the rules name a winner in a game of that many players (None: DEFAULT_PLAYERS)? Not in
        the counts the game lists in NO_WINNER (a solo game only rated by its score)."""
        return cls.check_players(players) not in cls.NO_WINNER      # type: ignore[attr-defined]

    @classmethod
    def default_return(cls, players: int | None = None) -> str:
        """The kind of return asked for when none is: "win" where the rules name a winner with that
        many players, else "score" (a constant "win" would teach nothing)."""
        return "win" if cls.has_winner(players) else "score"

    @classmethod
    def return_kind(cls, kind: str | None, players: int | None = None) -> str:
        """`kind` ("win" or "score"; None: default_return(players)) if a game of that many players has
        it; else a ConfigError saying why and what to ask for instead."""
        players = cls.check_players(players)
        if kind is None:
            return cls.default_return(players)
        if not isinstance(kind, str) or kind not in RETURN_KINDS:
            raise ConfigError(f"the kind of return is one of {RETURN_KINDS} (or None: the game's "
                              f"default), not {excerpt_of(kind)}")
        if kind == "win" and not cls.has_winner(players):
            rule = cls.NO_WINNER[players]                              # type: ignore[attr-defined]
            raise ConfigError(
                f"a {players}-player game of {cls.TITLE or cls.GAME} has no winner "
                f"({rule}: the score is rated, not won or lost), so a \"win\" return would be the "
                f"same in every game: use \"score\", the default there")
        return kind

    def returns(self, kind: str | None = None) -> list[float]:
        """What each seat gets at the end. kind="win": +1 for a sole winner, 0 for a shared win (a
        solo seat's tie with an automated opponent too), -1 otherwise; refused with a player count
        whose rules name no winner (NO_WINNER). kind="score": the scores. None: default_return(),
        "win" where there is a winner, else "score". Zeros before the end."""
        kind = self.return_kind(kind, self.players)
        if not self.is_over():
            return [0.0] * self.players
        if kind == "score":
            return [float(v) for v in self.scores()]
        return [1.0 if v == 1.0 else 0.0 if v > 0.0 else -1.0 for v in self.shares()]

    @classmethod
    def score_bounds(cls, data: Any = None) -> tuple[int, int]:
        """The lowest and highest score a seat can end with when playing `data` (as new_game takes it:
        None for the shipped dataset, a folder, or a loaded dataset): SCORE_BOUNDS for the shipped
        data, and for a variant the bounds its own values give (the spaces module's score_bounds)."""
        derive = getattr(cls.SPACES, "score_bounds", None)
        if data is None or derive is None:
            return cls.SCORE_BOUNDS
        return derive(cls.load_data(data))

    @classmethod
    def returns_bounds(cls, kind: str | None = None, players: int | None = None,
                       data: Any = None) -> tuple[float, float]:
        """The lowest and highest return of that kind (None: default_return(players)) with that many
        players (None: DEFAULT_PLAYERS), playing `data` (None: the shipped dataset; see score_bounds)."""
        kind = cls.return_kind(kind, players)
        if kind == "win":
            return (-1.0, 1.0)
        lo, hi = cls.score_bounds(data)
        return (float(lo), float(hi))


def excerpt_of(action: Any) -> str:
    from .errors import excerpt
    return excerpt(action, 60, text=True)
