"""nl.simulate(): many games between agents, as a pandas DataFrame.

Result columns, one row per game and seat, sorted by game then seat:

    game      game number in the run (0 .. games-1)
    seat      seat number (0 starts)
    agent     the agent's label (its name, or "name(param=value)" for a (name, params) spec, and for an
              Agent object made with parameters: MCTSAgent(iterations=30) is "mcts(iterations=30)");
              different agents of one label are refused before a game is played
    score     final score; won: True for every seat among the winners (after the game's tie-breaks)
    share     the seat's share of the win: 1/k for each of k tied winners, 0 for the others, so a
              win rate is df.share.mean() and shared wins are not counted k times. A game whose rules
              name no winner at its player count (State.NO_WINNER: Naéco's solo game is rated on the
              rulebook's scale, not won) has won False and share NaN for every seat: nobody won, and
              the win measures of nl.analysis and nl.viz refuse it
    steps     actions applied in the game; rounds: rounds played, from 1 (round_number() at the end;
              a round the game ended in part-way counts)
    players   number of seats; seed: the game's seed (nl.play(game, agents in seat order,
              players=..., seed=seed, **options) replays that game exactly)
    order     1 for the starting player, 2 for the next in the turn order the game starts with, ...
              (State.opening_order(); by default the order in which the seats first act). In games
              whose turn order is not the seat order, as in Journey, "first to act" is order == 1
    data      fingerprint of the card data the game was played with ("" for a game without data)
    config    fingerprint of game, players, every option and the data: rows with equal config were
              played under the same rules and cards
    <extra>   values a game adds (State.result_columns()), e.g. catanna_score in solo Syndicate
    pts_<category>   points of each breakdown category (0 where a seat has none of that category)
                     (a tie-break that adds points, Syndicate's, is its own category: pts_tie-break)
    opt_<option>     every game option, defaults included

A run of no games (games=0) has no rows but the columns and types of any other run of its settings.

Seats: in game g, seat s is played by agents[(s + g) % len(agents)] (rotate=True), so over
len(agents) consecutive games every agent sits in every seat equally often and seat advantage can be
measured; with rotate=False seat s always gets agents[s % len(agents)].

Seeds: game g is seeded by runner.game_seed(seed, g), derived from the run seed and g alone, so the
DataFrame is the same whatever `workers`, `client` or `chunk` are.

Scoring curves (trace=True) come back as a second, long DataFrame: game, step, round, seat, agent,
score, projected (State.projected_scores(): what the seat would score if the game ended now)
and pts_<category>, recorded at the start, after the last action of every round, and at the end of
each game — a few dozen points per game, small enough for 10,000 games. Rounds count from 1, and a
point's round is the one its action was taken in (the start's is round 1), so the last point of a
round is the table at its end, with either kind of trace.
trace="action" records after every action instead (finer curves, for fewer games), and each point
then names the decision just taken: actor (its seat), kind (the pending decision's kind) and
choices (how many legal actions it offered) — the branching factor.

Streaming (out=FOLDER): each finished chunk of games is written to FOLDER/part-NNNNNNNNN.parquet (and
its trace to FOLDER/_trace/trace-NNNNNNNNN.parquet) next to a _run.json describing the run, so an
interrupted run keeps every finished chunk; simulate(..., out=FOLDER, resume=True) plays only the missing
chunks. The folder is new or empty (names beginning with "_" or "." aside): one that holds other files,
or a sweep's folder, is refused, resume=True or not. Memory does not grow with the number of games: no finished chunk is kept, and the run returns a
Results object (results.py) that reads the files only when asked: .to_pandas(columns=...), .dataset
(pyarrow), .to_dask(). open_results(FOLDER) gives the same objects again for a folder written before.
The folder is a Parquet dataset of the games' rows: pyarrow's and pandas' folder readers skip the names
that begin with "_" or ".", so pd.read_parquet(FOLDER) reads the results table alone, in the order of its
files (Results.to_pandas() also fills in the columns that parts written by older versions lack), and
pd.read_parquet(FOLDER / "_trace") the trace. Folders written before, whose description is run.json and whose trace parts lie beside the
results, are read as well, and resume=True moves them to this layout.

Workers: the pool's processes receive the game and the agents pickled and import their classes and
functions by module, so a game or an agent class written in a notebook cell, a lambda or a class defined
inside a function cannot travel to them: the run refuses it with a ConfigError naming the agent before
the pool starts (put it in a module on the workers' path, run without workers, or use a Dask client,
which sends such objects by value). The local pool starts at the first run with workers and is kept for the next runs of
the same Python process (a spawned worker takes about a second to start); after editing a module of
your own that the workers imported, neko_lab.sim.simulate.stop_pool() makes the next run start afresh.
An interrupt (Ctrl-C, Jupyter's stop button) is this process's alone: the workers ignore it, and the
interrupted run ends them at once.

Failures: a game that raises (an agent's error, an illegal action it returned) ends the run with that
error, of the same type (except IllegalAction still catches it) and raised from the original, its
message naming the game's number in the run, its seed, the agents by seat, the seat to move and the
nl.play(game, agents=[...], players=..., seed=...) call that replays it. A pool worker that dies ends
the run with BrokenProcessPool naming the games it was playing and its exit code or signal (a Dask
worker: distributed's KilledWorker, naming the games). With out=, every chunk finished so far is kept
and simulate(..., out=FOLDER, resume=True) plays only the rest.
"""
from __future__ import annotations

