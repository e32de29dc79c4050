"""Naéco › Scoring: research progress, observed biodiversity, priority observations (and, in the
variant, the missions), counted from the table with the pure functions of naeco/scoring.py.

`ocean_value` is the same count looked at before the end: an estimate of what an Ocean will be worth,
used by `GameState.evaluate` and the Naéco agent.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .. import scoring
from .objectives import CHECKS, LEVELS
from .ocean import ATTRIBUTES, FACE_DOWN, Ocean
from .sea_shepherd import mission_points
from .setup import LAST_POSITION
from .solo import discard_counts

if TYPE_CHECKING:
    from .state import GameState

RULE_SCORING = scoring.RULE_SCORING

ADVANCE = 4.0          # worth of one step right on the Surface row, on top of the card's value
FACE_DOWN_COST = 1.5   # an unpopulated area scores nothing by itself
SYMBOL_WEIGHT = 0.6    # per symbol, times the points the own Priority Observation card gives it
LINK_WEIGHT = 0.4      # per pair of touching species (objectives reward rows, columns and squares)
VARIETY_WEIGHT = 1.0   # per distinct value present (on the way to biodiversity)


def breakdown(s: "GameState") -> list[dict[str, int]]:
    """Points by category for every seat (running before the end, final after it)."""
    n = s.players
    counts = [o.attribute_counts() for o in s.oceans]
    cards = [s.priority_table[s.priority[i]].as_dict() for i in range(n)]
    against = discard_counts(s) if n == 1 else None
    prio = scoring.priority(counts, cards, against)
    out = []
    for i in range(n):
        row = {"research": scoring.research(s.surface_values[s.token[i]]),
               "biodiversity": scoring.biodiversity(s.oceans[i]),
               "priority": prio[i]}
        if s.options["sea_shepherd"]:
            row["missions"] = mission_points(s, i)
        out.append(row)
    return out


def score_the_game(s: "GameState", why: str = "the last round is over") -> None:
    """The last round is over (or nobody can play any more, reading 7): the game ends and every
    category is counted (the Priority Observation cards are shown, see observation())."""
    s.over = True
    s.emit(f"{why}: final scoring", RULE_SCORING,
           scores=[sum(row.values()) for row in breakdown(s)])


def visible_breakdown(s: "GameState", seat: int | None) -> list[dict[str, int | None]]:
    """Another player's running priority points would reveal their secret Priority Observation card,
    so a seat sees only its own until the end (Naéco › Setup, › Scoring)."""
    rows = breakdown(s)
    if seat is None or s.over:
        return rows
    return [row if i == seat else {**row, "priority": None} for i, row in enumerate(rows)]


def ocean_value(s: "GameState", seat: int, ocean: Ocean, own_card: bool = True) -> float:
    """How good `ocean` would be for `seat`: expected research progress, biodiversity, symbols.

    With own_card=False the seat's secret Priority Observation card is not used: every symbol is worth
    the average of the cards (what another player can assume)."""
    k = s.token[seat]
    research = float(s.surface_values[k])
    while k < LAST_POSITION:
        level = LEVELS[k]
        if s.revealed[k]:
            if not CHECKS[level][s.objectives[k] - 1](ocean):
                break
            k += 1
            research = s.surface_values[k] + ADVANCE * (k - s.token[seat])
        else:
            share = sum(1 for f in CHECKS[level] if f(ocean)) / 4
            research += share * (s.surface_values[k + 1] - s.surface_values[k] + ADVANCE)
            break
    cells = ocean.cells
    values = [v for v in cells.values() if v > 0]
    bio = scoring.biodiversity(values) + VARIETY_WEIGHT * len(set(values))
    if own_card:
        points = s.priority_table[s.priority[seat]].points
    else:
        table = s.priority_table
        points = tuple(sum(c.points[i] for c in table) / len(table) for i in range(len(ATTRIBUTES)))
    counts = ocean.attribute_counts()
    symbols = SYMBOL_WEIGHT * sum(counts[a] * points[i] for i, a in enumerate(ATTRIBUTES))
    links = 0
    down = 0
    for p, v in cells.items():
        if v == FACE_DOWN:
            down += 1
        elif v > 0:
            if (cells.get(p + 4) or 0) > 0:
                links += 1
            if (p & 3) < 3 and (cells.get(p + 1) or 0) > 0:
                links += 1
    return research + bio + symbols + LINK_WEIGHT * links - FACE_DOWN_COST * down


def estimated_lead(s: "GameState", seat: int) -> float:
    """The seat's ocean_value lead over the best other player, another player's secret Priority
    Observation card not looked at."""
    vals = [ocean_value(s, i, o, own_card=i == seat) for i, o in enumerate(s.oceans)]
    others = [v for i, v in enumerate(vals) if i != seat]
    return vals[seat] - (max(others) if others else 0.0)


DECISIONS: dict = {}
