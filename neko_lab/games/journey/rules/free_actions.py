"""Free Actions a)–h), any number of them before, during or after the main action of a turn, and the
card powers that act like free actions (Penguin Park's tiles and discarded-die takes, Hospital, the
Seaside Town exchanges, Light House). The legal list keeps the rulebook's order a) to h)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .. import scoring as sc
from .facts import (A_ADJUST, A_EXCHANGE, A_FISH_COINS, A_FISH_FUEL, A_HARBOUR, A_HOSPITAL, A_MOVE,
                    A_SHIP, A_TAKE_DIE, A_TILE_ADJUST, A_TILE_REROLL, A_UNJAM, EXCHANGES, HARBOUR_SUPPLY,
                    LANE_SHIFT, MAX_LANES, POSITIONS_PER_EDGE, R_CARDS, R_FREE, SHIP_SUPPLY, SLOTS, Act,
                    harbour_cost, ship_cost, where, wrap)
from .hubs import move_ship
from .player_boards import gain, has, remove_interference, replaced
from .ship_lanes import board_hubs, first_space, next_position, ship_starts

if TYPE_CHECKING:
    from .player_boards import Board
    from .state import GameState


def die_fish_cost(s: GameState, seat: int) -> int:
    """Fish for a discarded die: 3, or 2 with the Seaside Town (Fish Market)."""
    return 2 if has(s, seat, "Seaside Town (Fish Market)") else sc.FISH_FOR_DISCARDED_DIE


def ship_supply(s: GameState) -> int:
    left = SHIP_SUPPLY
    for b in s.boards:          # a plain loop: cheaper than sum() over a generator (asked every turn)
        left -= len(b.ships)
    return left


def harbour_supply(s: GameState) -> int:
    left = HARBOUR_SUPPLY
    for b in s.boards:
        left -= b.harbours
    return left


def move_acts(s: GameState, b: Board) -> list:
    """g) every ship that has a next place to move to, when two fuel are there."""
    if b.fuel < sc.MOVE_SHIP_FUEL:
        return []
    acts = []
    for key in sorted(set(b.ships)):
        lane, pos = divmod(key, LANE_SHIFT)
        if next_position(s, b.lanes, lane, pos) is not None:
            acts.append(A_MOVE[key])
    return acts


def cargo_acts(s: GameState, b: Board) -> list:
    """h) every port with an open cargo space, when a good is in the cabin."""
    if not b.goods or not b.types.get("port"):
        return []
    acts = []
    for k in range(b.harbours * SLOTS):
        cid = b.lanes[k]
        if cid and s.C[cid].type == "port" and b.cargo[k] < len(s.C[cid].cargo):
            acts.append(Act("cargo", k // SLOTS, k % SLOTS))
    return acts


def legal_free_actions(s: GameState, seat: int, b: Board, vals: list[int], acts: list) -> None:
    """Append the free actions and free card powers open to the seat this turn."""
    if b.fish:                                                          # a)
        acts.append(A_FISH_COINS)
        if b.fuel + b.goods < sc.CABIN_LIMIT:
            acts.append(A_FISH_FUEL)
    if not s.took_die and s.discard:                                    # b) and Penguin Park takes
        dvals = sorted(set(s.discard))
        if b.fish >= die_fish_cost(s, seat):
            acts += [A_TAKE_DIE[v][0] for v in dvals]
        if b.park_takes:
            acts += [A_TAKE_DIE[v][1] for v in dvals]
    if b.interference:                                                  # c) and Hospital
        if b.coins >= sc.INTERFERENCE_REMOVAL_COST:
            acts.append(A_UNJAM)
        if not b.hospital_used and b.names.get("Hospital"):
            acts.append(A_HOSPITAL)
    nships = len(b.ships)                                               # d)
    if b.coins >= 2 * nships + 1 and ship_supply(s) > 0:
        per_lane = [0] * MAX_LANES
        for x in b.ships:
            per_lane[x // LANE_SHIFT] += 1
        for lane in range(b.harbours):
            if per_lane[lane] < b.harbours:
                acts.append(A_SHIP[lane])
    if b.harbours < sc.MAX_HARBOURS and b.coins >= harbour_cost(b.harbours + 1, b.harbour_div or None) \
            and harbour_supply(s) > 0:                                  # e)
        acts.append(A_HARBOUR)
    if b.fuel >= sc.ADJUST_DIE_FUEL:                                    # f) and the Penguin Park tiles
        for v in vals:
            acts += A_ADJUST[v]
    if b.tile_adjust:
        for v in vals:
            acts += A_TILE_ADJUST[v]
    if b.tile_reroll:
        acts += [A_TILE_REROLL[v] for v in vals]
    if b.fuel >= sc.MOVE_SHIP_FUEL:                                     # g)
        acts += move_acts(s, b)
    if b.goods:                                                         # h)
        acts += cargo_acts(s, b)
    if b.exchange_on[0] or b.exchange_on[2]:                            # Seaside Town exchanges
        # the cap exists for the one endless loop (Trader's coins -> fuel with Merchant's fuel -> coins),
        # every turn of which needs the Trader's coins -> fuel: only that exchange is capped, and only
        # for a player who has both exchanges this round (fuel gained otherwise still trades freely)
        limit = s.options["exchange_limit"] if b.exchange_on[0] and b.exchange_on[2] else None
        for k in range(4):
            if b.exchange_on[k] and (k != 0 or limit is None or b.exchange_used[0] < limit):
                pay, amount, get, _ = EXCHANGES[k]
                have = b.coins if pay == "coins" else b.fuel if pay == "fuel" else b.goods
                room = get not in ("fuel", "good") or b.cabin - (amount if pay in ("fuel", "good") else 0) \
                    < sc.CABIN_LIMIT
                if have >= amount and room:
                    acts.append(A_EXCHANGE[k])
    if b.lighthouse < 0 and b.names.get("Light House"):                 # Light House
        acts += [Act("lighthouse", h[1], h[2]) for h in board_hubs(s, b)]


# ---------------------------------------------------------------- carrying them out
def fish_for_coins(s: GameState, seat: int, act: Act) -> None:
    s.boards[seat].fish -= 1
    gain(s, seat, "coins", sc.FISH_FREE_RATES["coins"], R_FREE, "a fish")


def fish_for_fuel(s: GameState, seat: int, act: Act) -> None:
    s.boards[seat].fish -= 1
    gain(s, seat, "fuel", sc.FISH_FREE_RATES["fuel"], R_FREE, "a fish")


def take_discarded_die(s: GameState, seat: int, act: Act) -> None:
    """b) for fish, or with a Penguin Park take (act.b = 1); one discarded die per turn."""
    b = s.boards[seat]
    if act.b:
        b.park_takes -= 1
    else:
        b.fish -= die_fish_cost(s, seat)
    s.discard.remove(act.a)
    b.dice = (*b.dice, act.a)
    s.took_die = True
    s.emit(f"takes a discarded {act.a}", R_FREE if not act.b else R_CARDS, seat)


def remove_tile(s: GameState, seat: int, act: Act) -> None:
    s.boards[seat].coins -= sc.INTERFERENCE_REMOVAL_COST
    remove_interference(s, seat, 1, R_FREE)


def hospital(s: GameState, seat: int, act: Act) -> None:
    s.boards[seat].hospital_used = True
    remove_interference(s, seat, 1, R_CARDS)


def buy_ship(s: GameState, seat: int, act: Act) -> None:
    b = s.boards[seat]
    cost = ship_cost(len(b.ships) + 1)
    b.coins -= cost
    start = first_space(b, act.a)
    b.starts = ship_starts(b) + (start,)
    b.ships = (*b.ships, act.a * LANE_SHIFT + start * POSITIONS_PER_EDGE)
    spot = (f"on the left half-hub of its first card, in slot {start + 1}" if b.lanes[act.a * SLOTS + start]
            else "on its harbour (no card yet)")
    s.emit("buys a ship for {} coins and puts it in lane {} {}", R_FREE, seat, cost, act.a + 1, spot,
           lane=act.a, start=start)


def open_harbour(s: GameState, seat: int, act: Act) -> None:
    b = s.boards[seat]
    cost = harbour_cost(b.harbours + 1, b.harbour_div or None)
    if b.harbour_div:
        s.emit(f"Harbour City divides the price by {b.harbour_div}", R_CARDS, seat)
        b.harbour_div = 0
    b.coins -= cost
    b.harbours += 1
    s.emit("opens harbour {} for {} coins", R_FREE, seat, b.harbours, cost)


def adjust_die(s: GameState, seat: int, act: Act) -> None:
    """f) a fuel (or the +/-1 tile) turns a die one up or down, 6 and 1 wrapping."""
    b = s.boards[seat]
    if act.kind == "adjust":
        b.fuel -= sc.ADJUST_DIE_FUEL
    else:
        b.tile_adjust -= 1
    i = b.dice.index(act.a)
    b.dice = replaced(b.dice, i, wrap(act.a + act.b))
    s.emit("turns a {} into a {}", R_FREE if act.kind == "adjust" else R_CARDS, seat, act.a, b.dice[i])


def reroll_die(s: GameState, seat: int, act: Act) -> None:
    b = s.boards[seat]
    b.tile_reroll -= 1
    i = b.dice.index(act.a)
    b.dice = replaced(b.dice, i, s.rng.randint(1, 6))
    s.emit(f"rerolls a {act.a}: {b.dice[i]}", R_CARDS, seat)


def move_a_ship(s: GameState, seat: int, act: Act) -> None:
    move_ship(s, seat, act.a, act.b)


def load_cargo(s: GameState, seat: int, lane: int, slot: int) -> None:
    """h) a good onto the port's next cargo space; a covered icon pays; all covered unlocks it."""
    b = s.boards[seat]
    k = lane * SLOTS + slot
    c = s.C[b.lanes[k]]
    space = c.cargo[b.cargo[k]]
    b.cargo = replaced(b.cargo, k, b.cargo[k] + 1)
    b.goods -= 1
    s.emit(f"loads a good onto {c}", R_FREE, seat, card=c.id)
    if space:
        gain(s, seat, space[0], space[1], R_FREE, "cargo space")
    if b.cargo[k] == len(c.cargo):
        s.emit(f"completes the contract of {c}", R_FREE, seat, card=c.id)


