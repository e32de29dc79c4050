"""The Naéco heuristic agent: legal choices in every variant, and a clear edge over random play."""
from __future__ import annotations

import importlib

import pytest

import neko_lab as nl
from neko_lab.agents.base import Agent, RandomAgent
from neko_lab.games.naeco.agents import NaecoAgent, ocean_value
from neko_lab.games.naeco.rules import GameState

from statecheck import fingerprint


def test_agent_is_listed_in_the_game_table():
    module, cls = GameState.AGENTS["naeco"].split(":")
    assert getattr(importlib.import_module(module), cls) is NaecoAgent
    assert issubclass(NaecoAgent, Agent)


@pytest.mark.parametrize("players,opts", [(1, {}), (2, {"sea_shepherd": True}), (3, {"facedown_any_depth": True}),
                                          (4, {"sea_shepherd": True})])
def test_agent_plays_whole_games_legally_without_touching_the_state(players, opts):
    s = nl.new_game("naeco", players=players, seed=players, **opts)
    agents = [NaecoAgent(seed=i) for i in range(players)]
    while not s.is_over():
        before = fingerprint(s)
        a = agents[s.current_player].choose(s)
        assert fingerprint(s) == before
        assert a in s.legal_actions()
        s.apply(a)
    s.check_invariants()


def test_agent_prefers_a_play_that_fulfils_the_objective():
    s = nl.new_game("naeco", seed=0)
    s.objectives[0] = 3                      # two species side by side
    from . import rig
    rig.ocean(s, 0, "S 2 .\n. . .\n. . .\nS . .")
    rig.hand(s, 0, [(1, 3), (2, 1), (4, 4)])
    a = NaecoAgent(seed=0).choose(s)
    assert (a.depth, a.col, a.down) == (1, 2, False)


def test_same_seed_same_choices():
    s = nl.new_game("naeco", seed=4)
    assert NaecoAgent(seed=1).choose(s) == NaecoAgent(seed=1).choose(s)
    assert isinstance(ocean_value(s, 0, s.oceans[0]), float)


def test_beats_random_in_at_least_80_percent_of_200_two_player_games():
    wins = 0
    games = 200
    for g in range(games):
        s = nl.new_game("naeco", players=2, seed=10_000 + g)
        me = g % 2                                        # alternate seats
        agents = {me: NaecoAgent(seed=g), 1 - me: RandomAgent(seed=g + 1)}
        while not s.is_over():
            s.apply(agents[s.current_player].choose(s))
        wins += s.winners() == [me]
    assert wins / games >= 0.80, f"won {wins} of {games}"


def test_evaluate_does_not_peek_at_other_priority_cards():
    s = nl.new_game("naeco", players=3, seed=6)
    s.apply(next(a for a in s.legal_actions() if not a.down and s.cards[a.card].attributes))
    s.apply(s.legal_actions()[0])
    before = s.evaluate(0)
    s.priority[1], s.priority[2] = s.priority[2], s.priority[1]
    assert s.evaluate(0) == before, "other players' cards are secret"
    s.priority[0], s.priority[1] = s.priority[1], s.priority[0]
    assert s.evaluate(0) != before, "the seat's own card matters"
