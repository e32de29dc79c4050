"""The Journey heuristic agent: legal, reproducible, built by make_agent, and far stronger than random."""
from __future__ import annotations

import neko_lab as nl
from neko_lab.agents import make_agent
from neko_lab.agents.base import Agent
from neko_lab.games.journey.agents import JourneyAgent
from neko_lab.games.journey.graph import placement_values

from .test_graph import by_name, game, put

SAMPLE = 120


def test_make_agent_builds_it_from_the_class():
    a = make_agent(JourneyAgent, "journey", seed=3)
    assert isinstance(a, JourneyAgent) and isinstance(a, Agent) and a.name == "journey"
    assert a.rng.random() == make_agent(JourneyAgent, "journey", seed=3).rng.random()


def test_it_only_plays_legal_actions_and_is_reproducible():
    one = nl.play("journey", [JourneyAgent, "random", JourneyAgent], players=3, seed=5)
    two = nl.play("journey", [JourneyAgent, "random", JourneyAgent], players=3, seed=5)
    assert one.is_over() and one.to_json() == two.to_json()


def test_won_card_goes_where_it_completes_a_hub_without_a_gap():
    s = game()
    put(s, 0, 0, 0, "Fuel Platform")
    cid = by_name(s, "Penguin Park")
    acts = [a for a in _place_actions(s, 0, cid)]
    best = JourneyAgent(seed=0)._placement(s, 0, cid, acts)
    assert (best.a, best.b) == (0, 1)
    place = next(p for p in placement_values(s, 0, cid) if p["slot"] == 1)
    assert place["hub_count"] == 1 and place["gap_cost"] == 0


def _place_actions(state, seat, cid):
    from neko_lab.games.journey.rules import Act
    return [Act("place", p["lane"], p["slot"]) for p in placement_values(state, seat, cid)]


def test_beats_two_random_players_in_at_least_80_percent_of_three_player_games():
    df = nl.simulate("journey", games=SAMPLE, players=3, agents=[JourneyAgent, "random", "random"], seed=2024,
                     progress=False)
    mine = df[df.agent == "journey"].set_index("game")
    assert len(mine) == SAMPLE
    first = mine.won.mean()
    assert first >= 0.8, f"finished first in only {first:.0%} of {SAMPLE} games"
    rivals = df[df.agent != "journey"].groupby("game").score.max()
    assert (mine.score > rivals).mean() >= 0.8


def test_play_until_stops_at_a_decision_kind_or_stage_and_returns_the_new_events():
    from neko_lab.games.journey.agents import play_until

    s = game(seed=9)
    agents = [JourneyAgent(seed=k) for k in range(3)]
    n = len(s.log)
    events = play_until(s, agents, "draft")
    assert s.pending[-1].kind == "draft" and events == s.log[n:]
    play_until(s, agents, "action")
    assert s.stage == "action"
    play_until(s, agents, lambda t: t.round == 2)
    assert s.round == 2 and any(e.rule.endswith("Resolve Bidding") for e in s.log)


def test_survey_describes_every_seat_of_every_game():
    from neko_lab.games.journey.agents import survey

    df = survey(2, players=3, agents=[JourneyAgent, "random", "random"], seed=3)
    assert len(df) == 6 and sorted(df.agent.unique()) == ["journey", "random"]
    assert (df.groupby("game").won.sum() >= 1).all()
    assert (df.groupby("game").share.sum() == 1).all()        # a shared win counts a share for each
    cats = [c for c in df.columns if c.startswith("pts_")]
    assert (df[cats].sum(axis=1) == df.score).all()
    again = nl.play("journey", [JourneyAgent, "random", "random"], players=3, seed=3)
    assert df[df.game == 0].score.tolist() == again.scores()


def test_in_the_advanced_setup_it_starts_new_bids_on_displayed_cards():
    final = nl.play("journey", [JourneyAgent, "random", "random"], players=3, seed=4, advanced_setup=True)
    mine = [e for e in final.log if e.seat == 0 and e.text.startswith("starts a new bid")]
    assert mine and mine[0].rule == "Journey › Advanced Game › Start a New Bid"
    assert final.winners() == [0]


def test_journey_agent_is_available_by_name():
    import neko_lab as nl
    from neko_lab.games.journey.agents import JourneyAgent

    assert isinstance(nl.make_agent("journey", "journey", seed=1), JourneyAgent)
    final = nl.play("journey", ["journey", "random", "random"], players=3, seed=5)
    assert final.is_over()
