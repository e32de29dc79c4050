"""The lane graph and placement values of Journey, on positions arranged through the engine's lanes
("Journey › End of a Round › Place a card into your ship lane",
 "Journey › Action Phase › Activate a Hub or a Card Effect")."""
from __future__ import annotations

import networkx as nx

import neko_lab as nl
from neko_lab.core.frozen import FrozenDict
from neko_lab.agents.base import RandomAgent
from neko_lab.games.journey.rules.player_boards import replaced
from neko_lab.games.journey.graph import (chain_hubs, hub_yield, lane_graph, lane_summary, layout, pair_hubs,
                                          placement_values, ship_route)
from neko_lab.viz import draw_graph


def game(seed: int = 1, players: int = 3):
    return nl.new_game("journey", players=players, seed=seed)


def put(state, seat: int, lane: int, slot: int, name: str, nth: int = 0) -> int:
    """Move a card named `name` (the nth of that name) from wherever it waits (a deck, the bidding area)
    into a slot of `seat`'s lane: every card stays accounted for."""
    ids = sorted(c.id for c in state.data.cards if c.name == name)
    cid = ids[nth]
    for deck in state.decks:
        if cid in deck:
            deck.remove(cid)
    for i, x in enumerate(state.spaces):
        if x == cid:
            state.spaces[i] = 0
    if cid in state.box:
        state.box.remove(cid)
    b = state.boards[seat]
    b.lanes = replaced(b.lanes, lane * 5 + slot, cid)     # lanes: a tuple, replaced on change
    c = state.card(cid)
    b.names = FrozenDict({**b.names, c.name: b.names.get(c.name, 0) + 1})   # read-only: clones share them
    b.types = FrozenDict({**b.types, c.type: b.types.get(c.type, 0) + 1})
    state._legal = None
    return cid


def by_name(state, name: str, nth: int = 0) -> int:
    return sorted(c.id for c in state.data.cards if c.name == name)[nth]


# ---------------------------------------------------------------------------------- placement values
def test_benno_penguin_park_in_third_space_pays_one_coin():
    s = game()
    put(s, 0, 0, 1, "Blue Bar")                     # a card in the second space
    park = by_name(s, "Penguin Park")
    places = {(p["lane"], p["slot"]): p for p in placement_values(s, 0, park)}
    assert places[(0, 2)]["gap_cost"] == 1           # the first space is still empty
    assert places[(0, 0)]["gap_cost"] == 0           # the option he considered: free
    assert (0, 1) not in places                      # the taken space is not open
    assert places[(0, 3)]["gap_cost"] == 2 and places[(0, 4)]["gap_cost"] == 3
    s.check_invariants()


def test_first_card_in_second_space_pays_one_coin_and_second_card_next_to_first_is_free():
    s = game()
    bank = by_name(s, "Ocean Bank")
    assert [p["gap_cost"] for p in placement_values(s, 0, bank)] == [0, 1, 2, 3, 4]
    put(s, 0, 0, 0, "Fuel Platform")
    assert [(p["slot"], p["gap_cost"]) for p in placement_values(s, 0, bank)] == [(1, 0), (2, 1), (3, 2), (4, 3)]


def test_placed_card_completes_hubs_with_both_neighbours():
    s = game()
    left = put(s, 0, 0, 0, "Fuel Platform", 1)       # right half-hub: coins
    right = put(s, 0, 0, 2, "Blue Bar", 2)           # left half-hub: multiplier 3
    park = by_name(s, "Penguin Park", 1)             # left 2, right fish
    c_left, c_right, c_park = s.card(left), s.card(right), s.card(park)
    place = next(p for p in placement_values(s, 0, park) if p["slot"] == 1)
    sides = {h.side: h for h in place["hubs"]}
    assert sides["left"].multiplier == c_park.left and sides["left"].item == c_left.right
    assert sides["right"].multiplier == c_right.left and sides["right"].item == c_park.right
    assert sides["left"].yield_ == hub_yield(c_park.left, c_left.right)
    assert place["total_yield"] == sum(h.yield_ for h in place["hubs"])
    assert place["dice"] == sorted([c_park.left, c_right.left])
    assert place["gap_cost"] == 0
    # the other open slots touch no card on one side or both
    others = [p for p in placement_values(s, 0, park) if p["slot"] != 1]
    assert [p["slot"] for p in others] == [3, 4]
    assert [h.side for h in others[0]["hubs"]] == ["left"]
    assert others[1]["hubs"] == []


