"""A picture of a Journey table as one SVG string: a pure function of the state.

    from neko_lab.games.journey.render import svg
    svg(state)                      # the whole table
    svg(state, viewer=0, slots=[(0, 2)], hubs=[(0, 4)], spaces=[1])   # with places lit in green

What it shows: the round, the stage and the turn order; the four mid-game scoring tiles; the bidding
area with every card and every seat's dice on it; the discard area; then one board per seat with
coins, fuel, goods, fish, interference tiles and dice (the draft pool while drafting), and its ship
lanes: harbour, cards in their slots, hubs (multiplier on an item colour), the dice standing on hubs
and cards this round, ships, and the cargo already loaded on ports. Hidden things (the draft picks of
the current pass, cards drawn by another seat) are never drawn.

Hover any card, hub or die for its details (SVG <title>).
"""
from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Iterable

from .graph import LANE_SHIFT, SLOTS, STEP, hub_yield

if TYPE_CHECKING:
    from .data import Card
    from .rules import GameState

PLAYER_COLOURS = ("#d7263d", "#e8a317", "#6a3d9a", "#2e8b57")      # red, yellow, purple, green
ITEM_FILL = {"fuel": "#444444", "coins": "#f2c14e", "good": "#a0522d", "fish": "#3a86c8"}
ITEM_INK = {"fuel": "#ffffff", "coins": "#3b2a00", "good": "#ffffff", "fish": "#ffffff"}
ITEM_SHORT = {"fuel": "fuel", "coins": "coin", "good": "good", "fish": "fish"}
TYPE_FILL = {"port": "#cfe3f5", "ocean_bank": "#fbe7a1", "blue_bar": "#bfd7ff", "fuel_platform": "#d9d9d9",
             "penguin_park": "#d8f0d0", "special": "#f4d6e8", "seaside_town": "#ffe0c2"}
LEGAL = "#2e9e44"
CW, CH, HG = 118, 72, 26        # card width, card height, gap between slots (where hubs sit)
HARBOUR_W = 44
DIE = 18


def _t(x: float, y: float, text: str, size: int = 11, anchor: str = "start", fill: str = "#222",
       weight: str = "normal") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" fill="{fill}" '
            f'font-weight="{weight}">{escape(text)}</text>')


def _light(colour: str) -> bool:
    """True for a light fill (dark ink reads on it)."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b > 150


def die_svg(x: float, y: float, value: int, colour: str = "#ffffff", tip: str = "", size: int = DIE) -> str:
    """One die showing its number; `colour` is the owner's colour."""
    ink = "#111111" if _light(colour) else "#ffffff"
    title = f"<title>{escape(tip)}</title>" if tip else ""
    return (f'<g class="die">{title}<rect x="{x:.1f}" y="{y:.1f}" width="{size}" height="{size}" rx="3" '
            f'fill="{colour}" stroke="#222"/>{_t(x + size / 2, y + size * 0.72, str(value), int(size * 0.65), "middle", ink, "bold")}</g>')


def _short(name: str, limit: int = 19) -> str:
    return name if len(name) <= limit else name[:limit - 1] + "…"


def card_svg(card: "Card", x: float, y: float, width: float = CW, height: float = CH, stroke: str = "#333",
             note: str = "") -> str:
    """A card: name, cost and points, its left half-hub multiplier and right half-hub item at the edges,
    a port's cargo spaces and own hubs."""
    fill = TYPE_FILL.get(card.type, "#eeeeee")
    tip = (f"{card} — {card.type.replace('_', ' ')}, cost {card.cost}, {card.points} PP; left half-hub "
           f"×{card.left}, right half-hub {card.right}" + (f"; cargo {len(card.cargo)}" if card.cargo else "")
           + (f"; own hubs {', '.join(f'{m}×{i}' for m, i in card.hubs)}" if card.hubs else ""))
    parts = [f'<g class="card"><title>{escape(tip)}</title>'
             f'<rect x="{x:.1f}" y="{y:.1f}" width="{width}" height="{height}" rx="6" fill="{fill}" stroke="{stroke}"/>',
             _t(x + width / 2, y + 14, _short(card.name), 10, "middle", "#111", "bold"),
             _t(x + width / 2, y + height - 6, f"cost {card.cost} · {card.points} PP", 9, "middle", "#333")]
    # the half-hubs at the edges: the left multiplier, the right item
    parts.append(f'<rect x="{x - 1:.1f}" y="{y + height / 2 - 9:.1f}" width="16" height="18" rx="3" fill="#ffffff" '
                 f'stroke="#555"/>' + _t(x + 7, y + height / 2 + 4, str(card.left), 11, "middle", "#111", "bold"))
    parts.append(f'<rect x="{x + width - 15:.1f}" y="{y + height / 2 - 9:.1f}" width="16" height="18" rx="3" '
                 f'fill="{ITEM_FILL[card.right]}" stroke="#555"/>'
                 + _t(x + width - 7, y + height / 2 + 4, card.right[0].upper(), 10, "middle", ITEM_INK[card.right], "bold"))
    if card.cargo:
        parts.append(_t(x + width / 2, y + 26, "cargo " + " ".join("·" if s is None else f"{s[1]}{s[0][0]}"
                                                                      for s in card.cargo), 8, "middle", "#234"))
    if note:
        parts.append(_t(x + width / 2, y + 37, note, 9, "middle", "#234"))
    parts.append("</g>")
    return "".join(parts)


