"""Why an action is refused: a sentence naming the rulebook section that forbids it."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from neko_lab.core.errors import counted
from neko_lab.core.refusals import alike_in_words

from .. import data as jdata
from .. import scoring as sc
from .bidding import bid_need
from .facts import (ACTIVATION, EXCHANGES, HARBOUR_SUPPLY, LANE_SHIFT, R_ACTION, R_ACTIVATE, R_BID, R_CARDS, R_COURSE, R_DRAFT, R_FISH,
                    R_FREE, R_GAME_END, R_INCOME, R_MARKET, R_ON_BIDDING, R_ORDER, R_PLACE, R_RESOLVE,
                    R_REWARDS, R_SETUP, R_SHIP_ON_DIE as R_MOVE, SLOTS, Act, card_named, harbour_cost, player,
                    reward_given, ship_cost, where)
from .free_actions import die_fish_cost, harbour_supply, ship_supply
from .player_boards import count
from .ship_lanes import board_hubs, gap_cost, next_position

if TYPE_CHECKING:
    from .state import GameState


def why_illegal(s: GameState, action: Any) -> str | None:
    """Why an action that is not legal now is refused, always naming the section that decides it. Every
    reason reads only the acting seat's own board and the public table (bids, discards, supplies); it is
    asked only for a reader who may know the open decision's choices (State.why_illegal)."""
    if not s.pending:
        return None
    top = s.pending[-1]
    kind = getattr(action, "kind", None)
    b = s.boards[top.seat]
    # a number the action's words do not show (a placement's third): the reasons below read the words
    alike = alike_in_words(action, s.legal_actions())
    if alike:
        return f"{action} is not legal: {alike} ({decision_rule(top)})"
    reason = None
    if top.kind == "turn":
        if kind == "end":
            return _end(s, b, action)
        if kind == "take_die" and s.took_die:
            return f"{action} is not legal: only one discarded die may be taken per turn ({R_FREE})"
        if kind == "harbour" and b.harbours >= sc.MAX_HARBOURS:
            return f"{action} is not legal: at most {sc.MAX_HARBOURS} harbours may be opened ({R_FREE})"
        check = TURN_CHECKS.get(kind)
        reason = check(s, top.seat, b, action) if check else None
    if reason is None and top.kind in ("turn", "final"):
        if kind == "move":
            reason = _move(s, b, action)
        elif kind == "cargo":
            reason = _cargo(s, b, action)
    if reason is not None:
        return f"{action} is not legal: {reason}"
    if top.kind in ("turn", "final"):
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
        return f"{action} is not legal: {_reward(s, action, min(b.dice), 6, R_REWARDS)}"
    if top.kind == "lottery" and kind == "lottery":
        return f"{action} is not legal: {_reward(s, action, 1, top.data, R_CARDS)}"
    if top.kind in ("win", "place") and kind == "place":
        return _place(s, top, b, action)
    if top.kind == "draft" and kind == "draft":
        return f"{action} is not legal: that value is not in the dice in front of you ({R_DRAFT})"
    rule = decision_rule(top)
    deciding = f"{player(top.seat)} is deciding {DECISION_TEXT.get(top.kind, top.kind)}"
    legal = s.legal_actions()
    # told to the seat deciding only (State.why_illegal): the cards it may buy are named for it
    shown = ", ".join(card_named(s, a) for a in legal[:8]) + (", ..." if len(legal) > 8 else "")
    return f"{action} is not legal now: {deciding} and may choose {shown} ({rule})"


def decision_rule(top: Any) -> str:
    """The section behind the open decision `top`."""
    return top.data[2] if top.kind == "pick" else DECISION_RULES.get(top.kind, R_COURSE)


