"""Sweeps: one call plays a grid of game options × card data folders × agent line-ups and returns one
frame.

    df = nl.sim.sweep("journey", options={"exchange_limit": [4, 8, None]}, games=200, players=3,
                      agents=[["journey"], ["greedy", "random"]])
    nl.analysis.seat_balance(df[df.cell == 0])
    {cell: nl.analysis.decisiveness(part) for cell, part in df.groupby("cell")}
    nl.viz.win_rates(df, by=["opt_exchange_limit", "agent"])

Every cell numbers its games from 0, so the functions of nl.analysis, which read one run, take one cell
at a time (given the whole table they refuse it and say so); the figures of nl.viz group by the columns
named in by=. nl.analysis.compare_options(df) compares the values of one option within one line-up and
one data folder (given a table that varies either, it says which rows to keep).

A designer's what-if on one card is a copy of the data folder with that row changed, passed in
`data=[None, "my_cards"]` (None: the shipped data); the `data` column (a fingerprint) and the
`data_folder` column tell the rows apart.

Every cell of the grid is one simulate() run with the same seed, so cells face the same deals as far
as the game allows (common random numbers make differences between cells less noisy). Rows get
`cell` (the cell number, from 0 in the order of the grid: options, then data folders, then line-ups),
`lineup` (the agents of the cell, joined by " vs ") and `data_folder` ("shipped" for the shipped data)
before simulate's columns. A scoring category that only some cells have (one an option adds) is 0 in
the rows of the others, as simulate's pts_ columns are where a seat has none of a category.

With out=FOLDER (new or empty: one that holds other files or a simulate run is refused) each cell
streams to FOLDER/cell-NNN (a simulate run folder, with its own _run.json),
FOLDER/_sweep.json describes the grid, and the sweep returns a Results object read lazily, as
simulate(out=) does, so memory does not grow with the number of games: .to_pandas(columns=...) gives
the table above (every cell, labelled), .dataset and .to_dask() the same rows. Every row written carries
its cell's labels and, once the sweep has finished, every part file has every column of the sweep (0 for
a category a cell does not have), so pd.read_parquet(FOLDER) reads the whole labelled table too (names
beginning with "_" are skipped), and nl.open_results(FOLDER) gives the Results again. resume=True
continues every unfinished cell (and labels the rows of a folder written by an earlier version, whose
parts lack the labels). workers= / client= run each cell on the process pool or the Dask cluster.
Every cell's settings (options, data folders, agents, players, run folders) are checked before the
first game is played, so a mistake in the last cell loses no work. An error in a cell (a bad option
value, an agent's failure) keeps its type and begins by naming the cell: its number, options, line-up
and data folder, before the game and the nl.play() call that replays it.
"""
from __future__ import annotations

import inspect
import itertools
import json
import os
import warnings
from pathlib import Path
from typing import Any, Mapping, Sequence

from ..agents import agent_label
from ..core.errors import ConfigError, DataError, excerpt, plain, told_again
from . import runner
from .results import Results, played_options
from .simulate import (FIXED, SWEEP_META, _simulate, _strays, _tidy, check, foreign, listed, out_folder, run_meta,
                       simulate, stream_folder)

# simulate()'s own arguments (the run's settings), which no game option may be named like
RUN_ARGUMENTS = frozenset(inspect.signature(simulate).parameters) - {"options"}
LABELS = ("cell", "lineup", "data_folder")


def grid(options: Mapping[str, Sequence[Any]] | None = None, data: Sequence[Any] = (None,),
         agents: Sequence[Any] = (("greedy", "random"),)) -> list[dict]:
    """The cells of a sweep, in order: dicts with "options", "data" and "agents"."""
    if options is not None and not isinstance(options, Mapping):
        raise ConfigError(f"sweep options is a dict of each option's values to try (e.g. "
                          f"{{'sea_shepherd': [False, True]}}), not {excerpt(options)}")
    options = dict(options or {})
    for name, values in options.items():
        if not isinstance(values, (str, bytes, Sequence)) and callable(getattr(values, "tolist", None)):
            values = values.tolist()          # an array, a Series or an Index (df.column.unique())
        if isinstance(values, (str, bytes)) or not isinstance(values, Sequence) or not len(values):
            raise ConfigError(f"sweep option {name} needs a list of values, not {excerpt(values)}")
        options[name] = [plain(v) for v in values]     # numpy's values as the plain ones they stand for
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


