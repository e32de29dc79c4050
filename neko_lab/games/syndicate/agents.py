"""A heuristic Neko Syndicate agent.

At the first box of each walk it tries every walk the pyramid offers (on a copy where the drawing deck
is re-shuffled, so it never peeks at cards it could not know), playing each box's uses one at a time by
the best value after the use, and keeps the walk that ends best. Inside a box it takes the use with the
best value. The value of a position for a seat is its running score, with every loose cube counted
not as a penalty but as the points it could still earn: the best free slot it fits, discounted by the
moves it needs to reach it (less early in the game, when the walks left can carry it a long way); and
each placed card is worth a little more the earlier it comes.
"""
from __future__ import annotations

from collections import deque
from typing import Hashable

from neko_lab.agents.base import Agent

from .data import (COOK, DELIVERY, LEVEL_OF, SUBWAY, MULTIPLIER, NEIGHBOURHOODS, NIGIRI, PLACES, TURNS, VERTICAL, WILD,
                   upper)
from .rules import GameState, mission_cards
from .rules.final_scoring import level_counts
from .rules.minions_cards import Carry, Swap
from .scoring import level_points

DISCOUNT = 0.8          # per move a loose cube still needs
EARLY = 0.1             # added to DISCOUNT, times the share of the game left: early on, moves are cheap
CARD_BONUS = 2.5        # per placed minion, times the share of the game left
SLOT_BONUS = 0.5        # per slot on placed cards, times the share of the game left
HORIZON = 4.0          # turns before the end when loose cubes start to count as lost
WAITING_BONUS = 1.0     # per waiting minion (the next Chief Operations Officer has a choice), up to 2


def distances(state: GameState, seat: int, cache: dict) -> list[list[int]]:
    """Fewest vertical steps or subway rides between neighbourhoods of seat's pyramid (99: none)."""
    pyr = state.pyramid[seat]
    if pyr in cache:
        return cache[pyr]
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
    if len(cache) > 5000:
        cache.clear()
    cache[pyr] = table
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


def structure_points(state: GameState, seat: int) -> int:
    counts = level_counts(state.cards, state.pyramid[seat], state.filled[seat], state.cubes[seat])
    return sum(level_points(*row) * MULTIPLIER[lv] for lv, row in enumerate(counts, start=1))


def value(state: GameState, seat: int, cache: dict, missions: bool = False) -> float:
    """The agent's estimate of `seat`'s final score from this position."""
    if state.over:
        return float(state.scores()[seat])
    total = float(structure_points(state, seat))
    total += sum(state.path_values[m - 1] + 3 for m in state.markers[seat] if m)
    pyr, cubes = state.pyramid[seat], state.cubes[seat]
    left = (TURNS - state.turn) / TURNS
    for p in range(1, PLACES):
        if pyr[p] >= 0:
            total += (CARD_BONUS + SLOT_BONUS * len(state.filled[seat][p])) * left
    total += WAITING_BONUS * min(2, len(state.waiting[seat])) * left
    if any(cubes):
        dist = distances(state, seat, cache)
        free = free_slots(state, seat)
        soon = min(1.0, (TURNS - state.turn) / HORIZON)
        offers = []
        loose = []
        for i, v in enumerate(cubes):
            n, c = i >> 2, i & 3
            for _ in range(v):
                k = len(loose)
                loose.append(MULTIPLIER[LEVEL_OF[n // 2]])
                for j, (u, col, gain) in enumerate(free):
                    if (col == c or col == WILD) and dist[n][u] < 99:
                        d = dist[n][u]
                        reach = (DISCOUNT + EARLY * left) ** d * soon if state.turn < TURNS else float(d == 0)
                        offers.append((gain * 0.9 * reach + 2 * loose[k] * reach, k, j))
        offers.sort(reverse=True)
        taken_cube, taken_slot = set(), set()
        for worth, k, j in offers:
            if k not in taken_cube and j not in taken_slot:
                taken_cube.add(k)
                taken_slot.add(j)
                total += worth
    if missions:
        f = mission_cards.facts(state, seat)
        for k, number in enumerate(state.missions):
            if not state.markers[seat][k] and mission_cards.CHECKS[number](f):
                total += state.path_values[state.turn - 1] + 3
    return total


def prune(state: GameState, seat: int, legal: list, cache: dict) -> list:
    """Moves and exchanges that bring a cube nearer a slot it fits (and every other kind of action)."""
    if not any(isinstance(a, (Carry, Swap)) for a in legal):
        return legal
    dist = distances(state, seat, cache)
    free = free_slots(state, seat)
    keep = []
    for a in legal:
        if isinstance(a, Carry):
            if goal(dist, free, a.to, a.colour)[1] < goal(dist, free, a.frm, a.colour)[1]:
                keep.append(a)
        elif isinstance(a, Swap):
            if goal(dist, free, a.at, a.new)[0] > goal(dist, free, a.at, a.old)[0] * 1.2:
                keep.append(a)
        else:
            keep.append(a)
    return keep or legal


class SyndicateAgent(Agent):
    """Plans each walk by trying them all; inside a box, the use with the best value."""

    name = "syndicate"

    def __init__(self, seed: int | None = None):
        super().__init__(seed)
        self.cache: dict = {}
        self.plan: list = []
        self.plan_key: tuple = ()

    def choose(self, state: GameState) -> Hashable:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = state.current_player
        top = state.pending[-1]
        if top.kind == "walk":
            key = (state.seed, state.turn, seat)
            if top.data == 0 or self.plan_key != key or not self.plan or self.plan[0] not in legal:
                base = state.determinize(seat, self.core_rng())
                _, self.plan = self.best_walk(base, seat)
                self.plan_key = key
            return self.plan.pop(0)
        return self.one_ply(state, seat, legal)

    def one_ply(self, state: GameState, seat: int, legal: list) -> Hashable:
        legal = prune(state, seat, legal, self.cache)
        best, best_v = legal[0], float("-inf")
        for a in legal:
            child = state.clone()
            child.apply(a)
            v = value(child, seat, self.cache)
            if v > best_v:
                best, best_v = a, v
        return best

    def best_walk(self, state: GameState, seat: int) -> tuple[float, list]:
        """(value, boxes to take) of the best way on from a walk decision of `seat`."""
        best: tuple[float, list] = (float("-inf"), [])
        turn = state.turn
        for a in state.legal_actions():
            child = state.clone()
            child.apply(a)
            v, rest = self.finish_walk(child, seat, turn)
            if v > best[0]:
                best = (v, [a] + rest)
        return best

    def finish_walk(self, state: GameState, seat: int, turn: int) -> tuple[float, list]:
        """Play `seat`'s walk of `turn` to its end (the next seat, or in solo the next turn, stops it)."""
        while not state.over and state.current_player == seat and state.walked[seat] < turn:
            if state.pending[-1].kind == "walk":
                return self.best_walk(state, seat)
            legal = state.legal_actions()
            state.apply(legal[0] if len(legal) == 1 else self.one_ply(state, seat, legal))
        return value(state, seat, self.cache, missions=True), []

