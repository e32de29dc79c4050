"""Every game's board and lesson on a laptop: JupyterLab at 1280×800 with the file browser open.

For each game a notebook shows a board (you against the game's agent) and the game's lesson. On each:
the prompt, the choices, the Undo and Restart buttons and the current decision's lit targets lie inside
the notebook area on the screen (the board scrolled to the top of it), the picture is not cut on the right, its text reads at
11 px or more; after a wrong click the refusal takes a few lines at most and all of these stay in sight;
in the lesson the line naming the step's move and the step's explanation start in sight
in the lesson box (not below the welcome), the expected move is marked on the picture with its callout in sight; a click on the table
off the lit targets, and one on a place of the table that is not lit, show why in the message line; on
the board, after Hint, hint 1 (its move, value and reasons) and the choice it names, marked "hint 1" in the
choices, are in sight together, and still after a wrong click (at 1920×1080 too); a move empties the hint box; at 1920×1080 the table is scrolled no further than its
lit targets need, a table drawn as one picture (Naéco's) has grown with the wider column, and one drawn
as several areas (Journey's, Neptune's, Syndicate's) has two of them side by side.
Screenshots at 1280×800 and 1920×1080 go to tests/browser/screenshots/
(laptop-<game>-board-1280.png, laptop-<game>-lesson-1920.png, laptop-<game>-hint-1280.png, ...).

Full tables (3 and 4 players, every other seat a bot) are measured the same way at 1280×800
(laptop-<game>-<n>p-1280.png): nothing cut, text at 11 px or more, prompt, choices and targets in sight,
wrong clicks explained in a few lines with the choices still in sight; after a move, the message line
(naming the bots' moves since) and the newest of the last moves in sight.

Mid-game, at the positions of a random game that light the most (busy-<game>-<n>-<width>.png), the prompt,
the first choice, Undo, Restart and every lit target are in sight together at 1280×800 and 1920×1080.
"""
from __future__ import annotations

import pytest

from harness import Lab, browser_page, require_browser, write_notebook
from layout import measure, outside, scrolled_too_far

GAMES = ["naeco", "journey", "syndicate", "neptune"]
TABLES = [("journey", 3), ("journey", 4), ("neptune", 4), ("naeco", 4), ("syndicate", 4)]
FIRST_MOVE = {"syndicate": 1}      # choice 1 of Syndicate's opening is the redraw: the same decision again


def cells(game: str, players: int = 2, lesson: bool = True) -> list[str]:
    bots = ", ".join(f"{i}: {game!r}" for i in range(1, players))
    return ["import neko_lab as nl",
            f"board = nl.widgets.board(nl.new_game({game!r}, players={players}, seed=1), agents={{{bots}}})\nboard"
            ] + ([f"lesson = nl.lesson({game!r})\nlesson"] if lesson else [])


def _settle(page, board, lesson: bool) -> None:
    """Bots at full speed, and (in a lesson) wait until the learner is asked a step."""
    from playwright.sync_api import expect

    board.locator("select").first.select_option("instant")
    if lesson:
        expect(board.locator(".neko-lesson")).to_contain_text("Step 1 of", timeout=60_000)
    else:
        expect(board.locator(".neko-prompt")).not_to_contain_text("bot", timeout=60_000)
    page.wait_for_timeout(600)          # the picture scrolls to its targets after drawing


def one_board(lab, page, name: str):
    """The notebook `name` opened in JupyterLab and run; its one board (bots at full speed), settled.
    Returns (the notebook, the board)."""
    from playwright.sync_api import expect

    book = lab.open(page, name)
    book.run_all(timeout=240)
    board = page.locator(".neko-board")
    expect(board).to_have_count(1, timeout=60_000)
    _settle(page, board, False)
    return book, board


def first_move(page, board, game: str) -> None:
    """The learner's first move (the first choice that decides), then the bots' replies, all settled."""
    from playwright.sync_api import expect

    board.locator(f'.neko-choices [data-target="action:{FIRST_MOVE.get(game, 0)}"].neko-lit').click()
    expect(board.locator(".neko-move").first).to_be_visible(timeout=120_000)
    _settle(page, board, False)


