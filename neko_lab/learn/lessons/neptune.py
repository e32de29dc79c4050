"""A whole first game of Destination: Neptune: two players, you (Player 1) against the Neptune agent.

Every decision of yours is guided, on a seed where you begin (Setup draws the first player) and
following the script wins fairly (58 to 28). Each taught step first tells what happened since the
last one: the other player's sales, cards, launches, buildings and technologies, and every credit they
paid you for access (with the rule the first time: the controller of a mission or technology is paid
by whoever buys access). What it teaches, and where (each step cites its section):

1. Playing a Turn — sell a card to the Opportunity Track (1 credit with two players), play a card
   from hand (its fame) or from the track (no fame), draw back to five; the "event" tag of a card (its
   Event icon, used only by the Optional Event Rules, which this game leaves out), at the first one shown.
2. Research Missions, Control and Access, Summary of Two-Player Changes — what a mission is (first
   to launch controls it, 1 fame per mission controlled), launches with the fuel cost worked out
   (distance from Earth − speed − bases on the way, never below 1), access (a token under the
   controller's, 2 credits paid to them, enough for a base: Building); with no fuel left, what fuel
   bought from the supply would make a launch cost, and why the credits are kept instead. When
   another player moves first with a Research Missions card, all of this comes before the first
   purchase of access.
3. Fuel, To calculate the Fuel Cost and its worked example — fuel bought from the supply (3 credits)
   when it opens a building or launch worth more; the bases a trip counts, by name, and the rule with
   the rulebook's example at the first trip that counts one.
4. Building and Build — bases (open to every player, said at the first base beside another
   player's), factories (their Mineral or Fusion Fuel icon), colonies (the number in the circle plus
   the fuel from Earth), a move without building, the three rounds.
5. Technology — control (fame at every Technology card, credits when others buy access) or access,
   speed, prerequisites (for control only: access needs none); buying access from the controller at any time.
6. Factories Produce (Mineral and Fusion Fuel factories, access to Fusion Power before production),
   Attract Investors, Fuel Broker — what each card gives, said when it happens.
7. Scoring card and Generations — factories, colonies and fame scored (ties at the first scoring and
   at the end), then buying VP once; a generation ends when its last card is drawn, and is scored the
   same way.
8. Diversification Card and Intrepid Spacefarer Card — what each is worth and how it moves (the
   Intrepid distance before speed and bases), said when the first one is taken and at the learner's
   first factory (with what a colony there would need).
9. End of Game Scoring — in the finale, category by category, then the rules this game did not meet
   (the Optional Event Rules among them).

The moves are the Neptune agent's, with two exceptions that keep every step's reason true: a fuel or
technology purchase that opens no launch or building at once (the agent counts every token it holds)
gives way to its next best move; and a fuel from the supply that opens a building or launch the agent's
one-move look cannot see (it is worth FUEL_MARGIN more by the agent's own estimate) is asked for first.
"""
from __future__ import annotations

from typing import Any

from ...core.state import State
from ...games.neptune.rules.base import TEAMS
from ...games.neptune.rules.fuel import distance, fare, route, seat_view
from ...games.neptune.rules.state import GameState
from ..lesson import DeterministicBot, Lesson, Teach, checked_seed, seat_seed
from .neptune_words import (CARD_DOES, INTREPID_DISTANCE, PRODUCTION_WORDS, R_BROKER, R_BUILD, R_BUILDING,
                            R_CONTROL, R_COST, R_DIVERS, R_END, R_EVENTS, R_FACTORIES, R_FAME, R_FUEL, R_GEN,
                            R_INTREPID,
                            R_INVESTORS, R_PLAY, R_PRODUCTION, R_RESEARCH, R_SCORING, R_SCORING_CARD, R_SELL, R_TECH,
                            R_TECH_ACCESS, R_TURN, R_TWO, R_SETUP, R_EXAMPLE, VP_TABLE, card_kind, consequence, cost_words, credit_count,
                            fame_award_words, fame_awards_summary, kind, loc_name, purse, speed_of)

GAME = "neptune"
SEED = 87
PLAYERS = 2
FUEL_MARGIN = 0.5        # how much more (in the guide's VP estimate) a fuel bought must open


def _seen(state: State, *rules: str) -> int:
    return sum(1 for e in state.log if e.seat == 0 and e.rule in rules)


THEIR_MOVES = ("sells ", "plays ", "launches ", "builds ", "moves team", "takes control", "takes free access",
               "pays player 1", "buys 1 fuel")


def _their_moves(events: list) -> list[str]:
    """What the other players did (the cards they sold and played, their launches, buildings,
    technologies and purchases), in order, one launch list per card: "Player 2 launches Research
    Missions to Vesta and Venus Cloud Tops"; a payment to the learner is "pays you"."""
    out: list[str] = []
    launches: list[str] = []
    for e in [*events, None]:
        if e is not None and e.seat not in (None, 0) and e.text.startswith("launches a Research Mission to "):
            launches.append(e.text.removeprefix("launches a Research Mission to "))
            who = f"Player {e.seat + 1}"
            continue
        if launches:
            out.append(f"{who} launches Research Missions to " + " and ".join(
                [", ".join(launches[:-1]), launches[-1]] if len(launches) > 1 else launches))
            launches = []
        if e is not None and e.seat not in (None, 0) and e.text.startswith(THEIR_MOVES):
            out.append(f"Player {e.seat + 1} " + e.text.replace("pays player 1 ", "pays you ", 1))
    return out


def _first(state: State, events: list, test) -> bool:
    """Is some event of `events` meeting `test` the first such event of the game?"""
    here = sum(1 for e in events if test(e))
    return bool(here) and here == sum(1 for e in state.log if test(e))


def _paid_me(rule: str):
    return lambda e: e.seat not in (None, 0) and e.rule == rule and e.text.startswith("pays player 1 ")


def _launched_by_other(e: Any) -> bool:
    return e.seat not in (None, 0) and e.text.startswith("launches a Research Mission")


