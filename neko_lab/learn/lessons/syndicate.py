"""A whole first game of Neko Syndicate: two players, you (Player 1) against the Syndicate agent.

The script guides every decision of yours for all 15 turns: the Syndicate agent's own plan, in which
(with two players) a cube standing beside a free slot it fits is always delivered at once (deliver_now);
on this seed following it wins 63 to 38. What it teaches, and where:

1. Game Set-up — the opening draw: the four minions are shown, one goes below the Accountant (the
   first card of level 2), one to the Waiting Room, two to the discard pile; the once-a-game redraw of
   all four.
2. Lieutenants card, Accountant, Chief Operations Officer — every walk starts on one of the two boxes;
   which one is allowed depends on the Waiting Room; the Accountant draws 3 and discards 2, the Chief
   Operations Officer places a waiting minion in the pyramid.
3. Command phase — walking down: from each box to one of the two boxes of the card below, each box
   working up to its level's number of times, until no card hangs below.
4. Minions cards — Fishmonger, Delivery lady, Subway operator, Cook, Storekeeper, each the first time
   with what it does (the sixth and seventh boxes, Accountant and Chief Operations Officer, in 2).
5. Delivery zone — a cube reaching an upper neighbourhood with a sashimi slot of its colour (or a wild
   one, such as the lieutenants card's three) may be delivered at once; at the end of the walk too.
6. Mission Cards, Kumichō's meeting — the three missions in play and what meeting one early is worth, at
   the first walk; the missions met, said at the start of the next turn; the discard pile going back
   under the drawing deck (neko_lab's reading for simultaneous turns, said as such), at the walk after
   it does; the tie-break, at the last turn.
7. Pyramidal Structure Points and Mission Points — the cost of a card with no delivered cube in the
   welcome, at every placement and at each card's first delivery; in the finale, level by level with
   the ×4 … ×1 multipliers, then the mission markers.

Every step says what to do and why, in the game's terms; a different legal move is answered with what
that move would do instead, set against what the step's move does: the points, slots and cubes each
leaves the learner, never an argument for the other move the numbers do not make (syndicate_words.contrast).
"""
from __future__ import annotations

from typing import Any

from ...core.state import State
from ...games.syndicate.data import (CHILD, COLOURS, LEVEL_OF, LEVELS, LINES, MULTIPLIER, NIGIRI, SASHIMI,
                                     VERTICAL, WILD)
from ...games.syndicate.agents import deliver_instead
from ...games.syndicate.data import TURNS
from ...games.syndicate.rules.simultaneous import TURN_PHASES
from ...games.syndicate.scoring import ORDER_BONUS
from ..lesson import DeterministicBot, Lesson, Teach, checked_seed, seat_seed
from .syndicate_words import (ACCOUNTANT, COMMAND, COO, COOK, DELIVERY, END, FISHMONGER, LIEUTENANTS,
                              MEETING, MINIONS, MISSION_POINTS, ROLE, SECTION_OF, SETUP, STOREKEEPER,
                              STRUCTURE, SUBWAY, ZONE, action_words, area, below, card_words,
                              contrast, free_slots, hood, kind, loose_cost, place_words, slot_value, walk_onto)

GAME = "syndicate"
SEED = 3
PLAYERS = 2


def _seen(state: State, seat: int, *rules: str) -> int:
    return sum(1 for e in state.log if e.seat == seat and e.rule in rules)


def _news(state: State) -> str:
    """What the last Kumichō's meeting decided (public once the meeting is held)."""
    turn = state.observation(0)["turn"]
    said = [f"{'You' if e.seat == 0 else 'Player 2'} {e.text.replace('meets', 'met', 1)}" for e in state.log
            if e.rule == MEETING and e.data.get("column") == turn - 1]
    head = (f"Turn {turn} of 15. Kumichō's meeting closed turn {turn - 1}: each player's missions were checked "
            f"and Kumichō moved one column on ({MEETING}). ")
    if said:
        head += ("; ".join(said) + ". A marker sits in the column Kumichō stood on when the mission was met: "
                 "the further left, the more points it is worth. ")
    return head


