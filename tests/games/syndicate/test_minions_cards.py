"""Minions cards: Fishmonger, Delivery lady, Subway operator, Cook and Storekeeper, and sushi delivery
(optional, at any moment a matching cube stands in an upper neighbourhood with a free slot); the
rulebook's worked examples of the Delivery lady, the Subway operator and the Cook."""
from __future__ import annotations

import pytest

from neko_lab.core import IllegalAction
from neko_lab.games.syndicate.data import (COOK, DELIVERY, FISHMONGER, LINES, NIGIRI, SASHIMI, STOREKEEPER,
                                           SUBWAY, VERTICAL, WILD, lower, upper)
from neko_lab.games.syndicate.rules.command_phase import Stop
from neko_lab.games.syndicate.rules.delivery_zone import Deliver
from neko_lab.games.syndicate.rules.minions_cards import Carry, Keep, Swap, Take

from statecheck import fingerprint
from . import rig


def three_levels(s, at3):
    """Place 2 and 3 filled with spare cards, `at3` at place 5 (level 3)."""
    spare = [c for c in s.deck[-4:] if c != at3]
    rig.build(s, 0, {1: spare[0], 2: spare[1], 4: at3})


def test_fishmonger_takes_up_to_its_level_into_its_own_lower_neighbourhood():
    s = rig.started(seed=1)
    fish = rig.find(s, action=FISHMONGER, colour=2)
    three_levels(s, fish)
    rig.at_box(s, 0, 4, FISHMONGER)
    assert s.legal_actions() == [Take(k, 2, 4) for k in range(4)]
    s.apply(Take(2, 2, 4))
    assert s.cubes[0][4 * lower(4) + 2] == 2 and s.warehouse[0][2] == 6


def test_fishmonger_limited_by_the_warehouse():
    s = rig.started(seed=2)
    fish = rig.find(s, action=FISHMONGER, colour=0)
    three_levels(s, fish)
    rig.put(s, 0, upper(1), 0, 7)
    rig.at_box(s, 0, 4, FISHMONGER)
    assert [a.count for a in s.legal_actions()] == [0, 1]


def test_delivery_lady_moves_one_step_between_vertically_adjacent_neighbourhoods():
    s = rig.started(seed=3)
    lady = rig.find(s, action=DELIVERY)
    three_levels(s, lady)
    rig.put(s, 0, lower(4), 1)
    rig.at_box(s, 0, 4, DELIVERY)
    targets = {a.to for a in s.legal_actions() if isinstance(a, Carry)}
    assert targets == {upper(4)}                       # nothing placed below place 5 yet
    s.apply(Carry(lower(4), upper(4), 1, False))
    if s.pending[-1].kind == "deliver":
        s.apply(Keep(upper(4)))
    # from place 5's upper neighbourhood: its lower one, and the lower ones of places 2 and 3 above it
    assert {a.to for a in s.legal_actions() if isinstance(a, Carry) and a.frm == upper(4)} == \
        {lower(4), lower(1), lower(2)}
    assert VERTICAL[upper(4)] == (lower(1), lower(2), lower(4))


def test_delivery_lady_never_moves_a_delivered_cube():
    s = rig.started(seed=4)
    lady = rig.find(s, action=DELIVERY)
    three_levels(s, lady)
    rig.fill(s, 0, 4, 0, 0)
    rig.put(s, 0, lower(1), 3)
    rig.at_box(s, 0, 4, DELIVERY)
    assert {a.frm for a in s.legal_actions() if isinstance(a, Carry)} == {lower(1)}


def test_subway_rides_between_neighbourhoods_of_the_same_line():
    s = rig.started(seed=5)
    sub = rig.find(s, action=SUBWAY)
    line = s.cards[sub].upper
    other = rig.find(s, lower_line=line, exclude=[sub])
    far = rig.find(s, test=lambda c: line not in (c.upper, c.lower), exclude=[sub, other])
    rig.build(s, 0, {1: other, 2: far, 4: sub})
    rig.put(s, 0, upper(4), 3)
    rig.put(s, 0, upper(2), 3)
    rig.at_box(s, 0, 4, SUBWAY)
    rides = [a for a in s.legal_actions() if isinstance(a, Carry)]
    assert {(a.frm, a.to) for a in rides} == {(upper(4), lower(1))}
    assert all(a.subway for a in rides)


