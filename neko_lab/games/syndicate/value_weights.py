"""The weights the Syndicate agent gives the parts of its value of a position, turn by turn (solo).

`position_value.estimate` splits its estimate of a seat's final score into the parts named in PARTS;
solo, the last part is `position_value.her_extra`, what the discard pile is expected to add to
CatANNA's score. The value is their sum weighed by WEIGHTS[turn] in solo games, by HAND (1 for each
part of the player's own score, -1 for her_extra) against rivals.

WEIGHTS were fitted by `benchmarks/fit_syndicate_value.py` (2026-12-02): 250 seeded solo games (seeds
200-449, very easy) of the agent with the hand weights, the parts logged at the start of each of its
walks; per turn, least squares of the final margin (its score less CatANNA's) on the parts, shrunk
towards HAND (ridge 0.2 on standardised parts), "cards placed" and "minions waiting" kept at 1, no sign
change, at most 3x. R² of the margin, fitted (hand): turn 4 0.12 (-0.20), turn 8 0.30 (0.13), turn 12
0.67 (0.61), turn 14 0.83 (0.75). What it says: a mission's expected date matters more in mid-game
(1.5-1.9), its units done and the deliveries still to come less than the hand weights gave them, loose
cubes near their slots more in the last turns. Measured on seeds 100-139 (never in the fit): very easy
margin -12.8 against -20.3 with HAND (benchmarks/README.md, "CatANNA ladder", for seeds 1000-1049).
"""
from __future__ import annotations

PARTS = ("structure", "missions met", "cards placed", "minions waiting", "loose cubes' reach",
         "missions by date", "missions by units done", "deliveries to come", "her extra")

HAND = (1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, -1.0)

# turn -> weight of each part (turn 0, the opening, keeps HAND)
WEIGHTS: dict[int, tuple[float, ...]] = {
    0: HAND,
    1: (1.0, 1.0, 1.0, 1.0, 1.0, 0.99, 0.82, 1.0, 0.0),
    2: (0.92, 1.0, 1.0, 1.0, 0.48, 0.81, 0.0, 0.4, 0.0),
    3: (0.85, 1.0, 1.0, 1.0, 0.52, 0.99, 0.0, 0.24, -0.22),
    4: (0.96, 1.0, 1.0, 1.0, 0.76, 1.47, 0.0, 0.05, -0.74),
    5: (0.76, 1.0, 1.0, 1.0, 0.77, 1.6, 0.0, 0.0, -0.42),
    6: (0.84, 1.21, 1.0, 1.0, 0.8, 1.63, 0.0, 0.18, -0.5),
    7: (0.8, 0.98, 1.0, 1.0, 0.87, 1.88, 0.02, 0.1, -0.75),
    8: (0.92, 0.87, 1.0, 1.0, 0.95, 1.07, 0.14, 0.0, -0.73),
    9: (0.97, 0.85, 1.0, 1.0, 0.99, 1.23, 0.22, 0.0, -0.87),
    10: (0.99, 0.91, 1.0, 1.0, 1.03, 0.9, 0.49, 0.13, -0.67),
    11: (1.01, 0.94, 1.0, 1.0, 0.99, 1.08, 0.58, 0.21, -1.19),
    12: (0.97, 0.99, 1.0, 1.0, 1.23, 0.37, 0.62, 0.28, -0.81),
    13: (0.99, 1.02, 1.0, 1.0, 1.63, 0.46, 0.51, 0.08, -1.1),
    14: (0.97, 1.0, 1.0, 1.0, 2.61, 0.0, 0.4, 0.06, -1.12),
    15: (0.96, 1.01, 1.0, 1.0, 0.9, 1.0, 1.0, 1.0, -1.42),
}