def cell_labels(k: int, cell: dict) -> dict:
    """The columns a sweep gives the rows of cell number k: cell, lineup, data_folder."""
    return {"cell": k, "lineup": " vs ".join(agent_label(a) for a in cell["agents"]),
            "data_folder": "shipped" if cell["data"] is None else os.fspath(cell["data"])}


def _where(cell: dict, labels: dict) -> str:
    """A cell in words, for its errors: its number (as in the cell column), options, line-up, data."""
    said = [f"{k}={v!r}" for k, v in cell["options"].items()]
    said += [f"line-up {labels['lineup']}", f"card data {labels['data_folder']}"]
    return f"cell {labels['cell']} of the sweep (its number in the cell column: {'; '.join(said)})"


def _in_cell(exc: Exception, where: str) -> Exception:
    """`exc` with a message that begins by naming the cell it came from: a new error of the same type
    (a DataError keeps its file, row and field, and ends with the cell), or, for an error that cannot
    be made again from a message alone, `exc` itself with the cell as a note."""
    if isinstance(exc, DataError):
        again = DataError(exc.file, exc.row, exc.field, f"{exc.problem} (in {where})", exc.line)
        return again
    return told_again(exc, f"In {where}: {exc}", f"In {where}.")


def _reraise(exc: Exception, where: str):
    again = _in_cell(exc, where)
    if again is exc:
        raise exc
    raise again.with_traceback(exc.__traceback__) from exc.__cause__


def _describe(game: Any, cells: list[dict], labels: list[dict]) -> dict:
    return {"game": runner.resolve_game(game).GAME,
            "cells": [{"folder": f"cell-{k:03d}", "lineup": lab["lineup"], "data_folder": lab["data_folder"],
                       "options": {n: repr(v) for n, v in cell["options"].items()}}
                      for k, (cell, lab) in enumerate(zip(cells, labels))]}


def _read_meta(folder: Path, error: type = DataError) -> dict | None:
    """FOLDER/_sweep.json, or None without one; damaged: a DataError (ConfigError when resuming)."""
    path = folder / SWEEP_META
    if not path.is_file():
        return None
    try:
        meta = json.loads(path.read_text(encoding="utf-8"))
        ok = isinstance(meta, dict) and isinstance(meta.get("cells"), list) and all(
            isinstance(c, dict) and isinstance(c.get("folder"), str) for c in meta["cells"])
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        ok = False
    if not ok:
        if error is ConfigError:
            raise ConfigError(f"cannot resume {folder}: its {SWEEP_META} is damaged (not a sweep's "
                              f"description); move the folder away to start a new sweep there")
        raise DataError(path, None, None, "damaged: not a sweep's description")
    return meta


def _is_cell(path: Path) -> bool:
    return path.is_dir() and path.name.startswith("cell-") and path.name[5:].isdigit()


def _check_root(folder: Path) -> None:
    """Refuse a sweep's folder that holds a run, or other files than a sweep's cells: their rows would be
    read with the sweep's (a sweep of an earlier version, cells without _sweep.json, is one's own)."""
    if not folder.is_dir():
        return
    meta = run_meta(folder)
    if meta is not None or _strays(folder):
        raise ConfigError(f"{folder} holds a run ({meta.name if meta else 'part files'}), "
                          f"not a sweep: a sweep streams into a new or empty folder; choose another folder")
    others = [] if (folder / SWEEP_META).is_file() else foreign(folder, _is_cell)
    if others:
        raise ConfigError(f"{folder} is not empty ({listed(others)}) and holds no sweep: a sweep streams into "
                          f"a new or empty folder, whose files are all its own; choose another folder")


