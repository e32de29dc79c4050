"""The conventions every shipped notebook follows (notebooks/README.md), read from the committed files.

nbval checks that running a notebook gives its committed outputs; these tests check what nbval cannot:
that each notebook opens with its time and closes with a summary, asks its *Try it* questions the same way,
has no quick mode, tags the outputs nbval must not compare, folds its guards, and counts a shared win as
a share.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").rglob("*.ipynb"))
NAMES = [str(p.relative_to(ROOT / "notebooks")) for p in NOTEBOOKS]
REMINDER = "Write your answer in the cell above and run both cells again.\n"
# outputs nbval cannot compare: plotly's template and random ids, widget model ids
UNCOMPARABLE = ("application/vnd.plotly.v1+json", "application/vnd.jupyter.widget-view+json")


def _cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def _source(cell: dict) -> str:
    return "".join(cell["source"])


def _code(path: Path) -> str:
    return "\n".join(_source(c) for c in _cells(path) if c["cell_type"] == "code")


def _text(path: Path) -> str:
    return "\n".join(_source(c) for c in _cells(path) if c["cell_type"] == "markdown")


def test_the_notebooks_are_found():
    assert "index.ipynb" in NAMES and "playtest.ipynb" in NAMES
    assert {f"{game}/0{n}" for game in ("journey", "naeco", "neptune", "syndicate") for n in (1, 2, 3)} <= {
        name.split("-")[0] for name in NAMES}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=NAMES)
def test_a_notebook_opens_with_its_time_under_a_minute_and_closes_with_a_summary(path):
    heading = _source(_cells(path)[0])
    stated = re.search(r"\*\*Time:\*\* about (\d+) seconds", heading)
    assert stated, "the first cell states the time it takes as '**Time:** about N seconds'"
    assert int(stated.group(1)) < 60
    assert "## Summary" in _source([c for c in _cells(path) if c["cell_type"] == "markdown"][-1])


@pytest.mark.parametrize("path", NOTEBOOKS, ids=NAMES)
def test_a_notebook_asks_its_try_it_questions_in_two_cells_and_ships_the_reminder(path):
    cells = _cells(path)
    asks = [i for i, c in enumerate(cells) if c["cell_type"] == "code" and _source(c).startswith("answer = ...")]
    if path.name != "playtest.ipynb":
        assert asks, "at least one Try it exercise"
    for i in asks:
        assert "Try it" in _source(cells[i - 1])
        check = cells[i + 1]
        # neko_lab.learn.check_answer: any natural form of the right answer counts, and no answer breaks it
        assert "check_answer(answer," in _source(check)
        assert [o.get("text") for o in check["outputs"]] in ([REMINDER], [[REMINDER]])


@pytest.mark.parametrize("path", NOTEBOOKS, ids=NAMES)
def test_a_notebook_has_one_default_size_and_no_quick_mode(path):
    code = _code(path)
    assert "NEKO_LAB_QUICK" not in code and "QUICK" not in code
    assert "NEKO_LAB_QUICK" not in _text(path)
    if path.name != "playtest.ipynb":    # four playtests in one process take more than a minute
        assert not re.search(r"^\s*WORKERS\s*=\s*[1-9]", code, re.M), "WORKERS ships as None: one process"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=NAMES)
def test_a_notebook_shows_whole_texts_in_tables(path):
    assert 'pd.set_option("display.max_colwidth", None)' in _code(path)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=NAMES)
def test_figures_and_widgets_are_kept_for_readers_but_not_compared(path):
    untagged = [i + 1 for i, c in enumerate(_cells(path)) if c["cell_type"] == "code"
                and any(kind in o.get("data", {}) for o in c["outputs"] for kind in UNCOMPARABLE)
                and "NBVAL_IGNORE_OUTPUT" not in c["metadata"].get("tags", [])]
    assert not untagged, f"cells {untagged} hold a figure or a widget without the NBVAL_IGNORE_OUTPUT tag"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=NAMES)
def test_a_win_rate_counts_a_shared_win_as_a_share(path):
    code = _code(path)
    assert not re.search(r"""\[\s*["']won["']\s*\]\s*\.mean\(|\(\s*["']won["']\s*,\s*["']mean["']\s*\)""", code)


@pytest.mark.parametrize("path", [p for p in NOTEBOOKS if p.stem == "03-strategy"],
                         ids=[n for n in NAMES if n.endswith("03-strategy.ipynb")])
def test_a_strategy_notebook_says_how_long_a_larger_run_takes(path):
    heading = _source(_cells(path)[0])
    assert re.search(r"`GAMES = [\d_]+`\s+takes about", heading)


def test_the_index_is_written_with_the_same_cell_ids_every_time():
    """tools/make_index.py derives each cell's id from its section and place (nbformat's are random), so
    writing the index again changes only what really changed; the committed index carries those ids."""
    import importlib.util
    import sys

    spec = importlib.util.spec_from_file_location("make_index", ROOT / "tools" / "make_index.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("make_index", module)
    spec.loader.exec_module(module)
    ids = [c["id"] for c in module.stable_ids(module.cells())]
    assert ids == [c["id"] for c in module.stable_ids(module.cells())]
    assert len(set(ids)) == len(ids) and all(re.fullmatch(r"[a-z0-9-]{1,64}", i) for i in ids)
    committed = json.loads((ROOT / "notebooks" / "index.ipynb").read_text(encoding="utf-8"))
    assert [c["id"] for c in committed["cells"]] == ids


# what JupyterLab's own python3 kernelspec says: a notebook saying anything else is rewritten, so it counts as
# modified as soon as it opens and closing it asks to save
KERNELSPEC = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=NAMES)
def test_a_notebook_names_the_kernel_as_jupyter_does_so_opening_it_changes_nothing(path):
    assert json.loads(path.read_text(encoding="utf-8"))["metadata"]["kernelspec"] == KERNELSPEC


@pytest.mark.parametrize("path", NOTEBOOKS, ids=NAMES)
def test_a_board_is_committed_as_its_picture_not_as_a_widget_without_a_model(path):
    """Notebooks are saved without widget state, so a saved widget view has no model before its cell runs and
    JupyterLab shows "Error displaying widget: model not found". tools/static_boards.py keeps a board's static
    view (its picture and how to play) in its place."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    assert "widgets" not in nb["metadata"], "widget state is not stored (notebooks/README.md)"
    cells = _cells(path)
    bare = [i + 1 for i, c in enumerate(cells) if c["cell_type"] == "code"
            and any("application/vnd.jupyter.widget-view+json" in o.get("data", {}) for o in c["outputs"])]
    assert not bare, f"cells {bare} hold a widget view with no model: run python tools/static_boards.py {path.name}"
    boards = [o["data"]["text/html"] for c in cells if c["cell_type"] == "code" for o in c["outputs"]
              if "neko-board-static" in "".join(o.get("data", {}).get("text/html", ""))]
    if path.name in ("index.ipynb", "01-rules.ipynb"):       # each has a board to play on
        assert boards
    for html in boards:
        html = "".join(html)
        # the pictures as images: a notebook this computer never signed loses inline SVG, not images
        assert "Run this cell to play" in html and "data:image/svg+xml;base64," in html and "<svg" not in html


@pytest.mark.parametrize("path", NOTEBOOKS, ids=NAMES)
def test_guards_are_folded_check_cells_out_of_the_learners_way(path):
    """A cell of asserts only keeps the notebook honest and is no lesson: it is tagged `check` with its source
    folded (notebooks/README.md), so a reader never meets a bare assert between the results."""
    import ast

    cells = [(i + 1, c) for i, c in enumerate(_cells(path)) if c["cell_type"] == "code"]
    guards = [i for i, c in cells if (body := ast.parse(_source(c)).body)
              and all(isinstance(node, ast.Assert) for node in body)]
    checks = [i for i, c in cells if "check" in c["metadata"].get("tags", [])]
    assert not set(guards) - set(checks), f"cells {sorted(set(guards) - set(checks))} are guards not tagged check"
    unfolded = [i for i, c in cells if i in checks and not c["metadata"].get("jupyter", {}).get("source_hidden")]
    assert not unfolded, f"check cells {unfolded} show their source: fold it (source_hidden)"
