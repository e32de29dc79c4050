"""Why a place of the Destination: Neptune table is not a choice now, with this position's numbers and
the rulebook section: what the board says when a learner clicks a location, a technology, a hand card,
a place of the Opportunity Track or a player's row that is not lit for the open decision.

    why_not_here(state, seat, "loc:7")
    -> "a launch to Venus Cloud Tops costs 4 fuel: distance 5 − speed 1, and you have 2 fuel ..."

A click stands for a place, not a move (one location may stand for a base, a factory, a colony or a
move): the sentence names the first condition of the rules that fails there for the open decision.

why_illegal(state, action) says the same of one action refused by apply() (wired as the game's
_why_illegal, so IllegalAction carries it): a move of another step (access bought during the launches),
a build, launch, purchase of mission access, technology or card that the rules do not allow, or one
the rules allow at another price. Every reason reads the table and the acting seat's own hand only, and
speaks to that seat ("... is not possible now: ..., and you have 2 fuel").
"""
from __future__ import annotations

from typing import Any

from neko_lab.core.errors import excerpt
from neko_lab.core.refusals import short

from .explain import fuel_sum
from .rules.attract_investors import CashFame
from .rules.base import (BASE_CREDITS, BUILT, FACTORY_CREDITS, FUEL_PRICE, MISSION_CREDITS, MOVED, RULE_BROKER,
                         RULE_BUILD, RULE_BUILDING, RULE_FACTORIES, RULE_FUEL, RULE_INVESTORS, RULE_PLAY,
                         RULE_RESEARCH, RULE_SCORING, RULE_SELL, RULE_TECH, RULE_TECH_ACCESS, RULE_TECH_CARD,
                         RULE_TURN, TEAMS, access_price, credits, who)
from .rules.build import WHAT, BuildAt, move_targets
from .rules.fuel import fare, seat_view
from .rules.fuel_broker import BrokerFuel
from .rules.research_missions import Launch, MissionAccess
from .rules.scoring_card import BuyVP, NextBuyer
from .rules.technology import TakeTech
from .rules.turn import Play, Sell

# what each decision is about, for a click on a place that plays no part in it
ABOUT = {
    "sell": "selling one hand card to the Opportunity Track",
    "play": "playing a card from your hand or from the Opportunity Track",
    "investors": "giving up fame for credits (your row of the tracks)",
    "build": "moving a team and building (the locations)",
    "broker": "buying fuel from the Fuel Broker (your row of the tracks)",
    "launch": "launching Research Missions (the locations)",
    "mission_access": "buying access to a Research Mission (the locations)",
    "technology": "taking control of, or free access to, a technology",
    "scoring_order": "naming who buys victory points next (the players' rows)",
    "buy_vp": "buying victory points (your row of the tracks)",
    "production": "buying access to a technology before the factories produce",
}


def _names(s: Any, techs) -> str:
    return " and ".join(s.data.techs[t].name for t in sorted(techs))


def _lacking(s: Any, needs, have) -> str:
    """ "needs Fusion Power, which you have no access to yet" / "needs A and B; you still lack B"."""
    missing = [t for t in needs if t not in have]
    if len(missing) == len(needs):
        return f"needs {_names(s, needs)}, and you have no access to {'it' if len(needs) == 1 else 'them'} yet"
    return f"needs {_names(s, needs)}, and you still have no access to {_names(s, missing)}"


def _whose(s: Any, seat: int, holder: int) -> str:
    return "you" if holder == seat else who(holder)


def _other(s: Any, decision: str, what: str, when: str, rule: str) -> str:
    """A place that plays no part in the open decision."""
    return f"{what} {when}; this decision is about {ABOUT.get(decision, decision)} ({rule})"