def check_in_sight(m: dict, what: str) -> None:
    assert m["cut"] <= 0 and m["overflowRight"] <= 0.5, f"{what}: the picture is cut on the right: {m['cut']} px"
    assert m["smallest"] >= 11 - 0.05, f"{what}: text {m['smallest']:.1f} px: {m['smallestText']!r}"
    assert not outside(m, [m["prompt"]]), f"{what}: the prompt is out of sight: {m['prompt']}"
    choices = dict(m["choices"], bottom=m["choices"]["top"] + 40)    # its first choice, at least
    assert not outside(m, [choices]), f"{what}: the choices start out of sight: {m['choices']}"
    assert not outside(m, [m["undo"], m["restart"]]), f"{what}: Undo or Restart out of sight: {m['undo']}, {m['restart']}"
    hidden = outside(m, m["lit"], m["picture"])
    assert not hidden, f"{what}: lit targets out of sight: {[(t['name'], round(t['top'])) for t in hidden]}"
    assert not m["cutTop"], f"{what}: the picture, scrolled {m['scroll']} px, cuts its top line in half: {m['cutTop']}"


def wrong_click(page, board) -> str:
    """Click the picture's top-left corner as shown (table, no lit target there) and return the message."""
    from playwright.sync_api import expect

    pic = board.locator(".neko-picture").first
    msg = board.locator(".neko-msg.neko-error")
    for attempt in range(3):
        shown = measure(board, still=True)["notebook"]["top"]       # the page may have scrolled the board up
        box = pic.bounding_box()
        x, y = box["x"] + 3, max(box["y"], shown) + 3
        hit = page.evaluate("([x, y]) => { const e = document.elementFromPoint(x, y); "
                            "return e && e.closest('[data-target].neko-lit') ? 'lit' : 'table'; }", [x, y])
        assert hit == "table"
        page.mouse.click(x, y)
        try:
            # a busy machine can still be scrolling the page under the pointer: then the click met
            # something else, and the same wrong click is made again where the picture now is
            expect(msg).to_contain_text("Not ", timeout=10_000 if attempt < 2 else 20_000)
            break
        except AssertionError:
            if attempt == 2:
                raise
    return msg.inner_text()


def check_refusal_in_sight(board, what: str) -> None:
    """After a wrong click: the refusal is short (a few lines of the side column at most) and the prompt,
    the first choice, Undo and Restart are still in sight (a refusal repeating the prompt and listing
    every choice pushed them off the screen)."""
    m = measure(board)
    lines = m["message"]["height"] / 17.5           # 13 px text, 1.35 line height
    assert lines <= 5.5, f"{what}: the refusal takes {lines:.1f} lines"
    check_in_sight(m, f"{what}, after a wrong click")


# an unlit target of the picture, in sight and on top at its middle (no lit target or note over it)
UNLIT = """(pic) => {
  const box = pic.getBoundingClientRect();
  for (const el of pic.querySelectorAll('[data-target].neko-off')) {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (!r.width || x < box.left || x > box.right || y < box.top || y > Math.min(box.bottom, innerHeight)) continue;
    const hit = document.elementFromPoint(x, y);
    if (hit && hit.closest('[data-target]') === el) return {name: el.getAttribute('data-target'), x: x, y: y};
  }
  return null;
}"""


def unlit_click(page, board) -> tuple[str, str] | None:
    """Click a place of the table drawn as a target but not lit now; (its name, the message shown), or
    None when the picture shows no unlit target in sight."""
    from playwright.sync_api import expect

    spot = board.locator(".neko-picture").first.evaluate(UNLIT)
    if spot is None:
        return None
    page.mouse.click(spot["x"], spot["y"])
    msg = board.locator(".neko-msg.neko-error")
    expect(msg).to_contain_text("Not possible there", timeout=20_000)
    return spot["name"], msg.inner_text()


