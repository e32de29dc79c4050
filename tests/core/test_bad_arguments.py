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


GAMES = ["journey", "naeco", "neptune", "syndicate"]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seat", [2, -1, None, "0", 1.0, [0], 10**20, True])
def test_a_view_of_a_seat_that_is_not_one_is_a_config_error(game, seat):
    # seats are 0 to players - 1; -1 used to read as the last seat's private view, and a seat past
    # the end as an IndexError from inside the game
    s = nl.new_game(game, players=2, seed=5)
    before = (s.steps, len(s.log), s.legal_actions())
    for name in ("observation", "observation_tensor", "visible_breakdown"):
        if name == "visible_breakdown" and seat is None:
            continue                                      # None is the analyst's breakdown
        view = getattr(s, name)
        with pytest.raises(nl.ConfigError, match=r"seat must be a whole number from 0 to 1 \(seat 0 is Player 1\)"):
            view(seat)
    for name in ("picture", "log_for", "view_breakdown"):
        if name == "view_breakdown" and seat is None:
            continue                                      # None is the analyst's breakdown here too
        view = getattr(s, name)
        with pytest.raises(nl.ConfigError, match="viewer must be a seat from 0 to 1 .* 'public' .* 'all'"):
            view(seat)
    assert (s.steps, len(s.log), s.legal_actions()) == before


@pytest.mark.parametrize("game", GAMES)
def test_every_seat_and_viewer_that_is_one_is_still_shown(game):
    import numpy as np
    s = nl.new_game(game, players=2, seed=5)
    assert s.observation(np.int64(1)) == s.observation(1) and s.observation(1)["seat"] == 1
    for viewer in (0, 1, "public", "all"):
        assert s.picture(viewer=viewer) and isinstance(s.log_for(viewer), list)
        assert len(s.view_breakdown(viewer)) == 2
    assert s.visible_breakdown(None) == s.breakdown()
