"""A picture of a Naéco table as one SVG string (pure functions: state -> str).

    from neko_lab.games.naeco import render
    render.svg(state)                                  # what a state shows in a notebook
    render.table_svg(state, viewer=0, selected=12)     # a board's picture: click targets lit in green

The table reads top to bottom: the Surface row (values, the piles each opens, revealed objectives,
the tokens), the seven draw piles, every Ocean (one per row, so a wide one is never hidden), and the
viewer's hand. With `targets=True` the hand cards, the places where the selected card may go, the
face-down switch and the piles the seat may draw from are click targets (neko_lab.widgets.picture),
each saying on hover what a click does. All text is drawn at 11 px or more and the picture is shown
at its drawn size.
"""
from __future__ import annotations

from neko_lab.core.errors import counted
from html import escape
from typing import TYPE_CHECKING, Any, Sequence

from neko_lab.core.events import EVERYTHING, PUBLIC
from neko_lab.core.svg import target

from .objectives import LEVELS
from .ocean import ATTRIBUTES, FACE_DOWN, START, Ocean, pos

if TYPE_CHECKING:
    from .rules import GameState

CW, CH, GAP = 36, 42, 4          # an Ocean cell
LABEL_W = 60                     # the depth labels left of an Ocean
DEPTH_FILL = ("#bfe6f7", "#6fb7de", "#2f7bb3", "#163f6b")     # depth 1 (light) .. 4 (dark)
TEXT_ON = ("#0b2540", "#0b2540", "#ffffff", "#ffffff")         # readable ink on each depth colour
PLAYER_COLOURS = ("#2e9e44", "#b58900", "#d6337f", "#7d4ab8")   # green, yellow, pink, purple
LEGAL_FILL, LEGAL_STROKE = "#8fdc8f", "#1b7a1b"
MARKS = {"insufficiently_known": "I", "well_known": "W", "endangered": "E", "least_concern": "L"}
SURFACE_W, PILE_W, HAND_W = 104, 72, 150
MIN_TEXT = 11




def _t(x: float, y: float, text: str, size: int = 12, fill: str = "#222", anchor: str = "start",
       weight: str = "normal") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{max(size, MIN_TEXT)}" fill="{fill}" '
            f'text-anchor="{anchor}" font-weight="{weight}">{escape(text)}</text>')


def _wrap(text: str, width: int) -> list[str]:
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return lines + [line] if line else lines


def seat_name(seat: int) -> str:
    return f"Player {seat + 1}"


def _cell(x: float, y: float, fill: str, label: str, ink: str, tip: str, marks: str = "") -> str:
    extra = _t(x + 3, y + 12, marks, 11, ink) if marks else ""
    return (f'<g><title>{escape(tip)}</title><rect x="{x:.1f}" y="{y:.1f}" width="{CW}" height="{CH}" rx="4" '
            f'fill="{fill}" stroke="#333"/>{_t(x + CW / 2, y + CH / 2 + 9 if marks else y + CH / 2 + 6, label, 16, ink, "middle")}'
            f'{extra}</g>')


def ocean_svg(ocean: Ocean, x: float = 0, y: float = 0, title: str = "", lit: Sequence[int] = (),
              colour: str = "#222", tip: str = "", cell_tip: str = "play here",
              unlit: bool = False) -> tuple[str, float, float]:
    """One Ocean with a ring of empty places around it; `lit` places (cell numbers) are green click
    targets ``cell:<depth>:<column>``; with `unlit`, the other empty places of the ring are unlit
    targets of the same names (a click there is answered with the reason it is refused). Returns
    (svg elements, width, height)."""
    cols = list(range(ocean.lo - 1, ocean.hi + 2))
    lit_set = set(lit)
    front = ocean.frontier()
    parts = []
    if title:
        parts.append(f'<g><title>{escape(tip or title)}</title>{_t(x, y + 14, title, 14, colour, weight="bold")}</g>')
    top = y + (22 if title else 0)
    for d in range(1, 5):
        cy = top + (d - 1) * (CH + GAP)
        parts.append(_t(x, cy + CH / 2 + 4, f"depth {d}", 12, "#345"))
        for k, c in enumerate(cols):
            cx = x + LABEL_W + k * (CW + GAP)
            p = pos(d, c)
            v = ocean.cells.get(p)
            where = f"depth {d}, place {k + 1} from the left"
            if v is None:
                if p in lit_set:
                    rect = (f'<rect x="{cx:.1f}" y="{cy:.1f}" width="{CW}" height="{CH}" rx="4" fill="{LEGAL_FILL}" '
                            f'stroke="{LEGAL_STROKE}" stroke-width="2"/>')
                    parts.append(target(rect, f"cell:{d}:{c}", f"{cell_tip} ({where})"))
                elif p in front:
                    # on a board's own Ocean a place is a token a lesson's callout keeps clear of
                    token = ' class="neko-token"' if unlit else ""
                    rect = (f'<rect{token} x="{cx:.1f}" y="{cy:.1f}" width="{CW}" height="{CH}" rx="4" fill="#fff" '
                            f'stroke="#9ab" stroke-dasharray="3,3"/>')
                    parts.append(target(rect, f"cell:{d}:{c}", f"{where}: empty", lit=False) if unlit else
                                 rect.replace("/>", f"><title>{where}: empty</title></rect>"))
                continue
            card = ocean.cards.get(p)
            if v == START:
                parts.append(_cell(cx, cy, "#f4e9c8", "S", "#5a4500", "Exploration Start card"))
            elif v == FACE_DOWN:
                parts.append(_cell(cx, cy, "#4a4a4a", "✕", "#ffffff", "face-down: an unpopulated area"))
            else:
                marks = "".join(MARKS.get(a, "") for a in (card.attributes if card else ()))
                tip_card = str(card) if card is not None else f"value {v}"
                parts.append(_cell(cx, cy, DEPTH_FILL[d - 1], str(v), TEXT_ON[d - 1], tip_card, marks))
    width = max(LABEL_W + len(cols) * (CW + GAP), 8 * len(title) + 10)
    return "".join(parts), width, (22 if title else 0) + 4 * (CH + GAP)


