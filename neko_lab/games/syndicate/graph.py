"""The two networkx models of a player's pyramid.

walk_graph(state, seat)       the command pyramid as a DAG of action boxes: an edge from a box to the two
                              boxes of the card right below it. Every legal walk is a path from a
                              lieutenants box to a box with no card below (Neko Syndicate › Command phase).
walks(state, seat)            those paths, each with the activations it gives.
neighbourhood_graph(state, seat)
                              neighbourhoods as nodes, vertical edges (Delivery lady) and subway edges
                              (Subway operator), delivery slots attached to their upper neighbourhood,
                              each slot marked with the fewest moves a cube needs to reach it.
fewest_moves(state, seat)     {(place, slot): moves or None} for every free slot.
"""
from __future__ import annotations

from collections import deque
from typing import NamedTuple

import networkx as nx

from .data import (CHILD, COLOURS, FISHMONGER, LEVEL_OF, NEIGHBOURHOODS, PLACES, SLOT_KINDS, VERTICAL,
                   WILD, lower, neighbourhood_name, upper)
from .rules import GameState
from .rules.command_phase import WAITING_ROOM_FULL


class Walk(NamedTuple):
    boxes: tuple[tuple[int, int], ...]        # (place, side) from the lieutenants card down
    activations: tuple[tuple[str, int], ...]  # (action as written on the box, up to how many times)
    allowed: bool                             # whether its first box may be chosen now

    def __str__(self) -> str:
        return " -> ".join(f"{a} x{n}" for a, n in self.activations)


def _box_label(state: GameState, seat: int, p: int, side: int) -> str:
    return state.card_at(seat, p).box_text(side)


def walk_graph(state: GameState, seat: int) -> nx.DiGraph:
    """Nodes (place, side), engine numbering counted from 0, with attributes label (the box as a person
    reads it, places counted from 1: '1L' is the left box of place 1), action, level, start (a
    lieutenants box), end (no card below) and allowed (may start a walk now)."""
    g = nx.DiGraph()
    pyr = state.pyramid[seat]
    waiting = len(state.waiting[seat])
    for p in range(PLACES):
        if pyr[p] < 0:
            continue
        for side in (0, 1):
            c = CHILD[p][side]
            g.add_node((p, side), action=_box_label(state, seat, p, side), level=LEVEL_OF[p],
                       label=f"{p + 1}{'LR'[side]}", start=p == 0,
                       end=c < 0 or pyr[c] < 0,
                       allowed=(p != 0 or (waiting < WAITING_ROOM_FULL if side == 0 else waiting > 0)))
    for p, side in list(g.nodes):
        c = CHILD[p][side]
        if c >= 0 and pyr[c] >= 0:
            g.add_edge((p, side), (c, 0))
            g.add_edge((p, side), (c, 1))
    return g


def walks(state: GameState, seat: int) -> list[Walk]:
    """Every walk the pyramid allows now, each with its activations (box action, level)."""
    g = walk_graph(state, seat)
    out = []
    ends = [n for n, d in g.nodes(data=True) if d["end"]]
    for start in ((0, 0), (0, 1)):
        for end in ends:
            for path in nx.all_simple_paths(g, start, end) if start != end else [[start]]:
                acts = tuple((g.nodes[b]["action"], g.nodes[b]["level"]) for b in path)
                out.append(Walk(tuple(path), acts, g.nodes[start]["allowed"]))
    return out


