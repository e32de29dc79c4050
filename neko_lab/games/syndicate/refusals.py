"""Why a Neko Syndicate move is refused, with the rule and this position's numbers (wired as the game's
_why_illegal, so IllegalAction carries it): a walk that does not go on from where the leader stands, a
Fishmonger asked for more cubes than its level or the warehouse allow, a minion placed where no card is
above, a cube moved off its line or to a neighbourhood not next to it, a delivery to a slot that takes
another colour or kind, a cube exchanged, discarded, kept or coloured that is not there.

Every reason reads the acting seat's own area (and, solo, CatANNA's open warehouse) only: at a
simultaneous table the other seats' walks stay out of sight.
"""
from __future__ import annotations

from typing import Any

from neko_lab.core.errors import counted
from neko_lab.core.refusals import short

from . import data as sd
from .data import COLOURS, LEVEL_OF, LINES, NIGIRI, PARENTS, SASHIMI, SLOT_KINDS, WILD, neighbourhood_name, upper
from .rules.command_phase import WAITING_ROOM_FULL, Box
from .rules.delivery_zone import Deliver
from .rules.lieutenants_card import Discard, Place, open_places
from .rules.minions_cards import Carry, Keep, Swap, Take, line_of
from .rules.rulebook import (ACCOUNTANT, COMMAND, COO, COOK, DELIVERY, DELIVERY_ZONE, FISHMONGER, LIEUTENANTS,
                             SETUP, SOLO_SCORING, STOREKEEPER, SUBWAY)
from .rules.solo import WildCube


def _colour(c: Any) -> str:
    return COLOURS[c] if isinstance(c, int) and 0 <= c < len(COLOURS) else f"colour {c}"


def empty_place_reason(s: Any, seat: int, p: int) -> str:
    """Why `seat` cannot put anything on its empty place `p` (0-based) now, with the rule's section (the
    board says it of a click on a place that is not lit, a refusal of a Place)."""
    where = f"place {p + 1} (level {LEVEL_OF[p]})"
    if p not in open_places(s, seat):
        names = " and ".join(f"place {q + 1}" for q in PARENTS[p])
        none = "no card is there" if len(PARENTS[p]) == 1 else "neither holds a card"
        return f"{where} hangs below {names}, and {none} yet: a minion goes only below a card already placed ({COO})"
    kind = s.pending[-1].kind if s.pending else ""
    waiting = len(s.waiting[seat])
    fill = ("an empty place is filled only with the Chief Operations Officer, the right box of the lieutenants card, "
            + (f"which puts a minion of your Waiting Room ({waiting} waiting) there" if waiting else
               "and only with a minion of your Waiting Room, which is empty now") + f" ({COO})")
    if kind == "walk":
        top = s.pending[-1]
        now = ("the walk starts on a box of the lieutenants card" if top.data == 0 else
               f"the walk goes on to a box of place {top.data + 1}, the card right below")
        return f"{where} is empty and a walk goes through cards only: {now} ({COMMAND}); {fill}"
    if kind == "opening":
        if p == 1:
            return (f"{where} takes the opening minion you keep below the Accountant: choose which in the list "
                    f"({SETUP})")
        return f"{where} stays empty at the start: the opening puts a minion only at place 2, below the Accountant ({SETUP})"
    return f"{where} is empty; {fill}"


def _box(s: Any, seat: int, top: Any, a: Box) -> str | None:
    if top.kind != "walk":
        return f"the walk goes on to its next box only once the box in use is finished ({COMMAND})"
    waiting = len(s.waiting[seat])
    if top.data == 0:
        if a.place != 0:
            return (f"every walk starts on a box of the lieutenants card (place 1), the Accountant or the Chief "
                    f"Operations Officer, before any minion's box ({LIEUTENANTS})")
        if a.side == 0 and waiting >= WAITING_ROOM_FULL:
            return (f"the Accountant may not be chosen with {waiting} minions waiting: it needs fewer than "
                    f"{WAITING_ROOM_FULL} ({ACCOUNTANT})")
        if a.side == 1 and not waiting:
            return f"the Chief Operations Officer needs a waiting minion, and your Waiting Room is empty ({COO})"
        return None
    if a.place != top.data:
        return (f"the walk goes on to a box of the card right below the box just used: place {top.data + 1} "
                f"({COMMAND})")
    return None


