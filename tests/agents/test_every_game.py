"""Every agent on every game: legal, reproducible games, and choices that never depend on hidden cards.

The agents are the ladder of the benchmarks: random, greedy, mcts, the game's own agent and ismcts
(searches kept tiny here: the point is what they may look at, not how well they play).
"""
from __future__ import annotations

import random

import pytest

import neko_lab as nl
from neko_lab.agents import ISMCTSAgent, make_agent
from neko_lab.core import ConfigError, Rng
from statecheck import SEARCH_COPY_FIELDS, fields

GAMES = ["naeco", "journey", "neptune", "syndicate"]
SMALL_ISMCTS = ("ismcts", {"iterations": 3, "width": 2, "horizon": 3})
SMALL_MCTS = ("mcts", {"iterations": 4, "max_rollout": 5})


def own(game: str) -> str:
    return next(iter(nl.GAMES[game].AGENTS))


def ladder(game: str) -> list:
    return ["random", "greedy", SMALL_MCTS, own(game), SMALL_ISMCTS]


def positions(game: str, seed: int, count: int, every: int = 17) -> list:
    """Positions of a random two-player game, every `every` actions, where the seat to move has a choice."""
    s = nl.new_game(game, players=2, seed=seed)
    rng = random.Random(seed)
    out, step = [], 0
    while not s.is_over() and len(out) < count:
        legal = s.legal_actions()
        if step % every == 5 and len(legal) > 1:
            out.append(s.clone())
        s.apply(rng.choice(legal))
        step += 1
    return out


def play(game: str, specs: list, seed: int, limit: int) -> list:
    """Up to `limit` actions of a seeded two-player game; every action is checked legal before it is played."""
    s = nl.new_game(game, players=2, seed=seed)
    agents = [make_agent(spec, game, seed=seed + i) for i, spec in enumerate(specs)]
    actions = []
    while not s.is_over() and len(actions) < limit:
        a = agents[s.current_player].choose(s)
        assert a in s.legal_actions() and type(a) in {type(x) for x in s.legal_actions()}
        s.apply(a)
        actions.append(str(a))
    return actions


@pytest.mark.parametrize("game", GAMES)
def test_ismcts_plays_legal_reproducible_games_against_the_game_s_own_agent(game):
    limit = 60 if game == "syndicate" else 400       # the Syndicate agent plans walks: keep it short
    first = play(game, [SMALL_ISMCTS, own(game)], seed=5, limit=limit)
    assert play(game, [SMALL_ISMCTS, own(game)], seed=5, limit=limit) == first


@pytest.mark.parametrize("game", GAMES)
def test_each_agent_s_choice_is_unchanged_when_what_it_cannot_see_differs(game):
    """A copy re-sampled by determinize() differs from the real position only in what the seat to move
    cannot know (other hands, deck order, future chance): every agent must choose the same there."""
    cls = nl.GAMES[game]
    states = positions(game, seed=3, count=3 if game == "syndicate" else 4)
    assert states
    resampled = 0
    for spec in ladder(game):
        for state in states:
            seat = state.current_player
            choice = make_agent(spec, game, seed=7).choose(state)
            twin = state.determinize(seat, Rng(100))
            assert twin.observation(seat) == state.observation(seat)
            if fields(twin, ["rng", *SEARCH_COPY_FIELDS]) != fields(state, ["rng", *SEARCH_COPY_FIELDS]):
                resampled += 1
            assert make_agent(spec, game, seed=7).choose(twin) == choice, (spec, seat)
    assert resampled > 0 or not cls.HIDDEN_INFORMATION


@pytest.mark.parametrize("game", GAMES)
def test_ismcts_searches_only_re_sampled_copies(game, monkeypatch):
    """Each search iteration starts from determinize() for the seat to move, never from the state itself."""
    cls = nl.GAMES[game]
    if not cls.HIDDEN_INFORMATION:
        pytest.skip(f"{game} has no hidden information")
    seen = []
    real = cls.determinize

    def spy(self, seat, rng):
        seen.append(seat)
        return real(self, seat, rng)

    state = positions(game, seed=4, count=1)[0]
    monkeypatch.setattr(cls, "determinize", spy)
    ISMCTSAgent(seed=1, iterations=4, width=2, horizon=2).choose(state)
    assert seen.count(state.current_player) >= 4


@pytest.mark.parametrize("game", GAMES)
def test_ismcts_is_registered_with_its_parameters(game):
    agent = make_agent(("ismcts", {"iterations": 5, "horizon": 4}), game, seed=1)
    assert isinstance(agent, ISMCTSAgent)
    state = positions(game, seed=2, count=1)[0]
    assert agent.choose(state) in state.legal_actions()
    assert agent.settings["iterations"] == 5 and agent.settings["horizon"] == 4
    assert make_agent("ismcts", game, seed=1).name == "ismcts"


def test_ismcts_refuses_bad_parameters():
    for params in ({"iterations": 0}, {"seconds": -1}, {"width": 0}, {"horizon": "x"}, {"scale": 0}):
        with pytest.raises(ConfigError):
            make_agent(("ismcts", params), "naeco", seed=1)
    with pytest.raises(ConfigError):
        make_agent(("ismcts", {"depth": 3}), "naeco", seed=1)


def test_ismcts_with_a_time_budget_returns_a_legal_action():
    state = positions("neptune", seed=2, count=1)[0]
    assert ISMCTSAgent(seed=0, seconds=0.05).choose(state) in state.legal_actions()


def test_the_seconds_cap_stops_a_search_that_would_not_end_and_is_counted():
    state = positions("naeco", seed=2, count=1)[0]
    agent = ISMCTSAgent(seed=0, iterations=10**9, seconds=0.05)
    assert agent.choose(state) in state.legal_actions()
    assert agent.capped == 1
    small = ISMCTSAgent(seed=0, iterations=3)          # iterations alone: no cap of either kind
    small.choose(state)
    assert small.capped == 0 and small.settings["seconds"] is None and small.settings["steps"] is None


def test_ismcts_margin_weighs_the_evaluation_of_finished_playouts():
    state = positions("journey", seed=4, count=3)[-1]
    with pytest.raises(ConfigError):
        ISMCTSAgent(seed=0, margin=1.5)
    agent = ISMCTSAgent(seed=0, iterations=4, horizon=400, margin=0.5)
    assert agent.choose(state) in state.legal_actions()
    sim = state.clone()
    while not sim.is_over():
        sim.apply(sim.legal_actions()[0])
    values = agent._playout_value(sim)
    won = sim.winners()
    for seat, v in enumerate(values):
        plain = (1.0 / len(won) if seat in won else 0.0)
        assert 0.5 * plain <= v <= 0.5 * plain + 0.5 and v != plain


def test_ismcts_does_not_change_the_state_it_is_shown():
    state = positions("journey", seed=6, count=2)[-1]
    before = state.to_json(snapshot=True)
    ISMCTSAgent(seed=0, iterations=6).choose(state)
    assert state.to_json(snapshot=True) == before


@pytest.mark.parametrize("game", ["naeco", "journey", "neptune"])
def test_ismcts_with_full_trust_plays_the_game_s_own_agent_s_move(game):
    # rewards lie between 0 and 1: no other move can beat the policy's own choice by more than 1
    for state in positions(game, seed=8, count=3):
        mine = make_agent(("ismcts", {"iterations": 6, "trust": 1.0}), game, seed=3).choose(state)
        theirs = make_agent(own(game), game, seed=0).choose(state)
        assert mine == theirs and type(mine) is type(theirs)
