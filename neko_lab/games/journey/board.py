"""The Journey board: play A Pleasant Journey to Neko in a notebook by clicking.

    from neko_lab.games.journey.board import Board
    b = Board(nl.new_game("journey", players=3, seed=1), agents={1: "random", 2: JourneyAgent})
    b

Built on the generic board (legal-action list for everything, bot buttons, undo/restart, scores, the
log with the rule behind every event). The picture (render.svg) shows the bidding area with every bid,
the discard area, the scoring tiles and each player's board with its lanes, hubs, dice and ships; the
places where the seat to act may click are outlined in green.

Click targets under the picture, for the seat to act:

* **dice** — what a die does depends on the question: draft it, discard it for income, add it to the
  card you are bidding on, or (otherwise) discard it for a fish;
* **bidding cards** — start bidding on that card ("Journey › Action Phase › Bid a Card");
* **hubs** — place the matching die on the hub ("Journey › Action Phase › Activate a Hub ..."), or a
  Church die after a lost bid;
* **slots** — where a won or bought card goes (the gap cost is on the button);
* **ships** — move a ship one step for 2 fuel;
* **end turn**.

Anything else (free actions, rewards, market, ...) is in the action list. A click the rules refuse is
explained in the message line and leaves the game unchanged.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

import ipywidgets as W

from neko_lab.widgets.board import Board as GenericBoard

from .graph import LANE_SHIFT, SLOTS, hub_yield, pos_label
from .render import svg
from .rules import Act, GameState

ITEM_SHORT = {"fuel": "fuel", "coins": "coins", "good": "good", "fish": "fish"}


def _legal_of(state: GameState, kind: str) -> list:
    return [a for a in state.legal_actions() if getattr(a, "kind", "") == kind]


class Board(GenericBoard):
    """Journey in a notebook: dice, bidding cards, hubs, slots and ships as buttons; bots on buttons."""

    def __init__(self, state: GameState, agents: Mapping[int, Any] | Sequence[Any] | None = None,
                 names: Sequence[str] | None = None, seed: int | None = None):
        if not isinstance(state, GameState):
            raise TypeError(f"the Journey board needs a Journey game, not {type(state).__name__}")
        super().__init__(state, agents=agents, names=names, seed=seed)

    # ------------------------------------------------------------------ what may be clicked now
    def lit(self) -> tuple[list, list, list]:
        """(slots, hubs, spaces) the seat to act may click now, for the green outlines."""
        if not self.my_turn():
            return [], [], []
        acts = self.state.legal_actions()
        slots = [(a.a, a.b) for a in acts if a.kind == "place"]
        hubs = [(a.a, a.b) for a in acts if a.kind in ("hub", "church")]
        spaces = [a.a for a in acts if a.kind in ("bid", "park_bid")]
        return slots, hubs, sorted(set(spaces))

    # ------------------------------------------------------------------ hooks
    def picture(self) -> str:
        slots, hubs, spaces = self.lit()
        return svg(self.state, self.viewer, slots, hubs, spaces)

    def extra_widgets(self) -> list[W.Widget]:
        self.prompt = W.HTML()
        self.dice_box = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.space_box = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.hub_box = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.slot_box = W.VBox()
        self.ship_box = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.end_button = W.Button(description="end turn", icon="check", tooltip="close your turn "
                                   "(a main action is needed first)")
        self.end_button.on_click(lambda _b: self.click_end())
        self.die_buttons: list[W.Button] = []
        self.space_buttons: list[W.Button] = []
        self.hub_buttons: dict[tuple[int, int], W.Button] = {}
        self.slot_buttons: dict[tuple[int, int], W.Button] = {}
        self.ship_buttons: dict[tuple[int, int], W.Button] = {}
        label = lambda t: W.HTML(f"<small><b>{t}</b></small>", layout=W.Layout(width="80px"))  # noqa: E731
        return [self.prompt,
                W.HBox([label("dice"), self.dice_box]),
                W.HBox([label("bid on"), self.space_box]),
                W.HBox([label("hubs"), self.hub_box]),
                W.HBox([label("ships"), self.ship_box, self.end_button]),
                W.HBox([label("slots"), self.slot_box])]

    def refresh_extra(self) -> None:
        s = self.state
        seat = self.viewer
        mine = self.my_turn()
        kind = self.decision()
        b = s.boards[seat]
        legal = s.legal_actions() if mine else []
        kinds = {getattr(a, "kind", "") for a in legal}
        # dice: the draft pool while drafting, otherwise the dice in hand
        values = sorted(s.pools[seat]) if kind == "draft" and s.pending[-1].seat == seat else sorted(b.dice)
        die_kind = self.die_action_kind()
        self.die_buttons = []
        for v in values:
            btn = W.Button(description=str(v), layout=W.Layout(width="42px"),
                           tooltip=f"{die_kind or 'nothing to do with'} a {v}")
            btn.add_class("neko-die")
            btn.on_click(lambda _b, v=v: self.click_die(v))
            btn.disabled = not mine or die_kind is None
            btn.button_style = "info" if mine and die_kind and self._die_action(v) in legal else ""
            self.die_buttons.append(btn)
        self.dice_box.children = self.die_buttons
        # bidding cards
        self.space_buttons = []
        for i, cid in enumerate(s.spaces):
            text = s.card(cid).name if cid else "empty"
            btn = W.Button(description=f"{i + 1}: {text}", layout=W.Layout(width="170px"),
                           tooltip=str(s.card(cid)) if cid else "empty space")
            btn.on_click(lambda _b, i=i: self.click_space(i))
            btn.disabled = not mine or not cid
            btn.button_style = "success" if Act("bid", i) in legal else ""
            self.space_buttons.append(btn)
        self.space_box.children = self.space_buttons
        # hubs of the viewer's lanes
        self.hub_buttons = {}
        for lane in range(b.harbours):
            for h in s.lane_hubs(seat, lane):
                btn = W.Button(description=f"L{lane + 1} {h.multiplier}×{ITEM_SHORT[h.item]}",
                               layout=W.Layout(width="120px"),
                               tooltip=f"{pos_label(lane, h.pos)}: a {h.multiplier} gives "
                                       f"{hub_yield(h.multiplier, h.item)} {h.item}"
                                       + (f" (a {h.die} is on it)" if h.die else ""))
                btn.on_click(lambda _b, l=lane, p=h.pos: self.click_hub(l, p))
                btn.disabled = not mine
                btn.button_style = "success" if (Act("hub", lane, h.pos) in legal or
                                                 Act("church", lane, h.pos) in legal) else ""
                self.hub_buttons[(lane, h.pos)] = btn
        self.hub_box.children = list(self.hub_buttons.values()) or [W.HTML("<small>no complete hub yet</small>")]
        # ships
        self.ship_buttons = {}
        for key in sorted(set(b.ships)):
            lane, pos = divmod(key, LANE_SHIFT)
            btn = W.Button(description=f"move ship {pos_label(lane, pos)}", layout=W.Layout(width="150px"),
                           tooltip="spend 2 fuel: one step to the next hub")
            btn.on_click(lambda _b, l=lane, p=pos: self.click_ship(l, p))
            btn.disabled = not mine
            btn.button_style = "success" if Act("move", lane, pos) in legal else ""
            self.ship_buttons[(lane, pos)] = btn
        self.ship_box.children = list(self.ship_buttons.values())
        self.end_button.disabled = not mine or kind != "turn"
        self.end_button.button_style = "success" if "end" in kinds else ""
        # slots of the viewer's lanes
        self.slot_buttons = {}
        rows = []
        for lane in range(b.harbours):
            cards = s.lane_cards(seat, lane)
            row = []
            for slot in range(SLOTS):
                cid = cards[slot]
                if cid:
                    desc = s.card(cid).name
                else:
                    gap = s.gap_cost(seat, lane, slot) if hasattr(s, "gap_cost") else 0
                    desc = f"slot {slot + 1}" + (f" (+{gap})" if gap else "")
                btn = W.Button(description=desc, layout=W.Layout(width="150px"),
                               tooltip=f"lane {lane + 1}, slot {slot + 1}")
                btn.on_click(lambda _b, l=lane, sl=slot: self.click_slot(l, sl))
                btn.disabled = not mine or bool(cid)
                btn.button_style = "success" if Act("place", lane, slot) in legal else ""
                self.slot_buttons[(lane, slot)] = btn
                row.append(btn)
            rows.append(W.HBox([W.HTML(f"<small>lane {lane + 1}</small>", layout=W.Layout(width="50px"))] + row))
        self.slot_box.children = rows
        self.prompt.value = f"<div class='neko-prompt'>{self.prompt_text()}</div>"

    def prompt_text(self) -> str:
        s = self.state
        if s.is_over():
            return "The game is over: see the scores."
        if not self.my_turn():
            return (f"P{s.current_player} (a bot) is to act: press <b>Bot move</b> or "
                    "<b>Play bots until my turn</b>.")
        seat = self.viewer
        kind = self.decision()
        text = {
            "draft": "Draft: click the die you keep from the pool in front of you.",
            "income": "Obtain Income: click the die you discard for coins.",
            "win": "You won the card: click a green slot to place it (or decline in the action list).",
            "place": "Click a green slot for the card you bought.",
            "church": "Church: click a green hub for your losing die, or take fish in the action list.",
        }.get(kind or "", "")
        if kind == "turn":
            main = getattr(s, "main", 0)
            if main == 2:
                text = "You are bidding: click dice to add them to the card, then end the turn."
            elif main:
                text = "Main action done: take free actions from the list, or end the turn."
            else:
                text = ("Your turn: click a card to bid on it, a hub to activate it with its die, or a die to "
                        "discard it for a fish. Free actions are in the action list.")
        return f"P{seat}: " + (text or "choose in the action list.")

    # ------------------------------------------------------------------ clicks
    def die_action_kind(self) -> str | None:
        """What clicking a die does now: "draft", "income", "bid_die", "fish", or None."""
        kind = self.decision()
        if kind in ("draft", "income"):
            return kind
        if kind == "turn":
            return "bid_die" if getattr(self.state, "main", 0) == 2 else "fish"
        return None

    def _die_action(self, value: int) -> Act | None:
        k = self.die_action_kind()
        return Act(k, value) if k else None

    def click_die(self, value: int) -> bool:
        """Use a die of this value for the question at hand (draft, income, bid, fish)."""
        action = self._die_action(value)
        if action is None:
            self.message.show("Dice are not what this decision is about: use the action list.", "error")
            return False
        return self.play(action)

    def click_space(self, space: int) -> bool:
        """Start bidding on the card in bidding space `space` (0-based)."""
        if self.decision() != "turn":
            self.message.show("Bids are placed in the Action Phase, on your turn.", "error")
            return False
        return self.play(Act("bid", space))

    def click_hub(self, lane: int, pos: int) -> bool:
        """Activate a hub with the die of its multiplier (or put a Church die on it)."""
        if self.decision() == "church":
            return self.play(Act("church", lane, pos))
        if self.decision() != "turn":
            self.message.show("Hubs are activated in the Action Phase, on your turn.", "error")
            return False
        return self.play(Act("hub", lane, pos))

    def click_slot(self, lane: int, slot: int) -> bool:
        """Place the card you won or bought in this slot."""
        if self.decision() not in ("win", "place"):
            self.message.show("Cards are placed when you win or buy one.", "error")
            return False
        return self.play(Act("place", lane, slot))

    def click_ship(self, lane: int, pos: int) -> bool:
        """Move the ship standing at `pos` of `lane` one step (2 fuel)."""
        return self.play(Act("move", lane, pos))

    def click_end(self) -> bool:
        return self.play(Act("end"))


__all__ = ["Board"]
