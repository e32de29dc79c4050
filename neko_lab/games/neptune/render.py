"""The picture of a Destination: Neptune state (pure: state -> SVG inside HTML).

    html(state, seat=None, highlight=())   the whole table as seen by `seat` (default: the player to act)

From top to bottom: the solar system (planets left to right with their distance markers, and under
each planet its locations with the Research Mission tokens, the base circle, the factory and colony
circles with their technology icons and owners, the construction teams, and the fuel the seat would
pay from Earth); the technology chart with controllers (ringed) and access; the players' tracks;
the Opportunity Track; the seat's hand. Players and places count from 1. `highlight` names locations
drawn with a green frame (a board's legal targets).
"""
from __future__ import annotations

from html import escape
from typing import Iterable

from .rules.fuel import seat_bases, seat_speed, trip_cost

COLOURS = ("#d62728", "#d4a300", "#1f77b4", "#2ca02c")
NAMES = ("Red", "Yellow", "Blue", "Green")
COL_W, BOX_W, BOX_H = 104, 98, 100
MAP_TOP = 70
ICON = {"insulation": "Ins", "slingshots": "Sli", "fission": "Fis", "thrust": "Thr", "shields": "Shd",
        "fusion": "Fu", "floating": "Flt", "graviton": "Grv", "fusion2": "Fu2"}
LEGAL = "#2ca02c"


def _t(x: float, y: float, text: str, size: int = 12, weight: str = "normal", fill: str = "#222",
       anchor: str = "start") -> str:
    return (f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" font-weight="{weight}" fill="{fill}" '
            f'text-anchor="{anchor}">{escape(text)}</text>')


def _dot(x: float, y: float, seat: int, r: float = 6, ring: bool = False) -> str:
    stroke = ' stroke="#000" stroke-width="2"' if ring else ' stroke="#fff" stroke-width="1"'
    return f'<circle cx="{x:.0f}" cy="{y:.0f}" r="{r}" fill="{COLOURS[seat]}"{stroke}/>'


def _icons(s, techs: Iterable[int]) -> str:
    return " ".join(ICON.get(s.data.techs[t].key, s.data.techs[t].key[:3]) for t in techs)


def _location(s, loc, x: float, y: float, seat: int, spd: int, own: list[int], lit: bool) -> str:
    i = loc.index
    out = [f'<g><title>{escape(loc.name)}</title>'
           f'<rect x="{x}" y="{y}" width="{BOX_W}" height="{BOX_H}" rx="6" fill="#f6f8fc" '
           f'stroke="{LEGAL if lit else "#99a"}" stroke-width="{3 if lit else 1}"/>']
    out.append(_t(x + 4, y + 14, loc.name if len(loc.name) <= 16 else loc.name[:15] + "…", 11, "bold"))
    if i == s.data.home:
        out.append(_t(x + 4, y + 32, "teams start here", 11, fill="#555"))
    else:
        fuel = trip_cost(s.data, s.data.home, i, spd, own)
        out.append(_t(x + 4, y + 28, f"fuel {fuel}", 11, fill="#555"))
        for k, p in enumerate(s.missions[i]):
            out.append(_dot(x + 84 - k * 11, y + 24, p, 5, ring=k == 0))
        out.append(_t(x + 4, y + 44, "base " + _icons(s, loc.base_requires), 11))
        for k, p in enumerate(s.bases[i]):
            out.append(_dot(x + 84 - k * 11, y + 40, p, 5))
        if loc.factory:
            mark = {"mineral": " ◆", "fusion_fuel": " ⚛"}.get(loc.factory_icon, "")
            out.append(_t(x + 4, y + 60, f"factory{mark} " + _icons(s, loc.factory_requires), 11))
            if s.factory[i] >= 0:
                out.append(_dot(x + 88, y + 56, s.factory[i], 6))
        if loc.colony:
            out.append(_t(x + 4, y + 76, f"colony {loc.colony} " + _icons(s, loc.colony_requires), 11))
            if s.colony[i] >= 0:
                out.append(_dot(x + 88, y + 72, s.colony[i], 6))
    teams = [k for k, at in enumerate(s.teams) if at == i]
    for n, k in enumerate(teams):
        tx, ty = x + 6 + n * 14, y + BOX_H - 6
        out.append(f'<polygon points="{tx},{ty} {tx + 10},{ty} {tx + 5},{ty - 10}" '
                   f'fill="{COLOURS[k // 3]}" stroke="#000" stroke-width="0.5"><title>'
                   f'team {k % 3 + 1} of player {k // 3 + 1}</title></polygon>')
    out.append("</g>")
    return "".join(out)


