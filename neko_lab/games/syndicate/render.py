"""A picture of a Neko Syndicate table (pure function: state -> HTML with one SVG per area).

Kumichō's path with the three missions and every marker; then each player's pyramid, brick-laid: every
card with its two boxes (left and right), its upper neighbourhood (line letter, delivery slots, loose
cubes) and its lower neighbourhood (line letter, loose cubes); the walk taken this turn in bold, the
boxes or places the current decision may take outlined in orange; the warehouse and the Waiting Room.
Places, slots and players count from 1. Drawn at its natural size: text is 11 px or more.
"""
from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, NamedTuple

from .data import COLOURS, LEVEL_OF, LINES, PLACES, ROW_OF, SASHIMI, WILD, lower, upper

if TYPE_CHECKING:
    from .rules import GameState

CW, CH = 170, 104                 # one card
SUSHI = ("#d9483b", "#f29a4a", "#7f9fc9", "#2f9a78")         # tuna, salmon, sea bass, mackerel
WILD_FILL = "#c9b6e4"
PLAYER = ("#c0392b", "#2471a3", "#239b56", "#7d3c98")
ORANGE = "#f39c12"
SHORT = {"accountant": "Accountant", "chief operations officer": "COO", "fishmonger": "Fish",
         "delivery lady": "Lady", "subway operator": "Subway", "cook": "Cook", "storekeeper": "Store"}


def box_name(action: str, colour: int) -> str:
    return SHORT[action] + (f" {COLOURS[colour]}" if colour >= 0 else "")


def card_origin(p: int, x0: float, y0: float) -> tuple[float, float]:
    lv = LEVEL_OF[p]
    return x0 + ((4 - lv) / 2 + ROW_OF[p]) * CW, y0 + (lv - 1) * CH


def _cubes(counts: tuple[int, ...], x: float, y: float) -> str:
    out = []
    for c, n in enumerate(counts):
        if n:
            out.append(f'<g><title>{n} loose {COLOURS[c]}</title><rect x="{x}" y="{y}" width="15" height="15" '
                       f'rx="2" fill="{SUSHI[c]}" stroke="#222"/><text x="{x + 7.5}" y="{y + 12}" '
                       f'font-size="11" text-anchor="middle" fill="#fff">{n}</text></g>')
            x += 18
    return "".join(out)


def _card(area: "Area", p: int, x: float, y: float, walked: set[int], boxes_lit: set[int]) -> str:
    card = area.cards[area.pyramid[p]]
    cubes = area.cubes
    lieut = p == 0
    out = [f'<g class="card" data-place="{p + 1}"><title>{escape(card.name)} at place {p + 1} '
           f'(level {LEVEL_OF[p]}, points x{(4, 3, 2, 1)[LEVEL_OF[p] - 1]})</title>'
           f'<rect x="{x + 2}" y="{y + 2}" width="{CW - 4}" height="{CH - 4}" rx="6" '
           f'fill="{"#f6ecd4" if lieut else "#fbfaf6"}" stroke="#444"/>'
           f'<line x1="{x + 34}" y1="{y + CH / 2}" x2="{x + CW - 34}" y2="{y + CH / 2}" stroke="#bbb"/>']
    for side in (0, 1):
        action, colour = card.boxes[side]
        bx = x + 4 if side == 0 else x + CW - 34
        key = 2 * p + side
        stroke = ORANGE if key in boxes_lit else ("#111" if key in walked else "#888")
        width = 3 if key in boxes_lit or key in walked else 1
        fill = SUSHI[colour] if colour >= 0 else "#e8e4da"
        out.append(f'<g class="box" data-box="{p + 1}{"LR"[side]}"><title>{escape(card.box_text(side))}, '
                   f'up to {LEVEL_OF[p]}x</title><rect x="{bx}" y="{y + 8}" width="30" height="{CH - 16}" '
                   f'rx="4" fill="{fill}" stroke="{stroke}" stroke-width="{width}"/>'
                   f'<text x="{bx + 15}" y="{y + CH / 2 + 4}" font-size="11" text-anchor="middle" '
                   f'transform="rotate(-90 {bx + 15} {y + CH / 2})">{escape(box_name(action, -1))}</text></g>')
    mid = x + 38
    up_line = "" if card.upper < 0 else LINES[card.upper]
    low_line = "" if card.lower < 0 else LINES[card.lower]
    out.append(f'<text x="{mid}" y="{y + 18}" font-size="12" font-weight="bold">{p + 1}'
               f'{" " + up_line if up_line else ""}</text>')
    sx = mid + 22
    for k, (kind, colour) in enumerate(card.slots):
        got = area.filled[p][k]
        fill = SUSHI[got] if got >= 0 else "#ffffff"
        ring = WILD_FILL if colour == WILD else SUSHI[colour]
        label = "S" if kind == SASHIMI else "N"
        tip = f"{'sashimi' if kind == SASHIMI else 'nigiri'} slot {k + 1}: " + \
              ("any colour" if colour == WILD else COLOURS[colour]) + (f", filled ({COLOURS[got]})" if got >= 0 else "")
        out.append(f'<g><title>{escape(tip)}</title><rect x="{sx}" y="{y + 6}" width="16" height="16" '
                   f'rx="{8 if kind else 2}" fill="{fill}" stroke="{ring}" stroke-width="3"/>'
                   f'<text x="{sx + 8}" y="{y + 18}" font-size="11" text-anchor="middle">{label}</text></g>')
        sx += 18
    if card.extra:
        out.append(f'<text x="{x + CW - 38}" y="{y + CH / 2 + 16}" font-size="11" fill="#555" '
                   f'text-anchor="end"><title>extra points once every slot is filled</title>+{card.extra}</text>')
    out.append(_cubes(cubes[4 * upper(p):4 * upper(p) + 4], mid, y + 28))
    out.append(f'<text x="{mid}" y="{y + CH / 2 + 16}" font-size="12" fill="#555">{low_line}</text>')
    out.append(_cubes(cubes[4 * lower(p):4 * lower(p) + 4], mid + 14, y + CH / 2 + 22))
    out.append("</g>")
    return "".join(out)


