"""The results of a run streamed to Parquet (simulate(..., out=FOLDER)), read lazily.

A run of any size keeps only one chunk of games in memory; what it returns reads the part files only
when asked, so a million-game run can be summarised column by column:

    res = nl.simulate("naeco", games=1_000_000, out="runs/big")
    len(res)                                # rows, from the files' metadata
    res.to_pandas(columns=["agent", "won"]) # a pandas DataFrame of the columns needed
    res.dataset                             # a pyarrow.dataset.Dataset, for filters and scans
    res.to_dask()                           # a dask DataFrame (one partition per part file)
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Sequence


class Results:
    """The rows of a finished run in FOLDER/<kind>-NNNNNNNNN.parquet, one file per chunk."""

    def __init__(self, folder: str | Path, kind: str, tidy: Callable[[Any], Any]):
        self.folder = Path(folder)
        self.kind = kind
        self._tidy = tidy

    @property
    def files(self) -> list[Path]:
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
        schema = pa.unify_schemas([_schema(f) for f in files])
        return ds.dataset(files, schema=schema, format="parquet")

    @property
    def columns(self) -> list[str]:
        return list(self.dataset.schema.names)

    def __len__(self) -> int:
        import pyarrow.parquet as pq
        return sum(pq.ParquetFile(p).metadata.num_rows for p in self.files)

    def to_pandas(self, columns: Sequence[str] | None = None):
        """The rows as a pandas DataFrame (all columns, or only `columns`), sorted as simulate sorts."""
        table = self.dataset.to_table(columns=list(columns) if columns is not None else None)
        df = table.to_pandas()
        return df if columns is not None else self._tidy(df)

    def to_dask(self):
        """A dask DataFrame over the part files (needs dask[dataframe])."""
        import dask.dataframe as dd
        return dd.read_parquet([str(p) for p in self.files])

    def head(self, n: int = 5):
        return self.dataset.head(n).to_pandas()

    def __repr__(self) -> str:
        n = len(self.files)
        return f"<Results: {n} {self.kind} file{'s' * (n != 1)} in {self.folder}>"


def _schema(path: str):
    """The schema of one part file, or a DataError naming the file that cannot be read."""
    import pyarrow.parquet as pq
    from ..core.errors import DataError
    try:
        return pq.read_schema(path)
    except (OSError, ValueError) as exc:              # pyarrow's ArrowInvalid is a ValueError
        raise DataError(path, None, None, f"not a readable Parquet file ({str(exc).splitlines()[0]}); "
                        f"simulate(..., out=FOLDER, resume=True) with the run's settings plays its games "
                        f"again") from None