def _take(s: Any, seat: int, top: Any, a: Take) -> str | None:
    p, side, left = top.data
    colour = s.card_at(seat, p).boxes[side][1]
    if a.place != p:
        return (f"the Fishmonger puts its cubes in the lower neighbourhood of its own card, place {p + 1}, "
                f"not place {a.place + 1} ({FISHMONGER})")
    if a.colour != colour:
        return f"this Fishmonger takes {_colour(colour)} cubes only, not {_colour(a.colour)} ({FISHMONGER})"
    if isinstance(a.count, int) and a.count < 0:
        return f"the Fishmonger takes cubes from the warehouse, none or more, never fewer ({FISHMONGER})"
    if a.count > left:
        return (f"a Fishmonger on level {LEVEL_OF[p]} takes at most {counted(left, 'cube')}, as many as its "
                f"level ({FISHMONGER})")
    have = s.warehouse[seat][colour]
    if a.count > have:
        return (f"your warehouse holds only {counted(have, _colour(colour) + ' cube')}, and the Fishmonger takes "
                f"cubes from it ({FISHMONGER})")
    return None


def _place(s: Any, seat: int, a: Place) -> str | None:
    if a.card not in s.waiting[seat]:
        return (f"minion {a.card + 1} is not in your Waiting Room: the Chief Operations Officer places a waiting "
                f"minion ({COO})")
    if not 0 <= a.place < sd.PLACES:
        return f"the pyramid has places 2 to {sd.PLACES}, not {a.place + 1} ({COO})"
    if a.place == 0:
        return f"place 1 is the lieutenants card, at the head of every pyramid: a minion goes below it ({COO})"
    if s.pyramid[seat][a.place] >= 0:
        return f"place {a.place + 1} already holds a minion, and a placed minion stays where it is ({COO})"
    return empty_place_reason(s, seat, a.place)


