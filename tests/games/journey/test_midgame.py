"""Journey › Mid-Game Scoring: the ten tiles (ties all score) and ship travel."""
from __future__ import annotations

import pytest

from neko_lab.games.journey import scoring as sc

from neko_lab.games.journey.rules import scoring_steps

from .helpers import give, new


def _tile(s, measure, kind=None):
    return next(i for i, t in enumerate(s.data.tiles) if t.measure == measure and kind in (None, t.kind))


def test_ship_travel_table():
    assert [sc.ship_travel_points(n) for n in range(6)] == [0, 0, 1, 2, 4, 7]


@pytest.mark.parametrize("measure,field", [("fuel", "fuel"), ("coins", "coins"), ("goods", "goods")])
def test_most_tiles_score_every_tied_leader(measure, field):
    s = new(3, seed=0)
    for seat, v in enumerate((3, 3, 1)):
        setattr(s.boards[seat], field, v)
        s.boards[seat].fuel = v if field == "fuel" else 0
    assert s.tile_achievers(_tile(s, measure, "most")) == [0, 1]


def test_most_needs_something():
    s = new(3, seed=0)
    for b in s.boards:
        b.goods = 0
    assert s.tile_achievers(_tile(s, "goods", "most")) == []


def test_at_least_five_goods_and_five_fish():
    s = new(3, seed=0)
    s.boards[0].goods, s.boards[1].goods = 5, 4
    s.boards[2].fish = 5
    five_goods = next(i for i, t in enumerate(s.data.tiles) if t.kind == "at_least" and t.measure == "goods")
    assert s.tile_achievers(five_goods) == [0]
    assert s.tile_achievers(_tile(s, "fish")) == [2]


def test_fewest_interference_ties_all_score():
    s = new(3, seed=0)
    s.boards[0].interference, s.boards[1].interference, s.boards[2].interference = 1, 0, 0
    assert s.tile_achievers(_tile(s, "interference")) == [1, 2]


def test_card_measures_cost_count_ships_and_crossings():
    s = new(3, seed=0)
    give(s, 0, "Megaport", 0, 0)                  # the most expensive single card
    for k in range(3):
        give(s, 1, "Ocean Bank", 0, k, skip=k)    # the most cards
    s.boards[1].ships = (8, 4)                    # crossed 2 + 1
    s.boards[1].harbours = 2
    s.boards[2].ships = (0, 0, 0)
    assert s.tile_achievers(_tile(s, "card_cost")) == [0]
    assert s.tile_achievers(_tile(s, "cards")) == [1]
    assert s.tile_achievers(_tile(s, "ships_crossed")) == [1]
    assert s.tile_achievers(_tile(s, "ships")) == [2]


def test_benno_scores_nine_at_the_end_of_the_first_period():
    s = new(3, seed=0)
    benno = 1
    fuel, coins = _tile(s, "fuel"), _tile(s, "coins")
    s.tiles = [fuel, coins, _tile(s, "cards"), _tile(s, "ships")]
    for b in s.boards:
        b.fuel, b.coins = 1, 1
    s.boards[benno].fuel, s.boards[benno].coins = 5, 20
    for k in range(3):
        give(s, benno, "Ocean Bank", 0, k, skip=k)
    give(s, benno, "Fuel Platform", 1, 0)
    give(s, benno, "Fuel Platform", 1, 1, skip=1)
    s.boards[benno].ships = (12, 32 + 8)           # crossed 3 and 2 cards
    s.round = 2
    scoring_steps.midgame_scoring(s)
    assert s.boards[benno].pts["mid-game tiles"] == 6
    assert s.boards[benno].pts["ship travel"] == 3
    assert s.scores()[benno] == 9


def test_midgame_scoring_happens_after_rounds_two_and_four(monkeypatch):
    import random
    seen = []
    original = scoring_steps.midgame_scoring

    def record(s):
        seen.append((s.round, s.stage))
        original(s)

    monkeypatch.setattr(scoring_steps, "midgame_scoring", record)
    s = new(3, seed=21)
    rng = random.Random(21)
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions()))
    assert seen == [(2, "midgame"), (4, "midgame")]
