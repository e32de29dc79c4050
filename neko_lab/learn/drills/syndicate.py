"""Neko Syndicate drills: walking down the pyramid, the two lieutenants boxes, and moving sushi onto
slots. Each starts in a two-player game the Syndicate agent has played up to a position where the rule
comes up at once."""
from __future__ import annotations

from typing import Any

from ...core.errors import counted
from ...core.state import State
from ...games.syndicate.data import CHILD, LEVEL_OF, MULTIPLIER, NIGIRI, SASHIMI
from ..drill import Drill, Exercise, play_until
from ..lessons.syndicate_words import (ACCOUNTANT, COMMAND, COO, COOK, FISHMONGER, LIEUTENANTS,
                                       SECTION_OF, SUBWAY, ZONE, area, card_words, free_slots, hood, kind,
                                       loose_cost)

GAME = "syndicate"


def _decision(state: State) -> str:
    return state.pending[-1].kind


def _walking(state: State) -> bool:
    return _decision(state) == "walk" and state.pending[-1].data != 0


def _goes_on(state: State, a: Any) -> bool:
    c = CHILD[a.place][a.side]
    return c >= 0 and area(state, state.current_player)["pyramid"][c] >= 0


def _box(a: Any) -> str:
    return a.action.split(" (")[0]


_CARRIERS = ("delivery lady", "subway operator")


def _carrier_sections(state: State) -> list[str]:
    """The sections of the cards whose boxes move cubes and may be stepped on now (the right answers of
    the walk's third exercise): each card's own section, Delivery lady before Subway operator."""
    on = {_box(a) for a in state.legal_actions() if kind(a) == "Box" and _box(a) in _CARRIERS}
    return [SECTION_OF[b] for b in _CARRIERS if b in on]


# ---------------------------------------------------------------------------------- walk
def _why_not_on(state: State, a: Any) -> str:
    return f"no card hangs below the {'left' if a.side == 0 else 'right'} box of place {a.place + 1}, so your walk would end there"


def _why_not_box(*names: str):
    def why(state: State, a: Any) -> str:
        return (f"the {'left' if a.side == 0 else 'right'} box is a {_box(a).capitalize()}, not a "
                f"{' or '.join(n.capitalize() for n in names)}")
    return why


def walk(seed: int = 4) -> Drill:
    walk_on = Exercise(COMMAND, "From the box you stand on, your leader steps to one of the two boxes of the card "
                       "right below it, and the walk ends on a box with no card below. Choose the box from which the "
                       "walk can go on (more boxes this turn).",
                       lambda s, a: kind(a) == "Box" and _goes_on(s, a), _why_not_on, _walking,
                       lambda s, a: f"Below that box hangs the card at place {CHILD[a.place][a.side] + 1}.")
    fish = Exercise(FISHMONGER, "Step onto a Fishmonger box: the only box that brings new cubes from your "
                    "warehouse, up to its level in number.",
                    lambda s, a: kind(a) == "Box" and _box(a) == "fishmonger", _why_not_box("fishmonger"), _walking)
    carry = Exercise(_carrier_sections, "Step onto a box that moves cubes: a Delivery lady (one neighbourhood up or down per "
                     "use) or a Subway operator (along a line letter).",
                     lambda s, a: kind(a) == "Box" and _box(a) in _CARRIERS,
                     _why_not_box("delivery lady", "subway operator"), _walking)
    summary = (f"Summary ({COMMAND}): every turn your leader walks from a lieutenants box down through one box per "
               f"level, each box usable up to its level's number of times (level 4: four times), and the walk stops "
               f"on a box with no card below. Which box you step on decides both the action and where you go next.")
    return Drill(GAME, "walk", "Neko Syndicate: walking down the pyramid",
                 f"Practise the walk ({COMMAND}) on a pyramid of several levels. Moves between the exercises "
                 f"are not part of the drill.", [walk_on, fish, carry], summary, seed=seed, bot="syndicate",
                 prepare=play_until(lambda s: s.observation(0)["turn"] >= 6 and _walking(s)))


# ---------------------------------------------------------------------------------- lieutenants
def _start(state: State) -> bool:
    return _decision(state) == "walk" and state.pending[-1].data == 0 and len(state.legal_actions()) == 2


def _coo(state: State, a: Any) -> bool:
    return kind(a) == "Box" and a.place == 0 and a.side == 1


def _acc(state: State, a: Any) -> bool:
    return kind(a) == "Box" and a.place == 0 and a.side == 0


def _highest(state: State, a: Any) -> bool:
    places = [x.place for x in state.legal_actions() if kind(x) == "Place"]
    return kind(a) == "Place" and LEVEL_OF[a.place] == min(LEVEL_OF[p] for p in places)


def _why_not_high(state: State, a: Any) -> str:
    best = min(LEVEL_OF[x.place] for x in state.legal_actions() if kind(x) == "Place")
    return (f"place {a.place + 1} is on level {LEVEL_OF[a.place]} (\u00d7{MULTIPLIER[LEVEL_OF[a.place]]} at the end), "
            f"while a place on level {best} (\u00d7{MULTIPLIER[best]}) is open")


