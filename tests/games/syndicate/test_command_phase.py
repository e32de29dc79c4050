"""Command phase: the walk from a lieutenants box down the pyramid, one box per level, activations up to
the level, the simultaneous turn asked seat by seat."""
from __future__ import annotations

import pytest

from neko_lab.core import IllegalAction
from neko_lab.games.syndicate.data import COOK, DELIVERY, FISHMONGER, STOREKEEPER, SUBWAY, upper
from neko_lab.games.syndicate.rules.command_phase import Box, EndWalk

from . import rig


def test_accountant_refused_with_three_waiting():
    s = rig.started(seed=1)
    rig.waiting(s, 0, s.deck[-3:])
    assert [str(a) for a in s.legal_actions()] == ["Chief Operations Officer"]
    with pytest.raises(IllegalAction):
        s.apply(Box(0, 0, "accountant", 1))


def test_coo_refused_with_none_waiting():
    s = rig.started(seed=1)
    rig.waiting(s, 0, [])
    assert [str(a) for a in s.legal_actions()] == ["Accountant"]


def test_both_lieutenants_boxes_otherwise():
    s = rig.started(seed=1)
    assert [str(a) for a in s.legal_actions()] == ["Accountant", "Chief Operations Officer"]


def test_walk_goes_to_the_card_below_the_box_and_ends_without_one():
    s = rig.started(seed=2)
    fish = rig.find(s, action=FISHMONGER, test=lambda c: not c.has(STOREKEEPER, COOK))
    rig.build(s, 0, {1: fish})                    # place 2, below the Accountant
    rig.waiting(s, 0, [])
    s.apply(rig.named(s, "Accountant"))
    while s.pending[-1].kind == "discard":
        s.apply(s.legal_actions()[0])
    # below the Accountant: the two boxes of place 2
    assert {(a.place, a.side) for a in s.legal_actions()} == {(1, 0), (1, 1)}
    side = rig.side_of(s, fish, FISHMONGER)
    s.apply(Box(1, side, s.card_at(0, 1).box_text(side), 2))
    assert s.pending[-1].kind == FISHMONGER
    assert [a.count for a in s.legal_actions()] == [0, 1, 2]      # up to level 2
    s.apply(s.legal_actions()[2])
    # no card below place 2's boxes: the walk is over, the next seat walks
    assert s.current_player == 1 and s.walked[0] == 1
    assert s.path[0] == (0, 2 + side)


def test_a_card_placed_by_the_coo_is_walked_onto():
    s = rig.started(seed=3)
    s.apply(rig.named(s, "Chief Operations Officer"))
    card = s.waiting[0][0]
    s.apply(rig.named(s, f"place minion {card + 1} at place 3 (level 2)"))
    assert {(a.place, a.side) for a in s.legal_actions()} == {(2, 0), (2, 1)}


def test_right_box_leads_below_right():
    s = rig.started(seed=4)
    a, b, c = (rig.find(s, action=COOK, exclude=[]),) * 1 + tuple(s.deck[-2:])
    rig.build(s, 0, {1: a, 2: b, 4: c})
    p1 = s.pyramid[0][1]
    rig.ask(s, 0, "walk", 1)
    s.apply(Box(1, 1, s.card_at(0, 1).box_text(1), 2))
    if s.pending[-1].kind != "walk":             # the action may ask first: stop it
        s.apply([x for x in s.legal_actions() if type(x).__name__ in ("Stop", "Take")][0])
    assert {x.place for x in s.legal_actions()} == {4} and p1 == a


def test_activations_up_to_the_level_at_level_four():
    s = rig.started(seed=5)
    lady = rig.find(s, action=DELIVERY)
    rest = [c for c in s.deck[-3:] if c != lady]
    rig.build(s, 0, {1: rest[0], 3: rest[1], 6: lady})
    rig.put(s, 0, upper(6), 0, 4)
    rig.at_box(s, 0, 6, DELIVERY)
    moves = 0
    while s.current_player == 0 and s.pending[-1].kind in (DELIVERY, "deliver"):
        acts = s.legal_actions()
        carry = [a for a in acts if type(a).__name__ == "Carry"]
        s.apply(carry[0] if carry else [a for a in acts if type(a).__name__ == "Keep"][0])
        moves += bool(carry)
    assert moves == 4


def test_partial_and_no_activation():
    s = rig.started(seed=6)
    sub = rig.find(s, action=SUBWAY)
    rig.build(s, 0, {1: sub})
    rig.put(s, 0, upper(1), 1, 2)
    rig.at_box(s, 0, 1, SUBWAY)
    assert "stop the subway operator" in [str(a) for a in s.legal_actions()]


def test_box_with_nothing_to_do_is_passed():
    s = rig.started(seed=7)
    cook = rig.find(s, action=COOK)
    rig.build(s, 0, {1: cook})
    rig.waiting(s, 0, [])
    s.apply(rig.named(s, "Accountant"))
    while s.pending[-1].kind == "discard":
        s.apply(s.legal_actions()[0])
    s.apply(Box(1, rig.side_of(s, cook, COOK), s.card_at(0, 1).box_text(rig.side_of(s, cook, COOK)), 2))
    assert s.current_player == 1                  # no nigiri possible: nothing asked


def test_one_walk_per_turn_then_the_next_seat():
    s = rig.started(players=3, seed=8)
    order = []
    while s.turn == 1:
        order.append(s.current_player)
        s.apply(s.legal_actions()[-1])
    assert sorted(set(order)) == [0, 1, 2] and order == sorted(order)
    assert s.walked == [1, 1, 1] and s.turn == 2


def test_kept_cube_delivered_at_the_end_of_the_walk():
    s = rig.started(seed=9)
    sashimi = rig.find(s, test=lambda c: c.slots[0] == (0, 0) and not c.has(COOK))
    rig.build(s, 0, {1: sashimi})
    rig.put(s, 0, upper(1), 0)
    rig.ask(s, 0, "walk", 1)
    s.apply(Box(1, 0, s.card_at(0, 1).box_text(0), 2))
    while s.pending[-1].kind != "deliveries":
        acts = s.legal_actions()
        s.apply([a for a in acts if type(a).__name__ in ("Stop", "Take", "Keep")][0])
    acts = s.legal_actions()
    assert acts[-1] == EndWalk(1) and str(acts[0]) == "deliver a tuna cube on sashimi slot 1 at place 2"
    s.apply(acts[0])
    assert s.filled[0][1][0] == 0 and s.current_player == 1


def test_later_seats_see_the_table_as_the_turn_began():
    s = rig.started(seed=10)
    before = s.observation(1)["areas"][0]
    points = s.visible_breakdown(1)[0]
    s.apply(rig.named(s, "Chief Operations Officer"))
    s.apply(s.legal_actions()[0])
    while s.current_player == 0:
        s.apply(s.legal_actions()[-1])
    assert s.observation(1)["areas"][0] == before            # seat 2 did not watch seat 1's walk
    assert s.observation(0)["areas"][0] != before
    assert s.visible_breakdown(1)[0]["deliveries"] is None    # not known until the meeting
    assert s.visible_breakdown(1)[0]["mission path"] == points["mission path"]
    assert s.visible_breakdown(0)[0] == s.breakdown()[0]
    open_table = rig.started(seed=10, simultaneous=False)
    open_table.apply(rig.named(open_table, "Chief Operations Officer"))
    open_table.apply(open_table.legal_actions()[0])
    assert open_table.observation(1)["areas"][0] == open_table.public_view(0)
