"""Destination: Neptune: explore the solar system with research missions, technologies and buildings.

    from neko_lab.games import neptune
    neptune.graph.fuel_cost("Earth", "Callisto", speed=4, bases=["Mars Mineral Beds"])
    neptune.rules.speed(["slingshots", "fission"]); neptune.scoring.vp_for_credits(7)
"""
from . import data, explain, refusals, render, rules, scoring
from .rules import GameState

GameState.picture = render.html
GameState.explainer = explain          # what a learner is told about a move (neko_lab.learn)
GameState.refuser = refusals           # why a move is refused (IllegalAction's reason)


def __getattr__(name: str):
    # the networkx model loads when first used: playing (and every simulation worker) never needs it
    if name == "graph":
        import importlib
        return importlib.import_module(f"{__name__}.graph")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = ["GameState", "data", "explain", "graph", "render", "rules", "scoring"]