import inspect
import itertools
import json
import math
import os
import warnings
from pathlib import Path
from typing import Any, Iterator, Sequence

from ..agents import agent_label, check_labels, make_agent
from ..core.errors import ConfigError, DataError, check_flag, excerpt, plain, whole
from ..core.rng import check_seed
from . import runner
from .results import Results, played_options
from .runner import Batch
from .workers import MAX_WORKERS, check_portable, run_dask, run_pool, stop_pool  # noqa: F401 (stop_pool: public here too)

FIXED = ["game", "seat", "agent", "score", "won", "share", "order", "steps", "rounds", "players", "seed", "data",
         "config"]
TRACE_FIXED = ["game", "step", "round", "seat", "agent", "score", "projected"]
TEXT = ("agent", "data", "config", "kind")
FLOAT = ("share",)
META = "_run.json"            # "_": the Parquet folder readers skip it (pd.read_parquet(FOLDER) reads the games)
OLD_META = "run.json"         # the name of the description in folders written by earlier versions
TRACE_DIR = "_trace"          # the trace parts: apart from the results, whose columns they do not share
SWEEP_META = "_sweep.json"    # the description of a sweep's folder (sweep.py), which holds runs, not games


def _int(name: str, value: Any, low: int) -> int:
    value = whole(value)          # numpy's integers too (a count read from a results frame)
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise ConfigError(f"{name} must be an integer >= {low}, not {value!r}")
    return value


def _frame(rows: list[dict], fixed: list[str], sort: list[str]):
    import pandas as pd

    df = pd.DataFrame(rows)
    if df.empty:
        return pd.DataFrame(columns=fixed)
    return _tidy(df, fixed, sort)


def _concat(frames: list, fixed: list[str], sort: list[str]):
    import pandas as pd

    full = [f for f in frames if not f.empty]
    if not full:           # a run of no games: the columns of the first frame (its layout), if it has them
        return _tidy(frames[0], fixed, sort) if frames and len(frames[0].columns) else pd.DataFrame(columns=fixed)
    return _tidy(pd.concat(full, ignore_index=True), fixed, sort)


