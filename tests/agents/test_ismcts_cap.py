"""ismcts's seconds cap holds inside the expensive unit of work, not only between units.

The clock is ismcts's own (`ismcts._clock`, CPU seconds of the thread); here a fake clock that only the
deliberately slow policy moves, so the tests are about what the search does when the cap falls, never
about how fast this machine is.
"""
from __future__ import annotations

import pytest

from neko_lab.agents import ISMCTSAgent, ismcts, make_agent
from neko_lab.games.syndicate.agents import SyndicateAgent
from tests.agents.test_every_game import positions
from tests.games.syndicate.rig import walk_start

STEP = 0.125        # what one slow policy decision "costs" (a power of two: sums are exact)


class Clock:
    def __init__(self):
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def slowed(agent: ISMCTSAgent, state, clock: Clock) -> list:
    """Make every decision of the agent's policies cost STEP on `clock`; the times they ended at."""
    agent._prepare(state)
    ends = []
    for policy in {id(p): p for p in (agent._policy, agent._playout)}.values():
        real = policy.choose

        def slow(s, real=real):
            clock.t += STEP
            ends.append(clock.t)
            return real(s)

        policy.choose = slow
    return ends


def count_iterations(monkeypatch) -> list:
    done = []
    real = ismcts.backpropagate
    monkeypatch.setattr(ismcts, "backpropagate", lambda path, result: (done.append(1), real(path, result)))
    return done


def test_a_playout_the_cap_falls_in_stops_there_and_the_policy_s_choice_is_played(monkeypatch):
    clock = Clock()
    monkeypatch.setattr(ismcts, "_clock", clock)
    done = count_iterations(monkeypatch)
    state = positions("naeco", seed=2, count=1)[0]
    agent = ISMCTSAgent(seed=0, iterations=50, horizon=40, seconds=0.5)
    ends = slowed(agent, state, clock)
    action = agent.choose(state)
    # the first playout alone would take 40 slow decisions (5 s); it stops at the cap, half-way
    assert clock.t == 0.5 and len(ends) == 4
    assert agent.cut == 1 and agent.capped == 1 and done == []
    assert action in state.legal_actions()
    assert action == make_agent("naeco", "naeco", seed=0).choose(state)


def test_an_iteration_left_out_changes_nothing_in_the_choice(monkeypatch):
    clock = Clock()
    monkeypatch.setattr(ismcts, "_clock", clock)
    done = count_iterations(monkeypatch)
    for state in positions("journey", seed=4, count=3):
        clock.t = 0.0
        done.clear()
        capped = ISMCTSAgent(seed=7, iterations=200, width=3, horizon=3, seconds=2.0)
        slowed(capped, state, clock)
        choice = capped.choose(state)
        assert capped.cut == 1 and clock.t <= 2.0
        finished = len(done)
        assert 1 < finished < 200
        # the same search stopped after the iterations the capped one finished, the clock standing still
        clock.t = 0.0
        plain = ISMCTSAgent(seed=7, iterations=finished, width=3, horizon=3, seconds=2.0)
        assert plain.choose(state) == choice
        assert plain.cut == 0 and plain.capped == 0


def test_a_plan_scoring_is_started_only_if_the_longest_so_far_still_fits(monkeypatch):
    clock = Clock()
    monkeypatch.setattr(ismcts, "_clock", clock)
    spans = []
    real_plans, real_value = SyndicateAgent.plans, SyndicateAgent.plan_value
    planning = {"cost": STEP / 2}

    offered = []

    def plans(self, state, k, current=None):
        clock.t += planning["cost"]
        offered.append(real_plans(self, state, k, current))
        return offered[-1]

    def plan_value(self, sim, seat, plan):
        start = clock.t
        clock.t += STEP
        spans.append((start, clock.t))
        return real_value(self, sim, seat, plan)

    monkeypatch.setattr(SyndicateAgent, "plans", plans)
    monkeypatch.setattr(SyndicateAgent, "plan_value", plan_value)
    agent = ISMCTSAgent(seed=1, iterations=5, width=3, seconds=0.5)
    state = walk_start(4)
    assert agent.choose(state) in state.legal_actions()
    # planning 1/16 s, then scorings of 1/8 s: three fit (the last ends at 7/16 s), a fourth would
    # end past the cap and is not started, though the cap had not yet fallen when it would start
    assert [end for _, end in spans] == [0.1875, 0.3125, 0.4375]
    assert agent.capped == 1 and agent.cut == 0 and agent.plans_searched == 1
    # the next search starts from the longest scoring of this one: planning that leaves less than
    # that before the cap scores nothing and plays the policy's first plan
    spans.clear()
    clock.t = 0.0
    planning["cost"] = 0.4
    state = walk_start(5)
    action = agent.choose(state)
    assert spans == [] and agent.capped == 2 and agent.plans_searched == 2
    assert len(offered[-1]) >= 2 and action == offered[-1][0][0] and type(action) is type(offered[-1][0][0])


