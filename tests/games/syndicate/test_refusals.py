"""Malformed action objects are refused with a short reason, and a determinized copy has its own future."""
from __future__ import annotations

import json
import random

import pytest

import neko_lab as nl
from neko_lab.core import IllegalAction, Rng
from neko_lab.games.syndicate.data import LEVEL_OF
from neko_lab.games.syndicate.rules.minions_cards import Take
from neko_lab.games.syndicate.rules.setup import Open

from randomplay import first_wanted

from . import rig
from .helpers import finish_turn


def _refused(s, action) -> str:
    before = s.to_json()
    with pytest.raises(IllegalAction) as info:
        s.apply(action)
    assert s.to_json() == before
    return str(info.value)


@pytest.mark.parametrize("waiting", [None, 10 ** 18, -(2 ** 80), 1.5, float("nan"), "x", (1, 2)])
def test_opening_with_a_malformed_field_is_refused_naming_the_field(waiting):
    s = nl.new_game("syndicate", players=2, seed=3)
    reason = _refused(s, Open(s.opening[0][0], waiting))
    assert "waiting" in reason and len(reason) < 200


def test_opening_with_a_card_not_drawn_names_the_field():
    s = nl.new_game("syndicate", players=1, seed=3, catanna_assign="in order")
    absent = next(c for c in range(48) if c not in s.opening[0])
    reason = _refused(s, Open(s.opening[0][0], absent))
    assert "waiting" in reason and len(reason) < 200


def test_opening_keeping_one_card_twice_is_refused_with_examples():
    s = nl.new_game("syndicate", players=1, seed=3, catanna_assign="in order")
    c = s.opening[0][0]
    reason = _refused(s, Open(c, c))
    assert "not among the 12 legal Open choices" in reason and len(reason) < 600


def test_a_minion_that_is_not_waiting_is_refused_counted_from_1_as_the_screen_counts_it():
    from neko_lab.core import SaveError
    from neko_lab.games.syndicate.rules.lieutenants_card import Discard

    s = nl.new_game("syndicate", players=2, seed=1)
    rng = random.Random(1)
    while not any(isinstance(a, Discard) for a in s.legal_actions()):
        s.apply(rng.choice(s.legal_actions()))
    assert Discard(47) not in s.legal_actions() and Discard(1) not in s.legal_actions()
    reason = _refused(s, Discard(47))
    assert reason.startswith("discard minion 48 is not possible now: minion 48 is not in your Waiting Room")
    assert reason.endswith("(Neko Syndicate \u203a Accountant)")
    assert "card=" not in reason and len(reason) < 200
    assert "its card is 'x' (str), where a legal Discard has int" in _refused(s, Discard("x"))
    s.apply(s.legal_actions()[0])
    doc = json.loads(s.to_json())
    doc["actions"][-1][1] = 1                                   # minion 2, which is not waiting
    with pytest.raises(SaveError) as info:
        nl.from_json(json.dumps(doc))
    said = str(info.value)
    assert said.startswith(f"step {len(doc['actions'])}: discard minion 2 is not possible now: ") and "card=" not in said


def test_fishmonger_with_a_huge_count_is_refused():
    s = rig.started(players=2, seed=4)
    take: list = []
    for _ in range(200):
        take = [a for a in s.legal_actions() if isinstance(a, Take)]
        if take:
            break
        s.apply(s.legal_actions()[0])
    assert take, "a Fishmonger decision comes up in the first turns"
    reason = _refused(s, take[0]._replace(count=2 ** 80))
    level = LEVEL_OF[take[0].place]
    assert f"a Fishmonger on level {level} takes at most {level} cubes" in reason
    assert reason.endswith("(Neko Syndicate \u203a Fishmonger)")


def test_determinized_copy_draws_from_the_generator_it_is_given():
    s = rig.started(players=2, seed=8)
    a = s.determinize(0, Rng(1))
    b = s.determinize(0, Rng(1))
    c = s.determinize(0, Rng(2))
    assert a.rng is not s.rng and a.rng != s.rng and a.rng.copy().next64() != s.rng.copy().next64()
    assert a.deck == b.deck and sorted(a.deck) == sorted(s.deck)
    assert a.deck != c.deck
    real = json.loads(s.to_json())
    finish_turn(a)
    assert json.loads(s.to_json()) == real


# ---------------------------------------------------------------- plausible mistakes name their rule
def _play_until(players, seed, want, **options):
    """Random play (random.Random(seed)) until want(state) returns a wrong action; (state, action)."""
    return first_wanted([(nl.new_game("syndicate", players=players, seed=seed, **options), seed)], want)


def test_a_fishmonger_asked_for_more_cubes_than_its_level_says_its_level():
    from neko_lab.games.syndicate.data import COLOURS

    def more(s):
        for a in s.legal_actions():
            if type(a) is Take and s.warehouse[0][a.colour] > LEVEL_OF[a.place]:
                return Take(LEVEL_OF[a.place] + 1, a.colour, a.place)
    s, x = _play_until(1, 0, more)
    level = LEVEL_OF[x.place]
    assert _refused(s, x) == (f"take {level + 1} {COLOURS[x.colour]} cubes to place {x.place + 1} is not possible "
                              f"now: a Fishmonger on level {level} takes at most {level} cubes, as many as its "
                              f"level (Neko Syndicate \u203a Fishmonger)")