def check_unlit(page, board, what: str) -> None:
    found = unlit_click(page, board)
    if found is not None:
        name, text = found
        assert "not one of the places" not in text, f"{what}: {name}: {text}"     # the game's own reason
        check_refusal_in_sight(board, f"{what}: {name}")


def check_hint_in_sight(board, what: str) -> dict:
    """After Hint: hint 1 (its move, value and reasons) and the choice it names, marked "hint 1" in the
    choices, both in sight in the notebook area (the choice inside the choices' own scrolled box too), as
    the page shows them (the board was at the top of the notebook when Hint was clicked), with Undo and
    Restart."""
    m = measure(board, still=True)
    first, chosen = m["hintFirst"], m["hinted"]
    assert first and chosen, f"{what}: hint 1 {first}, the choice marked for it {chosen}"
    number = int(chosen["name"].split(":")[1]) + 1          # choices count from 1 where they are read
    assert f"choice {number}:" in first["text"] and "hint 1" in chosen["text"], (first["text"], chosen["text"])
    assert " — " in first["text"], f"{what}: hint 1 without its value: {first['text']!r}"
    assert not outside(m, [first]), f"{what}: hint 1 is at {first['top']:.0f}-{first['bottom']:.0f}, " \
                                    f"the notebook ends at {m['notebook']['bottom']:.0f}"
    assert not outside(m, [chosen], m["choices"]), f"{what}: the hinted choice is at {chosen['top']:.0f}-" \
        f"{chosen['bottom']:.0f}, the choices box {m['choices']}, the notebook ends at {m['notebook']['bottom']:.0f}"
    assert not outside(m, [m["undo"], m["restart"]]), f"{what}: Undo or Restart out of sight"
    return m


def ask_hint(page, board, what: str) -> dict:
    """Click Hint on a board scrolled to the top of the notebook; hint 1 and its choice then in sight."""
    from playwright.sync_api import expect

    measure(board)
    page.wait_for_timeout(300)
    board.locator(".jupyter-widgets button", has_text="Hint").first.click()
    expect(board.locator(".neko-choices .neko-hinted")).to_have_count(1, timeout=120_000)
    page.wait_for_timeout(400)              # the choices scroll to hint 1 after drawing
    return check_hint_in_sight(board, f"{what}, after Hint")


def hint_then_move(page, board, lesson: bool) -> None:
    from playwright.sync_api import expect

    board.locator(".jupyter-widgets button", has_text="Hint").first.click()
    expect(board.locator(".neko-hint")).to_have_count(1, timeout=120_000)
    page.wait_for_timeout(400)              # the choices scroll to hint 1 after drawing
    if lesson:
        board.locator(".neko-choices [data-target]", has_text="this step").first.click()
    else:
        board.locator('.neko-choices [data-target="action:0"].neko-lit').click()
    expect(board.locator(".neko-hint")).to_have_count(0, timeout=60_000)


def still(page, board, tries: int = 20) -> dict:
    """The board measured once its table has stopped changing: the same areas at the same widths in two
    measurements 400 ms apart (a bot's reply, or a lesson's next step, may still be drawing)."""
    m = measure(board)
    for _ in range(tries):
        page.wait_for_timeout(400)
        again = measure(board)
        if [s["width"] for s in again["svgs"]] == [s["width"] for s in m["svgs"]]:
            return again
        m = again
    raise AssertionError(f"the table kept changing for {tries * 0.4:.0f} s: {[s['width'] for s in m['svgs']]}")


