"""The Neko Syndicate engine, one module per rulebook section (see state.py for the map)."""
from .state import GameState
from . import spaces
from neko_lab.core.spaces import declare

declare(GameState, spaces)     # action ids, observation tensor, limits (spaces.py)

__all__ = ["GameState"]
