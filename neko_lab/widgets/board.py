"""The generic ipywidgets board: plays any neko_lab game from the State contract alone.

    import neko_lab as nl
    b = nl.widgets.Board(nl.new_game("naeco", players=2, seed=1), agents={1: "greedy"})
    b            # shows the picture, legal actions, bot buttons, undo/restart, scores and the log

Game boards subclass Board and override the hooks:
    picture()            HTML of the table (default: the state's own _repr_html_())
    extra_widgets()      widgets placed under the picture (click targets, hands, ...), built once
    refresh_extra()      bring those widgets up to date after every change
    action_label(a)      how an action reads in the list (default str(a))
    assemble(...)        the final arrangement of all parts
and call ``self.play(action)`` from their own click handlers: an illegal action is refused with its
IllegalAction message in the message area and leaves the state untouched.
"""
from __future__ import annotations

import random
from typing import Any, Hashable, Mapping, Sequence

import ipywidgets as W

from ..core.errors import IllegalAction
from ..core.state import State
from .parts import (ActionPicker, Controls, EventLog, MessageArea, ScoreTable, seat_label,
                    status_text)

MAX_BOT_STEPS = 10_000  # "play bots" stops after this many actions in one click, whatever happens


def resolve_agent(spec: Any, seat: int, seed: int | None = None, game: Any = None) -> Any:
    """The bot for one seat. An Agent object (or anything with ``choose(state)``, or a plain callable
    ``state -> action``) is used as it is; a name ("random", "greedy", "mcts", or one of the game's own
    agents), a (name, params) pair or an Agent class goes through neko_lab.agents.make_agent."""
    if not isinstance(spec, (str, tuple, type)) and (hasattr(spec, "choose") or callable(spec)):
        return spec
    try:
        from ..agents import make_agent  # type: ignore[attr-defined]
    except ImportError:  # an installation without the agent factory: random still works
        make_agent = None
    if make_agent is not None:
        return make_agent(spec, game=game, seed=seed)
    if spec == "random":
        from ..agents.base import RandomAgent
        return RandomAgent(seed=seed)
    raise ValueError(f"seat {seat}: unknown agent {spec!r}")


def _choose(agent: Any, state: State) -> Hashable:
    if hasattr(agent, "choose"):
        return agent.choose(state)
    return agent(state)


