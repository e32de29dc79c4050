"""The Destination: Neptune board, on the generic board (neko_lab.widgets.board).

    from neko_lab.games.neptune.board import Board
    b = Board(nl.new_game("neptune", players=3, seed=1), agents={1: "neptune", 2: "greedy"})
    b

The picture is the table as the seat to act sees it, with the locations it may build at or send a
mission to framed in green. Under it, one button per framed location: clicking it lists the choices
there (which team, which building) as buttons, and clicking one plays it. Everything else — the full
list of legal actions, bots, undo, restart, scores, the log with the rule behind each line — comes
from the generic board; an illegal action is refused with the engine's reason.
"""
from __future__ import annotations

from typing import Any, Hashable, Mapping, Sequence

import ipywidgets as W

from neko_lab.widgets.board import Board as GenericBoard

from .render import html, targets
from .rules import GameState


# what each pending decision asks, in the words shown above the clickable locations
ASKS = {
    "sell": "may sell one hand card to the Opportunity Track",
    "play": "plays a card from hand or from the Opportunity Track",
    "investors": "may give up fame for credits (Attract Investors)",
    "build": "may move one team and build once in this round (Build)",
    "broker": "may buy fuel from the broker (Fuel Broker)",
    "launch": "may launch Research Missions",
    "mission_access": "may buy access to Research Missions",
    "technology": "takes control of or free access to a technology",
    "scoring_order": "names who buys victory points next (Scoring)",
    "buy_vp": "may buy victory points once (Scoring)",
}


class Board(GenericBoard):
    def __init__(self, state: GameState, agents: Mapping[int, Any] | Sequence[Any] | None = None,
                 names: Sequence[str] | None = None, seed: int | None = None):
        if not isinstance(state, GameState):
            raise TypeError(f"the Destination: Neptune board needs a Neptune game, not {type(state).__name__}")
        self.selected: int | None = None
        super().__init__(state, agents=agents, names=names, seed=seed)

    def targets(self) -> list[int]:
        return [] if self.state.is_over() else targets(self.state.legal_actions())

    def picture(self) -> str:
        return html(self.state, self.viewer, self.targets())

    def extra_widgets(self) -> list[W.Widget]:
        self.prompt = W.HTML()
        self.location_row = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.choice_row = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        return [self.prompt, self.location_row, self.choice_row]

    def refresh_extra(self) -> None:
        s = self.state
        where = self.targets()
        if self.selected not in where:
            self.selected = None
        names = s.data.locations
        ask = ""
        if not s.is_over():
            top = s.pending[-1]
            ask = (f"Player {top.seat + 1} {ASKS.get(top.kind, top.kind)}"
                   f" (turn of player {s.active + 1}). ")
        self.prompt.value = ask + ("<b>Click a framed location to see what you can do there.</b>"
                                   if where else "")
        buttons = []
        for loc in where:
            b = W.Button(description=names[loc].name, layout=W.Layout(width="auto"),
                         button_style="success" if loc == self.selected else "")
            b.on_click(lambda _b, loc=loc: self.select(loc))
            buttons.append(b)
        self.location_row.children = buttons
        choices = []
        if self.selected is not None:
            for a in self.choices_at(self.selected):
                b = W.Button(description=str(a), layout=W.Layout(width="auto"))
                b.on_click(lambda _b, a=a: self.play(a))
                choices.append(b)
        self.choice_row.children = choices

    def choices_at(self, loc: int) -> list[Hashable]:
        return [a for a in self.state.legal_actions() if loc in targets([a])]

    def select(self, loc: int) -> None:
        self.selected = loc
        self.refresh_extra()
