"""The generic board in a real JupyterLab: the widgets render, clicking a choice plays it, and the bot
replies by itself, its move told in words."""
from __future__ import annotations

import pytest

from harness import Lab, board_notebook, browser_page, require_browser, write_notebook

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


@pytest.mark.browser
def test_open_a_save_twice_and_back_to_my_game_in_jupyterlab(tmp_path):
    """The "Open a save" control opens a file, "Back to my game" returns to the game in progress, and
    the same file chosen again opens again (the browser sends the same value a second time)."""
    require_browser()
    from playwright.sync_api import expect

    import neko_lab as nl
    from harness import button

    saved = nl.new_game("toy", players=2, seed=5)
    while not saved.is_over():
        saved.apply(saved.legal_actions()[0])
    save = tmp_path / "game.json"
    save.write_text(saved.to_json(), encoding="utf-8")
    with board_notebook(tmp_path, "board.ipynb", CELLS) as (book, board):
        page = book.page
        page.locator(".neko-choices [data-target='action:0'].neko-lit").click(timeout=30_000)
        expect(board.locator(".neko-moves")).to_contain_text("P2 (bot): ", timeout=20_000)
        back = button(page, "Back to my game")
        expect(back).to_be_hidden()
        for _ in range(2):
            with page.expect_file_chooser() as chooser:
                board.locator("button.neko-open-file").click()         # "Open a save"
            chooser.value.set_files(save)
            expect(board.locator(".neko-msg")).to_contain_text("Reviewing the save", timeout=20_000)
            expect(board).to_contain_text("Review · position 1 of")
            back.click()
            expect(board.locator(".neko-msg")).to_contain_text("Back to your game", timeout=20_000)
            expect(back).to_be_hidden()
            expect(board.locator(".neko-choices [data-target='action:0'].neko-lit")).to_be_visible()


@pytest.mark.browser
def test_open_a_save_refuses_a_file_too_long_and_one_not_utf8_saying_why_in_jupyterlab(tmp_path):
    """A file longer than any save is refused by its size (never read, nor sent to the kernel, whose
    connection would drop it without a word); a file that is not UTF-8 text is refused as such (its
    bytes are sent as they are); a new file chosen clears what was said about the last."""
    require_browser()
    from playwright.sync_api import expect

    import neko_lab as nl

    saved = nl.new_game("toy", players=2, seed=5)
    saved.apply(saved.legal_actions()[0])
    good = saved.to_json().encode()
    huge = tmp_path / "huge.json"
    with open(huge, "wb") as f:
        f.truncate(40 * 1024 * 1024)            # 40 MB, over the kernel connection's limit for one message
    latin = tmp_path / "latin.json"
    latin.write_bytes(good[:20] + "é".encode("latin-1") + good[20:])
    with board_notebook(tmp_path, "board.ipynb", CELLS) as (book, board):
        page = book.page
        message = board.locator(".neko-msg")
        for file, said in ((huge, "41,943,040 bytes is far longer than any game"),
                           (latin, "not a neko_lab save: not UTF-8 text"),
                           (tmp_path / "huge.json", "41,943,040 bytes is far longer than any game")):
            with page.expect_file_chooser() as chooser:
                board.locator("button.neko-open-file").click()         # "Open a save"
            chooser.value.set_files(file)
            expect(message).to_contain_text(said, timeout=20_000)
            expect(message).to_contain_text("This save cannot be opened")
            expect(message).not_to_contain_text("UTF-8" if "bytes" in said else "bytes")
