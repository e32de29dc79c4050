"""The Neko Syndicate state: plain data, set-up, what each seat may see, copying and invariants.

The rules live in the section modules, in the rulebook's order: setup (Game Set-up), command_phase
(Command phase: the walk down the pyramid), lieutenants_card (Accountant, Chief Operations Officer),
minions_cards (Fishmonger, Delivery lady, Subway operator, Cook, Storekeeper and sushi delivery),
meeting (Kumichō's meeting), mission_cards (the 24 missions), final_scoring (Pyramidal Structure Points,
Mission Points) and solo (CatANNA).

A player's structure is stored flat for cheap copies: pyramid[seat][place] is a card id (-1 empty; place 0
is the lieutenants card), cubes[seat][4 * n + colour] counts the loose cubes of neighbourhood n (2p upper,
2p + 1 lower of place p), filled[seat][place] is a tuple of slot contents (colour, or -1 when empty).
"""
from __future__ import annotations

from typing import Any, Hashable

from neko_lab.core import ConfigError, Rng, State
from neko_lab.core.refusals import field_kind
from neko_lab.core.data import load_cached, resolve
from neko_lab.core.errors import counted, excerpt, one_of
from neko_lab.core.events import PUBLIC
from neko_lab.core.decisions import gather
from neko_lab.core.shapes import Shape, choice, flag, items, maybe, per_seat, record, seat, text, whole

from .. import data as sd
from ..data import COLOURS, CUBES_PER_COLOUR, LEVEL_OF, LIEUTENANTS, MINIONS, PARENTS, PLACES, TURNS
from . import command_phase, final_scoring, lieutenants_card, minions_cards, setup, simultaneous, solo
from .rulebook import DECISION_NAMES as NAMES, RULES, TITLE


_minion = whole(0, MINIONS - 1)        # a minion card (the lieutenants card, id MINIONS, stays in place)


