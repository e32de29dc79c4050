"""Destination: Neptune for learning and search tools: action ids, the observation tensor, declared
limits (see core/spaces.py for what each name means).

Ids name the choice, never a price, a fuel cost, a name or who is paid: "sell card 12", "build a
factory at location 5 with team 2", "buy access to technology 3", "give up 8 fame", "buy 4 fuel".

Bounds, argued from the rules (Playing a Turn, the card sections, Fame, Scoring) and the data:
- 73 cards; each is sold to the Opportunity Track at most once and played at most once (the decks
  are not reshuffled), so a game has at most PLAYS = 146 sells and plays.
- Credits and fame enter the table only while a card is sold or played. Per card, credits: selling
  at most 2, Attract Investors 5 + 3 * 2, Factories Produce 2 + 2 a factory on at most 20 locations,
  an event at most 4 * 1: at most 46. Fame: 3 from the card, at most 20 (one a mission) or 9 (one a
  technology) to the seats, an event at most 20: at most 43. Fame turns into credits at 2 to 1.
  FAME_BOUND = 146 * 43 and CREDIT_BOUND = 4 * 5 + 146 * 46 + FAME_BOUND // 2 bound what any seat can
  hold, so "give up k fame" and "buy k fuel from the broker" have finitely many ids (most never used).
- Decisions per card: a Research Missions card asks the active seat at most 20 launches and a pass,
  then each seat at most 20 access purchases and a pass (84); Build at most 3 rounds of 4 seats;
  the others fewer. Purchases allowed at any time (fuel for 3 credits, access to a technology) add at
  most CREDIT_BOUND // 3 + 4 * 9. MAX_GAME_LENGTH = 146 * 105 + CREDIT_BOUND // 3 + 36.
- Scores: victory points come from first bases (at most 20), buildings (20 factories, 2 a colony on
  20 locations: 60), fame awards (at most 5 a scoring round, at most 146 + 4 rounds), bought points (at
  most 4 a scoring round), the broker (1 a card), events (at most 2 a card) and the two award cards:
  SCORE_BOUNDS = (0, 20 + 60 + 5 * 150 + 4 * 150 + 146 + 2 * 146 + 2 * AWARD_VP).
- Chance: decks are shuffled at set-up; with events the event and location decks are reshuffled
  mid-game when they run out, so CHANCE is "mid-game" and chance() says "setup" without events.
"""
from __future__ import annotations

from neko_lab.core.spaces import Field, Layout, counts, flag, number, one_hot, padded

from .base import AWARD_VP, CATEGORIES, TEAMS, who
from .state import GameState

CARDS = 73
LOCATIONS = 20
TECHS = 9
EVENTS = 12
PLAYS = 2 * CARDS
FAME_BOUND = PLAYS * 43
CREDIT_BOUND = 4 * 5 + PLAYS * 46 + FAME_BOUND // 2
MAX_GAME_LENGTH = PLAYS * 105 + CREDIT_BOUND // 3 + 4 * TECHS
MAX_LEGAL_ACTIONS = CREDIT_BOUND + 1 + 1 + TECHS    # the broker's "buy k fuel", then the any-time offers
CHANCE = "mid-game"
SCORE_BOUNDS = (0, 20 + 60 + 5 * 150 + 4 * 150 + PLAYS + 2 * PLAYS + 2 * AWARD_VP)
PASSES = ("sell nothing", "build nothing this round", "launch no more missions",
          "buy no more mission access", "take no technology", "let the factories produce")
BUILDS = ("base", "factory", "colony", "move")
DECISIONS = tuple(sorted(GameState.DECISIONS))
TRACK = 6


def chance(players: int, options: dict) -> str:
    return "mid-game" if options.get("events") else "setup"


