"""Command phase: each player's leader walks down their pyramid, one box per level.

The walk starts on a lieutenants box (the Accountant needs fewer than three waiting minions, the Chief
Operations Officer at least one), and after each box goes on to one of the two boxes of the card right
below it, until the box it stands on has no card below. The box's action is carried out on the way
(each section module's ENTER table says how). A seat's walk ends with the deliveries it still wants to
make, then the next seat walks; after the last seat, Kumichō's meeting.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from neko_lab.core import Pending, serializable
from neko_lab.core.fast import keep_legal, new_tuple as _new

from ..data import CHILD, LEVEL_OF, SASHIMI
from . import delivery_zone, meeting, simultaneous
from .delivery_zone import Deliver
from .rulebook import COMMAND, LIEUTENANTS

if TYPE_CHECKING:
    from .state import GameState

WAITING_ROOM_FULL = 3


@serializable
class Box(NamedTuple):
    """Walk to (or start on) the `side` box (0 left, 1 right) of the card at `place`."""
    place: int
    side: int
    action: str
    level: int

    def __str__(self) -> str:
        if self.place == 0:
            return "Accountant" if self.side == 0 else "Chief Operations Officer"
        times = "once" if self.level == 1 else f"up to {self.level} times"
        return f"place {self.place + 1} {'left' if self.side == 0 else 'right'} box: {self.action}, {times}"


@serializable
class Stop(NamedTuple):
    """Leave the current box (an optional action need not be used, or not fully)."""
    action: str

    def __str__(self) -> str:
        return f"stop the {self.action}"


@serializable
class EndWalk(NamedTuple):
    """Finish the command phase without further deliveries."""
    turn: int

    def __str__(self) -> str:
        return "end the command phase"


def box(s: "GameState", seat: int, p: int, side: int) -> Box:
    return _new(Box, (p, side, s.card_at(seat, p).box_text(side), LEVEL_OF[p]))


def start_command(s: "GameState", seat: int) -> None:
    s.path[seat] = ()
    s.pending.append(Pending("walk", seat, 0))


def legal_walk(s: "GameState", seat: int, p: int) -> list:
    if p == 0:
        waiting = len(s.waiting[seat])
        return [box(s, seat, 0, side) for side, ok in ((0, waiting < WAITING_ROOM_FULL), (1, waiting > 0))
                if ok]
    return [box(s, seat, p, 0), box(s, seat, p, 1)]


def take_walk(s: "GameState", seat: int, p: int, action: Box) -> None:
    s.path[seat] += (2 * action.place + action.side,)
    s.emit("turn {}: leader on {}", LIEUTENANTS if action.place == 0 else COMMAND, seat, s.turn, action,
           place=action.place, side=action.side,
           cover=f"turn {s.turn}: {simultaneous.WALK_COVER}" if action.place == 0 else "")
    act = s.card_at(seat, action.place).boxes[action.side][0]
    s.ENTER[act](s, seat, action.place, action.side)


def after_box(s: "GameState", seat: int, p: int, side: int) -> None:
    """The box at (p, side) is done: walk on to the card below it, or end the walk."""
    c = CHILD[p][side]
    if c >= 0 and s.pyramid[seat][c] >= 0:
        s.pending.append(Pending("walk", seat, c))
        return
    ask_deliveries(s, seat)


def ask_deliveries(s: "GameState", seat: int) -> None:
    """At the end of the walk, offer the sashimi deliveries still possible, or finish the walk."""
    options = delivery_zone.slot_options(s, seat, SASHIMI)
    if options:
        s.pending.append(Pending("deliveries", seat))
        keep_legal(s, options + [_new(EndWalk, (s.turn,))])      # legal_deliveries' list, already at hand
        return
    finish_command(s, seat)


def legal_deliveries(s: "GameState", seat: int, data: Any) -> list:
    return delivery_zone.slot_options(s, seat, SASHIMI) + [_new(EndWalk, (s.turn,))]


def take_deliveries(s: "GameState", seat: int, data: Any, action: Deliver | EndWalk) -> None:
    if isinstance(action, Deliver):
        delivery_zone.deliver(s, seat, action)
        ask_deliveries(s, seat)
        return
    finish_command(s, seat)


def finish_command(s: "GameState", seat: int) -> None:
    s.walked[seat] = s.turn
    nxt = simultaneous.next_seat(s, lambda j: s.walked[j] == s.turn)
    if nxt is not None:
        start_command(s, nxt)
        return
    meeting.kumicho_meeting(s)
    if not s.over and not s.pending:        # solo: the player may have CatANNA's wild slots to decide
        start_command(s, 0)


def check_walk(s: "GameState", seat: int) -> None:
    """The walk so far is one chain of boxes, each on the card below the one before."""
    path = s.path[seat]
    if not path:
        return
    assert path[0] // 2 == 0, f"player {seat + 1}'s walk did not start on the lieutenants card"
    for a, b in zip(path, path[1:]):
        assert CHILD[a // 2][a % 2] == b // 2, f"player {seat + 1}'s walk skipped a card"
    assert len(path) <= 4, "a walk has at most 4 boxes"
    if s.walked[seat] == s.turn and s.turn:
        last = path[-1]
        c = CHILD[last // 2][last % 2]
        assert c < 0 or s.pyramid[seat][c] < 0, f"player {seat + 1}'s walk stopped above a card"


DECISIONS = {"walk": (legal_walk, take_walk), "deliveries": (legal_deliveries, take_deliveries)}
