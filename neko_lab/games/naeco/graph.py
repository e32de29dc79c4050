"""The Ocean as a food web (networkx): cards are nodes, orthogonal neighbours are edges.

A horizontal edge between two species whose values differ by one is a predator-prey link (the higher
value feeds on the lower, "Naéco › Game contents"); the placement rule makes every horizontal pair of
species such a link. Food-chain runs are maximal horizontal lines of species linked this way; a balanced
chain is four touching species 1-2-3-4 in order, left to right or right to left (the missions of
"Naéco › Sea Shepherd France variant").
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .rules.ocean import FACE_DOWN, START, Ocean, depth_col, where

if TYPE_CHECKING:
    import networkx

KIND = {START: "start", FACE_DOWN: "face_down"}


def food_web(ocean: Ocean) -> "networkx.Graph":
    """Nodes (depth, column) with attributes label (the place as a person reads it: "depth 2, 3 columns
    left of the start cards"), kind, value, depth, column, name, attributes; edges between orthogonal
    neighbours with `direction` ("horizontal"/"vertical") and `predator_prey` (True on a horizontal
    species pair one value apart, with `predator` naming the node of higher value). The column is
    signed, 0 being the start cards' column; depth and column are listed in g.graph["internal"], so
    neko_lab.viz.draw_graph heads its hover with the label instead."""
    import networkx as nx

    g = nx.Graph(internal=("depth", "column"))
    cells = ocean.cells
    for p, v in sorted(cells.items()):
        d, c = depth_col(p)
        card = ocean.cards.get(p)
        g.add_node((d, c), label=where(d, c), kind=KIND.get(v, "species"), value=max(v, 0), depth=d, column=c,
                   name=card.name if card is not None and v > 0 else "",
                   attributes=tuple(card.attributes) if card is not None and v > 0 else ())
    for p, v in sorted(cells.items()):
        d, c = depth_col(p)
        w = cells.get(p + 4)
        if w is not None:
            link = v > 0 and w > 0 and abs(v - w) == 1
            data = {"direction": "horizontal", "predator_prey": link}
            if link:
                data["predator"] = (d, c) if v > w else (d, c + 1)
            g.add_edge((d, c), (d, c + 1), **data)
        if d < 4 and p + 1 in cells:
            g.add_edge((d, c), (d + 1, c), direction="vertical", predator_prey=False)
    return g


def predator_prey_edges(g: "networkx.Graph") -> list[tuple]:
    """The (predator, prey) node pairs of a food_web graph."""
    out = []
    for a, b, data in g.edges(data=True):
        if data.get("predator_prey"):
            pred = data["predator"]
            out.append((pred, b if pred == a else a))
    return sorted(out)


def food_chain_runs(ocean: Ocean, min_length: int = 2) -> list[list[tuple[int, int]]]:
    """Maximal horizontal runs of touching species, each neighbour one value apart, as lists of
    (depth, column) from left to right; only runs of at least `min_length` cards."""
    cells = ocean.cells
    runs = []
    for p in sorted(cells):
        v = cells[p]
        if v <= 0:
            continue
        left = cells.get(p - 4)
        if left is not None and left > 0 and abs(left - v) == 1:
            continue  # not the start of a run
        run = [p]
        q = p
        while True:
            w = cells.get(q + 4)
            if w is None or w <= 0 or abs(w - cells[q]) != 1:
                break
            q += 4
            run.append(q)
        if len(run) >= min_length:
            runs.append([depth_col(x) for x in run])
    return runs


def balanced_chains(ocean: Ocean) -> list[list[tuple[int, int]]]:
    """Every four touching species of one row valued 1-2-3-4 or 4-3-2-1 (left to right)."""
    cells = ocean.cells
    out = []
    for p in sorted(cells):
        vals = [cells.get(p + 4 * k) for k in range(4)]
        if vals == [1, 2, 3, 4] or vals == [4, 3, 2, 1]:
            out.append([depth_col(p + 4 * k) for k in range(4)])
    return out


def balanced_chain_in_row(ocean: Ocean, depth: int) -> bool:
    return any(chain[0][0] == depth for chain in balanced_chains(ocean))
