"""Simulation: nl.play() one game, nl.simulate() many, as pandas DataFrames (see simulate.py)."""
from .runner import game_seed, play, run, run_batch, seat_agents
from .simulate import simulate
from .tournament import tournament

__all__ = ["play", "simulate", "tournament", "run", "run_batch", "game_seed", "seat_agents"]
