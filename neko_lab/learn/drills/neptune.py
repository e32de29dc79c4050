"""Destination: Neptune drills: fuel costs, the Opportunity Track, and building. Each starts in a
two-player game the Neptune agent has played up to a position where the rule comes up at once."""
from __future__ import annotations

from typing import Any

from ...core.state import State
from ...games.neptune.rules.fuel import distance
from ..drill import Drill, Exercise, play_until
from ..lessons.neptune_words import (R_BUILDING, R_COST, R_FUEL, R_PLAY, R_SELL, R_TWO, cost_words, kind,
                                     loc_name)

GAME = "neptune"


def _launches(state: State) -> list:
    return [a for a in state.legal_actions() if kind(a) == "Launch"]


def _dist(state: State, loc: int) -> int:
    return distance(state.data, state.data.home, loc)


# ---------------------------------------------------------------------------------- fuel
def _furthest(state: State, a: Any) -> bool:
    options = _launches(state)
    return kind(a) == "Launch" and _dist(state, a.loc) == max(_dist(state, x.loc) for x in options)


def _why_not_far(state: State, a: Any) -> str:
    far = max(_launches(state), key=lambda x: _dist(state, x.loc))
    have = state.fuel[state.current_player]
    if kind(a) == "BuyFuel":
        return (f"fuel may be bought at any time ({R_FUEL}), but this exercise asks what the {have} fuel you hold "
                f"now pays for: launch to the furthest location it reaches, such as {loc_name(state, far.loc)}")
    if kind(a) != "Launch":
        return f"that launches nothing, yet with {have} fuel you can still reach {loc_name(state, far.loc)}"
    return (f"{loc_name(state, a.loc)} is distance {_dist(state, a.loc)} from Earth; {loc_name(state, far.loc)} is "
            f"further ({_dist(state, far.loc)}), and costs {cost_words(state, state.current_player, state.data.home, far.loc)}")


def _ask_far(state: State) -> str:
    seat = state.current_player
    shown = "; ".join(f"{loc_name(state, a.loc)}: {cost_words(state, seat, state.data.home, a.loc)}"
                      for a in _launches(state))         # every launch, so every answer shows its cost
    return (f"A mission's fuel is its distance from Earth, minus your speed, minus 1 for each base of yours on the "
            f"way, never below 1. You have {state.fuel[seat]} fuel. The costs now: {shown}. Launch to the location "
            f"furthest from Earth that the fuel you hold now pays for: more fuel may be bought at any time "
            f"({R_FUEL}), but this exercise is about the fuel you have.")


def _cheapest_build(state: State, a: Any) -> bool:
    builds = [x for x in state.legal_actions() if kind(x) == "BuildAt" and x.what != "move"]
    return kind(a) == "BuildAt" and a.what != "move" and a.fuel == min(x.fuel for x in builds)


def _why_not_cheap(state: State, a: Any) -> str:
    if kind(a) != "BuildAt" or a.what == "move":
        best = min((x for x in state.legal_actions() if kind(x) == "BuildAt" and x.what != "move"),
                   key=lambda x: x.fuel)
        return f"that builds nothing, while {best} is possible for {best.fuel} fuel"
    seat = state.current_player
    return (f"team {a.team + 1} pays {a.fuel} fuel: {cost_words(state, seat, a.origin, a.dest)}; another build "
            f"costs less")


def _launching(state: State) -> bool:
    return state.pending[-1].kind == "launch" and len(_launches(state)) >= 2


def fuel(seed: int = 1) -> Drill:
    ex = [Exercise(R_COST, _ask_far, _furthest, _why_not_far, _launching,
                   lambda s, a: f"{loc_name(s, a.loc)} cost {a.fuel} fuel.") for _ in range(2)]
    ex.append(Exercise(R_FUEL, "Build something with the team whose trip costs the least fuel: a team already at "
                       "the site pays nothing to travel, and trips between two places of one planet cost 1.",
                       _cheapest_build, _why_not_cheap,
                       lambda s: s.pending[-1].kind == "build" and any(
                           kind(x) == "BuildAt" and x.what != "move" for x in s.legal_actions())))
    summary = (f"Summary ({R_COST}): add the distances along the route, subtract your speed (the sum of your "
               f"technologies' speed bonuses) and 1 per planet on the way where you have a base (at the start and "
               f"end only a base at that very location counts), and never pay less than 1.")
    return Drill(GAME, "fuel", "Destination: Neptune: fuel costs", f"Practise fuel costs ({R_FUEL}).", ex, summary,
                 seed=seed, bot="neptune",
                 prepare=play_until(lambda s: _launching(s) and len(_launches(s)) >= 3))


