"""Reviewing a game: every position of a save in order, so a board can step through it.

    from neko_lab.widgets.review import positions, history_save
    text = history_save(start_state, actions)      # a game as its start and the actions taken
    states, actions = positions(text)              # every position in order (actions[i] led to states[i + 1])

`Reviewing` gives a board its review: open a save (or its own game), step forwards and back, play
on from any position, or go back to the game in progress ("Back to my game": a review never loses it).
A save is opened only on a board of its number of players: the board's seats (which a person plays,
which a bot) would not fit another. A board steps through the positions its reader (the view it shows) can
tell apart (`Reviewing.review_stops`): a run of moves made out of their sight is one step, so that neither the
steps nor "position k of n" count the moves its Last moves leave out. `positions` is the one place
that knows how a save becomes a list of positions: when the core offers ``neko_lab.replay(text)``
(a save that is the game's history) it is used; otherwise a history written by `history_save` is
replayed here through `State.apply`, and a plain snapshot save gives its one position.
"""
from __future__ import annotations

import json
from bisect import bisect_right
from typing import Any, Hashable, Sequence

import ipywidgets as W

from ..core import serial
from ..core.errors import SaveError
from ..core import from_json
from ..core.loading import Replay
from ..core.saves import MAX_SAVE_CHARS, decode_step, read_source
from ..core.state import State
from .opener import FileOpener

HISTORY_FORMAT = "neko-lab-history-1"


def history_save(start: State, actions: Sequence[Hashable]) -> str:
    """A save of a game as its starting position and the actions taken from it, in order."""
    return json.dumps({"format": HISTORY_FORMAT, "start": start.to_json(),
                       "actions": [serial.encode(a) for a in actions]}, ensure_ascii=False)


def positions(source: Any) -> tuple[list[State], list[Hashable] | None]:
    """Every position of the saved game in order, and the actions between them when known
    (None when the save gives positions only). `source` is a save's text or a pathlib.Path of its
    file, as nl.from_json takes them (errors then name the file). Raises SaveError for anything that
    is not a save, read as nl.from_json reads it."""
    return read_source(source, _positions, False)


def _positions(text: Any, trust: bool) -> tuple[list[State], list[Hashable] | None]:
    doc = _history_doc(text)
    if doc is None:
        from .. import core

        replay = getattr(core, "replay", None)
        if replay is not None:                  # saves are the game's history: the core replays them
            game = replay(text, trust)
            actions = getattr(game, "actions", None)
            return list(game), (list(actions) if actions is not None else None)
        return [from_json(text, trust)], []
    # the actions are read and replayed as the core's saves are: a step that cannot be read or that
    # breaks a rule is refused naming the step
    actions = [decode_step(n, raw, []) for n, raw in enumerate(doc["actions"], start=1)]
    game = Replay(from_json(doc["start"]), actions)
    return list(game), list(game.actions)


