"""The picture of a Destination: Neptune state (pure: state -> SVG inside HTML).

    html(state, seat=None, moves=None)   the whole table as seen by `seat` (default: the player to act)
    groups(legal_actions)                the click target each action belongs to ("loc:5", "hand:12", ...)

From top to bottom: the solar system (the planets left to right with their distance markers, and under
them the locations in a grid, planet by planet, each with its planet, the fuel the seat would pay from
Earth, what a base, a factory and a colony there need with their owners, the construction teams and
the Research Mission tokens); the technology chart with controllers (ringed) and access; the players' tracks;
the Opportunity Track; the seat's hand. On a board (`html`) the picture is a row of areas at most
ROW_W wide that wrap to the width they get: the decisions panel first (with what the viewing seat has,
or every player for a spectator), then the areas where the open
decision may be clicked, then the rest, then a legend of the abbreviations. Players and places count
from 1. `moves` (target name ->
the legal actions there, see `groups`) makes those places click targets, framed in green, whose hover
text says what a click does; everything else is drawn as an unlit target.
"""
from __future__ import annotations

from html import escape
from typing import Any, Hashable, Iterable, Mapping, Sequence

from neko_lab.core.errors import counted
from neko_lab.core.events import EVERYTHING, PUBLIC
from neko_lab.core.svg import target, wrapping

from .rules.base import credits
from .rules.build import ROUNDS, order
from .rules.fuel import seat_bases, seat_speed, trip_cost

COLOURS = ("#d62728", "#d4a300", "#1f77b4", "#2ca02c")
NAMES = ("Red", "Yellow", "Blue", "Green")
COL_W, BOX_W, BOX_H = 114, 110, 76        # the map's grid: a location's column, its box
ICON = {"insulation": "Ins", "slingshots": "Sli", "fission": "Fis", "thrust": "Thr", "shields": "Shd",
        "fusion": "Fu", "floating": "Flt", "graviton": "Grv", "fusion2": "Fu2"}
LEGAL = "#2ca02c"


def _t(x: float, y: float, text: str, size: int = 12, weight: str = "normal", fill: str = "#222",
       anchor: str = "start") -> str:
    return (f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" font-weight="{weight}" fill="{fill}" '
            f'text-anchor="{anchor}">{escape(text)}</text>')


def _dot(x: float, y: float, seat: int, r: float = 6, ring: bool = False) -> str:
    stroke = ' stroke="#000" stroke-width="2"' if ring else ' stroke="#fff" stroke-width="1"'
    return f'<circle class="neko-token" cx="{x:.0f}" cy="{y:.0f}" r="{r}" fill="{COLOURS[seat]}"{stroke}/>'


def _icons(s, techs: Iterable[int]) -> str:
    return " ".join(ICON.get(s.data.techs[t].key, s.data.techs[t].key[:3]) for t in techs)


def groups(actions: Iterable[Hashable]) -> dict[str, list]:
    """The legal actions by the picture target a click on which stands for them: a location
    ("loc:<i>": builds, moves, missions, mission access), a hand card ("hand:<card>": sell or play),
    a place of the Opportunity Track ("track:<k>"), a technology ("tech:<t>": take it, or buy access),
    a player's row of the tracks ("player:<i>": investors, broker, victory points, who buys next),
    "fuel" (buy 1 fuel) and "pass" (decline this step)."""
    out: dict[str, list] = {}
    for a in actions:
        kind = type(a).__name__
        if kind in ("BuildAt", "Launch", "MissionAccess"):
            name = f"loc:{getattr(a, 'dest', getattr(a, 'loc', -1))}"
        elif kind == "Sell" or (kind == "Play" and a.place < 0):
            name = f"hand:{a.card}"
        elif kind == "Play":
            name = f"track:{a.place}"
        elif kind in ("TakeTech", "BuyAccess"):
            name = f"tech:{a.tech}"
        elif kind == "NextBuyer":
            name = f"player:{a.seat}"
        elif kind in ("CashFame", "BrokerFuel", "BuyVP"):
            name = "player:me"
        elif kind == "BuyFuel":
            name = "fuel"
        else:
            name = "pass"
        out.setdefault(name, []).append(a)
    return out


