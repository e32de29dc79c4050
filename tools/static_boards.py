"""Keep a board's picture, not a dead widget, in the committed notebooks.

The notebooks are committed without widget state (notebooks/README.md). A widget output saved without its
state has no model when the notebook is opened again, so JupyterLab shows "Error displaying widget: model
not found" in its place until the cell runs. A board's output carries a static view beside the widget (its
picture and "run this cell to play"); this drops the widget part of such outputs, so that a reader sees
the static view, and running the cell brings the live board back.

    python tools/static_boards.py                  # every notebook under notebooks/
    python tools/static_boards.py notebooks/index.ipynb

Run it after re-executing a notebook; tests/test_notebooks.py fails while a widget view is left.
"""
from __future__ import annotations

import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[1]
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


def strip(nb) -> tuple[int, list[int]]:
    """Drop the widget view of every output that has a static view (text/html) beside it. Returns how many
    were dropped and the numbers (from 1) of the cells whose widget output has no static view."""
    if WIDGET_STATE in nb.metadata.get("widgets", {}):
        return 0, []          # saved with its widgets: the views have their models
    dropped, bare = 0, []
    for number, cell in enumerate(nb.cells, 1):
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            if WIDGET_VIEW not in data:
                continue
            if "text/html" in data:
                del data[WIDGET_VIEW]
                dropped += 1
            else:
                bare.append(number)
    return dropped, bare


def main(paths: list[str]) -> int:
    files = [Path(p) for p in paths] or sorted((ROOT / "notebooks").rglob("*.ipynb"))
    failed = False
    for path in files:
        nb = nbformat.read(path, as_version=4)
        dropped, bare = strip(nb)
        if dropped:
            nbformat.write(nb, path)
            print(f"{path}: {dropped} widget view(s) replaced by the board's static view")
        if bare:
            failed = True
            print(f"{path}: cell(s) {bare} show a widget with no static view beside it; display it with one "
                  f"(see neko_lab.widgets.Board.static_view) or clear the output", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
