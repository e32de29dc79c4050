"""A Pleasant Journey to Neko — the game state (game key ``journey``, 2 to 4 players).

This module holds the state's plain data, the set-up, what each seat may see, the copy search agents
make, saving, and the checks run after every action. The rules themselves are one module per rulebook
section, read in the rulebook's order: set_up (starting bonus tiles), market (a round begins; Morning
Market), preparation (draft, income, rewards and direct buys, turn order), actions (the Action Phase's
turns and main actions), bidding (Bid a Card, On Bidding, Start a New Bid), free_actions (a–h and the
card powers used like them), hubs (dice and ships arriving on hubs), cards (Card Reference Guide),
placing (Place a card into your ship lane), end_of_round (Resolve Bidding, Prepare for next round) and
scoring_steps (Mid-Game Scoring, Game End, Final Scoring). ship_lanes describes where cards, hubs and
ships are; facts holds the numbers, the sections cited and the action value.

Flow
----
``stage`` names the step the game is in; when no decision is open, the stage's procedure runs (the
STAGES table, gathered from the section modules) until some seat must decide. Everything a player
decides is a decision of ``current_player`` on the pending stack (the DECISIONS table, gathered the
same way), so each legal-action list answers one small question. The draft is asked seat by seat;
until everyone has picked in a pass, ``observation()`` hides the other seats' picks of that pass.

Termination
-----------
Every free action spends something that only finite events replenish (fish, fuel, coins, a per-round
tile or card use), so random play always reaches the end. The one loop the rulebook allows — Seaside
Trader's 3 coins → 1 fuel with Seaside Merchant's 1 fuel → 4 coins — is capped by the option
``exchange_limit``: a player who has both exchanges that round may use the Trader's coins → fuel, which
every turn of the loop needs, at most 8 times (the default); the other exchanges spend fuel or goods
and are not capped.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Hashable

from neko_lab.core import ConfigError, DataError, State, register
from neko_lab.core.decisions import gather
from neko_lab.core.rng import Rng
from neko_lab.core.shapes import choice, fixed, flag, items, order, per_seat, record, same_as, seat, whole

from .. import data as jdata
from .. import scoring as sc
from ..data import Card, JourneyData
from . import (actions, cards, end_of_round, market, placing, preparation, refusals, scoring_steps,
               set_up, ship_lanes)
from . import decision_view
from .bidding import bid_need
from .end_of_round import reveal_cards
from .facts import ADVANCED_SPACES, CARDS_REVEALED, DICE, LANE_SHIFT, MAX_LANES, MAX_NEW_BID_SPACES, \
    POSITIONS_PER_EDGE, R_ADV_CARDS, R_ORDER, R_SETUP, DECISION_NAMES as NAMES, \
    ROUNDS, RULES, SLOTS, player
from .player_boards import Board
from .ship_lanes import Hub

SECTIONS = (set_up, market, preparation, actions, cards, placing, end_of_round, scoring_steps)
DECISIONS = gather(*SECTIONS)
STAGES: dict[str, Callable[["GameState"], None]] = {
    k: v for section in SECTIONS for k, v in getattr(section, "STAGES", {}).items()}
_new = object.__new__
_die = whole(1, 6)



def card_table(cards: tuple[Card, ...]) -> tuple[Card | None, ...]:
    """The cards by id (None where no card has that id)."""
    table: list[Card | None] = [None] * (max(c.id for c in cards) + 1)
    for c in cards:
        table[c.id] = c
    return tuple(table)

@register
class GameState(State):
    GAME = "journey"
    TITLE = "A Pleasant Journey to Neko"
    MIN_PLAYERS, MAX_PLAYERS, DEFAULT_PLAYERS = 2, 4, 3
    OPTIONS = {"advanced_cards": False, "advanced_setup": False, "exchange_limit": 8,
               "blue_bar_on_direct_buys": False, "new_bid_spaces": 2}
    AGENTS = {"journey": "neko_lab.games.journey.agents:JourneyAgent"}
    PLAYTEST = {"games": 150, "agents": ["journey"]}     # about 0.15 s of CPU a game
    DECISION_NAMES, ORDER_RULE = NAMES, R_ORDER         # for reports (Set Turn Order: every round)
    OPTION_HELP = {
        "advanced_cards": "three advanced cards on the board, resolved first; free bidding spaces can start new bids",
        "advanced_setup": "every period card on display in sorted piles; bids start from the display",
        "exchange_limit": "how often the Seaside Trader's 3 coins -> 1 fuel may be used per round by a player "
                          "who also has the Merchant's 1 fuel -> 4 coins, which together make an endless "
                          "coin loop; the other exchanges are not capped (None = no limit; the rulebook "
                          "sets none)",
        "blue_bar_on_direct_buys": "Blue Bars also discount cards bought without bidding (dice reward, "
                                   "Post Office, Lottery); by default they only discount cards won in bids",
        "new_bid_spaces": "with the advanced cards: bidding spaces beyond the cards revealed, left free for "
                          "Start a New Bid (0-4; the board's number is not in the rulebook, 2 is our reading)",
    }
    RULES = RULES
    HIDDEN_INFORMATION = True
    DECISIONS = DECISIONS
    # the shapes of the fields (checked as a snapshot loads; core/shapes.py): bidding spaces, dice
    # (1..6), the turn order and the step each stage has reached
    FIELDS = {
        "data": record(JourneyData, "the game's card data"),
        "C": same_as(lambda s: card_table(s.data.cards), "the table of the card data's cards by id"),
        "_all_ids": same_as(lambda s: sorted(c.id for c in s.data.cards), "the card data's card ids in order"),
        "n_adv": fixed(lambda s: ADVANCED_SPACES if s.options["advanced_cards"] else 0,
                       "the advanced cards on the board, set by the option advanced_cards"),
        "n_revealed": fixed(lambda s: CARDS_REVEALED[s.players],
                            "the cards revealed for this many players"),
        "spaces": items(whole(0), length=lambda s: s.n_adv + s.n_revealed + (
            s.options["new_bid_spaces"] if s.n_adv else 0)),
        "bids": items(per_seat(items(_die)), length=lambda s: len(s.spaces)),
        "order": order(), "boards": per_seat(), "picks": per_seat(whole(0, 6)),
        "pools": per_seat(items(_die)), "discard": items(_die), "action_start_dice": items(whole(0)),
        "decks": items(length=3), "box": items(whole(0)), "display": items(whole(0)),
        "drawn": items(whole(0)),
        "stage": choice(lambda s: (*STAGES, "over")), "round": whole(1, ROUNDS), "period": whole(1, 2),
        "display_period": whole(0, 2), "draft_pass": whole(0, DICE), "idx": whole(0, lambda s: s.players),
        "turn_idx": whole(0, lambda s: s.players - 1), "turn_seat": seat(-1), "main": whole(0, 3),
        "bid_space": whole(-1, lambda s: len(s.spaces) - 1), "bid_placed": whole(0, DICE),
        "took_die": flag(), "res_i": whole(0, lambda s: len(s.spaces)), "res_done": flag(),
        "res_queue": items(items(whole(0), length=2)),
        "tiles": items(whole(0, lambda s: len(s.data.tiles) - 1), length=4, distinct=True),
        "bonus_left": items(whole(0, lambda s: len(s.data.bonus) - 1), distinct=True),
        "new_bids": flag(), "over": flag(),
    }

    # ================================================================== set up
    def check_options(self) -> None:
        for name in ("advanced_cards", "advanced_setup", "blue_bar_on_direct_buys"):
            if not isinstance(self.options[name], bool):
                raise ConfigError(f"option {name} must be True or False, not {self.options[name]!r}")
        limit = self.options["exchange_limit"]
        if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool) or limit < 0):
            raise ConfigError(f"option exchange_limit must be None or a whole number >= 0, not {limit!r}")
        extra = self.options["new_bid_spaces"]
        if not isinstance(extra, int) or isinstance(extra, bool) or not 0 <= extra <= MAX_NEW_BID_SPACES:
            raise ConfigError(f"option new_bid_spaces must be a whole number 0..{MAX_NEW_BID_SPACES}, not {extra!r}")
        if extra != self.OPTIONS["new_bid_spaces"] and not self.options["advanced_cards"]:
            # the spaces are added only beside the advanced cards: without them the option would do nothing
            raise ConfigError(f"{self.GAME} option new_bid_spaces applies only to games with the advanced "
                              f"cards (advanced_cards=True)")

    @classmethod
    def load_data(cls, data: Any) -> JourneyData:
        if isinstance(data, JourneyData):
            return data
        return jdata.load_cached(data)

    def setup(self, data: JourneyData) -> None:
        """Set Up: decks, revealed cards, scoring tiles, boards, turn order, starting bonus tiles."""
        self.data = data
        self._index_cards()
        n = self.players
        # decks[period] for periods 1 and 2; no card is of period 0, so decks[0] is an empty tuple that
        # copies share
        self.decks: list[Any] = [(), [], []]
        advanced: list[int] = []
        for c in data.cards:
            if c.period == "advanced":
                advanced.append(c.id)
            else:
                self.decks[int(c.period)].append(c.id)
        self.rng.shuffle(self.decks[1])
        self.rng.shuffle(self.decks[2])
        self.box: list[int] = []
        self.display: list[int] = []
        self.display_period = 0
        self.drawn: list[int] = []
        self.n_adv = ADVANCED_SPACES if self.options["advanced_cards"] else 0
        if len(advanced) < self.n_adv:
            raise DataError(str(Path(data.folder) / "cards.csv"), None, "period",
                            f"the advanced cards (advanced_cards=True) put {self.n_adv} cards of period "
                            f"'advanced' on the board; this dataset has {len(advanced)}")
        self.new_bids = bool(self.options["advanced_cards"] or self.options["advanced_setup"])
        # the bidding area: the spaces revealed cards fill, then (advanced cards) the free spaces kept
        # for Start a New Bid
        self.n_revealed = CARDS_REVEALED[n]
        spaces = self.n_adv + CARDS_REVEALED[n] + (self.options["new_bid_spaces"] if self.n_adv else 0)
        self.spaces: list[int] = [0] * spaces
        # per space, per seat, the dice bid: tuples, replaced on change (copies of the game share them)
        self.bids: list[tuple[tuple[int, ...], ...]] = [((),) * n for _ in range(spaces)]
        if self.n_adv:
            self.rng.shuffle(advanced)
            for i in range(self.n_adv):
                self.spaces[i] = advanced.pop()
            self.emit("three advanced cards go on the board", R_ADV_CARDS)
        self.box.extend(advanced)
        self.round = 1
        self.period = 1
        reveal_cards(self)
        tiles = list(range(len(data.tiles)))
        self.rng.shuffle(tiles)
        self.tiles: tuple[int, ...] = tuple(tiles[:4])
        self.emit("mid-game scoring tiles: " + ", ".join(data.tiles[t].name for t in self.tiles), R_SETUP)
        self.boards: list[Board] = [Board() for _ in range(n)]
        self.order: list[int] = list(range(n))
        self.rng.shuffle(self.order)
        self.emit(f"turn order {', '.join(map(player, self.order))}", R_SETUP)
        self.discard: list[int] = []
        self.pools: tuple[tuple[int, ...], ...] = ((),) * n     # tuples, replaced on change: copies share them
        self.picks: list[int] = [0] * n
        self.draft_pass = 0
        self.bonus_left: tuple[int, ...] = tuple(range(len(data.bonus)))
        self.stage = "bonus"
        self.idx = 0
        self.turn_seat = -1
        self.turn_idx = 0
        self.main = 0          # 0 none yet, 1 taking fish, 2 bidding, 3 activation done
        self.bid_space = -1
        self.bid_placed = 0
        self.took_die = False
        self.res_i = 0
        self.res_done = False
        self.res_queue: tuple[tuple[int, int], ...] = ()
        self.over = False
        self.action_start_dice: tuple[int, ...] = ()
        self._advance()

    # ================================================================== the flow
    def _advance(self) -> None:
        """Run the stages' procedures until some seat has to decide (or the game is over)."""
        stages = STAGES
        while not self.pending and not self.over:
            stages[self.stage](self)

    def _apply(self, action: Any) -> None:
        super()._apply(action)
        self._advance()

    def _why_illegal(self, action: Any) -> str | None:
        return refusals.why_illegal(self, action)

    # ================================================================== the card table
    def _index_cards(self) -> None:
        self.C = card_table(self.data.cards)
        self._all_ids = sorted(c.id for c in self.data.cards)

    # ================================================================== cards and lanes (see ship_lanes.py)
    def card(self, cid: int) -> Card:
        return self.C[cid]

    def lane_cards(self, seat: int, lane: int) -> list[int]:
        return [*self.boards[seat].lanes[lane * SLOTS:(lane + 1) * SLOTS]]

    def hub_at(self, seat: int, lane: int, pos: int) -> tuple[int, str] | None:
        return ship_lanes.hub(self, self.boards[seat].lanes, lane, pos)

    def next_position(self, seat: int, lane: int, pos: int) -> int | None:
        return ship_lanes.next_position(self, self.boards[seat].lanes, lane, pos)

    def lane_path(self, seat: int, lane: int) -> list[int]:
        return ship_lanes.lane_path(self, seat, lane)

    def lane_hubs(self, seat: int, lane: int) -> list[Hub]:
        return ship_lanes.lane_hubs(self, seat, lane)

    def board_hubs(self, seat: int) -> tuple:
        return ship_lanes.board_hubs(self, self.boards[seat])

    def hub_count(self, seat: int) -> int:
        return ship_lanes.hub_count(self, seat)

    def ships_in_lane(self, seat: int, lane: int) -> list[int]:
        return ship_lanes.ships_in_lane(self, seat, lane)

    def crossed(self, seat: int) -> list[int]:
        return ship_lanes.crossed(self, seat)

    def passed_slots(self, seat: int) -> set[int]:
        """Keys (lane * 5 + slot) of the seat's slots some ship has passed through."""
        return ship_lanes.passed_slots(self.boards[seat])

    def gap_cost(self, seat: int, lane: int, slot: int) -> int:
        return ship_lanes.gap_cost(self, seat, lane, slot)

    def bid_need(self, space: int, seat: int) -> int:
        return bid_need(self, space, seat)

    # ================================================================== scores
    def tile_achievers(self, tile_index: int) -> list[int]:
        return scoring_steps.tile_achievers(self, tile_index)

    def final_points(self, seat: int) -> dict[str, int]:
        return scoring_steps.final_points(self, seat)

    def breakdown(self) -> list[dict[str, int]]:
        return [dict(b.pts) for b in self.boards]

    def winners(self) -> list[int]:
        """Most points; ties to most coins, then to the earlier seat of the last turn order."""
        if not self.over:
            return []
        scores = self.scores()
        key = {s: (scores[s], self.boards[s].coins, -self.order.index(s)) for s in range(self.players)}
        best = max(key.values())
        return [s for s in range(self.players) if key[s] == best]

    def is_over(self) -> bool:
        return self.over

    def projected_scores(self) -> list[int]:
        """Points so far plus what final scoring would add if the game ended now."""
        if self.over:
            return self.scores()
        return [sum(b.pts.values()) + sum(self.final_points(s).values()) for s, b in enumerate(self.boards)]

    def evaluate(self, seat: int) -> float:
        """Heuristic for one-ply agents: projected score lead over the best rival, coins as a small tie-break."""
        proj = self.projected_scores()
        rival = max(v for s, v in enumerate(proj) if s != seat)
        return proj[seat] - rival + 0.01 * self.boards[seat].coins

    def round_number(self) -> int:
        return self.round

    def opening_order(self) -> list[int]:
        """The turn order of the overview cards dealt at set-up, the starting player first (asked
        before the first action: Set Turn Order changes it from round 1's Preparation on). The first
        decisions, the starting bonus tiles, go in reverse turn order (Set Up › Player Boards, 5)."""
        return list(self.order)

    def holdings(self, seat: int) -> list[str]:
        """The cards placed on the seat's ship lanes, by name."""
        return [name for name, k in sorted(self.boards[seat].names.items()) for _ in range(k)]

    # ================================================================== observation, hidden information
    def secret_round(self) -> Hashable | None:
        """A pass of the dice draft (core State.secret_round): the seats pick at the same time, and the
        picks are revealed together once all have picked (Preparation Phase › Draft Dice)."""
        return ("draft", self.round, self.draft_pass) if self.stage == "draft" and not self.over else None

    def decision_known(self) -> str:
        """Every decision's choices are public but a direct buy from the two cards drawn, which only the
        seat buying sees: then everyone knows who decides, not among what."""
        top = self.pending[-1] if self.pending and not self.over else None
        return "seat" if top is not None and top.kind == "pick" and self.drawn else "choices"

    def observation(self, seat: int) -> dict:
        seat = self.check_seat(seat)
        n = self.players
        obs = {
            "seat": seat, "round": self.round, "period": self.period, "stage": self.stage,
            "to_act": self.current_player, "order": list(self.order),
            "decision": self.pending[-1].kind if self.pending and not self.over else None,
            "deck_sizes": [len(self.decks[1]), len(self.decks[2])],
            "spaces": list(self.spaces), "bids": [[list(x) for x in sp] for sp in self.bids],
            "display": list(self.display), "discard": sorted(self.discard),
            "tiles": [self.data.tiles[t].name for t in self.tiles],
            "bonus_left": list(self.bonus_left),
            "boards": [],
            "drawn": list(self.drawn) if self.pending and self.pending[-1].seat == seat
            and self.pending[-1].kind == "pick" else [],
            "drawn_count": len(self.drawn),
        }
        for s in range(n):
            b = self.boards[s]
            dice = list(b.dice)
            obs["boards"].append({
                "coins": b.coins, "fuel": b.fuel, "goods": b.goods, "fish": b.fish,
                "interference": b.interference, "harbours": b.harbours, "dice": sorted(dice),
                "lanes": [self.lane_cards(s, lane) for lane in range(b.harbours)],
                "ships": sorted(b.ships),
                "ship_starts": [start for _, start in sorted(zip(b.ships, ship_lanes.ship_starts(b)))], "hub_dice": sorted(b.hub_dice.items()),
                "card_dice": sorted(b.card_dice.items()), "cargo": list(b.cargo), "points": dict(b.pts),
            })
        obs.update(decision_view.open_decision(self))      # how far the open decision has gone
        if self.stage == "draft":
            # picks of this pass stay hidden until every seat has picked: show pools as they were
            obs["pools"] = [sorted(self.pools[s]) for s in range(n)]
            obs["my_pick"] = self.picks[seat]
        return obs

    def _determinize(self, seat: int, rng: Rng) -> "GameState":
        """A copy where what `seat` cannot see is re-sampled: deck order, other seats' drawn cards,
        their draft picks of the current pass, and the future: the copy's own generator is re-seeded
        from `rng`, so its dice and rerolls are not the real game's."""
        s = super()._determinize(seat, rng)
        # hidden cards are dealt from sorted decks: the copy depends only on what the seat knows
        periods = [int(s.C[cid].period) for cid in s.drawn]
        unseen = bool(s.drawn) and not (s.pending and s.pending[-1].seat == seat)
        if unseen:
            for cid, period in zip(s.drawn, periods):
                s.decks[period].append(cid)
        s.decks[1].sort()
        s.decks[2].sort()
        rng.shuffle(s.decks[1])
        rng.shuffle(s.decks[2])
        if unseen:
            s.drawn = [s.decks[period].pop() for period in periods]
        if s.stage == "draft":
            for j in range(s.players):
                if j != seat and s.picks[j]:
                    s.picks[j] = rng.choice(s.pools[j])
        return s

    # ================================================================== clone, invariants
    def clone(self) -> "GameState":
        """A fast structural copy. Pending decisions, bid lists, options and the card table are shared:
        the engine replaces them rather than mutating them in place. A board is copied as its dict
        alone (nothing of a board is changed in place, see player_boards.Board), here rather than
        through Board.copy to save a call per board."""
        new = _new(GameState)
        d = self.__dict__.copy()
        d["rng"] = self.rng.copy()
        d["log"] = self.log.copy()           # copies share the chain of events
        d["pending"] = self.pending.copy()
        d["_legal"] = None
        boards = []
        for b in self.boards:
            nb = _new(Board)
            nb.__dict__ = b.__dict__.copy()
            boards.append(nb)
        d["boards"] = boards
        decks = self.decks
        d["decks"] = [decks[0], decks[1].copy(), decks[2].copy()]
        d["box"] = self.box.copy()
        d["display"] = self.display.copy()
        d["drawn"] = self.drawn.copy()
        d["spaces"] = self.spaces.copy()
        d["bids"] = self.bids.copy()
        d["discard"] = self.discard.copy()
        d["picks"] = self.picks.copy()
        d["order"] = self.order.copy()
        # bonus_left, pools, res_queue and action_start_dice are tuples, replaced on change: shared
        new.__dict__ = d
        return new

    def card_places(self) -> dict[int, list[str]]:
        """Where every card is (deck, box, display, drawn, bidding space, being placed, a lane)."""
        where: dict[int, list[str]] = {c.id: [] for c in self.data.cards}
        for label, lst in (("deck 1", self.decks[1]), ("deck 2", self.decks[2]), ("box", self.box),
                           ("display", self.display), ("drawn", self.drawn)):
            for cid in lst:
                where.setdefault(cid, []).append(label)
        for i, cid in enumerate(self.spaces):
            if cid:
                where.setdefault(cid, []).append(f"space {i + 1}")
        for p in self.pending:
            if p.kind == "place":
                where.setdefault(p.data[0], []).append("being placed")
        for s, b in enumerate(self.boards):
            for k, cid in enumerate(b.lanes):
                if cid:
                    where.setdefault(cid, []).append(f"{player(s)} lane {k // SLOTS + 1}")
        return where

    def check_invariants(self) -> None:
        """Fish <= 8, fuel+goods <= 8, nothing negative, harbours 1..5, lanes only behind harbours, ships
        per lane <= harbours, six dice per player, every card in exactly one place."""
        ids = self.decks[1] + self.decks[2] + self.box + self.display + self.drawn
        ids += [c for c in self.spaces if c]
        ids += [p.data[0] for p in self.pending if p.kind == "place"]
        for s, b in enumerate(self.boards):
            assert 0 <= b.fish <= sc.FISH_LIMIT, f"{player(s)} fish {b.fish}: the freezer holds at most 8"
            assert b.fuel + b.goods <= sc.CABIN_LIMIT, f"{player(s)} cabin {b.cabin}: at most 8 fuel and goods"
            assert min(b.coins, b.fuel, b.goods, b.interference) >= 0, f"{player(s)} has a negative resource"
            h = b.harbours
            assert 1 <= h <= sc.MAX_HARBOURS, f"{player(s)} has {h} harbours (1..5)"
            lanes = b.lanes
            assert not any(lanes[h * SLOTS:]), f"{player(s)} has cards in a lane without a harbour"
            if len(b.ships) > h:
                per = [0] * MAX_LANES
                for x in b.ships:
                    per[x // LANE_SHIFT] += 1
                assert max(per) <= h, f"{player(s)} has {max(per)} ships in one lane but {h} harbours"
            assert all(x // LANE_SHIFT < h for x in b.ships), f"{player(s)} has a ship in a lane without a harbour"
            assert all(0 <= start <= (x % LANE_SHIFT) // POSITIONS_PER_EDGE
                       for x, start in zip(b.ships, ship_lanes.ship_starts(b))), \
                f"{player(s)} has a ship behind the place it started from"
            if any(b.cargo):
                for k, n in enumerate(b.cargo):
                    if n:
                        assert lanes[k] and n <= len(self.C[lanes[k]].cargo), f"{player(s)} cargo on lane {k // SLOTS + 1}, slot {k % SLOTS + 1} is wrong"
            ids += [c for c in lanes if c]
            assert all(1 <= v <= 6 for v in b.dice), f"{player(s)} has a die that is not 1..6"
        ids.sort()
        if ids != self._all_ids:
            bad = {cid: w for cid, w in self.card_places().items() if len(w) != 1}
            raise AssertionError(f"every card must be in exactly one place: {bad}")
        if self.stage in ("draft", "income", "rewards", "post_office", "action", "park_bids"):
            dice = (sum(len(b.dice) + len(b.hub_dice) + len(b.card_dice) for b in self.boards)
                    + len(self.discard) + sum(len(x) for sp in self.bids for x in sp))
            if self.stage == "draft":
                dice += sum(len(p) for p in self.pools)
            assert dice == DICE * self.players, f"{dice} dice in play, not six per player"
        assert self.main != 2 or self.bid_space >= 0, "a turn that is bidding bids on a space"
        if self.stage == "bonus":
            asked = sum(1 for p in self.pending if p.kind == "bonus")
            assert asked <= 1 and len(self.bonus_left) == len(self.data.bonus) - self.idx + asked, \
                "one starting bonus tile taken by each seat asked so far"
        wins = [p.data for p in self.pending if p.kind == "win"]
        assert not wins or (wins == [self.res_i] and self.spaces[self.res_i] and self.res_done), \
            f"one card won at a time, the one being resolved: space {self.res_i + 1}, not {wins}"
        if self.action_start_dice:
            assert all(n == DICE for n in self.action_start_dice), (
                f"dice at the start of the action phase {self.action_start_dice}: six per player expected")
