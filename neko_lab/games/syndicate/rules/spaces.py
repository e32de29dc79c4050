"""Neko Syndicate for learning and search tools: action ids, the observation tensor, declared limits
(see core/spaces.py for what each name means).

Bounds, argued from the rules (Command phase, the minions' cards, Delivery zone, End of the game):
- A game has 15 turns. In a turn a seat walks at most 4 boxes (one a level). A box asks at most
  4 uses (a level-4 card; the Fishmonger one choice, the Accountant 2 discards, the COO 1 place),
  each use may be followed by a delivery-or-keep choice, then "stop": at most 4 + 4 * (2 * 4 + 1) = 40
  decisions. The deliveries after the walk fill slots (10 cards of at most 4 slots), then end: 41.
  With the opening (redraw, keep two) and 4 seats: MAX_GAME_LENGTH = 15 * 4 * 81 + 4 * 2 + 41 = 4909.
- Solo: CatANNA's set-up asks once which of her three values goes on each mission, and the final
  scoring asks a colour for each of her wild slots (at most 10 * 4): 41 more decisions.
- Ids: the opening names two of the four drawn minions by their place in the drawn row; a box names
  (place, side); minion actions name places (1-10), neighbourhoods (1-20), colours and counts; a
  minion in the Waiting Room is named by its card number (48 minions). "Stop", "keep" and "end the
  command phase" are one id each (at most one of each is ever legal). The box's action text and
  level are derived from the card and not in the id.
- MAX_LEGAL_ACTIONS: ids are distinct among the legal actions (checked), so no list is longer than
  the vocabulary.
- Scores (Pyramidal Structure Points, Mission Points; scoring.py): a level's points are multiplied
  by 4, 3, 2, 1 and the levels hold 1, 2, 3, 4 cards (weight 20 in all). Highest: a delivery on every
  slot (at most 4 a card: 80), every card completed (extra at most 9, checked by data.py: 180), three
  missions at the best path value 20 plus the order bonus 5 (75) and the tie-break point: 336.
  Lowest: all 32 cubes loose on level 1 (-2 * 4 * 32 = -256) and no card with a delivery (-40): -296.
  The path's values are data: score_bounds(data) takes the best one of a loaded dataset's path.
- Chance: the deck is shuffled at set-up and, at a simultaneous table, the discard pile is shuffled in
  under it when a turn could empty it, and
  CatANNA (solo) draws as it plays: "mid-game".
"""
from __future__ import annotations

from itertools import product

from neko_lab.core.spaces import Field, Layout, counts, flag, number, one_hot, padded

from ..data import COLOURS, LEVEL_OF, MINIONS, MISSION_TYPES, MULTIPLIER, NEIGHBOURHOODS, PLACES, SLOT_KINDS
from ..scoring import ORDER_BONUS, TIE_BREAK
from .command_phase import EndWalk
from .delivery_zone import Deliver
from .lieutenants_card import Discard, Place
from .minions_cards import Carry, Keep, Swap, Take
from .setup import OPENING_DRAW, Redraw
from .solo import WildCube
from .state import GameState

MAX_GAME_LENGTH = 15 * 4 * 81 + 4 * 2 + 41
CHANCE = "mid-game"
SCORE_BOUNDS = (-296, 336)
SLOTS = 4
WEIGHT = sum(MULTIPLIER[LEVEL_OF[p]] for p in range(PLACES))        # 20: the levels' cards times their factor
STRUCTURE_MOST = WEIGHT * SLOTS + WEIGHT * 9        # every slot delivered, every card completed (extra <= 9)


def score_bounds(data) -> tuple[int, int]:
    """SCORE_BOUNDS argued from a loaded dataset (see the docstring): three missions at the path's best
    value with the first place's bonus, on top of the structure's most and the tie-break point."""
    best = max(data.path) + ORDER_BONUS[0]
    return SCORE_BOUNDS[0], STRUCTURE_MOST + len(MISSION_TYPES) * best + TIE_BREAK


DECISIONS = tuple(sorted(GameState.DECISIONS))     # the kinds of decision, in a fixed order
C = len(COLOURS)