# ---------------------------------------------------------------- locations
def _launch(s: Any, seat: int, i: int) -> str:
    loc = s.data.locations[i]
    if not loc.research:
        return f"{loc.name} has no Research Mission space, so no mission is launched there ({RULE_RESEARCH})"
    if s.missions[i]:
        return (f"{_whose(s, seat, s.missions[i][0])} already control{'' if s.missions[i][0] == seat else 's'} "
                f"the mission at {loc.name}: a launch goes only where "
                f"no mission is yet (access to it is bought after the launches) ({RULE_RESEARCH})")
    if s.credits[seat] < MISSION_CREDITS:
        return (f"a launch costs {credits(MISSION_CREDITS)} and fuel, and you have {credits(s.credits[seat])} "
                f"({RULE_RESEARCH})")
    spd, own, mask = seat_view(s, seat)
    need = fare(s.data, s.data.home, i, spd, own, mask)
    buy = (f"; fuel from the supply costs {FUEL_PRICE} credits a counter"
           if s.credits[seat] >= FUEL_PRICE + MISSION_CREDITS else "")
    return (f"a launch from Earth to {loc.name} costs {fuel_sum(s, seat, s.data.home, i, need)}, and you have "
            f"{s.fuel[seat]} fuel{buy} ({RULE_FUEL})")


def _access(s: Any, seat: int, i: int) -> str:
    loc = s.data.locations[i]
    holders = s.missions[i]
    if not loc.research:
        return f"{loc.name} has no Research Mission space, so there is no mission to buy access to ({RULE_RESEARCH})"
    if not holders:
        return (f"nobody has launched a mission to {loc.name}: access is bought only to a mission already there "
                f"({RULE_RESEARCH})")
    if seat in holders:
        return f"you already have a token on the mission at {loc.name} ({RULE_RESEARCH})"
    price = access_price(s.players)
    return (f"access to the mission at {loc.name} costs {credits(price)} paid to {who(holders[0])}, and you have "
            f"{credits(s.credits[seat])} ({RULE_RESEARCH})")


def _teams(s: Any, seat: int) -> list[tuple[int, int, int]]:
    """(team, where, flags) of the seat's three construction teams."""
    return [(t, s.teams[seat * TEAMS + t], s.used[seat * TEAMS + t]) for t in range(TEAMS)]


def _numbers(teams: list[int]) -> str:
    """ "team 1", "teams 1 and 3"."""
    return f"team{'s' if len(teams) > 1 else ''} " + " and ".join(str(t + 1) for t in teams)


def _trip(s: Any, seat: int, i: int, extra: int = 0, build: bool = True) -> str:
    """Why no team of `seat` can get to location i (and still pay `extra` fuel there); `build`: to build
    there, which only a team that has not built this turn may do (Building: each team builds once a
    turn), not just move there."""
    loc = s.data.locations[i]
    once = s.options["team_used_once"]
    teams = _teams(s, seat)
    # teams out because they have built this turn, wherever they stand (one at i too)
    built = [t for t, at, flags in teams if build and flags & BUILT]
    movable = [(t, at) for t, at, flags in teams
               if at != i and t not in built and not (flags if once else flags & MOVED)]
    note = ""
    if built:
        where = {at for t, at, flags in teams if t in built}
        at_ = f" at {s.data.locations[where.pop()].name}" if len(where) == 1 else ""
        note = (f"your {_numbers(built)}{at_} {'has' if len(built) == 1 else 'have'} already built this turn "
                f"(a team builds once a turn)")
    if not movable:
        moved = [t for t, at, flags in teams if at != i and t not in built]
        if not moved:
            return f"{note or 'no team of yours may go there'}, so none can build at {loc.name} ({RULE_BUILDING})"
        gone = (f"each of your teams elsewhere has already moved this turn" if not built else
                f"your other {_numbers(moved)} elsewhere {'has' if len(moved) == 1 else 'have'} already moved "
                f"this turn")
        return ((note + ", and " if note else "") + f"{gone} (a team moves once a turn), so none can get to "
                f"{loc.name} ({RULE_BUILD})")
    spd, own, mask = seat_view(s, seat)
    t, at = min(movable, key=lambda ta: fare(s.data, ta[1], i, spd, own, mask))
    need = fare(s.data, at, i, spd, own, mask)
    plus = f", plus {extra} fuel for the colonists" if extra else ""
    still = "may still move and build" if build else "may still move"
    return ((note + "; " if note else "") + f"your nearest team that {still}, team {t + 1} at "
            f"{s.data.locations[at].name}, would pay {fuel_sum(s, seat, at, i, need)}{plus}, and you have "
            f"{s.fuel[seat]} fuel ({RULE_FUEL})")


