"""Agents that misbehave, for the simulator's tests: importable by worker processes (tests/ is on their
path), so each failure reaches the run from a worker as it would from a user's own module."""
from __future__ import annotations

import os
import signal

from neko_lab.agents.base import Agent


class FailsIn(Agent):
    """Plays at random, but in the games where its own seed is one of `seeds` it fails after `after`
    actions of the game: raises ValueError (how="raise") or returns an action no game has
    (how="illegal")."""

    name = "failing"

    def __init__(self, seed=None, seeds=(), after=3, how="raise"):
        super().__init__(seed)
        self.seeds, self.after, self.how = frozenset(seeds), after, how

    def choose(self, state):
        if self.seed in self.seeds and state.steps >= self.after:
            if self.how == "illegal":
                return ("no such action", 99)
            raise ValueError("agent gave up")
        return self.rng.choice(state.legal_actions())


class DiesInWorker(Agent):
    """Plays at random here, but ends the worker process it plays in (how="exit": os._exit(3);
    how="kill": SIGKILL to itself, as the system does when memory runs out)."""

    name = "dies"

    def __init__(self, seed=None, how="exit"):
        super().__init__(seed)
        self.how = how

    def choose(self, state):
        import multiprocessing
        if multiprocessing.parent_process() is not None:
            if self.how == "kill":
                os.kill(os.getpid(), signal.SIGKILL)
            os._exit(3)
        return self.rng.choice(state.legal_actions())