def action_keys(players: int, options: dict) -> list:
    keys: list = [("open", u, w) for u in range(OPENING_DRAW) for w in range(OPENING_DRAW)]
    keys += [("redraw",), ("stop",), ("keep",), ("end_walk",)]
    keys += [("box", p, side) for p in range(PLACES) for side in (0, 1)]
    keys += [("deliver", p, slot, c, kind) for p in range(PLACES) for slot in range(SLOTS)
             for c in range(C + 1) for kind in (0, 1)]
    keys += [("discard", m) for m in range(MINIONS)]
    keys += [("place", m, p) for m in range(MINIONS) for p in range(PLACES)]
    keys += [("take", n, c, p) for n in range(5) for c in range(C) for p in range(PLACES)]
    keys += [("carry", a, b, c, sub) for a in range(NEIGHBOURHOODS) for b in range(NEIGHBOURHOODS)
             for c in range(C) for sub in (False, True)]
    keys += [("swap", at, old, new) for at in range(NEIGHBOURHOODS) for old in range(C) for new in range(C)]
    # solo: which of CatANNA's three values goes on each mission (named by the values' ranks, 0 lowest),
    # and the colour of the cube on one of her wild slots
    keys += [("assign", ranks) for ranks in product(range(3), repeat=3)]
    keys += [("wild", p, slot, c) for p in range(PLACES) for slot in range(SLOTS) for c in range(C)]
    return keys


def action_key(state, action) -> tuple:
    name = type(action).__name__
    if name == "Open":
        row = state.opening[state.pending[-1].seat]
        return ("open", row.index(action.under), row.index(action.waiting))
    if name in ("Redraw", "Stop", "Keep"):
        return (name.lower(),)
    if name == "EndWalk":
        return ("end_walk",)
    if name == "Box":
        return ("box", action.place, action.side)
    if name == "Deliver":
        return ("deliver", action.place, action.slot, action.colour, action.kind)
    if name == "Discard":
        return ("discard", action.card)
    if name == "Place":
        return ("place", action.card, action.place)
    if name == "Take":
        return ("take", action.count, action.colour if action.count else 0, action.place if action.count else 0)
    if name == "Carry":
        return ("carry", action.frm, action.to, action.colour, bool(action.subway))
    if name == "Swap":
        return ("swap", action.at, action.old, action.new)
    if name == "AssignMarkers":
        return ("assign", tuple(sum(w < v for w in action.values) for v in action.values))
    if name == "WildCube":
        return ("wild", action.place, action.slot, action.colour)
    raise KeyError(name)


def key_words(key: tuple) -> str:
    """An id in words, from the id alone: the opening names minions by their place in the drawn row and a
    box by its place and side (which minion lies there, and its action, are read from the position)."""
    kind, *v = key
    if kind == "open":
        return (f"drawn minion {v[0] + 1} below the Accountant, drawn minion {v[1] + 1} to the "
                f"Waiting Room")
    if kind in ("redraw", "keep", "end_walk"):
        return str({"redraw": Redraw(), "keep": Keep(0), "end_walk": EndWalk(0)}[kind])
    if kind == "stop":
        return "stop the box's action"
    if kind == "box":
        if v[0] == 0:
            return "Accountant" if v[1] == 0 else "Chief Operations Officer"
        return f"place {v[0] + 1} {'left' if v[1] == 0 else 'right'} box"
    if kind == "deliver":
        if v[2] < C:
            return str(Deliver(*v))
        return f"deliver a cube on {SLOT_KINDS[v[3]]} slot {v[1] + 1} at place {v[0] + 1}"   # (never legal)
    if kind == "discard":
        return str(Discard(v[0]))
    if kind == "place":
        return str(Place(v[0], v[1]))
    if kind == "take":
        return str(Take(*v))
    if kind == "carry":
        return str(Carry(*v))
    if kind == "swap":
        return str(Swap(*v))
    if kind == "assign":
        rank = ("lowest", "middle", "highest")
        return "CatANNA's markers: " + ", ".join(f"her {rank[r]} value on the {t} mission"
                                                 for r, t in zip(v[0], MISSION_TYPES))
    return str(WildCube(*v))


