"""2. Preparation Phase: drafting dice, income, one reward by the lowest die (including buying a card
without bidding: two cards drawn, or any displayed card in the advanced game) and, last, setting the
turn order (with the Post Office's buy at its start)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from neko_lab.core import Pending
from neko_lab.core.errors import counted
from neko_lab.core.events import Later

from .. import data as jdata
from .. import scoring as sc
from .facts import (A_DRAFT, DICE, R_DRAFT, R_INCOME, R_ORDER, R_REWARDS, Act, ask_next_seat,
                    next_turn_order, player, reward_text)
from .player_boards import count, gain, has, remove_interference, without
from .ship_lanes import placements

if TYPE_CHECKING:
    from .state import GameState


# ---------------------------------------------------------------- 1) Draft Dice
def roll_dice(s: GameState) -> None:
    """Stage "roll": everyone rolls six dice into the pool in front of them."""
    pools = []
    for seat in range(s.players):
        s.boards[seat].dice = ()
        pools.append(tuple(sorted(s.rng.randint(1, 6) for _ in range(DICE))))
    s.pools = tuple(pools)       # the pools: a tuple of tuples, replaced on change (copies share them)
    s.picks = [0] * s.players
    s.draft_pass = 0
    s.stage, s.idx = "draft", 0
    s.emit("everyone rolls six dice for the draft", R_DRAFT)


def draft_dice(s: GameState) -> None:
    """Stage "draft": each seat in turn picks a die of its pool (the last die is simply kept); once
    all have picked, the picks are revealed and the pools pass to the left."""
    if s.idx < s.players:
        seat = s.order[s.idx]
        s.idx += 1
        if len(s.pools[seat]) == 1:
            s.picks[seat] = s.pools[seat][0]
            return
        s.pending.append(Pending("draft", seat))
        return
    pass_dice_left(s)


def pass_dice_left(s: GameState) -> None:
    n = s.players
    picks = tuple(s.picks)
    kept = []
    for seat in range(n):
        kept.append(without(s.pools[seat], picks[seat]))
        b = s.boards[seat]
        b.dice = (*b.dice, picks[seat])      # a board's dice: a tuple, replaced on change
    s.emit("picks revealed: {}", R_DRAFT, None, Later(kept_text, picks), picks=picks)
    s.pools = (kept[-1], *kept[:-1])      # pass to the left (clockwise): seat x gets seat x - 1's
    s.picks = [0] * n
    s.draft_pass += 1
    s.idx = 0
    if all(len(b.dice) == DICE for b in s.boards):
        for b in s.boards:
            b.dice = tuple(sorted(b.dice))
        s.pools = ((),) * n
        s.stage, s.idx = "income", 0


def kept_text(picks: tuple[int, ...]) -> str:
    """The dice kept in one pass of the draft, seat by seat, in words."""
    return ", ".join(f"{player(x)} kept {die}" for x, die in enumerate(picks))


def legal_draft(s: GameState, seat: int, data: Any) -> list:
    return [A_DRAFT[v] for v in sorted(set(s.pools[seat]))]


def pick_die(s: GameState, seat: int, data: Any, act: Act) -> None:
    s.picks[seat] = act.a
    # the others see only that a die was picked, until every seat has picked in this pass (a board then
    # tells the move as this event, never as the action: the picker sees its die in observation)
    s.emit_secret("picks a die", "picks a die", R_DRAFT, seat)


# ---------------------------------------------------------------- 2) Obtain Income
def obtain_income(s: GameState) -> None:
    """Stage "income": in turn order, discard a die for coins, then income cards pay."""
    if not ask_next_seat(s, "income"):
        s.stage, s.idx = "rewards", 0


def legal_income(s: GameState, seat: int, data: Any) -> list:
    return [Act("income", v) for v in sorted(set(s.boards[seat].dice))]


def discard_for_income(s: GameState, seat: int, data: Any, act: Act) -> None:
    b = s.boards[seat]
    b.dice = without(b.dice, act.a)
    s.discard.append(act.a)
    gain(s, seat, "coins", act.a, R_INCOME, f"discarded a {act.a}")
    income_cards(s, seat)


def income_cards(s: GameState, seat: int) -> None:
    """Ocean Banks and Fuel Platforms pay; each Southernmost City asks its owner to choose."""
    ob, fp = count(s, seat, "ocean_bank"), count(s, seat, "fuel_platform")
    if ob:
        gain(s, seat, "coins", sc.ocean_bank_income(ob), R_INCOME, counted(ob, "Ocean Bank"))
    if fp:
        gain(s, seat, "fuel", sc.fuel_platform_income(fp), R_INCOME, counted(fp, "Fuel Platform"))
    for _ in range(has(s, seat, "Southernmost City")):
        s.pending.append(Pending("city", seat))


# ---------------------------------------------------------------- 3) Get Rewards
def get_rewards(s: GameState) -> None:
    """Stage "rewards": in turn order, one reward by the lowest die."""
    if not ask_next_seat(s, "reward"):
        s.stage, s.idx = "post_office", 0


def reward_acts(s: GameState, lo: int, hi: int, kind: str = "reward") -> list:
    """One action per distinct reward of the chart's faces lo..hi."""
    seen, acts = set(), []
    for face in range(lo, hi + 1):
        key = (s.data.rewards[face - 1], s.data.reward_amounts[face - 1])
        if key not in seen:
            seen.add(key)
            acts.append(Act(kind, face, jdata.REWARDS.index(key[0]), key[1]))
    return acts


def legal_reward(s: GameState, seat: int, data: Any) -> list:
    return reward_acts(s, min(s.boards[seat].dice), 6)


def choose_reward(s: GameState, seat: int, data: Any, act: Act) -> None:
    take_reward(s, seat, act.a, R_REWARDS)


