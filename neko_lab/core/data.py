"""Finding and validating dataset files.

Shipped data lives in datasets/<game>/ in a checkout and in neko_lab/datasets/<game>/ inside an
installed wheel; `dataset_dir` finds either. `read_csv` checks every row against a small schema and
raises DataError naming the file, the row (1 = first data row) and the field.
"""
from __future__ import annotations

import csv
import functools
import hashlib
import io
import json
import os
import re
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, NamedTuple, TypeVar

from .errors import ConfigError, DataError, excerpt as _excerpt
from .serial import serializable

T = TypeVar("T")

_PACKAGE = Path(__file__).resolve().parent.parent
SOURCES = ("rulebook", "reconstructed")


# The games shipped with neko_lab (core/registry.py's BUILTIN), each with its dataset folder in the package.
SHIPPED_GAMES = frozenset({"journey", "syndicate", "neptune", "naeco"})
_SHIPPED_BASES = (_PACKAGE / "datasets", _PACKAGE.parent / "datasets")
_SHIPPED_STAMP = ("shipped",)      # the stamp of a shipped dataset folder (see _stamp)


@functools.lru_cache(maxsize=64)
def dataset_dir(game: str) -> Path:
    """The folder holding the shipped dataset of `game` (looked up once per process)."""
    for base in _SHIPPED_BASES:
        if (base / game).is_dir():
            return base / game
    raise DataError(str(_PACKAGE / "datasets" / game), None, None, "shipped dataset folder not found")


def resolve(game: str, folder: str | Path | None) -> Path:
    """The dataset folder to use: the shipped one when `folder` is None, else the user's folder."""
    if folder is None:
        return dataset_dir(game)
    check_folder_arg(folder)
    path = Path(folder)
    if not path.is_dir():
        raise DataError(str(path), None, None, "is a file, not a dataset folder" if path.exists()
                        else "no such dataset folder")
    return path


def check_folder_arg(folder: Any) -> None:
    """Refuse a `data=` argument that is not a folder path (str or os.PathLike)."""
    if not isinstance(folder, (str, os.PathLike)):
        raise ConfigError(f"data must be a dataset folder (a str or pathlib.Path) or None, not "
                          f"{type(folder).__name__} {_excerpt(folder)}")


# ---------------------------------------------------------------- where a game's data came from
DATA_SUFFIXES = (".csv", ".json")


@serializable
class DataOrigin(NamedTuple):
    """The dataset a game was played with, for its save: the folder it was read from, whether that
    is the shipped dataset, and the files' text as they were when the game was set up (a user's
    folder, so that editing or moving it later changes no save; or a save's embedded files)."""
    folder: str | None
    shipped: bool
    files: tuple[tuple[str, str], ...] | None = None


NO_DATA = DataOrigin(None, True, None)


@functools.lru_cache(maxsize=64)
def shipped_dir(game: str) -> str | None:
    try:
        return str(dataset_dir(game))
    except DataError:
        return None


def data_origin(game: str, data: Any, loaded: Any) -> DataOrigin:
    """Where the data of a game being set up comes from (`data` as passed, `loaded` as parsed)."""
    folder = getattr(loaded, "folder", None)
    if data is None:
        folder = folder if isinstance(folder, str) else shipped_dir(game)
        return NO_DATA if folder is None else DataOrigin(folder, True)
    if folder is None and isinstance(data, (str, os.PathLike)):
        folder = os.fspath(data)
    if not isinstance(folder, str):
        return NO_DATA
    shipped = shipped_dir(game)
    if shipped is not None and os.path.realpath(folder) == os.path.realpath(shipped):
        return DataOrigin(folder, True)
    try:
        return _user_origin(folder, game_files(game), _stamp(Path(folder)))
    except (OSError, DataError):     # unreadable now (a dataset object whose folder is gone): as before,
        return DataOrigin(folder, False)    # the save reads the folder, and says why it cannot


