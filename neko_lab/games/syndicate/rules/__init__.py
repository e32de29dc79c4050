"""The Neko Syndicate engine, one module per rulebook section (see state.py for the map)."""
from .state import GameState

__all__ = ["GameState"]
