"""Destination: Neptune in words, for its lesson and drills: cards, fuel costs worked out, sites and
technologies as a player says them, from the learner's own view (credits, fuel and tokens are public;
the hand is the learner's own)."""
from __future__ import annotations

from typing import Any

from ...core.state import State
from ...games.neptune.rules.base import credits as credit_count  # '1 credit', '2 credits'
from ...games.neptune.rules.base import rule
from ...games.neptune.explain import route_words
from ...games.neptune.rules.fuel import distance, fare, seat_view

R_TURN, R_SELL, R_PLAY = rule("Playing a Turn"), rule("Selling Cards to the Opportunity Track"), rule("Playing a Card")
R_GEN, R_SCORING, R_TWO = rule("Generations"), rule("Scoring & Victory"), rule("Summary of Two-Player Changes")
R_CONTROL, R_FUEL, R_FAME = rule("Control and Access"), rule("Fuel"), rule("Fame")
R_COST = rule("To calculate the Fuel Cost between two locations")
R_TECH, R_TECH_ACCESS = rule("Technology"), rule("Gaining Access to a Technology without a Card")
R_RESEARCH, R_BUILDING, R_PRODUCTION = rule("Research Missions"), rule("Building"), rule("Factory Production")
R_INVESTORS, R_BUILD, R_FACTORIES = rule("Attract Investors"), rule("Build"), rule("Factories Produce")
R_BROKER, R_SCORING_CARD, R_END = rule("Fuel Broker"), rule("Scoring"), rule("End of Game Scoring (see page 4)")
R_DIVERS, R_INTREPID = rule("Diversification Card"), rule("Intrepid Spacefarer Card")
R_SETUP, R_EXAMPLE = rule("Setup"), rule("Fuel Cost Calculation Example")
R_EVENTS = rule("Optional Event Rules")


CARD_DOES = {
    "investors": f"you take 5 credits, the other player 2, then each may trade fame for credits ({R_INVESTORS})",
    "build": f"three rounds of building, you first, each player once per round ({R_BUILD})",
    "factories": f"you take 2 credits and every factory pays its owner ({R_FACTORIES})",
    "broker": f"you score 1 VP and the other player may buy fuel, paying you half ({R_BROKER})",
    "research": f"you launch Research Missions, then everyone may buy access ({R_RESEARCH})",
    "technology": f"you take control of a technology, or free access to one ({R_TECH})",
    "scoring": f"factories, colonies and fame score now, then each may buy VP once ({R_SCORING_CARD})",
}
VP_TABLE = "1 credit = 1 VP, 3 = 2, 6 = 3, 10 = 4"
PRODUCTION_WORDS = (f"Every factory pays 1 credit when Factories Produce is played; a factory with the Mineral icon "
                    f"adds a fuel, or a credit instead once its owner has Fusion Power; one with the Fusion Fuel icon "
                    f"adds a fuel once its owner has Fusion Power, 2 with Fusion Power II ({R_PRODUCTION}).")
INTREPID_DISTANCE = ("distance from Earth is the fuel cost from Earth before any speed or base takes fuel off, by the "
                     "shortest route")


def fame_award_words(options: dict, final: bool) -> str:
    """The fame awards of a scoring (final: the end of the game), ties included, under the game's options
    (the numbers are the scoring rules' own; readings in datasets/neptune/README.md)."""
    from ...games.neptune.scoring import FINAL_FAME, GENERATION_FAME
    alone, tied, second, second_tied = FINAL_FAME if final else GENERATION_FAME
    if final:
        tied = options["final_fame_tie_vp"]
    after = "" if options["fame_second_after_tie"] else " and nobody is second"
    tie2 = f"{second_tied} VP each" if second_tied else "nothing"
    return (f"the most fame {alone} VP and the second most {second}; players tied for the most take {tied} VP "
            f"each{after}, and players tied for second take {tie2}")


def kind(a: Any) -> str:
    return type(a).__name__


def loc_name(state: State, loc: int) -> str:
    l = state.data.locations[loc]
    planet = state.data.planets[l.planet]
    return l.name if planet in l.name or l.name == planet else f"{l.name} ({planet})"


