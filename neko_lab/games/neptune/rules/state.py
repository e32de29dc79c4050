"""Destination: Neptune: the game state (registered as game key "neptune").

Plain data: hands, the four generation decks, the Opportunity Track and the discards (card ids);
credits, fuel, fame and victory points by category for each seat; three construction teams per seat
(a location index each, with this turn's moved/built flags); for every location the tokens on its
Research Mission (controller first), its base circle, its factory and colony circles (a seat or -1);
for every technology the tokens on it (controller first); the two award cards; with events=True the
event and location decks. The rulebook's sections live in the modules gathered into DECISIONS.
"""
from __future__ import annotations

from typing import Any

from neko_lab.core import ConfigError, Rng, State
from neko_lab.core.shapes import flag, items, per_seat, record, seat, whole
from neko_lab.core.spaces import open_decision_data
from neko_lab.core.decisions import gather

from .. import data as neptune_data
from . import (any_time, attract_investors, awards, build, events, factories_produce, fuel_broker,
               research_missions, scoring_card, technology, turn)
from .base import (CATEGORIES, DECISION_NAMES as NAMES, HAND, RULE_BUILDING, RULE_CONTROL, RULE_FUEL, RULE_GENERATIONS,
                   RULE_INVESTORS, RULE_PLAY, RULE_RESEARCH, RULE_SCORING, RULE_SELL, RULE_SETUP,
                   RULE_TECH, RULE_EVENTS, RULE_TWO, RULE_DIVERSIFICATION, RULE_INTREPID,
                   RULE_END, RULE_BROKER, RULE_FACTORIES, RULE_PRODUCTION, RULE_TECH_ACCESS,
                   START_CREDITS, START_FUEL, TEAMS, who)
from .fuel import distance


_card = whole(0, lambda s: len(s.data.cards) - 1)          # a card by its index in the data
_event = whole(0, lambda s: len(s.data.events) - 1)        # an event card


