"""An explanation's headline cites the section of the move itself, as its "why" does, also for a move that
logs nothing (taking no cube, stopping a box, keeping a cube loose, ending the walk) and at a simultaneous
table, where such a move is first told to the table with the turn's reveal; a move made out of a view's
sight cites nothing of it there."""
from __future__ import annotations

import re

import pytest

import neko_lab as nl
from randomplay import random_moves

SECTION = re.compile(r"\((Neko Syndicate › [^)]*)\)")


def test_solo_moves_that_log_nothing_cite_their_own_section():
    want = {"Take": "Minions cards", "Stop": "Minions cards", "Keep": "Delivery zone", "EndWalk": "Delivery zone"}
    found = set()
    games = (m for seed in range(12) for m in random_moves("syndicate", 1, seed))   # ending a walk's
    for before, a, after in games:                                                  # deliveries is rare
        if found == set(want):
            break
        kind = type(a).__name__
        if kind in want and (kind != "Take" or not a.count):      # ending a walk sets off the meeting
            ex = nl.explain_move(before, a, after, viewer=0)
            assert ex.rule == f"Neko Syndicate › {want[kind]}", ex.lines[0]
            assert ex.lines[0].endswith(f"({ex.rule})") and f"({ex.rule})" in ex.lines[1]
            assert f"The rule, {ex.rule}: " in "\n".join(ex.lines)
            found.add(kind)
    assert found == set(want)


@pytest.mark.parametrize("players,seed", [(2, 0), (2, 1), (3, 0)])
def test_simultaneous_headline_cites_the_section_the_why_cites(players, seed):
    mismatched, hidden = [], 0
    for before, a, after in random_moves("syndicate", players, seed):
        mover = before.current_player
        ex = nl.explain_move(before, a, after, viewer=mover)
        why = SECTION.findall(ex.lines[1])
        if why and ex.rule != why[0]:
            mismatched.append(ex.lines[:2])
        for viewer in range(players):
            if viewer == mover:
                continue
            other = nl.explain_move(before, a, after, viewer=viewer)
            if "out of this view's sight" in other.lines[1]:
                hidden += 1
                # only what the table saw may be cited: the sections of the events this view reads
                seen = {e.rule for e in after.log_for(viewer)[len(before.log_for(viewer)):] if e.rule}
                assert other.rule in seen | {""}, other.lines[0]
    assert not mismatched, mismatched[:3]
    assert hidden


def test_the_why_counts_one_waiting_minion_and_one_cube_in_words():
    from types import SimpleNamespace
    from neko_lab.games.syndicate import explain
    from neko_lab.games.syndicate.rules.lieutenants_card import Discard
    from neko_lab.games.syndicate.rules.minions_cards import Take
    s = SimpleNamespace(current_player=0, waiting=[[7]], pending=[], warehouse=[[1, 0, 0, 0]])
    assert explain.why(s, Discard(7), 0)[0].endswith(" 1 was waiting (Neko Syndicate › Accountant).")
    held = explain.why(s, Take(1, 0, 2), 0)[0]
    assert re.search(r"your warehouse held 1 [a-z ]+ cube \(", held), held
    s.waiting, s.warehouse = [[7, 9]], [[2, 0, 0, 0]]
    assert " 2 were waiting " in explain.why(s, Discard(7), 0)[0]
    assert re.search(r"your warehouse held 2 [a-z ]+ cubes \(", explain.why(s, Take(1, 0, 2), 0)[0])
