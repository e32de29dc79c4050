"""Set Up › Player Boards, step 5: in reverse turn order each player takes one starting bonus tile.
(The rest of the set-up — decks, revealed cards, scoring tiles, boards — is GameState.setup.)"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import data as jdata
from .facts import R_SETUP, Act, ask_next_seat
from .player_boards import gain

if TYPE_CHECKING:
    from .state import GameState


def choose_bonus_tiles(s: GameState) -> None:
    """Stage "bonus": the next seat in reverse turn order chooses; then the first round starts."""
    if not ask_next_seat(s, "bonus", reverse=True):
        s.stage = "round"


def legal_bonus(s: GameState, seat: int, data: Any) -> list:
    tiles = s.data.bonus
    return [Act("bonus", i, jdata.ITEMS.index(tiles[i][0]), tiles[i][1]) for i in s.bonus_left]


def take_bonus(s: GameState, seat: int, data: Any, act: Act) -> None:
    s.bonus_left = tuple(i for i in s.bonus_left if i != act.a)
    item, amount = s.data.bonus[act.a]
    gain(s, seat, item, amount, R_SETUP, "starting bonus tile")


STAGES = {"bonus": choose_bonus_tiles}
DECISIONS = {"bonus": (legal_bonus, take_bonus)}