@pytest.mark.parametrize("seconds", [0.25, 0.5])
def test_the_candidates_the_cap_falls_in_leave_the_policy_s_choice(monkeypatch, seconds):
    clock = Clock()
    monkeypatch.setattr(ismcts, "_clock", clock)
    state = positions("neptune", seed=2, count=1)[0]
    agent = ISMCTSAgent(seed=0, iterations=30, width=4, seconds=seconds)
    agent._prepare(state)
    real = agent._policy.evaluate

    def slow(s, seat):
        clock.t += STEP
        return real(s, seat)

    agent._policy.evaluate = slow
    assert len(state.legal_actions()) > 5
    action = agent.choose(state)
    # scoring the root's candidates alone passes the cap: no iteration finishes, the policy's choice stays
    assert agent.cut == 1 and clock.t == seconds
    assert action == make_agent("neptune", "neptune", seed=0).choose(state)


def costly_values(monkeypatch, clock: Clock, cost: float) -> list:
    """Make every position value of the Syndicate agent cost `cost` on `clock`; the clock's reading at each
    chance the agent gives a cap to stop it (Agent.interrupted)."""
    import neko_lab.games.syndicate.agents as syndicate_agents
    from neko_lab.agents.base import Agent
    real_value, real_check = syndicate_agents.value, Agent.interrupted
    checks = []

    def value(*args, **kwargs):
        clock.t += cost
        return real_value(*args, **kwargs)

    def interrupted(self):
        checks.append(clock.t)
        real_check(self)

    monkeypatch.setattr(syndicate_agents, "value", value)
    monkeypatch.setattr(Agent, "interrupted", interrupted)
    return checks


def test_a_plan_scoring_the_cap_falls_in_stops_there_and_its_round_is_left_out(monkeypatch):
    clock = Clock()
    monkeypatch.setattr(ismcts, "_clock", clock)
    cost = 1 / 256               # planning takes about 0.3 s of it, one scoring about as long again
    checks = costly_values(monkeypatch, clock, cost)
    agent = ISMCTSAgent(seed=1, iterations=5, width=3, seconds=0.5)
    state = walk_start(4)
    action = agent.choose(state)
    assert action in state.legal_actions()
    # the first scoring was started (nothing was known of its length yet) and would end past the cap:
    # it stops at the first chance after the cap, so no round counts and the policy's first plan is played
    assert agent.cut == 1 and agent.capped == 1 and agent.plans_searched == 1
    stopped = [t for t in checks if t >= 0.5][0]
    assert clock.t == stopped and stopped < 0.5 + 40 * cost
    assert agent._policy.interrupt is None and agent._deadline is None
    # the same decision with no cap in sight plays the same first step the policy ranked first
    clock.t = 0.0
    free = ISMCTSAgent(seed=1, iterations=5, width=3, seconds=0.5)
    free._prepare(state)
    offered = free._policy.plans(state, 3)
    assert action == offered[0][0] and type(action) is type(offered[0][0])


def test_planning_that_alone_passes_the_cap_leaves_the_move_to_the_cheap_policy(monkeypatch):
    clock = Clock()
    monkeypatch.setattr(ismcts, "_clock", clock)
    cost = 1 / 32                # planning alone would take about 2.5 s
    checks = costly_values(monkeypatch, clock, cost)
    agent = ISMCTSAgent(seed=1, iterations=5, width=3, seconds=0.5)
    state = walk_start(4)
    agent._prepare(state)
    action = agent.choose(state)
    stopped = [t for t in checks if t >= 0.5][0]
    assert stopped < 0.5 + 40 * cost
    assert agent.cut == 1 and agent.capped == 1 and agent.plans_searched == 0 and agent._plan is None
    # decided on a copy the seat cannot tell from the game, drawn from the agent's own randomness (what
    # the move depends on is checked by the next test)
    # the next decision plans afresh (nothing of the stopped planning is followed)
    assert agent._policy.interrupt is None