def hub_svg(x: float, y: float, mult: int, item: str, tip: str = "", lit: bool = False, r: float = 12) -> str:
    """A complete hub: a disc in the item's colour with the multiplier (= the die that activates it)."""
    stroke = f'stroke="{LEGAL}" stroke-width="3"' if lit else 'stroke="#222"'
    return (f'<g class="hub"><title>{escape(tip or f"hub {mult}×{item}")}</title>'
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="{ITEM_FILL[item]}" {stroke}/>'
            + _t(x, y + 4, str(mult), 12, "middle", ITEM_INK[item], "bold") + "</g>")


def ship_svg(x: float, y: float, colour: str, count: int = 1) -> str:
    label = f"{count} ships" if count > 1 else "a ship"
    path = f"M{x - 9:.1f},{y:.1f} L{x + 9:.1f},{y:.1f} L{x + 5:.1f},{y + 7:.1f} L{x - 5:.1f},{y + 7:.1f} Z"
    mast = f'<line x1="{x:.1f}" y1="{y:.1f}" x2="{x:.1f}" y2="{y - 10:.1f}" stroke="#222"/>'
    sail = f'<path d="M{x:.1f},{y - 10:.1f} L{x + 7:.1f},{y - 3:.1f} L{x:.1f},{y - 3:.1f} Z" fill="#ffffff" stroke="#222"/>'
    extra = _t(x + 11, y + 6, f"×{count}", 10, "start", "#111", "bold") if count > 1 else ""
    return f'<g class="ship"><title>{label}</title><path d="{path}" fill="{colour}" stroke="#222"/>{mast}{sail}{extra}</g>'


def pos_x(x0: float, pos: int, hubs_in_card: int = 0) -> float:
    """Horizontal position of a lane position (engine numbering) for a lane drawn from x0."""
    edge, j = divmod(pos, STEP)
    left = x0 + HARBOUR_W + HG
    if j:
        return left + edge * (CW + HG) + CW * j / (hubs_in_card + 1)
    return left + edge * (CW + HG) - HG / 2