def action_keys(players: int, options: dict) -> list:
    keys: list = [("pass", p) for p in PASSES] + [("buy_fuel",)]
    keys += [("sell", c) for c in range(CARDS)] + [("play", c) for c in range(CARDS)]
    keys += [("tech", t, control) for t in range(TECHS) for control in (False, True)]
    keys += [("access", t) for t in range(TECHS)]
    keys += [("launch", loc) for loc in range(LOCATIONS)] + [("mission_access", loc) for loc in range(LOCATIONS)]
    keys += [("build", team, loc, what) for team in range(TEAMS) for loc in range(LOCATIONS) for what in BUILDS]
    keys += [("next_buyer", seat) for seat in range(players)] + [("vp", v) for v in range(5)]
    keys += [("cash_fame", k) for k in range(FAME_BOUND // 2 + 1)]
    keys += [("broker", k) for k in range(CREDIT_BOUND + 1)]
    return keys


def action_key(state, action) -> tuple:
    name = type(action).__name__
    if name == "Pass":
        return ("pass", action.step)
    if name == "BuyFuel":
        return ("buy_fuel",)
    if name == "Sell":
        return ("sell", action.card)
    if name == "Play":
        return ("play", action.card)
    if name == "TakeTech":
        return ("tech", action.tech, bool(action.control))
    if name == "BuyAccess":
        return ("access", action.tech)
    if name == "Launch":
        return ("launch", action.loc)
    if name == "MissionAccess":
        return ("mission_access", action.loc)
    if name == "BuildAt":
        return ("build", action.team, action.dest, action.what)
    if name == "NextBuyer":
        return ("next_buyer", action.seat)
    if name == "BuyVP":
        return ("vp", action.vp)
    if name == "CashFame":
        return ("cash_fame", action.fame // 2)
    if name == "BrokerFuel":
        return ("broker", action.count)
    raise KeyError(name)


def key_words(key: tuple) -> str:
    """An id in words, from the id alone: cards, technologies and locations by their number, no price,
    fuel cost or name (those are read from the position)."""
    kind, *v = key
    if kind == "pass":
        return v[0]
    if kind == "buy_fuel":
        return "buy 1 fuel"
    if kind in ("sell", "play"):
        return f"{kind} card {v[0] + 1}"
    if kind == "tech":
        return f"{'take control of' if v[1] else 'take free access to'} technology {v[0] + 1}"
    if kind == "access":
        return f"buy access to technology {v[0] + 1}"
    if kind == "launch":
        return f"launch a mission to location {v[0] + 1}"
    if kind == "mission_access":
        return f"buy access to the mission at location {v[0] + 1}"
    if kind == "build":
        team, loc, what = v
        if what == "move":
            return f"team {team + 1} moves to location {loc + 1}"
        return f"build a {what} at location {loc + 1} with team {team + 1}"
    if kind == "next_buyer":
        return f"{who(v[0])} buys victory points next"
    if kind == "vp":
        return f"buy {v[0]} VP" if v[0] else "buy no victory points"
    if kind == "cash_fame":
        return f"give up {2 * v[0]} fame" if v[0] else "keep all fame"
    return f"buy {v[0]} fuel from the broker" if v[0] else "buy no fuel from the broker"


def _holders(key: str, size: int, n: int):
    """Per item, per seat: 1 for the controller (first holder), 2 for a seat with access, else 0."""
    def get(o: dict) -> list[float]:
        out = [0.0] * (size * n)
        for i, holders in enumerate(o[key]):
            for rank, seat in enumerate(holders):
                out[i * n + seat] = 1.0 if rank == 0 else 2.0
        return out
    return get


CONTEXTS = ("card", "generation", "final")


def _open_decision(n: int):
    """The open decision's public progress: seats still to be asked, the scoring context, the
    build round and position (for Factories Produce, how many players have been asked)."""
    def get(o: dict) -> list[float]:
        d, kind = o.get("decision_data"), o["decision"]
        queue, ctx, rnd = [], None, [-1.0, -1.0]
        if kind in ("scoring_order", "buy_vp") and d:
            ctx, queue = CONTEXTS.index(d[0]), d[1]
        elif kind == "build" and d:
            rnd = [float(d[0]), float(d[1])]
        elif kind == "production":          # the data is how far round the table the asking has gone
            rnd = [-1.0, float(d)]
        elif d:
            queue = d
        return counts(queue, n) + one_hot(ctx, len(CONTEXTS)) + rnd
    return get


def layout(players: int, options: dict) -> Layout:
    n = players
    ncat = len(CATEGORIES)
    return Layout([
        Field("seat", n, "one-hot: the seat observing", lambda o: one_hot(o["seat"], n)),
        Field("to_act", n, "one-hot: the seat deciding (all 0 once over)", lambda o: one_hot(o["to_act"], n)),
        Field("active", n, "one-hot: the active player", lambda o: one_hot(o["active"], n)),
        Field("decision", len(DECISIONS), "one-hot: the open decision (" + ", ".join(DECISIONS) + ")",
              lambda o: one_hot(DECISIONS.index(o["decision"]) if o["decision"] else None, len(DECISIONS))),
        Field("decision_data", n + len(CONTEXTS) + 2, "the open decision's progress: multi-hot of the "
              "seats still to be asked after the one deciding; one-hot scoring context (card, generation, "
              "final); build round and position (-1 otherwise)", _open_decision(n)),
        Field("hand", CARDS, "multi-hot over card numbers: the observer's hand", lambda o: counts(o["hand"], CARDS)),
        Field("hand_sizes", n, "cards in each seat's hand", lambda o: padded(o["hand_sizes"], n)),
        Field("decks", 4, "cards left in each generation's deck", lambda o: padded(o["decks"], 4)),
        Field("generation", 1, "the generation (0-based)", lambda o: number(o["generation"])),
        Field("track", TRACK, "the Opportunity Track's card numbers from the left (-1 beyond)",
              lambda o: padded(o["track"], TRACK)),
        Field("discard", CARDS, "multi-hot over card numbers: the discard pile", lambda o: counts(o["discard"], CARDS)),
        Field("credits", n, "each seat's credits", lambda o: padded(o["credits"], n)),
        Field("fuel", n, "each seat's fuel", lambda o: padded(o["fuel"], n)),
        Field("fame", n, "each seat's fame", lambda o: padded(o["fame"], n)),
        Field("points", n * ncat, "each seat's victory points by category (" + ", ".join(CATEGORIES) + ")",
              lambda o: [float(v) for p in o["points"] for v in p]),
        Field("teams", TEAMS * n, "where each seat's three construction teams stand (location numbers)",
              lambda o: padded(o["teams"], TEAMS * n)),
        Field("used", TEAMS * n, "each team's flags this round (moved, built)", lambda o: padded(o["used"], TEAMS * n)),
        Field("missions", LOCATIONS * n, "per location, per seat: 1 controls its mission, 2 has access",
              _holders("missions", LOCATIONS, n)),
        Field("bases", LOCATIONS * n, "per location, per seat: 1 built the first base, 2 another base",
              _holders("bases", LOCATIONS, n)),
        Field("factory", LOCATIONS, "per location: the seat owning its factory (-1 none)",
              lambda o: padded(o["factory"], LOCATIONS)),
        Field("colony", LOCATIONS, "per location: the seat owning its colony (-1 none)",
              lambda o: padded(o["colony"], LOCATIONS)),
        Field("techs", TECHS * n, "per technology, per seat: 1 controls it, 2 has access", _holders("techs", TECHS, n)),
        Field("awards", 2, "the seats holding Diversification and Intrepid Spacefarer (-1 nobody)",
              lambda o: [float(o["diversification"]), float(o["intrepid"])]),
        Field("event_deck", 1, "event cards left (optional events)", lambda o: number(o["event_deck"])),
        Field("event_discard", EVENTS, "multi-hot over event cards: discarded events",
              lambda o: counts(o["event_discard"], EVENTS)),
        Field("location_deck", 1, "location cards left (optional events)", lambda o: number(o["location_deck"])),
        Field("turn", 1, "the turn number", lambda o: number(o["turn"])),
        Field("over", 1, "1 once the game is over", lambda o: flag(o["over"])),
    ])
