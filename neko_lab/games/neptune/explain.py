"""What a learner is told about a Destination: Neptune move (wired as ``GameState.explainer``; read by
neko_lab.learn).

why(): the condition that made the move legal with this position's numbers — a launch's fuel worked out
("launch cost 3 fuel: distance 5 − speed 2"), a build's trip and what it needs there, a sale's price, the
fame of a card played from hand. counts(): credits, fuel, fame, cards, teams as players name them; a
hand's cards are its owner's, its size is public. section(): the section of the move itself, which the
headline cites when the move logs nothing (a pass cites the card, or step, whose choice it declines).
"""
from __future__ import annotations

from typing import Any, Hashable

from .rules.any_time import BuyAccess, BuyFuel
from .rules.attract_investors import CashFame
from .rules.base import (MISSION_CREDITS, RULE_BROKER, RULE_BUILD, RULE_BUILDING, RULE_END, RULE_FACTORIES,
                         RULE_FUEL, RULE_GENERATIONS, RULE_INVESTORS, RULE_PLAY, RULE_PRODUCTION, RULE_RESEARCH,
                         RULE_SCORING, RULE_SCORING_CARD, RULE_SELL, RULE_TECH, RULE_TECH_ACCESS, RULE_TECH_CARD,
                         RULE_TURN, Pass, credits, who)
from .rules.build import BuildAt
from .rules.fuel import distance, fare, route, seat_speed, seat_view
from .rules.fuel_broker import BrokerFuel
from .rules.research_missions import Launch, MissionAccess
from .rules.scoring_card import BuyVP, NextBuyer
from .rules.technology import TakeTech
from .rules.turn import Play, Sell
from .scoring import VP_PURCHASES

MINUS = "\u2212"
HINT_SAMPLES = 3          # sampled futures per hint (neko_lab.learn.hint): a game of Neptune is long
HINT_BUDGET = 450         # look-ahead actions in all: a hint within a second of CPU with the Neptune agent
# (2,000 took 0.87 s median, 1.9 s at the 90th percentile; benchmarks/README.md). At 700, CPU per hint(k=3)
# on the positions every 5 actions of seeds 0-1 (bench_learn.py, load about 6 on two cores): median 513 ms,
# 90th percentile 743, worst 1,009; at every decision of a learner following the first hint (seed 1): 554 /
# 1,003 / 1,554 ms, 10 of 98 hints over a second. At 450: 324 / 433 / 537 ms and 290 / 452 / 693 ms, none
# over a second; the first hint was the game's own agent's move in 19 of 69 positions (18 at 700), and
# following it against that agent won 4 of 4 games, mean lead +46.2 (700: 4 of 4, +28.2). A Play
# decision of the Neptune agent resolves every card in hand, so the cost per look-ahead action varies
# about tenfold: the budget keeps room for futures full of them


def route_words(s: Any, seat: int, origin: int, dest: int) -> tuple[str, int, int]:
    """The route `seat`'s trip takes, in words: ("distance 17 by Uranus", 17, bases it counts). "by"
    names the planets passed that the shortest route does not pass, when bases make a longer route
    the cheaper one (rulebook › To calculate the Fuel Cost between two locations)."""
    data = s.data
    _, own, mask = seat_view(s, seat)
    dist, cut, inner = route(data, origin, dest, own, mask)
    words = f"distance {dist}"
    if dist != distance(data, origin, dest):
        po, pd = data.locations[origin].planet, data.locations[dest].planet
        extra = inner & ~data.routes[po][pd][0][1]
        passed = [i for i in range(len(data.planets)) if extra >> i & 1]
        passed.sort(key=lambda i: data.routes[po][i][0][0])        # nearer the start first
        words += " by " + " and ".join(data.planets[i] for i in passed)
    return words, dist, cut


def fuel_sum(s: Any, seat: int, origin: int, dest: int, fuel: int) -> str:
    """ "3 fuel: distance 5 − speed 2" (with the bases the route counts, never below 1), worked out on
    the route the cost is taken from, which bases can make longer than the shortest."""
    locs = s.data.locations
    if locs[origin].planet == locs[dest].planet:
        return f"{fuel} fuel: the trip stays at {s.data.planets[locs[dest].planet]}, and that costs 1"
    words, dist, bases = route_words(s, seat, origin, dest)
    spd = seat_speed(s, seat)
    parts = [words]
    if spd:
        parts.append(f"speed {spd}")
    if bases:
        parts.append(f"{bases} for your base{'s' if bases > 1 else ''} on the way")
    text = f" {MINUS} ".join(parts)
    if dist - spd - bases < 1:
        text += ", but never less than 1"
    return f"{fuel} fuel: {text}"