def _fewest(state: State, a: Any) -> bool:
    waiting = area(state, state.current_player)["waiting"]
    return kind(a) == "Discard" and len(state.cards[a.card].slots) == min(len(state.cards[c].slots) for c in waiting)


def lieutenants(seed: int = 4) -> Drill:
    ex = [
        Exercise(COO, lambda s: f"You have {counted(len(area(s, 0)['waiting']), 'minion')} in the Waiting Room. Start on the "
                 "box that puts one of them into your pyramid.", _coo,
                 lambda s, a: "the Accountant only draws 3 and discards 2; no minion enters the pyramid", _start),
        Exercise(COO, "Place the minion as high in the pyramid as the open places allow: the higher the level, the "
                 "more each delivery there counts at the end (\u00d74 on level 1 down to \u00d71 on level 4).",
                 _highest, _why_not_high, lambda s: _decision(s) == "coo"),
        Exercise(ACCOUNTANT, "Start on the box that fills your Waiting Room with new minions to choose from.", _acc,
                 lambda s, a: "the Chief Operations Officer places a waiting minion but draws none", _start),
        Exercise(ACCOUNTANT, lambda s: "The Accountant drew 3; now 2 must go. Discard the waiting minion with the "
                 "fewest delivery slots: " + "; ".join(card_words(s, c) for c in area(s, 0)["waiting"]) + ".",
                 _fewest, lambda s, a: f"minion {a.card + 1} has {len(s.cards[a.card].slots)} slots, more than another "
                 f"waiting minion", lambda s: _decision(s) == "discard"),
    ]
    summary = (f"Summary ({LIEUTENANTS}): every walk starts on the Accountant (allowed with fewer than 3 waiting: "
               f"draw 3, discard 2) or the Chief Operations Officer (allowed with at least 1 waiting: place one "
               f"below a card already in the pyramid). Plan with the first, build with the second.")
    return Drill(GAME, "lieutenants", "Neko Syndicate: the Accountant and the Chief Operations Officer",
                 f"Practise the two lieutenants boxes ({LIEUTENANTS}).", ex, summary, seed=seed, bot="syndicate",
                 prepare=play_until(lambda s: s.observation(0)["turn"] >= 2 and _start(s)))


# ---------------------------------------------------------------------------------- sushi
def _to_slot(state: State, a: Any) -> bool:
    if kind(a) != "Carry" or a.to % 2:
        return False
    return any(p == a.to // 2 and kd == SASHIMI and c in (a.colour, 4)
               for p, kd, c in free_slots(state, state.current_player))


def _why_not_slot(state: State, a: Any) -> str:
    if kind(a) != "Carry":
        return "stopping now moves no cube at all"
    if a.to % 2:
        return f"{hood(a.to)} is a lower neighbourhood: slots are filled only from an upper one"
    return f"no free sashimi slot for {['tuna', 'salmon', 'sea bass', 'mackerel'][a.colour]} waits at place {a.to // 2 + 1}"


def _carrying(state: State) -> bool:
    return _decision(state) in ("delivery lady", "subway operator")


def sushi(seed: int = 4) -> Drill:
    ex = [
        Exercise(lambda s: SECTION_OF[_decision(s)],      # the card moving the cube: Delivery lady or Subway operator
                 "Move a loose cube into an upper neighbourhood whose card has a free sashimi slot of the cube's "
                 "colour (or of any colour).", _to_slot, _why_not_slot, _carrying),
        Exercise(ZONE, "The cube stands in an upper neighbourhood beside a sashimi slot of its colour: deliver it.",
                 lambda s, a: kind(a) == "Deliver",
                 lambda s, a: (f"keeping it loose gives up the slot, and {loose_cost(a.at)}" if kind(a) == "Keep"
                               else "ending the walk now leaves the slot empty and the cube loose"),
                 lambda s: _decision(s) in ("deliver", "deliveries")),
        Exercise(COOK, "A Cook fills nigiri slots from cubes standing in the same upper neighbourhood: cook one.",
                 lambda s, a: kind(a) == "Deliver" and a.kind == NIGIRI,
                 lambda s, a: "stopping leaves the nigiri slot empty, and the cube loose",
                 lambda s: _decision(s) == "cook"),
    ]
    summary = (f"Summary ({ZONE}, {COOK}): a sashimi slot takes a cube of its colour from its card's upper "
               f"neighbourhood at any moment; a nigiri slot needs a Cook. Each filled slot scores 1 times the "
               f"level's multiplier; a cube still loose at the end costs 2 times the multiplier.")
    return Drill(GAME, "sushi", "Neko Syndicate: moving sushi onto its slots",
                 f"Practise deliveries ({ZONE}): moving cubes to slots, sashimi and nigiri.", ex, summary, seed=seed,
                 bot="syndicate", prepare=play_until(lambda s: _carrying(s) and any(
                     _to_slot(s, a) for a in s.legal_actions())))


DRILLS = {
    "walk": ("walking down the pyramid: boxes, levels and where the walk goes on", walk),
    "lieutenants": ("the Accountant and the Chief Operations Officer: planning and placing minions", lieutenants),
    "sushi": ("moving cubes to slots, sashimi deliveries and cooking nigiri", sushi),
}
