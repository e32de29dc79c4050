"""The Naéco board: play by clicking a hand card, then a place in your Ocean; then a draw pile.

    from neko_lab.games.naeco.board import Board
    b = Board(nl.new_game("naeco", players=2, seed=1), agents={1: "naeco"})
    b

Built on the generic board (legal-action list, bot buttons, undo/restart, scores, the log with its
rules). The picture shows the Surface row (tokens and revealed objectives), the seven piles with the
ones you may draw from outlined, every Ocean with its depths and values, and your hand; the places
where the selected card may go are shown in green. Under it: your hand as buttons, a face-down switch,
your Ocean as a grid of buttons, and the piles as buttons. Anything the rules refuse is explained in
the message line and leaves the game unchanged ("Naéco › Gameplay").
"""
from __future__ import annotations

from html import escape
from typing import Any, Hashable, Mapping, Sequence

import ipywidgets as W

from neko_lab.widgets.board import Board as GenericBoard

from .rules.ocean import FACE_DOWN, START, Ocean, pos
from .render import DEPTH_FILL, PLAYER_COLOURS, surface_svg
from .rules import PILES, Draw, GameState, Play, TakeMission

CW, CH, GAP = 36, 42, 4          # card cell in the picture
TEXT_ON = ("#0b2540", "#0b2540", "#ffffff", "#ffffff")     # readable text on each depth colour
LEGAL_FILL = "#8fdc8f"
MARKS = {"insufficiently_known": "I", "well_known": "W", "endangered": "E", "least_concern": "L"}


# ---------------------------------------------------------------------------------- pure pictures
def _card_rect(x: float, y: float, fill: str, label: str, colour: str, tip: str, stroke: str = "#333",
               width: float = CW, extra: str = "") -> str:
    return (f'<g><title>{escape(tip)}</title><rect x="{x}" y="{y}" width="{width}" height="{CH}" rx="4" '
            f'fill="{fill}" stroke="{stroke}"/><text x="{x + width / 2}" y="{y + CH / 2 + 6}" '
            f'font-size="16" text-anchor="middle" fill="{colour}">{escape(label)}</text>{extra}</g>')


def ocean_picture(ocean: Ocean, x: float, y: float, title: str, highlight: Sequence[int] = (),
                  colour: str = "#333") -> tuple[str, float, float]:
    """One Ocean with a ring of empty places around it; `highlight` (cell numbers) drawn in green.
    Returns (svg elements, width, height)."""
    cols = range(ocean.lo - 1, ocean.hi + 2)
    lit = set(highlight)
    front = ocean.frontier()
    parts = [f'<text x="{x}" y="{y + 13}" font-size="13" font-weight="bold" fill="{colour}">'
             f'{escape(title)}</text>']
    top = y + 20
    for d in range(1, 5):
        cy = top + (d - 1) * (CH + GAP)
        parts.append(f'<text x="{x}" y="{cy + CH / 2 + 4}" font-size="11" fill="#345">depth {d}</text>')
        for k, c in enumerate(cols):
            cx = x + 48 + k * (CW + GAP)
            p = pos(d, c)
            v = ocean.cells.get(p)
            if v is None:
                if p in lit:
                    parts.append(f'<rect x="{cx}" y="{cy}" width="{CW}" height="{CH}" rx="4" fill="{LEGAL_FILL}" '
                                 f'stroke="#1b7a1b" stroke-width="2"><title>you may play here</title></rect>')
                elif p in front:
                    parts.append(f'<rect x="{cx}" y="{cy}" width="{CW}" height="{CH}" rx="4" fill="none" '
                                 f'stroke="#9ab" stroke-dasharray="3,3"/>')
                continue
            card = ocean.cards.get(p)
            if v == START:
                parts.append(_card_rect(cx, cy, "#f4e9c8", "S", "#5a4500", "Exploration Start card"))
            elif v == FACE_DOWN:
                parts.append(_card_rect(cx, cy, "#4a4a4a", "✕", "#ffffff", "face-down: unpopulated area"))
            else:
                marks = "".join(MARKS.get(a, "") for a in (card.attributes if card else ()))
                extra = (f'<text x="{cx + 3}" y="{cy + 11}" font-size="9" fill="{TEXT_ON[d - 1]}">'
                         f'{escape(marks)}</text>') if marks else ""
                tip = str(card) if card is not None else f"value {v}"
                parts.append(_card_rect(cx, cy, DEPTH_FILL[d - 1], str(v), TEXT_ON[d - 1], tip, extra=extra))
    width = max(48 + len(cols) * (CW + GAP), 8 * len(title) + 10)
    return "".join(parts), width, 20 + 4 * (CH + GAP)