def _cubes(cubes) -> list[float]:
    grid = [0.0] * (NEIGHBOURHOODS * C)
    for at, colour, n in cubes:
        grid[at * C + colour] += n
    return grid


def _filled(filled) -> list[float]:
    """-2 where a card has no such slot, -1 an empty slot, else the colour in it."""
    out = [-2.0] * (PLACES * SLOTS)
    for p, slots in enumerate(filled):
        for i, v in enumerate(slots):
            out[p * SLOTS + i] = float(v)
    return out


def _area(k: int):
    def get(o: dict) -> list[float]:
        a = o["areas"][k]
        return (padded(a["pyramid"], PLACES) + _cubes(a["cubes"]) + _filled(a["filled"])
                + padded(a["warehouse"], C) + counts(a["waiting"], MINIONS + 1)
                + padded(a["markers"], 3) + flag(a["redrawn"]))
    return get


AREA = PLACES + NEIGHBOURHOODS * C + PLACES * SLOTS + C + MINIONS + 1 + 3 + 1
CATANNA = 1 + 3 + PLACES + PLACES * SLOTS + C + 1 + 2


def _catanna(o: dict) -> list[float]:
    c = o["catanna"]
    if not c:
        return [-1.0] * CATANNA
    return (number(c["cubes"]) + padded(c["markers"], 3) + padded(c["pyramid"], PLACES)
            + _filled(c["filled"]) + padded(c["warehouse"], C) + flag(c["built"])
            + padded(c.get("cursor") or [], 2))


def layout(players: int, options: dict) -> Layout:
    n = players
    fields = [
        Field("seat", n, "one-hot: the seat observing", lambda o: one_hot(o["seat"], n)),
        Field("to_act", n, "one-hot: the seat deciding (all 0 once over, or while another seat walks out of sight)", lambda o: one_hot(o["to_act"], n)),
        Field("turn", 1, "the turn (1-15)", lambda o: number(o["turn"])),
        Field("missions", 3, "the three mission cards' numbers", lambda o: padded(o["missions"], 3)),
        Field("decision", len(DECISIONS), "one-hot: the open decision (" + ", ".join(DECISIONS) + ")",
              lambda o: one_hot(DECISIONS.index(o["decision"]) if o["decision"] else None, len(DECISIONS))),
        Field("deck", 1, "cards left in the drawing deck", lambda o: number(o["deck"])),
        Field("deck_order", MINIONS, "the deck's card numbers top first when the table knows them, else -1",
              lambda o: padded(o["deck_order"] or [], MINIONS)),
        Field("discard", MINIONS + 1, "multi-hot over card numbers: the discard pile",
              lambda o: counts(o["discard"], MINIONS + 1)),
    ]
    for k in range(n):
        fields.append(Field(
            f"area{k + 1}", AREA,
            f"seat {k + 1}'s area as the observer may see it: pyramid card numbers by place (-1 empty); "
            "loose cubes by neighbourhood x colour; slots by place x 4 (-2 no slot, -1 empty, else colour); "
            "warehouse cubes by colour; multi-hot of the Waiting Room; 3 mission markers; redrawn flag",
            _area(k)))
    fields += [
        Field("opening", OPENING_DRAW, "the observer's four opening minions (-1 once chosen)",
              lambda o: padded(o["opening"], OPENING_DRAW)),
        Field("walk", 4, "this turn's walk so far: 2 * place + side of each box (-1 beyond)",
              lambda o: padded(o["walk"], 4)),
        Field("catanna", CATANNA, "solo only (-1 otherwise): CatANNA's cubes, markers, pyramid, slots, "
              "warehouse, built flag, the wild slot being coloured (place, slot)", _catanna),
        Field("over", 1, "1 once the game is over", lambda o: flag(o["over"])),
    ]
    return Layout(fields)
MAX_LEGAL_ACTIONS = len(action_keys(4, {}))