def _circle(s: Any, seat: int, i: int, what: str, have: set) -> str | None:
    """Why `seat` (with its own base at location i) cannot build `what` there; None when it could
    apart from reaching it."""
    loc = s.data.locations[i]
    if what == "factory":
        present, taken, needs, cost = loc.factory, s.factory[i], loc.factory_requires, FACTORY_CREDITS
    else:
        present, taken, needs, cost = loc.colony, s.colony[i], loc.colony_requires, loc.colony
    if not present:
        return f"{loc.name} has no {what} circle"
    if taken >= 0:
        return f"the {what} circle at {loc.name} is taken ({who(taken)})"
    missing = set(needs) - have
    if missing:
        return f"a {what} at {loc.name} {_lacking(s, needs, have)}"
    if s.credits[seat] < cost:
        return f"a {what} at {loc.name} costs {credits(cost)}, and you have {credits(s.credits[seat])}"
    return None


def _build(s: Any, seat: int, i: int) -> str:
    loc = s.data.locations[i]
    have = {t for t, holders in enumerate(s.techs) if seat in holders}
    here = [t for t, at, flags in _teams(s, seat) if at == i]
    if seat not in s.missions[i]:
        if not loc.research:
            head = f"{loc.name} has no Research Mission, so nothing can be built there"
        else:
            head = (f"a base at {loc.name} needs one of your tokens on its Research Mission, and you have none "
                    f"there (launch one, or buy access, on a Research Missions card)")
        if s.bases[i] and (not s.options["move_needs_own_base"] or seat in s.bases[i]) and not here:
            return f"{head}; a team may still move there without building, but {_trip(s, seat, i, build=False)}"
        return f"{head} ({RULE_BUILDING})"
    if seat not in s.bases[i]:
        missing = set(loc.base_requires) - have
        if missing:
            return f"a base at {loc.name} {_lacking(s, loc.base_requires, have)} ({RULE_BUILDING})"
        if s.credits[seat] < BASE_CREDITS:
            return (f"a base costs {credits(BASE_CREDITS)}, and you have {credits(s.credits[seat])} "
                    f"({RULE_BUILDING})")
        return _trip(s, seat, i)
    blocks = {w: _circle(s, seat, i, w, have) for w in ("factory", "colony")}
    open_ = [w for w, why in blocks.items() if why is None]
    if not open_:
        return f"you already have a base at {loc.name}; " + "; ".join(blocks.values()) + f" ({RULE_BUILDING})"
    once = s.options["team_used_once"]
    if any(not (flags if once else flags & BUILT) for t, at, flags in _teams(s, seat) if at == i):
        # a team is there and may build: what is left is the colonists' fuel from Earth
        spd, own, mask = seat_view(s, seat)
        need = fare(s.data, s.data.home, i, spd, own, mask)
        return (f"a colony's colonists come from Earth, and their trip costs {fuel_sum(s, seat, s.data.home, i, need)}; "
                f"you have {s.fuel[seat]} fuel ({RULE_BUILDING})")
    extra = 0
    if open_ == ["colony"]:
        spd, own, mask = seat_view(s, seat)
        extra = fare(s.data, s.data.home, i, spd, own, mask)
    return _trip(s, seat, i, extra)


def _location(s: Any, seat: int, i: int, decision: str) -> str:
    if decision == "launch":
        return _launch(s, seat, i)
    if decision == "mission_access":
        return _access(s, seat, i)
    if decision == "build":
        return _build(s, seat, i)
    return _other(s, decision, "locations are chosen", "when a Build or Research Missions card is played",
                  RULE_TURN)


