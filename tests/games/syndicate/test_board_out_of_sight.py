"""A person at a simultaneous Syndicate table reads, on their board, nothing of which seat is walking out of
their sight nor of what it decides: positions the person cannot tell apart (the same observation, the same
log as the person reads it) look the same on every part of the board. Played in the open, and on an
analyst's board with bots on every seat, the seat to act is named."""
from __future__ import annotations

import json
import random
import re

import pytest

import neko_lab as nl
from neko_lab.core.events import EVERYTHING, PUBLIC, shown_log
from neko_lab.games.syndicate.board import Board
from neko_lab.widgets import score_table_html, status_text

# targets of every kind the Syndicate picture draws (a click on one while a bot walks plays nothing)
SOME_TARGETS = ["", "box:0:0", "box:3:1", "place:3", "discard:5", "wait:5", "cube:0:0", "to:1", "action:0"]


def turn_start(seed: int, person: int, **options):
    """Turn 1 (random play up to there), a bot's walk about to begin: its first box not taken yet."""
    s = nl.new_game("syndicate", players=3, seed=seed, **options)
    pick = random.Random(1)
    while not (s.turn >= 1 and s.current_player != person and s.pending[-1].kind == "walk"
               and s.pending[-1].data == 0 and not s.path[s.current_player]):
        s.apply(pick.choice(s.legal_actions()))
    return s


def board(start, person: int, moves=()) -> Board:
    """A board with bots on the other seats, at `start` with the bots' `moves` played on it."""
    b = Board(start.clone(), agents={i: "random" for i in range(start.players) if i != person})
    b.controls.auto.value = False          # the bots move only when told (the positions are the test's)
    for a in moves:
        assert b.play(a, by_bot=True)
    return b


def capture(b: Board) -> dict:
    """Everything the board shows its reader now, and says to each click, and its review."""
    out = {"status": b.status.value, "prompt": b.prompt_box.value, "message": b.message.widget.value,
           "scores": b.scores.widget.value, "picture": b.picture_widget.value,
           "static": b.static_view()["text/html"], "moves": b.moves.value, "log": b.log.widget.value}
    for name in SOME_TARGETS + re.findall(r'data-target="([^"]+)"', b.picture_widget.value):
        out[f"missed {name!r}"] = b.miss_reason(name)
        b.click(name)
        out[f"clicked {name!r}"] = b.message.widget.value
    b._choose_index(0)
    out["chose"] = b.message.widget.value
    b.review_own_game()
    for step in ("last", -1, "first", "last", -1):
        b.review_go(step)
        out[f"review {step}"] = (b.review_label.value, b.status.value, b.message.widget.value,
                                 b.prompt_box.value, b.moves.value, b.miss_reason(""))
    b.play_from_here()
    out["played on"] = (b.message.widget.value, b.status.value)
    return out


def look_alike_positions(seed: int, person: int, rollouts: int = 6):
    """Bots' walks from the turn start, played at random until the person is to act: the positions where
    a bot decides, grouped by what the person may know of them (observation and log as it reads them).
    Each position: (the bots' moves, the seat deciding, its decision)."""
    start = turn_start(seed, person)
    groups: dict[tuple, list] = {}
    rnd = random.Random(5)
    for _ in range(rollouts):
        s, moves = start.clone(), []
        while True:
            a = rnd.choice(s.legal_actions())
            s.apply(a)
            moves.append(a)
            if s.is_over() or s.current_player == person:
                break
            known = (json.dumps(s.observation(person), sort_keys=True, default=str),
                     tuple(e.text for e in shown_log(s.log, person)))
            groups.setdefault(known, []).append((list(moves), s.current_player, s.pending[-1].kind))
    return start, [g for g in groups.values() if len(g) > 1]


@pytest.mark.parametrize("seed,person", [(2, 2), (12, 0)])
def test_positions_a_person_cannot_tell_apart_look_the_same_on_the_board(seed, person):
    start, groups = look_alike_positions(seed, person)
    # the person cannot tell which seat decides, nor what, nor how many moves a walk has taken so far
    assert any(len({seat for _m, seat, _k in g}) > 1 for g in groups)
    assert any(len({kind for _m, _s, kind in g}) > 1 for g in groups)
    assert any(len({len(m) for m, _s, _k in g}) > 1 for g in groups)
    for group in groups:
        first = capture(board(start, person, group[0][0]))
        for moves, seat, kind in group[1:]:
            shown = capture(board(start, person, moves))
            differ = {k: (first[k], shown[k]) for k in first if shown[k] != first[k]}
            assert not differ, (seat, kind, len(moves), sorted(differ))
        assert "(to play)" not in first["picture"] and "◀" not in first["scores"]


def test_the_seat_walking_out_of_sight_is_named_to_itself_and_to_the_analyst_only():
    s = turn_start(2, 2)
    s.apply(s.legal_actions()[0])                 # P1 walks on, out of the others' sight
    walker = s.current_player
    assert s.decision_known() == "nothing" and walker == 0
    assert s.decision_seen(walker) and s.decision_seen(EVERYTHING)
    assert not s.decision_seen(1) and not s.decision_seen(2) and not s.decision_seen(PUBLIC)
    # the parts of a board, told to each reader
    assert "P1 to act" in status_text(s, viewer=walker) and "P1 to act" in status_text(s, viewer=EVERYTHING)
    assert "P1" not in status_text(s) and "P1" not in status_text(s, viewer=2)
    assert "P1 ◀" in score_table_html(s, viewer=EVERYTHING) and "◀" not in score_table_html(s, viewer=2)
    assert "◀" not in score_table_html(s)         # the spectator's, by default
    assert "to act" not in repr(s) and "Player 1" not in repr(s)     # the spectator's one line
    # bots on every seat: the analyst's board names the seat to act and what it decides
    analyst = Board(s.clone(), agents={0: "random", 1: "random", 2: "random"})
    assert analyst.reader == EVERYTHING
    assert "P1 to act" in analyst.status.value and "P1 ◀" in analyst.scores.widget.value
    assert "Player 1 (to play)" in analyst.picture_widget.value
    assert f"deciding “{analyst.decision_words()}”" in analyst.miss_reason("")


def test_played_in_the_open_the_board_names_the_seat_to_act_and_its_decision():
    s = turn_start(2, 2, simultaneous=False)
    b = board(s, 2)
    b.bot_move()
    assert b.state.decision_known() == "choices" and b.state.current_player == 0
    who = f"P{b.state.current_player + 1}"
    assert f"{who} to act (bot: random)" in b.status.value
    assert f"{who} is a bot" in b.prompt_box.value
    assert f"{who} ◀" in b.scores.widget.value
    assert f"Player {b.state.current_player + 1} (to play)" in b.picture_widget.value
    assert f"it is {who}'s turn (a bot), deciding “{b.decision_words()}”" in b.miss_reason("")
    assert "Player 1 to act" in repr(b.state)
    b.review_own_game()
    b.review_go("last")
    assert "position 2 of 2" in b.review_label.value        # every move of the open table is a position