def _claim(folder: Path, meta: dict, resume: bool) -> None:
    """Check FOLDER/_sweep.json against this sweep (refused: another sweep's folder, or this one's
    without resume=True), label the parts of a folder resumed, then write the description."""
    old = _read_meta(folder, ConfigError)
    if old is not None:
        if not resume:
            raise ConfigError(f"{folder} already holds a sweep; pass resume=True to continue it or choose "
                              f"another folder")
        if old != meta:
            said = "another game" if old.get("game") != meta["game"] else \
                f"{len(old['cells'])} cells, now {len(meta['cells'])}" if len(old["cells"]) != len(meta["cells"]) \
                else next(f"{o['folder']}: {excerpt(o, 200)}, now {excerpt(n, 200)}"
                          for o, n in zip(old["cells"], meta["cells"]) if o != n)
            raise ConfigError(f"cannot resume {folder}: it holds a sweep of other cells ({said}). Resume with "
                              f"the same options, data folders and agents or choose another folder")
    if resume and folder.is_dir():
        _unify(folder, meta)       # a folder written before the rows carried their cell's labels
    if old is not None:
        return
    try:
        folder.mkdir(parents=True, exist_ok=True)
        tmp = folder / f".{SWEEP_META}.tmp"
        tmp.write_text(json.dumps(meta, indent=1), encoding="utf-8")
        os.replace(tmp, folder / SWEEP_META)
    except OSError as exc:
        raise ConfigError(f"cannot write the results to {folder}: {exc.strerror or type(exc).__name__}") from None


def _parts(folder: Path, meta: dict) -> list[Path]:
    return [p for c in meta["cells"] for p in sorted((folder / c["folder"]).glob("part-*.parquet"))
            if p.name[5:-8].isdigit()]


def _order(names: Sequence[str]) -> list[str]:
    """Column order of a sweep's table: the labels, simulate's fixed columns, the game's own, pts_, opt_."""
    pts = sorted(c for c in names if c.startswith("pts_"))
    opts = sorted(c for c in names if c.startswith("opt_"))
    rest = [c for c in names if c not in LABELS and c not in FIXED and c not in pts and c not in opts]
    return [c for c in LABELS if c in names] + [c for c in FIXED if c in names] + rest + pts + opts


