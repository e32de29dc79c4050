"""The agent in solo play plans only its own walk of the turn (in solo the same seat walks again next
turn, and a plan must not run on into it)."""
from __future__ import annotations

import neko_lab as nl
from neko_lab.games.syndicate.agents import SyndicateAgent
from neko_lab.games.syndicate.rules.command_phase import Box


def test_solo_plans_one_walk_at_a_time():
    s = nl.new_game("syndicate", players=1, seed=1, catanna="very easy")
    agent = SyndicateAgent(seed=1)
    while not s.is_over():
        a = agent.choose(s)
        if isinstance(a, Box) and a.place == 0:
            assert len(agent.plan) <= 3 and all(isinstance(b, Box) for b in agent.plan)
        s.apply(a)
    assert s.solo_result() in ("won", "lost", "shared")
