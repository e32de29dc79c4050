"""End of a Round: 1) Resolve Bidding — advanced spaces first, then the bidding area left to right; the
winner buys the card (Blue Bars discount it) or declines, every other bidder's die pays a fish (or goes
to a hub with the Church) — and 2) Prepare for next round: dice back, once-per-round powers refreshed,
new cards revealed. The Penguin Park Variant's bids before resolution are in cards.py."""
from __future__ import annotations

from typing import TYPE_CHECKING

from neko_lab.core import Pending
from neko_lab.core.events import Later

from .. import scoring as sc
from .cards import church_can_place, loser_fish
from .facts import R_ADV_SETUP, R_PLACE, R_PREPARE, R_RESOLVE, R_SETUP, Act, bid_winner, player
from .player_boards import count
from .placing import place_card
from .ship_lanes import placements

if TYPE_CHECKING:
    from .state import GameState


# ---------------------------------------------------------------- 1) Resolve Bidding
def resolve_bidding(s: GameState) -> None:
    """Stage "resolve": the next card goes to its best bid; then each losing die of it is settled."""
    while s.res_i < len(s.spaces):
        i = s.res_i
        if s.res_done:
            if s.res_queue:
                seat, die = s.res_queue[0]
                s.res_queue = s.res_queue[1:]
                loser_die(s, seat, die)
                return
            s.res_i += 1
            s.res_done = False
            continue
        s.res_done = True
        cid = s.spaces[i]
        if not cid:
            continue
        bids = s.bids[i]
        winner = bid_winner(bids, s.order)
        if winner is None:
            if i >= s.n_adv:
                return_card(s, cid)
                s.spaces[i] = 0
            continue
        totals = tuple([sum(x) for x in bids])
        bidders = tuple([x for x in range(len(bids)) if bids[x]])
        s.emit("{} goes to Player {} (dice totals: {})", R_RESOLVE, winner, s.C[cid], winner + 1,
               Later(totals_text, totals, bidders), card=cid, totals=totals)
        s.res_queue = tuple((x, d) for x in s.order if x != winner for d in bids[x])
        s.pending.append(Pending("win", winner, i))
        return
    s.stage = "prepare"


def totals_text(totals: tuple[int, ...], bidders: tuple[int, ...]) -> str:
    """The dice totals of the seats that bid on a card, in words."""
    return ", ".join(f"{player(x)} {totals[x]}" for x in bidders)


def loser_die(s: GameState, seat: int, die: int) -> None:
    """A losing die: the Church may place it on a hub; otherwise it pays a fish."""
    if church_can_place(s, seat):
        s.pending.append(Pending("church", seat, die))
        return
    loser_fish(s, seat)


def return_card(s: GameState, cid: int) -> None:
    """An unsold card goes to the bottom of its period deck (back to the display in the advanced setup)."""
    c = s.C[cid]
    if c.period == "advanced":
        return
    if s.options["advanced_setup"]:
        if int(c.period) == s.period:
            s.display.append(cid)
            sort_display(s)
        else:
            s.box.append(cid)
    else:
        s.decks[int(c.period)].insert(0, cid)


def legal_win(s: GameState, seat: int, space: int) -> list:
    cid = s.spaces[space]
    price = sc.card_price(s.C[cid].cost, count(s, seat, "blue_bar"))
    return placements(s, seat, price) + [Act("decline")]


def buy_or_decline(s: GameState, seat: int, space: int, act: Act) -> None:
    """The winner pays and places the card, or declines it (nobody else may buy it then)."""
    cid = s.spaces[space]
    if act.kind == "decline":
        s.emit("declines {}", R_RESOLVE, seat, s.C[cid])
        if space >= s.n_adv:
            s.spaces[space] = 0
            return_card(s, cid)
        return
    s.spaces[space] = 0
    price = sc.card_price(s.C[cid].cost, count(s, seat, "blue_bar"))
    place_card(s, seat, cid, act.a, act.b, price, R_PLACE)


# ---------------------------------------------------------------- 2) Prepare for next round
def prepare_next_round(s: GameState) -> None:
    """Stage "prepare": dice back, tiles refreshed; mid-game scoring after a period."""
    for b in s.boards:
        b.new_round()
    s.discard = []
    for i in range(len(s.spaces)):
        s.bids[i] = ((),) * s.players
    s.emit("dice return to their owners", R_PREPARE)
    s.stage = "midgame" if s.round in (2, 4) else "next_round"


def next_round(s: GameState) -> None:
    """Stage "next_round": the round after, with new cards in the bidding area."""
    s.round += 1
    s.period = 1 if s.round <= 2 else 2
    reveal_cards(s)
    s.stage = "round"


def reveal_cards(s: GameState) -> None:
    """Cards of the period deck fill the empty bidding spaces (the advanced setup shows them all)."""
    if s.options["advanced_setup"]:
        if s.display_period != s.period:
            s.display_period = s.period
            s.box.extend(s.display)
            deck = s.decks[s.period]
            s.display = deck[:]
            deck.clear()
            sort_display(s)
            s.emit(f"every period {s.period} card goes on display", R_ADV_SETUP)
        return
    deck = s.decks[s.period]
    shown = []
    for i in range(s.n_adv, s.n_adv + s.n_revealed):      # the new-bid spaces stay free
        if not s.spaces[i] and deck:
            s.spaces[i] = deck.pop()
            shown.append(str(s.C[s.spaces[i]]))
    s.emit("revealed: " + ", ".join(shown), R_PREPARE if s.round > 1 else R_SETUP)


def sort_display(s: GameState) -> None:
    C = s.C
    s.display.sort(key=lambda cid: (C[cid].type, C[cid].cost, C[cid].points, cid))


STAGES = {"resolve": resolve_bidding, "prepare": prepare_next_round, "next_round": next_round}
DECISIONS = {"win": (legal_win, buy_or_decline)}
