"""The Naéco rules notebook in a real JupyterLab and Chromium: it runs top to bottom, and a card played on
its board by clicking (hand card, then a green place) lands in the Ocean."""
from __future__ import annotations

import re

import pytest

from harness import REPO, Lab, browser_page, require_browser

NOTEBOOK = "notebooks/naeco/01-rules.ipynb"


@pytest.mark.browser
def test_rules_notebook_runs_and_a_clicked_card_lands_in_the_ocean():
    require_browser()
    from playwright.sync_api import expect

    with Lab(notebooks={NOTEBOOK: REPO / NOTEBOOK}) as lab, browser_page(1500, 1900) as page:
        book = lab.open(page, NOTEBOOK)
        book.run_all()
        board = book.last_board()
        hand = board.locator(".widget-toggle-buttons button")
        assert hand.count() == 3                              # three cards in hand
        picture_before = board.locator(".widget-html svg").first.inner_html()
        hand.first.click()
        green = board.locator("button.neko-cell.mod-success")
        green.first.wait_for(timeout=20_000)                   # the places that accept this card
        places = green.count()
        assert places >= 1
        where = green.first.get_attribute("title")              # "depth D, column C"
        target = board.locator(f'button.neko-cell[title="{where}"]')
        assert target.inner_text().strip() == ""
        target.click()
        page.wait_for_function(
            "() => Array.from(document.querySelectorAll('.neko-msg')).some(n => n.innerText.includes('P0: play '))",
            timeout=20_000)
        expect(target).to_have_text(re.compile(r"^\s*[1-4]\s*$"))    # the place shows the card's value
        expect(board.locator(".neko-prompt")).to_contain_text("draw a card")
        expect(board.locator(".neko-log")).to_contain_text("Naéco › Gameplay")
        assert board.locator(".widget-html svg").first.inner_html() != picture_before
        board.scroll_into_view_if_needed()
        shot = book.screenshot("naeco-board", locator=board)
        assert shot.stat().st_size > 20_000
