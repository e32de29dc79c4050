"""Neko Syndicate: build a pyramid of minions, walk down it each turn, and deliver sushi for Kumichō.

    import neko_lab as nl
    s = nl.new_game("syndicate", players=2, seed=1)
    from neko_lab.games.syndicate import scoring, missions, graph
"""
from . import missions, scoring
from .rules import GameState

__all__ = ["GameState", "missions", "scoring"]
