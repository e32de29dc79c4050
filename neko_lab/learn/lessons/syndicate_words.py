"""Neko Syndicate in words, for its lesson and drills: cards, boxes, places and cubes as a player says
them (places, levels, slots counted from 1), read from the learner's own area only."""
from __future__ import annotations

from neko_lab.core.errors import counted
from typing import Any

from ...core.state import State
from ...games.syndicate.data import (CHILD, COLOURS, LEVEL_OF, LINES, MULTIPLIER, SLOT_KINDS, VERTICAL, WILD,
                                     neighbourhood_name)

R = "Neko Syndicate \u203a "
SETUP, COMMAND, LIEUTENANTS = R + "Game Set-up", R + "Command phase", R + "Lieutenants card"
ACCOUNTANT, COO, MINIONS = R + "Accountant", R + "Chief Operations Officer", R + "Minions cards"
FISHMONGER, DELIVERY, SUBWAY = R + "Fishmonger", R + "Delivery lady", R + "Subway operator"
COOK, STOREKEEPER, ZONE = R + "Cook", R + "Storekeeper", R + "Delivery zone"
MEETING, END = R + "Kumich\u014d's meeting", R + "Game End and Scoring"
STRUCTURE, MISSION_POINTS = R + "Pyramidal Structure Points", R + "Mission Points"
SECTION_OF = {"fishmonger": FISHMONGER, "delivery lady": DELIVERY, "subway operator": SUBWAY,
              "cook": COOK, "storekeeper": STOREKEEPER, "accountant": ACCOUNTANT,
              "chief operations officer": COO}
ROLE = {"fishmonger": "brings cubes of its colour from your warehouse onto its own card",
        "delivery lady": "moves loose cubes one neighbourhood up or down",
        "subway operator": "moves loose cubes between neighbourhoods on the same subway line",
        "cook": "fills nigiri slots with a matching cube from the same upper neighbourhood",
        "storekeeper": "swaps a loose cube for one of another colour from your warehouse",
        "accountant": "draws 3 minions into the Waiting Room, then discards 2 from it",
        "chief operations officer": "places a waiting minion in your pyramid"}


def kind(a: Any) -> str:
    return type(a).__name__


def area(state: State, seat: int) -> dict:
    return state.observation(seat)["areas"][seat]


def colour(c: int) -> str:
    return "any colour" if c == WILD else COLOURS[c]


def slot_words(card: Any) -> str:
    if not card.slots:
        return "no delivery slots"
    said = ", ".join(f"{SLOT_KINDS[k]} {colour(c)}" for k, c in card.slots)
    extra = f" (+{card.extra} when all are filled)" if card.extra else ""
    return f"slots {said}{extra}"


def card_words(state: State, cid: int) -> str:
    """"minion 12: boxes Fishmonger (tuna) | Cook; upper on line B with slots ..., lower on line C"."""
    c = state.cards[cid]
    boxes = " | ".join(c.box_text(side).capitalize() for side in (0, 1))
    up = LINES[c.upper] if c.upper >= 0 else "-"
    low = LINES[c.lower] if c.lower >= 0 else "-"
    return (f"minion {cid + 1} (boxes {boxes}; upper neighbourhood line {up} with {slot_words(c)}; lower "
            f"neighbourhood line {low})")


def box_words(state: State, seat: int, place: int, side: int) -> str:
    c = state.cards[area(state, seat)["pyramid"][place]]
    return c.box_text(side).capitalize()


def place_words(p: int) -> str:
    lv = LEVEL_OF[p]
    return f"place {p + 1} (level {lv}, \u00d7{MULTIPLIER[lv]} at the end)"


def below(state: State, seat: int, place: int, side: int) -> str:
    """Where the walk goes after this box."""
    c = CHILD[place][side]
    pyr = area(state, seat)["pyramid"]
    if c < 0 or pyr[c] < 0:
        return "no card hangs below that box, so the walk ends there"
    return f"then the walk goes on to the card at place {c + 1}"


