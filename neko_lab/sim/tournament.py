"""Round-robin tournaments between agents: every pair plays a two-seat match through simulate()."""
from __future__ import annotations

from itertools import combinations
from typing import Any, Sequence

from ..agents import agent_label
from ..core.errors import ConfigError
from .runner import game_seed
from .simulate import simulate


def tournament(game: Any, agents: Sequence[Any], games: int = 200, seed: int = 0, progress: bool = True,
               **kwargs: Any):
    """Every pair of `agents` plays `games` two-player games (seats rotating); returns the win-rate
    table: entry [a, b] is the share of games agent a won against agent b (a shared win counts half),
    so [a, b] + [b, a] = 1. The diagonal is empty. Match k of the round robin is seeded with child k of
    SeedSequence(seed); other keyword arguments (workers, client, game options...) go to simulate().
    """
    import pandas as pd

    labels = [agent_label(a) for a in agents]
    if len(set(labels)) != len(labels) or len(labels) < 2:
        raise ConfigError(f"a tournament needs at least two agents with different names, not {labels}")
    table = pd.DataFrame(float("nan"), index=pd.Index(labels, name="agent"),
                         columns=pd.Index(labels, name="opponent"))
    for k, (i, j) in enumerate(combinations(range(len(agents)), 2)):
        df = simulate(game, games=games, players=2, agents=[agents[i], agents[j]],
                      seed=game_seed(seed, k), progress=progress, **kwargs)
        points = df.groupby("agent")["share"].sum()
        a = float(points.get(labels[i], 0.0)) / games
        table.loc[labels[i], labels[j]] = a
        table.loc[labels[j], labels[i]] = 1.0 - a
    return table