MISSION_WORDS = (f"A Research Mission is the first step to any location: the player who plays a Research Missions "
                 f"card may launch as many as they can pay for, each 1 credit plus the fuel from Earth; the first to "
                 f"launch to a location controls its mission for the whole game, and every player gains 1 fame for "
                 f"each mission they control whenever a Research Missions card is played ({R_RESEARCH}).")
PAID_MISSION = (f"Whoever controls a mission is paid by every player who buys access to it, 2 credits with two "
                f"players ({R_TWO}): launching first pays in credits as well as in fame.")
PAID_TECH = (f"Whoever controls a technology is paid by every player who buys access to it without a card, 2 credits "
             f"with two players ({R_TECH_ACCESS}): taking control pays in credits as well as in fame.")
TURN_WORDS = (f"A turn is: sell a card if you like, play one card, then draw back to five ({R_TURN}).")


def _news(state: State, events: list, routine: list) -> str:
    said = [f"{len(routine)} routine move{'s' if len(routine) != 1 else ''} of yours ("
            + "; ".join(str(m) for m in routine[:6]) + ("; ..." if len(routine) > 6 else "") + ")"] if routine else []
    said += _their_moves(events)
    for e in events:
        if e.rule in (R_GEN, R_PRODUCTION, R_SCORING, R_SCORING_CARD, R_FAME, R_END, R_DIVERS, R_INTREPID) and e.text:
            who = "" if e.seat is None or e.text.startswith("the ") else (
                "Player 1 (you)" if e.seat == 0 else f"Player {e.seat + 1}")
            if who and e.text.startswith("factories"):
                who = "your" if e.seat == 0 else f"{who}'s"
            said.append(f"{who} {e.text}".strip())
    if not said:
        return ""
    head = "Since your last taught step: " if _asked_before(state, "") else "Before your first move: "
    text = head + "; ".join(said[:16]) + ("; ..." if len(said) > 16 else "") + ". "
    if not any(e.seat == 0 for e in state.log) and said:          # the learner's very first step
        text += TURN_WORDS + " "
    if _first(state, events, _launched_by_other) and not any(
            e.seat == 0 and e.rule == R_RESEARCH for e in state.log):
        text += MISSION_WORDS + " "
    if _first(state, events, _paid_me(R_RESEARCH)):
        text += PAID_MISSION + " "
    if _first(state, events, _paid_me(R_TECH_ACCESS)):
        text += PAID_TECH + " "
    if any(e.rule == R_GEN for e in events) and any(state.decks):     # not the fourth: the final scoring is told
        text += (f"A Generation ends when its last card is drawn; it is scored like a Scoring card, and from now on "
                 f"the cards of the next generation are drawn ({R_GEN}). ")

    if any(e.rule == R_PRODUCTION and e.seat == 0 for e in events):
        text += PRODUCTION_WORDS + " "
    for rule, what in ((R_DIVERS, DIVERS_WORDS), (R_INTREPID, INTREPID_WORDS)):
        if _first(state, events, lambda e: e.rule == rule):     # the award card's first owner
            text += what + " "
    return text


DIVERS_WORDS = (f"The Diversification card goes to whoever has bases on the most planets, and changes hands only "
                f"when another player has bases on more; whoever holds it at the end scores 3 VP ({R_DIVERS}).")
INTREPID_WORDS = (f"The Intrepid Spacefarer card goes to whoever builds a factory or colony at a location whose "
                  f"mission they control, the furthest from Earth so far ({INTREPID_DISTANCE}); it changes hands "
                  f"only for one further away, and whoever holds it at the end scores 3 VP ({R_INTREPID}).")


# ---------------------------------------------------------------------------------- what is said
def say_sell(state: State, a: Any) -> str:
    turn = track = ""
    if _seen(state, R_SELL, R_TWO) == 0:            # the first sale: the turn (unless told by the news), the track
        track = (f" A sold card goes to the left end of the Opportunity Track, which holds as many cards as there "
                 f"are players; the rightmost one falls off ({R_SELL}). With two players a sale pays 1 credit "
                 f"({R_TWO}).")
        if not any(e.seat is not None for e in state.log):          # else the turn was told with the first news
            turn = TURN_WORDS + " "
    if kind(a) == "Pass":
        return turn + f"Sell nothing this turn: every card in your hand is worth more to play later ({R_SELL})." + track
    move = (f"Sell {a.title} for 1 credit: {_why_sell(state, a)}; remember that Player 2 may play it from the "
            f"track on their turn")
    return turn + move + ("." + track if track else f" ({R_SELL}).") + f" You have {purse(state, 0)}."


def _why_sell(state: State, a: Any) -> str:
    hand = [state.data.cards[c] for c in state.hands[0]]
    same = sum(1 for c in hand if c.kind == card_kind(state, a.card))
    if same > 1:
        return f"you hold {same} cards of that kind, and one turn plays only one"
    if a.fame <= min(c.fame for c in hand):
        return f"it carries the least fame of your hand ({a.fame})"
    return "it does least for your plan of the next turns"


def _why_play(state: State, a: Any) -> str:
    k = card_kind(state, a.card)
    mine = sum(1 for f in state.factory if f == 0)
    if k == "build":
        return f"with {credit_count(state.credits[0])} and {state.fuel[0]} fuel your teams can build now"
    if k == "research":
        held = sum(1 for h in state.missions if h and h[0] == 0)
        fame = f"once the launches are done every player gains 1 fame for each mission they control ({R_RESEARCH})"
        child = state.clone()
        child.apply(a)
        can = [x for x in child.legal_actions() if kind(x) == "Launch"] if child.current_player == 0 else []
        if can:
            cheap = min(x.fuel for x in can)
            return (f"{state.fuel[0]} fuel and {credit_count(state.credits[0])} pay for a mission now ("
                    f"{len(can)} location{'s' if len(can) != 1 else ''} within reach, the cheapest {cheap} fuel), "
                    f"and {fame}, the new ones included")
        return (f"no launch is within reach of your {state.fuel[0]} fuel, but the card's own fame counts, and "
                f"{fame}: {held} for you")
    if k == "factories":
        return f"your {mine} factor{'y' if mine == 1 else 'ies'} pay out, and you take 2 credits more"
    if k == "technology":
        return "a technology adds speed or opens sites, and control brings fame"
    if k == "scoring":
        return f"you have {mine} factor{'y' if mine == 1 else 'ies'} and {state.fame[0]} fame to score now"
    if k == "investors":
        return f"5 credits now, with {state.credits[0]} in hand"
    if k == "broker":
        return "1 VP, and Player 2's fuel purchases pay you"
    return "it serves you best this turn"


