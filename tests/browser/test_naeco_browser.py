"""The Naéco rules notebook in a real JupyterLab and Chromium: it runs top to bottom, and a card played on
its board by clicking the picture (a hand card, then a green place) lands in the Ocean."""
from __future__ import annotations

import pytest

from harness import REPO, Lab, browser_page, choose_a_card, require_browser

NOTEBOOK = "notebooks/naeco/01-rules.ipynb"


@pytest.mark.browser
def test_rules_notebook_runs_and_a_clicked_card_lands_in_the_ocean():
    require_browser()
    from playwright.sync_api import expect

    with Lab(notebooks={NOTEBOOK: REPO / NOTEBOOK}) as lab, browser_page(1280, 1900) as page:
        book = lab.open(page, NOTEBOOK)
        book.run_all()
        board = book.last_board()
        # three cards in hand, each a target (on this board: the notebook opens with a lesson's board too)
        assert board.locator(".neko-picture [data-target^='hand:'].neko-lit").count() == 3
        picture = board.locator(".neko-picture svg").first
        before = picture.inner_html()
        cell = choose_a_card(page, board)
        where = cell.get_attribute("data-target")                 # "cell:<depth>:<column>"
        assert "play " in cell.locator("title").text_content()    # hover says what a click does
        cell.click()
        page.wait_for_function(
            "() => Array.from(document.querySelectorAll('.neko-msg')).some(n => n.innerText.includes('P1: play '))",
            timeout=20_000)
        board.locator(f"[data-target='{where}']").wait_for(state="detached", timeout=20_000)  # now a card
        expect(board.locator(".neko-prompt")).to_contain_text("draw a card")
        expect(board.locator(".neko-log")).to_contain_text("Naéco › Gameplay")
        assert picture.inner_html() != before
        board.scroll_into_view_if_needed()
        shot = book.screenshot("naeco-board", locator=board)
        assert shot.stat().st_size > 20_000
