"""Destination: Neptune's board in a real JupyterLab and Chromium: a click on your own row of the tracks,
lit as "player:me" at Attract Investors, the Fuel Broker and victory-point purchases, reaches the board
(the picture sends the target's name as the game drew it), which lists that row's choices under the
picture; a choice there is played."""
from __future__ import annotations

import pytest

from harness import board_notebook, require_browser

# a game against Neptune's agent, seed 5, first choices until your own row is lit (Attract Investors)
CELLS = ["import neko_lab as nl\nfrom neko_lab.games.neptune.board import Board",
         "board = Board(nl.new_game('neptune', players=2, seed=5), agents={1: 'neptune'})\n"
         "board.controls.speed.value = 'instant'\nboard.play_bots()\n"
         "while 'player:me' not in board.lit_moves():\n"
         "    board.picker.choose(0)\n    board.play_bots()\n"
         "board"]


@pytest.mark.browser
def test_a_click_on_your_own_lit_row_lists_its_choices_and_one_plays(tmp_path):
    require_browser()
    from playwright.sync_api import expect

    with board_notebook(tmp_path, "neptune.ipynb", CELLS, 1280, 1000, timeout=240) as (book, board):
        row = board.locator(".neko-picture [data-target='player:me'].neko-lit")
        expect(row).to_have_count(1, timeout=30_000)
        row.scroll_into_view_if_needed()
        row.click()
        expect(board.locator(".neko-msg.neko-error")).to_have_count(0)
        expect(board).to_contain_text("choices there")
        newest = board.locator(".neko-move").first
        before = newest.inner_text()
        board.locator(".jupyter-widgets button", has_text="give up 2 fame").last.click()
        expect(newest).not_to_have_text(before, timeout=30_000)          # the choice was played
        expect(newest).to_contain_text("P1: gives up 2 fame")
        book.screenshot("neptune-own-row", locator=board)
