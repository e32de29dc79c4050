"""A picture of a Neko Syndicate table (pure function: state -> HTML with one SVG per area).

Kumichō's path with the three missions and every marker; then each player's pyramid, brick-laid: every
card with its two boxes (left and right), its upper neighbourhood (line letter, delivery slots, loose
cubes) and its lower neighbourhood (line letter, loose cubes); the walk taken this turn in bold, the
boxes or places the current decision may take outlined in orange; the warehouse and the Waiting Room.
Places, slots and players count from 1. Drawn at its natural size: text is 11 px or more, and every
area is at most about 590 px wide, so beside a board's choices on a laptop nothing is cut; each area
carries a legend of its letters and marks. During the opening draw the four minions of the player
choosing are drawn as cards (only for that player: clickable=True is that player's own view).
"""
from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any, NamedTuple

from neko_lab.core.events import EVERYTHING, PUBLIC
from neko_lab.core.errors import counted
from neko_lab.core.state import known_total
from neko_lab.core.svg import target

from .data import COLOURS, DELIVERY, LEVEL_OF, LINES, PLACES, ROW_OF, SASHIMI, SUBWAY, WILD, lower, neighbourhood_name, upper

from .rules.simultaneous import table_view

if TYPE_CHECKING:
    from .rules import GameState

CW, CH = 144, 104                 # one card
BOX = 24                          # the width of a card's upright action boxes
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


class Clicks(NamedTuple):
    """What the picture lets the person to act click: cubes that may move (neighbourhood, colour), the
    neighbourhoods the selected cube may reach, waiting minions to place (then a place) or to discard
    (the Accountant's discards: one click each), and the selected cube or minion."""
    cubes: frozenset = frozenset()
    to: dict = {}
    waiting: frozenset = frozenset()
    selected: tuple | None = None
    discard: frozenset = frozenset()


def _cubes(counts: tuple[int, ...], x: float, y: float, n: int = -1, clicks: Clicks = Clicks()) -> str:
    out = []
    for c, k in enumerate(counts):
        if k:
            chosen = clicks.selected == (n, c)
            body = (f'<rect x="{x}" y="{y}" width="15" height="15" rx="2" fill="{SUSHI[c]}" '
                    f'stroke="{ORANGE if chosen else "#222"}" stroke-width="{3 if chosen else 1}"/>'
                    f'<text x="{x + 7.5}" y="{y + 12}" font-size="11" text-anchor="middle" fill="#fff">{k}</text>')
            if (n, c) in clicks.cubes:
                out.append(target(body, f"cube:{n}:{c}", f"{k} loose {COLOURS[c]} in {neighbourhood_name(n)}: "
                                  "click to move one"))
            else:
                out.append(f'<g><title>{k} loose {COLOURS[c]}</title>{body}</g>')
            x += 17
    return "".join(out)


def _reach(n: int, x: float, y: float, clicks: Clicks) -> str:
    """A lit half card: where the selected cube may go (clicking it moves the cube)."""
    if n not in clicks.to:
        return ""
    return target(f'<rect x="{x + BOX + 6}" y="{y}" width="{CW - 2 * BOX - 12}" height="{CH / 2 - 4}" rx="4" fill="#fde9c4" '
                  f'stroke="{ORANGE}" stroke-width="2"/>', f"to:{n}", clicks.to[n])