class Picture:
    """An SVG string that shows itself as a picture in a notebook (and as the SVG text elsewhere)."""

    __slots__ = ("svg",)

    def __init__(self, svg: str):
        self.svg = svg

    def _repr_html_(self) -> str:
        return self.svg

    def __str__(self) -> str:
        return self.svg


def ocean_html(ocean: Ocean, title: str = "", highlight: Sequence[tuple[int, int]] = ()) -> str:
    """One Ocean on its own as an SVG string; `highlight` lists (depth, column) places drawn in green."""
    body, w, h = ocean_picture(ocean, 4, 4, title, [pos(d, c) for d, c in highlight])
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w + 8:.0f}" height="{h + 8:.0f}" '
            f'font-family="sans-serif" style="background:#fff">{body}</svg>')


def show_oceans(oceans: Mapping[str, Ocean] | Sequence[Ocean], per_row: int = 4) -> Picture:
    """Several Oceans side by side, each under its title (a dict title -> Ocean), for notebooks."""
    items = list(oceans.items()) if isinstance(oceans, Mapping) else [("", o) for o in oceans]
    cells = "".join(f"<div style='display:inline-block;vertical-align:top;margin:4px'>"
                    f"<div style='max-width:240px;font-size:12px;font-weight:bold'>{escape(t)}</div>"
                    f"{ocean_html(o)}</div>"
                    for t, o in items)
    return Picture(f"<div class='neko-oceans'>{cells}</div>")


def piles_picture(state: GameState, seat: int | None, x: float, y: float) -> tuple[str, float, float]:
    """The seven piles: top card, cards left; outlined in green when `seat` may draw from them."""
    allowed = state.allowed_piles(seat) if seat is not None else PILES
    parts = []
    w = 2 * CW
    for i, pile in enumerate(state.piles):
        cx = x + i * (w + GAP)
        ok = i < allowed
        stroke = 'stroke="#1b7a1b" stroke-width="3"' if ok else 'stroke="#999" stroke-dasharray="4,3"'
        if pile:
            card = state.cards[pile[-1]]
            if card.effect:
                fill, label, ink = "#f6c1de", "mission", "#5b0a36"
            else:
                fill, ink = DEPTH_FILL[card.depth - 1], TEXT_ON[card.depth - 1]
                label = f"{card.value} · d{card.depth}"
            tip = str(card)
        else:
            fill, label, ink, tip = "#eeeeee", "empty", "#666", "an Empty Pile card shows"
        parts.append(f'<g opacity="{1 if ok else 0.55}"><title>{escape(tip)}</title>'
                     f'<rect x="{cx}" y="{y}" width="{w}" height="{CH}" rx="4" fill="{fill}" {stroke}/>'
                     f'<text x="{cx + w / 2}" y="{y + 17}" font-size="12" text-anchor="middle" fill="{ink}">'
                     f'{escape(label)}</text><text x="{cx + w / 2}" y="{y + 33}" font-size="10" '
                     f'text-anchor="middle" fill="{ink}">pile {i + 1} ({len(pile)})</text></g>')
    note = (f'<text x="{x + PILES * (w + GAP) + 6}" y="{y + 24}" font-size="11" fill="#1b7a1b">'
            f'green: P{seat} may draw</text>') if seat is not None else ""
    return "".join(parts) + note, PILES * (w + GAP) + 130, CH


def hand_picture(state: GameState, seat: int, x: float, y: float,
                 selected: int | None = None) -> tuple[str, float, float]:
    parts = [f'<text x="{x}" y="{y + 13}" font-size="13" font-weight="bold">Hand of P{seat}</text>']
    w = 150
    for k, cid in enumerate(state.hands[seat]):
        card = state.cards[cid]
        cx = x + k * (w + GAP)
        d = card.depth
        stroke = 'stroke="#d40" stroke-width="3"' if cid == selected else 'stroke="#333"'
        marks = " ".join(MARKS.get(a, "") for a in card.attributes)
        parts.append(f'<g><title>{escape(str(card))}</title><rect x="{cx}" y="{y + 20}" width="{w}" '
                     f'height="{CH}" rx="5" fill="{DEPTH_FILL[d - 1]}" {stroke}/>'
                     f'<text x="{cx + 6}" y="{y + 36}" font-size="11" fill="{TEXT_ON[d - 1]}">'
                     f'{escape(card.name)}</text><text x="{cx + 6}" y="{y + 54}" font-size="11" '
                     f'fill="{TEXT_ON[d - 1]}">value {card.value} · depth {d} {escape(marks)}</text></g>')
    return "".join(parts), max(3, len(state.hands[seat])) * (w + GAP), 20 + CH