def test_a_port_brings_its_own_hubs():
    s = game()
    port = by_name(s, "Port")
    own = s.card(port).hubs
    place = placement_values(s, 0, port)[0]
    assert [(h.side, h.multiplier, h.item) for h in place["hubs"]] == [("port", m, i) for m, i in own]


def test_hub_yield_follows_the_rulebook_hub_examples():
    # a "1" fuel hub gives 1 fuel; a "2" coins hub gives 2x2 = 4 coins
    assert hub_yield(1, "fuel") == 1
    assert hub_yield(2, "coins") == 4
    assert hub_yield(3, "good") == 3


def test_placement_values_only_cover_opened_lanes_and_are_sorted():
    s = game()
    s.boards[0].harbours = 2
    put(s, 0, 1, 0, "Ocean Bank")
    vals = placement_values(s, 0, by_name(s, "Blue Bar"))
    keys = [(p["lane"], p["slot"]) for p in vals]
    assert keys == sorted(keys)
    assert {k[0] for k in keys} == {0, 1}
    assert (1, 0) not in keys and len(keys) == 9


def _payment(state, action, cid) -> int:
    t = state.clone()
    t.apply(action)
    return next(e for e in reversed(t.log) if e.data.get("card") == cid and "paid" in e.data).data["paid"]


def test_gap_cost_matches_what_the_engine_charges():
    """Drive real games until won or bought cards are placed: in every legal slot the engine charges
    the same price plus exactly the gap cost placement_values() reports."""
    checked = 0
    for seed in range(8):
        s = game(seed)
        agent = RandomAgent(seed=seed)
        while not s.is_over() and checked < 6:
            top = s.pending[-1]
            if top.kind in ("win", "place"):
                seat = top.seat
                cid = s.spaces[top.data] if top.kind == "win" else top.data[0]
                gaps = {(p["lane"], p["slot"]): p["gap_cost"] for p in placement_values(s, seat, cid)}
                places = [a for a in s.legal_actions() if a.kind == "place"]
                prices = {_payment(s, a, cid) - gaps[(a.a, a.b)] for a in places}
                assert len(prices) <= 1
                if any(gaps[(a.a, a.b)] for a in places):
                    checked += 1
            s.apply(agent.choose(s))
    assert checked > 0


# ---------------------------------------------------------------------------------- the lane graph
def test_lane_graph_nodes_match_the_engine_hubs():
    s = game()
    put(s, 0, 0, 0, "Fuel Platform")
    put(s, 0, 0, 1, "Port")
    put(s, 0, 0, 2, "Penguin Park")
    g = lane_graph(s, 0)
    hubs = {(d["lane"], d["pos"]): (d["multiplier"], d["item"]) for _, d in g.nodes(data=True) if d["kind"] == "hub"}
    engine = {(h.lane, h.pos): (h.multiplier, h.item) for h in s.lane_hubs(0, 0)}
    assert hubs == engine
    assert g.nodes[(0, 0)]["kind"] == "harbour"
    assert g.nodes[(0, 20)]["kind"] == "end"
    assert g.nodes[(0, 12)]["kind"] == "half_hub"            # right of the last card: not complete
    assert all(d["yield"] == hub_yield(d["multiplier"], d["item"]) for _, d in g.nodes(data=True)
               if d["kind"] == "hub")


def test_edges_are_card_crossings_and_the_route_is_the_engine_path():
    s = game()
    f = put(s, 0, 0, 0, "Fuel Platform")
    p = put(s, 0, 0, 1, "Port")
    put(s, 0, 0, 3, "Ocean Bank")                            # after a gap: unreachable for now
    g = lane_graph(s, 0)
    assert [pos for _, pos in ship_route(g, 0)] == s.lane_path(0, 0)
    first = g.edges[(0, 0), (0, 4)]
    card = s.card(f)
    assert (first["card"], first["name"], first["type"], first["points"]) == (f, card.name, card.type, card.points)
    port_edges = [d for _, _, d in g.edges(data=True) if d["card"] == p]
    assert len(port_edges) == len(s.card(p).hubs) + 1
    assert [d["completes"] for d in port_edges] == [False] * len(s.card(p).hubs) + [True]
    assert not g.has_edge((0, 8), (0, 12))                   # the empty third slot
    assert g.has_edge((0, 12), (0, 16))                      # the card beyond the gap


