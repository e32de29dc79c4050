"""Where simulate()'s chunks are played: a local process pool, started once per Python process and kept
for the next runs (stop_pool() ends it), or a Dask cluster's workers. A few chunks per worker are in
flight at a time and the rest are made only when one comes back, so memory stays flat however many
games are asked for; an interrupt stops the workers, and a worker that dies says why.
"""
from __future__ import annotations

import contextlib
import itertools
import os
import signal
import threading
from typing import Any, Iterator

from ..core.errors import ConfigError
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
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
                               initializer=runner.watch_parent, initargs=(os.getpid(),))
    _POOL.update(workers=workers, pool=pool, started={})
    return pool, _POOL["started"]


def stop_pool(wait: bool = False, kill: bool = False) -> None:
    """Stop the kept worker processes (done after an error or an interrupted run, and before starting
    a pool of another size; call it after editing a module of your own that the workers imported).
    wait=True returns once they have exited; kill=True ends them at once instead of letting them
    finish the chunk they are playing (what an interrupted run does)."""
    pool = _POOL.pop("pool", None)
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


def run_pool(workers: int, batches: Iterator[Batch], collect, bar) -> None:
    from concurrent.futures import as_completed
    from concurrent.futures.process import BrokenProcessPool

    pool, started = _pool(workers)            # started: every worker process, to read their exit codes
    try:
        futures: dict = {}
        for batch in itertools.islice(batches, IN_FLIGHT * workers):
            with _workers_ignore_interrupts():     # workers are started by the first submits
                futures[pool.submit(runner.run_batch, batch)] = batch
            started.update(pool._processes or {})   # kept: a broken pool forgets its processes
        while futures:                        # a few chunks per worker in flight, the rest not yet made
            fut = next(as_completed(futures))
            batch = futures.pop(fut)          # a collected chunk is not kept
            collect(batch, fut.result())
            del fut
            bar.update(batch.stop - batch.start)
            for nxt in itertools.islice(batches, 1):
                futures[pool.submit(runner.run_batch, nxt)] = nxt
                started.update(pool._processes or {})
    except BrokenProcessPool:
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
        raise
    except BaseException:
        stop_pool(kill=True)
        raise


def run_dask(client: Any, batches: Iterator[Batch], collect, bar) -> None:
    from distributed import as_completed

    lanes = max(1, len(client.ncores()))
    first = list(itertools.islice(batches, IN_FLIGHT * lanes))
    futures = client.map(runner.run_batch, first, pure=False)
    index = {f.key: b for f, b in zip(futures, first)}
    pending = as_completed(futures)
    del futures, first                        # a collected chunk is released on the cluster too
    try:
        for fut in pending:
            batch = index.pop(fut.key)
            collect(batch, fut.result())
            fut.release()
            del fut
            bar.update(batch.stop - batch.start)
            for nxt in itertools.islice(batches, 1):   # the next chunk is made only now
                new = client.submit(runner.run_batch, nxt, pure=False)
                index[new.key] = nxt
                pending.add(new)
                del new
    except BaseException:
        client.cancel(list(pending.futures))
        raise
