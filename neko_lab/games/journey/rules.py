"""A Pleasant Journey to Neko — the rules engine (game key ``journey``, 2 to 4 players).

The code follows the rulebook's order: set-up, then four rounds of Morning Market, Preparation (draft
dice, obtain income, get rewards, set turn order) and the Action Phase, each round closed by resolving
the bids and preparing the next round; mid-game scoring after rounds 2 and 4; the last spending of fuel
and goods; final scoring. Every step is a method named after it and every event cites its section.

Lane structure (the public attributes the graph model and boards build on)
---------------------------------------------------------------------------
``state.boards[seat]`` is a :class:`Board`:

* ``harbours`` — number of opened harbours = number of usable ship lanes (lanes ``0 .. harbours-1``).
* ``lanes`` — a flat list of 25 card ids, ``lanes[lane * 5 + slot]`` (0 = empty slot); ``slot`` 0 is next
  to the harbour. ``state.card(cid)`` gives the :class:`~neko_lab.games.journey.data.Card`.
* ``ships`` — one int per ship, ``lane * 32 + pos``. A position ``pos = 4 * edge + j``: ``edge`` 0..5 is the
  boundary left of slot ``edge`` (edge 0 is the harbour / the first card's left half-hub, edge 5 the right
  end of slot 4); ``j`` = 1..3 is the j-th internal hub of the port in slot ``edge``. ``pos // 4`` is the
  number of cards that ship has completely crossed.
* ``hub_dice`` — ``{lane * 32 + pos: die value}`` dice standing on hubs this round.
* ``card_dice`` — ``{lane * 5 + slot: die value}`` dice on card activation spaces this round.
* ``cargo`` — ``cargo[lane * 5 + slot]`` goods already placed on that port.

Helpers: ``state.lane_cards(seat, lane)`` (the 5 slots), ``state.lane_hubs(seat, lane)`` (every complete
hub as a :class:`Hub`: lane, pos, multiplier, item, left/right card ids, die, ships),
``state.board_hubs(seat)`` (all complete hubs as (key, lane, pos, multiplier, item), cached),
``state.gap_cost(seat, lane, slot)`` (coins for the empty slots before a slot), ``state.crossed(seat)``
(cards crossed per ship), ``state.final_points(seat)`` / ``state.projected_scores()``,
``state.card_places()`` (where each card is),
``state.lane_path(seat, lane)`` (the positions a ship can occupy, in order), ``state.hub_at(seat, lane,
pos)`` ((multiplier, item) or None for a half-hub), ``state.next_position(seat, lane, pos)``.
A hub between two neighbouring cards takes its multiplier from the right card's left half-hub and its
item from the left card's right half-hub; a port's internal hubs are printed on the port.

Termination
-----------
Every free action spends something that only finite events replenish (fish, fuel, coins, a per-round
tile or card use), so random play always reaches the end. The one loop the rulebook allows — Seaside
Trader's 3 coins → 1 fuel with Seaside Merchant's 1 fuel → 4 coins — is capped by the option
``exchange_limit`` (default 8 uses of each exchange per round).

Decisions
---------
Everything is a decision of ``current_player`` taken from a pending stack, so each legal-action list
answers one small question. In the Action Phase a turn is the pending "turn": its legal actions are the
main action(s) still open and the free actions a–h plus card powers; ``end`` closes the turn once a main
action is done (and a bid meets the dice-count rule). The draft is asked seat by seat; until everyone
has picked in a pass, ``observation()`` hides the other seats' picks of that pass.
"""
from __future__ import annotations

from typing import Any, NamedTuple, Sequence

from neko_lab.core import Pending, State, register, serializable
from neko_lab.core.rng import Rng

from . import data as jdata
from . import scoring as sc
from .data import Card, JourneyData

# ------------------------------------------------------------------ facts
GAME_RULES = "Journey"
R_SETUP = "Journey › Set Up"
R_COURSE = "Journey › Course of the Game"
R_MARKET = "Journey › Morning Market Phase"
R_DRAFT = "Journey › Preparation › Draft Dice"
R_INCOME = "Journey › Preparation › Obtain Income"
R_REWARDS = "Journey › Preparation › Get Rewards"
R_ORDER = "Journey › Preparation › Set Turn Order"
R_ACTION = "Journey › Action Phase"
R_FISH = "Journey › Action Phase › Take Fish"
R_BID = "Journey › Action Phase › Bid a Card"
R_ACTIVATE = "Journey › Action Phase › Activate a Hub or a Card Effect"
R_FREE = "Journey › Free Actions"
R_CATCH = "Journey › Free Actions › Catch a Fish"
R_RESOLVE = "Journey › End of a Round › Resolve Bidding"
R_PLACE = "Journey › End of a Round › Place a card into your ship lane"
R_PREPARE = "Journey › End of a Round › Prepare for next round"
R_MIDGAME = "Journey › Mid-Game Scoring"
R_GAME_END = "Journey › Game End"
R_FINAL = "Journey › Final Scoring"
R_ADVANCED = "Journey › Advanced Game"
R_CARDS = "Journey › Card Reference Guide"

CARDS_REVEALED = {2: 5, 3: 7, 4: 9}
START_COINS, START_FUEL, START_HARBOURS = 8, 2, 1      # Set Up › Player Boards (plus one ship, six dice)
ADVANCED_SPACES = 3
ROUNDS = 4
DICE = 6
SLOTS = 5
MAX_LANES = 5
LANE_SHIFT = 32           # ships / hub dice are keyed lane * 32 + pos
SHIP_SUPPLY = 24
HARBOUR_SUPPLY = 20
CHURCH_DICE = 2
POSITIONS_PER_EDGE = 4
EXCHANGES = (  # Seaside Town exchanges: (pay item, pay amount, get item, get amount)
    ("coins", 3, "fuel", 1), ("fuel", 3, "good", 1), ("fuel", 1, "coins", 4), ("good", 1, "pp", 2))
SELL_ITEMS = ("coins", "fuel", "good")
CATEGORIES = ("midgame_tiles", "ship_travel", "seaside_points", "harbours", "cards", "endgame_icons",
              "goods", "interference")
ACTIVATION = {  # card name -> die faces that activate its space during the Action Phase
    "Ocean Bank Variant": (1, 2, 3), "Fuel Platform Variant": (4, 5, 6),
    "Research Station": (4, 5, 6), "Neko Harbour": (5, 6), "Seaside Town (Trader)": (1, 2, 3),
    "Seaside Town (Merchant)": (4, 5, 6), "Seaside Town (Lottery)": (1, 2, 3, 4, 5, 6),
    "Advanced Seaside Town": (1, 2, 3, 4, 5, 6), "Harbour City": (1, 2, 3),
}


