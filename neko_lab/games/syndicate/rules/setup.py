"""Game Set-up: the shuffled deck, Kumichō on column 1, three missions (one of each type), the
warehouses, and each player's opening draw of four minions with its one-time redraw."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from neko_lab.core import Pending, serializable

from ..data import MINIONS, MISSION_TYPES, SyndicateData, changed
from . import command_phase, lieutenants_card, simultaneous, solo
from .rulebook import SETUP

if TYPE_CHECKING:
    from .state import GameState

OPENING_DRAW = 4


@serializable
class Open(NamedTuple):
    """Keep two of the four opening minions: one below the Accountant, one in the Waiting Room."""
    under: int
    waiting: int

    def __str__(self) -> str:
        return f"minion {self.under + 1} below the Accountant, minion {self.waiting + 1} to the Waiting Room"


@serializable
class Redraw(NamedTuple):
    """Discard the four opening minions and draw four new ones (once per player)."""
    cards: int = OPENING_DRAW

    def __str__(self) -> str:
        return "discard all four and draw four new minions (once)"


def game_setup(s: "GameState", data: SyndicateData) -> None:
    rng = s.rng
    s.deck = list(range(MINIONS))
    rng.shuffle(s.deck)
    s.emit("the minion deck is shuffled; Kumichō stands on column 1 of his path", SETUP)
    s.missions = reveal_missions(s, data)
    for seat in range(s.players):
        s.opening[seat] = draw_opening(s)
    s.refresh_view()
    s.pending.append(Pending("opening", 0))
    solo.setup_catanna(s, data)          # solo: her markers go on the path once the table is set


def reveal_missions(s: "GameState", data: SyndicateData) -> tuple[int, ...]:
    """Missions are revealed from the shuffled deck until one of each type shows; the rest go back."""
    order = [m.number for m in data.missions]
    s.rng.shuffle(order)
    chosen: dict[str, int] = {}
    for number in order:
        kind = s.mission_type[number - 1]
        if kind not in chosen:
            chosen[kind] = number
        if len(chosen) == len(MISSION_TYPES):
            break
    picked = tuple(chosen[t] for t in MISSION_TYPES)
    s.emit("missions of this game: " + ", ".join(f"{m} ({s.mission_text[m - 1]})" for m in picked),
           SETUP, missions=picked)
    return picked


def draw_opening(s: "GameState") -> tuple[int, ...]:
    hand = [lieutenants_card.draw_card(s) for _ in range(OPENING_DRAW)]
    return tuple(c for c in hand if c is not None)


def legal_opening(s: "GameState", seat: int, data: Any) -> list:
    hand = s.opening[seat]
    acts: list = [] if s.mulligan[seat] else [Redraw()]
    acts += [Open(a, b) for a in hand for b in hand if a != b]
    return acts


def take_opening(s: "GameState", seat: int, data: Any, action: Open | Redraw) -> None:
    hand = s.opening[seat]
    if isinstance(action, Redraw):
        s.discard.extend(hand)
        s.own_discards[seat] += hand
        s.mulligan[seat] = True
        s.opening[seat] = draw_opening(s)
        s.own_draws[seat] += len(s.opening[seat])
        s.emit("discards the four opening minions and draws four new ones", SETUP, seat)
        s.pending.append(Pending("opening", seat))
        return
    s.pyramid[seat] = changed(s.pyramid[seat], 1, action.under)
    s.filled[seat] = changed(s.filled[seat], 1, (-1,) * len(s.cards[action.under].slots))
    s.waiting[seat] = (action.waiting,)
    rest = [c for c in hand if c not in action]
    s.discard.extend(rest)
    s.own_discards[seat] += tuple(rest)
    s.opening[seat] = ()
    s.emit(f"places {action}; discards " + " and ".join(f"minion {c + 1}" for c in rest) + " face up",
           SETUP, seat, under=action.under, waiting=action.waiting, cover=simultaneous.OPENING_COVER)
    nxt = simultaneous.next_seat(s, lambda j: s.pyramid[j][1] >= 0)
    if nxt is not None:
        s.pending.append(Pending("opening", nxt))
        return
    simultaneous.reveal(s, "opening")
    s.turn = 1
    s.refresh_view()
    command_phase.start_command(s, 0)


DECISIONS = {"opening": (legal_opening, take_opening)}