# ---------------------------------------------------------------------------------- what is said
def say_opening(state: State, a: Any) -> str:
    hand = state.observation(0)["opening"]
    shown = "; ".join(card_words(state, c) for c in hand)
    if kind(a) == "Redraw":
        return (f"None of your four opening minions fits well: discard all four and draw four new ones (allowed "
                f"once) ({SETUP}). The four are {shown}.")
    rest = [c + 1 for c in hand if c not in (a.under, a.waiting)]
    return (f"Keep two of your four opening minions ({SETUP}): minion {a.under + 1} goes below the "
            f"Accountant, at {place_words(1)}: its boxes are the first minion actions of every walk that starts "
            f"on the Accountant, and its slots count three times at the end. Minion {a.waiting + 1} waits in "
            f"the Waiting Room until a Chief Operations Officer places it. Minions "
            f"{' and '.join(map(str, rest))} go face up on the discard pile. Had none of the four suited you, "
            f"you could instead throw all four away and draw four new ones, once in the game ({SETUP}); this "
            f"time two of them are kept. The four are {shown}.")


def missions_words(state: State) -> str:
    """The three missions of this game and what meeting one early is worth, from the position."""
    path = list(state.path_values)
    flat = next((i for i, v in enumerate(path) if v != path[0]), len(path))
    worth = (f"{path[0]} points if it is met by turn {flat}, then " + ", ".join(map(str, path[flat:flat + 2]))
             + f", … down to {path[-1]} at turn {len(path)}") if flat < len(path) else f"{path[0]} points"
    listed = "; ".join(f"mission {m} ({state.mission_text[m - 1]})" for m in state.missions)
    first, second = ORDER_BONUS[0], ORDER_BONUS[1]
    return (f" Three missions are in play this game, the same for both of you ({MISSION_CARDS}): {listed}. At "
            f"each Kumichō's meeting a mission your pyramid meets for the first time takes one of your markers, "
            f"worth {worth}; whoever meets a mission first also gains {first} points, the other {second} on "
            f"meeting it later (both {first} on the same turn) ({MISSION_POINTS}).")


def _deck_news(state: State) -> str:
    """The drawing deck refilled from the discard pile since the learner's last walk began, if it was:
    turned over as the rulebook says (Accountant), or, at a simultaneous table, shuffled in at the
    turn's start (neko_lab's reading, datasets/syndicate/README.md), said as such."""
    refill = [i for i, e in enumerate(state.log) if e.seat is None and (
        (e.rule == ACCOUNTANT) or (e.rule == TURN_PHASES and "cards" in e.data))]
    if not refill or any(e.seat == 0 and e.rule == LIEUTENANTS for e in state.log[refill[-1]:]):
        return ""
    first = len(refill) == 1
    if state.log[refill[-1]].rule == ACCOUNTANT:          # the rulebook's way: the empty deck is replaced
        return ((f"The drawing deck ran out, so the discard pile was turned face down, unshuffled, as the new "
                 f"deck ({ACCOUNTANT}): minions never run out, and cards discarded earlier come back. ") if first
                else f"The drawing deck ran out again and the discard pile became the new deck ({ACCOUNTANT}). ")
    return ((f"The drawing deck was down to fewer cards than the Accountants of this turn may draw, so the "
             f"turn began with the discard pile shuffled and put under it: minions never run out, and cards "
             f"discarded earlier may come back. The rulebook turns the discard pile over, unshuffled, only once "
             f"the deck is empty ({ACCOUNTANT}); shuffling it in at the start of the turn is neko_lab's reading "
             f"for turns played at the same time, where a pile order everyone had seen would tell each player "
             f"what the others drew out of sight. ") if first else
            f"The discard pile was shuffled and put under the drawing deck again at the start of this turn "
            f"(neko_lab's reading of {ACCOUNTANT} for turns played at the same time). ")


def _last_turn(state: State) -> str:
    turn = state.observation(0)["turn"]
    if turn != TURNS:
        return ""
    return (f"This is the last turn: after its meeting the game is scored. Should the totals tie, whoever "
            f"delivered more cubes gains one point; with as many deliveries too, the win is shared ({END}). ")


