"""Neko Syndicate › Turn Phases: at a simultaneous table (the default) a seat's choices this turn stay
out of the later seats' sight until the turn is revealed, in every view and in every search copy."""
from __future__ import annotations

import random

import neko_lab as nl
from neko_lab.core import PUBLIC, Rng
from neko_lab.widgets import board

from . import rig


def _named(s, name):
    return rig.named(s, name)


def _walk_seat_0(s, first: str) -> None:
    """Seat 1 walks starting on `first`, always the first offered choice after it."""
    s.apply(_named(s, first))
    while s.current_player == 0:
        s.apply(s.legal_actions()[0])


def test_later_seat_sees_the_same_deck_and_discard_pile_whatever_seat_1_chose():
    accountant, coo = rig.started(seed=10), rig.started(seed=10)
    _walk_seat_0(accountant, "Accountant")
    _walk_seat_0(coo, "Chief Operations Officer")
    assert len(accountant.deck) != len(coo.deck)          # the table really differs ...
    for key in ("deck", "discard", "deck_order", "areas"):
        assert accountant.observation(1)[key] == coo.observation(1)[key]     # ... seat 2 cannot tell
    assert accountant.observation(0)["deck"] == len(accountant.deck)          # seat 1 sees its draws


def test_opening_discards_are_hidden_from_the_later_seats():
    a = nl.new_game("syndicate", players=2, seed=4)
    b = nl.new_game("syndicate", players=2, seed=4)
    a.apply(next(x for x in a.legal_actions() if type(x).__name__ == "Redraw"))
    opens = [x for x in b.legal_actions() if type(x).__name__ == "Open"]
    b.apply(opens[-1])
    assert a.observation(1)["discard"] == b.observation(1)["discard"] == []
    assert a.observation(1)["deck"] == b.observation(1)["deck"]
    assert not any("discard" in e.text for e in a.log_for(1) + b.log_for(1) if e.seat == 0)


def test_determinize_redraws_the_unseen_walk_of_an_earlier_seat():
    s = rig.started(seed=10)
    _walk_seat_0(s, "Accountant")
    real = s.path[0]
    copies = [s.determinize(1, Rng(i)) for i in range(20)]
    assert all(c.path[0] == () and c.walked[0] == s.turn - 1 for c in copies)   # to be walked again
    for c in copies:
        c.check_invariants()
        assert c.observation(1) == s.observation(1)
    # in the copies seat 1 walks after seat 2, choosing afresh
    c = copies[0]
    rng = random.Random(1)
    while c.current_player == 1:
        c.apply(rng.choice(c.legal_actions()))
    assert c.current_player == 0 and c.turn == s.turn and real


def test_determinize_redraws_the_unseen_opening_hand():
    s = nl.new_game("syndicate", players=2, seed=3)
    s.apply(next(x for x in s.legal_actions() if type(x).__name__ == "Open"))
    hands = {s.determinize(1, Rng(i)).opening[0] for i in range(10)}
    assert len(hands) > 1 and all(len(h) == 4 for h in hands)
    assert all(s.determinize(1, Rng(i)).opening[1] == s.opening[1] for i in range(3))   # its own hand


def test_determinize_depends_only_on_what_the_seat_knows():
    a, b = rig.started(seed=10), rig.started(seed=10)
    _walk_seat_0(a, "Accountant")
    _walk_seat_0(b, "Chief Operations Officer")
    ca, cb = a.determinize(1, Rng(5)), b.determinize(1, Rng(5))
    assert ca.deck == cb.deck and ca.discard == cb.discard and ca.pyramid == cb.pyramid


def test_the_log_tells_a_hidden_walk_as_walks_down_the_pyramid_until_the_meeting():
    s = rig.started(seed=10)
    _walk_seat_0(s, "Accountant")
    mine = [e.text for e in s.log_for(0)]
    theirs = [e.text for e in s.log_for(1)]
    assert any("leader on Accountant" in t for t in mine)
    assert not any("leader on" in t for t in theirs)
    assert any("walks down the pyramid" in t for t in theirs)
    while s.turn == 1:
        s.apply(s.legal_actions()[-1])
    shown = [e.text for e in s.log_for(1) if "shown to all" in e.text]
    assert any("leader on Accountant" in t for t in shown)       # revealed at Kumichō's meeting


def test_the_board_shows_the_human_neither_the_walk_nor_the_deck_of_an_earlier_bot():
    texts = []
    for first in ("Accountant", "Chief Operations Officer"):
        s = rig.started(seed=10)
        b = board(s, agents={0: lambda st: _named(st, first) if st.pending[-1].kind == "walk"
                             and st.pending[-1].data == 0 else st.legal_actions()[0]})
        b.play_bots()
        assert b.state.current_player == 1 and b.my_turn()
        texts.append((b.picture_widget.value, b.log.widget.value, b.message.text, b.moves.value))
        assert "leader on" not in b.moves.value and "leader on" not in b.message.text
    assert texts[0] == texts[1]


def test_the_default_picture_is_the_spectators():
    a, b = rig.started(seed=10), rig.started(seed=10)
    _walk_seat_0(a, "Accountant")
    _walk_seat_0(b, "Chief Operations Officer")
    assert a._repr_html_() == b._repr_html_() == a.picture(viewer=PUBLIC)   # nothing of the walk shows
    assert a.picture(viewer=0) != b.picture(viewer=0)                    # its own seat sees it
    assert "leader" not in repr(a) and repr(a) == repr(b)
