"""What a copy shares and what a viewer reads, for every registered game (issue: secrets stay secret)."""
from __future__ import annotations

import json
import random

import pytest

import neko_lab as nl
from neko_lab.core import EVERYTHING, PUBLIC, Event

GAMES = sorted(nl.GAMES)


def _played(game: str, steps: int = 30):
    s = nl.new_game(game, seed=3)
    rng = random.Random(3)
    for _ in range(steps):
        if s.is_over():
            break
        s.apply(rng.choice(s.legal_actions()))
    return s


@pytest.mark.parametrize("game", GAMES)
def test_changing_an_option_on_a_clone_cannot_break_the_original_save(game):
    s = _played(game)
    save = s.to_json()
    copy = s.clone()
    name = next(iter(copy.options), None)
    if name is None:
        pytest.skip("a game without options")
    with pytest.raises(TypeError):
        copy.options[name] = "something else"
    with pytest.raises(TypeError):
        copy.options.update({name: 1})
    assert s.to_json() == save and nl.from_json(save).to_json() == save
    assert json.loads(json.dumps(copy.options)) == dict(s.options)      # still reads as a dict


@pytest.mark.parametrize("game", GAMES)
def test_event_data_of_a_clone_cannot_be_changed_and_reach_the_original(game):
    s = _played(game)
    copy = s.clone()
    with_data = [e for e in copy.log if e.data]
    assert with_data, "no event with data to check"
    before = [dict(e.data) for e in s.log]
    for e in with_data:
        with pytest.raises(TypeError):
            e.data["seat"] = 99
        for v in e.data.values():
            assert not isinstance(v, (list, dict, set)) or isinstance(v, nl.core.FrozenDict)
    assert [dict(e.data) for e in s.log] == before


def test_a_covered_event_reads_as_its_cover_to_the_other_seats():
    e = Event("picks a 5", "Toy › Draft", 1, {"die": 5}, cover="picks a die")
    assert e.shown_to(1) is e and e.shown_to(EVERYTHING) is e
    other = e.shown_to(0)
    assert other.text == "picks a die" and other.data == {} and other.seat == 1
    assert e.shown_to(PUBLIC).text == "picks a die"
    quiet = Event("draws 3", "Toy › Draw", 1, cover="")
    assert nl.core.shown_log([quiet, e], 0) == [other]


@pytest.mark.parametrize("game", GAMES)
def test_a_snapshot_keeps_covers_and_read_only_data(game):
    s = _played(game, 12)
    loaded = nl.from_json(s.to_json(snapshot=True), trust=True)
    assert loaded.log == s.log and type(loaded.options) is type(s.options)
