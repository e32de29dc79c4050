"""The game state: invariants, hidden information, citations, saving (rulebook › Setup and the rest)."""
import random
from pathlib import Path

import pytest

import neko_lab as nl
from neko_lab.core import ConfigError, Rng

from rulebooks import rulebook

from .rig import act, game

SECTIONS = Path(__file__).resolve().parents[3] / "datasets" / "neptune" / "sections.txt"
RULEBOOK = rulebook("neptune")


def test_every_event_cites_a_heading_of_the_rulebook():
    headings = set(SECTIONS.read_text(encoding="utf-8").splitlines())
    rules = set(nl.game_class("neptune").RULES)
    for seed in range(6):
        s = game(3, seed=seed, events=seed % 2 == 1)
        r = random.Random(seed)
        while not s.is_over():
            s.apply(r.choice(s.legal_actions()))
        rules |= {e.rule for e in s.log}
    for rule in rules:
        game_name, _, heading = rule.partition(" › ")
        assert game_name == "Destination: Neptune" and heading in headings, rule


@pytest.mark.skipif(RULEBOOK is None, reason="the rulebook is not in this checkout")
def test_sections_are_rulebook_headings():
    lines = set(RULEBOOK.read_text(encoding="utf-8").splitlines())
    for heading in SECTIONS.read_text(encoding="utf-8").splitlines():
        assert heading in lines, heading


def test_options_are_checked():
    with pytest.raises(ConfigError):
        game(3, final_fame_tie_vp=4)
    with pytest.raises(ConfigError):
        game(3, events="yes")
    with pytest.raises(ConfigError):
        game(5)


def test_observation_hides_other_hands_and_deck_order():
    s = game(3, seed=4)
    obs = s.observation(0)
    assert obs["hand"] == list(s.hands[0]) and obs["hand_sizes"] == [5, 5, 5]
    assert "hands" not in obs and obs["decks"] == [len(d) for d in s.decks]
    other = s.determinize(0, Rng(3))
    assert other.hands[0] == s.hands[0] and other.hands[1:] != s.hands[1:]
    other.check_invariants()


@pytest.mark.parametrize("broken, message", [
    (lambda s: s.credits.__setitem__(0, -1), "negative"),
    (lambda s: s.hands.__setitem__(0, s.hands[0] + (s.hands[1][0],)), "one place"),
    (lambda s: s.bases.__setitem__(3, (0,)), "Research Mission"),
    (lambda s: s.teams.__setitem__(0, 99), "off the map"),
    (lambda s: s.used.__setitem__(0, 4), "at most once"),
    (lambda s: s.techs.__setitem__(0, (1, 1)), "one token per player"),
])
def test_invariants_catch_broken_states(broken, message):
    s = game(3)
    broken(s)
    with pytest.raises(AssertionError, match=message):
        s.check_invariants()


def test_a_factory_circle_holds_one_token_with_its_owners_base():
    s = game(3)
    s.factory[5] = 1
    with pytest.raises(AssertionError, match="base"):
        s.check_invariants()


def test_save_and_load_with_events():
    s = game(4, seed=9, events=True)
    r = random.Random(2)
    for _ in range(60):
        act(s, r.choice(s.legal_actions()))
    again = nl.from_json(s.to_json())
    assert again.to_json() == s.to_json()
    assert again.legal_actions() == s.legal_actions()