def surface_svg(state: "GameState", x: float = 0, y: float = 0) -> tuple[str, float, float]:
    """The Surface row: each card's value, the piles it opens, its objective (hidden: "?") and tokens."""
    parts = []
    h = 112
    for k, value in enumerate(state.surface_values):
        cx = x + k * (SURFACE_W + GAP)
        parts.append(f'<rect x="{cx:.1f}" y="{y:.1f}" width="{SURFACE_W}" height="{h}" rx="6" fill="#e8f6ff" '
                     f'stroke="#333"/>' + _t(cx + 6, y + 17, str(value), 15, "#0b2540", weight="bold")
                     + _t(cx + 34, y + 16, f"piles 1–{state.surface_piles[k]}", 11, "#345"))
        if k < 4:
            text = state.objective_text[(LEVELS[k], state.objectives[k])] if state.revealed[k] else \
                "objective still hidden"
            lines = _wrap(text, 15)
            shown = lines[:5]
            if len(lines) > 5:
                shown[-1] = shown[-1][:13] + "…"
            parts.append(f'<g><title>{escape(text)}</title>'
                         + "".join(_t(cx + 5, y + 32 + 13 * j, ln, 11, "#222") for j, ln in enumerate(shown))
                         + "</g>")
        for seat, t in enumerate(state.token):
            if t == k:
                parts.append(f'<circle class="neko-token" cx="{cx + 12 + seat * 18:.1f}" cy="{y + h - 10:.1f}" '
                             f'r="7" fill="{PLAYER_COLOURS[seat % 4]}" stroke="#000"><title>{seat_name(seat)}\'s '
                             f'token: research {value}</title></circle>')
    return "".join(parts), 5 * (SURFACE_W + GAP), h + 4


def piles_svg(state: "GameState", x: float = 0, y: float = 0, seat: int | None = None,
              lit: Sequence[int] = (), targets: bool = False, unlit: bool = False) -> tuple[str, float, float]:
    """The seven piles: top card and cards left. While the game goes on, the piles `seat` may draw
    from are outlined; `lit` piles are click targets ``pile:<i>`` (0-based); with `unlit` the others
    are unlit targets (a click there is answered with the reason)."""
    over = state.is_over()
    allowed = state.allowed_piles(seat) if (seat is not None and not over) else 0
    parts = []
    for i, pile in enumerate(state.piles):
        cx = x + i * (PILE_W + GAP)
        ok = i < allowed
        stroke = f'stroke="{LEGAL_STROKE}" stroke-width="3"' if ok else 'stroke="#888"'
        if pile:
            card = state.cards[pile[-1]]
            if card.effect:
                fill, label, ink = "#f6c1de", "mission", "#5b0a36"
            else:
                fill, ink = DEPTH_FILL[card.depth - 1], TEXT_ON[card.depth - 1]
                label = f"{card.value} · d{card.depth}"
            tip = str(card)
        else:
            fill, label, ink, tip = "#eeeeee", "empty", "#555", "empty: its Empty Pile card shows"
        body = (f'<rect x="{cx:.1f}" y="{y:.1f}" width="{PILE_W}" height="{CH + 4}" rx="4" fill="{fill}" {stroke}/>'
                + _t(cx + PILE_W / 2, y + 18, label, 13, ink, "middle", "bold")
                + _t(cx + PILE_W / 2, y + 36, f"pile {i + 1} ({len(pile)})", 11, ink, "middle"))
        if targets and i in lit:
            verb = "take the mission on" if pile and state.cards[pile[-1]].effect else "draw the top card of"
            parts.append(target(body, f"pile:{i}", f"{verb} pile {i + 1}: {tip}"))
        elif unlit:
            parts.append(target(body, f"pile:{i}", tip, lit=False))
        else:
            parts.append(f"<g><title>{escape(tip)}</title>{body}</g>")
    width = PILES_W * (PILE_W + GAP)
    height = CH + 8
    if seat is not None and not over:
        parts.append(_t(x, y + CH + 22, f"outlined: the piles {seat_name(seat)} may draw from "
                                         f"(1–{allowed})", 12, LEGAL_STROKE))
        height += 18
    return "".join(parts), width, height


