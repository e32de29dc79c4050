"""Game End and Scoring: structure points level by level with the multipliers, mission points with the
order bonus, the tie-break and shared victory; the rulebook's two worked examples."""
from __future__ import annotations

import re

import pytest

from neko_lab.games.syndicate import scoring
from neko_lab.games.syndicate.data import upper
from neko_lab.games.syndicate.rules import final_scoring

from rulebooks import rulebook

from . import rig


def ended(s):
    """Treat the arranged position as the final one (after turn 15's meeting)."""
    s.turn, s.over, s.pending = 15, True, []
    s.walked = [15] * s.players
    s._legal = None
    return s


def test_level_2_scoring_example():
    s = rig.started(seed=1)
    minion4 = 3                                   # four slots, extra 2
    other = rig.find(s, test=lambda c: len(c.slots) >= 2, exclude=[minion4])
    rig.build(s, 0, {1: minion4, 2: other})
    rig.complete(s, 0, 1)
    rig.fill(s, 0, 2, 0)
    rig.put(s, 0, upper(2), 1)
    s.check_invariants()
    level2 = final_scoring.level_counts(s.cards, s.pyramid[0], s.filled[0], s.cubes[0])[1]
    assert level2 == (5, 2, 1, 0, 0)
    assert scoring.level_points(*level2) == 5
    assert scoring.level_points(*level2) * scoring.level_multiplier(2) == 15


# The rulebook's mission scoring example (Neko Syndicate › Mission Points): each player's markers as (path
# value, order bonus), and the player's mission points. It does not say which mission each marker is on.
MISSION_EXAMPLE = {"Red": ([(20, 5), (16, 5), (8, 3)], 57), "Blue": ([(18, 5), (16, 5), (8, 1)], 53),
                   "Green": ([(16, 5), (2, 0)], 23), "White": ([(14, 3), (6, 3)], 26)}
RULEBOOK = rulebook("syndicate")


def example_lines(text):
    """The mission scoring example as the rulebook prints it: {player: ([(value, bonus), ...], total)}."""
    found = {}
    for line in text.splitlines():
        m = re.fullmatch(r"- (Red|Blue|Green|White): (.*) = (\d+) PPs", line.strip())
        if m:
            marks = [(int(v), int(b or 0)) for v, b in re.findall(r"(\d+)(?: \(\+(\d+)\))?", m.group(2))]
            found[m.group(1)] = (marks, int(m.group(3)))
    return found


@pytest.mark.skipif(RULEBOOK is None, reason="the rulebook is not in this checkout")
def test_the_mission_example_here_is_the_rulebooks():
    assert example_lines(RULEBOOK.read_text(encoding="utf-8")) == MISSION_EXAMPLE


def test_mission_scoring_example():
    """The example's markers placed on the missions the one way they fit (datasets/syndicate/README.md,
    "The rulebook's examples"), each in the first column showing its value: the engine gives every marker
    the example's value and order bonus, and every player the example's mission points."""
    s = rig.started(players=4, seed=2)
    s.missions, s.turn, s.walked = (1, 9, 17), 15, [14] * 4
    col = {v: s.path_values.index(v) + 1 for v in (20, 18, 16, 14, 8, 6, 2)}
    red, blue, green, white = range(4)
    s.markers[red] = (col[20], col[8], col[16])
    s.markers[blue] = (col[8], col[18], col[16])
    s.markers[green] = (col[2], 0, col[16])
    s.markers[white] = (col[14], 0, col[6])
    s.check_invariants()
    bonuses = [scoring.mission_bonuses([m[k] or None for m in s.markers]) for k in range(3)]
    rows = s.breakdown()
    for seat, who in enumerate(("Red", "Blue", "Green", "White")):
        marks, total = MISSION_EXAMPLE[who]
        got = [(s.path_values[c - 1], bonuses[k][seat]) for k, c in enumerate(s.markers[seat]) if c]
        assert sorted(got) == sorted(marks), who
        assert rows[seat]["mission path"] == sum(v for v, _ in marks), who
        assert rows[seat]["mission order"] == sum(b for _, b in marks), who
        assert rows[seat]["mission path"] + rows[seat]["mission order"] == total, who


def test_multipliers_weigh_upper_levels_more():
    s = rig.started(seed=3)
    cards = s.deck[-9:]
    rig.build(s, 0, {p: c for p, c in zip(range(1, 10), cards)})
    before = s.breakdown()[0]["deliveries"]
    rig.fill(s, 0, 0, 0)
    assert s.breakdown()[0]["deliveries"] - before == 4
    rig.fill(s, 0, 9, 0)
    assert s.breakdown()[0]["deliveries"] - before == 5