def say_play(state: State, a: Any) -> str:
    does = CARD_DOES.get(card_kind(state, a.card), "")
    if a.place < 0:
        lead = "" if _seen(state, R_PLAY) else (
            f"Now play one card. From your hand it gives the fame printed on it; from the Opportunity Track it "
            f"gives no fame, but lets you use a card you do not hold ({R_PLAY}). ")
        return lead + (f"Play {a.title} from your hand: +{a.fame} fame, and {does}. Why now, in generation "
                       f"{min(state.generation, 3) + 1} with {purse(state, 0)}: {_why_play(state, a)}.")
    return (f"Play {a.title} from place {a.place + 1} of the Opportunity Track: no fame this way ({R_PLAY}), but "
            f"{_why_track(state, a)}. It means {does}. Why now: {_why_play(state, a)}.")


def _why_track(state: State, a: Any) -> str:
    """Why the card is played from the track rather than from the hand, true of the hand held now."""
    k = card_kind(state, a.card)
    same = [state.data.cards[c] for c in state.hands[0] if state.data.cards[c].kind == k]
    if not same:
        return "none of your own cards does this now"
    best = max(c.fame for c in same)
    left = f"the {a.title} leaves the track, where Player 2 could play it on their turn"
    if best == 0:
        return (f"your own {a.title} would give no fame either, so nothing is lost: it stays in your hand for a "
                f"later turn, and {left}")
    return (f"your own {a.title} would give +{best} fame; playing this one keeps yours in your hand for a later "
            f"turn, and {left}")


def _options(state: State) -> dict:
    """The launches and buildings open to the learner now: what each is -> its fuel."""
    out = {}
    for x in state.legal_actions():
        if kind(x) == "Launch":
            out[("launch", x.loc)] = x.fuel
        elif kind(x) == "BuildAt":
            out[("build", x.team, x.origin, x.dest, x.what)] = x.fuel
    return out


def opened_by(state: State, a: Any) -> list[tuple[Any, int | None]]:
    """The launches and buildings that buying `a` (a fuel, or access to a technology) opens at once, or
    makes cheaper in fuel: (the move after the purchase, its fuel before or None when it was not open)."""
    before = _options(state)
    child = state.clone()
    child.apply(a)
    out = []
    for x in child.legal_actions():
        key = (("launch", x.loc) if kind(x) == "Launch" else ("build", x.team, x.origin, x.dest, x.what)
               if kind(x) == "BuildAt" else None)
        if key is not None and (key not in before or x.fuel < before[key]):
            out.append((x, before.get(key)))
    return out


def _option_words(state: State, x: Any, old: int | None) -> str:
    if kind(x) == "Launch":
        what = f"a mission to {loc_name(state, x.loc)}"
    elif x.what == "move":
        what = f"team {x.team + 1}'s move to {loc_name(state, x.dest)}"
    else:
        what = f"a {x.what} at {loc_name(state, x.dest)} (team {x.team + 1})"
    return what + (f" for {x.fuel} fuel instead of {old}" if old is not None else f" ({x.fuel} fuel)")


def _bought_launch(state: State) -> tuple[int, Any] | None:
    """The fewest fuel to buy (3 credits each, at any time) before a launch is open, and the cheapest
    launch then; None when the learner's credits cannot pay for fuel and a launch."""
    child, bought = state.clone(), 0
    while True:
        launches = [x for x in child.legal_actions() if kind(x) == "Launch"]
        if launches:
            return bought, min(launches, key=lambda x: x.fuel)
        if not any(kind(x) == "BuyFuel" for x in child.legal_actions()):
            return None
        child.apply(next(x for x in child.legal_actions() if kind(x) == "BuyFuel"))
        bought += 1


def _stop_launching(state: State) -> str:
    """Why no launch is made when none is within reach: what one would cost with fuel bought, and why the
    credits are kept (true of the position)."""
    fuel, credits = state.fuel[0], state.credits[0]
    lacking = ("you have no fuel left, and every launch needs at least 1 fuel besides its 1 credit" if not fuel else
               "no credit is left for the 1 credit a launch costs" if not credits else
               f"every location still open costs more than your {fuel} fuel")
    bought = _bought_launch(state)
    if bought is None:
        return (f"Stop launching: {lacking} ({R_RESEARCH}), and your {credit_count(credits)} cannot buy the "
                f"fuel for one either, at 3 credits a fuel ({R_FUEL}).")
    n, x = bought
    total = n * 3 + x.credits
    price = (f"At any time you may buy fuel from the supply, 3 credits a fuel ({R_FUEL}): the cheapest launch, "
             f"to {loc_name(state, x.loc)}, would then cost {credit_count(total)} in all ({n} fuel bought and "
             f"the launch's 1 credit), for 1 fame at this card and at every later Research Missions card")
    gap = max(state.fame) - state.fame[0]
    cards_left = (sum(len(d) for d in state.decks[state.generation:]) + sum(len(h) for h in state.hands)
                  + len(state.track))
    if state.generation >= 3:
        keep = (f"in generation 4 credits turn into VP at the scorings ({VP_TABLE}), and a base on a new mission "
                f"would still need a Build card")
    else:
        keep = "the credits pay for bases and factories on the missions you already hold"
    if gap > cards_left + 1:
        keep += (f"; and Player 2 has {gap} fame more than you, more than 1 fame at each of the {cards_left} cards "
                 f"still to be played could close")
    return f"Stop launching: {lacking} ({R_RESEARCH}). {price}. Keep the credits instead: {keep}."


