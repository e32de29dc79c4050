"""A Pleasant Journey to Neko in words, for its lesson and drills: what a (wrong) move would do instead,
in the game's terms and with the learner's own numbers (their dice, coins, lanes)."""
from __future__ import annotations

from neko_lab.core.errors import counted
from typing import Any

from ...core.state import State

R = "Journey \u203a "
SLOT_COST = "every empty slot between a card and the harbour costs one coin more"
#: turn moves that spend a die of the learner's (main actions, and a die added to a bid)
DIE_MOVES = ("fish", "bid", "bid_die", "new_bid", "hub", "card")


def _k(a: Any) -> str:
    return str(getattr(a, "kind", type(a).__name__.lower()))


def _board(state: State) -> dict:
    return state.observation(0)["boards"][0]


def _card(state: State, cid: int) -> str:
    try:
        c = state.card(cid)
        return f"{c.name} (cost {c.cost}, {counted(c.points, 'point')})"
    except Exception:
        return f"card #{cid}"


def _lane_gap(state: State, lane: int, slot: int) -> int:
    lanes = _board(state)["lanes"]
    cards = lanes[lane] if lane < len(lanes) else []
    return sum(1 for i in range(slot) if i >= len(cards) or not cards[i])


def consequence(state: State, action: Any, wanted: Any) -> str:
    """Why `action` is not this step's move, said by what it would do."""
    kind, k = state.pending[-1].kind, _k(action)
    a, b = getattr(action, "a", 0), getattr(action, "b", 0)
    wa = getattr(wanted, "a", 0)
    if kind == "draft":
        if a < wa:
            return (f"keeping the {a} instead of the {wa}: a lower die opens more of the reward chart but bids and "
                    f"pays income for less")
        return (f"keeping the {a} instead of the {wa}: a high die wins bids and income, but your lowest die is what "
                f"opens the reward chart, and this step keeps the {wa} for that")
    if kind == "income":
        return f"spending the {a} gives {counted(a, 'coin')}, not {wa}, and keeps the {wa} for the action phase instead"
    if kind == "reward":
        return f"face {a}'s reward is another one: {action}"
    if kind == "pick":
        return ("declining buys nothing" if k == "decline" else
                f"{_card(state, a)} instead of {_card(state, wa)}")
    if kind in ("place", "win"):
        if k == "decline":
            return "declining gives the card up: nobody gets it"
        gap = _lane_gap(state, a, b)
        return (f"lane {a + 1}, slot {b + 1} has {gap} empty slot{'s' if gap != 1 else ''} before it ({SLOT_COST}), "
                f"and it decides which hubs the card forms with its neighbours")
    if kind == "market":
        return ("keeping your fish sells nothing now" if k == "done" else
                f"{action} instead: the step's choice fits what your next round needs")
    if kind == "bonus":
        return f"{action} instead"
    if kind == "neko":
        return f"{action}: the split of coins and fuel is different"
    wk = _k(wanted)
    if k == "end":
        left = len(_board(state)["dice"])
        if wk in DIE_MOVES:
            return (f"ending the turn now leaves {left} di{'ce' if left != 1 else 'e'} for later turns, and this "
                    f"step still uses one")
        if left == 0:
            return (f"ending the turn now gives up this free action ({wanted}): with no dice left you sit out the rest of the "
                    f"round, free actions included, so a free action is taken now or not this round "
                    f"({R}Action Phase)")
        return (f"ending the turn now puts off this free action ({wanted}): free actions may come before, during or after the main "
                f"action, and this step takes it now ({R}Free Actions)")
    if k == "fish":
        if wk == "fish" and a > wa:
            return (f"taking a fish with the {a} gives the same one fish as the {wa}, as Take Fish pays one fish a "
                    f"die whatever it shows; the lesson spends its lowest die first, keeping the higher ones free "
                    f"for a later turn this round, where a high die counts for more in a bid")
        if wk == "fish":
            return (f"taking a fish with the {a} gives the same one fish as the {wa}, as Take Fish pays one fish a "
                    f"die whatever it shows; this step's plan spends the {wa} now")
        return f"taking a fish with the {a} spends that die for one fish"
    if k in ("bid", "new_bid"):
        return f"{action}: a bid on another card, which this step does not want"
    if k == "bid_die":
        return f"putting the {a} on the card instead: a bid counts the total of its dice"
    if k in ("hub", "card"):
        return f"{action}: another reward"
    if k == "move":
        return f"{action}: 2 fuel for another ship's step"
    if k in ("fish_fuel", "fish_coins"):
        return f"{action}: a fish spent on something this step does not need"
    if k == "harbour":
        return f"opening a harbour now costs {5 * _board(state)['harbours']} coins"
    if k == "ship":
        return f"{action}: coins spent on a ship"
    if k == "unjam":
        return "5 coins to remove an interference tile"
    if k == "cargo":
        return f"{action}: a good on a port card"
    if k == "adjust":
        return f"{action}: a fuel spent to turn a die"
    return f"{action} is another move"
