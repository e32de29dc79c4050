"""The results of a run streamed to Parquet (simulate(..., out=FOLDER)), read lazily.

A run of any size keeps only one chunk of games in memory; what it returns reads the part files only
when asked, so a million-game run can be summarised column by column:

    res = nl.simulate("naeco", games=1_000_000, out="runs/big")
    len(res)                                # rows, from the files' metadata
    res.to_pandas(columns=["agent", "won"]) # a pandas DataFrame of the columns needed
    res.dataset                             # a pyarrow.dataset.Dataset, for filters and scans
    res.to_dask()                           # a dask DataFrame (one partition per part file)
    res = nl.open_results("runs/big")       # the same, for a folder written before

Option columns (opt_<option>) are read back as the run played them, from the options its _run.json
records (a sweep's: each cell's): Parquet has no tuples, and a column that holds None in one cell and
a number in another is stored as floats, so a tuple-valued option would come back as numpy arrays (which
pandas cannot group) and None and 7 as NaN and 7.0. Results.to_pandas() and .head() restore them;
pd.read_parquet(FOLDER) and .dataset / .to_dask() give the stored values.
"""
from __future__ import annotations

import ast
import itertools
import json
from pathlib import Path
from typing import Any, Callable, Sequence

from ..core.errors import ConfigError, DataError, excerpt


class Results:
    """The rows of a finished run in FOLDER/<kind>-NNNNNNNNN.parquet, one file per chunk (a sweep's: in
    each cell's folder, FOLDER/cell-NNN/part-NNNNNNNNN.parquet, in the order of its cells)."""

    def __init__(self, folder: str | Path, kind: str, tidy: Callable[[Any], Any],
                 parts: Callable[[Path], list[Path]] | None = None,
                 options: Callable[[], dict] | None = None):
        self.folder = Path(folder)
        self.kind = kind
        self._tidy = tidy
        self._parts = parts
        # {cell number (None: a run's single cell): {option: value played}}, read when needed
        self._options = options

    @property
    def files(self) -> list[Path]:
        """The part files, or a DataError if the folder is gone (it would read as a run of no games)."""
        if not self.folder.is_dir():
            raise DataError(self.folder, None, None, "no such run folder (moved or deleted since the run "
                            "wrote its results there)")
        if self._parts is not None:
            return self._parts(self.folder)
        return sorted(self.folder.glob(f"{self.kind}-*.parquet"))

    @property
    def dataset(self):
        """A pyarrow.dataset.Dataset over every part file (columns missing from a part are null)."""
        import pyarrow.dataset as ds
        import pyarrow.parquet as pq
        import pyarrow as pa

        files = [str(p) for p in self.files]
        if not files:
            return ds.dataset(pa.table({}))
        schema = pa.unify_schemas([_read(f, pq.read_schema) for f in files])
        return ds.dataset(files, schema=schema, format="parquet")

    @property
    def columns(self) -> list[str]:
        return list(self.dataset.schema.names)

    def __len__(self) -> int:
        import pyarrow.parquet as pq
        return sum(_read(p, pq.read_metadata).num_rows for p in self.files)

    def to_pandas(self, columns: Sequence[str] | None = None):
        """The rows as a pandas DataFrame (all columns, or only `columns`), sorted as simulate sorts."""
        dataset = self.dataset
        if columns is None:
            return self._tidy(self._restore(dataset.to_table().to_pandas()))
        if isinstance(columns, (str, bytes)) or not hasattr(columns, "__iter__"):
            raise ConfigError(f"columns is a list of column names, not {excerpt(columns)}")
        columns = list(columns)
        empty = None if dataset.schema.names else self._tidy(dataset.to_table().to_pandas())
        names = list(dataset.schema.names if empty is None else empty.columns)   # a run of no games
        unknown = [c for c in columns if c not in names]
        if unknown:
            raise ConfigError(f"no column {unknown[0]!r} in the results in {self.folder}; its columns: "
                              f"{', '.join(names)}")
        if empty is not None:
            return empty[columns]
        # a sweep's options are restored cell by cell: its cell column is read with them
        extra = ["cell"] if ("cell" in names and "cell" not in columns
                             and any(c.startswith("opt_") for c in columns)) else []
        return self._restore(dataset.to_table(columns=columns + extra).to_pandas())[columns]

    def to_dask(self):
        """A dask DataFrame over the part files (needs dask[dataframe])."""
        import dask.dataframe as dd
        return dd.read_parquet([str(p) for p in self.files])

    def head(self, n: int = 5):
        return self._restore(self.dataset.head(n).to_pandas())

    def _restore(self, df):
        """df with its opt_ columns as the run played them (see the module docstring)."""
        cols = [c for c in df.columns if c.startswith("opt_")]
        if not cols or self._options is None or df.empty:
            return df
        played = self._options()
        if None in played:
            runs = [(played[None], len(df))]
        elif "cell" in df.columns:
            runs = [(played.get(k), sum(1 for _ in rows)) for k, rows in itertools.groupby(df["cell"].tolist())]
        else:
            return df
        return restore_options(df, cols, runs)

    def __repr__(self) -> str:
        if not self.folder.is_dir():
            return f"<Results: no folder {self.folder}>"
        n = len(self.files)
        return f"<Results: {n} {self.kind} file{'s' * (n != 1)} in {self.folder}>"


def restore_options(df, cols: list[str], runs: list[tuple[dict | None, int]]):
    """df with each opt_ column of `cols` made again from the options played, `runs` giving, in row order,
    the options of each run of consecutive rows and its length: every row of a run holds the same value,
    so a column is what simulate built (one Series a run, joined as a sweep joins its cells). A column
    some run's options do not give is left as it was read."""
    import pandas as pd

    for col in cols:
        name = col[4:]
        if any(opts is None or name not in opts for opts, _ in runs):
            continue
        pieces = [pd.Series([opts[name]] * n, dtype=object).infer_objects() for opts, n in runs]
        column = pd.concat(pieces, ignore_index=True) if len(pieces) > 1 else pieces[0]
        df[col] = column.set_axis(df.index)
    return df


def played_options(path: Path) -> dict | None:
    """The options recorded in a run's description (_run.json: each as its repr), as values; None if it
    cannot be read. An option whose repr is not a Python literal is left out."""
    try:
        meta = json.loads(Path(path).read_text(encoding="utf-8"))
        recorded = meta["options"]
        if not isinstance(recorded, dict):
            return None
    except (OSError, UnicodeDecodeError, ValueError, RecursionError, KeyError, TypeError):
        return None
    options = {}
    for name, text in recorded.items():
        try:
            options[name] = ast.literal_eval(text)
        except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
            pass
    return options

def _read(path: str | Path, read: Callable[[Any], Any]):
    """read(path) (pyarrow's read_schema or read_metadata), or a DataError naming the part file that
    cannot be read."""
    try:
        return read(path)
    except (OSError, ValueError) as exc:              # pyarrow's ArrowInvalid is a ValueError
        raise DataError(path, None, None, f"not a readable Parquet file ({str(exc).splitlines()[0]}); "
                        f"simulate(..., out=FOLDER, resume=True) with the run's settings plays its games "
                        f"again") from None