@functools.lru_cache(maxsize=32)
def _user_origin(folder: str, names: frozenset[str] | None, stamp: tuple) -> DataOrigin:
    """A user's folder with its files as they are now: one object while the files are unchanged, so
    games set up from it share the texts and a run works out their fingerprint once."""
    return DataOrigin(folder, False, data_files(folder, names))


@functools.lru_cache(maxsize=64)
def game_files(game: str) -> frozenset[str] | None:
    """The names of the data files a game reads: those of its shipped dataset (None if none is found).
    Only these go into a save or a fingerprint, so that a user's notes or spare copies in the same
    folder neither weigh on a save nor make it unwritable."""
    folder = shipped_dir(game)
    if folder is None:
        return None
    return frozenset(p.name for p in Path(folder).iterdir()
                     if p.is_file() and p.suffix.lower() in DATA_SUFFIXES)


def data_files(folder: str | Path, names: Iterable[str] | None = None) -> tuple[tuple[str, str], ...]:
    """(name, text) of every data file (CSV, JSON) of a dataset folder, by name; only those named in
    `names` when it is given (see game_files)."""
    wanted = None if names is None else frozenset(names)
    out = []
    try:
        paths = sorted(Path(folder).iterdir())
    except OSError as exc:
        raise DataError(str(folder), None, None, f"cannot read the dataset folder "
                        f"({exc.strerror or type(exc).__name__})") from None
    for path in paths:
        if wanted is not None and path.name not in wanted:
            continue
        if path.is_file() and path.suffix.lower() in DATA_SUFFIXES:
            raw = path.read_bytes()
            try:
                out.append((path.name, raw.decode("utf-8")))
            except UnicodeDecodeError as exc:
                raise DataError(str(path), None, None, f"not UTF-8 text ({exc.reason}); save the file "
                                f"as UTF-8", line=_line_of(raw, exc.start)) from None
    return tuple(out)


# Columns that say where a row comes from or comment on it: no rule reads them, so a change to them
# (a row found printed in the rulebook after all) leaves every game as it was, and its saves loading.
DOC_COLUMNS = frozenset({"source", "notes"})


def fingerprint(folder: str | Path | None, files: Iterable[tuple[str, str]] | None = None) -> str:
    """A digest of a dataset's data (16 hex digits), to tell datasets that play differently apart: of
    each file's name and content as a game reads it (see _content), so that a file saved with other line
    endings, with or without a byte-order mark or a last line break, spaces around its cells, or with
    other provenance notes (DOC_COLUMNS), has the same fingerprint. A column no rule reads is refused
    (read_csv), so none can change it unseen."""
    if files is None:
        if folder is None:
            return ""
        return _folder_fingerprint(str(folder), _stamp(Path(folder)))
    h = hashlib.sha256()
    for name, text in sorted(files):
        h.update(name.encode() + b"\0" + _content(name, text).encode() + b"\0")
    return h.hexdigest()[:16]


def raw_fingerprints(files: Iterable[tuple[str, str]]) -> set[str]:
    """The fingerprints earlier versions recorded for these files (a digest of their text as it was,
    byte for byte), with the text's line breaks as they are, as LF and as CRLF: see
    core/past_fingerprints.py."""
    files = sorted(files)
    out = set()
    for eol in (None, "\n", "\r\n"):
        h = hashlib.sha256()
        for name, text in files:
            if eol is not None:
                text = _BREAK.sub(eol, text)
            h.update(name.encode() + b"\0" + text.encode() + b"\0")
        out.add(h.hexdigest()[:16])
    return out


