"""The guided first games in a real JupyterLab and Chromium, played to the end by clicks.

For each game a notebook shows `nl.lesson(game)`. The test keeps its own copy of the same lesson (the
script and the bots are deterministic), so it knows what to click at every step: in the scripted part
the move the step asks for (on the Naéco picture itself: hand card, face-down switch, green place,
pile; in Journey's list of choices), after a wrong click that must be explained and refused; then
the game agent's move for the free part, until the finale explains the scoring. At every step the
callout covers no text of the picture and no other lit target. Along the way it asks "why?" about a
move and asks for a hint.
"""
from __future__ import annotations

import json
import re

import pytest

from harness import Lab, browser_page, require_browser
from layout import measure

import neko_lab as nl
from neko_lab.core.events import hides, shown_log
from neko_lab.learn import make_lesson

MOVES = "() => { const m = document.querySelectorAll('.neko-board .neko-move'); " \
        "if (!m.length) return 0; return parseInt(m[0].innerText); }"     # the newest move stands first


def _notebook(path, game: str) -> None:
    cells = [
        {"cell_type": "markdown", "metadata": {}, "source": [f"# Your first game of {game}"]},
        {"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
         "source": ["import neko_lab as nl\n", f"board = nl.lesson({game!r})\n", "board"]},
    ]
    nb = {"cells": cells, "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                      "language": "python"}},
          "nbformat": 4, "nbformat_minor": 5}
    path.write_text(json.dumps(nb))


# the number of the last event in the board's log as the learner reads it (rows count from 1 and follow
# the learner's view of the log, so they match len(state.log_for(learner)))
EVENTS = "() => { const r = document.querySelectorAll('.neko-board .neko-log tr'); " \
         "if (r.length < 2) return 0; return parseInt(r[r.length - 1].cells[0].innerText) || 0; }"


def _events_shown(page) -> int:
    return int(page.evaluate(EVENTS) or 0)


# what the board shows when a wait runs out: its message line, the last row of its log, and its lit targets
SHOWN = "() => { const b = document.querySelector('.neko-board'); if (!b) return 'no board'; " \
        "const m = b.querySelector('.neko-msg'); const r = b.querySelectorAll('.neko-log tr'); " \
        "const lit = [...b.querySelectorAll('[data-target].neko-lit')].map((e) => e.dataset.target); " \
        "return 'message: ' + (m ? m.innerText : '-') + ' | last log row: ' + " \
        "(r.length ? r[r.length - 1].innerText : '-') + ' | lit: ' + lit.slice(0, 12).join(' '); }"


def _wait_events(page, n: int, timeout: float = 60.0) -> None:
    from playwright.sync_api import TimeoutError as Late
    try:
        page.wait_for_function(f"() => ({EVENTS})() === {n}", timeout=timeout * 1000, polling=100)
    except Late:
        raise AssertionError(f"the board's log did not reach event {n} in {timeout:.0f} s (it shows "
                             f"{_events_shown(page)}); {page.evaluate(SHOWN)}") from None


def _moves_shown(page) -> int:
    return int(page.evaluate(MOVES) or 0)


def _wait_moves(page, n: int, timeout: float = 30.0) -> None:
    page.wait_for_function(f"() => ({MOVES})() === {n}", timeout=timeout * 1000, polling=100)


def _click_choice(board, index: int) -> None:
    board.locator(f'.neko-choices [data-target="action:{index}"].neko-lit').click()


def _click_picture(board, name: str) -> None:
    board.locator(f'.neko-picture [data-target="{name}"].neko-lit').first.click()


def _click_naeco_picture(board, action) -> None:
    """A Naéco move the way a player makes it on the table: the hand card (and the face-down switch),
    then the green place; or the pile."""
    if type(action).__name__ == "Play":
        _click_picture(board, f"hand:{action.card}")
        if action.down:
            _click_picture(board, "facedown")
        _click_picture(board, f"cell:{action.depth}:{action.col}")
    else:
        _click_picture(board, f"pile:{action.pile}")