def test_cook_fills_nigiri_from_the_upper_neighbourhood():
    s = rig.started(seed=6)
    cook = rig.find(s, action=COOK)
    nig = rig.find(s, test=lambda c: (NIGIRI, 1) in c.slots, exclude=[cook])
    spare = [c for c in s.deck[-3:] if c not in (cook, nig)]
    rig.build(s, 0, {1: nig, 2: spare[0], 4: cook})
    k = s.cards[nig].slots.index((NIGIRI, 1))
    rig.put(s, 0, upper(1), 1)
    rig.put(s, 0, lower(1), 1)                       # a cube in the lower neighbourhood does not count
    rig.at_box(s, 0, 4, COOK)
    assert Deliver(1, k, 1, NIGIRI) in s.legal_actions()
    assert all(a.place == 1 for a in s.legal_actions() if isinstance(a, Deliver))
    s.apply(Deliver(1, k, 1, NIGIRI))
    assert s.filled[0][1][k] == 1 and s.cubes[0][4 * upper(1) + 1] == 0


def test_wild_nigiri_takes_any_colour():
    s = rig.started(seed=7)
    cook = rig.find(s, action=COOK)
    wild = rig.find(s, test=lambda c: (NIGIRI, WILD) in c.slots and c.only_nigiri, exclude=[cook])
    spare = [c for c in s.deck[-3:] if c not in (cook, wild)]
    rig.build(s, 0, {1: wild, 2: spare[0], 4: cook})
    rig.put(s, 0, upper(1), 3)
    rig.at_box(s, 0, 4, COOK)
    k = s.cards[wild].slots.index((NIGIRI, WILD))
    assert Deliver(1, k, 3, NIGIRI) in s.legal_actions()


def test_storekeeper_exchanges_for_another_colour_in_place():
    s = rig.started(seed=8)
    store = rig.find(s, action=STOREKEEPER)
    three_levels(s, store)
    rig.put(s, 0, lower(1), 0)
    rig.put(s, 0, upper(4), 2, 8)                     # no sea bass left at home
    rig.at_box(s, 0, 4, STOREKEEPER)
    swaps = {(a.at, a.old, a.new) for a in s.legal_actions() if isinstance(a, Swap)}
    assert (lower(1), 0, 1) in swaps and (lower(1), 0, 0) not in swaps and (lower(1), 0, 2) not in swaps
    s.apply(Swap(lower(1), 0, 3))
    assert s.cubes[0][4 * lower(1) + 3] == 1 and s.warehouse[0][0] == 8 and s.warehouse[0][3] == 7


def test_sashimi_delivery_is_offered_not_forced():
    s = rig.started(seed=9)
    lady = rig.find(s, action=DELIVERY)
    target = rig.find(s, test=lambda c: c.slots[0] == (SASHIMI, 2), exclude=[lady])
    spare = [c for c in s.deck[-3:] if c not in (lady, target)]
    rig.build(s, 0, {1: target, 2: spare[0], 4: lady})
    rig.put(s, 0, lower(1), 2)
    rig.at_box(s, 0, 4, DELIVERY)
    s.apply(Carry(lower(1), upper(1), 2, False))
    assert s.pending[-1].kind == "deliver"
    assert s.legal_actions()[-1] == Keep(upper(1))
    assert Deliver(1, 0, 2, SASHIMI) in s.legal_actions()
    s.apply(Keep(upper(1)))
    assert s.cubes[0][4 * upper(1) + 2] == 1 and s.pending[-1].kind == DELIVERY
    # still deliverable: moving it on, or delivering it when the walk ends
    s.apply(Stop(DELIVERY))
    assert s.pending[-1].kind == "deliveries"


def test_delivery_zone_is_no_step():
    s = rig.started(seed=10)
    target = rig.find(s, test=lambda c: c.slots[0] == (SASHIMI, 0))
    lady = rig.find(s, action=DELIVERY, exclude=[target])
    rig.build(s, 0, {1: lady, 3: target})
    rig.put(s, 0, lower(1), 0, 2)
    rig.at_box(s, 0, 1, DELIVERY)
    s.apply(Carry(lower(1), upper(3), 0, False))      # one step lands next to the slot
    s.apply(Deliver(3, 0, 0, SASHIMI))
    assert s.filled[0][3][0] == 0
    assert s.pending[-1].kind == DELIVERY and s.pending[-1].data[2] == 1   # one move left


def test_illegal_move_is_refused_and_changes_nothing():
    s = rig.started(seed=11)
    lady = rig.find(s, action=DELIVERY)
    three_levels(s, lady)
    rig.put(s, 0, lower(4), 1)
    rig.at_box(s, 0, 4, DELIVERY)
    before = fingerprint(s)
    with pytest.raises(IllegalAction):
        s.apply(Carry(lower(4), upper(8), 1, False))          # not adjacent, not placed
    assert fingerprint(s) == before


# ---------------------------------------------------------------- the rulebook's worked examples
A, B, C, D = (LINES.index(x) for x in "ABCD")


def uses_left(s):
    """How many more times the box the leader stands on may be used."""
    return s.pending[-1].data[2]


def move_cube(s, move):
    """One move or ride, keeping the cube loose if a sashimi slot could take it where it lands."""
    s.apply(move)
    if s.pending[-1].kind == "deliver":
        s.apply(Keep(move.to))


