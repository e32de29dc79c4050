"""The agent plans one walk at a time: in solo the same seat walks again next turn, and a plan must stop
exactly where the walk ends (the walk after it is only looked at, never played from the plan)."""
from __future__ import annotations

import neko_lab as nl
from neko_lab.games.syndicate.agents import SyndicateAgent
from neko_lab.games.syndicate.rules.command_phase import Box


def test_solo_plans_one_walk_at_a_time():
    s = nl.new_game("syndicate", players=1, seed=1, catanna="very easy")
    agent = SyndicateAgent(seed=1)
    checked = 0
    while not s.is_over():
        a = agent.choose(s)
        # no draw: the plan is the real walk (a forced first box, with three minions waiting, is
        # played without planning: the plan is made at the walk's first choice)
        if a == Box(0, 1, "chief operations officer", 1) and agent.plan_key[1] == s.turn:
            t = s.clone()
            turn = t.turn
            t.apply(a)
            for b in agent.plan:
                assert t.walked[0] < turn, "the plan runs on past the end of the walk"
                assert b in t.legal_actions()
                t.apply(b)
            assert t.walked[0] == turn, "the plan stops before the walk ends"
            checked += 1
        s.apply(a)
    assert checked >= 3
    assert s.solo_result() in ("won", "lost", "shared")