def _layout(cls, players: int, seed: int, options: dict, trace: Any) -> tuple:
    """The frames of a run of no games (games=0): no rows, but the columns and types of any other run
    of the same settings (its pts_, opt_ and the game's own columns), taken from one game played by
    random agents and left out. A game that cannot be played so gives simulate's fixed columns alone."""
    try:
        rows, points = runner.run_batch(Batch(cls, players, ["random"], seed, 0, 1, dict(options), True, trace))
    except Exception:
        rows, points = [], []
    return (_frame(rows, FIXED, ["game", "seat"]).iloc[:0],
            _frame(points, TRACE_FIXED, ["game", "step", "seat"]).iloc[:0])


def _tidy(df, fixed: list[str], sort: list[str]):
    for c in fixed:                      # parts written before a column existed lack it
        if c not in df.columns:
            df[c] = "" if c in TEXT else float("nan") if c in FLOAT else 0
    pts = sorted(c for c in df.columns if c.startswith("pts_"))
    opts = sorted(c for c in df.columns if c.startswith("opt_"))
    extra = [c for c in df.columns if c not in fixed and c not in pts and c not in opts]
    for c in pts:
        if df[c].isna().any():
            df[c] = df[c].fillna(0)
        df[c] = df[c].astype("int64")
    df = df[fixed + extra + pts + opts]
    df = df.sort_values(sort, kind="stable").reset_index(drop=True)
    for c in fixed:
        if c == "won":
            df[c] = df[c].astype(bool)
        elif c in TEXT:
            df[c] = df[c].astype(str)
        elif c in FLOAT:
            df[c] = df[c].astype("float64")
        else:
            df[c] = df[c].astype("int64")
    return df


def show_progress(progress: bool) -> bool:
    """Whether to draw a progress bar: asked for, and not switched off by TQDM_DISABLE (read at
    call time, so setting it in a running notebook works)."""
    off = os.environ.get("TQDM_DISABLE", "").strip().lower() not in ("", "0", "false", "no")
    return bool(progress) and not off


def _plan(games: int, chunk: int) -> Iterator[tuple[int, int]]:
    """The chunks of a run, made as they are needed: a run of any size is planned in constant memory."""
    return ((a, min(a + chunk, games)) for a in range(0, games, chunk))


def _describe(cls, games, players, agents, seed, options, rotate, trace, chunk, data="") -> dict:
    return {"game": cls.GAME, "games": games, "players": players, "agents": [agent_label(a) for a in agents],
            "seed": seed, "options": {k: repr(v) for k, v in sorted(options.items())},
            "data": data, "config": runner.config_fingerprint(cls.GAME, players, options, data),
            "rotate": rotate, "trace": trace, "chunk": chunk}


WHAT = {"game": "another game", "players": "another player count", "agents": "other agents",
        "seed": "another seed", "options": "other options", "data": "other card data",
        "config": "other rules or card data", "games": "another number of games",
        "rotate": "another seat rotation", "trace": "another trace setting", "chunk": "another chunk size"}


def out_folder(out: Any) -> Path:
    """`out` as the folder a run streams to (simulate's out=, and the folder a sweep or a round robin
    gives each of its runs a sub-folder of); ConfigError for what cannot name one."""
    if not isinstance(out, (str, os.PathLike)):
        raise ConfigError(f"out must be a folder path (str or pathlib.Path), not {type(out).__name__}")
    if not str(out).strip():
        raise ConfigError("out must name a folder for the results, not an empty path")
    return Path(out)


def stream_folder(out: Any) -> Path:
    """`out` as a folder to stream to (out_folder), which may not be a file: simulate's and sweep's out=."""
    folder = out_folder(out)
    if folder.exists() and not folder.is_dir():
        raise ConfigError(f"out={str(folder)!r} is a file: out names a folder for the results "
                          f"(created if missing)")
    return folder


def run_meta(folder: Path) -> Path | None:
    """The file describing the run in `folder` (_run.json, or run.json in a folder written by an
    earlier version), or None."""
    for name in (META, OLD_META):
        if (folder / name).is_file():
            return folder / name
    return None