def say_launch(state: State, a: Any) -> str:
    if kind(a) == "Pass":
        fuel, credits = state.fuel[0], state.credits[0]
        launches = [x for x in state.legal_actions() if kind(x) == "Launch"]
        if not launches:
            return _stop_launching(state)
        return (f"Stop launching: you have {credit_count(credits)} and {fuel} fuel left; keep them for the bases the "
                f"missions you hold open ({R_RESEARCH}).")
    if kind(a) != "Launch":
        return say_any_time(state, a)
    first = not _seen(state, R_RESEARCH)
    lead = "" if not first else (
        f"A Research Mission is the first step to any place: it costs 1 credit plus the fuel from Earth; the first "
        f"to launch to a location controls its mission for the whole game, which is worth 1 fame at every "
        f"Research Missions card; you may launch as many as you can pay for ({R_RESEARCH}). ")
    why = (f"Controlling it earns 2 credits each time Player 2 buys access to it ({R_TWO}), and your token on a "
           f"mission is what a base there needs ({R_BUILDING})." if first else
           "Control brings fame at every Research Missions card and 2 credits whenever Player 2 buys access to it.")
    return lead + (f"Launch to {loc_name(state, a.loc)}: fuel {cost_words(state, 0, state.data.home, a.loc)} "
                   f"({R_COST}).{_en_route(state, state.data.home, a.loc)} {why}")


def say_access(state: State, a: Any) -> str:
    if kind(a) == "Pass":
        return (f"Buy no more access: the missions left are of no use to your teams soon, and each costs 2 credits "
                f"of your {state.credits[0]} ({R_TWO}).")
    first = not _asked_before(state, "mission_access")
    lead = (f"Player {a.controller + 1} controls the mission at {a.name}. After missions are launched, anyone may "
            f"pay the controller for access: with two players that costs 2 credits, paid to Player "
            f"{a.controller + 1} ({R_TWO}). ")
    if first:
        lead += (f"Your token goes under theirs: control stays theirs, and you have access ({R_CONTROL}). A base "
                 f"needs your token on the location's mission, and access is enough ({R_BUILDING}). ")
    return lead + f"Pay for {a.name}: {_base_after_access(state, a.loc)}."


def _base_after_access(state: State, loc: int) -> str:
    """What access to the mission at `loc` lets the learner build next, true of the position."""
    data = state.data
    site = data.locations[loc]
    have = {t for t, holders in enumerate(state.techs) if 0 in holders}
    missing = [data.techs[t].name for t in site.base_requires if t not in have]
    if missing:
        return f"a base there will also need {' and '.join(missing)}, which you have no token on yet"
    spd, own, mask = seat_view(state, 0)
    teams = {state.teams[t] for t in range(TEAMS)}
    fuel = min(fare(data, at, loc, spd, own, mask) for at in teams)
    return (f"with it a team of yours may build a base there whenever a Build card is played, for 1 credit and "
            f"{fuel} fuel as your teams stand now")


def _move_base(state: State) -> str:
    """Where a team may move without building, under the game's option (datasets/neptune/README.md)."""
    return "a base of your own" if state.options["move_needs_own_base"] else "a base, yours or another player's"


def say_build(state: State, a: Any) -> str:
    rnd = state.pending[-1].data[0] if isinstance(state.pending[-1].data, tuple) else 0
    lead = "" if _asked_before(state, "build") else (
        f"Build cards give three rounds of building, the active player first each time ({R_BUILD}); every team "
        f"builds at most once and moves at most once per card ({R_BUILDING}). A base needs your token on that location's mission and "
        f"costs 1 credit (the first base there scores 1 VP); a factory needs your base and costs 2 credits; a colony "
        f"costs its printed number plus the fuel from Earth; a team may also just move, without building, to a "
        f"location with {_move_base(state)}, for the trip's fuel ({R_BUILDING}). ")
    if kind(a) not in ("BuildAt", "Pass"):          # a purchase first: the step's section is the purchase's
        return lead + say_any_time(state, a)
    head = f"Round {rnd + 1} of 3. "
    if kind(a) == "Pass":
        return lead + head + (f"Build nothing this round: no site you can reach pays for itself with {purse(state, 0)} "
                              f"({R_BUILD}).")
    trip = ("the team is already there, so no fuel for the trip" if a.origin == a.dest else
            f"the trip from {loc_name(state, a.origin)}: {cost_words(state, 0, a.origin, a.dest)}")
    if a.what == "move":
        whose = _move_base(state)
        return lead + head + (f"Team {a.team + 1} moves to {loc_name(state, a.dest)} (no building); {trip} "
                              f"({R_COST}). Why: a team may move without building to a location with {whose} "
                              f"({R_BUILDING}).")
    gain = {"base": f"a base opens the site for a factory or colony ({R_BUILDING}) and {_base_cuts(state, a.dest)} "
                    f"({R_COST})",
            "factory": f"a factory scores 1 VP at every scoring ({R_SCORING}) and pays when Factories Produce is "
                       f"played ({R_PRODUCTION})",
            "colony": f"a colony scores 2 VP at every scoring ({R_SCORING})"}[a.what]
    if a.what == "colony":
        return lead + head + _colony_words(state, a, trip) + f" Why: {gain}." + _first_building(state, a)
    return lead + head + (f"Team {a.team + 1} builds a {a.what} at {loc_name(state, a.dest)} for "
                          f"{credit_count(a.credits)}; {trip} ({R_COST}).{_en_route(state, a.origin, a.dest)} "
                          f"Why: {gain}." + _shared(state, a) + _icon_words(state, a) + _first_building(state, a))


def _base_cuts(state: State, loc: int) -> str:
    """Which of the learner's trips a base at `loc` takes 1 fuel off."""
    data = state.data
    if loc == data.orbit:
        return "takes 1 fuel off every trip of yours from Earth"
    name = loc_name(state, loc)
    planet = data.locations[loc].planet
    if planet == data.locations[data.home].planet:
        return f"takes 1 fuel off your trips that start or end at {name} itself"
    return (f"takes 1 fuel off your trips that pass {data.planets[planet]}, and off those that start or end at "
            f"{name} itself")