def map_svg(s, seat: int, highlight: Iterable[int] = ()) -> tuple[str, float]:
    data = s.data
    lit = set(highlight)
    spd, own = seat_speed(s, seat), seat_bases(s, seat)
    parts = [_t(8, 18, f"The solar system: fuel for a mission from Earth as player {seat + 1} pays it "
                       f"(speed {spd})", 13, "bold")]
    cx = {p: 8 + k * COL_W + BOX_W / 2 for k, p in enumerate(range(len(data.planets)))}
    for a, b, fuel in data.edges:
        x1, x2 = cx[a], cx[b]
        if abs(a - b) == 1:
            parts.append(f'<line x1="{x1}" y1="{MAP_TOP - 18}" x2="{x2}" y2="{MAP_TOP - 18}" stroke="#888"/>')
            parts.append(_t((x1 + x2) / 2, MAP_TOP - 22, f"{fuel}", 12, "bold", "#b35900", "middle"))
        else:
            mid = (x1 + x2) / 2
            parts.append(f'<path d="M{x1},{MAP_TOP - 26} Q{mid},{MAP_TOP - 52} {x2},{MAP_TOP - 26}" '
                         f'fill="none" stroke="#bbb" stroke-dasharray="4 3"/>')
            parts.append(_t(mid, MAP_TOP - 40, f"{fuel}", 12, "bold", "#b35900", "middle"))
    height = 0.0
    for p, name in enumerate(data.planets):
        x = 8 + p * COL_W
        parts.append(f'<circle cx="{cx[p]}" cy="{MAP_TOP - 18}" r="5" fill="#335"/>')
        parts.append(_t(cx[p], MAP_TOP - 2, name, 12, "bold", "#224", "middle"))
        y = MAP_TOP + 6
        for loc in data.locations:
            if loc.planet == p:
                parts.append(_location(s, loc, x, y, seat, spd, own, loc.index in lit))
                y += BOX_H + 6
        height = max(height, y)
    return "".join(parts), height


def tech_svg(s, top: float) -> tuple[str, float]:
    parts = [_t(8, top + 14, "Technology chart (ringed token: controller)", 13, "bold")]
    w = 108
    for t in s.data.techs:
        x, y = 8 + t.index * (w + 4), top + 22
        pre = ", ".join(ICON.get(s.data.techs[q].key, "") for q in t.prerequisites) or "none"
        parts.append(f'<g><title>{escape(t.name)}</title><rect x="{x}" y="{y}" width="{w}" height="86" rx="5" '
                     f'fill="#eef3e8" stroke="#889"/></g>')
        words = t.name.split()
        half = (len(words) + 1) // 2
        parts.append(_t(x + 4, y + 14, f"{ICON.get(t.key, t.key)}  speed +{t.speed}", 11, "bold"))
        parts.append(_t(x + 4, y + 28, " ".join(words[:half]), 11))
        parts.append(_t(x + 4, y + 41, " ".join(words[half:]), 11))
        parts.append(_t(x + 4, y + 55, f"needs {pre}", 11, fill="#555"))
        for k, p in enumerate(s.techs[t.index]):
            parts.append(_dot(x + 10 + k * 14, y + 72, p, 6, ring=k == 0))
    return "".join(parts), top + 116


