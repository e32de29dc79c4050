"""Mission Cards: each of the 24 requirements, met and just missed, checked through
neko_lab.games.syndicate.missions.check on structures arranged with the rig."""
from __future__ import annotations

import pytest

from neko_lab.games.syndicate import missions
from neko_lab.games.syndicate.data import DELIVERY, FISHMONGER, NIGIRI, SUBWAY, WILD, lower, upper

from . import rig


def pick(s, n, test, exclude=()):
    out = []
    for _ in range(n):
        out.append(rig.find(s, test=test, exclude=list(exclude) + out))
    return out


def lay(s, cards, start=1):
    """Cards on places start, start+1, ... (reading order keeps the pyramid shape)."""
    rig.build(s, 0, {p: c for p, c in zip(range(start, start + len(cards)), cards)})


def fish(c):
    return c.has(FISHMONGER)


def carry(c):
    return c.has(SUBWAY, DELIVERY)


def neither(c):
    return not c.has(SUBWAY, DELIVERY)


def fill_n(s, n, places, kind=None, colour=None):
    """Fill n slots (of `kind` when given) on `places`, in order; wild slots get `colour` (or tuna)."""
    done = 0
    for p in places:
        for k, (kd, want) in enumerate(s.cards[s.pyramid[0][p]].slots):
            if done == n:
                return
            if s.filled[0][p][k] >= 0 or kind is not None and kd != kind:
                continue
            if colour is not None and want not in (colour, WILD):
                continue
            rig.fill(s, 0, p, k, colour)
            done += 1
    assert done == n, f"only {done} slots available"


def m1(s, met):
    out = 23 if met else 22
    for c in range(4):
        k = min(6, out)
        rig.put(s, 0, upper(0), c, k)
        out -= k


def m2(s, met):
    lay(s, pick(s, 5 if met else 4, fish) + ([] if met else pick(s, 1, lambda c: not fish(c))))


def m3(s, met):
    lay(s, pick(s, 2, lambda c: not fish(c)))
    lay(s, pick(s, 3 if met else 2, fish, exclude=s.pyramid[0]) + ([] if met else pick(
        s, 1, lambda c: not fish(c), exclude=s.pyramid[0])), start=3)
    if not met:
        rig.build(s, 0, {1: rig.find(s, test=fish, exclude=s.pyramid[0])})


def m4(s, met):
    lay(s, pick(s, 5 if met else 4, carry) + ([] if met else pick(s, 2, neither)))


def m5(s, met):
    if met:
        lay(s, pick(s, 2, neither) + pick(s, 3, carry))
    else:
        lay(s, pick(s, 4, carry) + pick(s, 1, neither))


def _line_cards(s, pairs):
    out = []
    for u, lo in pairs:
        out.append(rig.find(s, upper_line=u, lower_line=lo, exclude=out))
    return out


def m6(s, met):
    pairs = [(0, 1), (2, 3), (1, 0), (3, 2)] if met else [(0, 1), (2, 3), (1, 0), (0, 2)]
    lay(s, _line_cards(s, pairs))


def m7(s, met):
    lay(s, _line_cards(s, [(0, 1), (0, 2), (0, 3), (0, 1)] + ([(0, 2)] if met else [(1, 2)])))


def m8(s, met):
    lay(s, pick(s, 4, lambda c: len(c.slots) >= 2))
    for c in range(4):
        rig.put(s, 0, lower(0), c, 3)
    rig.put(s, 0, upper(1), 0, 2)
    rig.put(s, 0, lower(4), 1, 5)                       # level 3 does not count
    if met:
        fill_n(s, 1, [2])
    else:
        rig.put(s, 0, upper(3), 2, 1)


def m9(s, met):
    lay(s, pick(s, 5, lambda c: len(c.slots) >= 3))
    fill_n(s, 10 if met else 9, range(1, 6))


def _nigiri_cards(s, k=4):
    return pick(s, k, lambda c: sum(1 for kd, _ in c.slots if kd == NIGIRI) >= 2)


def m10(s, met):
    lay(s, _nigiri_cards(s))
    fill_n(s, 6 if met else 5, range(1, 5), kind=NIGIRI)
    fill_n(s, 0 if met else 3, range(1, 5), kind=0)


def m11(s, met):
    lay(s, pick(s, 9, lambda c: any(w in (0, WILD) for _, w in c.slots)))
    fill_n(s, 8 if met else 7, range(1, 10), colour=0)
    if not met:
        fill_n(s, 1, range(1, 10), colour=1)


def m12(s, met):
    lay(s, pick(s, 6, lambda c: len(c.slots) >= 2))
    for p in range(1, 7 if met else 6):
        fill_n(s, 1 if met else 2, [p])


def m13(s, met):
    lay(s, pick(s, 5, lambda c: len(c.slots) >= 3))
    fill_n(s, 6 if met else 5, [3, 4, 5])
    fill_n(s, 0 if met else 4, [1, 2])


def m14(s, met):
    lay(s, pick(s, 2, lambda c: True) + _nigiri_cards(s, 3))
    fill_n(s, 5 if met else 4, [3, 4, 5], kind=NIGIRI)
    if not met:
        fill_n(s, 1, [1, 2])