def _colony_words(state: State, a: Any, trip: str) -> str:
    """A colony's price: the number in its circle in credits, and the fuel from Earth for the colonists
    on top of the team's own trip."""
    data = state.data
    home = cost_words(state, 0, data.home, a.dest)
    return (f"Team {a.team + 1} builds a colony at {loc_name(state, a.dest)}. A colony costs the number in its "
            f"circle in credits, {credit_count(a.credits)} here, plus the fuel cost from Earth for colonists and "
            f"supplies, counted from Earth wherever the team stands: {home} ({R_BUILDING}); the team's trip: {trip}; "
            f"{a.fuel} fuel in all ({R_COST}).{_en_route(state, data.home, a.dest)}")


def _counted_bases(state: State, origin: int, dest: int) -> list[str]:
    """The learner's bases a trip origin -> dest takes fuel off for, by name (one per planet)."""
    data = state.data
    spd, own, mask = seat_view(state, 0)
    _dist, cut, inner = route(data, origin, dest, own, mask)
    if not cut or data.locations[origin].planet == data.locations[dest].planet:
        return []
    out = []
    if origin in own:
        out.append(origin)
    elif origin == data.home and data.orbit in own:
        out.append(data.orbit)
    ends = {data.locations[origin].planet, data.locations[dest].planet}
    for p in range(len(data.planets)):
        if inner >> p & 1 and mask >> p & 1 and p not in ends:
            out.append(next(b for b in own if data.locations[b].planet == p))
    if dest in own:
        out.append(dest)
    return [loc_name(state, b) for b in out]


def _en_route(state: State, origin: int, dest: int) -> str:
    """The first time a trip of the learner counts bases on the way: which, and the rule with the
    rulebook's worked example."""
    names = _counted_bases(state, origin, dest)
    if not names:
        return ""
    counted = f" The base{'s' if len(names) > 1 else ''} counted: {' and '.join(names)}."
    if _asked_before(state, "", lambda s, x: bool(_trip_of(s, x) and _counted_bases(s, *_trip_of(s, x)))):
        return counted
    return (counted + f" Each of your bases on the "
            f"way takes 1 fuel off, one base per planet; at the planet where the trip starts or ends only a base at "
            f"that very location counts, and a base in Earth's Orbit counts for every trip from Earth; speed and "
            f"bases never bring a trip below 1 fuel ({R_COST}). The rulebook works the same sum for a team going "
            f"from Earth to Callisto: 7 − speed 4 − 1 for a base at Mars = 2 fuel ({R_EXAMPLE}).")


def _trip_of(state: State, a: Any) -> tuple[int, int] | None:
    if kind(a) == "Launch":
        return state.data.home, a.loc
    if kind(a) == "BuildAt" and a.origin != a.dest:
        return a.origin, a.dest
    return None


def _shared(state: State, a: Any) -> str:
    """A base where another player has one already: bases are open to all, the other circles are not."""
    others = [s for s in state.bases[a.dest] if s != 0]
    if a.what != "base" or not others or _asked_before(
            state, "build", lambda s, x: kind(x) == "BuildAt" and x.what == "base" and any(
                p != 0 for p in s.bases[x.dest])):
        return ""
    return (f" Player {others[0] + 1} has a base here already: every player may build in a base circle, but the "
            f"first base alone scored its 1 VP, and a factory or colony circle holds one token only, so whoever "
            f"builds there first keeps it ({R_BUILDING}).")


def _icon_words(state: State, a: Any) -> str:
    """A factory with the Mineral or Fusion Fuel icon: what it will produce for the learner."""
    icon = state.data.locations[a.dest].factory_icon
    if a.what != "factory" or icon not in ("mineral", "fusion_fuel"):
        return ""
    have = {state.data.techs[t].key for t, holders in enumerate(state.techs) if 0 in holders}
    if icon == "mineral":
        now = "a credit, since you have Fusion Power" if "fusion" in have else "a fuel, until you have Fusion Power"
        return (f" Its circle has the Mineral icon: besides the credit every factory makes when Factories Produce "
                f"is played, it makes {now} ({R_PRODUCTION}).")
    now = ("2 fuel, with Fusion Power II" if "fusion2" in have else "1 fuel, with Fusion Power" if "fusion" in have
           else "nothing more until you have Fusion Power")
    return (f" Its circle has the Fusion Fuel icon: besides the credit every factory makes when Factories Produce is "
            f"played, it makes 1 fuel once its owner has Fusion Power and 2 with Fusion Power II; for you now "
            f"{now} ({R_PRODUCTION}).")


def _first_building(state: State, a: Any) -> str:
    """Before the learner's first factory or colony: the colony circle of that location, and whether
    this building wins the Intrepid Spacefarer card (true of the position)."""
    if a.what not in ("factory", "colony") or 0 in state.factory or 0 in state.colony:
        return ""
    data = state.data
    loc = data.locations[a.dest]
    out = []
    if a.what == "factory" and loc.colony and state.colony[a.dest] < 0:
        have = {t for t, holders in enumerate(state.techs) if 0 in holders}
        missing = [data.techs[t].name for t in loc.colony_requires if t not in have]
        need = (f"it needs {' and '.join(missing)} first, which you have no token on" if missing else
                f"it costs {credit_count(loc.colony)} plus the fuel from Earth")
        out.append(f"A colony could go here too, in its own circle, and scores 2 VP at every scoring, but {need} "
                   f"({R_BUILDING}).")
    holders = state.missions[a.dest]
    far = distance(data, data.home, a.dest)
    if holders and holders[0] == 0:
        wins = state.intrepid != 0 and (state.intrepid < 0 or far > state.intrepid_distance)
        mine = ("so this one wins it" if wins else "but this one is no further than the holder's, so it does not")
    else:
        mine = (f"Player {holders[0] + 1} controls the mission at {loc.name}, so this one does not"
                if holders else "nobody controls the mission here, so this one does not")
    out.append(f"A factory or colony where you control the mission, further from Earth than any so far, wins the "
               f"Intrepid Spacefarer card, 3 VP at the end ({INTREPID_DISTANCE}: {far} here); {mine} "
               f"({R_INTREPID}).")
    return " " + " ".join(out)


