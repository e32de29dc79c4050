"""The Journey board: play A Pleasant Journey to Neko in a notebook by clicking the picture.

    from neko_lab.games.journey.board import Board
    b = Board(nl.new_game("journey", players=3, seed=1), agents={1: "random", 2: JourneyAgent})
    b

Built on the generic board (beside the picture: the prompt, the choices saying what each gives, the
last moves with "why?", bot speed and pause, scores; the whole log under it). The picture
(render.areas_html) shows the shared table (the scoring tiles, the bidding area with every bid, the
discard area) and each player's board with its lanes, hubs, dice and ships as separate areas, side by
side when the column is wide and one under the other when it is narrow. Where the seat to act may click, the picture is
lit in green and hovering says what a click does:

* **dice** — draft it, discard it for income, add it to the card you are bidding on, or (otherwise)
  discard it for a fish;
* **bidding cards** — start bidding on that card ("Journey › Action Phase › Bid a Card");
* **hubs** — place the matching die on the hub, or a Church die after a lost bid;
* **slots** — where a won or bought card goes (the gap cost is written in the slot);
* **ships** — move a ship one step for 2 fuel;
* **end turn** — the button on your board.

Everything else (free actions, rewards, market, ...) is in the choices. A click the rules refuse is
explained in the message line and leaves the game unchanged.
"""
from __future__ import annotations

from typing import Any, Hashable, Mapping, Sequence

from neko_lab.core.errors import counted
from neko_lab.widgets.board import Board as GenericBoard

from .graph import SLOTS
from .render import areas_html
from .rules import Act, GameState
from .rules.facts import card_named
from .scoring import card_price

SPACE_KINDS = ("bid", "park_bid")
HUB_KINDS = ("hub", "church")


def target_name(action: Hashable, die_kind: str | None) -> str | None:
    """The picture target an action is clicked on, or None (it is chosen in the list)."""
    kind = getattr(action, "kind", "")
    if kind in SPACE_KINDS:
        return f"space:{action.a}"
    if kind in HUB_KINDS:
        return f"hub:{action.a}:{action.b}"
    if kind == "place":
        return f"slot:{action.a}:{action.b}"
    if kind == "move":
        return f"ship:{action.a}:{action.b}"
    if kind == "end":
        return "end"
    if kind and kind == die_kind:
        return f"die:{action.a}"
    return None


