"""A picture of a Naéco table as one SVG string (pure function: state -> str).

The board widget reuses `svg(state)`, `ocean_svg(ocean)` and `surface_svg(state)`.
"""
from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from .rules.objectives import LEVELS
from .rules.ocean import FACE_DOWN, START, Ocean

if TYPE_CHECKING:
    from .rules import GameState

CELL_W, CELL_H, GAP = 34, 40, 4
DEPTH_FILL = ("#bfe6f7", "#6fb7de", "#2f7bb3", "#163f6b")     # depth 1 (light) .. 4 (dark)
PLAYER_COLOURS = ("#2e9e44", "#e0b400", "#e0559b", "#7d4ab8")   # green, yellow, pink, purple


def ocean_svg(ocean: Ocean, x: float = 0, y: float = 0, title: str = "") -> tuple[str, float, float]:
    """SVG elements of one Ocean grid with depth labels; returns (markup, width, height)."""
    parts = []
    if title:
        parts.append(f'<text x="{x}" y="{y + 12}" font-size="12" font-weight="bold">{escape(title)}</text>')
    top = y + 18
    cols = list(ocean.columns())
    for d in range(1, 5):
        cy = top + (d - 1) * (CELL_H + GAP)
        parts.append(f'<text x="{x}" y="{cy + CELL_H / 2 + 4}" font-size="10">d{d}</text>')
        for k, c in enumerate(cols):
            cx = x + 22 + k * (CELL_W + GAP)
            v = ocean.get(d, c)
            if v is None:
                parts.append(f'<rect x="{cx}" y="{cy}" width="{CELL_W}" height="{CELL_H}" fill="none" '
                             f'stroke="#ccc" stroke-dasharray="2,2"/>')
                continue
            card = ocean.card_at(d, c)
            if v == START:
                fill, label = "#f4e9c8", "S"
            elif v == FACE_DOWN:
                fill, label = "#555", "X"
            else:
                fill, label = DEPTH_FILL[d - 1], str(v)
            tip = escape(str(card)) if card is not None and v > 0 else ("start" if v == START else "face-down")
            colour = "#fff" if (d >= 3 and v > 0) or v == FACE_DOWN else "#000"
            parts.append(f'<g><title>{tip}</title><rect x="{cx}" y="{cy}" width="{CELL_W}" height="{CELL_H}" '
                         f'rx="4" fill="{fill}" stroke="#333"/>'
                         f'<text x="{cx + CELL_W / 2}" y="{cy + CELL_H / 2 + 6}" font-size="16" '
                         f'text-anchor="middle" fill="{colour}">{label}</text>')
            if card is not None and v > 0 and card.attributes:
                marks = "".join(a[0].upper() for a in card.attributes)
                parts.append(f'<text x="{cx + 3}" y="{cy + 10}" font-size="8" fill="{colour}">{marks}</text>')
            parts.append("</g>")
    width = 22 + len(cols) * (CELL_W + GAP)
    height = 18 + 4 * (CELL_H + GAP)
    return "".join(parts), width, height


def surface_svg(state: "GameState", x: float = 0, y: float = 0) -> tuple[str, float, float]:
    """The Surface row with tokens and objectives (hidden ones shown as '?')."""
    parts = []
    w = 120
    for k, value in enumerate(state.surface_values):
        cx = x + k * (w + GAP)
        parts.append(f'<rect x="{cx}" y="{y}" width="{w}" height="70" rx="6" fill="#e8f6ff" stroke="#333"/>'
                     f'<text x="{cx + 6}" y="{y + 16}" font-size="13" font-weight="bold">{value}</text>'
                     f'<text x="{cx + 30}" y="{y + 16}" font-size="9">piles 1-{state.surface_piles[k]}</text>')
        if k < 4:
            level = LEVELS[k]
            if state.revealed[k]:
                text = state.objective_text[(level, state.objectives[k])]
            else:
                text = "?"
            words, line, lines = text.split(), "", []
            for word in words:
                if len(line) + len(word) > 22:
                    lines.append(line)
                    line = word
                else:
                    line = f"{line} {word}".strip()
            lines.append(line)
            for j, ln in enumerate(lines[:3]):
                parts.append(f'<text x="{cx + 4}" y="{y + 30 + 10 * j}" font-size="8">{escape(ln)}</text>')
        for seat, t in enumerate(state.token):
            if t == k:
                parts.append(f'<circle cx="{cx + 12 + seat * 16}" cy="{y + 62}" r="6" '
                             f'fill="{PLAYER_COLOURS[seat % 4]}" stroke="#000"><title>player {seat}</title></circle>')
    return "".join(parts), 5 * (w + GAP), 74


def piles_svg(state: "GameState", x: float = 0, y: float = 0) -> tuple[str, float, float]:
    parts = []
    for i, pile in enumerate(state.piles):
        cx = x + i * (CELL_W * 2 + GAP)
        if pile:
            card = state.cards[pile[-1]]
            label = "M" if card.effect else str(card.value)
            fill = "#f6c" if card.effect else DEPTH_FILL[card.depth - 1]
            tip = escape(str(card))
        else:
            label, fill, tip = "empty", "#eee", "empty pile"
        parts.append(f'<g><title>{tip}</title><rect x="{cx}" y="{y}" width="{CELL_W * 2}" height="{CELL_H}" '
                     f'rx="4" fill="{fill}" stroke="#333"/>'
                     f'<text x="{cx + CELL_W}" y="{y + 18}" font-size="12" text-anchor="middle">{label}</text>'
                     f'<text x="{cx + CELL_W}" y="{y + 32}" font-size="9" text-anchor="middle">'
                     f'pile {i + 1}: {len(pile)}</text></g>')
    return "".join(parts), PILES_W * (CELL_W * 2 + GAP), CELL_H


PILES_W = 7


def svg(state: "GameState") -> str:
    """The whole table: Surface row, piles, then every Ocean side by side."""
    body, w1, h1 = surface_svg(state, 4, 4)
    piles, w2, h2 = piles_svg(state, 4, h1 + 12)
    y = h1 + h2 + 24
    x = 4.0
    oceans, height = [], 0.0
    scores = state.scores()
    for seat, ocean in enumerate(state.oceans):
        title = f"Player {seat}: {scores[seat]} points" + (" (to play)" if state.current_player == seat else "")
        part, w, h = ocean_svg(ocean, x, y, title)
        oceans.append(part)
        x += w + 20
        height = max(height, h)
    width = max(w1, w2, x) + 8
    legend = (f'<text x="4" y="{y + height + 12}" font-size="9">symbols: I insufficiently known, '
              f'W well known, E endangered, L least concern; X face-down; S start card; M mission</text>')
    oceans.append(legend)
    total = y + height + 20
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{total:.0f}" '
            f'font-family="sans-serif">{body}{piles}{"".join(oceans)}</svg>')