def say_any_time(state: State, a: Any) -> str:
    opens = "; ".join(_option_words(state, x, old) for x, old in opened_by(state, a)[:4])
    if kind(a) == "BuyAccess":
        t = state.data.techs[a.tech]
        speed = (f"it adds {t.speed} to your speed, so every trip costs {t.speed} fuel less (never below 1), and "
                 if t.speed else "")
        return (f"At any time you may pay a technology's controller for access to it: 2 credits with two players "
                f"({R_TECH_ACCESS}). Buy access to {a.name} from Player {a.controller + 1}: {speed}it opens to you "
                f"now {opens or 'nothing that your fuel and credits allow'}.")
    if kind(a) == "BuyFuel":
        return (f"At any time you may buy a fuel from the supply for 3 credits ({R_FUEL}). Buy one now: it opens to "
                f"you {opens or 'nothing yet, but the next fuel bought will'}.")
    return f"Do it: {a}."


def say_tech(state: State, a: Any) -> str:
    if kind(a) == "Pass":
        held = sum(1 for holders in state.techs if holders and holders[0] == 0)
        why = ("you have a token on every technology already" if all(0 in h for h in state.techs) else
               "every technology left to take needs a prerequisite you have no token on")
        if len(state.legal_actions()) > 1:
            why = "no technology left opens a site or speed you need"
        return (f"Take no technology: {why}, so the card gives only its fame, and every player 1 fame for each "
                f"technology they control: {held} for you ({R_TECH}).")
    t = state.data.techs[a.tech]
    pre = " and ".join(state.data.techs[p].name for p in t.prerequisites)
    if a.control:
        # control needs access to every prerequisite (Technology); the engine offers it only then
        assert all(0 in state.techs[p] for p in t.prerequisites), f"control of {t.name} without its prerequisites"
        why = (f"Take control of {t.name}: your token on top, and 1 fame for each technology you control whenever a "
               f"Technology card is played ({R_TECH}); and Player 2 pays you 2 credits whenever they buy access to it "
               f"without a card ({R_TECH_ACCESS}).")
        need = (f" Control needs access to {pre} first, which you have." if pre else " It needs nothing first.")
    else:
        why = (f"Take free access to {t.name}, which Player {state.techs[a.tech][0] + 1} controls: with this card "
               f"you pay them nothing")
        if not any(0 in holders[1:] for holders in state.techs):          # the learner's first access
            why += (f" ({R_TECH}); without one, access to a technology another player controls can be bought from "
                    f"them at any time, 2 credits with two players ({R_TECH_ACCESS})")
        why += "."
        # a prerequisite is needed only to take control; access, with a card or bought, needs none
        # (datasets/neptune/README.md)
        lack = [state.data.techs[p].name for p in t.prerequisites if 0 not in state.techs[p]]
        need = (f" Access needs no prerequisite: only taking control of it needs {pre}" + (
            ", which you have no token on." if len(lack) == len(t.prerequisites) else
            f" (you have no token on {' and '.join(lack)})." if lack else ".") if pre else "")
    speed = f" It adds {t.speed} to your speed, so every trip costs {t.speed} fuel less (never below 1)." if t.speed else ""
    return why + need + speed + ("" if R_TECH in why else f" ({R_TECH})")


def say_investors(state: State, a: Any) -> str:
    # the player of the card takes 5 credits and every other player 2 (rulebook › Attract Investors)
    took = ("you played it, so you took 5 credits and Player 2 took 2" if state.active == 0 else
            f"Player {state.active + 1} played it, so they took 5 credits and you took 2")
    lead = (f"Attract Investors: {took}; now each may turn fame into credits, 1 credit per 2 fame "
            f"({R_INVESTORS}). ")
    if a.fame:
        return lead + f"Give up {a.fame} fame for {credit_count(a.fame // 2)}: the credits buy bases and VP now."
    return lead + (f"Keep all your fame ({state.fame[0]}): the most fame scores 2 VP at every scoring and 5 at the "
                   f"end ({R_SCORING}).")


def _asked_before(state: State, decision: str, test: Any = None) -> int:
    """How many times the learner has decided at this kind of decision before ("" for any), making a
    move that meets test(position, move) when one is given (replayed)."""
    s = type(state)(players=state.players, seed=state.seed, **state.options)
    n = 0
    for a in state.history():
        if s.current_player == 0 and decision in ("", s.pending[-1].kind) and (test is None or test(s, a)):
            n += 1
        s.apply(a)
    return n


def say_buy_vp(state: State, a: Any) -> str:
    context = state.pending[-1].data[0] if isinstance(state.pending[-1].data, tuple) else ""
    when = {"generation": "The generation has ended and is scored like a Scoring card",
            "final": "The last card of generation 4 is drawn: the final scoring"}.get(
        context, "A Scoring card is played")
    final = context == "final"
    if final or not _asked_before(state, "buy_vp"):        # the fame awards with their ties, the first time
        fame = fame_award_words(state.options, final)
    else:
        fame = "the most fame 2 VP and the second most 1"
    lead = (f"{when}: each factory scored 1 VP and each colony 2, {fame} ({R_SCORING}). "
            f"Now each may buy VP once, at most 10 credits: {VP_TABLE} ({R_SCORING_CARD}). ")
    if not a.credits:
        return lead + "Buy nothing: your credits are worth more for building."
    last = " Credits are worth nothing at the end, so buy the most VP they allow." if context == "final" else ""
    return lead + f"Buy {a.vp} VP for {credit_count(a.credits)} (you have {state.credits[0]}).{last}"


def say_order(state: State, a: Any) -> str:
    return (f"As the active player you choose who buys VP first ({R_SCORING}). Let Player {a.seat + 1} buy next.")


def say_broker(state: State, a: Any) -> str:
    if state.active == 0:
        lead = (f"You played Fuel Broker: it scored you 1 VP, and you may buy fuel for 1 credit each; Player 2 "
                f"pays 2 a fuel, 1 of them to you ({R_BROKER}). ")
    else:
        lead = (f"Player {state.active + 1} played Fuel Broker: you may buy fuel for 2 credits each, 1 of them "
                f"to Player {state.active + 1} ({R_BROKER}). ")
    if a.count:
        return lead + f"Buy {a.count}."
    fuel, credits = state.fuel[0], state.credits[0]
    have = f"you have {fuel} fuel already" if fuel else "you have no fuel, but fuel scores nothing by itself"
    return lead + (f"Buy none: {have}, and your {credit_count(credits)} can buy VP at the next scoring "
                   f"({VP_TABLE}) ({R_SCORING_CARD}).")


