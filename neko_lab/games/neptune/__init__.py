"""Destination: Neptune: explore the solar system with research missions, technologies and buildings.

    from neko_lab.games import neptune
    neptune.graph.fuel_cost("Earth", "Callisto", speed=4, bases=["Mars Mineral Beds"])
    neptune.rules.speed(["slingshots", "fission"]); neptune.scoring.vp_for_credits(7)
"""
from . import data, explain, graph, render, rules, scoring
from .rules import GameState

GameState.picture = render.html
GameState.explainer = explain          # what a learner is told about a move (neko_lab.learn)

__all__ = ["GameState", "data", "graph", "render", "rules", "scoring"]