# ---------------------------------------------------------------- technologies
def _tech(s: Any, seat: int, t: int, decision: str) -> str:
    tech = s.data.techs[t]
    holders = s.techs[t]
    if seat in holders:
        return (f"you already {'control' if holders[0] == seat else 'have access to'} {tech.name} "
                f"({RULE_TECH})")
    if decision == "technology":
        have = {p for p in tech.prerequisites if seat in s.techs[p]}
        return f"taking control of {tech.name} {_lacking(s, tech.prerequisites, have)} ({RULE_TECH})"
    if decision in ("build", "launch"):
        if not holders:
            return (f"nobody controls {tech.name} yet, so there is nobody to buy access from: control is taken "
                    f"with a Technology card ({RULE_TECH_ACCESS})")
        price = access_price(s.players)
        return (f"access to {tech.name} costs {credits(price)} paid to {who(holders[0])}, and you have "
                f"{credits(s.credits[seat])} ({RULE_TECH_ACCESS})")
    return _other(s, decision, "technologies are taken",
                  "with a Technology card, or access bought while you build or launch", RULE_TECH_ACCESS)


# ---------------------------------------------------------------- cards, track, rows
def _hand(s: Any, seat: int, card: int, decision: str) -> str:
    title = s.data.cards[card].title
    if decision in ("sell", "play"):
        return (f"this is another copy of {title}: both copies are the same choice, so click the lit one "
                f"({RULE_SELL if decision == 'sell' else RULE_PLAY})")
    return _other(s, decision, "hand cards are sold and played", "at the start of your turn", RULE_TURN)


def _track(s: Any, seat: int, k: int, decision: str) -> str:
    if k >= len(s.track):
        return (f"place {k + 1} of the Opportunity Track is empty: it holds the cards players sell, at most "
                f"{s.players} ({RULE_SELL})")
    if decision == "sell":
        return (f"a card of the Opportunity Track (place {k + 1}) is played in the next step, after you sell a "
                f"card or sell nothing ({RULE_PLAY})")
    return _other(s, decision, "cards of the Opportunity Track are played", "at the start of a turn", RULE_PLAY)


def _row(s: Any, seat: int, i: int, decision: str) -> str:
    if decision in ("investors", "broker", "buy_vp") and i != seat:
        rule = {"investors": RULE_INVESTORS, "broker": RULE_BROKER}.get(decision, RULE_SCORING)
        return f"only your own row is yours to click now; {who(i)} decides when their turn comes ({rule})"
    if decision == "scoring_order":
        if s.credits[i] <= 0:
            return f"{who(i)} has no credits, so buys no victory points ({RULE_SCORING})"
        return f"{who(i)} has already bought victory points on this scoring ({RULE_SCORING})"
    return _other(s, decision, "the players' rows are clicked",
                  "for Attract Investors, the Fuel Broker and buying victory points", RULE_TURN)


def why_not_here(s: Any, seat: int, name: str) -> str:
    """Why a click by `seat` on the table's target `name` ("loc:3", "tech:1", "hand:12", "track:0",
    "player:1") is no choice of the open decision, or "" when the name is not a place of the table."""
    if s.is_over() or not s.pending:
        return ""
    decision = s.pending[-1].kind
    kind, _, rest = name.partition(":")
    try:
        index = int(rest)
    except ValueError:
        index = seat if rest == "me" else -1
    places = {"loc": (_location, len(s.data.locations)), "tech": (_tech, len(s.data.techs)),
              "hand": (_hand, len(s.data.cards)), "track": (_track, s.players), "player": (_row, s.players)}
    if kind not in places or not 0 <= index < places[kind][1]:
        return ""
    return places[kind][0](s, seat, index, decision)


# ---------------------------------------------------------------- an action refused (GameState._why_illegal)
# the decision each kind of move is made in, and when that decision comes
MADE_IN = {BuildAt: "build", Launch: "launch", MissionAccess: "mission_access", TakeTech: "technology",
           Sell: "sell", Play: "play", CashFame: "investors", BrokerFuel: "broker", NextBuyer: "scoring_order",
           BuyVP: "buy_vp"}