def foreign(folder: Path, keep: Any = lambda p: False) -> list[str]:
    """The names in `folder` that the Parquet folder readers would read as results (all but those that
    begin with "_" or ".") and that `keep` does not accept: files a run streamed there would be mixed
    with, or fail to be read beside."""
    return sorted(p.name for p in folder.iterdir() if not p.name.startswith(("_", ".")) and not keep(p))


def listed(names: list[str]) -> str:
    """A few names of a folder, for a message."""
    return ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")


def _strays(folder: Path) -> list[Path]:
    return sorted(itertools.chain(folder.glob("part-*.parquet"), folder.glob("trace-*.parquet"),
                                  folder.glob(f"{TRACE_DIR}/trace-*.parquet")))


class _Store:
    """A folder of Parquet part files, one per finished chunk, plus _run.json and the trace's parts in
    _trace/."""

    def __init__(self, folder: str | os.PathLike, meta: dict, resume: bool):
        self.folder = stream_folder(folder)
        meta_path = self.folder / META
        if (self.folder / SWEEP_META).is_file():
            # its cells' rows would be read with this run's, and this run's with every cell's
            raise ConfigError(f"{self.folder} holds a sweep ({SWEEP_META}), not a run: a run streams into a "
                              f"new or empty folder; choose another folder")
        found = run_meta(self.folder) if self.folder.is_dir() else None
        if found is not None:
            old = self._read_meta(found) if resume else None
            if not resume:
                raise ConfigError(f"{self.folder} already holds a simulation; pass resume=True to "
                                  f"continue it or choose another folder")
            if meta["chunk"] is None:
                meta["chunk"] = old.get("chunk")
            diff = [k for k in meta if old.get(k) != meta[k]]
            if diff:
                said = "; ".join(f"{WHAT.get(k, k)}: {k}={old.get(k)!r}, now {meta[k]!r}"
                                 for k in diff if k != "config" or len(diff) == 1)
                raise ConfigError(f"cannot resume {self.folder}: it holds games played with other settings "
                                  f"({said}). "
                                  f"Resume with the same settings or choose another folder")
        elif self.folder.is_dir():
            # parts that no _run.json describes were played with settings nobody can check: they would be
            # taken for games of this run
            strays = _strays(self.folder)
            if strays:
                raise ConfigError(f"{self.folder} holds part files of a run but no {META} describing it "
                                  f"({strays[0].relative_to(self.folder)}{' ...' * (len(strays) > 1)}); move "
                                  f"them away or choose another folder")
            others = foreign(self.folder)
            if others:
                raise ConfigError(f"{self.folder} is not empty ({listed(others)}) and holds no run: a run "
                                  f"streams into a new or empty folder, whose files are all its own; choose "
                                  f"another folder")
        self.meta = meta
        self.meta_path = meta_path
        self.old_meta = found if found is not None and found.name == OLD_META else None
        self.labels: dict = {}       # columns of the same value in every row written (a sweep's cell labels)

    def _read_meta(self, path: Path) -> dict:
        try:
            old = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
            reason = getattr(exc, "msg", None) or type(exc).__name__
            raise ConfigError(f"cannot resume {self.folder}: its {path.name} is damaged ({reason}); "
                              f"move the folder away to start a new run there") from None
        if not isinstance(old, dict):
            raise ConfigError(f"cannot resume {self.folder}: its {path.name} is damaged (not a run "
                              f"description); move the folder away to start a new run there")
        chunk = old.get("chunk")
        # the chunk size says where each part file starts: any other would play their games again beside them
        if not isinstance(chunk, int) or isinstance(chunk, bool) or chunk < 1:
            raise ConfigError(f"cannot resume {self.folder}: its {path.name} is damaged (chunk is "
                              f"{excerpt(chunk)}, not a number of games >= 1); move the folder away to "
                              f"start a new run there")
        return old

    def start(self) -> None:
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            if self.meta["trace"]:
                (self.folder / TRACE_DIR).mkdir(exist_ok=True)
            # a folder written by an earlier version: its trace parts beside the results, run.json
            # named so that the Parquet readers take it for data; moved to this version's names
            for f in sorted(self.folder.glob("trace-*.parquet")):
                (self.folder / TRACE_DIR).mkdir(exist_ok=True)
                os.replace(f, self.folder / TRACE_DIR / f.name)
            if self.old_meta is not None and not self.meta_path.exists():
                os.replace(self.old_meta, self.meta_path)
            if not self.meta_path.exists():
                tmp = self.meta_path.with_suffix(".tmp")
                tmp.write_text(json.dumps(self.meta, indent=1), encoding="utf-8")
                os.replace(tmp, self.meta_path)
        except OSError as exc:
            raise ConfigError(f"cannot write the results to {self.folder}: "
                              f"{exc.strerror or type(exc).__name__}") from None

    def part(self, start: int, kind: str = "part") -> Path:
        return (self.folder / TRACE_DIR if kind == "trace" else self.folder) / f"{kind}-{start:09d}.parquet"

    def finished(self) -> set[int]:
        """The first game of every chunk already written (read from the folder, not from the plan). A
        chunk whose file cannot be read (damaged from outside: a part is written whole or not at all) is
        not finished: its unreadable file is moved aside as _NAME.damaged (a name the Parquet readers
        skip), with a warning, and its games are played again (the same games, being seeded)."""
        import pyarrow.parquet as pq

        done = set()
        for path in sorted(self.folder.glob("part-*.parquet")):
            if not path.name[5:-8].isdigit():
                continue
            start = int(path.name[5:-8])
            files = [path] + ([self.part(start, "trace")] if self.meta["trace"] else [])
            bad = []
            for f in files:
                try:
                    pq.read_metadata(f)
                except (OSError, ValueError) as exc:       # pyarrow's ArrowInvalid is a ValueError
                    bad.append((f, str(exc).splitlines()[0] if str(exc) else type(exc).__name__))
            for f, why in bad:
                if f.exists():
                    aside = f.with_name("_" + f.name + ".damaged")
                    try:
                        os.replace(f, aside)
                    except OSError as exc:
                        raise ConfigError(f"cannot write the results to {self.folder}: "
                                          f"{exc.strerror or type(exc).__name__} (moving aside {f.name}, which "
                                          f"cannot be read: {why})") from None
                    warnings.warn(f"{f} cannot be read ({why}): moved to {aside.name}, and its games are "
                                  f"played again", RuntimeWarning, stacklevel=4)
            if not bad:
                done.add(start)
        return done

    def write(self, start: int, rows: list[dict], trace: list[dict]) -> None:
        if self.meta["trace"]:
            self._write(self.part(start, "trace"), _frame(trace, TRACE_FIXED, ["game", "step", "seat"]))
        df = _frame(rows, FIXED, ["game", "seat"])
        for i, (name, value) in enumerate(self.labels.items()):
            df.insert(i, name, value)
        self._write(self.part(start), df)

    @staticmethod
    def _write(path: Path, df) -> None:
        tmp = path.with_name("." + path.name + ".tmp")     # a name the Parquet readers skip
        try:
            df.to_parquet(tmp, index=False)
            os.replace(tmp, path)  # a part file is either whole or absent
        except OSError as exc:
            raise ConfigError(f"cannot write the results to {path.parent}: "
                              f"{exc.strerror or type(exc).__name__}") from None


