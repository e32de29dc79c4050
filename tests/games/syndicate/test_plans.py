"""The Syndicate agent's hooks for a search over whole walks (ismcts's plan mode): ranked plans, a plan
that keeps holding while the walk goes as planned, and the worth of following a plan on a search copy."""
from __future__ import annotations

import neko_lab as nl
from neko_lab.agents import make_agent
from neko_lab.core import Rng

from .rig import walk_start


def same(a, b) -> bool:
    return a == b and type(a) is type(b)


def test_the_ranked_plans_begin_with_the_plan_search_returns():
    s = walk_start(4)
    seat = s.current_player
    base = s.determinize(seat, Rng(9))
    agent = make_agent("syndicate", "syndicate", seed=1)
    ranked = agent.ranked(base.clone(), seat)
    assert len(ranked) >= 2
    assert ranked[0] == agent.search(base.clone(), seat)
    assert len({tuple(p) for p in ranked}) == len(ranked)        # different walks


def test_plans_are_offered_at_a_walk_and_the_chosen_one_holds_while_the_walk_goes_as_planned():
    s = walk_start(5)
    agent = make_agent("syndicate", "syndicate", seed=1)
    plans = agent.plans(s, 3)
    assert 2 <= len(plans) <= 3
    assert all(any(same(p[0], a) for a in s.legal_actions()) for p in plans)
    plan = list(plans[-1])                   # any of them can be followed, not only the first
    seat = s.current_player
    while plan and s.current_player == seat and not s.is_over():
        legal = s.legal_actions()
        if len(legal) > 1:
            offered = agent.plans(s, 3, plan)
            if s.pending[-1].kind == "discard":
                break                        # real cards were drawn: the agent may plan again
            assert offered == [plan]        # still holds: offered back alone, nothing re-planned
        step = plan.pop(0)
        assert any(same(step, a) for a in legal)
        s.apply(step)


def test_no_plans_where_the_agent_does_not_plan_a_walk():
    s = nl.new_game("syndicate", players=2, seed=3)
    assert s.turn == 0 and len(s.legal_actions()) > 1
    assert make_agent("syndicate", "syndicate", seed=1).plans(s, 3) is None


def test_a_plan_that_no_longer_fits_is_replaced():
    s = walk_start(6)
    agent = make_agent("syndicate", "syndicate", seed=1)
    plans = agent.plans(s, 2)
    rest = plans[0][1:]                      # as if the first step had been played: it was not
    assert not any(same(rest[0], a) for a in s.legal_actions())
    other = agent.plans(s, 2, rest)
    assert other != [rest] and all(any(same(p[0], a) for a in s.legal_actions()) for p in other)
    key, drawn = agent.offered
    assert agent.holds(s, plans[0], key, drawn)
    assert not agent.holds(s, plans[0], (key[0], key[1] + 1, key[2]), drawn)     # made for another turn


def test_the_worth_of_a_plan_is_found_on_the_copy_it_is_given():
    s = walk_start(7)
    agent = make_agent("syndicate", "syndicate", seed=1)
    before = s.to_json(snapshot=True)
    plans = agent.plans(s, 3)
    seat = s.current_player
    worths = []
    for plan in plans:
        copy = s.determinize(seat, Rng(5))
        worths.append(agent.plan_value(copy, seat, plan))
        assert copy.walked[seat] >= s.turn          # the walk was played to its end on the copy
    assert s.to_json(snapshot=True) == before
    # the same copy gives the same worth: nothing in it depends on hidden state outside the copy
    assert agent.plan_value(s.determinize(seat, Rng(5)), seat, plans[0]) == worths[0]
    assert all(isinstance(w, float) for w in worths)
