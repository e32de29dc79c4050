"""The Journey rules notebook in a real JupyterLab and Chromium: it runs top to bottom, and a die clicked
on its board during the draft is kept (the board's picture and log follow)."""
from __future__ import annotations

import pytest

from harness import REPO, Lab, browser_page, require_browser

NOTEBOOK = "notebooks/journey/01-rules.ipynb"


@pytest.mark.browser
def test_rules_notebook_runs_and_a_clicked_die_is_drafted():
    require_browser()
    from playwright.sync_api import expect

    with Lab(notebooks={NOTEBOOK: REPO / NOTEBOOK}) as lab, browser_page(1500, 2200) as page:
        book = lab.open(page, NOTEBOOK)
        book.run_all()
        board = book.last_board()
        expect(board.locator(".neko-prompt")).to_contain_text("Draft")
        dice = board.locator("button.neko-die")
        dice.first.wait_for(timeout=20_000)
        assert dice.count() >= 2                                   # the pool in front of P0
        picture_before = board.locator(".widget-html svg").first.inner_html()
        value = dice.last.inner_text().strip()
        dice.last.click()
        page.wait_for_function(
            "() => Array.from(document.querySelectorAll('.neko-msg')).some(n => n.innerText.includes('P0: draft a "
            + value + "'))", timeout=20_000)
        expect(board.locator(".neko-log")).to_contain_text("Journey › Preparation Phase › Draft Dice")
        assert board.locator(".widget-html svg").first.inner_html() != picture_before
        board.scroll_into_view_if_needed()
        shot = book.screenshot("journey-board", locator=board)
        assert shot.stat().st_size > 20_000
