"""Guided first games: a lesson plays a scripted game with the learner on a fixed seed.

    import neko_lab as nl
    nl.lesson("naeco")                    # a board that teaches (neko_lab.widgets.lesson builds it)
    les = nl.learn.make_lesson("naeco")   # the Lesson itself, for notebooks and tests
    s = les.new_game()
    step = les.step(s)                    # what to do now and why, citing the rulebook section
    step.expected, step.callout           # the move it asks for; the short note the board pins on it
    step.check(action)                    # None: that is the move; a string: why it is not
    les.finale(s)                         # once over: the final scoring, category by category

This module is data and scripts only: it never imports a widget. The board that shows a lesson lives
in neko_lab.widgets (widgets use learn, never the reverse). The protocol a board uses
(neko_lab.widgets.Board(..., lesson=obj)): ``intro``; ``step(state)`` -> a Step (``say``,
``expected``, ``callout``, ``check(action)``) when the learner's seat must decide, None otherwise (a
bot's turn, or the game is over); ``finale(state)`` once the game is over. The board marks the
picture target of ``step.expected`` apart from the other legal targets and pins ``step.callout`` (a
few words, e.g. "your 2 goes here") beside it.

A lesson is a list of Teach entries, one per decision of the learner, in order. Each picks the move
it asks for from the legal actions (by the action's class and fields, never its text) and says why in
its own words. Bots are deterministic functions of the position, so the scripted game is the same for
everyone in a room, and a step is found from the position alone (undo works). After the last Teach
the learner finishes the game freely, with hints (neko_lab.learn.hint); the lesson ends with the
finale. The lessons themselves live in neko_lab/learn/lessons/<game>.py (a module exposing LESSON, a
function returning the Lesson); a game without one gets lessons/generic.py, which guides its first
decisions through the game's own agent and the sections its moves cite.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable, Hashable, Mapping, Sequence

from ..core.errors import ConfigError, whole
from ..core.registry import game_class
from ..core.rng import SEED_LIMIT, check_seed
from ..core.state import State
from .explain import number, player, words

Pick = Callable[[State, list], Hashable | None]
Say = Callable[[State, Hashable], str]
Callout = Callable[[State, Hashable], str]
WhyNot = Callable[[State, Hashable, Hashable], str | None]
LESSONS = ("naeco", "journey", "syndicate", "neptune")
CALLOUT = "this step's move"              # the callout of a step whose Teach names none


@dataclass(frozen=True, slots=True)
class Teach:
    """One scripted decision of the learner: the section it teaches, how the move is chosen (`pick`
    returns the expected action), what is said. `why_not(state, wanted, action)` may explain a
    particular wrong (but legal) move better. `callout` is the short note (a few words) the board pins
    beside the expected move's place on the picture: a text, or a function (state, wanted) -> text;
    without one the board shows CALLOUT. `section(state, wanted)`, for a Teach with no fixed `rule`,
    names the section of the move itself (e.g. Free Actions for a ship move), which then comes before
    any section the words cite on the way (a lead-in about the turn order, say); "" falls back to the
    first section the words cite."""
    rule: str
    pick: Pick
    say: Say
    why_not: WhyNot | None = None
    callout: str | Callout | None = None
    section: Callable[[State, Hashable], str] | None = None


@dataclass(frozen=True, slots=True)
class Step:
    """What the learner is asked now. `say`: what to do and why; `check(action)`: None accepts the
    move, a string explains why it is not the one (and the learner tries again)."""
    say: str
    rule: str = ""
    expected: Hashable | None = None       # the scripted move; None when any legal move is welcome
    number: int = 0                        # 1-based position in the script; 0 in free play
    total: int = 0
    callout: str = ""                      # a few words the board pins beside the expected move
    _state: State | None = field(default=None, repr=False)
    _why_not: WhyNot | None = field(default=None, repr=False)
    auto: bool = False                     # nothing new: a board may play `expected` by itself

    @property
    def scripted(self) -> bool:
        return self.expected is not None

    @property
    def tells_move(self) -> bool:
        """May a board name the move up front, above the explanation? Yes on a scripted step the
        learner plays (the script gives the move away anyway); not on a routine step the board plays
        for them, nor in free play. (A drill's step has no such property: its answer is the learner's
        to find.)"""
        return self.expected is not None and not self.auto

    def check(self, action: Hashable) -> str | None:
        state = self._state
        if state is None:
            return None
        if self.expected is not None and _same(action, self.expected):
            return None
        legal = state.legal_actions()
        if not any(_same(action, a) for a in legal):
            return f"That move is not allowed here: {state.why_illegal(action, seat=state.current_player)}. Try again."
        if self.expected is None:
            return None
        special = self._why_not(state, self.expected, action) if self._why_not else None
        reason = special or f"this step asks for {self.expected}, to show {self.rule}"
        return f"That move is legal, but not the one this step teaches: {reason}. Try again."


def _cited(text: str) -> str:
    """The first section a text cites in parentheses ("(Game › Heading)"), or ""."""
    start = text.find("(")
    while start != -1:
        end = text.find(")", start)
        inner = text[start + 1:end] if end != -1 else ""
        if " \u203a " in inner:
            return inner
        start = text.find("(", start + 1)
    return ""


def _same(a: Any, b: Any) -> bool:
    try:
        return type(a) is type(b) and a == b
    except Exception:
        return False


def checked_seed(seed: Any) -> int:
    """A lesson's or drill's seed, checked as a game's seed is (a whole number, 0 <= seed < 2**64; any
    other value is a ConfigError quoting it) before anything is derived from it."""
    return check_seed(whole(seed))


def seat_seed(seed: int, seat: int) -> int:
    """The seed of the bot playing `seat` (or of another helper numbered `seat`) in a lesson on `seed`:
    seed + seat, wrapped round below 2**64 so that every valid seed gives valid bot seeds."""
    return (seed + seat) % SEED_LIMIT


def play_bots(state: State, agents: Mapping[int, Any], seat: int) -> list[Hashable]:
    """Let the other seats' agents play until `seat` must decide or the game ends; returns their actions."""
    played = []
    while not state.is_over() and state.current_player != seat:
        action = agents[state.current_player].choose(state)
        state.apply(action)
        played.append(action)
    return played