# ---------------------------------------------------------------- the reasons, one per kind of action
def _reward(s: GameState, action: Any, lo: int, hi: int, rule: str) -> str:
    """Why a reward of the dice reward chart is refused where faces lo..hi are open (a dice reward: your
    lowest die up; the Lottery: its die down): the face is closed, or gives another reward than the one
    the action names, or gives the same as a lower open face, whose action is the one offered."""
    face, faces = action.a, len(s.data.rewards)
    if not 1 <= face <= faces:
        return f"the dice reward chart has faces 1 to {faces} ({rule})"
    if not lo <= face <= hi:
        open_faces = f"face {lo} is" if lo == hi else f"faces {lo}-{hi} are"
        why = (f"your lowest die is {lo}, so only {open_faces} open" if action.kind == "reward" else
               f"the Lottery's die shows {hi}, so only {open_faces} open")
        return f"{why} ({rule})"
    gives = (s.data.rewards[face - 1], s.data.reward_amounts[face - 1])
    named = (jdata.REWARDS[action.b] if 0 <= action.b < len(jdata.REWARDS) else None, action.c)
    if named != gives:
        said = f", not {reward_given(*named)}" if named[0] is not None else ""
        return f"face {face} gives {reward_given(*gives)}{said} ({rule})"
    first = next(f for f in range(lo, hi + 1) if (s.data.rewards[f - 1], s.data.reward_amounts[f - 1]) == gives)
    offered = Act(action.kind, first, action.b, action.c)
    return (f"face {face} gives {reward_given(*gives)}, as face {first} does: the same reward is offered once, "
            f"as \u201c{offered}\u201d ({rule})")


def _dice(b: Any) -> str:
    return "your dice: " + (", ".join(map(str, sorted(b.dice))) if b.dice else "none")


def _no_die(b: Any, v: Any, rule: str) -> str | None:
    """The die named is not in hand (None when it is)."""
    if v in b.dice:
        return None
    return f"you have no {v} in hand ({_dice(b)}) ({rule})"


def _main_taken(s: GameState) -> str:
    """The turn's main action, already chosen, in words."""
    if s.main == 1:
        return "you took fish this turn"
    if s.main == 2:
        return f"you are bidding on space {s.bid_space + 1} this turn"
    return "you activated a hub or a card this turn"


def _one_main(s: GameState) -> str:
    return f"only one main action per turn, and {_main_taken(s)} ({R_ACTION})"


def _open_lane(b: Any, lane: Any) -> str | None:
    """A lane that is not open (None when it is): lanes open with harbours."""
    if isinstance(lane, int) and 0 <= lane < b.harbours:
        return None
    return (f"lane {lane + 1 if isinstance(lane, int) else lane} is not open: you have "
            f"{counted(b.harbours, 'harbour')}, one lane each")


def _slot(b: Any, action: Any, rule: str) -> tuple[int | None, str | None]:
    """The index of the slot `action` names (lane action.a, slot action.b) in the board's lanes, or None
    and why there is no such slot to use: its lane not open, or no slot of that number."""
    lane = _open_lane(b, action.a)
    if lane:
        return None, f"{lane} ({rule})"
    if not isinstance(action.b, int) or not 0 <= action.b < SLOTS:
        return None, f"a lane has slots 1 to {SLOTS} ({rule})"
    return action.a * SLOTS + action.b, None


def _end(s: GameState, b: Any, action: Any) -> str:
    if s.main == 0:
        return f"{action} is not legal: a main action is mandatory each turn ({R_ACTION})"
    if s.main == 2 and not s.bid_placed:
        return (f"{action} is not legal: you chose to bid on space {s.bid_space + 1}; place at least one die "
                f"there before ending the turn ({R_BID})")
    need = bid_need(s, s.bid_space, s.turn_seat)
    have = len(s.bids[s.bid_space][s.turn_seat])
    return (f"{action} is not legal: a bidder must finish the turn with no fewer dice on that card "
            f"than any rival slot holds: space {s.bid_space + 1} needs {need} of yours and holds {have} "
            f"({R_ON_BIDDING})")


def _fish(s: GameState, seat: int, b: Any, action: Any) -> str | None:
    if s.main in (2, 3):
        return _one_main(s)
    return _no_die(b, action.a, R_FISH)


def _bid(s: GameState, seat: int, b: Any, action: Any) -> str | None:
    i = action.a
    if s.main == 2:
        return (f"each time you bid you bid on one card only, and you are bidding on space {s.bid_space + 1}: "
                f"add dice there with \"bid a N\" ({R_ON_BIDDING})")
    if s.main:
        return _one_main(s)
    if not isinstance(i, int) or not 0 <= i < len(s.spaces) or not s.spaces[i]:
        return f"there is no card on space {i + 1 if isinstance(i, int) else i} to bid on ({R_BID})"
    need = bid_need(s, i, seat)
    mine = len(s.bids[i][seat])
    if mine + len(b.dice) < need:
        return (f"a slot on that card holds {counted(need, 'die', 'dice')}, so whoever bids there must end "
                f"the turn with at least {need} of their own on it; you have {mine} there and "
                f"{counted(len(b.dice), 'die', 'dice')} in hand ({R_ON_BIDDING})")
    return None


