"""How a board's game moves on without a click: the bots (and a lesson's routine moves) playing by
themselves, one move every `delay` seconds in a notebook or all at once elsewhere, paused and resumed;
undo, which goes back to the last position a person decided; and restart, which on a lesson's board
gives the lesson again from its first step.
"""
from __future__ import annotations

import asyncio
import secrets
import tempfile
from pathlib import Path
from typing import Any, Hashable

from ..core.errors import ConfigError
from ..core.knowledge import first_news
from ..core.rng import check_seed
from ..core.state import State
from .parts import seat_label

MAX_BOT_STEPS = 10_000  # "bots to my turn" stops after this many actions in one click, whatever happens
FRESH_SEEDS = 1_000_000 # a new game's seed is below this: short enough to read and type again (seed=N)


def same_game(state: State, seed: int) -> State:
    """A new game dealt from `seed` with the players, options and card data of `state`: its dataset as
    it was when that game was set up (a user's folder, edited or gone since, or the files a save
    brought), not the shipped one."""
    cls = type(state)
    origin = state.__dict__.get("_origin")
    files = getattr(origin, "files", None)
    if origin is None or origin.shipped or (origin.folder is None and files is None):
        return cls(players=state.players, seed=seed, **state.options)
    if files is None:                   # a folder that could not be read when the game was saved
        return cls(players=state.players, seed=seed, data=origin.folder, **state.options)
    with tempfile.TemporaryDirectory(prefix=f"neko_lab-{cls.GAME}-") as tmp:
        for name, text in files:
            Path(tmp, name).write_text(text, encoding="utf-8")
        game = cls(players=state.players, seed=seed, data=tmp, **state.options)
    game._origin = origin               # the same dataset, from where it came (the folder is gone)
    return game


def read_seed(text: str) -> int:
    """The seed typed in a board's seed box: a whole number 0 <= seed < 2**64, else ConfigError."""
    text = text.strip()
    if not (text.isascii() and text.isdigit()):
        raise ConfigError(f"the seed box takes a whole number (e.g. 42) to deal that game, or nothing for "
                          f"a fresh game, not {text[:40]!r}")
    return check_seed(int(text))


def _choose(agent: Any, state: State) -> Hashable:
    if hasattr(agent, "choose"):
        return agent.choose(state)
    return agent(state)