PILES_W = 7


def hand_svg(state: "GameState", seat: int, x: float, y: float, selected: int | None = None,
             lit: bool = False, down: bool = False) -> tuple[str, float, float]:
    """`seat`'s hand; while `lit`, each card is a click target ``hand:<card id>`` (select it), and a
    face-down switch ``facedown`` sits after the cards."""
    parts = [_t(x, y + 14, f"Hand of {seat_name(seat)}", 14, "#222", weight="bold")]
    for k, cid in enumerate(state.hands[seat]):
        card = state.cards[cid]
        cx = x + k * (HAND_W + GAP)
        d = card.depth
        stroke = 'stroke="#d40" stroke-width="4"' if cid == selected else 'stroke="#333"'
        marks = " ".join(MARKS.get(a, "") for a in card.attributes)
        name = card.name if len(card.name) <= 22 else card.name[:21] + "…"
        body = (f'<rect x="{cx:.1f}" y="{y + 20:.1f}" width="{HAND_W}" height="{CH + 6}" rx="5" '
                f'fill="{DEPTH_FILL[d - 1]}" {stroke}/>' + _t(cx + 6, y + 37, name, 12, TEXT_ON[d - 1], weight="bold")
                + _t(cx + 6, y + 56, f"value {card.value} · depth {d} {marks}", 12, TEXT_ON[d - 1]))
        if lit:
            tip = (f"{card} — selected: click a green place" if cid == selected
                   else f"{card} — click to choose it, then a green place in your Ocean")
            parts.append(target(body, f"hand:{cid}", tip))
        else:
            parts.append(f"<g><title>{escape(str(card))}</title>{body}</g>")
    n = max(3, len(state.hands[seat]))
    width = n * (HAND_W + GAP)
    height = 20 + CH + 10
    if lit:
        sx, sy = x, y + height + 2
        on = "on" if down else "off"
        body = (f'<rect x="{sx:.1f}" y="{sy:.1f}" width="250" height="26" rx="13" fill="{"#4a4a4a" if down else "#f2f2f2"}" '
                f'stroke="#555"/>' + _t(sx + 125, sy + 17, f"✕ play face-down: {on}", 13,
                                        "#fff" if down else "#222", "middle"))
        parts.append(target(body, "facedown", "switch: play the selected card face-down (an unpopulated "
                                              "area, which any value may touch next turn)"))
        height += 32
    return "".join(parts), width, height


def ocean_title(state: "GameState", seat: int, shown: dict) -> tuple[str, str]:
    """"Player 1: -1 points (to play)" and its hover text: the points as the score table counts them
    (the seat's score if the game ended now, another seat's secret priority points as "?"), research
    from the Surface card the token stands on (it starts on -1) included, as the hover text says. Once
    the game is over: the final score."""
    if state.is_over():
        pts = str(state.scores()[seat])
        return f"{seat_name(seat)}: {counted(pts, 'point')}", f"final score of {seat_name(seat)}"
    known = list(shown.values())
    pts = f"{sum(v for v in known if v is not None)}{'+?' if None in known else ''}"
    mark = " (to play)" if state.current_player == seat else ""
    parts = ", ".join(f"{k} {'?' if v is None else v}" for k, v in shown.items())
    tip = (f"points if the game ended now ({parts}); research is the value of the Surface card the token "
           f"stands on")
    return f"{seat_name(seat)}: {counted(pts, 'point')}{mark}", tip


def _symbols(values: Sequence[int]) -> str:
    return " · ".join(f"{MARKS[a]} {v}" for a, v in zip(ATTRIBUTES, values))