def lit(state: "GameState", seat: int) -> tuple[set[int], set[int]]:
    """Boxes (2p + side) and empty places the decision on top may take, for `seat`."""
    if state.over or not state.pending or state.current_player != seat:
        return set(), set()
    kind = state.pending[-1].kind
    acts = state.legal_actions()
    if kind == "walk":
        return {2 * a.place + a.side for a in acts}, set()
    if kind == "coo":
        return set(), {a.place for a in acts}
    return set(), set()


class Area(NamedTuple):
    """What one pyramid picture shows (a player's, or CatANNA's at the end)."""
    cards: tuple
    pyramid: tuple
    filled: tuple
    cubes: tuple
    warehouse: tuple
    waiting: tuple
    walked: tuple


def player_area(state: "GameState", seat: int) -> Area:
    return Area(state.cards, tuple(state.pyramid[seat]), tuple(state.filled[seat]), tuple(state.cubes[seat]),
                tuple(state.warehouse[seat]), tuple(state.waiting[seat]), tuple(state.path[seat]))


def pyramid_svg(state: "GameState", seat: int) -> str:
    boxes_lit, places_lit = lit(state, seat)
    head = f"Player {seat + 1}" + (" (to play)" if state.current_player == seat else "")
    return area_svg(player_area(state, seat), head, PLAYER[seat % len(PLAYER)], boxes_lit, places_lit, seat)


def area_svg(area: Area, head: str, colour: str, boxes_lit: set[int] = frozenset(),
             places_lit: set[int] = frozenset(), seat: int | None = None) -> str:
    walked = set(area.walked)
    width, height = 4 * CW + 200, 4 * CH + 60
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'font-family="sans-serif" class="syndicate-pyramid" data-seat="{"" if seat is None else seat + 1}">',
           f'<text x="4" y="18" font-size="15" font-weight="bold" fill="{colour}">{escape(head)}</text>']
    y0 = 28
    for p in range(PLACES):
        x, y = card_origin(p, 4, y0)
        if area.pyramid[p] >= 0:
            out.append(_card(area, p, x, y, walked, boxes_lit))
        else:
            stroke = ORANGE if p in places_lit else "#ccc"
            out.append(f'<g class="place" data-place="{p + 1}"><title>place {p + 1} (level {LEVEL_OF[p]}), '
                       f'empty</title><rect x="{x + 6}" y="{y + 6}" width="{CW - 12}" height="{CH - 12}" '
                       f'rx="6" fill="none" stroke="{stroke}" stroke-width="{3 if p in places_lit else 1}" '
                       f'stroke-dasharray="5,4"/><text x="{x + CW / 2}" y="{y + CH / 2 + 4}" font-size="12" '
                       f'text-anchor="middle" fill="#999">place {p + 1}</text></g>')
    for lv in range(1, 5):
        out.append(f'<text x="{4 * CW + 14}" y="{y0 + (lv - 0.5) * CH}" font-size="12" fill="#555">'
                   f'level {lv} (x{(4, 3, 2, 1)[lv - 1]})</text>')
    sx = 4 * CW + 14
    out.append(f'<text x="{sx}" y="{y0 + 4 * CH + 10}" font-size="12">warehouse</text>')
    for c in range(4):
        n = area.warehouse[c]
        out.append(f'<g><title>{n} {COLOURS[c]} at home</title><rect x="{sx + 70 + c * 28}" '
                   f'y="{y0 + 4 * CH}" width="24" height="15" rx="2" fill="{SUSHI[c]}"/>'
                   f'<text x="{sx + 82 + c * 28}" y="{y0 + 4 * CH + 12}" font-size="11" fill="#fff" '
                   f'text-anchor="middle">{n}</text></g>')
    names = ", ".join(str(c + 1) for c in area.waiting) or "empty"
    out.append(f'<text x="4" y="{y0 + 4 * CH + 26}" font-size="12">Waiting Room: {escape(names)}</text>')
    out.append("</svg>")
    return "".join(out)