# ------------------------------------------------------------------ public helpers
def harbour_cost(nth: int, die: int | None = None) -> int:
    """Coins to open the `nth` harbour (2nd..5th: 5/10/15/20); a Harbour City die divides, rounding up."""
    base = sc.HARBOUR_STEP * (nth - 1)
    if die:
        return -(-base // die)
    return base


def ship_cost(nth: int) -> int:
    """Coins for the `nth` ship (2nd: 3, 3rd: 5, 4th: 7, ...)."""
    return 2 * nth - 1


def next_turn_order(dice_totals: Sequence[int], previous_order: Sequence[int]) -> list[int]:
    """Set Turn Order: highest dice total first; ties keep the earlier seat of the previous order."""
    rank = {seat: i for i, seat in enumerate(previous_order)}
    return sorted(previous_order, key=lambda seat: (-dice_totals[seat], rank[seat]))


def bid_winner(bids: Sequence[Any], turn_order: Sequence[int]) -> int | None:
    """Resolve Bidding: the seat with the highest dice total on a card, ties to the earlier turn order.

    `bids[seat]` is that seat's list of dice (empty = no bid) or an int total (0 = no bid)."""
    best, winner = -1, None
    for seat in turn_order:
        b = bids[seat]
        if isinstance(b, int):
            total, placed = b, b > 0
        else:
            total, placed = sum(b), len(b) > 0
        if placed and total > best:
            best, winner = total, seat
    return winner


def catch_fish_bonus(placing: str, hub_has_die: bool, ships_on_hub: int) -> int:
    """The extra fish of the four catch-a-fish cases: `placing` is "ship" (a ship moves in) or "die"."""
    if placing == "ship":
        return 1 if hub_has_die and ships_on_hub == 0 else 0
    if placing == "die":
        return 1 if ships_on_hub > 0 else 0
    raise ValueError(f"placing must be 'ship' or 'die', not {placing!r}")


def reward_options(lowest_die: int, chart: Sequence[str] | None = None) -> list[str]:
    """Get Rewards: the rewards a player whose lowest die is `lowest_die` may choose from (that face or higher)."""
    if chart is None:
        chart = jdata.load_cached(None).rewards
    return [chart[f - 1] for f in range(max(1, lowest_die), 7)]


def _wrap(v: int) -> int:
    return (v - 1) % 6 + 1


# ------------------------------------------------------------------ plain data
@serializable
class Act(NamedTuple):
    """An action: a kind and up to three small ints (meaning depends on the kind, see __str__)."""
    kind: str
    a: int = 0
    b: int = 0
    c: int = 0

    def __str__(self) -> str:
        k, a, b, c = self
        if k == "sell":
            item = SELL_ITEMS[a] if 0 <= a < len(SELL_ITEMS) else "?"
            return f"sell a fish for {sc.MARKET_RATES.get(item, 0)} {item}"
        if k == "exchange":
            return "exchange {1} {0} for {3} {2}".format(*EXCHANGES[a]) if 0 <= a < 4 else "exchange"
        if k in ("adjust", "tile_adjust"):
            how = "spend a fuel to turn" if k == "adjust" else "use the +/-1 tile to turn"
            return f"{how} a {a} into a {_wrap(a + b)}"
        if k == "take_die":
            return f"take a discarded {a} ({'Penguin Park' if b else 'fish'})"
        if k == "city":
            return "take 5 coins" if a == 0 else "take 2 fuel"
        return _ACT_TEXT.get(k, k).format(a=a, b=b, c=c)


_ACT_TEXT = {
    "bonus": "take starting bonus tile {a}", "done": "done", "draft": "draft a {a}",
    "income": "discard a {a} for income", "reward": "dice reward of face {a}", "pick": "buy card #{a}",
    "decline": "decline", "place": "place the card in lane {a}, slot {b}", "fish": "take a fish with a {a}",
    "bid": "bid on space {a}", "bid_die": "bid a {a}", "new_bid": "start a new bid on card #{a}",
    "hub": "activate hub {b} of lane {a}", "card": "activate the card in lane {a}, slot {b} with a {c}",
    "end": "end turn", "fish_coins": "spend a fish for 2 coins", "fish_fuel": "spend a fish for 1 fuel",
    "unjam": "pay 5 coins to remove an interference tile", "hospital": "remove an interference tile (Hospital)",
    "ship": "buy a ship for lane {a}", "harbour": "open a harbour", "tile_reroll": "use the reroll tile on a {a}",
    "move": "move the ship at {b} in lane {a}", "cargo": "load a good onto the port in lane {a}, slot {b}",
    "lighthouse": "Light House on hub {b} of lane {a}", "neko": "Neko Harbour: {a} fuel, the rest coins",
    "church": "Church: a losing die onto hub {b} of lane {a}", "keep_fish": "take fish",
    "park_bid": "place a discarded {b} as a bid on space {a}", "pass": "pass",
    "lottery": "Lottery reward of face {a}",
}


# Interned actions: legal-action lists are rebuilt after every move, so the common ones are made once.
_FISH = tuple(Act("fish", v) for v in range(7))
_BID_DIE = tuple(Act("bid_die", v) for v in range(7))
_BID = tuple(Act("bid", i) for i in range(16))
_HUB = {lane * 32 + pos: Act("hub", lane, pos) for lane in range(5) for pos in range(24)}
_SHIP = tuple(Act("ship", lane) for lane in range(5))
_ADJUST = tuple((Act("adjust", v, 1), Act("adjust", v, -1)) for v in range(7))
_TILE_ADJUST = tuple((Act("tile_adjust", v, 1), Act("tile_adjust", v, -1)) for v in range(7))
_TILE_REROLL = tuple(Act("tile_reroll", v) for v in range(7))
_TAKE_DIE = tuple((Act("take_die", v, 0), Act("take_die", v, 1)) for v in range(7))
_MOVE = {lane * 32 + pos: Act("move", lane, pos) for lane in range(5) for pos in range(24)}
_EXCHANGE = tuple(Act("exchange", k) for k in range(4))
_END, _FISH_COINS, _FISH_FUEL = Act("end"), Act("fish_coins"), Act("fish_fuel")
_UNJAM, _HOSPITAL, _HARBOUR = Act("unjam"), Act("hospital"), Act("harbour")


@serializable
class Hub(NamedTuple):
    lane: int
    pos: int
    multiplier: int
    item: str
    left_card: int      # card id on the left (for an internal hub: the port itself)
    right_card: int
    die: int            # 0 = no die this round
    ships: int


@serializable
class Board:
    """One player's board, cabin, freezer and ship lanes (see the module docstring)."""
    # a plain __dict__ (not __slots__): copying one dict is what makes clone() fast
    FIELDS = ("coins", "fuel", "goods", "fish", "interference", "harbours", "dice", "lanes", "ships",
              "hub_dice", "card_dice", "cargo", "names", "types", "pts", "tile_adjust", "tile_reroll",
              "park_takes", "lighthouse", "hospital_used", "harbour_div", "exchange_on", "exchange_used",
              "church_left")

    def __init__(self) -> None:
        self.coins = START_COINS
        self.fuel = START_FUEL
        self.goods = 0
        self.fish = 0
        self.interference = 0
        self.harbours = START_HARBOURS
        self.lanes: list[int] = [0] * (SLOTS * MAX_LANES)
        self.ships: list[int] = [0]
        self.cargo: list[int] = [0] * (SLOTS * MAX_LANES)
        self.names: dict[str, int] = {}
        self.types: dict[str, int] = {}
        self.pts: dict[str, int] = {c: 0 for c in CATEGORIES}
        self.new_round()      # dice, dice on hubs and cards, once-per-round powers
        self.hub_cache: tuple | None = None

    def new_round(self) -> None:
        """Prepare for next round: no dice out, and every once-per-round power ready again."""
        self.dice: list[int] = []
        self.hub_dice: dict[int, int] = {}
        self.card_dice: dict[int, int] = {}
        sets, takes = sc.penguin_park_powers(self.types.get("penguin_park", 0))
        self.tile_adjust = self.tile_reroll = sets
        self.park_takes = takes
        self.lighthouse = -1
        self.hospital_used = False
        self.harbour_div = 0
        self.exchange_on = [False, False, False, False]
        self.exchange_used = [0, 0, 0, 0]
        self.church_left = CHURCH_DICE

    def copy(self) -> "Board":
        # one dict copy, then fresh containers for the mutable parts (names, types, exchange_* and
        # hub_cache are replaced, never mutated, so copies share them)
        n = object.__new__(Board)
        d = self.__dict__.copy()
        d["dice"] = self.dice[:]
        d["lanes"] = self.lanes[:]
        d["ships"] = self.ships[:]
        d["hub_dice"] = self.hub_dice.copy()
        d["card_dice"] = self.card_dice.copy()
        d["cargo"] = self.cargo[:]
        d["pts"] = self.pts.copy()
        n.__dict__ = d
        return n

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and all(getattr(self, s) == getattr(other, s) for s in self.FIELDS)

    @property
    def cabin(self) -> int:
        return self.fuel + self.goods

    def cards(self) -> list[int]:
        return [c for c in self.lanes if c]


# ------------------------------------------------------------------ the state
@register
class GameState(State):
    GAME = "journey"
    TITLE = "A Pleasant Journey to Neko"
    MIN_PLAYERS, MAX_PLAYERS, DEFAULT_PLAYERS = 2, 4, 3
    OPTIONS = {"advanced_cards": False, "advanced_setup": False, "exchange_limit": 8,
               "blue_bar_on_direct_buys": False}
    AGENTS = {"journey": "neko_lab.games.journey.agents:JourneyAgent"}
    OPTION_HELP = {
        "advanced_cards": "three advanced cards on the board, resolved first; free bidding spaces can start new bids",
        "advanced_setup": "every period card on display in sorted piles; bids start from the display",
        "exchange_limit": "how often each Seaside Town exchange may be used per round (None = no limit; "
                          "the rulebook sets none, but two Seaside Towns together make an endless coin loop)",
        "blue_bar_on_direct_buys": "Blue Bars also discount cards bought without bidding (dice reward, "
                                   "Post Office, Lottery); by default they only discount cards won in bids",
    }
    RULES = {
        R_SETUP: "boards, 2 fuel, 1 harbour, 1 ship, 6 dice, 8 coins; cards revealed; scoring tiles; bonus tiles",
        R_COURSE: "two periods of two rounds; three phases per round",
        R_MARKET: "sell fish for 4 coins, 2 fuel or 1 good",
        R_DRAFT: "roll six, keep one, pass the rest to the left",
        R_INCOME: "discard a die for coins; Ocean Banks, Fuel Platforms, Southernmost City",
        R_REWARDS: "one reward from the chart at the lowest die's face or higher",
        R_ORDER: "highest dice total starts and takes an interference tile",
        R_ACTION: "take turns until everyone's dice are spent",
        R_FISH: "dice to the discard area for a fish each",
        R_BID: "dice onto one card; the dice-count rule",
        R_ACTIVATE: "a die that meets a hub or card",
        R_FREE: "free actions a-h",
        R_CATCH: "extra fish when a die and a ship meet on a hub",
        R_RESOLVE: "bids resolved left to right; winner buys or declines; losers fish",
        R_PLACE: "cards placed with the gap cost; lightning effects",
        R_PREPARE: "dice back, new cards",
        R_MIDGAME: "two scoring tiles and ship travel after rounds 2 and 4",
        R_GAME_END: "last spending of fuel and goods",
        R_FINAL: "harbours, cards passed, end-game icons, goods, interference",
        R_ADVANCED: "advanced cards and advanced setup",
        R_CARDS: "card effects",
    }
    HIDDEN_INFORMATION = True

    # ================================================================== set up
    def check_options(self) -> None:
        from neko_lab.core import ConfigError
        for name in ("advanced_cards", "advanced_setup", "blue_bar_on_direct_buys"):
            if not isinstance(self.options[name], bool):
                raise ConfigError(f"option {name} must be True or False, not {self.options[name]!r}")
        limit = self.options["exchange_limit"]
        if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool) or limit < 0):
            raise ConfigError(f"option exchange_limit must be None or a whole number >= 0, not {limit!r}")

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
        self.decks: list[list[int]] = [[], [], []]
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
        self.new_bids = bool(self.options["advanced_cards"] or self.options["advanced_setup"])
        spaces = self.n_adv + CARDS_REVEALED[n]
        self.spaces: list[int] = [0] * spaces
        self.bids: list[list[list[int]]] = [[[] for _ in range(n)] for _ in range(spaces)]
        if self.n_adv:
            self.rng.shuffle(advanced)
            for i in range(self.n_adv):
                self.spaces[i] = advanced.pop()
            self.emit("three advanced cards go on the board", R_ADVANCED)
        self.box.extend(advanced)
        self.round = 1
        self.period = 1
        self._reveal_cards()
        tiles = list(range(len(data.tiles)))
        self.rng.shuffle(tiles)
        self.tiles: list[int] = tiles[:4]
        self.emit("mid-game scoring tiles: " + ", ".join(data.tiles[t].name for t in self.tiles), R_SETUP)
        self.boards: list[Board] = [Board() for _ in range(n)]
        self.order: list[int] = list(range(n))
        self.rng.shuffle(self.order)
        self.emit(f"turn order {self.order}", R_SETUP)
        self.discard: list[int] = []
        self.pools: list[list[int]] = [[] for _ in range(n)]
        self.picks: list[int] = [0] * n
        self.draft_pass = 0
        self.bonus_left: list[int] = list(range(len(data.bonus)))
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
        self.res_queue: list[list[int]] = []
        self.over = False
        self.action_start_dice: list[int] = []
        self._advance()

    def _repr_html_(self) -> str:
        """The table as a picture in a notebook (drawn by render.py)."""
        try:
            from .render import html
        except ImportError:
            return super()._repr_html_()
        return html(self)

    # ================================================================== saving
    _DERIVED = ("C", "_all_ids")     # rebuilt from `data` on load, so saves stay small

    def _index_cards(self) -> None:
        top = max(c.id for c in self.data.cards)
        table: list[Card | None] = [None] * (top + 1)
        for c in self.data.cards:
            table[c.id] = c
        self.C = tuple(table)
        self._all_ids = sorted(c.id for c in self.data.cards)

    def to_json(self) -> str:
        saved = {k: self.__dict__.pop(k) for k in self._DERIVED}
        try:
            return super().to_json()
        finally:
            self.__dict__.update(saved)

    @classmethod
    def _from_body(cls, body: dict) -> "GameState":
        obj = super()._from_body(body)
        obj._index_cards()
        return obj

    # ================================================================== helpers on cards and lanes
    def card(self, cid: int) -> Card:
        return self.C[cid]

    def lane_cards(self, seat: int, lane: int) -> list[int]:
        return self.boards[seat].lanes[lane * SLOTS:(lane + 1) * SLOTS]

    def hub_at(self, seat: int, lane: int, pos: int) -> tuple[int, str] | None:
        return self._hub(self.boards[seat].lanes, lane, pos)

    def _hub(self, lanes: list[int], lane: int, pos: int) -> tuple[int, str] | None:
        edge, j = divmod(pos, POSITIONS_PER_EDGE)
        base = lane * SLOTS
        if j:
            return self.C[lanes[base + edge]].hubs[j - 1]
        if edge == 0 or edge == SLOTS:
            return None
        left, right = lanes[base + edge - 1], lanes[base + edge]
        if left and right:
            return self.C[right].left, self.C[left].right
        return None

    def next_position(self, seat: int, lane: int, pos: int) -> int | None:
        return self._next(self.boards[seat].lanes, lane, pos)

    def _next(self, lanes: list[int], lane: int, pos: int) -> int | None:
        edge, j = divmod(pos, POSITIONS_PER_EDGE)
        if edge >= SLOTS:
            return None
        cid = lanes[lane * SLOTS + edge]
        if not cid:
            return None
        if j < len(self.C[cid].hubs):
            return pos + 1
        return POSITIONS_PER_EDGE * (edge + 1)

    def lane_path(self, seat: int, lane: int) -> list[int]:
        """Positions a ship of this lane can reach from the harbour, in order (stops at a gap)."""
        path, pos = [0], 0
        lanes = self.boards[seat].lanes
        while True:
            pos = self._next(lanes, lane, pos)
            if pos is None:
                return path
            path.append(pos)

    def _hub_positions(self, lanes: list[int], lane: int) -> list[int]:
        out = []
        base = lane * SLOTS
        for s in range(SLOTS):
            cid = lanes[base + s]
            if not cid:
                continue
            if s > 0 and lanes[base + s - 1]:
                out.append(POSITIONS_PER_EDGE * s)
            for j in range(len(self.C[cid].hubs)):
                out.append(POSITIONS_PER_EDGE * s + j + 1)
        return out

    def lane_hubs(self, seat: int, lane: int) -> list[Hub]:
        """Every complete hub of a lane with its multiplier, item, die and ships this round."""
        b = self.boards[seat]
        out = []
        for pos in self._hub_positions(b.lanes, lane):
            mult, item = self._hub(b.lanes, lane, pos)
            edge, j = divmod(pos, POSITIONS_PER_EDGE)
            if j:
                left = right = b.lanes[lane * SLOTS + edge]
            else:
                left, right = b.lanes[lane * SLOTS + edge - 1], b.lanes[lane * SLOTS + edge]
            key = lane * LANE_SHIFT + pos
            out.append(Hub(lane, pos, mult, item, left, right, b.hub_dice.get(key, 0), b.ships.count(key)))
        return out

    def hub_count(self, seat: int) -> int:
        b = self.boards[seat]
        return sum(len(self._hub_positions(b.lanes, l)) for l in range(b.harbours))

    def ships_in_lane(self, seat: int, lane: int) -> list[int]:
        return sorted(s % LANE_SHIFT for s in self.boards[seat].ships if s // LANE_SHIFT == lane)

    def crossed(self, seat: int) -> list[int]:
        """Cards completely crossed by each ship of `seat`."""
        return [(s % LANE_SHIFT) // POSITIONS_PER_EDGE for s in self.boards[seat].ships]

    # ================================================================== gains
    def _gain(self, seat: int, item: str, n: int, rule: str, why: str = "") -> None:
        b = self.boards[seat]
        if n <= 0:
            return
        lost = 0
        if item == "coins":
            b.coins += n
        elif item == "fish":
            got = min(n, sc.FISH_LIMIT - b.fish)
            b.fish += got
            lost = n - got
        elif item in ("fuel", "good"):
            got = min(n, sc.CABIN_LIMIT - b.cabin)
            if item == "fuel":
                b.fuel += got
            else:
                b.goods += got
            lost = n - got
        elif item == "pp":
            b.pts["seaside_points"] += n
        text = f"gains {n} {item}" + (f" ({why})" if why else "")
        if lost:
            text += f", {lost} over the limit go back to the supply"
        self.emit(text, rule, seat, item=item, amount=n - lost)

    def _remove_interference(self, seat: int, n: int, rule: str) -> None:
        b = self.boards[seat]
        k = min(n, b.interference)
        b.interference -= k
        if k:
            self.emit(f"removes {k} interference tile(s)", rule, seat)

    def _count(self, seat: int, ctype: str) -> int:
        return self.boards[seat].types.get(ctype, 0)

    def _has(self, seat: int, name: str) -> int:
        return self.boards[seat].names.get(name, 0)

    # ================================================================== the stage machine
    def _advance(self) -> None:
        """Run automatic steps until some seat has to decide (or the game is over)."""
        while not self.pending and not self.over:
            getattr(self, "_stage_" + self.stage)()

    def _ask_next_seat(self, kind: str, reverse: bool = False) -> bool:
        """Ask the next seat in turn order (or reverse turn order) for a `kind` decision; False once
        every seat has been asked in this step (self.idx counts the seats asked)."""
        if self.idx >= self.players:
            return False
        seat = self.order[self.players - 1 - self.idx if reverse else self.idx]
        self.idx += 1
        self.pending.append(Pending(kind, seat))
        return True

    def _stage_bonus(self) -> None:
        """Set Up 5: starting bonus tiles chosen in reverse turn order."""
        if not self._ask_next_seat("bonus", reverse=True):
            self._start_round()

    def _start_round(self) -> None:
        self.emit(f"round {self.round} begins (period {self.period})", R_COURSE)
        self.stage, self.idx = "market", 0
        if not any(b.fish for b in self.boards):
            self.emit("nobody has fish: the Morning Market is skipped", R_MARKET)
            self._start_draft()

    def _stage_market(self) -> None:
        """Morning Market: in turn order, each player may sell fish."""
        while self.idx < self.players:
            seat = self.order[self.idx]
            self.idx += 1
            if self.boards[seat].fish:
                self.pending.append(Pending("market", seat))
                return
        self._start_draft()

    # ---------------------------------------------------------------- preparation
    def _start_draft(self) -> None:
        """Draft Dice: everyone rolls six dice into the pool in front of them."""
        for seat in range(self.players):
            self.boards[seat].dice = []
            self.pools[seat] = sorted(self.rng.randint(1, 6) for _ in range(DICE))
        self.picks = [0] * self.players
        self.draft_pass = 0
        self.stage, self.idx = "draft", 0
        self.emit("everyone rolls six dice for the draft", R_DRAFT)

    def _stage_draft(self) -> None:
        if self.idx < self.players:
            seat = self.order[self.idx]
            self.idx += 1
            if len(self.pools[seat]) == 1:      # the last die of a pool is simply kept
                self.picks[seat] = self.pools[seat][0]
                return
            self.pending.append(Pending("draft", seat))
            return
        self._draft_pass_over()

    def _draft_pass_over(self) -> None:
        n = self.players
        for seat in range(n):
            self.pools[seat].remove(self.picks[seat])
            self.boards[seat].dice.append(self.picks[seat])
        self.emit("picks revealed: " + ", ".join(f"P{s} kept {self.picks[s]}" for s in range(n)), R_DRAFT,
                  picks=list(self.picks))
        self.pools = [self.pools[(s - 1) % n] for s in range(n)]   # pass to the left (clockwise)
        self.picks = [0] * n
        self.draft_pass += 1
        self.idx = 0
        if all(len(b.dice) == DICE for b in self.boards):
            for b in self.boards:
                b.dice.sort()
            self.pools = [[] for _ in range(n)]
            self.stage, self.idx = "income", 0

    def _stage_income(self) -> None:
        """Obtain Income: in turn order, discard a die for coins, then income cards pay."""
        if not self._ask_next_seat("income"):
            self.stage, self.idx = "rewards", 0

    def _income_cards(self, seat: int) -> None:
        ob, fp = self._count(seat, "ocean_bank"), self._count(seat, "fuel_platform")
        if ob:
            self._gain(seat, "coins", sc.ocean_bank_income(ob), R_INCOME, f"{ob} Ocean Bank(s)")
        if fp:
            self._gain(seat, "fuel", sc.fuel_platform_income(fp), R_INCOME, f"{fp} Fuel Platform(s)")
        for _ in range(self._has(seat, "Southernmost City")):
            self.pending.append(Pending("city", seat))

    def _stage_rewards(self) -> None:
        """Get Rewards: in turn order, one reward by the lowest die."""
        if not self._ask_next_seat("reward"):
            self.stage, self.idx = "post_office", 0

    def _stage_post_office(self) -> None:
        """Set Turn Order: Post Office owners may first buy a card (two drawn, 2 coins off)."""
        while self.idx < self.players:
            seat = self.order[self.idx]
            self.idx += 1
            if self._has(seat, "Post Office"):
                self.emit("uses the Post Office", R_ORDER, seat)
                self._start_direct_buy(seat, sc.POST_OFFICE_DISCOUNT, R_ORDER)
                if self.pending:
                    return
        self._set_turn_order()

    def _set_turn_order(self) -> None:
        totals = [sum(b.dice) for b in self.boards]
        self.order = next_turn_order(totals, self.order)
        first = self.order[0]
        self.boards[first].interference += 1
        self.emit(f"new turn order {self.order} by dice totals {totals}; P{first} starts and takes an "
                  "interference tile", R_ORDER, first, order=list(self.order), totals=totals)
        self._start_action_phase()

    # ---------------------------------------------------------------- action phase
    def _start_action_phase(self) -> None:
        self.stage = "action"
        # each player's six dice: those in hand plus the one discarded for income
        self.action_start_dice = [len(b.dice) + 1 for b in self.boards]
        self.turn_idx = 0
        self.turn_seat = -1
        self.emit("the Action Phase begins", R_ACTION)

    def _stage_action(self) -> None:
        n = self.players
        for k in range(n):
            i = (self.turn_idx + k) % n
            seat = self.order[i]
            if self.boards[seat].dice:
                self.turn_idx = (i + 1) % n
                self.turn_seat = seat
                self.main, self.bid_space, self.bid_placed, self.took_die = 0, -1, 0, False
                self.pending.append(Pending("turn", seat))
                return
        self.turn_seat = -1
        self.emit("every die is spent: the round ends", R_ACTION)
        self.stage, self.idx = "park_bids", 0

    # ---------------------------------------------------------------- end of round
    def _stage_park_bids(self) -> None:
        """Penguin Park Variant: before resolution each owner (turn order) may add a discarded die as a bid."""
        while self.idx < self.players:
            seat = self.order[self.idx]
            self.idx += 1
            for _ in range(self._has(seat, "Penguin Park Variant")):
                self._offer_park_bid(seat, 0)
            if self.pending:
                return
        self.stage, self.res_i, self.res_done = "resolve", 0, False

    def _offer_park_bid(self, seat: int, first_space: int) -> None:
        if self.discard and any(self.spaces[i] for i in range(first_space, len(self.spaces))):
            self.pending.append(Pending("park_bid", seat, first_space))

    def _stage_resolve(self) -> None:
        """Resolve Bidding: advanced spaces first, then the bidding area left to right."""
        while self.res_i < len(self.spaces):
            i = self.res_i
            if self.res_done:
                if self.res_queue:
                    seat, die = self.res_queue.pop(0)
                    self._loser_die(seat, die)
                    return
                self.res_i += 1
                self.res_done = False
                continue
            self.res_done = True
            cid = self.spaces[i]
            if not cid:
                continue
            bids = self.bids[i]
            winner = bid_winner(bids, self.order)
            if winner is None:
                if i >= self.n_adv:
                    self._return_card(cid)
                    self.spaces[i] = 0
                continue
            totals = [sum(x) for x in bids]
            self.emit(f"{self.C[cid]} goes to P{winner} (dice totals {totals})", R_RESOLVE, winner,
                      card=cid, totals=totals)
            self.res_queue = [[s, d] for s in self.order if s != winner for d in bids[s]]
            self.pending.append(Pending("win", winner, i))
            return
        self.stage = "prepare"

    def _loser_die(self, seat: int, die: int) -> None:
        b = self.boards[seat]
        if self._has(seat, "Church") and b.church_left > 0 and self._vacant_hubs(seat):
            self.pending.append(Pending("church", seat, die))
            return
        self._loser_fish(seat)

    def _loser_fish(self, seat: int) -> None:
        n = 2 if self._has(seat, "Fishing Spot") else 1
        self._gain(seat, "fish", n, R_RESOLVE, "a losing bid die" + (" at the Fishing Spot" if n == 2 else ""))

    def _vacant_hubs(self, seat: int) -> list[int]:
        b = self.boards[seat]
        return [l * LANE_SHIFT + p for l in range(b.harbours) for p in self._hub_positions(b.lanes, l)
                if l * LANE_SHIFT + p not in b.hub_dice]

    def _return_card(self, cid: int) -> None:
        """An unsold card goes to the bottom of its period deck (back to the display in the advanced setup)."""
        c = self.C[cid]
        if c.period == "advanced":
            return
        if self.options["advanced_setup"]:
            if int(c.period) == self.period:
                self.display.append(cid)
                self._sort_display()
            else:
                self.box.append(cid)
        else:
            self.decks[int(c.period)].insert(0, cid)

    def _stage_prepare(self) -> None:
        """Prepare for next round: dice back, tiles refreshed, new cards; mid-game scoring after a period."""
        for b in self.boards:
            b.new_round()
        self.discard = []
        for i in range(len(self.spaces)):
            self.bids[i] = [[] for _ in range(self.players)]
        self.emit("dice return to their owners", R_PREPARE)
        if self.round in (2, 4):
            self.midgame_scoring()
        if self.round == ROUNDS:
            self.stage, self.idx = "final_spend", 0
            self.emit("last chance to spend fuel and goods", R_GAME_END)
            return
        self.round += 1
        self.period = 1 if self.round <= 2 else 2
        self._reveal_cards()
        self._start_round()

    def _reveal_cards(self) -> None:
        if self.options["advanced_setup"]:
            if self.display_period != self.period:
                self.display_period = self.period
                self.box.extend(self.display)
                deck = self.decks[self.period]
                self.display = deck[:]
                deck.clear()
                self._sort_display()
                self.emit(f"every period {self.period} card goes on display", R_ADVANCED)
            return
        deck = self.decks[self.period]
        shown = []
        for i in range(self.n_adv, len(self.spaces)):
            if not self.spaces[i] and deck:
                self.spaces[i] = deck.pop()
                shown.append(str(self.C[self.spaces[i]]))
        self.emit("revealed: " + ", ".join(shown), R_PREPARE if self.round > 1 else R_SETUP)

    def _sort_display(self) -> None:
        C = self.C
        self.display.sort(key=lambda cid: (C[cid].type, C[cid].cost, C[cid].points, cid))

    def _stage_final_spend(self) -> None:
        """Game End: in turn order, a last chance to move ships and load goods."""
        if not self._ask_next_seat("final"):
            self.final_scoring()

    # ================================================================== scoring
    def measure(self, seat: int, what: str) -> int:
        b = self.boards[seat]
        if what == "card_cost":
            return max((self.C[c].cost for c in b.cards()), default=0)
        if what == "cards":
            return len(b.cards())
        if what == "ships_crossed":
            return sum(self.crossed(seat))
        if what == "ships":
            return len(b.ships)
        if what == "goods":
            return b.goods
        return getattr(b, what)

    def tile_achievers(self, tile_index: int) -> list[int]:
        """Seats that fulfil a mid-game scoring tile now (ties all score; 'most' needs at least one)."""
        t = self.data.tiles[tile_index]
        vals = [self.measure(s, t.measure) for s in range(self.players)]
        if t.kind == "most":
            best = max(vals)
            return [s for s in range(self.players) if vals[s] == best and best > 0]
        if t.kind == "least":
            low = min(vals)
            return [s for s in range(self.players) if vals[s] == low]
        return [s for s in range(self.players) if vals[s] >= t.threshold]

    def midgame_scoring(self) -> None:
        """Mid-Game Scoring: the period's two tiles, then ship travel."""
        first = 0 if self.round == 2 else 2
        for t in self.tiles[first:first + 2]:
            tile = self.data.tiles[t]
            for s in self.tile_achievers(t):
                self.boards[s].pts["midgame_tiles"] += tile.points
                self.emit(f"scores {tile.points} for '{tile.name}'", R_MIDGAME, s, tile=tile.name)
        for s in range(self.players):
            pts = sum(sc.ship_travel_points(c) for c in self.crossed(s))
            self.boards[s].pts["ship_travel"] += pts
            if pts:
                self.emit(f"scores {pts} for ship travel", R_MIDGAME, s)

    def final_points(self, seat: int) -> dict[str, int]:
        """The final-scoring categories of `seat` as they would score now."""
        b = self.boards[seat]
        reached = [0] * MAX_LANES
        for s in b.ships:
            lane, edge = s // LANE_SHIFT, (s % LANE_SHIFT) // POSITIONS_PER_EDGE
            reached[lane] = max(reached[lane], edge)
        cards = icons = 0
        counts = b.types
        for k, cid in enumerate(b.lanes):
            if not cid:
                continue
            c = self.C[cid]
            lane, slot = divmod(k, SLOTS)
            if reached[lane] > slot and (c.type != "port" or b.cargo[k] >= len(c.cargo)):
                cards += c.points
            n = c.name
            if n == "Seaside Town (Gallery)":
                icons += len(b.cards())
            elif n == "South Pole":
                icons += sc.END_GAME_ICON_RATES[n] * b.interference
            elif n == "Small Islands":
                icons += b.fish
            elif n == "Ice Wall":
                icons += sc.ice_wall_points(b.coins)
            elif n.startswith("Advanced "):
                icons += sc.END_GAME_ICON_RATES[n] * counts.get(c.type, 0)
        return {"harbours": sc.harbour_points(b.harbours), "cards": cards, "endgame_icons": icons,
                "goods": b.goods, "interference": sc.interference_points(b.interference)}

    def final_scoring(self) -> None:
        for s in range(self.players):
            pts = self.final_points(s)
            self.boards[s].pts.update(pts)
            self.emit("final scoring: " + ", ".join(f"{k} {v}" for k, v in pts.items()), R_FINAL, s, **pts)
        self.over = True
        self.stage = "over"
        self.emit(f"the game is over; winner(s): {self.winners()}", R_FINAL)

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

    # ================================================================== direct buys and placing cards
    def _start_direct_buy(self, seat: int, discount: int, rule: str) -> None:
        """Buy a card without bidding: two cards drawn from the period deck (the display when advanced)."""
        if self.options["advanced_setup"]:
            if self.display:
                self.pending.append(Pending("pick", seat, [discount, 1]))
            return
        deck = self.decks[self.period]
        for _ in range(2):
            if deck:
                self.drawn.append(deck.pop())
        if self.drawn or self._adv_unbid():
            self.emit(f"draws {len(self.drawn)} card(s) to buy from", rule, seat)
            self.pending.append(Pending("pick", seat, [discount, 0]))

    def _adv_unbid(self) -> list[int]:
        """Advanced cards on the board without any bid: open to direct buys in the advanced game."""
        return [self.spaces[i] for i in range(self.n_adv)
                if self.spaces[i] and not any(self.bids[i])]

    def _pick_options(self, seat: int, data: list) -> list[int]:
        return self.display[:] if data[1] else self.drawn + self._adv_unbid()

    def gap_cost(self, seat: int, lane: int, slot: int) -> int:
        lanes = self.boards[seat].lanes
        return sum(1 for s in range(slot) if not lanes[lane * SLOTS + s])

    def _placements(self, seat: int, price: int) -> list[Act]:
        b = self.boards[seat]
        out = []
        for lane in range(b.harbours):
            gap = 0
            for slot in range(SLOTS):
                if b.lanes[lane * SLOTS + slot]:
                    continue
                if price + gap <= b.coins:
                    out.append(Act("place", lane, slot))
                gap += 1
        return out

    def _price(self, seat: int, cid: int, discount: int) -> int:
        """Price of a card bought without bidding (Post Office: `discount` 2); never below one coin."""
        if self.options["blue_bar_on_direct_buys"]:
            discount += sc.blue_bar_discount(self._count(seat, "blue_bar"))
        return max(1, self.C[cid].cost - discount)

    def _place_card(self, seat: int, cid: int, lane: int, slot: int, price: int, rule: str) -> None:
        """Place a Card: pay price plus one coin per empty slot before it; lightning effects fire once."""
        b = self.boards[seat]
        gap = self.gap_cost(seat, lane, slot)
        b.coins -= price + gap
        b.lanes[lane * SLOTS + slot] = cid
        c = self.C[cid]
        before = b.types.get(c.type, 0)
        b.names = {**b.names, c.name: b.names.get(c.name, 0) + 1}
        b.types = {**b.types, c.type: before + 1}
        if c.type == "penguin_park":     # new tiles and discarded-die takes are usable at once
            (s0, t0), (s1, t1) = sc.penguin_park_powers(before), sc.penguin_park_powers(before + 1)
            b.tile_adjust += s1 - s0
            b.tile_reroll += s1 - s0
            b.park_takes += t1 - t0
        self.emit(f"pays {price + gap} and places {c} in lane {lane}, slot {slot}", R_PLACE, seat,
                  card=cid, lane=lane, slot=slot, paid=price + gap)
        self._lightning(seat, c)

    def _repeatable_power(self, seat: int, c: Card) -> bool:
        """The powers a card gives on arrival (lightning) and again when a die activates it; False for
        other cards (Card Reference Guide: Ocean Bank and Fuel Platform variants, Research Station,
        Neko Harbour)."""
        n = c.name
        if n == "Ocean Bank Variant":
            self._gain(seat, "coins", sc.ocean_bank_income(self._count(seat, "ocean_bank")), R_CARDS, n)
        elif n == "Fuel Platform Variant":
            self._gain(seat, "fuel", sc.fuel_platform_income(self._count(seat, "fuel_platform")), R_CARDS, n)
        elif n == "Research Station":
            self._research(seat)
        elif n == "Neko Harbour":
            self.pending.append(Pending("neko", seat, self.hub_count(seat)))
        else:
            return False
        return True

    def _lightning(self, seat: int, c: Card) -> None:
        n = c.name
        if self._repeatable_power(seat, c):
            return
        if n == "Hospital":
            self._remove_interference(seat, 2, R_CARDS)
        elif n == "Post Office":
            self._start_direct_buy(seat, sc.POST_OFFICE_DISCOUNT, R_CARDS)
        elif n == "Penguin Park Variant":
            first = self.res_i + 1 if self.stage == "resolve" else 0
            self._offer_park_bid(seat, first)

    def _research(self, seat: int) -> None:
        ob, fp = self._count(seat, "ocean_bank"), self._count(seat, "fuel_platform")
        self._gain(seat, "coins", sc.ocean_bank_income(ob), R_CARDS, "Research Station")
        self._gain(seat, "fuel", sc.fuel_platform_income(fp), R_CARDS, "Research Station")

    # ================================================================== hubs, ships, catch a fish
    def _hub_reward(self, seat: int, lane: int, pos: int, rule: str) -> None:
        b = self.boards[seat]
        mult, item = self._hub(b.lanes, lane, pos)
        n = mult * sc.ITEM_UNIT[item]
        if b.lighthouse == lane * LANE_SHIFT + pos:
            n += sc.LIGHT_HOUSE_BONUS * sc.ITEM_UNIT[item]
        self._gain(seat, item, n, rule, f"hub {mult}x{item}")

    def _die_on_hub(self, seat: int, lane: int, pos: int, die: int, rule: str) -> None:
        b = self.boards[seat]
        key = lane * LANE_SHIFT + pos
        b.hub_dice[key] = die
        self._hub_reward(seat, lane, pos, rule)
        if catch_fish_bonus("die", True, b.ships.count(key)):
            self._gain(seat, "fish", 1, R_CATCH, "catch a fish")

    def _move_ship(self, seat: int, lane: int, pos: int) -> None:
        b = self.boards[seat]
        key = lane * LANE_SHIFT + pos
        new = self._next(b.lanes, lane, pos)
        nkey = lane * LANE_SHIFT + new
        others = b.ships.count(nkey)
        b.ships.remove(key)
        b.ships.append(nkey)
        b.fuel -= sc.MOVE_SHIP_FUEL
        self.emit(f"moves a ship in lane {lane} from {pos} to {new}", R_FREE, seat, lane=lane, to=new)
        if self._hub(b.lanes, lane, new) is not None:
            self._hub_reward(seat, lane, new, R_FREE)
            if catch_fish_bonus("ship", nkey in b.hub_dice, others):
                self._gain(seat, "fish", 1, R_CATCH, "catch a fish")

    # ================================================================== legal actions
    def _legal_actions(self) -> list:
        top = self.pending[-1]
        return getattr(self, "_legal_" + top.kind)(top.seat, top.data)

    def _legal_bonus(self, seat: int, data: Any) -> list:
        return [Act("bonus", i) for i in self.bonus_left]

    def _legal_market(self, seat: int, data: Any) -> list:
        b = self.boards[seat]
        acts = [Act("sell", 0)]
        if b.cabin < sc.CABIN_LIMIT:
            acts += [Act("sell", 1), Act("sell", 2)]
        acts.append(Act("done"))
        return acts

    def _legal_draft(self, seat: int, data: Any) -> list:
        return [Act("draft", v) for v in sorted(set(self.pools[seat]))]

    def _legal_income(self, seat: int, data: Any) -> list:
        return [Act("income", v) for v in sorted(set(self.boards[seat].dice))]

    def _legal_city(self, seat: int, data: Any) -> list:
        return [Act("city", 0), Act("city", 1)]

    def _legal_reward(self, seat: int, data: Any) -> list:
        low = min(self.boards[seat].dice)
        return self._reward_acts(low, 6)

    def _reward_acts(self, lo: int, hi: int) -> list:
        seen, acts = set(), []
        for face in range(lo, hi + 1):
            key = (self.data.rewards[face - 1], self.data.reward_amounts[face - 1])
            if key not in seen:
                seen.add(key)
                acts.append(Act("reward", face))
        return acts

    def _legal_lottery(self, seat: int, data: Any) -> list:
        return [Act("lottery", a.a) for a in self._reward_acts(1, data)]

    def _legal_pick(self, seat: int, data: list) -> list:
        acts = []
        for cid in self._pick_options(seat, data):
            if self._placements(seat, self._price(seat, cid, data[0])):
                acts.append(Act("pick", cid))
        acts.append(Act("decline"))
        return acts

    def _legal_place(self, seat: int, data: list) -> list:
        return self._placements(seat, data[1])

    def _legal_win(self, seat: int, space: int) -> list:
        cid = self.spaces[space]
        price = sc.card_price(self.C[cid].cost, self._count(seat, "blue_bar"))
        return self._placements(seat, price) + [Act("decline")]

    def _legal_church(self, seat: int, die: int) -> list:
        return [Act("church", k // LANE_SHIFT, k % LANE_SHIFT) for k in self._vacant_hubs(seat)] + [
            Act("keep_fish")]

    def _legal_neko(self, seat: int, hubs: int) -> list:
        return [Act("neko", f) for _, f in sc.neko_harbour_options(hubs)]

    def _legal_park_bid(self, seat: int, first: int) -> list:
        acts = []
        vals = sorted(set(self.discard))
        for i in range(first, len(self.spaces)):
            if self.spaces[i]:
                acts += [Act("park_bid", i, v) for v in vals]
        return acts + [Act("pass")]

    def _legal_final(self, seat: int, data: Any) -> list:
        b = self.boards[seat]
        acts = self._move_acts(b) + self._cargo_acts(b)
        acts.append(Act("done"))
        return acts

    def _move_acts(self, b: Board) -> list:
        if b.fuel < sc.MOVE_SHIP_FUEL:
            return []
        acts = []
        for key in sorted(set(b.ships)):
            lane, pos = divmod(key, LANE_SHIFT)
            if self._next(b.lanes, lane, pos) is not None:
                acts.append(_MOVE[key])
        return acts

    def _cargo_acts(self, b: Board) -> list:
        if not b.goods or not b.types.get("port"):
            return []
        acts = []
        for k in range(b.harbours * SLOTS):
            cid = b.lanes[k]
            if cid and self.C[cid].type == "port" and b.cargo[k] < len(self.C[cid].cargo):
                acts.append(Act("cargo", k // SLOTS, k % SLOTS))
        return acts

    def _add_bid(self, space: int, seat: int, die: int) -> None:
        # copy-on-write: clones share the bid lists, so a bid replaces them instead of appending
        sp = self.bids[space][:]
        sp[seat] = sp[seat] + [die]
        self.bids[space] = sp

    def bid_need(self, space: int, seat: int) -> int:
        """The dice-count rule: dice a seat must have on a card at the end of a turn in which it bid there."""
        return max((len(x) for s, x in enumerate(self.bids[space]) if s != seat), default=0)

    def board_hubs(self, seat: int) -> tuple:
        """Every complete hub of a seat as (key = lane * 32 + pos, lane, pos, multiplier, item); cached
        on the lane contents, so it is recomputed only after a card is placed or a harbour opened."""
        return self._board_hubs(self.boards[seat])

    def _board_hubs(self, b: Board) -> tuple:
        key = (b.harbours, *b.lanes)
        cache = b.hub_cache
        if cache is not None and cache[0] == key:
            return cache[1]
        out = []
        for lane in range(b.harbours):
            for pos in self._hub_positions(b.lanes, lane):
                mult, item = self._hub(b.lanes, lane, pos)
                out.append((lane * LANE_SHIFT + pos, lane, pos, mult, item))
        hubs = tuple(out)
        b.hub_cache = (key, hubs)
        return hubs

    def _legal_turn(self, seat: int, data: Any) -> list:
        b = self.boards[seat]
        dice = b.dice
        vals = sorted(set(dice))
        acts: list[Act] = []
        main = self.main
        bids = self.bids
        # ---- main actions
        if main == 0 or main == 1:
            acts += [_FISH[v] for v in vals]
        if main == 0 and dice:
            nd = len(dice)
            for i, cid in enumerate(self.spaces):
                if cid:
                    sp = bids[i]
                    if not any(sp):
                        acts.append(_BID[i])
                        continue
                    mine = len(sp[seat])
                    need = 0
                    for o, x in enumerate(sp):
                        if o != seat and len(x) > need:
                            need = len(x)
                    if mine + nd >= (need if need > mine + 1 else mine + 1):
                        acts.append(_BID[i])
            if self.new_bids:
                acts += self._new_bid_acts()
            hub_dice = b.hub_dice
            for key, lane, pos, mult, item in self._board_hubs(b):
                if key not in hub_dice and mult in dice:
                    acts.append(_HUB[key])
            if any(n and name in ACTIVATION for name, n in b.names.items()):
                C = self.C
                lanes = b.lanes
                for k in range(b.harbours * SLOTS):
                    cid = lanes[k]
                    if cid and k not in b.card_dice:
                        faces = ACTIVATION.get(C[cid].name)
                        if faces:
                            for v in vals:
                                if v in faces:
                                    acts.append(Act("card", k // SLOTS, k % SLOTS, v))
        elif main == 2:
            acts += [_BID_DIE[v] for v in vals]
        if main == 1 or main == 3 or (main == 2 and self.bid_placed and len(bids[self.bid_space][seat])
                                       >= self.bid_need(self.bid_space, seat)):
            acts.append(_END)
        # ---- free actions a-h and card powers
        if b.fish:
            acts.append(_FISH_COINS)
            if b.fuel + b.goods < sc.CABIN_LIMIT:
                acts.append(_FISH_FUEL)
        if not self.took_die and self.discard:
            dvals = sorted(set(self.discard))
            if b.fish >= self._die_fish_cost(seat):
                acts += [_TAKE_DIE[v][0] for v in dvals]
            if b.park_takes:
                acts += [_TAKE_DIE[v][1] for v in dvals]
        if b.interference:
            if b.coins >= sc.INTERFERENCE_REMOVAL_COST:
                acts.append(_UNJAM)
            if not b.hospital_used and b.names.get("Hospital"):
                acts.append(_HOSPITAL)
        nships = len(b.ships)
        if b.coins >= 2 * nships + 1 and self._ship_supply() > 0:
            ships = b.ships
            for lane in range(b.harbours):
                n = 0
                for x in ships:
                    if x // LANE_SHIFT == lane:
                        n += 1
                if n < b.harbours:
                    acts.append(_SHIP[lane])
        if b.harbours < sc.MAX_HARBOURS and b.coins >= harbour_cost(b.harbours + 1, b.harbour_div or None) \
                and self._harbour_supply() > 0:
            acts.append(_HARBOUR)
        if b.fuel >= sc.ADJUST_DIE_FUEL:
            for v in vals:
                acts += _ADJUST[v]
        if b.tile_adjust:
            for v in vals:
                acts += _TILE_ADJUST[v]
        if b.tile_reroll:
            acts += [_TILE_REROLL[v] for v in vals]
        if b.fuel >= sc.MOVE_SHIP_FUEL:
            acts += self._move_acts(b)
        if b.goods:
            acts += self._cargo_acts(b)
        if b.exchange_on[0] or b.exchange_on[2]:
            limit = self.options["exchange_limit"]
            for k in range(4):
                if b.exchange_on[k] and (limit is None or b.exchange_used[k] < limit):
                    pay, amount, get, _ = EXCHANGES[k]
                    have = b.coins if pay == "coins" else b.fuel if pay == "fuel" else b.goods
                    room = get not in ("fuel", "good") or b.cabin - (amount if pay in ("fuel", "good") else 0) \
                        < sc.CABIN_LIMIT
                    if have >= amount and room:
                        acts.append(_EXCHANGE[k])
        if b.lighthouse < 0 and b.names.get("Light House"):
            acts += [Act("lighthouse", h[1], h[2]) for h in self._board_hubs(b)]
        return acts

    def _new_bid_acts(self) -> list:
        free = [i for i in range(self.n_adv, len(self.spaces)) if not self.spaces[i]]
        if not free:
            return []
        if self.options["advanced_setup"]:
            return [Act("new_bid", cid) for cid in self.display]
        if self.decks[self.period]:
            return [Act("new_bid", 0)]
        return []

    def _die_fish_cost(self, seat: int) -> int:
        return 2 if self._has(seat, "Seaside Town (Fish Market)") else sc.FISH_FOR_DISCARDED_DIE

    def _ship_supply(self) -> int:
        return SHIP_SUPPLY - sum(len(b.ships) for b in self.boards)

    def _harbour_supply(self) -> int:
        return HARBOUR_SUPPLY - sum(b.harbours for b in self.boards)

    # ================================================================== applying actions
    def _apply(self, action: Act) -> None:
        top = self.pending[-1]
        getattr(self, "_do_" + top.kind)(top.seat, top.data, action)
        self._advance()

    def _do_bonus(self, seat: int, data: Any, act: Act) -> None:
        self.pending.pop()
        self.bonus_left.remove(act.a)
        item, amount = self.data.bonus[act.a]
        self._gain(seat, item, amount, R_SETUP, "starting bonus tile")

    def _do_market(self, seat: int, data: Any, act: Act) -> None:
        b = self.boards[seat]
        if act.kind == "done":
            self.pending.pop()
            return
        item = SELL_ITEMS[act.a]
        b.fish -= 1
        self._gain(seat, item, sc.MARKET_RATES[item], R_MARKET, "sold a fish")
        if not b.fish:
            self.pending.pop()

    def _do_draft(self, seat: int, data: Any, act: Act) -> None:
        self.pending.pop()
        self.picks[seat] = act.a
        self.emit("picks a die", R_DRAFT, seat)

    def _do_income(self, seat: int, data: Any, act: Act) -> None:
        self.pending.pop()
        b = self.boards[seat]
        b.dice.remove(act.a)
        self.discard.append(act.a)
        self._gain(seat, "coins", act.a, R_INCOME, f"discarded a {act.a}")
        self._income_cards(seat)

    def _do_city(self, seat: int, data: Any, act: Act) -> None:
        self.pending.pop()
        if act.a == 0:
            self._gain(seat, "coins", 5, R_CARDS, "Southernmost City")
        else:
            self._gain(seat, "fuel", 2, R_CARDS, "Southernmost City")

    def _do_reward(self, seat: int, data: Any, act: Act) -> None:
        self.pending.pop()
        self._take_reward(seat, act.a, R_REWARDS)

    def _do_lottery(self, seat: int, data: Any, act: Act) -> None:
        self.pending.pop()
        self._take_reward(seat, act.a, R_CARDS)

    def _take_reward(self, seat: int, face: int, rule: str) -> None:
        kind, amount = self.data.rewards[face - 1], self.data.reward_amounts[face - 1]
        self.emit(f"chooses the reward of face {face}: {kind}", rule, seat, reward=kind)
        if kind == "buy_card":
            self._start_direct_buy(seat, 0, rule)
        elif kind == "remove_interference":
            self._remove_interference(seat, amount, rule)
        else:
            self._gain(seat, kind, amount, rule, "dice reward")

    def _do_pick(self, seat: int, data: list, act: Act) -> None:
        self.pending.pop()
        rule = R_REWARDS
        if act.kind == "decline":
            self.emit("buys nothing", rule, seat)
        else:
            cid = act.a
            if data[1]:
                self.display.remove(cid)
            elif cid in self.drawn:
                self.drawn.remove(cid)
            else:
                i = self.spaces.index(cid)
                self.spaces[i] = 0
            self.pending.append(Pending("place", seat, [cid, self._price(seat, cid, data[0])]))
        for cid in self.drawn:
            self.decks[int(self.C[cid].period)].insert(0, cid)
        self.drawn = []

    def _do_place(self, seat: int, data: list, act: Act) -> None:
        self.pending.pop()
        self._place_card(seat, data[0], act.a, act.b, data[1], R_PLACE)

    def _do_win(self, seat: int, space: int, act: Act) -> None:
        self.pending.pop()
        cid = self.spaces[space]
        if act.kind == "decline":
            self.emit(f"declines {self.C[cid]}", R_RESOLVE, seat)
            if space >= self.n_adv:
                self.spaces[space] = 0
                self._return_card(cid)
            return
        self.spaces[space] = 0
        price = sc.card_price(self.C[cid].cost, self._count(seat, "blue_bar"))
        self._place_card(seat, cid, act.a, act.b, price, R_PLACE)

    def _do_church(self, seat: int, die: int, act: Act) -> None:
        self.pending.pop()
        if act.kind == "keep_fish":
            self._loser_fish(seat)
            return
        b = self.boards[seat]
        b.church_left -= 1
        mult = self._hub(b.lanes, act.a, act.b)[0]
        self.emit(f"Church: a losing die becomes a {mult} on hub {act.b} of lane {act.a}", R_CARDS, seat)
        self._die_on_hub(seat, act.a, act.b, mult, R_CARDS)

    def _do_neko(self, seat: int, hubs: int, act: Act) -> None:
        self.pending.pop()
        self._gain(seat, "coins", hubs - 3 * act.a, R_CARDS, "Neko Harbour")
        self._gain(seat, "fuel", act.a, R_CARDS, "Neko Harbour")

    def _do_park_bid(self, seat: int, first: int, act: Act) -> None:
        self.pending.pop()
        if act.kind == "pass":
            return
        self.discard.remove(act.b)
        self._add_bid(act.a, seat, act.b)
        self.emit(f"Penguin Park Variant: a discarded {act.b} bids on {self.C[self.spaces[act.a]]}", R_CARDS, seat)

    def _do_final(self, seat: int, data: Any, act: Act) -> None:
        if act.kind == "done":
            self.pending.pop()
        elif act.kind == "move":
            self._move_ship(seat, act.a, act.b)
        else:
            self._load_cargo(seat, act.a, act.b)

    # ---------------------------------------------------------------- the turn
    def _do_turn(self, seat: int, data: Any, act: Act) -> None:
        b = self.boards[seat]
        k = act.kind
        if k == "end":
            self.pending.pop()
            self.emit("ends the turn", R_ACTION, seat)
            return
        if k == "fish":
            self.main = 1
            b.dice.remove(act.a)
            self.discard.append(act.a)
            self._gain(seat, "fish", 1, R_FISH, f"discarded a {act.a}")
        elif k == "bid":
            self.main, self.bid_space, self.bid_placed = 2, act.a, 0
            self.emit(f"bids on {self.C[self.spaces[act.a]]}", R_BID, seat, space=act.a)
        elif k == "new_bid":
            i = next(i for i in range(self.n_adv, len(self.spaces)) if not self.spaces[i])
            if act.a:
                self.display.remove(act.a)
                cid = act.a
            else:
                cid = self.decks[self.period].pop()
            self.spaces[i] = cid
            self.main, self.bid_space, self.bid_placed = 2, i, 0
            self.emit(f"starts a new bid on {self.C[cid]}", R_ADVANCED, seat, space=i)
        elif k == "bid_die":
            b.dice.remove(act.a)
            self._add_bid(self.bid_space, seat, act.a)
            self.bid_placed += 1
            self.emit(f"bids a {act.a}", R_BID, seat, space=self.bid_space, die=act.a)
        elif k == "hub":
            self.main = 3
            mult = self._hub(b.lanes, act.a, act.b)[0]
            b.dice.remove(mult)
            self.emit(f"places a {mult} on hub {act.b} of lane {act.a}", R_ACTIVATE, seat)
            self._die_on_hub(seat, act.a, act.b, mult, R_ACTIVATE)
        elif k == "card":
            self.main = 3
            b.dice.remove(act.c)
            b.card_dice[act.a * SLOTS + act.b] = act.c
            self._activate_card(seat, self.C[b.lanes[act.a * SLOTS + act.b]], act.c)
        else:
            self._free_action(seat, b, act)

    def _activate_card(self, seat: int, c: Card, die: int) -> None:
        """Activate a card's space with a die (Card Reference Guide)."""
        n = c.name
        b = self.boards[seat]
        self.emit(f"activates {c} with a {die}", R_CARDS, seat, card=c.id)
        if self._repeatable_power(seat, c):
            return
        if n == "Seaside Town (Trader)":
            b.exchange_on = [True, True, b.exchange_on[2], b.exchange_on[3]]
        elif n == "Seaside Town (Merchant)":
            b.exchange_on = [b.exchange_on[0], b.exchange_on[1], True, True]
        elif n in ("Seaside Town (Lottery)", "Advanced Seaside Town"):
            self.pending.append(Pending("lottery", seat, die))
        elif n == "Harbour City":
            b.harbour_div = die

    def _load_cargo(self, seat: int, lane: int, slot: int) -> None:
        b = self.boards[seat]
        k = lane * SLOTS + slot
        c = self.C[b.lanes[k]]
        space = c.cargo[b.cargo[k]]
        b.cargo[k] += 1
        b.goods -= 1
        self.emit(f"loads a good onto {c}", R_FREE, seat, card=c.id)
        if space:
            self._gain(seat, space[0], space[1], R_FREE, "cargo space")
        if b.cargo[k] == len(c.cargo):
            self.emit(f"completes the contract of {c}", R_FREE, seat, card=c.id)

    def _free_action(self, seat: int, b: Board, act: Act) -> None:
        k = act.kind
        if k == "fish_coins":
            b.fish -= 1
            self._gain(seat, "coins", sc.FISH_FREE_RATES["coins"], R_FREE, "a fish")
        elif k == "fish_fuel":
            b.fish -= 1
            self._gain(seat, "fuel", sc.FISH_FREE_RATES["fuel"], R_FREE, "a fish")
        elif k == "take_die":
            if act.b:
                b.park_takes -= 1
            else:
                b.fish -= self._die_fish_cost(seat)
            self.discard.remove(act.a)
            b.dice.append(act.a)
            self.took_die = True
            self.emit(f"takes a discarded {act.a}", R_FREE if not act.b else R_CARDS, seat)
        elif k == "unjam":
            b.coins -= sc.INTERFERENCE_REMOVAL_COST
            self._remove_interference(seat, 1, R_FREE)
        elif k == "hospital":
            b.hospital_used = True
            self._remove_interference(seat, 1, R_CARDS)
        elif k == "ship":
            cost = ship_cost(len(b.ships) + 1)
            b.coins -= cost
            b.ships.append(act.a * LANE_SHIFT)
            self.emit(f"buys a ship for {cost} coins (lane {act.a})", R_FREE, seat)
        elif k == "harbour":
            cost = harbour_cost(b.harbours + 1, b.harbour_div or None)
            if b.harbour_div:
                self.emit(f"Harbour City divides the price by {b.harbour_div}", R_CARDS, seat)
                b.harbour_div = 0
            b.coins -= cost
            b.harbours += 1
            self.emit(f"opens harbour {b.harbours} for {cost} coins", R_FREE, seat)
        elif k in ("adjust", "tile_adjust"):
            if k == "adjust":
                b.fuel -= sc.ADJUST_DIE_FUEL
            else:
                b.tile_adjust -= 1
            i = b.dice.index(act.a)
            b.dice[i] = _wrap(act.a + act.b)
            self.emit(f"turns a {act.a} into a {b.dice[i]}", R_FREE if k == "adjust" else R_CARDS, seat)
        elif k == "tile_reroll":
            b.tile_reroll -= 1
            i = b.dice.index(act.a)
            b.dice[i] = self.rng.randint(1, 6)
            self.emit(f"rerolls a {act.a}: {b.dice[i]}", R_CARDS, seat)
        elif k == "move":
            self._move_ship(seat, act.a, act.b)
        elif k == "cargo":
            self._load_cargo(seat, act.a, act.b)
        elif k == "exchange":
            pay, amount, get, got = EXCHANGES[act.a]
            if pay == "coins":
                b.coins -= amount
            elif pay == "fuel":
                b.fuel -= amount
            else:
                b.goods -= amount
            used = b.exchange_used[:]
            used[act.a] += 1
            b.exchange_used = used
            self._gain(seat, get, got, R_CARDS, "Seaside Town exchange")
        elif k == "lighthouse":
            b.lighthouse = act.a * LANE_SHIFT + act.b
            self.emit(f"Light House boosts hub {act.b} of lane {act.a} this round", R_CARDS, seat)

    # ================================================================== why illegal
    def _why_illegal(self, action: Any) -> str | None:
        if not self.pending:
            return None
        top = self.pending[-1]
        kind = getattr(action, "kind", None)
        b = self.boards[top.seat]
        if top.kind == "turn":
            if kind == "end":
                if self.main == 0:
                    return f"end is not legal: a main action is mandatory each turn ({R_ACTION})"
                return (f"end is not legal: a bidder must finish the turn with no fewer dice on that card "
                        f"than any rival slot holds ({R_BID})")
            if kind == "take_die" and self.took_die:
                return f"{action} is not legal: only one discarded die may be taken per turn ({R_FREE})"
            if kind == "harbour":
                return (f"{action} is not legal: harbours cost {harbour_cost(b.harbours + 1)} coins and at "
                        f"most {sc.MAX_HARBOURS} may be opened ({R_FREE})")
            if kind == "ship":
                return (f"{action} is not legal: the next ship costs {ship_cost(len(b.ships) + 1)} coins and a "
                        f"lane holds no more ships than harbours ({R_FREE})")
            if kind in ("bid", "bid_die", "fish", "hub", "card") and self.main:
                return f"{action} is not legal: only one main action per turn ({R_ACTION})"
            if kind == "hub":
                return (f"{action} is not legal: a hub needs a die equal to its multiplier and takes one die "
                        f"per round ({R_ACTIVATE})")
        if top.kind == "turn" or top.kind == "final":
            if kind == "move":
                return (f"{action} is not legal: moving a ship costs {sc.MOVE_SHIP_FUEL} fuel and needs a card "
                        f"ahead of it in the lane ({R_FREE})")
            if kind == "adjust":
                return f"{action} is not legal: adjusting needs a fuel and a die of that value in hand ({R_FREE})"
            if kind == "cargo":
                return f"{action} is not legal: loading needs a good and a port with an open cargo space ({R_FREE})"
            if kind == "take_die":
                return (f"{action} is not legal: a discarded die of that value and {self._die_fish_cost(top.seat)} "
                        f"fish (or a Penguin Park take) are needed ({R_FREE})")
        if top.kind == "income" and kind == "income":
            return f"{action} is not legal: discard one of your own dice ({R_INCOME})"
        if top.kind == "reward" and kind == "reward":
            return f"{action} is not legal: only rewards at or above your lowest die are open ({R_REWARDS})"
        if top.kind in ("win", "place") and kind == "place":
            return (f"{action} is not legal: the slot must be empty and you must afford the price plus one "
                    f"coin per gap ({R_PLACE})")
        if top.kind == "draft" and kind == "draft":
            return f"{action} is not legal: that value is not in the dice in front of you ({R_DRAFT})"
        return None

    # ================================================================== observation, hidden information
    def observation(self, seat: int) -> dict:
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
                "lanes": [self.lane_cards(s, l) for l in range(b.harbours)],
                "ships": sorted(b.ships), "hub_dice": sorted(b.hub_dice.items()),
                "card_dice": sorted(b.card_dice.items()), "cargo": list(b.cargo), "points": dict(b.pts),
            })
        if self.stage == "draft":
            # picks of this pass stay hidden until every seat has picked: show pools as they were
            obs["pools"] = [sorted(self.pools[s]) for s in range(n)]
            obs["my_pick"] = self.picks[seat]
        return obs

    def determinize(self, seat: int, rng: Rng) -> "GameState":
        """A copy where what `seat` cannot see is re-sampled: deck order, other seats' drawn cards and
        their draft picks of the current pass."""
        s = self.clone()
        if s.drawn and not (s.pending and s.pending[-1].seat == seat):
            for i, cid in enumerate(s.drawn):
                deck = s.decks[int(s.C[cid].period)]
                deck.append(cid)
                rng.shuffle(deck)
                s.drawn[i] = deck.pop()
        rng.shuffle(s.decks[1])
        rng.shuffle(s.decks[2])
        if s.stage == "draft":
            for j in range(s.players):
                if j != seat and s.picks[j]:
                    s.picks[j] = rng.choice(s.pools[j])
        return s

    # ================================================================== clone, invariants
    def clone(self) -> "GameState":
        """A fast structural copy. Pending decisions, bid lists, options and the card table are shared:
        the engine replaces them rather than mutating them in place."""
        new = object.__new__(GameState)
        d = self.__dict__.copy()
        d["rng"] = self.rng.copy()
        d["log"] = self.log[:]
        d["pending"] = self.pending[:]
        d["_legal"] = None
        d["boards"] = [b.copy() for b in self.boards]
        d["decks"] = [self.decks[0], self.decks[1][:], self.decks[2][:]]
        d["box"] = self.box[:]
        d["display"] = self.display[:]
        d["drawn"] = self.drawn[:]
        d["spaces"] = self.spaces[:]
        d["bids"] = self.bids[:]
        d["order"] = self.order[:]
        d["discard"] = self.discard[:]
        d["pools"] = [x[:] for x in self.pools]
        d["picks"] = self.picks[:]
        d["bonus_left"] = self.bonus_left[:]
        d["res_queue"] = self.res_queue[:]
        d["action_start_dice"] = self.action_start_dice[:]
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
                where.setdefault(cid, []).append(f"space {i}")
        for p in self.pending:
            if p.kind == "place":
                where.setdefault(p.data[0], []).append("being placed")
        for s, b in enumerate(self.boards):
            for k, cid in enumerate(b.lanes):
                if cid:
                    where.setdefault(cid, []).append(f"P{s} lane {k // SLOTS}")
        return where

    def check_invariants(self) -> None:
        """Fish <= 8, fuel+goods <= 8, nothing negative, harbours 1..5, lanes only behind harbours, ships
        per lane <= harbours, six dice per player, every card in exactly one place."""
        ids = self.decks[1] + self.decks[2] + self.box + self.display + self.drawn
        ids += [c for c in self.spaces if c]
        ids += [p.data[0] for p in self.pending if p.kind == "place"]
        for s, b in enumerate(self.boards):
            assert 0 <= b.fish <= sc.FISH_LIMIT, f"P{s} fish {b.fish}: the freezer holds at most 8"
            assert b.fuel + b.goods <= sc.CABIN_LIMIT, f"P{s} cabin {b.cabin}: at most 8 fuel and goods"
            assert min(b.coins, b.fuel, b.goods, b.interference) >= 0, f"P{s} has a negative resource"
            h = b.harbours
            assert 1 <= h <= sc.MAX_HARBOURS, f"P{s} has {h} harbours (1..5)"
            lanes = b.lanes
            assert not any(lanes[h * SLOTS:]), f"P{s} has cards in a lane without a harbour"
            if len(b.ships) > h:
                per = [0] * MAX_LANES
                for x in b.ships:
                    per[x // LANE_SHIFT] += 1
                assert max(per) <= h, f"P{s} has {max(per)} ships in one lane but {h} harbours"
            assert all(x // LANE_SHIFT < h for x in b.ships), f"P{s} has a ship in a lane without a harbour"
            if any(b.cargo):
                for k, n in enumerate(b.cargo):
                    if n:
                        assert lanes[k] and n <= len(self.C[lanes[k]].cargo), f"P{s} cargo on slot {k} is wrong"
            ids += [c for c in lanes if c]
            assert all(1 <= v <= 6 for v in b.dice), f"P{s} has a die that is not 1..6"
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
        if self.action_start_dice:
            assert all(n == DICE for n in self.action_start_dice), (
                f"dice at the start of the action phase {self.action_start_dice}: six per player expected")
