"""Neko Syndicate in words, for its lesson and drills: cards, boxes, places and cubes as a player says
them (places, levels, slots counted from 1), read from the learner's own area only."""
from __future__ import annotations

from neko_lab.core.errors import counted
from typing import Any

from ...core.state import State
from ...games.syndicate.data import (CHILD, COLOURS, LEVEL_OF, LINES, MULTIPLIER, SLOT_KINDS, WILD,
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


def consequence(state: State, a: Any) -> str:
    """What a (wrong) move would do, in game terms: what the learner gives up or takes on by it."""
    seat = state.current_player
    k = kind(a)
    if k == "Stop":
        left = state.pending[-1].data[2] if isinstance(state.pending[-1].data, tuple) else 0
        return f"stopping gives up the {left} use{'s' if left != 1 else ''} of this box still left"
    if k == "Keep":
        return f"keeping the cube loose gives up the slot, and {loose_cost(a.at)}"
    if k == "EndWalk":
        n = len([x for x in state.legal_actions() if kind(x) == "Deliver"])
        return f"ending the walk now leaves {n} possible sashimi deliver{'y' if n == 1 else 'ies'} undone"
    if k == "Carry":
        lv = level_of_hood(a.to)
        how = "by subway" if a.subway else "one step"
        return (f"{a} moves the {COLOURS[a.colour]} cube {how} to {hood(a.to)} on level {lv}, where no "
                f"slot this step is after waits for it")
    if k == "Take":
        return (f"taking {a.count} cube{'s' if a.count != 1 else ''} instead: every cube still loose at the end "
                f"costs 2 points times its level's multiplier, and cubes not taken stay in the warehouse")
    if k == "Swap":
        return f"that swap makes a {COLOURS[a.new]} cube in {hood(a.at)}, which no slot this step is after needs"
    if k == "Deliver":
        return f"that fills {SLOT_KINDS[a.kind]} slot {a.slot + 1} at place {a.place + 1} instead"
    if k == "Box" and a.place == 0:
        return ("the Accountant only plans: it draws and discards, but places nothing" if a.side == 0 else
                "the Chief Operations Officer places a waiting minion now, but draws nothing")
    if k == "Box":
        return (f"the {'left' if a.side == 0 else 'right'} box is {a.action.capitalize()}, which "
                f"{ROLE.get(a.action.split(' (')[0], 'acts')}; {below(state, seat, a.place, a.side)}")
    if k == "Place":
        return f"place {a.place + 1} is on level {LEVEL_OF[a.place]}, \u00d7{MULTIPLIER[LEVEL_OF[a.place]]} at the end"
    if k == "Discard":
        return f"that throws away {card_words(state, a.card)}"
    if k == "Redraw":
        return "drawing four new minions (allowed once) throws these four away unseen by the pyramid"
    return f"{a} is another way"
