"""Journey › Game End and Final Scoring: last spending, harbours, cards passed, icons, goods, interference."""
from __future__ import annotations

import random

from neko_lab.games.journey import scoring as sc
from neko_lab.games.journey.rules import CATEGORIES
from neko_lab.games.journey.rules.player_boards import replaced, with_item

from .helpers import A, give, new, play_until, skip_turn_free


def test_harbour_and_interference_tables():
    assert [sc.harbour_points(n) for n in range(1, 6)] == [1, 3, 6, 11, 19]
    assert [sc.interference_points(n) for n in range(0, 9)] == [0, -1, -2, -4, -8, -12, -15, -18, -21]


def test_cards_score_only_when_a_ship_passed_and_ports_only_when_unlocked():
    s = new(3, seed=0)
    b = s.boards[0]
    bank = give(s, 0, "Ocean Bank", 0, 0)
    port = give(s, 0, 18, 0, 1)                   # 7 PP, four cargo spaces, one internal hub
    assert s.card(port).points == 7
    bar = give(s, 0, "Blue Bar", 0, 2)
    b.ships = (4,)                                # crossed the bank only
    assert s.final_points(0)["cards"] == s.card(bank).points
    b.ships = (4 + 1,)                            # on the port's internal hub: not crossed yet
    assert s.final_points(0)["cards"] == s.card(bank).points
    b.ships = (8,)                                # crossed the port, but its contract is open
    assert s.final_points(0)["cards"] == s.card(bank).points
    b.cargo = replaced(b.cargo, 1, 4)
    assert s.final_points(0)["cards"] == s.card(bank).points + 7
    b.ships = (8, 0)
    b.harbours = 2
    assert s.final_points(0)["cards"] == s.card(bank).points + 7     # the ship at home adds nothing
    b.ships = (12,)
    assert s.final_points(0)["cards"] == s.card(bank).points + 7 + s.card(bar).points


def test_end_game_icons_score_without_a_ship():
    s = new(3, seed=0)
    b = s.boards[0]
    b.ships = (0,)
    give(s, 0, "Seaside Town (Gallery)", 0, 0)
    give(s, 0, "South Pole", 0, 1)
    give(s, 0, "Ice Wall", 0, 2)
    give(s, 0, "Small Islands", 0, 3)
    b.interference, b.coins, b.fish = 2, 10, 5
    pts = s.final_points(0)
    assert pts["end-game icons"] == 4 + 2 * 2 + 10 // 3 + 5
    assert pts["cards"] == 0 and pts["interference"] == -2


def test_goods_in_the_cabin_and_harbours():
    s = new(2, seed=0)
    b = s.boards[1]
    b.goods, b.harbours = 3, 4
    pts = s.final_points(1)
    assert pts["goods"] == 3 and pts["harbours"] == 11


def _finished(players=3, seed=0):
    s = new(players, seed=seed)
    rng = random.Random(seed)
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions()))
    return s


def test_every_part_is_a_breakdown_category_and_sums_to_the_score():
    s = _finished(3, seed=4)
    for seat, part in enumerate(s.breakdown()):
        assert tuple(part) == CATEGORIES
        assert sum(part.values()) == s.scores()[seat]
        final = s.final_points(seat)
        assert all(part[k] == v for k, v in final.items())


def test_last_spending_moves_ships_and_loads_goods_in_turn_order():
    s = new(3, seed=2)
    play_until(s, "final_spend", skip_turn_free)
    order = list(s.order)
    first = order[0]
    b = s.boards[first]
    for b2 in s.boards:
        b2.ships = (0,)
    give(s, first, "Fuel Platform", 0, 0)
    give(s, first, "Ocean Bank", 0, 1)
    b.fuel, b.goods = 2, 0
    s._legal = None
    assert s.current_player == first
    assert A("move", 0, 0) in s.legal_actions()
    s.apply(A("move", 0, 0))
    assert b.fuel == 1                            # paid 2, the 1 x fuel hub gave 1 back
    seen = [first]
    s.apply(A("done"))
    while not s.is_over():
        seen.append(s.current_player)
        s.apply(A("done"))
    assert seen == order


def test_ties_go_to_coins_then_turn_order():
    s = _finished(3, seed=5)
    for b in s.boards:
        b.pts = {k: 0 for k in CATEGORIES}
        b.coins = 4
    s.boards[s.order[2]].coins = 9
    assert s.winners() == [s.order[2]]
    s.boards[s.order[2]].coins = 4
    assert s.winners() == [s.order[0]]


def test_winner_has_the_most_points():
    s = _finished(4, seed=7)
    best = max(s.scores())
    assert all(s.scores()[w] == best for w in s.winners()) and len(s.winners()) == 1


def test_projected_scores_add_final_scoring_to_points_so_far():
    s = new(3, seed=0)
    give(s, 0, "Ocean Bank", 0, 0)
    s.boards[0].ships = (4,)
    s.boards[0].pts = with_item(s.boards[0].pts, "mid-game tiles", 3)
    proj = s.projected_scores()
    assert proj[0] == 3 + 1 + s.card(s.boards[0].lanes[0]).points
    assert s.evaluate(0) > s.evaluate(1)


def test_the_last_log_line_says_how_a_tie_on_points_was_broken():
    import neko_lab as nl
    for seed, why in ((15, "tied on 13 points with Player 1, the tie goes to the most coins left: 2 to 1"),
                      (18, "tied on 12 points and 2 coins with Player 1, the tie goes to the earlier place "
                           "in the last round's turn order")):
        s = nl.new_game("journey", players=2, seed=seed)
        rng = random.Random(seed)
        while not s.is_over():
            s.apply(rng.choice(s.legal_actions()))
        assert s.winners() == [1]
        last = s.log[-1]
        assert last.text == f"the game is over; winner: Player 2 ({why})"
        assert last.rule.endswith("Final Scoring")
