"""The solo player's decisions about CatANNA (Neko Syndicate › Solo Mode): the agent gives her wild slots
the colours that leave her the fewest points (checked against every way to fill them), and puts her
earliest marker on the mission it expects to meet soonest."""
from __future__ import annotations

import neko_lab as nl
from neko_lab.agents import make_agent
from neko_lab.games.syndicate import catanna
from neko_lab.games.syndicate.agents import SyndicateAgent
from neko_lab.games.syndicate.rules.solo import AssignMarkers


def at_first_wild(seed: int):
    """A solo game played by the greedy agent up to the first of CatANNA's wild slots to decide."""
    s = nl.new_game("syndicate", players=1, seed=seed, catanna="very easy", catanna_assign="in order")
    agent = make_agent("greedy", "syndicate", seed=seed)
    while not s.is_over() and s.pending[-1].kind != "catanna_wild":
        s.apply(agent.choose(s))
    return s


def least_score(s) -> int:
    """Her lowest final score over every colour choice left (plain enumeration through the engine)."""
    if s.is_over():
        return s.catanna_score()
    best = None
    for a in s.legal_actions():
        t = s.clone()
        t.apply(a)
        v = least_score(t)
        best = v if best is None else min(best, v)
    return best


def test_wild_colours_leave_her_the_least_score_possible():
    checked = 0
    for seed in range(6):
        s = at_first_wild(seed)
        if s.is_over():
            continue
        exact = least_score(s)
        t = s.clone()
        agent = SyndicateAgent(seed=seed)
        while not t.is_over():
            t.apply(agent.choose(t))
        assert t.catanna_score() == exact
        checked += 1
    assert checked >= 3


def test_a_wild_choice_matters_on_some_table():
    """The decision is not idle: on some seeded table the colours chosen change her score."""
    spreads = []
    for seed in range(6):
        s = at_first_wild(seed)
        if s.is_over():
            continue
        scores = []
        for a in s.legal_actions():
            t = s.clone()
            t.apply(a)
            scores.append(least_score(t))
        spreads.append(max(scores) - min(scores))
    assert max(spreads) > 0


def test_markers_earliest_value_on_the_mission_met_soonest():
    s = nl.new_game("syndicate", players=1, seed=5, catanna="nightmare")
    assert s.pending[-1].kind == "catanna_assign"
    a = SyndicateAgent(seed=5).choose(s)
    assert isinstance(a, AssignMarkers) and a in s.legal_actions()
    order = sorted(range(3), key=lambda k: (catanna.MISSION_COLUMN[s.missions[k]], k))
    assert [a.values[k] for k in order] == [16, 14, 12]


def test_markers_her_latest_value_on_the_mission_least_likely_met():
    """Mission 1 (a nearly empty warehouse) is rarely met, mission 12 (cubes on six cards) about column
    12, mission 24 (a level-4 corner completed) late: 12 gets her earliest marker, 1 her latest."""
    s = nl.new_game("syndicate", players=1, seed=0, catanna="very easy")
    legal = s.legal_actions()
    s.missions = (1, 12, 24)         # the rows' missions, as the agent reads them
    assert catanna.assign_choice(s, legal).values == (2, 6, 4)