def _bid_die(s: GameState, seat: int, b: Any, action: Any) -> str | None:
    if s.main == 0:
        return (f"choose the card first (\"bid on space N\"), then add dice to it one by one "
                f"({R_BID})")
    if s.main != 2:
        return _one_main(s)
    return _no_die(b, action.a, R_BID)


def _hub(s: GameState, seat: int, b: Any, action: Any) -> str | None:
    if s.main:
        return _one_main(s)
    lane = _open_lane(b, action.a)
    if lane:
        return f"{lane} ({R_ACTIVATE})"
    key = action.a * LANE_SHIFT + action.b
    found = {h[0]: h for h in board_hubs(s, b)}.get(key)
    if found is None:
        place = where(action.b) if isinstance(action.b, int) and action.b >= 0 else f"place {action.b}"
        return (f"{place} of lane {action.a + 1} is no complete hub: a hub forms where two cards meet, or "
                f"inside a card that prints one ({R_ACTIVATE})")
    mult = found[3]
    if key in b.hub_dice:
        return f"that hub already holds a die this round, and a hub takes one die per round ({R_ACTIVATE})"
    if mult not in b.dice:
        return f"that hub's number is {mult}, so it needs a die of exactly {mult} ({_dice(b)}) ({R_ACTIVATE})"
    return None


def _card(s: GameState, seat: int, b: Any, action: Any) -> str | None:
    if s.main:
        return _one_main(s)
    k, why = _slot(b, action, R_ACTIVATE)
    if why:
        return why
    cid = b.lanes[k]
    if not cid:
        return f"slot {action.b + 1} of lane {action.a + 1} holds no card ({R_ACTIVATE})"
    card = s.C[cid]
    faces = ACTIVATION.get(card.name)
    if not faces:
        return f"{card.name} has no space a die can activate ({R_CARDS})"
    if k in b.card_dice:
        return f"{card.name} already holds a die this round, and a card takes one die per round ({R_ACTIVATE})"
    if action.c not in faces:
        return (f"{card.name} is activated only by a die showing {', '.join(map(str, faces))}, not a "
                f"{action.c} ({R_ACTIVATE})")
    return _no_die(b, action.c, R_ACTIVATE)


def _fish_spent(s: GameState, seat: int, b: Any, action: Any) -> str | None:
    if not b.fish:
        return f"you have no fish to spend ({R_FREE})"
    if action.kind == "fish_fuel" and b.fuel + b.goods >= sc.CABIN_LIMIT:
        return (f"your cabin already holds {sc.CABIN_LIMIT} fuel and goods, the most it may hold "
                f"({R_SETUP})")
    return None


def _take_die(s: GameState, seat: int, b: Any, action: Any) -> str | None:
    if action.a not in s.discard:
        shown = ", ".join(map(str, sorted(s.discard))) or "none"
        return f"there is no discarded {action.a} (discarded dice: {shown}) ({R_FREE})"
    if action.b:
        return None if b.park_takes else f"you have no Penguin Park take left this round ({R_CARDS})"
    cost = die_fish_cost(s, seat)
    if b.fish < cost:
        return f"a discarded die costs {counted(cost, 'fish', 'fish')} and you have {b.fish} ({R_FREE})"
    return None


def _unjam(s: GameState, seat: int, b: Any, action: Any) -> str | None:
    if not b.interference:
        return f"you have no interference tile to remove ({R_FREE})"
    if b.coins < sc.INTERFERENCE_REMOVAL_COST:
        return (f"removing an interference tile costs {counted(sc.INTERFERENCE_REMOVAL_COST, 'coin')} and you have "
                f"{b.coins} ({R_FREE})")
    return None


