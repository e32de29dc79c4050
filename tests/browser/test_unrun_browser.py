"""The first two notebooks of a workshop opened in a real JupyterLab before anything runs, on a computer
that never signed them: each board shows how to play and its picture (drawn as images, which an untrusted
notebook keeps) instead of "Error displaying widget", and opening a notebook does not modify it (closing
it then asks nothing).

Not checked for a notebook with plotly figures: plotly's renderer stores a PNG of each figure it draws in the
figure's output, which modifies the notebook (docs/workshop.md, "When something goes wrong")."""
from __future__ import annotations

import json

import pytest

from harness import REPO, Lab, browser_page, require_browser

NOTEBOOKS = ["notebooks/index.ipynb", "notebooks/naeco/01-rules.ipynb"]

_OUTPUTS = """() => Array.from(window.jupyterapp.shell.currentWidget.content.widgets)
  .map(c => Array.from(c.node.querySelectorAll('.jp-OutputArea-output')).map(o => o.innerText).join('\\n'))"""


# the static views' pictures: how many images each holds, and how many of them were drawn
_PICTURES = """() => Array.from(document.querySelectorAll('.neko-board-static')).map(v =>
  [v.querySelectorAll('img').length, Array.from(v.querySelectorAll('img')).filter(i => i.naturalWidth > 0).length])"""


@pytest.mark.browser
def test_an_unrun_notebook_shows_its_boards_without_errors_and_opens_unmodified(tmp_path, monkeypatch):
    require_browser()
    # a computer that never signed these notebooks (a fresh clone opened with plain `jupyter lab`): their
    # HTML outputs lose any inline SVG, so the boards' pictures must be images to be seen
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path / "jupyter-data"))
    with Lab(notebooks={nb: REPO / nb for nb in NOTEBOOKS}) as lab, browser_page(1280, 900) as page:
        checked = []
        for nb in NOTEBOOKS:
            lab.open(page, nb)
            page.wait_for_timeout(3000)          # outputs drawn; the widget manager has looked for models
            outputs = page.evaluate(_OUTPUTS)
            errors = [i + 1 for i, text in enumerate(outputs) if "Error displaying widget" in text]
            assert not errors, f"{nb}: cells {errors} show 'Error displaying widget' before running"
            boards = [i + 1 for i, text in enumerate(outputs) if "Run this cell to play" in text]
            assert boards, f"{nb}: its board says how to play before running"
            pictures = page.evaluate(_PICTURES)
            assert pictures and all(n > 0 and drawn == n for n, drawn in pictures), (
                f"{nb}: the boards' pictures before running (images, drawn): {pictures}")
            saved = json.loads((REPO / nb).read_text(encoding="utf-8"))
            if any("application/vnd.plotly.v1+json" in o.get("data", {}) for c in saved["cells"]
                   for o in c.get("outputs", [])):
                continue
            checked.append(nb)
            assert not page.evaluate("() => window.jupyterapp.shell.currentWidget.context.model.dirty"), (
                f"{nb} counts as modified as soon as it opens")
        assert checked == ["notebooks/naeco/01-rules.ipynb"]