def cost_words(state: State, seat: int, origin: int, dest: int) -> str:
    """"distance 5 from Earth − speed 2 − 1 for your base in Earth's Orbit = 2 fuel" (never below 1),
    on the route the cost is taken from ("distance 17 from Earth by Uranus" when bases make a longer
    route the cheaper one)."""
    data = state.data
    spd, own, mask = seat_view(state, seat)
    if origin == dest:
        return "no trip: the team is already there"
    if data.locations[origin].planet == data.locations[dest].planet:
        return f"two places of one planet are always 1 apart: 1 fuel"
    words, d, cut = route_words(state, seat, origin, dest)
    cost = fare(data, origin, dest, spd, own, mask)
    start = state.data.planets[data.locations[origin].planet]
    parts = [words.replace(f"distance {d}", f"distance {d} from {start}", 1)]
    if spd:
        parts.append(f"\u2212 speed {spd}")
    if cut:
        parts.append(f"\u2212 {cut} for your base{'s' if cut > 1 else ''} on the way")
    raw = d - spd - cut
    floor = " (a trip never costs less than 1)" if raw < 1 else ""
    return " ".join(parts) + f" = {cost} fuel{floor}"


def tech_name(state: State, t: int) -> str:
    return state.data.techs[t].name


def speed_of(state: State, seat: int) -> int:
    return seat_view(state, seat)[0]


def purse(state: State, seat: int) -> str:
    return f"{credit_count(state.credits[seat])}, {state.fuel[seat]} fuel, {state.fame[seat]} fame"


def card_kind(state: State, cid: int) -> str:
    return state.data.cards[cid].kind


def consequence(state: State, a: Any) -> str:
    """What a (wrong) move would do instead, in the game's terms."""
    seat = state.current_player
    k = kind(a)
    if k == "Sell":
        return f"selling {a.title} gives 1 credit but puts it on the track, where Player 2 may play it"
    if k == "Play" and a.place < 0:
        return f"{a.title} from hand gives +{a.fame} fame, and then {CARD_DOES.get(card_kind(state, a.card), '')}"
    if k == "Play":
        return (f"{a.title} from the track gives no fame; {CARD_DOES.get(card_kind(state, a.card), '')}")
    if k == "Launch":
        return (f"a mission to {loc_name(state, a.loc)} costs 1 credit and {a.fuel} fuel "
                f"({cost_words(state, seat, state.data.home, a.loc)})")
    if k == "BuildAt":
        what = "moves there without building" if a.what == "move" else f"builds a {a.what} there"
        return f"team {a.team + 1} {what} for {credit_count(a.credits)} and {a.fuel} fuel"
    if k == "MissionAccess":
        return f"access at {a.name} costs {credit_count(a.price)} paid to Player {a.controller + 1}"
    if k == "BuyAccess":
        return f"access to {a.name} costs {credit_count(a.price)} paid to Player {a.controller + 1}"
    if k == "BuyFuel":
        return f"a fuel from the supply costs {credit_count(a.price)}, the dearest way to get fuel"
    if k == "TakeTech":
        t = state.data.techs[a.tech]
        return (f"{'control of' if a.control else 'access to'} {t.name} gives speed +{t.speed}"
                + (" and 1 fame at every Technology card" if a.control else ""))
    if k == "CashFame":
        return (f"giving up {a.fame} fame for {credit_count(a.fame // 2)} lowers you in the fame race" if a.fame
                else "keeping all fame gives no credits now")
    if k == "BuyVP":
        return f"{a} ({VP_TABLE}; once per scoring)" if a.credits else "buying nothing keeps every credit"
    if k == "BrokerFuel":
        return f"{a}" if a.count else "buying no fuel keeps your credits"
    if k == "NextBuyer":
        return f"letting Player {a.seat + 1} buy next changes who reacts to whom"
    if k == "Pass":
        return f"to {a.step} gives up what this step uses"
    return str(a)


def fame_awards_summary(options: dict) -> str:
    """Every fame award in one line, ties included, for the finale (the numbers of fame_award_words)."""
    from ...games.neptune.scoring import FINAL_FAME, GENERATION_FAME
    g, f = GENERATION_FAME, (FINAL_FAME[0], options["final_fame_tie_vp"], *FINAL_FAME[2:])
    nobody = "" if options["fame_second_after_tie"] else ", with nobody second"

    def each(vp: int) -> str:
        return f"{vp} VP each" if vp else "nothing"
    return (f"the most fame {g[0]} VP and the second {g[2]} at each scoring, {f[0]} and {f[2]} at the end; tied "
            f"for the most, {each(g[1])} at a scoring and {each(f[1])} at the end{nobody}; tied for second, "
            f"{each(g[3])} at a scoring and {each(f[3])} at the end")
