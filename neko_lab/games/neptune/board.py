"""The Destination: Neptune board, on the generic board (neko_lab.widgets.board).

    from neko_lab.games.neptune.board import Board
    b = Board(nl.new_game("neptune", players=3, seed=1), agents={1: "neptune", 2: "greedy"})
    b

The picture is the thing you click. At its top, the decisions panel says who decides what now and who
is still to come on the card being played (the build rounds, the fuel broker, investors, mission
access, victory-point purchases) and what you have (credits, fuel, fame, VP, speed: in sight while you
decide to pay or sell), with "buy 1 fuel" and "pass" buttons when they are legal. While you
are to act, every place with a legal choice is framed in green and its hover text says what a click
does: a location (build, move, launch or buy mission access), a hand card (sell or play it), a place of
the Opportunity Track, a technology (take it, or buy access), a player's row of the tracks (name who
buys next; your own row for investors, the broker and victory points). A place with one choice plays
it; a place with several lists them as buttons under the picture. A click the rules refuse is
explained in the message line and changes nothing. Bots, undo, why?, hints, the log with its rules
and the review of a finished game come from the generic board.
"""
from __future__ import annotations

from typing import Any, Hashable, Mapping, Sequence

import ipywidgets as W

from neko_lab.widgets.board import Board as GenericBoard

from .refusals import why_not_here
from .render import ASKS, groups, html
from .rules import GameState

ASKS = ASKS          # re-exported: what each decision asks, in words


class Board(GenericBoard):
    """Destination: Neptune in a notebook: click a green place on the picture; bots reply."""

    GAME_STATE = GameState

    def __init__(self, state: GameState, agents: Mapping[int, Any] | Sequence[Any] | None = None,
                 names: Sequence[str] | None = None, seed: int | None = None, lesson: Any = None):
        self.check_game(state)
        self.selected: str | None = None
        super().__init__(state, agents=agents, names=names, seed=seed, lesson=lesson)

    # ------------------------------------------------------------------ hooks
    def lit_moves(self) -> dict[str, list]:
        """Target name -> the legal actions a click there stands for (none when it is not your move)."""
        return groups(self.state.legal_actions()) if self.my_turn() else {}

    def targets(self) -> list[int]:
        """The locations framed in green (the legal targets on the map)."""
        return [int(n[4:]) for n in self.lit_moves() if n.startswith("loc:")]

    def picture(self) -> str:
        return html(self.state, self.viewer, self.lit_moves())

    def prompt_text(self) -> str:
        if not self.my_turn():
            return super().prompt_text()
        top = self.state.pending[-1]
        return (f"Player {top.seat + 1} {ASKS.get(top.kind, top.kind)}: click a green place on the "
                f"picture (hover it to see what a click does), or one of your choices.")

    def target_action(self, name: str) -> Hashable | None:
        acts = self.lit_moves().get(name, [])
        return acts[0] if len(acts) == 1 else super().target_action(name)

    def expected_targets(self, action: Hashable, markup: str) -> list[str]:
        """Every place whose choices include the lesson's move (a place may stand for several)."""
        from neko_lab.widgets.lesson import same_action
        return [n for n, acts in self.lit_moves().items() if any(same_action(a, action) for a in acts)]

    def on_target(self, name: str) -> bool:
        acts = self.lit_moves().get(name)
        if not acts:
            self.message.show(self.refusal(name), "error")
            return False
        if len(acts) == 1:
            self.selected = None
            return self.play(acts[0])
        self.selected = name
        self.refresh_extra()
        return False

    def refusal(self, name: str) -> str:
        """Why a click on `name` does nothing now: the rules' reason there (refusals.py), with the
        decision open."""
        s = self.state
        if s.is_over():
            return "The game is over: nothing more can be played."
        top = s.pending[-1]
        reason = why_not_here(s, self.viewer, name) or "no choice of it is there (the green places are the legal ones)"
        return f"Not possible there: {reason}. Player {top.seat + 1} {ASKS.get(top.kind, top.kind)}."

    def why_not_target(self, name: str) -> str:
        """A location, technology, hand card, track place or player's row that is not lit: the first
        rule that fails there for the open decision, with this position's numbers and its section."""
        return why_not_here(self.state, self.viewer, name) or super().why_not_target(name)

    # ------------------------------------------------------------------ the choices of a place
    def extra_widgets(self) -> list[W.Widget]:
        self.choice_head = W.HTML()
        self.choice_row = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        return [self.choice_head, self.choice_row]

    def refresh_extra(self) -> None:
        moves = self.lit_moves()
        acts = moves.get(self.selected or "", [])
        if not acts:
            self.selected = None
        self.choice_head.value = (f"<span style='font-size:13px'><b>{len(acts)} choices there</b> — "
                                  f"click one:</span>") if acts else ""
        buttons = []
        for a in acts:
            b = W.Button(description=str(a), tooltip=f"click: {a}", layout=W.Layout(width="auto"))
            b.on_click(lambda _b, a=a: self.choose_here(a))
            buttons.append(b)
        self.choice_row.children = buttons

    def choices_at(self, name: str) -> list[Hashable]:
        """The legal actions a click on the target `name` stands for."""
        return self.lit_moves().get(name, [])

    def choose_here(self, action: Hashable) -> None:
        self.selected = None
        self.play(action)