def _results(folder: Path, kind: str) -> Results:
    """The Results of `kind` ("part": the games' rows; "trace") in a run folder."""
    if kind == "part":
        def options() -> dict:
            path = run_meta(folder)
            return {None: None if path is None else played_options(path)}
        return Results(folder, kind, lambda df: _concat([df], FIXED, ["game", "seat"]), options=options)
    where = folder / TRACE_DIR
    if not where.is_dir() and list(folder.glob("trace-*.parquet")):     # written by an earlier version
        where = folder
    return Results(where, kind, lambda df: _concat([df], TRACE_FIXED, ["game", "step", "seat"]))


def check(game: Any, **kwargs: Any) -> None:
    """Raise what simulate(game, **kwargs) would raise for its arguments before playing, without playing
    or writing anything (a sweep checks every cell this way before it plays the first)."""
    bound = inspect.signature(simulate).bind(game, **kwargs)
    bound.apply_defaults()
    _checked(**bound.arguments)


def _checked(game, games, players, agents, seed, workers, progress, client, out, resume, trace, rotate, chunk,
             options) -> tuple:
    """simulate()'s arguments checked, in order, before any game is played: (game class, games, players,
    agents, seed, workers, trace, chunk, store), store being the run folder (not yet written to) or None
    without out=; chunk is still None when neither the call nor the run folder says it."""
    if workers is not None:
        runner.refuse_while_bootstrapping()
    cls = runner.resolve_game(game)
    players = cls.DEFAULT_PLAYERS if players is None else whole(players)
    games = _int("games", games, 0)
    # numpy's values (read from a results frame) as the plain values they stand for, as the game takes them
    options.update({name: plain(value) for name, value in options.items()})
    seed = check_seed(seed)
    probe = cls(players=players, seed=seed, **options)       # refuses bad players and options here
    agents = runner.check_agents(runner.default_agents(players) if agents is None else agents, players)
    progress, resume, rotate = (check_flag(name, flag) for name, flag in
                                (("progress", progress), ("resume", resume), ("rotate", rotate)))
    if client is not None and not callable(getattr(client, "ncores", None)):
        raise ConfigError(f"client is a dask.distributed Client (or None to play here), not {client!r}")
    if client is not None and getattr(client, "status", None) in ("closing", "closed"):
        raise ConfigError(f"client is closed (Client.close() was called, or its cluster has gone): make a new "
                          f"Client for the cluster, or pass client=None to play here")
    for spec in agents:
        make_agent(spec, cls, 0)                              # refuses unknown agents here
    check_labels(agents, cls)             # two agents under one label would be one agent in the results
    if trace not in (False, True, "round", "action"):
        raise ConfigError(f"trace is True (a point per round), 'action' (a point per action) or False, "
                          f"not {trace!r}")
    trace = True if trace == "round" else trace
    if workers is not None:
        workers = _int("workers", workers, 1)
        if workers > MAX_WORKERS:
            raise ConfigError(f"workers is at most {MAX_WORKERS} (one process each on this machine); "
                              f"for more, run on a Dask cluster with client=, not {workers}")
    if client is not None or workers is not None:       # what the workers could not receive, said here
        check_portable(cls, agents, options, dask=client is not None)
    if chunk is not None:
        chunk = _int("chunk", chunk, 1)
    store = None
    if out is not None:
        meta = _describe(cls, games, players, agents, seed, probe.options, rotate, trace, chunk,
                         runner.data_fingerprint(probe))
        store = _Store(out, meta, resume)
        chunk = store.meta["chunk"]
    elif resume:
        raise ConfigError("resume=True needs out=FOLDER, the folder of the run to continue")
    return cls, games, players, agents, seed, workers, trace, chunk, store