def table_svg(state: GameState, viewer: int | None = None, selected: int | None = None,
              down: bool = False) -> str:
    """The whole table as seen by `viewer` (whose hand is shown); with a `selected` hand card, the
    places where it may go are green."""
    parts = []
    s, w1, h1 = surface_svg(state, 4, 4)
    parts.append(s)
    y = h1 + 14
    p, w2, h2 = piles_picture(state, viewer, 4, y)
    parts.append(p)
    y += h2 + 14
    lit: list[int] = []
    if selected is not None and viewer is not None and state.current_player == viewer:
        lit = [pos(a.depth, a.col) for a in state.legal_actions()
               if isinstance(a, Play) and a.card == selected and a.down == down]
    x, height = 4.0, 0.0
    shown = state.visible_breakdown(viewer)    # another seat's priority points stay secret
    for seat, ocean in enumerate(state.oceans):
        mark = " ◀ to play" if state.current_player == seat else ""
        known = shown[seat].values()
        pts = f"{sum(v for v in known if v is not None)}{'+?' if None in known else ''}"
        o, w, h = ocean_picture(ocean, x, y, f"P{seat}: {pts} pts{mark}",
                                lit if seat == viewer else (), PLAYER_COLOURS[seat % 4])
        parts.append(o)
        x += w + 24
        height = max(height, h)
    y += height + 10
    width = max(w1, w2, x) + 8
    if viewer is not None:
        hp, w3, h3 = hand_picture(state, viewer, 4, y, selected)
        parts.append(hp)
        y += h3 + 6
        width = max(width, w3 + 8)
    legend = ("letters on cards: I insufficiently known, W well known, E endangered, L least concern; "
              "✕ face-down; S start card")
    parts.append(f'<text x="4" y="{y + 12}" font-size="10" fill="#555">{escape(legend)}</text>')
    y += 18
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{y:.0f}" '
            f'font-family="sans-serif" style="background:#fff">{"".join(parts)}</svg>')