# ---------------------------------------------------------------------------------- the opportunity track
def _track_play(state: State, a: Any) -> bool:
    return kind(a) == "Play" and a.place >= 0


def _hand_fame(state: State, a: Any) -> bool:
    plays = [x for x in state.legal_actions() if kind(x) == "Play" and x.place < 0]
    return kind(a) == "Play" and a.place < 0 and a.fame == max(x.fame for x in plays)


def track(seed: int = 8) -> Drill:
    ex = [
        Exercise(R_SELL, "Sell one card to the Opportunity Track: it goes to the left end, the rightmost card falls "
                 "off once the track holds as many cards as players, and with two players you get 1 credit.",
                 lambda s, a: kind(a) == "Sell", lambda s, a: "selling nothing gives no credit and leaves the track as it is",
                 lambda s: s.pending[-1].kind == "sell"),
        Exercise(R_PLAY, lambda s: "Play a card from the Opportunity Track: there are " + ", ".join(
            s.data.cards[c].title for c in s.track) + ". It gives no fame, but you need not hold it.",
                 _track_play, lambda s, a: f"{a.title} comes from your hand; this exercise wants a track card",
                 lambda s: s.pending[-1].kind == "play" and bool(s.track)),
        Exercise(R_PLAY, "Play the card from your hand that gives the most fame: from hand a card gives the fame "
                 "printed on it.", _hand_fame,
                 lambda s, a: (f"{a.title} from the track gives no fame" if a.place >= 0 else
                               f"{a.title} gives {a.fame} fame; another card of your hand gives more"),
                 lambda s: s.pending[-1].kind == "play"),
    ]
    summary = (f"Summary ({R_SELL}, {R_PLAY}): each turn you may sell one card (1 credit with two players) to the "
               f"left end of the track, then you must play one card: from your hand for its fame, or from the track "
               f"for no fame. What you sell, the other player may play.")
    return Drill(GAME, "track", "Destination: Neptune: selling and the Opportunity Track",
                 f"Practise a turn's sale and play ({R_SELL}).", ex, summary, seed=seed, bot="neptune",
                 prepare=play_until(lambda s: s.pending[-1].kind == "sell" and s.turn >= 3))


# ---------------------------------------------------------------------------------- building
def _builds(what: str):
    return lambda s, a: kind(a) == "BuildAt" and a.what == what


def _why_not_build(what: str, need: str):
    def why(state: State, a: Any) -> str:
        if kind(a) != "BuildAt":
            return f"this exercise asks for a {what}; {need}"
        if a.what == "move":       # legal, so nothing is missing: it just builds nothing
            return (f"that moves team {a.team + 1} to {a.name} without building anything there; this exercise asks "
                    f"for a {what}")
        return f"that builds a {a.what}, not a {what}; {need}"
    return why


def _can(what: str):
    return lambda s: s.pending[-1].kind == "build" and any(
        kind(x) == "BuildAt" and x.what == what for x in s.legal_actions())


def build(seed: int = 8) -> Drill:
    ex = [
        Exercise(R_BUILDING, "Build a base: it needs your token on that location's Research Mission (control or "
                 "access) and costs 1 credit plus the trip's fuel.", _builds("base"),
                 _why_not_build("base", "a base needs a mission token there"), _can("base")),
        Exercise(R_BUILDING, "Build a factory: it needs your base at that location and costs 2 credits.",
                 _builds("factory"), _why_not_build("factory", "a factory needs your base there"), _can("factory")),
        Exercise(R_TWO, lambda s: "Pay the controller for access to a Research Mission: with two players it costs 2 "
                 "credits, and it lets you build a base there.", lambda s, a: kind(a) == "MissionAccess",
                 lambda s, a: "buying no access leaves you unable to build a base at those missions",
                 lambda s: s.pending[-1].kind == "mission_access"),
    ]
    summary = (f"Summary ({R_BUILDING}): mission token, then base (1 credit), then factory (2 credits) or colony "
               f"(its number plus the fuel from Earth); each team builds once and moves once per Build card, over "
               f"three rounds.")
    return Drill(GAME, "build", "Destination: Neptune: missions, bases and factories",
                 f"Practise what each building needs ({R_BUILDING}).", ex, summary, seed=seed, bot="neptune",
                 prepare=play_until(_can("base")))


DRILLS = {
    "fuel": ("fuel costs: distance from Earth, speed and bases, never below 1", fuel),
    "track": ("selling to the Opportunity Track; playing from hand or from the track", track),
    "build": ("mission access, bases and factories: what each building needs", build),
}
