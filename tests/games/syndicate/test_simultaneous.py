"""Neko Syndicate › Turn Phases: at a simultaneous table (the default) a seat's choices this turn stay
out of the later seats' sight until the turn is revealed, in every view and in every search copy."""
from __future__ import annotations

import random

import pytest

import neko_lab as nl
from neko_lab.core import EVERYTHING, PUBLIC, Rng
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


def _explained(before, action, after, viewer) -> list[str]:
    from neko_lab.learn import explain_move
    return [line.strip() for line in str(explain_move(before, action, after, viewer=viewer)).splitlines()
            if "deck" in line]


def test_an_explanation_counts_the_deck_as_its_reader_sees_it():
    """Explaining seat 1's hidden first box (the Accountant draws 3, the Chief Operations Officer none)
    must not tell seat 2 or a spectator which it was, and explaining seat 2's own Accountant after it
    counts down from the deck seat 2 sees; the analyst's view (EVERYTHING) counts the real deck."""
    told = {}
    for first in ("Accountant", "Chief Operations Officer"):
        s = rig.started(seed=10)
        before = s.clone()
        action = _named(s, first)
        s.apply(action)
        told[first] = [_explained(before, action, s, v) for v in (1, PUBLIC)]
        while s.current_player == 0:
            s.apply(s.legal_actions()[0])
        if first == "Accountant":
            seen = s.observation(1)["deck"]
            before = s.clone()
            mine = _named(s, "Accountant")
            s.apply(mine)
            assert _explained(before, mine, s, 1) == [
                f"Also: cards in the deck \u22123 ({seen} \u2192 {seen - 3})"]
            assert _explained(before, mine, s, EVERYTHING) == [
                f"Also: cards in the deck \u22123 ({len(s.deck) + 3} \u2192 {len(s.deck)})"]
    assert told["Accountant"] == told["Chief Operations Officer"] == [[], []]


def test_the_default_picture_is_the_spectators():
    a, b = rig.started(seed=10), rig.started(seed=10)
    _walk_seat_0(a, "Accountant")
    _walk_seat_0(b, "Chief Operations Officer")
    assert a._repr_html_() == b._repr_html_() == a.picture(viewer=PUBLIC)   # nothing of the walk shows
    assert a.picture(viewer=0) != b.picture(viewer=0)                    # its own seat sees it
    assert "leader" not in repr(a) and repr(a) == repr(b)


# ---------------------------------------------------------------- the drawing deck at a simultaneous table
def _turn_2(players=2, seed=10, deck_left=None, arrange=None):
    """Turn 2 of a quickly played game, its table arranged before the turn begins: every seat with one
    waiting minion, `deck_left` cards in the drawing deck (the rest on the discard pile), then
    `arrange(s)`."""
    s = rig.started(players=players, seed=seed)
    while s.turn == 1:
        s.apply(_quick(s))
    for seat in range(players):
        if not s.waiting[seat]:
            rig.waiting(s, seat, [(s.discard or s.deck)[0]])
    if arrange:
        arrange(s)
    if deck_left is not None:
        s.discard.extend(s.deck[:-deck_left] if deck_left else s.deck)
        s.deck[:] = s.deck[-deck_left:] if deck_left else []
    s.refresh_view()                  # the turn begins with this table
    s.check_invariants()
    return s


def _quick(s):
    acts = s.legal_actions()
    return next((a for a in acts if type(a).__name__ in ("EndWalk", "Stop", "Keep")), acts[-1])


def test_a_turn_that_could_empty_the_deck_begins_with_the_pile_shuffled_in_under_it():
    s = rig.started(seed=10)
    while s.turn == 1:
        s.apply(_quick(s))
    deck, pile = list(s.deck[-4:]), list(s.discard) + list(s.deck[:-4])
    s.discard[:], s.deck[:] = pile, deck
    s.refresh_view()                                   # turn 2 begins with 4 cards: fewer than 2 x 3
    assert s.deck[-4:] == deck and sorted(s.deck[:-4]) == sorted(pile) and s.discard == []
    assert s.deck[:-4] != pile[::-1]                   # shuffled, not turned over as it lies
    told = [e.text for e in s.log if "shuffled and put under" in e.text]
    assert told and all(told[-1] in [e.text for e in s.log_for(k)] for k in (0, 1, PUBLIC))
    assert s.observation(0)["deck_order"] is None and s.observation(1)["deck"] == len(s.deck)
    s.check_invariants()


def test_no_seat_ever_knows_the_deck_order_nor_sees_the_pile_turned_over_mid_turn():
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        s = nl.new_game("syndicate", players=players, seed=seed)
        rng = random.Random(seed)
        while not s.is_over():
            assert all(s.observation(k)["deck_order"] is None for k in range(players))
            s.apply(rng.choice(s.legal_actions()))
        assert any("shuffled and put under" in e.text for e in s.log)        # the deck ran low
        assert not any("turned face down" in e.text for e in s.log)


