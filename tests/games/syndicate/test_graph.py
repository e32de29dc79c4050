"""syndicate.graph: the walk DAG and its walks, the neighbourhood/subway graph and the fewest moves per
slot, on arranged pyramids."""
from __future__ import annotations

import networkx as nx

from neko_lab.viz import draw_graph

from neko_lab.games.syndicate import graph
from neko_lab.games.syndicate.data import FISHMONGER, SASHIMI, lower, upper

from . import rig


def test_walk_graph_is_a_dag_of_boxes():
    s = rig.started(seed=1)
    cards = s.deck[-3:]
    rig.build(s, 0, {2: cards[0], 3: cards[1], 4: cards[2]})
    g = graph.walk_graph(s, 0)
    assert nx.is_directed_acyclic_graph(g)
    assert set(g.nodes) == {(p, side) for p in (0, 1, 2, 3, 4) for side in (0, 1)}
    assert set(g.successors((0, 0))) == {(1, 0), (1, 1)}
    assert set(g.successors((1, 1))) == {(4, 0), (4, 1)}      # below-right of place 2 is place 5
    assert set(g.successors((2, 0))) == {(4, 0), (4, 1)}      # below-left of place 3 is place 5 too
    assert g.nodes[(2, 1)]["end"] and not g.nodes[(0, 0)]["end"]


def test_walks_list_every_path_with_its_activations():
    s = rig.started(seed=2)
    cards = s.deck[-2:]
    rig.build(s, 0, {2: cards[0], 3: cards[1]})
    found = graph.walks(s, 0)
    # Accountant -> place 2: its left box leads on to place 4 (2 boxes), its right box ends (3 walks);
    # COO -> place 3: both boxes end (2 walks)
    assert len(found) == 5
    for w in found:
        assert w.boxes[0][0] == 0
        assert [lv for _, lv in w.activations] == list(range(1, len(w.boxes) + 1))
    assert all(w.allowed for w in found)
    rig.waiting(s, 0, [])
    assert {w.boxes[0] for w in graph.walks(s, 0) if w.allowed} == {(0, 0)}


def test_neighbourhood_graph_edges_follow_the_reading():
    s = rig.started(seed=3)
    cards = s.deck[-3:]
    rig.build(s, 0, {2: cards[0], 4: cards[1], 5: cards[2]})
    g = graph.neighbourhood_graph(s, 0)
    vertical = {frozenset(e) for e, k in nx.get_edge_attributes(g, "kind").items() if "vertical" in k}
    assert frozenset((upper(0), lower(0))) in vertical
    assert frozenset((lower(0), upper(1))) in vertical and frozenset((lower(0), upper(2))) in vertical
    assert frozenset((lower(1), upper(4))) in vertical and frozenset((lower(2), upper(4))) in vertical
    assert frozenset((upper(1), upper(2))) not in vertical        # neighbours on one level are not
    for (a, b), kind in nx.get_edge_attributes(g, "kind").items():
        if kind == "subway":
            assert g.nodes[a]["line"] == g.nodes[b]["line"] != ""
    slots = [n for n in g if isinstance(n, tuple)]
    assert len(slots) == sum(len(s.card_at(0, p).slots) for p in (0, 1, 2, 4, 5))


def test_fewest_moves_from_a_fishmonger():
    s = rig.started(seed=4)
    fish = rig.find(s, test=lambda c: (FISHMONGER, 0) in c.boxes and (SASHIMI, 0) in c.slots)
    rig.build(s, 0, {1: fish})
    k = s.cards[fish].slots.index((SASHIMI, 0))
    moves = graph.fewest_moves(s, 0)
    assert moves[(1, k)] == 1                       # its own lower neighbourhood, one step below
    assert moves[(0, 0)] == 3                       # lieutenants' slots: up three neighbourhoods
    rig.put(s, 0, upper(0), 0)
    assert graph.fewest_moves(s, 0)[(0, 0)] == 0
    rig.fill(s, 0, 1, k)
    assert (1, k) not in graph.fewest_moves(s, 0)


def _shown(fig) -> dict:
    """node id -> (text written on it, hover) of a drawn graph."""
    out = {}
    for tr in fig.data:
        if tr.mode and "markers" in tr.mode and tr.hovertext is not None:
            texts = tr.text if tr.text is not None else [None] * len(tr.customdata)
            out.update({node: (text, hover) for node, text, hover in zip(tr.customdata, texts, tr.hovertext)})
    return out


def test_drawn_graphs_count_places_from_1():
    s = rig.started(seed=1)
    cards = s.deck[-3:]
    rig.build(s, 0, {2: cards[0], 3: cards[1], 4: cards[2]})
    walk = _shown(draw_graph(graph.walk_graph(s, 0), node_color="level"))
    assert walk[str((0, 0))][0] == "1L" and walk[str((0, 1))][0] == "1R" and walk[str((4, 1))][0] == "5R"
    assert walk[str((0, 0))][1].startswith("<b>1L</b>")
    assert sorted(t for t, _ in walk.values()) == sorted(f"{p}{side}" for p in (1, 2, 3, 4, 5) for side in "LR")
    hood = _shown(draw_graph(graph.neighbourhood_graph(s, 0), edge_color="kind", labels=False))
    assert hood[str(upper(0))][1].startswith("<b>upper 1</b>")
    assert hood[str(lower(4))][1].startswith("<b>lower 5</b>")
    assert hood[str(("slot", 0, 0))][1].startswith("<b>") and "slot 1 at place 1</b>" in hood[str(("slot", 0, 0))][1]
    assert not any("place: " in h for _, h in hood.values())      # the 0-based place stays for code