def _ship(s: GameState, seat: int, b: Any, action: Any) -> str | None:
    cost = ship_cost(len(b.ships) + 1)
    if b.coins < cost:
        return (f"your next ship (ship {len(b.ships) + 1}) costs {counted(cost, 'coin')} and you have {b.coins} "
                f"({R_FREE})")
    if ship_supply(s) <= 0:
        return f"no ship is left in the supply ({R_FREE})"
    lane = _open_lane(b, action.a)
    if lane:
        return f"{lane} ({R_FREE})"
    held = sum(1 for x in b.ships if x // LANE_SHIFT == action.a)
    if held >= b.harbours:
        return (f"a lane holds no more ships than you have harbours ({b.harbours}), and lane {action.a + 1} "
                f"holds {held} ({R_FREE})")
    return None


def _harbour(s: GameState, seat: int, b: Any, action: Any) -> str | None:
    nth = b.harbours + 1
    cost = harbour_cost(nth, b.harbour_div or None)
    if b.coins < cost:
        city = f" (your Harbour City's {b.harbour_div} divides the price)" if b.harbour_div else ""
        return f"harbour {nth} costs {counted(cost, 'coin')}{city} and you have {b.coins} ({R_FREE})"
    if harbour_supply(s) <= 0:
        return (f"no harbour is left in the supply: the game has {HARBOUR_SUPPLY}, and every one is open on "
                f"a player's board ({R_FREE})")
    return None


def _hospital(s: GameState, seat: int, b: Any, action: Any) -> str | None:
    if not b.names.get("Hospital"):
        return f"you have no Hospital in your ship lanes, and only a Hospital removes a tile for free ({R_CARDS})"
    if b.hospital_used:
        return f"your Hospital removes one interference tile a round, and it has done so this round ({R_CARDS})"
    if not b.interference:
        return f"you have no interference tile to remove ({R_CARDS})"
    return None


# the Seaside Town whose die opens each exchange (EXCHANGES: Trader's two, then Merchant's two)
EXCHANGE_TOWN = ("Seaside Town (Trader)", "Seaside Town (Trader)", "Seaside Town (Merchant)",
                 "Seaside Town (Merchant)")


def _exchange(s: GameState, seat: int, b: Any, action: Any) -> str | None:
    k = action.a
    if not isinstance(k, int) or not 0 <= k < len(EXCHANGES):
        return f"the Seaside Towns have exchanges 1 to {len(EXCHANGES)} ({R_CARDS})"
    pay, amount, get, _ = EXCHANGES[k]
    town = EXCHANGE_TOWN[k]
    if not b.exchange_on[k]:
        faces = ", ".join(map(str, ACTIVATION[town]))
        owned = "" if b.names.get(town) else f", and you have no {town} in your ship lanes"
        return (f"that exchange opens for the rest of the round once a die showing {faces} is on a {town}; "
                f"none is there this round{owned} ({R_CARDS})")
    limit = s.options["exchange_limit"]
    if k == 0 and b.exchange_on[2] and limit is not None and b.exchange_used[0] >= limit:
        return (f"with both Seaside Town exchanges open, 3 coins for 1 fuel may be used {counted(limit, 'time')} a "
                f"round, and you have used it {counted(b.exchange_used[0], 'time')} (the game's exchange_limit option) "
                f"({R_CARDS})")
    have = b.coins if pay == "coins" else b.fuel if pay == "fuel" else b.goods
    if have < amount:
        return f"that exchange costs {amount} {pay} and you have {have} ({R_CARDS})"
    freed = amount if pay in ("fuel", "good") else 0
    if get in ("fuel", "good") and b.cabin - freed >= sc.CABIN_LIMIT:
        return (f"your cabin already holds {sc.CABIN_LIMIT} fuel and goods, the most it may hold, so it has no "
                f"room for the {get} ({R_SETUP})")
    return None


def _tile_reroll(s: GameState, seat: int, b: Any, action: Any) -> str | None:
    if not b.tile_reroll:
        if not b.types.get("penguin_park"):
            return (f"the reroll dice reward tile comes with a Penguin Park, and you have none in your ship "
                    f"lanes ({R_CARDS})")
        return f"your reroll dice reward tile is used once a round, and it was used this round ({R_CARDS})"
    return _no_die(b, action.a, R_CARDS)


def _lighthouse(s: GameState, seat: int, b: Any, action: Any) -> str | None:
    if not b.names.get("Light House"):
        return f"you have no Light House in your ship lanes ({R_CARDS})"
    if b.lighthouse >= 0:
        lane, pos = divmod(b.lighthouse, LANE_SHIFT)
        return (f"your Light House works once a round, and it already boosts {where(pos)} of lane {lane + 1} "
                f"this round ({R_CARDS})")
    lane = _open_lane(b, action.a)
    if lane:
        return f"{lane} ({R_CARDS})"
    if not any(h[1] == action.a and h[2] == action.b for h in board_hubs(s, b)):
        place = where(action.b) if isinstance(action.b, int) and action.b >= 0 else f"place {action.b}"
        return (f"{place} of lane {action.a + 1} is no complete hub, and the Light House boosts a complete hub "
                f"({R_CARDS})")
    return None


def _adjust(s: GameState, seat: int, b: Any, action: Any) -> str | None:
    if action.b not in (1, -1):
        return f"a die is turned one step up or down ({R_FREE})"
    if action.kind == "adjust" and b.fuel < sc.ADJUST_DIE_FUEL:
        return f"adjusting a die costs {sc.ADJUST_DIE_FUEL} fuel and you have {b.fuel} ({R_FREE})"
    if action.kind == "tile_adjust" and not b.tile_adjust:
        return f"you have no +/-1 dice reward tile left this round ({R_CARDS})"
    return _no_die(b, action.a, R_FREE if action.kind == "adjust" else R_CARDS)


def _move(s: GameState, b: Any, action: Any) -> str | None:
    lane = _open_lane(b, action.a)
    if lane:
        return f"{lane} ({R_MOVE})"
    key = action.a * LANE_SHIFT + action.b
    if key not in b.ships:
        place = where(action.b) if isinstance(action.b, int) and action.b >= 0 else f"place {action.b}"
        return f"you have no ship at {place} of lane {action.a + 1} ({R_MOVE})"
    if b.fuel < sc.MOVE_SHIP_FUEL:
        return f"moving a ship costs {sc.MOVE_SHIP_FUEL} fuel and you have {b.fuel} ({R_MOVE})"
    if next_position(s, b.lanes, action.a, action.b) is None:
        return (f"that ship has no card ahead of it to move onto: it waits at a gap or the end of the lane "
                f"({R_MOVE})")
    return None


def _cargo(s: GameState, b: Any, action: Any) -> str | None:
    if not b.goods:
        return f"you have no good in your cabin to load ({R_FREE})"
    k, why = _slot(b, action, R_FREE)
    if why:
        return why
    cid = b.lanes[k]
    if not cid or s.C[cid].type != "port":
        return f"slot {action.b + 1} of lane {action.a + 1} holds no port ({R_FREE})"
    if b.cargo[k] >= len(s.C[cid].cargo):
        return f"every cargo space of {s.C[cid].name} is already loaded ({R_FREE})"
    return None


def _place(s: GameState, top: Any, b: Any, action: Any) -> str:
    lane = _open_lane(b, action.a)
    if lane:
        return (f"{action} is not legal: {lane}, and no harbour can be opened while a card is being "
                f"placed ({R_PLACE})")
    if not isinstance(action.b, int) or not 0 <= action.b < SLOTS:
        return f"{action} is not legal: a lane has slots 1 to {SLOTS} ({R_PLACE})"
    cid = b.lanes[action.a * SLOTS + action.b]
    if cid:
        return f"{action} is not legal: that slot already holds {s.C[cid].name} ({R_PLACE})"
    if top.kind == "win":
        price = sc.card_price(s.C[s.spaces[top.data]].cost, count(s, top.seat, "blue_bar"))
    else:
        price = top.data[1]
    gap = gap_cost(s, top.seat, action.a, action.b)
    return (f"{action} is not legal: the card costs {counted(price, 'coin')} there plus {gap} for the empty "
            f"slot{'s' if gap != 1 else ''} before it, {price + gap} in all, and you have {b.coins} ({R_PLACE})")


TURN_CHECKS = {
    "fish": _fish, "bid": _bid, "bid_die": _bid_die, "hub": _hub, "card": _card,
    "fish_coins": _fish_spent, "fish_fuel": _fish_spent, "take_die": _take_die, "unjam": _unjam,
    "ship": _ship, "adjust": _adjust, "tile_adjust": _adjust, "harbour": _harbour, "hospital": _hospital,
    "exchange": _exchange, "tile_reroll": _tile_reroll, "lighthouse": _lighthouse,
}


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
