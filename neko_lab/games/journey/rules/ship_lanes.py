"""Ship lanes: where cards, hubs and ships are (Hub Activation, Move your ship, Place a card into your
ship lane).

``state.boards[seat]`` is a :class:`~.player_boards.Board`:

* ``harbours`` — number of opened harbours = number of usable ship lanes (lanes ``0 .. harbours-1``).
* ``lanes`` — a flat tuple of 25 card ids, ``lanes[lane * 5 + slot]`` (0 = empty slot); ``slot`` 0 is next
  to the harbour. ``state.card(cid)`` gives the :class:`~neko_lab.games.journey.data.Card`.
* ``ships`` — a tuple, one int per ship, ``lane * 32 + pos``. A position ``pos = 4 * edge + j``: ``edge``
  0..5 is the boundary left of slot ``edge`` (edge 0 is the harbour / the first card's left half-hub, edge
  5 the right end of slot 4); ``j`` = 1..3 is the j-th internal hub of the port in slot ``edge``.
  ``pos // 4`` is the number of cards that ship has completely crossed.
* ``starts`` — one int per ship, in the order of ``ships``: the edge the ship started from (0 for the
  first ship and for ships bought while their lane's first card is in slot 1 or the lane is empty; the
  first card's slot otherwise). A ship has crossed only the cards between its start and where it is.
  Ships past the end of ``starts`` started at the harbour (``ship_starts`` pads with 0).
* ``hub_dice`` — ``{lane * 32 + pos: die value}`` dice standing on hubs this round.
* ``card_dice`` — ``{lane * 5 + slot: die value}`` dice on card activation spaces this round.
* ``cargo`` — ``cargo[lane * 5 + slot]`` goods already placed on that port.
* ``dice`` — the dice in the player's hand.

Lanes, ships, starts, cargo and dice are tuples, replaced on change (player_boards.replaced, without), so
copies of a game share them. To set up a position by hand, assign a new tuple (``b.lanes =
replaced(b.lanes, k, cid)``, ``b.ships = (0, 32)``).

A hub between two neighbouring cards takes its multiplier from the right card's left half-hub and its
item from the left card's right half-hub; a port's internal hubs are printed on the port.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from neko_lab.core import serializable

from .facts import ACTIVATION, LANE_SHIFT, POSITIONS_PER_EDGE, SLOTS, Act

if TYPE_CHECKING:
    from .player_boards import Board
    from .state import GameState


@serializable
class Hub(NamedTuple):
    lane: int
    pos: int
    multiplier: int
    item: str
    left_card: int      # card id on the left (for an internal hub: the port itself)
    right_card: int
    die: int            # 0 = no die this round
    ships: int


def hub(s: GameState, lanes: tuple[int, ...], lane: int, pos: int) -> tuple[int, str] | None:
    """(multiplier, item) of the complete hub at `pos`, or None for a half-hub or a gap."""
    edge, j = divmod(pos, POSITIONS_PER_EDGE)
    base = lane * SLOTS
    if j:
        return s.C[lanes[base + edge]].hubs[j - 1]
    if edge == 0 or edge == SLOTS:
        return None
    left, right = lanes[base + edge - 1], lanes[base + edge]
    if left and right:
        return s.C[right].left, s.C[left].right
    return None


def next_position(s: GameState, lanes: tuple[int, ...], lane: int, pos: int) -> int | None:
    """The next place a ship at `pos` moves to, or None at the end of the lane or before a gap."""
    edge, j = divmod(pos, POSITIONS_PER_EDGE)
    if edge >= SLOTS:
        return None
    cid = lanes[lane * SLOTS + edge]
    if not cid:
        return None
    if j < len(s.C[cid].hubs):
        return pos + 1
    return POSITIONS_PER_EDGE * (edge + 1)


def lane_path(s: GameState, seat: int, lane: int) -> list[int]:
    """Positions a ship of this lane can reach from the harbour, in order (stops at a gap)."""
    path, pos = [0], 0
    lanes = s.boards[seat].lanes
    while True:
        pos = next_position(s, lanes, lane, pos)
        if pos is None:
            return path
        path.append(pos)


def hub_positions(s: GameState, lanes: tuple[int, ...], lane: int) -> list[int]:
    out = []
    base = lane * SLOTS
    for slot in range(SLOTS):
        cid = lanes[base + slot]
        if not cid:
            continue
        if slot > 0 and lanes[base + slot - 1]:
            out.append(POSITIONS_PER_EDGE * slot)
        for j in range(len(s.C[cid].hubs)):
            out.append(POSITIONS_PER_EDGE * slot + j + 1)
    return out


def lane_hubs(s: GameState, seat: int, lane: int) -> list[Hub]:
    """Every complete hub of a lane with its multiplier, item, die and ships this round."""
    b = s.boards[seat]
    out = []
    for pos in hub_positions(s, b.lanes, lane):
        mult, item = hub(s, b.lanes, lane, pos)
        edge, j = divmod(pos, POSITIONS_PER_EDGE)
        if j:
            left = right = b.lanes[lane * SLOTS + edge]
        else:
            left, right = b.lanes[lane * SLOTS + edge - 1], b.lanes[lane * SLOTS + edge]
        key = lane * LANE_SHIFT + pos
        out.append(Hub(lane, pos, mult, item, left, right, b.hub_dice.get(key, 0), b.ships.count(key)))
    return out


def board_hubs(s: GameState, b: Board) -> tuple:
    """Every complete hub of a board as (key = lane * 32 + pos, lane, pos, multiplier, item); cached
    on the lane contents, so it is recomputed only after a card is placed or a harbour opened."""
    key = (b.harbours, tuple(b.lanes))     # the tuple itself (a list assigned by hand: a snapshot of it)
    cache = b.hub_cache
    if cache is not None and cache[0] == key:
        return cache[1]
    out = []
    for lane in range(b.harbours):
        for pos in hub_positions(s, b.lanes, lane):
            mult, item = hub(s, b.lanes, lane, pos)
            out.append((lane * LANE_SHIFT + pos, lane, pos, mult, item))
    hubs = tuple(out)
    b.hub_cache = (key, hubs)
    return hubs


def hub_count(s: GameState, seat: int) -> int:
    b = s.boards[seat]
    return sum(len(hub_positions(s, b.lanes, lane)) for lane in range(b.harbours))


def vacant_hubs(s: GameState, seat: int) -> list[int]:
    """Keys of the seat's complete hubs without a die this round."""
    b = s.boards[seat]
    return [lane * LANE_SHIFT + p for lane in range(b.harbours) for p in hub_positions(s, b.lanes, lane)
            if lane * LANE_SHIFT + p not in b.hub_dice]