class GameState(State):
    GAME = "neptune"
    TITLE = "Destination: Neptune"
    MIN_PLAYERS, MAX_PLAYERS, DEFAULT_PLAYERS = 2, 4, 3
    OPTIONS = {"events": False, "final_fame_tie_vp": 3, "move_needs_own_base": False,
               "team_used_once": False, "fame_second_after_tie": False, "fame_needs_fame": True,
               "diversification_by": "planets"}
    OPTION_HELP = {
        "events": "the optional Event rules: cards with the event icon turn over an event first",
        "final_fame_tie_vp": "VP to each player tied for most fame at the end: 3 (the scoring text) "
                             "or 2 (the end-of-game summary)",
        "move_needs_own_base": "a team moving without building needs a base of its own player at the "
                               "destination (default False: any player's base, as the text says)",
        "team_used_once": "a team that moved or built is used for the turn (default False: it may still "
                          "build if it only moved, or move if it only built, as the two limits say)",
        "fame_second_after_tie": "after a tie for most fame, the next fame still takes the second-most "
                                 "award (default False: the tied players take both places)",
        "fame_needs_fame": "fame awards go only to players with some fame (default True; False: with "
                           "everyone at 0 fame, all tie for most)",
        "diversification_by": "what takes the Diversification card from its holder: 'planets' with a "
                              "base (default) or the total number of 'bases'",
    }
    RULES = {
        RULE_SETUP: "hands of five first-generation cards, three teams on Earth, 5 credits, 5 fuel",
        RULE_SELL: "sell a hand card to the Opportunity Track for 2 credits (1 with two players)",
        RULE_PLAY: "play a card from hand (its fame) or from the Opportunity Track (no fame)",
        RULE_GENERATIONS: "four generations; the last card drawn ends one, the fourth ends the game",
        RULE_SCORING: "factories, colonies, fame awards, one purchase of victory points",
        RULE_END: "higher fame awards, Diversification and Intrepid Spacefarer at the end",
        RULE_DIVERSIFICATION: "bases on the most planets; moves only when beaten",
        RULE_INTREPID: "a factory or colony at the furthest controlled mission; moves only when beaten",
        RULE_FUEL: "fuel cost: distance markers minus speed minus bases en route, at least 1",
        RULE_CONTROL: "the first token controls a mission or technology; the others have access",
        RULE_TECH: "take control (prerequisites needed) or free access; fame per controlled technology",
        RULE_TECH_ACCESS: "buy access to a controlled technology from its controller at any time",
        RULE_RESEARCH: "launch missions, buy access clockwise, fame per controlled mission",
        RULE_BUILDING: "bases, factories, colonies; one move and one build per team per turn",
        RULE_INVESTORS: "5 credits to the active player, 2 to the others, fame for credits",
        RULE_FACTORIES: "2 credits to the active player, then every factory produces",
        RULE_PRODUCTION: "1 credit a factory; Mineral and Fusion Fuel icons add fuel or credits",
        RULE_BROKER: "1 VP to the active player; fuel for 2 credits (1 for the active player)",
        RULE_EVENTS: "optional events, triggered by cards with the event icon",
        RULE_TWO: "1 credit for a sale, 2 credits for access",
    }
    AGENTS = {"neptune": "neko_lab.games.neptune.agents:NeptuneAgent"}
    PLAYTEST = {"games": 120, "agents": ["neptune"]}     # about 0.2 s of CPU a game
    DECISION_NAMES = NAMES                               # each decision as reports name it
    HIDDEN_INFORMATION = True
    # hints look 12 actions ahead (about the rest of a turn: a card and its build rounds), not 8 per
    # player: the Neptune agent resolves whole cards to choose one, and a hint must come within a second
    HINT_HORIZON = 12

    # the shapes of the fields (checked as a snapshot loads; core/shapes.py): cards, locations,
    # technologies and events by their index in the game's data; three teams per seat, in seat order
    FIELDS = {
        "data": record(neptune_data.NeptuneData, "the game's card data"),
        "generation": whole(0, neptune_data.GENERATIONS),          # GENERATIONS once the last ends
        "unscored": items(whole(0, neptune_data.GENERATIONS - 1), distinct=True),
        "hands": per_seat(items(_card)), "decks": items(items(_card), length=neptune_data.GENERATIONS),
        "track": items(_card, most=lambda s: s.players), "discard": items(_card),
        "credits": per_seat(whole(0)), "fuel": per_seat(whole(0)), "fame": per_seat(whole(0)),
        "points": per_seat(items(whole(0), length=len(CATEGORIES))),
        "teams": items(whole(0, lambda s: len(s.data.locations) - 1), length=lambda s: TEAMS * s.players),
        "used": items(whole(0, 3), length=lambda s: TEAMS * s.players),
        "missions": items(items(seat(), distinct=True), length=lambda s: len(s.data.locations)),
        "bases": items(items(seat(), distinct=True), length=lambda s: len(s.data.locations)),
        "factory": items(seat(-1), length=lambda s: len(s.data.locations)),
        "colony": items(seat(-1), length=lambda s: len(s.data.locations)),
        "techs": items(items(seat(), distinct=True), length=lambda s: len(s.data.techs)),
        "diversification": seat(-1), "intrepid": seat(-1), "intrepid_distance": whole(0),
        "event_deck": items(_event, distinct=True), "event_discard": items(_event, distinct=True),
        "location_deck": items(whole(0, lambda s: len(s.data.locations) - 1)),
        "turn": whole(0), "over": flag(), "first_player": seat(), "active": seat(),
    }

    DECISIONS = gather(turn, any_time, attract_investors, awards, build, events, factories_produce,
                       fuel_broker, research_missions, scoring_card, technology)

    # the rulebook's flow between sections (turn.py), used by the card modules as s.finish_card() ...
    finish_card = turn.finish_card
    next_turn = turn.next_turn
    end_generation = turn.end_generation
    end_game = turn.end_game
    # generations the last draw finished that wait for their scoring after the one being scored
    # (0-based, in order); a class default for snapshots saved before the field existed
    unscored: tuple[int, ...] = ()

    # ================================================================== Setup
    def check_options(self) -> None:
        if self.options["final_fame_tie_vp"] not in (2, 3):
            raise ConfigError("final_fame_tie_vp is 3 (the scoring text) or 2 (the summary), "
                              f"not {self.options['final_fame_tie_vp']!r}")
        for name in ("events", "move_needs_own_base", "team_used_once", "fame_second_after_tie",
                     "fame_needs_fame"):
            if not isinstance(self.options[name], bool):
                raise ConfigError(f"{name} is True or False, not {self.options[name]!r}")
        if self.options["diversification_by"] not in ("planets", "bases"):
            raise ConfigError("diversification_by is 'planets' or 'bases', "
                              f"not {self.options['diversification_by']!r}")

    @classmethod
    def load_data(cls, data: Any) -> neptune_data.NeptuneData:
        if isinstance(data, neptune_data.NeptuneData):
            return data
        if data is None:
            return neptune_data.shipped()
        return neptune_data.load(data)

    def setup(self, data: neptune_data.NeptuneData) -> None:
        rng, n = self.rng, self.players
        self.data = data
        decks: list[list[int]] = [[] for _ in range(neptune_data.GENERATIONS)]
        for c in data.cards:
            decks[c.generation - 1].append(c.id)
        for deck in decks:
            rng.shuffle(deck)
        first = decks[0]
        self.hands: list[tuple[int, ...]] = []
        for _ in range(n):
            self.hands.append(tuple(sorted(first[-HAND:])))
            del first[-HAND:]
        self.decks: list[tuple[int, ...]] = [tuple(d) for d in decks]
        self.generation = 0
        self.unscored: tuple[int, ...] = ()
        self.track: tuple[int, ...] = ()
        self.discard: tuple[int, ...] = ()
        self.credits = [START_CREDITS] * n
        self.fuel = [START_FUEL] * n
        self.fame = [0] * n
        self.points = [[0] * len(CATEGORIES) for _ in range(n)]
        self.teams = [data.home] * (TEAMS * n)
        self.used = [0] * (TEAMS * n)
        nloc = len(data.locations)
        self.missions: list[tuple[int, ...]] = [()] * nloc
        self.bases: list[tuple[int, ...]] = [()] * nloc
        self.factory = [-1] * nloc
        self.colony = [-1] * nloc
        self.techs: list[tuple[int, ...]] = [()] * len(data.techs)
        self.diversification = -1
        self.intrepid = -1
        self.intrepid_distance = 0
        if self.options["events"]:
            ev = list(range(len(data.events)))
            rng.shuffle(ev)
            lc = list(data.location_cards)
            rng.shuffle(lc)
            self.event_deck, self.location_deck = tuple(ev), tuple(lc)
        else:
            self.event_deck, self.location_deck = (), ()
        self.event_discard: tuple[int, ...] = ()
        self.turn = 0
        self.over = False
        self.first_player = rng.randrange(n)
        self.active = self.first_player
        self.emit(f"{who(self.first_player)} is chosen to begin; play goes clockwise", RULE_SETUP, None)
        turn.begin_turn(self, self.first_player)

    # ================================================================== the contract
    def is_over(self) -> bool:
        return self.over

    def round_number(self) -> int:
        """The round of turns being played, from 1, counted from the player chosen to begin (once over,
        the round of the last turn, ended or not). `turn` numbers the turns from 0."""
        return self.turn // self.players + 1

    def breakdown(self) -> list[dict[str, int]]:
        return [dict(zip(CATEGORIES, row)) for row in self.points]

    def holdings(self, seat: int) -> list[str]:
        """Where the seat built ("base: Mars", "factory: …", "colony: …") and its technologies."""
        locs = self.data.locations
        out = [f"base: {locs[i].name}" for i, b in enumerate(self.bases) if seat in b]
        out += [f"factory: {locs[i].name}" for i, f in enumerate(self.factory) if f == seat]
        out += [f"colony: {locs[i].name}" for i, c in enumerate(self.colony) if c == seat]
        out += [f"tech: {self.data.techs[t].name}" for t, h in enumerate(self.techs) if seat in h]
        return sorted(out)

    def projected_scores(self) -> list[int]:
        """Points so far plus what the End of Game Scoring would add now (awards.projected)."""
        return awards.projected(self)

    def speed(self, seat: int) -> int:
        techs = self.data.techs
        return sum(techs[t].speed for t, h in enumerate(self.techs) if seat in h)

    def observation(self, seat: int) -> dict:
        seat = self.check_seat(seat)
        return {
            "seat": seat, "players": self.players, "options": dict(self.options),
            "to_act": self.current_player, "active": self.active,
            "decision": self.pending[-1].kind if self.pending and not self.over else None,
            # how far the open decision has gone (who is still to be asked, the build round): public
            "decision_data": open_decision_data(self),
            "hand": list(self.hands[seat]), "hand_sizes": [len(h) for h in self.hands],
            "decks": [len(d) for d in self.decks], "generation": self.generation,
            "track": list(self.track), "discard": list(self.discard),
            "credits": list(self.credits), "fuel": list(self.fuel), "fame": list(self.fame),
            "points": [list(p) for p in self.points], "teams": list(self.teams), "used": list(self.used),
            "missions": [list(m) for m in self.missions], "bases": [list(b) for b in self.bases],
            "factory": list(self.factory), "colony": list(self.colony),
            "techs": [list(t) for t in self.techs],
            "diversification": self.diversification, "intrepid": self.intrepid,
            "event_deck": len(self.event_deck), "event_discard": list(self.event_discard),
            "location_deck": len(self.location_deck), "turn": self.turn, "over": self.over,
        }

    def _determinize(self, seat: int, rng: Rng) -> "GameState":
        """A copy in which the other hands (within each generation) and the order of every deck are
        re-sampled: what `seat` cannot see. Future chance is unseen too: the copy's generator comes
        from `rng` (the core's determinize)."""
        s = super()._determinize(seat, rng)
        cards = self.data.cards
        for g in range(len(self.decks)):
            pool = list(self.decks[g])
            for i, h in enumerate(self.hands):
                if i != seat:
                    pool.extend(c for c in h if cards[c].generation == g + 1)
            pool.sort()         # the copy depends only on what the seat knows, not on the real order
            rng.shuffle(pool)
            for i, h in enumerate(s.hands):
                if i != seat:
                    s.hands[i] = tuple(sorted(pool.pop() if cards[c].generation == g + 1 else c for c in h))
            s.decks[g] = tuple(pool)
        ev = sorted(self.event_deck)
        rng.shuffle(ev)
        s.event_deck = tuple(ev)
        lc = sorted(self.location_deck)
        rng.shuffle(lc)
        s.location_deck = tuple(lc)
        return s

    def clone(self) -> "GameState":
        new = object.__new__(GameState)
        d = self.__dict__.copy()
        d["log"] = self.log.copy()           # copies share the chain of events
        d["pending"] = [*self.pending]         # Pending entries are read-only: shared
        d["rng"] = self.rng.copy()
        d["_legal"] = None
        # the items of these lists are ints or tuples, replaced (never changed) on change; [*x] is a
        # list copy, a little cheaper than x[:] or list(x)
        d["hands"], d["decks"], d["teams"], d["used"] = [*self.hands], [*self.decks], [*self.teams], [*self.used]
        d["credits"], d["fuel"], d["fame"] = [*self.credits], [*self.fuel], [*self.fame]
        d["missions"], d["bases"], d["techs"] = [*self.missions], [*self.bases], [*self.techs]
        d["factory"], d["colony"] = [*self.factory], [*self.colony]
        d["points"] = [[*p] for p in self.points]
        new.__dict__ = d
        return new

    def check_invariants(self) -> None:
        n, data = self.players, self.data
        cards = [c for h in self.hands for c in h] + [c for d in self.decks for c in d]
        cards += list(self.track) + list(self.discard)
        assert sorted(cards) == list(range(len(data.cards))), "every card is in exactly one place"
        assert len(self.track) <= n, "the Opportunity Track holds at most one card per player"
        for g, deck in enumerate(self.decks):
            assert all(data.cards[c].generation == g + 1 for c in deck), f"generation {g + 1} deck mixed"
            assert (not deck) == (g < self.generation), "the current generation is the first with cards"
        assert list(self.unscored) == sorted(set(self.unscored)) and all(
            g < self.generation for g in self.unscored), "only finished generations wait for scoring"
        for i in range(n):
            assert self.credits[i] >= 0 and self.fuel[i] >= 0 and self.fame[i] >= 0, \
                f"{who(i)} has negative credits, fuel or fame"
            assert all(v >= 0 for v in self.points[i]), f"{who(i)} has negative victory points"
        if self.options["events"]:
            ev = sorted(self.event_deck + self.event_discard)
            assert ev == list(range(len(data.events))), "every event card is in the deck or the discards"
            assert sorted(self.location_deck) == sorted(data.location_cards), "location cards all in the deck"
        for group, what in ((self.missions, "Research Mission"), (self.techs, "technology")):
            for tokens in group:
                assert len(set(tokens)) == len(tokens) and all(0 <= i < n for i in tokens), \
                    f"a {what} holds one token per player at most, controller first"
        for loc in data.locations:
            i = loc.index
            assert not (self.missions[i] and not loc.research), f"{loc.name} has no Research Mission circle"
            assert len(set(self.bases[i])) == len(self.bases[i]), f"two bases of one player at {loc.name}"
            assert all(p in self.missions[i] for p in self.bases[i]), \
                f"a base at {loc.name} without a token on its Research Mission"
            for owner, has, name in ((self.factory[i], loc.factory, "factory"),
                                     (self.colony[i], loc.colony, "colony")):
                if owner >= 0:
                    assert has, f"{loc.name} has no {name} circle"
                    assert owner in self.bases[i], f"a {name} at {loc.name} without its owner's base"
        for k, at in enumerate(self.teams):
            assert 0 <= at < len(data.locations), f"team {k % TEAMS + 1} of {who(k // TEAMS)} is off the map"
            assert self.used[k] in (0, 1, 2, 3), "each team moves at most once and builds at most once a turn"
        if self.diversification >= 0 and self.options["diversification_by"] == "planets":
            best = max(awards.planets_with_bases(self, i) for i in range(n))
            assert awards.planets_with_bases(self, self.diversification) == best, \
                "the Diversification card is with a player who has bases on the most planets"
        if self.intrepid >= 0:
            ok = [distance(data, data.home, i) for i in range(len(data.locations))
                  if self.missions[i] and self.missions[i][0] == self.intrepid
                  and self.intrepid in (self.factory[i], self.colony[i])]
            assert self.intrepid_distance in ok, "the Intrepid Spacefarer card without its building"
        if self.over:
            assert not self.pending, "no decision once the game is over"
        else:
            assert len(self.pending) == 1, "one decision at a time"