def _card(area: "Area", p: int, x: float, y: float, walked: set[int], boxes_lit: set[int],
          clicks: Clicks = Clicks(), label: str | None = None, unlit: bool = False) -> str:
    """One card at place p; `label` replaces the place number (the opening draw has no place yet);
    with `unlit`, boxes the decision may not take are unlit targets (a click is answered with why)."""
    card = area.cards[area.pyramid[p]]
    cubes = area.cubes
    lieut = p == 0 and label is None
    where = (f"at place {p + 1} (level {LEVEL_OF[p]}, points x{(4, 3, 2, 1)[LEVEL_OF[p] - 1]})"
             if label is None else "in your opening draw")
    number = str(p + 1) if label is None else label
    out = [f'<g class="card" data-place="{p + 1}"><title>{escape(card.name)} {where}</title>'
           f'<rect x="{x + 2}" y="{y + 2}" width="{CW - 4}" height="{CH - 4}" rx="6" '
           f'fill="{"#f6ecd4" if lieut else "#fbfaf6"}" stroke="#444"/>'
           f'<line x1="{x + BOX + 4}" y1="{y + CH / 2}" x2="{x + CW - BOX - 4}" y2="{y + CH / 2}" stroke="#bbb"/>']
    for side in (0, 1):
        action, colour = card.boxes[side]
        bx = x + 4 if side == 0 else x + CW - BOX - 4
        key = 2 * p + side
        stroke = ORANGE if key in boxes_lit else ("#111" if key in walked else "#888")
        width = 3 if key in boxes_lit or key in walked else 1
        fill = SUSHI[colour] if colour >= 0 else "#e8e4da"
        tip = f"{card.box_text(side)} at place {p + 1}, up to {LEVEL_OF[p]} use{'' if LEVEL_OF[p] == 1 else 's'}"
        body = (f'<rect x="{bx}" y="{y + 8}" width="{BOX}" height="{CH - 16}" '
                f'rx="4" fill="{fill}" stroke="{stroke}" stroke-width="{width}"/>'
                f'<text x="{bx + BOX / 2}" y="{y + CH / 2 + 4}" font-size="11" text-anchor="middle" '
                f'transform="rotate(-90 {bx + BOX / 2} {y + CH / 2})">{escape(box_name(action, -1))}</text>')
        if key in boxes_lit and clicks is not NO_CLICKS:
            out.append(target(body, f"box:{p}:{side}", f"walk to {tip}: click"))
        elif unlit:
            out.append(target(f"<title>{escape(tip)}</title>{body}", f"box:{p}:{side}", lit=False))
        else:
            out.append(f'<g class="box" data-box="{p + 1}{"LR"[side]}"><title>{escape(tip)}</title>{body}</g>')
    mid = x + BOX + 8
    up_line = "" if card.upper < 0 else LINES[card.upper]
    low_line = "" if card.lower < 0 else LINES[card.lower]
    # the place number alone above, each neighbourhood's line letter at its left with its cubes beside it:
    # a two-digit place leaves the letter clear of the first slot ring
    out.append(f'<text x="{mid}" y="{y + 18}" font-size="12" font-weight="bold">{number}</text>')
    sx = mid + 18                 # the first slot ring, clear of a two-digit place number
    for k, (kind, colour) in enumerate(card.slots):
        got = area.filled[p][k]
        fill = SUSHI[got] if got >= 0 else "#ffffff"
        ring = WILD_FILL if colour == WILD else SUSHI[colour]
        label = "S" if kind == SASHIMI else "N"
        tip = f"{'sashimi' if kind == SASHIMI else 'nigiri'} slot {k + 1}: " + \
              ("any colour" if colour == WILD else COLOURS[colour]) + (f", filled ({COLOURS[got]})" if got >= 0 else "")
        out.append(f'<g><title>{escape(tip)}</title><rect x="{sx}" y="{y + 6}" width="15" height="15" '
                   f'rx="{7 if kind else 2}" fill="{fill}" stroke="{ring}" stroke-width="3"/>'
                   f'<text x="{sx + 7.5}" y="{y + 17.5}" font-size="11" text-anchor="middle">{label}</text></g>')
        sx += 16
    if card.extra:
        out.append(f'<text x="{x + CW - BOX - 8}" y="{y + CH / 2 + 16}" font-size="11" fill="#555" '
                   f'text-anchor="end"><title>extra points once every slot is filled</title>+{card.extra}</text>')
    out.append(_reach(upper(p), x, y + 26, clicks) + _reach(lower(p), x, y + CH / 2 + 2, clicks))
    if up_line:
        out.append(f'<text x="{mid}" y="{y + 40}" font-size="12" fill="#555">{up_line}</text>')
    out.append(_cubes(cubes[4 * upper(p):4 * upper(p) + 4], mid + 14, y + 28, upper(p), clicks))
    if low_line:
        out.append(f'<text x="{mid}" y="{y + CH / 2 + 34}" font-size="12" fill="#555">{low_line}</text>')
    out.append(_cubes(cubes[4 * lower(p):4 * lower(p) + 4], mid + 14, y + CH / 2 + 22, lower(p), clicks))
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