def _colours(s, places, counts):
    for c, n in enumerate(counts):
        fill_n(s, n, places, colour=c)


def m15(s, met):
    lay(s, pick(s, 9, lambda c: len(c.slots) >= 3))
    _colours(s, range(1, 10), [2, 2, 2, 2 if met else 1])
    if not met:
        fill_n(s, 3, range(1, 10), colour=0)


def m16(s, met):
    lay(s, pick(s, 9, lambda c: len(c.slots) >= 2))
    _colours(s, range(3, 10), [1, 1, 1, 1 if met else 0])
    if not met:
        fill_n(s, 1, [1, 2], colour=3)


def m17(s, met):
    lay(s, pick(s, 4, lambda c: True))
    for p in range(1, 5 if met else 4):
        rig.complete(s, 0, p)
    if not met:
        fill_n(s, 1, [4])


def m18(s, met):
    lay(s, pick(s, 3, lambda c: True))
    for p in ([0, 1, 3] if met else [0, 1, 2]):
        rig.complete(s, 0, p)


def m19(s, met):
    lay(s, _line_cards(s, [(0, 1), (1, 0), (2, 0) if met else (0, 2)]))
    for p in (0, 1, 2, 3):
        rig.complete(s, 0, p)


def m20(s, met):
    lay(s, _line_cards(s, [(0, 1), (0, 2), (0, 3) if met else (1, 3)]))
    for p in (1, 2, 3):
        rig.complete(s, 0, p)


def m21(s, met):
    only = pick(s, 2 if met else 1, lambda c: c.only_nigiri)
    lay(s, only + ([] if met else pick(s, 1, lambda c: not c.only_nigiri and any(k == NIGIRI for k, _ in c.slots))))
    rig.complete(s, 0, 1)
    rig.complete(s, 0, 2)


def m22(s, met):
    lay(s, pick(s, 4, lambda c: True))
    for p in ([3, 4] if met else [1, 2, 3]):
        rig.complete(s, 0, p)


def m23(s, met):
    lay(s, pick(s, 8, lambda c: True))
    for p in ([4, 7] if met else [4, 6, 3, 5]):
        rig.complete(s, 0, p)


def m24(s, met):
    lay(s, pick(s, 9, lambda c: True))
    for p in ([9] if met else [7, 8, 5]):
        rig.complete(s, 0, p)


ARRANGE = {n: globals()[f"m{n}"] for n in range(1, 25)}


@pytest.mark.parametrize("number", range(1, 25))
@pytest.mark.parametrize("met", [True, False], ids=["met", "missed"])
def test_mission(number, met):
    s = rig.started(seed=number)
    ARRANGE[number](s, met)
    s.check_invariants()
    assert missions.check(number, s, 0) is met
    assert missions.check(number, s, 1) is False          # another seat's structure is its own


def test_unknown_mission_number():
    s = rig.started()
    with pytest.raises(ValueError):
        missions.check(25, s, 0)


def test_the_lieutenants_card_counts_as_a_completed_card():
    s = rig.started()
    lay(s, pick(s, 3, lambda c: True))
    for p in (0, 1, 2, 3):
        rig.complete(s, 0, p)
    assert missions.check(17, s, 0)
    lines = {s.cards[s.pyramid[0][p]].upper for p in (1, 2, 3)}
    assert missions.check(19, s, 0) is (len(lines) >= 3)       # it has no line of its own


def test_what_the_filled_slots_give_is_remembered_only_for_the_same_slots_and_cards():
    """facts() remembers what it reads off the filled slots (each delivery and each complete card) under
    the pyramid and the slots: along seeded games every answer equals one worked out afresh (the memory
    emptied first), and a game with other cards (another copy of the data) is worked out afresh, never
    answered from the first game's."""
    import random

    import neko_lab as nl
    from neko_lab.games.syndicate.rules import mission_cards

    def fresh(s, seat):
        mission_cards._SLOTS.clear()
        return mission_cards.facts(s, seat)

    checked = 0
    for seed in range(3):
        s = nl.new_game("syndicate", players=2, seed=seed)
        rng = random.Random(seed)
        while not s.is_over():
            for seat in range(2):
                remembered = mission_cards.facts(s, seat)
                assert remembered == mission_cards.facts(s, seat) == fresh(s, seat)
                checked += 1
            s.apply(rng.choice(s.legal_actions()))
    assert checked > 200
    from neko_lab.games.syndicate.agents import SyndicateAgent

    s = nl.new_game("syndicate", players=2, seed=1)
    agents = [SyndicateAgent(seed=1), SyndicateAgent(seed=2)]
    while not s.is_over() and not mission_cards.facts(s, 0).complete:   # until seat 1 completes a card
        s.apply(agents[s.current_player].choose(s))
    known = mission_cards.facts(s, 0)
    key = (s.pyramid[0], s.filled[0])
    assert mission_cards._SLOTS[key][0] is s.cards and known.complete
    other = s.clone()
    other.cards = tuple(c._replace() for c in s.cards)     # equal cards, another copy of the data
    assert mission_cards.facts(other, 0) == known
    assert mission_cards._SLOTS[key][0] is other.cards, "another game's cards were answered from memory"
