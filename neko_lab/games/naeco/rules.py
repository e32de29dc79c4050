"""Naéco: the rules engine (registered as game key "naeco").

The code follows the rulebook's sections: setup(), then each turn play_a_card() ("Gameplay"),
make_observations() (objectives, "Make ground-breaking observations!"), draw_a_card() (with the
Sea Shepherd France missions and the solo discard), end_of_turn() ("End of the game"), and breakdown()
("Scoring"). Readings of unclear rules are listed in datasets/naeco/README.md.

A turn is two decisions on the pending stack: "play" (which hand card goes where, face-up or face-down)
then "draw" (which permitted pile; a mission card on top may be taken first, then a species is drawn).
"""
from __future__ import annotations

from typing import Any, NamedTuple

from neko_lab.core import ConfigError, Event, Pending, Rng, State, serializable
from neko_lab.core.data import load_cached, resolve

from . import data as naeco_data
from . import scoring
from .objectives import CHECKS, LEVELS
from .ocean import FACE_DOWN, START, Card, Ocean, depth_col, pos

RULE_SETUP = "Naéco › Setup"
RULE_PLAY = "Naéco › Gameplay"
RULE_OBJECTIVES = "Naéco › Make ground-breaking observations!"
RULE_END = "Naéco › End of the game"
RULE_SCORING = scoring.RULE_SCORING
RULE_MISSIONS = scoring.RULE_MISSIONS
RULE_SOLO = scoring.RULE_SOLO
# Events are built through their slot descriptors: the same frozen Event, a third of the cost
_SET_TEXT, _SET_RULE = Event.text.__set__, Event.rule.__set__  # type: ignore[attr-defined]
_SET_SEAT, _SET_DATA = Event.seat.__set__, Event.data.__set__  # type: ignore[attr-defined]

HAND_SIZE = 3
PILES = 7
PILE_SIZE = 8
FULL_PILES = 6
LAST_POSITION = 4            # the value-5 Surface card
SOLO_EMPTY_PILES = 2
SOLO_DISCARD = 2


@serializable
class Play(NamedTuple):
    """Play hand card `card` into the Ocean at (depth, col); face-down when `down`."""
    card: int
    name: str
    value: int
    depth: int
    col: int
    down: bool

    def __str__(self) -> str:
        what = f"{self.name} face-down" if self.down else f"{self.name} ({self.value})"
        return f"play {what} at depth {self.depth}, column {self.col}"


@serializable
class Draw(NamedTuple):
    """Draw the species on top of pile `pile` (0-based; shown 1-7)."""
    pile: int
    card: int
    name: str

    def __str__(self) -> str:
        return f"draw {self.name} from pile {self.pile + 1}"


@serializable
class TakeMission(NamedTuple):
    """Take the mission card on top of pile `pile` (Sea Shepherd France variant), then draw."""
    pile: int
    card: int
    name: str

    def __str__(self) -> str:
        return f"take mission {self.name} from pile {self.pile + 1}"


@serializable
class Rating(NamedTuple):
    score: int
    tier: int
    label: str

    def __str__(self) -> str:
        return f"{self.score} points: {self.label}"