def check_grown(m: dict, before: list, what: str) -> None:
    """At 1920×1080, after 1280×800 (widths `before`): a table drawn as one picture grows with its wider
    column (to 1.5 times its drawn size, or the column's width; one that fits the box's height only as far
    as it stays whole in it); a table drawn as several areas (Journey's, Neptune's, Syndicate's) puts two
    of them side by side where the column holds them; and no picture is narrower than it was."""
    now = [s["width"] for s in m["svgs"]]
    assert len(now) == len(before) and all(w >= b - 0.5 for w, b in zip(now, before)), f"{what}: {before} -> {now}"
    if len(m["svgs"]) > 1 and sum(sorted(now)[-2:]) + 2 * 8 + 20 <= m["picture"]["width"]:
        tops = [round(s["top"]) for s in m["svgs"]]
        assert len(set(tops)) < len(tops), \
            f"{what}: the areas stand one under the other in a {m['picture']['width']:.0f} px column: {now}"
    if len(m["svgs"]) == 1:
        svg, column, box = m["svgs"][0], m["picture"]["width"], m["box"]
        w, h = svg["natural"], svg["naturalHeight"]
        most = 1.5 * w if h > box - 4 else min(1.5 * w, max(w, w * (box - 4) / h))
        want = min(most, column - 20)
        assert svg["width"] >= want - 1, f"{what}: the picture is {svg['width']:.0f} px wide in a {column:.0f} px column"
        if h <= box - 4:
            assert svg["width"] * h / w <= box, f"{what}: grown past the box's height {box:.0f} px"


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
            if lesson:            # the step's instruction starts in sight in the lesson box, not scrolled below
                step, box = m["step"], m["lesson"]
                assert step and not outside(m, [box]) and box["top"] - 0.5 <= step["top"] <= box["bottom"] - 40, \
                    f"{game}: the step starts at y={step and round(step['top'])}, the lesson box is {box}"
                move = m["move"]         # the move asked for, above the explanation, never scrolled away
                assert move and not outside(m, [move], box), f"{game}: the line naming the move is {move}, box {box}"
            if lesson and m["expected"] is not None:     # the lesson's move is on the picture: its note too
                assert m["callout"] and not outside(m, [m["callout"]], m["picture"]), m["callout"]
                assert not m["calloutCovers"], f"{game}: the callout covers {m['calloutCovers']}"
            book.screenshot(f"laptop-{game}-{kind}-1280", full_page=False)
            if not lesson:       # a hint: hint 1 and the choice it names in sight together
                ask_hint(page, board, f"{game} board")
                book.screenshot(f"laptop-{game}-hint-1280", full_page=False)
            text = wrong_click(page, board)
            assert "Not possible there" in text or "Nothing to click now" in text, text
            if not lesson:       # and still when the refusal comes above them
                page.wait_for_timeout(300)
                check_hint_in_sight(board, f"{game} board, after Hint and a wrong click")
                book.screenshot(f"laptop-{game}-hint-refused-1280", full_page=False)
            check_refusal_in_sight(board, f"{game} {kind}")
            check_unlit(page, board, f"{game} {kind}")
            book.screenshot(f"laptop-{game}-{kind}-refused-1280", full_page=False)
            hint_then_move(page, board, lesson)
            if game == "journey" and lesson:           # the bot then drafts out of the learner's sight
                msg = board.locator(".neko-msg")
                expect(msg).to_contain_text("picks a die", timeout=60_000)
                assert "draft a" not in msg.inner_text()
                measure(board)                            # scrolled back to the top of the board
                page.wait_for_timeout(300)
                book.screenshot("laptop-journey-lesson-draft-1280", full_page=False)
        widths = {}
        for k, kind in enumerate(("board", "lesson")):       # after the bots' replies to the move above
            widths[kind] = [s["width"] for s in still(page, boards.nth(k))["svgs"]]
        page.set_viewport_size({"width": 1920, "height": 1080})
        for k, kind in enumerate(("board", "lesson")):
            m = still(page, boards.nth(k))
            check_grown(m, widths[kind], f"{game} {kind}")
            book.screenshot(f"laptop-{game}-{kind}-1920", full_page=False)
            if kind == "lesson" and m["callout"]:
                assert not m["calloutCovers"], f"{game} at 1920: the callout covers {m['calloutCovers']}"
            if kind == "board":            # a hint there: hint 1 and its choice in sight together as well
                expect(boards.nth(k).locator(".jupyter-widgets button", has_text="Hint").first).to_be_enabled(
                    timeout=60_000)
                ask_hint(page, boards.nth(k), f"{game} board at 1920")
                book.screenshot(f"laptop-{game}-hint-1920", full_page=False)
            # on the wider screen the table lays out anew: it shows its top unless its targets need the scroll
            assert not scrolled_too_far(m), f"{game} {kind} at 1920: scrolled {m['scroll']} px, {m['lit']}"