def loose(state: State, seat: int) -> list[tuple[int, int, int]]:
    """(neighbourhood, colour, count) of the seat's loose cubes."""
    return [tuple(x) for x in area(state, seat)["cubes"]]


def loose_count(state: State, seat: int) -> int:
    return sum(n for _, _, n in loose(state, seat))


def free_slots(state: State, seat: int, kind_: int | None = None) -> list[tuple[int, int, int]]:
    """(place, slot kind, colour) of the seat's empty slots, place 0 (the lieutenants card, whose slots
    are wild: Delivery zone) included; places count from 0 here, from 1 in what is said."""
    a = area(state, seat)
    out = []
    for p, cid in enumerate(a["pyramid"]):
        if cid < 0:
            continue
        for k, (kd, c) in enumerate(state.cards[cid].slots):
            if a["filled"][p][k] < 0 and (kind_ is None or kd == kind_):
                out.append((p, kd, c))
    return out


def hood(n: int) -> str:
    return f"the {neighbourhood_name(n)} neighbourhood"


def level_of_hood(n: int) -> int:
    return LEVEL_OF[n // 2]


def loose_cost(n: int) -> str:
    lv = level_of_hood(n)
    return f"a cube left loose there costs 2 \u00d7 {MULTIPLIER[lv]} = {2 * MULTIPLIER[lv]} points at the end"


def slot_value(p: int) -> str:
    lv = LEVEL_OF[p]
    return f"+1 \u00d7 {MULTIPLIER[lv]} = {counted(MULTIPLIER[lv], 'point')} at the end (level {lv})"


def action_words(state: State, a: Any) -> str:
    """The move in a player's words (the action's own text, with boxes and cards named)."""
    seat = state.current_player
    k = kind(a)
    if k == "Open":
        return (f"keep {card_words(state, a.under)} below the Accountant and minion {a.waiting + 1} in the "
                f"Waiting Room")
    if k == "Box" and a.place == 0:
        return "start on the Accountant" if a.side == 0 else "start on the Chief Operations Officer"
    if k == "Box":
        return f"walk to the {'left' if a.side == 0 else 'right'} box of place {a.place + 1}: {a.action.capitalize()}"
    if k == "Place":
        return f"place minion {a.card + 1} at {place_words(a.place)}"
    if k == "Discard":
        return f"discard minion {a.card + 1}"
    return str(a)


def potential(state: State, cid: int) -> tuple[int, int]:
    """(slots, extra points once all are filled) of a card: what it can add before its level's multiplier."""
    c = state.cards[cid]
    return len(c.slots), c.extra


def card_room(state: State, cid: int) -> str:
    """"3 slots (+2 when all are filled)": what a card can add, in words."""
    n, extra = potential(state, cid)
    return f"{n} slot{'s' if n != 1 else ''}" + (f" (+{extra} when all are filled)" if extra else "")


def takers(state: State, colour_: int) -> list[tuple[int, int, int]]:
    """The learner's free slots that take a cube of `colour_` (its colour or any colour)."""
    return [s for s in free_slots(state, state.current_player) if s[2] in (colour_, WILD)]


def reach(state: State, n: int, colour_: int) -> tuple[int, int]:
    """(moves, place from 0) of the nearest free slot of the learner's that takes a cube of `colour_`
    standing in neighbourhood n: moves are Delivery lady steps or subway rides through the pyramid as it
    stands (position_value.distances); (99, -1) when none can be reached."""
    from ...games.syndicate.position_value import distances
    dist = distances(state, state.current_player, {})[n]
    return min(((dist[2 * p], p) for p, _kd, _c in takers(state, colour_)), default=(99, -1))


def lands(state: State, n: int, colour_: int) -> str:
    """Where a cube of `colour_` in neighbourhood n stands with regard to the learner's free slots."""
    moves, p = reach(state, n, colour_)
    if moves == 0:
        return f"beside a free slot of place {p + 1} that takes it"
    if moves < 99:
        return (f"{counted(moves, 'move')} (a Delivery lady step or a subway ride each) from a free slot of "
                f"place {p + 1} that takes it")
    return f"where no free slot of yours that takes {COLOURS[colour_]} can be reached"


def _side(side: int) -> str:
    return "left" if side == 0 else "right"


def _parents(state: State, p: int) -> list[tuple[int, int]]:
    """The boxes (place, side; from 0) of the learner's cards that a card at place p would hang below,
    from which a walk steps onto it: only boxes of cards in the pyramid now."""
    pyr = area(state, state.current_player)["pyramid"]
    return [(q, side) for q in range(len(CHILD)) for side in (0, 1) if CHILD[q][side] == p and pyr[q] >= 0]


def _parent_words(state: State, p: int) -> str:
    return " or ".join(f"the {_side(side)} box of place {q + 1}" for q, side in _parents(state, p))


def walk_onto(state: State, p: int, walk: list) -> str:
    """How this turn's walk stands to a card at the open place p: `walk` is the learner's walk of this
    turn, its boxes in order (Box moves: the Chief Operations Officer it starts on, then the boxes the
    lesson's line takes after the placement). Read from the learner's pyramid, true of the position."""
    k = next((i for i, b in enumerate(walk) if b.place == p), None)
    if k:
        up, here = walk[k - 1], walk[k]
        assert CHILD[up.place][up.side] == p
        return (f"place {p + 1} hangs below the {_side(up.side)} box of place {up.place + 1}, the "
                f"{up.action.capitalize()} this turn's walk takes, so a card there works this very turn: its "
                f"{here.action.capitalize()}, up to {counted(here.level, 'time')}")
    for q, side in _parents(state, p):
        b = next((b for b in walk if b.place == q), None)
        if b is None:
            continue
        box = box_words(state, state.current_player, q, side)
        if b.side != side:
            return (f"place {p + 1} hangs below the {_side(side)} box of place {q + 1}, the {box}, which this "
                    f"turn's walk would take in place of the {b.action.capitalize()} it takes there")
        return (f"place {p + 1} hangs below the {_side(side)} box of place {q + 1}, the {box}, where this turn's "
                f"walk ends: a card there would carry it on")
    return f"place {p + 1} hangs below {_parent_words(state, p)}, which this turn's walk does not pass"


def _open(state: State, wanted: Any, a: Any) -> str:
    said = []
    if a.under != wanted.under:
        mine, theirs = sum(potential(state, a.under)), sum(potential(state, wanted.under))
        head = (f"that puts minion {a.under + 1} below the Accountant, where its {card_room(state, a.under)} "
                f"could add at most {mine} \u00d7 3 = {3 * mine} points on level 2")
        if theirs > mine:
            head += f", against up to {theirs} \u00d7 3 = {3 * theirs} for minion {wanted.under + 1}"
        elif theirs == mine:
            head += f", as much as minion {wanted.under + 1} could"
        said.append(head)
    if a.waiting != wanted.waiting:
        mine, theirs = sum(potential(state, a.waiting)), sum(potential(state, wanted.waiting))
        said.append(f"minion {a.waiting + 1} ({card_room(state, a.waiting)}) would wait for the Chief Operations "
                    f"Officer instead of minion {wanted.waiting + 1} ({card_room(state, wanted.waiting)})"
                    + (", which has more to fill" if theirs > mine else ""))
    thrown = [c + 1 for c in (wanted.under, wanted.waiting) if c not in (a.under, a.waiting)]
    if thrown:
        said.append(f"minion{'s' if len(thrown) > 1 else ''} {' and '.join(map(str, thrown))} would go to the "
                    f"discard pile")
    return "; ".join(said)


def _take(state: State, wanted: Any, a: Any) -> str:
    name, lv = COLOURS[a.colour], LEVEL_OF[a.place]
    room = len(takers(state, a.colour))
    slots = f"{counted(room, 'free slot')} of yours that take{'s' if room == 1 else ''} {name} or any colour"
    if a.count < wanted.count:
        fewer = wanted.count - a.count
        return (f"taking {a.count} instead of {wanted.count} brings {counted(fewer, name + ' cube')} fewer onto your "
                f"cards, for the {slots}: each cube delivered adds +1 times its level's multiplier (the first on "
                f"a card also ends that card's \u22122), and the Fishmonger is the only box that brings cubes "
                f"out of the warehouse")
    extra = a.count - wanted.count
    cost = 2 * MULTIPLIER[lv]
    return (f"taking {a.count} instead of {wanted.count} brings {counted(extra, name + ' cube')} more than the step "
            f"takes for the {slots}: a cube still loose at the end costs 2 \u00d7 {MULTIPLIER[lv]} = {cost} "
            f"points on level {lv}, where this Fishmonger puts its cubes")


def _place(state: State, wanted: Any, a: Any, walk: list | None = None) -> str:
    """A placement other than the step's: the card, the level's multiplier, and (with `walk`, this turn's
    walk in the lesson's line: walk_onto) how the walk reaches each place; without it, the boxes a walk
    steps onto each place from."""
    said = []
    if a.card != wanted.card:
        said.append(f"that places minion {a.card + 1} ({card_room(state, a.card)}) and leaves minion "
                    f"{wanted.card + 1} ({card_room(state, wanted.card)}) waiting")
    if a.place != wanted.place:
        m, mw = MULTIPLIER[LEVEL_OF[a.place]], MULTIPLIER[LEVEL_OF[wanted.place]]
        head = f"place {a.place + 1} is on level {LEVEL_OF[a.place]}, \u00d7{m} at the end"
        if mw > m:
            head += (f", where place {wanted.place + 1} counts \u00d7{mw}: each slot filled on the card is worth "
                     f"{mw - m} more there")
        elif walk:
            head += (f", where place {wanted.place + 1} counts \u00d7{mw}" + (
                f": each slot filled on the card would be worth {m - mw} more at place {a.place + 1}, but "
                if m > mw else ", as much; ") + f"{walk_onto(state, a.place, walk)}, and "
                f"{walk_onto(state, wanted.place, walk)}")
        else:
            head += (f"; walks step onto it from {_parent_words(state, a.place)}, onto place {wanted.place + 1} "
                     f"from {_parent_words(state, wanted.place)}")
        said.append(head)
    return "; ".join(said)


def _discard(state: State, wanted: Any, a: Any) -> str:
    mine, theirs = sum(potential(state, a.card)), sum(potential(state, wanted.card))
    said = (f"that throws away minion {a.card + 1} ({card_room(state, a.card)}) and keeps minion "
            f"{wanted.card + 1} ({card_room(state, wanted.card)})")
    if mine > theirs:
        said += f"; the step keeps minion {a.card + 1}, which has more to fill once placed"
    return said


def _slot(state: State, wanted: Any, a: Any) -> str:
    m, mw = MULTIPLIER[LEVEL_OF[a.place]], MULTIPLIER[LEVEL_OF[wanted.place]]
    said = (f"that fills {SLOT_KINDS[a.kind]} slot {a.slot + 1} at place {a.place + 1} instead (+1 \u00d7 {m} "
            f"on level {LEVEL_OF[a.place]})")
    if mw > m:
        said += f", where the step's slot at place {wanted.place + 1} counts +1 \u00d7 {mw}"
    return said


def _stop_left(state: State) -> int:
    return state.pending[-1].data[2] if isinstance(state.pending[-1].data, tuple) else 0


def _wanted_goal(state: State, wanted: Any, a: Any) -> str:
    """What the step's own cube move achieves, said only where it brings its cube nearer a free slot it
    fits than the learner's move `a` brings a cube (exact, from the learner's free slots)."""
    def nearer(n: int, c: int) -> int:
        return reach(state, n, c)[0]
    other = {"Carry": lambda: nearer(a.to, a.colour), "Swap": lambda: nearer(a.at, a.new)}.get(kind(a), lambda: 99)()
    k = kind(wanted)
    if k == "Carry" and nearer(wanted.to, wanted.colour) < min(other, nearer(wanted.frm, wanted.colour) + 1):
        return f"the step's move puts the {COLOURS[wanted.colour]} cube {lands(state, wanted.to, wanted.colour)}"
    if k == "Swap" and nearer(wanted.at, wanted.new) < other:
        return f"the step's swap puts a {COLOURS[wanted.new]} cube {lands(state, wanted.at, wanted.new)}"
    if k == "Stop":
        return "the step stops here and keeps the cubes where they stand"
    return ""


def contrast(state: State, wanted: Any, a: Any, walk: list | None = None) -> str:
    """What a (wrong) move `a` would do, set against the step's move `wanted`, in game terms (points,
    slots, cubes) read from the learner's own area: never an argument for `a` over `wanted` that the
    numbers do not make. `walk`: this turn's walk in the lesson's line, for a placement (walk_onto)."""
    seat = state.current_player
    k = kind(a)
    if k == "Open" and kind(wanted) == "Open":
        return _open(state, wanted, a)
    if k == "Take" and kind(wanted) == "Take":
        return _take(state, wanted, a)
    if k == "Place" and kind(wanted) == "Place":
        return _place(state, wanted, a, walk)
    if k == "Discard" and kind(wanted) == "Discard":
        return _discard(state, wanted, a)
    if k == "Deliver" and kind(wanted) == "Deliver":
        return _slot(state, wanted, a)
    if k in ("Carry", "Swap", "Stop"):
        if k == "Stop":
            left = _stop_left(state)
            said = f"stopping gives up the {counted(left, 'use')} of this box still left"
        elif k == "Carry":
            how = "by subway" if a.subway else "one step"
            said = f"that moves the {COLOURS[a.colour]} cube {how} to {hood(a.to)}, {lands(state, a.to, a.colour)}"
        else:
            said = f"that swap puts a {COLOURS[a.new]} cube in {hood(a.at)}, {lands(state, a.at, a.new)}"
            if reach(state, a.at, a.old)[0] <= reach(state, a.at, a.new)[0] < 99 or reach(state, a.at, a.old)[0] == 0:
                said += f", where the {COLOURS[a.old]} cube it replaces is {lands(state, a.at, a.old)} already"
        goal = _wanted_goal(state, wanted, a)
        return said + (f"; {goal}" if goal else "")
    if k == "Keep":
        return f"keeping the cube loose gives up the slot, and {loose_cost(a.at)}"
    if k == "EndWalk":
        n = len([x for x in state.legal_actions() if kind(x) == "Deliver"])
        return f"ending the walk now leaves {n} possible sashimi deliver{'y' if n == 1 else 'ies'} undone"
    if k == "Box" and a.place == 0:
        return ("the Accountant only plans: it draws and discards, but places nothing" if a.side == 0 else
                "the Chief Operations Officer places a waiting minion now, but draws nothing")
    if k == "Box":
        return (f"the {'left' if a.side == 0 else 'right'} box is {a.action.capitalize()}, which "
                f"{ROLE.get(a.action.split(' (')[0], 'acts')}; {below(state, seat, a.place, a.side)}")
    if k == "Redraw":
        said = "drawing four new minions (allowed once) throws these four away unseen by the pyramid"
        if kind(wanted) == "Open":
            n = sum(potential(state, wanted.under))
            said += (f", among them minion {wanted.under + 1}, whose {card_room(state, wanted.under)} could add up "
                     f"to {n} \u00d7 3 = {3 * n} points below the Accountant")
        return said
    if k == "Open":
        return f"keeping minion {a.under + 1} below the Accountant and minion {a.waiting + 1} waiting gives up the redraw"
    return f"{a} leaves the step's plan"