def _carry(s: Any, seat: int, top: Any, a: Carry) -> str | None:
    if top.kind not in (sd.DELIVERY, sd.SUBWAY):
        return None
    subway = top.kind == sd.SUBWAY
    rule = SUBWAY if subway else DELIVERY
    n, m, c = a.frm, a.to, a.colour
    if not (0 <= n < sd.NEIGHBOURHOODS and 0 <= m < sd.NEIGHBOURHOODS and 0 <= c < 4):
        return f"it names a neighbourhood or colour that does not exist ({rule})"
    if a.subway != subway:
        return (f"the box in use is the {'Subway operator' if subway else 'Delivery lady'}: its move is a "
                f"{'ride along a line' if subway else 'step up or down'} ({rule})")
    if not s.cubes[seat][4 * n + c]:
        return f"there is no loose {COLOURS[c]} cube in {neighbourhood_name(n)} (a delivered cube never moves) ({rule})"
    if s.pyramid[seat][m // 2] < 0:
        return f"there is no card at place {m // 2 + 1} yet: cubes move between the cards of your pyramid ({rule})"
    if not subway:
        return (f"the Delivery lady moves a cube one step up or down: {neighbourhood_name(m)} is "
                f"not next to {neighbourhood_name(n)} ({DELIVERY})")
    if n == m:
        return f"a subway ride takes the cube to another neighbourhood of its line ({SUBWAY})"
    for x in (n, m):
        if x // 2 == 0 or line_of(s, seat, x) < 0:
            card = "the lieutenants card" if x // 2 == 0 else f"the card at place {x // 2 + 1}"
            return f"{neighbourhood_name(x)} has no subway station: {card} shows none there ({SUBWAY})"
    ln, lm = line_of(s, seat, n), line_of(s, seat, m)
    if ln != lm:
        return (f"the Subway operator moves a cube along one line: {neighbourhood_name(n)} is on line "
                f"{LINES[ln]} and {neighbourhood_name(m)} on line {LINES[lm]} ({SUBWAY})")
    return None


def _deliver(s: Any, seat: int, top: Any, a: Deliver) -> str | None:
    cook = top.kind == sd.COOK
    if top.kind not in (sd.COOK, "deliver", "deliveries"):
        return None
    rule = COOK if cook else DELIVERY_ZONE
    if cook and a.kind != NIGIRI:
        return f"the Cook fills nigiri slots; a sashimi slot takes its cube without him ({COOK})"
    if not cook and a.kind != SASHIMI:
        return f"a nigiri slot is filled only by the Cook; a delivery now fills a sashimi slot ({DELIVERY_ZONE})"
    if not (0 <= a.place < sd.PLACES and 0 <= a.colour < 4):
        return f"it names a place or colour that does not exist ({rule})"
    arrived = top.data[:2] if top.kind == "deliver" else None

    def not_arrived() -> str:
        n, colour = arrived
        return (f"the delivery offered now is of the {COLOURS[colour]} cube that just arrived in "
                f"{neighbourhood_name(n)}, to a slot of place {n // 2 + 1}; other cubes may be delivered "
                f"at the end of the walk ({DELIVERY_ZONE})")
    if arrived and a.place != arrived[0] // 2:
        return not_arrived()
    if s.pyramid[seat][a.place] < 0:
        return f"there is no card at place {a.place + 1} yet ({rule})"
    slots = s.card_at(seat, a.place).slots
    if not 0 <= a.slot < len(slots):
        return f"the card at place {a.place + 1} has {counted(len(slots), 'slot')} ({rule})"
    kind, want = slots[a.slot]
    if kind != a.kind:
        return (f"slot {a.slot + 1} at place {a.place + 1} is a {SLOT_KINDS[kind]} slot, not a "
                f"{SLOT_KINDS[a.kind]} one ({rule})")
    if s.filled[seat][a.place][a.slot] >= 0:
        return f"{SLOT_KINDS[kind]} slot {a.slot + 1} at place {a.place + 1} is filled already, for good ({rule})"
    if want not in (a.colour, WILD):
        return (f"{SLOT_KINDS[kind]} slot {a.slot + 1} at place {a.place + 1} takes a {COLOURS[want]} cube, not "
                f"a {COLOURS[a.colour]} one ({rule})")
    if arrived and a.colour != arrived[1]:
        return not_arrived()
    if not s.cubes[seat][4 * upper(a.place) + a.colour]:
        return (f"a slot takes a loose cube of its card's upper neighbourhood, and there is no loose "
                f"{COLOURS[a.colour]} cube in upper {a.place + 1} ({rule})")
    same = [d for d in s.legal_actions() if isinstance(d, Deliver) and (d.place, d.colour, d.kind)
            == (a.place, a.colour, a.kind) and slots[d.slot][1] == want]
    if same:
        return (f"free slots that take the same cube are one choice: the {COLOURS[a.colour]} cube goes on "
                f"{SLOT_KINDS[kind]} slot {same[0].slot + 1} at place {a.place + 1} first ({rule})")
    return None


def _swap(s: Any, seat: int, a: Swap) -> str | None:
    if not (0 <= a.at < sd.NEIGHBOURHOODS and 0 <= a.old < 4 and 0 <= a.new < 4):
        return f"it names a neighbourhood or colour that does not exist ({STOREKEEPER})"
    if not s.cubes[seat][4 * a.at + a.old]:
        return (f"there is no loose {COLOURS[a.old]} cube in {neighbourhood_name(a.at)} (a delivered cube never "
                f"moves) ({STOREKEEPER})")
    if a.new == a.old:
        return f"the Storekeeper exchanges a cube for one of another colour ({STOREKEEPER})"
    if not s.warehouse[seat][a.new]:
        return (f"your warehouse has no {COLOURS[a.new]} cube left to exchange the {COLOURS[a.old]} one "
                f"for ({STOREKEEPER})")
    return None


def why_illegal(s: Any, action: Any) -> str | None:
    """The rule behind a refused move, in a sentence with the section ("take 4 sea bass cubes to place 6
    is not possible now: a Fishmonger on level 3 takes at most 3 cubes, ..."); None when no rule here says
    more than the core's own reasons."""
    if not s.pending:
        return None
    reason = _reason(s, action)
    if not reason:
        return None
    shown = short(action)
    if type(action) is Box and action.place != 0:     # named by where it is (a click's box has no text)
        shown = f"the {'left' if action.side == 0 else 'right'} box of place {action.place + 1}"
    return f"{shown} is not possible now: {reason}"


def _reason(s: Any, action: Any) -> str | None:
    top = s.pending[-1]
    seat = top.seat
    t = type(action)
    if t is Box:
        return _box(s, seat, top, action)
    if t is Take and top.kind == sd.FISHMONGER:
        return _take(s, seat, top, action)
    if t is Place and top.kind == "coo":
        return _place(s, seat, action)
    if t is Discard and top.kind == "discard" and action.card not in s.waiting[seat]:
        return (f"minion {action.card + 1} is not in your Waiting Room: the Accountant discards from the "
                f"{counted(len(s.waiting[seat]), 'minion')} waiting there ({ACCOUNTANT})")
    if t is Carry:
        if top.kind not in (sd.DELIVERY, sd.SUBWAY):
            return "no Delivery lady or Subway operator is at work"
        return _carry(s, seat, top, action)
    if t is Deliver:
        return _deliver(s, seat, top, action)
    if t is Swap and top.kind == sd.STOREKEEPER:
        return _swap(s, seat, action)
    if t is Keep and top.kind == "deliver" and action.at != top.data[0]:
        return (f"the cube to keep loose is the one that just arrived, in {neighbourhood_name(top.data[0])} "
                f"({DELIVERY_ZONE})")
    if t is WildCube and top.kind == "catanna_wild":
        p, k = top.data
        if (action.place, action.slot) != (p, k):
            return (f"CatANNA's slots are filled in order, place by place: the wild slot to colour now is slot "
                    f"{k + 1} of place {p + 1} ({SOLO_SCORING})")
        if not (0 <= action.colour < 4 and s.catanna.warehouse[action.colour]):
            return (f"a wild slot takes a cube CatANNA still has, and her warehouse holds no "
                    f"{_colour(action.colour)} cube ({SOLO_SCORING})")
    return None
