"""A whole Naéco game played by clicks on the picture in a real JupyterLab and Chromium: a hand card,
then a green place, then an outlined pile, turn after turn, while the bot replies by itself; then the
game is reviewed move by move with the review buttons."""
from __future__ import annotations

import pytest

from harness import LIT, board_notebook, choose_a_card, require_browser

CELLS = [
    "import neko_lab as nl\nfrom neko_lab.games.naeco.board import Board",
    "board = Board(nl.new_game('naeco', players=2, seed=11), agents={1: 'naeco'})\n"
    "board.controls.speed.value = 'fast'\nboard",
]

MY_TURN_OR_OVER = """() => {
  const b = document.querySelector('.neko-board');
  return !!b.querySelector(".neko-picture [data-target^='hand:'].neko-lit") || b.innerText.includes('Game over');
}"""


@pytest.mark.browser
def test_a_whole_naeco_game_played_by_clicks_on_the_picture(tmp_path):
    require_browser()
    from playwright.sync_api import expect

    with board_notebook(tmp_path, "naeco-game.ipynb", CELLS, 1280, 2000) as (book, board):
        page = book.page
        expect(board).to_contain_text("Player 1: -1 points (to play)")   # research -1 counted
        first = True
        turns = 0
        while True:
            page.wait_for_function(MY_TURN_OR_OVER, timeout=60_000, polling=200)
            if "Game over" in board.inner_text():
                break
            cell = choose_a_card(page, board)                      # its places light up
            if first:
                assert "play " in cell.locator("title").first.text_content()   # hover says what a click does
                book.screenshot("after-naeco-chosen", locator=board)
            cell.click()
            pile = page.locator(LIT.format("pile:")).first
            pile.wait_for(timeout=20_000)                          # now only the piles are lit
            expect(board.locator(".neko-prompt")).to_contain_text("draw a card")
            pile.click()
            if first:
                # the bot replies by itself, and its moves are told in words, newest first
                page.wait_for_function(MY_TURN_OR_OVER, timeout=60_000, polling=200)
                expect(board.locator(".neko-moves")).to_contain_text("P2 (bot): ")
                book.screenshot("after-naeco-bot-replied", locator=board)
                first = False
            turns += 1
            assert turns < 60, "a Naéco game lasts fewer turns"
        expect(board.locator(".neko-prompt")).to_contain_text("game is over")
        assert "may draw" not in board.locator(".neko-picture svg").first.inner_html()
        book.screenshot("after-naeco-game-over", locator=board)
        # review: back to the start, one move on, and to the end again
        page.locator(".jupyter-widgets button", has_text="Review this game").click()
        expect(board).to_contain_text("position 1 of")
        expect(board).to_contain_text("Player 1: -1 points (to play)")   # research -1 counted
        board.locator("button.neko-review-next").click()
        expect(board).to_contain_text("position 2 of")
        board.locator("button.neko-review-last").click()
        expect(board).to_contain_text("Game over")
        board.locator("button.neko-review-back").click()
        expect(board.locator(".neko-picture svg").first).not_to_contain_text("Game over")
        assert turns >= 8
