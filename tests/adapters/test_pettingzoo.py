"""The PettingZoo environment (neko_lab.adapters.pettingzoo) passes PettingZoo's own conformance tests for
every game and player count, plays to the end with masked random actions, and keeps what each seat sees
to its own view. Skipped when the optional extra (pip install "neko_lab[rl]") is not installed."""
from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, seed_test  # noqa: E402

import neko_lab as nl  # noqa: E402
from neko_lab.adapters.pettingzoo import env  # noqa: E402

CASES = [pytest.param(g, p, id=f"{g}-{p}p") for g, cls in sorted(nl.GAMES.items())
         for p in range(cls.MIN_PLAYERS, cls.MAX_PLAYERS + 1)]


@pytest.mark.parametrize("game,players", CASES)
def test_pettingzoo_api_test(game, players):
    api_test(env(game, players), num_cycles=200)


@pytest.mark.parametrize("game,players", CASES)
def test_pettingzoo_seed_test(game, players):
    seed_test(lambda: env(game, players), num_cycles=100)


def _play(e, seed):
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    ids, total = [], {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        total[agent] += reward
        if term or trunc:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) == len(e.game_state.legal_actions())
        a = int(rng.choice(legal))
        ids.append(a)
        e.step(a)
    return ids, total


def test_a_masked_random_game_ends_with_the_engines_returns():
    e = env("naeco", 2)
    ids, total = _play(e, 3)
    assert e.game_state.is_over() and len(ids) == e.game_state.steps
    assert [total[a] for a in e.possible_agents] == e.game_state.returns("win")
    again, _ = _play(env("naeco", 2), 3)
    assert again == ids, "the same seed plays the same game"


def test_stepping_after_every_agent_has_left_says_to_reset_and_changes_nothing():
    e = env("naeco", 2)
    _play(e, 4)
    assert e.agents == [] and e.game_state.is_over()
    ended, final = e.game_state, e.observe("player_1")
    for call in (lambda: e.step(None), lambda: e.step(0), lambda: e.last()):
        with pytest.raises(nl.ConfigError, match=r"the game is over and every agent has left.*call reset\(\)"):
            call()
    assert e.game_state is ended and e.agents == []
    assert np.array_equal(e.observe("player_1")["observation"], final["observation"])
    e.reset(seed=4)
    assert e.agents == e.possible_agents and not e.game_state.is_over()
    e.step(int(np.flatnonzero(e.last()[0]["action_mask"])[0]))
    assert e.game_state.steps == 1


def test_last_and_observe_before_reset_say_to_reset():
    e = env("naeco", 2)
    for call in (lambda: e.last(), lambda: e.observe("player_1")):
        with pytest.raises(nl.ConfigError, match="call reset"):
            call()


@pytest.mark.parametrize("call", ["observe", "observation_space", "action_space"])
@pytest.mark.parametrize("agent", ["player_0", "player_4", "Player 1", 0, np.int64(2), None, ["player_1"]])
def test_a_name_that_is_no_agent_is_a_config_error_naming_the_agents(call, agent):
    e = env("naeco", 3)
    e.reset(seed=1)
    before = e.game_state.to_json(snapshot=True)
    with pytest.raises(nl.ConfigError, match=r"is not an agent of this 3-player game: its agents are "
                                             r"player_1, player_2, player_3 \(counted from 1\)") as err:
        getattr(e, call)(agent)
    assert str(err.value).startswith(repr(agent))     # the name given, as written
    assert isinstance(err.value, KeyError)      # what a dict of agents raises, for code that catches that
    if isinstance(agent, (int, np.integer)):    # a seat number: the agent it would be
        assert f"seat {agent} is the agent 'player_{agent + 1}'" in str(err.value)
    assert e.game_state.to_json(snapshot=True) == before
    assert getattr(e, call)("player_3") is not None


def test_observe_of_an_unknown_agent_before_reset_names_the_agents():
    with pytest.raises(nl.ConfigError, match="its agents are player_1, player_2"):
        env("naeco", 2).observe("player_0")


def test_score_rewards_and_game_options():
    e = env("naeco", 2, reward="score", sea_shepherd=True)
    _, total = _play(e, 5)
    assert e.game_state.options["sea_shepherd"] is True
    assert [total[a] for a in e.possible_agents] == [float(v) for v in e.game_state.scores()]


