"""Every bad argument gets the promised error: ConfigError from new_game and agents, SaveError from
from_json, and a save far longer than any game refused before it is parsed, in bounded memory."""
from __future__ import annotations

import json
import random
import resource

import pytest

import neko_lab as nl
from neko_lab.agents import make_agent
from neko_lab.core.history import checksum


def _save_with(text: str, **changes) -> str:
    doc = json.loads(text)
    doc.update(changes)
    doc["checksum"] = checksum({k: v for k, v in doc.items() if k != "checksum"})
    return json.dumps(doc)


@pytest.mark.parametrize("value", [["medium"], {"medium": 1}, {"medium"}, 3, None])
def test_catanna_option_of_the_wrong_type_is_a_config_error(value):
    with pytest.raises(nl.ConfigError, match="(?i)catanna"):
        nl.new_game("syndicate", players=1, seed=1, catanna=value)


@pytest.mark.parametrize("game, option, value", [
    ("neptune", "final_fame_tie_vp", 3.0),
    ("neptune", "final_fame_tie_vp", True),
    ("neptune", "final_fame_tie_vp", "3"),
    ("syndicate", "catanna_cubes", 6.0),
    ("syndicate", "catanna_cubes", True),
    ("syndicate", "simultaneous", 1),
    ("journey", "exchange_limit", 8.0),
    ("journey", "advanced_cards", "yes"),
    ("naeco", "sea_shepherd", [True]),
    ("syndicate", "catanna_markers", [{}, 1, 2]),
])
def test_option_of_the_wrong_type_is_a_config_error(game, option, value):
    players = 1 if game == "syndicate" else None
    with pytest.raises(nl.ConfigError, match=option):
        nl.new_game(game, players=players, seed=1, **{option: value})


@pytest.mark.parametrize("option, value", [("catanna", ["medium"]), ("catanna", {"a": 1}),
                                           ("catanna_cubes", 6.0)])
def test_save_with_an_option_of_the_wrong_type_is_a_save_error(option, value):
    text = nl.new_game("syndicate", players=1, seed=3).to_json()
    from neko_lab.core import serial
    options = serial.decode(json.loads(text)["options"])
    options[option] = value
    with pytest.raises(nl.SaveError, match=f"(settings are refused|options cannot be read).*"):
        nl.from_json(_save_with(text, options=serial.encode(options)))


def test_save_of_neptune_with_a_float_tie_award_is_a_save_error():
    text = nl.new_game("neptune", seed=3).to_json()
    from neko_lab.core import serial
    options = serial.decode(json.loads(text)["options"])
    options["final_fame_tie_vp"] = 3.0
    with pytest.raises(nl.SaveError, match="final_fame_tie_vp"):
        nl.from_json(_save_with(text, options=serial.encode(options)))


@pytest.mark.parametrize("seed", [-1, 2**64, 1.0, "1", float("nan"), True])
@pytest.mark.parametrize("agent", ["random", "greedy", "mcts", "naeco"])
def test_agent_seeds_are_checked_like_game_seeds(agent, seed):
    with pytest.raises(nl.ConfigError, match="seed"):
        make_agent(agent, "naeco", seed)
    ok = make_agent(agent, "naeco", 1)
    with pytest.raises(nl.ConfigError, match="seed"):
        ok.reseed(seed)


def test_agent_seeds_minus_one_and_one_no_longer_alias():
    with pytest.raises(nl.ConfigError):
        make_agent("random", "naeco", -1)
    assert make_agent("random", "naeco", 1).seed == 1


def test_a_save_far_longer_than_any_game_is_refused_in_bounded_memory():
    """A real game padded to about 50 MB: refused by its length, without parsing it (it used to take
    0.7-1 GB of memory to refuse)."""
    s = nl.new_game("journey", players=3, seed=1)
    r = random.Random(1)
    while not s.is_over():
        s.apply(r.choice(s.legal_actions()))
    doc = json.loads(s.to_json())
    doc["actions"] = doc["actions"] * 7000
    text = _save_with(json.dumps(doc))
    assert len(text) > 40_000_000
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    with pytest.raises(nl.SaveError, match="far longer than any game"):
        nl.from_json(text)
    with pytest.raises(nl.SaveError, match="far longer than any game"):
        nl.from_json(text.encode())
    grew_mb = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    assert grew_mb < 100, grew_mb      # the UTF-8 copy above is the only large allocation