def _content(name: str, text: str) -> str:
    """A file's content as a game reads it, in one canonical form: a CSV file as its columns and its
    records (blank lines skipped, a line break inside a quoted cell as LF), each a table of column -> cell
    without the spaces around it (every field parser strips them), all without the DOC_COLUMNS (a game reads cells by column name, so the columns' order is no part of it); a JSON file as its value; anything else, or a file neither reads, as its text with LF
    line breaks. The byte-order mark some editors write is no part of it."""
    text = text.removeprefix("\ufeff")
    kind = name.lower().rpartition(".")[2]
    try:
        if kind == "csv":
            records = [r for r in csv.reader(io.StringIO(text, newline="")) if r]
            if records:
                header = records[0]         # a cell past the header's last column is named by its number
                rows = [sorted((header[i] if i < len(header) else f"#{i + 1}", _lf(cell).strip())
                               for i, cell in enumerate(r) if i >= len(header) or header[i] not in DOC_COLUMNS)
                        for r in records[1:]]
                columns = sorted(h for h in header if h not in DOC_COLUMNS)
                return "csv:" + json.dumps([columns, rows], ensure_ascii=False)
        elif kind == "json":
            return "json:" + json.dumps(json.loads(text), sort_keys=True, ensure_ascii=False)
    except (csv.Error, ValueError, TypeError, RecursionError):
        pass
    return "text:" + _lf(text)


_BREAK = re.compile(r"\r\n|\r|\n")


def _lf(text: str) -> str:
    return _BREAK.sub("\n", text)


@functools.lru_cache(maxsize=64)
def _folder_fingerprint(folder: str, stamp: tuple) -> str:
    return fingerprint(None, data_files(folder))


def folder_raw_fingerprints(folder: str | Path) -> frozenset[str]:
    """raw_fingerprints of a dataset folder's files as they are now."""
    return _folder_raw_fingerprints(str(folder), _stamp(Path(folder)))


@functools.lru_cache(maxsize=64)
def _folder_raw_fingerprints(folder: str, stamp: tuple) -> frozenset[str]:
    return frozenset(raw_fingerprints(data_files(folder)))


def _stamp(folder: Path) -> tuple:
    """What tells a dataset folder's files apart from their last reading: each file's name, size and
    modification time. The shipped datasets are read once per process (they are part of the installed
    package, so a new game costs no look at the disk); any other folder, one beside them included, is
    looked at for every game."""
    if _is_shipped(os.fspath(folder)):
        return _SHIPPED_STAMP
    stamp = []
    with os.scandir(folder) as entries:
        for entry in entries:
            if entry.is_file():
                info = entry.stat()
                stamp.append((entry.name, info.st_size, info.st_mtime_ns))
    stamp.sort()
    return tuple(stamp)


def _line_of(raw: bytes, offset: int) -> int:
    """The line of a file (1 = the first) holding byte `offset`; a lone CR ends a line too."""
    head = raw[:offset]
    return head.count(b"\n") + head.count(b"\r") - head.count(b"\r\n") + 1


class _Lines:
    """A text's lines for csv.reader, which asks for one more line only while a record is unfinished:
    `ended` is set when it asks past the last one, so a record handed back after that ran into the end
    of the file inside a quoted cell (a quote never closed)."""

    def __init__(self, text: str):
        self._lines = iter(io.StringIO(text, newline=""))   # a lone CR ends a line, as in _line_of
        self.ended = False

    def __iter__(self) -> _Lines:
        return self

    def __next__(self) -> str:
        try:
            return next(self._lines)
        except StopIteration:
            self.ended = True
            raise


def _breaks(cell: str) -> int:
    """How many line breaks a (quoted) cell holds, counted as _line_of counts lines."""
    return cell.count("\n") + cell.count("\r") - cell.count("\r\n")


def _cell(cells: list[str], index: int | None) -> str | None:
    return cells[index] if index is not None and index < len(cells) else None


def _unclosed(where: str, opened: int, end: int) -> str:
    """The problem of a quote opened on line `opened` and never closed, in a file whose last line is `end`."""
    if end == opened:
        return f"a quote opened {where}on line {opened} is never closed; close it or remove it"
    return (f"a quote opened {where}on line {opened} is never closed, so the cell runs on to the end of "
            f"the file (line {end}), taking in the {end - opened} line{'s' if end - opened > 1 else ''} "
            f"below it; close the quote or remove it")