NO_CLICKS = Clicks()


def clicks_for(state: "GameState", seat: int, selected: tuple | None) -> Clicks:
    """The click targets of `seat`'s pyramid while that seat is to act (see Clicks)."""
    if state.over or not state.pending or state.current_player != seat:
        return Clicks(selected=None)
    kind = state.pending[-1].kind
    acts = state.legal_actions()
    if kind in (DELIVERY, SUBWAY):
        moves = [a for a in acts if hasattr(a, "frm")]
        cubes = frozenset((a.frm, a.colour) for a in moves)
        sel = selected if selected in cubes else None
        to = {a.to: str(a) + ": click" for a in moves if sel == (a.frm, a.colour)}
        return Clicks(cubes, to, frozenset(), sel)
    if kind == "coo":
        return Clicks(waiting=frozenset(a.card for a in acts if hasattr(a, "card")), selected=selected)
    if kind == "discard":
        return Clicks(discard=frozenset(a.card for a in acts if hasattr(a, "card")))
    return Clicks(selected=None)


class Area(NamedTuple):
    """What one pyramid picture shows (a player's, or CatANNA's at the end)."""
    cards: tuple
    pyramid: tuple
    filled: tuple
    cubes: tuple
    warehouse: tuple
    waiting: tuple
    walked: tuple


def player_area(state: "GameState", seat: int, viewer: Any = PUBLIC) -> Area:
    """Seat's area as `viewer` (a seat, PUBLIC: the spectator, the default, or EVERYTHING) may see it:
    at a simultaneous table another seat's area as the turn began, without the walk it has taken out
    of sight."""
    pyramid, cubes, filled, warehouse, waiting, _markers, _redrawn = state.seen_area(viewer, seat)
    return Area(state.cards, tuple(pyramid), tuple(filled), tuple(cubes), tuple(warehouse), tuple(waiting),
                tuple(state.seen_path(viewer, seat)))


def pyramid_svg(state: "GameState", seat: int, clickable: bool = False, selected: tuple | None = None,
                viewer: Any = PUBLIC) -> str:
    """Seat's pyramid as `viewer` sees it (player_area: the spectator's by default); the boxes and
    places it may walk to are lit for the seat itself (viewer=seat) and for the analyst (EVERYTHING);
    headed "(to play)" when it is to act and the viewer may know it (State.decision_seen)."""
    mine = viewer == seat or viewer == EVERYTHING
    boxes_lit, places_lit = lit(state, seat) if mine else (set(), set())
    # "to play" only where the viewer may know who decides: not during a walk out of its sight
    head = f"Player {seat + 1}" + (" (to play)" if state.current_player == seat and state.decision_seen(viewer)
                                   else "")
    clicks = clicks_for(state, seat, selected) if clickable else NO_CLICKS
    return area_svg(player_area(state, seat, viewer), head, PLAYER[seat % len(PLAYER)], boxes_lit, places_lit, seat,
                    clicks, unlit=clickable and mine and seat == state.current_player)