def say_start(state: State, a: Any) -> str:
    waiting = len(area(state, 0)["waiting"])
    first = _seen(state, 0, LIEUTENANTS) == 0
    lead = (_news(state) + _deck_news(state) + _last_turn(state)) if state.observation(0)["turn"] > 1 else (
        "Turn 1 of 15. Every turn is a walk of your leader down your pyramid, starting on one of the two boxes "
        f"of your lieutenants card ({COMMAND}). ")
    rule = (f"You have {waiting} minion{'s' if waiting != 1 else ''} waiting: the Accountant needs fewer than 3, "
            f"the Chief Operations Officer at least 1 ({LIEUTENANTS}). ")
    if a.side == 0:
        why = (f"Start on the Accountant: draw 3 minions into the Waiting Room, then discard 2 of them, so you "
               f"choose what to build next ({ACCOUNTANT}). From the Accountant the walk goes down to the card "
               f"at place 2.")
    else:
        why = (f"Start on the Chief Operations Officer: place one waiting minion into your pyramid, below a card "
               f"already there ({COO}). From this box the walk goes down to the card at place 3.")
    if not first:
        why = why.split(": ", 1)[0] + f" ({ACCOUNTANT if a.side == 0 else COO}). " + (
            "From it the walk goes down to place 2." if a.side == 0 else "From it the walk goes down to place 3.")
    return lead + rule + why + (missions_words(state) if first else "")


def say_walk(state: State, a: Any) -> str:
    if a.place == 0:
        return say_start(state, a)
    act = a.action.split(" (")[0]
    lv = LEVEL_OF[a.place]
    first_walk = _seen(state, 0, COMMAND) == 0
    lead = (f"Walk down ({COMMAND}): from the box you stand on, the leader steps to one of the two boxes of the "
            f"card right below it. A box works up to as many times as its level: here level {lv}. "
            if first_walk else "")
    alt = " " + _other_box(state, a.place, a.side)
    stepped = any(e.seat == 0 and e.rule == COMMAND and f": {act}" in e.text for e in state.log)
    new = "" if stepped or _seen(state, 0, SECTION_OF.get(act, "")) else f" The {act.capitalize()} {ROLE.get(act, '')}."
    turn = state.observation(0)["turn"]
    return (lead + f"Turn {turn}, level {lv}: take the {'left' if a.side == 0 else 'right'} box of place {a.place + 1}: "
            f"{a.action.capitalize()}, "
            f"up to {lv} time{'s' if lv > 1 else ''}.{new} {_box_reason(state, a, act)} "
            f"{below(state, 0, a.place, a.side).capitalize()}." + alt + f" ({SECTION_OF.get(act, MINIONS)})")


def _other_box(state: State, place: int, side: int) -> str:
    """Where the other box of the same card would have led, read from the learner's pyramid."""
    other = 1 - side
    here, there = CHILD[place][side], CHILD[place][other]
    pyr = area(state, 0)["pyramid"]
    goes = [c >= 0 and pyr[c] >= 0 for c in (here, there)]
    name = box_text(state, place, other)
    if not goes[1]:
        return (f"The other box, {name}, has no card below it either: it too would end the walk." if not goes[0]
                else f"The other box, {name}, has no card below it: it would end the walk there.")
    return (f"The other box, {name}, would lead on to the card at place {there + 1} instead." if goes[0]
            else f"The other box, {name}, would have led on to the card at place {there + 1}.")


def _box_reason(state: State, a: Any, act: str) -> str:
    """Why this box is worth stepping on now, from the learner's own area."""
    mine = area(state, 0)
    cubes = sum(n for _, _, n in mine["cubes"])
    if act == "fishmonger":
        colour = state.cards[mine["pyramid"][a.place]].boxes[a.side][1]
        want = [s for s in free_slots(state, 0) if s[2] in (colour, 4)]
        return (f"Your warehouse holds {mine['warehouse'][colour]} {COLOURS[colour]}, and {len(want)} free slot"
                f"{'s' if len(want) != 1 else ''} can take that colour.")
    if act in ("delivery lady", "subway operator", "storekeeper"):
        return f"You have {cubes} loose cube{'s' if cubes != 1 else ''} on your cards to work with."
    if act == "cook":
        nigiri = len(free_slots(state, 0, NIGIRI))
        return (f"{nigiri} nigiri slot{'s' if nigiri != 1 else ''} of yours {'are' if nigiri != 1 else 'is'} still "
                f"empty, and {cubes} loose cube{'s' if cubes != 1 else ''} could fill them.")
    return ""


