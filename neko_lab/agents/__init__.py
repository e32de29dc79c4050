"""Game-agnostic agents. Game-specific agents live in neko_lab/games/<key>/agents.py and are named in
the game's State.AGENTS table."""
from .base import Agent, RandomAgent

__all__ = ["Agent", "RandomAgent"]
