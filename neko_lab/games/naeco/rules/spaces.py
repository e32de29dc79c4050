"""Naéco for learning and search tools: action ids, the observation tensor, declared limits
(see core/spaces.py for what each name means).

Bounds, argued from the rules (Naéco › Gameplay, › End of the game) and the shipped data:
- The game has 64 species cards and, with Sea Shepherd France, 4 mission cards (68 cards). Every
  turn plays one hand card (a "play" decision) and then refills the hand: at most one species draw,
  or one "leave the missions" (reading 8), after up to 4 mission takes; a player without cards passes
  without deciding. So a game has at most 64 plays, 64 draws or leaves and 4 takes, within
  MAX_GAME_LENGTH = 136.
- A seat places at most 64 cards beside the start cards' column, each touching the Ocean, so no
  column lies further than 64 from it: columns -64..64 (COLUMNS = 129).
- A play names a hand place (1-3; the hand is shown in order), a depth, a column and face-up or
  face-down; a draw or a mission take names a pile (1-7); leaving the missions is one id. Names and
  values on the action are derived and not in the id.
- Legal plays: each of 3 hand cards face-up on its own row and face-down on its row (or, with
  facedown_any_depth, on any of the 4 rows), at most 129 places a row: 3 * 129 * 5 = 1935.
- Scores (Naéco › Scoring, the Sea Shepherd France missions): research is the Surface value under
  the token, -1..5; observed biodiversity is 4 points a card of the least represented value, and each
  value has 16 species, so at most 64; priority observations at most 1+2+3+4 = 10 (the most one
  card's four values add up to); missions: turtles -2..5, dolphins -2..8 (4 dolphins, 2 each), each
  chain -3..3. SCORE_BOUNDS = (-1-2-2-3-3, 5+64+10+5+8+3+3). score_bounds(data) makes the same
  argument of a loaded dataset's values (a variant's Surface values, species and cards).
- Chance: the piles are shuffled at set-up and nothing is drawn at random afterwards ("setup").
"""
from __future__ import annotations

from neko_lab.core.spaces import Field, Layout, counts, flag, number, one_hot, padded

from .. import scoring
from .ocean import DEPTHS, FACE_DOWN, START
from .setup import HAND_SIZE, PILES
from .state import GameState

CARDS = 68
REACH = 64
COLUMNS = 2 * REACH + 1
MAX_GAME_LENGTH = 2 * CARDS
MAX_LEGAL_ACTIONS = HAND_SIZE * COLUMNS * (1 + DEPTHS)
CHANCE = "setup"
SCORE_BOUNDS = (-11, 98)
DECISIONS = tuple(sorted(GameState.DECISIONS))     # the kinds of decision, in a fixed order


def score_bounds(data) -> tuple[int, int]:
    """SCORE_BOUNDS argued from a loaded dataset (see the docstring): research, biodiversity, priority
    observations and every mission card at their least and most."""
    values = data.surface_values
    least_value = min(sum(c.value == v for c in data.species) for v in range(1, 5))
    dolphins = sum(c.group == "dolphin" for c in data.species)
    missions = {"turtles": (min(scoring.NYAMBA_POINTS.values()), max(scoring.NYAMBA_POINTS.values())),
                "dolphins": (scoring.DOLPHIN_NONE, max(scoring.DOLPHIN_NONE, scoring.DOLPHIN_POINTS_EACH * dolphins)),
                "chain_deepest": (scoring.CHAIN_FAILURE, scoring.CHAIN_SUCCESS),
                "chain_shallowest": (scoring.CHAIN_FAILURE, scoring.CHAIN_SUCCESS)}
    lo = min(values) + sum(missions[m.effect][0] for m in data.missions)
    hi = (max(values) + scoring.BIODIVERSITY_POINTS * least_value + max(sum(c.points) for c in data.priority)
          + sum(missions[m.effect][1] for m in data.missions))
    return lo, hi


def action_keys(players: int, options: dict) -> list:
    keys: list = [("play", slot, depth, col, down) for slot in range(HAND_SIZE)
                  for depth in range(1, DEPTHS + 1) for col in range(-REACH, REACH + 1)
                  for down in (False, True)]
    keys += [("draw", p) for p in range(PILES)] + [("mission", p) for p in range(PILES)] + [("leave",)]
    return keys


def action_key(state, action) -> tuple:
    name = type(action).__name__
    if name == "Play":
        slot = state.hands[state.pending[-1].seat].index(action.card)
        return ("play", slot, action.depth, action.col, bool(action.down))
    if name == "Draw":
        return ("draw", action.pile)
    if name == "TakeMission":
        return ("mission", action.pile)
    if name == "LeaveMissions":
        return ("leave",)
    raise KeyError(name)


def action_of(state, key: tuple):
    """The action `key` names now, legal or not (a refused id then gets the rule that refuses it):
    a play of the acting seat's hand card in that place, a draw or a mission from that pile's top, or
    leaving the missions."""
    from .drawing import Draw, LeaveMissions, TakeMission
    from .gameplay import Play
    kind = key[0]
    if kind == "play":
        _, slot, depth, col, down = key
        hand = state.hands[state.pending[-1].seat]
        if slot >= len(hand):
            return None
        card = state.cards[hand[slot]]
        return Play(card.id, card.name, card.value, depth, col, down)
    if kind in ("draw", "mission"):
        pile = state.piles[key[1]]
        top = state.cards[pile[-1]] if pile else None
        return (Draw if kind == "draw" else TakeMission)(key[1], top.id if top else -1,
                                                         top.name if top else "nothing")
    if kind == "leave":
        return LeaveMissions()
    return None


