"""Neko Syndicate: build a pyramid of minions, walk down it each turn, and deliver sushi for Kumichō.

    import neko_lab as nl
    s = nl.new_game("syndicate", players=2, seed=1)          # players=1: solo against CatANNA
    from neko_lab.games.syndicate import scoring, missions, graph
    scoring.level_points(5, 2, 1, 0, 0) * scoring.level_multiplier(2)     # the rulebook's 15
    missions.check(9, s, 0); graph.walks(s, 0); graph.fewest_moves(s, 0)
"""
from . import explain, missions, refusals, render, scoring
from .rules import GameState

GameState.picture = render.html
GameState.explainer = explain          # what a learner is told about a move (neko_lab.learn)
GameState.refuser = refusals           # why a move is refused (IllegalAction's reason)

__all__ = ["GameState", "missions", "render", "scoring"]
