"""The generic board in a real JupyterLab: the widgets render, and clicking Play changes the game."""
from __future__ import annotations

import nbformat
import pytest

from harness import Lab, browser_page, button, require_browser

CELLS = [
    "import toygame\nimport neko_lab as nl",
    "board = nl.widgets.Board(nl.new_game('toy', players=2, seed=7), agents={1: 'random'})\nboard",
]


@pytest.mark.browser
def test_generic_board_plays_a_click_in_jupyterlab(tmp_path):
    require_browser()
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(c) for c in CELLS]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    path = tmp_path / "board.ipynb"
    nbformat.write(nb, path)
    with Lab(notebooks={"board.ipynb": path}) as lab, browser_page() as page:
        book = lab.open(page, "board.ipynb")
        book.run_all()
        widgets = page.locator(".jupyter-widgets")
        play = button(page, "Play")
        play.wait_for(timeout=30_000)
        assert page.locator(".neko-log").first.inner_text().count("nothing has happened") == 1
        play.click()
        page.wait_for_function(
            "() => document.querySelector('.neko-log') && "
            "document.querySelector('.neko-log').innerText.includes('Toy › Turn')", timeout=20_000)
        # seed 7 deals P0 a 1 and a 3; the first action in the list plays the 1, so the bot is next
        assert "P0: ('play', 1)" in widgets.first.inner_text()
        assert "P1 to act (bot: random)" in widgets.first.inner_text()
        button(page, "Play bots until my turn").click()
        page.wait_for_function(
            "() => Array.from(document.querySelectorAll('.neko-msg')).some(n => n.innerText.includes('bots played'))",
            timeout=20_000)
        shot = book.screenshot("generic-board")
        assert shot.exists() and shot.stat().st_size > 10_000
