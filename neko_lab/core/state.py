"""The State base class: the public contract every neko_lab game implements (see DESIGN.md).

A game subclasses State, sets the class constants at the top (GAME, TITLE, player range, OPTIONS,
RULES) and writes:

    setup(data)                 deal, shuffle (with self.rng) and push the first pending decision
    DECISIONS                   {kind: (legal, apply)} gathered from the rulebook-section modules
                                (core.decisions.gather); the core dispatches on the kind on top of
                                the pending stack: legal(state, seat, data) lists the legal actions,
                                apply(state, seat, data, action) carries one out (already popped)
    is_over() -> bool
    current_player              property: seat to decide now, None once over
    breakdown() -> list[dict]   points by category per seat (sums to scores())
    observation(seat) -> dict   what that seat may see (JSON-compatible)
    check_invariants()          raise AssertionError naming the broken rule
    FIELDS                      the shape of each of its own fields (shapes.py): checked as a snapshot loads

and may override: winners() (tie-breaks), visible_breakdown() (running points that would reveal a
secret), shown_breakdown() (the part of those hidden points a viewer knows), why_illegal() (a
rule-specific reason), _determinize()
(hidden information re-sampled for search, and a generator of its own: `s.rng = rng.spawn()`; callers
call determinize(), which is the core's and keeps the real game's history and seed out of the copy),
evaluate() (greedy agents' heuristic), clone() (speed), round_number() (for scoring curves),
opening_order() (who starts, when the first decisions do not go in turn order),
load_data() (datasets), picture(viewer) (the table as a seat, a spectator or the analyst sees it;
_repr_html_() shows the spectator's).

A game whose rules name no winner at some player count (a solo game rated on a scale of scores, with
no win or loss) says so once, in NO_WINNER = {players: "Game › Section"}: returns("win") is then refused
for that count, winners() still names the seats with the best score, and the adapters reward the score;
named_winners() (what a person is told) names nobody there, and end_result() gives the game's own result
(a rating) in a sentence.

The core keeps two attributes of its own in every state: `_history`, the immutable chain of the
actions applied (history(); shared by copies, so a game's clone() that copies __dict__ carries it),
and `_origin`, where the dataset came from. Saves are written from them (core/history.py) and read
back by replaying the history (core/saves.py, core/loading.py), so a game writes no saving code.
"""
from __future__ import annotations

import html
import math
import numbers
from typing import Any, Callable, ClassVar, Hashable, Iterable

try:
    import cython           # the compiled build reads cython.compiled as True (see state.pxd)
except ImportError:         # the pure package runs without Cython installed
    class cython:           # type: ignore[no-redef]
        compiled = False

from .chain import History, actions_of
from .data import check_folder_arg, data_origin
from .decisions import Decision
from .errors import ConfigError, IllegalAction, check_flag, counted, excerpt, whole
from .events import EVERYTHING, PUBLIC, Event, Log, shown_log
from .frozen import _ATOMS, FrozenDict, freeze
from .history import SEARCH_COPY, dumps
from .options import check_option_players, check_option_type
from .refusals import (CHOICES, NOTHING, SEAT, alike_in_words, find_legal, known_to, lookalike, open_decision, short,
                       unjudged, wrong_field)
from .rng import Rng, check_seed
from .spaces import Spaces
from . import serial


