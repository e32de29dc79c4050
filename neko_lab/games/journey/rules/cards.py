"""Card Reference Guide (and Advanced Card Clarification): what cards do when they arrive (the
lightning icon), when a die activates their space, during Obtain Income (Southernmost City), during
bidding resolution (Church, Fishing Spot) and before it (Penguin Park Variant). The card powers used
like free actions in a turn (Penguin Park tiles, Hospital, Seaside Town exchanges, Light House) are in
free_actions.py, beside the free actions they act like."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from neko_lab.core import Pending

from .. import scoring as sc
from ..data import Card
from .bidding import add_bid
from .facts import LANE_SHIFT, R_CARDS, R_RESOLVE, SLOTS, Act, where
from .hubs import die_on_hub
from .player_boards import count, gain, has, remove_interference, with_item
from .preparation import reward_acts, start_direct_buy, take_reward
from .ship_lanes import hub, hub_count, vacant_card_spaces, vacant_hubs

if TYPE_CHECKING:
    from .state import GameState


# ---------------------------------------------------------------- on arrival and on activation
def repeatable_power(s: GameState, seat: int, c: Card) -> bool:
    """The powers a card gives on arrival (lightning) and again when a die activates it; False for
    other cards (Ocean Bank and Fuel Platform variants, Research Station, Neko Harbour)."""
    n = c.name
    if n == "Ocean Bank Variant":
        gain(s, seat, "coins", sc.ocean_bank_income(count(s, seat, "ocean_bank")), R_CARDS, n)
    elif n == "Fuel Platform Variant":
        gain(s, seat, "fuel", sc.fuel_platform_income(count(s, seat, "fuel_platform")), R_CARDS, n)
    elif n == "Research Station":
        research_station(s, seat)
    elif n == "Neko Harbour":
        s.pending.append(Pending("neko", seat, hub_count(s, seat)))
    else:
        return False
    return True


def research_station(s: GameState, seat: int) -> None:
    ob, fp = count(s, seat, "ocean_bank"), count(s, seat, "fuel_platform")
    gain(s, seat, "coins", sc.ocean_bank_income(ob), R_CARDS, "Research Station")
    gain(s, seat, "fuel", sc.fuel_platform_income(fp), R_CARDS, "Research Station")


def lightning(s: GameState, seat: int, c: Card) -> None:
    """A card with the lightning icon acts once as it is placed."""
    n = c.name
    if repeatable_power(s, seat, c):
        return
    if n == "Hospital":
        remove_interference(s, seat, 2, R_CARDS)
    elif n == "Post Office":
        start_direct_buy(s, seat, sc.POST_OFFICE_DISCOUNT, R_CARDS)
    elif n == "Penguin Park Variant":
        first = s.res_i + 1 if s.stage == "resolve" else 0
        offer_park_bid(s, seat, first)


def activate_card(s: GameState, seat: int, c: Card, die: int) -> None:
    """A die on a card's activation space."""
    n = c.name
    b = s.boards[seat]
    s.emit(f"activates {c} with a {die}", R_CARDS, seat, card=c.id)
    if repeatable_power(s, seat, c):
        return
    if n == "Seaside Town (Trader)":
        b.exchange_on = (True, True, b.exchange_on[2], b.exchange_on[3])
    elif n == "Seaside Town (Merchant)":
        b.exchange_on = (b.exchange_on[0], b.exchange_on[1], True, True)
    elif n in ("Seaside Town (Lottery)", "Advanced Seaside Town"):
        s.pending.append(Pending("lottery", seat, die))
    elif n == "Harbour City":
        b.harbour_div = die


# ---------------------------------------------------------------- the choices cards ask
def legal_city(s: GameState, seat: int, data: Any) -> list:
    return [Act("city", 0), Act("city", 1)]


def southernmost_city(s: GameState, seat: int, data: Any, act: Act) -> None:
    if act.a == 0:
        gain(s, seat, "coins", 5, R_CARDS, "Southernmost City")
    else:
        gain(s, seat, "fuel", 2, R_CARDS, "Southernmost City")


def legal_lottery(s: GameState, seat: int, die: int) -> list:
    return reward_acts(s, 1, die, "lottery")


def lottery(s: GameState, seat: int, die: int, act: Act) -> None:
    take_reward(s, seat, act.a, R_CARDS)