def box_text(state: State, place: int, side: int) -> str:
    c = state.cards[area(state, 0)["pyramid"][place]]
    return c.box_text(side).capitalize()


def this_walk(lesson: Lesson, state: State) -> list:
    """The learner's walk of this turn in the lesson's line, at a Chief Operations Officer's placement:
    the Chief Operations Officer box it started on, then the boxes the line takes after the placement,
    in order (syndicate_words.walk_onto)."""
    from ...games.syndicate.rules.command_phase import Box
    walk = [Box(0, 1, "chief operations officer", 1)]
    for steps, move in lesson.script():
        if steps > state.steps and kind(move) == "Box":
            if move.place == 0:                  # the next turn's walk
                break
            walk.append(move)
    return walk


def _higher_words(state: State, a: Any, walk: list | None) -> str:
    """Why a card goes to a place with a lower multiplier than another open place: this turn's walk
    reaches it (the lesson's line), and how the walk stands to each higher place; "" when the card goes
    as high as the open places allow, or the walk does not reach it."""
    m = MULTIPLIER[LEVEL_OF[a.place]]
    higher = sorted({x.place for x in state.legal_actions() if kind(x) == "Place"
                     and MULTIPLIER[LEVEL_OF[x.place]] > m})
    if not higher or not walk or not any(b.place == a.place for b in walk):
        return ""
    named = " and ".join(f"place {q + 1}" for q in higher)
    return (f" A higher place would count more at the end ({named}, \u00d7{MULTIPLIER[LEVEL_OF[higher[0]]]}"
            + ("" if len({LEVEL_OF[q] for q in higher}) == 1 else " or more") + f"), but this card is for this "
            f"turn's walk: {walk_onto(state, a.place, walk)}; "
            + "; ".join(walk_onto(state, q, walk) for q in higher) + ".")


def say_place(state: State, a: Any, walk: list | None = None) -> str:
    """The placement, and with `walk` (this turn's walk in the lesson's line) why a lower place than an
    open one."""
    lv = LEVEL_OF[a.place]
    cost = 2 * MULTIPLIER[lv]
    return (f"Chief Operations Officer ({COO}): put a waiting minion into the pyramid, hanging below a card "
            f"already there; the pyramid has at most 4 levels and 10 cards. Place {card_words(state, a.card)} at "
            f"{place_words(a.place)}: its boxes join future walks, and its deliveries will count "
            f"\u00d7{MULTIPLIER[lv]}.{_higher_words(state, a, walk)} Placing it alone does not change your score: "
            f"the 2 \u00d7 {MULTIPLIER[lv]} = "
            f"{cost} points an empty place costs at the end become {cost} points for a card with no delivered "
            f"cube, until its first slot is filled ({STRUCTURE}).")


def say_discard(state: State, a: Any) -> str:
    waiting = area(state, 0)["waiting"]
    keep = [c for c in waiting if c != a.card]
    return (f"Accountant ({ACCOUNTANT}): after drawing 3, discard 2 from the Waiting Room (old minions count "
            f"too). Discard minion {a.card + 1}; you keep " + "; ".join(card_words(state, c) for c in keep) + ".")