def test_lanes_are_disjoint_chains_with_dice_and_ships():
    s = game()
    b = s.boards[0]
    b.harbours = 2
    put(s, 0, 0, 0, "Ocean Bank")
    put(s, 0, 0, 1, "Blue Bar")
    put(s, 0, 1, 0, "Fuel Platform")
    put(s, 0, 1, 1, "Penguin Park")
    b.ships = (4, 32 + 4, 32 + 4)
    b.hub_dice = {4: s.hub_at(0, 0, 4)[0]}
    g = lane_graph(s, 0)
    assert isinstance(g, nx.DiGraph)
    comps = list(nx.weakly_connected_components(g.subgraph([n for n in g if g.degree(n)])))
    assert sorted({n[0] for n in c}.pop() for c in comps) == [0, 1]
    assert all(len({n[0] for n in c}) == 1 for c in comps)
    assert {d["lane"] for _, d in g.nodes(data=True)} == {0, 1}
    assert g.nodes[(0, 4)]["die"] == s.hub_at(0, 0, 4)[0] and g.nodes[(0, 4)]["ships"] == 1
    assert g.nodes[(1, 4)]["ships"] == 2 and g.nodes[(1, 4)]["die"] == 0
    pos = layout(g)
    assert pos[(1, 0)][1] < pos[(0, 0)][1]                   # lane 1 is drawn under lane 0


def test_the_drawn_lane_graph_counts_lanes_and_slots_from_1():
    s = game()
    s.boards[0].harbours = 2
    put(s, 0, 0, 0, "Fuel Platform")
    p = put(s, 0, 0, 1, "Port")
    put(s, 0, 1, 0, "Ocean Bank")
    g = lane_graph(s, 0)
    fig = draw_graph(g, pos=layout(g), node_color="kind", edge_color="name")
    shown = {}
    for tr in fig.data:
        if tr.mode == "markers+text":
            shown.update({node: (text, hover) for node, text, hover in zip(tr.customdata, tr.text, tr.hovertext)})
    assert set(shown) == {str(n) for n in g}
    text, hover = shown[str((0, 0))]
    assert text == "L1 harbour" and hover.startswith("<b>L1 harbour</b>") and "lane 1, harbour" in hover
    text, hover = shown[str((0, 4))]                         # between the first two cards
    assert text == "L1 1|2" and "lane 1, between slots 1 and 2" in hover
    assert shown[str((0, 5))][0] == "L1 s2.1" and len(s.card(p).hubs) >= 1   # the port's first own hub
    assert shown[str((0, 20))][0] == "L1 end"
    assert shown[str((1, 0))][0] == "L2 harbour" and shown[str((1, 4))][0] == "L2 1|2"
    for text, hover in shown.values():
        assert "L0" not in text and "lane 0" not in hover and "slot 0" not in hover
        assert "<br>lane: " not in hover and "<br>pos: " not in hover and "slot_boundary" not in hover


def test_chain_hubs_pair_multiplier_of_the_right_card_with_item_of_the_left():
    s = game()
    a, b = s.card(by_name(s, "Ocean Bank", 1)), s.card(by_name(s, "Penguin Park", 2))
    assert chain_hubs([a, b]) == [(b.left, a.right, hub_yield(b.left, a.right))]
    assert chain_hubs([b, a]) == [(a.left, b.right, hub_yield(a.left, b.right))]


def test_pair_hubs_lists_both_orders_with_the_right_cards_multiplier():
    s = game()
    cards = [s.card(by_name(s, "Ocean Bank", 1)), s.card(by_name(s, "Penguin Park", 2)), s.card(by_name(s, "Blue Bar"))]
    rows = pair_hubs(cards)
    assert len(rows) == 6
    for r in rows:
        left, right = s.card(r["left"]), s.card(r["right"])
        assert (r["multiplier"], r["item"]) == (right.left, left.right)
        assert r["yield"] == hub_yield(right.left, left.right)
    assert [r["yield"] for r in rows] == sorted((r["yield"] for r in rows), reverse=True)


def test_lane_summary_counts_harbours_ships_ports_hubs_and_crossings():
    s = game()
    b = s.boards[0]
    b.harbours = 2
    put(s, 0, 0, 0, "Ocean Bank")
    port = put(s, 0, 0, 1, "Port")
    put(s, 0, 0, 2, "Blue Bar")
    b.cargo = replaced(b.cargo, 1, len(s.card(port).cargo))   # every cargo space filled
    b.ships = (8, 32)                                 # one ship past two cards, one in its harbour
    summary = lane_summary(s, 0)
    assert summary == {"harbours": 2, "ships": 2, "cards": 3, "ports": 1, "ports_unlocked": 1,
                       "hubs": len(s.lane_hubs(0, 0)), "crossed": 2, "cards_passed": 2}
