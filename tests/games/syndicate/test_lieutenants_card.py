"""Lieutenants card: the Accountant (draw 3, discard 2, the deck refilled from the discard pile without
shuffling; a simultaneous table refills it at a turn's start: test_simultaneous.py) and the Chief
Operations Officer (placing a waiting minion in the pyramid shape)."""
from __future__ import annotations

from neko_lab.games.syndicate.rules.lieutenants_card import Discard, Place

from . import rig


def accountant(s):
    s.apply(rig.named(s, "Accountant"))


def test_accountant_draws_three_then_discards_two_of_the_whole_room():
    s = rig.started(seed=1)
    old = list(s.waiting[0])
    top = s.deck[-3:]
    accountant(s)
    assert sorted(s.waiting[0]) == sorted(old + top)
    assert s.legal_actions() == [Discard(c) for c in sorted(old + top)]
    s.apply(Discard(old[0]))                     # a card from an earlier turn may go
    s.apply(s.legal_actions()[0])
    assert len(s.waiting[0]) == 2 and s.discard[-2] == old[0]
    s.check_invariants()


def test_empty_deck_becomes_the_discard_pile_turned_over_unshuffled():
    # the rulebook's first-game way (everything in the open): the pile turned over as it lies, its
    # order known to everyone at once
    s = rig.started(seed=2, simultaneous=False)
    s.discard.extend(s.deck[:-1])
    s.deck[:] = s.deck[-1:]
    pile = list(s.discard)
    last = s.deck[0]
    accountant(s)
    assert s.waiting[0][-3:] == (last, pile[0], pile[1])      # the first card discarded comes up first
    assert s.deck == pile[2:][::-1] and s.deck_known
    assert s.observation(1)["deck_order"] == s.deck
    s.check_invariants()


def test_solo_turns_the_empty_deck_over_as_it_lies():
    s = rig.started(players=1, seed=2)
    s.discard.extend(s.deck[:-1])
    s.deck[:] = s.deck[-1:]
    pile = list(s.discard)
    accountant(s)
    assert s.deck == pile[2:][::-1] and s.observation(0)["deck_order"] == s.deck
    s.check_invariants()


def test_coo_places_below_a_placed_card_only():
    s = rig.started(seed=3)
    s.apply(rig.named(s, "Chief Operations Officer"))
    card = s.waiting[0][0]
    # place 2 is taken (the opening card); place 3 hangs below the lieutenants card, places 4 and 5
    # below place 2; place 6 hangs only below the empty place 3
    assert {a.place for a in s.legal_actions()} == {2, 3, 4}
    assert Place(card, 5) not in s.legal_actions()


def test_pyramid_has_at_most_four_levels_and_may_stay_partly_filled():
    s = rig.started(seed=4)
    chain = s.deck[-3:]
    rig.build(s, 0, {3: chain[0], 6: chain[1]})              # levels 3 and 4 below place 2 only
    rig.waiting(s, 0, [chain[2]])
    s.apply(rig.named(s, "Chief Operations Officer"))
    places = {a.place for a in s.legal_actions()}
    assert places == {2, 4, 7} and max(places) <= 9
    s.check_invariants()


def test_coo_with_a_complete_pyramid_does_nothing():
    s = rig.started(seed=5)
    cards = s.deck[-9:]
    rig.build(s, 0, {p: c for p, c in zip(range(1, 10), cards)})
    rig.waiting(s, 0, s.deck[-1:])
    s.apply(rig.named(s, "Chief Operations Officer"))
    assert s.pending[-1].kind == "walk" and s.pending[-1].data == 2   # on to the card below the COO
    assert len(s.waiting[0]) == 1
