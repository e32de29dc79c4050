"""3. Action Phase › 2. Bid a Card, On Bidding, and the advanced game's Start a New Bid: dice go onto
one card per turn, and whoever bids on a card that already holds dice must end the turn with at least
as many dice there as the fullest bidding slot."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .facts import A_BID, R_BID, R_NEW_BID, Act
from .player_boards import without

if TYPE_CHECKING:
    from .player_boards import Board
    from .state import GameState


def add_bid(s: GameState, space: int, seat: int, die: int) -> None:
    """A die into the seat's bidding slot of a space."""
    # clones share the bid tuples: a bid replaces them
    sp = list(s.bids[space])
    sp[seat] = sp[seat] + (die,)
    s.bids[space] = tuple(sp)


def bid_need(s: GameState, space: int, seat: int) -> int:
    """The dice-count rule: dice a seat must have on a card at the end of a turn in which it bid there."""
    return max((len(x) for o, x in enumerate(s.bids[space]) if o != seat), default=0)


def bid_spaces(s: GameState, seat: int, b: Board, acts: list) -> None:
    """The cards the seat may start bidding on this turn (it can meet the dice-count rule there)."""
    nd = len(b.dice)
    bids = s.bids
    for i, cid in enumerate(s.spaces):
        if cid:
            sp = bids[i]
            if not any(sp):
                acts.append(A_BID[i])
                continue
            mine = len(sp[seat])
            need = 0
            for o, x in enumerate(sp):
                if o != seat and len(x) > need:
                    need = len(x)
            if mine + nd >= (need if need > mine + 1 else mine + 1):
                acts.append(A_BID[i])
    if s.new_bids:
        acts += new_bid_acts(s)


def bid_finished(s: GameState, seat: int) -> bool:
    """A bidder may end the turn once a die is placed and the dice-count rule is met."""
    return bool(s.bid_placed) and len(s.bids[s.bid_space][seat]) >= bid_need(s, s.bid_space, seat)


def new_bid_acts(s: GameState) -> list:
    """Start a New Bid: a free bidding space takes a new card (the display's, or the deck's top)."""
    free = [i for i in range(s.n_adv, len(s.spaces)) if not s.spaces[i]]
    if not free:
        return []
    if s.options["advanced_setup"]:
        return [Act("new_bid", cid) for cid in s.display]
    if s.decks[s.period]:
        return [Act("new_bid", 0)]
    return []


def bid(s: GameState, seat: int, act: Act) -> None:
    s.main, s.bid_space, s.bid_placed = 2, act.a, 0
    s.emit("bids on {}", R_BID, seat, s.C[s.spaces[act.a]], space=act.a)


def start_new_bid(s: GameState, seat: int, act: Act) -> None:
    i = next(i for i in range(s.n_adv, len(s.spaces)) if not s.spaces[i])
    if act.a:
        s.display.remove(act.a)
        cid = act.a
    else:
        cid = s.decks[s.period].pop()
    s.spaces[i] = cid
    s.main, s.bid_space, s.bid_placed = 2, i, 0
    s.emit(f"starts a new bid on {s.C[cid]}", R_NEW_BID, seat, space=i)


def bid_die(s: GameState, seat: int, act: Act) -> None:
    b = s.boards[seat]
    b.dice = without(b.dice, act.a)
    add_bid(s, s.bid_space, seat, act.a)
    s.bid_placed += 1
    s.emit("bids a {}", R_BID, seat, act.a, space=s.bid_space, die=act.a)


# the turn's actions this section carries out (see actions.py)
TURN = {"bid": bid, "new_bid": start_new_bid, "bid_die": bid_die}