def _launch(s: Any, seat: int, a: Launch) -> list[str]:
    loc = s.data.locations[a.loc]
    planet = s.data.planets[loc.planet]
    trip = "" if loc.planet == s.data.locations[s.data.home].planet else f" (from Earth to {planet})"
    return [f"launch cost {fuel_sum(s, seat, s.data.home, a.loc, a.fuel)}{trip}, plus "
            f"{credits(MISSION_CREDITS)}; you had {credits(s.credits[seat])} and {s.fuel[seat]} fuel ({RULE_FUEL}).",
            f"Nobody had a mission at {a.name} yet, so this one controls it ({RULE_RESEARCH})."]


def _build(s: Any, seat: int, a: BuildAt) -> list[str]:
    out = []
    if a.what == "colony":
        # a colony's fuel is the colonists' trip from Earth, plus the team's own trip when it travels
        # there (Building › Colonies; the Example of Building pays 1 fuel for each)
        spd, own, mask = seat_view(s, seat)
        colonists = fare(s.data, s.data.home, a.dest, spd, own, mask)
        cost = (f"its colonists come from Earth: {fuel_sum(s, seat, s.data.home, a.dest, colonists)}, and "
                f"{credits(a.credits)} of your {s.credits[seat]} ({RULE_BUILDING}, {RULE_FUEL}).")
        head = f"a colony needs your own base at {a.name}, and you have one; "
        if a.origin == a.dest:
            return [head + cost]
        trip = fare(s.data, a.origin, a.dest, spd, own, mask)
        return [f"team {a.team + 1} travels from {s.data.locations[a.origin].name} to {a.name}: "
                f"{fuel_sum(s, seat, a.origin, a.dest, trip)} ({RULE_FUEL}).",
                head[0].upper() + head[1:] + cost,
                f"That is {trip} + {colonists} = {a.fuel} fuel in all; you had {s.fuel[seat]} fuel."]
    if a.origin != a.dest:
        out.append(f"team {a.team + 1} travels from {s.data.locations[a.origin].name} to {a.name}: "
                   f"{fuel_sum(s, seat, a.origin, a.dest, a.fuel)}; you had {s.fuel[seat]} fuel ({RULE_FUEL}).")
    else:
        out.append(f"team {a.team + 1} is already at {a.name}, so the trip costs no fuel.")
    if a.what == "base":
        out.append(f"A base needs one of your tokens on the research mission at {a.name}, and you have one "
                   f"({RULE_BUILDING}); it costs {credits(a.credits)} of your {s.credits[seat]}.")
    elif a.what == "factory":
        out.append(f"A {a.what} needs your own base at {a.name}, and you have one ({RULE_BUILDING}); it costs "
                   f"{credits(a.credits)} of your {s.credits[seat]}.")
    else:
        whose = "a base of yours" if s.options["move_needs_own_base"] else "a base (any player's)"
        once = ("a team that moved or built is done for the turn" if s.options["team_used_once"]
                else "each team moves once and builds once per turn")
        out.append(f"A team may move without building to a location with {whose} ({RULE_BUILDING}); {once}.")
    return out


# a pass is the decision's own: the section of the card (or turn step) whose choice it declines
PASS_RULES = {"sell": RULE_TURN, "build": RULE_BUILD, "launch": RULE_RESEARCH, "mission_access": RULE_RESEARCH,
              "technology": RULE_TECH_CARD, "production": RULE_FACTORIES}
PASSES = {
    "sell": "selling a card at the start of your turn is optional: you may {0} and go on to play a card",
    "build": "each of the three rounds of a Build card lets you build once, or not at all: you may {0}",
    "launch": "on a Research Missions card the active player launches as many new missions as they choose, "
              "none included: you may {0}, and buying access to missions follows",
    "mission_access": "after the launches each player in turn, clockwise, may buy access to Research Missions, "
                      "or not: you may {0}",
    "technology": "a Technology card lets its player take control of a technology, or free access to one, "
                  "and does not force it: you may {0}",
    "production": "buying access to a technology before the factories produce is optional: you may {0}",
}
# the section of a move, for a headline when the move logs nothing (a pass, most often)
SECTIONS = {Launch: RULE_RESEARCH, MissionAccess: RULE_RESEARCH, BuildAt: RULE_BUILD, Sell: RULE_SELL,
            Play: RULE_PLAY, BuyFuel: RULE_FUEL, BuyAccess: RULE_TECH_ACCESS, TakeTech: RULE_TECH_CARD,
            CashFame: RULE_INVESTORS, BrokerFuel: RULE_BROKER, NextBuyer: RULE_SCORING, BuyVP: RULE_SCORING}


