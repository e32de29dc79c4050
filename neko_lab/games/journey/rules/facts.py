"""The facts of A Pleasant Journey to Neko that every rulebook section uses: the sections cited, the
numbers the rulebook prints for set-up and limits, the pure helpers (costs, turn order, bid winner,
catch-a-fish, reward choices) and the action value `Act` with its readable text.
"""
from __future__ import annotations

from typing import Any, NamedTuple, Sequence

from neko_lab.core import Pending, serializable
from neko_lab.core.errors import counted

from .. import data as jdata
from .. import scoring as sc

# ------------------------------------------------------------------ facts
GAME_RULES = "Journey"
# Every citation is "Journey › heading" or "Journey › heading › subheading", each heading a heading of the
# rulebook (without its number); datasets/journey/sections.txt lists them and a test checks both.
R_SETUP = "Journey › Set Up"
R_COURSE = "Journey › Course of the Game"
R_MARKET = "Journey › Morning Market Phase"
R_DRAFT = "Journey › Preparation Phase › Draft Dice"
R_INCOME = "Journey › Preparation Phase › Obtain Income"
R_REWARDS = "Journey › Preparation Phase › Get Rewards"
R_ORDER = "Journey › Preparation Phase › Set Turn Order"
R_ACTION = "Journey › Action Phase"
R_FISH = "Journey › Action Phase › Take Fish"
R_BID = "Journey › Action Phase › Bid a Card"
R_ON_BIDDING = "Journey › Action Phase › On Bidding"
R_ACTIVATE = "Journey › Action Phase › Activate a Hub or a Card Effect"
R_FREE = "Journey › Free Actions"
R_HARBOUR = "Journey › Free Actions › Open a new harbour"   # harbour prices; five cards a lane
R_SHIP_ON_DIE = "Journey › Free Actions › Move your ship"      # a ship meets a die: catch a fish
R_DIE_ON_SHIP = R_ACTIVATE                                     # a die meets ships: catch a fish
R_RESOLVE = "Journey › End of a Round › Resolve Bidding"
R_PLACE = "Journey › End of a Round › Place a card into your ship lane"
R_PREPARE = "Journey › End of a Round › Prepare for next round"
R_MIDGAME = "Journey › Mid-Game Scoring"
R_GAME_END = "Journey › Game End"
R_FINAL = "Journey › Final Scoring"
R_ADVANCED = "Journey › Advanced Game"
R_ADV_CARDS = "Journey › Advanced Game › Advanced Cards"
R_NEW_BID = "Journey › Advanced Game › Start a New Bid"
R_ADV_SETUP = "Journey › Advanced Game › Advanced Setup"
R_CARDS = "Journey › Card Reference Guide"

# the sections cited, and what each covers (GameState.RULES)
RULES = {
    R_SETUP: "boards, 2 fuel, 1 harbour, 1 ship, 6 dice, 8 coins; cards revealed; scoring tiles; bonus tiles",
    R_COURSE: "two periods of two rounds; three phases per round",
    R_MARKET: "sell fish for 4 coins, 2 fuel or 1 good",
    R_DRAFT: "roll six, keep one, pass the rest to the left",
    R_INCOME: "discard a die for coins; Ocean Banks, Fuel Platforms, Southernmost City",
    R_REWARDS: "one reward from the chart at the lowest die's face or higher; buying a card directly",
    R_ORDER: "highest dice total starts and takes an interference tile; the Post Office's buy first",
    R_ACTION: "take turns until everyone's dice are spent; one main action per turn",
    R_FISH: "dice to the discard area for a fish each",
    R_BID: "dice onto one card",
    R_ON_BIDDING: "the dice-count rule: end the turn with as many dice on the card as its fullest slot",
    R_ACTIVATE: "a die that meets a hub or card; a die placed under ships catches a fish",
    R_FREE: "free actions a-h",
    R_HARBOUR: "5 / 10 / 15 / 20 coins a harbour, at most five; a ship lane holds five cards",
    R_SHIP_ON_DIE: "two fuel move a ship one hub on; a ship joining a lone die there catches a fish",
    R_RESOLVE: "bids resolved left to right; winner buys or declines; losers fish",
    R_PLACE: "cards placed with the gap cost; lightning effects",
    R_PREPARE: "dice back, new cards",
    R_MIDGAME: "two scoring tiles and ship travel after rounds 2 and 4",
    R_GAME_END: "last spending of fuel and goods",
    R_FINAL: "harbours, cards passed, end-game icons, goods, interference",
    R_ADVANCED: "the advanced variants",
    R_ADV_CARDS: "three advanced cards on the board, resolved first; direct buys from the board",
    R_NEW_BID: "a free bidding space takes a new card",
    R_ADV_SETUP: "every period card displayed in sorted piles",
    R_CARDS: "card effects",
}

