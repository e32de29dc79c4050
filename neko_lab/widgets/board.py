"""The generic ipywidgets board: plays any neko_lab game from the State contract alone.

    import neko_lab as nl
    b = nl.widgets.Board(nl.new_game("naeco", players=2, seed=1), agents={1: "greedy"})
    b            # the picture; beside it the prompt, your choices, the last moves; scores and the log

The picture is the thing you click: a game board draws click targets into its SVG with
``neko_lab.widgets.picture.target(markup, "name", "what a click does", lit=True)`` and maps a clicked
name to an action in `target_action` (or handles it in `on_target`). Hooks for game boards:
    picture()            HTML/SVG of the table with its targets (default: the state's _repr_html_())
    target_action(name)  the action a clicked target stands for, None when it stands for nothing now
    on_target(name)      what a click does (default: play target_action(name)); return True if it played
    prompt_text()        what the seat to act is asked (HTML), shown beside the picture (by default: click
                         a green place or a choice; only a choice while the picture has no lit target)
    action_label(a, state)  how an action chosen in `state` reads (default str(a)); `state` is the position
                         it is (or was) chosen in, the live one when not given: a past move is labelled
                         from the position before it. choice_label(a) what a choice gives now
    extra_widgets()      widgets placed under the picture, built once; refresh_extra() updates them
    assemble()           the final arrangement of all parts
and call ``self.play(action)``: an illegal action is refused with its IllegalAction message and leaves
the state untouched. After a person's move the bots reply by themselves (speed and pause in the
controls), each bot move narrated in the last moves; a game a bot opens starts when the board is first
shown. ``lesson=`` guides a game step by step;
``Board.from_save(text)`` reviews a finished game position by position.
"""
from __future__ import annotations

import asyncio
import base64
import random
import re
from typing import Any, Hashable, Mapping, Sequence

import ipywidgets as W

from ..core.errors import ConfigError, IllegalAction, excerpt
from ..core.events import EVERYTHING, PUBLIC
from ..core.state import State
from .parts import (ChoiceList, Controls, EventLog, MessageArea, ScoreTable, moves_html, out_of_sight,
                    seat_label, status_text)
from .misclick import Misclicks
from .lesson import LessonMarks, LessonPanel, same_action
from .picture import ClickPicture
from .review import Reviewing
from .teach import find_hints, hints_html, learn_module
from .pacing import Pacing
from .telling import Telling

PICTURE_MIN = 580       # px the picture keeps beside the side column (its areas are 552-586 px wide); narrower, the
                        # side column goes under it (at 1280x800 with the file browser open it gets 586)


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


_NUMBER = re.compile(r"-?[0-9]+")


def numbered(name: object) -> bool:
    """Is `name` shaped as a numbered click target: a kind, then whole numbers after colons ("action:5",
    "cell:3:-2", "down")? Every game board reads such a name, whether its picture draws it now or not."""
    if not isinstance(name, str) or not name:
        return False
    _, _, rest = name.partition(":")
    return not rest or all(_NUMBER.fullmatch(part) for part in rest.split(":"))


_SVG_TAG = re.compile(r"<svg\b|</svg>")


def svg_as_images(html: str) -> str:
    """`html` with each of its pictures (an outermost <svg>...</svg>) as an <img> of that SVG. A notebook
    not trusted on this computer (a fresh clone opened with plain `jupyter lab`) has the inline SVG of its
    HTML outputs stripped, leaving their texts run together, but shows an image."""
    out, depth, start, last = [], 0, 0, 0
    for m in _SVG_TAG.finditer(html):
        if m.group() != "</svg>":
            if depth == 0:
                start = m.start()
            depth += 1
            continue
        depth -= 1
        if depth == 0:
            svg = html[start:m.end()]
            if "xmlns=" not in svg[:svg.index(">")]:
                svg = svg.replace("<svg", '<svg xmlns="http://www.w3.org/2000/svg"', 1)
            data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
            out += [html[last:start], f"<img alt='a picture of the table' src='data:image/svg+xml;base64,{data}'>"]
            last = m.end()
    return "".join(out) + html[last:]