def say_production(state: State, a: Any) -> str:
    """Before the factories produce, a player whose production access to Fusion Power (II) would change
    is asked first: what each purchase would change, and why none is made."""
    from ...games.neptune.rules.factories_produce import produce
    credits, fuel = produce(state, 0)
    lead = (f"Factories Produce: every factory pays its owner ({R_FACTORIES}). Before they pay out you may buy "
            f"access to a Fusion technology from the player who controls it ({R_TECH_ACCESS}), since it changes what "
            f"your factories make ({R_PRODUCTION}). ")
    if kind(a) != "Pass":
        return lead + say_any_time(state, a)
    offers = []
    for x in state.legal_actions():
        if kind(x) == "BuyAccess":
            child = state.clone()
            child.techs[x.tech] = child.techs[x.tech] + (0,)
            c2, f2 = produce(child, 0)
            offers.append(f"access to {x.name} ({credit_count(x.price)} to Player {x.controller + 1}) would make "
                          f"them {credit_count(c2)} and {f2} fuel")
    return lead + (f"Let them produce as they are: {credit_count(credits)} and {fuel} fuel for you now; "
                   + "; ".join(offers) + ", which does not repay its price in this production.")


SAYS = {"production": say_production, "sell": say_sell, "play": say_play, "launch": say_launch, "mission_access": say_access,
        "build": say_build, "technology": say_tech, "investors": say_investors, "buy_vp": say_buy_vp,
        "scoring_order": say_order, "broker": say_broker}


def say(state: State, a: Any) -> str:
    """What to do and why, for the move alone (the lesson's news comes first, from news())."""
    if kind(a) in ("BuyAccess", "BuyFuel") and state.pending[-1].kind != "build":
        return say_any_time(state, a)
    return SAYS.get(state.pending[-1].kind, lambda s, x: f"Do it: {x}.")(state, a) + _event_words(state)


def _shows_event(state: State) -> bool:
    """Is a card with the Event icon among the cards this sale or play may take ("…, event)")?"""
    return state.pending[-1].kind in ("sell", "play") and any(getattr(x, "event", False)
                                                               for x in state.legal_actions())


EVENT_WORDS = (f" A card marked “event” carries the Event icon, which only the Optional Event Rules use: with "
               f"them, playing such a card first turns over an Event card, resolved before the card's fame and "
               f"action; this game is played without them, so the icon changes nothing here ({R_EVENTS}).")


def _event_words(state: State) -> str:
    """The "event" tag, said at the learner's first sale or play that shows a card with it."""
    if state.options["events"] or not _shows_event(state) or _asked_before(
            state, "", lambda s, x: _shows_event(s)):
        return ""
    return EVENT_WORDS


def purchase_section(state: State, a: Any) -> str:
    """The section of a purchase made at any time (a build step may explain the Build card first)."""
    return {"BuyFuel": R_FUEL, "BuyAccess": R_TECH_ACCESS}.get(kind(a), "")


def news(lesson: Lesson, state: State) -> str:
    """What happened since the learner's last taught step: the routine moves played for them, and the
    productions, scorings and award cards met meanwhile."""
    routine, events = lesson.since_taught(state)
    return _news(state, events, routine)


ROUTINE = ("mission_access", "launch", "build", "broker", "investors", "scoring_order")


def nothing_new(state: State, wanted: Any) -> bool:
    """A pass (no more launches, no more access, no build this round, ...) or the same move word for word
    that the learner has already made twice is a routine step."""
    key = (state.pending[-1].kind, str(wanted))
    if key[0] not in ROUTINE or kind(wanted) not in ("Pass", "CashFame", "BrokerFuel", "NextBuyer"):
        return False
    s = type(state)(players=state.players, seed=state.seed)
    n = 0
    for a in state.history():
        if s.current_player == 0 and (s.pending[-1].kind, str(a)) == key:
            n += 1
        s.apply(a)
    return n >= 2


PASS_COST = {"sell": "selling nothing keeps every card but gives up the 1 credit a sale pays",
             "launch": "launching no more leaves the open locations to Player 2, whose first mission there would "
                       "control them for the whole game",
             "mission_access": "without access you cannot build a base at those locations",
             "build": "building nothing leaves this round of the Build card unused"}


def why_not(state: State, wanted: Any, action: Any) -> str:
    if kind(action) == "Pass":
        said = PASS_COST.get(state.pending[-1].kind, f"to {action.step} gives up this step")
    else:
        said = consequence(state, action)
    return f"{said}; this step asks for: {wanted}"


def callout(state: State, a: Any) -> str:
    return {"Sell": "sell this", "Play": "play this", "Launch": f"{getattr(a, 'fuel', '')} fuel",
            "BuildAt": f"build {getattr(a, 'what', '')}", "TakeTech": "this technology",
            "MissionAccess": "pay 2", "BuyAccess": "pay 2", "BuyVP": "buy VP", "Pass": "not now"}.get(kind(a), "this move")


CATEGORIES = {
    "first bases": f"1 VP for each first base at a location ({R_BUILDING})",
    "buildings": f"1 VP per factory and 2 per colony at every scoring ({R_SCORING})",
    "fame awards": f"{fame_awards_summary(GameState.OPTIONS)} ({R_SCORING})",
    "bought": f"VP bought with credits at scorings ({VP_TABLE}) ({R_SCORING_CARD})",
    "fuel broker": f"1 VP for each Fuel Broker you played ({R_BROKER})",
    "events": f"VP from events, which only the Optional Event Rules bring ({R_EVENTS})",
    "award cards": f"3 VP each for the Diversification and Intrepid Spacefarer cards ({R_DIVERS}, {R_INTREPID})",
}


def _worth(state: State, a: Any) -> float:
    """The Neptune agent's estimate of the learner's final VP after move `a` (its one-move look)."""
    from ...games.neptune.agents import value
    child = state.clone()
    child.apply(a)
    return value(child, 0)


