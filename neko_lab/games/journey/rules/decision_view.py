"""What every seat sees of the decision under way (Journey › Action Phase, › Free Actions): how far the
current turn has gone and which once-a-round powers each board has left. All of it is on the table,
and it decides what may be chosen next, so observation() shows it: one seat with one observation then
always faces one set of legal actions (a check of the conformance suite)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from neko_lab.core.spaces import open_decision_data

if TYPE_CHECKING:
    from .state import GameState

# the per-board powers and counters used up during a round (player_boards.Board.new_round)
POWERS = ("tile_adjust", "tile_reroll", "park_takes", "lighthouse", "hospital_used", "harbour_div",
          "church_left", "park_new")


def open_decision(s: "GameState") -> dict[str, Any]:
    """The turn's progress (main action: 0 none yet, 1 fish, 2 bidding, 3 activation; the space bid on,
    dice placed in this bid, a discarded die taken), the open decision's own data, and each board's
    round powers and exchanges used."""
    return {
        "turn_progress": [s.main, s.bid_space, s.bid_placed, int(bool(s.took_die)), s.turn_seat],
        "decision_data": open_decision_data(s),
        "powers": [[_number(getattr(b, k)) for k in POWERS] + [int(x) for x in b.exchange_on]
                   + list(b.exchange_used) for b in s.boards],
    }


def _number(v: Any) -> int:
    return int(v) if isinstance(v, (bool, int)) else len(v)