def _running_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop of the notebook kernel (bots then move one by one with a pause between them);
    None in a plain script or test, where they move at once."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class Pacing:
    """Mixin for Board: the bots' moves by themselves, undo and restart (see the module)."""

    state: Any
    names: Any
    bots: Any
    history: Any
    controls: Any
    message: Any
    lesson_panel: Any
    _timer: Any
    seeds: Any
    review: Any
    humans: Any
    action_label: Any

    def bot_move(self) -> bool:
        """The bot of the seat to move plays one action (a single step)."""
        if self.state.is_over():
            self.message.show("The game is over.", "error")
            return False
        seat = self.state.current_player
        auto = self.lesson_auto()
        if seat not in self.bots and auto is None:
            self.message.show(f"{seat_label(seat, self.names)} is yours to play: choose an action.", "error")
            return False
        action = auto if seat not in self.bots else _choose(self.bots[seat], self.state)
        return self.play(action, by_bot=True)

    def play_bots(self, limit: int = MAX_BOT_STEPS) -> int:
        """Bots play until a seat without a bot must decide, or the game ends. Returns actions played;
        every one of them is in the last moves, in words."""
        self._cancel_timer()
        n = 0
        while self.bot_to_move() and n < limit:
            if not self.bot_move():
                break
            n += 1
        return n

    # ------------------------------------------------------------------ bots by themselves
    def schedule_bots(self) -> None:
        """Let the bots reply: one move every `delay` seconds in a notebook (the picture shows each),
        all at once with speed "instant", outside a notebook, or when no loop runs."""
        self._cancel_timer()
        if not self.controls.auto.value or self.controls.paused or not self.bot_to_move():
            return
        loop = _running_loop()
        delay = self.controls.delay
        if loop is None or delay <= 0:
            self.play_bots()
            return
        self._timer = loop.call_later(delay, self._bot_tick)
        self._show_prompt()

    def _bot_tick(self) -> None:
        self._timer = None
        if self.controls.paused or not self.bot_to_move():
            return
        if self.bot_move() and self.bot_to_move():
            self.schedule_bots()

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _paused(self, paused: bool) -> None:
        if paused:
            self._cancel_timer()
            self.message.show("Bots paused: press Resume (or Bot move for one step).")
        else:
            self.schedule_bots()
        self.refresh(keep_message=True)

    # ------------------------------------------------------------------ undo, restart
    def undo(self, steps: int = 1) -> bool:
        """Take back the last `steps` actions (bot or human). False when there is nothing to undo."""
        self._cancel_timer()
        if not self.history:
            self.message.show("Nothing to undo.", "error")
            return False
        for _ in range(min(steps, len(self.history))):
            self.state, _action = self.history.pop()
        self.message.show("Undone.")
        self.refresh(keep_message=True)
        if self.humans:         # as after a move: a bot, or the lesson's routine move, goes on by itself
            self.schedule_bots()
        return True

    def undo_steps(self) -> int:
        """How many actions the Undo button takes back: back to the last position where a seat without
        a bot decided (the bots' replies and the routine moves a lesson made after it go too); 0 when no
        person has decided anything yet (the bots' opening moves, or a lesson's routine ones, are no move
        of theirs to take back: undone, they would only be played again). With bots on every seat, one
        action. With several people at the board, only the seat shown (the person at the screen, whose
        decision it is) takes back its own last decision, and only when no other person has decided
        since (the bots' replies may lie between): 0 otherwise (undo_refusal says why)."""
        if not self.humans:
            return 1 if self.history else 0
        several = len(self.humans) > 1 and not self.state.is_over()
        me = self.viewer
        for back, (before, _a) in enumerate(reversed(self.history), start=1):
            if before.current_player not in self.bots and self.lesson_auto(before) is None:
                if several and before.current_player != me:
                    return 0            # another person's decision, or nobody's view shown
                return back
        return 0

    def undo_refusal(self) -> str | None:
        """Why Undo takes nothing back at a board with several people although a person has moved: a
        move is taken back only by the player who made it, before anyone else has moved; None when
        Undo may go back (or nobody has decided anything yet)."""
        if len(self.humans) < 2 or self.state.is_over() or self.undo_steps():
            return None
        last = next((before.current_player for before, _a in reversed(self.history)
                     if before.current_player not in self.bots and self.lesson_auto(before) is None), None)
        if last is None:
            return None
        rule = "a move is taken back only by the player who made it, before anyone else has moved"
        me = self.viewer
        if not isinstance(me, int):
            return (f"Undo is for the player whose view is shown, and nobody's is now; {rule}.")
        mine = any(before.current_player == me for before, _a in self.history)
        since = "since your last decision" if mine else "and you have not moved yet"
        return f"{self.person(last)} has moved {since}; {rule}."

    def undo_turn(self) -> bool:
        """The Undo button: go back to the last position where a seat without a bot had to decide
        (undo_steps); "Nothing to undo." when no person has made a move yet. Never back past what a
        person has been shown since (revealed_since): the game's end, a round of choices made at the
        same time, or a move that showed them something they could not know before it."""
        steps = self.undo_steps()
        if not steps:
            self.message.show(self.undo_refusal() or "Nothing to undo.", "error")
            return False
        shown = self.revealed_since(self.history[-steps][0], self.state)
        if shown:
            self.message.show(f"Undo stops here: {shown}", "error")
            return False
        return self.undo(steps)

    def revealed_since(self, then: State, now: State) -> str | None:
        """Why a person may not go back from `now` to `then` (a position of the same game, before it),
        or None. Back there, they would choose again knowing what the rules kept from them when they
        chose:
        - `now` is the game's end: the board shows the seed (shows_seed), which deals every hand, deck
          order and draw of the game again;
        - `then` lies in a round whose choices the seats make at the same time out of each other's sight
          (State.secret_round), revealed before `now`: they have seen the others' choices;
        - a move since `then` showed a seat played by a person something it could not know at `then`
          (core/knowledge.py: a card drawn or turned up, a die rolled, a hidden card shown).
        None with bots on every seat (an analyst), or on a lesson's board (the lesson asks for each move:
        going back to a step is how a learner tries it again)."""
        if not self.humans or self.lesson_panel.lesson:
            return None
        if now.is_over() and not then.is_over():
            return (f"the game is over and its seed has been shown (seed={now.seed} deals this game "
                    f"again: every hand, deck order and draw to come); back in the game you would play on "
                    f"knowing them. Restart deals a new game.")
        round_ = then.secret_round()
        if round_ is not None and now.secret_round() != round_:
            return ("that move was chosen at the same time as the other players' choices, out of each "
                    "other's sight, and theirs have been shown since; choosing again after seeing them is "
                    "what the rules forbid.")
        return self._news_since(then, now)

    def _news_since(self, then: State, now: State) -> str | None:
        """Why going back from `now` to `then` is refused because a move in between showed a person's
        seat something it could not know at `then` (first_news), or None."""
        done, before = now.history(), then.history()
        if done[:len(before)] != before:         # never so on a board: `then` is a position of its game
            return None
        actions = done[len(before):]
        for seat in self.humans:
            i = first_news(then, actions, seat)
            if i is None:
                continue
            alone = len(self.humans) == 1       # "you"; at a table of several people, their seat
            you = "you" if alone else seat_label(seat, self.names)
            before = _before(then, actions, i)
            own = alone and before.current_player == seat
            move = (f"your move “{self.action_label(actions[i], before)}”" if own
                    else "a move made since")
            return (f"{move} showed {you} something {you} could not know before it (a card drawn or "
                    f"turned up, a die rolled, a hidden card or choice shown); back there {you} would "
                    f"choose again knowing it.")
        return None

    def restart(self, seed: int | None = None, fresh: bool = False) -> None:
        """A new game with the same players, options and card data (same_game): `seed` given, or a fresh one. On a lesson's
        board the lesson starts again from its first step (its own game), unless `seed` asks for a
        game on another seed or `fresh` for a fresh one. The message names the new game's seed only
        where the board shows seeds (shows_seed): a seed deals the whole game again, secrets included."""
        self._cancel_timer()
        self.close_review()
        lesson = self.lesson_panel.lesson
        own = getattr(lesson, "seed", None)
        typed = seed is not None
        if (lesson is not None and hasattr(lesson, "new_game") and not fresh
                and (seed is None or seed == own)):
            self.state = lesson.new_game()
            said = "The lesson starts again from its first step."
        else:
            if seed is None:
                seed = self.fresh_seed()
            self.state = same_game(self.state, seed)
            if self.shows_seed():
                said = f"New game, seed {seed} (seed={seed} deals this game again)."
            elif typed:
                said = "New game, dealt from the seed given."
            else:
                said = "New game, from a fresh seed (shown once the game is over)."
            if lesson is not None:
                said += " The lesson's script is for its own game only: play it freely."
        self.start = self.state.clone()
        self.history.clear()
        self._at_screen = self.state.current_player       # a new game opens with the first seat's view
        self.message.show(said)
        self.refresh(keep_message=True)
        self.schedule_bots()

    def shows_seed(self) -> bool:
        """May the board show the game's seed? The seed deals every secret of the game again (hands,
        deck orders, draws to come), so only when bots play every seat (an analyst watching) or once
        the game is over (the game under review, when a finished game is reviewed)."""
        game = self.review[-1] if self.review else self.state
        return not self.humans or game.is_over()

    def _restart_pressed(self, seed: int | str | None, fresh: bool = True) -> None:
        """The Restart button: with "new seed" ticked (`fresh`) a fresh seed, else the seed typed in the
        box (then emptied: it has dealt its game); with nothing typed, a fresh seed, or on a lesson's
        board (where "new seed" starts unticked) the lesson again."""
        if isinstance(seed, str):
            try:
                seed = read_seed(seed)
            except ConfigError as exc:
                self.message.show(str(exc), "error")
                return
        if seed is not None:
            self.controls.clear_seed()
        self.restart(seed, fresh=fresh)

    def fresh_seed(self) -> int:
        """The seed of a new game: drawn from the system's entropy, so that every Restart in every
        notebook deals another game, below FRESH_SEEDS so that it reads and types again (seed=N), and
        never the seed of the game shown. A board whose `seeds` is set (a random.Random, as tests do)
        draws from it instead, the same seeds every run."""
        draw = self.seeds.randrange if self.seeds is not None else secrets.randbelow
        while True:
            seed = draw(FRESH_SEEDS)
            if seed != self.state.seed:
                return seed


def _before(then: State, actions: list, i: int) -> State:
    """The position actions[i] was played in: `then` with the moves before it played."""
    s = then.clone()
    for a in actions[:i]:
        s.apply(a)
    return s
