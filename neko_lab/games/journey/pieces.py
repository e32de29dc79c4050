"""The pieces a picture of a Journey table is drawn with (render.py draws the table from them): the
colours, the sizes, a text, a die, a card, a hub and a ship, and a click target around any of them.
Every text is drawn at 11 px or more."""
from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Mapping

from neko_lab.core.svg import target

if TYPE_CHECKING:
    from .data import Card


PLAYER_COLOURS = ("#d7263d", "#e8a317", "#6a3d9a", "#2e8b57")      # red, yellow, purple, green
ITEM_FILL = {"fuel": "#444444", "coins": "#f2c14e", "good": "#a0522d", "fish": "#3a86c8"}
ITEM_INK = {"fuel": "#ffffff", "coins": "#3b2a00", "good": "#ffffff", "fish": "#ffffff"}
ITEM_SHORT = {"fuel": "fuel", "coins": "coin", "good": "good", "fish": "fish"}
TYPE_FILL = {"port": "#cfe3f5", "ocean_bank": "#fbe7a1", "blue_bar": "#bfd7ff", "fuel_platform": "#d9d9d9",
             "penguin_park": "#d8f0d0", "special": "#f4d6e8", "seaside_town": "#ffe0c2"}
LEGAL = "#2e9e44"
CW, CH, HG = 84, 84, 14         # card width, card height, gap between slots (where hubs sit)
HARBOUR_W = 30
DIE = 18
CARGO = {"coins": "c", "good": "g", "fish": "fi", "fuel": "fu"}     # a port's cargo, in its legend
PER_ROW = 5                     # bidding spaces per row
MIN_TEXT = 11
WIDTH = 560




def _t(x: float, y: float, text: str, size: int = 11, anchor: str = "start", fill: str = "#222",
       weight: str = "normal") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{max(size, MIN_TEXT)}" text-anchor="{anchor}" fill="{fill}" '
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


def _short(name: str, limit: int = 13) -> str:
    return name if len(name) <= limit else name[:limit - 1] + "…"


def _lines(name: str, limit: int = 13) -> list[str]:
    """A card name on at most two lines of `limit` characters."""
    words, lines, line = name.split(), [], ""
    for w in words:
        if line and len(line) + 1 + len(w) > limit:
            lines.append(line)
            line = w
        else:
            line = f"{line} {w}".strip()
    lines.append(line)
    if len(lines) > 2:
        lines = [lines[0], _short(" ".join(lines[1:]), limit)]
    return [_short(x, limit) for x in lines]


