"""3. Action Phase: in turn order, each player with dice takes a turn — one main action (1. Take Fish,
2. Bid a Card, 3. Activate a Hub or a Card Effect) and any free actions — until every die is spent.
A turn is one pending "turn" decision asked again after each action until the player ends it."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from neko_lab.core import Pending

from . import bidding, free_actions
from .bidding import bid_finished, bid_spaces
from .cards import activate_card
from .facts import A_BID_DIE, A_END, A_FISH, A_HUB, ACTIVATION, R_ACTION, R_ACTIVATE, R_FISH, SLOTS, Act, where
from .free_actions import legal_free_actions
from .hubs import die_on_hub
from .player_boards import gain, with_item, without
from .ship_lanes import board_hubs, hub

if TYPE_CHECKING:
    from .state import GameState


def start_action_phase(s: GameState) -> None:
    """Stage "action_phase": the new turn order plays its turns."""
    s.stage = "action"
    # each player's six dice: those in hand plus the one discarded for income
    s.action_start_dice = tuple(len(b.dice) + 1 for b in s.boards)
    s.turn_idx = 0
    s.turn_seat = -1
    s.emit("the Action Phase begins", R_ACTION)


def take_turns(s: GameState) -> None:
    """Stage "action": the next seat in turn order that still has dice takes a turn; when nobody has
    dice left the round ends."""
    n = s.players
    for k in range(n):
        i = (s.turn_idx + k) % n
        seat = s.order[i]
        if s.boards[seat].dice:
            s.turn_idx = (i + 1) % n
            s.turn_seat = seat
            s.main, s.bid_space, s.bid_placed, s.took_die = 0, -1, 0, False
            s.pending.append(Pending("turn", seat))
            return
    s.turn_seat = -1
    s.emit("every die is spent: the round ends", R_ACTION)
    s.stage, s.idx = "park_bids", 0


def legal_turn(s: GameState, seat: int, data: Any) -> list:
    """The main actions still open (s.main: 0 none yet, 1 taking fish, 2 bidding, 3 activation done),
    "end" once the turn may end, then the free actions."""
    b = s.boards[seat]
    dice = b.dice
    vals = sorted(set(dice))
    acts: list[Act] = []
    main = s.main
    if main == 0 or main == 1:                                          # 1. Take Fish
        acts += [A_FISH[v] for v in vals]
    if main == 0 and dice:
        bid_spaces(s, seat, b, acts)                                    # 2. Bid a Card
        hub_dice = b.hub_dice                                           # 3. Activate a hub ...
        for key, lane, pos, mult, item in board_hubs(s, b):
            if key not in hub_dice and mult in dice:
                acts.append(A_HUB[key])
        if any(n and name in ACTIVATION for name, n in b.names.items()):  # ... or a card effect
            C = s.C
            lanes = b.lanes
            for k in range(b.harbours * SLOTS):
                cid = lanes[k]
                if cid and k not in b.card_dice:
                    faces = ACTIVATION.get(C[cid].name)
                    if faces:
                        for v in vals:
                            if v in faces:
                                acts.append(Act("card", k // SLOTS, k % SLOTS, v))
    elif main == 2:
        acts += [A_BID_DIE[v] for v in vals]
    if main == 1 or main == 3 or (main == 2 and bid_finished(s, seat)):
        acts.append(A_END)
    legal_free_actions(s, seat, b, vals, acts)
    return acts


def take_turn(s: GameState, seat: int, data: Any, act: Act) -> None:
    """One action of the turn; the turn stays open (below any choice the action asks) until "end"."""
    if act.kind == "end":
        s.emit("ends the turn", R_ACTION, seat)
        return
    s.pending.append(Pending("turn", seat, data))
    TURN[act.kind](s, seat, act)


def take_fish(s: GameState, seat: int, act: Act) -> None:
    s.main = 1
    b = s.boards[seat]
    b.dice = without(b.dice, act.a)
    s.discard.append(act.a)
    gain(s, seat, "fish", 1, R_FISH, f"discarded a {act.a}")


def activate_hub(s: GameState, seat: int, act: Act) -> None:
    s.main = 3
    b = s.boards[seat]
    mult = hub(s, b.lanes, act.a, act.b)[0]
    b.dice = without(b.dice, mult)
    s.emit(f"places a {mult} on {where(act.b)} of lane {act.a + 1}", R_ACTIVATE, seat)
    die_on_hub(s, seat, act.a, act.b, mult, R_ACTIVATE)


def activate_card_space(s: GameState, seat: int, act: Act) -> None:
    s.main = 3
    b = s.boards[seat]
    b.dice = without(b.dice, act.c)
    b.card_dice = with_item(b.card_dice, act.a * SLOTS + act.b, act.c)
    activate_card(s, seat, s.C[b.lanes[act.a * SLOTS + act.b]], act.c)


TURN: dict[str, Callable[[GameState, int, Act], None]] = {
    "fish": take_fish, "hub": activate_hub, "card": activate_card_space,
    **bidding.TURN, **free_actions.TURN}

STAGES = {"action_phase": start_action_phase, "action": take_turns}
DECISIONS = {"turn": (legal_turn, take_turn)}
