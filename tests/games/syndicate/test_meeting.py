"""Kumichō's meeting: missions checked after every walk of the turn, markers in Kumichō's current
column, several missions and several players at once, Kumichō moving on, the end after turn 15."""
from __future__ import annotations

import random

from neko_lab.games.syndicate.data import upper

from . import rig
from .helpers import finish_turn, finish_walk


def arranged(players=2, seed=1):
    s = rig.started(players=players, seed=seed)
    s.missions = (1, 9, 17)
    return s


def empty_warehouse(s, seat, keep=9):
    out = 32 - keep
    for c in range(4):
        k = min(8, out)
        rig.put(s, seat, upper(0), c, k)
        out -= k


def test_marker_goes_in_kumichos_column_after_every_walk():
    s = arranged()
    finish_turn(s)
    finish_turn(s)
    assert s.turn == 3
    empty_warehouse(s, 0)
    finish_walk(s, 0)
    assert s.markers[0] == (0, 0, 0)           # the meeting comes after every seat has walked
    finish_turn(s)
    assert s.markers[0] == (3, 0, 0) and s.turn == 4
    assert "meets mission 1" in " ".join(e.text for e in s.log[-5:])


def test_two_players_in_one_column_score_the_same():
    s = arranged(players=3)
    empty_warehouse(s, 0)
    empty_warehouse(s, 2)
    finish_turn(s)
    assert [m[0] for m in s.markers] == [1, 0, 1]
    b = s.breakdown()
    assert b[0]["mission path"] == b[2]["mission path"] == 20
    assert b[0]["mission order"] == b[2]["mission order"] == 5 and b[1]["mission order"] == 0


def test_several_missions_in_one_turn():
    s = arranged()
    cards = s.deck[-2:]
    rig.build(s, 0, {2: cards[0], 3: cards[1]})
    for p in (0, 1, 2, 3):                    # four completed cards (mission 17)
        rig.complete(s, 0, p)
    left = sum(s.warehouse[0]) - 9            # and at most 9 cubes at home (mission 1)
    for c in range(4):
        k = min(left, s.warehouse[0][c])
        rig.put(s, 0, upper(3), c, k)
        left -= k
    s.check_invariants()
    finish_turn(s)
    assert s.markers[0][0] == 1 and s.markers[0][2] == 1


def test_a_marker_stays_when_the_mission_stops_being_met():
    s = arranged()
    empty_warehouse(s, 0)
    finish_turn(s)
    assert s.markers[0][0] == 1
    rig.clear(s, 0, 0)                        # cubes back home: no longer "at most 9 left"
    finish_turn(s)
    assert s.markers[0][0] == 1


def test_the_game_ends_after_turn_15():
    s = rig.started(players=2, seed=4)
    r = random.Random(4)
    seen = set()
    while not s.is_over():
        seen.add(s.turn)
        s.apply(r.choice(s.legal_actions()))
    assert seen == set(range(1, 16)) and s.turn == 15
    assert s.current_player is None and s.legal_actions() == []
    assert s.log[-1].rule == "Neko Syndicate › Game End and Scoring"
