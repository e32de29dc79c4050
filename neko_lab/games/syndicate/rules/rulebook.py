"""The rulebook's title and the sections the engine cites (Event.rule is "Neko Syndicate › <heading>")."""
from __future__ import annotations

from neko_lab.core import cite

TITLE = "Neko Syndicate"


def rule(heading: str) -> str:
    return cite(TITLE, heading)


SETUP = rule("Game Set-up")
COMMAND = rule("Command phase")
LIEUTENANTS = rule("Lieutenants card")
ACCOUNTANT = rule("Accountant")
COO = rule("Chief Operations Officer")
MINIONS = rule("Minions cards")
FISHMONGER = rule("Fishmonger")
DELIVERY = rule("Delivery lady")
SUBWAY = rule("Subway operator")
COOK = rule("Cook")
STOREKEEPER = rule("Storekeeper")
DELIVERY_ZONE = rule("Delivery zone")
MEETING = rule("Kumichō's meeting")
END = rule("Game End and Scoring")
STRUCTURE_POINTS = rule("Pyramidal Structure Points")
MISSION_POINTS = rule("Mission Points")
MISSIONS = rule("Mission Cards")
SOLO = rule("Solo Mode")
SOLO_SCORING = rule("Final Scoring")

RULES = {
    SETUP: "deck, Kumichō on column 1, three missions of three types, warehouses, the opening draw",
    COMMAND: "walk from a lieutenants box down the pyramid, activating each box up to its level",
    LIEUTENANTS: "the first box of every walk is the Accountant or the Chief Operations Officer",
    ACCOUNTANT: "draw 3 minions into the Waiting Room, then discard 2 from it",
    COO: "place a waiting minion in the pyramid, below a card already placed",
    MINIONS: "minion boxes are optional: activate them fully, partly or not at all",
    FISHMONGER: "cubes of its colour from the warehouse to its own card's lower neighbourhood",
    DELIVERY: "move loose cubes one step up or down between adjacent neighbourhoods",
    SUBWAY: "move loose cubes between neighbourhoods on the same subway line",
    COOK: "fill nigiri slots with matching cubes standing in their upper neighbourhood",
    STOREKEEPER: "exchange a loose cube for one of another colour from the warehouse",
    DELIVERY_ZONE: "a sashimi slot may take a matching cube of its upper neighbourhood at any moment",
    MEETING: "missions checked and marked in Kumichō's column, then Kumichō moves on",
    END: "after turn 15: structure points by level plus mission points; ties and shared victory",
    STRUCTURE_POINTS: "per level: deliveries, completed cards, loose cubes, empty and missing cards, x4..x1",
    MISSION_POINTS: "path values of the markers plus 5/3/1/0 for the order on each mission",
    MISSIONS: "the 24 mission requirements",
    SOLO: "one player against CatANNA: her markers and warehouse set the difficulty",
    SOLO_SCORING: "CatANNA's pyramid from the shuffled discard pile, filled in order, then scored",
}

# each decision as a player names it, for reports (State.DECISION_NAMES): the rulebook's action, phase
# or step that asks it
DECISION_NAMES = {
    "opening": "opening minions", "walk": "Command phase walk", "coo": "Chief Operations Officer",
    "discard": "Accountant discard", "fishmonger": "Fishmonger", "cook": "Cook", "storekeeper": "Storekeeper",
    "delivery lady": "Delivery lady", "subway operator": "Subway operator",
    "deliver": "sashimi delivery on the way", "deliveries": "sashimi deliveries at the walk's end",
    "catanna_assign": "CatANNA's mission values", "catanna_wild": "CatANNA's wild colours",
}