def test_missing_and_empty_cards_and_loose_cubes():
    s = rig.started(seed=4)
    b = s.breakdown()[0]
    # lieutenants card and place 2 placed without deliveries; 8 places empty (1 on level 2, 3, 4)
    assert b["cards without delivery"] == -2 * 4 - 2 * 3
    assert b["missing cards"] == -2 * 3 * 1 - 2 * 2 * 3 - 2 * 1 * 4
    rig.put(s, 0, upper(0), 2, 2)
    assert s.breakdown()[0]["loose cubes"] == -2 * 4 * 2


def test_breakdown_sums_to_the_score_and_lists_every_part():
    s = rig.started(seed=5)
    for row, score in zip(s.breakdown(), s.scores()):
        assert set(row) == set(final_scoring.CATEGORIES) and sum(row.values()) == score


def full(s, seat, cards):
    rig.build(s, seat, {p: c for p, c in zip(range(1, 10), cards)})


def two_full_pyramids(seed):
    s = rig.started(seed=seed)
    three = rig.find(s, test=lambda c: len(c.slots) == 3 and c.extra == 0)
    pool = [c for c in range(48) if c != three]
    full(s, 0, pool[:9])
    full(s, 1, pool[9:15] + [three] + pool[15:17])    # `three` at place 7 (level 4)
    return ended(s), three


def test_tie_goes_to_the_player_with_more_deliveries():
    s, three = two_full_pyramids(6)
    rig.fill(s, 0, 6, 0, 0)                       # seat 1: one delivery on level 4: +1, +2 not empty
    for k in range(3):                            # seat 2: three on one level-4 card ...
        rig.fill(s, 1, 6, k, 1)
    rig.put(s, 1, upper(7), 2)                    # ... and a loose cube there: +1 +2 +1 +1 -2
    s.check_invariants()
    rows = s.breakdown()
    assert [sum(r.values()) - r["tie-break"] for r in rows] == [sum(rows[0].values())] * 2
    assert [r["tie-break"] for r in rows] == [0, 1]
    assert s.winners() == [1]


def test_remaining_tie_is_a_shared_victory():
    s, _ = two_full_pyramids(7)
    assert s.scores()[0] == s.scores()[1] and s.winners() == [0, 1]
    assert [r["tie-break"] for r in s.breakdown()] == [0, 0]


def test_tie_break_pure():
    assert scoring.tie_break([30, 30, 28], [9, 7, 12]) == [1, 0, 0]
    assert scoring.tie_break([30, 30], [7, 7]) == [0, 0]
    assert scoring.tie_break([31, 30], [1, 9]) == [0, 0]


def test_visible_breakdown_at_the_end_is_everything():
    s = ended(rig.started(seed=8))
    assert s.visible_breakdown(1) == s.breakdown()


def test_the_final_scoring_lines_name_each_player_once():
    # a seat's event is shown under the seat's name ("[Player 1] structure -52 points"); CatANNA's events
    # belong to no seat and carry her name in the text
    import random

    import neko_lab as nl
    for players in (1, 2):
        s = nl.new_game("syndicate", players=players, seed=3)
        rng = random.Random(1)
        while not s.is_over():
            s.apply(rng.choice(s.legal_actions()))
        lines = [str(e) for e in s.log_for(0) if "structure" in e.text or "missions" in e.text][-2 * (players + 1):]
        for seat in range(players):
            assert any(line.startswith(f"[Player {seat + 1}] structure ") for line in lines), lines
        assert not any("] player" in line for line in lines), lines
        assert any(line.startswith("CatANNA: structure ") for line in lines) == (players == 1)


def test_the_log_counts_cards_cubes_slots_and_points_in_words():
    """What the log counts reads as a person says it: "1 card in the drawing deck", "returns 1 cube",
    "structure 1 point", never "1 cards" or "1 cubes"."""
    import random
    import neko_lab as nl
    seen = set()
    for players in (1, 2, 4):
        for seed in range(10):
            s, rng = nl.new_game("syndicate", players=players, seed=seed), random.Random(seed)
            while not s.is_over():
                s.apply(rng.choice(s.legal_actions()))
            for e in s.log:
                assert not re.search(r"(?<![\d-])1 (cards|cubes|slots|points)\b", e.text), e.text
                m = re.match(r"turn \d+ begins with (1 card|\d+ cards) in the drawing deck", e.text)
                m = m or re.match(r"CatANNA fills \d+ slots and returns (1 cube|\d+ cubes) to the box$", e.text)
                if m:
                    seen.add(m.group(1))
    assert {"1 card", "1 cube"} <= seen and len(seen) > 4
