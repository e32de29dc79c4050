"""Why an action is refused: a sentence naming the rulebook section that forbids it."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import scoring as sc
from .facts import (R_ACTION, R_ACTIVATE, R_CARDS, R_COURSE, R_DRAFT, R_FREE, R_GAME_END, R_INCOME,
                    R_MARKET, R_ON_BIDDING, R_ORDER, R_PLACE, R_RESOLVE, R_REWARDS, R_SETUP, harbour_cost,
                    player, ship_cost)
from .free_actions import die_fish_cost

if TYPE_CHECKING:
    from .state import GameState


def why_illegal(s: GameState, action: Any) -> str | None:
    """Why an action that is not legal now is refused, always naming the section that decides it."""
    if not s.pending:
        return None
    top = s.pending[-1]
    kind = getattr(action, "kind", None)
    b = s.boards[top.seat]
    if top.kind == "turn":
        if kind == "end":
            if s.main == 0:
                return f"end is not legal: a main action is mandatory each turn ({R_ACTION})"
            return (f"end is not legal: a bidder must finish the turn with no fewer dice on that card "
                    f"than any rival slot holds ({R_ON_BIDDING})")
        if kind == "take_die" and s.took_die:
            return f"{action} is not legal: only one discarded die may be taken per turn ({R_FREE})"
        if kind == "harbour" and b.harbours >= sc.MAX_HARBOURS:
            return f"{action} is not legal: at most {sc.MAX_HARBOURS} harbours may be opened ({R_FREE})"
        if kind == "harbour":
            return (f"{action} is not legal: harbour {b.harbours + 1} costs "
                    f"{harbour_cost(b.harbours + 1, b.harbour_div or None)} coins ({R_FREE})")
        if kind == "ship":
            return (f"{action} is not legal: the next ship costs {ship_cost(len(b.ships) + 1)} coins and a "
                    f"lane holds no more ships than harbours ({R_FREE})")
        if kind in ("bid", "bid_die", "fish", "hub", "card") and s.main:
            return f"{action} is not legal: only one main action per turn ({R_ACTION})"
        if kind == "hub":
            return (f"{action} is not legal: a hub needs a die equal to its multiplier and takes one die "
                    f"per round ({R_ACTIVATE})")
    if top.kind == "turn" or top.kind == "final":
        if kind == "move":
            return (f"{action} is not legal: moving a ship costs {sc.MOVE_SHIP_FUEL} fuel and needs a card "
                    f"ahead of it in the lane ({R_FREE})")
        if kind == "adjust":
            return f"{action} is not legal: adjusting needs a fuel and a die of that value in hand ({R_FREE})"
        if kind == "cargo":
            return f"{action} is not legal: loading needs a good and a port with an open cargo space ({R_FREE})"
        if kind == "take_die":
            return (f"{action} is not legal: a discarded die of that value and {die_fish_cost(s, top.seat)} "
                    f"fish (or a Penguin Park take) are needed ({R_FREE})")
    if top.kind == "income" and kind == "income":
        return f"{action} is not legal: discard one of your own dice ({R_INCOME})"
    if top.kind == "reward" and kind == "reward":
        return f"{action} is not legal: only rewards at or above your lowest die are open ({R_REWARDS})"
    if top.kind in ("win", "place") and kind == "place":
        return (f"{action} is not legal: the slot must be empty and you must afford the price plus one "
                f"coin per gap ({R_PLACE})")
    if top.kind == "draft" and kind == "draft":
        return f"{action} is not legal: that value is not in the dice in front of you ({R_DRAFT})"
    rule = top.data[2] if top.kind == "pick" else DECISION_RULES.get(top.kind, R_COURSE)
    legal = s.legal_actions()
    shown = ", ".join(map(str, legal[:8])) + (", ..." if len(legal) > 8 else "")
    return (f"{action} is not legal now: {player(top.seat)} is deciding {DECISION_TEXT.get(top.kind, top.kind)} "
            f"and may choose {shown} ({rule})")


# the section behind each decision, and what it is about, for refusals of any other action
DECISION_RULES = {
    "bonus": R_SETUP, "market": R_MARKET, "draft": R_DRAFT, "income": R_INCOME, "city": R_CARDS,
    "reward": R_REWARDS, "post_office": R_ORDER, "place": R_PLACE, "turn": R_ACTION, "lottery": R_CARDS,
    "neko": R_CARDS, "park_bid": R_CARDS, "win": R_RESOLVE, "church": R_CARDS, "final": R_GAME_END,
}
DECISION_TEXT = {
    "bonus": "a starting bonus tile", "market": "what to sell at the Morning Market",
    "draft": "which die to keep", "income": "which die to discard for income",
    "city": "the Southernmost City's income", "reward": "a dice reward", "post_office": "whether to use the Post Office",
    "pick": "which card to buy", "place": "where to place the card", "turn": "the actions of a turn",
    "lottery": "a Lottery reward", "neko": "Neko Harbour's coins and fuel", "park_bid": "a Penguin Park Variant bid",
    "win": "whether to buy the card won", "church": "where the Church puts a losing die",
    "final": "a last spending of fuel and goods",
}
