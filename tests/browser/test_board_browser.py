"""The generic board in a real JupyterLab: the widgets render, clicking a choice plays it, and the bot
replies by itself, its move told in words."""
from __future__ import annotations

import pytest

from harness import Lab, browser_page, require_browser, write_notebook

CELLS = [
    "import toygame\nimport neko_lab as nl",
    "board = nl.widgets.Board(nl.new_game('toy', players=2, seed=7), agents={1: 'random'})\nboard",
]


@pytest.mark.browser
def test_generic_board_plays_a_click_in_jupyterlab(tmp_path):
    require_browser()
    from playwright.sync_api import expect

    path = write_notebook(tmp_path / "board.ipynb", CELLS)
    with Lab(notebooks={"board.ipynb": path}) as lab, browser_page() as page:
        book = lab.open(page, "board.ipynb")
        book.run_all()
        choice = page.locator(".neko-choices [data-target='action:0'].neko-lit")
        choice.wait_for(timeout=30_000)
        assert page.locator(".neko-log").first.inner_text().count("nothing has happened") == 1
        choice.click()
        page.wait_for_function(
            "() => document.querySelector('.neko-log') && "
            "document.querySelector('.neko-log').innerText.includes('Toy › Turn')", timeout=20_000)
        # seed 7 deals P1 a 1 and a 3; the first choice plays the 1, then the bot replies by itself
        moves = page.locator(".neko-moves").first
        expect(moves).to_contain_text("P1: ")
        expect(moves).to_contain_text("P2 (bot): ", timeout=20_000)
        shot = book.screenshot("generic-board")
        assert shot.exists() and shot.stat().st_size > 10_000