def load_cached(loader: Callable[[Path], T], folder: Path) -> T:
    """loader(folder), parsed once per process while the folder's files are unchanged.

    The parsed data must be immutable (tuples, NamedTuples): every game built from it shares it.
    The cache key includes each file's size and modification time, so an edited file is read again.
    """
    key = os.fspath(folder)
    return _load_once(loader, key, _SHIPPED_STAMP if _is_shipped(key) else _stamp(Path(folder)))


@functools.lru_cache(maxsize=64)
def _is_shipped(folder: str) -> bool:
    """Is this one of the shipped dataset folders (read once per process, see _stamp)? Only those
    folders themselves: a designer's copy placed beside them is theirs, read again when edited."""
    path = Path(folder).resolve()
    return path.parent in _SHIPPED_BASES and path.name in SHIPPED_GAMES


@functools.lru_cache(maxsize=32)
def _load_once(loader: Callable[[Path], T], folder: str, stamp: tuple) -> T:
    return loader(Path(folder))


# ---------------------------------------------------------------- field parsers
_WHOLE = re.compile(r"[+-]?[0-9]+")


def whole_number(text: str) -> int:
    """A whole number written with the ASCII digits 0-9 (int() would also take "٣", "1_000" or
    "²"); ValueError otherwise."""
    digits = text.strip()
    if not _WHOLE.fullmatch(digits):
        raise ValueError(f"{_excerpt(text)} is not a whole number written with the digits 0-9")
    if len(digits) > 19:
        raise ValueError(f"{_excerpt(text)} is far too large")
    return int(digits)


def integer(lo: int | None = None, hi: int | None = None) -> Callable[[str], int]:
    def parse(text: str) -> int:
        value = whole_number(text)
        if lo is not None and value < lo or hi is not None and value > hi:
            raise ValueError(f"{value} is outside {lo}..{hi}")
        return value
    return parse


def choice(*allowed: str) -> Callable[[str], str]:
    """One of the words `allowed`; "" among them lets the cell be left empty."""
    named = ", ".join(a for a in allowed if a) + (" (or empty)" if "" in allowed else "")

    def parse(text: str) -> str:
        value = text.strip()
        if value not in allowed:
            raise ValueError(f"{value!r} is not one of {named}")
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


