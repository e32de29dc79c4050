"""Every game's board and lesson on a laptop: JupyterLab at 1280×800 with the file browser open.

For each game a notebook shows a board (you against the game's agent) and the game's lesson. On each:
the prompt, the choices and the current decision's lit targets lie inside the notebook area on the
screen (the board scrolled to the top of it), the picture is not cut on the right, its text reads at
11 px or more; in the lesson the expected move is marked on the picture with its callout in sight; a
click on the table off the lit targets shows why in the message line; a hint is shown and a move
empties the hint box. Screenshots at 1280×800 and 1920×1080 go to tests/browser/screenshots/
(laptop-<game>-board-1280.png, laptop-<game>-lesson-1920.png, ...).
"""
from __future__ import annotations

import pytest

from harness import Lab, browser_page, require_browser, write_notebook
from layout import measure, outside

GAMES = ["naeco", "journey", "syndicate", "neptune"]


def cells(game: str) -> list[str]:
    return ["import neko_lab as nl",
            f"board = nl.widgets.board(nl.new_game({game!r}, players=2, seed=1), agents={{1: {game!r}}})\nboard",
            f"lesson = nl.lesson({game!r})\nlesson"]


def _settle(page, board, lesson: bool) -> None:
    """Bots at full speed, and (in a lesson) wait until the learner is asked a step."""
    from playwright.sync_api import expect

    board.locator("select").first.select_option("instant")
    if lesson:
        expect(board.locator(".neko-lesson")).to_contain_text("Step 1 of", timeout=60_000)
    else:
        expect(board.locator(".neko-prompt")).not_to_contain_text("bot", timeout=60_000)
    page.wait_for_timeout(600)          # the picture scrolls to its targets after drawing


def check_in_sight(m: dict, what: str) -> None:
    assert m["cut"] <= 0 and m["overflowRight"] <= 0.5, f"{what}: the picture is cut on the right: {m['cut']} px"
    assert m["smallest"] >= 11 - 0.05, f"{what}: text {m['smallest']:.1f} px: {m['smallestText']!r}"
    assert not outside(m, [m["prompt"]]), f"{what}: the prompt is out of sight: {m['prompt']}"
    choices = dict(m["choices"], bottom=m["choices"]["top"] + 40)    # its first choice, at least
    assert not outside(m, [choices]), f"{what}: the choices start out of sight: {m['choices']}"
    hidden = outside(m, m["lit"], m["picture"])
    assert not hidden, f"{what}: lit targets out of sight: {[(t['name'], round(t['top'])) for t in hidden]}"


def wrong_click(page, board) -> str:
    """Click the picture's top-left corner (table, no lit target there) and return the message."""
    from playwright.sync_api import expect

    pic = board.locator(".neko-picture").first
    box = pic.bounding_box()
    hit = page.evaluate("([x, y]) => { const e = document.elementFromPoint(x, y); "
                        "return e && e.closest('[data-target].neko-lit') ? 'lit' : 'table'; }",
                        [box["x"] + 3, box["y"] + 3])
    assert hit == "table"
    page.mouse.click(box["x"] + 3, box["y"] + 3)
    msg = board.locator(".neko-msg.neko-error")
    expect(msg).to_contain_text("deciding", timeout=20_000)
    return msg.inner_text()


def hint_then_move(page, board, lesson: bool) -> None:
    from playwright.sync_api import expect

    board.locator(".jupyter-widgets button", has_text="Hint").first.click()
    expect(board.locator(".neko-hint")).to_have_count(1, timeout=120_000)
    if lesson:
        board.locator(".neko-choices [data-target]", has_text="this step").first.click()
    else:
        board.locator('.neko-choices [data-target="action:0"].neko-lit').click()
    expect(board.locator(".neko-hint")).to_have_count(0, timeout=60_000)


@pytest.mark.browser
@pytest.mark.parametrize("game", GAMES)
def test_board_and_lesson_on_a_laptop(game, tmp_path):
    require_browser()
    from playwright.sync_api import expect

    path = write_notebook(tmp_path / f"laptop-{game}.ipynb", cells(game))
    with Lab(notebooks={"laptop.ipynb": path}) as lab, browser_page(1280, 800) as page:
        book = lab.open(page, "laptop.ipynb")
        book.run_all(timeout=240)
        boards = page.locator(".neko-board")
        expect(boards).to_have_count(2, timeout=60_000)
        for k, kind in enumerate(("board", "lesson")):
            board = boards.nth(k)
            lesson = kind == "lesson"
            _settle(page, board, lesson)
            m = measure(board)
            check_in_sight(m, f"{game} {kind}")
            if lesson and m["expected"] is not None:     # the lesson's move is on the picture: its note too
                assert m["callout"] and not outside(m, [m["callout"]], m["picture"]), m["callout"]
            book.screenshot(f"laptop-{game}-{kind}-1280", full_page=False)
            text = wrong_click(page, board)
            assert "turn" in text and "Not possible there" in text or "Nothing to click now" in text, text
            hint_then_move(page, board, lesson)
        page.set_viewport_size({"width": 1920, "height": 1080})
        for k, kind in enumerate(("board", "lesson")):
            measure(boards.nth(k))
            page.wait_for_timeout(400)
            book.screenshot(f"laptop-{game}-{kind}-1920", full_page=False)