class GameState(State):
    GAME = "syndicate"
    TITLE = TITLE
    MIN_PLAYERS, MAX_PLAYERS, DEFAULT_PLAYERS = 1, 4, 2
    OPTIONS = {"simultaneous": True, "catanna": sd.DEFAULT_DIFFICULTY, "catanna_cubes": None,
               "catanna_markers": None, "catanna_assign": "choose",
               "catanna_wild": "choose"}
    OPTION_HELP = {
        "simultaneous": "a seat sees the others' structures as they stood when the turn began "
                        "(False: the rulebook's first-game way, everything in the open)",
        "catanna": "solo difficulty: very easy, easy, medium, hard, very hard or nightmare",
        "catanna_cubes": "solo: CatANNA's cubes per colour (6, 7 or 8), overriding the difficulty",
        "catanna_markers": "solo: her three mission values, e.g. (12, 10, 8), three different values of "
                           "the difficulty table (2 to 16), overriding the difficulty",
        "catanna_assign": "solo: which value goes on which mission, 'choose' (the player decides at "
                          "set-up) or 'in order' (first value on the build mission, then deliver, complete)",
        "catanna_wild": "solo: colour of her wild slots at the end, 'choose' (the player decides) or, for "
                        "simulations, 'plenty' (the colour she has most of) or 'scarce' (fewest)",
    }
    OPTION_PLAYERS = {"catanna": (1,), "catanna_cubes": (1,), "catanna_markers": (1,),
                      "catanna_assign": (1,), "catanna_wild": (1,)}
    RULES = RULES
    AGENTS = {"syndicate": "neko_lab.games.syndicate.agents:SyndicateAgent",
              "syndicate-plan": "neko_lab.games.syndicate.agents:PlanningAgent",
              "syndicate-deep": "neko_lab.games.syndicate.agents:DeepAgent"}
    # the planning agent takes over 1 s of CPU a game; one-ply greedy never makes a delivery (its seats
    # end between -40 and -15, on the mission cards alone), so a workshop-size playtest is a small sample
    # of real play
    PLAYTEST = {"games": 30, "agents": ["syndicate"]}
    ROUND_NAME, DECISION_NAMES = "turn", NAMES      # for reports: the rulebook counts 15 turns
    HIDDEN_INFORMATION = True
    DECISIONS = gather(setup, command_phase, lieutenants_card, minions_cards, solo)
    # the shapes of the fields (checked as a snapshot loads; core/shapes.py): see the module's docstring
    FIELDS = {
        "cards": items(record(sd.Card, "a card (the minions, then the lieutenants)"), length=MINIONS + 1),
        "mission_text": items(text(), least=3),
        "mission_type": items(choice(sd.MISSION_TYPES), length=lambda s: len(s.mission_text)),
        "catanna": Shape(lambda v, s: isinstance(v, solo.Catanna) if s.players == 1 else v is None,
                         lambda s: "CatANNA's pieces" if s.players == 1 else "None (CatANNA plays solo games only)"),
        "pyramid": per_seat(items(whole(-1, lambda s: len(s.cards) - 1), length=PLACES)),
        "cubes": per_seat(items(whole(0, CUBES_PER_COLOUR), length=4 * sd.NEIGHBOURHOODS)),
        "filled": per_seat(items(items(whole(-1, len(COLOURS) - 1)), length=PLACES)),
        "warehouse": per_seat(items(whole(0, CUBES_PER_COLOUR), length=len(COLOURS))),
        "waiting": per_seat(items(_minion, most=5)), "opening": per_seat(items(_minion)),
        "mulligan": per_seat(flag()), "markers": per_seat(items(whole(0, TURNS), length=3)),
        "path": per_seat(items(whole(0, 2 * PLACES - 1))), "walked": per_seat(whole(0, TURNS)),
        "delivered": per_seat(items(items(whole(0), length=3))),
        "shown": per_seat(items(length=7)), "own_draws": per_seat(whole(0)),
        "own_discards": per_seat(items(_minion)),
        "deck": items(_minion, distinct=True), "discard": items(_minion, distinct=True),
        "deck_known": flag(), "turn": whole(0, TURNS), "over": flag(),
        "missions": items(whole(1, lambda s: len(s.mission_type)), length=3, distinct=True),
        "path_values": items(whole(0), length=TURNS), "table_start": items(length=3),
        "turn_log": whole(0, lambda s: len(s.log)),
        "secret_seat": maybe(seat()),
    }
    ENTER = {**lieutenants_card.ENTER, **minions_cards.ENTER}   # action -> what entering its box does
    PER_SEAT = ("pyramid", "cubes", "filled", "warehouse", "waiting", "opening", "mulligan", "markers",
                "path", "walked", "delivered", "shown", "own_draws", "own_discards")

    # ------------------------------------------------------------------ set-up
    @classmethod
    def load_data(cls, data: Any) -> sd.SyndicateData:
        if isinstance(data, sd.SyndicateData):
            return data
        return load_cached(sd.load, resolve("syndicate", data))

    def check_options(self) -> None:
        o = self.options
        if not isinstance(o["simultaneous"], bool):
            raise ConfigError("simultaneous must be True or False")
        if o["catanna_wild"] not in solo.WILD_CHOICES:
            raise ConfigError("catanna_wild must be " + one_of(solo.WILD_CHOICES))
        if o["catanna_assign"] not in solo.ASSIGN_CHOICES:
            raise ConfigError("catanna_assign must be " + one_of(solo.ASSIGN_CHOICES))
        cubes = o["catanna_cubes"]
        if cubes is not None and (not isinstance(cubes, int) or isinstance(cubes, bool) or cubes not in (6, 7, 8)):
            raise ConfigError("catanna_cubes must be 6, 7 or 8 (cubes of each colour)")
        marks = o["catanna_markers"]
        if marks is not None:
            if not (isinstance(marks, (list, tuple)) and len(marks) == 3
                    and all(isinstance(v, int) for v in marks)):
                raise ConfigError("catanna_markers must be three mission values, e.g. (12, 10, 8)")
            o["catanna_markers"] = tuple(marks)

    def setup(self, data: sd.SyndicateData) -> None:
        self.cards: tuple[sd.Card, ...] = data.cards
        self.path_values: tuple[int, ...] = data.path
        self.mission_text: tuple[str, ...] = tuple(m.text for m in data.missions)
        self.mission_type: tuple[str, ...] = tuple(m.type for m in data.missions)
        n = self.players
        # per seat, tuples replaced (never changed in place: copies of the game share them)
        self.pyramid: list[tuple[int, ...]] = [(LIEUTENANTS,) + (-1,) * (PLACES - 1)] * n
        self.cubes: list[tuple[int, ...]] = [(0,) * (4 * sd.NEIGHBOURHOODS)] * n
        self.filled: list[tuple[tuple[int, ...], ...]] = [
            ((-1,) * len(self.cards[LIEUTENANTS].slots),) + ((),) * (PLACES - 1)] * n
        self.warehouse: list[tuple[int, ...]] = [(CUBES_PER_COLOUR,) * 4] * n
        self.waiting: list[tuple[int, ...]] = [()] * n
        self.opening: list[tuple[int, ...]] = [()] * n
        self.mulligan: list[bool] = [False] * n
        self.markers: list[tuple[int, ...]] = [(0, 0, 0)] * n
        self.path: list[tuple[int, ...]] = [()] * n
        self.walked: list[int] = [0] * n
        self.delivered: list[tuple] = [()] * n        # (place, slot, colour) in the order delivered
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.deck_known = False
        self.turn = 0                                  # 0 during the opening draws, then 1..15
        self.over = False
        self.catanna: solo.Catanna | None = None
        setup.game_setup(self, data)

    # ------------------------------------------------------------------ the contract
    def is_over(self) -> bool:
        return self.over

    def round_number(self) -> int:
        """The turn being played, 1 to 15 (the opening draws belong to turn 1)."""
        return max(self.turn, 1)

    def breakdown(self) -> list[dict[str, int]]:
        return final_scoring.breakdown(self)

    def visible_breakdown(self, seat: int | None) -> list[dict[str, int | None]]:
        """At a simultaneous table the other seats walk out of sight: while a turn is played, their
        structure points are None (not known until the meeting); mission points are public."""
        if seat is not None:
            seat = self.check_seat(seat)
        rows = self.breakdown()
        if seat is None or not simultaneous.hiding(self):
            return rows
        return [r if i == seat else {k: (None if k in final_scoring.STRUCTURE else v) for k, v in r.items()}
                for i, r in enumerate(rows)]

    def shown_breakdown(self, viewer: Any = PUBLIC) -> list[dict[str, int]]:
        """The structure points of every area as `viewer` (a seat, "public" or "all") sees it: another
        seat's pyramid as the table showed it when the turn began. Where visible_breakdown() hides a
        seat's structure points (it walks out of sight until the meeting), these are the part of them
        the viewer knows; that seat's walk this turn changes them by an amount the viewer does not know."""
        viewer = self.check_viewer(viewer)
        out = []
        for j in range(self.players):
            pyramid, cubes, filled = self.seen_area(viewer, j)[:3]
            out.append(final_scoring.structure_parts(final_scoring.level_counts(self.cards, pyramid, filled, cubes)))
        return out

    def winners(self) -> list[int]:
        """Seats with the best score after the tie-break (shared victory on a remaining tie). In solo
        play the one seat wins or shares the victory against CatANNA ([0]), or CatANNA wins ([])."""
        if not self.over:
            return []
        if self.players == 1:
            return [] if self.solo_result() == "lost" else [0]
        sc = self.scores()
        return [i for i, v in enumerate(sc) if v == max(sc)]

    def solo_result(self) -> str:
        """'won', 'lost' or 'shared' against CatANNA, once a solo game is over."""
        if self.players != 1:
            raise ConfigError("CatANNA plays only in solo games (players=1)")
        if not self.over:
            return "playing"
        me, her = self.scores()[0], self.catanna_score()
        return "won" if me > her else "lost" if her > me else "shared"

    def end_result(self, who=None) -> str:
        """Solo, once over: the result against CatANNA, with both scores."""
        if self.players != 1 or not self.over:
            return ""
        me = (who or (lambda seat: f"P{seat + 1}"))(0)
        mine, hers = self.scores()[0], self.catanna_score()
        return {"won": f"{me} beats CatANNA, {counted(mine, 'point')} to {hers}",
                "lost": f"CatANNA wins, {counted(hers, 'point')} to {me}'s {mine}",
                "shared": f"{me} and CatANNA share the victory with {counted(mine, 'point')} each"}[self.solo_result()]

    def catanna_score(self) -> int:
        return sum(final_scoring.catanna_breakdown(self).values())

    def holdings(self, seat: int) -> list[str]:
        """The cards in the seat's pyramid, by name."""
        return sorted(self.cards[c].name for c in self.pyramid[seat] if c >= 0)

    def shares(self) -> list[float]:
        """Solo, a victory shared with CatANNA (equal scores after the tie-break) is half a victory."""
        if self.players == 1 and self.over:
            return [{"won": 1.0, "shared": 0.5, "lost": 0.0}[self.solo_result()]]
        return super().shares()

    def result_columns(self) -> dict[str, int]:
        """Solo: CatANNA's final score, a column of its own in nl.simulate()'s rows."""
        return {"catanna_score": self.catanna_score()} if self.players == 1 else {}

    def margin(self, seat: int, scores: list | None = None) -> tuple[str, float] | None:
        """Solo, the seat plays against CatANNA: its margin over her score (her final score once the game
        is over) is what decides the game. `scores`: the seats' scores to measure with (default scores())."""
        if self.players == 1:
            return "CatANNA", float((self.scores() if scores is None else scores)[0] - self.catanna_score())
        return super().margin(seat, scores)

    def catanna_breakdown(self) -> dict[str, int]:
        return final_scoring.catanna_breakdown(self)

    def evaluate(self, seat: int) -> float:
        return super().evaluate(seat) if self.players > 1 else self.scores()[0] - self.catanna_score()

    def _why_illegal(self, action: Any) -> str | None:
        """The rule behind a refused move, in a sentence (syndicate/refusals.py, the refuser); a field of the wrong
        type, or a move no rule there explains, is named as not among the legal ones."""
        legal = self.legal_actions()
        odd = odd_field(action, legal, types_only=True)
        if odd:
            return odd
        return super()._why_illegal(action) or odd_field(action, legal, types_only=False)

    # ------------------------------------------------------------------ what a seat sees
    def secret_round(self) -> Hashable | None:
        """The opening or the turn being walked at a simultaneous table (core State.secret_round): its
        choices are revealed together, the opening when turn 1 begins, a turn's walks at Kumichō's
        meeting, which ends the turn."""
        return ("turn", self.turn) if simultaneous.hiding(self) else None

    def acted_unseen(self, seat: int) -> set[int]:
        """Seats whose moves this turn `seat` has not seen yet: at a simultaneous table everyone walks
        at once, so a seat asked later must not learn what the earlier seats did."""
        if self.over or not self.options["simultaneous"]:
            return set()
        return {j for j in range(self.players) if j != seat and self.walked[j] == self.turn}

    def area(self, j: int) -> tuple:
        """Seat j's area as plain tuples (shared, never changed in place)."""
        return (self.pyramid[j], self.cubes[j], self.filled[j], self.warehouse[j], self.waiting[j],
                self.markers[j], self.mulligan[j])

    @staticmethod
    def area_view(area: tuple) -> dict:
        pyramid, cubes, filled, warehouse, waiting, markers, redrawn = area
        return {"pyramid": list(pyramid),
                "cubes": [[i // 4, i % 4, v] for i, v in enumerate(cubes) if v],
                "filled": [list(f) for f in filled], "warehouse": list(warehouse),
                "waiting": list(waiting), "markers": list(markers), "redrawn": redrawn}

    def public_view(self, j: int) -> dict:
        """Seat j's area as the table shows it now."""
        return self.area_view(self.area(j))

    def refresh_view(self) -> None:
        """A turn begins: at a simultaneous table a deck this turn could empty is refilled first
        (rules/lieutenants_card.py), then what the table shows is kept (rules/simultaneous.py)."""
        lieutenants_card.top_up(self)
        simultaneous.start_turn(self)

    def decision_known(self) -> str:
        """At a simultaneous table a seat decides out of the others' sight: which seat, and what, would
        tell its secret choices (as in observation()); played in the open, every choice is public."""
        return "nothing" if simultaneous.hiding(self) else "choices"

    def observation(self, seat: int) -> dict:
        """What `seat` may know: at a simultaneous table the other areas, the deck and the discard
        pile as the turn began, changed by its own moves only (rules/simultaneous.py)."""
        seat = self.check_seat(seat)
        areas = [self.area_view(self.seen_area(seat, j)) for j in range(self.players)]
        deck, discard, order = simultaneous.table_view(self, seat)
        top = self.pending[-1] if self.pending and not self.over else None
        if top is not None and top.seat != seat and simultaneous.hiding(self):
            top = None        # another seat deciding out of sight: which seat, and what (a discard after
                              # the Accountant...), would tell its secret choices
        return {"seat": seat, "players": self.players, "turn": self.turn, "kumicho": max(self.turn, 1),
                "missions": list(self.missions), "to_act": top.seat if top else None,
                "decision": top.kind if top else None,
                "deck": deck, "deck_order": order, "discard": discard, "areas": areas,
                "opening": list(self.opening[seat]), "walk": list(self.path[seat]),
                "catanna": self.catanna.view() if self.catanna else None, "over": self.over}

    def seen_area(self, viewer: Any, j: int) -> tuple:
        """Seat j's area as `viewer` (a seat, "public" or "all") may see it now."""
        return self.area(j) if simultaneous.sees_live(self, viewer, j) else self.shown[j]

    def seen_path(self, viewer: Any, j: int) -> tuple:
        """Seat j's walk of this turn as `viewer` may see it (empty: not seen yet)."""
        return self.path[j] if simultaneous.sees_live(self, viewer, j) else ()

    def _determinize(self, seat: int, rng: Rng) -> "GameState":
        """A copy `seat` cannot tell from this position: at a simultaneous table the other seats' moves
        of this turn are taken back (they choose again in the copy) and every card the seat has not
        seen is dealt afresh (rules/simultaneous.py); otherwise the drawing deck is re-shuffled unless
        it is the face-down discard pile whose order the table saw. Hidden cards are dealt from a
        sorted pool and the copy's future chance from a generator spawned from `rng`, so the copy
        depends only on what the seat knows."""
        s = super()._determinize(seat, rng)
        if simultaneous.hiding(self):
            simultaneous.redeal(s, seat, rng)
        elif not self.deck_known:
            s.deck.sort()
            rng.shuffle(s.deck)
        return s

    def emit(self, text: str, rule: str = "", seat: int | None = None, *values: Any, **data: Any) -> None:
        """While a seat acts out of the others' sight, its events are told to them only as its cover
        (the first box of a walk: "walks down the pyramid"; the rest not at all) until the reveal."""
        hidden = self.__dict__.get("secret_seat")
        cover = data.pop("cover", "") if data else ""
        # what State.emit / emit_secret do, without a second call with the values and data unpacked again
        if hidden is None:
            self.log.add(text, values, rule, seat, data, None)
        else:
            self.log.add(text, values, rule, hidden if seat is None else seat, data, cover)

    def _apply(self, action: Any) -> None:
        if not simultaneous.hiding(self):
            State._apply(self, action)
            return
        seat = self.secret_seat = self.pending[-1].seat
        logged = len(self.log)
        super()._apply(action)
        if len(self.log) == logged:     # a choice that logs nothing is still the seat's own secret
            self.emit_secret("{}", "", simultaneous.TURN_PHASES, seat, action, quiet=True)

    # ------------------------------------------------------------------ helpers the sections share
    def level_cards(self, seat: int, level: int) -> list[int]:
        return [p for p in range(PLACES) if LEVEL_OF[p] == level and self.pyramid[seat][p] >= 0]

    def card_at(self, seat: int, p: int) -> sd.Card:
        return self.cards[self.pyramid[seat][p]]

    # ------------------------------------------------------------------ copying and checking
    def clone(self) -> "GameState":
        new = object.__new__(GameState)
        d = self.__dict__.copy()
        d["log"] = self.log.copy()           # copies share the chain of events
        d["pending"] = [*self.pending]          # Pending entries are read-only: shared
        d["rng"] = self.rng.copy()
        d["_legal"] = None
        for key in self.PER_SEAT:          # [*x]: a list copy, a little cheaper than list(x)
            d[key] = [*d[key]]
        d["deck"] = [*self.deck]
        d["discard"] = [*self.discard]
        if self.catanna is not None:
            d["catanna"] = self.catanna.copy()
        new.__dict__ = d
        return new

    def check_invariants(self) -> None:
        cards = self.cards
        for i in range(self.players):
            total = sum(self.warehouse[i]) + sum(self.cubes[i]) + sum(
                1 for f in self.filled[i] for c in f if c >= 0)
            assert total == 4 * CUBES_PER_COLOUR, f"player {i + 1} has {total} cubes, not 32"
            assert all(v >= 0 for v in self.warehouse[i] + self.cubes[i]), "a negative cube count"
            pyr = self.pyramid[i]
            assert pyr[0] == LIEUTENANTS, "the lieutenants card heads every structure"
            for p in range(1, PLACES):
                if pyr[p] >= 0:
                    assert any(pyr[q] >= 0 for q in PARENTS[p]), \
                        f"player {i + 1}: card {p + 1} hangs below no card (pyramid shape)"
                    assert len(self.filled[i][p]) == len(cards[pyr[p]].slots), "slots follow the card"
                else:
                    assert self.filled[i][p] == () and not any(self.cubes[i][8 * p:8 * p + 8]), \
                        f"player {i + 1}: cubes or deliveries on the empty place {p + 1}"
            for p, k, c in self.delivered[i]:
                kind, want = cards[pyr[p]].slots[k]
                assert self.filled[i][p][k] == c and want in (c, sd.WILD), \
                    f"player {i + 1}: a delivered cube moved or does not match its slot"
            assert len(self.delivered[i]) == sum(1 for f in self.filled[i] for c in f if c >= 0), \
                "every filled slot was delivered once"
            assert len(self.waiting[i]) <= 5, "the Waiting Room holds at most 5 cards (2 + 3 drawn)"
            assert self.walked[i] <= self.turn and self.walked[i] >= self.turn - 1 or self.turn == 0, \
                "one walk per turn"
            assert all(0 <= m <= max(self.turn, 0) for m in self.markers[i]), "markers on reached columns"
            command_phase.check_walk(self, i)
        places = (self.deck + self.discard + [c for w in self.waiting for c in w]
                  + [c for o in self.opening for c in o]
                  + [c for pyr in self.pyramid for c in pyr if 0 <= c < MINIONS])
        if self.catanna is not None:
            places += [c for c in self.catanna.pyramid[1:] if c >= 0]
        assert sorted(places) == list(range(MINIONS)), \
            f"minion conservation: {len(places)} cards found, {len(set(places))} different, 48 expected"
        assert 0 <= self.turn <= TURNS, "15 turns"
        assert self.over == (self.turn == TURNS and not self.pending), "the game ends after turn 15"
        if self.players == 1:
            solo.check(self)
        assert len(self.missions) == 3 and [self.mission_type[m - 1] for m in self.missions] == \
            list(sd.MISSION_TYPES), "one mission of each type"
        assert COLOURS and (self.over or len(self.pending) == 1 or [p.kind for p in self.pending] == [
            "opening", "catanna_assign"]), "one decision at a time (solo: the markers before the opening)"


def odd_field(action: Any, legal: list, types_only: bool) -> str | None:
    """A short reason for an action object of one of this game's classes built with a field no legal
    action of that class holds now (a wrong type, None, a huge number), or, with types_only=False, a
    combination of fields that is not among them. None when `action` is of no legal action's class. Asked
    only for a reader who may know the open decision's choices (State.why_illegal): it lists some."""
    same = [a for a in legal if type(a) is type(action)]
    if not same:
        return None
    kind = type(action).__name__
    # the action is shown as a person reads it (its str(), counting from 1), never by its raw fields
    # (counted from 0), except a field of the wrong type, which str() cannot read
    for name in getattr(action, "_fields", ()):
        value = getattr(action, name)
        values = {getattr(a, name) for a in same}
        if not any(field_kind(value) == field_kind(v) for v in values):
            kinds = " or ".join(sorted({field_kind(v) for v in values}))
            return (f"{kind} with {name}={excerpt(value, 40)} is not a well-formed {kind}: its {name} "
                    f"should be {kinds}, not {type(value).__name__} (choose one of legal_actions())")
        if not types_only and value not in values:
            return (f"{excerpt(action, 80, text=True)} is not possible now: no legal {kind} has that "
                    f"{name} (choose one of legal_actions())")
    if types_only:
        return None
    shown = "; ".join(excerpt(a, 80, text=True) for a in same[:3]) + ("; ..." if len(same) > 3 else "")
    return f"{excerpt(action, 80, text=True)} is not among the {len(same)} legal {kind} choices now ({shown})"
