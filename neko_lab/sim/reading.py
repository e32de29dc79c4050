"""Reading a results folder back: a run streamed by nl.simulate(..., out=FOLDER) or neko-lab simulate
--out FOLDER, or a sweep's folder (nl.sim.sweep(..., out=FOLDER)). Its own module because it reads
both kinds, and the sweep is built on simulate."""
from __future__ import annotations

import json
import os

from ..core.errors import DataError
from .simulate import META, _results, out_folder, run_meta
from .sweep import SWEEP_META, open_sweep


def open_results(folder: str | os.PathLike):
    """The results of a run streamed to `folder` (nl.simulate(..., out=folder), or neko-lab simulate
    --out folder), as simulate returned them: a Results object read lazily (.to_pandas(columns=...),
    .dataset, .to_dask(), len()), or (results, trace) for a run played with trace=. An interrupted run
    gives the chunks it finished. A sweep's folder (nl.sim.sweep(..., out=folder)) gives the Results of
    every cell, each row labelled with its cell, lineup and data_folder. A path that is not such a
    folder is a ConfigError (not a path) or a DataError (no folder, or no _run.json describing a run in
    it) saying so."""
    folder = out_folder(folder)
    if not folder.is_dir():
        raise DataError(folder, None, None, "a file, not a results folder (a run's results are a folder)"
                        if folder.exists() else "no such results folder")
    if (folder / SWEEP_META).is_file():
        return open_sweep(folder)
    path = run_meta(folder)
    if path is None:
        if any(run_meta(f) is not None for f in folder.glob("cell-*") if f.is_dir()):
            raise DataError(folder, None, None, f"a sweep's folder written by an earlier version, without "
                            f"{SWEEP_META}: nl.sim.sweep(..., out=FOLDER, resume=True) with the sweep's "
                            f"settings labels its rows and describes it (playing nothing again), or "
                            f"nl.open_results(FOLDER / 'cell-NNN') reads one cell")
        raise DataError(folder, None, None, f"not a results folder: no {META} describing a run (a folder "
                        f"written by nl.simulate(..., out=FOLDER), neko-lab simulate --out FOLDER or "
                        f"nl.sim.sweep(..., out=FOLDER))")
    try:
        meta = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        reason = getattr(exc, "msg", None) or type(exc).__name__
        raise DataError(path, None, None, f"damaged ({reason}): not a run description") from None
    if not isinstance(meta, dict):
        raise DataError(path, None, None, "damaged: not a run description")
    res = _results(folder, "part")
    return (res, _results(folder, "trace")) if meta.get("trace") else res
