"""The facts every Destination: Neptune section shares: rule citations, prices, the table order.

Seats are 0-based inside the engine and shown from 1 ("player 1"). Clockwise means increasing seats.
"""
from __future__ import annotations

from typing import NamedTuple

from neko_lab.core import cite, serializable
from neko_lab.core.errors import counted

from .. import scoring

GAME_TITLE = "Destination: Neptune"


def rule(heading: str) -> str:
    """An Event.rule citing a heading of the rulebook (datasets/neptune/sections.txt)."""
    return cite(GAME_TITLE, heading)


RULE_SETUP = rule("Setup")
RULE_TURN = rule("Playing a Turn")
RULE_SELL = rule("Selling Cards to the Opportunity Track")
RULE_PLAY = rule("Playing a Card")
RULE_GENERATIONS = rule("Generations")
RULE_SCORING = rule("Scoring & Victory")
RULE_DIVERSIFICATION = rule("Diversification Card")
RULE_INTREPID = rule("Intrepid Spacefarer Card")
RULE_EVENTS = rule("Optional Event Rules")
RULE_TWO = rule("Summary of Two-Player Changes")
RULE_CONTROL = rule("Control and Access")
RULE_FUEL = rule("Fuel")
RULE_TECH = rule("Technology")
RULE_TECH_ACCESS = rule("Gaining Access to a Technology without a Card")
RULE_RESEARCH = rule("Research Missions")
RULE_BUILDING = rule("Building")
RULE_PRODUCTION = rule("Factory Production")
RULE_INVESTORS = rule("Attract Investors")
RULE_BUILD = rule("Build")
RULE_FACTORIES = rule("Factories Produce")
RULE_BROKER = rule("Fuel Broker")
RULE_TECH_CARD = rule("Technology")
RULE_SCORING_CARD = rule("Scoring")
RULE_END = rule("End of Game Scoring (see page 4)")

HAND = 5
TEAMS = 3
START_CREDITS = 5
START_FUEL = 5
FUEL_PRICE = 3                 # fuel bought from the supply at any time
BASE_CREDITS = 1
FACTORY_CREDITS = 2
MISSION_CREDITS = 1
FIRST_BASE_VP = 1
BROKER_VP = 1
INVESTORS_ACTIVE, INVESTORS_OTHERS = 5, 2
FACTORIES_ACTIVE = 2
AWARD_VP = scoring.AWARD_CARD_VP       # Diversification and Intrepid Spacefarer at the end
MOVED, BUILT = 1, 2            # a team's flags for the current turn

# VP categories of breakdown(), in order
CATEGORIES = ("first bases", "buildings", "fame awards", "bought", "fuel broker", "events", "award cards")
FIRST_BASES, BUILDINGS, FAME_AWARDS, BOUGHT, BROKER, EVENTS, AWARD_CARDS = range(len(CATEGORIES))


def sell_price(players: int) -> int:
    return 1 if players == 2 else 2


def access_price(players: int) -> int:
    """Credits paid to the controller for access to a Research Mission or a Technology."""
    return 2 if players == 2 else 1


def clockwise(start: int, players: int) -> list[int]:
    return [(start + k) % players for k in range(players)]


def counter_clockwise(start: int, players: int) -> list[int]:
    return [(start - k) % players for k in range(players)]


def who(seat: int) -> str:
    return f"player {seat + 1}"


def credits(n: int) -> str:
    """'1 credit', '2 credits': a price as a sentence says it (beside a player's number it must say
    what it counts: 'pays player 2 2 credits', not 'pays player 2 2')."""
    return counted(n, "credit")


@serializable
class Pass(NamedTuple):
    """Decline the step named `step` (sell nothing, build nothing, launch no more missions, ...)."""
    step: str

    def __str__(self) -> str:
        return self.step

# each decision as a player names it, for reports (State.DECISION_NAMES): the rulebook's action or step
DECISION_NAMES = {
    "sell": "sell to the Opportunity Track", "play": "play a card", "production": "Factory Production",
    "investors": "Attract Investors", "build": "Build", "technology": "Technology", "broker": "Fuel Broker",
    "launch": "launch a Research Mission", "mission_access": "access to a Research Mission",
    "scoring_order": "order of buying Victory Points", "buy_vp": "buy Victory Points",
}