class Board:
    """Play a game in a notebook: pick legal actions, let bots move, read why things happened, undo.

    state:  the game to play (kept and mutated: ``board.state`` is always the live position)
    agents: seat -> agent (an Agent object or a name for neko_lab.agents.make_agent); seats not
            listed are played by you through the action list (or the game board's click targets)
    names:  optional seat names for the status line, score table and log
    seed:   seeds the bots built from names (default: the game's seed) and the seeds Restart draws
    """

    log_limit: int = 30

    def __init__(self, state: State, agents: Mapping[int, Any] | Sequence[Any] | None = None,
                 names: Sequence[str] | None = None, seed: int | None = None):
        self.state: State = state
        if agents is None:
            agents = {}
        elif not isinstance(agents, Mapping):
            agents = {i: a for i, a in enumerate(agents) if a is not None}
        for seat in agents:
            if not (isinstance(seat, int) and 0 <= seat < state.players):
                raise ValueError(f"agents: seat {seat!r} does not exist in a {state.players}-player game")
        self.agent_specs: dict[int, Any] = dict(agents)
        base = state.seed if seed is None else seed      # bots are seeded: a board replays the same way
        self.bots: dict[int, Any] = {s: resolve_agent(spec, s, (base + s) % 2 ** 63, state)
                                     for s, spec in self.agent_specs.items()}
        self.names = list(names) if names is not None else None
        self.history: list[tuple[State, Hashable]] = []   # (position before, action taken there)
        self._seeds = random.Random(state.seed if seed is None else seed)
        self._build()
        self.refresh()

    # ------------------------------------------------------------------ hooks for game boards
    def picture(self) -> str:
        """HTML of the table: the state's own picture unless a game board draws something else."""
        html = getattr(self.state, "_repr_html_", None)
        return html() if html is not None else f"<pre>{self.state!r}</pre>"

    def extra_widgets(self) -> list[W.Widget]:
        """Widgets a game board adds under the picture (click targets, hand, ...). Built once."""
        return []

    def refresh_extra(self) -> None:
        """Update the game board's own widgets after every change of position."""

    def action_label(self, action: Hashable) -> str:
        return str(action)

    def assemble(self) -> W.Widget:
        left = W.VBox([self.title, self.status, self.picture_widget, self.extras, self.message.widget,
                       self.controls.widget], layout=W.Layout(flex="2 1 0%", min_width="360px"))
        right = W.VBox([self.picker.widget, W.HTML("<b>Scores</b>"), self.scores.widget],
                       layout=W.Layout(flex="1 1 0%", min_width="240px"))
        log = W.VBox([W.HTML("<b>What happened, and why</b>"), self.log.widget])
        return W.VBox([W.HBox([left, right], layout=W.Layout(flex_flow="row wrap")), log],
                      layout=W.Layout(width="100%"))

    # ------------------------------------------------------------------ construction
    def _build(self) -> None:
        title = self.state.TITLE or self.state.GAME
        self.title = W.HTML(f"<h3 style='margin:2px 0'>{title}</h3>")
        self.status = W.HTML()
        self.picture_widget = W.HTML()
        self.message = MessageArea()
        self.picker = ActionPicker(self.play, label=self.action_label)
        self.log = EventLog(self.log_limit, self.names)
        self.scores = ScoreTable(self.names)
        self.controls = Controls(self.bot_move, self.play_bots, self.undo_turn, self.restart,
                                 seed=self.state.seed)
        self.extras = W.VBox(self.extra_widgets())
        self.widget = self.assemble()
        self.widget.add_class("neko-board")      # lets pages and browser tests find the board

    def _ipython_display_(self) -> None:
        from IPython.display import display
        display(self.widget)

    # ------------------------------------------------------------------ who is looking
    @property
    def humans(self) -> list[int]:
        """Seats played by people (no bot), in seat order."""
        return [s for s in range(self.state.players) if s not in self.bots]

    @property
    def viewer(self) -> int:
        """The seat whose private view a game board shows: the seat to move unless a bot plays it,
        then the first seat without a bot (seat 0 when bots play every seat)."""
        seat = self.state.current_player
        if seat is not None and seat not in self.bots:
            return seat
        humans = self.humans
        return humans[0] if humans else (seat if seat is not None else 0)

    def decision(self) -> str | None:
        """The kind of the open decision (the top of the state's pending stack), None once over."""
        s = self.state
        if s.is_over() or not s.pending:
            return None
        return s.pending[-1].kind

    def my_turn(self) -> bool:
        """True when a person (not a bot) is to move and the board shows that person's view."""
        s = self.state
        return not s.is_over() and s.current_player == self.viewer and s.current_player not in self.bots

    # ------------------------------------------------------------------ what the player does
    def bot_to_move(self) -> bool:
        return not self.state.is_over() and self.state.current_player in self.bots

    def play(self, action: Hashable | None) -> bool:
        """Play `action` for the seat to move. Refused actions show why and change nothing."""
        if action is None:
            self.message.show("Choose an action first.", "error")
            return False
        before = self.state.clone()
        try:
            self.state.apply(action)
        except IllegalAction as exc:
            self.message.show(str(exc), "error")
            self.refresh(keep_message=True)
            return False
        self.history.append((before, action))
        self.message.show(f"{seat_label(before.current_player, self.names)}: {self.action_label(action)}")
        self.refresh(keep_message=True)
        return True

    def bot_move(self) -> bool:
        """The bot of the seat to move plays one action (a single step)."""
        if self.state.is_over():
            self.message.show("The game is over.", "error")
            return False
        seat = self.state.current_player
        if seat not in self.bots:
            self.message.show(f"{seat_label(seat, self.names)} is yours to play: choose an action.", "error")
            return False
        action = _choose(self.bots[seat], self.state)
        return self.play(action)

    def play_bots(self, limit: int = MAX_BOT_STEPS) -> int:
        """Bots play until a seat without a bot must decide, or the game ends. Returns actions played."""
        n = 0
        while self.bot_to_move() and n < limit:
            seat = self.state.current_player
            action = _choose(self.bots[seat], self.state)
            before = self.state.clone()
            try:
                self.state.apply(action)
            except IllegalAction as exc:
                self.message.show(f"the bot of {seat_label(seat, self.names)} chose {action}: {exc}",
                                  "error")
                break
            self.history.append((before, action))
            n += 1
        else:
            self.message.show(f"bots played {n} action{'s' if n != 1 else ''}")
        self.refresh(keep_message=True)
        return n

    def undo(self, steps: int = 1) -> bool:
        """Take back the last `steps` actions (bot or human). False when there is nothing to undo."""
        if not self.history:
            self.message.show("Nothing to undo.", "error")
            return False
        for _ in range(min(steps, len(self.history))):
            self.state, _action = self.history.pop()
        self.message.show("Undone.")
        self.refresh(keep_message=True)
        return True

    def undo_turn(self) -> bool:
        """The Undo button: go back to the last position where a seat without a bot had to decide
        (so the bots' replies are taken back too); with bots on every seat, one action."""
        if not self.history:
            self.message.show("Nothing to undo.", "error")
            return False
        steps = 1
        if self.humans:
            for back, (before, _a) in enumerate(reversed(self.history), start=1):
                if before.current_player not in self.bots:
                    steps = back
                    break
            else:
                steps = len(self.history)
        return self.undo(steps)

    def restart(self, seed: int | None = None) -> None:
        """A new game with the same players and options: `seed` given, or a fresh one."""
        if seed is None:
            seed = self._seeds.randrange(2 ** 62)
        s = self.state
        self.state = type(s)(players=s.players, seed=seed, **s.options)
        self.history.clear()
        self.message.show(f"New game (seed {seed}).")
        self.refresh(keep_message=True)

    # ------------------------------------------------------------------ display
    def refresh(self, keep_message: bool = False) -> None:
        if not keep_message:
            self.message.clear()
        s = self.state
        self.status.value = f"<b>{status_text(s, self.names, self.bots)}</b>"
        self.picture_widget.value = self.picture()
        # in games with hidden information a bot's options would show its hand: keep them out of view
        self.picker.update(s, hidden=s.HIDDEN_INFORMATION and self.bot_to_move())
        # people at the table see only what their seat may see; with bots on every seat, everything
        self.scores.update(s, self.viewer if self.humans else None)
        self.log.update(s)
        self.controls.update(s, can_undo=bool(self.history), bot_to_move=self.bot_to_move())
        self.refresh_extra()

    def __repr__(self) -> str:
        return f"<Board {self.state!r}, bots on seats {sorted(self.bots)}>"