@pytest.mark.browser
@pytest.mark.parametrize("game,players", TABLES)
def test_a_full_table_on_a_laptop(game, players, tmp_path):
    """3 and 4 players: every area grows by a player; nothing may be cut or unreadable."""
    require_browser()
    path = write_notebook(tmp_path / f"table-{game}-{players}.ipynb", cells(game, players, lesson=False))
    with Lab(notebooks={"table.ipynb": path}) as lab, browser_page(1280, 800) as page:
        book, board = one_board(lab, page, "table.ipynb")
        m = measure(board)
        book.screenshot(f"laptop-{game}-{players}p-1280", full_page=False)
        check_in_sight(m, f"{game} with {players} players")
        assert "Not possible there" in wrong_click(page, board)
        check_refusal_in_sight(board, f"{game} with {players} players")
        check_unlit(page, board, f"{game} with {players} players")
        # one move on (the first choice that decides), the bots reply: the next decision of the learner in sight too
        first_move(page, board, game)
        m = measure(board)
        book.screenshot(f"laptop-{game}-{players}p-move-1280", full_page=False)
        check_in_sight(m, f"{game} with {players} players, second decision")
        # what the bots did since: named in the message line, and the newest of the last moves first
        said = board.locator(".neko-msg").inner_text()
        if "(bot)" in board.locator(".neko-move").first.inner_text():
            assert "(bot)" in said, f"{game} with {players} players: the message says {said!r}"
        assert not outside(m, [m["message"]]), f"{game} with {players} players: the message is {m['message']}"
        newest = dict(m["newest"], bottom=m["newest"]["top"] + 16)          # its first line, at least
        assert not outside(m, [newest]), f"{game} with {players} players: the newest move is at {m['newest']}"


def busy_cells(game: str) -> list[str]:
    """A cell showing a board at each of the busiest positions (tests/boardclicks.busiest) of a random game of
    `game` (every seat a person's, seed 3) and of one against the game's agent (seed 5): Neptune's Research
    Missions lighting locations over the whole map, technologies and the panel's buttons at once. The
    positions are found here and given to the notebook as saves: found in the kernel, where the board that
    plays the agent's moves paces them on the kernel's event loop, the cell could wait on itself."""
    from boardclicks import busiest

    free = [s.to_json() for s in busiest(game, 3)]
    against = [s.to_json() for s in busiest(game, 5, agent=True)]
    return [f"for text in {free!r}:\n    display(nl.widgets.board(nl.from_json(text), agents={{}}))\n"
            f"for text in {against!r}:\n    display(nl.widgets.board(nl.from_json(text), agents={{1: {game!r}}}))"]


@pytest.mark.browser
def test_busy_positions_along_a_game_show_every_lit_target_with_the_prompt_and_choices(tmp_path):
    """Mid-game, where a decision lights the most places (Neptune's Research Missions: a dozen locations
    over the map, technologies whose access may be bought, the panel's fuel and pass buttons), at 1280×800
    with the file browser open and at 1920×1080: the prompt, the first choice, Undo and Restart and every
    lit target in sight together, nothing cut, text at 11 px or more (busy-<game>-<n>-<width>.png)."""
    require_browser()
    from playwright.sync_api import expect

    cells_ = ["import neko_lab as nl"] + [c for game in GAMES for c in busy_cells(game)]
    path = write_notebook(tmp_path / "busy.ipynb", cells_)
    with Lab(notebooks={"busy.ipynb": path}) as lab, browser_page(1280, 800) as page:
        book = lab.open(page, "busy.ipynb")
        book.run_all(timeout=300)
        boards = page.locator(".neko-board")
        expect(boards.nth(2 * len(GAMES) - 1)).to_be_visible(timeout=60_000)     # one or two of each kind
        import neko_lab as nl
        titles = {type(nl.new_game(g)).TITLE: g for g in GAMES}
        games = [titles[boards.nth(k).locator("h3").first.inner_text().strip()] for k in range(boards.count())]
        names = [f"{g}-{games[:k + 1].count(g)}" for k, g in enumerate(games)]      # neptune-1, neptune-2, ...
        failures = []
        for width, height in ((1280, 800), (1920, 1080)):
            page.set_viewport_size({"width": width, "height": height})
            for k in range(boards.count()):
                board = boards.nth(k)
                if width == 1280:
                    _settle(page, board, False)
                m = still(page, board)
                what = f"board {k + 1} ({names[k]}) at {width}"
                book.screenshot(f"busy-{names[k]}-{width}", full_page=False)
                assert m["lit"], f"{what}: nothing lit"
                try:
                    check_in_sight(m, what)
                except AssertionError as e:
                    failures.append(str(e))
        assert not failures, "\n".join(failures)