def _accountant_then_discard(s, seat):
    """The seat walks from the Accountant, discarding the minion it had waiting first."""
    s.apply(_named(s, "Accountant"))
    while s.pending[-1].kind == "discard":
        acts = s.legal_actions()
        s.apply(next((a for a in acts if a.card in s.shown[seat][4]), acts[0]))
    while s.current_player == seat:
        s.apply(_quick(s))


def test_a_seats_own_draws_do_not_show_how_many_cards_an_earlier_seat_took():
    # turn 2 begins with two cards in the deck and the face-up pile in an order everybody saw: turned
    # over mid-turn, the pile would hand seat 2 cards whose places in that order tell how many seat 1 took
    a, b = _turn_2(deck_left=2), _turn_2(deck_left=2)
    saw = a.observation(1)
    _accountant_then_discard(a, 0)
    _walk_seat_0(b, "Chief Operations Officer")
    for s in (a, b):
        s.apply(_named(s, "Accountant"))
        drawn = set(s.waiting[1]) - set(s.shown[1][4])
        assert len(drawn) == 3 and s.observation(1)["deck_order"] is None
        assert not drawn & set(saw["discard"])          # no card from a pile whose order it saw
    oa, ob = a.observation(1), b.observation(1)
    for key in ("deck", "deck_order", "discard"):
        assert oa[key] == ob[key]


def test_a_card_discarded_this_turn_reaches_no_other_seat_before_the_next_turn():
    s = _turn_2(deck_left=6)
    _accountant_then_discard(s, 0)
    gone = s.own_discards[0]
    s.apply(_named(s, "Accountant"))
    assert len(gone) == 2 and not set(gone) & set(s.waiting[1]) and s.discard[-2:] == list(gone)
    assert s.deck == []


def _full_pyramids(s):
    """Every seat's pyramid filled with nine minions (four seats: 8 cards stay in deck and pile)."""
    free = iter(sorted(s.discard) + s.deck[::-1])
    for seat in range(s.players):
        rig.build(s, seat, {p: next(free) for p in range(1, 10)})


def test_determinize_takes_back_the_earlier_seats_walks_in_a_turn_that_refilled_the_deck():
    # the redeal turn: 4 cards in the deck and 4 on the pile when turn 2 begins; seats 1 and 2 draw and
    # discard, seat 3 draws. Turned over mid-turn, the pile would hand seat 3 a card seat 1 discarded,
    # and its search copies used to keep seat 1's real walk; now every copy takes both walks back
    s = _turn_2(players=4, seed=5, deck_left=4, arrange=_full_pyramids)
    assert "shuffled and put under" in s.log[-1].text and len(s.deck) == 8
    _accountant_then_discard(s, 0)
    _accountant_then_discard(s, 1)
    s.apply(_named(s, "Accountant"))
    assert not set(s.waiting[2]) & set(s.own_discards[0] + s.own_discards[1])
    copies = [s.determinize(2, Rng(i)) for i in range(20)]
    for c in copies:
        c.check_invariants()
        for j in (0, 1):
            assert c.path[j] == () and c.walked[j] == s.turn - 1 and c.waiting[j] == s.shown[j][4]
        assert c.observation(2) == s.observation(2) and c.log_for(2) == s.log_for(2)
    assert len({tuple(c.deck) for c in copies}) > 1


def test_a_seat_whose_draw_comes_up_short_sees_the_deck_empty_and_its_copies_agree():
    # four seats with full pyramids leave 8 cards for a turn: seats 1 and 2 draw six, seat 3 gets two
    s = _turn_2(players=4, seed=5, arrange=_full_pyramids)
    assert len(s.deck) == 8 and s.discard == []
    _accountant_then_discard(s, 0)
    _accountant_then_discard(s, 1)
    s.apply(_named(s, "Accountant"))
    assert len(s.waiting[2]) == len(s.shown[2][4]) + 2
    assert s.observation(2)["deck"] == 0                           # it saw the deck run out
    for i in range(5):
        c = s.determinize(2, Rng(i))
        c.check_invariants()
        assert c.observation(2) == s.observation(2) and c.path[0] == c.path[1] == ()


def _late_four_seat_turn(simultaneous):
    """Turn 2 of four seats with full pyramids and one waiting minion each: the 8 other minions all in
    the drawing deck, so the turn's Accountants can draw 8 cards between them."""
    s = rig.started(players=4, seed=5, simultaneous=simultaneous)
    while s.turn == 1:
        s.apply(_quick(s))
    for seat in range(4):
        if not s.waiting[seat]:
            rig.waiting(s, seat, [(s.discard or s.deck)[0]])
    _full_pyramids(s)
    s.deck[:] = s.discard[::-1] + s.deck
    s.discard[:] = []
    s.refresh_view()
    s.check_invariants()
    assert len(s.deck) == 8 and [len(w) for w in s.waiting] == [1, 1, 1, 1]
    return s