def legal_neko(s: GameState, seat: int, hubs: int) -> list:
    return [Act("neko", f) for _, f in sc.neko_harbour_options(hubs)]


def neko_harbour(s: GameState, seat: int, hubs: int, act: Act) -> None:
    gain(s, seat, "coins", hubs - 3 * act.a, R_CARDS, "Neko Harbour")
    gain(s, seat, "fuel", act.a, R_CARDS, "Neko Harbour")


# ---------------------------------------------------------------- during bidding resolution
def loser_fish(s: GameState, seat: int) -> None:
    """A losing bid die pays a fish (two at the Fishing Spot)."""
    n = 2 if has(s, seat, "Fishing Spot") else 1
    gain(s, seat, "fish", n, R_RESOLVE, "a losing bid die" + (" at the Fishing Spot" if n == 2 else ""))


def church_can_place(s: GameState, seat: int) -> bool:
    """Church: the owner has dice left to place this round and somewhere vacant to put one."""
    return (has(s, seat, "Church") > 0 and s.boards[seat].church_left > 0
            and bool(vacant_hubs(s, seat) or vacant_card_spaces(s, seat)))


def legal_church(s: GameState, seat: int, die: int) -> list:
    return ([Act("church", k // LANE_SHIFT, k % LANE_SHIFT) for k in vacant_hubs(s, seat)]
            + [Act("church_card", k // SLOTS, k % SLOTS) for k in vacant_card_spaces(s, seat)]
            + [Act("keep_fish")])


def church(s: GameState, seat: int, die: int, act: Act) -> None:
    """Church: a losing die goes onto a vacant hub, set to the hub's number, or onto a card's
    activation space, instead of a fish. A card's space acts only in the Action Phase, so a die put
    there now does nothing but occupy it for the rest of the round (the rule's note on dice placed in
    the wrong phase)."""
    if act.kind == "keep_fish":
        loser_fish(s, seat)
        return
    b = s.boards[seat]
    b.church_left -= 1
    if act.kind == "church_card":
        k = act.a * SLOTS + act.b
        b.card_dice = with_item(b.card_dice, k, die)
        s.emit(f"Church: a losing {die} goes onto {s.C[b.lanes[k]]} in lane {act.a + 1}, slot {act.b + 1}; "
               "nothing happens, the card acts in the Action Phase", R_CARDS, seat)
        return
    mult = hub(s, b.lanes, act.a, act.b)[0]
    s.emit(f"Church: a losing die becomes a {mult} on {where(act.b)} of lane {act.a + 1}", R_CARDS, seat)
    die_on_hub(s, seat, act.a, act.b, mult, R_CARDS)


# ---------------------------------------------------------------- Penguin Park Variant
def offer_park_bid(s: GameState, seat: int, first_space: int) -> None:
    if s.discard and any(s.spaces[i] for i in range(first_space, len(s.spaces))):
        s.pending.append(Pending("park_bid", seat, first_space))


def park_bids(s: GameState) -> None:
    """Stage "park_bids": before resolution each owner (turn order) may add a discarded die as a bid,
    once per Penguin Park Variant placed in an earlier round."""
    while s.idx < s.players:
        seat = s.order[s.idx]
        s.idx += 1
        # a variant placed this round has had its arrival bid: the repeat is for later rounds
        for _ in range(has(s, seat, "Penguin Park Variant") - s.boards[seat].park_new):
            offer_park_bid(s, seat, 0)
        if s.pending:
            return
    s.stage, s.res_i, s.res_done = "resolve", 0, False


def legal_park_bid(s: GameState, seat: int, first: int) -> list:
    acts = []
    vals = sorted(set(s.discard))
    for i in range(first, len(s.spaces)):
        if s.spaces[i]:
            acts += [Act("park_bid", i, v) for v in vals]
    return acts + [Act("pass")]


def park_bid(s: GameState, seat: int, first: int, act: Act) -> None:
    if act.kind == "pass":
        return
    s.discard.remove(act.b)
    add_bid(s, act.a, seat, act.b)
    s.emit(f"Penguin Park Variant: a discarded {act.b} bids on {s.C[s.spaces[act.a]]}", R_CARDS, seat)


STAGES = {"park_bids": park_bids}
DECISIONS = {"city": (legal_city, southernmost_city), "lottery": (legal_lottery, lottery),
             "neko": (legal_neko, neko_harbour), "church": (legal_church, church),
             "park_bid": (legal_park_bid, park_bid)}