def _wrap(text: str, limit: int) -> list[str]:
    return _lines(text, limit) if len(text) <= 2 * limit else [
        " ".join(text.split()[:len(text.split()) // 2]), " ".join(text.split()[len(text.split()) // 2:])]


def _click(markup: str, name: str, clicks: Mapping[str, str] | None, ring: tuple | None = None) -> str:
    """`markup` as the click target `name` when the board offers it (clicks maps names to what a
    click does), as an unlit target of that name on the board's table otherwise (clicks given), else
    as it is; `ring` (x, y, w, h) draws a green outline around a lit target."""
    if clicks and name in clicks:
        if ring is not None:
            x, y, w, h = ring
            markup = (f'<rect x="{x - 3:.1f}" y="{y - 3:.1f}" width="{w + 6}" height="{h + 6}" rx="5" '
                      f'fill="#dff3df" stroke="{LEGAL}" stroke-width="3"/>' + markup)
        return target(markup, name, clicks[name])
    if clicks is not None:       # the board's own table: a click here is answered with why it is refused
        return target(markup, name, "", lit=False)
    return markup


def cargo_words(cargo) -> str:
    """A port's cargo spaces in words, left to right: 'cargo spaces: empty, 2 coins, 1 fuel'."""
    def one(c) -> str:
        if c is None:
            return "empty"
        item, n = c
        return f"{n} " + {"coins": "coin" if n == 1 else "coins", "good": "good" if n == 1 else "goods"}.get(item, item)
    return "cargo spaces: " + ", ".join(one(c) for c in cargo)


def card_svg(card: "Card", x: float, y: float, width: float = CW, height: float = CH, stroke: str = "#333",
             note: str = "") -> str:
    """A card: name, cost and points, its left half-hub multiplier and right half-hub item at the edges,
    a port's cargo spaces and own hubs."""
    fill = TYPE_FILL.get(card.type, "#eeeeee")
    tip = (f"{card} — {card.type.replace('_', ' ')}, cost {card.cost}, {card.points} PP; left half-hub "
           f"×{card.left}, right half-hub {card.right}" + (f"; {cargo_words(card.cargo)}" if card.cargo else "")
           + (f"; own hubs {', '.join(f'{m}×{i}' for m, i in card.hubs)}" if card.hubs else ""))
    parts = [f'<g class="card"><title>{escape(tip)}</title>'
             f'<rect x="{x:.1f}" y="{y:.1f}" width="{width}" height="{height}" rx="6" fill="{fill}" stroke="{stroke}"/>']
    for j, line in enumerate(_lines(card.name)):
        parts.append(_t(x + width / 2, y + 13 + 12 * j, line, 11, "middle", "#111", "bold"))
    foot = f"{note} · {card.points} PP" if note else f"cost {card.cost} · {card.points} PP"
    parts.append(_t(x + width / 2, y + height - 5, foot, 11, "middle", "#333"))
    # the half-hubs at the edges: the left multiplier, the right item
    mid = y + 40
    parts.append(f'<rect x="{x - 1:.1f}" y="{mid - 9:.1f}" width="16" height="18" rx="3" fill="#ffffff" '
                 f'stroke="#555"/>' + _t(x + 7, mid + 4, str(card.left), 11, "middle", "#111", "bold"))
    parts.append(f'<rect x="{x + width - 15:.1f}" y="{mid - 9:.1f}" width="16" height="18" rx="3" '
                 f'fill="{ITEM_FILL[card.right]}" stroke="#555"/>'
                 + _t(x + width - 7, mid + 4, card.right[0].upper(), 11, "middle", ITEM_INK[card.right], "bold"))
    if card.cargo:      # short codes (the legend spells them out); hovering them spells them out too
        parts.append(f'<g class="cargo"><title>{escape(cargo_words(card.cargo))}</title>'
                     + _t(x + width / 2, mid + 4, " ".join("·" if c is None else f"{c[1]}{CARGO[c[0]]}"
                                                          for c in card.cargo), 11, "middle", "#234") + "</g>")
    parts.append("</g>")
    return "".join(parts)


def hub_svg(x: float, y: float, mult: int, item: str, tip: str = "", lit: bool = False, r: float = 11) -> str:
    """A complete hub: a disc in the item's colour with the multiplier (= the die that activates it)."""
    stroke = f'stroke="{LEGAL}" stroke-width="4"' if lit else 'stroke="#222"'
    return (f'<g class="hub"><title>{escape(tip or f"hub {mult}×{item}")}</title>'
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="{ITEM_FILL[item]}" {stroke}/>'
            + _t(x, y + 4, str(mult), 12, "middle", ITEM_INK[item], "bold") + "</g>")


def ship_svg(x: float, y: float, colour: str, count: int = 1) -> str:
    label = f"{count} ships" if count > 1 else "a ship"
    path = f"M{x - 9:.1f},{y:.1f} L{x + 9:.1f},{y:.1f} L{x + 5:.1f},{y + 7:.1f} L{x - 5:.1f},{y + 7:.1f} Z"
    mast = f'<line x1="{x:.1f}" y1="{y:.1f}" x2="{x:.1f}" y2="{y - 10:.1f}" stroke="#222"/>'
    sail = f'<path d="M{x:.1f},{y - 10:.1f} L{x + 7:.1f},{y - 3:.1f} L{x:.1f},{y - 3:.1f} Z" fill="#ffffff" stroke="#222"/>'
    extra = _t(x + 11, y + 6, f"×{count}", 11, "start", "#111", "bold") if count > 1 else ""
    return f'<g class="ship"><title>{label}</title><path d="{path}" fill="{colour}" stroke="#222"/>{mast}{sail}{extra}</g>'