WHEN = {
    "build": ("teams move and build on a Build card, each player in turn over its three rounds", RULE_BUILD),
    "launch": ("missions are launched by the active player of a Research Missions card, before anyone buys "
               "access", RULE_RESEARCH),
    "mission_access": ("access to a Research Mission is bought on a Research Missions card once its active "
                       "player launches no more missions, each player in turn clockwise", RULE_RESEARCH),
    "technology": ("a technology is taken with a Technology card, by its active player", RULE_TECH_CARD),
    "sell": ("a card is sold at the start of a turn, before the card is played", RULE_SELL),
    "play": ("a card is played after the sale (or none) at the start of a turn", RULE_PLAY),
    "investors": ("fame is turned into credits after an Attract Investors card", RULE_INVESTORS),
    "broker": ("fuel is bought from the Fuel Broker when a Fuel Broker card is played", RULE_BROKER),
    "scoring_order": ("the active player names who buys victory points next at a scoring", RULE_SCORING),
    "buy_vp": ("victory points are bought at a scoring, in the order the active player names", RULE_SCORING),
}
DECISION_RULES = {"sell": RULE_SELL, "play": RULE_PLAY, "investors": RULE_INVESTORS, "build": RULE_BUILD,
                  "production": RULE_FACTORIES, "broker": RULE_BROKER, "launch": RULE_RESEARCH,
                  "mission_access": RULE_RESEARCH, "scoring_order": RULE_SCORING, "buy_vp": RULE_SCORING,
                  "technology": RULE_TECH_CARD}
# the fields that say which move an action is (the others are its price, which the rules set)
WHICH = {BuildAt: ("team", "origin", "dest", "what"), Launch: ("loc",), MissionAccess: ("loc",),
         TakeTech: ("tech", "control"), Sell: ("card",), Play: ("card", "place"), BrokerFuel: ("count",),
         BuyVP: ("vp",), CashFame: ("fame",), NextBuyer: ("seat",)}

# the field an action points with, the field naming what it points at, and the table it points into
NAMED = {BuildAt: ("dest", "name", "locations"), Launch: ("loc", "name", "locations"),
         MissionAccess: ("loc", "name", "locations"), TakeTech: ("tech", "name", "techs"),
         Sell: ("card", "title", "cards"), Play: ("card", "title", "cards")}


def _index(value: Any, size: int) -> int | None:
    """`value` as an index below `size`, or None (a malformed field is the core's to name)."""
    if type(value) is not int or not 0 <= value < size:
        return None
    return value


def _fuel(s: Any, seat: int, team: int, at: int, i: int, extra: int) -> str | None:
    """Why team `team` of `seat`, at `at`, cannot pay its trip to i (and `extra` fuel for colonists)."""
    spd, own, mask = seat_view(s, seat)
    need = fare(s.data, at, i, spd, own, mask)
    if need + extra <= s.fuel[seat]:
        return None
    locs = s.data.locations
    trip = (f"its trip from {locs[at].name} costs {fuel_sum(s, seat, at, i, need)}" if need else
            f"it is already at {locs[i].name}")
    plus = (f", and the colonists' trip from Earth {fuel_sum(s, seat, s.data.home, i, extra)}" if extra else "")
    return f"{trip}{plus}; that is {need + extra} fuel, and you have {s.fuel[seat]} fuel ({RULE_FUEL})"


