"""Where simulate()'s chunks are played: a local process pool, started once per Python process and kept
for the next runs (stop_pool() ends it), or a Dask cluster's workers. A few chunks per worker are in
flight at a time and the rest are made only when one comes back, so memory stays flat however many
games are asked for; an interrupt stops the workers.

Before a pool starts, everything it is sent (the game, the agents, the options) is pickled here once
(check_portable): what the workers could not receive is a ConfigError naming the agent, not a broken
pool. The pool's spawned workers import a class or function by its module, so one defined in a
notebook cell (an interactive __main__, which has no file to import) cannot reach them, nor can a lambda,
a class defined inside a function, or one a script defines only under its `if __name__ == "__main__":`
(the workers import the script under another name, so that block does not run there); a Dask client
sends those by value (cloudpickle), so they play on Dask workers.

A pool worker that dies (killed by the system for lack of memory, an agent calling os._exit...) ends the
run with BrokenProcessPool saying which games it was playing and how it ended; a Dask worker that dies
ends it with distributed's KilledWorker naming the games likewise. A game that raises ends the run
with its own error, naming the game (runner.game_failure).
"""
from __future__ import annotations

import ast
import contextlib
import itertools
import os
import pickle
import signal
import sys
import threading
import types
from typing import Any, Iterator

from ..agents import agent_label
from ..core.errors import ConfigError, counted, excerpt
from . import runner
from .runner import Batch

MAX_WORKERS = 64     # processes of one local pool; more only queue for the same cores (use a Dask cluster)
IN_FLIGHT = 2        # chunks handed to each worker ahead of time; the rest are made when needed


_POOL: dict = {}     # this process's local pool: {"workers": n, "pool": executor, "started": {pid: process}}


def _pool(workers: int) -> tuple[Any, dict]:
    """(pool, its worker processes): started by the first simulate(workers=n) of this Python process and
    kept for the next runs, since a spawned worker takes about a second to start and import the games;
    a run with another number of workers replaces it."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    held = _POOL.get("pool")
    if held is not None and _POOL["workers"] == workers and not held._broken and not held._shutdown_thread:
        return held, _POOL["started"]
    stop_pool()
    # "spawn" starts clean interpreters: safe with threads (progress bars, notebooks) on every OS;
    # each worker watches this process and exits when it dies
    context = multiprocessing.get_context("spawn")
    # the board: a slot per worker (its pid, and the first and last game + 1 of the chunk it plays) read
    # when a worker dies, to say which games it held
    board = context.RawArray("q", 3 * workers)
    taken = context.Value("i", 0)
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context,
                               initializer=runner.start_worker, initargs=(os.getpid(), board, taken))
    _POOL.update(workers=workers, pool=pool, started={}, board=board)
    return pool, _POOL["started"]


def stop_pool(wait: bool = False, kill: bool = False) -> None:
    """Stop the kept worker processes (done after an error or an interrupted run, and before starting
    a pool of another size; call it after editing a module of your own that the workers imported).
    wait=True returns once they have exited; kill=True ends them at once instead of letting them
    finish the chunk they are playing (what an interrupted run does)."""
    pool = _POOL.pop("pool", None)
    _POOL.pop("board", None)
    if pool is None:
        return
    procs = set((pool._processes or {}).values()) | set(_POOL.get("started", {}).values())
    pool.shutdown(wait=wait and not kill, cancel_futures=True)
    if kill:
        for proc in procs:
            if proc.is_alive():
                proc.terminate()
        if wait:
            for proc in procs:
                proc.join(timeout=5)


def _main_reaches_workers() -> bool:
    """Whether a spawned worker imports this process's __main__ (a script's file, or a module run with
    -m), so that classes and functions defined there reach it by name. A notebook's or an interactive
    session's __main__ has no file: what it defines exists in this process only."""
    main = sys.modules.get("__main__")
    name = getattr(getattr(main, "__spec__", None), "name", None)
    if name is not None:
        return not (name == "__main__" or name.endswith(".__main__"))
    return getattr(main, "__file__", None) is not None


