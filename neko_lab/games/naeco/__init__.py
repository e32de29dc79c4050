"""Naéco: build an Ocean of species cards, chase scientific objectives, balance the food chain.

    from neko_lab.games import naeco
    ocean = naeco.Ocean.from_text(text); naeco.objectives.check(-1, 3, ocean); naeco.scoring.biodiversity(ocean)
    naeco.graph.food_web(ocean)
"""
# the rules first: the data, scoring and graph modules read the Ocean and objectives from them
from .rules import Draw, GameState, LeaveMissions, Play, TakeMission
from .rules.ocean import Card, Ocean
from . import explain, graph, objectives, render, scoring

GameState.picture = render.svg          # the rules never import their picture (DESIGN.md › Layout)
GameState.explainer = explain          # what a learner is told about a move (neko_lab.learn)

__all__ = ["Card", "Draw", "GameState", "LeaveMissions", "Ocean", "Play", "TakeMission", "graph", "objectives",
           "scoring"]