def loose_at(s, n):
    """The loose cubes of neighbourhood n, by colour."""
    return s.cubes[0][4 * n:4 * n + 4]


def test_delivery_lady_example_one_cube_three_steps_another_one_step():
    # Delivery lady: a box on level 4 gives four single steps, shared out among cubes as the player
    # likes; the rulebook's example spends three on one cube and the last on another. Each of a card's
    # two neighbourhoods is a step of its own.
    s = rig.started(seed=3)
    lady = rig.find(s, action=DELIVERY)
    rest = [c for c in s.deck[-3:] if c != lady]
    rig.build(s, 0, {1: rest[0], 3: rest[1], 6: lady})        # places 2, 4 and 7: levels 2, 3, 4
    rig.put(s, 0, lower(1), 0)                                # the cube that travels three steps
    rig.put(s, 0, lower(6), 1)                                # the cube that travels one
    rig.walk_onto(s, 0, 6, DELIVERY)
    assert s.log[-1].text.endswith("delivery lady, up to 4 times") and uses_left(s) == 4
    # one step at a time: from lower 2 the tuna cube reaches upper 2 or upper 4, not upper 7
    assert {(a.frm, a.to) for a in s.legal_actions() if isinstance(a, Carry)} == \
        {(lower(1), upper(1)), (lower(1), upper(3)), (lower(6), upper(6))}
    start = len(s.log)
    for move, left in ((Carry(lower(1), upper(3), 0, False), 3),
                       (Carry(upper(3), lower(3), 0, False), 2),
                       (Carry(lower(3), upper(6), 0, False), 1)):
        move_cube(s, move)
        assert s.pending[-1].kind == DELIVERY and uses_left(s) == left
    move_cube(s, Carry(lower(6), upper(6), 1, False))
    # the fourth step spent the box: no more moves, the walk is over (nothing below level 4)
    assert s.pending[-1].kind != DELIVERY
    assert not any(isinstance(a, Carry) for a in s.legal_actions())
    assert loose_at(s, upper(6)) == (1, 1, 0, 0)
    assert sum(s.cubes[0]) == 2
    moves = [e for e in s.log[start:] if e.rule == "Neko Syndicate › Delivery lady"]
    assert [e.text for e in moves] == ["Delivery lady: move a tuna cube lower 2 -> upper 4",
                                       "Delivery lady: move a tuna cube upper 4 -> lower 4",
                                       "Delivery lady: move a tuna cube lower 4 -> upper 7",
                                       "Delivery lady: move a salmon cube lower 7 -> upper 7"]
    s.check_invariants()


def subway_table(s, sub, lines):
    """A subway operator at place 7 (level 4) below places 2 and 4, then cards of the given
    (upper, lower) lines at the places given."""
    cards = {6: sub}
    for p, (up, low) in lines.items():
        cards[p] = rig.find(s, upper_line=up, lower_line=low, exclude=[sub, *cards.values()])
    rig.build(s, 0, cards)


def test_subway_example_rides_on_lines_a_b_b_d():
    # Subway operator: a box on level 4 gives four rides, each between two neighbourhoods of one line,
    # and the rides need not share a line; the rulebook's example rides once on A, twice on B and once
    # on D. The lines of the operator's own card play no part (this one has no line A).
    s = rig.started(seed=12)
    sub = rig.find(s, action=SUBWAY, upper_line=B, lower_line=D)
    subway_table(s, sub, {1: (A, B), 3: (D, A)})
    # lines: upper 2 A, lower 2 B, upper 4 D, lower 4 A, upper 7 B, lower 7 D
    rig.put(s, 0, upper(1), 0)                                # tuna on line A
    rig.put(s, 0, lower(1), 1)                                # salmon and sea bass on line B
    rig.put(s, 0, lower(1), 2)
    rig.put(s, 0, upper(3), 3)                                # mackerel on line D
    rig.walk_onto(s, 0, 6, SUBWAY)
    assert s.log[-1].text.endswith("subway operator, up to 4 times") and uses_left(s) == 4
    rides = {(a.frm, a.to) for a in s.legal_actions() if isinstance(a, Carry)}
    assert rides == {(upper(1), lower(3)), (lower(1), upper(6)), (upper(3), lower(6))}
    start = len(s.log)
    for ride, left in ((Carry(upper(1), lower(3), 0, True), 3),
                       (Carry(lower(1), upper(6), 1, True), 2),
                       (Carry(lower(1), upper(6), 2, True), 1)):
        move_cube(s, ride)
        assert s.pending[-1].kind == SUBWAY and uses_left(s) == left
    move_cube(s, Carry(upper(3), lower(6), 3, True))
    # four rides spent the box, though every cube could ride back
    assert s.pending[-1].kind != SUBWAY
    assert not any(isinstance(a, Carry) for a in s.legal_actions())
    assert loose_at(s, lower(3)) == (1, 0, 0, 0)
    assert loose_at(s, upper(6)) == (0, 1, 1, 0)
    assert loose_at(s, lower(6)) == (0, 0, 0, 1)
    assert sum(s.cubes[0]) == 4
    rode = [e for e in s.log[start:] if e.rule == "Neko Syndicate › Subway operator"]
    assert [e.text for e in rode] == ["Subway operator: ride a tuna cube upper 2 -> lower 4",
                                      "Subway operator: ride a salmon cube lower 2 -> upper 7",
                                      "Subway operator: ride a sea bass cube lower 2 -> upper 7",
                                      "Subway operator: ride a mackerel cube upper 4 -> lower 7"]
    s.check_invariants()