def _is_main_guard(node: ast.stmt) -> bool:
    """Whether `node` is `if __name__ == "__main__":` (either way round)."""
    if not isinstance(node, ast.If) or not isinstance(node.test, ast.Compare):
        return False
    test = node.test
    sides = [test.left, *test.comparators]
    return (len(sides) == 2 and isinstance(test.ops[0], ast.Eq)
            and any(isinstance(x, ast.Name) and x.id == "__name__" for x in sides)
            and any(isinstance(x, ast.Constant) and x.value == "__main__" for x in sides))


def _guarded_names() -> frozenset:
    """Names of classes and functions that the script run as __main__ defines only inside its
    `if __name__ == "__main__":` block. A spawned worker imports the script under another name, so that
    block does not run there and they do not exist in it. Empty when there is no such file to read."""
    path = getattr(sys.modules.get("__main__"), "__file__", None)
    try:
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read())
    except (TypeError, OSError, SyntaxError, ValueError):
        return frozenset()
    outside: set = set()
    inside: set = set()

    def walk(body: list, names: set) -> None:
        for node in body:
            if isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                names.add(node.name)
            elif _is_main_guard(node):
                walk(node.body, inside)
                walk(node.orelse, names)
            elif isinstance(node, (ast.If, ast.Try, ast.With, ast.For, ast.While)):
                for part in ("body", "orelse", "finalbody", "handlers"):
                    walk(getattr(node, part, []), names)
            elif isinstance(node, ast.ExceptHandler):
                walk(node.body, names)

    walk(tree.body, outside)
    return frozenset(inside - outside)


class _Probe(pickle.Pickler):
    """Pickles to nowhere, noting every class or function pickled by name from __main__ that a worker
    could not find: any, from an interactive __main__; those defined only under the script's
    `if __name__ == "__main__":`, from a script's."""

    def __init__(self, main_reaches: bool, guarded: frozenset = frozenset()):
        super().__init__(_Nowhere(), protocol=pickle.HIGHEST_PROTOCOL)
        self.main_reaches = main_reaches
        self.guarded = guarded
        self.stranded: list = []

    def reducer_override(self, obj: Any) -> Any:
        if isinstance(obj, (type, types.FunctionType)) and getattr(obj, "__module__", None) == "__main__":
            top = getattr(obj, "__qualname__", "").split(".")[0]
            if not self.main_reaches or top in self.guarded:
                self.stranded.append(obj)
        return NotImplemented


class _Nowhere:
    def write(self, data: bytes) -> int:
        return len(data)


def _what(obj: Any) -> str:
    kind = "class" if isinstance(obj, type) else "function"
    return f"the {kind} {getattr(obj, '__qualname__', excerpt(obj))}"


def check_portable(game: type, agents: list, options: dict, dask: bool = False) -> None:
    """ConfigError, before any worker starts, for an agent (or the game, or an option) that the worker
    processes could not receive: the pool's spawned workers get them pickled, and find classes and
    functions by their module (dask=True: a Dask client's workers, which get them by value)."""
    main_reaches = dask or _main_reaches_workers()
    items = [(f"agent {agent_label(spec)!r} (agents[{i}])", spec) for i, spec in enumerate(agents)]
    items += [(f"the game {game.__qualname__}", game)]
    items += [(f"option {k}={excerpt(v)}", v) for k, v in options.items()]
    where = "Dask workers" if dask else "worker processes"
    guarded = _guarded_names() if main_reaches and not dask else frozenset()
    for what, obj in items:
        probe = _Probe(main_reaches, guarded)
        try:
            if dask:
                _pickle_by_value(obj)
            else:
                probe.dump(obj)
        except Exception as exc:              # what pickle raises varies: PicklingError, TypeError, AttributeError...
            reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            if dask:
                outs = "give it only what can be pickled, or run without client="
            else:
                outs = ("define what it holds at the top level of a module (no lambda, no class or function "
                        "defined inside a function), or run without workers=")
                if _by_value(obj):
                    outs += ", or play on a Dask client (client=), which sends such objects by value"
            raise ConfigError(f"{what} cannot be sent to the {where} ({reason}): {outs}") from None
        if probe.stranded:
            first = probe.stranded[0]
            held = ("is" if first is obj else "is an object of" if isinstance(first, type) and isinstance(obj, first)
                    else "holds")
            if main_reaches:
                script = os.path.basename(getattr(sys.modules["__main__"], "__file__", "") or "the script")
                raise ConfigError(
                    f"{what} {held} {_what(first)}, defined under `if __name__ == \"__main__\":` in "
                    f"{script}, which the worker processes do not run (they import the script under "
                    f"another name): define it above that block, or run without workers=")
            raise ConfigError(
                f"{what} {held} {_what(first)}, defined in this notebook or interactive session, which the "
                f"worker processes cannot import (they import classes and functions from their module "
                f"files): define it in a module (a .py file beside the notebook, then import it from "
                f"there), run without workers=, or play on a Dask client (client=), which sends it to "
                f"its workers")