# sections of what a move sets off rather than of the move: a generation's end and its scoring (the
# final scoring after the fourth), a Scoring card's scoring, the factories producing once nobody buys
# more access (explain_move's headline cites the move's own section instead: "build nothing this round"
# is the Build card's, even when it ends the card and the draw that follows ends a generation)
AFTERMATH = frozenset({RULE_GENERATIONS, RULE_SCORING, RULE_SCORING_CARD, RULE_END, RULE_PRODUCTION})


def section(s: Any, action: Hashable) -> str:
    """The rulebook section of `action` itself, played in `s` (the decision's section for a pass)."""
    if type(action) is Pass:
        return PASS_RULES.get(s.pending[-1].kind if s.pending else "", RULE_TURN)
    return SECTIONS.get(type(action), "")


def why(s: Any, action: Hashable, viewer: Any) -> list[str]:
    seat = s.current_player
    t = type(action)
    if t is Launch:
        return _launch(s, seat, action)
    if t is BuildAt:
        return _build(s, seat, action)
    if t is Sell:
        return [f"at the start of your turn you may sell one card from your hand to the left end of the "
                f"Opportunity Track, for {credits(action.price)} with "
                f"{s.players} players ({RULE_SELL}).",
                f"The track holds at most {s.players} cards: one more pushes the rightmost into the discard."]
    if t is Play:
        if action.place < 0:
            return [f"you then play one card: from your hand it also gives its fame, +{action.fame} for "
                    f"{action.title} ({RULE_PLAY})."]
        return [f"you then play one card: from the Opportunity Track (place {action.place + 1}) it gives no "
                f"fame, but it need not be in your hand ({RULE_PLAY})."]
    if t is BuyFuel:
        return [f"fuel can be bought from the supply at any time for {credits(action.price)} a counter; you "
                f"had {credits(s.credits[seat])} ({RULE_FUEL})."]
    if t is BuyAccess:
        return [f"{who(action.controller)} controls {action.name}; access to a technology someone controls "
                f"costs {credits(action.price)} paid to them, and you had "
                f"{s.credits[seat]} ({RULE_TECH_ACCESS})."]
    if t is MissionAccess:
        return [f"{who(action.controller)} controls the mission at {action.name}; clockwise after a launch, "
                f"any player may buy access to it for {credits(action.price)} paid to the controller ({RULE_RESEARCH})."]
    if t is TakeTech:
        tech = s.data.techs[action.tech]
        if action.control:
            need = [s.data.techs[p].name for p in tech.prerequisites]
            return [f"nobody controlled {action.name}" + (f", and you hold its prerequisites ({', '.join(need)})"
                                                          if need else ", and it needs no other technology")
                    + f" ({RULE_TECH})."]
        return [f"{action.name} is controlled by another player: the card gives you free access instead "
                f"({RULE_TECH})."]
    if t is Pass:
        kind = s.pending[-1].kind if s.pending else ""
        return [PASSES.get(kind, "nothing forces you here: you may {0}").format(action)
                + f" ({PASS_RULES.get(kind, RULE_TURN)})."]
    if t is CashFame:
        return [f"after Attract Investors fame may be turned into credits, 2 fame for each credit; you had "
                f"{s.fame[seat]} fame ({RULE_INVESTORS})."]
    if t is BrokerFuel:
        return [f"the Fuel Broker sells fuel at {credits(action.price)} a "
                f"counter; you had {credits(s.credits[seat])} ({RULE_BROKER})."]
    if t in (NextBuyer, BuyVP):
        context = s.pending[-1].data[0]
        when = {"card": "when a Scoring card is played", "generation": "at the end of a generation",
                "final": "at the final scoring (the end of generation 4)"}[context]
        if t is NextBuyer:
            return [f"{when} the active player names the order in which the players with credits buy "
                    f"victory points, themselves included ({RULE_SCORING})."]
        table = ", ".join(f"{vp} VP for {cost}" for cost, vp in VP_PURCHASES)
        return [f"{when} every player may buy victory points once, in the order the active player names "
                f"(themselves included), by the price table ({table} credits): {action.vp} VP for "
                f"{credits(action.credits)}; you had {s.credits[seat]} "
                f"({RULE_SCORING})."]
    return []


def counts(s: Any, viewer: Any) -> dict[tuple[int | None, str], int]:
    out: dict[tuple[int | None, str], int] = {}
    for seat in range(s.players):
        out[(seat, "credits")] = s.credits[seat]
        out[(seat, "fuel")] = s.fuel[seat]
        out[(seat, "fame")] = s.fame[seat]
        out[(seat, "cards in hand")] = len(s.hands[seat])
        out[(seat, "technologies held")] = sum(1 for h in s.techs if seat in h)
        out[(seat, "missions")] = sum(1 for m in s.missions if m and seat in m)
        out[(seat, "bases")] = sum(1 for b in s.bases if seat in b)
    out[(None, "cards on the Opportunity Track")] = len(s.track)
    return out