def say_take(state: State, a: Any) -> str:
    left = state.pending[-1].data[2]
    wanted = [s for s in free_slots(state, 0) if s[2] in (a.colour, 4)]
    first = "" if _seen(state, 0, FISHMONGER) else (
        f"The Fishmonger is the only box that brings new cubes: up to its level in cubes of its colour, from your "
        f"warehouse to the lower neighbourhood of its own card ({FISHMONGER}). ")
    if not a.count:
        return first + _take_none(state, a, wanted)
    slots = f"{len(wanted)} free slot{'s' if len(wanted) != 1 else ''}"
    if a.count > len(wanted):
        extra = a.count - len(wanted)
        return first + (f"Take {a.count} {COLOURS[a.colour]} (up to {left} allowed), though only {slots} on "
                         f"your cards can take {COLOURS[a.colour]} or any colour now: the {extra} extra cube"
                         f"{'s' if extra != 1 else ''} can wait loose for a card you place later, or be swapped "
                         f"for another colour by a Storekeeper ({FISHMONGER}). A cube still loose at the end "
                         f"costs 2 points times its level's multiplier ({STRUCTURE}).")
    return first + (f"Take {a.count} {COLOURS[a.colour]} (up to {left} allowed): {slots} on your cards can take "
                    f"{COLOURS[a.colour]} or any colour. Every cube still loose at the end costs 2 points times "
                    f"its level's multiplier, so take cubes you have a slot for ({FISHMONGER}).")


def _take_none(state: State, a: Any, wanted: list) -> str:
    """Why the Fishmonger takes nothing, from the learner's free slots and loose cubes of its colour."""
    name = COLOURS[a.colour]
    if not wanted:
        return f"Take none this time: no free slot of yours takes {name} or any colour now ({FISHMONGER})."
    have = sum(n for _, c, n in area(state, 0)["cubes"] if c == a.colour)
    slots = f"{len(wanted)} free slot{'s' if len(wanted) != 1 else ''}"
    if have >= len(wanted):
        return (f"Take none this time: the {have} {name} cube{'s' if have != 1 else ''} already loose on your "
                f"cards are enough for the {slots} that can take {name} or any colour ({FISHMONGER}).")
    return (f"Take none this time: taking is optional, and though {slots} could take {name} or any colour, "
            f"each cube taken has to be carried to one before the end or cost points as a loose cube "
            f"({FISHMONGER}, {STRUCTURE}).")