def _build_action(s: Any, seat: int, a: BuildAt) -> str | None:
    locs = s.data.locations
    team, origin, i = _index(a.team, TEAMS), _index(a.origin, len(locs)), _index(a.dest, len(locs))
    if team is None or origin is None or i is None or a.what not in WHAT:
        return None
    k = seat * TEAMS + team
    at, flags = s.teams[k], s.used[k]
    loc = locs[i]
    if origin != at:
        return f"your team {team + 1} is at {locs[at].name}, not at {locs[origin].name} ({RULE_BUILDING})"
    twin = next((t for t in range(team) if (s.teams[seat * TEAMS + t], s.used[seat * TEAMS + t]) == (at, flags)),
                None)
    if twin is not None:        # build.options offers two teams in the same place and state once
        alike = [b for b in s.legal_actions() if type(b) is BuildAt and b.team == twin and b.origin == origin
                 and b.dest == i and b.what == a.what]
        if alike:
            return (f"your teams {twin + 1} and {team + 1} stand together at {locs[at].name}, free alike, so either "
                    f"one's move is the same choice, offered as team {twin + 1}'s: \u201c{alike[0]}\u201d "
                    f"({RULE_BUILDING})")
    if s.options["team_used_once"]:
        if flags and (i != at or a.what != "move"):
            return (f"your team {team + 1} has already {'built' if flags & BUILT else 'moved'} this turn, and a "
                    f"team that moved or built is done for the turn (option team_used_once) ({RULE_BUILDING})")
    else:
        if i != at and flags & MOVED:
            return f"your team {team + 1} has already moved this turn (a team moves once a turn) ({RULE_BUILDING})"
        if a.what != "move" and flags & BUILT:
            return f"your team {team + 1} has already built this turn (a team builds once a turn) ({RULE_BUILDING})"
    spd, own, mask = seat_view(s, seat)
    if a.what == "move":
        if i == at:
            return f"your team {team + 1} is already at {loc.name} ({RULE_BUILDING})"
        if i not in move_targets(s, seat, own):
            whose = "a base of yours" if s.options["move_needs_own_base"] else "a base (any player's)"
            return f"a team moves without building only to a location with {whose}, and {loc.name} has none ({RULE_BUILDING})"
        return _fuel(s, seat, team, at, i, 0)
    have = {t for t, holders in enumerate(s.techs) if seat in holders}
    if a.what == "base":
        if seat in s.bases[i]:
            return f"you already have a base at {loc.name} ({RULE_BUILDING})"
        if seat not in s.missions[i]:
            if not loc.research:
                return f"{loc.name} has no Research Mission, so no base can be built there ({RULE_BUILDING})"
            return (f"a base at {loc.name} needs one of your tokens on its Research Mission, and you have none "
                    f"there ({RULE_BUILDING})")
        if not set(loc.base_requires) <= have:
            return f"a base at {loc.name} {_lacking(s, loc.base_requires, have)} ({RULE_BUILDING})"
        if s.credits[seat] < BASE_CREDITS:
            return f"a base costs {credits(BASE_CREDITS)}, and you have {credits(s.credits[seat])} ({RULE_BUILDING})"
        return _fuel(s, seat, team, at, i, 0)
    if seat not in s.bases[i]:
        return f"a {a.what} needs your own base at {loc.name}, and you have none there ({RULE_BUILDING})"
    block = _circle(s, seat, i, a.what, have)
    if block:
        return f"{block} ({RULE_BUILDING})"
    extra = fare(s.data, s.data.home, i, spd, own, mask) if a.what == "colony" else 0
    return _fuel(s, seat, team, at, i, extra)


def _card(s: Any, seat: int, a: Sell | Play) -> str | None:
    card = _index(a.card, len(s.data.cards))
    if card is None:
        return None
    title = s.data.cards[card].title
    if type(a) is Play and a.place != -1:
        place = _index(a.place, s.players)
        if place is None:
            return None
        if place >= len(s.track):
            return f"place {place + 1} of the Opportunity Track is empty ({RULE_PLAY})"
        held = s.track[place]
        if held != card:
            if s.data.cards[held].title == title:       # a copy of the same title: told apart by its number
                return (f"place {place + 1} of the Opportunity Track holds another copy of {title}, card={held}, "
                        f"where the action names card={card} ({RULE_PLAY})")
            return (f"place {place + 1} of the Opportunity Track holds {s.data.cards[held].title}, "
                    f"not {title} ({RULE_PLAY})")
        return None
    if card not in s.hands[seat]:
        rule = RULE_SELL if type(a) is Sell else RULE_PLAY
        copies = [c for c in s.hands[seat] if s.data.cards[c].title == title]
        if copies:
            held = " and ".join(f"card={c}" for c in copies)
            yours = f"your {title} in hand is {held}" if len(copies) == 1 else \
                f"your copies of {title} in hand are {held}"
            return f"{yours}, where the action names card={card}, a copy you do not hold ({rule})"
        return f"{title} is not in your hand ({rule})"
    return None