def path_svg(state: "GameState") -> str:
    """Kumichō's path: 15 columns with their values, the three missions and every marker."""
    cw, left = 36, 330
    width, height = left + 15 * cw + 10, 30 + 3 * 28 + 24
    col = max(state.turn, 1)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'font-family="sans-serif" class="syndicate-path">',
           f'<text x="4" y="16" font-size="13" font-weight="bold">Kumichō\'s path: turn {col} of 15</text>']
    for c in range(15):
        x = left + c * cw
        here = c + 1 == col and not state.over
        out.append(f'<rect x="{x}" y="24" width="{cw - 2}" height="{3 * 28}" fill="{"#fde9c4" if here else "#f4f4f4"}" '
                   f'stroke="{ORANGE if here else "#ddd"}"/><text x="{x + cw / 2}" y="18" font-size="11" '
                   f'text-anchor="middle">{state.path_values[c]}</text>')
        out.append(f'<text x="{x + cw / 2}" y="{24 + 3 * 28 + 14}" font-size="11" text-anchor="middle" '
                   f'fill="#777">{c + 1}</text>')
    for k, number in enumerate(state.missions):
        y = 24 + k * 28
        text = f"{number}. {state.mission_text[number - 1]}"
        short = text if len(text) <= 54 else text[:52] + "…"
        out.append(f'<text x="4" y="{y + 18}" font-size="11"><title>{escape(text)}</title>{escape(short)}</text>')
        at: dict[int, int] = {}
        for seat in range(state.players):
            m = state.markers[seat][k]
            if m:
                n = at.get(m, 0)
                at[m] = n + 1
                out.append(f'<circle cx="{left + (m - 1) * cw + 9 + 10 * n}" cy="{y + 14}" r="6" '
                           f'fill="{PLAYER[seat % 4]}"><title>player {seat + 1}</title></circle>')
        if state.catanna is not None:
            m = state.catanna.markers[k]
            out.append(f'<text x="{left + (m - 1) * cw + cw / 2}" y="{y + 24}" font-size="11" '
                       f'text-anchor="middle" fill="#333">CatANNA</text>')
    out.append("</svg>")
    return "".join(out)


def html(state: "GameState") -> str:
    """The whole table as HTML: the path, then one pyramid per player (CatANNA's too, once built)."""
    parts = [path_svg(state)] + [pyramid_svg(state, seat) for seat in range(state.players)]
    c = state.catanna
    if c is not None and c.built:
        her = Area(state.cards, tuple(c.pyramid), tuple(c.filled), (0,) * (4 * 2 * PLACES), tuple(c.warehouse),
                   (), ())
        parts.append(area_svg(her, f"CatANNA ({c.box} cubes back in the box)", "#555"))
    scores = " · ".join(f"player {i + 1}: {v}" for i, v in enumerate(state.scores()))
    if state.catanna is not None:
        scores += f" · CatANNA: {state.catanna_score()}"
    deck = f"deck {len(state.deck)} cards, discard pile {len(state.discard)}"
    return (f'<div class="neko-syndicate" style="font-family:sans-serif">'
            f'<div style="font-size:13px;margin:2px 0">{escape(scores)} — {escape(deck)}</div>'
            + "".join(f'<div style="display:inline-block;vertical-align:top;margin:4px">{p}</div>'
                      for p in parts) + "</div>")