def vacant_card_spaces(s: GameState, seat: int) -> list[int]:
    """Keys (lane * 5 + slot) of the seat's cards with an activation space and no die on it this round."""
    b = s.boards[seat]
    C = s.C
    return [k for k in range(b.harbours * SLOTS)
            if b.lanes[k] and k not in b.card_dice and C[b.lanes[k]].name in ACTIVATION]


def ships_in_lane(s: GameState, seat: int, lane: int) -> list[int]:
    return sorted(x % LANE_SHIFT for x in s.boards[seat].ships if x // LANE_SHIFT == lane)


def ship_starts(b: Board) -> tuple[int, ...]:
    """The start edge of each ship, in the order of ``b.ships``."""
    n, starts = len(b.ships), tuple(b.starts)
    return starts[:n] if len(starts) >= n else starts + (0,) * (n - len(starts))


def crossed(s: GameState, seat: int) -> list[int]:
    """Cards completely crossed by each ship of `seat`: from where it started to where it is."""
    b = s.boards[seat]
    return [(x % LANE_SHIFT) // POSITIONS_PER_EDGE - start for x, start in zip(b.ships, ship_starts(b))]


def passed_slots(b: Board) -> set[int]:
    """Keys (lane * 5 + slot) of the slots some ship of the board has completely passed through."""
    out: set[int] = set()
    for x, start in zip(b.ships, ship_starts(b)):
        lane, edge = x // LANE_SHIFT, (x % LANE_SHIFT) // POSITIONS_PER_EDGE
        out.update(range(lane * SLOTS + start, lane * SLOTS + edge))
    return out


def first_space(b: Board, lane: int) -> int:
    """Buy a new ship: the edge where a bought ship starts, the left half-hub of the lane's first card
    (the harbour, edge 0, while the lane is empty)."""
    base = lane * SLOTS
    return next((slot for slot in range(SLOTS) if b.lanes[base + slot]), 0)


def gap_cost(s: GameState, seat: int, lane: int, slot: int) -> int:
    """Place a card into your ship lane: one coin per empty slot between the harbour and `slot`."""
    lanes = s.boards[seat].lanes
    return sum(1 for i in range(slot) if not lanes[lane * SLOTS + i])


def placements(s: GameState, seat: int, price: int) -> list[Act]:
    """Every empty slot of an open lane the seat can afford at `price` plus the gap cost."""
    b = s.boards[seat]
    out = []
    for lane in range(b.harbours):
        gap = 0
        for slot in range(SLOTS):
            if b.lanes[lane * SLOTS + slot]:
                continue
            if price + gap <= b.coins:
                out.append(Act("place", lane, slot))
            gap += 1
    return out