def test_a_short_draw_leaves_this_turns_discards_on_the_pile_unless_the_table_plays_in_the_open():
    # datasets/syndicate/README.md, "The drawing deck at a simultaneous table": seats 1 and 2 take six
    # cards and discard four; seat 3 finds two left and, at a simultaneous table, does not reach the
    # four on the pile, yet still discards two. simultaneous=False flips the pile as the rulebook says
    s = _late_four_seat_turn(simultaneous=True)
    _accountant_then_discard(s, 0)
    _accountant_then_discard(s, 1)
    same_turn = s.own_discards[0] + s.own_discards[1]
    assert len(s.deck) == 2 and sorted(s.discard) == sorted(same_turn) and len(same_turn) == 4
    s.apply(_named(s, "Accountant"))
    assert len(s.waiting[2]) == 1 + 2 and not set(s.waiting[2]) & set(same_turn)
    assert s.deck == [] and sorted(s.discard) == sorted(same_turn)
    assert s.pending[-1].kind == "discard" and s.pending[-1].data == 2
    assert any("draws 2 minions into the Waiting Room" in e.text for e in s.log_for(2))

    # one card left for seat 3: the log counts it in the singular
    s = _late_four_seat_turn(simultaneous=True)
    s.waiting[3] += (s.deck.pop(0),)           # seat 4 holds one card more: seven left in the deck
    s.refresh_view()
    _accountant_then_discard(s, 0)
    _accountant_then_discard(s, 1)
    s.apply(_named(s, "Accountant"))
    assert len(s.waiting[2]) == 1 + 1
    assert any(e.text == "draws 1 minion into the Waiting Room" for e in s.log_for(2))

    s = _late_four_seat_turn(simultaneous=False)
    _accountant_then_discard(s, 0)
    _accountant_then_discard(s, 1)
    first_discarded = s.discard[0]
    s.apply(_named(s, "Accountant"))
    assert len(s.waiting[2]) == 1 + 3 and first_discarded in s.waiting[2]
    assert any("turned face down" in e.text for e in s.log)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_nothing_another_seat_does_within_a_turn_changes_what_a_seat_observes(players):
    # which seat is deciding, and what (a discard after the Accountant, the Chief Operations Officer's
    # choice...), would tell a seat the others' secret choices before Kumichō's meeting shows them
    import json
    changed = checked = 0
    for seed in range(2):
        s = nl.new_game("syndicate", players=players, seed=seed)
        rng = random.Random(seed)
        while not s.is_over():
            j, turn = s.pending[-1].seat, s.turn
            before = {i: json.dumps(s.observation(i), sort_keys=True, default=str)
                      for i in range(players) if i != j}
            tensors = {i: s.observation_tensor(i) for i in before}
            s.apply(rng.choice(s.legal_actions()))
            if s.is_over() or s.turn != turn:
                continue                       # the meeting shows the turn to everyone
            for i, seen in before.items():
                if s.pending[-1].seat == i:
                    continue                   # i's own decision now: it sees that it decides
                checked += 1
                same = json.dumps(s.observation(i), sort_keys=True, default=str) == seen
                changed += not (same and s.observation_tensor(i) == tensors[i])
    assert checked > 300 and changed == 0


def _mid_turn(simultaneous, seed=5, steps=74):
    from neko_lab.agents import make_agent
    s = nl.new_game("syndicate", players=2, seed=seed, simultaneous=simultaneous)
    agents = [make_agent("syndicate", "syndicate", seed=i) for i in range(2)]
    for _ in range(steps):
        s.apply(agents[s.current_player](s))
    return s


def test_a_refusal_names_neither_the_seat_deciding_out_of_sight_nor_its_choices():
    s = _mid_turn(simultaneous=True)
    hidden = s.legal_actions()
    said = []
    for reader in (None, 1 - s.current_player):      # a spectator, the other seat
        for attempt in ("nonsense", *hidden[:3], *(a._replace(**{a._fields[0]: 99}) for a in hidden[:1])):
            text = s.why_illegal(attempt, seat=reader)
            assert not any(str(a) in text for a in hidden if a != attempt), text
            assert "may choose" not in text and "must choose one of" not in text, text
            said.append(text)
    assert f"Player {s.current_player + 1}" not in said[0] and "out of the others' sight" in said[0]
    # any other position of the simultaneous game is refused in the same words
    other = _mid_turn(simultaneous=True, steps=31)
    assert other.why_illegal("nonsense") == said[0]
    # whoever acts (apply()) is the seat deciding: told its own choices
    with pytest.raises(nl.IllegalAction) as refused:
        s.clone().apply("nonsense")
    assert f"Player {s.current_player + 1} must choose one of: " in str(refused.value)


def test_a_refusal_in_the_open_game_lists_the_choices():
    s = _mid_turn(simultaneous=False, steps=20)
    with pytest.raises(nl.IllegalAction) as refused:
        s.apply("nonsense")
    text = str(refused.value)
    assert f"Player {s.current_player + 1} must choose one of: " in text
    assert str(s.legal_actions()[0]) in text