def area_svg(area: Area, head: str, colour: str, boxes_lit: set[int] = frozenset(),
             places_lit: set[int] = frozenset(), seat: int | None = None, clicks: Clicks = NO_CLICKS,
             unlit: bool = False) -> str:
    walked = set(area.walked)
    width, height = 4 * CW + 8, 4 * CH + 28 + 76
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'font-family="sans-serif" class="syndicate-pyramid" data-seat="{"" if seat is None else seat + 1}">',
           f'<text x="4" y="18" font-size="15" font-weight="bold" fill="{colour}">{escape(head)}</text>']
    y0 = 28
    for p in range(PLACES):
        x, y = card_origin(p, 4, y0)
        if area.pyramid[p] >= 0:
            out.append(_card(area, p, x, y, walked, boxes_lit, clicks, unlit=unlit))
        else:
            stroke = ORANGE if p in places_lit else "#ccc"
            body = (f'<rect x="{x + 6}" y="{y + 6}" width="{CW - 12}" height="{CH - 12}" '
                    f'rx="6" fill="{"#fff8ea" if p in places_lit else "none"}" stroke="{stroke}" '
                    f'stroke-width="{3 if p in places_lit else 1}" '
                    f'stroke-dasharray="5,4"/><text x="{x + CW / 2}" y="{y + CH / 2 + 4}" font-size="12" '
                    f'text-anchor="middle" fill="#777">place {p + 1}</text>')
            tip = f"place {p + 1} (level {LEVEL_OF[p]}), empty"
            if p in places_lit and clicks is not NO_CLICKS:
                out.append(target(body, f"place:{p}", tip + ": click to put the chosen waiting minion here"))
            elif unlit:
                out.append(target(body, f"place:{p}", tip, lit=False))
            else:
                out.append(f'<g class="place" data-place="{p + 1}"><title>{tip}</title>{body}</g>')
    for lv in range(1, 4):          # beside the narrower upper rows; level 4 is said in the legend
        out.append(f'<text x="8" y="{y0 + (lv - 0.5) * CH + 4}" font-size="12" fill="#555">'
                   f'level {lv} (x{(4, 3, 2, 1)[lv - 1]})</text>')
    sx, wy = 4, y0 + 4 * CH + 26
    out.append(f'<text x="{sx}" y="{wy - 4}" font-size="12" fill="#555">level 4 (x1) is the bottom row · '
               f'walked boxes in bold, boxes you may take outlined in orange</text>')
    out.append(f'<text x="{sx}" y="{wy + 16}" font-size="12">warehouse (cubes at home):</text>')
    for c in range(4):
        n = area.warehouse[c]
        out.append(f'<g><title>{n} {COLOURS[c]} at home</title><rect x="{sx + 160 + c * 28}" '
                   f'y="{wy + 4}" width="24" height="15" rx="2" fill="{SUSHI[c]}"/>'
                   f'<text x="{sx + 172 + c * 28}" y="{wy + 16}" font-size="11" fill="#fff" '
                   f'text-anchor="middle">{n}</text></g>')
    out.append(f'<text x="4" y="{wy + 40}" font-size="12">Waiting Room:'
               f'{"" if area.waiting else " empty"}</text>')
    for i, c in enumerate(area.waiting):
        bx, by = 100 + 62 * i, wy + 26
        chosen = clicks.selected == ("wait", c)
        card = area.cards[c]
        tip = (f"minion {c + 1}: {card.box_text(0)} / {card.box_text(1)}, "
               f"{len(card.slots)} slot{'s' if len(card.slots) != 1 else ''}")
        lit_here = c in clicks.waiting or c in clicks.discard
        body = (f'<rect x="{bx}" y="{by}" width="56" height="18" rx="3" fill="{"#fde9c4" if chosen else "#fbfaf6"}" '
                f'stroke="{ORANGE if chosen or lit_here else "#888"}" stroke-width="{3 if chosen else 2 if lit_here else 1}"/>'
                f'<text x="{bx + 28}" y="{by + 13}" font-size="11" text-anchor="middle" '
                f'font-weight="{"bold" if chosen else "normal"}">minion {c + 1}</text>')
        if c in clicks.waiting:
            out.append(target(body, f"wait:{c}", tip + (": picked; click an outlined place for it (or click it "
                                                        "again to put it back)" if chosen else
                                                        ": click to pick it, then an outlined place")))
        elif c in clicks.discard:
            out.append(target(body, f"discard:{c}", tip + ": click to discard it face up"))
        else:
            out.append(f'<g><title>{escape(tip)}</title>{body}</g>')
    out.append("</svg>")
    return "".join(out)


