"""Naéco's rules engine (game key "naeco"), one module per rulebook section; see state.py for the map.

Imports nothing but the core, the game's data and its scoring functions: pictures, boards and agents
depend on the rules, never the reverse.
"""
from .drawing import Draw, LeaveMissions, TakeMission
from .gameplay import Play
from .setup import HAND_SIZE, LAST_POSITION, PILES
from .solo import Rating
from .state import GameState
from . import spaces
from neko_lab.core.spaces import declare

declare(GameState, spaces)     # action ids, observation tensor, limits (spaces.py)

__all__ = ["Draw", "GameState", "HAND_SIZE", "LAST_POSITION", "LeaveMissions", "PILES", "Play", "Rating",
           "TakeMission"]