def simulate(game: Any, games: int = 10_000, players: int | None = None, agents: Sequence[Any] | None = None,
             seed: int = 0, workers: int | None = None, progress: bool = True, client: Any = None,
             out: str | os.PathLike | None = None, resume: bool = False, trace: bool = False,
             rotate: bool = True, chunk: int | None = None, **options: Any):
    """Play `games` games of `game` between `agents` and return one row per game and seat.

    game: a registered name (nl.GAMES) or a State subclass; players: seats per game (None: the
    game's default); agents: specs as for nl.make_agent, at most one per seat, rotated over seats by
    game (None: greedy and random, greedy alone in a solo game); seed: run seed; workers: play chunks in a process pool of that many processes (None plays
    here); client: a dask.distributed Client to play chunks on (Client.map over chunks); progress:
    a tqdm bar (TQDM_DISABLE=1 hides it too); out: a folder to stream finished chunks to as Parquet;
    resume: continue the run already in `out`; trace: also return scoring curves (True: a point per
    round; "action": a point per action); rotate: rotate
    agents over seats; chunk: games per chunk (default: sized from games and workers); options: game
    options. Returns df, or (df, trace_df) with trace=True: pandas DataFrames, or with out= Results
    read lazily from the folder (.to_pandas() gives the DataFrame). See the module docstring for the
    columns.
    """
    return _simulate(game, games, players, agents, seed, workers, progress, client, out, resume, trace, rotate,
                     chunk, options)


