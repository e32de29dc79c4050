"""The weights the Syndicate agent gives the parts of its value of a position, turn by turn.

`agents.estimate` splits its estimate of a seat's final score into the parts named in PARTS (solo, the
last part is `agents.her_extra`, what the discard pile is expected to add to CatANNA's score); the value
is their sum weighed by WEIGHTS[turn]. Hand-set weights are 1 for every part of the player's own score
and -1 for her_extra.
"""
from __future__ import annotations

PARTS = ("structure", "missions met", "cards placed", "minions waiting", "loose cubes' reach",
         "missions by date", "missions by units done", "deliveries to come", "her extra")

HAND = (1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, -1.0)

WEIGHTS: dict[int, tuple[float, ...]] = {turn: HAND for turn in range(16)}