def test_subway_example_four_cubes_from_one_a_neighbourhood_to_four_others():
    # Subway operator, the example's other case: four rides take four cubes from one line A
    # neighbourhood to four different line A neighbourhoods.
    s = rig.started(seed=13)
    sub = rig.find(s, action=SUBWAY, test=lambda c: A not in (c.upper, c.lower))
    subway_table(s, sub, {1: (A, B), 2: (B, A), 3: (A, C), 4: (D, A), 5: (A, D)})
    others = [lower(2), upper(3), lower(4), upper(5)]            # the four other line A neighbourhoods
    rig.put(s, 0, upper(1), 0, 4)
    rig.walk_onto(s, 0, 6, SUBWAY)
    assert uses_left(s) == 4
    assert {a.to for a in s.legal_actions() if isinstance(a, Carry)} == set(others)
    for n in others:
        move_cube(s, Carry(upper(1), n, 0, True))
    assert s.pending[-1].kind != SUBWAY
    assert loose_at(s, upper(1)) == (0, 0, 0, 0)
    assert [loose_at(s, n) for n in others] == [(1, 0, 0, 0)] * 4
    s.check_invariants()


def test_cook_example_two_nigiri_on_one_card_and_one_on_another():
    # Cook: a box on level 3 fills up to three nigiri slots anywhere in the structure, on one card or
    # several; the rulebook's example fills two on one card and the third on another. A fourth cube
    # ready for a nigiri slot stays where it is: the box is spent.
    s = rig.started(seed=6)
    cook = rig.find(s, action=COOK)

    def nigiri(card):
        return sorted({colour for kind, colour in card.slots if kind == NIGIRI and colour != WILD})

    first = rig.find(s, test=lambda c: len(nigiri(c)) >= 2, exclude=[cook])
    second = rig.find(s, test=lambda c: len(nigiri(c)) >= 2, exclude=[cook, first])
    rig.build(s, 0, {1: first, 2: second, 4: cook})          # places 2 and 3 (level 2), the Cook at 5
    a1, a2 = nigiri(s.cards[first])[:2]
    b1, b2 = nigiri(s.cards[second])[:2]
    for n, colour in ((upper(1), a1), (upper(1), a2), (upper(2), b1), (upper(2), b2)):
        rig.put(s, 0, n, colour)
    rig.walk_onto(s, 0, 4, COOK)
    assert s.log[-1].text.endswith("cook, up to 3 times") and uses_left(s) == 3
    offered = {(a.place, a.colour) for a in s.legal_actions() if isinstance(a, Deliver)}
    assert offered == {(1, a1), (1, a2), (2, b1), (2, b2)}
    start = len(s.log)
    slot = {(1, c): s.cards[first].slots.index((NIGIRI, c)) for c in (a1, a2)}
    slot.update({(2, c): s.cards[second].slots.index((NIGIRI, c)) for c in (b1, b2)})
    for (p, colour), left in (((1, a1), 2), ((1, a2), 1)):
        s.apply(Deliver(p, slot[p, colour], colour, NIGIRI))
        assert s.pending[-1].kind == COOK and uses_left(s) == left
    s.apply(Deliver(2, slot[2, b1], b1, NIGIRI))
    assert s.pending[-1].kind != COOK
    assert not any(isinstance(a, Deliver) and a.kind == NIGIRI for a in s.legal_actions())
    assert s.filled[0][1][slot[1, a1]] == a1 and s.filled[0][1][slot[1, a2]] == a2
    assert s.filled[0][2][slot[2, b1]] == b1 and s.filled[0][2][slot[2, b2]] < 0
    assert loose_at(s, upper(2))[b2] == 1 and sum(s.cubes[0]) == 1
    cooked = [e for e in s.log[start:] if e.rule == "Neko Syndicate › Cook"]
    assert [(e.data["place"] + 1, e.data["colour"]) for e in cooked] == [(2, a1), (2, a2), (3, b1)]
    assert all(e.text.startswith("cook a ") for e in cooked)
    s.check_invariants()