def _fame_tie(state: State) -> bool:
    """Did a scoring of this game meet a tie in fame among the players it awarded? (the awards logged
    together, one per player awarded, each with the player's fame)"""
    run: list[str] = []
    for e in [*state.log, None]:
        if e is not None and e.rule in (R_FAME, R_END) and "for fame (" in e.text:
            run.append(e.text.rsplit("(", 1)[1])
            continue
        if len(run) != len(set(run)):
            return True
        run = []
    return False


def not_met(state: State) -> str:
    """The rules a player needs that this game never met, each in a few words with its section."""
    data, log = state.data, state.log
    out = []
    if not _fame_tie(state):
        out.append(f"a tie in fame at a scoring, whose awards the fame awards line above gives ({R_SCORING})")
    if not any(owner >= 0 and data.locations[loc].factory_icon == "fusion_fuel"
               for loc, owner in enumerate(state.factory)):
        out.append(f"a factory with the Fusion Fuel icon, which produces 1 fuel once its owner has Fusion Power "
                   f"and 2 with Fusion Power II ({R_PRODUCTION})")
    if not any(e.rule == R_BUILDING and e.text.startswith("moves team") for e in log):
        out.append(f"a team moving without building, which it may do to a location with {_move_base(state)}, for "
                   f"the trip's fuel ({R_BUILDING})")
    if state.intrepid < 0:
        out.append(f"the Intrepid Spacefarer card, which nobody took: it goes with the first factory or colony "
                   f"built where its builder controls the mission, and moves only to one further from Earth "
                   f"({INTREPID_DISTANCE}) ({R_INTREPID})")
    if not any(e.rule == R_FUEL for e in log):
        out.append(f"buying fuel from the supply, 3 credits a fuel at any time ({R_FUEL})")
    if not any(e.rule == R_TECH_ACCESS for e in log):
        out.append(f"buying access to a technology from the player who controls it, at any time, 2 credits with "
                   f"two players ({R_TECH_ACCESS})")
    if all(owner < 0 for owner in state.colony):
        out.append(f"a colony, which nobody built: its printed number in credits plus the fuel from Earth, and 2 VP "
                   f"at every scoring ({R_BUILDING})")
    if not state.options["events"]:
        out.append(f"the Optional Event Rules, which this game left out: with them, a card with the Event icon "
                   f"(“event” in its name) first turns over an Event card, resolved before the card's fame and "
                   f"action ({R_EVENTS})")
    if not any(len(set(holders)) > 1 for holders in state.bases):
        out.append(f"two players' bases at one location: a base circle takes every player's token, a factory or "
                   f"colony circle only one ({R_BUILDING})")
    if not _asked_before(state, "", lambda s, x: bool(_trip_of(s, x) and _counted_bases(s, *_trip_of(s, x)))):
        out.append(f"a trip of yours that your bases made cheaper: 1 fuel off for each base on the way, one per "
                   f"planet, at the start or end only one at that very location ({R_COST}); the rulebook's example "
                   f"takes a team from Earth to Callisto for 7 − speed 4 − 1 for a base at Mars = 2 fuel ({R_EXAMPLE})")
    return ("Rules this game did not meet, for your next game: " + "; ".join(out) + ".") if out else ""


def LESSON(seed: int = SEED) -> Lesson:
    seed = checked_seed(seed)
    """The Neptune lesson: every decision of the whole game guided."""
    from ...core.registry import game_class
    guide = DeterministicBot("neptune", game_class(GAME), seat_seed(seed, 100))

    def pick(state: State, legal: list) -> Any:
        # the guide may buy a fuel or a technology's access that opens no launch or building now (its
        # estimate counts every token on a technology); the lesson never asks for a purchase it cannot
        # justify, and takes the guide's own one-move estimate among the other moves instead
        wanted = guide.choose(state)
        if kind(wanted) in ("BuyAccess", "BuyFuel") and not opened_by(state, wanted):
            rest = [x for x in legal if kind(x) not in ("BuyAccess", "BuyFuel") or opened_by(state, x)]
            wanted = max(rest, key=lambda x: _worth(state, x))
        return _fuel_first(state, legal, wanted)

    def _fuel_first(state: State, legal: list, wanted: Any) -> Any:
        # the guide looks one move ahead, so it never sees a fuel from the supply that opens a building
        # or a launch worth more than the 3 credits: the lesson asks for that fuel, and the move it
        # opens follows (Fuel)
        if state.pending[-1].kind not in ("build", "launch") or kind(wanted) == "BuyFuel":
            return wanted
        fuel = next((x for x in legal if kind(x) == "BuyFuel"), None)
        opened = opened_by(state, fuel) if fuel is not None else []
        if not opened:
            return wanted
        child = state.clone()
        child.apply(fuel)
        best = max(_worth(child, x) for x, _old in opened)
        return fuel if best > _worth(state, wanted) + FUEL_MARGIN else wanted

    teach = [Teach("", pick, say, why_not, callout, section=purchase_section)]
    begins = game_class(GAME)(players=PLAYERS, seed=seed).current_player
    first = "in this game you begin" if begins == 0 else f"in this game Player {begins + 1} begins"
    intro = (f"Welcome to Destination: Neptune. You are Player 1; the Neptune agent is Player 2. Over four "
             f"Generations of cards you send Research Missions into the solar system, build bases, factories and "
             f"colonies, and gain technologies, fame and victory points ({R_GEN}). You start with 3 construction "
             f"teams on Earth, 5 credits, 5 fuel and 5 cards of generation 1, and the first player is drawn at "
             f"random: {first} ({R_SETUP}). Every decision of the game is "
             f"guided: each step says what to do and why, fuel costs are worked out, and a different move is "
             f"explained and can be retried; a pass you have made twice already is a short routine step. The "
             f"final scoring is explained at the end ({R_END}).")
    les = Lesson(GAME, PLAYERS, seed, intro, teach, "", CATEGORIES, seat=0, bot="neptune",
                 title="Destination: Neptune: your first game", until=lambda s: s.is_over(), auto=nothing_new, news=news,
                 epilogue=not_met)
    return les
