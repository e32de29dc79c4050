"""Errors raised by neko_lab. Every one is a ValueError so callers can catch bad input in one place."""
from __future__ import annotations

import operator
from typing import Any


def excerpt(value: Any, limit: int = 60, text: bool = False) -> str:
    """repr(value) (str(value) with text=True) cut to `limit` characters, for a message that must
    not echo a whole input; safe for objects whose repr or str fails (an action built with a field
    its str() cannot read shows as its repr, which names its fields and their values)."""
    if isinstance(value, str) and not text:
        value = value[:limit]
    try:
        shown = str(value) if text else repr(value)
    except Exception:
        try:
            shown = repr(value) if text else f"<{type(value).__name__} object>"
        except Exception:
            shown = f"<{type(value).__name__} object>"
    return shown if len(shown) <= limit else shown[:limit - 3] + "..."


def told_again(exc: Exception, message: str, note: str) -> Exception:
    """`exc` told with more context: a new error of the same type whose message is `message`, keeping
    `exc`'s attributes, or, where the type cannot be made again from a message alone, `exc` itself with
    `note` added (what a traceback prints under it)."""
    try:
        again = type(exc)(message)
        same = type(again) is type(exc) and str(again) == message
    except Exception:
        same = False
    if not same:
        exc.add_note(note)
        return exc
    again.__dict__.update(exc.__dict__)
    return again


def counted(n: Any, noun: str, plural: str | None = None) -> str:
    """A count and its noun as a reader says them: counted(1, "player") -> "1 player", counted(3, "player")
    -> "3 players" (plural: the noun's plural when it is not noun + "s", e.g. counted(2, "die", "dice"))."""
    return f"{n} {noun if str(n) == '1' else plural or noun + 's'}"


def plain(value: Any) -> Any:
    """`value` as the plain Python value it stands for when it is numpy's (a value read from a pandas
    frame or a numpy array: np.int64(3) -> 3, np.False_ -> False, np.float64(0.5) -> 0.5, np.str_ -> str,
    a one-dimensional array -> a tuple of such values); a tuple or list of them element by element;
    anything else itself. The type stays what it was (a numpy bool is a bool, not a count; a float is
    not a whole number), so every check that refuses a plain value of the wrong type refuses it too."""
    kind = type(value)
    if kind in (int, bool, float, str, type(None)):
        return value
    if kind in (tuple, list):
        return kind(plain(v) for v in value)
    if getattr(kind, "__module__", "") == "numpy":
        if getattr(value, "ndim", None) == 0 and hasattr(value, "item"):
            return value.item()
        if getattr(value, "ndim", None) == 1 and hasattr(value, "tolist"):
            return tuple(value.tolist())
    return value


def check_flag(name: str, value: Any) -> bool:
    """`value` if it is True or False (numpy's too, as the plain bool); else a ConfigError (a "yes" or a
    1 is no answer to a yes-or-no argument: it would be taken as true without a word)."""
    flag = plain(value)
    if not isinstance(flag, bool):
        raise ConfigError(f"{name} is True or False, not {excerpt(value)}")
    return flag


def whole(value: Any) -> Any:
    """`value` as a plain int when it is a whole number of any integer type (numpy's too, through
    operator.index), else `value` itself, for the caller's check to refuse with its own words. True and
    False (numpy's too) stay themselves: a yes-or-no is no count."""
    if isinstance(value, bool) or type(value) is int:
        return value
    try:
        return operator.index(value)
    except TypeError:
        return value


def one_of(choices: Any) -> str:
    """The choices a value may take, as a sentence ends them: "'a', 'b' or 'c'" (each as its repr)."""
    shown = [repr(c) for c in choices]
    return shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} or {shown[-1]}"


class IllegalAction(ValueError):
    """An action that the rules do not allow here; the message says why. The state is left unchanged."""


class ConfigError(ValueError):
    """A game was asked for with an unknown name, player count or option; the message lists what is allowed."""


class SaveError(ValueError):
    """A save file that is corrupted, from another program, or from an unsupported format version."""


class DataError(ValueError):
    """A malformed dataset file. The message names the file, the row (1 = the first data row, below the
    header) and the field; where it is known, also the line of the file (1 = the header line), which is
    what a text editor shows and, blank lines counted, what a spreadsheet numbers its rows by. A quoted
    cell may hold line breaks, so that a row runs over several lines: the line given is then the one
    the named cell starts on."""

    def __init__(self, file: str, row: int | None, field: str | None, problem: str,
                 line: int | None = None):
        self.file, self.row, self.field, self.problem, self.line = str(file), row, field, problem, line
        where = self.file
        if row is not None:
            where += f", row {row}" + (f" (line {line})" if line is not None else "")
        elif line is not None:
            where += f", line {line}"
        if field is not None:
            where += f", field '{field}'"
        super().__init__(f"{where}: {problem}")

    def __reduce__(self):      # a worker process's error reaches the parent whole
        return type(self), (self.file, self.row, self.field, self.problem, self.line)