def _fits(state: State, n: int, colour: int) -> list[int]:
    """The places (from 0) whose upper neighbourhood is one Delivery lady step from the lower
    neighbourhood n and which have a free slot for `colour` (or any colour)."""
    hoods = {m // 2 for m in VERTICAL[n] if m % 2 == 0}
    return sorted({p for p, _kd, c in free_slots(state, 0) if p in hoods and c in (colour, WILD)})


def say_carry(state: State, a: Any) -> str:
    if kind(a) == "Stop":
        return (f"Stop the {a.action} here: the moves left would not bring a cube beside a free slot it "
                f"fits ({MINIONS}).")
    rule = SUBWAY if a.subway else DELIVERY
    lead = ""
    if not _seen(state, 0, rule):
        lead = (f"The Subway operator moves a loose cube between any two neighbourhoods with the same line letter "
                f"({SUBWAY}). " if a.subway else
                f"The Delivery lady moves a loose cube one neighbourhood up or down; each card has two, and a card's "
                f"lower one touches the upper ones of the cards below it ({DELIVERY}). ")
    goal = ""
    if a.to % 2 == 0:
        p = a.to // 2
        kinds = [kd for (q, kd, c) in free_slots(state, 0) if q == p and c in (a.colour, 4)]
        if SASHIMI in kinds:
            goal = " That upper neighbourhood has a sashimi slot for it: it can be delivered at once."
        elif NIGIRI in kinds:
            goal = " There a Cook can turn it into nigiri on that card's slot."
    else:
        ahead = _fits(state, a.to, a.colour)
        if ahead:
            said = [str(p + 1) for p in ahead]
            said = said[0] if len(said) == 1 else ", ".join(said[:-1]) + " or " + said[-1]
            goal = (f" From there it is one Delivery lady step from the upper neighbourhood of place {said}, "
                    f"where a free slot takes it.")
    line = f" (line {LINES[_line(state, a.to)]})" if a.subway else ""
    return lead + f"Move the {COLOURS[a.colour]} cube from {hood(a.frm)} to {hood(a.to)}{line}.{goal} ({rule})"


def _line(state: State, n: int) -> int:
    c = state.cards[area(state, 0)["pyramid"][n // 2]]
    return c.upper if n % 2 == 0 else c.lower


def _first_on_card(state: State, a: Any) -> str:
    """Said when a delivery is the first cube on its card: the card stops counting as one without a
    delivered cube."""
    if any(c >= 0 for c in area(state, 0)["filled"][a.place]):
        return ""
    m = MULTIPLIER[LEVEL_OF[a.place]]
    return (f" It is the first cube on this card, so the card no longer costs 2 \u00d7 {m} = {2 * m} points as a "
            f"card with no delivered cube ({STRUCTURE}).")


def say_deliver(state: State, a: Any) -> str:
    if kind(a) == "Keep":                 # the script never keeps a cube it can deliver (deliver_now)
        return (f"Keep the cube loose for now: it can still be delivered later while it stands here, and until "
                f"then it counts as a loose cube ({ZONE}).")
    first = "" if _seen(state, 0, ZONE) else (
        f"A sashimi slot is filled by a cube of its colour standing in the same card's upper neighbourhood, at "
        f"any moment, with no action needed ({ZONE}). ")
    return first + (f"Deliver: the {COLOURS[a.colour]} cube fills sashimi slot {a.slot + 1} at place {a.place + 1}: "
                    f"{slot_value(a.place)}, and the slot stays filled for the rest of the game ({ZONE})."
                    + _first_on_card(state, a))


def say_deliveries(state: State, a: Any) -> str:
    if kind(a) == "EndWalk":              # only with nothing to deliver: the script delivers what it can
        return (f"Your walk is over and no loose cube stands beside a free sashimi slot it fits: end the command "
                f"phase ({COMMAND}).")
    return (f"The walk has ended; before the turn passes, cubes standing by a matching sashimi slot may still be "
            f"delivered ({ZONE}). Deliver the {COLOURS[a.colour]} cube on slot {a.slot + 1} at place "
            f"{a.place + 1}: {slot_value(a.place)}." + _first_on_card(state, a))


def say_cook(state: State, a: Any) -> str:
    first = "" if _seen(state, 0, COOK) else (
        f"Nigiri slots need rice: only a Cook fills them, using a cube of the slot's colour that stands in that "
        f"card's upper neighbourhood; it may fill as many as its level, on any cards ({COOK}). ")
    if kind(a) == "Stop":
        return first + f"Stop cooking: no other nigiri can be filled now ({COOK})."
    return first + (f"Cook the {COLOURS[a.colour]} cube onto nigiri slot {a.slot + 1} at place {a.place + 1}: "
                    f"{slot_value(a.place)} ({COOK})." + _first_on_card(state, a))


def say_swap(state: State, a: Any) -> str:
    first = "" if _seen(state, 0, STOREKEEPER) else (
        f"The Storekeeper swaps a loose cube for one of another colour from your warehouse, in the same place, "
        f"as many times as its level ({STOREKEEPER}). ")
    if kind(a) == "Stop":
        return first + f"Stop: no swap would let a cube be delivered where it stands now ({STOREKEEPER})."
    return first + (f"Swap the {COLOURS[a.old]} cube in {hood(a.at)} for {COLOURS[a.new]}: a free slot there or "
                    f"nearby wants {COLOURS[a.new]} ({STOREKEEPER}).")


SAYS = {"opening": say_opening, "walk": say_walk, "coo": say_place, "discard": say_discard,
        "fishmonger": say_take, "delivery lady": say_carry, "subway operator": say_carry,
        "deliver": say_deliver, "deliveries": say_deliveries, "cook": say_cook, "storekeeper": say_swap}


def say(state: State, a: Any, walk: list | None = None) -> str:
    """What to do and why; `walk`: this turn's walk in the lesson's line, at a placement (this_walk)."""
    if state.pending[-1].kind == "coo":
        return say_place(state, a, walk)
    return SAYS.get(state.pending[-1].kind, lambda s, x: f"Play {x}.")(state, a)


def why_not(state: State, wanted: Any, action: Any, walk: list | None = None) -> str:
    """The refusal of a legal move other than the step's: what it would do, set against what the step's
    move does (syndicate_words.contrast), and for another box of the walk what the step's box offers;
    `walk`: this turn's walk in the lesson's line, at a placement (this_walk)."""
    said = contrast(state, wanted, action, walk)
    if kind(wanted) == "Box" and kind(action) == "Box" and wanted.place:
        offer = _box_reason(state, wanted, wanted.action.split(" (")[0])
        if offer:
            said += f"; at the step's box, {wanted.action.capitalize()}: {offer[0].lower()}{offer[1:].rstrip('.')}"
    return f"{said}; this step asks you to {action_words(state, wanted)}"


def callout(state: State, a: Any) -> str:
    k = kind(a)
    if k == "Box":
        return "walk here" if a.place else ("Accountant" if a.side == 0 else "COO")
    return {"Open": "keep these", "Place": "place here", "Discard": "discard", "Take": f"take {getattr(a, 'count', '')}",
            "Carry": "move here", "Deliver": "deliver", "Swap": "swap", "Stop": "stop", "Keep": "keep loose",
            "EndWalk": "end the walk"}.get(k, "this move")


# ---------------------------------------------------------------------------------- the finale
CATEGORIES = {
    "deliveries": f"+1 per filled slot, times the level's multiplier (\u00d74 on level 1 down to \u00d71 on level 4) "
                  f"({STRUCTURE})",
    "completed cards": f"a card with every slot filled adds its printed bonus, times its level's multiplier ({STRUCTURE})",
    "loose cubes": f"\u22122 per cube left standing in a neighbourhood, times the multiplier ({STRUCTURE})",
    "cards without delivery": f"\u22122 per card with no slot filled, times the multiplier ({STRUCTURE})",
    "missing cards": f"\u22122 per empty place of the 10-card pyramid, times the multiplier ({STRUCTURE})",
    "mission path": f"the column value under each of your mission markers ({MISSION_POINTS})",
    "mission order": f"5/3/1/0 by who met each mission first ({MISSION_POINTS})",
    "tie-break": f"one point to the player with more deliveries when totals tie; tied deliveries too share the "
                 f"win ({END})",
}


def detail(state: State, seat: int, category: str) -> str | None:
    from ...games.syndicate.rules.final_scoring import level_counts
    index = {"deliveries": 0, "completed cards": 1, "loose cubes": 2, "cards without delivery": 3,
             "missing cards": 4}
    if category not in index:
        return None
    a = state.observation(seat)["areas"][seat]
    cubes = [0] * 80
    for n, c, k in a["cubes"]:
        cubes[4 * n + c] = k
    rows = level_counts(state.cards, a["pyramid"], [tuple(f) for f in a["filled"]], cubes)
    per = {0: 1, 1: 1, 2: -2, 3: -2, 4: -2}[index[category]]
    parts = [f"level {lv}: {rows[lv - 1][index[category]]}"
             + (" \u00d7 \u22122" if per != 1 else "") + f" \u00d7 {MULTIPLIER[lv]}"
             for lv in range(1, LEVELS + 1) if rows[lv - 1][index[category]]]
    return "; ".join(parts) if parts else None


ROUTINE = ("fishmonger", "delivery lady", "subway operator", "storekeeper", "cook", "deliver", "deliveries",
           "discard")
LATE_TURN = 8


def _done_before(state: State, key: tuple[str, str], same: str = "") -> tuple[int, int]:
    """How many moves of this (decision, kind) the learner has made so far, and how many of them read
    exactly `same` (replayed)."""
    s = type(state)(players=state.players, seed=state.seed)
    n = exact = 0
    for a in state.history():
        if s.current_player == 0 and (s.pending[-1].kind, kind(a)) == key:
            n += 1
            exact += str(a) == same
        s.apply(a)
    return n, exact


def _over_take(state: State, a: Any) -> bool:
    """A Fishmonger taking more cubes than the learner's free slots of that colour (or any) can hold."""
    return kind(a) == "Take" and a.count > len([s for s in free_slots(state, 0) if s[2] in (a.colour, 4)])


def nothing_new(state: State, wanted: Any) -> bool:
    """A cube move, delivery or discard is a routine step (Step.auto) when the learner has made the very
    same move before, or, from turn 8 on, made that kind of move three times; every walk and placement
    stays a taught step, and so does taking more cubes than free slots can take (it needs its reason)."""
    key = (state.pending[-1].kind, kind(wanted))
    if key[0] not in ROUTINE or _over_take(state, wanted):
        return False
    n, exact = _done_before(state, key, str(wanted))
    return exact > 0 or (state.observation(0)["turn"] >= LATE_TURN and n >= 3)


def deliver_now(state: State, a: Any) -> Any:
    """The agent's move, except that a cube beside a free slot it fits is delivered (or cooked) at once
    instead of kept loose, or left there when the walk ends or a Cook stops (the game's own
    agents.deliver_instead, which the Syndicate agent itself plays with two players). Without it the
    agent sometimes keeps such a cube for later (its estimate counts a cube beside a free slot almost as
    delivered), but a loose cube costs points and its card may still count as one with no delivered cube
    until it is delivered: on the lesson's seed the learner then ends 82-55 against an opponent without
    it, where the agent without it ends 55-53; with both delivering at once, 63-38."""
    return deliver_instead(state, a)


def _made_for_you(lesson: Lesson, state: State) -> str:
    moves, _ = lesson.since_taught(state)
    if not moves:
        return ""
    return (f"Since your last taught step, {len(moves)} routine move{'s' if len(moves) != 1 else ''} of "
            f"yours: " + "; ".join(str(m) for m in moves[:8]) + ("; ..." if len(moves) > 8 else "") + ". ")


def LESSON(seed: int = SEED) -> Lesson:
    seed = checked_seed(seed)
    """The Syndicate lesson: all 15 turns guided; a cube move or discard repeating one made before (from
    turn 8, one of a kind made three times) is a short routine step."""
    from ...core.registry import game_class
    guide = DeterministicBot("syndicate", game_class(GAME), seat_seed(seed, 100))
    def pick(state: State, legal: list) -> Any:
        return deliver_now(state, guide.choose(state))

    def walk(state: State) -> list | None:               # this turn's walk in the lesson's line, at a placement
        return this_walk(les, state) if state.pending[-1].kind == "coo" else None

    teach = [Teach("", pick, lambda s, a: say(s, a, walk(s)), lambda s, w, a: why_not(s, w, a, walk(s)), callout)]
    intro = (f"Welcome to Neko Syndicate. You are Player 1; the Syndicate agent is Player 2. Over 15 turns each "
             f"of you builds a pyramid of minion cards below your lieutenants card and walks your leader down it, "
             f"using the boxes you pass to bring sushi cubes onto your cards and deliver them to their slots; "
             f"Kumichō rewards missions met early ({R_OBJ}). The score shown from the start is what you would "
             f"score if the game ended now: every empty place of the pyramid counts \u22122, and so does every "
             f"card with no delivered cube (your lieutenants card too), each times its level's multiplier, which "
             f"is why both players start at \u221240 ({STRUCTURE}). Every decision of the "
             f"game is guided: each step says what to do and why; a different move is explained and can be "
             f"retried. A cube move (taking, moving, swapping, cooking or delivering cubes, stopping a box, "
             f"ending the walk) or a discard that repeats exactly one you made before is played for you as a "
             f"short routine step, and from turn 8 on so is a move of a kind you have made three times; the "
             f"next taught step sums up what was played. Walks and placements are always taught. The final "
             f"scoring is explained level by level at the end.")
    les = Lesson(GAME, PLAYERS, seed, intro, teach, "", CATEGORIES, seat=0, bot="syndicate", detail=detail,
                 title="Neko Syndicate: your first game", until=lambda s: s.is_over(), auto=nothing_new, news=_made_for_you)
    return les


R_OBJ = "Neko Syndicate \u203a Objective"
MISSION_CARDS = "Neko Syndicate \u203a Mission Cards"