def _play_lesson(page, board, game: str) -> dict:
    from playwright.sync_api import expect

    les = make_lesson(game)
    mirror = les.new_game()
    free_agent = nl.make_agent(game, mirror, seed=5)
    lesson_box = board.locator(".neko-lesson")
    seen = {"scripted": 0, "free": 0, "wrong": False, "why": False, "hint": False, "moves": 0}

    def apply(action):                 # counting the moves the learner saw anything of, as Last moves does
        before, mover = len(mirror.log), mirror.current_player
        mirror.apply(action)
        events = mirror.log[before:]
        seen["moves"] += mover == les.seat or not hides(events, les.seat) or bool(shown_log(events, les.seat))

    def bots_move():                   # les.bots_move(mirror), move by move
        while not mirror.is_over() and mirror.current_player != les.seat:
            apply(les.agents[mirror.current_player].choose(mirror))

    bots_move()
    while not mirror.is_over():
        step = les.step(mirror)
        legal = mirror.legal_actions()
        if step.scripted and getattr(step, "auto", False):
            # nothing new here: the board makes this move for the learner by itself, like a bot's
            apply(step.expected)
            bots_move()
            _wait_events(page, len(mirror.log_for(les.seat)))
            seen["scripted"] += 1
            continue
        if not seen["hint"]:
            board.locator(".jupyter-widgets button", has_text="Hint").first.click()
            expect(board.locator(".neko-hint")).to_have_count(1, timeout=60_000)    # the hint box is filled
            seen["hint"] = True
        if step.scripted:
            expect(lesson_box).to_contain_text(f"Step {step.number} of {step.total}")
            page.wait_for_timeout(200)           # the callout is pinned once the picture is drawn
            covers = measure(board)["calloutCovers"]
            assert not covers, f"{game} step {step.number}: the callout covers {covers}"
            if not seen["wrong"]:
                wrong = next(i for i, a in enumerate(legal) if a != step.expected)
                _click_choice(board, wrong)
                expect(board.locator(".neko-msg")).to_contain_text("not the one this step teaches")
                assert _events_shown(page) == len(mirror.log_for(les.seat))     # refused: nothing was played
                seen["wrong"] = True
            action = step.expected
            seen["scripted"] += 1
        else:
            action = free_agent.choose(mirror)
            seen["free"] += 1
        if game == "naeco" and step.scripted:
            _click_naeco_picture(board, action)
        else:
            _click_choice(board, legal.index(action))
        mine = seen["moves"]                    # the learner's move is numbered by the moves seen before it
        apply(action)
        bots_move()                             # the board's bots reply by themselves, the same way
        while not mirror.is_over() and getattr(les.step(mirror), "auto", False):
            apply(les.step(mirror).expected)     # and the board makes the routine moves for you
            bots_move()
            seen["scripted"] += 1
        _wait_events(page, len(mirror.log_for(les.seat)))
        if not seen["why"] and step.scripted and step.number >= 3:
            board.locator(f'[data-target="why:{mine}"]').first.click()
            expect(board).to_contain_text("Why it was allowed", timeout=20_000)
            seen["why"] = True
    expect(lesson_box).to_contain_text("Here is how the final scoring adds up", timeout=30_000)
    totals = ", ".join(f"Player {i + 1} {t}" for i, t in enumerate(mirror.scores())).replace("-", "\u2212")
    expect(lesson_box).to_contain_text(f"Totals: {totals}.")
    return seen


@pytest.mark.browser
@pytest.mark.parametrize("game", ["naeco", "journey"])
def test_the_whole_lesson_by_clicks(game, tmp_path):
    require_browser()
    nb = tmp_path / f"lesson-{game}.ipynb"
    _notebook(nb, game)
    name = f"lesson-{game}.ipynb"
    with Lab(notebooks={name: nb}) as lab, browser_page(1400, 1800) as page:
        book = lab.open(page, name)
        book.run_all()
        board = book.last_board()
        board.locator(".neko-lesson").wait_for(timeout=30_000)
        assert re.search(r"Welcome to", board.locator(".neko-lesson").inner_text())
        board.locator("select").first.select_option("instant")     # the bots' speed control
        seen = _play_lesson(page, board, game)
        assert seen["scripted"] == len(make_lesson(game).script())
        # Naéco's script hands over to free play; Journey's runs to the end (moves with nothing new are
        # made for the learner by the board itself)
        assert (seen["free"] > 0) == (game == "naeco") and seen["wrong"] and seen["why"] and seen["hint"]
        board.scroll_into_view_if_needed()
        book.screenshot(f"lesson-{game}-finale", locator=board)