# ---------------------------------------------------------------------------------- the board
class Board(GenericBoard):
    """Naéco in a notebook: hand card, then Ocean cell; then a pile. Bots play on their buttons."""

    def __init__(self, state: GameState, agents: Mapping[int, Any] | Sequence[Any] | None = None,
                 names: Sequence[str] | None = None, seed: int | None = None):
        if not isinstance(state, GameState):
            raise TypeError(f"the Naéco board needs a Naéco game, not {type(state).__name__}")
        self.selected: int | None = None
        super().__init__(state, agents=agents, names=names, seed=seed)

    # ------------------------------------------------------------------ hooks
    def picture(self) -> str:
        return table_svg(self.state, self.viewer, self.selected, self.face_down.value
                         if hasattr(self, "face_down") else False)

    def extra_widgets(self) -> list[W.Widget]:
        self.prompt = W.HTML()
        self.hand_buttons = W.ToggleButtons(options=[], value=None, style={"button_width": "190px"},
                                            tooltips=[])
        self.hand_buttons.observe(self._on_hand, names="value")
        self.face_down = W.ToggleButton(value=False, description="face-down", icon="eye-slash",
                                        tooltip="play the selected card face-down (an unpopulated area)")
        self.face_down.observe(lambda _c: self._redraw(), names="value")
        self.grid = W.GridBox(layout=W.Layout(grid_gap="3px"))
        self.pile_buttons = [W.Button(description=f"{i + 1}", layout=W.Layout(width="84px"))
                             for i in range(PILES)]
        for i, b in enumerate(self.pile_buttons):
            b.on_click(lambda _b, i=i: self.click_pile(i))
        self.cell_buttons: dict[tuple[int, int], W.Button] = {}
        return [self.prompt, W.HBox([self.hand_buttons, self.face_down]), self.grid,
                W.HBox([W.HTML("<b>Piles</b>", layout=W.Layout(width="50px")), *self.pile_buttons],
                       layout=W.Layout(flex_flow="row wrap"))]

    def refresh_extra(self) -> None:
        s = self.state
        seat = self.viewer
        hand = s.hands[seat]
        if self.selected not in hand:
            self.selected = None
        options = [(f"{s.cards[c].name} ({s.cards[c].value}, d{s.cards[c].depth})", c) for c in hand]
        if list(self.hand_buttons.options) != options:
            self.hand_buttons.unobserve(self._on_hand, names="value")
            self.hand_buttons.options = options
            self.hand_buttons.tooltips = [str(s.cards[c]) for c in hand]
            self.hand_buttons.value = self.selected
            self.hand_buttons.observe(self._on_hand, names="value")
        kind = self.decision()
        mine = self.my_turn()
        self.hand_buttons.disabled = not (mine and kind == "play")
        self.face_down.disabled = not (mine and kind == "play")
        self._build_grid()
        allowed = s.allowed_piles(seat)
        for i, b in enumerate(self.pile_buttons):
            pile = s.piles[i]
            top = s.cards[pile[-1]] if pile else None
            b.description = (f"{i + 1}: " + ("empty" if top is None else
                                              "mission" if top.effect else f"{top.value} · d{top.depth}"))
            b.tooltip = str(top) if top is not None else "empty pile"
            b.button_style = "success" if (i < allowed and pile) else ""
            b.disabled = not (mine and kind == "draw")
        if s.is_over():
            text = "The game is over: see the scores."
        elif not mine:
            text = (f"P{s.current_player} (a bot) is to move: press <b>Bot move</b> or "
                    f"<b>Play bots until my turn</b>.")
        elif kind == "play":
            text = (f"P{seat}: choose a card from your hand, then click a place in your Ocean"
                    + (" (green places accept it)." if self.selected is not None else "."))
        else:
            text = f"P{seat}: draw a card: click a green pile (your token allows piles 1-{allowed})."
        self.prompt.value = f"<div class='neko-prompt'>{text}</div>"

    def _build_grid(self) -> None:
        s = self.state
        seat = self.viewer
        ocean = s.oceans[seat]
        cols = list(range(ocean.lo - 1, ocean.hi + 2))
        lit: set[tuple[int, int]] = set()
        if self.selected is not None and self.my_turn():
            lit = {(a.depth, a.col) for a in s.legal_actions()
                   if isinstance(a, Play) and a.card == self.selected and a.down == self.face_down.value}
        children: list[W.Widget] = [W.HTML("")]
        children += [W.HTML(f"<small>col {c}</small>") for c in cols]
        active = self.my_turn() and self.decision() == "play"
        buttons: dict[tuple[int, int], W.Button] = {}
        for d in range(1, 5):
            children.append(W.HTML(f"<small>depth {d}</small>"))
            for c in cols:
                b = self.cell_buttons.get((d, c)) or self._cell_button(d, c)
                v = ocean.get(d, c)
                b.description = {None: "", START: "S", FACE_DOWN: "✕"}.get(v, str(v) if v else "")
                b.button_style = "success" if (d, c) in lit else ("info" if v and v > 0 else "")
                b.tooltip = f"depth {d}, column {c}"
                b.disabled = not active
                buttons[(d, c)] = b
                children.append(b)
        self.cell_buttons = buttons
        self.grid.layout.grid_template_columns = f"70px repeat({len(cols)}, 44px)"
        self.grid.children = children

    def _cell_button(self, depth: int, col: int) -> W.Button:
        b = W.Button(layout=W.Layout(width="44px", height="34px"))
        b.add_class("neko-cell")
        b.on_click(lambda _b, d=depth, c=col: self.click_cell(d, c))
        return b

    def _on_hand(self, change: dict) -> None:
        self.selected = change["new"]
        self._redraw()

    def _redraw(self) -> None:
        self.picture_widget.value = self.picture()
        self.refresh_extra()

    # ------------------------------------------------------------------ clicks
    def select_card(self, card: int | None) -> None:
        """Select a hand card by id (what clicking it in the hand does)."""
        self.hand_buttons.value = card

    def click_cell(self, depth: int, col: int) -> bool:
        """Play the selected hand card at (depth, col), face-down if the switch is on. A refused place
        is explained in the message line and nothing changes."""
        s = self.state
        if self.decision() != "play":
            self.message.show("Now you draw: click one of the green piles.", "error")
            return False
        if self.selected is None:
            self.message.show("Choose a card from your hand first.", "error")
            return False
        card = s.cards[self.selected]
        action = Play(card.id, card.name, card.value, depth, col, bool(self.face_down.value))
        ok = self.play(action)
        if ok:
            self.selected = None
            self.face_down.value = False
        return ok

    def click_pile(self, pile: int) -> bool:
        """Draw from pile `pile` (0-based), or take the mission on top of it first."""
        s = self.state
        cards = s.piles[pile]
        if not cards:
            action: Hashable = Draw(pile, -1, "nothing")
        else:
            top = s.cards[cards[-1]]
            action = (TakeMission if top.effect else Draw)(pile, top.id, top.name)
        return self.play(action)

    def action_label(self, action: Hashable) -> str:
        return str(action)