def test_the_cheap_policy_s_move_uses_only_what_the_seat_knows(monkeypatch):
    """When planning alone passes the cap, the cheap policy decides on a copy drawn from what the seat
    knows: the real game and copies the seat cannot tell from it (another deck order) give the same move
    for the same seed."""
    from neko_lab.core.rng import Rng
    from tests.games.syndicate.test_agents import positions_with_secrets
    clock = Clock()
    monkeypatch.setattr(ismcts, "_clock", clock)
    costly_values(monkeypatch, clock, 1 / 4)

    def capped_move(state):
        clock.t = 0.0
        agent = ISMCTSAgent(seed=1, iterations=5, width=3, seconds=0.5)
        action = agent.choose(state)
        return action if agent.cut == 1 and agent.plans_searched == 0 else None   # the cheap policy's

    checked = 0
    for seed, k, s in positions_with_secrets(turns=3):
        if s.turn == 0 or s.pending[-1].kind != "walk":
            continue
        real = capped_move(s.clone())
        if real is None:                # planning fitted before the cap here
            continue
        twin = capped_move(s.determinize(s.current_player, Rng(1000 * seed + k)))
        assert real == twin and type(real) is type(twin), (seed, k)
        checked += 1
    assert checked >= 10


def moves_on(clock: Clock, spec, game: str, seed: int, count: int = 3, step: float = 0.0) -> list:
    """The agent's moves (and what it counted) on `count` positions of `game`, its policies' every decision
    moving `clock` by `step` seconds."""
    out = []
    for state in positions(game, seed=seed, count=count):
        clock.t = 0.0
        agent = make_agent(spec, game, seed=5)
        agent._prepare(state)
        for policy in {id(p): p for p in (agent._policy, agent._playout)}.values():
            real = policy.choose

            def slow(s, real=real):
                clock.t += step
                return real(s)

            policy.choose = slow
        action = agent.choose(state)
        out.append((action, type(action), agent.capped, agent.cut, agent.last_steps))
    return out


def test_an_iteration_budget_alone_is_not_cut_by_the_clock(monkeypatch):
    """Given only iterations, a decision runs them all however slow the machine: the same moves for a seed."""
    clock = Clock()
    monkeypatch.setattr(ismcts, "_clock", clock)
    spec = "ismcts(iterations=12)"
    still = moves_on(clock, spec, "neptune", seed=2)
    slow = moves_on(clock, spec, "neptune", seed=2, step=1.0)
    assert slow == still
    assert all(capped == 0 and cut == 0 for _, _, capped, cut, _ in slow)


@pytest.mark.parametrize("game", ["neptune", "journey", "syndicate"])
def test_the_default_budget_plays_the_same_moves_on_a_slow_machine(monkeypatch, game):
    """ismcts with no budget is bounded by a count of its work, not by time: a clock racing ahead changes
    nothing, and a decision the cap cuts is cut at the same step."""
    clock = Clock()
    monkeypatch.setattr(ismcts, "_clock", clock)
    still = moves_on(clock, "ismcts", game, seed=3)
    slow = moves_on(clock, "ismcts", game, seed=3, step=1.0)
    assert slow == still
    small = moves_on(clock, "ismcts(iterations=60,steps=40)", game, seed=3, step=1.0)
    # a plan scoring whose length would pass the cap is not started, so a plan search may stop short of it
    for _, _, capped, _, steps in small:
        assert capped == 1 and (steps == 40 if game != "syndicate" else steps <= 40)


def test_a_steps_cap_leaves_out_only_the_iteration_it_falls_in(monkeypatch):
    done = count_iterations(monkeypatch)
    for state in positions("journey", seed=4, count=3):
        done.clear()
        capped = ISMCTSAgent(seed=7, iterations=200, width=3, horizon=3, steps=150)
        choice = capped.choose(state)
        assert capped.cut == 1 and capped.capped == 1 and capped.last_steps == 150
        finished = len(done)
        assert 1 < finished < 200
        plain = ISMCTSAgent(seed=7, iterations=finished, width=3, horizon=3)
        assert plain.choose(state) == choice
        assert plain.cut == 0 and plain.capped == 0 and plain.last_steps < 150
