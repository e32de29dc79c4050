"""Set Up › Player Boards: what each player owns (coins, cabin, freezer, harbours, ship lanes, dice) and
taking from or giving back to the general supply within the limits the rulebook sets: at most 8 fish
in the freezer and 8 fuel and goods together in the cabin.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from neko_lab.core import serializable
from neko_lab.core.errors import counted
from neko_lab.core.frozen import FrozenDict

from .. import scoring as sc
from .facts import CATEGORIES, CHURCH_DICE, ITEM_WORDS, MAX_LANES, SLOTS, START_COINS, START_FUEL, START_HARBOURS

if TYPE_CHECKING:
    from .state import GameState

_new = object.__new__


@serializable
class Board:
    """One player's board, cabin, freezer and ship lanes (the layout of lanes and ships: see ship_lanes.py)."""
    # a plain __dict__ (not __slots__): copying one dict is what makes clone() fast. Every field is a number
    # or read-only, replaced on change rather than changed in place: the dice, lanes, ships, ship starts and
    # cargo are tuples (replaced(), without(), or a new tuple), the dice on hubs and cards and the points
    # FrozenDicts (with_item()). So a copy is the one dict copy, and copies share all of it
    FIELDS = ("coins", "fuel", "goods", "fish", "interference", "harbours", "dice", "lanes", "ships", "starts",
              "hub_dice", "card_dice", "cargo", "names", "types", "pts", "tile_adjust", "tile_reroll",
              "park_takes", "lighthouse", "hospital_used", "harbour_div", "exchange_on", "exchange_used",
              "church_left", "park_new")
    TRANSIENT = ("hub_cache",)     # a cache of board_hubs(): a snapshot saves it as None

    def __init__(self) -> None:
        self.coins = START_COINS
        self.fuel = START_FUEL
        self.goods = 0
        self.fish = 0
        self.interference = 0
        self.harbours = START_HARBOURS
        self.lanes: tuple[int, ...] = (0,) * (SLOTS * MAX_LANES)     # read-only, replaced on change
        self.ships: tuple[int, ...] = (0,)
        self.starts: tuple[int, ...] = (0,)  # per ship (same order): the edge it started from (ship_lanes.py)
        self.cargo: tuple[int, ...] = (0,) * (SLOTS * MAX_LANES)
        self.names: dict[str, int] = FrozenDict()      # read-only, replaced on change
        self.types: dict[str, int] = FrozenDict()
        self.pts: dict[str, int] = FrozenDict({c: 0 for c in CATEGORIES})
        self.new_round()      # dice, dice on hubs and cards, once-per-round powers
        self.hub_cache: tuple | None = None

    def new_round(self) -> None:
        """Prepare for next round: no dice out, and every once-per-round power ready again."""
        self.dice: tuple[int, ...] = ()
        self.hub_dice: dict[int, int] = FrozenDict()
        self.card_dice: dict[int, int] = FrozenDict()
        sets, takes = sc.penguin_park_powers(self.types.get("penguin_park", 0))
        self.tile_adjust = self.tile_reroll = sets
        self.park_takes = takes
        self.lighthouse = -1
        self.hospital_used = False
        self.harbour_div = 0
        self.exchange_on = (False, False, False, False)     # tuples, replaced on change
        self.exchange_used = (0, 0, 0, 0)
        self.church_left = CHURCH_DICE
        self.park_new = 0      # Penguin Park Variants placed this round (their repeat bid starts next round)

    def copy(self) -> "Board":
        """An independent copy: one dict copy, since nothing of a board is changed in place."""
        n = _new(Board)
        n.__dict__ = self.__dict__.copy()
        return n

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and all(getattr(self, s) == getattr(other, s) for s in self.FIELDS)

    @property
    def cabin(self) -> int:
        return self.fuel + self.goods

    def cards(self) -> list[int]:
        return [c for c in self.lanes if c]


def replaced(t: tuple, i: int, value: int) -> tuple[int, ...]:
    """The tuple `t` with item i replaced: a board's lanes, ships, dice and cargo change this way (copies
    share them)."""
    items = list(t)          # one list, changed, then a tuple: cheaper than joining two slices
    items[i] = value
    return tuple(items)


def without(t: tuple, value: int) -> tuple[int, ...]:
    """The tuple `t` without its first `value` (a ValueError if there is none): a die leaves a board's
    dice this way (copies share them)."""
    i = t.index(value)
    return t[:i] + t[i + 1:]


def with_item(d: dict, key: object, value: int) -> FrozenDict:
    """The read-only mapping `d` with `key` set to `value`: a board's dice on hubs and cards and its points
    change this way (copies share them)."""
    return FrozenDict({**d, key: value})


def gain(s: GameState, seat: int, item: str, n: int, rule: str, why: str = "") -> None:
    """Take `n` of `item` from the supply; what the freezer or cabin cannot hold goes back."""
    b = s.boards[seat]
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
        b.pts = with_item(b.pts, "Seaside Town", b.pts["Seaside Town"] + n)
    text = "gains {0}" + (" ({1})" if why else "")
    if lost:
        text += ", {2} over the limit " + ("goes" if lost == 1 else "go") + " back to the supply"
    s.emit(text, rule, seat, counted(n, *ITEM_WORDS[item]), why, lost, item=item, amount=n - lost)


def remove_interference(s: GameState, seat: int, n: int, rule: str) -> None:
    b = s.boards[seat]
    k = min(n, b.interference)
    b.interference -= k
    if k:
        s.emit("removes {}", rule, seat, counted(k, "interference tile"))


def count(s: GameState, seat: int, ctype: str) -> int:
    """How many cards of a type (ocean_bank, blue_bar, ...) the seat has in its lanes."""
    return s.boards[seat].types.get(ctype, 0)


def has(s: GameState, seat: int, name: str) -> int:
    """How many cards of that name the seat has in its lanes."""
    return s.boards[seat].names.get(name, 0)
