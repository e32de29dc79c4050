"""Naéco's GameState: the table as plain data, set up, seen from one seat, copied and checked.

The rules live in one module per rulebook section, in the rulebook's order: setup.py, gameplay.py
(play a card), drawing.py (draw a card), observations.py ("Make ground-breaking observations!", with the
objectives in objectives.py), end_of_game.py, final_scoring.py ("Scoring"), sea_shepherd.py and solo.py
(the variants). A turn is two decisions on the pending stack, "play" then "draw"; the core dispatches
them through DECISIONS. Readings of unclear rules are listed in datasets/naeco/README.md.
"""
from __future__ import annotations

from typing import Any

from neko_lab.core import ConfigError, Rng, State
from neko_lab.core.data import load_cached, resolve
from neko_lab.core.decisions import gather
from neko_lab.core.frozen import FrozenDict
from neko_lab.core.shapes import choice, flag, items, maybe, per_seat, record, seat, table, text, whole

from .. import data as naeco_data
from .. import scoring
from . import drawing, end_of_game, final_scoring, gameplay, observations, sea_shepherd, solo
from . import setup as setting_up
from .objectives import LEVELS
from .ocean import FACE_DOWN, START, Card, Ocean, depth_col, pos
from .setup import HAND_SIZE, LAST_POSITION, PILES


def card():
    """A card: its index in the game's `cards`."""
    return whole(0, lambda s: len(s.cards) - 1)