def _pickle_by_value(obj: Any) -> None:
    """Pickle `obj` to nowhere as cloudpickle (Dask's pickler) sends it: by value where pickle goes by
    name; raises what cloudpickle raises."""
    import cloudpickle
    cloudpickle.dump(obj, _Nowhere(), protocol=pickle.HIGHEST_PROTOCOL)


def _by_value(obj: Any) -> bool:
    """Whether cloudpickle (Dask's pickler) can send `obj`."""
    try:
        _pickle_by_value(obj)
    except Exception:
        return False
    return True


@contextlib.contextmanager
def _workers_ignore_interrupts() -> Iterator[None]:
    """Workers started inside this block inherit an ignored SIGINT, so that an interrupt sent to the
    whole process group (Ctrl-C in a terminal, Jupyter's interrupt or shutdown) reaches only this
    process: it stops the run and the workers, and no idle worker prints a traceback. Only the main
    thread may change signal handlers; elsewhere the block does nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _ended(code: int | None) -> str:
    """How a worker process ended, from its exit code."""
    if code is None:
        return "ended without an exit code"
    if code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        why = ": often the system ending it when memory runs out" if -code == signal.SIGKILL else ""
        return f"was killed by signal {-code} ({name}{why})"
    return f"exited with code {code}"


def _games(span: tuple[int, int]) -> str:
    a, b = span
    return f"game {a}" if b - a == 1 else f"games {a} to {b - 1}"


def _died(procs: list, board: Any, in_flight: list[Batch], out: str) -> str:
    """The message for a pool whose worker died: which worker, how it ended, which games it held (from
    the board), what is kept and what to do."""
    codes = {proc.pid: proc.exitcode for proc in procs}
    # the pool ends the workers left with SIGTERM as it gives up: the one that broke it ended otherwise
    dead = [pid for pid, code in codes.items() if code not in (None, 0, -signal.SIGTERM)]
    dead = dead or [pid for pid, code in codes.items() if code not in (None, 0)]
    said = []
    for pid in dead:
        span = runner.board_games(board, pid) if board is not None else None
        held = f" while playing {_games(span)}" if span else ""
        said.append(f"worker process {pid} {_ended(codes[pid])}{held}")
    if not said:
        spans = sorted((b.start, b.stop) for b in in_flight)
        said.append("a worker process ended abruptly" + (
            f" while games {spans[0][0]} to {spans[-1][1] - 1} were being played" if spans else ""))
    return (f"{'; '.join(said)} (games are numbered as in the results' game column). The run stopped; "
            f"the next run starts new worker processes. {runner.kept_hint(out)}")


def _collect_finished(futures: dict, collect, bar) -> None:
    """Collect the chunks already played among `futures` (before a run that failed stops): their
    games are kept in the run's folder."""
    for fut, batch in list(futures.items()):
        if fut.done() and not fut.cancelled() and fut.exception() is None:
            collect(batch, fut.result())
            bar.update(batch.stop - batch.start)