@pytest.mark.browser
def test_a_narrow_notebook_puts_the_choices_under_the_picture_instead_of_cutting_it(tmp_path):
    """At 1000×800 with the file browser open the notebook is about 670 px wide: too narrow for the
    picture (580 px) and the side column (250 px) side by side. The side column goes under the picture;
    the picture is neither cut nor scrolled sideways: an area wider than the notebook (Syndicate's 584 px
    pyramid) is scaled down to fit, its text still at 10 px or more."""
    require_browser()
    from playwright.sync_api import expect

    boards = [f"nl.widgets.board(nl.new_game({g!r}, players=2, seed=1), agents={{1: {g!r}}})" for g in GAMES]
    path = write_notebook(tmp_path / "narrow.ipynb", ["import neko_lab as nl"] + boards)
    with Lab(notebooks={"narrow.ipynb": path}) as lab, browser_page(1000, 800) as page:
        book = lab.open(page, "narrow.ipynb")
        book.run_all(timeout=240)
        found = page.locator(".neko-board")
        expect(found).to_have_count(len(GAMES), timeout=60_000)
        for k, game in enumerate(GAMES):
            board = found.nth(k)
            _settle(page, board, False)
            m = measure(board)
            assert m["notebook"]["right"] - m["notebook"]["left"] < 580 + 250 + 12, m["notebook"]
            assert m["cut"] <= 0 and m["overflowRight"] <= 0.5, f"{game}: cut {m['cut']} px, {m['overflowRight']}"
            assert m["smallest"] >= 10, f"{game}: text {m['smallest']:.1f} px: {m['smallestText']!r}"
            print(f"{game} at 1000 px: smallest text {m['smallest']:.1f} px, picture {m['picture']['width']:.0f} px")
            assert m["prompt"]["top"] >= m["picture"]["bottom"] - 0.5, f"{game}: the side column did not go under"
            assert m["picture"]["right"] <= m["notebook"]["right"] + 0.5, f"{game}: {m['picture']} {m['notebook']}"
            book.screenshot(f"narrow-{game}-1000", full_page=False)


@pytest.mark.browser
def test_a_wider_window_shows_the_top_of_the_table_again(tmp_path):
    """Syndicate at 1280×800: the table scrolls down to the lit targets (the Waiting Room, the lower
    places); widened to 1920×1080 the areas stand side by side and the targets are in sight from the
    top, so the table scrolls back up instead of keeping Kumichō's path and your pyramid's top cut off."""
    require_browser()
    path = write_notebook(tmp_path / "wide.ipynb", cells("syndicate", lesson=False))
    with Lab(notebooks={"wide.ipynb": path}) as lab, browser_page(1280, 800) as page:
        book, board = one_board(lab, page, "wide.ipynb")
        for _ in range(40):                  # first choices until the table has to scroll to its targets
            m = measure(board)
            if m["scroll"] > 0:
                break
            board.locator('.neko-choices [data-target="action:0"].neko-lit').click()
            _settle(page, board, False)
        assert m["scroll"] > 0, "the table never had to scroll"
        page.set_viewport_size({"width": 1920, "height": 1080})
        page.wait_for_timeout(600)
        m = measure(board)
        book.screenshot("laptop-syndicate-widened-1920", full_page=False)
        assert not scrolled_too_far(m), f"scrolled {m['scroll']} px at 1920: {m['lit']}"