class GameState(State):
    GAME = "naeco"
    TITLE = "Naéco"
    MIN_PLAYERS, MAX_PLAYERS, DEFAULT_PLAYERS = 1, 4, 2
    OPTIONS = {"sea_shepherd": False, "facedown_any_depth": False}
    OPTION_HELP = {
        "sea_shepherd": "Sea Shepherd France variant: 4 mission cards shuffled into the draw piles",
        "facedown_any_depth": "a face-down card may go in any row (default: the row of its own depth)",
    }
    RULES = {
        RULE_SETUP: "Surface row, objectives, dealing, draw piles, priority cards, start cards",
        RULE_PLAY: "play one card into your Ocean, then draw from a permitted pile",
        RULE_OBJECTIVES: "fulfil the objective above your token to move it right",
        RULE_END: "value-5 Surface card or enough empty piles, then one last turn each",
        RULE_SCORING: "research progress, biodiversity, priority observations",
        RULE_MISSIONS: "mission cards in the draw piles, scored at the end",
        RULE_SOLO: "discard after each draw, 2 empty piles end the game, a rating scale",
    }
    AGENTS = {"naeco": "neko_lab.games.naeco.agents:NaecoAgent"}
    HIDDEN_INFORMATION = True

    def emit(self, text: str, rule: str = "", seat: int | None = None, **data: Any) -> None:
        e = object.__new__(Event)
        _SET_TEXT(e, text)
        _SET_RULE(e, rule)
        _SET_SEAT(e, seat)
        _SET_DATA(e, data)
        self.log.append(e)

    # ================================================================== Setup
    @classmethod
    def load_data(cls, data: Any) -> naeco_data.NaecoData:
        if isinstance(data, naeco_data.NaecoData):
            return data
        return load_cached(naeco_data.load, resolve("naeco", data))

    def setup(self, data: naeco_data.NaecoData) -> None:
        rng = self.rng
        n = self.players
        cards = data.species + (data.missions if self.options["sea_shepherd"] else ())
        self.cards: tuple[Card, ...] = cards
        self.n_species: int = len(data.species)
        self.objective_text: dict[tuple[int, int], str] = dict(data.objectives)
        self.priority_table = data.priority
        self.surface_values: tuple[int, ...] = data.surface_values
        self.surface_piles: tuple[int, ...] = data.surface_piles
        # Surface row and tokens; one objective per level, only level -1 revealed
        self.token: list[int] = [0] * n
        self.trail: list[tuple[int, ...]] = [(0,)] * n
        self.objectives: list[int] = [rng.randint(1, 4) for _ in LEVELS]
        self.revealed: list[bool] = [True, False, False, False]
        self.emit(f"level -1 objective: {self.objective_text[(-1, self.objectives[0])]}", RULE_SETUP,
                  level=-1, index=self.objectives[0])
        # Exploration Start cards
        self.oceans: list[Ocean] = [Ocean.start() for _ in range(n)]
        # deal 3 species each, then (variant) shuffle in the missions, then the piles
        deck = list(range(self.n_species))
        rng.shuffle(deck)
        self.hands: list[tuple[int, ...]] = []
        for _ in range(n):
            self.hands.append(tuple(sorted(deck[:HAND_SIZE])))
            del deck[:HAND_SIZE]
        if self.options["sea_shepherd"]:
            deck.extend(range(self.n_species, len(cards)))
            rng.shuffle(deck)
            self.emit("the mission cards are shuffled into the draw piles", RULE_MISSIONS)
        piles = [tuple(deck[i * PILE_SIZE:(i + 1) * PILE_SIZE]) for i in range(FULL_PILES)]
        piles.append(tuple(deck[FULL_PILES * PILE_SIZE:]))
        self.piles: list[tuple[int, ...]] = piles
        # one secret Priority Observation card each
        order = list(range(len(self.priority_table)))
        rng.shuffle(order)
        self.priority: list[int] = order[:n]
        self.missions: list[tuple[int, ...]] = [()] * n
        self.discards: tuple[int, ...] = ()
        self.missed: list[int] = [0] * n
        self.turn: int = 0
        self.end_seat: int | None = None
        self.end_trigger: str | None = None   # "last Surface card" or "empty draw piles", once triggered
        self.final_left: int = 0
        self.over: bool = False
        self.emit(f"{n} player(s): 3 cards dealt to each, 7 draw piles formed", RULE_SETUP)
        self.pending = [Pending("play", 0)]

    def check_options(self) -> None:
        for key in self.OPTIONS:
            if not isinstance(self.options[key], bool):
                raise ConfigError(f"option {key} must be True or False, not {self.options[key]!r}")

    # ================================================================== legal actions
    def _legal_actions(self) -> list:
        top = self.pending[-1]
        if top.kind == "play":
            return self.play_options(top.seat)
        return self.draw_options(top.seat)

    def play_options(self, seat: int) -> list[Play]:
        """Every legal play: each hand card face-up where its value fits its neighbours, then face-down,
        on the empty cells of its row touching the Ocean (any row with facedown_any_depth)."""
        ocean = self.oceans[seat]
        fronts = ocean.front
        get = ocean.cells.get
        out: list[Play] = []
        add = out.append
        new = tuple.__new__
        cards = self.cards
        any_row = self.options["facedown_any_depth"]
        for cid in self.hands[seat]:
            card = cards[cid]
            name, depth, v = card[1], card[2], card[3]
            down = []
            for p in fronts[depth - 1]:
                col = p >> 2
                left = get(p - 4)
                right = get(p + 4)
                if ((left is None or left <= 0 or left - v == 1 or v - left == 1)
                        and (right is None or right <= 0 or right - v == 1 or v - right == 1)):
                    add(new(Play, (cid, name, v, depth, col, False)))
                down.append(new(Play, (cid, name, v, depth, col, True)))
            if any_row:
                down = [new(Play, (cid, name, v, (p & 3) + 1, p >> 2, True))
                        for p in sorted(fronts[0] + fronts[1] + fronts[2] + fronts[3])]
            out += down
        return out

    def allowed_piles(self, seat: int) -> int:
        """How many piles, from the left, the seat's token lets it draw from."""
        return self.surface_piles[self.token[seat]]

    def draw_options(self, seat: int) -> list:
        out: list = []
        cards = self.cards
        new = tuple.__new__
        piles = self.piles
        for i in range(self.surface_piles[self.token[seat]]):
            pile = piles[i]
            if pile:
                card = cards[pile[-1]]
                out.append(new(TakeMission if card[6] else Draw, (i, card[0], card[1])))
        return out

    def _why_illegal(self, action: Any) -> str | None:
        if not self.pending:
            return None
        top = self.pending[-1]
        seat = top.seat
        if isinstance(action, Play):
            if top.kind != "play":
                return f"{action} is not possible now: player {seat} has played and must draw ({RULE_PLAY})"
            if action.card not in self.hands[seat]:
                return f"{action} is not possible: that card is not in player {seat}'s hand"
            card = self.cards[action.card]
            ocean = self.oceans[seat]
            p = pos(action.depth, action.col)
            if not 1 <= action.depth <= 4:
                return f"{action} is not possible: depths are 1 to 4"
            if p in ocean.cells:
                return f"{action} is not possible: that place is already taken ({RULE_PLAY})"
            if p not in ocean.front[p & 3]:
                return (f"{action} is not possible: a card must touch a start card or a played card "
                        f"above, below, left or right ({RULE_PLAY})")
            if action.depth != card.depth and not (action.down and self.options["facedown_any_depth"]):
                return f"{action} is not possible: {card.name} lives at depth {card.depth} ({RULE_PLAY})"
            if not action.down and not ocean.fits(p, card.value):
                return (f"{action} is not possible: a species beside another species must be one value "
                        f"above or below it ({RULE_PLAY})")
            return None
        if isinstance(action, (Draw, TakeMission)):
            if top.kind != "draw":
                return f"{action} is not possible now: player {seat} must first play a card ({RULE_PLAY})"
            if not 0 <= action.pile < PILES:
                return f"{action} is not possible: there are {PILES} piles"
            if action.pile >= self.allowed_piles(seat):
                return (f"{action} is not possible: from Surface card {self.surface_values[self.token[seat]]} "
                        f"player {seat} may draw only from the first {self.allowed_piles(seat)} piles ({RULE_PLAY})")
            pile = self.piles[action.pile]
            if not pile:
                return f"{action} is not possible: pile {action.pile + 1} is empty"
            if self.cards[pile[-1]].effect and isinstance(action, Draw):
                return (f"{action} is not possible: a mission card lies on top of pile {action.pile + 1}; "
                        f"take it first ({RULE_MISSIONS})")
        return None

    # ================================================================== a turn
    def _apply(self, action: Any) -> None:
        top = self.pending.pop()
        seat = top.seat
        kind = type(action)
        if kind is Play:
            self.play_a_card(seat, action)
            self.make_observations(seat)
            self.draw_step(seat)
        elif kind is Draw:
            self.draw_a_card(seat, action.pile)
            self.end_of_turn(seat)
        else:
            self.take_mission(seat, action.pile)
            self.draw_step(seat)

    def play_a_card(self, seat: int, action: Play) -> None:
        """Naéco › Gameplay: the card leaves the hand and takes its place, never to move again."""
        card = self.cards[action.card]
        hand = list(self.hands[seat])
        hand.remove(action.card)
        self.hands[seat] = tuple(hand)
        ocean = self.oceans[seat].copy()
        ocean.put(action.depth, action.col, FACE_DOWN if action.down else card.value, card)
        self.oceans[seat] = ocean
        if action.down:
            self.emit(f"plays a card face-down (an unpopulated area) at depth {action.depth}, "
                      f"column {action.col}", RULE_PLAY, seat, depth=action.depth, col=action.col, down=True)
        else:
            self.emit(f"plays {card.name} ({card.value}) at depth {action.depth}, column {action.col}",
                      RULE_PLAY, seat, card=card.id, depth=action.depth, col=action.col, down=False)

    def make_observations(self, seat: int) -> None:
        """Move the token right while the objective above it is fulfilled; the first to reach a card
        reveals its objective, which may at once move the token again."""
        ocean = self.oceans[seat]
        k = self.token[seat]
        while k < LAST_POSITION:
            level = LEVELS[k]
            index = self.objectives[k]
            if not CHECKS[level][index - 1](ocean):
                break
            k += 1
            self.token[seat] = k
            self.trail[seat] = self.trail[seat] + (k,)
            self.emit(f"fulfils the level {level} objective ({self.objective_text[(level, index)]}) "
                      f"and moves to Surface card {self.surface_values[k]}", RULE_OBJECTIVES, seat,
                      level=level, index=index, position=k)
            if k < LAST_POSITION and not self.revealed[k]:
                self.revealed[k] = True
                lv = LEVELS[k]
                self.emit(f"is first to reach Surface card {self.surface_values[k]} and reveals its objective: "
                          f"{self.objective_text[(lv, self.objectives[k])]}", RULE_OBJECTIVES, seat,
                          level=lv, index=self.objectives[k])

    def draw_step(self, seat: int) -> None:
        """Ask for the draw, or note that no permitted pile offers a card (see README: running out)."""
        options = self.draw_options(seat)
        if options:
            self.pending.append(Pending("draw", seat))
            self._legal = options        # the answer to the next question, already computed
            return
        self.missed[seat] += 1
        self.emit("cannot draw: every pile it may draw from is empty; it plays on with fewer cards",
                  RULE_PLAY, seat)
        self.end_of_turn(seat)

    def draw_a_card(self, seat: int, i: int) -> None:
        pile = self.piles[i]
        cid = pile[-1]
        self.piles[i] = pile[:-1]
        self.hands[seat] = tuple(sorted(self.hands[seat] + (cid,)))
        self.emit(f"draws {self.cards[cid].name} from pile {i + 1}", RULE_PLAY, seat, card=cid, pile=i)
        if not self.piles[i]:
            self.emit(f"pile {i + 1} is exhausted: its Empty Pile card shows", RULE_END, pile=i)
        if self.players == 1:
            self.solo_discard(i)

    def take_mission(self, seat: int, i: int) -> None:
        pile = self.piles[i]
        cid = pile[-1]
        self.piles[i] = pile[:-1]
        self.missions[seat] = self.missions[seat] + (cid,)
        self.emit(f"takes the mission {self.cards[cid].name} from pile {i + 1}", RULE_MISSIONS, seat,
                  card=cid, pile=i)
        if not self.piles[i]:
            self.emit(f"pile {i + 1} is exhausted: its Empty Pile card shows", RULE_END, pile=i)

    def solo_discard(self, drawn: int) -> None:
        """Solo: after a draw, the top two cards of the next pile that still has cards are discarded
        (after the last pile comes the first)."""
        for step in range(1, PILES + 1):
            j = (drawn + step) % PILES
            pile = self.piles[j]
            if pile:
                gone = pile[-SOLO_DISCARD:]
                self.piles[j] = pile[:-SOLO_DISCARD]
                self.discards = self.discards + gone[::-1]
                names = ", ".join(self.cards[c].name for c in gone[::-1])
                self.emit(f"discards {names} from pile {j + 1}", RULE_SOLO, 0, cards=list(gone), pile=j)
                if not self.piles[j]:
                    self.emit(f"pile {j + 1} is exhausted: its Empty Pile card shows", RULE_END, pile=j)
                return

    def empty_piles(self) -> int:
        return self.piles.count(())

    def end_threshold(self) -> int:
        return SOLO_EMPTY_PILES if self.players == 1 else self.players

    def end_of_turn(self, seat: int) -> None:
        """Naéco › End of the game: a token on the last Surface card or enough empty piles starts the
        last round; everyone plays once more and the player who ended it plays last."""
        self.turn += 1
        if self.end_seat is not None:
            self.final_left -= 1
            if self.final_left <= 0:
                self.over = True
                self.emit("the last round is over: final scoring", RULE_END)
                return
        elif self.token[seat] == LAST_POSITION or self.empty_piles() >= self.end_threshold():
            self.end_seat = seat
            self.final_left = self.players
            surface = self.token[seat] == LAST_POSITION
            self.end_trigger = "last Surface card" if surface else "empty draw piles"
            why = ("reached the last Surface card" if surface
                   else f"{self.empty_piles()} draw piles are empty")
            self.emit(f"the end is near: {why}; everyone plays one last turn, this player last",
                      RULE_END, seat, trigger=self.end_trigger)
        nxt = (seat + 1) % self.players
        while not self.hands[nxt]:
            # no card left to play (only possible in the last round, once supplies run dry): the turn passes
            self.emit("has no card left and passes", RULE_PLAY, nxt)
            self.turn += 1
            if self.end_seat is None:         # cannot happen with a 64-card deck; a safe stop anyway
                self.end_seat, self.final_left = nxt, self.players
                self.end_trigger = "no cards left"
                self.emit("the supplies have run dry: everyone plays one last turn", RULE_END, nxt)
            else:
                self.final_left -= 1
                if self.final_left <= 0:
                    self.over = True
                    self.emit("the last round is over: final scoring", RULE_END)
                    return
            nxt = (nxt + 1) % self.players
        self.pending.append(Pending("play", nxt))

    # ================================================================== end and scoring
    def is_over(self) -> bool:
        return self.over

    def round_number(self) -> int:
        return self.turn // self.players

    def breakdown(self) -> list[dict[str, int]]:
        n = self.players
        counts = [o.attribute_counts() for o in self.oceans]
        cards = [self.priority_table[self.priority[i]].as_dict() for i in range(n)]
        against = self.discard_counts() if n == 1 else None
        prio = scoring.priority(counts, cards, against)
        out = []
        for i in range(n):
            row = {"research": scoring.research(self.surface_values[self.token[i]]),
                   "biodiversity": scoring.biodiversity(self.oceans[i]),
                   "priority": prio[i]}
            if self.options["sea_shepherd"]:
                row["missions"] = sum(scoring.mission(self.cards[m].effect, self.oceans[i])
                                      for m in self.missions[i])
            out.append(row)
        return out

    def visible_breakdown(self, seat: int | None) -> list[dict[str, int | None]]:
        """Another player's running priority points would reveal their secret Priority Observation
        card, so a seat sees only its own until the end (Naéco › Setup, › Scoring)."""
        rows = self.breakdown()
        if seat is None or self.over:
            return rows
        return [row if i == seat else {**row, "priority": None} for i, row in enumerate(rows)]

    def evaluate(self, seat: int) -> float:
        """Heuristic value for `seat` (greedy and search agents): the final score lead once the game is
        over, else the lead in the heuristic Ocean value of neko_lab.games.naeco.agents."""
        if self.over:
            return super().evaluate(seat)
        from .agents import ocean_value
        # another player's secret Priority Observation card is not looked at
        vals = [ocean_value(self, i, o, own_card=i == seat) for i, o in enumerate(self.oceans)]
        others = [v for i, v in enumerate(vals) if i != seat]
        return vals[seat] - (max(others) if others else 0.0)

    def discard_counts(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for cid in self.discards:
            for a in self.cards[cid].attributes:
                counts[a] = counts.get(a, 0) + 1
        return counts

    def rating(self) -> Rating:
        """Solo play: the rulebook's rating of the (current or final) score."""
        if self.players != 1:
            raise ConfigError("the rating scale is for solo play (players=1)")
        score = self.scores()[0]
        tier, label = scoring.solo_rating(score)
        return Rating(score, tier, label)

    # ================================================================== hidden information
    def observation(self, seat: int) -> dict:
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
            "final_left": self.final_left, "over": self.over,
        }

    def determinize(self, seat: int, rng: Rng) -> "GameState":
        """A copy where what `seat` cannot see is re-sampled: other hands, other players' face-down
        cards, the cards under each pile's top, hidden objectives and, until the final scoring shows
        them, the other Priority Observation cards."""
        s = self.clone()
        cards = self.cards
        pool: list[int] = []
        for i in range(self.players):
            if i != seat:
                pool.extend(self.hands[i])
        slots = []
        for i, o in enumerate(self.oceans):
            if i != seat:
                for p, v in o.cells.items():
                    if v == FACE_DOWN:
                        slots.append((i, p))
                        pool.append(o.cards[p].id)
        for pile in self.piles:
            pool.extend(pile[:-1])
        rng.shuffle(pool)
        any_row = self.options["facedown_any_depth"]
        for i, p in sorted(slots):
            row = p & 3
            k = next(j for j, c in enumerate(pool)
                     if not cards[c].effect and (any_row or cards[c].depth == row + 1))
            cid = pool.pop(k)
            if s.oceans[i] is self.oceans[i]:
                s.oceans[i] = self.oceans[i].copy()
            s.oceans[i].cards[p] = cards[cid]
        species = [c for c in pool if not cards[c].effect]
        rest = [c for c in pool if cards[c].effect]
        for i in range(self.players):
            if i != seat:
                n = len(self.hands[i])
                s.hands[i] = tuple(sorted(species[:n]))
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
        others = [c for c in range(len(self.priority_table)) if c != self.priority[seat]]
        rng.shuffle(others)
        for i in range(self.players):
            if i != seat:
                s.priority[i] = others.pop()
        return s

    # ================================================================== copying and checking
    def clone(self) -> "GameState":
        new = object.__new__(GameState)
        d = self.__dict__.copy()
        d["log"] = list(self.log)
        d["pending"] = list(self.pending)      # Pending entries are never mutated, only replaced
        d["rng"] = self.rng.copy()
        d["_legal"] = None
        # Oceans, hands and piles are replaced (never mutated) when they change: shallow copies suffice
        d["oceans"] = list(self.oceans)
        d["hands"] = list(self.hands)
        d["piles"] = list(self.piles)
        d["token"] = list(self.token)
        d["trail"] = list(self.trail)
        d["objectives"] = list(self.objectives)
        d["revealed"] = list(self.revealed)
        d["priority"] = list(self.priority)
        d["missions"] = list(self.missions)
        d["missed"] = list(self.missed)
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
            assert all(not cards[c].effect for c in h), f"player {i} holds a mission card in hand"
            assert list(h) == sorted(h), "hands are kept sorted"
        for i, m in enumerate(self.missions):
            assert all(cards[c].effect for c in m), f"player {i} has a species among its missions"
        assert len(self.piles) == PILES, "there are 7 draw piles"
        # hand sizes: 3 at the start and end of every turn, less only after draws that were impossible
        top = self.pending[-1] if self.pending and not self.over else None
        for i, h in enumerate(self.hands):
            expected = HAND_SIZE - self.missed[i]
            if top is not None and top.seat == i and top.kind == "draw":
                expected -= 1
            assert len(h) == max(0, expected), \
                f"hand size: player {i} holds {len(h)} cards, expected {max(0, expected)}"
        # every Ocean obeys the placement rules
        any_row = self.options["facedown_any_depth"]
        for i, o in enumerate(self.oceans):
            starts = sorted(p for p, v in o.cells.items() if v == START)
            assert starts == [pos(1, 0), pos(4, 0)], f"player {i}'s start cards moved"
            assert set(o.cards) == {p for p, v in o.cells.items() if v != START}, \
                f"player {i}'s Ocean has a cell without a card"
            for p, c in o.cards.items():
                v = o.cells[p]
                assert not c.effect, f"a mission card lies in player {i}'s Ocean"
                if v > 0:
                    assert v == c.value and (p & 3) + 1 == c.depth, \
                        f"player {i}: {c.name} shows the wrong value or stands at the wrong depth"
                else:
                    assert v == FACE_DOWN, "unknown cell code"
                    assert any_row or (p & 3) + 1 == c.depth, \
                        f"player {i}: a face-down {c.name} stands outside its depth"
            problems = o.problems()
            assert not problems, f"player {i}'s Ocean breaks the placement rules: {problems[0]}"
        # Surface positions only ever move right, one card at a time
        for i in range(n):
            t = self.trail[i]
            assert t == tuple(range(len(t))), f"player {i}'s token moved left or jumped"
            assert t[-1] == self.token[i], f"player {i}'s token is not where its trail ends"
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

    # ================================================================== display
    def _repr_html_(self) -> str:
        from .render import svg
        return svg(self)
