"""The results of a run streamed to Parquet (simulate(..., out=FOLDER)), read lazily.

A run of any size keeps only one chunk of games in memory; what it returns reads the part files only
when asked, so a million-game run can be summarised column by column:

    res = nl.simulate("naeco", games=1_000_000, out="runs/big")
    len(res)                                # rows, from the files' metadata
    res.to_pandas(columns=["agent", "won"]) # a pandas DataFrame of the columns needed
    res.dataset                             # a pyarrow.dataset.Dataset, for filters and scans
    res.to_dask()                           # a dask DataFrame (one partition per part file)
    res = nl.open_results("runs/big")       # the same, for a folder written before
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Sequence

from ..core.errors import ConfigError, DataError, excerpt


class Results:
    """The rows of a finished run in FOLDER/<kind>-NNNNNNNNN.parquet, one file per chunk (a sweep's: in
    each cell's folder, FOLDER/cell-NNN/part-NNNNNNNNN.parquet, in the order of its cells)."""

    def __init__(self, folder: str | Path, kind: str, tidy: Callable[[Any], Any],
                 parts: Callable[[Path], list[Path]] | None = None):
        self.folder = Path(folder)
        self.kind = kind
        self._tidy = tidy
        self._parts = parts

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
            return self._tidy(dataset.to_table().to_pandas())
        if isinstance(columns, (str, bytes)) or not hasattr(columns, "__iter__"):
            raise ConfigError(f"columns is a list of column names, not {excerpt(columns)}")
        columns = list(columns)
        empty = None if dataset.schema.names else self._tidy(dataset.to_table().to_pandas())
        names = list(dataset.schema.names if empty is None else empty.columns)   # a run of no games
        unknown = [c for c in columns if c not in names]
        if unknown:
            raise ConfigError(f"no column {unknown[0]!r} in the results in {self.folder}; its columns: "
                              f"{', '.join(names)}")
        return dataset.to_table(columns=columns).to_pandas() if empty is None else empty[columns]

    def to_dask(self):
        """A dask DataFrame over the part files (needs dask[dataframe])."""
        import dask.dataframe as dd
        return dd.read_parquet([str(p) for p in self.files])

    def head(self, n: int = 5):
        return self.dataset.head(n).to_pandas()

    def __repr__(self) -> str:
        if not self.folder.is_dir():
            return f"<Results: no folder {self.folder}>"
        n = len(self.files)
        return f"<Results: {n} {self.kind} file{'s' * (n != 1)} in {self.folder}>"


def _read(path: str | Path, read: Callable[[Any], Any]):
    """read(path) (pyarrow's read_schema or read_metadata), or a DataError naming the part file that
    cannot be read."""
    try:
        return read(path)
    except (OSError, ValueError) as exc:              # pyarrow's ArrowInvalid is a ValueError
        raise DataError(path, None, None, f"not a readable Parquet file ({str(exc).splitlines()[0]}); "
                        f"simulate(..., out=FOLDER, resume=True) with the run's settings plays its games "
                        f"again") from None
