"""The Syndicate agent's value of a position: its estimate of a seat's final score (`value`).

The parts (`estimate`, named in `value_weights.PARTS`): the running score; the missions already met
(solo, with the exact order bonus against CatANNA's marker, `order_bonus`); a little for each card
placed and each minion waiting; each loose cube counted as the points of the best free slot it fits,
discounted by the moves it still needs (less early on); each unmet mission as a share of the points it
would bring in the turns `progress.turns_to_go` expects, plus a share for each unit of it already done
(`planner.share_done`: cubes out, cubes delivered, slots of the cards that would complete it), so a
step towards a mission far off is seen; the cubes the walks left can deliver at the rates
`progress.walk_rates` reads off the pyramid, up to the free slots its own sushi fits; and, solo, the
extra points of the discard pile CatANNA's pyramid will be drawn from (`her_extra`). Solo they are
weighed turn by turn by the fitted `value_weights.WEIGHTS`, against rivals by `value_weights.HAND`.

Solo, one part stands beside the fitted ones: each unmet "complete" mission (17-24) adds `FOCUS_W`
(half) of its expected points per share of it done. The fitted weight of "missions by units done" is
near 0 from turn 2 to 9 (fitted to play that rarely completed those cards, so it could not learn what
completing them brings), and the agent met 22 of 100 such missions on seeds 100-199: it lost the
games where it missed them by 18 points on average, and broke even (+0.1) where it met them. Measured
there (very easy, paired with the agent without it): half +3.6 ± 2.1 points of margin, a quarter
+0.7 ± 1.7, the whole +0.3 ± 2.1 (more such missions met, 32 of 100 against 29 with half, but fewer
points from completed cards, 14.3 against 15.7); the same half for missions 1 and 8 as well
changed nothing (+3.6 ± 2.2: neither was met more often); the deliver missions too, -0.1 ± 2.0.
"""
from __future__ import annotations

from collections import deque
from itertools import compress
from operator import mul
from typing import Any, Callable

from .data import (COOK, CUBE_INDEX, DELIVERY, FISHMONGER, LEVEL_OF, MULTIPLIER, NEIGHBOURHOODS, NIGIRI, PLACES,
                   STOREKEEPER, SUBWAY, TURNS, VERTICAL, WILD, lower, upper)
from .planner import share_done
from .progress import NEVER, placements_left, turns_to_go, walk_rates
from .rules import GameState, mission_cards
from .rules.final_scoring import level_counts
from .rules.minions_cards import Carry, Swap
from .scoring import PER_LOOSE_CUBE, level_points
from .value_weights import HAND, WEIGHTS

DISCOUNT = 0.8          # per move a loose cube still needs
EARLY = 0.1             # added to DISCOUNT, times the share of the game left: early on, moves are cheap
CARD_BONUS = 2.5        # per placed minion, times the share of the game left
SLOT_BONUS = 0.5        # per slot on placed cards, times the share of the game left
HORIZON = 4.0          # turns before the end when loose cubes start to count as lost
WAITING_BONUS = 1.0     # per waiting minion (the next Chief Operations Officer has a choice), up to 2
SLOTS_PER_CARD = 2.0    # fitting slots a card still to be placed is expected to bring
MISSION_W = 0.25        # share of a mission's expected points (met in the turns progress.py estimates)
PROGRESS_W = 1.0        # share of those points per share of the mission done (planner.share_done)
FUTURE_W = 2.0          # points per cube the walks left are expected to deliver
FOCUS_W = 0.5           # solo: share of a focus mission's points per share of it done (not fitted)
FOCUS_MISSIONS = frozenset(range(17, 25))   # the "complete" missions


CACHE_SIZE = 50000      # entries an agent remembers before it starts afresh


def remember(cache: dict, key: tuple, make: Callable[[], Any]) -> Any:
    """cache[key], made by make() the first time it is asked for."""
    v = cache.get(key)
    if v is None:
        if len(cache) > CACHE_SIZE:
            cache.clear()
        v = cache[key] = make()
    return v