class Board(GenericBoard):
    """Journey in a notebook: click dice, bidding cards, hubs, slots, ships and "end turn" on the picture."""

    GAME_STATE = GameState

    def __init__(self, state: GameState, agents: Mapping[int, Any] | Sequence[Any] | None = None,
                 names: Sequence[str] | None = None, seed: int | None = None, lesson: Any = None):
        self.check_game(state)
        super().__init__(state, agents=agents, names=names, seed=seed, lesson=lesson)

    # ------------------------------------------------------------------ what may be clicked now
    def clicks(self) -> dict[str, Hashable]:
        """Picture target -> the legal action a click on it plays, for the seat to act (empty when it
        is not a person's turn)."""
        if not self.my_turn():
            return {}
        die_kind = self.die_action_kind()
        out: dict[str, Hashable] = {}
        for a in self.state.legal_actions():
            name = target_name(a, die_kind)
            if name is not None and name not in out:
                out[name] = a
        return out

    # ------------------------------------------------------------------ hooks
    def picture(self) -> str:
        clicks = self.clicks()
        return areas_html(self.state, self.viewer, {k: self.choice_label(a) for k, a in clicks.items()})

    def target_action(self, name: str) -> Hashable | None:
        found = self.clicks().get(name)
        return found if found is not None else super().target_action(name)

    def on_target(self, name: str) -> bool:
        kind, _, rest = name.partition(":")
        args = [int(x) for x in rest.split(":")] if rest else []
        if kind == "die":
            return self.click_die(args[0])
        if kind == "space":
            return self.click_space(args[0])
        if kind == "hub":
            return self.click_hub(*args)
        if kind == "slot":
            return self.click_slot(*args)
        if kind == "ship":
            return self.click_ship(*args)
        if kind == "end":
            return self.click_end()
        return super().on_target(name)

    def action_label(self, action: Hashable, state: GameState | None = None) -> str:
        """A move as the board words it, chosen in `state` (default: the live position; a past move is
        worded from the position it was played in): the card it buys or places by its name."""
        s = self.state if state is None else state
        kind = getattr(action, "kind", "")
        top = s.pending[-1].kind if s.pending and not s.is_over() else None
        if kind == "pick" and top == "pick":
            return card_named(s, action)
        placing = self.card_to_place(s) if kind == "place" else None
        if placing:
            return f"place {placing[0].name} in lane {action.a + 1}, slot {action.b + 1}"
        return str(action)

    def choice_label(self, action: Hashable) -> str:
        """A choice says what it gives: a reward names its goods, a purchase its card."""
        s = self.state
        kind = getattr(action, "kind", "")
        if kind in ("reward", "lottery"):
            return str(action)          # it names the reward already (facts.reward_text)
        if kind == "place":
            placing = self.card_to_place()
            if placing:
                card, price = placing
                gap = s.gap_cost(s.current_player, action.a, action.b)
                return (f"place {card.name} in lane {action.a + 1}, slot {action.b + 1} "
                        f"(pay {counted(price + gap, 'coin')}" + (f": {price} + {gap} for the empty slots before it)"
                                                       if gap else ")"))
        if kind == "decline" and self.card_to_place():
            return f"decline {self.card_to_place()[0].name} (nobody may buy it then)"
        cid = action.a if kind in ("pick", "new_bid") else (
            s.spaces[action.a] if kind in SPACE_KINDS and 0 <= action.a < len(s.spaces) else 0)
        if cid:
            card = s.card(cid)
            if kind == "pick" and self.decision() == "pick":
                return f"{card_named(s, action)} (cost {card.cost}, {card.points} PP)"
            return f"{action}: {card.name} (cost {card.cost}, {card.points} PP)"
        return str(action)

    def card_to_place(self, state: GameState | None = None) -> tuple[Any, int] | None:
        """The card the seat to act in `state` (default: the live position) has won or bought and now
        places, with its price before the gap cost (a card won in a bid is public once won; a card bought
        is shown to everyone as it is placed)."""
        s = self.state if state is None else state
        if s.is_over() or not s.pending:
            return None
        top = s.pending[-1]
        if top.kind == "win":
            cid = s.spaces[top.data]
            return s.card(cid), card_price(s.card(cid).cost, s.boards[top.seat].types.get("blue_bar", 0))
        if top.kind == "place":
            return s.card(top.data[0]), top.data[1]
        return None

    def prompt_text(self) -> str:
        s = self.state
        if s.is_over() or self.review is not None or not self.my_turn():
            return super().prompt_text()
        seat = self.viewer
        kind = self.decision()
        text = {
            "draft": "Draft: click the die you keep in the draft pool on your board.",
            "income": "Obtain Income: click the die you discard for coins.",
            "win": "You won {card}: click a green slot to place it (or decline in the choices).",
            "place": "Click a green slot for the card you bought, {card}.",
            "church": "Church: click a green hub for your losing die, or take fish in the choices.",
            "bonus": "Before round 1: take one starting bonus tile from your choices (what each gives is "
                     "written beside it).",
        }.get(kind or "", "")
        if kind == "turn":
            main = getattr(s, "main", 0)
            if main == 2:
                text = "You are bidding: click dice to add them to the card, then “end turn”."
            elif main:
                text = "Main action done: take free actions from the choices, or click “end turn”."
            else:
                text = ("Your turn: click a green card to bid on it, a green hub to activate it with its die, or "
                        "a die to discard it for a fish. Free actions are in the choices.")
        placing = self.card_to_place()
        if placing and kind == "win" and not any(getattr(a, "kind", "") == "place" for a in s.legal_actions()):
            return f"P{seat + 1}: " + self.cannot_pay_text(*placing)
        if placing and "{card}" in text:
            card, price = placing
            text = text.format(card=f"{card.name} (cost {card.cost}, {card.points} PP: you pay {counted(price, 'coin')}, plus "
                                    f"the gap cost a slot shows)")
        return f"P{seat + 1}: " + (text or "choose below.")

    def cannot_pay_text(self, card: Any, price: int) -> str:
        """The prompt for a card won that no slot can take (no green slot, only "decline" in the choices):
        why, with the numbers: the cheapest empty slot of an open lane and the seat's coins, or that its
        open lanes have no empty slot."""
        s, seat = self.state, self.state.current_player
        b = s.boards[seat]
        empty = [(lane, slot) for lane in range(b.harbours) for slot in range(SLOTS) if not b.lanes[lane * SLOTS + slot]]
        won = f"You won {card.name} (cost {card.cost}, {card.points} PP)"
        decline = "declining it (in the choices) is all you can do; then nobody may buy it."
        if not empty:
            return (f"{won}, but your open lanes have no empty slot to place it in, and no harbour can be opened "
                    f"while the bidding resolves, so {decline}")
        lane, slot = min(empty, key=lambda ls: (s.gap_cost(seat, *ls), ls))
        least = price + s.gap_cost(seat, lane, slot)
        pays = counted(price, "coin") + (f" ({card.cost} less your Blue Bar discount)" if price < card.cost else "")
        where = "" if least == price else f" plus the gap cost, {least} in all in lane {lane + 1}, slot {slot + 1}"
        return (f"{won}, but you cannot pay for it: it costs you {pays}{where} and you have "
                f"{counted(b.coins, 'coin')}, so {decline}")

    def why_not_target(self, name: str) -> str:
        """Why a click on a die, card, hub, slot, ship or "end turn" that is not lit does nothing now:
        the rules' own reason for the move that click would make."""
        kind, _, rest = name.partition(":")
        try:
            args = [int(x) for x in rest.split(":")] if rest else []
        except ValueError:
            args = []
        decision = self.decision()
        action = {"die": lambda: self._die_action(args[0]),
                  "space": lambda: Act("bid", args[0]),
                  "hub": lambda: Act("church" if decision == "church" else "hub", *args),
                  "slot": lambda: Act("place", *args),
                  "ship": lambda: Act("move", *args),
                  "end": lambda: Act("end")}.get(kind)
        try:
            act = action() if action else None
        except (IndexError, TypeError):
            act = None
        if act is None:
            return super().why_not_target(name)
        return self.state.why_illegal(act, seat=self.viewer)

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
            self.message.show("Bids are placed in the Action Phase, on your turn "
                              "(Journey › Action Phase › Bid a Card).", "error")
            return False
        found = self.clicks().get(f"space:{space}")
        return self.play(found if found is not None else Act("bid", space))

    def click_hub(self, lane: int, pos: int) -> bool:
        """Activate a hub with the die of its multiplier (or put a Church die on it)."""
        if self.decision() == "church":
            return self.play(Act("church", lane, pos))
        if self.decision() != "turn":
            self.message.show("Hubs are activated in the Action Phase, on your turn "
                              "(Journey › Action Phase).", "error")
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