def _unify(folder: Path, meta: dict) -> None:
    """Give every part file of the sweep its cell's labels and every column of the sweep, in one order
    and of one type (0 in a pts_ column of a category the cell does not have; empty in another column a
    cell lacks), so that the folder reads whole (pd.read_parquet(FOLDER)) with every column. Parts that
    already have them are left as they are; the others are written again whole (a part is either its
    old or its new self)."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    files = [(k, p) for k, c in enumerate(meta["cells"]) for p in _parts(folder, {"cells": [c]})]
    if not files:
        return
    schemas = [pq.read_schema(p) for _, p in files]
    label_types = {"cell": pa.int64(), "lineup": pa.string(), "data_folder": pa.string()}
    try:
        merged = pa.unify_schemas([pa.schema(label_types.items())] + schemas, promote_options="permissive")
    except (pa.ArrowInvalid, pa.ArrowTypeError, pa.ArrowNotImplementedError) as exc:
        warnings.warn(f"the cells of the sweep in {folder} give a column values of types that do not mix "
                      f"({str(exc).splitlines()[0]}): pd.read_parquet({str(folder)!r}) may not read every "
                      f"cell; nl.open_results reads each cell's folder", RuntimeWarning, stacklevel=3)
        return
    target = pa.schema([merged.field(n) for n in _order(merged.names)])
    for (k, path), schema in zip(files, schemas):
        if schema.equals(target):
            continue
        cell = meta["cells"][k]
        df = pq.read_table(path).to_pandas()
        labels = {"cell": k, "lineup": cell.get("lineup", ""), "data_folder": cell.get("data_folder", "")}
        for name, value in labels.items():
            if name not in df.columns:
                df[name] = value
        for name in target.names:
            if name not in df.columns:
                df[name] = 0 if name.startswith("pts_") else None
        table = pa.Table.from_pandas(df[target.names], schema=target, preserve_index=False)
        tmp = path.with_name("." + path.name + ".tmp")
        try:
            pq.write_table(table, tmp)
            os.replace(tmp, path)
        except OSError as exc:
            raise ConfigError(f"cannot write the results to {path.parent}: "
                              f"{exc.strerror or type(exc).__name__}") from None


def tidy(df):
    """A sweep's table in its order: rows by cell, game and seat; columns as _order; 0 in the pts_ columns
    of a category a cell does not have."""
    import pandas as pd

    for name, dtype in (("cell", "int64"), ("lineup", "object"), ("data_folder", "object")):
        if name not in df.columns:
            df[name] = pd.Series(dtype=dtype, index=df.index)
    df = _tidy(df, FIXED, ["cell", "game", "seat"])
    df["cell"] = df["cell"].astype("int64")
    return df[_order(list(df.columns))]


def open_sweep(folder: str | os.PathLike) -> Results:
    """The rows of a sweep streamed to `folder` (sweep(..., out=folder)), every cell labelled: a Results
    object read lazily (see the module docstring). DataError without a FOLDER/_sweep.json."""
    folder = out_folder(folder)
    meta = _read_meta(folder)
    if meta is None:
        raise DataError(folder, None, None, f"not a sweep's folder: no {SWEEP_META} describing one")
    def options() -> dict:
        paths = [run_meta(folder / c["folder"]) for c in meta["cells"]]
        return {k: None if p is None else played_options(p) for k, p in enumerate(paths)}
    return Results(folder, "part", tidy, lambda f: _parts(f, meta), options=options)


def sweep(game: Any, options: Mapping[str, Sequence[Any]] | None = None, data: Sequence[Any] = (None,),
          agents: Sequence[Any] | None = None, games: int = 200, players: int | None = 2,
          seed: int = 0, out: str | os.PathLike | None = None, resume: bool = False,
          progress: bool = True, **kwargs: Any):
    """Play every cell of options × data × agents (see the module docstring) and return one pandas
    DataFrame (with out=FOLDER: a Results object read lazily from the folder; .to_pandas() gives the
    DataFrame). options: {option: [values]}; data: folders (None: the shipped data); agents: a list of
    line-ups (each a list of agent specs, rotated over seats; None: greedy and random, greedy alone in a
    solo game); other keyword arguments (workers,
    client, fixed game options...) go to every simulate() call."""
    import pandas as pd

    if kwargs.get("trace"):
        raise ConfigError("sweep returns one table of results, without traces: leave out trace, or run "
                          "simulate(..., trace=...) on the cell you want traced")
    if agents is None:             # the default line-up, trimmed to a solo game's one seat
        seats = players if players is not None else runner.resolve_game(game).DEFAULT_PLAYERS
        agents = [runner.default_agents(seats)]
    cells = grid(options, data, agents)
    root = stream_folder(out) if out is not None else None
    if root is not None:
        _check_root(root)
    calls = []
    for k, cell in enumerate(cells):
        extra = dict(kwargs)
        extra.update(cell["options"])
        if cell["data"] is not None:
            extra["data"] = os.fspath(cell["data"])
        target = None if root is None else root / f"cell-{k:03d}"
        call = dict(games=games, players=players, agents=cell["agents"], seed=seed, progress=progress, out=target,
                    resume=bool(resume and target is not None and run_meta(target) is not None))
        clash = sorted(set(cell["options"]) & (RUN_ARGUMENTS | {"data"}))
        if clash:
            raise ConfigError(f"sweep option {clash[0]} is an argument of sweep or simulate itself, not a "
                              f"game option" + (" (give folders as sweep's data=)" if clash[0] == "data" else ""))
        call.update(extra)
        labels = cell_labels(k, cell)
        try:
            check(game, **call)                  # raises what simulate would, before any cell is played
        except Exception as exc:
            _reraise(exc, _where(cell, labels))
        calls.append((call, labels))
    if root is not None:
        meta = _describe(game, cells, [labels for _, labels in calls])
        _claim(root, meta, resume)
    frames = []
    for cell, (call, labels) in zip(cells, calls):
        bound = inspect.signature(simulate).bind(game, **call)
        bound.apply_defaults()
        try:
            df = _simulate(**bound.arguments, labels=labels if root is not None else None)
        except Exception as exc:
            _reraise(exc, _where(cell, labels))
        if root is None:
            frames.append(df.assign(**labels))
    if root is not None:
        _unify(root, meta)
        return open_sweep(root)
    return tidy(pd.concat(frames, ignore_index=True))