def made(cache: dict, key: tuple, make: Callable[[], Any]) -> Any:
    """remember() for a key just looked up and not found: make it and keep it (no second look-up)."""
    if len(cache) > CACHE_SIZE:
        cache.clear()
    v = cache[key] = make()
    return v


def distances(state: GameState, seat: int, cache: dict) -> list[list[int]]:
    """Fewest vertical steps or subway rides between neighbourhoods of seat's pyramid (99: none)."""
    return remember(cache, state.pyramid[seat], lambda: pyramid_distances(state, seat))


def pyramid_distances(state: GameState, seat: int) -> list[list[int]]:
    pyr = state.pyramid[seat]
    cards = state.cards
    lines = [-1] * NEIGHBOURHOODS
    for p in range(1, PLACES):
        if pyr[p] >= 0:
            lines[2 * p], lines[2 * p + 1] = cards[pyr[p]].upper, cards[pyr[p]].lower
    placed = [n for n in range(NEIGHBOURHOODS) if pyr[n // 2] >= 0]
    minions = [cards[c] for c in pyr[1:] if c >= 0]
    vertical = any(c.has(DELIVERY) for c in minions)      # a move needs its minion in the pyramid
    if not any(c.has(SUBWAY) for c in minions):
        lines = [-1] * NEIGHBOURHOODS
    table = []
    for s0 in range(NEIGHBOURHOODS):
        d = [99] * NEIGHBOURHOODS
        if pyr[s0 // 2] >= 0:
            d[s0] = 0
            todo = deque([s0])
            while todo:
                n = todo.popleft()
                nxt = [m for m in VERTICAL[n] if pyr[m // 2] >= 0] if vertical else []
                if lines[n] >= 0:
                    nxt += [m for m in placed if lines[m] == lines[n]]
                for m in nxt:
                    if d[m] == 99:
                        d[m] = d[n] + 1
                        todo.append(m)
        table.append(d)
    return table


def free_slots(state: GameState, seat: int) -> list[tuple[int, int, float]]:
    """(upper neighbourhood, colour or WILD, points a cube there would add) of every free slot the seat
    can fill (nigiri only with a Cook in the pyramid)."""
    pyr, filled, cards = state.pyramid[seat], state.filled[seat], state.cards
    cooks = any(cards[c].has(COOK) for c in pyr[1:] if c >= 0)
    free = []
    for p in range(PLACES):
        if pyr[p] < 0:
            continue
        card = cards[pyr[p]]
        empty = not any(c >= 0 for c in filled[p])
        m = MULTIPLIER[LEVEL_OF[p]]
        missing = sum(1 for c in filled[p] if c < 0)
        for k, (kind, colour) in enumerate(card.slots):
            if filled[p][k] < 0 and (kind != NIGIRI or cooks):
                free.append((upper(p), colour, m * (1 + (2 if empty else 0)) + card.extra * m / missing))
                empty = False                     # the card's first delivery lifts its -2 only once
    return free


def goal(dist: list[list[int]], free: list, n: int, c: int) -> tuple[float, int]:
    """(worth, moves) of the best free slot for a cube of colour c in neighbourhood n."""
    best, moves = 0.0, 99
    for u, col, gain in free:
        if col == c or col == WILD:
            d = dist[n][u]
            if d < 99 and gain * DISCOUNT ** d > best:
                best, moves = gain * DISCOUNT ** d, d
    return best, moves


# points of one loose cube at each index of a seat's cube counts (4 colours per neighbourhood)
LOOSE_POINTS = tuple(PER_LOOSE_CUBE * MULTIPLIER[LEVEL_OF[i // 8]] for i in CUBE_INDEX)


def card_points(state: GameState, seat: int, cache: dict) -> int:
    """The structure points of the seat's cards and deliveries, remembered per pyramid and slots."""
    pyr, filled = state.pyramid[seat], state.filled[seat]
    return remember(cache, ("structure", pyr, filled),
                    lambda: sum(level_points(*row) * MULTIPLIER[lv]
                                for lv, row in enumerate(level_counts(state.cards, pyr, filled, None), start=1)))


def value(state: GameState, seat: int, cache: dict, missions: bool = False) -> float:
    """The agent's estimate of `seat`'s final score from this position (solo: less what the position
    is expected to add to CatANNA's): its parts (`estimate`) weighed by `value_weights.WEIGHTS` solo,
    by `value_weights.HAND` (1 each) against rivals."""
    if state.over:
        return float(state.scores()[seat])
    if state.pending[-1].kind == "catanna_wild":     # solo: the seat's score is final
        return final_score(state, seat, cache)
    key = ("value", state.pyramid[seat], state.cubes[seat], state.filled[seat], state.warehouse[seat],
           state.waiting[seat], state.markers[seat], state.turn, state.walked[seat], state.missions,
           missions)
    solo = state.players == 1
    w = WEIGHTS[state.turn] if solo else HAND
    # the cache holds (parts, solo, the parts weighed): the weighing is done once per position
    known = cache.get(key)
    if known is None:                # made(), written out (a value is asked for at every search step)
        if len(cache) > CACHE_SIZE:
            cache.clear()
        known = cache[key] = weighed(estimate(state, seat, cache, missions), w, solo)
    elif known[1] is not solo:       # the same cache used for a game of another size: weigh again
        known = weighed(known[0], w, solo)
    v = known[2]
    if solo and w[-1]:
        v += w[-1] * her_extra(state, cache)
    return v


def final_score(state: GameState, seat: int, cache: dict) -> float:
    """Solo, once CatANNA's wild slots are to be chosen: the seat's score, final (her slots change
    only her own), remembered under what it reads: the seat's cards, slots and loose cubes, and every
    marker (the order bonus); the tie-break is not scored before the game is over."""
    key = ("final", state.pyramid[seat], state.filled[seat], state.cubes[seat], tuple(state.markers),
           state.catanna.markers if state.catanna is not None else None, state.path_values)
    v = cache.get(key)
    if v is None:
        if len(cache) > CACHE_SIZE:
            cache.clear()
        v = cache[key] = float(state.scores()[seat])
    return v


def weighed(parts: tuple, w: tuple, solo: bool) -> tuple[tuple, bool, float]:
    """(parts, solo, value()'s sum of the parts weighed by `w`, without her_extra)."""
    v = 0.0
    for a, b in zip(w, parts[:-1]):
        v += a * b
    if solo:
        v += FOCUS_W * parts[-1]
    return parts, solo, v


def her_extra(state: GameState, cache: dict | None = None) -> float:
    """Solo: the extra points CatANNA's pyramid is expected to draw from the discard pile. Her nine cards
    come from the pile at the end, so each card discarded has about a 9-in-(final pile size) chance to
    be hers; her score follows the pile's extra points (about 9 points per point of the pile's mean
    extra, measured over 50 seeded games), not its slot count (her warehouse runs out first)."""
    final = max(9, len(state.discard) + TURNS - state.turn)
    if cache is None:
        return 9 * sum(state.cards[c].extra for c in state.discard) / final
    # [cards, each card's extra points, the pile last asked about, its turn, its answer]: the positions of
    # a search mostly share their pile, so the last answer is kept for the next question
    known = cache.get("extra")
    discard = state.discard
    if known is None or known[0] is not state.cards:
        known = cache["extra"] = [state.cards, tuple(c.extra for c in state.cards), None, -1, 0.0]
    elif known[3] == state.turn and known[2] == discard:
        return known[4]
    v = 9 * sum(map(known[1].__getitem__, discard)) / final
    known[2:] = [list(discard), state.turn, v]
    return v


def shape_parts(state: GameState, seat: int, cache: dict) -> tuple:
    """What the value reads off the seat's cards and slots alone in this turn, remembered together (one
    look-up per position instead of one per part): (structure points of cards and deliveries, free
    slots, the cards' bonus, free slots its own sushi fits, distances, the cube offers found so far, and
    what each placement of loose cubes met so far adds: `cube_parts`)."""
    pyr, filled = state.pyramid[seat], state.filled[seat]
    key = ("shape", pyr, filled, state.turn)
    known = cache.get(key)
    if known is not None:
        return known
    left = (TURNS - state.turn) / TURNS
    cards = 0.0
    for p in range(1, PLACES):
        if pyr[p] >= 0:
            cards += (CARD_BONUS + SLOT_BONUS * len(filled[p])) * left
    fixed = card_points(state, seat, cache)
    free = remember(cache, ("free", pyr, filled), lambda: free_slots(state, seat))
    fitting = remember(cache, ("fitting", pyr, filled), lambda: fitting_slots(state, seat, free))
    # (worth, slot) of one cube of each neighbourhood and colour (reach_worth): the same for the whole turn
    offered = remember(cache, ("offers", pyr, filled, state.turn), dict)
    return made(cache, key, lambda: (fixed, free, cards, fitting, distances(state, seat, cache), offered, {}))


def cube_parts(state: GameState, seat: int, cache: dict, shape: tuple) -> tuple[float, int, int, float]:
    """What the loose cubes bring to the value with the cards and slots of `shape` (shape_parts()), the
    same for every position of the turn with these cubes (remembered in the shape): (structure points,
    loose cubes counted up to 4, cubes on levels 1-2, their reach: reach_worth)."""
    cubes = state.cubes[seat]
    known = shape[6].get(cubes)
    if known is None:
        fixed, free, _, _, dist, offered, by_cubes = shape
        loose = min(4, sum(cubes))
        left = (TURNS - state.turn) / TURNS
        reach = reach_worth(state, seat, dist, free, left, cache, offered) if loose else 0.0
        # the loose cubes' own points, over the few counts that are not 0 (whole numbers: the same sum)
        own = sum(map(mul, compress(LOOSE_POINTS, cubes), compress(cubes, cubes)))
        known = by_cubes[cubes] = (float(fixed + own), loose, sum(cubes[:4 * lower(2) + 4]), reach)
    return known


def estimate(state: GameState, seat: int, cache: dict, missions: bool) -> tuple:
    """The parts of the value, in the order of `value_weights.PARTS` but for the last, her_extra, and
    then the focus on the missions in FOCUS_MISSIONS (`missions_worth`)."""
    shape = shape_parts(state, seat, cache)
    cards, fitting = shape[2], shape[3]
    pyr = state.pyramid[seat]
    structure, loose, top, reach = cube_parts(state, seat, cache, shape)   # the seat's structure points, ...
    marks = state.markers[seat]
    met = sum(state.path_values[m - 1] + order_bonus(state, k, m)
              for k, m in enumerate(marks) if m) if any(marks) else 0
    left = (TURNS - state.turn) / TURNS
    waiting = WAITING_BONUS * min(2, len(state.waiting[seat])) * left
    key = ("rates", pyr, state.warehouse[seat], loose)
    rates = cache.get(key) or made(cache, key, lambda: walk_rates(state, seat))
    walks_left = TURNS - state.turn + (state.walked[seat] < state.turn) - 1
    # the missions look at cubes only through the warehouse and the cubes on levels 1-2 (top)
    key = ("missions", pyr, state.filled[seat], state.waiting[seat], state.warehouse[seat], top,
           loose, state.markers[seat], state.turn, state.walked[seat], state.missions, missions)
    now, date, done, focus = cache.get(key) or made(cache, key,
                                                    lambda: missions_worth(state, seat, rates, missions, cache))
    future = 0.0
    if walks_left > 0:
        future = FUTURE_W * min(walks_left * rates[1], fitting + SLOTS_PER_CARD * placements_left(state, seat))
    return (structure, met + now, cards, waiting, reach, date, done, future, focus)


def order_bonus(state: GameState, k: int, column: float) -> float:
    """The order bonus mission k is expected to bring if met in `column`; solo, exact against CatANNA's
    marker (5 at or before her column, else 3), plus the 2 points she then loses (5 becomes 3 when the
    player is strictly earlier). With rivals, a middling 3."""
    if state.players == 1 and state.catanna is not None and state.catanna.markers[k]:
        h = state.catanna.markers[k]
        return (5.0 if column <= h else 3.0) + (2.0 if column < h else 0.0)
    return 3.0


def missions_worth(state: GameState, seat: int, rates: tuple, missions: bool,
                   cache: dict) -> tuple[float, float, float, float]:
    """What the missions not yet marked are expected to bring, as (met now, by date, by units done,
    focus): a mission met now its points at this meeting (when `missions`), one in reach a share of its
    points at the date `progress.turns_to_go` expects, and a further share for each unit of it already
    done (`planner.share_done`); the focus is those points times the share done again, for the missions
    in FOCUS_MISSIONS only (weighed by FOCUS_W in solo games). Each mission's share is remembered under
    what that mission reads."""
    now = date = units = focus = 0.0
    f = None
    for k, number in enumerate(state.missions):
        if state.markers[seat][k]:
            continue
        key = mission_key(state, seat, k, number, rates, missions)
        got = cache.get(key)
        if got is None:
            if f is None:                   # the facts are worked out only if some mission needs them
                f = mission_cards.facts(state, seat)
            got = made(cache, key, lambda: one_mission(state, seat, k, number, f, rates, missions))
        now += got[0]
        date += got[1]
        units += got[2]
        focus += got[3]
    return now, date, units, focus


def mission_key(state: GameState, seat: int, k: int, number: int, rates: tuple, missions: bool) -> tuple:
    """What one_mission() reads for mission `number` (in place k), besides the game's constants."""
    base = ("mission", number, k, state.players, state.turn, missions)
    if number == 1:                                     # the stock
        return base + (sum(state.warehouse[seat]), rates[0])
    if number == 8:                                     # cubes on levels 1-2, loose or delivered
        return base + (sum(state.cubes[seat][:4 * lower(2) + 4]), state.filled[seat][:3], rates[0])
    if number <= 7:                                     # cards to place
        return base + (state.pyramid[seat], state.waiting[seat], state.walked[seat])
    if number <= 16:                                    # slots to fill
        return base + (state.pyramid[seat], state.filled[seat], rates[1])
    return base + (state.pyramid[seat], state.filled[seat], state.waiting[seat], state.walked[seat], rates[1])


def one_mission(state: GameState, seat: int, k: int, number: int, f: mission_cards.Facts, rates: tuple,
                missions: bool) -> tuple[float, float, float, float]:
    """missions_worth()'s shares for the unmarked mission `number` in place k (the last: the focus)."""
    if mission_cards.CHECKS[number](f):
        if missions:
            return state.path_values[state.turn - 1] + order_bonus(state, k, state.turn), 0.0, 0.0, 0.0
        return 0.0, 0.0, 0.0, 0.0
    t = turns_to_go(state, seat, number, f, rates)
    if t < NEVER:
        worth = mission_worth(state, k, state.turn + max(t, 1.0))
        done = share_done(state, seat, number, f)
        return (0.0, MISSION_W * worth, PROGRESS_W * worth * done if done else 0.0,
                worth * done if done and number in FOCUS_MISSIONS else 0.0)
    return 0.0, 0.0, 0.0, 0.0


def fitting_slots(state: GameState, seat: int, free: list) -> float:
    """Free slots the pyramid's own sushi can fill: of a colour one of its Fishmongers takes, or wild,
    or any with a Storekeeper to exchange cubes."""
    pyr, cards = state.pyramid[seat], state.cards
    colours = {WILD}
    for c in pyr[1:]:
        if c >= 0:
            card = cards[c]
            if card.has(STOREKEEPER):
                return float(len(free))
            for action, colour in card.boxes:
                if action == FISHMONGER:
                    colours.add(colour)
    return float(sum(1 for _, col, _ in free if col in colours))


def reach_worth(state: GameState, seat: int, dist: list, free: list, left: float, cache: dict,
                offered: dict | None = None) -> float:
    """What the loose cubes may still earn: each matched to a different free slot it fits (best offers
    first), worth the slot's points and its own -2 undone, discounted by the moves it still needs; in the
    last turn only a cube already beside its slot counts.

    The cubes of one neighbourhood and colour have the same offers, so they are matched as one stack:
    taking each offer (best first; of equal worth, the later stack and then the later slot first, as
    numbering the cubes one by one in stack order would) while its slot is free and its stack has a cube
    left matches the same slots in the same order as matching the cubes one at a time."""
    total = 0.0
    cubes = state.cubes[seat]
    # (worth, index, slot) of one cube of each neighbourhood and colour: the same for the whole turn
    if offered is None:
        offered = remember(cache, ("offers", state.pyramid[seat], state.filled[seat], state.turn), dict)
    offers: list = []
    for i in compress(CUBE_INDEX, cubes):
        mine = offered.get(i)
        if mine is None:
            mine = offered[i] = [(w, i, j) for w, j in cube_offers(state, dist, free, left, i)]
        offers += mine
    units = sum(cubes)
    offers.sort(reverse=True)
    most = min(units, len(free))         # matches possible: once made, no later offer adds anything
    room = list(cubes)                   # cubes of each stack not matched yet
    taken_slot: set = set()
    matched = 0
    for worth, i, j in offers:
        if room[i] and j not in taken_slot:
            room[i] -= 1
            taken_slot.add(j)
            total += worth
            matched += 1
            if matched == most:
                break
    return total


def cube_offers(state: GameState, dist: list, free: list, left: float, i: int) -> list[tuple[float, int]]:
    """(worth, slot) of each free slot a loose cube at index i of the cube counts fits (reach_worth)."""
    soon = min(1.0, (TURNS - state.turn) / HORIZON)
    last = state.turn >= TURNS
    base = DISCOUNT + EARLY * left
    n, c = i >> 2, i & 3
    row = dist[n]
    m2 = 2 * MULTIPLIER[LEVEL_OF[n // 2]]
    mine = []
    for j, (u, col, gain) in enumerate(free):
        if col == c or col == WILD:
            d = row[u]
            if d < 99:
                reach = float(d == 0) if last else base ** d * soon
                mine.append((gain * 0.9 * reach + m2 * reach, j))
    return mine


def mission_worth(state: GameState, k: int, column: float) -> float:
    """Path points plus the order bonus (`order_bonus`) for mission k met at (fractional) `column`."""
    if column > TURNS:
        return 0.0
    i = int(column)
    path = state.path_values
    a = path[i - 1]
    b = path[i] if i < TURNS else 0
    v = a + (b - a) * (column - i)
    return v + order_bonus(state, k, column) if v > 0 else 0.0


MOVES = frozenset({Carry, Swap})       # the kinds of action prune() judges (no subclasses of either)


def prune(state: GameState, seat: int, legal: list, cache: dict) -> list:
    """Moves and exchanges that bring a cube nearer a slot it fits (and every other kind of action)."""
    if MOVES.isdisjoint(map(type, legal)):
        return legal
    pyr, filled = state.pyramid[seat], state.filled[seat]
    goals = remember(cache, ("goals", pyr, filled), dict)      # (neighbourhood, colour) -> goal()
    dist = free = None

    def best(n: int, c: int) -> tuple[float, int]:
        nonlocal dist, free
        g = goals.get((n, c))
        if g is None:
            if dist is None:
                dist = distances(state, seat, cache)
                free = remember(cache, ("free", pyr, filled), lambda: free_slots(state, seat))
            g = goals[n, c] = goal(dist, free, n, c)
        return g

    keep = []
    known = goals.get                   # goal() of a cube already asked about, without a call of best()
    for a in legal:
        kind = type(a)
        if kind is Carry:
            c = a.colour
            if (known((a.to, c)) or best(a.to, c))[1] < (known((a.frm, c)) or best(a.frm, c))[1]:
                keep.append(a)
        elif kind is Swap:
            n = a.at
            if (known((n, a.new)) or best(n, a.new))[0] > (known((n, a.old)) or best(n, a.old))[0] * 1.2:
                keep.append(a)
        else:
            keep.append(a)
    return keep or legal
