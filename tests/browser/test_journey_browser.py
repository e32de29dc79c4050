"""The Journey rules notebook in a real JupyterLab and Chromium: it runs top to bottom, and a die clicked
on the board's picture during the draft is kept (the picture and the log follow)."""
from __future__ import annotations

import pytest

from harness import LIT, REPO, Lab, browser_page, require_browser

NOTEBOOK = "notebooks/journey/01-rules.ipynb"


@pytest.mark.browser
def test_rules_notebook_runs_and_a_clicked_die_is_drafted():
    require_browser()
    from playwright.sync_api import expect

    with Lab(notebooks={NOTEBOOK: REPO / NOTEBOOK}) as lab, browser_page(1280, 2200) as page:
        book = lab.open(page, NOTEBOOK)
        book.run_all()
        board = book.last_board()
        expect(board.locator(".neko-prompt")).to_contain_text("Draft")
        dice = page.locator(LIT.format("die:"))
        dice.first.wait_for(timeout=20_000)
        assert dice.count() >= 2                                   # the pool in front of P1
        picture = board.locator(".neko-picture").first     # all its areas: the table and each player's board
        before = picture.inner_html()
        value = dice.last.get_attribute("data-target").split(":")[1]
        assert f"draft a {value}" in dice.last.locator("title").first.text_content()
        moves_before = board.locator(".neko-moves").inner_text()
        assert "P1: " not in moves_before                          # the bots' draft picks so far
        dice.last.click()
        page.wait_for_function(                                    # the picture is drawn anew ...
            "(before) => { const b = document.querySelectorAll('.neko-board'); const svg = "
            "b[b.length - 1].querySelector('.neko-picture'); return svg && svg.innerHTML !== before; }",
            arg=before, timeout=20_000)
        # ... and the move is listed beside it; the list is its own widget, synced after the picture
        expect(board.locator(".neko-moves")).to_contain_text("P1: ", timeout=20_000)
        expect(board.locator(".neko-log")).to_contain_text("Journey › Preparation Phase › Draft Dice")
        assert picture.inner_html() != before
        board.scroll_into_view_if_needed()
        shot = book.screenshot("journey-board", locator=board)
        assert shot.stat().st_size > 20_000
