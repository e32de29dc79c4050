"""syndicate.progress: what one walk can do on paper, how many cards can still be placed, and how far
a player is from each mission (estimates the agent plans with; the rules decide whether a mission is
met)."""
from __future__ import annotations

import gc

from neko_lab.games.syndicate import progress
from neko_lab.games.syndicate.data import CHILD, DELIVERY, FISHMONGER, TURNS
from neko_lab.games.syndicate.rules import mission_cards

from . import rig


def lone_pyramid(s, seat, cards):
    """Only the lieutenants card and `cards` ({place: card}) in seat's pyramid."""
    for p in range(1, 10):
        if s.pyramid[seat][p] >= 0:
            rig.clear(s, seat, p)
    rig.build(s, seat, cards)


def test_a_fishmonger_above_a_delivery_lady_delivers_on_paper():
    s = rig.started(players=1, seed=2)
    fish = rig.find(s, action=FISHMONGER)
    lady = rig.find(s, action=DELIVERY, exclude=[fish])
    side = rig.side_of(s, fish, FISHMONGER)
    below = CHILD[1][side]                         # the card the Fishmonger's box leads to
    lone_pyramid(s, 0, {1: fish})
    assert progress.walk_rates(s, 0)[1] == 0       # cubes taken, none carried
    assert progress.walk_rates(s, 0)[0] > 0
    lone_pyramid(s, 0, {1: fish, below: lady})
    take, give, moves = progress.walk_rates(s, 0)
    assert give > 0 and moves > 0
    assert progress.walk_yield([(FISHMONGER, 0, 2), (DELIVERY, -1, 3)], (8, 8, 8, 8)) == (2, 3, 0)
    assert progress.walk_yield([(FISHMONGER, 0, 2)], (1, 8, 8, 8)) == (1, 0, 0)   # the warehouse limits


def test_every_walk_is_a_path_down_the_pyramid():
    s = rig.started(players=1, seed=3)
    paths = progress.walk_paths(s.pyramid[0], s.cards, 0)
    assert paths and all(len(p) == 1 for p in paths)         # the opening card below the Accountant
    assert progress.walk_paths(s.pyramid[0], s.cards, 1) == [[]]  # nothing below the COO yet


def test_a_full_pyramid_has_every_path_down_left_box_first_and_leaves_no_cycle():
    s = rig.started(players=1, seed=3)
    mine = set(s.pyramid[0]) | set(s.waiting[0])
    spare = [c.id for c in s.cards[:48] if c.id not in mine]
    rig.build(s, 0, dict(zip(range(1, 10), spare)))
    pyr = s.pyramid[0]
    paths = progress.walk_paths(pyr, s.cards, 0)
    expected = []
    for first in (0, 1):                   # below the Accountant (place 1): three levels, two boxes each
        for second in (0, 1):
            for third in (0, 1):
                p, path = 1, []
                for side in (first, second, third):
                    action, colour = s.cards[pyr[p]].boxes[side]
                    path.append((action, colour, [2, 3, 4][len(path)]))
                    p = CHILD[p][side]
                expected.append(path)
    assert paths == expected
    # the search asks for these at every new pyramid: nothing left for the cycle collector to free
    gc.collect()
    gc.disable()
    try:
        for start in (0, 1):
            progress.walk_paths(pyr, s.cards, start)
            progress.walk_rates(s, 0)
        assert gc.collect() == 0
    finally:
        gc.enable()


def test_cards_still_to_place_follow_the_waiting_room():
    s = rig.started(players=1, seed=4)
    # turn 1, one minion waiting: 15 walks alternate COO and Accountant -> 8 more cards, at most 8 places
    assert progress.placements_left(s, 0) == min(8, (TURNS + 1) // 2)
    s.turn, s.walked = TURNS, [TURNS - 1]
    assert progress.placements_left(s, 0) == 1                # one walk left, one minion waiting
    rig.waiting(s, 0, [])
    assert progress.placements_left(s, 0) == 0


def test_a_met_mission_is_zero_turns_away_and_one_out_of_reach_is_never():
    s = rig.started(players=1, seed=5)
    f = mission_cards.facts(s, 0)
    assert progress.turns_to_go(s, 0, 1, f) > 0               # 32 cubes in the warehouse
    for number in range(1, 25):
        met = mission_cards.CHECKS[number](f)
        assert (progress.turns_to_go(s, 0, number, f) == 0) == met
    s.turn, s.walked = TURNS, [TURNS - 1]
    assert progress.turns_to_go(s, 0, 2, f) == progress.NEVER  # five Fishmonger cards in one walk


def test_fewer_missing_slots_means_fewer_turns():
    s = rig.started(players=1, seed=6)
    before = progress.turns_to_go(s, 0, 17, rates=(2.0, 2.0, 2.0))
    rig.fill(s, 0, 1, 0)
    assert progress.turns_to_go(s, 0, 17, rates=(2.0, 2.0, 2.0)) < before
