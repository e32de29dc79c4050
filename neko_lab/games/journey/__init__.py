"""A Pleasant Journey to Neko: the rules engine (rules/, one module per rulebook section), scoring tables
(scoring.py) and data (data.py). The rules never import their picture: it is wired here."""
from . import explain, render
from .rules import GameState

GameState.picture = render.html
GameState.explainer = explain          # what a learner is told about a move (neko_lab.learn)