def path_svg(state: "GameState") -> str:
    """Kumichō's path: the three missions written out above 15 columns with their values, one row of
    markers per mission (its number at the row's start), and the column Kumichō stands on."""
    cw, left, top = 34, 34, 24 + 3 * 16 + 18
    width, height = left + 15 * cw + 8, top + 3 * 24 + 22
    col = max(state.turn, 1)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'font-family="sans-serif" class="syndicate-path">',
           f'<text x="4" y="16" font-size="13" font-weight="bold">Kumichō\'s path: turn {col} of 15 '
           f'<tspan font-weight="normal" font-size="12" fill="#555">(top: each column\'s value; dots: how far '
           f'each player got)</tspan></text>']
    for k, number in enumerate(state.missions):
        text = f"{number}. {state.mission_text[number - 1]}"
        short = text if len(text) <= 90 else text[:88] + "…"
        out.append(f'<text x="4" y="{36 + k * 16}" font-size="11"><title>{escape(text)}</title>'
                   f'{escape(short)}</text>')
    for c in range(15):
        x = left + c * cw
        here = c + 1 == col and not state.over
        out.append(f'<rect x="{x}" y="{top}" width="{cw - 2}" height="{3 * 24}" fill="{"#fde9c4" if here else "#f4f4f4"}" '
                   f'stroke="{ORANGE if here else "#ddd"}"/><text x="{x + cw / 2}" y="{top - 4}" font-size="11" '
                   f'text-anchor="middle">{state.path_values[c]}</text>')
        out.append(f'<text x="{x + cw / 2}" y="{top + 3 * 24 + 14}" font-size="11" text-anchor="middle" '
                   f'fill="#777">{c + 1}</text>')
    for k, number in enumerate(state.missions):
        y = top + k * 24
        out.append(f'<text x="{left - 4}" y="{y + 16}" font-size="11" text-anchor="end">{number}.</text>')
        at: dict[int, int] = {}
        for seat in range(state.players):
            m = state.markers[seat][k]
            if m:
                n = at.get(m, 0)
                at[m] = n + 1
                out.append(f'<circle cx="{left + (m - 1) * cw + 8 + 9 * n}" cy="{y + 12}" r="5" '
                           f'fill="{PLAYER[seat % 4]}"><title>player {seat + 1}</title></circle>')
        if state.catanna is not None:
            m = state.catanna.markers[k]
            if m:                  # 0 until the player assigns her values at set-up
                out.append(f'<text x="{left + (m - 1) * cw + cw / 2}" y="{y + 22}" font-size="11" '
                           f'text-anchor="middle" fill="#333">CatANNA</text>')
    out.append("</svg>")
    return "".join(out)


LEGEND = ("How to read a card: its place number, then S sashimi and N nigiri delivery slots, ringed in the "
          "colour of sushi they take (violet: any colour), filled once delivered; the top half is its upper "
          "neighbourhood and the bottom half its lower one, each with its subway line letter at the left "
          "(e.g. “B”) and its loose cubes beside it (coloured squares, with how many); “+4”: extra points "
          "once every slot is filled; the two upright boxes: the minion's left and right actions (Fish = "
          "Fishmonger, Lady = Delivery lady, Subway = Subway operator, Store = Storekeeper, COO = Chief "
          "Operations Officer). Sushi colours: red tuna, orange salmon, blue sea bass, green mackerel.")


