"""Finding and validating dataset files.

Shipped data lives in datasets/<game>/ in a checkout and in neko_lab/datasets/<game>/ inside an
installed wheel; `dataset_dir` finds either. `read_csv` checks every row against a small schema and
raises DataError naming the file, the row (1 = first data row) and the field.
"""
from __future__ import annotations

import csv
import functools
import json
import os
from pathlib import Path
from typing import Any, Callable, Mapping, TypeVar

T = TypeVar("T")

from .errors import DataError

_PACKAGE = Path(__file__).resolve().parent.parent
SOURCES = ("rulebook", "reconstructed")


def dataset_dir(game: str) -> Path:
    """The folder holding the shipped dataset of `game`."""
    for base in (_PACKAGE / "datasets", _PACKAGE.parent / "datasets"):
        if (base / game).is_dir():
            return base / game
    raise DataError(str(_PACKAGE / "datasets" / game), None, None, "shipped dataset folder not found")


def resolve(game: str, folder: str | Path | None) -> Path:
    """The dataset folder to use: the shipped one when `folder` is None, else the user's folder."""
    if folder is None:
        return dataset_dir(game)
    path = Path(folder)
    if not path.is_dir():
        raise DataError(str(path), None, None, "no such dataset folder")
    return path


def load_cached(loader: Callable[[Path], T], folder: Path) -> T:
    """loader(folder), parsed once per process while the folder's files are unchanged.

    The parsed data must be immutable (tuples, NamedTuples): every game built from it shares it.
    The cache key includes each file's size and modification time, so an edited file is read again.
    """
    stamp = []
    with os.scandir(folder) as entries:
        for entry in entries:
            if entry.is_file():
                info = entry.stat()
                stamp.append((entry.name, info.st_size, info.st_mtime_ns))
    stamp.sort()
    return _load_once(loader, str(folder), tuple(stamp))


@functools.lru_cache(maxsize=32)
def _load_once(loader: Callable[[Path], T], folder: str, stamp: tuple) -> T:
    return loader(Path(folder))


# ---------------------------------------------------------------- field parsers
def integer(lo: int | None = None, hi: int | None = None) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text.strip())
        except ValueError:
            raise ValueError(f"{text!r} is not a whole number") from None
        if lo is not None and value < lo or hi is not None and value > hi:
            raise ValueError(f"{value} is outside {lo}..{hi}")
        return value
    return parse


def choice(*allowed: str) -> Callable[[str], str]:
    def parse(text: str) -> str:
        value = text.strip()
        if value not in allowed:
            raise ValueError(f"{value!r} is not one of {', '.join(allowed)}")
        return value
    return parse


def text(required: bool = True) -> Callable[[str], str]:
    def parse(value: str) -> str:
        value = value.strip()
        if required and not value:
            raise ValueError("is empty")
        return value
    return parse


def tags(allowed: tuple[str, ...] | None = None, sep: str = "|") -> Callable[[str], tuple[str, ...]]:
    """A possibly empty list of words separated by `sep`, each from `allowed` when given."""
    def parse(value: str) -> tuple[str, ...]:
        items = tuple(v.strip() for v in value.split(sep) if v.strip())
        if allowed is not None:
            for item in items:
                if item not in allowed:
                    raise ValueError(f"{item!r} is not one of {', '.join(allowed)}")
        return items
    return parse


def boolean(value: str) -> bool:
    v = value.strip().lower()
    if v in ("1", "true", "yes"):
        return True
    if v in ("0", "false", "no", ""):
        return False
    raise ValueError(f"{value!r} is not true/false")


source = choice(*SOURCES)


def read_csv(path: Path, schema: Mapping[str, Callable[[str], Any]]) -> list[dict[str, Any]]:
    """Read a CSV file whose header names every field of `schema`, parsing each cell."""
    path = Path(path)
    if not path.is_file():
        raise DataError(str(path), None, None, "file not found")
    try:
        with path.open(newline="", encoding="utf-8") as fh:
            reader = csv.DictReader(fh)
            header = reader.fieldnames or []
            missing = [f for f in schema if f not in header]
            if missing:
                raise DataError(str(path), None, missing[0], "column missing from the header")
            rows = []
            for n, raw in enumerate(reader, start=1):
                if None in raw:
                    raise DataError(str(path), n, None, "more cells than header fields")
                row = {}
                for field, parse in schema.items():
                    cell = raw.get(field)
                    if cell is None:
                        raise DataError(str(path), n, field, "cell missing")
                    try:
                        row[field] = parse(cell)
                    except ValueError as exc:
                        raise DataError(str(path), n, field, str(exc)) from None
                rows.append(row)
    except UnicodeDecodeError as exc:
        raise DataError(str(path), None, None, f"not UTF-8 text ({exc.reason})") from None
    if not rows:
        raise DataError(str(path), None, None, "no data rows")
    return rows


def read_json(path: Path) -> Any:
    path = Path(path)
    if not path.is_file():
        raise DataError(str(path), None, None, "file not found")
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise DataError(str(path), exc.lineno, None, f"invalid JSON: {exc.msg}") from None