class GameState(State):
    GAME = "naeco"
    TITLE = "Naéco"
    MIN_PLAYERS, MAX_PLAYERS, DEFAULT_PLAYERS = 1, 4, 2
    NO_WINNER = {1: solo.RULE_SOLO}        # solo play is rated on the rulebook's scale, not won or lost
    OPTIONS = {"sea_shepherd": False, "facedown_any_depth": False}
    OPTION_HELP = {
        "sea_shepherd": "Sea Shepherd France variant: 4 mission cards shuffled into the draw piles",
        "facedown_any_depth": "a face-down card may go in any row (default: the row of its own depth)",
    }
    RULES = {
        setting_up.RULE_SETUP: "Surface row, objectives, dealing, draw piles, priority cards, start cards",
        gameplay.RULE_PLAY: "play one card into your Ocean, then draw from a permitted pile",
        observations.RULE_OBJECTIVES: "fulfil the objective above your token to move it right",
        end_of_game.RULE_END: "value-5 Surface card or enough empty piles, then one last turn each",
        final_scoring.RULE_SCORING: "research progress, biodiversity, priority observations",
        sea_shepherd.RULE_MISSIONS: "mission cards in the draw piles, scored at the end",
        solo.RULE_SOLO: "discard after each draw, 2 empty piles end the game, a rating scale",
    }
    AGENTS = {"naeco": "neko_lab.games.naeco.agents:NaecoAgent"}
    PLAYTEST = {"games": 1000, "agents": ["naeco"]}      # about 0.03 s of CPU a game
    RATING_SCALE = scoring.SOLO_RATING                   # Naéco › Solo play variant
    HIDDEN_INFORMATION = True
    DECISIONS = gather(setting_up, gameplay, drawing, observations, end_of_game, final_scoring,
                       sea_shepherd, solo)
    # the shapes of the fields (checked as a snapshot loads; core/shapes.py): cards by their index in
    # `cards`, Priority Observation cards by their index in `priority_table`, tokens on Surface cards
    FIELDS = {
        "cards": items(record(Card, "a card (species or mission)"), least=1),
        "objective_text": table(text(), lambda s: [(lv, i) for lv in LEVELS for i in range(1, 5)],
                                f"objective texts by (level, index), level {', '.join(map(str, LEVELS))}, index 1-4"),
        "priority_table": items(record(naeco_data.PriorityCard, "a Priority Observation card"), least=4),
        "n_species": whole(1, lambda s: len(s.cards)),
        "surface_values": items(whole(None), length=LAST_POSITION + 1),
        "surface_piles": items(whole(1, PILES), length=LAST_POSITION + 1),
        "objectives": items(whole(1, 4), length=4), "revealed": items(flag(), length=4),
        "token": per_seat(whole(0, LAST_POSITION)), "trail": per_seat(items(whole(0, LAST_POSITION))),
        "oceans": per_seat(), "hands": per_seat(items(card(), most=HAND_SIZE)),
        "piles": items(items(card()), length=PILES),
        "priority": per_seat(whole(0, lambda s: len(s.priority_table) - 1), distinct=True),
        "missions": per_seat(items(card())), "discards": items(card()),
        "missed": per_seat(whole(0, HAND_SIZE)), "known": per_seat(items(card(), distinct=True)),
        "turn": whole(0), "end_seat": maybe(seat()),
        "end_trigger": maybe(choice(end_of_game.TRIGGERS)), "final_left": whole(0, lambda s: s.players),
        "over": flag(),
    }

    # ================================================================== the table
    @classmethod
    def load_data(cls, data: Any) -> naeco_data.NaecoData:
        if isinstance(data, naeco_data.NaecoData):
            return data
        return load_cached(naeco_data.load, resolve("naeco", data))

    def setup(self, data: naeco_data.NaecoData) -> None:
        n = self.players
        self.cards: tuple[Card, ...] = data.species + (data.missions if self.options["sea_shepherd"] else ())
        self.n_species: int = len(data.species)
        self.objective_text: dict[tuple[int, int], str] = FrozenDict(data.objectives)
        self.priority_table = data.priority
        self.surface_values: tuple[int, ...] = data.surface_values
        self.surface_piles: tuple[int, ...] = data.surface_piles
        # dealt by setup.set_up
        self.objectives: list[int] = []            # objective index (1-4) above each Surface card
        self.revealed: list[bool] = []
        self.token: list[int] = []                 # Surface card under each player's token
        self.trail: list[tuple[int, ...]] = []     # every Surface card each token has stood on
        self.oceans: list[Ocean] = []
        self.hands: list[tuple[int, ...]] = []
        self.piles: list[tuple[int, ...]] = []     # bottom first, the top card last
        self.priority: list[int] = []              # each player's Priority Observation card
        # what happens in play
        self.missions: list[tuple[int, ...]] = [()] * n
        self.discards: tuple[int, ...] = ()        # solo discards, in order
        self.missed: list[int] = [0] * n           # draws a player could not make
        self.known: list[tuple[int, ...]] = [()] * n   # drawn from a face-up pile top, still held
        self.turn: int = 0
        self.end_seat: int | None = None
        # "last Surface card", "empty draw piles" or (nobody holds a card, reading 7) "no cards left"
        self.end_trigger: str | None = None
        self.final_left: int = 0
        self.over: bool = False
        setting_up.set_up(self)

    def check_options(self) -> None:
        for key in self.OPTIONS:
            if not isinstance(self.options[key], bool):
                raise ConfigError(f"option {key} must be True or False, not {self.options[key]!r}")

    def _why_illegal(self, action: Any) -> str | None:
        """Each action class says why it is refused now (gameplay.Play, drawing.Draw, ...)."""
        why = getattr(type(action), "why_not", None)
        if why is None:
            name = type(action).__name__
            return (f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name} is not an action of Naéco: "
                    f"pass one of legal_actions() "
                    f"(a Play, Draw, TakeMission or LeaveMissions)")
        return why(action, self) if self.pending else None

    # ================================================================== asked by boards and analyses
    def allowed_piles(self, seat: int) -> int:
        return drawing.allowed_piles(self, seat)

    def empty_piles(self) -> int:
        return end_of_game.empty_piles(self)

    def end_threshold(self) -> int:
        return end_of_game.end_threshold(self)

    def is_over(self) -> bool:
        return self.over

    def round_number(self) -> int:
        """The round of turns being played, from 1 (once over, the last one: the game can end in the
        middle of a round, and that round counts). `turn` counts the finished turns."""
        return (self.turn - self.over) // self.players + 1

    def breakdown(self) -> list[dict[str, int]]:
        return final_scoring.breakdown(self)

    def holdings(self, seat: int) -> list[str]:
        """The species (and missions) in the seat's Ocean, by name."""
        return sorted(c.name for c in self.oceans[seat].cards.values())

    def visible_breakdown(self, seat: int | None) -> list[dict[str, int | None]]:
        return final_scoring.visible_breakdown(self, None if seat is None else self.check_seat(seat))

    def evaluate(self, seat: int) -> float:
        """The final score lead once the game is over, else the lead in final_scoring.ocean_value."""
        if self.over:
            return super().evaluate(seat)
        return final_scoring.estimated_lead(self, seat)

    def discard_counts(self) -> dict[str, int]:
        return solo.discard_counts(self)

    def rating(self) -> solo.Rating:
        return solo.rating(self)

    def end_result(self, who=None) -> str:
        """Solo, once over: the rulebook's rating of the final score (no one wins a rated game)."""
        if self.players != 1 or not self.over:
            return ""
        r = solo.rating(self)
        return (f"No winner in solo play: {r.score} points, rated {r.tier} of {len(scoring.SOLO_RATING)} "
                f"on the rating scale, \u201c{r.label}\u201d")

    def result_columns(self) -> dict[str, int | str]:
        """Solo: the rulebook's rating of the final score (its tier, 1 the lowest to 5 the highest, and
        its words), in nl.simulate()'s rows: a solo game is rated, not won or lost (`won` is always false
        there and `share` empty, so compare agents by `solo_tier` or `score`)."""
        if self.players != 1 or not self.over:
            return {}
        r = solo.rating(self)
        return {"solo_tier": r.tier, "solo_rating": r.label}

    # ================================================================== hidden information
    def observation(self, seat: int) -> dict:
        seat = self.check_seat(seat)
        oceans = []
        for i, o in enumerate(self.oceans):
            cells = sorted([*depth_col(p), v] for p, v in o.cells.items())
            known = sorted([*depth_col(p), c.id] for p, c in o.cards.items()
                           if i == seat or o.cells[p] > 0)
            oceans.append({"cells": cells, "cards": known})
        return {
            "seat": seat, "players": self.players, "options": dict(self.options),
            "to_act": self.current_player,
            "decision": self.pending[-1].kind if self.pending and not self.over else None,
            "hand": list(self.hands[seat]), "hand_sizes": [len(h) for h in self.hands],
            "priority_card": list(self.priority_table[self.priority[seat]].points),
            # every card is shown at the final scoring (Naéco › Scoring)
            "priority_cards": ([list(self.priority_table[c].points) for c in self.priority]
                               if self.over else None),
            "oceans": oceans,
            "piles": [[len(p), p[-1] if p else None] for p in self.piles],
            "tokens": list(self.token),
            "objectives": [self.objectives[k] if self.revealed[k] else None for k in range(4)],
            "missions": [list(m) for m in self.missions], "discards": list(self.discards),
            "missed": list(self.missed), "turn": self.turn, "end_seat": self.end_seat,
            # cards each player drew from a face-up pile top (the table saw them) and still holds
            "known": [list(k) for k in self.known],
            "final_left": self.final_left, "over": self.over,
        }
    KNOWN_TRIES = 20      # deals of the opponents' known cards tried before keeping them where they are

    def _determinize(self, seat: int, rng: Rng) -> "GameState":
        """A copy where what `seat` cannot see is re-sampled from `rng`: other hands, other players'
        face-down cards, the cards under each pile's top, hidden objectives and, until the final scoring
        shows them, the other Priority Observation cards. What the table saw stays: a card an opponent
        drew from a face-up pile top is still that opponent's (in hand, or perhaps the card they turned
        face-down since). The copy's own generator is seeded from `rng`, so its future is not the real
        game's."""
        s = None
        tries = rng.copy()
        for _ in range(self.KNOWN_TRIES):            # a deal of the known cards that blocks a row: deal again
            try:
                s = self._resampled(seat, tries.spawn(), shuffle_known=True)
                break
            except (LookupError, StopIteration):
                continue
        if s is None:      # no quick deal found (rare): a layout searched for, from what the seat knows
            s = self._resampled(seat, rng.copy(), shuffle_known=False)
        rng.state = s.rng.state
        s.rng = rng.spawn()
        s.log = self.log.seen_by(seat)       # the copy's log holds only what the seat saw
        return s

    def _resampled(self, seat: int, rng: Rng, shuffle_known: bool) -> "GameState":
        s = self.clone()
        s.rng = rng              # hands the generator back to _determinize()
        cards = self.cards
        any_row = self.options["facedown_any_depth"]
        others = [i for i in range(self.players) if i != seat]
        pool: list[int] = []
        for i in others:
            known = self.known[i]
            pool.extend(c for c in self.hands[i] if c not in known)
            o = self.oceans[i]
            pool.extend(c.id for p, c in o.cards.items() if o.cells[p] == FACE_DOWN and c.id not in known)
        for pile in self.piles:
            pool.extend(pile[:-1])
        pool.sort()             # the copy depends only on what the seat knows, not on the real order
        rng.shuffle(pool)
        hands: dict[int, list[int]] = {}
        layout = None if shuffle_known else self._known_layout(others, pool, rng)
        for i in others:
            o = self.oceans[i]
            downs = sorted(p for p, v in o.cells.items() if v == FACE_DOWN)
            placed: dict[int, int] = {}            # face-down cell -> card
            hand: list[int] = []
            if shuffle_known:
                known = sorted(self.known[i])
                rng.shuffle(known)
                free = len(self.hands[i])
                for c in known:
                    fits = [p for p in downs if p not in placed
                            and (any_row or (p & 3) + 1 == cards[c].depth)]
                    if not free + len(fits):
                        raise LookupError("no place left for a known card")
                    pick = rng.randrange(free + len(fits))
                    if pick < free:
                        hand.append(c)
                        free -= 1
                    else:
                        placed[fits[pick - free]] = c
            else:
                hand, placed = layout[i]
            for p in downs:
                if p not in placed:
                    k = next(j for j, c in enumerate(pool)
                             if not cards[c].effect and (any_row or cards[c].depth == (p & 3) + 1))
                    placed[p] = pool.pop(k)
            if downs:
                s.oceans[i] = o.with_cards({p: cards[placed[p]] for p in downs})
            hands[i] = hand
        species = [c for c in pool if not cards[c].effect]
        rest = [c for c in pool if cards[c].effect]
        for i in others:
            n = len(self.hands[i]) - len(hands[i])
            s.hands[i] = tuple(sorted(hands[i] + species[:n]))
            del species[:n]
        rest.extend(species)
        rng.shuffle(rest)
        for k, pile in enumerate(self.piles):
            if pile:
                n = len(pile) - 1
                s.piles[k] = tuple(rest[:n]) + (pile[-1],)
                del rest[:n]
        for k in range(4):
            if not self.revealed[k]:
                s.objectives[k] = rng.randint(1, 4)
        if self.over:              # the Priority Observation cards are shown at the final scoring
            return s
        cards_left = [c for c in range(len(self.priority_table)) if c != self.priority[seat]]
        rng.shuffle(cards_left)
        for i in others:
            s.priority[i] = cards_left.pop()
        return s

    def _known_layout(self, others: list[int], pool: list[int],
                      rng: Rng) -> dict[int, tuple[list[int], dict[int, int]]]:
        """For each seat in `others`: (its known cards in hand, {face-down cell: known card}), a layout of
        the cards the table saw it take in which each face-down card fits its row and the cards nobody
        has seen (`pool`) can fill the other face-down cells. Found by a search over the known cards and
        their places in an order drawn from `rng`: it reads only what the searching seat knows (the real
        layout always fits, so the search always ends)."""
        cards, any_row = self.cards, self.options["facedown_any_depth"]
        depth_of = lambda p: (p & 3) + 1                                           # noqa: E731
        supply: dict[int, int] = {}                  # unseen species (no effect) by depth, for the cells
        for c in pool:
            if not cards[c].effect:
                supply[cards[c].depth] = supply.get(cards[c].depth, 0) + 1
        cells = {i: sorted(p for p, v in self.oceans[i].cells.items() if v == FACE_DOWN) for i in others}
        room = {i: len(self.hands[i]) for i in others}
        todo = [(i, c) for i in others for c in sorted(self.known[i])]
        rng.shuffle(todo)
        placed: dict[int, dict[int, int]] = {i: {} for i in others}
        hand: dict[int, list[int]] = {i: [] for i in others}

        def short(n: int) -> bool:
            """With the first `n` known cards placed, can the unseen cards no longer fill the cells the
            known cards leave, whatever the others do?"""
            if any_row:
                return False
            for d in {depth_of(p) for i in others for p in cells[i]}:
                empty = sum(1 for i in others for p in cells[i] if depth_of(p) == d and p not in placed[i])
                could = sum(1 for i, c in todo[n:] if cards[c].depth == d)
                if empty - could > supply.get(d, 0):
                    return True
            return False

        def search(n: int) -> bool:
            """Place the known cards from the n-th on (the first n are placed)."""
            if short(n):
                return False
            if n == len(todo):
                return True
            i, c = todo[n]
            options: list = [None] if room[i] else []          # None: in hand
            options += [p for p in cells[i] if p not in placed[i] and (any_row or depth_of(p) == cards[c].depth)]
            rng.shuffle(options)
            for where_to in options:
                if where_to is None:
                    room[i] -= 1
                    hand[i].append(c)
                else:
                    placed[i][where_to] = c
                if search(n + 1):
                    return True
                if where_to is None:
                    room[i] += 1
                    hand[i].pop()
                else:
                    del placed[i][where_to]
            return False

        if not search(0):
            raise AssertionError("no layout of the known cards fits, though the real one does")
        return {i: (hand[i], placed[i]) for i in others}

    # ================================================================== copying and checking
    def clone(self) -> "GameState":
        new = object.__new__(GameState)
        d = self.__dict__.copy()
        d["log"] = self.log.copy()           # copies share the chain of events
        d["pending"] = [*self.pending]      # Pending entries are read-only: shared
        d["rng"] = self.rng.copy()
        d["_legal"] = None
        # Oceans (sealed), hands and piles (tuples) are read-only, replaced on change: shallow copies suffice
        # ([*x] is a list copy, a little cheaper than list(x))
        d["oceans"] = [*self.oceans]
        d["hands"] = [*self.hands]
        d["piles"] = [*self.piles]
        d["token"] = [*self.token]
        d["trail"] = [*self.trail]
        d["objectives"] = [*self.objectives]
        d["revealed"] = [*self.revealed]
        d["priority"] = [*self.priority]
        d["missions"] = [*self.missions]
        d["missed"] = [*self.missed]
        d["known"] = [*self.known]
        new.__dict__ = d
        return new

    def check_invariants(self) -> None:
        n = self.players
        cards = self.cards
        everywhere = [c for h in self.hands for c in h] + [c for p in self.piles for c in p]
        everywhere += [c.id for o in self.oceans for c in o.cards.values()]
        everywhere += [c for m in self.missions for c in m] + list(self.discards)
        assert sorted(everywhere) == list(range(len(cards))), \
            f"card conservation: {len(everywhere)} cards found where the game has {len(cards)}"
        assert all(c.effect for c in cards[self.n_species:]) and (
            self.options["sea_shepherd"] or len(cards) == self.n_species), \
            "mission cards are in play only in the Sea Shepherd France variant"
        for i, h in enumerate(self.hands):
            assert all(not cards[c].effect for c in h), f"Player {i + 1} holds a mission card in hand"
            assert list(h) == sorted(h), "hands are kept sorted"
        for i, m in enumerate(self.missions):
            assert all(cards[c].effect for c in m), f"Player {i + 1} has a species among its missions"
        for i, k in enumerate(self.known):
            o = self.oceans[i]
            held = set(self.hands[i]) | {c.id for p, c in o.cards.items() if o.cells[p] == FACE_DOWN}
            assert set(k) <= held and len(set(k)) == len(k), \
                f"Player {i + 1}: a card seen drawn is neither in hand nor face-down"
        assert len(self.piles) == PILES, "there are 7 draw piles"
        # hand sizes: 3 at the start and end of every turn, less only after draws that were impossible
        top = self.pending[-1] if self.pending and not self.over else None
        for i, h in enumerate(self.hands):
            expected = HAND_SIZE - self.missed[i]
            if top is not None and top.seat == i and top.kind == "draw":
                expected -= 1
            assert len(h) == max(0, expected), \
                f"hand size: Player {i + 1} holds {len(h)} cards, expected {max(0, expected)}"
        # every Ocean obeys the placement rules
        any_row = self.options["facedown_any_depth"]
        for i, o in enumerate(self.oceans):
            assert o.sealed, f"Player {i + 1}'s Ocean is open to put(): copies of the game would share it"
            starts = sorted(p for p, v in o.cells.items() if v == START)
            assert starts == [pos(1, 0), pos(4, 0)], f"Player {i + 1}'s start cards moved"
            assert set(o.cards) == {p for p, v in o.cells.items() if v != START}, \
                f"Player {i + 1}'s Ocean has a cell without a card"
            for p, c in o.cards.items():
                v = o.cells[p]
                assert not c.effect, f"a mission card lies in Player {i + 1}'s Ocean"
                if v > 0:
                    assert v == c.value and (p & 3) + 1 == c.depth, \
                        f"Player {i + 1}: {c.name} shows the wrong value or stands at the wrong depth"
                else:
                    assert v == FACE_DOWN, "unknown cell code"
                    assert any_row or (p & 3) + 1 == c.depth, \
                        f"Player {i + 1}: a face-down {c.name} stands outside its depth"
            problems = o.problems()
            assert not problems, f"Player {i + 1}'s Ocean breaks the placement rules: {problems[0]}"
        # Surface positions only ever move right, one card at a time
        for i in range(n):
            t = self.trail[i]
            assert t == tuple(range(len(t))), f"Player {i + 1}'s token moved left or jumped"
            assert t[-1] == self.token[i], f"Player {i + 1}'s token is not where its trail ends"
            assert 0 <= self.token[i] <= LAST_POSITION
        best = max(self.token)
        for k in range(4):
            assert self.revealed[k] == (k == 0 or best >= k), f"objective {k} revealed wrongly"
        assert all(1 <= x <= 4 for x in self.objectives)
        # end of the game
        if top is not None and top.kind == "play" and self.end_seat is None:
            assert max(self.token) < LAST_POSITION, "a token on the last card must start the last round"
            assert self.empty_piles() < self.end_threshold(), "enough empty piles must start the last round"
        if self.over:
            assert self.end_seat is not None and self.final_left == 0, "the game ended without its last round"
        else:
            assert len(self.pending) == 1, "one decision at a time"
            assert 0 < self.final_left <= n if self.end_seat is not None else self.final_left == 0