def tip(name: str, actions: Sequence[Hashable], where: str = "") -> str:
    """What clicking the target says on hover: the one action, or the list of choices it opens."""
    if len(actions) == 1:
        return f"click: {actions[0]}"
    return (f"click to choose among {len(actions)} choices{' at ' + where if where else ''}: "
            + "; ".join(str(a) for a in actions))


def _wrap(text: str, width: int) -> list[str]:
    """`text` in lines of at most `width` characters, broken between words (at most two lines)."""
    lines: list[str] = [""]
    for word in text.split():
        if lines[-1] and len(lines[-1]) + 1 + len(word) > width:
            lines.append(word)
        else:
            lines[-1] = f"{lines[-1]} {word}".strip()
    return lines[:2]


def _spot(inner: str, name: str, moves: Mapping[str, list] | None, where: str = "") -> str:
    """`inner` as the click target `name`: lit (with its hover text) when `moves` has choices there."""
    if moves is None:
        return inner
    acts = moves.get(name)
    return target(inner, name, tip(name, acts, where) if acts else where, lit=bool(acts))


def _name(x: float, y: float, text: str, width: float) -> str:
    """A location's name in bold 11 px text, squeezed to `width` when it is longer than about that (an
    11 px bold letter is about 5.6 px wide: "Lunar Polar Regions" takes 108 px)."""
    fit = f' textLength="{width:.0f}" lengthAdjust="spacingAndGlyphs"' if len(text) * 5.6 > width else ""
    return (f'<text x="{x:.0f}" y="{y:.0f}" font-size="11" font-weight="bold" fill="#222"{fit}>'
            f'{escape(text)}</text>')


