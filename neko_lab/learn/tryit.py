"""The check of a notebook's *Try it* exercise: any natural way of writing the right answer counts.

    answer = ...          # the learner's cell
    check_answer(answer, right, "Right: ...", "a hint")      # the check cell

A learner writes `3` where the check holds `[3]`, `"Naeco"` for the agent called `naeco`, `"1, 3"` for a
list: each is read in the form of the right answer. What cannot be read that way is answered with "Not
quite" and the form expected, never an exception; an answer not yet written gets the reminder.
"""
from __future__ import annotations

import numbers
import re
import unicodedata
from typing import Any, Callable, Iterable

REMINDER = "Write your answer in the cell above and run both cells again."
_NUMBER = r"-?\d+(?:\.\d+)?"


def _plain(text: str) -> str:
    """A name as a person may type it: no accents, no case, single spaces, no quotes around it."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return " ".join(text.strip().strip("'\"").lower().replace("_", " ").replace("-", " ").split())


def _number(value: Any) -> Any:
    """`value` as a number (a bool, a text that is not a number or anything else: None)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, numbers.Number):
        return value
    if isinstance(value, str) and re.fullmatch(rf"\s*{_NUMBER}\s*", value):
        return float(value) if "." in value else int(value)
    if isinstance(value, (list, tuple, set, frozenset)) and len(value) == 1:
        return _number(next(iter(value)))
    return None


def _items(value: Any) -> list | None:
    """`value` as a list of values: a number stands for a list of one, "1, 3" or "[1, 3]" for [1, 3]."""
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, numbers.Number):
        return [value]
    if isinstance(value, str):
        if re.sub(rf"{_NUMBER}|\band\b|[\s\[\](){{}},;]", "", value):
            return None           # words other than "and": not a list of values
        return [_number(n) for n in re.findall(_NUMBER, value)]
    if isinstance(value, dict):
        return None
    try:
        items = list(value)
    except TypeError:
        return None
    return items


def read_answer(answer: Any, right: Any, any_order: bool = False, choices: Iterable | None = None) -> Any:
    """The learner's `answer` written in the form of `right`, or None when it cannot be read so.

    choices: the names the answer picks from (e.g. the agents of a table); a name counts whatever its case
    or accents. any_order: a list whose order does not matter (a set of values) comes back sorted."""
    if choices is not None:
        if not isinstance(answer, str):
            return None
        return next((c for c in choices if _plain(str(c)) == _plain(answer)), None)
    if isinstance(right, str):
        return answer.strip() if isinstance(answer, str) else None
    if isinstance(right, numbers.Number) and not isinstance(right, bool):
        return _number(answer)
    if isinstance(right, (list, tuple)):
        items = _items(answer)
        if items is None:
            return None
        if all(isinstance(r, numbers.Number) and not isinstance(r, bool) for r in right):
            items = [_number(i) for i in items]
            if any(i is None for i in items):
                return None
        if any_order:
            try:
                items = sorted(items)
            except TypeError:
                return None
        return items
    return answer


def _form(right: Any, choices: Iterable | None) -> str:
    if choices is not None:
        return "one of the names " + ", ".join(repr(str(c)) for c in choices)
    if isinstance(right, str):
        return "a text in quotes"
    if isinstance(right, numbers.Number):
        return "a number, like 3"
    if isinstance(right, (list, tuple)):
        return "a list of values, like [1, 3] ([] for none)"
    return f"a value like {right!r}"


def _same(got: Any, right: Any, any_order: bool) -> bool:
    if isinstance(right, str):
        return isinstance(got, str) and _plain(got) == _plain(right)
    if isinstance(right, (list, tuple)):
        want = sorted(right) if any_order else list(right)
        return list(got) == want
    return bool(got == right)


def check_answer(answer: Any, right: Any, right_text: str, hint: str | Callable[[Any], str], *,
                 form: str | None = None, any_order: bool = False, choices: Iterable | None = None) -> bool | None:
    """Print what a *Try it* check says to `answer`: the reminder while it is still `...`, `right_text` when
    it is right in any natural form, otherwise "Not quite" with `hint` (a text, or a function of the answer
    as read), or with the form expected when the answer cannot be read as one. Returns True for right, False
    for not yet right, None before an answer is written."""
    if answer is ...:
        print(REMINDER)
        return None
    if choices is not None:
        choices = list(choices)
    got = read_answer(answer, right, any_order=any_order, choices=choices)
    if got is None:
        print(f"Not quite: {answer!r} is not {form or _form(right, choices)}. Change answer and run both "
              f"cells again.")
        return False
    if _same(got, right, any_order):
        print(right_text)
        return True
    print(f"Not quite: {got}. {hint(got) if callable(hint) else hint}")
    return False


__all__ = ["REMINDER", "check_answer", "read_answer"]