def test_a_minion_placed_where_no_card_is_above_says_which_card_is_missing():
    from neko_lab.games.syndicate.rules.lieutenants_card import Place

    def nowhere(s):
        for a in s.legal_actions():
            if type(a) is Place and s.pyramid[0][5] < 0 and s.pyramid[0][2] < 0:
                return Place(a.card, 5)
    s, x = _play_until(1, 0, nowhere)
    assert _refused(s, x) == (f"place minion {x.card + 1} at place 6 (level 3) is not possible now: place 6 "
                              f"(level 3) hangs below place 3, and no card is there yet: a minion goes only below "
                              f"a card already placed (Neko Syndicate \u203a Chief Operations Officer)")


def test_a_cube_of_another_colour_on_a_sashimi_slot_says_the_colour_the_slot_takes():
    from neko_lab.games.syndicate.data import COLOURS
    from neko_lab.games.syndicate.rules.delivery_zone import Deliver

    def other(s):
        for a in s.legal_actions():
            if type(a) is Deliver and a.kind == 0 and s.card_at(0, a.place).slots[a.slot][1] == a.colour:
                return a._replace(colour=(a.colour + 1) % 4)
    s, x = _play_until(1, 2, other)
    want, wrong = COLOURS[(x.colour + 3) % 4], COLOURS[x.colour]
    assert _refused(s, x).endswith(f"is not possible now: sashimi slot {x.slot + 1} at place {x.place + 1} takes a "
                                   f"{want} cube, not a {wrong} one (Neko Syndicate \u203a Delivery zone)")


def test_a_subway_ride_between_two_lines_names_both_lines():
    from neko_lab.games.syndicate.data import LINES
    from neko_lab.games.syndicate.rules.minions_cards import Carry, line_of

    def across(s):
        top = s.pending[-1]
        if top.kind != "subway operator":
            return None
        for a in s.legal_actions():
            for m in range(2, 20):
                if type(a) is Carry and s.pyramid[0][m // 2] >= 0 and 0 <= line_of(s, 0, m) != line_of(s, 0, a.frm):
                    return a._replace(to=m)
    s, x = _play_until(1, 1, across)
    frm, to = LINES[line_of(s, 0, x.frm)], LINES[line_of(s, 0, x.to)]
    reason = _refused(s, x)
    assert reason.endswith(f"is not possible now: the Subway operator moves a cube along one line: "
                           f"{nl.games.syndicate.data.neighbourhood_name(x.frm)} is on line {frm} and "
                           f"{nl.games.syndicate.data.neighbourhood_name(x.to)} on line {to} "
                           f"(Neko Syndicate \u203a Subway operator)")
    assert "lieutenants" not in reason


def test_a_walk_that_starts_on_a_minion_box_is_told_every_walk_starts_on_the_lieutenants_card():
    from neko_lab.games.syndicate.rules.command_phase import Box

    s = nl.new_game("syndicate", players=1, seed=0)
    while s.pending[-1].kind != "walk":
        s.apply(s.legal_actions()[0])
    x = Box(1, 0, s.card_at(0, 1).box_text(0), 2)
    reason = _refused(s, x)
    assert reason.endswith("is not possible now: every walk starts on a box of the lieutenants card (place 1), "
                           "the Accountant or the Chief Operations Officer, before any minion's box "
                           "(Neko Syndicate \u203a Lieutenants card)")
    assert "below" not in reason


@pytest.mark.parametrize("kind", ["storekeeper", "discard", "deliver", "catanna_wild", "fishmonger", "coo",
                                  "delivery lady", "subway operator", "cook", "walk"])
def test_a_move_changed_in_one_field_is_refused_with_its_rule(kind):
    # one field of a legal action changed to a nearby value: the refusal cites a section of the rules
    domain = {"place": range(10), "side": (0, 1), "count": range(5), "colour": range(4), "frm": range(20),
              "to": range(20), "slot": range(4), "at": range(20), "old": range(4), "new": range(4),
              "kind": (0, 1), "card": range(48)}
    seen = 0
    for seed in range(3):
        s = nl.new_game("syndicate", players=1, seed=seed)
        rng = random.Random(seed)
        while not s.is_over():
            acts = s.legal_actions()
            if s.pending[-1].kind == kind:
                for a in acts:
                    if type(a).__name__ in ("Stop", "EndWalk"):
                        continue
                    for f in a._fields:
                        for v in domain.get(f, ()):
                            x = a._replace(**{f: v})
                            if type(a).__name__ == "Box":      # a box of a card that is there
                                if s.pyramid[0][x.place] < 0:
                                    continue
                                x = x._replace(action=s.card_at(0, x.place).box_text(x.side), level=LEVEL_OF[x.place])
                            if x in acts:
                                continue
                            assert "(Neko Syndicate \u203a " in _refused(s.clone(), x), x
                            seen += 1
            s.apply(rng.choice(acts))
    assert seen