class Pending:
    """One open decision on a state's pending stack: which seat decides what, with small plain data.
    Read-only (its data frozen: lists become tuples, dicts FrozenDicts), so every copy of a game shares
    its pending decisions and a change through one copy can never reach another: a rule replaces the
    entry on the stack instead."""

    __slots__ = ("kind", "seat", "data")

    def __init__(self, kind: str, seat: int, data: Any = None):
        t = type(data)
        # plain values and tuples of them (most decisions' data) are read-only already: no call to freeze
        if t not in _PLAIN and not (t is tuple and _ATOMS.issuperset(map(type, data))):
            data = freeze(data)
        if cython.compiled:         # a C type (state.pxd): its fields are written directly
            self.kind = kind
            self.seat = seat
            self.data = data
        else:                       # past the __setattr__ below
            _SET_KIND(self, kind)
            _SET_SEAT(self, seat)
            _SET_DATA(self, data)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a pending decision is read-only (shared by every copy of the game): "
                             "put a new Pending on the stack instead")

    def __delattr__(self, name: str) -> None:
        self.__setattr__(name, None)

    def copy(self) -> "Pending":                 # nothing to copy: it never changes
        return self

    def __reduce__(self) -> tuple:               # pickle and copy build it through the constructor
        return (Pending, (self.kind, self.seat, self.data))

    @classmethod
    def _loaded(cls, obj: Any) -> "Pending":
        """A pending decision read from a save (obj holds its saved fields): its data frozen as the
        constructor does."""
        return cls(obj.kind, obj.seat, obj.data)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Pending) and (self.kind, self.seat, self.data)
                == (other.kind, other.seat, other.data))

    def __repr__(self) -> str:
        return f"Pending({self.kind!r}, seat={self.seat}, data={self.data!r})"


serial.serializable(Pending)     # (not as a decorator: the compiled build's C type cannot take one)
_SET_KIND, _SET_SEAT, _SET_DATA = (Pending.kind.__set__, Pending.seat.__set__,  # type: ignore[attr-defined]
                                   Pending.data.__set__)                           # type: ignore[attr-defined]
_PLAIN = frozenset({type(None), int, str, bool})
_LINK = tuple.__new__


