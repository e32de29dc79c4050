"""Pure scoring and price functions of A Pleasant Journey to Neko.

The tables the rulebook prints stand at the top as data; every function below is a pure function of
plain numbers, so notebooks can draw them as curves and tests can check them against the rulebook's
worked examples. Sections cited: "Journey › Final Scoring", "Journey › Mid-Game Scoring",
"Journey › Card Reference Guide".
"""
from __future__ import annotations

# ------------------------------------------------------------------ printed tables
#: Final Scoring: points for 1..5 opened harbours.
HARBOUR_POINTS: tuple[int, ...] = (0, 1, 3, 6, 11, 19)
#: Final Scoring: penalty for 0..5 interference tiles; each tile beyond the fifth costs 3 more.
INTERFERENCE_POINTS: tuple[int, ...] = (0, -1, -2, -4, -8, -12)
INTERFERENCE_EXTRA: int = -3
#: Mid-Game Scoring › Ship Travel: points of one ship that crossed 0..5 cards.
SHIP_TRAVEL_POINTS: tuple[int, ...] = (0, 0, 1, 2, 4, 7)
#: Points of one fulfilled mid-game scoring tile.
SCORING_TILE_POINTS: int = 3
#: Card sets of three (Card Reference Guide): value for 0..3 cards in one set.
OCEAN_BANK_SET: tuple[int, ...] = (0, 4, 7, 10)       # coins at Obtain Income
FUEL_PLATFORM_SET: tuple[int, ...] = (0, 2, 4, 6)     # fuel at Obtain Income
BLUE_BAR_SET: tuple[int, ...] = (0, 2, 3, 5)          # coins off each card won in bidding
SET_SIZE: int = 3
#: Free actions: the n-th harbour costs HARBOUR_STEP * (n - 1); the n-th ship 2n - 1 (n >= 2).
HARBOUR_STEP: int = 5
MAX_HARBOURS: int = 5
#: Morning Market and free action a): what one fish buys.
MARKET_RATES: dict[str, int] = {"coins": 4, "fuel": 2, "good": 1}
FISH_FREE_RATES: dict[str, int] = {"coins": 2, "fuel": 1}
INTERFERENCE_REMOVAL_COST: int = 5
ADJUST_DIE_FUEL: int = 1
MOVE_SHIP_FUEL: int = 2
FISH_FOR_DISCARDED_DIE: int = 3
#: Capacities (Set Up, Morning Market).
FISH_LIMIT: int = 8
CABIN_LIMIT: int = 8
#: What one printed item icon on a hub is worth (a coin icon shows two coins, see datasets/journey/README.md).
ITEM_UNIT: dict[str, int] = {"fuel": 1, "coins": 2, "good": 1, "fish": 1}
#: Light House: extra items on the chosen hub.
LIGHT_HOUSE_BONUS: int = 2
#: Post Office: discount on the card bought.
POST_OFFICE_DISCOUNT: int = 2
#: End-game icons: points per counted thing.
END_GAME_ICON_RATES: dict[str, int] = {
    "Seaside Town (Gallery)": 1,      # per card in the ship lanes
    "South Pole": 2,                  # per interference tile
    "Small Islands": 1,               # per fish
    "Ice Wall": 1,                    # per 3 coins
    "Advanced Ocean Bank": 2, "Advanced Fuel Platform": 2, "Advanced Blue Bar": 3,
    "Advanced Penguin Park": 4, "Advanced Port": 4, "Advanced Seaside Town": 3,
}
ICE_WALL_COINS: int = 3


def whole(n: int, what: str, lo: int = 0, hi: int | None = None) -> int:
    """`n` if it is a whole number in lo..hi; otherwise the ValueError an impossible argument deserves."""
    if isinstance(n, bool) or not isinstance(n, int) or n < lo or (hi is not None and n > hi):
        span = f"{lo}..{hi}" if hi is not None else f"{lo} or more"
        raise ValueError(f"{what} must be a whole number {span}, not {n!r}")
    return n


def _sets(n: int, table: tuple[int, ...]) -> int:
    full, rest = divmod(n, SET_SIZE)
    return full * table[SET_SIZE] + table[rest]


def harbour_points(n: int) -> int:
    """Final Scoring: points for `n` opened harbours (1..5)."""
    return HARBOUR_POINTS[whole(n, "harbours", 1, MAX_HARBOURS)]


def interference_points(n: int) -> int:
    """Final Scoring: the (negative) points for holding `n` interference tiles."""
    if whole(n, "interference tiles") <= 5:
        return INTERFERENCE_POINTS[n]
    return INTERFERENCE_POINTS[5] + INTERFERENCE_EXTRA * (n - 5)


def ship_travel_points(crossed: int) -> int:
    """Mid-Game Scoring: points of one ship that has completely crossed `crossed` cards."""
    return SHIP_TRAVEL_POINTS[whole(crossed, "cards crossed", 0, 5)]


def ocean_bank_income(n: int) -> int:
    """Obtain Income: coins from `n` Ocean Banks, counted in sets of three (4/7/10 per set)."""
    return _sets(whole(n, "Ocean Banks"), OCEAN_BANK_SET)


def fuel_platform_income(n: int) -> int:
    """Obtain Income: fuel from `n` Fuel Platforms, counted in sets of three (2/4/6 per set)."""
    return _sets(whole(n, "Fuel Platforms"), FUEL_PLATFORM_SET)


def blue_bar_discount(n: int) -> int:
    """Bidding resolution: coins off each won card for `n` Blue Bars (2/3/5 per set of three)."""
    return _sets(whole(n, "Blue Bars"), BLUE_BAR_SET)


def card_price(cost: int, blue_bars: int = 0) -> int:
    """Price of a won card after the Blue Bar discount; never below one coin."""
    return max(1, whole(cost, "a card cost") - blue_bar_discount(blue_bars))


def penguin_park_powers(n: int) -> tuple[int, int]:
    """Penguin Park sets: (dice reward tile pairs, free discarded-die takes per round) for `n` parks.

    Each started set of three gives one pair of tiles (+/-1 and reroll); the 2nd and 3rd park of a set
    each give one discarded die per round."""
    sets = -(-whole(n, "Penguin Parks") // SET_SIZE)
    takes = sum(min(SET_SIZE, n - i) - 1 for i in range(0, n, SET_SIZE))
    return sets, takes


def neko_harbour_options(hubs: int) -> list[tuple[int, int]]:
    """Neko Harbour: the (coins, fuel) splits of `hubs` complete hubs: a coin per hub or a fuel per three."""
    return [(hubs - 3 * f, f) for f in range(whole(hubs, "complete hubs") // 3 + 1)]


def ice_wall_points(coins: int) -> int:
    """Ice Wall: a point per three coins."""
    return whole(coins, "coins") // ICE_WALL_COINS