def load_a_good(s: GameState, seat: int, act: Act) -> None:
    load_cargo(s, seat, act.a, act.b)


def exchange(s: GameState, seat: int, act: Act) -> None:
    """A Seaside Town exchange, once it is switched on this round."""
    b = s.boards[seat]
    pay, amount, get, got = EXCHANGES[act.a]
    if pay == "coins":
        b.coins -= amount
    elif pay == "fuel":
        b.fuel -= amount
    else:
        b.goods -= amount
    used = list(b.exchange_used)
    used[act.a] += 1
    b.exchange_used = tuple(used)
    gain(s, seat, get, got, R_CARDS, "Seaside Town exchange")


def light_house(s: GameState, seat: int, act: Act) -> None:
    s.boards[seat].lighthouse = act.a * LANE_SHIFT + act.b
    s.emit(f"Light House boosts {where(act.b)} of lane {act.a + 1} this round", R_CARDS, seat)


# the turn's actions this section carries out (see actions.py)
TURN = {"fish_coins": fish_for_coins, "fish_fuel": fish_for_fuel, "take_die": take_discarded_die,
        "unjam": remove_tile, "hospital": hospital, "ship": buy_ship, "harbour": open_harbour,
        "adjust": adjust_die, "tile_adjust": adjust_die, "tile_reroll": reroll_die, "move": move_a_ship,
        "cargo": load_a_good, "exchange": exchange, "lighthouse": light_house}
