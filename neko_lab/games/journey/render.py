"""A picture of a Journey table, as one SVG string or as separate areas: a pure function of the state.

    from neko_lab.games.journey.render import areas, svg
    svg(state)                      # the whole table
    svg(state, viewer=0, clicks={"space:1": "bid on space 2"})   # click targets lit in green
    areas(state)                    # the same as separate areas (the board shows these side by side)

What it shows: the round, the stage and the turn order; the four mid-game scoring tiles; the bidding
area with every card and every seat's dice on it; the discard area; then one board per seat with
coins, fuel, goods, fish, interference tiles and dice (the draft pool while drafting), and its ship
lanes: harbour, cards in their slots, hubs (multiplier on an item colour), the dice standing on hubs
and cards this round, ships, and the cargo already loaded on ports. Hidden things (the draft picks of
the current pass, cards drawn by another seat) are never drawn.

Hover any card, hub or die for its details (SVG <title>). With `clicks` (target name -> what a
click does), the viewer's dice, hubs, slots and ships, the bidding cards and the end-turn button
are click targets (neko_lab.widgets.picture): "die:<value>", "space:<i>", "hub:<lane>:<pos>",
"slot:<lane>:<slot>", "ship:<lane>:<pos>", "end" (engine numbering from 0). Every text is drawn at
11 px or more, and every area is drawn 560 px wide so it is shown at its drawn size beside the
board's side column.

The board and a notebook (`html`, GameState.picture) show the table as areas in blocks that wrap to
the width they get (`areas_html`): the shared table (round, scoring tiles, bidding area, discard
area), then each player's board, then the legend. On a wide screen they stand side by side, on a
laptop one under the other in that order; `svg` draws the same areas one under the other as a
single picture.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Mapping

from neko_lab.core.errors import counted
from neko_lab.core.events import PUBLIC
from neko_lab.core.svg import target, wrapping

from .graph import LANE_SHIFT, SLOTS, STEP, hub_yield
from .rules.facts import ITEM_WORDS
from .pieces import (CH, CW, DIE, HARBOUR_W, HG, ITEM_FILL, LEGAL, MIN_TEXT, PER_ROW, PLAYER_COLOURS, WIDTH,
                     _click, _t, card_svg, die_svg, hub_svg, ship_svg)

if TYPE_CHECKING:
    from .data import Card
    from .rules import GameState


def pos_x(x0: float, pos: int, hubs_in_card: int = 0) -> float:
    """Horizontal position of a lane position (engine numbering) for a lane drawn from x0."""
    edge, j = divmod(pos, STEP)
    left = x0 + HARBOUR_W + HG
    if j:
        return left + edge * (CW + HG) + CW * j / (hubs_in_card + 1)
    return left + edge * (CW + HG) - HG / 2


def lane_svg(state: "GameState", seat: int, lane: int, x0: float, y0: float,
             clicks: Mapping[str, str] | None = None) -> tuple[str, float]:
    """One ship lane: harbour, five slots, hubs, dice, ships and cargo. Returns (markup, height).
    With `clicks`, its slots, hubs and ships are click targets."""
    b = state.boards[seat]
    colour = PLAYER_COLOURS[seat % 4]
    cards = list(state.lane_cards(seat, lane))
    top = y0 + 14
    cy = top + CH / 2            # the ships' path
    parts = [f'<rect x="{x0:.1f}" y="{top:.1f}" width="{HARBOUR_W}" height="{CH}" rx="6" fill="#8fb9d8" '
             f'stroke="#234"><title>harbour of lane {lane + 1}</title></rect>',
             _t(x0 + HARBOUR_W / 2, cy + 4, f"H{lane + 1}", 12, "middle", "#0b2540", "bold"),
             f'<line x1="{x0 + HARBOUR_W:.1f}" y1="{cy:.1f}" x2="{pos_x(x0, STEP * SLOTS) + HG / 2:.1f}" '
             f'y2="{cy:.1f}" stroke="#8fb9d8" stroke-width="3" stroke-dasharray="6,4"/>']
    left = x0 + HARBOUR_W + HG
    for slot, cid in enumerate(cards):
        x = left + slot * (CW + HG)
        if cid:
            c = state.card(cid)
            k = lane * SLOTS + slot
            note = f"load {b.cargo[k]}/{len(c.cargo)}" if c.cargo else ""
            parts.append(card_svg(c, x, top, note=note))
            if k in b.card_dice:
                parts.append(die_svg(x + CW - 20, top + 2, b.card_dice[k], colour, "die on the card this round"))
            for j, (m, item) in enumerate(c.hubs):
                pos = STEP * slot + j + 1
                hx = pos_x(x0, pos, len(c.hubs))
                name = f"hub:{lane}:{pos}"
                parts.append(_click(hub_svg(hx, top + 58, m, item, f"port hub {m}×{item}: {hub_yield(m, item)} {item}",
                                            bool(clicks and name in clicks), r=10), name, clicks))
        else:
            name = f"slot:{lane}:{slot}"
            lit = bool(clicks and name in clicks)
            stroke = f'stroke="{LEGAL}" stroke-width="3"' if lit else 'stroke="#9ab" stroke-dasharray="4,3"'
            fill = "#dff3df" if lit else "#fbfdff"
            gap = state.gap_cost(seat, lane, slot) if hasattr(state, "gap_cost") else 0
            body = (f'<rect x="{x:.1f}" y="{top:.1f}" width="{CW}" height="{CH}" rx="6" fill="{fill}" {stroke}>'
                    f'<title>empty slot {slot + 1} (gap cost {gap})</title></rect>'
                    + _t(x + CW / 2, cy - 4, f"slot {slot + 1}", 12, "middle", LEGAL if lit else "#678")
                    + (_t(x + CW / 2, cy + 12, f"gap +{gap}", 11, "middle", LEGAL if lit else "#678") if gap else ""))
            parts.append(_click(body, name, clicks))
    for h in state.lane_hubs(seat, lane):
        if h.pos % STEP:
            continue              # drawn with its port
        hx = pos_x(x0, h.pos)
        name = f"hub:{lane}:{h.pos}"
        parts.append(_click(hub_svg(hx, cy, h.multiplier, h.item,
                                    f"hub {h.multiplier}×{h.item}: a {h.multiplier} die or a ship gives "
                                    f"{counted(hub_yield(h.multiplier, h.item), *ITEM_WORDS[h.item])}",
                                    bool(clicks and name in clicks)),
                            name, clicks))
    for key, value in sorted(b.hub_dice.items()):
        if key // LANE_SHIFT != lane:
            continue
        pos = key % LANE_SHIFT
        edge, j = divmod(pos, STEP)
        n = len(state.card(cards[edge]).hubs) if j and cards[edge] else 0
        hx = pos_x(x0, pos, n)
        dy = (top + 58 - DIE / 2) if j else (cy + 13)     # on a port's hub: the die covers the hub it took
        parts.append(die_svg(hx - DIE / 2, dy, value, colour, f"a {value} on this hub"))
    counts: dict[int, int] = {}
    for key in b.ships:
        if key // LANE_SHIFT == lane:
            counts[key % LANE_SHIFT] = counts.get(key % LANE_SHIFT, 0) + 1
    for pos, n in sorted(counts.items()):
        edge, j = divmod(pos, STEP)
        hubs_in = len(state.card(cards[edge]).hubs) if j and edge < SLOTS and cards[edge] else 0
        hx = pos_x(x0, pos, hubs_in) if pos else x0 + HARBOUR_W / 2
        parts.append(_click(ship_svg(hx, y0 + 10, colour, n), f"ship:{lane}:{pos}", clicks, (hx - 10, y0 - 1, 20, 19)))
    return "".join(parts), CH + 36


def resources_text(state: "GameState", seat: int) -> str:
    b = state.boards[seat]
    return (f"coins {b.coins} · fuel {b.fuel} · goods {b.goods} (cabin {b.fuel + b.goods}/8) · fish {b.fish}/8 · "
            f"interference {b.interference} · harbours {b.harbours} · ships {len(b.ships)}")


def button_svg(x: float, y: float, label: str, width: float = 90) -> str:
    return (f'<rect x="{x:.1f}" y="{y:.1f}" width="{width}" height="22" rx="11" fill="#dff3df" stroke="{LEGAL}" '
            f'stroke-width="2"/>' + _t(x + width / 2, y + 15, label, 12, "middle", "#0b3d0b", "bold"))


def board_svg(state: "GameState", seat: int, x0: float, y0: float, width: float,
              clicks: Mapping[str, str] | None = None, viewer: int | None = None) -> tuple[str, float]:
    """One player's board: resources, dice (the draft pool while drafting), then every opened lane.
    With `clicks` (the viewer's board), dice, hubs, slots, ships and "end turn" are click targets."""
    b = state.boards[seat]
    colour = PLAYER_COLOURS[seat % 4]
    score = state.scores()[seat]
    to_act = state.current_player == seat
    head = f"P{seat + 1}" + (" ◀ to act" if to_act else "") + f" · {score} PP so far"
    res = resources_text(state, seat).split(" · interference")
    parts = [f'<rect x="{x0:.1f}" y="{y0:.1f}" width="8" height="22" fill="{colour}"/>',
             _t(x0 + 14, y0 + 15, head, 14, "start", colour, "bold"),
             _t(x0 + 14, y0 + 32, res[0], 12), _t(x0 + 14, y0 + 47, "interference" + res[1], 12)]
    if clicks and "end" in clicks:
        parts.append(target(button_svg(x0 + width - 96, y0 + 1, "end turn"), "end", clicks["end"]))
    y = y0 + 54
    dx = x0 + 14
    parts.append(_t(dx, y + 13, "dice:", 12))
    dx += 36
    for v in sorted(b.dice):
        parts.append(_click(die_svg(dx, y, v, colour, f"a {v} in hand"), f"die:{v}",
                            clicks if getattr(state, "stage", "") != "draft" else None, (dx, y, DIE, DIE)))
        dx += DIE + 5
    if not b.dice:
        parts.append(_t(dx, y + 13, "none", 12, "start", "#666"))
        dx += 36
    if getattr(state, "stage", "") == "draft" and state.pools[seat]:
        dx += 12
        parts.append(_t(dx, y + 13, "draft pool:", 12))
        dx += 68
        for v in sorted(state.pools[seat]):
            parts.append(_click(die_svg(dx, y, v, "#ffffff", f"a {v} to draft"), f"die:{v}", clicks,
                                (dx, y, DIE, DIE)))
            dx += DIE + 5
    y += DIE + 6
    tiles = []
    if getattr(b, "tile_adjust", 0):
        tiles.append(f"+/-1 tile ×{b.tile_adjust}")
    if getattr(b, "tile_reroll", 0):
        tiles.append(f"reroll tile ×{b.tile_reroll}")
    if tiles:
        parts.append(_t(x0 + 14, y + 12, "Penguin Park: " + ", ".join(tiles), 12, "start", "#2a6a2a"))
        y += 16
    for lane in range(b.harbours):
        part, h = lane_svg(state, seat, lane, x0, y, clicks)
        parts.append(part)
        y += h
    return "".join(parts), y - y0 + 6


# A bid under its card: the seat's label, its dice in rows, and its total at the right end of the first
# row. The rules put no limit on a bid's dice (Journey › Action Phase › Bid a Card: "any number"), and
# taken discarded dice can join a bid, so a bid may hold every die of the game: the dice wrap onto as
# many rows as they need and the total keeps its own room, never under a die.
SPACE_W = CW + 24               # a bidding space's column: its card and the bids under it
BID_LABEL = 16                  # room for "P1" before the dice
BID_DIE = DIE - 3               # a bid's die (15 px, its number still 11 px): four and a total fit a row
BID_RIGHT = SPACE_W - 6         # bids end here, well clear of the next space's column
BID_ROW = BID_DIE + 1
TEXT_EM = 0.7                   # the width of a character of the 11 px total, in em: the widest bold
                                # sans-serif digits (DejaVu's) are 0.7 em, Arial's 0.56


def total_width(text: str, size: int = MIN_TEXT) -> float:
    """The width drawn `text` (a bid's total) takes at most, at `size` px."""
    return len(text) * size * TEXT_EM


def bid_layout(dice: tuple[int, ...], x: float, y: float) -> tuple[list[tuple[float, float]], float]:
    """Where a bid's dice go when its block starts at (x, y): their top-left corners, and the number
    of rows they take. The first row stops short of the total at its right end; later rows run to the
    column's edge."""
    left = x + BID_LABEL
    first = max(0, int((x + BID_RIGHT - total_width(f"={sum(dice)}") - 2 - left) // BID_DIE))
    per_row = max(1, int((x + BID_RIGHT - left) // BID_DIE))
    spots, row, k = [], 0, 0
    for _ in dice:
        room = first if row == 0 else per_row
        if k >= room:
            row, k = row + 1, 0
        spots.append((left + k * BID_DIE, y + row * BID_ROW))
        k += 1
    return spots, row + 1 if dice else 1


def bidding_svg(state: "GameState", x0: float, y0: float, clicks: Mapping[str, str] | None = None,
                spaces: Iterable[int] = ()) -> tuple[str, float, float]:
    """The bidding area: one card per space (left to right, then the next row; resolved in that order)
    with every seat's dice; with `clicks`, the cards you may bid on are click targets."""
    lit = set(spaces) | {int(k.split(":")[1]) for k in (clicks or {}) if k.startswith("space:")}
    parts = [_t(x0, y0 + 14, "Bidding area (resolved in order 1, 2, …)", 14, "start", "#111", "bold")]
    w = SPACE_W
    n = state.players
    y = y0 + 22
    for first in range(0, len(state.spaces), PER_ROW):
        row = range(first, min(first + PER_ROW, len(state.spaces)))
        # a seat's bids take as many rows as its largest bid in this row of spaces needs, so each seat's
        # bids stand at one height across the row
        tall = [max(bid_layout(state.bids[i][seat], 0, 0)[1] for i in row) for seat in range(n)]
        for i in row:
            parts.append(_space_svg(state, i, x0 + (i % PER_ROW) * w, y, lit, clicks, tall))
        y += CH + 17 + sum(tall) * BID_ROW + 6
    rows = max(1, -(-len(state.spaces) // PER_ROW))
    return "".join(parts), min(PER_ROW, max(1, len(state.spaces))) * w, max(y - y0, 22 + rows * (CH + 23))


def _space_svg(state: "GameState", i: int, x: float, y: float, lit: set[int],
               clicks: Mapping[str, str] | None, tall: list[int]) -> str:
    """Bidding space `i` at (x, y): its card (or "empty"), its number, and every seat's bid under it,
    each seat `tall[seat]` rows of dice high."""
    parts = []
    cid = state.spaces[i]
    if cid:
        card = card_svg(state.card(cid), x, y, CW, CH, stroke=LEGAL if i in lit else "#333")
        if i in lit:
            card += (f'<rect x="{x - 2:.1f}" y="{y - 2:.1f}" width="{CW + 4}" height="{CH + 4}" rx="7" '
                     f'fill="none" stroke="{LEGAL}" stroke-width="3"/>')
        parts.append(_click(card, f"space:{i}", clicks))
    else:
        parts.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{CW}" height="{CH}" rx="6" fill="none" '
                     f'stroke="#bbb" stroke-dasharray="4,3"><title>empty space</title></rect>')
        parts.append(_t(x + CW / 2, y + CH / 2 + 4, "empty", 11, "middle", "#888"))
    resolving = (not state.is_over() and state.pending and state.pending[-1].kind == "win"
                 and state.pending[-1].data == i)
    if resolving:
        parts.append(f'<rect x="{x - 3:.1f}" y="{y - 3:.1f}" width="{CW + 6}" height="{CH + 6}" rx="8" '
                     f'fill="none" stroke="#e07b00" stroke-width="3"><title>being resolved</title></rect>')
    parts.append(_t(x + 2, y + CH + 13, f"space {i + 1}" + (" · now" if resolving else ""), 11,
                    "start", "#b35c00" if resolving else "#555"))
    by = y + CH + 17
    for seat, dice in enumerate(state.bids[i]):
        colour = PLAYER_COLOURS[seat % 4]
        if dice:
            who = f"P{seat + 1}"
            parts.append(_t(x, by + 12, who, 11, "start", colour, "bold"))
            spots, _ = bid_layout(dice, x, by)
            for (dx, dy), v in zip(spots, dice):
                parts.append(die_svg(dx, dy, v, colour, f"{who} bids a {v}", BID_DIE))
            parts.append(f'<g class="bid-total"><title>{who} bids {sum(dice)} in all</title>'
                         + _t(x + BID_RIGHT, by + 12, f"={sum(dice)}", 11, "end", colour, "bold") + "</g>")
        by += tall[seat] * BID_ROW
    return "".join(parts)


def header_svg(state: "GameState", x0: float, y0: float) -> tuple[str, float]:
    stage = getattr(state, "stage", "")
    order = " → ".join(f"P{s + 1}" for s in state.order)
    if state.is_over():
        won = state.winners()
        status = f"Game over · {'winner' if len(won) == 1 else 'winners'}: " + ", ".join(f"P{s + 1}" for s in won)
    else:
        status = f"Round {state.round_number()} of 4 · {stage.replace('_', ' ')} · P{state.current_player + 1} to act"
    parts = [_t(x0, y0 + 16, status, 15, "start", "#0b2540", "bold"),
             _t(x0, y0 + 33, f"period {state.period} · turn order: {order}", 12)]
    tiles = [state.data.tiles[t].name for t in state.tiles]
    parts.append(_t(x0, y0 + 49, "scoring tiles after round 2: " + ", ".join(tiles[:2]), 12))
    parts.append(_t(x0, y0 + 64, "after round 4: " + ", ".join(tiles[2:]), 12))
    return "".join(parts), 70


def discard_svg(state: "GameState", x0: float, y0: float) -> tuple[str, float]:
    parts = [_t(x0, y0 + 13, "Discard area:", 12, "start", "#111", "bold")]
    dx = x0 + 92
    for v in sorted(state.discard):
        parts.append(die_svg(dx, y0, v, "#eeeeee", f"a discarded {v}"))
        dx += DIE + 4
    if not state.discard:
        parts.append(_t(dx, y0 + 13, "empty", 12, "start", "#666"))
    drawn = getattr(state, "drawn", [])
    if drawn:
        parts.append(_t(dx + 12, y0 + 13, f"{counted(len(drawn), 'card')} drawn to buy from", 12, "start", "#444"))
    return "".join(parts), DIE + 8


def legend_svg(x0: float, y0: float) -> tuple[str, float]:
    parts = [_t(x0, y0 + 12, "hubs:", 11, "start", "#444")]
    x = x0 + 40
    for item in ("fuel", "coins", "good", "fish"):
        parts.append(f'<circle cx="{x + 6}" cy="{y0 + 8}" r="6" fill="{ITEM_FILL[item]}" stroke="#222"/>')
        parts.append(_t(x + 16, y0 + 12, item + (" (an icon = 2 coins)" if item == "coins" else ""), 11, "start", "#444"))
        x += 62 if item != "coins" else 150
    lines = ["number on a hub = its multiplier = the die that activates it;",
             "white box = a card's left half-hub multiplier; coloured box at its right edge =",
             "the item of its right half-hub (colours as above); green = where you may click;",
             "a port's cargo spaces: · empty, 2c = 2 coins, 1g = 1 good, 1fi = 1 fish,",
             "1fu = 1 fuel; load 2/3 = spaces you have loaded; a die on a hub = used this round"]
    for j, line in enumerate(lines):
        parts.append(_t(x0, y0 + 28 + 14 * j, line, 11, "start", "#444"))
    return "".join(parts), 20 + 14 * len(lines)


def table_area(state: "GameState", y0: float, clicks: Mapping[str, str] | None = None,
               spaces: Iterable[int] = ()) -> tuple[str, float, float]:
    """The shared table drawn from y0: the round, the stage and the turn order, the scoring tiles, the
    bidding area with every bid, the discard area. Returns (markup, width, height)."""
    body, h = header_svg(state, 6, y0)
    parts = [body]
    y = y0 + h + 6
    bid, bw, bh = bidding_svg(state, 6, y, clicks, spaces)
    parts.append(bid)
    y += bh + 4
    d, dh = discard_svg(state, 6, y)
    parts.append(d)
    y += dh + 8
    return "".join(parts), max(WIDTH, bw + 12), y - y0


def _area(body: str, width: float, height: float, cls: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
            f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="sans-serif" class="{cls}" '
            f'style="background:#ffffff">{body}</svg>')


def areas(state: "GameState", viewer: int | None = None, clicks: Mapping[str, str] | None = None,
          spaces: Iterable[int] = ()) -> list[str]:
    """The table as separate SVG areas, each WIDTH (560) px wide, so that they stand side by side on a
    wide screen and one under the other on a narrow one: the shared table (`table_area`), one board per
    seat in seat order, the legend. `viewer` and `clicks` as for `svg`: only the viewer's board and the
    bidding area hold click targets."""
    body, width, h = table_area(state, 4, clicks, spaces)
    out = [_area(body, width, h, "journey-table")]
    for seat in range(state.players):
        mine = viewer is not None and seat == viewer
        part, ph = board_svg(state, seat, 6, 4, width - 12, clicks if mine else None, viewer)
        out.append(_area(part, width, ph + 4, f"journey-board journey-p{seat + 1}"))
    lg, lh = legend_svg(6, 4)
    out.append(_area(lg, width, lh + 8, "journey-legend"))
    return out


def svg(state: "GameState", viewer: int | None = None, clicks: Mapping[str, str] | None = None,
        spaces: Iterable[int] = ()) -> str:
    """The whole table as one SVG string (the areas of `areas` one under the other). `clicks` (target
    name -> what a click does) makes those places of `viewer`'s board and of the bidding area click
    targets, outlined in green."""
    parts = []
    body, width, y = table_area(state, 4, clicks, spaces)
    parts.append(body)
    y += 4
    for seat in range(state.players):
        mine = viewer is not None and seat == viewer
        part, ph = board_svg(state, seat, 6, y, width - 12, clicks if mine else None, viewer)
        parts.append(f'<line x1="6" y1="{y - 3:.1f}" x2="{width - 6:.1f}" y2="{y - 3:.1f}" stroke="#ccd"/>')
        parts.append(part)
        y += ph
    lg, lh = legend_svg(6, y)
    parts.append(lg)
    y += lh + 4
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{y:.0f}" '
            f'viewBox="0 0 {width:.0f} {y:.0f}" font-family="sans-serif" '
            f'style="background:#ffffff">'
            + "".join(parts) + "</svg>")


def areas_html(state: "GameState", viewer: int | None = None, clicks: Mapping[str, str] | None = None,
               spaces: Iterable[int] = ()) -> str:
    """The areas of `areas` in blocks that wrap to the width they are given (the board's picture)."""
    cells = wrapping(areas(state, viewer, clicks, spaces))
    return f'<div class="neko-journey">{cells}</div>'


def events(state: "GameState", since: int = 0, viewer: Any = PUBLIC) -> list[dict]:
    """The log as `viewer` reads it (State.log_for: a seat, PUBLIC, the default, or EVERYTHING), from
    event `since` on, as rows (number, who, what, rule): pandas.DataFrame(events(s)) reads well in a
    notebook."""
    return [{"#": i + 1, "who": "" if e.seat is None else f"P{e.seat + 1}", "what": e.text, "rule": e.rule}
            for i, e in enumerate(state.log_for(viewer)[since:], start=since)]


def html(state: "GameState", viewer: Any = PUBLIC) -> str:
    """The table as `viewer` sees it (a seat, PUBLIC or EVERYTHING): GameState.picture. A notebook
    shows the spectator's (PUBLIC). Nothing hidden is ever drawn (the draft picks of the pass, cards
    drawn by another seat), so the views differ only in whose board is marked as the viewer's."""
    viewer = state.check_viewer(viewer)
    return areas_html(state, viewer if isinstance(viewer, int) else None)


__all__ = ["svg", "areas", "areas_html", "table_area", "html", "events", "board_svg", "lane_svg", "bidding_svg", "card_svg", "hub_svg", "die_svg",
           "PLAYER_COLOURS", "ITEM_FILL"]