def _line(state: GameState, seat: int, n: int) -> int:
    card = state.card_at(seat, n // 2)
    return card.upper if n % 2 == 0 else card.lower


def neighbourhood_graph(state: GameState, seat: int) -> nx.Graph:
    """Neighbourhood nodes n (engine numbering, from 0; `label` and `name` say e.g. 'upper 3', places
    counted from 1) with place (from 0), level, line and loose cubes; edges with kind 'vertical' or
    'subway'; slot nodes ('slot', place, index) joined to their upper neighbourhood by kind 'slot' edges,
    with label and name ('nigiri slot 1 at place 3'), kind, colour, filled and moves (fewest moves of a
    matching cube, None when no cube or Fishmonger of that colour can reach it). `place` and `name`
    are listed in g.graph["internal"]: neko_lab.viz.draw_graph leaves them out of its hover, which
    is headed by the label."""
    g = nx.Graph(internal=("place", "name"))
    pyr, cubes = state.pyramid[seat], state.cubes[seat]
    nodes = [n for n in range(NEIGHBOURHOODS) if pyr[n // 2] >= 0]
    for n in nodes:
        line = _line(state, seat, n)
        g.add_node(n, label=neighbourhood_name(n), name=neighbourhood_name(n), place=n // 2, level=LEVEL_OF[n // 2],
                   line="ABCD"[line] if line >= 0 else "", cubes=tuple(cubes[4 * n:4 * n + 4]))
    for n in nodes:
        for m in VERTICAL[n]:
            if m in g and m > n:
                g.add_edge(n, m, kind="vertical")
    for n in nodes:
        for m in nodes:
            if m > n and g.nodes[n]["line"] and g.nodes[n]["line"] == g.nodes[m]["line"]:
                if g.has_edge(n, m):
                    g.edges[n, m]["kind"] = "vertical+subway"
                else:
                    g.add_edge(n, m, kind="subway")
    moves = fewest_moves(state, seat)
    for p in range(PLACES):
        if pyr[p] < 0:
            continue
        for k, (kind, colour) in enumerate(state.card_at(seat, p).slots):
            node = ("slot", p, k)
            name = f"{SLOT_KINDS[kind]} slot {k + 1} at place {p + 1}"
            g.add_node(node, label=name, name=name,
                       kind=SLOT_KINDS[kind], colour="wild" if colour == WILD else COLOURS[colour],
                       filled=state.filled[seat][p][k] >= 0, moves=moves.get((p, k)))
            g.add_edge(node, upper(p), kind="slot")
    return g


def _distances(state: GameState, seat: int, sources: list[int]) -> dict[int, int]:
    pyr = state.pyramid[seat]
    placed = [n for n in range(NEIGHBOURHOODS) if pyr[n // 2] >= 0]
    lines = {n: _line(state, seat, n) for n in placed}
    dist = {s: 0 for s in sources}
    todo = deque(sources)
    while todo:
        n = todo.popleft()
        nxt = [m for m in VERTICAL[n] if pyr[m // 2] >= 0]
        if lines[n] >= 0:
            nxt += [m for m in placed if m != n and lines[m] == lines[n]]
        for m in nxt:
            if m not in dist:
                dist[m] = dist[n] + 1
                todo.append(m)
    return dist


def fewest_moves(state: GameState, seat: int) -> dict[tuple[int, int], int | None]:
    """For every free slot (place, index): the fewest vertical steps and subway rides that bring a
    matching cube into its upper neighbourhood, starting from a loose cube of that colour or from the
    lower neighbourhood of a Fishmonger of that colour (wild: any colour). None: unreachable."""
    pyr, cubes = state.pyramid[seat], state.cubes[seat]
    by_colour: dict[int, dict[int, int]] = {}
    for c in range(4):
        sources = [n for n in range(NEIGHBOURHOODS) if cubes[4 * n + c]]
        for p in range(1, PLACES):
            if pyr[p] >= 0 and (FISHMONGER, c) in state.card_at(seat, p).boxes and state.warehouse[seat][c]:
                sources.append(lower(p))
        by_colour[c] = _distances(state, seat, sorted(set(sources)))
    out: dict[tuple[int, int], int | None] = {}
    for p in range(PLACES):
        if pyr[p] < 0:
            continue
        for k, (_, colour) in enumerate(state.card_at(seat, p).slots):
            if state.filled[seat][p][k] >= 0:
                continue
            options = [by_colour[c].get(upper(p)) for c in (range(4) if colour == WILD else (colour,))]
            options = [d for d in options if d is not None]
            out[(p, k)] = min(options) if options else None
    return out
