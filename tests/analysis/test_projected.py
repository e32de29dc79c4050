"""State.projected_scores(): what each seat would score if the game ended now, for every game."""
from __future__ import annotations

import pytest

import neko_lab as nl
from neko_lab.games.neptune import scoring as neptune_scoring


def _play(game, players, steps, seed=3):
    s = nl.new_game(game, players=players, seed=seed)
    agents = [nl.make_agent("random", game, seed + i) for i in range(players)]
    while not s.is_over() and s.steps < steps:
        s.apply(agents[s.current_player].choose(s))
    return s


@pytest.mark.parametrize("game,players", [("journey", 3), ("syndicate", 2), ("neptune", 3), ("naeco", 2),
                                          ("syndicate", 1), ("naeco", 1)])
def test_projected_scores_are_the_final_scores_once_over(game, players):
    s = _play(game, players, 10 ** 6)
    assert s.is_over() and s.projected_scores() == s.scores()
    mid = _play(game, players, 30)
    proj = mid.projected_scores()
    assert len(proj) == players and all(isinstance(v, int) for v in proj)


@pytest.mark.parametrize("game", ["naeco", "syndicate"])
def test_running_score_already_is_the_end_scoring(game):
    """Naéco and Syndicate count their end scoring on the position at every moment (Syndicate even
    charges the places still empty), so the projection is the running score."""
    for steps in (0, 15, 40):
        s = _play(game, 2, steps)
        assert s.projected_scores() == s.scores()


def test_neptune_projection_adds_buildings_fame_and_award_cards():
    s = nl.new_game("neptune", players=3, seed=1)
    s.factory[0] = s.factory[1] = 0          # seat 1: two factories
    s.colony[2] = 2                          # seat 3: one colony
    s.fame = [6, 2, 2]
    s.diversification, s.intrepid = 1, 2
    before = s.scores()
    proj = s.projected_scores()
    fv, cv, award = neptune_scoring.FACTORY_VP, neptune_scoring.COLONY_VP, neptune_scoring.AWARD_CARD_VP
    # End of Game Scoring: 5 VP for the most fame alone, 1 VP each to two players tied for second
    extra = [2 * fv + 5, award + 1, cv + award + 1]
    assert [p - b for p, b in zip(proj, before)] == extra
    assert s.scores() == before              # projecting changes nothing


def test_journey_projection_counts_the_final_scoring():
    s = _play("journey", 3, 60)
    proj = s.projected_scores()
    assert proj == [s.scores()[i] + sum(s.final_points(i).values()) for i in range(3)]