def lane_svg(state: "GameState", seat: int, lane: int, x0: float, y0: float,
             slots: Iterable[tuple[int, int]] = (), hubs: Iterable[tuple[int, int]] = ()) -> tuple[str, float]:
    """One ship lane: harbour, five slots, hubs, dice, ships and cargo. Returns (markup, height)."""
    b = state.boards[seat]
    colour = PLAYER_COLOURS[seat % 4]
    lit_slots = {s for (l, s) in slots if l == lane}
    lit_hubs = {p for (l, p) in hubs if l == lane}
    cards = list(state.lane_cards(seat, lane))
    cy = y0 + 14 + CH / 2            # the ships' path
    parts = [f'<rect x="{x0:.1f}" y="{y0 + 14:.1f}" width="{HARBOUR_W}" height="{CH}" rx="6" fill="#8fb9d8" '
             f'stroke="#234"><title>harbour of lane {lane}</title></rect>',
             _t(x0 + HARBOUR_W / 2, y0 + 14 + CH / 2 + 4, f"H{lane + 1}", 12, "middle", "#0b2540", "bold"),
             f'<line x1="{x0 + HARBOUR_W:.1f}" y1="{cy:.1f}" x2="{pos_x(x0, STEP * SLOTS) + HG / 2:.1f}" '
             f'y2="{cy:.1f}" stroke="#8fb9d8" stroke-width="3" stroke-dasharray="6,4"/>']
    left = x0 + HARBOUR_W + HG
    for slot, cid in enumerate(cards):
        x = left + slot * (CW + HG)
        if cid:
            c = state.card(cid)
            k = lane * SLOTS + slot
            note = ""
            if c.cargo:
                note = f"loaded {b.cargo[k]}/{len(c.cargo)}"
            parts.append(card_svg(c, x, y0 + 14, note=note))
            if k in b.card_dice:
                parts.append(die_svg(x + CW - 38, y0 + 16, b.card_dice[k], colour, "die on the card this round"))
            for j, (m, item) in enumerate(c.hubs):
                pos = STEP * slot + j + 1
                hx = pos_x(x0, pos, len(c.hubs))
                parts.append(hub_svg(hx, y0 + 14 + 50, m, item, f"port hub {m}×{item}: {hub_yield(m, item)} {item}",
                                     pos in lit_hubs, r=9))
        else:
            lit = slot in lit_slots
            stroke = f'stroke="{LEGAL}" stroke-width="3"' if lit else 'stroke="#9ab" stroke-dasharray="4,3"'
            fill = "#dff3df" if lit else "#fbfdff"
            gap = state.gap_cost(seat, lane, slot) if hasattr(state, "gap_cost") else 0
            parts.append(f'<rect x="{x:.1f}" y="{y0 + 14:.1f}" width="{CW}" height="{CH}" rx="6" fill="{fill}" {stroke}>'
                         f'<title>empty slot {slot + 1} (gap cost {gap})</title></rect>')
            parts.append(_t(x + CW / 2, y0 + 14 + CH / 2 - 6, f"slot {slot + 1}" + (f" · gap {gap}" if gap else ""),
                            10, "middle", LEGAL if lit else "#89a"))
    for h in state.lane_hubs(seat, lane):
        if h.pos % STEP:
            continue              # drawn with its port
        hx = pos_x(x0, h.pos)
        parts.append(hub_svg(hx, cy, h.multiplier, h.item,
                             f"hub {h.multiplier}×{h.item}: a {h.multiplier} die or a ship gives "
                             f"{hub_yield(h.multiplier, h.item)} {h.item}", h.pos in lit_hubs))
    for key, value in sorted(b.hub_dice.items()):
        if key // LANE_SHIFT != lane:
            continue
        pos = key % LANE_SHIFT
        edge, j = divmod(pos, STEP)
        n = len(state.card(cards[edge]).hubs) if j and cards[edge] else 0
        hx = pos_x(x0, pos, n)
        dy = (y0 + 14 + 50 + 10) if j else (cy + 14)
        parts.append(die_svg(hx - DIE / 2, dy, value, colour, f"a {value} on this hub"))
    counts: dict[int, int] = {}
    for key in b.ships:
        if key // LANE_SHIFT == lane:
            counts[key % LANE_SHIFT] = counts.get(key % LANE_SHIFT, 0) + 1
    for pos, n in sorted(counts.items()):
        edge, j = divmod(pos, STEP)
        hubs_in = len(state.card(cards[edge]).hubs) if j and edge < SLOTS and cards[edge] else 0
        hx = pos_x(x0, pos, hubs_in) if pos else x0 + HARBOUR_W / 2
        parts.append(ship_svg(hx, y0 + 10, colour, n))
    return "".join(parts), CH + 34


def resources_text(state: "GameState", seat: int) -> str:
    b = state.boards[seat]
    return (f"coins {b.coins} · fuel {b.fuel} · goods {b.goods} (cabin {b.fuel + b.goods}/8) · fish {b.fish}/8 · "
            f"interference {b.interference} · harbours {b.harbours} · ships {len(b.ships)}")