def key_words(key: tuple) -> str:
    """An id in words, from the id alone. A play names the place and the side it shows, not the hand
    place: which card sits in a hand place is the hand's secret (a card known to have been drawn from a
    face-up pile would be named by it, even played face-down)."""
    from .drawing import LeaveMissions
    from .ocean import where
    kind = key[0]
    if kind == "play":
        _, _slot, depth, col, down = key
        return f"play a card {'face-down' if down else 'face-up'} at {where(depth, col)}"
    if kind == "draw":
        return f"draw the top card of pile {key[1] + 1}"
    if kind == "mission":
        return f"take the mission on top of pile {key[1] + 1}"
    return str(LeaveMissions())


_CODE = {START: 1.0, FACE_DOWN: 2.0, 1: 3.0, 2: 4.0, 3: 5.0, 4: 6.0}


def _ocean(k: int, part: str):
    def get(obs: dict) -> list[float]:
        grid = [0.0] * (DEPTHS * COLUMNS)
        o = obs["oceans"][k]
        if part == "cells":
            for depth, col, code in o["cells"]:
                grid[(depth - 1) * COLUMNS + col + REACH] = _CODE[code]
        else:
            for depth, col, cid in o["cards"]:
                grid[(depth - 1) * COLUMNS + col + REACH] = cid + 1.0
        return grid
    return get


def layout(players: int, options: dict) -> Layout:
    n = players
    fields = [
        Field("seat", n, "one-hot: the seat observing", lambda o: one_hot(o["seat"], n)),
        Field("to_act", n, "one-hot: the seat deciding (all 0 once over)", lambda o: one_hot(o["to_act"], n)),
        Field("decision", len(DECISIONS), "one-hot: the open decision (play a card, then draw)",
              lambda o: one_hot(DECISIONS.index(o["decision"]) if o["decision"] else None, len(DECISIONS))),
        Field("hand", HAND_SIZE, "the observer's hand in order: card ids (-1 for an empty place)",
              lambda o: padded(o["hand"], HAND_SIZE)),
        Field("hand_cards", CARDS, "multi-hot over card ids: the observer's hand",
              lambda o: counts(o["hand"], CARDS)),
        Field("hand_sizes", n, "cards in each seat's hand", lambda o: padded(o["hand_sizes"], n)),
        Field("priority_card", 4, "the observer's Priority Observations points, by attribute",
              lambda o: padded(o["priority_card"], 4)),
        Field("priority_cards", 4 * n, "every seat's Priority Observations points (-1 until the end)",
              lambda o: padded([v for c in (o["priority_cards"] or []) for v in c], 4 * n)),
    ]
    for k in range(n):
        fields += [
            Field(f"ocean{k + 1}_cells", DEPTHS * COLUMNS,
                  f"seat {k + 1}'s Ocean, depth-major, columns -64..64: 0 empty, 1 start card, 2 face-down, "
                  "3-6 a species of value 1-4", _ocean(k, "cells")),
            Field(f"ocean{k + 1}_cards", DEPTHS * COLUMNS,
                  f"seat {k + 1}'s Ocean, same grid: card id + 1 where the observer knows the card, else 0",
                  _ocean(k, "cards")),
        ]
    fields += [
        Field("pile_sizes", PILES, "cards left in each draw pile", lambda o: [float(p[0]) for p in o["piles"]]),
        Field("pile_tops", PILES, "card id on top of each pile (-1 when empty)",
              lambda o: [-1.0 if p[1] is None else float(p[1]) for p in o["piles"]]),
        Field("tokens", n, "each seat's token on the Surface row (0-4)", lambda o: padded(o["tokens"], n)),
        Field("objectives", 4, "the objective shown on each Surface card (-1 while hidden)",
              lambda o: [-1.0 if v is None else float(v) for v in o["objectives"]]),
        Field("missions", 4 * n, "per seat, multi-hot over the 4 mission cards (ids 65-68) it holds",
              lambda o: [v for m in o["missions"] for v in counts([c - 64 for c in m], 4)]),
        Field("discards", CARDS, "multi-hot over card ids: the discard pile", lambda o: counts(o["discards"], CARDS)),
        Field("missed", n, "draws each seat could not make (its hand is short by as many cards)",
              lambda o: padded(o["missed"], n)),
        Field("turn", 1, "the turn number", lambda o: number(o["turn"])),
        Field("end_seat", n, "one-hot: the seat that triggered the end (all 0 before)",
              lambda o: one_hot(o["end_seat"], n)),
        Field("known", CARDS * n, "per seat, multi-hot over card ids: cards the table saw it draw",
              lambda o: [v for k in o["known"] for v in counts(k, CARDS)]),
        Field("final_left", 1, "turns left in the final round", lambda o: number(o["final_left"])),
        Field("over", 1, "1 once the game is over", lambda o: flag(o["over"])),
    ]
    return Layout(fields)
