"""Drills: short practice stages, each on one rule, like a chess site's practice positions.

    import neko_lab as nl
    nl.lessons()                          # {game: {topic: what it practises}}; "first-game" is the lesson
    nl.lesson("naeco", "food-chain")      # a board on the drill's prepared position
    d = nl.learn.make_drill("naeco", "food-chain")
    s = d.new_game()                      # the prepared position (the same for everyone)
    step = d.step(s)                      # the exercise asked now: step.say, step.answers
    step.check(action)                    # None: a right answer; a string: why that move misses it

A drill is a game on a fixed seed, played up to a prepared position by the game's own agent, then a
list of Exercises. Each exercise waits for the next decision of the learner it is about (`when`),
states the task in the game's terms and cites the section; every move that meets the task (`right`)
is accepted, any other legal move is answered with the reason it misses (`wrong`, specific to the
move). Decisions between exercises that the drill does not practise are asked as plain scripted
moves ("not part of this drill: play ..."), so the drill also runs on a board that only knows the
lesson protocol (intro, step, finale). Which exercise is open is worked out from the position alone
(the moves played since the prepared position), so undo works and any right answer leads on.
After the last exercise the drill's summary is shown and the learner may play on freely.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable, Hashable, Sequence

from ..core.errors import ConfigError
from ..core.registry import game_class
from ..core.state import State
from .lesson import DeterministicBot, Lesson, _same, first_game, play_bots

Text = str | Callable[[State], str]


@dataclass(frozen=True, slots=True)
class Exercise:
    """One checked task. ask(state) says what to do; right(state, action) tells a right answer;
    wrong(state, action) says why a legal move misses the task; when(state) picks the decision the
    exercise is about (default: the learner's next decision); done(state, action) may say what the
    right answer showed (shown with the next task)."""
    rule: str
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
        reason = self._wrong(state, action) if self._wrong else ""
        return f"Not this one: {reason}. Try again."


class Drill:
    """A practice stage on one rule (see the module docstring).

    prepare(state): plays the game from its start to the prepared position (default: the agents play
    `moves` decisions); filler(state): the move asked for at the learner's decisions between
    exercises (default: the game's own agent)."""

    def __init__(self, game: str, topic: str, title: str, intro: str, exercises: Sequence[Exercise],
                 summary: str, seed: int = 1, players: int = 2, seat: int = 0, bot: Any = None,
                 options: dict | None = None, prepare: Callable[[State], None] | None = None,
                 filler: Callable[[State], Hashable] | None = None):
        self.game, self.topic, self.title = game, topic, title
        self.cls = game_class(game)
        self.intro, self.summary = intro, summary
        self.exercises = list(exercises)
        self.seed, self.players, self.seat = seed, players, seat
        self.options = dict(options or {})
        own = list(getattr(self.cls, "AGENTS", {}) or {})
        spec = bot if bot is not None else (own[0] if own else "greedy")
        self.agents: dict[int, DeterministicBot] = {
            s: DeterministicBot(spec, self.cls, seed + s) for s in range(players) if s != seat}
        self._guide = DeterministicBot(spec, self.cls, seed + 100)
        self._prepare = prepare
        self._filler = filler
        self._start: State | None = None

    # ------------------------------------------------------------------ the prepared position
    def new_game(self) -> State:
        """The drill's prepared position (a fresh copy each time)."""
        if self._start is None:
            s = self.cls(players=self.players, seed=self.seed, **self.options)
            if self._prepare is not None:
                self._prepare(s)
            self.bots_move(s)
            for _ in range(200):          # the drill opens on its first exercise, not on a move between
                if s.is_over() or (self.exercises and self._applies(0, s)):
                    break
                s.apply(self.filler_move(s))
                self.bots_move(s)
            if s.is_over():
                raise ConfigError(f"drill {self.game}/{self.topic}: the prepared position is a finished game")
            self._start = s
        return self._start.clone()

    def bots_move(self, state: State) -> list[Hashable]:
        return play_bots(state, self.agents, self.seat)

    def filler_move(self, state: State) -> Hashable:
        return self._filler(state) if self._filler is not None else self._guide.choose(state)

    def progress(self, state: State) -> tuple[int, Hashable | None, State | None]:
        """(exercises done, the last right answer, the position it was given in) for a position
        reached from the prepared one; the count is -1 when the position does not come from it."""
        self.new_game()
        assert self._start is not None
        start, hist = self._start, state.history()
        mine = start.history()
        if hist[:len(mine)] != mine:
            return -1, None, None
        s = start.clone()
        done, last, where = 0, None, None
        for action in hist[len(mine):]:
            if done < len(self.exercises) and s.current_player == self.seat and self._applies(done, s):
                last, where = action, s.clone()
                done += 1
            s.apply(action)
        return done, last, where

    def _applies(self, i: int, state: State) -> bool:
        """Exercise i is asked at this learner decision: it is the decision it is about and some legal
        move solves it (otherwise the drill moves on and asks it at a later decision)."""
        ex = self.exercises[i]
        return ex.when(state) and any(ex.right(state, a) for a in state.legal_actions())

    # ------------------------------------------------------------------ the lesson protocol
    @property
    def total(self) -> int:
        return len(self.exercises)

    def step(self, state: State) -> DrillStep | None:
        if state.is_over() or state.current_player != self.seat:
            return None
        done, last, where = self.progress(state)
        if done < 0:
            return DrillStep("This position does not come from the drill's prepared one: play freely.", "")
        before = ""
        if done and last is not None and where is not None:
            ex = self.exercises[done - 1]
            said = ex.done(where, last) if ex.done else ""
            before = f"Exercise {done} solved. {said}".strip() + " "
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
        if ex.rule and ex.rule not in ask:
            ask += f" ({ex.rule})"
        return DrillStep(before + f"Exercise {done + 1} of {self.total}: {ask}", ex.rule, answers, done + 1,
                         self.total, False, f"exercise {done + 1}: a right answer", state.clone(), ex.wrong)

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

    def __repr__(self) -> str:
        return f"<Drill {self.game}/{self.topic}: {self.total} exercises>"


def play_until(test: Callable[[State], bool], spec: str | None = None, seed: int = 7, seat: int = 0,
               limit: int = 3000) -> Callable[[State], None]:
    """A `prepare` for Drill: the game's own agent plays every seat until `test` holds at a decision of
    `seat` (the learner), e.g. "the learner is launching missions and three are affordable"."""
    def run(s: State) -> None:
        own = list(getattr(type(s), "AGENTS", {}) or {})
        bot = DeterministicBot(spec or (own[0] if own else "greedy"), type(s), seed)
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
