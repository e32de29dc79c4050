"""Ship lanes as hub chains (networkx), and what a card would be worth in each open slot.

A ship lane is a row of up to five card slots to the right of a harbour ("Journey › Place a card into
your ship lane"). Two neighbouring cards form a hub: the right card's left half-hub gives the
multiplier (also the die that activates it), the left card's right half-hub gives the item; a port
also carries hubs of its own along the ship's path ("Journey › Action Phase › Activate a Hub or a Card
Effect", "Journey › Card Reference Guide › Port").

`lane_graph(state, seat)` draws every lane of a seat as a chain of positions a ship can stand on:

    node (lane, pos)   lane and pos as in the engine, counted from 0 (pos = 4 * boundary + j; boundary
                       0 = the harbour, 5 = the end)
        kind           "harbour" | "hub" | "half_hub" (a boundary whose hub is not complete) | "end"
        label, where   the position as a person reads it, lanes and slots counted from 1: short
                       ("L1 2|3") and in words ("lane 1, between slots 2 and 3"); see pos_label, pos_where
        multiplier, item (None for a half-hub), yield, die (0 = none this round),
        ships (how many of the seat's ships stand there)
        lane, pos, slot_boundary, x, y
                       engine numbering and drawing place, for code (the graph lists them in
                       g.graph["internal"], which neko_lab.viz.draw_graph leaves out of its hover)
    edge (a, b)        a card crossing: a ship moving from a to b crosses (part of) that card
        card, name, type, points, cost, slot (engine numbering, from 0), completes (True when the
        step leaves the card: the ship has then crossed it completely, which is what ship travel and
        final scoring count)

Lanes are disjoint chains (node attribute `lane`); an empty slot leaves its two boundaries without an
edge between them, exactly where a ship would have to stop ("Journey › Free Actions › g) Move your ship").

`placement_values(state, seat, card)` lists every open slot with the hubs the card would complete
there and their yield, and the gap cost of the slot.

Yield: the number of items one activation of a hub hands over, whether a die matching its multiplier
is placed on it or a ship moves onto it: multiplier × what one printed icon is worth (scoring.ITEM_UNIT:
a coin icon is two coins, every other icon one item). A Light House bonus is not included.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from . import scoring as sc
from .data import Card

if TYPE_CHECKING:
    import networkx

    from .rules import GameState

SLOTS = 5
STEP = 4             # positions per slot boundary (rules.POSITIONS_PER_EDGE)
LANE_SHIFT = 32      # ships and hub dice are keyed lane * 32 + pos (rules.LANE_SHIFT)
INTERNAL = ("lane", "pos", "slot_boundary", "x", "y")   # node attributes for code, not for a reader


def hub_yield(multiplier: int, item: str) -> int:
    """Items handed over by one activation of a hub (by a die or a ship): multiplier × icon worth."""
    return multiplier * sc.ITEM_UNIT.get(item, 1)


def _card(state: "GameState", card: Any) -> Card:
    if isinstance(card, Card):
        return card
    return state.card(int(card))


def _lane(state: "GameState", seat: int, lane: int) -> list[int]:
    return list(state.lane_cards(seat, lane))


def pos_label(lane: int, pos: int) -> str:
    """A short name of a position as a person reads it, lanes and slots counted from 1 (`lane` and `pos`
    are the engine's, counted from 0): "L1 harbour", "L1 2|3" (the boundary between slots 2 and 3),
    "L1 s2.1" (the first hub inside the card in slot 2), "L1 end"."""
    edge, j = divmod(pos, STEP)
    if j:
        return f"L{lane + 1} s{edge + 1}.{j}"
    if edge == 0:
        return f"L{lane + 1} harbour"
    if edge == SLOTS:
        return f"L{lane + 1} end"
    return f"L{lane + 1} {edge}|{edge + 1}"


def pos_where(lane: int, pos: int) -> str:
    """The same position in words: "lane 1, harbour", "lane 1, between slots 2 and 3", "lane 1, hub 1
    inside the card in slot 2", "lane 1, end (after slot 5)"."""
    edge, j = divmod(pos, STEP)
    if j:
        return f"lane {lane + 1}, hub {j} inside the card in slot {edge + 1}"
    if edge == 0:
        return f"lane {lane + 1}, harbour"
    if edge == SLOTS:
        return f"lane {lane + 1}, end (after slot {SLOTS})"
    return f"lane {lane + 1}, between slots {edge} and {edge + 1}"


def lane_graph(state: "GameState", seat: int) -> "networkx.DiGraph":
    """Every opened lane of `seat` as a chain of positions joined by card crossings (see the module
    docstring for the node and edge attributes). Nodes are (lane, pos); `x`, `y` place lane `lane` on
    row -lane, so ``neko_lab.viz.draw_graph(g, pos=lambda g: {n: (d["x"], d["y"]) ...})`` or simply
    ``pos=layout(g)`` draws the lanes as rows."""
    import networkx as nx

    g = nx.DiGraph(seat=seat, internal=INTERNAL)
    b = state.boards[seat]
    dice = dict(b.hub_dice)
    ships: dict[int, int] = {}
    for key in b.ships:
        ships[key] = ships.get(key, 0) + 1
    for lane in range(b.harbours):
        cards = _lane(state, seat, lane)
        positions = [STEP * e for e in range(SLOTS + 1)]
        for slot, cid in enumerate(cards):
            if cid:
                positions += [STEP * slot + j + 1 for j in range(len(state.card(cid).hubs))]
        for pos in sorted(positions):
            edge, j = divmod(pos, STEP)
            hub = state.hub_at(seat, lane, pos) if 0 < pos < STEP * SLOTS else None
            if pos == 0:
                kind = "harbour"
            elif pos == STEP * SLOTS:
                kind = "end"
            else:
                kind = "hub" if hub is not None else "half_hub"
            mult, item = hub if hub is not None else (None, None)
            key = lane * LANE_SHIFT + pos
            g.add_node((lane, pos), label=pos_label(lane, pos), where=pos_where(lane, pos), kind=kind,
                       multiplier=mult, item=item, **{"yield": hub_yield(mult, item) if hub else 0},
                       die=dice.get(key, 0), ships=ships.get(key, 0), lane=lane, pos=pos, slot_boundary=edge,
                       x=edge + (j / (len(state.card(cards[edge]).hubs) + 1) if j else 0.0),
                       y=-float(lane))
        for slot, cid in enumerate(cards):
            if not cid:
                continue
            c = state.card(cid)
            stops = [STEP * slot + j + 1 for j in range(len(c.hubs))] + [STEP * (slot + 1)]
            prev = STEP * slot
            for k, nxt in enumerate(stops):
                g.add_edge((lane, prev), (lane, nxt), card=cid, name=c.name, type=c.type, points=c.points,
                           cost=c.cost, slot=slot, completes=(k == len(stops) - 1))
                prev = nxt
    return g


def layout(g: "networkx.DiGraph") -> dict:
    """Node positions drawing each lane as a row, harbour on the left (for neko_lab.viz.draw_graph)."""
    return {n: (d["x"], d["y"]) for n, d in g.nodes(data=True)}


def lane_hubs(g: "networkx.DiGraph") -> list[tuple]:
    """The complete hubs of a lane graph as (lane, pos, multiplier, item, yield), in lane order."""
    return [(d["lane"], d["pos"], d["multiplier"], d["item"], d["yield"])
            for n, d in sorted(g.nodes(data=True)) if d["kind"] == "hub"]


def ship_route(g: "networkx.DiGraph", lane: int, start: int = 0) -> list[tuple[int, int]]:
    """The positions a ship of `lane` standing at `start` can still reach, in order (it stops at a gap)."""
    route = [(lane, start)]
    node = (lane, start)
    while True:
        nxt = list(g.successors(node))
        if not nxt:
            return route
        node = nxt[0]
        route.append(node)


class HubGain(NamedTuple):
    """A hub a placed card would complete: where, from which half-hubs, and its yield."""
    side: str          # "left" (with the card before it), "right" (with the card after it), "port" (its own)
    pos: int           # position of the hub in the lane (engine numbering)
    multiplier: int
    item: str
    yield_: int        # items per activation (multiplier × icon worth)
    partner: int       # the neighbouring card id (the card itself for a port's own hubs)


def gap_cost(state: "GameState", seat: int, lane: int, slot: int) -> int:
    """Coins for the empty slots between `slot` and the harbour ("Journey › Place a card into your ship
    lane"): the engine's own gap_cost() when it has one."""
    own = getattr(state, "gap_cost", None)
    if own is not None:
        return own(seat, lane, slot)
    return sum(1 for c in _lane(state, seat, lane)[:slot] if not c)


def placement_values(state: "GameState", seat: int, card: Any) -> list[dict]:
    """For every open slot of `seat`'s opened lanes: the hubs `card` (a card id or Card) would complete
    there, their yield and the gap cost. One dict per slot, sorted by (lane, slot):

        lane, slot, gap_cost, hubs (list of HubGain), hub_count, total_yield,
        items ({item: yield summed over the new hubs}), dice (sorted multipliers = dice that activate them)
    """
    c = _card(state, card)
    b = state.boards[seat]
    out = []
    for lane in range(b.harbours):
        cards = _lane(state, seat, lane)
        for slot in range(SLOTS):
            if cards[slot]:
                continue
            hubs: list[HubGain] = []
            if slot > 0 and cards[slot - 1]:
                left = state.card(cards[slot - 1])
                hubs.append(HubGain("left", STEP * slot, c.left, left.right, hub_yield(c.left, left.right), left.id))
            for j, (m, item) in enumerate(c.hubs):
                hubs.append(HubGain("port", STEP * slot + j + 1, m, item, hub_yield(m, item), c.id))
            if slot < SLOTS - 1 and cards[slot + 1]:
                right = state.card(cards[slot + 1])
                hubs.append(HubGain("right", STEP * (slot + 1), right.left, c.right,
                                    hub_yield(right.left, c.right), right.id))
            items: dict[str, int] = {}
            for h in hubs:
                items[h.item] = items.get(h.item, 0) + h.yield_
            out.append({"lane": lane, "slot": slot, "gap_cost": gap_cost(state, seat, lane, slot),
                        "hubs": hubs, "hub_count": len(hubs), "total_yield": sum(h.yield_ for h in hubs),
                        "items": dict(sorted(items.items())), "dice": sorted(h.multiplier for h in hubs)})
    out.sort(key=lambda d: (d["lane"], d["slot"]))
    return out


def chain_hubs(cards: list[Card]) -> list[tuple[int, str, int]]:
    """The hubs a row of cards makes, left to right, as (multiplier, item, yield): between each pair the
    right card's multiplier meets the left card's item; a port adds its own hubs. For notebooks comparing
    card orders without a game."""
    out = []
    for i, c in enumerate(cards):
        if i:
            prev = cards[i - 1]
            out.append((c.left, prev.right, hub_yield(c.left, prev.right)))
        out += [(m, item, hub_yield(m, item)) for m, item in c.hubs]
    return out


def pair_hubs(cards: list[Card]) -> list[dict]:
    """Every ordered pair of different cards (a on the left, b on the right) with the hub they make:
    b's multiplier meets a's item. One row per pair, sorted by yield (highest first), then by ids."""
    rows = []
    for a in cards:
        for b in cards:
            if a.id == b.id:
                continue
            rows.append({"left": a.id, "left_name": a.name, "right": b.id, "right_name": b.name,
                         "multiplier": b.left, "item": a.right, "yield": hub_yield(b.left, a.right)})
    rows.sort(key=lambda r: (-r["yield"], r["left"], r["right"]))
    return rows


def lane_summary(state: "GameState", seat: int) -> dict[str, int]:
    """A seat's lanes in numbers: harbours, ships, cards, ports (and how many have every cargo space
    filled), complete hubs, cards crossed by all ships together, and cards some ship has passed."""
    b = state.boards[seat]
    ports = unlocked = passed = 0
    done = state.passed_slots(seat)
    for lane in range(b.harbours):
        for slot, cid in enumerate(_lane(state, seat, lane)):
            if not cid:
                continue
            c = state.card(cid)
            if lane * SLOTS + slot in done:
                passed += 1
            if c.type == "port":
                ports += 1
                if b.cargo[lane * SLOTS + slot] >= len(c.cargo):
                    unlocked += 1
    return {"harbours": b.harbours, "ships": len(b.ships), "cards": sum(1 for c in b.lanes if c),
            "ports": ports, "ports_unlocked": unlocked,
            "hubs": sum(len(state.lane_hubs(seat, lane)) for lane in range(b.harbours)),
            "crossed": sum(state.crossed(seat)), "cards_passed": passed}


__all__ = ["pair_hubs", "lane_summary", "lane_graph", "layout", "lane_hubs", "ship_route", "placement_values", "gap_cost", "hub_yield",
           "HubGain", "chain_hubs", "pos_label", "pos_where"]