class DeterministicBot:
    """A bot whose move depends only on the position: the agent is reseeded from the lesson's seed and
    the number of actions played before each choice. A scripted game therefore replays the same way
    after an undo, on every machine."""

    def __init__(self, spec: Any, game: type[State], seed: int):
        from ..agents import make_agent
        self.agent = make_agent(spec, game, seed=seed)
        self.seed = seed
        self.name = getattr(self.agent, "name", str(spec))

    def choose(self, state: State) -> Hashable:
        self.agent.reseed((self.seed * 1_000_003 + state.steps) % 2 ** 63)
        return self.agent.choose(state)

    def __call__(self, state: State) -> Hashable:
        return self.choose(state)


def _fingerprint(state: State, seat: int) -> tuple:
    """What identifies a position of the scripted game: the actions played, the log, and everything
    the learner's seat can see."""
    return (state.steps, len(state.log), state.current_player, repr(state.observation(seat)))


class Lesson:
    """A guided first game of one game (see the module docstring).

    game, players, seed, options: the fixed game everyone plays; seat: the learner's seat (0 =
    Player 1); bot: the agent spec for every other seat; intro: shown first; teach: the scripted
    decisions; free_say: what is said once the script is done (a text, or a function of the
    position); categories: breakdown category -> what
    it counts (with the section), for the finale; detail(state, seat, category): optional concrete
    words for one player's category at the end; until(state): when given, the last Teach repeats for
    every decision of the learner until it holds (e.g. "script the whole first round"); auto(state,
    move): when it holds the step is routine (Step.auto: nothing new to explain, a board may play it),
    and since_taught(state) tells a later step what happened meanwhile; news(lesson, state): what a
    taught step says first about what happened since the learner's last taught step (kept apart from
    the move's own words, so that a step cites the section of its own move, never one of the news);
    epilogue(state): a few last words the finale ends with (e.g. the rules this game did not meet)."""

    def __init__(self, game: str, players: int, seed: int, intro: str, teach: Sequence[Teach],
                 free_say: str | Callable[[State], str], categories: Mapping[str, str], seat: int = 0,
                 bot: Any = None,
                 options: Mapping[str, Any] | None = None,
                 detail: Callable[[State, int, str], str | None] | None = None, title: str = "",
                 until: Callable[[State], bool] | None = None,
                 auto: Callable[[State, Hashable], bool] | None = None,
                 news: Callable[["Lesson", State], str] | None = None,
                 epilogue: Callable[[State], str] | None = None):
        self.game = game
        self.cls = game_class(game)
        self.players, self.seed, self.seat = players, checked_seed(seed), seat
        self.options = dict(options or {})
        self.intro = intro
        self.teach = list(teach)
        self.free_say = free_say
        self.categories = dict(categories)
        self.detail = detail
        self.title = title or f"A first game of {self.cls.TITLE or game}"
        self.until = until
        self.auto = auto                                  # (position, scripted move) -> nothing new to teach
        self.news = news                                  # (lesson, position) -> what happened meanwhile
        self.epilogue = epilogue                          # (final position) -> the finale's last words
        self._auto: dict[int, bool] = {}                  # step index -> played for the learner
        own = list(getattr(self.cls, "AGENTS", {}) or {})
        spec = bot if bot is not None else (own[0] if own else "greedy")
        self.agents: dict[int, DeterministicBot] = {
            s: DeterministicBot(spec, self.cls, seat_seed(self.seed, s)) for s in range(players) if s != seat}
        self._line: dict[tuple, int] | None = None       # position fingerprint -> step index
        self._wanted: dict[int, Hashable] = {}            # step index -> the move it asks for
        self._steps: dict[int, int] = {}                  # step index -> state.steps at that step

    # ------------------------------------------------------------------ the fixed game
    def new_game(self) -> State:
        """The lesson's game at its start (the same for everyone)."""
        return self.cls(players=self.players, seed=self.seed, **self.options)

    def bots_move(self, state: State) -> list[Hashable]:
        """Let the bots play until the learner must decide or the game ends; returns their actions."""
        return play_bots(state, self.agents, self.seat)

    def script(self) -> list[tuple[int, Hashable]]:
        """The scripted line: (state.steps before the move, the move) for each Teach, in order."""
        self._build_line()
        return [(steps, self._wanted[i]) for i, steps in sorted(self._steps.items())]

    def _build_line(self) -> None:
        if self._line is not None:
            return
        line: dict[tuple, int] = {}
        state = self.new_game()
        i = 0
        while True:
            self.bots_move(state)
            if state.is_over() or (i >= len(self.teach) and (self.until is None or self.until(state))):
                break
            teach = self.teach[min(i, len(self.teach) - 1)]
            legal = state.legal_actions()
            wanted = teach.pick(state, legal)
            if wanted is None or not any(_same(wanted, a) for a in legal):
                raise ConfigError(f"lesson {self.game}: step {i + 1} ({teach.rule}) found no move to ask "
                                  f"for at this position")
            line[_fingerprint(state, self.seat)] = i
            self._wanted[i] = wanted
            self._auto[i] = bool(self.auto and self.auto(state, wanted))
            self._steps[i] = state.steps
            state.apply(wanted)
            i += 1
        self._line = line

    def on_script(self, state: State) -> int | None:
        """The index of the Teach that applies to this position, None off the script or after it."""
        self._build_line()
        assert self._line is not None
        return self._line.get(_fingerprint(state, self.seat))

    # ------------------------------------------------------------------ the protocol
    def step(self, state: State) -> Step | None:
        """What the learner is asked at this position; None when a bot moves or the game is over."""
        if state.is_over() or state.current_player != self.seat:
            return None
        i = self.on_script(state)
        if i is None:
            return Step(self._off_script(state), "", None, 0, len(self._wanted), "", state.clone(), None)
        teach = self.teach[min(i, len(self.teach) - 1)]
        wanted = self._wanted[i]
        say = teach.say(state, wanted)
        rule = self.move_rule(state, wanted, say)
        if self._auto.get(i):
            return Step(f"Step {i + 1} of {len(self._wanted)}: a routine move, nothing new to explain: "
                        f"{wanted}" + (f" ({rule})." if rule else "."), rule, wanted, i + 1, len(self._wanted),
                        "played for you", state.clone(), teach.why_not, True)
        if rule and rule not in say:
            say += f" ({rule})"
        news = self.news(self, state) if self.news else ""
        total = len(self._wanted)
        note = teach.callout(state, wanted) if callable(teach.callout) else teach.callout
        return Step(f"Step {i + 1} of {total}: {news}{say}", rule, wanted, i + 1, total, note or CALLOUT,
                    state.clone(), teach.why_not)

    def move_rule(self, state: State, move: Hashable, said: str | None = None) -> str:
        """The section a scripted move teaches: its Teach's rule, else the section its Teach gives the
        move itself (Teach.section), else the first section the Teach's own words about the move cite
        (`said`, when already worked out). The news of what happened since the learner's last taught
        step is not part of those words, so its sections are never the move's."""
        i = self.on_script(state)
        if i is None:
            return ""
        teach = self.teach[min(i, len(self.teach) - 1)]
        own = teach.rule or (teach.section(state, move) if teach.section else "")
        return own or _cited(teach.say(state, move) if said is None else said)

    def own_game(self, state: State) -> bool:
        """Was this game dealt as the lesson's own (its seed, players and options)?"""
        return (state.seed == self.seed and state.players == self.players
                and dict(state.options) == {**self.cls.OPTIONS, **self.options})

    def _off_script(self, state: State) -> str:
        """What is said where no step applies: after the script, the lesson's free_say; before its end,
        why the script no longer applies (another game than the lesson's, or a move off its line) and how
        to come back to it."""
        if not self.own_game(state):       # the free words speak of what the lesson taught: not here
            return ("This game was dealt from another seed than the lesson's, so the lesson's steps do not "
                    "apply to it: play it freely; the board's Hint button explains the best moves. Restart "
                    "with “new seed” unticked and the seed box empty to take the lesson from its "
                    "first step.")
        if self._steps_done(state):
            return self.free_say(state) if callable(self.free_say) else self.free_say
        # the free words speak of what the whole lesson taught (Naéco: "you know the whole turn now"):
        # not yet true here
        return ("This position is not the lesson's scripted game any more (a different move was played): "
                "play on freely; the board's Hint button still explains the best moves, and Undo or Restart "
                "takes you back to the lesson.")

    def since_taught(self, state: State) -> tuple[list[Hashable], list[Any]]:
        """What happened since the learner's last step that was not played for them: the moves played
        for the learner since then, and every event since then (for a lesson to summarise)."""
        self._build_line()
        assert self._line is not None
        s = self.new_game()
        mark, auto_moves = 0, []
        for action in state.history():
            if s.current_player == self.seat:
                i = self._line.get(_fingerprint(s, self.seat))
                if i is not None and self._auto.get(i):
                    auto_moves.append(action)
                else:
                    mark, auto_moves = len(s.log), []
            s.apply(action)
        return auto_moves, list(state.log[mark:])

    def _steps_done(self, state: State) -> bool:
        self._build_line()
        last = max(self._steps.values(), default=-1)
        return state.steps > last

    def check(self, state: State, action: Hashable) -> str | None:
        """step(state).check(action), or None when no step applies."""
        step = self.step(state)
        return None if step is None else step.check(action)

    def finale(self, state: State) -> str:
        """The final scoring explained category by category (from breakdown()), and who won."""
        rows = state.breakdown()
        cats: list[str] = []
        for row in rows:
            cats += [c for c in row if c not in cats]
        head = "The game is over. " if state.is_over() else "The game is not over yet; as it stands now: "
        lines = [head + "Here is how the final scoring adds up, category by category."]
        for cat in cats:
            what = self.categories.get(cat, "")
            per_seat = []
            for seat, row in enumerate(rows):
                more = self.detail(state, seat, cat) if self.detail else None
                per_seat.append(f"{player(seat)}{' (you)' if seat == self.seat else ''} "
                                f"{number(row.get(cat, 0))}" + (f" ({more})" if more else ""))
            lines.append(f"\u2022 {words(cat).capitalize()}" + (f", {what}" if what else "") + ": "
                         + "; ".join(per_seat) + ".")
        totals = state.scores()
        lines.append("Totals: " + ", ".join(f"{player(s)} {number(t)}" for s, t in enumerate(totals)) + ".")
        if state.is_over():
            won = state.winners()
            if self.seat in won and len(won) == 1:
                lines.append("You won your first game.")
            elif self.seat in won:
                lines.append("You share the win: " + " and ".join(player(s) for s in won) + ".")
            else:
                lines.append(" and ".join(player(s) for s in won) + " won this time. Replay the lesson, or "
                             "start a new game and ask for hints when in doubt.")
        last = self.epilogue(state) if self.epilogue else ""
        if last:
            lines.append(last)
        return "\n".join(lines)

    def __repr__(self) -> str:
        steps = f"{len(self._wanted)} scripted steps" if self._line is not None else "scripted line not played yet"
        return f"<Lesson {self.game}: {steps}, seed {self.seed}>"


def lesson_names() -> list[str]:
    """The games that have a guided first game of their own (every other game gets the generic one)."""
    return list(LESSONS)


def first_game(game: str, **kwargs: Any) -> Lesson:
    """The guided first game of `game` (keyword arguments go to the lesson's builder, e.g. seed=...):
    its own when it has one, else the generic lesson (lessons/generic.py) of any registered game.
    make_lesson (neko_lab.learn.drill) also opens drills by topic."""
    module = importlib.import_module(f"{__package__}.lessons.{game}") if game in LESSONS else None
    if module is not None:
        return module.LESSON(**kwargs)
    game_class(game)          # an unknown game is refused here, naming the games there are
    return importlib.import_module(f"{__package__}.lessons.generic").LESSON(game, **kwargs)


__all__ = ["CALLOUT", "DeterministicBot", "Lesson", "Step", "Teach", "first_game", "lesson_names"]