def run_pool(workers: int, batches: Iterator[Batch], collect, bar, out: str = "") -> None:
    from concurrent.futures import as_completed
    from concurrent.futures.process import BrokenProcessPool

    pool, started = _pool(workers)            # started: every worker process, to read their exit codes
    board = _POOL.get("board")
    futures: dict = {}
    try:
        for batch in itertools.islice(batches, IN_FLIGHT * workers):
            with _workers_ignore_interrupts():     # workers are started by the first submits
                futures[pool.submit(runner.run_pooled, batch)] = batch
            started.update(pool._processes or {})   # kept: a broken pool forgets its processes
        while futures:                        # a few chunks per worker in flight, the rest not yet made
            fut = next(as_completed(futures))
            batch = futures.pop(fut)          # a collected chunk is not kept
            try:
                result = fut.result()
            except BrokenProcessPool:
                futures[fut] = batch
                raise
            except Exception:
                _collect_finished(futures, collect, bar)
                raise
            collect(batch, result)
            del fut, result
            bar.update(batch.stop - batch.start)
            for nxt in itertools.islice(batches, 1):
                futures[pool.submit(runner.run_pooled, nxt)] = nxt
                started.update(pool._processes or {})
    except BrokenProcessPool as exc:
        started.update(pool._processes or {})
        procs = list(started.values())
        # the exit codes say why the pool broke; the pool's own manager thread joins its workers as it
        # gives up, and a worker it reaps first reads as still running here (None) until that thread
        # has stored the code: wait for it, then for any worker it did not know of
        manager = getattr(pool, "_executor_manager_thread", None)
        if manager is not None:
            manager.join(timeout=10)
        for proc in procs:
            proc.join(timeout=2)
        codes = [proc.exitcode for proc in procs]
        stop_pool()
        if runner.UNGUARDED_EXIT in codes:
            raise ConfigError(runner.UNGUARDED_MESSAGE) from None
        raise BrokenProcessPool(_died(procs, board, list(futures.values()), out)) from exc
    except BaseException:
        stop_pool(kill=True)
        raise


def run_dask(client: Any, batches: Iterator[Batch], collect, bar, out: str = "") -> None:
    from distributed import KilledWorker, as_completed

    lanes = max(1, len(client.ncores()))
    first = list(itertools.islice(batches, IN_FLIGHT * lanes))
    futures = client.map(runner.run_batch, first, pure=False)
    index = {f.key: b for f, b in zip(futures, first)}
    pending = as_completed(futures)
    del futures, first                        # a collected chunk is released on the cluster too
    try:
        for fut in pending:
            batch = index.pop(fut.key)
            try:
                result = fut.result()
            except KilledWorker as exc:
                _collect_finished_dask(pending, index, collect, bar)
                raise _killed(exc, batch, out) from exc
            except Exception:
                _collect_finished_dask(pending, index, collect, bar)
                raise
            collect(batch, result)
            fut.release()
            del fut, result
            bar.update(batch.stop - batch.start)
            for nxt in itertools.islice(batches, 1):   # the next chunk is made only now
                new = client.submit(runner.run_batch, nxt, pure=False)
                index[new.key] = nxt
                pending.add(new)
                del new
    except BaseException:
        client.cancel(list(pending.futures))
        raise


def _collect_finished_dask(pending: Any, index: dict, collect, bar) -> None:
    """Collect the chunks the cluster has already played (before a run that failed stops)."""
    for fut in list(pending.futures):
        if fut.status == "finished" and fut.key in index:
            batch = index.pop(fut.key)
            collect(batch, fut.result())
            bar.update(batch.stop - batch.start)


def _killed(exc: Exception, batch: Batch, out: str) -> Exception:
    """distributed's KilledWorker for the chunk `batch`, saying which games were lost and what to do
    (a KilledWorker still, so that `except KilledWorker` catches it)."""
    message = (f"the Dask workers that played {_games((batch.start, batch.stop))} died while playing them "
               f"(games are numbered as in the results' game column; distributed says: {exc}). A worker "
               f"killed by the system for lack of memory is the usual cause: the worker logs and the "
               f"nanny say how it ended. {runner.kept_hint(out)}")

    return _games_lost()(message, exc)


def _games_lost() -> type:
    """GamesLost, a KilledWorker whose message names the games lost (made on first use: distributed is
    needed only with a client)."""
    cls = globals().get("GamesLost")
    if cls is None:
        from distributed import KilledWorker

        class GamesLost(KilledWorker):
            """distributed's KilledWorker for a chunk of a simulation, saying which games were lost."""

            def __init__(self, message: str, original: Exception):
                Exception.__init__(self, *original.args)
                self.message = message

            def __reduce__(self):
                return _rebuild_games_lost, (self.message, self.args)

            def __str__(self) -> str:
                return self.message

        GamesLost.__module__ = __name__
        cls = globals()["GamesLost"] = GamesLost
    return cls


def _rebuild_games_lost(message: str, args: tuple) -> Exception:
    return _games_lost()(message, Exception(*args))