def opening_svg(state: "GameState", seat: int) -> str:
    """The four opening minions `seat` drew, drawn as cards (boxes, slots, line letters), to choose
    which goes below the Accountant and which to the Waiting Room."""
    hand = tuple(state.opening[seat])
    width = 2 * CW + 16
    rows = (len(hand) + 1) // 2
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{40 + rows * (CH + 18)}" '
           f'font-family="sans-serif" class="syndicate-opening">',
           f'<text x="4" y="16" font-size="13" font-weight="bold">Your opening draw</text>',
           f'<text x="4" y="32" font-size="12" fill="#555">keep one below the Accountant, one waiting</text>']
    for i, cid in enumerate(hand):
        x, y = 4 + (i % 2) * (CW + 8), 40 + (i // 2) * (CH + 18)
        area = Area(state.cards, (cid,) + (-1,) * (PLACES - 1),
                    (tuple(-1 for _ in state.cards[cid].slots),) + ((),) * (PLACES - 1),
                    (0,) * (4 * 2 * PLACES), (0,) * 4, (), ())
        out.append(_card(area, 0, x, y, set(), set(), label=""))
        out.append(f'<text x="{x + CW / 2}" y="{y + CH + 12}" font-size="12" text-anchor="middle" '
                   f'font-weight="bold">minion {cid + 1}</text>')
    out.append("</svg>")
    return "".join(out)


def html(state: "GameState", viewer: Any = PUBLIC, clickable: bool = False,
         selected: tuple | None = None) -> str:
    """The whole table as HTML, as `viewer` sees it (a seat, PUBLIC: a spectator, EVERYTHING: the
    analyst): the path, then one pyramid per player (CatANNA's too, once built). At a simultaneous
    table a seat sees the other areas, the deck and the discard pile as the turn began (changed by its
    own moves only). clickable=True makes the boxes, places, cubes and waiting minions of the seat to
    act click targets (the board's picture); `selected` is the cube (neighbourhood, colour) or
    ("wait", card) chosen. The opening draw is drawn for the viewer's own seat only."""
    viewer = state.check_viewer(viewer)
    parts = [path_svg(state)]
    if (clickable and not state.over and state.pending and state.pending[-1].kind == "opening"
            and state.current_player == viewer):
        parts.append(opening_svg(state, viewer))
    parts += [pyramid_svg(state, seat, clickable and viewer == seat, selected, viewer)
              for seat in range(state.players)]
    c = state.catanna
    if c is not None and c.built:
        her = Area(state.cards, tuple(c.pyramid), tuple(c.filled), (0,) * (4 * 2 * PLACES), tuple(c.warehouse),
                   (), ())
        parts.append(area_svg(her, f"CatANNA ({counted(c.box, 'cube')} back in the box)", "#555"))
    rows = state.view_breakdown(viewer)
    known = state.shown_breakdown(viewer)     # a pyramid as the table last showed it: its walk since is "?"
    scores = " · ".join(f"player {i + 1}: {known_total(r, k)}" for i, (r, k) in enumerate(zip(rows, known)))
    her = ""
    if state.catanna is not None:
        scores += f" · CatANNA: {state.catanna_score()}"
        if not state.catanna.built:     # her pyramid is built from her warehouse at the final scoring
            scores += " (her missions only)"
            her = ("; CatANNA's pyramid is built only at the final scoring, so until then her score counts "
                   "her missions alone")
    size, discard, _order = table_view(state, viewer)
    deck = f"deck {counted(size, 'card')}, discard pile {len(discard)}"
    head = ("Final scores" if state.over else
            "Score if the game ended now (each empty place costs 2 points times its level's multiplier, "
            "and so does each card still without a delivery: the start is negative for "
            + ("everyone" if state.catanna is None else "the player")
            + f", and the costs shrink as the pyramid fills{her})")
    return (f'<div class="neko-syndicate" style="font-family:sans-serif">'
            f'<div style="font-size:13px;margin:2px 0;max-width:590px">{escape(head)}: {escape(scores)} — '
            f'{escape(deck)}</div>'
            + "".join(f'<div style="display:inline-block;vertical-align:top;margin:4px 0">{p}</div>'
                      for p in parts)
            + f'<div style="font-size:12px;color:#444;max-width:590px;margin:4px">{escape(LEGEND)}</div></div>')

