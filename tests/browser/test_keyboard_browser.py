"""A board played by keyboard alone, in a real JupyterLab and Chromium: every lit target of the picture
and of the choices is a named button in the tab order (unlit ones are marked unavailable); Enter or Space
on one is the click, without JupyterLab taking the key for itself (Enter would open the cell for editing);
and after a redraw the focus is still on the board, so the next Tab and Enter go on from there."""
from __future__ import annotations

import pytest

from harness import board_notebook, require_browser

CELLS = ["import neko_lab as nl\nfrom neko_lab.games.naeco.board import Board",
         "board = Board(nl.new_game('naeco', players=2, seed=7), agents={1: 'naeco'})\n"
         "board.controls.speed.value = 'instant'\nboard"]

FOCUSED = "() => { const a = document.activeElement; const t = a && a.closest('[data-target]'); " \
          "return t ? t.getAttribute('data-target') : (a && a.classList.contains('neko-picture') ? 'picture' : ''); }"
EVENTS = "() => document.querySelectorAll('.neko-board .neko-log tr').length"


def _focused(page) -> str:
    return page.evaluate(FOCUSED)


@pytest.mark.browser
def test_a_naeco_turn_played_with_tab_enter_and_space(tmp_path):
    require_browser()
    from playwright.sync_api import expect

    with board_notebook(tmp_path, "keys.ipynb", CELLS, 1280, 1000) as (book, board):
        page = book.page
        hand = board.locator(".neko-picture [data-target^='hand:'].neko-lit")
        expect(hand).to_have_count(3, timeout=30_000)
        # named buttons in the tab order; what cannot be played now is marked so, and is not in it
        for k in range(hand.count()):
            assert hand.nth(k).get_attribute("role") == "button"
            assert hand.nth(k).get_attribute("tabindex") == "0"
            tip = " ".join(hand.nth(k).locator("title").first.text_content().split())
            assert tip and hand.nth(k).get_attribute("aria-label") == tip      # named by what hovering says
        off = board.locator(".neko-picture [data-target].neko-off").first
        assert off.get_attribute("aria-disabled") == "true" and off.get_attribute("tabindex") is None
        choices = board.locator(".neko-choices [data-target^='action:'].neko-lit")
        assert choices.first.get_attribute("role") == "button"
        assert choices.first.get_attribute("aria-label") == choices.first.inner_text().strip()

        # a hand card with Enter: it is chosen, and the focus stays on it
        first = hand.first
        name = first.get_attribute("data-target")
        first.focus()
        page.keyboard.press("Enter")
        expect(board.locator(f"[data-target='{name}'] rect[stroke='#d40']")).to_have_count(1, timeout=20_000)
        page.wait_for_function(f"() => ({FOCUSED})() === {name!r}", timeout=10_000)
        assert not page.locator(".jp-Notebook.jp-mod-editMode").count()      # JupyterLab left Enter alone
        # Tab on to a green place, Space plays the card there
        for _ in range(60):
            if _focused(page).startswith("cell:"):
                break
            page.keyboard.press("Tab")
        else:
            # a card that fits nowhere face up: the face-down switch (reached by Tab too) makes it fit
            raise AssertionError(f"Tab never reached a green place (the focus ended on {_focused(page)!r})")
        place = _focused(page)
        page.keyboard.press(" ")
        expect(board.locator(".neko-prompt")).to_contain_text("draw a card", timeout=20_000)
        board.locator(f".neko-picture [data-target='{place}']").wait_for(state="detached", timeout=20_000)
        # the focus is still on the board's picture: a pile is the next thing to choose, by Tab
        assert _focused(page) != ""
        # the draw from the list of choices, with Enter: the bot replies, and the focus is on the next choice
        before = page.evaluate(EVENTS)
        choices.first.focus()
        page.keyboard.press("Enter")
        page.wait_for_function(f"() => ({EVENTS})() > {before + 1}", timeout=30_000)   # the draw, then the bot
        expect(board.locator(".neko-prompt")).to_contain_text("click a card in your hand", timeout=30_000)
        page.wait_for_function(f"() => ({FOCUSED})().startsWith('action:')", timeout=10_000)
        assert not page.locator(".jp-Notebook.jp-mod-editMode").count()
        book.screenshot("keyboard-naeco", locator=board)