def take_reward(s: GameState, seat: int, face: int, rule: str) -> None:
    kind, amount = s.data.rewards[face - 1], s.data.reward_amounts[face - 1]
    s.emit("chooses the reward of face {}: {}", rule, seat, face, Later(reward_text, kind, amount),
           reward=kind)
    if kind == "buy_card":
        start_direct_buy(s, seat, 0, rule)
    elif kind == "remove_interference":
        remove_interference(s, seat, amount, rule)
    else:
        gain(s, seat, kind, amount, rule, "dice reward")


# ---------------------------------------------------------------- buying a card without bidding
def start_direct_buy(s: GameState, seat: int, discount: int, rule: str) -> None:
    """Buy a card without bidding: two cards drawn from the period deck (the display when advanced)."""
    if s.options["advanced_setup"]:
        if s.display or unbid_on_board(s):
            s.pending.append(Pending("pick", seat, (discount, 1, rule)))
        return
    deck = s.decks[s.period]
    for _ in range(2):
        if deck:
            s.drawn.append(deck.pop())
    if s.drawn or unbid_on_board(s):
        s.emit("draws {} to buy from", rule, seat, counted(len(s.drawn), "card"))
        s.pending.append(Pending("pick", seat, (discount, 0, rule)))


def direct_buy_possible(s: GameState) -> bool:
    """Is there any card a direct buy could offer?"""
    if s.options["advanced_setup"]:
        return bool(s.display or unbid_on_board(s))
    return bool(s.decks[s.period] or unbid_on_board(s))


def unbid_on_board(s: GameState) -> list[int]:
    """With the advanced cards, a direct buy may also take one of the advanced cards on their spaces that
    nobody bids on; the cards revealed in the bidding area are there to be bid on, not bought
    (datasets/journey/README.md, "Start a New Bid")."""
    return [cid for i, cid in enumerate(s.spaces[:s.n_adv]) if cid and not any(s.bids[i])]


def pick_options(s: GameState, seat: int, data: tuple) -> list[int]:
    """The cards a direct buy offers: the display (advanced setup) or the two drawn, and with the
    advanced cards every card on the board that nobody bids on."""
    return (s.display if data[1] else s.drawn) + unbid_on_board(s)


def direct_price(s: GameState, seat: int, cid: int, discount: int) -> int:
    """Price of a card bought without bidding (Post Office: `discount` 2); never below one coin."""
    if s.options["blue_bar_on_direct_buys"]:
        discount += sc.blue_bar_discount(count(s, seat, "blue_bar"))
    return max(1, s.C[cid].cost - discount)


def legal_pick(s: GameState, seat: int, data: tuple) -> list:
    acts = []
    for cid in pick_options(s, seat, data):
        if placements(s, seat, direct_price(s, seat, cid, data[0])):
            acts.append(Act("pick", cid))
    acts.append(Act("decline"))
    return acts


def pick_card(s: GameState, seat: int, data: list, act: Act) -> None:
    """The card bought is to be placed ("place"); the cards drawn and not bought go under the deck.
    data: [discount, 1 when choosing from the display, the rule that started the buy]."""
    if act.kind == "decline":
        s.emit("buys nothing", data[2], seat)
    else:
        cid = act.a
        if data[1] and cid in s.display:
            s.display.remove(cid)
        elif cid in s.drawn:
            s.drawn.remove(cid)
        else:
            s.spaces[s.spaces.index(cid)] = 0
        s.pending.append(Pending("place", seat, (cid, direct_price(s, seat, cid, data[0]))))
    for cid in s.drawn:
        s.decks[int(s.C[cid].period)].insert(0, cid)
    s.drawn = []


# ---------------------------------------------------------------- 4) Set Turn Order
def post_office(s: GameState) -> None:
    """Stage "post_office": at the start of Set Turn Order each Post Office owner is asked whether to
    use it whenever there is a card to offer, even one its owner cannot pay for or place: the use is
    the draw, buying is a choice (datasets/journey/README.md, "Post Office")."""
    while s.idx < s.players:
        seat = s.order[s.idx]
        s.idx += 1
        if has(s, seat, "Post Office") and direct_buy_possible(s):
            s.pending.append(Pending("post_office", seat))
            return
    set_turn_order(s)


def legal_post_office(s: GameState, seat: int, data: Any) -> list:
    return [Act("post_office"), Act("pass")]


def use_post_office(s: GameState, seat: int, data: Any, act: Act) -> None:
    """Using it is optional: "pass" draws nothing."""
    if act.kind == "pass":
        s.emit("does not use the Post Office", R_ORDER, seat)
        return
    s.emit("uses the Post Office", R_ORDER, seat)
    start_direct_buy(s, seat, sc.POST_OFFICE_DISCOUNT, R_ORDER)


def set_turn_order(s: GameState) -> None:
    """Highest dice total first (ties to the earlier seat); the new first player takes a tile."""
    totals = [sum(b.dice) for b in s.boards]
    s.order = next_turn_order(totals, s.order)
    first = s.order[0]
    s.boards[first].interference += 1
    s.emit(f"new turn order {', '.join(map(player, s.order))} by dice totals "
           f"{', '.join(f'{player(x)} {t}' for x, t in enumerate(totals))}; {player(first)} starts and "
           "takes an interference tile", R_ORDER, first, order=list(s.order), totals=totals)
    s.stage = "action_phase"


STAGES = {"roll": roll_dice, "draft": draft_dice, "income": obtain_income, "rewards": get_rewards,
          "post_office": post_office}
DECISIONS = {"draft": (legal_draft, pick_die), "income": (legal_income, discard_for_income),
             "reward": (legal_reward, choose_reward), "pick": (legal_pick, pick_card),
             "post_office": (legal_post_office, use_post_office)}