def _simulate(game, games, players, agents, seed, workers, progress, client, out, resume, trace, rotate, chunk,
              options, labels: dict | None = None):
    """simulate() itself; labels: columns written with the same value into every row of the run folder's
    part files (a sweep's cell, lineup and data_folder), first."""
    cls, games, players, agents, seed, workers, trace, chunk, store = _checked(
        game, games, players, agents, seed, workers, progress, client, out, resume, trace, rotate, chunk, options)
    if store is not None and labels:
        store.labels = dict(labels)
    if chunk is None:
        lanes = workers or (len(client.ncores()) if client is not None else 1)
        chunk = max(1, min(500, math.ceil(games / (8 * lanes)))) if games else 1
    if store is not None:
        store.meta["chunk"] = chunk
        store.start()

    done = store.finished() if store is not None else set()
    todo = ((a, b) for a, b in _plan(games, chunk) if a not in done)
    folder = str(store.folder) if store is not None else ""
    batches = (Batch(cls, players, list(agents), seed, a, b, dict(options), rotate, trace, folder) for a, b in todo)
    empty = _layout(cls, players, seed, options, trace) if games == 0 else None
    already = sum(min(a + chunk, games) - a for a in done if a < games)
    import pandas as pd

    frames: list = []          # one small DataFrame per chunk: far less memory than row dicts
    trace_frames: list = []

    if empty is not None and store is not None and not store.part(0).exists():
        # a part of no rows: the folder reads (pd.read_parquet too) with the columns of any other run
        if trace:
            store._write(store.part(0, "trace"), empty[1])
        layout = empty[0].copy()
        for i, (name, value) in enumerate(store.labels.items()):
            layout.insert(i, name, pd.Series(dtype="int64" if isinstance(value, int) else "str"))
        store._write(store.part(0), layout)

    def collect(batch: Batch, result: tuple[list[dict], list[dict]]) -> None:
        if store is not None:
            store.write(batch.start, *result)
        else:
            frames.append(pd.DataFrame(result[0]))
            if trace:
                trace_frames.append(pd.DataFrame(result[1]))

    from tqdm.auto import tqdm

    with tqdm(total=games, initial=already, unit="game",
              desc=f"{cls.GAME}", disable=not show_progress(progress)) as bar:
        if client is not None:
            run_dask(client, batches, collect, bar, folder)
        elif workers is not None:
            run_pool(workers, batches, collect, bar, folder)
        else:
            for batch in batches:
                collect(batch, runner.run_batch(batch))
                bar.update(batch.stop - batch.start)

    if store is not None:
        df = _results(store.folder, "part")
        tr = _results(store.folder, "trace") if trace else None
    else:
        df = _concat(frames, FIXED, ["game", "seat"]) if empty is None else empty[0]
        tr = (_concat(trace_frames, TRACE_FIXED, ["game", "step", "seat"]) if empty is None else empty[1]) \
            if trace else None
    return (df, tr) if trace else df