def priority_svg(state: "GameState", viewer: Any, x: float, y: float) -> tuple[str, float]:
    """The Priority Observation cards `viewer` may see (points per symbol: its own, every one once the
    game is over or for the analyst; none for a spectator while the game goes on) and, in solo play,
    the symbols on the discarded cards, which the player's Ocean must match or beat (Naéco › Solo play
    variant). Returns the SVG and its height."""
    over = state.is_over()
    seats = (list(range(state.players)) if over or viewer == EVERYTHING
             else [viewer] if isinstance(viewer, int) else [])
    lines = []
    for seat in seats:
        card = state.priority_table[state.priority[seat]]
        whose = "Your" if seat == viewer and not over else f"{seat_name(seat)}'s"
        tip = ", ".join(f"{a.replace('_', ' ')} {v}" for a, v in zip(ATTRIBUTES, card.points))
        lines.append((f"{whose} Priority Observation card, points per symbol: {_symbols(card.points)}",
                      f"points per symbol if its Ocean has the most of it: {tip}"))
    if state.players == 1:
        counts = state.discard_counts()
        lines.append((f"Symbols on the {counted(len(state.discards), 'discarded card')}: "
                      f"{_symbols([counts.get(a, 0) for a in ATTRIBUTES])}",
                      "solo: an Ocean scores a symbol's priority points with at least as many of it as "
                      "all the discarded cards show"))
    parts = [f"<g><title>{escape(tip)}</title>{_t(x, y + 13 + 16 * k, text, 12, '#0b2540')}</g>"
             for k, (text, tip) in enumerate(lines)]
    return "".join(parts), 16 * len(lines) + (4 if lines else 0)


def table_svg(state: "GameState", viewer: Any = PUBLIC, selected: int | None = None,
              down: bool = False, targets: bool = False) -> str:
    """The whole table as seen by `viewer`: a seat (its hand is shown, and its own secret points),
    PUBLIC (a spectator: no hand, no score that depends on a secret card; also None) or EVERYTHING
    (the analyst). With `targets` (the viewer is to act), the hand, the places where the `selected`
    card may go, the face-down switch and the piles the viewer may draw from are click targets."""
    if viewer is None:
        viewer = PUBLIC
    parts = []
    s, w1, h1 = surface_svg(state, 4, 4)
    parts.append(s)
    y = h1 + 12
    kind = state.pending[-1].kind if (targets and not state.is_over() and state.pending) else None
    legal = state.legal_actions() if kind else []
    piles_lit = [a.pile for a in legal if kind == "draw" and hasattr(a, "pile")]
    p, w2, h2 = piles_svg(state, 4, y, state.current_player, piles_lit, targets=kind == "draw",
                          unlit=kind is not None)
    parts.append(p)
    y += h2 + 10
    cells = [pos(a.depth, a.col) for a in legal
             if kind == "play" and a.card == selected and a.down == down]
    shown = state.view_breakdown(viewer)       # another seat's priority points stay secret
    width = max(w1, w2)
    name = state.cards[selected].name if selected is not None else ""
    if isinstance(viewer, int):   # the hand right under the piles, so cards and places show together
        hp, w3, h3 = hand_svg(state, viewer, 4, y, selected, lit=kind == "play", down=down)
        parts.append(hp)
        y += h3 + 4
        width = max(width, w3 + 8)
    pr, h4 = priority_svg(state, viewer, 4, y)
    parts.append(pr)
    y += h4
    order = sorted(range(len(state.oceans)), key=lambda seat: seat != viewer)   # your Ocean first
    for seat in order:
        ocean = state.oceans[seat]
        title, tip = ocean_title(state, seat, shown[seat])
        o, w, h = ocean_svg(ocean, 4, y, title, cells if seat == viewer else (), PLAYER_COLOURS[seat % 4], tip,
                            f"play {name}{' face-down' if down else ''} here",
                            unlit=targets and seat == viewer)
        parts.append(o)
        if not state.is_over():         # research counts at the end, from the token's Surface card
            parts.append(_t(12 + 8 * len(title), y + 14, f"· research {shown[seat].get('research', 0)} "
                                                         f"at the end", 12, "#555"))
        y += h + 8
        width = max(width, w + 8)
    for line in ("letters on cards: I insufficiently known, W well known,",
                 "E endangered, L least concern; ✕ face-down; S start card"):
        parts.append(_t(4, y + 13, line, 11, "#444"))
        y += 15
    y += 6
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{y:.0f}" '
            f'viewBox="0 0 {width:.0f} {y:.0f}" font-family="sans-serif" style="background:#fff">'
            f'{"".join(parts)}</svg>')


def svg(state: "GameState", viewer: Any = PUBLIC) -> str:
    """The whole table as `viewer` sees it (GameState.picture); a notebook shows the spectator's:
    every Ocean, no hand, no secret Priority Observation points."""
    return table_svg(state, state.check_viewer(viewer))


def html(state: "GameState", viewer: Any = PUBLIC) -> str:
    return svg(state, viewer)
