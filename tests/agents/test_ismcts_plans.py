"""ismcts's plan mode (a policy that offers whole plans, here the Neko Syndicate agent's walks): every
plan is scored on the same re-sampled copies, the chosen plan is followed without searching again while
it holds, and full trust plays the policy's own first plan."""
from __future__ import annotations

import neko_lab as nl
from neko_lab.agents import ISMCTSAgent, make_agent
from neko_lab.games.syndicate.agents import SyndicateAgent
from tests.games.syndicate.rig import walk_start



def test_every_plan_is_scored_on_the_same_re_sampled_copies(monkeypatch):
    seen = []
    real = SyndicateAgent.plan_value

    def spy(self, sim, seat, plan):
        seen.append((tuple(sim.deck), tuple(map(str, plan))))
        return real(self, sim, seat, plan)

    monkeypatch.setattr(SyndicateAgent, "plan_value", spy)
    state = walk_start(4)
    agent = ISMCTSAgent(seed=1, iterations=3, width=3)
    assert agent.choose(state) in state.legal_actions()
    assert agent.plans_searched == 1
    plans = len({p for _, p in seen})
    assert plans >= 2 and len(seen) == 3 * plans
    rounds = [seen[r * plans:(r + 1) * plans] for r in range(3)]
    for r in rounds:
        assert len({deck for deck, _ in r}) == 1              # one sample for every plan of a round
        assert len({p for _, p in r}) == plans
    assert len({r[0][0] for r in rounds}) == 3                # a fresh sample each round


def test_full_trust_plays_the_policy_s_first_plan(monkeypatch):
    offered = []
    real = SyndicateAgent.plans

    def spy(self, state, k, current=None):
        out = real(self, state, k, current)
        offered.append(out)
        return out

    monkeypatch.setattr(SyndicateAgent, "plans", spy)
    for seed in (5, 6):
        state = walk_start(seed)
        offered.clear()
        action = ISMCTSAgent(seed=2, iterations=2, width=3, trust=1e9).choose(state)
        assert len(offered) == 1 and len(offered[0]) >= 2
        first = offered[0][0][0]
        assert action == first and type(action) is type(first)


def test_the_chosen_plan_is_followed_until_real_cards_are_drawn():
    state = walk_start(7)
    seat = state.current_player
    agent = ISMCTSAgent(seed=3, iterations=2, width=2)
    searched_at = []
    while state.current_player == seat and not state.is_over():
        before = agent.plans_searched
        kind = state.pending[-1].kind
        action = agent.choose(state)
        assert action in state.legal_actions()
        if agent.plans_searched > before:
            searched_at.append(kind)
        state.apply(action)
    # searched at the walk's first box, again only where the real cards drawn replace the sampled ones
    assert searched_at[0] == "walk"
    assert all(kind == "discard" for kind in searched_at[1:])


def test_plan_mode_games_are_reproducible_and_legal():
    def game() -> list:
        s = nl.new_game("syndicate", players=2, seed=9)
        agents = [ISMCTSAgent(seed=1, iterations=2, width=2), make_agent("syndicate", "syndicate", seed=2)]
        out = []
        while not s.is_over() and s.turn <= 3:
            a = agents[s.current_player].choose(s)
            assert a in s.legal_actions()
            s.apply(a)
            out.append(str(a))
        return out

    assert game() == game()


def test_the_game_s_search_table_names_the_policy_and_a_given_policy_wins():
    state = walk_start(8)
    agent = ISMCTSAgent(seed=1, iterations=1, width=2)
    agent.choose(state)
    assert agent.policy_spec == SyndicateAgent.SEARCH["policy"]
    assert agent._policy.AHEAD == 0               # "syndicate(ahead=0, ...)": the ends are judged by the search
    given = ISMCTSAgent(seed=1, iterations=1, width=2, policy="syndicate")
    given.choose(state)
    assert given.policy_spec == "syndicate" and given._policy.AHEAD == SyndicateAgent.AHEAD
