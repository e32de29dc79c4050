"""What a frame must hold for an analysis or a figure: one check shared by every public function of
nl.analysis and nl.viz, so a frame of the wrong kind (the results where a trace is needed, a frame
without `score`, None) is refused with a ConfigError that names the missing columns and how to get them.
"""
from __future__ import annotations

from typing import Any, Iterable

import pandas as pd

from ..core.errors import ConfigError, excerpt, one_of

RESULTS = "the results of nl.simulate() (one row per game and seat)"
TRACE = "the trace of nl.simulate(..., trace=True) (the second frame it returns)"
ACTIONS = "the trace of nl.simulate(..., trace='action') (the second frame it returns)"
TABLE = "a tournament table (nl.sim.tournament(...))"


def need(frame: Any, columns: Iterable[str], who: str, source: str = RESULTS) -> pd.DataFrame:
    """`frame` if it is a pandas DataFrame holding every one of `columns`; else a ConfigError saying
    that `who` needs `source` and which columns are missing."""
    if not isinstance(frame, pd.DataFrame):
        hint = (": call .to_pandas() on the Results of a run streamed to out="
                if callable(getattr(frame, "to_pandas", None)) else "")
        raise ConfigError(f"{who} needs {source}, a pandas DataFrame, not {excerpt(frame)}{hint}")
    missing = [c for c in dict.fromkeys(columns) if c not in frame.columns]
    if missing:
        raise ConfigError(f"{who} needs {source}: this frame has no {one_of(missing)} column")
    return frame