def _take_tech(s: Any, seat: int, a: TakeTech) -> str | None:
    t = _index(a.tech, len(s.data.techs))
    if t is None:
        return None
    tech, holders = s.data.techs[t], s.techs[t]
    if seat in holders:
        return _tech(s, seat, t, "technology")
    if a.control and holders:
        return (f"{who(holders[0])} already controls {tech.name}: a Technology card gives you free access to it "
                f"instead ({RULE_TECH})")
    if not a.control and not holders:
        return (f"nobody controls {tech.name} yet: a Technology card takes control of it, if you have access "
                f"to its prerequisites ({RULE_TECH})")
    return _tech(s, seat, t, "technology")


def why_illegal(s: Any, action: Any) -> str | None:
    """Why `action` is refused now, from what its player knows (the table and their own hand), naming the
    rule; None when this module has nothing to add to the core's list of legal moves."""
    if s.is_over() or not s.pending:
        return None
    top = s.pending[-1]
    seat, decision = top.seat, top.kind
    cls = type(action)
    made_in = MADE_IN.get(cls)
    if made_in is None:
        return None
    # the reason speaks to the deciding seat ("you have 5 fuel"); its number is said only where the step
    # open now is not the action's own, so that a reader who meant another seat's move sees whose it is
    head = f"{short(action)} is not possible now"
    if made_in != decision:
        when, rule = WHEN[made_in]
        return (f"{head}: {when}; the decision open now is yours ({who(seat).capitalize()}): "
                f"{ABOUT.get(decision, decision)} ({rule})")
    named = NAMED.get(cls)
    if named:           # an action written by hand whose name is not that of the place it points at
        field, label, table = named
        i = _index(getattr(action, field), len(getattr(s.data, table)))
        real = None if i is None else getattr(getattr(s.data, table)[i], "title" if table == "cards" else "name")
        if real is not None and real != getattr(action, label):
            return (f"{head}: it names {excerpt(getattr(action, label), 40)}, but its {field} stands for {real}; "
                    f"pass an action from legal_actions()")
    which = WHICH.get(cls, ())
    same = [a for a in s.legal_actions()
            if type(a) is cls and all(getattr(a, f) == getattr(action, f) for f in which)]
    if same:
        rule = DECISION_RULES.get(decision, RULE_TURN)
        if str(same[0]) == str(action):     # alike in words: say which field the rules set otherwise
            differ = ", ".join(f"{f} {getattr(same[0], f)!r}, not {getattr(action, f)!r}"
                               for f in type(action)._fields if getattr(same[0], f) != getattr(action, f))
            return f"{head}: the rules allow \u201c{same[0]}\u201d only with {differ} ({rule})"
        return f"{head}: the rules allow it only as \u201c{same[0]}\u201d, at their price ({rule})"
    if cls is BuildAt:
        reason = _build_action(s, seat, action)
    elif cls is Launch:
        i = _index(action.loc, len(s.data.locations))
        reason = None if i is None else _launch(s, seat, i)
    elif cls is MissionAccess:
        i = _index(action.loc, len(s.data.locations))
        reason = None if i is None else _access(s, seat, i)
    elif cls is TakeTech:
        reason = _take_tech(s, seat, action)
    elif cls in (Sell, Play):
        reason = _card(s, seat, action)
    else:
        reason = None
    return f"{head}: {reason}" if reason else None
