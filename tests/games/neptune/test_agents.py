"""The Destination: Neptune heuristic agent: legal, leaves the state alone, beats random and greedy."""
import importlib

import pytest

import neko_lab as nl
from neko_lab.agents.base import Agent, RandomAgent
from neko_lab.agents.greedy import GreedyAgent
from neko_lab.games.neptune.agents import NeptuneAgent, value
from neko_lab.games.neptune.rules import GameState

from statecheck import fingerprint
from .rig import RED, game, loc


def test_agent_is_listed_in_the_game_table():
    module, cls = GameState.AGENTS["neptune"].split(":")
    assert getattr(importlib.import_module(module), cls) is NeptuneAgent
    assert issubclass(NeptuneAgent, Agent)


@pytest.mark.parametrize("players,opts", [(2, {}), (3, {"events": True}), (4, {})])
def test_agent_plays_whole_games_legally_without_touching_the_state(players, opts):
    s = nl.new_game("neptune", players=players, seed=players, **opts)
    _play(s, [NeptuneAgent(seed=i) for i in range(players)], check=True)
    s.check_invariants()


def test_value_counts_a_factory_more_early_than_late():
    s = game(3)
    m = loc(s, "Mars Mineral Beds")
    s.missions[m], s.bases[m], s.factory[m] = (RED,), (RED,), RED
    early = value(s, RED)
    s.generation = 3
    assert early > value(s, RED)


def _play(s, agents, check=False):
    """Play `s` to the end with `agents` by seat; with check, every choice is legal and leaves the
    position untouched."""
    while not s.is_over():
        before = fingerprint(s) if check else None
        a = agents[s.current_player].choose(s)
        if check:
            assert fingerprint(s) == before and a in s.legal_actions()
        s.apply(a)
    return s


def _wins(opponent, games, start):
    won = 0
    for g in range(start, start + games):
        seat = g % 3
        agents = [opponent(seed=g * 10 + i) for i in range(3)]
        agents[seat] = NeptuneAgent(seed=g)
        won += _play(nl.new_game("neptune", players=3, seed=g), agents).winners() == [seat]
    return won


def test_agent_beats_two_random_players():
    # the benchmark measures 1,000 games (>= 80% expected); 24 here, at least 15 won alone
    assert _wins(RandomAgent, 24, 5000) >= 15


def test_agent_beats_two_greedy_players():
    # the benchmark measures 1,000 games (>= 50% expected); 15 here, at least 6 won alone
    assert _wins(GreedyAgent, 15, 6000) >= 6


def test_at_the_final_scoring_the_agent_buys_the_most_vp_its_credits_allow():
    # credits are worth nothing once the game is over: with 10 credits, 4 VP for 10, not 2 VP for 3
    s = nl.new_game("neptune", players=3, seed=10)
    agents = [nl.make_agent("neptune", "neptune", seed=i) for i in range(3)]
    bought = []
    while not s.is_over():
        top = s.pending[-1]
        a = agents[s.current_player].choose(s)
        if top.kind == "buy_vp" and top.data[0] == "final":
            bought.append((s.credits[s.current_player], a))
        s.apply(a)
    assert bought
    for credits, a in bought:
        best = max((vp for cost, vp in ((1, 1), (3, 2), (6, 3), (10, 4)) if cost <= credits), default=0)
        assert a.vp == best, (credits, a)