def board_svg(state: "GameState", seat: int, x0: float, y0: float, width: float,
              slots: Iterable[tuple[int, int]] = (), hubs: Iterable[tuple[int, int]] = (),
              viewer: int | None = None) -> tuple[str, float]:
    """One player's board: resources, dice (the draft pool while drafting), then every opened lane."""
    b = state.boards[seat]
    colour = PLAYER_COLOURS[seat % 4]
    score = state.scores()[seat]
    to_act = state.current_player == seat
    head = f"P{seat}" + (" ◀ to act" if to_act else "") + f" · {score} PP so far"
    parts = [f'<rect x="{x0:.1f}" y="{y0:.1f}" width="{width:.1f}" height="10" fill="none"/>',
             f'<rect x="{x0:.1f}" y="{y0:.1f}" width="8" height="22" fill="{colour}"/>',
             _t(x0 + 14, y0 + 15, head, 14, "start", colour, "bold"),
             _t(x0 + 220, y0 + 15, resources_text(state, seat), 11)]
    y = y0 + 26
    dx = x0 + 14
    parts.append(_t(x0 + 14, y + 13, "dice:", 11))
    dx += 38
    for v in sorted(b.dice):
        parts.append(die_svg(dx, y, v, colour, f"a {v} in hand"))
        dx += DIE + 4
    if not b.dice:
        parts.append(_t(dx, y + 13, "none", 11, "start", "#888"))
        dx += 36
    if getattr(state, "stage", "") == "draft" and state.pools[seat]:
        dx += 12
        parts.append(_t(dx, y + 13, "draft pool in front:", 11))
        dx += 118
        for v in sorted(state.pools[seat]):
            parts.append(die_svg(dx, y, v, "#ffffff", f"a {v} to draft"))
            dx += DIE + 4
    tiles = []
    if getattr(b, "tile_adjust", 0):
        tiles.append(f"+/-1 tile ×{b.tile_adjust}")
    if getattr(b, "tile_reroll", 0):
        tiles.append(f"reroll tile ×{b.tile_reroll}")
    if tiles:
        parts.append(_t(dx + 12, y + 13, "Penguin Park: " + ", ".join(tiles), 10, "start", "#2a6a2a"))
    y += DIE + 8
    slots, hubs = list(slots), list(hubs)
    for lane in range(b.harbours):
        part, h = lane_svg(state, seat, lane, x0 + 14, y, slots, hubs)
        parts.append(part)
        y += h
    return "".join(parts), y - y0 + 6


def bidding_svg(state: "GameState", x0: float, y0: float, spaces: Iterable[int] = ()) -> tuple[str, float, float]:
    """The bidding area: one card per space (left to right, resolved in that order) with every seat's dice."""
    lit = set(spaces)
    parts = [_t(x0, y0 + 13, "Bidding area (resolved left to right)", 13, "start", "#111", "bold")]
    y = y0 + 20
    w = CW + 10
    n = state.players
    for i, cid in enumerate(state.spaces):
        x = x0 + i * w
        if cid:
            stroke = LEGAL if i in lit else "#333"
            parts.append(card_svg(state.card(cid), x, y, CW, CH, stroke=stroke))
            if i in lit:
                parts.append(f'<rect x="{x - 2:.1f}" y="{y - 2:.1f}" width="{CW + 4}" height="{CH + 4}" rx="7" '
                             f'fill="none" stroke="{LEGAL}" stroke-width="3"/>')
        else:
            parts.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{CW}" height="{CH}" rx="6" fill="none" '
                         f'stroke="#bbb" stroke-dasharray="4,3"><title>empty space</title></rect>')
            parts.append(_t(x + CW / 2, y + CH / 2 + 4, "empty", 10, "middle", "#aaa"))
        resolving = (not state.is_over() and state.pending and state.pending[-1].kind == "win"
                     and state.pending[-1].data == i)
        if resolving:
            parts.append(f'<rect x="{x - 3:.1f}" y="{y - 3:.1f}" width="{CW + 6}" height="{CH + 6}" rx="8" '
                         f'fill="none" stroke="#e07b00" stroke-width="3"><title>being resolved</title></rect>')
        parts.append(_t(x + 2, y + CH + 12, f"space {i + 1}" + (" · being resolved" if resolving else ""), 9,
                        "start", "#e07b00" if resolving else "#666"))
        bids = state.bids[i]
        for seat in range(n):
            dice = bids[seat]
            by = y + CH + 16 + seat * (DIE - 2)
            colour = PLAYER_COLOURS[seat % 4]
            if dice:
                parts.append(_t(x + 2, by + 12, f"P{seat}", 9, "start", colour, "bold"))
                for k, v in enumerate(dice):
                    parts.append(die_svg(x + 20 + k * (DIE - 3), by, v, colour, f"P{seat} bids a {v}", DIE - 4))
                parts.append(_t(x + CW - 2, by + 12, f"={sum(dice)}", 10, "end", colour, "bold"))
    height = 20 + CH + 16 + n * (DIE - 2) + 4
    return "".join(parts), max(1, len(state.spaces)) * w, height