CARDS_REVEALED = {2: 5, 3: 7, 4: 9}
START_COINS, START_FUEL, START_HARBOURS = 8, 2, 1      # Set Up › Player Boards (plus one ship, six dice)
ADVANCED_SPACES = 3
MAX_NEW_BID_SPACES = 4     # option new_bid_spaces: free bidding spaces beyond the cards revealed
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
CATEGORIES = ("mid-game tiles", "ship travel", "Seaside Town", "harbours", "cards", "end-game icons",
              "goods", "interference")
ACTIVATION = {  # card name -> die faces that activate its space during the Action Phase
    "Ocean Bank Variant": (1, 2, 3), "Fuel Platform Variant": (4, 5, 6),
    "Research Station": (4, 5, 6), "Neko Harbour": (5, 6), "Seaside Town (Trader)": (1, 2, 3),
    "Seaside Town (Merchant)": (4, 5, 6), "Seaside Town (Lottery)": (1, 2, 3, 4, 5, 6),
    "Advanced Seaside Town": (1, 2, 3, 4, 5, 6), "Harbour City": (1, 2, 3),
}


# ------------------------------------------------------------------ public helpers
def harbour_cost(nth: int, die: int | None = None) -> int:
    """Coins to open the `nth` harbour (2nd..5th: 5/10/15/20); a Harbour City die divides, rounding up.
    The first harbour comes with the set-up and there is no sixth: other `nth` are a ValueError."""
    base = sc.HARBOUR_STEP * (sc.whole(nth, "the harbour bought", 2, sc.MAX_HARBOURS) - 1)
    if die is not None:
        return -(-base // sc.whole(die, "a die", 1, 6))
    return base


def ship_cost(nth: int) -> int:
    """Coins for the `nth` ship (2nd: 3, 3rd: 5, 4th: 7, ...; the first comes with the set-up)."""
    return 2 * sc.whole(nth, "the ship bought", 2, SHIP_SUPPLY) - 1


def next_turn_order(dice_totals: Sequence[int], previous_order: Sequence[int]) -> list[int]:
    """Set Turn Order: highest dice total first; ties keep the earlier seat of the previous order."""
    if sorted(previous_order) != list(range(len(dice_totals))):
        raise ValueError(f"previous_order {list(previous_order)!r} must order the seats 0..{len(dice_totals) - 1}")
    rank = {seat: i for i, seat in enumerate(previous_order)}
    return sorted(previous_order, key=lambda seat: (-dice_totals[seat], rank[seat]))


def bid_winner(bids: Sequence[Any], turn_order: Sequence[int]) -> int | None:
    """Resolve Bidding: the seat with the highest dice total on a card, ties to the earlier turn order.

    `bids[seat]` is that seat's list of dice (empty = no bid) or an int total (0 = no bid). A die that
    is not 1..6 or a total outside 0..36 (six dice) is a ValueError."""
    if sorted(turn_order) != list(range(len(bids))):
        raise ValueError(f"turn_order {list(turn_order)!r} must order the seats 0..{len(bids) - 1}")
    best, winner = -1, None
    for seat in turn_order:
        b = bids[seat]
        if isinstance(b, int) and not isinstance(b, bool):
            total = sc.whole(b, f"Player {seat + 1}'s bid total", 0, 6 * DICE)
            placed = total > 0
        else:
            total = sum(sc.whole(d, f"a die of Player {seat + 1}'s bid", 1, 6) for d in b)
            placed = len(b) > 0
        if placed and total > best:
            best, winner = total, seat
    return winner


def catch_fish_bonus(placing: str, hub_has_die: bool, ships_on_hub: int) -> int:
    """The extra fish of the four catch-a-fish cases: `placing` is "ship" (a ship moves in) or "die"."""
    sc.whole(ships_on_hub, "ships on the hub")
    if placing == "ship":
        return 1 if hub_has_die and ships_on_hub == 0 else 0
    if placing == "die":
        return 1 if ships_on_hub > 0 else 0
    raise ValueError(f"placing must be 'ship' or 'die', not {placing!r}")


def reward_options(lowest_die: int, chart: Sequence[str] | None = None) -> list[str]:
    """Get Rewards: the rewards a player whose lowest die is `lowest_die` may choose from (that face or higher)."""
    sc.whole(lowest_die, "the lowest die", 1, 6)
    if chart is None:
        chart = jdata.load_cached(None).rewards
    return [chart[f - 1] for f in range(lowest_die, 7)]


def ask_next_seat(s: Any, kind: str, reverse: bool = False) -> bool:
    """Play A Round: a step played in turn order (or reverse turn order) asks the next seat for a `kind`
    decision; False once every seat has been asked in this step (s.idx counts the seats asked)."""
    if s.idx >= s.players:
        return False
    seat = s.order[s.players - 1 - s.idx if reverse else s.idx]
    s.idx += 1
    s.pending.append(Pending(kind, seat))
    return True


def wrap(v: int) -> int:
    return (v - 1) % 6 + 1


# ------------------------------------------------------------------ plain data
def player(seat: int) -> str:
    """How a person reads a seat: "Player 1" for seat 0."""
    return f"Player {seat + 1}"


def where(pos: int) -> str:
    """How a person reads a position in a lane (slots counted from 1)."""
    edge, j = divmod(pos, POSITIONS_PER_EDGE)
    if j:
        return f"hub {j} inside the port in slot {edge + 1}"
    if edge == 0:
        return "the harbour"
    if edge == SLOTS:
        return "the end of the lane"
    return f"the hub between slots {edge} and {edge + 1}"


# an item as a reader counts it: counted(n, *ITEM_WORDS[item]) ("1 coin", "2 goods", "3 fish", "2 penguin points")
ITEM_WORDS = {"coins": ("coin",), "fish": ("fish", "fish"), "fuel": ("fuel", "fuel"), "good": ("good",),
              "pp": ("penguin point",)}


def reward_text(kind: str, amount: int) -> str:
    """What a reward of the dice reward chart gives, in words."""
    if kind == "buy_card":
        return "buy a card"
    if kind == "remove_interference":
        return f"remove {counted(amount, 'interference tile')}"
    return f"take {counted(amount, *ITEM_WORDS[kind])}"


def reward_given(kind: str, amount: int) -> str:
    """What a reward of the dice reward chart gives, as the object of "face 6 gives ...": "5 coins",
    "2 fuel", "a card to buy", "the removal of 1 interference tile"."""
    if kind == "buy_card":
        return "a card to buy"
    if kind == "remove_interference":
        return f"the removal of {counted(amount, 'interference tile')}"
    return counted(amount, *ITEM_WORDS[kind])


@serializable
class Act(NamedTuple):
    """An action: a kind and up to three small ints (meaning depends on the kind, see __str__). Lanes,
    slots, spaces and tiles are 0-based here and read from 1 in str(). A reward or bonus tile carries
    what it gives (b: index in data.REWARDS / data.ITEMS, c: amount) so that it can say so."""
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
            return f"{how} a {a} into a {wrap(a + b)}"
        if k == "take_die":
            return f"take a discarded {a} ({'Penguin Park' if b else 'fish'})"
        if k == "city":
            return "Southernmost City: take 5 coins" if a == 0 else "Southernmost City: take 2 fuel"
        if k in ("reward", "lottery") and 0 <= b < len(jdata.REWARDS):
            head = "dice reward" if k == "reward" else "Lottery reward"
            return f"{head} of face {a}: {reward_text(jdata.REWARDS[b], c)}"
        if k == "bonus" and 0 <= b < len(jdata.ITEMS):
            return f"take starting bonus tile {a + 1}: {c} {jdata.ITEMS[b]}"
        if k in ("hub", "lighthouse", "church", "move"):
            return ACT_TEXT[k].format(lane=a + 1, at=where(b))
        if k == "new_bid" and not a:
            return "start a new bid on the top card of the deck"
        return ACT_TEXT.get(k, k).format(a=a, b=b, c=c, a1=a + 1, b1=b + 1)


ACT_TEXT = {
    "bonus": "take starting bonus tile {a1}", "done": "done", "draft": "draft a {a}",
    "income": "discard a {a} for income", "reward": "dice reward of face {a}", "pick": "buy card #{a}",
    "decline": "decline", "place": "place the card in lane {a1}, slot {b1}", "fish": "take a fish with a {a}",
    "bid": "bid on space {a1}", "bid_die": "bid a {a}", "new_bid": "start a new bid on card #{a}",
    "hub": "activate {at} of lane {lane}", "card": "activate the card in lane {a1}, slot {b1} with a {c}",
    "end": "end turn", "fish_coins": "spend a fish for 2 coins", "fish_fuel": "spend a fish for 1 fuel",
    "unjam": "pay 5 coins to remove an interference tile", "hospital": "remove an interference tile (Hospital)",
    "ship": "buy a ship for lane {a1}", "harbour": "open a harbour", "tile_reroll": "use the reroll tile on a {a}",
    "move": "move the ship at {at} in lane {lane}", "cargo": "load a good onto the port in lane {a1}, slot {b1}",
    "lighthouse": "Light House on {at} of lane {lane}", "neko": "Neko Harbour: {a} fuel, the rest coins",
    "church": "Church: a losing die onto {at} of lane {lane}", "keep_fish": "take fish",
    "church_card": "Church: a losing die onto the card in lane {a1}, slot {b1} (it does nothing now)",
    "park_bid": "place a discarded {b} as a bid on space {a1}", "pass": "pass",
    "lottery": "Lottery reward of face {a}",
    "post_office": "use the Post Office: buy a card 2 coins cheaper",
}


def card_named(s: Any, action: Any) -> str:
    """A purchase in words with its card's name, for a reader who may see the cards on offer ("buy
    Port" where str() says "buy card #18"); the number stays only where another card on offer has the
    same name and it tells the two apart."""
    if type(action) is not Act or action.kind != "pick" or not action.a:
        return str(action)
    name = s.C[action.a].name
    twin = any(type(x) is Act and x.kind == "pick" and x.a != action.a and x.a and s.C[x.a].name == name
               for x in (s.legal_actions() if s.pending and s.pending[-1].kind == "pick" else ()))
    return f"buy {name}" + (f" #{action.a}" if twin else "")


# Interned actions (speed): legal-action lists are rebuilt after every move, so the common ones are made once.
A_FISH = tuple(Act("fish", v) for v in range(7))
A_BID_DIE = tuple(Act("bid_die", v) for v in range(7))
A_DRAFT = tuple(Act("draft", v) for v in range(7))
A_BID = tuple(Act("bid", i) for i in range(16))
A_HUB = {lane * 32 + pos: Act("hub", lane, pos) for lane in range(5) for pos in range(24)}
A_SHIP = tuple(Act("ship", lane) for lane in range(5))
A_ADJUST = tuple((Act("adjust", v, 1), Act("adjust", v, -1)) for v in range(7))
A_TILE_ADJUST = tuple((Act("tile_adjust", v, 1), Act("tile_adjust", v, -1)) for v in range(7))
A_TILE_REROLL = tuple(Act("tile_reroll", v) for v in range(7))
A_TAKE_DIE = tuple((Act("take_die", v, 0), Act("take_die", v, 1)) for v in range(7))
A_MOVE = {lane * 32 + pos: Act("move", lane, pos) for lane in range(5) for pos in range(24)}
A_EXCHANGE = tuple(Act("exchange", k) for k in range(4))
A_END, A_FISH_COINS, A_FISH_FUEL = Act("end"), Act("fish_coins"), Act("fish_fuel")
A_UNJAM, A_HOSPITAL, A_HARBOUR = Act("unjam"), Act("hospital"), Act("harbour")


# each decision as a player names it, for reports (State.DECISION_NAMES); the rulebook's words where it
# has them (the phase, step or card that asks it)
DECISION_NAMES = {
    "bonus": "starting bonus tile", "market": "Morning Market", "draft": "Draft Dice", "income": "Obtain Income",
    "reward": "Get Rewards", "post_office": "Post Office", "turn": "Action Phase turn", "pick": "card to buy",
    "win": "buy the card won (Resolve Bidding)", "place": "place a card into a ship lane",
    "city": "Southernmost City income", "lottery": "Lottery reward", "neko": "Neko Harbour coins and fuel",
    "park_bid": "Penguin Park bid", "church": "Church: where a losing die goes",
    "final": "last spending at the Game End",
}
