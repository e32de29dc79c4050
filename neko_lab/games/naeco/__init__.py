"""Naéco: build an Ocean of species cards, chase scientific objectives, balance the food chain.

    from neko_lab.games import naeco
    ocean = naeco.Ocean.from_text(text); naeco.objectives.check(-1, 3, ocean); naeco.scoring.biodiversity(ocean)
    naeco.graph.food_web(ocean)
"""
from . import graph, objectives, scoring
from .ocean import Card, Ocean
from .rules import Draw, GameState, Play, TakeMission

__all__ = ["Card", "Draw", "GameState", "Ocean", "Play", "TakeMission", "graph", "objectives", "scoring"]