def read_csv(path: Path, schema: Mapping[str, Callable[[str], Any]],
             unique: Iterable[str | tuple[str, ...]] = ()) -> list[dict[str, Any]]:
    """Read a CSV file whose header names every field of `schema`, parsing each cell.

    The file is UTF-8, with or without the byte-order mark spreadsheets write. The header names no
    other column than the schema's and DOC_COLUMNS (comments): a column no rule reads would be
    ignored unseen, so it is refused, named. `unique` names
    fields (or tuples of fields) whose values identify a row: a value seen twice is refused, naming
    both rows.
    """
    path = Path(path)
    if not path.is_file():
        raise DataError(str(path), None, None, "is a folder, not a file" if path.is_dir() else "file not found")
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise DataError(str(path), None, None,
                        f"not UTF-8 text ({exc.reason} at byte {exc.start + 1}); save the file as "
                        f"CSV UTF-8", line=_line_of(raw, exc.start)) from None
    lines = _Lines(text)
    reader = csv.reader(lines)
    header = next(reader, None) or []
    if lines.ended and header:       # the header's last cell opened a quote that runs to the end
        opened = 1 + sum(map(_breaks, header[:-1]))
        raise DataError(str(path), None, None, _unclosed("in the header ", opened, reader.line_num),
                        line=opened)
    if not any(h.strip() for h in header):
        problem = "the file is empty" if not header else "the header names no column"
        raise DataError(str(path), None, None, f"{problem}: its first line should be the header naming "
                        f"the columns ({', '.join(schema)})")
    twice = sorted({h for h in header if header.count(h) > 1 and h})
    if twice:
        raise DataError(str(path), None, twice[0], "the header names this column twice", line=1)
    missing = [f for f in schema if f not in header]
    if missing:
        for sep in (";", "\t"):
            if len(header) == 1 and sep in header[0]:
                raise DataError(str(path), None, None, f"the header is one column holding {sep!r}: the "
                                f"cells seem separated by {sep!r}; save the file as CSV with commas "
                                f"(CSV UTF-8)", line=1)
        raise DataError(str(path), None, missing[0], "column missing from the header", line=1)
    unknown = [(i, h) for i, h in enumerate(header) if h not in schema and h not in DOC_COLUMNS]
    if unknown:
        i, h = unknown[0]
        comments = " or ".join(sorted(DOC_COLUMNS - set(schema)))
        columns = f"the file's columns are {', '.join(schema)}, and {comments} for comments"
        if not h.strip():
            raise DataError(str(path), None, None, f"column {i + 1} of the header has no name: {columns}; "
                            f"name it or remove it", line=1)
        raise DataError(str(path), None, h, f"no rule reads this column: {columns}; rename it or remove it",
                        line=1)
    column = {h: i for i, h in enumerate(header)}
    keys = [(k,) if isinstance(k, str) else tuple(k) for k in unique]
    seen: list[dict[tuple, int]] = [{} for _ in keys]
    rows = []
    n = 0
    while True:
        first_line = reader.line_num + 1     # the file's line where the next record starts (1 = the header)
        cells = next(reader, None)
        if cells is None:
            break
        if not cells:                        # a blank line: no row
            continue
        n += 1
        # the line where each cell starts: a quoted cell may hold line breaks, so that a record runs
        # over several lines, and a cell below its first line is pointed at where it is
        starts = [first_line]
        for cell in cells:
            starts.append(starts[-1] + _breaks(cell))

        def fail(index: int, field: str | None, problem: str) -> DataError:
            """The error for cell `index` (a missing cell: the row's end), naming the line it is on and,
            when that is not the row's first line, the quoted cell that carried the row on to it."""
            line = starts[index] if index < len(cells) else reader.line_num
            if line > first_line:
                j = next(j for j, c in enumerate(cells) if _breaks(c))
                name = f"'{header[j]}'" if j < len(header) else str(j + 1)
                problem += (f"; row {n} begins on line {first_line}, and its cell {name} is quoted from "
                            f"line {starts[j]} to line {starts[j + 1]}")
            return DataError(str(path), n, field, problem, line=line)

        if lines.ended:                      # the last cell's quote ran on to the end of the file
            last = len(cells) - 1
            raise DataError(str(path), n, header[last] if last < len(header) else None,
                            _unclosed("", starts[last], reader.line_num), line=starts[last])
        if len(cells) > len(header):
            raise fail(len(header), None, "more cells than header fields")
        row = {}
        for field, parse in schema.items():
            index = column[field]
            if index >= len(cells):
                raise fail(index, field, "cell missing")
            try:
                row[field] = parse(cells[index])
            except ValueError as exc:
                raise fail(index, field, str(exc)) from None
        for key, first in zip(keys, seen):
            value = tuple(row[f] if f in row else _cell(cells, column.get(f)) for f in key)
            if value in first:
                shown = value[0] if len(value) == 1 else value
                raise fail(column.get(key[-1], len(cells)), key[-1],
                           f"{_excerpt(shown)} is already used in row {first[value]}: rows "
                           f"{first[value]} and {n} have the same {' and '.join(key)}")
            first[value] = n
        rows.append(row)
    if not rows:
        raise DataError(str(path), None, None, "no data rows")
    return rows


def read_json(path: Path) -> Any:
    path = Path(path)
    if not path.is_file():
        raise DataError(str(path), None, None, "is a folder, not a file" if path.is_dir() else "file not found")
    try:
        return json.loads(path.read_text(encoding="utf-8-sig"))
    except UnicodeDecodeError as exc:
        raise DataError(str(path), None, None, f"not UTF-8 text ({exc.reason})") from None
    except json.JSONDecodeError as exc:
        raise DataError(str(path), None, None, f"invalid JSON: {exc.msg} (column {exc.colno})",
                        line=exc.lineno) from None