def _location(s, loc, x: float, y: float, seat: int, spd: int, own: list[int],
              moves: Mapping[str, list] | None) -> str:
    """One location's box, BOX_W x BOX_H: its name; its planet and the fuel from Earth; what a base, a
    factory and a colony there need, each with its owners' dots at the right; along the foot the
    construction teams there (left) and the Research Missions (right, the first ringed)."""
    i = loc.index
    lit = bool(moves and moves.get(f"loc:{i}"))
    right = x + BOX_W - 8            # the column of owners' dots
    out = [f'<rect x="{x}" y="{y}" width="{BOX_W}" height="{BOX_H}" rx="6" fill="{"#e8f6e8" if lit else "#f6f8fc"}" '
           f'stroke="{LEGAL if lit else "#99a"}" stroke-width="{3 if lit else 1}"/>',
           _name(x + 4, y + 12, loc.name, BOX_W - 7)]           # then a line every 12 px
    planet = s.data.planets[loc.planet]
    if i == s.data.home:
        out.append(_t(x + 4, y + 24, "teams start here", 11, fill="#555"))
    else:
        fuel = trip_cost(s.data, s.data.home, i, spd, own)
        out.append(_t(x + 4, y + 24, f"{planet} · fuel {fuel}", 11, fill="#555"))
        out.append(_t(x + 4, y + 36, "base " + _icons(s, loc.base_requires), 11))
        for k, p in enumerate(s.bases[i]):
            out.append(_dot(right - k * 11, y + 32, p, 5))
        if loc.factory:
            mark = {"mineral": " ◆", "fusion_fuel": " ⚛"}.get(loc.factory_icon, "")
            out.append(_t(x + 4, y + 48, f"factory{mark} " + _icons(s, loc.factory_requires), 11))
            if s.factory[i] >= 0:
                out.append(_dot(right, y + 44, s.factory[i], 5))
        if loc.colony:
            out.append(_t(x + 4, y + 60, f"colony {loc.colony} " + _icons(s, loc.colony_requires), 11))
            if s.colony[i] >= 0:
                out.append(_dot(right, y + 56, s.colony[i], 5))
        for k, p in enumerate(s.missions[i]):
            out.append(_dot(right - k * 11, y + BOX_H - 7, p, 5, ring=k == 0))
    teams = [k for k, at in enumerate(s.teams) if at == i]
    # a row of triangles along the foot, left of the missions (more than fit are drawn closer together);
    # on Earth, where every team starts and no mission goes, in rows of three at the left under "teams
    # start here" (a player's three teams a row while all are home; 12 at 4 players), leaving the rest of
    # its box clear: room for a lesson's note on the Earth locations around it, the first a game goes to
    home = i == s.data.home
    room = BOX_W - 16 - 11 * len(s.missions[i])
    per_row = 3 if home else max(1, len(teams))
    step = 11.0 if home else min(13.0, (room - 10) / max(1, per_row - 1))
    for n, k in enumerate(teams):
        tx = round(x + 5 + (n % per_row) * step, 1)
        ty = y + 36 + (n // per_row) * 12 if home else y + BOX_H - 2
        out.append(f'<polygon class="neko-token" points="{tx},{ty} {tx + 10},{ty} {tx + 5},{ty - 9}" '
                   f'fill="{COLOURS[k // 3]}" stroke="#000" stroke-width="0.5"><title>'
                   f'team {k % 3 + 1} of player {k // 3 + 1}</title></polygon>')
    return _spot("<g>" + "".join(out) + "</g>", f"loc:{i}", moves, f"{loc.name} ({planet})") \
        if moves is not None else f"<g><title>{escape(loc.name)} ({escape(planet)})</title>{''.join(out)}</g>"


MAP_COLS = 5          # locations in a row of the map's grid: 5 x COL_W fits a 576 px area beside the choices
ROUTE_X, ROUTE_STEP = 34, 57      # the planets along the route over the grid: the first one's x, the step
ROUTE_PER_ROW = 10                # planets in a row of that strip (a map of more goes on in a row under it)


def map_svg(s, seat: int, moves: Mapping[str, list] | None = None, top: float = 0) -> tuple[str, float]:
    """The solar system: the planets along their routes, left to right (ROUTE_PER_ROW to a row), with the
    distance markers (fuel) between neighbours and over the routes that leap a planet; under them every
    location in a grid of MAP_COLS columns, planet by planet, each naming its planet. Compact, so that a
    laptop screen shows every place a Research Missions card may light, with the technologies, at once."""
    data = s.data
    spd, own = seat_speed(s, seat), seat_bases(s, seat)
    parts = [_t(8, top + 14, f"The solar system: fuel for a mission from Earth as player {seat + 1} pays it "
                             f"(speed {spd})", 13, "bold")]
    n = len(data.planets)
    line = top + 44
    for first in range(0, n, ROUTE_PER_ROW):
        cx = {p: ROUTE_X + (p - first) * ROUTE_STEP for p in range(first, min(n, first + ROUTE_PER_ROW))}
        across = []                    # markers to a planet of a later row, said in words under this one
        for a, b, fuel in data.edges:
            if a in cx and b in cx:
                x1, x2 = sorted((cx[a], cx[b]))
                if abs(a - b) == 1:
                    parts.append(f'<line x1="{x1}" y1="{line}" x2="{x2}" y2="{line}" stroke="#888"/>')
                    parts.append(_t((x1 + x2) / 2, line - 4, f"{fuel}", 12, "bold", "#b35900", "middle"))
                else:
                    mid = (x1 + x2) / 2
                    parts.append(f'<path d="M{x1},{line - 6} Q{mid},{line - 30} {x2},{line - 6}" '
                                 f'fill="none" stroke="#bbb" stroke-dasharray="4 3"/>')
                    parts.append(_t(mid, line - 16, f"{fuel}", 12, "bold", "#b35900", "middle"))
            elif (a in cx or b in cx) and max(a, b) >= first + ROUTE_PER_ROW:
                inside, other = (a, b) if a in cx else (b, a)
                across.append(f"{data.planets[inside]} to {data.planets[other]} {fuel} fuel")
        for p in cx:
            parts.append(f'<circle cx="{cx[p]}" cy="{line}" r="5" fill="#335"/>')
            parts.append(_t(cx[p], line + 14, data.planets[p], 11, fill="#224", anchor="middle"))
        if across:
            parts.append(_t(8, line + 28, "to the next row: " + ", ".join(across), 11, fill="#555"))
        line += 58 if across else 44
    grid = line - 44 + 18             # under the last row's planet names (it goes on to no row below)
    order = sorted(data.locations, key=lambda loc: (loc.planet, loc.index))
    for n, loc in enumerate(order):
        x, y = 6 + (n % MAP_COLS) * COL_W, grid + (n // MAP_COLS) * (BOX_H + 4)
        parts.append(_location(s, loc, x, y, seat, spd, own, moves))
    rows = -(-len(order) // MAP_COLS)
    return "".join(parts), grid + rows * (BOX_H + 4)


TECH_COLS, TECH_W, TECH_H = 3, 186, 32      # the technology chart: 3 columns of boxes 186 x 32 px


def tech_svg(s, top: float, moves: Mapping[str, list] | None = None) -> tuple[str, float]:
    """The technology chart, TECH_COLS to a row: each technology's icon and name, then its speed bonus and
    prerequisites, with the tokens on it at the right (the controller's ringed)."""
    parts = [_t(8, top + 14, "Technology chart (ringed token: controller)", 13, "bold")]
    for t in s.data.techs:
        x, y = 6 + (t.index % TECH_COLS) * (TECH_W + 4), top + 20 + (t.index // TECH_COLS) * (TECH_H + 3)
        pre = ", ".join(ICON.get(s.data.techs[q].key, "") for q in t.prerequisites) or "none"
        lit = bool(moves and moves.get(f"tech:{t.index}"))
        box = [f'<rect x="{x}" y="{y}" width="{TECH_W}" height="{TECH_H}" rx="5" '
               f'fill="{"#dff3df" if lit else "#eef3e8"}" stroke="{LEGAL if lit else "#889"}" '
               f'stroke-width="{3 if lit else 1}"/>',
               f'<text x="{x + 4}" y="{y + 13}" font-size="11" fill="#222"><tspan font-weight="bold">'
               f'{escape(ICON.get(t.key, t.key))}</tspan> {escape(t.name)}</text>',
               _t(x + 4, y + 27, f"speed +{t.speed} · needs {pre}", 11, fill="#555")]
        for k, p in enumerate(s.techs[t.index]):
            box.append(_dot(x + TECH_W - 10 - k * 14, y + 22, p, 6, ring=k == 0))
        inner = "<g>" + "".join(box) + "</g>"
        parts.append(_spot(inner, f"tech:{t.index}", moves, t.name) if moves is not None
                     else f"<g><title>{escape(t.name)}</title>{inner[3:]}")
    rows = -(-len(s.data.techs) // TECH_COLS)
    return "".join(parts), top + 20 + rows * (TECH_H + 3)


def tracks_svg(s, top: float, seat: int, moves: Mapping[str, list] | None = None) -> tuple[str, float]:
    heads = ("player", "VP", "fame", "credits", "fuel", "speed", "planets", "award cards")
    xs = (8, 104, 136, 176, 228, 262, 306, 360)
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
        name = "player:me" if i == s.current_player and moves and "player:me" in moves else f"player:{i}"
        lit = bool(moves and moves.get(name))
        cells = [f'<rect x="4" y="{y - 13}" width="{ROW_W - 8}" height="17" rx="3" '
                 f'fill="{"#dff3df" if lit else "#fff"}" stroke="{LEGAL if lit else "none"}"/>']
        cells += [_t(x, y, str(v), 11, fill=COLOURS[i] if x == 8 else "#222") for x, v in zip(xs, row)]
        parts.append(_spot("<g>" + "".join(cells) + "</g>", name, moves, f"player {i + 1}"))
    parts.append(_t(8, top + 46 + s.players * 18, "planets: planets where the player has a base",
                    11, fill="#555"))
    return "".join(parts), top + 52 + s.players * 18


def cards_svg(s, top: float, seat: int | None, moves: Mapping[str, list] | None = None) -> tuple[str, float]:
    cards = s.data.cards
    gen = min(s.generation + 1, len(s.decks))
    parts = [_t(8, top + 14, f"Generation {gen}; cards left in its deck: "
                             f"{len(s.decks[gen - 1]) if s.generation < len(s.decks) else 0}. "
                             f"Opportunity Track (places 1 to {s.players}, left to right):", 12, "bold")]
    for k in range(s.players):
        x = 8 + k * 130
        c = s.track[k] if k < len(s.track) else None
        label = f"{k + 1}: " + (cards[c].title if c is not None else "empty")
        lit = bool(moves and moves.get(f"track:{k}"))
        inner = (f'<g><rect x="{x}" y="{top + 22}" width="124" height="24" rx="4" fill="#fff7e6" '
                 f'stroke="{LEGAL if lit else "#b80"}" stroke-width="{3 if lit else 1}"/>{_t(x + 4, top + 38, label, 11)}</g>')
        parts.append(_spot(inner, f"track:{k}", moves, f"place {k + 1} of the Opportunity Track"))
    if seat is None:            # a spectator's picture: hands are secret, only their sizes show
        parts.append(_t(8, top + 66, "Hands: " + ", ".join(f"player {i + 1}: {counted(len(h), 'card')}"
                                                          for i, h in enumerate(s.hands)), 12, "bold"))
        return "".join(parts), top + 80
    parts.append(_t(8, top + 66, f"Hand of player {seat + 1}:", 12, "bold"))
    for k, c in enumerate(s.hands[seat]):
        x, y = 8 + (k % 2) * 262, top + 74 + (k // 2) * 30
        card = cards[c]
        ev = ", event" if card.event else ""
        lit = bool(moves and moves.get(f"hand:{c}"))
        inner = (f'<g><rect x="{x}" y="{y}" width="256" height="24" rx="4" fill="{"#dff3df" if lit else "#eef"}" '
                 f'stroke="{LEGAL if lit else "#669"}" stroke-width="{3 if lit else 1}"/>'
                 f'{_t(x + 4, y + 16, f"{card.title} ({card.fame} fame){ev}", 11)}</g>')
        parts.append(_spot(inner, f"hand:{c}", moves, card.title))
    return "".join(parts), top + 74 + ((len(s.hands[seat]) + 1) // 2) * 30 + 4


def targets(actions: Iterable) -> list[int]:
    """The locations the given actions aim at (a build's or a mission's destination)."""
    return [int(name[4:]) for name in groups(actions) if name.startswith("loc:")]


# what each pending decision asks, in the words of the decisions panel
ASKS = {
    "sell": "may sell one hand card to the Opportunity Track",
    "play": "plays a card from hand or from the Opportunity Track",
    "investors": "may give up fame for credits (Attract Investors)",
    "build": "may move one team and build once in this round (Build)",
    "broker": "may buy fuel from the broker (Fuel Broker)",
    "launch": "may launch Research Missions",
    "mission_access": "may buy access to Research Missions",
    "technology": "takes control of or free access to a technology",
    "scoring_order": "names who buys victory points next (Scoring)",
    "buy_vp": "may buy victory points once (Scoring)",
}


def _players(seats: Iterable[int]) -> str:
    return ", ".join(f"player {i + 1}" for i in seats)


def decisions(s) -> list[str]:
    """Every decision pending now and still to come on the card being played, in words."""
    if s.is_over() or not s.pending:
        return ["The game is over."]
    top = s.pending[-1]
    lines = [f"Now: player {top.seat + 1} {ASKS.get(top.kind, top.kind)} — turn of player {s.active + 1}."]
    if top.kind == "build":
        rnd, pos = top.data
        rest = order(s, rnd)[pos + 1:]
        lines.append(f"Build round {rnd + 1} of {ROUNDS}" + (f"; still to come this round: {_players(rest)}"
                                                           if rest else "; last in this round")
                     + "; players with nothing to do are skipped.")
    elif top.kind in ("investors", "broker", "mission_access") and top.data:
        lines.append(f"Still to come on this card: {_players(top.data)}.")
    elif top.kind in ("scoring_order", "buy_vp") and top.data and top.data[1]:
        lines.append(f"Still to buy victory points: {_players(top.data[1])}.")
    return lines


def seat_resources(s, i: int) -> str:
    """What player `i` has, as the players' table shows it (all of it open at the table: credits, fuel,
    fame and victory points are kept in view of everyone)."""
    cards = [n for n, h in (("Diversification", s.diversification), ("Intrepid Spacefarer", s.intrepid)) if h == i]
    planets = len({s.data.locations[loc].planet for loc, h in enumerate(s.bases) if i in h})
    return (f"{credits(s.credits[i])} · {s.fuel[i]} fuel · {s.fame[i]} fame · {s.scores()[i]} VP · "
            f"speed {seat_speed(s, i)} · bases on {planets} planet{'' if planets == 1 else 's'}"
            + (f" · {', '.join(cards)}" if cards else ""))


def panel_svg(s, seat: int | None, moves: Mapping[str, list] | None) -> tuple[str, float]:
    """The decisions panel: who decides what now, then what the viewing seat has (credits, fuel, fame,
    VP, speed: what paying or selling is weighed against), or for a spectator (seat None) what every
    player has; and the buttons for buying fuel and passing when they are legal."""
    parts = [_t(8, 16 + 16 * n, line, 13 if n == 0 else 12, "bold" if n == 0 else "normal")
             for n, line in enumerate(decisions(s))]
    y = 16 + 16 * len(parts)
    for i in range(s.players) if seat is None else [seat]:
        who = f"You, player {i + 1} ({NAMES[i]}): " if seat is not None else f"Player {i + 1} ({NAMES[i]}): "
        text = who + seat_resources(s, i)
        while text:         # 74 characters of 12 px text fit beside the dot in the widest sans-serif
            cut = len(text) if len(text) <= 74 else text.rindex(" · ", 0, 74)     # font; break at a " · "
            if text.startswith(who):
                parts.append(_dot(14, y - 4, i, 5))
            parts.append(_t(24, y, text[:cut], 12, "bold" if seat is not None else "normal"))
            text = text[cut + 3:] if cut < len(text) else ""
            y += 16
    x = 8
    for name in ("fuel", "pass"):
        acts = (moves or {}).get(name)
        if acts:
            label = str(acts[0])
            w = 12 + 6.5 * len(label)
            inner = (f'<g><rect x="{x}" y="{y - 10}" width="{w:.0f}" height="22" rx="4" fill="#dff3df" '
                     f'stroke="{LEGAL}" stroke-width="2"/>{_t(x + 6, y + 5, label, 12)}</g>')
            parts.append(target(inner, name, tip(name, acts)))
            x += w + 10
    return "".join(parts), y + (14 if x > 8 else 0)


ROW_W = 576        # the width of every area of the picture (the map: 5 columns of 114 px)


def legend(s) -> list[str]:
    """What the abbreviations and marks of the picture mean, in lines."""
    techs = ", ".join(f"{ICON.get(t.key, t.key)} {t.name}" for t in s.data.techs)
    return [f"Technologies a base, factory or colony needs: {techs}.",
            "◆ mineral factory, ⚛ fusion-fuel factory; colony n: a colony there costs n credits.",
            "Dots: whose base, factory or colony it is; along the foot of a location, its Research Missions "
            "(ringed: the first); on a technology, who has it (ringed: its controller); triangles: "
            "construction teams; green frame: a legal choice now."]


def _legend_svg(s, top: float) -> tuple[str, float]:
    lines: list[str] = []
    for text in legend(s):
        # about 88 characters of 11 px text fit in a row; a line breaks between entries ("Shd Radiation
        # Shields,") rather than inside one
        units = [u + "," for u in text.split(", ")]
        units[-1] = units[-1][:-1]
        words = [w for u in units for w in ([u] if len(u) <= 40 else u.split())]
        line = ""
        for w in words:
            if line and len(line) + 1 + len(w) > 88:
                lines.append(line)
                line = w
            else:
                line = f"{line} {w}".strip()
        lines.append(line)
    parts = [_t(8, top + 14, "Legend", 12, "bold")]
    parts += [_t(8, top + 30 + 14 * n, line, 11, fill="#333") for n, line in enumerate(lines)]
    return "".join(parts), top + 36 + 14 * len(lines)


def _svg(body: str, height: float, cls: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{ROW_W}" height="{height + 6:.0f}" '
            f'viewBox="0 0 {ROW_W} {height + 6:.0f}" font-family="sans-serif" class="{cls}">{body}</svg>')


def areas(s, seat: Any = PUBLIC, moves: Mapping[str, list] | None = None) -> list[str]:
    """The table as `seat` sees it (its hand shown), as separate SVG areas each at most ROW_W wide (so
    they wrap to the width they are given): the decisions panel, the Opportunity Track and hand, the map,
    the technology chart with the players' tracks, the legend. PUBLIC (also
    None), a spectator: no hand, the map's fuel costs of the player to act; EVERYTHING, the analyst:
    the hand of the player to act too."""
    hand = isinstance(seat, int) or seat == EVERYTHING
    own = seat if isinstance(seat, int) else None
    if not isinstance(seat, int):
        seat = s.current_player if s.current_player is not None else 0
    body, y = panel_svg(s, own, moves)
    panel = _svg(body, y - 6, "neptune-panel")
    rest = []
    body, y = cards_svg(s, 0, seat if hand else None, moves)
    rest.append(_svg(body, y, "neptune-cards"))
    body, y = map_svg(s, seat, moves)
    rest.append(_svg(body, y, "neptune-map"))
    body, y = tech_svg(s, 0, moves)
    more, y = tracks_svg(s, y + 4, seat, moves)
    rest.append(_svg(body + more, y, "neptune-techs"))
    # the areas where the decision open now may be clicked come first, right under the panel, so a
    # laptop screen shows the question and its places together
    rest.sort(key=lambda area: "neko-lit" not in area)
    body, y = _legend_svg(s, 0)
    return [panel, *rest, _svg(body, y, "neptune-legend")]


def svg(s, seat: Any = PUBLIC, moves: Mapping[str, list] | None = None) -> str:
    """The whole table as one SVG (the areas of `areas` one under the other)."""
    parts, y = [], 0.0
    for area in areas(s, seat, moves):
        h = float(area.split('height="', 1)[1].split('"', 1)[0])
        inner = area[area.index(">") + 1:area.rindex("</svg>")]
        parts.append(f'<g transform="translate(0 {y:.0f})">{inner}</g>')
        y += h
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{ROW_W}" height="{y:.0f}" '
            f'viewBox="0 0 {ROW_W} {y:.0f}" font-family="sans-serif">{"".join(parts)}</svg>')


def html(s, viewer: Any = PUBLIC, moves: Mapping[str, list] | None = None) -> str:
    """GameState.picture: the table as `viewer` (a seat, PUBLIC or EVERYTHING) sees it, under a line
    naming the game and who decides. With `moves` (a board's clickable picture) that line is left out:
    the board says both above the picture, and the line would take the room that lets a laptop screen
    show the decisions panel, the whole map and the technology chart together without scrolling."""
    seat = s.check_viewer(viewer)
    status = "the game is over" if s.is_over() else f"player {s.current_player + 1} to decide"
    cells = wrapping(areas(s, seat, moves))
    head = "" if moves is not None else f"<b>Destination: Neptune</b> — {status}<br/>"
    return f'<div>{head}{cells}</div>'
