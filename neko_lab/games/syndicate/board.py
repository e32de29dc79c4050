"""The Neko Syndicate board, a thin layer on the generic board (neko_lab.widgets.board).

    from neko_lab.games.syndicate.board import Board
    b = Board(nl.new_game("syndicate", players=2, seed=1), agents={1: "syndicate"})
    b

The picture (render.html) shows Kumichō's path and every pyramid, with the walk so far in bold and the
boxes or places the current decision may take outlined in orange. Under it: what is being decided and
how many uses of the box are left; one button per box the walk may take next; a cube mover (from,
colour, to) for the Delivery lady and the Subway operator, whose refusals say which rule forbids the
move; and, once the game is over, a slider to review it position by position. The generic board adds
the list of legal actions, bots, undo/restart, the scores and the log with the rule of every event.
"""
from __future__ import annotations

from typing import Hashable

import ipywidgets as W

from neko_lab.widgets.board import Board as GenericBoard

from .data import COLOURS, DELIVERY, LEVEL_OF, NEIGHBOURHOODS, SUBWAY, neighbourhood_name
from .render import html
from .rules import GameState
from .rules.command_phase import Box
from .rules.minions_cards import Carry

MOVERS = (DELIVERY, SUBWAY)


def prompt(state: GameState) -> str:
    """One sentence on the open decision, counting from 1."""
    if state.is_over():
        return "The game is over: review it with the slider."
    top = state.pending[-1]
    who = f"Player {top.seat + 1}"
    if top.kind == "opening":
        return f"{who}: keep one opening minion below the Accountant and one in the Waiting Room."
    if top.kind == "walk":
        return (f"{who}, turn {state.turn}: choose the first box of the walk" if top.data == 0 else
                f"{who}, turn {state.turn}: walk on to a box of place {top.data + 1}")
    if isinstance(top.data, tuple) and len(top.data) == 3:
        p, side, left = top.data
        return (f"{who}: {state.card_at(top.seat, p).box_text(side)} at place {p + 1} — "
                f"{left} of {LEVEL_OF[p]} uses left")
    names = {"discard": "discard from the Waiting Room", "coo": "place a waiting minion",
             "deliver": "deliver the cube that just arrived, or keep it loose",
             "deliveries": "deliveries still possible before the walk ends"}
    return f"{who}: {names.get(top.kind, top.kind)}"


class Board(GenericBoard):
    """Play Neko Syndicate in a notebook (see the module docstring)."""

    def picture(self) -> str:
        if self.state.is_over() and self.history and self.review.value < len(self.history):
            return html(self.history[self.review.value][0])
        return html(self.state)

    def extra_widgets(self) -> list[W.Widget]:
        self.prompt = W.HTML()
        self.walk_buttons = W.HBox([])
        options = [(neighbourhood_name(n), n) for n in range(NEIGHBOURHOODS)]
        self.frm = W.Dropdown(options=options, description="from", layout=W.Layout(width="180px"))
        self.colour = W.Dropdown(options=[(c, i) for i, c in enumerate(COLOURS)], description="cube",
                                 layout=W.Layout(width="180px"))
        self.to = W.Dropdown(options=options, description="to", layout=W.Layout(width="180px"))
        self.move = W.Button(description="move the cube")
        self.move.on_click(lambda _b: self.try_move(self.frm.value, self.to.value, self.colour.value))
        self.mover = W.HBox([self.frm, self.colour, self.to, self.move])
        self.review = W.IntSlider(min=0, max=0, description="review", disabled=True)
        self.review.observe(lambda _c: self._show_review(), names="value")
        return [self.prompt, self.walk_buttons, self.mover, self.review]

    def try_move(self, frm: int, to: int, colour: int) -> bool:
        """Move a loose cube with the Delivery lady or Subway operator now being used; a refused move
        leaves the game as it was and the message says why."""
        return self.play(Carry(frm, to, colour, self.decision() == SUBWAY))

    def walk_to(self, place: int, side: int) -> bool:
        """Click on a box (place and side count from 0 here, as in the engine)."""
        for a in self.state.legal_actions():
            if isinstance(a, Box) and (a.place, a.side) == (place, side):
                return self.play(a)
        return self.play(Box(place, side, "", LEVEL_OF[place]))

    def refresh_extra(self) -> None:
        s = self.state
        self.prompt.value = f"<b>{prompt(s)}</b>"
        buttons = []
        if self.decision() == "walk" and self.my_turn():
            for a in s.legal_actions():
                b = W.Button(description=str(a), layout=W.Layout(width="auto"))
                b.on_click(lambda _b, a=a: self.play(a))
                buttons.append(b)
        self.walk_buttons.children = buttons
        self.mover.layout.display = "" if self.decision() in MOVERS and self.my_turn() else "none"
        over = s.is_over()
        self.review.disabled = not over
        self.review.max = len(self.history)
        if not over:
            self.review.value = len(self.history)

    def _show_review(self) -> None:
        self.picture_widget.value = self.picture()

    def action_label(self, action: Hashable) -> str:
        return str(action)