class Board(Pacing, Telling, Reviewing, Misclicks, LessonMarks):
    """Play a game in a notebook: click the picture or a choice, let bots reply, ask why, undo, review.

    state:  the game to play (kept and mutated: ``board.state`` is always the live position)
    agents: seat -> agent (an Agent object or a name for neko_lab.agents.make_agent); seats not
            listed are played by you (several such seats: people taking turns at one screen, each
            shown their own view only once they say they are there; see viewer)
    names:  optional seat names for the status line, score table and log
    seed:   seeds the bots built from names (default: the game's seed); Restart's "new seed" draws a
            fresh short one each time (Pacing.fresh_seed). The game's seed is shown (beside Restart)
            only with bots on every seat or once the game is over: it deals every secret again
    lesson: an optional guide (see neko_lab.widgets.teach): its step says what to do, wrong moves are
            explained and not played, its finale closes the game
    """

    log_limit: int = 40
    GAME_STATE: type[State] = State     # a game's board: that game's state class, the only one it plays

    @classmethod
    def check_game(cls, state: Any) -> None:
        """ConfigError unless `state` is a game this board plays (a game's board calls it before it sets
        anything up); the message names the game given."""
        want = cls.GAME_STATE
        if isinstance(state, want):
            return
        if isinstance(state, State):
            given = f"a game of {type(state).TITLE or type(state).GAME}"
        else:
            given = excerpt(state)
        if want is State:
            raise ConfigError(f"a board plays a game's state (e.g. nl.new_game('naeco')), not {given}")
        title = want.TITLE or want.GAME
        raise ConfigError(f"the {title} board needs a {title} game, not {given}")

    def __init__(self, state: State, agents: Mapping[int, Any] | Sequence[Any] | None = None,
                 names: Sequence[str] | None = None, seed: int | None = None, lesson: Any = None):
        self.check_game(state)
        self.state: State = state
        if agents is None:
            agents = {}
        elif isinstance(agents, (str, bytes)) or not isinstance(agents, (Mapping, list, tuple)):
            raise ConfigError(f"agents is a dict seat -> agent (e.g. {{1: 'greedy'}}) or a list with an agent "
                              f"or None for each seat, not {excerpt(agents)}")
        elif not isinstance(agents, Mapping):
            agents = {i: a for i, a in enumerate(agents) if a is not None}
        for seat in agents:
            if not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < state.players):
                raise ConfigError(f"agents: seat {excerpt(seat)} does not exist in a {state.players}-player "
                                  f"game (its seats are 0 to {state.players - 1})")
        self.agent_specs: dict[int, Any] = dict(agents)
        base = state.seed if seed is None else seed      # bots are seeded: a board replays the same way
        self.bots: dict[int, Any] = {s: resolve_agent(spec, s, (base + s) % 2 ** 63, state)
                                     for s, spec in self.agent_specs.items()}
        self.names = list(names) if names is not None else None
        self.history: list[tuple[State, Hashable]] = []   # (position before, action taken there)
        self.start: State = state.clone()                 # where this board's game began (for saves)
        self.lesson = lesson
        self._timer: asyncio.TimerHandle | None = None
        self._shown = False                               # displayed once already (the bots then start)
        self.review: list[State] | None = None            # positions of a game under review
        self.review_actions: list[Hashable] | None = None
        self.at = 0
        self.stops: list[int] = []                        # the positions a review steps through
        self._why: dict[int, int] = {}                    # "why?" row number -> move index
        self._live: tuple[State, list] | None = None
        self._own_review = False                          # reviewing this board's own game (not a save)
        self._has_game = True                             # a game of its own, kept while reviewing (from_save: none)
        self.seeds: random.Random | None = None           # set: Restart's new seeds come from it (fresh_seed)
        self._at_screen: int | None = state.current_player   # the seat of the person last shown their view
        self._build()
        self.refresh()

    # ------------------------------------------------------------------ hooks for game boards
    def picture(self) -> str:
        """HTML of the table as the reader may see it: the state's own picture(viewer=...) unless a game
        board draws something else."""
        return self.state.picture(viewer=self.reader)

    def target_action(self, name: str) -> Hashable | None:
        """The action a clicked picture target stands for; "action:<i>" is the i-th legal action."""
        if name.startswith("action:"):
            legal = self.state.legal_actions()
            i = int(name.split(":", 1)[1])
            return legal[i] if 0 <= i < len(legal) else None
        return None

    def on_target(self, name: str) -> bool:
        """What clicking the target `name` of the picture does: play the action it stands for."""
        action = self.target_action(name)
        if action is None:
            self.message.show("That is not a move you can make now.", "error")
            return False
        return self.play(action)

    def prompt_text(self) -> str:
        """What the board asks the person at the table now (HTML)."""
        s = self.state
        if self.review is not None:
            if self.can_go_back():
                return "Reviewing: step with ◀ ▶, play on from this position, or go <b>Back to my game</b>."
            return "Reviewing: step with ◀ ▶, or play on from this position."
        if s.is_over():
            return "The game is over: see the scores, or review it move by move."
        seat = self.handing_over()
        if seat is not None:
            return (f"Pass the screen to {self.person(seat)}, then press <b>{self.person(seat)} — show my "
                    f"view</b> (until then nobody's hand or secrets are shown).")
        if not self.my_turn():
            if not self.decider_shown():     # neither which seat nor what, however long it takes
                return f"{self.unseen_decider()}: press <b>Bot move</b> or <b>Bots to my turn</b>."
            who = seat_label(s.current_player, self.names)
            if self._timer is not None:
                return f"{who} (a bot) is thinking…"
            return f"{who} is a bot: press <b>Bot move</b> or <b>Bots to my turn</b>."
        who = seat_label(s.current_player, self.names)
        if not self.picture_widget.targets():      # a picture that only shows the table (no lit target)
            return f"{who}: pick one of your choices below."
        return f"{who}: click a green place on the picture, or one of your choices."

    def extra_widgets(self) -> list[W.Widget]:
        """Widgets a game board adds under the picture. Built once."""
        return []

    def refresh_extra(self) -> None:
        """Update the game board's own widgets after every change of position."""

    def action_label(self, action: Hashable, state: State | None = None) -> str:
        """How `action`, chosen in `state` (default: the live position), reads. A game board that words it
        from the position (the card it places) reads `state`, never the live one: a past move is labelled
        from the position it was played in (Telling.told)."""
        return str(action)

    def choice_label(self, action: Hashable) -> str:
        """A choice in the list: what it is and what it gives (default: action_label)."""
        return self.action_label(action)

    def assemble(self) -> W.Widget:
        # Hint, Undo and Restart just above the choices: in sight while deciding, whatever the lesson
        # says and however many choices there are (the choices scroll in their own box). The hint's
        # answer right under its button, above the choices: hint 1 and the choice it names (marked
        # there, the list scrolled to it) in sight together on a laptop screen
        side = W.VBox([self.lesson_box, self.prompt_box, self.handover_button, self.message.widget, self.hint_row, self.hint_box,
                       self.picker.widget, W.HTML("<b>Last moves</b>"), self.moves, self.why_box,
                       self.review_bar, self.controls.widget, W.HTML("<b>Scores</b>"), self.scores.widget],
                      layout=W.Layout(flex="0 0 250px", min_width="240px", max_width="250px"))
        side.add_class("neko-side")
        # the picture takes the width the choices leave (its areas wrap to it); the choices stay beside
        # it while the picture keeps the PICTURE_MIN px its widest area needs, and go under it on a
        # narrower notebook (rather than cutting the picture or scrolling it sideways)
        left = W.VBox([self.title, self.status, self.picture_widget, self.extras],
                      layout=W.Layout(flex=f"1 1 {PICTURE_MIN}px", min_width="0", overflow="visible"))
        left.add_class("neko-main")
        log = W.VBox([W.HTML("<b>Everything that happened, and why</b>"), self.log.widget])
        return W.VBox([W.HBox([left, side], layout=W.Layout(flex_flow="row wrap", align_items="flex-start",
                                                              grid_gap="12px")), log],
                      layout=W.Layout(width="100%"))

    # ------------------------------------------------------------------ construction
    def _build(self) -> None:
        title = self.state.TITLE or self.state.GAME
        self.title = W.HTML(f"<h3 style='margin:2px 0'>{title}</h3>")
        self.status = W.HTML()
        self.picture_widget = ClickPicture(on_click=self.click, on_miss=self.missed, table=True)
        self.lesson_panel = LessonPanel(self.lesson, self.action_label)
        self.lesson_box = self.lesson_panel.widget
        self.prompt_box = W.HTML()
        # with several people at one screen: the next person says they are there before their view shows
        self.handover_button = W.Button(description="", icon="eye", button_style="primary",
                                        layout=W.Layout(width="auto", display="none"))
        self.handover_button.on_click(lambda _b: self.show_my_view())
        self.message = MessageArea()
        self.picker = ChoiceList(self._choose_index, label=self.choice_label)
        self.hint_button = W.Button(description="Hint", icon="lightbulb-o", layout=W.Layout(width="auto"),
                                    tooltip="What a strong player would do here, and why")
        self.hint_button.on_click(lambda _b: self.show_hint())
        if learn_module() is None or not hasattr(learn_module(), "hint"):
            self.hint_button.layout.display = "none"
        self.hint_box = W.HTML()
        self.hint_box.observe(self._hint_shown, names="value")
        self._hint_shown({"new": ""})
        self._hinted: tuple | None = None                 # the position the hint box speaks of
        self._hint_actions: list[Hashable] = []           # the hint's moves, best first (marked in the choices)
        self.moves = ClickPicture(on_click=self.click)
        self.why_box = W.HTML()
        self.log = EventLog(self.log_limit, self.names)
        self.scores = ScoreTable(self.names)
        self.controls = Controls(self.bot_move, self.play_bots, self.undo_turn, self._restart_pressed,
                                 on_pause=self._paused, lesson=self.lesson is not None)
        # beside the choices, in sight while deciding (on a laptop the side column's foot is below the screen)
        self.hint_row = W.HBox([self.hint_button, self.controls.undo_button, self.controls.restart_button],
                               layout=W.Layout(flex_flow="row wrap"))
        self._build_review_bar()
        self.extras = W.VBox(self.extra_widgets())
        self.widget = self.assemble()
        self.widget.add_class("neko-board")      # lets pages and browser tests find the board

    def static_view(self) -> dict[str, str]:
        """What a reader sees of the board where its widget cannot be drawn: in a notebook opened before
        its cells run (notebooks are saved without widget state, so the widget has no model there), on a
        page that renders saved outputs, or where widgets are not installed. The picture of the table as
        it was, and how to get the live board."""
        how = ("Run this cell to play on this board; until then this is a picture of the table. If the "
               "picture stays after running the cell, reload the browser tab.")
        picture = svg_as_images(self.picture_widget.value)
        return {"text/html": f"<div class='neko-board-static'><p><b>{how}</b></p>{picture}</div>",
                "text/plain": f"A board of {type(self.state).TITLE or type(self.state).GAME}. {how}"}

    def _ipython_display_(self) -> None:
        from IPython.display import display
        # the live widget, and beside it a static view for frontends without its model
        # (tools/static_boards.py keeps only the static view in the committed notebooks)
        display({**self.widget._repr_mimebundle_(), **self.static_view()}, raw=True)
        if not self._shown:
            # a game a bot opens starts when it is first shown, as the bots reply after any move ("bots
            # move by themselves" ticked and not paused): nobody has to press Bot move to begin. With bots
            # on every seat (a game to watch or analyse) the person steps through it, as after an undo
            self._shown = True
            if self._timer is None and self.humans:
                self.schedule_bots()

    # ------------------------------------------------------------------ who is looking
    @property
    def humans(self) -> list[int]:
        """Seats played by people (no bot), in seat order."""
        return [s for s in range(self.state.players) if s not in self.bots]

    @property
    def viewer(self) -> Any:
        """Whose view a game board shows. With one person at the board: the seat to move unless a bot
        plays it, then that person's seat (seat 0 when bots play every seat). With several people
        around one screen (a hot seat): the seat to move once its person has said they are at the
        screen (show_my_view; a person who has just moved and moves again needs not), else PUBLIC, the
        spectator's view: while the screen passes from one person to the next (handing_over), while
        bots move, and while a game in progress is reviewed; once the game is over, EVERYTHING (its
        seed is shown then: nothing is secret any more)."""
        seat = self.state.current_player
        humans = self.humans
        if len(humans) < 2:
            if seat is not None and seat not in self.bots:
                return seat
            return humans[0] if humans else (seat if seat is not None else 0)
        game = self.review[-1] if self.review else self.state
        if game.is_over():
            return EVERYTHING
        if self.review is None and seat in humans and seat == self._at_screen:
            return seat
        return PUBLIC

    def handing_over(self) -> int | None:
        """The seat whose person must come to the screen before the board shows their view: with
        several people at the board, a person's seat to move other than the one whose view was shown
        last (None otherwise). Until they press "show my view" the board shows the spectator's view."""
        s = self.state
        if (len(self.humans) < 2 or self.review is not None or s.is_over()
                or s.current_player not in self.humans or s.current_player == self._at_screen):
            return None
        return s.current_player

    def person(self, seat: int) -> str:
        """A seat as the people around the board call each other: its name, or "Player 2"."""
        if self.names is not None and 0 <= seat < len(self.names):
            return self.names[seat]
        return f"Player {seat + 1}"

    def show_my_view(self) -> bool:
        """The hand-over button: the person of the seat to move is at the screen; show their view."""
        seat = self.handing_over()
        if seat is None:
            return False
        self._at_screen = seat
        self.refresh()
        self.message.show(self.since_text())
        return True

    def seat_told(self) -> int | None:
        """The seat a refusal is told to: the viewer when it is a seat, else None (a spectator)."""
        viewer = self.viewer
        return viewer if isinstance(viewer, int) else None

    def decision(self) -> str | None:
        """The kind of the open decision (the top of the state's pending stack), None once over."""
        s = self.state
        if s.is_over() or not s.pending:
            return None
        return s.pending[-1].kind

    def decider_shown(self) -> bool:
        """May the board tell its reader which seat decides now, and what? Not while a seat decides out
        of the reader's sight (State.decision_seen): the status line, prompt, scores, picture and the
        answer to a click then name no seat and no decision, the same whichever seat it is and however
        long its decisions go on. With bots on every seat (the analyst's view), always."""
        return self.state.decision_seen(self.reader)          # type: ignore[attr-defined]

    def unseen_decider(self) -> str:
        """What the reader is told while another seat decides out of its sight ("The other players are
        choosing out of your sight"), capitalised to open a sentence."""
        text = out_of_sight(self.state, self.reader)          # type: ignore[attr-defined]
        return text[:1].upper() + text[1:]

    def my_turn(self) -> bool:
        """True when a person (not a bot) is to move, the board shows that person's view, and no
        game is under review."""
        s = self.state
        return (self.review is None and not s.is_over() and s.current_player == self.viewer
                and s.current_player not in self.bots)

    def bot_to_move(self) -> bool:
        """A bot is to move, or the lesson plays the learner's move for them (a step with nothing new)."""
        return self.review is None and not self.state.is_over() and (
            self.state.current_player in self.bots or self.lesson_auto() is not None)

    # ------------------------------------------------------------------ what the player does
    def is_target(self, name: object) -> bool:
        """Is `name` a click target of this board: any name its picture or its last moves draw now, as
        the game's render named it (Neptune's own row of the tracks is "player:me"), or, drawn now or
        not, a numbered name (`numbered`: a click that crossed a redraw gets the game's own answer)?"""
        if not isinstance(name, str) or not name:
            return False
        return (numbered(name) or name in self.picture_widget.targets(lit_only=False)
                or name in self.moves.targets(lit_only=False))

    def click(self, name: str) -> bool:
        """A click on a target of the picture (or of the last moves): "why:<k>" explains move k, the
        rest goes to the game board's on_target. Any name the picture draws now is a target, and so is
        a numbered one ("cell:3:-2"); any other name is refused in the message line."""
        if not self.is_target(name):
            self.message.show(f"{name!r} is not a target of this board now.", "error")
            return False
        if name.startswith("why:"):
            shown = int(name.split(":", 1)[1])     # the row's number in the viewer's list of moves
            return self.explain(self._why.get(shown, shown))
        if self.review is not None:
            self.message.show(self.reviewing_text(), "error")
            return False
        if self.bot_to_move():
            self._not_yours_now()
            return False
        return self.on_target(name)

    def _not_yours_now(self) -> None:
        """A click (on the picture or a choice) while a bot, or the lesson, is to move: say so, and make
        sure the move comes (the bots move by themselves unless they are paused or switched off)."""
        waits = self.controls.auto.value and not self.controls.paused
        if self.lesson_auto() is not None:
            text = ("The lesson makes this routine move for you: a moment." if waits else
                    "The lesson makes this routine move for you: press Bot move.")
        elif not self.decider_shown():
            text = f"{self.unseen_decider()}: wait for their moves, or press Bot move."
        else:
            text = (f"{seat_label(self.state.current_player, self.names)} is a bot: wait for its move, or "
                    f"press Bot move.")
        self.message.show(text, "error")
        if waits and self._timer is None:
            self.schedule_bots()

    def _choose_index(self, index: int) -> None:
        if self.review is None and self.bot_to_move():
            self._not_yours_now()
            return
        if self.review is not None or not self.my_turn():
            self.message.show("These choices are not yours to play now.", "error")
            return
        legal = self.state.legal_actions()
        if 0 <= index < len(legal):
            self.play(legal[index])

    def play(self, action: Hashable | None, by_bot: bool = False) -> bool:
        """Play `action` for the seat to move. Refused actions show why and change nothing. A person's
        move is first checked by the lesson (if any); afterwards the bots reply by themselves."""
        if action is None:
            self.message.show("Choose an action first.", "error")
            return False
        if self.review is not None:
            self.message.show(self.reviewing_text(), "error")
            return False
        if not by_bot:
            wrong = self.lesson_panel.check(action)
            if wrong is not None:
                self.message.show(wrong, "error")
                return False
        before = self.state.clone()
        try:
            self.state.apply(action)
        except IllegalAction:
            # told as this board's seat reads it: the choices of its own decision are its to know
            self.message.show(self.state.why_illegal(action, seat=self.seat_told()), "error")
            self.refresh(keep_message=True)
            return False
        self.history.append((before, action))
        if not by_bot:          # the person who moved is at the screen
            self._at_screen = before.current_player
        self.message.show(self.since_text())
        self.refresh(keep_message=True)
        if not by_bot:
            self.schedule_bots()
        return True

    # ------------------------------------------------------------------ hints (the "why?" box: widgets/telling.py)
    def show_hint(self) -> None:
        if self.state.is_over():
            self.hint_box.value = "<i>The game is over: no more moves to hint.</i>"
            return
        if not self.my_turn():
            self.hint_box.value = "<i>A hint is for your own move.</i>"
            return
        if self._hinted == self._position() and self._hint_actions:
            return          # this position's hint is shown already: the same answer, nothing redrawn
        found = find_hints(self.state)
        legal = self.state.legal_actions()

        def number(action: Hashable) -> int | None:       # its number in the choices, counted from 1
            return next((i for i, a in enumerate(legal, start=1) if same_action(a, action)), None)

        body = hints_html(self.state, self.choice_label, step=self.lesson_panel.step, found=found, number=number)
        # compact (hint 1 in full, the others on one line a click opens), scrolled past 320 px; its width is
        # the column's (contain), never widened by a long line
        self.hint_box.value = (f"<div class='neko-hint' style='max-height:320px;overflow-y:auto;font-size:13px;"
                               f"line-height:1.35;margin:2px 0 4px;padding:3px 6px;background:#eef4fb;"
                               f"border-radius:4px;contain:inline-size'>{body}</div>")
        self._hinted = self._position()
        self._hint_actions = [h.action for h in found] if isinstance(found, list) else []
        self._show_choices()

    def _hint_shown(self, change: dict) -> None:
        """An empty hint box takes no room between the buttons and the choices."""
        self.hint_box.layout.display = "" if change["new"] else "none"

    def _position(self) -> tuple:
        """What identifies the position shown (a hint is about this and nothing else)."""
        s = self.state
        return (id(s), s.steps, len(s.log), self.review is not None and self.at)

    # ------------------------------------------------------------------ display
    def _show_prompt(self) -> None:
        text = (f"{seat_label(self.state.current_player, self.names)}: the lesson plays this routine move "
                f"for you." if self.lesson_auto() is not None else self.prompt_text())
        self.prompt_box.value = (f"<div class='neko-prompt' style='font-size:14px;line-height:1.35;margin:4px 0'>"
                                 f"{text}</div>")

    def _show_choices(self) -> None:
        s = self.state
        reviewing = self.review is not None
        # in games with hidden information a bot's options would show its hand: keep them out of view
        bot = not reviewing and s.current_player in self.bots
        # nor, while the screen passes to the next person, that person's choices
        self.picker.update(s, hidden=(s.HIDDEN_INFORMATION and bot) or reviewing or s.is_over()
                           or self.handing_over() is not None,
                           enabled=self.my_turn(), expected=self.lesson_panel.answers, hinted=self._hint_actions,
                           heading="Your choices" if self.my_turn() else "Choices of the seat to act")

    def refresh(self, keep_message: bool = False) -> None:
        if not keep_message:
            self.message.clear()
        s = self.state
        reviewing = self.review is not None
        # the lesson's welcome stays until the learner's first move (bots may open the game)
        self.lesson_panel.update(s, self.my_turn(), any(b.current_player not in self.bots for b, _a in self.history))
        head = status_text(s, self.names, self.bots, self.reader)
        handing = self.handing_over()
        if handing is not None:
            head = f"{seat_label(handing, self.names)} to act · waiting for {self.person(handing)} at the screen"
        self.handover_button.description = f"{self.person(handing)} — show my view" if handing is not None else ""
        self.handover_button.layout.display = "" if handing is not None else "none"
        if self._hinted != self._position():
            self.hint_box.value = ""       # a hint speaks of one position: a move or undo empties it
            self._hinted = None
            self._hint_actions = []
        if reviewing:
            k, n = self.review_place()
            head = f"Review · position {k + 1} of {n} · " + head
        self.status.value = f"<b style='font-size:14px'>{head}</b>"
        self.picture_widget.value = self.marked_picture()
        self._show_prompt()             # after the picture: the prompt says whether it has places to click
        self._show_choices()
        # people at the table see only what their seat may see; with bots on every seat, everything
        self.scores.update(s, self.reader)
        self.log.update(s, self.reader)
        self.moves.value = moves_html(self._move_rows())
        self.controls.update(s, can_undo=bool(self.undo_steps() or self.undo_refusal()) and not reviewing, bot_to_move=self.bot_to_move(),
                             show_seed=self.shows_seed())
        self.hint_button.disabled = not self.my_turn()
        self.review_steps.layout.display = "" if reviewing else "none"
        self.play_on_button.layout.display = "" if reviewing else "none"
        self.back_button.layout.display = "" if self.can_go_back() else "none"
        self.review_button.disabled = reviewing or not self.history
        if reviewing:       # counted as the reader tells positions apart (Reviewing.review_stops)
            k, n = self.review_place()
            self.review_label.value = f"<span style='font-size:13px'>position {k + 1} of {n}</span>"
            for b, off in zip(self.review_buttons, (k == 0, k == 0, k == n - 1, k == n - 1)):
                b.disabled = off
        self.refresh_extra()

    def __repr__(self) -> str:
        bots = ", ".join(f"Player {seat + 1}" for seat in sorted(self.bots)) or "none"
        return f"<Board {self.state!r}, bots: {bots}>"       # players count from 1, as the table does
