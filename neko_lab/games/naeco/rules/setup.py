"""Naéco › Setup: the Surface row and its objectives, the deal, the seven draw piles, the secret
Priority Observation cards and each player's Exploration Start cards (readings 1 and 13 of
datasets/naeco/README.md)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from neko_lab.core import Pending
from neko_lab.core.errors import counted

from .objectives import LEVELS
from .ocean import Ocean
from .sea_shepherd import shuffle_in_missions

if TYPE_CHECKING:
    from .state import GameState

RULE_SETUP = "Naéco › Setup"
HAND_SIZE = 3
PILES = 7
PILE_SIZE = 8
FULL_PILES = 6
LAST_POSITION = 4            # the value-5 Surface card, the last of the Surface row


def set_up(s: "GameState") -> None:
    """Deal the table in the rulebook's order; the first player is then asked to play."""
    rng = s.rng
    n = s.players
    # one Scientific Objective above each Surface card but the last, only level -1 revealed
    s.objectives = [rng.randint(1, 4) for _ in LEVELS]
    s.revealed = [True, False, False, False]
    s.emit(f"objective of the Surface card of value {s.surface_values[0]}, face up: "
           f"{s.objective_text[(-1, s.objectives[0])]}", RULE_SETUP,
           level=-1, index=s.objectives[0])
    # every token on the first Surface card, two Exploration Start cards each
    s.token = [0] * n
    s.trail = [(0,)] * n
    s.oceans = [Ocean.start().seal() for _ in range(n)]
    # three species each, then (variant) the missions shuffled in, then the piles
    deck = list(range(s.n_species))
    rng.shuffle(deck)
    s.hands = []
    for _ in range(n):
        s.hands.append(tuple(sorted(deck[:HAND_SIZE])))
        del deck[:HAND_SIZE]
    if s.options["sea_shepherd"]:
        shuffle_in_missions(s, deck)
    piles = [tuple(deck[i * PILE_SIZE:(i + 1) * PILE_SIZE]) for i in range(FULL_PILES)]
    piles.append(tuple(deck[FULL_PILES * PILE_SIZE:]))
    s.piles = piles
    # one secret Priority Observation card each
    order = list(range(len(s.priority_table)))
    rng.shuffle(order)
    s.priority = order[:n]
    s.emit("{}: 3 cards dealt to each, 7 draw piles formed", RULE_SETUP, None, counted(n, "player"))
    s.pending = [Pending("play", 0)]


DECISIONS: dict = {}
