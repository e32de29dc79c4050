"""Hubs meeting dice and ships (Hub Activation, and the three questions the rulebook asks after free
action g about ships and dice arriving on a hub): a hub pays whenever a die or a ship arrives, and a die
and a ship meeting there catch a fish (the four cases are `catch_fish_bonus` in facts.py).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .. import scoring as sc
from .facts import LANE_SHIFT, R_DIE_ON_SHIP, R_FREE, R_SHIP_ON_DIE, catch_fish_bonus, where
from .player_boards import gain, replaced, with_item
from .ship_lanes import hub, next_position, ship_starts

if TYPE_CHECKING:
    from .state import GameState


def hub_reward(s: GameState, seat: int, lane: int, pos: int, rule: str) -> None:
    """The hub's multiplier times its item (Light House: two more of that item this round)."""
    b = s.boards[seat]
    mult, item = hub(s, b.lanes, lane, pos)
    n = mult * sc.ITEM_UNIT[item]
    if b.lighthouse == lane * LANE_SHIFT + pos:
        n += sc.LIGHT_HOUSE_BONUS * sc.ITEM_UNIT[item]
    gain(s, seat, item, n, rule, f"hub {mult}x{item}")


def die_on_hub(s: GameState, seat: int, lane: int, pos: int, die: int, rule: str) -> None:
    """A die placed on a hub: the reward, and a fish if ships stand there."""
    b = s.boards[seat]
    key = lane * LANE_SHIFT + pos
    b.hub_dice = with_item(b.hub_dice, key, die)
    hub_reward(s, seat, lane, pos, rule)
    if catch_fish_bonus("die", True, b.ships.count(key)):
        gain(s, seat, "fish", 1, R_DIE_ON_SHIP, "catch a fish")


def move_ship(s: GameState, seat: int, lane: int, pos: int) -> None:
    """Move your ship (free action g): two fuel, one step right; a hub entered pays, and a die alone
    there catches a fish."""
    b = s.boards[seat]
    key = lane * LANE_SHIFT + pos
    new = next_position(s, b.lanes, lane, pos)
    nkey = lane * LANE_SHIFT + new
    others = b.ships.count(nkey)
    # of several ships on one place, the one that has crossed most moves on (ship travel pays more
    # for longer journeys, and the cards ahead are passed by whichever moves)
    b.starts = ship_starts(b)
    i = min((i for i, x in enumerate(b.ships) if x == key), key=lambda i: b.starts[i])
    b.ships = replaced(b.ships, i, nkey)
    b.fuel -= sc.MOVE_SHIP_FUEL
    s.emit(f"moves a ship in lane {lane + 1} from {where(pos)} to {where(new)}", R_FREE, seat, lane=lane, to=new)
    if hub(s, b.lanes, lane, new) is not None:
        hub_reward(s, seat, lane, new, R_FREE)
        if catch_fish_bonus("ship", nkey in b.hub_dice, others):
            gain(s, seat, "fish", 1, R_SHIP_ON_DIE, "catch a fish")