def test_reset_ignores_unknown_options_and_passes_game_options():
    e = env("neptune", 2)
    e.reset(seed=1, options={"options": 1, "anything": "else"})
    assert e.game_state.options == nl.game_class("neptune").OPTIONS
    e.reset(seed=1, options={"game_options": {"events": True}})
    assert e.game_state.options["events"] is True


def test_observations_are_each_seats_own_tensor_and_only_the_decider_has_a_mask():
    e = env("journey", 3)
    e.reset(seed=2)
    seat = e.game_state.current_player
    for i, agent in enumerate(e.possible_agents):
        obs = e.observe(agent)
        assert obs["observation"].tolist() == pytest.approx(e.game_state.observation_tensor(i))
        assert obs["action_mask"].any() == (i == seat)


def test_bad_settings_are_refused_when_the_environment_is_made():
    with pytest.raises(nl.ConfigError):
        env("naeco", 9)
    with pytest.raises(nl.ConfigError):
        env("naeco", 2, reward="money")


@pytest.mark.parametrize("bad", [0.7, "3", True, None, np.array([1]), float("nan")])
def test_step_takes_only_an_action_id_and_loses_nothing(bad):
    e = env("neptune", 2)
    e.reset(seed=1)
    before = (e.game_state.to_json(), e.agent_selection)
    with pytest.raises(nl.IllegalAction, match="must act with an action id, a whole number from 0 to"):
        e.step(bad)
    assert (e.game_state.to_json(), e.agent_selection) == before
    e.step(np.int64(e.game_state.legal_action_ids()[0]))        # numpy's integers are ids
    assert len(e.game_state.history()) == 1


def test_reset_takes_numpy_seeds_and_refuses_what_is_not_a_seed():
    a, b = env("naeco", 2), env("naeco", 2)
    a.reset(seed=np.int64(4))
    b.reset(seed=4)
    assert a.game_state.seed == b.game_state.seed == 4
    with pytest.raises(nl.ConfigError, match="seed is a whole number or None"):
        a.reset(seed="4")


def test_a_refused_seed_changes_nothing():
    # a seed out of the games' range is refused before the env's own seeder takes it, so the next
    # unseeded reset deals the game it would have dealt anyway
    a, b = env("naeco", 2), env("naeco", 2)
    a.reset(seed=3)
    b.reset(seed=3)
    for bad in (-1, 2**64):
        with pytest.raises(nl.ConfigError, match="0 <= seed < 2\\*\\*64"):
            a.reset(seed=bad)
    assert a.game_state.seed == 3
    a.reset()
    b.reset()
    assert a.game_state.seed == b.game_state.seed


def test_render_shows_the_spectators_log_and_render_mode_is_checked():
    # a render may be on a screen every seat sees: another seat's secret choice reads as its cover
    e = env("syndicate", 2)
    e.reset(seed=7)
    shown = []
    while len(shown) < 40 and not e.game_state.is_over():
        e.step(e.game_state.legal_action_ids()[0])
        shown.append(e.render())
        public = [str(ev) for ev in e.game_state.log_for("public")[-3:]]
        assert shown[-1].splitlines()[1:] == [f"  {t}" for t in public]
    assert any("walks down the pyramid" in text or "keeps two opening minions" in text for text in shown)
    with pytest.raises(nl.ConfigError, match="render_mode is one of"):
        env("naeco", 2, render_mode="rgb_array")
    with pytest.raises(nl.ConfigError, match="call reset"):
        env("naeco", 2).step(0)


def test_a_refused_action_id_gives_the_rule_in_words():
    e = env("naeco", 2)
    e.reset(seed=1)
    mask = e.observe(e.agent_selection)["action_mask"]
    with pytest.raises(nl.IllegalAction) as refused:
        e.step(int(np.flatnonzero(mask == 0)[0]))       # id 0: a play far left of the start cards
    text = str(refused.value)
    assert text.startswith("action id 0: play ") and "(Naéco › Gameplay)" in text
    assert "('play'" not in text
    with pytest.raises(nl.IllegalAction, match="the ids run from 0 to 3110"):
        e.step(3111)
    # no decoding of Syndicate's ids: what is legal instead, when everyone may know it (played in the open)
    s = nl.new_game("syndicate", players=2, seed=3, simultaneous=False)
    bad = next(i for i in range(10) if i not in s.legal_action_ids())
    with pytest.raises(nl.IllegalAction, match=f"action id {bad} is not legal now \\(Player 1 must choose one of: "):
        s.action_from_id(bad)
    s = nl.new_game("syndicate", players=2, seed=3)      # simultaneous: the choices are the seat's secret
    for reader in (None, 1):                # told to a spectator or the other seat: nothing of them
        text = s.why_id_illegal(bad, seat=reader)
        assert "out of the others' sight" in text and not any(str(a) in text for a in s.legal_actions()), text
    with pytest.raises(nl.IllegalAction) as refused:   # whoever acts is the seat deciding: its own choices
        s.action_from_id(bad)
    assert all(str(a) in str(refused.value) for a in s.legal_actions()[:2])


