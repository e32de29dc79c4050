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
