"""Turn Phases: the fifteen turns are played simultaneously (the default; `simultaneous=False` is the
first-game way, everything in the open). The engine still asks one seat after another, so this module
keeps every seat to what it could know at such a table:

* one drawing deck whose order no seat knows: a turn that could empty the deck (fewer cards in it
  than three per seat) begins with the discard pile shuffled and put under the deck, so
  the pile is never turned over in the middle of a turn, and a seat's own draws can never show how
  many cards another seat took (a turned-over pile of known order would; lieutenants_card.top_up);
* what the table showed when the turn began (every area, the drawing deck's size, the discard pile)
  is kept in `shown` and `table_start`; a seat sees the other areas as they were then, and the deck
  and discard pile as they were then changed by its own draws and discards only (`own_draws`,
  `own_discards`);
* the events of a seat's turn are told to the others only as "walks down the pyramid" (the opening: "keeps
  two opening minions"), and in full, for everyone, when the turn is revealed: at Kumichō's meeting (the
  opening: when turn 1 begins);
* a search copy for a seat (`redeal`) takes back everything the other seats did out of its sight this
  turn (they choose again, in the copy's future; no card of theirs can have reached another seat
  within the turn) and deals every card that seat has not seen afresh: the drawing deck and the
  other seats' opening hands.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from neko_lab.core.events import joined

from ..data import MINIONS
from .rulebook import rule

if TYPE_CHECKING:
    from neko_lab.core import Rng
    from .state import GameState

TURN_PHASES = rule("Turn Phases")
WALK_COVER = "walks down the pyramid (shown at Kumichō's meeting)"
OPENING_COVER = "keeps two opening minions (shown when turn 1 begins)"


def hiding(s: "GameState") -> bool:
    """True while seats act out of each other's sight (a simultaneous table of two or more)."""
    return s.players > 1 and s.options["simultaneous"] and not s.over


def start_turn(s: "GameState") -> None:
    """A turn (or the opening) begins (after lieutenants_card.top_up): remember what the table shows."""
    n = s.players
    s.shown = [s.area(j) for j in range(n)]
    s.table_start = (tuple(s.deck), tuple(s.discard), s.deck_known)
    s.own_draws = [0] * n
    s.own_discards = [()] * n
    s.turn_log = len(s.log)
    s.secret_seat = None


def draws_left(s: "GameState") -> bool:
    """May a card still be drawn? In a simultaneous turn only from the deck (never the pile of this
    turn's discards, which is shuffled in when the next turn begins)."""
    return bool(s.deck) or (bool(s.discard) and not (hiding(s) and s.turn >= 1))


def came_up_short(s: "GameState", seat: int) -> None:
    """The seat's draw found the deck empty (only when deck and pile together held fewer cards than
    three per seat): from then on it knows the deck is empty, whatever it held when the turn began."""
    s.own_draws[seat] = max(s.own_draws[seat], len(s.table_start[0]))


def reveal(s: "GameState", what: str) -> None:
    """The turn's hidden moves are shown to everyone: one event per seat, in that seat's own words."""
    if not hiding(s):
        s.secret_seat = None
        return
    s.secret_seat = None
    # the turn's secret events, except a choice that logged nothing (quiet); in a search copy, the real
    # game's events it inherited read only as the searching seat saw them (Log.seen_by): another seat's
    # as a public cover or an empty text, both left out, so the copy tells only its own re-chosen walks.
    # Their texts are joined only when the reveal is read (a simulation never reads it).
    hidden = [(seat, handle) for seat, data, handle in s.log.covered_since(s.turn_log)
              if not data.get("quiet")]
    for j in range(s.players):
        told = [handle for seat, handle in hidden if seat == j]
        if told:
            s.emit("{}, shown to all: {}", TURN_PHASES, j, what, joined(told, f"{what}: "))


def table_view(s: "GameState", seat) -> tuple[int, list[int], list[int] | None]:
    """(deck size, discard pile, deck order or None) as `seat` sees them: a seat, or "public" (the
    table at the start of the turn) or "all" (everything as it is)."""
    if not hiding(s) or seat == "all":
        return len(s.deck), list(s.discard), list(s.deck) if s.deck_known else None
    deck, discard, known = s.table_start
    if not isinstance(seat, int):
        return len(deck), list(discard), list(deck) if known else None
    left = max(0, len(deck) - s.own_draws[seat])
    return left, seen_discard(s, seat), list(deck[:left]) if known else None


def seen_discard(s: "GameState", seat: int) -> list[int]:
    """The discard pile as the turn began, then the seat's own discards (the pile is never turned over
    within a simultaneous turn)."""
    return list(s.table_start[1]) + list(s.own_discards[seat])


def sees_live(s: "GameState", seat, j: int) -> bool:
    """Does `seat` see seat j's area as it is now (else: as the turn began)?"""
    return not hiding(s) or seat == "all" or seat == j


def redeal(s: "GameState", seat: int, rng: "Rng") -> None:
    """Turn the copy `s` into one of the positions `seat` cannot tell from the real one (see the module
    docstring). Everything hidden is dealt from the sorted pool, so the copy depends only on what the
    seat knows and on `rng`."""
    n = s.players
    if s.turn == 0:
        unseen = [j for j in range(n) if j != seat and s.pyramid[j][1] >= 0]
    else:
        unseen = [j for j in range(n) if j != seat and s.walked[j] == s.turn]
    # none of their cards can have reached another seat: the pile is not turned over within a turn
    for j in unseen:
        pyramid, cubes, filled, warehouse, waiting, markers, redrawn = s.shown[j]
        s.pyramid[j], s.cubes[j], s.filled[j], s.warehouse[j] = pyramid, cubes, filled, warehouse
        s.waiting[j], s.markers[j], s.mulligan[j] = waiting, markers, redrawn
        s.delivered[j] = s.delivered[j][:sum(1 for f in filled for c in f if c >= 0)]
        s.path[j] = ()
        if s.turn:
            s.walked[j] = s.turn - 1
        s.own_draws[j], s.own_discards[j] = 0, ()
    placed = set(s.opening[seat])
    for j in range(n):
        placed |= _cards(s.pyramid[j], s.waiting[j])
    s.discard = [c for c in seen_discard(s, seat) if c not in placed]
    seen = set(s.discard) | placed
    pool = [c for c in range(MINIONS) if c not in seen]
    rng.shuffle(pool)
    if s.turn == 0:
        for j in range(n):
            if j != seat:
                s.opening[j] = tuple(pool.pop() for _ in range(min(4, len(pool)))) \
                    if s.pyramid[j][1] < 0 else ()
    s.deck = pool
    s.deck_known = False


def _cards(pyramid: tuple, waiting: tuple) -> set[int]:
    return {c for c in pyramid if 0 <= c < MINIONS} | set(waiting)


def next_seat(s: "GameState", chosen) -> int | None:
    """The first seat that has not yet acted this turn (in seat order; in a search copy a seat whose
    moves were taken back acts again after the others)."""
    return next((j for j in range(s.players) if not chosen(j)), None)
