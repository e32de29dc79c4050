"""Simulation: nl.play() one game, nl.simulate() many, as pandas DataFrames (see simulate.py)."""
from .runner import game_seed, play, run, run_batch, seat_agents
from .reading import open_results
from .simulate import simulate
from .sweep import sweep
from .tournament import Ladder, budget_sweep, ladder, tournament

__all__ = ["play", "simulate", "open_results", "sweep", "tournament", "ladder", "Ladder", "budget_sweep", "run", "run_batch", "game_seed", "seat_agents"]