def test_a_refused_numpy_action_id_is_explained_like_a_plain_one():
    """An argmax over a policy's outputs is a numpy integer: refused, it gets the game's reason too."""
    s = nl.new_game("naeco", players=2, seed=1)
    s.apply(s.legal_actions()[0])
    with pytest.raises(nl.IllegalAction) as plain:
        s.action_from_id(0)
    with pytest.raises(nl.IllegalAction) as numpy_id:
        s.action_from_id(np.int64(0))
    assert str(numpy_id.value) == str(plain.value) and "(Naéco › Gameplay)" in str(plain.value)


def test_solo_naeco_is_rewarded_by_its_score_and_refuses_a_win_reward():
    """Solo Naéco is rated on a scale, not won or lost: a "win" reward would be +1 in every game."""
    e = env("naeco", 1)
    rewards = {}
    for seed in range(6):
        _, total = _play(e, seed)
        rewards[seed] = total["player_1"]
        assert rewards[seed] == float(e.game_state.scores()[0])
    assert len(set(rewards.values())) > 1, "the reward follows the score"
    with pytest.raises(nl.ConfigError, match=r'has no winner \(Naéco › Solo play variant.*use "score"'):
        env("naeco", 1, reward="win")
    assert env("naeco", 2).reward_kind == "win"
    assert env("syndicate", 1).reward_kind == "win"      # solo Syndicate is won or lost against CatANNA


def test_state_is_pettingzoos_global_state_which_these_games_do_not_offer():
    from pettingzoo.utils import wrappers
    from pettingzoo.utils.conversions import turn_based_aec_to_parallel
    e = env("naeco", 2)
    e.reset(seed=1)
    assert isinstance(e.game_state, nl.State) and e.game == "naeco"
    wrapped = wrappers.OrderEnforcingWrapper(env("naeco", 2))
    wrapped.reset(seed=1)
    parallel = turn_based_aec_to_parallel(env("naeco", 2))
    parallel.reset(seed=1)
    for ask in (e.state, wrapped.state, parallel.state):
        with pytest.raises(NotImplementedError, match="each agent has its own observation only.*env.game_state"):
            ask()


@pytest.mark.parametrize("options,field", [
    ({"game_options": 5}, r"options\['game_options'\] is a dict"),
    ({"game_options": ["sea_shepherd"]}, r"options\['game_options'\] is a dict"),
    ({"game_options": {1: True}}, r"options\['game_options'\] is a dict"),
    ([("game_options", {})], r"reset\(\)'s options is a dict"),
    ("sea_shepherd", r"reset\(\)'s options is a dict"),
])
def test_malformed_reset_options_are_a_config_error_naming_the_field(options, field):
    e = env("naeco", 2)
    e.reset(seed=1)
    before = e.game_state.to_json()
    with pytest.raises(nl.ConfigError, match=field):
        e.reset(seed=2, options=options)
    assert e.game_state.to_json() == before, "a refused reset keeps the game"
    e.reset(seed=2, options={"game_options": None})
    assert e.game_state.seed == 2


def test_numpy_player_counts_are_player_counts_and_floats_or_bools_are_not():
    e = env("naeco", np.int64(2))
    assert e.players == 2 and type(e.players) is int and e.possible_agents == ["player_1", "player_2"]
    e.reset(seed=3)
    assert type(e.game_state.players) is int
    for bad in (2.0, np.float64(2), True, np.bool_(True)):
        with pytest.raises(nl.ConfigError, match="naeco is for 1 to 4 players"):
            env("naeco", bad)
