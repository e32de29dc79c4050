"""Kumichō's meeting: after every walk of the turn, each player's missions are checked; a mission met
for the first time gets that player's marker in Kumichō's current column (several missions in one
turn, several players in one column are fine). Then Kumichō moves one column on; after turn 15 the game
ends and is scored."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..data import TURNS, changed
from . import final_scoring, mission_cards, simultaneous, solo
from .rulebook import MEETING

if TYPE_CHECKING:
    from .state import GameState


def kumicho_meeting(s: "GameState") -> None:
    col = s.turn
    simultaneous.reveal(s, f"turn {col}")
    for seat in range(s.players):
        f = None
        for k, number in enumerate(s.missions):
            if s.markers[seat][k]:
                continue
            f = f or mission_cards.facts(s, seat)
            if mission_cards.CHECKS[number](f):
                s.markers[seat] = changed(s.markers[seat], k, col)
                s.emit(f"meets mission {number} ({s.mission_text[number - 1]}): marker in column {col}, "
                       f"worth {s.path_values[col - 1]}", MEETING, seat, mission=number, column=col)
    if s.turn == TURNS:
        if s.catanna is not None:
            solo.build_catanna(s)        # the game ends once her slots are filled (Final Scoring)
            return
        s.over = True
        final_scoring.announce(s)
        return
    s.turn += 1
    s.refresh_view()