def tracks_svg(s, top: float, seat: int) -> tuple[str, float]:
    heads = ("player", "VP", "fame", "credits", "fuel", "speed", "planets with a base", "award cards")
    xs = (8, 120, 170, 225, 295, 345, 400, 560)
    parts = [_t(x, top + 14, h, 12, "bold") for x, h in zip(xs, heads)]
    scores = s.scores()
    for i in range(s.players):
        y = top + 32 + i * 18
        cards = [n for n, h in (("Diversification", s.diversification), ("Intrepid Spacefarer", s.intrepid))
                 if h == i]
        planets = len({s.data.locations[loc].planet for loc, h in enumerate(s.bases) if i in h})
        mark = " (to act)" if s.current_player == i else ""
        row = (f"{i + 1} {NAMES[i]}{mark}", scores[i], s.fame[i], s.credits[i], s.fuel[i],
               seat_speed(s, i), planets, ", ".join(cards) or "-")
        for x, v in zip(xs, row):
            parts.append(_t(x, y, str(v), 11, fill=COLOURS[i] if x == 8 else "#222"))
    return "".join(parts), top + 36 + s.players * 18


def cards_svg(s, top: float, seat: int) -> tuple[str, float]:
    cards = s.data.cards
    gen = min(s.generation + 1, len(s.decks))
    parts = [_t(8, top + 14, f"Generation {gen}; cards left in its deck: "
                             f"{len(s.decks[gen - 1]) if s.generation < len(s.decks) else 0}. "
                             f"Opportunity Track (places 1 to {s.players}, left to right):", 12, "bold")]
    for k in range(s.players):
        x = 8 + k * 130
        c = s.track[k] if k < len(s.track) else None
        label = f"{k + 1}: " + (cards[c].title if c is not None else "empty")
        parts.append(f'<rect x="{x}" y="{top + 22}" width="124" height="24" rx="4" fill="#fff7e6" stroke="#b80"/>')
        parts.append(_t(x + 4, top + 38, label, 11))
    parts.append(_t(8, top + 66, f"Hand of player {seat + 1}:", 12, "bold"))
    for k, c in enumerate(s.hands[seat]):
        x = 8 + k * 176
        card = cards[c]
        ev = ", event" if card.event else ""
        parts.append(f'<rect x="{x}" y="{top + 74}" width="170" height="24" rx="4" fill="#eef" stroke="#669"/>')
        parts.append(_t(x + 4, top + 90, f"{card.title} ({card.fame} fame){ev}", 11))
    return "".join(parts), top + 106


def targets(actions: Iterable) -> list[int]:
    """The locations the given actions aim at (a build's or a mission's destination)."""
    out: list[int] = []
    for a in actions:
        loc = getattr(a, "dest", getattr(a, "loc", None))
        if isinstance(loc, int) and loc not in out:
            out.append(loc)
    return out


def svg(s, seat: int | None = None, highlight: Iterable[int] = ()) -> str:
    if seat is None:
        seat = s.current_player if s.current_player is not None else 0
    body, y = map_svg(s, seat, highlight)
    more, y = tech_svg(s, y + 4)
    body += more
    more, y = tracks_svg(s, y + 4, seat)
    body += more
    more, y = cards_svg(s, y + 4, seat)
    body += more
    width = 8 + len(s.data.planets) * COL_W
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{y + 8:.0f}" '
            f'viewBox="0 0 {width} {y + 8:.0f}" font-family="sans-serif">{body}</svg>')


def html(s, seat: int | None = None, highlight: Iterable[int] = ()) -> str:
    status = "the game is over" if s.is_over() else f"player {s.current_player + 1} to decide"
    return f'<div><b>Destination: Neptune</b> — {status}<br/>{svg(s, seat, highlight)}</div>'