class State(Spaces):
    # Spaces adds what learning and search tools use (action ids, observation tensors, returns and
    # the declared limits MAX_GAME_LENGTH, MAX_LEGAL_ACTIONS, CHANCE, SCORE_BOUNDS): see spaces.py.
    GAME: ClassVar[str] = ""
    TITLE: ClassVar[str] = ""
    MIN_PLAYERS: ClassVar[int] = 2
    MAX_PLAYERS: ClassVar[int] = 4
    DEFAULT_PLAYERS: ClassVar[int] = 2
    # player count -> the rule section that gives a game of that many players no winner, only a score
    # (Naéco's solo play is rated on a scale): there returns() has no "win" kind, and the adapters'
    # default reward is the score (see spaces.py)
    NO_WINNER: ClassVar[dict[int, str]] = {}
    OPTIONS: ClassVar[dict[str, Any]] = {}        # option name -> default value
    OPTION_HELP: ClassVar[dict[str, str]] = {}    # option name -> one line of help
    # option name -> the player counts it applies to (an option not listed applies to every count);
    # a value other than the default with another player count is refused
    OPTION_PLAYERS: ClassVar[dict[str, tuple[int, ...]]] = {}
    RULES: ClassVar[dict[str, str]] = {}          # rule section cited by events -> what it covers
    AGENTS: ClassVar[dict[str, str]] = {}         # game-specific agent name -> "module:Class"
    # nl.playtest()'s default size: games and agents that finish in under a minute on two cores
    PLAYTEST: ClassVar[dict[str, Any]] = {"games": 100, "agents": ["greedy"]}
    # a solo game rated on the rulebook's scale: ((lowest score of the tier, or None for the lowest tier,
    # words), ...) from the lowest tier up, with the tier in result_columns()' `solo_tier`; () for none
    RATING_SCALE: ClassVar[tuple] = ()
    # how reports name the game's parts: what round_number() counts ("round", or "turn" where the
    # rulebook counts turns), each pending kind as a player reads it (a kind not listed is shown with
    # spaces for underscores), and the rule section that sets the turn order anew during the game ("":
    # the opening turn order holds throughout)
    ROUND_NAME: ClassVar[str] = "round"
    DECISION_NAMES: ClassVar[dict[str, str]] = {}
    ORDER_RULE: ClassVar[str] = ""
    HIDDEN_INFORMATION: ClassVar[bool] = False    # True when observation() must hide something
    DECISIONS: ClassVar[dict[str, Decision]] = {}  # pending kind -> (legal, apply); see decisions.py
    # field name -> its shape (a seat, one entry per seat, a count in bounds), checked as a snapshot loads
    FIELDS: ClassVar[dict[str, Any]] = {}           # see shapes.py
    # What a learner is told about a move: the game's explain module (neko_lab/games/<key>/explain.py,
    # wired by the game's package like the picture) with why(state, action, viewer) -> list[str], the
    # condition that made the move legal in the game's words, and counts(state, viewer) -> {(seat, label):
    # number}, what a move may change, named as players name it; both read only what the viewer may know.
    explainer: ClassVar[Any] = None
    # Why a move is refused: the game's refusals module (wired by the game's package like the explainer,
    # since it may read the explanations, which read the rules) with why_illegal(state, action) -> str or
    # None, read by the default _why_illegal(); None: the game refines why_illegal() itself, or not at all.
    refuser: ClassVar[Any] = None

    # ------------------------------------------------------------------ construction
    @classmethod        # explicit: the compiled build's functions are not made class methods by type()
    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "determinize" in cls.__dict__:
            raise TypeError(f"{cls.__qualname__}: a game re-draws hidden information in _determinize(seat, rng); "
                            f"determinize() itself is the core's, which keeps the real game's history and seed "
                            f"out of the copy")

    @classmethod
    def check_players(cls, players: Any) -> int:
        """`players` (None: DEFAULT_PLAYERS) if the game allows that many; else a ConfigError."""
        if players is None:
            players = cls.DEFAULT_PLAYERS
        players = whole(players)          # numpy's integers too (a count read from an array)
        if not isinstance(players, int) or isinstance(players, bool) or not (
                cls.MIN_PLAYERS <= players <= cls.MAX_PLAYERS):
            raise ConfigError(f"{cls.GAME} is for {cls.MIN_PLAYERS} to {cls.MAX_PLAYERS} players, "
                              f"not {players!r}")
        return players

    def __init__(self, players: int | None = None, seed: int | None = None,
                 data: Any = None, **options: Any):
        cls = type(self)
        players = cls.check_players(players)
        unknown = sorted(set(options) - set(cls.OPTIONS))
        if unknown:
            allowed = ", ".join(sorted(cls.OPTIONS)) or "none"
            raise ConfigError(f"{cls.GAME} has no option {unknown[0]!r}; allowed options: {allowed}")
        # numpy's values (read from a results frame) as the plain values they stand for
        options = {name: check_option_type(cls, name, value) for name, value in options.items()}
        if seed is None:
            import secrets
            seed = secrets.randbits(63)
        seed = check_seed(whole(seed))    # numpy's integers too, as a plain int (saves write it)
        if data is not None and not hasattr(data, "folder"):
            check_folder_arg(data)    # a folder path, or a game's already loaded dataset
        self.players: int = players
        self.seed: int = seed
        self.options: dict[str, Any] = {**cls.OPTIONS, **options}
        self.rng: Rng = Rng(seed)
        self.log: Log = Log()
        self.pending: list[Pending] = []
        self.steps: int = 0
        self._legal: list | None = None
        self._history: History | None = None     # every action applied, shared by copies
        check_option_players(cls, players, self.options)
        self.check_options()
        # read-only: copies share it, so a change made through a copy could not reach the original
        self.options = FrozenDict(self.options)
        loaded = self.load_data(data)
        self._origin = data_origin(cls.GAME, data, loaded)
        self.setup(loaded)
        self._legal = None

    # ------------------------------------------------------------------ hooks for games
    def check_options(self) -> None:
        """Raise ConfigError for option values that make no sense (e.g. a variant and a player count)."""

    @classmethod
    def load_data(cls, data: Any) -> Any:
        """Load and validate this game's dataset: None means the shipped one, a path a user's folder."""
        return data

    def setup(self, data: Any) -> None:
        raise NotImplementedError

    def _legal_actions(self) -> list:
        """The legal actions of the decision on top of the pending stack (the core's one dispatch)."""
        top = self.pending[-1]
        return self.DECISIONS[top.kind].legal(self, top.seat, top.data)

    def _apply(self, action: Hashable) -> None:
        """Take the decision off the stack and carry out `action` (only ever called with a legal one)."""
        top = self.pending.pop()
        self.DECISIONS[top.kind].apply(self, top.seat, top.data, action)

    def is_over(self) -> bool:
        raise NotImplementedError

    @property
    def current_player(self) -> int | None:
        if self.is_over() or not self.pending:
            return None
        return self.pending[-1].seat

    def breakdown(self) -> list[dict[str, int]]:
        raise NotImplementedError

    def observation(self, seat: int) -> dict:
        """What `seat` may know at the table. A game's observation() starts with check_seat(seat)."""
        raise NotImplementedError

    def _is_seat(self, seat: Any) -> bool:
        """Is `seat` one of this game's seats: a whole number (numpy's too) from 0 to players - 1?"""
        return isinstance(seat, numbers.Integral) and not isinstance(seat, bool) and 0 <= seat < self.players

    def check_seat(self, seat: Any) -> int:
        """`seat` as an int if it is one of this game's seats (0 to players - 1; seat 0 is Player 1),
        else a ConfigError saying which numbers are seats. Every view of one seat checks its seat so."""
        if self._is_seat(seat):
            return int(seat)
        raise ConfigError(f"seat must be a whole number from 0 to {self.players - 1} (seat 0 is Player 1), "
                          f"not {excerpt(seat)}")

    def check_viewer(self, viewer: Any) -> Any:
        """`viewer` if it is a seat (see check_seat), PUBLIC (a spectator) or EVERYTHING (the analyst),
        else a ConfigError naming the three: a misspelt viewer must not quietly show another view."""
        if isinstance(viewer, str) and viewer in (PUBLIC, EVERYTHING):
            return viewer
        if self._is_seat(viewer):
            return int(viewer)
        raise ConfigError(f"viewer must be a seat from 0 to {self.players - 1} (seat 0 is Player 1), "
                          f"{PUBLIC!r} (a spectator) or {EVERYTHING!r} (everything), not {excerpt(viewer)}")

    def check_invariants(self) -> None:
        """Raise AssertionError naming the broken rule. The conformance suite calls it after every action."""

    def round_number(self) -> int:
        """The round (or turn) the game is in, counting from 1; once the game is over, the last round
        played (a round the game ended in part-way counts). Scoring curves label each point with the
        round in which its action was taken, and nl.simulate()'s `rounds` is its value at the end.
        Default: the step, from 1."""
        return self.steps + (not self.is_over())

    def opening_order(self) -> list[int] | None:
        """The seats in the turn order the game starts with, the starting player first: what
        nl.simulate()'s `order` column numbers from 1, asked of the state before its first action.
        Default None: the seats in the order they first act. A game whose first decisions do not follow
        its turn order overrides it (Journey's starting bonus tiles are taken in reverse turn order)."""
        return None

    def projected_scores(self) -> list[int]:
        """What each seat would score if the game ended now under the game's own end scoring (for
        lead changes and "does the leader win" curves). Default: scores(), right for a game whose
        running score already is its end scoring applied to the position; a game whose end scoring
        adds points only at the end overrides it."""
        return self.scores()

    def holdings(self, seat: int) -> list[str]:
        """The cards (or places) `seat` holds, by name, one entry per copy: what per-card statistics
        count (taken by winners, win share when held). Default: none."""
        return []

    def shares(self) -> list[float]:
        """Each seat's share of the victory once the game is over (nl.simulate()'s `share`): 1/k for each
        of k winners, 0 for the others; NaN for every seat at a player count whose rules name no winner
        (NO_WINNER, such as Naéco's solo game, rated and not won: nobody won, though winners() names the
        best score). A game whose automated opponent can share a victory with a seat overrides it (that
        seat gets 1/2)."""
        if self.players in self.NO_WINNER:
            return [math.nan] * self.players
        return shares_of(self.winners(), self.players)

    def margin(self, seat: int, scores: list | None = None) -> tuple[str, float] | None:
        """Whom `seat`'s score is measured against and its margin over them (what hints report): by
        default the best other seat; None in a solo game rated on its own scale, where nobody is. A game
        whose solo seat plays an automated opponent overrides it (that opponent's score). `scores`: the
        seats' scores to measure with (default scores(); a hint passes projected_scores() for a future
        cut short before the end)."""
        sc = self.scores() if scores is None else scores
        others = [v for i, v in enumerate(sc) if i != seat]
        if not others:
            return None
        return "the best other player", float(sc[seat] - max(others))

    def result_columns(self) -> dict[str, int | float | str]:
        """Extra values a finished game adds to its rows in nl.simulate() (e.g. an automated
        opponent's score); the same for every seat of the game. Default: none."""
        return {}

    # ------------------------------------------------------------------ the contract
    def legal_actions(self) -> list:
        if self._legal is None:
            self._legal = [] if self.is_over() else self._legal_actions()
        return list(self._legal)

    def apply(self, action: Hashable) -> None:
        legal = self._legal
        if legal is None:
            legal = self._legal = [] if self.is_over() else self._legal_actions()
        own = find_legal(legal, action)
        if own is None:          # told to whoever acts, which is the seat deciding
            raise IllegalAction(self.why_illegal(action, seat=self.current_player))
        self._legal = None
        self._apply(own)
        self.steps += 1
        self._history = _LINK(History, (own, self._history))     # chain.extend, without its call

    def history(self) -> list:
        """Every action applied since the set-up, in order (what a save holds)."""
        return actions_of(self.__dict__.get("_history"))

    def why_illegal(self, action: Any, seat: int | None = None) -> str:
        """A sentence saying why `action` is refused, told to `seat` (None: a spectator). Games refine it
        through _why_illegal(). Told to the seat deciding (its own board; apply()'s IllegalAction, since
        whoever acts is that seat), or when everyone may know the open decision's choices
        (decision_known), it gives the rule that refuses the action, or lists the choices. Told to anyone
        else while the choices are not public, it reads nothing of them nor of the deciding seat's secrets
        (its hand, cards drawn, a walk out of sight): the same sentence whatever those are."""
        shown_action = short(action)
        if self.is_over():
            return f"{shown_action} is not possible: the game is over"
        if known_to(self, seat) != CHOICES:
            return self._why_illegal_unseen(action, seat)
        legal = self.legal_actions()
        if find_legal(legal, action) is not None:
            return f"{shown_action} is legal now: nothing refuses it (it is one of legal_actions())"
        if any(lookalike(a, action) for a in legal):
            return (f"{shown_action} is a {type(action).__name__}, not one of {self.GAME}'s actions: "
                    f"pass an action from legal_actions() ({type(legal[0]).__name__})")
        reason = wrong_field(action, legal)      # a field no legal action of its class has the type of
        if reason:
            return reason
        try:
            reason = self._why_illegal(action)
        except Exception:  # a malformed action object: say so instead of failing inside the game
            reason = (f"{shown_action} is not a well-formed action of this game: pass one of "
                      f"legal_actions()")
        if reason:
            return reason
        own = seat is not None and seat == self.current_player
        alike = alike_in_words(action, legal) if own or self.decision_known() == CHOICES else None
        if alike:
            return f"{shown_action} is not legal now: {alike} (pass an action from legal_actions())"
        return f"{shown_action} is not legal now ({open_decision(self, seat)})"

    def secret_round(self) -> Hashable | None:
        """While the seats choose out of each other's sight what the rules have them choose at the same
        time, revealed together later (a simultaneous round): a value naming that round, the same until
        the reveal; None otherwise (the default: a game without such rounds). A board's Undo never takes
        a person back into a round revealed since: they would choose again having seen the others'
        choices (widgets/pacing.py)."""
        return None

    def _why_illegal_unseen(self, action: Any, seat: int | None) -> str:
        """why_illegal() told to a reader who may not know the open decision's choices: whether `action` is
        an action of the game at all (a plain tuple or another object never is: that depends on no
        secret), else that the reader cannot judge it."""
        shown_action = short(action)
        if seat is not None:
            self.check_seat(seat)
        if not isinstance(action, tuple) or type(action) is tuple:
            return (f"{shown_action} is not one of {self.GAME}'s actions: pass an action from legal_actions() "
                    f"({open_decision(self, seat)})")
        return unjudged(self, shown_action, seat)

    def decision_known(self) -> str:
        """How much of the open decision everyone (a spectator too) may know, which is what a refusal
        tells of it (core/refusals.py): "choices" (who decides, and the legal actions), "seat" (who
        decides, not among what: a hand's cards, cards drawn out of the others' sight) or "nothing" (a
        seat deciding out of the others' sight, whose very decision would tell its secret). A game with
        hidden information (its own _determinize) says which of its decisions are public; the default
        for one is "seat", for a game of perfect information "choices"."""
        hidden = any("_determinize" in k.__dict__ for k in type(self).__mro__[:type(self).__mro__.index(State)])
        return SEAT if hidden else CHOICES

    def decision_seen(self, viewer: Any = PUBLIC) -> bool:
        """May `viewer` (a seat, PUBLIC: a spectator, or EVERYTHING: the analyst) know which seat decides
        now, and what it decides? Not while a seat decides out of the others' sight (decision_known()
        "nothing") and the viewer is another seat or a spectator: which seat, and what kind of decision,
        would tell that seat's secret choices (how long a walk made out of sight has gone on). The deciding
        seat and the analyst always may, and anyone once the game is over. Every view of the table that
        names the seat to act (a board's status line and prompt, the marker in its scores, a picture's
        "to play") asks this first, and names no seat when it is False."""
        viewer = self.check_viewer(viewer)
        if viewer == EVERYTHING or self.is_over() or viewer == self.current_player:
            return True
        return self.decision_known() != NOTHING

    def _why_illegal(self, action: Any) -> str | None:
        refuser = type(self).refuser
        return refuser.why_illegal(self, action) if refuser is not None else None

    def scores(self) -> list[int]:
        return [sum(b.values()) for b in self.breakdown()]

    def visible_breakdown(self, seat: int | None) -> list[dict[str, int | None]]:
        """breakdown() as `seat` may see it at the table: a category that depends on another seat's
        secret cards is None until the game ends. seat=None is the analyst's view (everything)."""
        if seat is not None:
            self.check_seat(seat)
        return self.breakdown()

    def winners(self) -> list[int]:
        if not self.is_over():
            return []
        return best_of(self.scores())

    def named_winners(self) -> list[int]:
        """The seats the rules name as winners of the finished game, what a person is told (the status
        line, the score table's star): winners(), except at a player count whose rules name no winner
        (NO_WINNER, such as Naéco's solo game, rated and not won), where nobody is named."""
        if self.players in self.NO_WINNER:
            return []
        return self.winners()

    def end_result(self, who: Callable[[int], str] | None = None) -> str:
        """The finished game's own result in one sentence, where the winners alone do not tell it (a
        solo game's rating on the rulebook's scale, a solo seat's result against an automated
        opponent); "" otherwise (the default) and while the game is on. `who` names a seat as the
        reader knows it (default "P1", "P2", ...)."""
        return ""

    def evaluate(self, seat: int) -> float:
        """Heuristic value of this position for `seat` (used by the greedy agent): score lead by default."""
        sc = self.scores()
        others = [v for i, v in enumerate(sc) if i != seat]
        return sc[seat] - (max(others) if others else 0)

    def determinize(self, seat: int, rng: Rng) -> "State":
        """A copy in which everything `seat` cannot see is re-sampled, for a search: the game's
        _determinize() re-draws it, and the copy keeps nothing of the real game beyond what `seat` knows.
        Its history (which holds other seats' hidden choices) is not kept, nor the seed the real cards
        were dealt from (a copy's seed is 0), and it cannot be saved: to_json() refuses it, as it is no
        game that was played (core/history.py's SEARCH_COPY). `seat` must be one of the game's seats
        (check_seat): a spectator's copy would re-sample what every seat knows of itself."""
        s = self._determinize(self.check_seat(seat), rng)
        d = s.__dict__
        d["_history"] = None
        d["seed"] = 0
        d[SEARCH_COPY] = True
        return s

    def _determinize(self, seat: int, rng: Rng) -> "State":
        """The game's re-draw behind determinize(). Future chance is unseen too: the copy's generator comes
        from `rng`, never from the game's own (a game overriding this does the same: `s.rng = rng.spawn()`),
        and its log reads as `seat` saw it (`s.log = self.log.seen_by(seat)`, given here). Perfect
        information: a clone with a new generator."""
        s = self.clone()
        s.rng = rng.spawn()
        s.log = self.log.seen_by(seat)
        return s

    def clone(self) -> "State":
        new = object.__new__(type(self))
        d = self.__dict__.copy()
        for k, v in d.items():
            if k != "log":
                d[k] = serial.fast_copy(v)
        d["log"] = self.log.copy()
        d["_legal"] = None
        new.__dict__ = d
        return new

    def __deepcopy__(self, memo: dict) -> "State":
        # copy.deepcopy (used by some tools) gets clone(): a deep walk of the shared history chain
        # would be slow and, in long games, deeper than Python's recursion limit
        return self.clone()

    def emit(self, text: str, rule: str = "", seat: int | None = None, *values: Any, **data: Any) -> None:
        """Log an event: `text` in neko_lab's words, the rule section that caused it, the seat
        concerned, small plain `data` for programs. With `values`, `text` is a str.format template
        filled in when the event is first read ("draws {} from pile {}", name, i + 1): values must not
        change afterwards (numbers, strings, frozen cards)."""
        self.log.add(text, values, rule, seat, data, None)

    def emit_secret(self, text: str, cover: str, rule: str = "", seat: int | None = None,
                    *values: Any, **data: Any) -> None:
        """An event only `seat` reads in full (a choice the others did not see at the table); every
        other view of the log reads `cover` instead (e.g. "picks a die"), without the data."""
        self.log.add(text, values, rule, seat, data, cover)

    # ------------------------------------------------------------------ views of a seat
    def log_for(self, viewer: Any = PUBLIC) -> list[Event]:
        """The log as `viewer` may read it: a seat, PUBLIC (a spectator) or EVERYTHING (the analyst).
        Another seat's secret choices read as their cover ("Player 2 picks a die")."""
        return shown_log(self.log, self.check_viewer(viewer))

    def spectator_breakdown(self) -> list[dict[str, int | None]]:
        """breakdown() as a spectator sees it: a category any seat may not see is None."""
        if self.is_over():
            return self.breakdown()
        views = [self.visible_breakdown(v) for v in range(self.players)]
        return [{cat: (None if any(view[s].get(cat) is None for view in views) else val)
                 for cat, val in views[0][s].items()} for s in range(self.players)]

    def shown_breakdown(self, viewer: Any = PUBLIC) -> list[dict[str, int]]:
        """For the categories view_breakdown(viewer) hides (None), the part of them `viewer` knows, where
        a game knows one: Syndicate's structure points of a pyramid as the table showed it before a
        walk made out of sight (the walk's changes stay unknown). Shown as "-40+?". By default none."""
        return [{} for _ in range(self.players)]

    def view_breakdown(self, viewer: Any = PUBLIC) -> list[dict[str, int | None]]:
        """Points by category as `viewer` sees them: a seat's visible_breakdown(), PUBLIC the
        spectator's, EVERYTHING (or None) the full breakdown()."""
        if viewer is None:
            return self.breakdown()
        viewer = self.check_viewer(viewer)
        if viewer == EVERYTHING:
            return self.breakdown()
        if viewer == PUBLIC:
            return self.spectator_breakdown()
        return self.visible_breakdown(viewer)

    def picture(self, viewer: Any = PUBLIC) -> str:
        """The picture of the table as `viewer` sees it (a seat, PUBLIC or EVERYTHING): HTML/SVG.
        The rules never import their picture: the game's package wires it with a function of
        (state, viewer=PUBLIC) (neko_lab/games/<key>/__init__.py sets GameState.picture = render.html).
        This default is a small table of the points `viewer` may see and the last events."""
        rows = "".join(f"<tr><td>Player {i + 1}</td><td>{'?' if None in b.values() else sum(b.values())}"
                       f"</td></tr>" for i, b in enumerate(self.view_breakdown(viewer)))
        tail = "".join(f"<li>{html.escape(str(e))}</li>" for e in self.log_for(viewer)[-5:])
        return (f"<div><b>{html.escape(self.TITLE or self.GAME)}</b>"
                f"<table><tr><th>seat</th><th>score</th></tr>{rows}</table><ul>{tail}</ul></div>")

    # ------------------------------------------------------------------ saving
    def to_json(self, snapshot: bool = False) -> str:
        """The save of this game: its settings and history, replayed by nl.from_json (see
        core/history.py). snapshot=True saves the fields instead, for a position set up by hand;
        loading a snapshot needs nl.from_json(text, trust=True). A position loaded from a snapshot
        that its history does not reproduce saves only as a snapshot (SaveError otherwise); one whose
        fields were changed by hand in this session cannot be told apart: save it with snapshot=True,
        since its history replays to the position before the change."""
        check_flag("snapshot", snapshot)
        return dumps(self, snapshot)

    # ------------------------------------------------------------------ display
    def __repr__(self) -> str:
        """The spectator's one line: a score that depends on a secret reads "?" (or "12+?"), and no seat
        is named to act while it decides out of the others' sight (decision_seen)."""
        state = ("over" if self.is_over() else f"Player {self.current_player + 1} to act"
                 if self.decision_seen(PUBLIC) else "choices made out of sight")
        shown = [known_total(b, k) for b, k in zip(self.spectator_breakdown(), self.shown_breakdown(PUBLIC))]
        return f"<{self.TITLE or self.GAME}: {counted(self.players, 'player')}, {state}, scores [{', '.join(shown)}]>"

    def _repr_html_(self) -> str:
        """What evaluating a state in a notebook shows: the spectator's picture (no hand, no secret
        card, no score that depends on one). A seat's view: state.view(seat)."""
        return self.picture(viewer=PUBLIC)


def shares_of(winners: Iterable[int], players: int) -> list[float]:
    """Each seat's share of a victory won by `winners`: 1/k for each of k winners, 0 for the others."""
    won = set(winners)
    return [1.0 / len(won) if s in won else 0.0 for s in range(players)]


def best_of(scores: list) -> list[int]:
    """The seats with the highest score, every one of them on a tie (the default winners())."""
    best = max(scores)
    return [i for i, v in enumerate(scores) if v == best]


def known_total(row: dict[str, int | None], known: dict[str, int] | None = None) -> str:
    """"12", or "12+?" when part of the score is hidden: the visible points and the known part of the
    hidden ones (`known`, from shown_breakdown), then "+?"."""
    known = known or {}
    total = str(sum(known.get(k, 0) if v is None else v for k, v in row.items()))
    return total + "+?" if None in row.values() else total