# scroll the notebook down until the board's prompt (the message line is under it) is `above` px over its top
SCROLL_PAST_PROMPT = """(board, above) => {
  const prompt = board.querySelector('.neko-prompt');
  let p = board.parentElement;
  while (p && !(p.scrollHeight > p.clientHeight + 1 && ['auto', 'scroll'].includes(getComputedStyle(p).overflowY)))
    p = p.parentElement;
  p.scrollTop += prompt.getBoundingClientRect().top - p.getBoundingClientRect().top + above;
  return p.getBoundingClientRect().top;
}"""


@pytest.mark.browser
@pytest.mark.parametrize("game", ["journey", "neptune"])
def test_a_wrong_click_low_on_the_table_brings_its_refusal_in_sight(game, tmp_path):
    """A learner who has played a move and scrolled down the table (to its lower places), then clicks the
    table off the lit targets: the refusal, at the top of the board above the choices, is brought in
    sight (else nothing seems to happen). Measured without scrolling anything (measure() would)."""
    require_browser()
    from playwright.sync_api import expect

    below = ["print('\\n'.join(f'line {i}' for i in range(1, 121)))"]     # the page goes on past the board
    path = write_notebook(tmp_path / f"low-{game}.ipynb", cells(game, lesson=False) + below)
    with Lab(notebooks={"low.ipynb": path}) as lab, browser_page(1280, 800) as page:
        book, board = one_board(lab, page, "low.ipynb")
        first_move(page, board, game)
        top = board.evaluate(SCROLL_PAST_PROMPT, 200)
        page.wait_for_timeout(500)
        prompt = board.locator(".neko-prompt").first.bounding_box()
        assert prompt["y"] + prompt["height"] <= top, f"{game}: the top of the board is still in sight"
        pic = board.locator(".neko-picture").first.bounding_box()
        page.mouse.click(pic["x"] + 3, max(pic["y"], top) + 3)
        msg = board.locator(".neko-msg.neko-error")
        expect(msg).to_contain_text("Not ", timeout=20_000)
        page.wait_for_timeout(2000)            # brought in sight once drawn
        book.screenshot(f"laptop-{game}-low-wrong-click-1280", full_page=False)
        r = msg.bounding_box()
        assert r["y"] >= top - 1 and r["y"] + r["height"] <= 800, f"{game}: the refusal is at {r} (notebook top {top})"
        first = board.locator(".neko-choices [data-target]").first.bounding_box()
        assert first["y"] >= top - 1 and first["y"] + 20 <= 800, f"{game}: the first choice is at {first}"


@pytest.mark.browser
def test_a_table_scrolled_to_its_targets_cuts_no_line_of_text_in_half(tmp_path):
    """Neptune's rules notebook board (seed 7, the bot's opening played) at 1280×800: its targets need a
    few pixels more than the box, and scrolled just that far the table cut its first line ("Now: player 1
    may buy access ...") in half. The line is wholly in sight or wholly scrolled away, every lit target in
    sight; at 1920×1080 too."""
    require_browser()
    board_cell = ('from neko_lab.games.neptune.board import Board\n'
                  'board = Board(nl.new_game("neptune", players=2, seed=7), agents={1: "neptune"})\n'
                  'board.play_bots()\nboard')
    path = write_notebook(tmp_path / "neptune.ipynb", ["import neko_lab as nl", board_cell])
    with Lab(notebooks={"neptune.ipynb": path}) as lab, browser_page(1280, 800) as page:
        book, board = one_board(lab, page, "neptune.ipynb")
        m = measure(board)
        book.screenshot("laptop-neptune-rules-1280", full_page=False)
        check_in_sight(m, "Neptune's rules board at 1280")
        page.set_viewport_size({"width": 1920, "height": 1080})
        m = still(page, board)
        book.screenshot("laptop-neptune-rules-1920", full_page=False)
        check_in_sight(m, "Neptune's rules board at 1920")