def _history_doc(text: Any) -> dict | None:
    """The document of a history written by history_save, or None for anything else: a save of the
    core's, or no save at all, which the core's reading then refuses saying why (where JSON breaks
    off, by line and column)."""
    if isinstance(text, (bytes, bytearray, memoryview)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            return None
    if not isinstance(text, str) or len(text) > MAX_SAVE_CHARS:
        return None
    try:
        doc = json.loads(text.removeprefix("\ufeff"))
    except (ValueError, RecursionError, MemoryError):
        return None
    if isinstance(doc, dict) and doc.get("format") == HISTORY_FORMAT:
        if not isinstance(doc.get("start"), str) or not isinstance(doc.get("actions"), list):
            raise SaveError("a game history needs 'start' (a save) and 'actions' (a list)")
        return doc
    return None


class Reviewing:
    """The review part of a board (neko_lab.widgets.board.Board): the positions of a game under
    review, the buttons that step through them, and the "Open a save" control."""

    review: list[State] | None
    review_actions: list[Hashable] | None
    at: int                             # the position shown: an index into review, one of review_stops()
    stops: list[int]
    state: State
    history: list[tuple[State, Hashable]]
    start: State
    _live: tuple[State, list] | None
    _own_review: bool
    _has_game: bool
    revealed_since: Any
    humans: Any
    message: Any

    @classmethod
    def from_save(cls, source: Any, **kwargs: Any) -> Any:
        """A board reviewing a saved game: step through it forwards and back, then play on from any
        position. `source` is a save's text or a pathlib.Path of its file, as nl.from_json takes
        them. Raises SaveError when it is not a save."""
        states, actions = positions(source)
        board = cls(states[-1].clone(), **kwargs)
        board._has_game = False             # no game of the board's own to go back to, until one plays on
        board.open_review(states, actions)
        return board

    def _build_review_bar(self) -> None:
        buttons = []
        for icon, tip, step in (("fast-backward", "first position", "first"), ("step-backward", "one move back", -1),
                                ("step-forward", "one move on", 1), ("fast-forward", "last position", "last")):
            b = W.Button(icon=icon, tooltip=tip, layout=W.Layout(width="44px"))
            b.add_class(f"neko-review-{step if isinstance(step, str) else ('back' if step < 0 else 'next')}")
            b.on_click(lambda _b, step=step: self.review_go(step))
            buttons.append(b)
        self.review_buttons = buttons
        self.review_label = W.HTML()
        self.review_button = W.Button(description="Review this game", icon="history",
                                      layout=W.Layout(width="auto"),
                                      tooltip="Step through this game from its start")
        self.review_button.on_click(lambda _b: self.review_own_game())
        self.play_on_button = W.Button(description="Play on from here", icon="play",
                                       layout=W.Layout(width="auto"),
                                       tooltip="Leave the review and play from this position")
        self.play_on_button.on_click(lambda _b: self.play_from_here())
        self.back_button = W.Button(description="Back to my game", icon="reply", layout=W.Layout(width="auto"),
                                    tooltip="Leave the review and go back to the game you were playing, "
                                            "where you left it")
        self.back_button.on_click(lambda _b: self.back_to_game())
        # a button that says what it does (ipywidgets' FileUpload would add its count of files: "(0)")
        self.load = FileOpener(self.open_save, self._cannot_open, self.message.clear, accept=".json,.txt",
                               description="Open a save",
                               tooltip="Review a saved game (a .json or .txt file) move by move")
        self.review_steps = W.HBox(buttons + [self.review_label])
        self.review_bar = W.VBox([self.review_steps, W.HBox([self.review_button, self.back_button,
                                                                    self.play_on_button, self.load],
                                                            layout=W.Layout(flex_flow="row wrap"))])

    def open_save(self, text: str | bytes) -> bool:
        """Review the game saved in `text` (a save's text, or its file's bytes as the "Open a save"
        control sends them); a bad save is explained and changes nothing, and so is a save with another
        number of players than the board seats (its seats would not be the board's: whom a person plays,
        whom a bot)."""
        try:
            states, actions = positions(text)
        except Exception as exc:            # SaveError, or a game this board does not play
            self._cannot_open(str(exc))
            return False
        if type(states[0]) is not type(self.state):
            self.message.show(f"This save is a game of {states[0].GAME}, not {self.state.GAME}.", "error")
            return False
        if states[0].players != self.state.players:
            saved = _players(states[0].players)
            seats = _players(self.state.players)
            self.message.show(f"This save is a game of {saved} and this board seats {seats}, each played by a "
                              f"person or a bot: open it on a board of {saved} (Board.from_save(its file) "
                              f"opens one; agents= gives it bots).", "error")
            return False
        self.open_review(states, actions)
        return True

    def _cannot_open(self, why: str) -> None:
        self.message.show(f"This save cannot be opened: {why}", "error")

    # ------------------------------------------------------------------ review
    def save(self) -> str:
        """This board's game as text that can be reviewed move by move: the core's save when saves
        are the game's history (neko_lab.core.replay exists), else its start and every action."""
        from .. import core

        live, history = self._live if self.review is not None and self._live else (self.state, self.history)
        if getattr(core, "replay", None) is not None:
            return live.to_json()
        return history_save(history[0][0] if history else self.start, [a for _b, a in history])

    def open_review(self, states: Sequence[State], actions: Sequence[Hashable] | None = None,
                    own: bool = False) -> None:
        """Review these positions (in order), starting at the first; `own`: they are this board's own
        game (Review this game), not a save opened."""
        self._cancel_timer()
        if self.review is None:
            self._live = (self.state, list(self.history))
        self._own_review = own
        self.review, self.review_actions = list(states), (list(actions) if actions is not None else None)
        self.stops = self.review_stops()
        self.review_go("first")
        n = self.review_place()[1]
        what = "your game" if own else "the save"
        text = f"Reviewing {what}: position 1 of {n} (the start); step with ◀ ▶."
        if own:
            text += " “Back to my game” returns to where you are in it."
        elif self._has_game:
            text += (" Your game is kept: “Back to my game” returns to it (“Play on from here” plays "
                     "the save on in its place).")
        self.message.show(text)

    def review_stops(self) -> list[int]:
        """The positions of the game under review the board steps through (indices into `review`, in
        order): the one before each move its reader saw something of, and the last. The reader is the
        view the board shows during the review (Board.reader): the person's seat with one person at the
        board; the spectator's with several, while their game is in progress; everything once the game
        under review is over (or with bots on every seat). A run of moves the reader saw nothing of
        (another seat's walk made out of sight) is stepped over at once, to the position after it: which
        seat decided in between, and how many moves it made, are that seat's secrets. So the steps are
        the positions the reader can tell apart, and "position k of n" counts the moves Last moves
        lists."""
        review = self.review or []
        reader = self.reader                            # type: ignore[attr-defined]
        last = len(review) - 1
        return [i for i in range(len(review))
                if i == last or self.seen(review[i], review[i + 1], reader)]  # type: ignore[attr-defined]

    def review_place(self) -> tuple[int, int]:
        """(k, n): the position shown is the reader's k-th of n (counted from 0; see review_stops)."""
        stops = getattr(self, "stops", None) or [0]
        return max(0, bisect_right(stops, self.at) - 1), len(stops)

    def review_own_game(self) -> None:
        states = [b for b, _a in self.history] + [self.state]
        self.open_review([s.clone() for s in states], [a for _b, a in self.history], own=True)

    def review_go(self, step: int | str) -> None:
        """Go to the first/last position, or `step` moves on (negative: back)."""
        if self.review is None:
            return
        k, n = self.review_place()
        k = 0 if step == "first" else n - 1 if step == "last" else k + int(step)
        k = max(0, min(n - 1, k))
        self.at = self.stops[k]
        self.state = self.review[self.at]
        self.message.show(f"Position {k + 1} of {n}" + (" (the start)" if k == 0 else ""))
        self.refresh(keep_message=True)

    def play_from_here(self) -> None:
        """Leave the review and play on from the position shown."""
        if self.review is None:
            return
        states, acts, at = self.review, self.review_actions, self.at
        own = self._own_review and self._live is not None
        shown = self.revealed_since(states[at], self._live[0]) if own else None      # type: ignore[index]
        if shown:                # this board's own game, a round revealed since: as Undo
            self.message.show(f"Not from this position: {shown}", "error")
            return
        k = self.review_place()[0]
        self.review, self._live, self._has_game = None, None, True
        self.state = states[at].clone()
        self._at_screen = None          # with several people at the board, the seat to move shows its view when asked
        self.history = ([(states[i].clone(), acts[i]) for i in range(at)] if acts is not None else [])
        self.message.show(f"Playing on from position {k + 1}.")
        self.refresh(keep_message=True)
        self.schedule_bots()

    def can_go_back(self) -> bool:
        """Is a review open with the board's game in progress kept behind it (Back to my game)?"""
        return self.review is not None and self._live is not None and self._has_game

    def reviewing_text(self) -> str:
        """What a move tried during a review is answered: how to play (on from here, or back in the game
        in progress)."""
        back = ", or “Back to my game” to go back to your game" if self.can_go_back() else ""
        return f"You are reviewing a game: press “Play on from here” to play from this position{back}."

    def back_to_game(self) -> None:
        """The "Back to my game" button: leave the review for the game in progress, where it was left
        (the bots go on from there, as after a move)."""
        if not self.can_go_back():
            return
        self.close_review()
        self.message.show("Back to your game, where you left it.")
        self.refresh(keep_message=True)
        if self.humans:
            self.schedule_bots()

    def close_review(self) -> None:
        """Leave the review for the game in progress (no redraw: see back_to_game)."""
        if self.review is not None and self._live is not None:
            self.state, self.history = self._live[0], self._live[1]
        self.review, self._live, self._has_game = None, None, True


def _players(n: int) -> str:
    return f"{n} player" + ("" if n == 1 else "s")
