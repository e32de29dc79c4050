"""Sweeps: one call plays a grid of game options × card data folders × agent line-ups and returns one
frame.

    df = nl.sim.sweep("journey", options={"exchange_limit": [4, 8, None]}, games=200, players=3,
                      agents=[["journey"], ["greedy", "random"]])
    nl.analysis.seat_balance(df[df.cell == 0])
    {cell: nl.analysis.decisiveness(part) for cell, part in df.groupby("cell")}
    nl.viz.win_rates(df, by=["opt_exchange_limit", "agent"])

Every cell numbers its games from 0, so the functions of nl.analysis, which read one run, take one cell
at a time (given the whole table they refuse it and say so); the figures of nl.viz group by the columns
named in by=.

A designer's what-if on one card is a copy of the data folder with that row changed, passed in
`data=[None, "my_cards"]` (None: the shipped data); the `data` column (a fingerprint) and the
`data_folder` column tell the rows apart.

Every cell of the grid is one simulate() run with the same seed, so cells face the same deals as far
as the game allows (common random numbers make differences between cells less noisy). Rows get
`cell` (the cell number), `lineup` (the agents of the cell, joined by " vs ") and `data_folder`
besides simulate's columns. With out=FOLDER each cell streams to FOLDER/cell-NNN (its own _run.json),
and resume=True continues every unfinished cell. workers= / client= run each cell on the process
pool or the Dask cluster. Every cell's settings (options, data folders, agents, players, run folders)
are checked before the first game is played, so a mistake in the last cell loses no work.
"""
from __future__ import annotations

import inspect
import itertools
import os
from typing import Any, Mapping, Sequence

from ..agents import agent_label
from ..core.errors import ConfigError, excerpt
from .simulate import check, out_folder, run_meta, simulate

# simulate()'s own arguments (the run's settings), which no game option may be named like
RUN_ARGUMENTS = frozenset(inspect.signature(simulate).parameters) - {"options"}


def grid(options: Mapping[str, Sequence[Any]] | None = None, data: Sequence[Any] = (None,),
         agents: Sequence[Any] = (("greedy", "random"),)) -> list[dict]:
    """The cells of a sweep, in order: dicts with "options", "data" and "agents"."""
    if options is not None and not isinstance(options, Mapping):
        raise ConfigError(f"sweep options is a dict of each option's values to try (e.g. "
                          f"{{'sea_shepherd': [False, True]}}), not {excerpt(options)}")
    options = dict(options or {})
    for name, values in options.items():
        if isinstance(values, (str, bytes)) or not isinstance(values, Sequence) or not len(values):
            raise ConfigError(f"sweep option {name} needs a list of values, not {values!r}")
    if isinstance(data, (str, os.PathLike)) or data is None:
        data = [data]
    names = list(options)
    cells = []
    for values in itertools.product(*(options[n] for n in names)):
        for folder in data:
            for lineup in agents:
                lineup = [lineup] if isinstance(lineup, str) else list(lineup)
                cells.append({"options": dict(zip(names, values)), "data": folder, "agents": lineup})
    return cells


def sweep(game: Any, options: Mapping[str, Sequence[Any]] | None = None, data: Sequence[Any] = (None,),
          agents: Sequence[Any] = (("greedy", "random"),), games: int = 200, players: int | None = 2,
          seed: int = 0, out: str | os.PathLike | None = None, resume: bool = False,
          progress: bool = True, **kwargs: Any):
    """Play every cell of options × data × agents (see the module docstring) and return one pandas
    DataFrame. options: {option: [values]}; data: folders (None: the shipped data); agents: a list of
    line-ups (each a list of agent specs, rotated over seats); other keyword arguments (workers,
    client, fixed game options...) go to every simulate() call."""
    import pandas as pd

    if kwargs.get("trace"):
        raise ConfigError("sweep returns one table of results, without traces: leave out trace, or run "
                          "simulate(..., trace=...) on the cell you want traced")
    cells = grid(options, data, agents)
    calls = []
    for k, cell in enumerate(cells):
        extra = dict(kwargs)
        extra.update(cell["options"])
        if cell["data"] is not None:
            extra["data"] = os.fspath(cell["data"])
        target = None
        if out is not None:
            target = out_folder(out) / f"cell-{k:03d}"
        call = dict(games=games, players=players, agents=cell["agents"], seed=seed, progress=progress, out=target,
                    resume=bool(resume and target is not None and run_meta(target) is not None))
        clash = sorted(set(cell["options"]) & (RUN_ARGUMENTS | {"data"}))
        if clash:
            raise ConfigError(f"sweep option {clash[0]} is an argument of sweep or simulate itself, not a "
                              f"game option" + (" (give folders as sweep's data=)" if clash[0] == "data" else ""))
        call.update(extra)
        check(game, **call)                  # raises what simulate would, before any cell is played
        calls.append(call)
    frames = []
    for k, (cell, call) in enumerate(zip(cells, calls)):
        df = simulate(game, **call)
        if hasattr(df, "to_pandas"):
            df = df.to_pandas()
        lineup = " vs ".join(agent_label(a) for a in cell["agents"])
        folder = "shipped" if cell["data"] is None else os.fspath(cell["data"])
        frames.append(df.assign(cell=k, lineup=lineup, data_folder=folder))
    result = pd.concat(frames, ignore_index=True)
    front = ["cell", "lineup", "data_folder"]
    return result[front + [c for c in result.columns if c not in front]]