def header_svg(state: "GameState", x0: float, y0: float) -> tuple[str, float]:
    stage = getattr(state, "stage", "")
    order = " → ".join(f"P{s}" for s in state.order)
    if state.is_over():
        won = ", ".join(f"P{s}" for s in state.winners())
        status = f"Game over · winner(s): {won}"
    else:
        status = f"Round {state.round_number()} of 4 · period {state.period} · {stage.replace('_', ' ')} · " \
                 f"P{state.current_player} to act"
    parts = [_t(x0, y0 + 16, status, 15, "start", "#0b2540", "bold"), _t(x0, y0 + 34, f"turn order: {order}", 11)]
    tiles = [state.data.tiles[t].name for t in state.tiles]
    parts.append(_t(x0, y0 + 50, "mid-game scoring tiles — after round 2: " + ", ".join(tiles[:2]), 11))
    parts.append(_t(x0, y0 + 65, "after round 4: " + ", ".join(tiles[2:]), 11))
    return "".join(parts), 72


def discard_svg(state: "GameState", x0: float, y0: float) -> tuple[str, float]:
    parts = [_t(x0, y0 + 13, "Discard area:", 12, "start", "#111", "bold")]
    dx = x0 + 92
    for v in sorted(state.discard):
        parts.append(die_svg(dx, y0, v, "#eeeeee", f"a discarded {v}"))
        dx += DIE + 4
    if not state.discard:
        parts.append(_t(dx, y0 + 13, "empty", 11, "start", "#888"))
    drawn = getattr(state, "drawn", [])
    if drawn:
        parts.append(_t(dx + 20, y0 + 13, f"{len(drawn)} card(s) drawn to buy from", 11, "start", "#555"))
    return "".join(parts), DIE + 8


def legend_svg(x0: float, y0: float) -> tuple[str, float]:
    parts = [_t(x0, y0 + 12, "hubs and right half-hubs:", 10, "start", "#555")]
    x = x0 + 132
    for item in ("fuel", "coins", "good", "fish"):
        parts.append(f'<circle cx="{x + 6}" cy="{y0 + 8}" r="6" fill="{ITEM_FILL[item]}" stroke="#222"/>')
        parts.append(_t(x + 16, y0 + 12, item + (" (an icon = 2 coins)" if item == "coins" else ""), 10, "start", "#555"))
        x += 70 if item != "coins" else 140
    parts.append(_t(x0, y0 + 28, "number on a hub = its multiplier = the die that activates it · white box = a "
                                 "card's left half-hub multiplier · green = where you may act", 10, "start", "#555"))
    return "".join(parts), 34


def svg(state: "GameState", viewer: int | None = None, slots: Iterable[tuple[int, int]] = (),
        hubs: Iterable[tuple[int, int]] = (), spaces: Iterable[int] = ()) -> str:
    """The whole table as one SVG string. `slots` (lane, slot) and `hubs` (lane, pos) of `viewer`'s board
    and bidding `spaces` are outlined in green (a board uses this for the places a click may act on)."""
    width = 4 + HARBOUR_W + HG + SLOTS * (CW + HG) + 40
    body, h = header_svg(state, 6, 4)
    parts = [body]
    y = 4 + h + 6
    bid, bw, bh = bidding_svg(state, 6, y, spaces)
    parts.append(bid)
    width = max(width, bw + 20)
    y += bh + 4
    d, dh = discard_svg(state, 6, y)
    parts.append(d)
    y += dh + 8
    slots, hubs = list(slots), list(hubs)
    for seat in range(state.players):
        mine = viewer is not None and seat == viewer
        part, ph = board_svg(state, seat, 6, y, width - 12, slots if mine else (), hubs if mine else (), viewer)
        parts.append(f'<line x1="6" y1="{y - 3:.1f}" x2="{width - 6:.1f}" y2="{y - 3:.1f}" stroke="#ccd"/>')
        parts.append(part)
        y += ph
    lg, lh = legend_svg(6, y)
    parts.append(lg)
    y += lh + 4
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{y:.0f}" '
            f'viewBox="0 0 {width:.0f} {y:.0f}" font-family="sans-serif" '
            f'style="background:#ffffff;max-width:100%;height:auto">'
            + "".join(parts) + "</svg>")


def events(state: "GameState", since: int = 0) -> list[dict]:
    """The log from event `since` on as rows (number, who, what, rule): pandas.DataFrame(events(s)) reads
    well in a notebook."""
    return [{"#": i, "who": "" if e.seat is None else f"P{e.seat}", "what": e.text, "rule": e.rule}
            for i, e in enumerate(state.log[since:], start=since)]


def html(state: "GameState") -> str:
    """What a state shows in a notebook (for GameState._repr_html_): the table picture."""
    return svg(state)


__all__ = ["svg", "html", "events", "board_svg", "lane_svg", "bidding_svg", "card_svg", "hub_svg", "die_svg",
           "PLAYER_COLOURS", "ITEM_FILL"]