def _drill_notebook(path, game: str, topic: str) -> None:
    cells = [
        {"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
         "source": ["import neko_lab as nl\n", f"board = nl.lesson({game!r}, {topic!r})\n", "board"]},
    ]
    nb = {"cells": cells, "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                      "language": "python"}},
          "nbformat": 4, "nbformat_minor": 5}
    path.write_text(json.dumps(nb))


@pytest.mark.browser
@pytest.mark.parametrize("game,topic", [("journey", "bidding"), ("neptune", "fuel")])
def test_a_drill_by_clicks(game, topic, tmp_path):
    """A drill opens on its first exercise; a wrong answer is explained and refused, a right one is
    accepted and the next exercise says the first was solved."""
    from playwright.sync_api import expect

    require_browser()
    name = f"drill-{game}-{topic}.ipynb"
    _drill_notebook(tmp_path / name, game, topic)
    drill = nl.learn.make_drill(game, topic)
    mirror = drill.new_game()
    step = drill.step(mirror)
    legal = mirror.legal_actions()
    wrong = next(i for i, a in enumerate(legal) if a not in step.answers)
    with Lab(notebooks={name: tmp_path / name}) as lab, browser_page(1280, 800) as page:
        book = lab.open(page, name)
        book.run_all()
        board = book.last_board()
        lesson_box = board.locator(".neko-lesson")
        expect(lesson_box).to_contain_text(f"Exercise 1 of {drill.total}", timeout=60_000)
        board.locator("select").first.select_option("instant")
        _click_choice(board, wrong)
        expect(board.locator(".neko-msg")).to_contain_text("Not this one:")
        assert _moves_shown(page) == 0
        book.screenshot(f"drill-{game}-{topic}-wrong", full_page=False)
        _click_choice(board, legal.index(step.answers[0]))
        expect(lesson_box).to_contain_text("Exercise 1 solved", timeout=30_000)
        book.screenshot(f"drill-{game}-{topic}-solved", full_page=False)


@pytest.mark.browser
@pytest.mark.parametrize("game,steps", [("journey", 16), ("neptune", 6)])
def test_the_callout_covers_no_text_and_no_other_target_on_a_laptop(game, steps, tmp_path):
    """The lesson's first steps at 1280×800, each played with its marked choice: the callout covers no
    text of the picture and no other lit target (Journey's step 16 marks a die right above a card's
    title, Neptune's step 2 a hand card right under the Opportunity Track)."""
    from playwright.sync_api import expect

    require_browser()
    name = f"callout-{game}.ipynb"
    _notebook(tmp_path / name, game)
    with Lab(notebooks={name: tmp_path / name}) as lab, browser_page(1280, 800) as page:
        book = lab.open(page, name)
        book.run_all()
        board = book.last_board()
        board.locator("select").first.select_option("instant")
        lesson_box = board.locator(".neko-lesson")
        expect(lesson_box).to_contain_text("Step 1 of", timeout=60_000)
        number = 1
        while True:
            page.wait_for_timeout(300)          # the callout is pinned once the picture is drawn
            covers = measure(board)["calloutCovers"]
            assert not covers, f"{game} step {number}: the callout covers {covers}"
            if number >= steps:
                break
            board.locator(".neko-choices [data-target]", has_text="this step").first.click()
            page.wait_for_function(         # the next taught step (routine steps are played for you)
                "([n]) => { const e = document.querySelector('.neko-board .neko-lesson'); "
                "const m = e && /Step (\\d+) of/.exec(e.innerText); return !!m && parseInt(m[1]) > n; }",
                arg=[number], timeout=60_000)
            number = int(re.search(r"Step (\d+) of", lesson_box.inner_text()).group(1))
        book.screenshot(f"lesson-{game}-callout-1280", full_page=False)
