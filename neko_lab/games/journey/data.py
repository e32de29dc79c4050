"""Loading and validating the dataset of A Pleasant Journey to Neko (datasets/journey/).

Four files, each checked row by row; a bad cell raises DataError naming the file, the row and the field:

    cards.csv          the 50 cards: period (1, 2 or advanced), type, name, cost, penguin points, the left
                       half-hub multiplier, the right half-hub item, port cargo spaces (``-`` or
                       ``item:amount`` separated by ``|``), port internal hubs (``multiplier:item``),
                       icons and source
    scoring_tiles.csv  the ten mid-game scoring tiles
    dice_rewards.csv   the dice reward chart, one row per die face
    bonus_tiles.csv    the four starting bonus tiles
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

from neko_lab.core import DataError, read_csv, serializable
from neko_lab.core import data as d

ITEMS = ("fuel", "coins", "good", "fish")
CARGO_REWARDS = ("fuel", "coins", "fish")
TYPES = ("port", "ocean_bank", "blue_bar", "fuel_platform", "penguin_park", "special", "seaside_town")
ICONS = ("income", "lightning", "activate", "action", "endgame", "cargo", "resolution", "turn_order")
#: The effect of a card is named by its name; these are the names the engine knows, by type.
NAMES: dict[str, tuple[str, ...]] = {
    "ocean_bank": ("Ocean Bank", "Ocean Bank Variant", "Advanced Ocean Bank"),
    "fuel_platform": ("Fuel Platform", "Fuel Platform Variant", "Advanced Fuel Platform"),
    "blue_bar": ("Blue Bar", "Advanced Blue Bar"),
    "penguin_park": ("Penguin Park", "Penguin Park Variant", "Advanced Penguin Park"),
    "seaside_town": ("Seaside Town (Trader)", "Seaside Town (Fish Market)", "Seaside Town (Gallery)",
                     "Seaside Town (Lottery)", "Seaside Town (Merchant)", "Advanced Seaside Town"),
    "port": ("Port", "Megaport", "Advanced Port"),
    "special": ("Light House", "Church", "Southernmost City", "South Pole", "Fishing Spot",
                "Research Station", "Hospital", "Neko Harbour", "Ice Wall", "Small Islands",
                "Post Office", "Harbour City"),
}
MEASURES = ("fuel", "coins", "card_cost", "cards", "ships_crossed", "ships", "goods", "fish", "interference")
REWARDS = ("buy_card", "good", "fish", "remove_interference", "fuel", "coins")
MAX_INTERNAL_HUBS = 3


@serializable
class Card(NamedTuple):
    """One printed card. `left` is the multiplier of its left half-hub, `right` the item of its right one;
    `cargo` lists the port's cargo spaces in filling order (None or (item, amount) each); `hubs` the
    port's internal hubs as (multiplier, item) along the ship's path."""
    id: int
    period: str
    type: str
    name: str
    cost: int
    points: int
    left: int
    right: str
    cargo: tuple
    hubs: tuple
    icons: tuple
    source: str

    def __str__(self) -> str:
        return f"{self.name} #{self.id}"


@serializable
class ScoringTile(NamedTuple):
    id: int
    name: str
    kind: str          # most | least | at_least
    measure: str
    threshold: int
    points: int
    source: str


@serializable
class JourneyData(NamedTuple):
    cards: tuple          # Card, indexed by position = id - 1 is NOT assumed; use by_id
    tiles: tuple          # ScoringTile
    rewards: tuple        # reward name per die face 1..6 (index 0 = face 1)
    reward_amounts: tuple
    bonus: tuple          # (item, amount) per starting bonus tile
    folder: str


def _cargo(text: str) -> tuple:
    spaces = []
    for part in (p.strip() for p in text.split("|") if p.strip()):
        if part == "-":
            spaces.append(None)
            continue
        item, _, amount = part.partition(":")
        if item not in CARGO_REWARDS:
            raise ValueError(f"cargo reward {item!r} is not one of {', '.join(CARGO_REWARDS)}")
        try:
            n = d.whole_number(amount)
        except ValueError:
            raise ValueError(f"cargo amount {amount!r} is not a whole number (digits 0-9)") from None
        if not 1 <= n <= 5:
            raise ValueError(f"cargo amount {n} is outside 1..5")
        spaces.append((item, n))
    return tuple(spaces)


def _hubs(text: str) -> tuple:
    hubs = []
    for part in (p.strip() for p in text.split("|") if p.strip()):
        mult, _, item = part.partition(":")
        if item not in ITEMS:
            raise ValueError(f"hub item {item!r} is not one of {', '.join(ITEMS)}")
        try:
            m = d.whole_number(mult)
        except ValueError:
            raise ValueError(f"hub multiplier {mult!r} is not a whole number (digits 0-9)") from None
        if not 1 <= m <= 6:
            raise ValueError(f"hub multiplier {m} is outside 1..6")
        hubs.append((m, item))
    if len(hubs) > MAX_INTERNAL_HUBS:
        raise ValueError(f"at most {MAX_INTERNAL_HUBS} internal hubs per card")
    return tuple(hubs)


#: the highest card number: the action ids and the observation tensor name a card by its number (rules/spaces.py)
CARD_NUMBERS = 50
#: the playing cards in the box (A Pleasant Journey to Neko › Contents)
CARDS = 50
COMPONENTS = "A Pleasant Journey to Neko › Contents"

CARD_SCHEMA = {
    "id": d.integer(1, CARD_NUMBERS), "period": d.choice("1", "2", "advanced"), "type": d.choice(*TYPES),
    "name": d.text(), "cost": d.integer(1, 30), "points": d.integer(0, 30),
    "left_multiplier": d.integer(1, 6), "right_item": d.choice(*ITEMS), "cargo": _cargo,
    "internal_hubs": _hubs, "icons": d.tags(ICONS), "source": d.source,
}
TILE_SCHEMA = {"id": d.integer(1, 999), "name": d.text(), "kind": d.choice("most", "least", "at_least"),
               "measure": d.choice(*MEASURES), "threshold": d.integer(0, 99), "points": d.integer(0, 20),
               "source": d.source}
REWARD_SCHEMA = {"die": d.integer(1, 6), "reward": d.choice(*REWARDS), "amount": d.integer(1, 10),
                 "source": d.source}
BONUS_SCHEMA = {"id": d.integer(1, 99), "item": d.choice(*ITEMS), "amount": d.integer(1, 10),
                "source": d.source}


def load(folder: Path) -> JourneyData:
    """Read and cross-check the four files of a journey dataset folder."""
    folder = Path(folder)
    path = folder / "cards.csv"
    rows = read_csv(path, CARD_SCHEMA, unique=["id"])
    if len(rows) != CARDS:
        raise DataError(str(path), None, "id", f"the game has {CARDS} playing cards ({COMPONENTS}), "
                        f"found {len(rows)}")
    cards = []
    for n, r in enumerate(rows, start=1):
        if r["name"] not in NAMES[r["type"]]:
            raise DataError(str(path), n, "name", f"{r['name']!r} is not a known {r['type']} card "
                            f"({', '.join(NAMES[r['type']])})")
        if r["type"] == "port" and not r["cargo"]:
            raise DataError(str(path), n, "cargo", "a port needs at least one cargo space")
        if r["type"] != "port" and (r["cargo"] or r["internal_hubs"]):
            field = "cargo" if r["cargo"] else "internal_hubs"
            raise DataError(str(path), n, field, "only ports have cargo spaces and internal hubs")
        if (r["period"] == "advanced") != r["name"].startswith("Advanced"):
            raise DataError(str(path), n, "period", "advanced cards (and only they) have period 'advanced'")
        cards.append(Card(r["id"], r["period"], r["type"], r["name"], r["cost"], r["points"],
                          r["left_multiplier"], r["right_item"], r["cargo"], r["internal_hubs"],
                          r["icons"], r["source"]))
    for period, need in (("1", 9), ("2", 9)):
        if sum(c.period == period for c in cards) < need:
            raise DataError(str(path), None, "period", f"period {period} needs at least {need} cards "
                            "(a four-player round reveals nine)")
    tpath = folder / "scoring_tiles.csv"
    trows = read_csv(tpath, TILE_SCHEMA, unique=["id"])
    if len(trows) < 4:
        raise DataError(str(tpath), None, None, "at least four mid-game scoring tiles are needed")
    tiles = tuple(ScoringTile(**r) for r in trows)
    rpath = folder / "dice_rewards.csv"
    rrows = read_csv(rpath, REWARD_SCHEMA, unique=["die"])
    faces = [r["die"] for r in rrows]
    if sorted(faces) != [1, 2, 3, 4, 5, 6]:
        raise DataError(str(rpath), None, "die", "the chart needs exactly one row per die face 1..6")
    rrows.sort(key=lambda r: r["die"])
    bpath = folder / "bonus_tiles.csv"
    brows = read_csv(bpath, BONUS_SCHEMA, unique=["id"])
    if len(brows) < 4:
        raise DataError(str(bpath), None, None, "four starting bonus tiles are needed (one per player)")
    return JourneyData(tuple(cards), tiles, tuple(r["reward"] for r in rrows),
                       tuple(r["amount"] for r in rrows),
                       tuple((r["item"], r["amount"]) for r in brows), str(folder))


def load_cached(folder: Any) -> JourneyData:
    """Load a folder (None = the shipped dataset), parsed once per process while its files are unchanged."""
    return d.load_cached(load, d.resolve("journey", folder))
