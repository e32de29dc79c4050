"""Saving and loading: exact round trips and clear refusals."""
import json
import random

import pytest

import neko_lab as nl
from neko_lab.core import FORMAT, SaveError


def _mid_game(seed=3, steps=15):
    s = nl.new_game("toy", players=3, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        s.apply(rng.choice(s.legal_actions()))
    return s


def test_round_trip_keeps_generator_state():
    s = _mid_game()
    t = nl.from_json(s.to_json())
    assert t.rng == s.rng and t.log == s.log and t.pending == s.pending
    # the next chance event (a draw from the shuffled deck) is the same after loading
    assert s.rng.random() == t.rng.random()


def test_save_names_format_and_game():
    doc = json.loads(_mid_game().to_json())
    assert doc["format"] == FORMAT and doc["game"] == "toy"


@pytest.mark.parametrize("text,needle", [
    ("not json at all", "not a neko_lab save"),
    ("[1, 2, 3]", "no 'format' field"),
    ('{"format": "chess-save/9"}', "unsupported save format"),
    ('{"format": "' + FORMAT + '", "game": "toy", "state": {}}', "'checksum' field is missing"),
])
def test_foreign_or_broken_saves_are_refused(text, needle):
    with pytest.raises(SaveError, match=needle):
        nl.from_json(text)


def test_tampered_save_is_refused_by_checksum():
    text = _mid_game().to_json()
    doc = json.loads(text)
    doc["state"]["turns"] = doc["state"]["turns"] + 1
    with pytest.raises(SaveError, match="checksum"):
        nl.from_json(json.dumps(doc))


def test_unknown_game_in_save_is_refused():
    doc = json.loads(_mid_game().to_json())
    doc["game"] = "chess"
    with pytest.raises(SaveError, match="unknown game 'chess'"):
        nl.from_json(json.dumps(doc))


def test_save_that_breaks_the_rules_is_refused():
    import hashlib
    doc = json.loads(_mid_game().to_json())
    doc["state"]["deck"].append(6)  # a seventh card 6 that does not exist
    canon = json.dumps(doc["state"], sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    doc["checksum"] = hashlib.sha256(canon.encode()).hexdigest()[:16]
    with pytest.raises(SaveError, match="every card is in one place"):
        nl.from_json(json.dumps(doc))


def test_save_naming_an_unregistered_class_is_refused():
    import hashlib
    doc = json.loads(_mid_game().to_json())
    doc["state"]["deck"] = {"~c": "os:system", "v": {}}
    canon = json.dumps(doc["state"], sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    doc["checksum"] = hashlib.sha256(canon.encode()).hexdigest()[:16]
    with pytest.raises(SaveError, match="unknown class 'os:system'"):
        nl.from_json(json.dumps(doc))
