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
        if a < wa:
            return (f"spending the {a} gives {counted(a, 'coin')}, {wa - a} fewer than the {wa}, and keeps the {wa} "
                    f"for the action phase instead")
        left = sum(_board(state)["dice"])
        return (f"spending the {a} would give {counted(a - wa, 'coin')} more than the {wa}, but takes your "
                f"highest die from the action phase, where a bid counts the total of its dice: your dice for the "
                f"round would total {left - a} instead of {left - wa}")
    if kind == "reward":
        return f"face {a}'s reward is another one: {action}"
    if kind == "pick":
        return ("declining buys nothing" if k == "decline" else
                f"{_card(state, a)} instead of {_card(state, wa)}")
    if kind in ("place", "win"):
        if k == "decline":
            return "declining gives the card up: nobody gets it"
        return _place_words(state, action, wanted)
    if kind == "market":
        return ("keeping your fish sells nothing now" if k == "done" else
                f"{action} instead: the step's choice fits what your next round needs")
    if kind == "bonus":
        return f"{action} instead"
    if kind == "neko":
        more, fuel = a - wa, _board(state)["fuel"]
        if more > 0:
            return (f"taking {a} fuel instead of {wa} gives up {counted(3 * more, 'coin')} for {more} fuel, and you "
                    f"have {fuel} fuel already: coins buy cards, ships and harbours")
        return (f"taking {a} fuel instead of {wa} gives up {-more} fuel for {counted(-3 * more, 'coin')}, where this "
                f"step's fuel moves your ships (2 a step) and you have {fuel} now")
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
        return _bid_die_words(state, action, wanted)
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


def _place_words(state: State, action: Any, wanted: Any) -> str:
    """Another slot for the card: what it costs and which complete hubs it makes, set against the step's
    slot (both played out on copies of the position)."""
    a, b = action.a, action.b
    gap, wgap = _lane_gap(state, a, b), _lane_gap(state, wanted.a, wanted.b)
    hubs, whubs = _hubs_after(state, action), _hubs_after(state, wanted)
    where = f"lane {a + 1}, slot {b + 1}"
    said = (f"{where} has {counted(gap, 'empty slot')} before it ({SLOT_COST}), "
            + (f"{gap - wgap} more than lane {wanted.a + 1}, slot {wanted.b + 1}" if gap > wgap else
               "as many as this step's slot" if gap == wgap else
               f"{wgap - gap} fewer than lane {wanted.a + 1}, slot {wanted.b + 1}"))
    if whubs > hubs:
        return said + (f"; but there the card would leave you {counted(hubs, 'complete hub')}, where this step's "
                       f"slot makes {whubs} with its neighbours: hubs are what dice and ships earn from")
    if gap > wgap:
        return said + f", and it makes no more hubs than this step's slot ({whubs})"
    return said + (f"; it makes {counted(hubs, 'complete hub')} as this step's slot does, and the step keeps the "
                   f"neighbours it plans for later cards: which hubs a card forms depends on its neighbours")


def _hubs_after(state: State, move: Any) -> int:
    from ...games.journey.rules.ship_lanes import hub_count
    after = state.clone()
    after.apply(move)
    return hub_count(after, 0)


def _bid_die_words(state: State, action: Any, wanted: Any) -> str:
    """A die added to this turn's bid where the step asks for another move: the bid's standing now (public
    dice on the card), so that the answer says why the step's move is the better one."""
    space = getattr(state, "bid_space", 0)
    bids = state.bids[space]
    mine = sum(bids[0])
    rivals = [(sum(x), o) for o, x in enumerate(bids) if o != 0 and x]
    best, who = max(rivals) if rivals else (0, None)
    name = _name(state, state.spaces[space])
    stand = (f"no rival has dice on {name} yet, so your {mine} leads" if who is None else
             f"your {mine} {'leads' if mine > best else 'ties with' if mine == best else 'trails'} "
             f"Player {who + 1}'s {best} on {name}")
    a, wk = action.a, _k(wanted)
    if wk == "end":
        return (f"putting the {a} on {name} too would raise your bid from {mine} to {mine + a}, but dice on a card "
                f"never come back: {stand}, and you may add dice on a later turn once you see the rivals' bids, so "
                f"this step keeps the {a} free for a later turn ({R}Action Phase \u203a Bid a Card)")
    if wk == "bid_die":
        wa = wanted.a
        if a > wa:
            return (f"the {a} would add {a - wa} more than the {wa}, but {stand}, and with the {wa} it reaches "
                    f"{mine + wa}; the {a} stays free for a later turn, where a high die counts for more")
        return (f"the {a} adds {a}, the {wa} adds {wa}: {stand}, and your bid would reach {mine + a} instead of "
                f"{mine + wa}")
    return f"putting the {a} on {name} now instead: {stand}, and this step's move comes first"


def _name(state: State, cid: int) -> str:
    try:
        return state.card(cid).name
    except Exception:
        return "the card"
