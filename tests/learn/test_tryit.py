"""The notebooks' *Try it* checks (neko_lab.learn.check_answer): every natural way of writing the right answer
counts, and any other answer gets "Not quite" with a hint or the form expected, never an exception."""
from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

from neko_lab.games.naeco import Ocean, scoring
from neko_lab.games.naeco.ocean import pos
from neko_lab.learn import check_answer, read_answer
from neko_lab.learn.tryit import REMINDER

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def said(capsys, *args, **kwargs):
    result = check_answer(*args, **kwargs)
    return result, capsys.readouterr().out.strip()


@pytest.mark.parametrize("answer", [3, [3], (3,), {3}, "3", "[3]", 3.0])
def test_a_list_of_one_value_may_be_written_as_the_value(capsys, answer):
    assert said(capsys, answer, [3], "Right.", "hint", any_order=True) == (True, "Right.")


@pytest.mark.parametrize("answer", [[3, 1], "1, 3", "1 and 3", {1, 3}, (1, 3)])
def test_a_set_of_values_may_come_in_any_order_and_any_container(capsys, answer):
    assert said(capsys, answer, [1, 3], "Right.", "hint", any_order=True) == (True, "Right.")


def test_an_ordered_list_still_counts_its_order(capsys):
    assert said(capsys, [1, 3], [1, 3], "Right.", "hint")[0] is True
    assert said(capsys, [3, 1], [1, 3], "Right.", "order matters") == (False, "Not quite: [3, 1]. order matters")


@pytest.mark.parametrize("answer", [2, "2", 2.0, [2], " 2 "])
def test_a_number_may_be_written_as_text_or_in_a_list(capsys, answer):
    assert said(capsys, answer, 2, "Right.", "hint")[0] is True


@pytest.mark.parametrize("answer", ["Naeco", "naeco", "Naéco", " NAECO ", "'naeco'"])
def test_a_name_counts_whatever_its_case_and_accents(capsys, answer):
    table = pd.Series({"greedy": 6.9, "naeco": 8.7, "random": 1.0})
    result, out = said(capsys, answer, "naeco", "Right: naeco.", lambda a: f"{a} scores {table[a]}",
                       choices=table.index)
    assert (result, out) == (True, "Right: naeco.")
    assert read_answer(answer, "naeco", choices=table.index) == "naeco"


@pytest.mark.parametrize("answer,right,form", [
    ("three", [3], "a list of values"), ({"a": 1}, [3], "a list of values"), (None, [3], "a list of values"),
    ("x", 2, "a number"), (True, 2, "a number"), ([1, 2], 2, "a number"),
    ("bob", "naeco", "one of the names 'greedy', 'naeco', 'random'"), (3, "naeco", "one of the names"),
])
def test_an_answer_of_another_form_is_told_the_form_expected(capsys, answer, right, form):
    result, out = said(capsys, answer, right, "Right.", "hint",
                       choices=["greedy", "naeco", "random"] if isinstance(right, str) else None)
    assert result is False and out.startswith(f"Not quite: {answer!r} is not {form}")


def test_a_wrong_value_gets_the_hint_and_no_answer_yet_the_reminder(capsys):
    assert said(capsys, [1, 3], [3], "Right.", "try each value", any_order=True) == (
        False, "Not quite: [1, 3]. try each value")
    assert said(capsys, "greedy", "naeco", "Right.", lambda a: f"{a} scores 6.9",
                choices=["greedy", "naeco"]) == (False, "Not quite: greedy. greedy scores 6.9")
    assert said(capsys, ..., [3], "Right.", "hint") == (None, REMINDER)


def _check_cell(notebook: str, marker: str) -> str:
    cells = json.loads((NOTEBOOKS / notebook).read_text(encoding="utf-8"))["cells"]
    sources = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
    return next(s for s in sources if "check_answer(answer," in s and marker in s)


@pytest.mark.parametrize("notebook,marker,answers", [
    ("naeco/01-rules.ipynb", "S 2 . 4", [3, [3], "3"]),
    ("naeco/02-food-web.ipynb", "S 3 . 1", [2, [2], (2,)]),
    ("naeco/01-rules.ipynb", "scoring.biodiversity", [4, "4", 4.0]),
    ("naeco/03-strategy.ipynb", "biodiversity", ["naeco", "Naeco", "Naéco"]),
])
def test_the_naeco_notebooks_checks_accept_natural_answers(capsys, notebook, marker, answers):
    """The committed check cells themselves, run on the answers a learner writes."""
    points = pd.DataFrame({"biodiversity": [6.9, 8.7, 1.0]}, index=pd.Index(["greedy", "naeco", "random"],
                                                                             name="agent"))
    for answer in answers:
        exec(_check_cell(notebook, marker), {"answer": answer, "Ocean": Ocean, "pos": pos, "scoring": scoring,
                                             "points": points})
        assert capsys.readouterr().out.startswith("Right")
    for wrong in ("a lot", [1, 2, 3, 4], "bob"):
        exec(_check_cell(notebook, marker), {"answer": wrong, "Ocean": Ocean, "pos": pos, "scoring": scoring,
                                             "points": points})
        assert capsys.readouterr().out.startswith("Not quite")
