"""Errors raised by neko_lab. Every one is a ValueError so callers can catch bad input in one place."""
from __future__ import annotations


class IllegalAction(ValueError):
    """An action that the rules do not allow here; the message says why. The state is left unchanged."""


class ConfigError(ValueError):
    """A game was asked for with an unknown name, player count or option; the message lists what is allowed."""


class SaveError(ValueError):
    """A save file that is corrupted, from another program, or from an unsupported format version."""


class DataError(ValueError):
    """A malformed dataset file. The message names the file, the row and the field."""

    def __init__(self, file: str, row: int | None, field: str | None, problem: str):
        self.file, self.row, self.field, self.problem = str(file), row, field, problem
        where = self.file
        if row is not None:
            where += f", row {row}"
        if field is not None:
            where += f", field '{field}'"
        super().__init__(f"{where}: {problem}")
