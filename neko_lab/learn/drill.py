"""Drills: short practice stages, each on one rule, like a chess site's practice positions.

    import neko_lab as nl
    nl.lessons()                          # {game: {topic: what it practises}}; "first-game" is the lesson
    nl.lesson("naeco", "food-chain")      # a board on the drill's prepared position
    d = nl.lesson("naeco", "food-chain", board=False)    # the Drill itself (or nl.learn.make_drill)
    s = d.new_game()                      # the prepared position (the same for everyone on that seed)
    step = d.step(s)                      # the exercise asked now: step.say, step.answers
    step.check(action)                    # None: a right answer; a string: why that move misses it
    s.apply(action); d.bots_move(s)       # play it, let the other seats reply
    d.step(s).say                         # "Exercise 1 solved. ..." or "Exercise 1 not solved: ..."
    s = d.retry(s)                        # after a wrong answer: the position it was given in, again

A drill is a game on a seed, played up to a prepared position by the game's own agent, then a list of
Exercises. Each exercise waits for the next decision of the learner it is about (`when`), states the
task in the game's terms and cites the section; every move that meets the task (`right`) is
accepted, any other legal move is answered with the reason it misses (`wrong`, specific to the move).
Decisions between exercises that the drill does not practise are asked as plain scripted moves ("not
part of this drill: play ..."), so the drill also runs on a board that only knows the lesson protocol
(intro, step, finale). Which exercise is open is worked out from the position alone (the moves played
since the prepared position), so undo works and any right answer leads on.

A wrong answer. A board refuses it with the exercise's reason (step.check) and the learner tries
again on the same position. Played anyway (s.apply in a notebook), it does not solve the exercise:
the next step says "Exercise N not solved", names the move and says why it misses (the exercise's
own reason, as check gives it), and every step says so until the learner answers an exercise again.
The exercise stays open: it is asked again ("Exercise N of M, again") at the learner's next decision
where it comes up, and ``retry(s)`` gives back the position the wrong answer was played in (where the
same exercise is asked), to try again at once. Only right answers lead on.

Seeds. The seed (nl.lesson(game, topic, seed=...); each drill has a default) is checked as a game's
seed is. Not every game reaches a drill's rule in the same way: the game may end before the prepared
position comes up, or the game's own agent (which plays the learner's moves between exercises) may
never lead to a later exercise. So the drill plays its first right answers through on the seed
itself, then on seeds derived from it (core.rng.derive(seed, k), k = 1, 2, ...), and keeps the first
game on which every exercise comes up with at most BETWEEN plain moves between exercises (`played_seed`;
failing that, the first where every exercise comes up at all): the same for everyone asking for that
seed.

After the last exercise the drill's summary is shown and the learner may play on freely.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable, Hashable, Sequence

from ..core.errors import ConfigError
from ..core.registry import game_class
from ..core.rng import derive
from ..core.state import State
from .lesson import DeterministicBot, Lesson, _same, checked_seed, first_game, play_bots, seat_seed

Text = str | Callable[[State], str]
Sections = str | Callable[[State], "str | Sequence[str]"]
SEARCH = 60             # the seeds a drill tries for its position: the seed itself, then 59 derived from it
BETWEEN = 40            # a game is kept at once when its first right answers need at most this many moves between
LONGEST = 400           # ... and failing that, at most this many (walk()'s limit)


@dataclass(frozen=True, slots=True)
class Exercise:
    """One checked task. rule: the section it is about, or a function of the position giving it (or
    several, e.g. one per card a right answer may use; the first is the step's `rule`, every one is
    cited); ask(state) says what to do; right(state, action) tells a right answer; wrong(state,
    action) says why a legal move misses the task (it is asked of every legal move that is not a
    right answer); when(state) picks the decision the exercise is about (default: the learner's next
    decision); done(state, action) may say what a right answer showed (shown with the next task; it
    is asked of right answers only)."""
    rule: Sections
    ask: Text
    right: Callable[[State, Hashable], bool]
    wrong: Callable[[State, Hashable], str]
    when: Callable[[State], bool] = lambda s: True
    done: Callable[[State, Hashable], str] | None = None


@dataclass(frozen=True, slots=True)
class DrillStep:
    """The lesson-protocol step of a drill: `say`, `check(action)`; `answers` are all the right moves
    (a board may mark them), `expected` the first of them."""
    say: str
    rule: str
    answers: tuple = ()
    number: int = 0                 # the exercise, counted from 1; 0 outside the exercises
    total: int = 0
    filler: bool = False            # a move between exercises (not practised, asked as a plain move)
    callout: str = ""               # a few words a board pins beside the expected move
    _state: State | None = field(default=None, repr=False)
    _wrong: Callable[[State, Hashable], str] | None = field(default=None, repr=False)

    @property
    def expected(self) -> Hashable | None:
        return self.answers[0] if self.answers else None

    @property
    def scripted(self) -> bool:
        return bool(self.answers)

    def check(self, action: Hashable) -> str | None:
        state = self._state
        if state is None or not self.answers:
            return None
        if any(_same(action, a) for a in self.answers):
            return None
        if not any(_same(action, a) for a in state.legal_actions()):
            return f"That move is not allowed here: {state.why_illegal(action, seat=state.current_player)}. Try again."
        if self.filler:
            return (f"This move is not part of the drill; make this one to go on to the next exercise: "
                    f"{self.answers[0]}.")
        return f"Not this one: {_reason(self._wrong, state, action)}. Try again."


def _reason(wrong: Callable[[State, Hashable], str] | None, state: State, action: Hashable) -> str:
    reason = wrong(state, action) if wrong is not None else ""
    return reason or f"{action} does not do what this exercise asks"


@dataclass(frozen=True, slots=True)
class Progress:
    """How far a position is into a drill. done: exercises solved (-1: the position does not come
    from the prepared one); outcome: the learner's last answer to an exercise: ("solved" or "missed",
    the exercise's index, the move, the position it was played in), None before the first;
    missed: the last wrong answer to the exercise still open (move, position), None if there is none.
    The outcome is told at every step until the learner answers an exercise again."""
    done: int
    outcome: tuple[str, int, Hashable, State] | None = None
    missed: tuple[Hashable, State] | None = None


class Drill:
    """A practice stage on one rule (see the module docstring).

    prepare(state): plays the game from its start to the prepared position (default: the agents play
    `moves` decisions); filler(state): the move asked for at the learner's decisions between
    exercises (default: the game's own agent). seed: the seed asked for (checked as a game's seed);
    played_seed: the one whose game the drill plays (the seed itself, or the first seed derived from
    it on which every exercise comes up)."""

    def __init__(self, game: str, topic: str, title: str, intro: str, exercises: Sequence[Exercise],
                 summary: str, seed: int = 1, players: int = 2, seat: int = 0, bot: Any = None,
                 options: dict | None = None, prepare: Callable[[State], None] | None = None,
                 filler: Callable[[State], Hashable] | None = None):
        self.game, self.topic, self.title = game, topic, title
        self.cls = game_class(game)
        self.intro, self.summary = intro, summary
        self.exercises = list(exercises)
        self.seed, self.players, self.seat = checked_seed(seed), players, seat
        self.options = dict(options or {})
        own = list(getattr(self.cls, "AGENTS", {}) or {})
        self._spec = bot if bot is not None else (own[0] if own else "greedy")
        self._prepare = prepare
        self._filler = filler
        self._start: State | None = None
        self.agents: dict[int, DeterministicBot] = {}
        self._seed_bots(self.seed)

    def _seed_bots(self, seed: int) -> None:
        """The other seats' agents and the guide (the moves between exercises) for the game on `seed`
        (the same dict `agents` throughout, so a board holding it plays the drill's game)."""
        self._played = seed
        self.agents.clear()
        self.agents.update({s: DeterministicBot(self._spec, self.cls, seat_seed(seed, s))
                            for s in range(self.players) if s != self.seat})
        self._guide = DeterministicBot(self._spec, self.cls, seat_seed(seed, 100))

    @property
    def played_seed(self) -> int:
        """The seed of the game the drill plays: `seed` itself, or the first seed derived from it on
        which every exercise comes up (see the module docstring)."""
        self.new_game()
        return self._played

    # ------------------------------------------------------------------ the prepared position
    def new_game(self) -> State:
        """The drill's prepared position (a fresh copy each time)."""
        if self._start is None:
            self._find_start()
        assert self._start is not None
        return self._start.clone()

    def _find_start(self) -> None:
        """The first game, on the seed or one derived from it, whose prepared position leads through
        every exercise when the first right answers are played, with at most BETWEEN moves between
        exercises on the way; failing that, the first where every exercise comes up at all (see the
        module docstring)."""
        for most in (BETWEEN, LONGEST):
            for k in range(SEARCH):
                seed = self.seed if k == 0 else derive(self.seed, k)
                self._seed_bots(seed)
                start = self._prepared(seed)
                if start is not None and self._trial(start, most) is not None:
                    self._start = start
                    return
        self._seed_bots(self.seed)
        raise ConfigError(f"drill {self.game}/{self.topic}: neither seed {self.seed} nor the {SEARCH - 1} seeds "
                          f"derived from it give a game where all {self.total} exercises come up; try another seed")

    def _prepared(self, seed: int) -> State | None:
        """The prepared position of the game on `seed`: opened on the first exercise; None when that
        game ends (or never reaches the position) first."""
        s = self.cls(players=self.players, seed=seed, **self.options)
        if self._prepare is not None:
            try:
                self._prepare(s)
            except ConfigError:            # no such position in this game
                return None
        self.bots_move(s)
        for _ in range(200):          # the drill opens on its first exercise, not on a move between
            if s.is_over() or (self.exercises and self._applies(0, s)):
                break
            s.apply(self.filler_move(s))
            self.bots_move(s)
        return None if s.is_over() else s

    def bots_move(self, state: State) -> list[Hashable]:
        return play_bots(state, self.agents, self.seat)

    def filler_move(self, state: State) -> Hashable:
        return self._filler(state) if self._filler is not None else self._guide.choose(state)

    def progress(self, state: State) -> Progress:
        """How far `state`, reached from the prepared position, is into the drill (see Progress). A move
        the learner makes at the decision of the open exercise solves it only if it is a right answer;
        any other move there leaves it open."""
        self.new_game()
        assert self._start is not None
        start, hist = self._start, state.history()
        mine = start.history()
        if hist[:len(mine)] != mine:
            return Progress(-1)
        s = start.clone()
        done, outcome, missed = 0, None, None
        for action in hist[len(mine):]:
            if s.current_player == self.seat and done < self.total and self._applies(done, s):
                if self.exercises[done].right(s, action):
                    outcome, missed = ("solved", done, action, s.clone()), None
                    done += 1
                else:
                    outcome = ("missed", done, action, s.clone())
                    missed = (action, outcome[3])
            s.apply(action)
        return Progress(done, outcome, missed)

    def retry(self, state: State) -> State:
        """After a wrong answer to the open exercise: a copy of the position it was played in, where the
        same exercise is asked again (the position `state` came to is left as it is)."""
        missed = self.progress(state).missed
        if missed is None:
            raise ConfigError(f"drill {self.game}/{self.topic}: no wrong answer to retry: the open exercise has "
                              f"not been answered wrongly in this game")
        return missed[1].clone()

    def _applies(self, i: int, state: State) -> bool:
        """Exercise i is asked at this learner decision: it is the decision it is about and some legal
        move solves it (otherwise the drill moves on and asks it at a later decision)."""
        ex = self.exercises[i]
        return ex.when(state) and any(ex.right(state, a) for a in state.legal_actions())

    def sections(self, i: int, state: State) -> list[str]:
        """The sections exercise i cites at this position (the first is its step's `rule`)."""
        rule = self.exercises[i].rule
        found = rule(state) if callable(rule) else rule
        return [found] if isinstance(found, str) else list(dict.fromkeys(found))

    # ------------------------------------------------------------------ the lesson protocol
    @property
    def total(self) -> int:
        return len(self.exercises)

    def step(self, state: State) -> DrillStep | None:
        if state.is_over() or state.current_player != self.seat:
            return None
        got = self.progress(state)
        done = got.done
        if done < 0:
            return DrillStep("This position does not come from the drill's prepared one: play freely.", "")
        before = self._outcome(got)
        if done >= self.total:
            return DrillStep(before + self.summary, "", number=0, total=self.total, _state=state.clone())
        ex = self.exercises[done]
        legal = state.legal_actions()
        if not self._applies(done, state):
            move = self.filler_move(state)
            return DrillStep(before + f"(Not part of this drill; make this move to go on: {move}.)",
                             "", (move,), done + 1, self.total, True, "to go on", state.clone())
        answers = tuple(a for a in legal if ex.right(state, a))
        ask = ex.ask(state) if callable(ex.ask) else ex.ask
        cited = self.sections(done, state)
        ask += "".join(f" ({rule})" for rule in cited if rule and rule not in ask)
        again = ", again" if got.missed is not None else ""
        return DrillStep(before + f"Exercise {done + 1} of {self.total}{again}: {ask}", cited[0] if cited else "",
                         answers, done + 1, self.total, False, f"exercise {done + 1}: a right answer",
                         state.clone(), ex.wrong)

    def _outcome(self, got: Progress) -> str:
        """What the learner's last answer did to its exercise, "" before the first answer."""
        if got.outcome is None:
            return ""
        what, i, action, where = got.outcome
        ex = self.exercises[i]
        if what == "solved":
            said = ex.done(where, action) if ex.done else ""
            return f"Exercise {i + 1} solved. {said}".strip() + " "
        return (f"Exercise {i + 1} not solved: \u201c{action}\u201d misses it: {_reason(ex.wrong, where, action)}. The "
                f"exercise stays open: drill.retry(s) gives back the position you played it in, to try again; or "
                f"play on, and it is asked again when it next comes up. ")

    def finale(self, state: State) -> str:
        return "The game is over. " + self.summary

    def walk(self, limit: int = 400) -> list[tuple[State, DrillStep]]:
        """Play the drill through with its first right answers: (position, step) for every exercise."""
        s = self.new_game()
        seen: list[tuple[State, DrillStep]] = []
        for _ in range(limit):
            self.bots_move(s)
            step = self.step(s)
            if step is None or not step.answers:
                break
            if not step.filler:
                seen.append((s.clone(), step))
            s.apply(step.answers[0])
        return seen

    def _trial(self, start: State, most: int) -> int | None:
        """The moves between exercises that walk() asks for from `start` (the same moves, counted as
        they are played rather than replayed from the start at every step), None when some exercise
        does not come up, or not within `most` of them."""
        s, done, between = start.clone(), 0, 0
        while done < self.total:
            self.bots_move(s)
            if s.is_over() or between > most:
                return None
            ex = self.exercises[done]
            if self._applies(done, s):
                s.apply(next(a for a in s.legal_actions() if ex.right(s, a)))
                done += 1
            else:
                s.apply(self.filler_move(s))
                between += 1
        return between

    def __repr__(self) -> str:
        return f"<Drill {self.game}/{self.topic}: {self.total} exercises>"


def play_until(test: Callable[[State], bool], spec: str | None = None, seed: int | None = None, seat: int = 0,
               limit: int = 3000) -> Callable[[State], None]:
    """A `prepare` for Drill: the game's own agent plays every seat until `test` holds at a decision of
    `seat` (the learner), e.g. "the learner is launching missions and three are affordable". The agent
    is seeded with `seed`, by default with the game's own seed (so a drill on another seed prepares
    another game). A game that ends first is left as it is (a drill then tries another seed); one that
    does not get there in `limit` moves is a ConfigError."""
    def run(s: State) -> None:
        own = list(getattr(type(s), "AGENTS", {}) or {})
        bot = DeterministicBot(spec or (own[0] if own else "greedy"), type(s), s.seed if seed is None else seed)
        for _ in range(limit):
            if s.is_over() or (s.current_player == seat and test(s)):
                return
            s.apply(bot.choose(s))
        raise ConfigError(f"drill {type(s).__name__}: no prepared position found in {limit} moves")
    return run


FIRST_GAME = "first-game"


def _drill_module(game: str) -> Any | None:
    try:
        return importlib.import_module(f"{__package__}.drills.{game}")
    except ModuleNotFoundError:
        return None


def topics(game: str) -> dict[str, str]:
    """The topics of one game: "first-game" (the full lesson), then its drills."""
    game_class(game)
    mod = _drill_module(game)
    found = {FIRST_GAME: "a whole guided game, every phase explained"}
    if mod is not None:
        found.update({k: v[0] for k, v in mod.DRILLS.items()})
    return found


def lessons() -> dict[str, dict[str, str]]:
    """Every game's lesson topics: {game: {topic: what it practises}}."""
    from ..core.registry import GAMES
    return {g: topics(g) for g in GAMES}


def make_drill(game: str, topic: str, **kwargs: Any) -> Drill:
    """The Drill of `game` on `topic` (see lessons() for the topics)."""
    names = topics(game)
    mod = _drill_module(game)
    if mod is None or topic not in mod.DRILLS:
        raise ConfigError(f"lesson {game}: no topic {topic!r} (topics: {', '.join(names)})")
    return mod.DRILLS[topic][1](**kwargs)


def make_lesson(game: str, topic: str | None = None, **kwargs: Any) -> Lesson:
    """The Lesson of `game`: its guided first game (lesson.first_game; keyword arguments go to its
    builder, e.g. seed=...), or with `topic` the drill of that name ("first-game" is the guided game);
    an unknown topic is a ConfigError naming the topics there are."""
    if topic is not None and topic != FIRST_GAME:
        return make_drill(game, topic, **kwargs)
    return first_game(game, **kwargs)


__all__ = ["Drill", "DrillStep", "Exercise", "FIRST_GAME", "play_until", "lessons", "make_drill",
           "make_lesson", "topics"]
