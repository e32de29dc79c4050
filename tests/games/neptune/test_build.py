"""Build and Building (rulebook › Build, › Building, › Example of Building)."""
import pytest

from neko_lab.core import IllegalAction
from neko_lab.games.neptune.rules import BuildAt, BuyFuel, Pass

from .rig import base, BLUE, RED, YELLOW, act, build, game, loc, pick, play_card, resources, tokens
from .test_research_missions import research_example


def building_example():
    s, _ = research_example()
    for seat in (RED, YELLOW, BLUE):
        tokens(s, seat, "insulation", "fission")
    resources(s, 10, 10)
    play_card(s, RED, "build")
    return s


def test_example_of_building():
    s = building_example()
    vp = [p[0] for p in s.points]
    # round 1, clockwise from Red
    a = build(s, RED, "base", "Mars Mineral Beds")
    assert (a.credits, a.fuel) == (1, 1)
    assert s.points[RED][0] == vp[RED] + 1 and s.diversification == RED
    a = build(s, YELLOW, "base", "Lunar Mineral Beds")
    assert (a.credits, a.fuel) == (1, 1) and s.points[YELLOW][0] == vp[YELLOW] + 1
    a = build(s, BLUE, "base", "Mars Mineral Beds")
    assert (a.credits, a.fuel) == (1, 1) and s.points[BLUE][0] == vp[BLUE]    # no bonus: second base
    assert s.diversification == RED                                            # ties do not move it
    # round 2, counter-clockwise: Red, Blue, Yellow; the team already on Mars has been used
    assert s.current_player == RED
    used = [a for a in s.legal_actions() if type(a) is BuildAt and a.origin == loc(s, "Mars Mineral Beds")]
    assert used == []
    a = build(s, RED, "factory", "Mars Mineral Beds", origin=s.data.home)
    assert (a.credits, a.fuel) == (2, 1)
    a = build(s, BLUE, "colony", "Mars Mineral Beds", origin=s.data.home)
    assert (a.credits, a.fuel) == (3, 1 + 1)
    assert s.intrepid == BLUE
    build(s, YELLOW, "base", "Mars Mineral Beds")
    assert s.diversification == YELLOW                                         # two planets now
    # round 3, clockwise
    build(s, RED, "base", "Earth's Orbit")
    a = build(s, YELLOW, "factory", "Lunar Mineral Beds", origin=s.data.home)
    assert (a.credits, a.fuel) == (2, 1)
    build(s, BLUE, "base", "Lunar Polar Regions")
    assert s.diversification == YELLOW and s.intrepid == BLUE
    assert s.active == YELLOW and s.pending[-1].kind == "sell"                 # the next turn
    assert s.used == [0] * 9                                                   # teams stand upright
    assert s.factory[loc(s, "Mars Mineral Beds")] == RED
    assert s.colony[loc(s, "Mars Mineral Beds")] == BLUE
    assert s.bases[loc(s, "Mars Mineral Beds")] == (RED, BLUE, YELLOW)


def test_a_base_needs_a_token_on_the_research_mission():
    s = game(3)
    resources(s)
    s.missions[loc(s, "Mars Mineral Beds")] = (BLUE,)
    s.missions[loc(s, "Earth's Orbit")] = (RED,)
    play_card(s, RED, "build")
    assert [a.name for a in s.legal_actions() if type(a) is BuildAt] == ["Earth's Orbit"]
    with pytest.raises(IllegalAction):
        act(s, BuildAt(0, 0, loc(s, "Mars Mineral Beds"), "base", "Mars Mineral Beds", 1, 2))


def test_a_player_without_any_mission_token_is_not_asked_to_build():
    s = game(3)
    resources(s)
    s.missions[loc(s, "Mars Mineral Beds")] = (BLUE,)
    play_card(s, RED, "build")
    assert s.current_player == BLUE


def test_technology_icons_are_required():
    s = game(3)
    resources(s)
    s.missions[loc(s, "Mars Polar Regions")] = (RED,)
    play_card(s, RED, "build")
    assert not [a for a in s.legal_actions() if type(a) is BuildAt]   # Insulation needed for the base
    s2 = game(3)
    resources(s2)
    s2.missions[loc(s2, "Mars Polar Regions")] = (RED,)
    tokens(s2, RED, "insulation")
    play_card(s2, RED, "build")
    build(s2, RED, "base", "Mars Polar Regions")


def test_one_token_per_factory_circle_and_one_build_per_team_per_turn():
    s = game(3)
    resources(s)
    m = loc(s, "Mars Mineral Beds")
    s.missions[m] = (RED, YELLOW)
    s.bases[m] = (RED, YELLOW)
    s.factory[m] = RED
    tokens(s, YELLOW, "fission")
    play_card(s, YELLOW, "build")
    assert not [a for a in s.legal_actions() if type(a) is BuildAt and a.what == "factory"]
    # with three teams a player builds at most three times in one card
    s = game(3)
    resources(s, 30, 30)
    for name in ("Earth's Orbit", "Lunar Mineral Beds", "Lunar Polar Regions", "Mars Mineral Beds"):
        s.missions[loc(s, name)] = (RED,)
    tokens(s, RED, "insulation", "fission")
    play_card(s, RED, "build")
    built = 0
    while s.active == RED and s.pending[-1].kind == "build":
        opts = [a for a in s.legal_actions() if type(a) is BuildAt and a.what != "move"]
        if s.current_player == RED and opts:
            act(s, opts[0])
            built += 1
        else:
            act(s, Pass("build nothing this round"))
    assert built == 3


def test_moving_without_building_needs_an_own_base_and_costs_at_least_one_fuel():
    s = game(3)
    resources(s)
    m = base(s, RED, "Mars Mineral Beds")
    play_card(s, RED, "build")
    moves = [a for a in s.legal_actions() if type(a) is BuildAt and a.what == "move"]
    assert [(a.dest, a.fuel) for a in moves] == [(m, 1)]


def test_fuel_can_be_bought_inside_a_build_step():
    s = game(3)
    resources(s, 10, 0)
    s.missions[loc(s, "Mars Mineral Beds")] = (RED,)
    play_card(s, RED, "build")
    assert not [a for a in s.legal_actions() if type(a) is BuildAt]
    act(s, BuyFuel())
    assert (s.credits[RED], s.fuel[RED]) == (7, 1) and s.current_player == RED
    act(s, BuyFuel())
    build(s, RED, "base", "Mars Mineral Beds")


def test_moving_without_building_goes_to_any_players_base_by_default():
    """Building: a team may move without building when the destination has a base; whose base the
    text does not say, so any player's will do unless move_needs_own_base is set."""
    s = game(3)
    resources(s)
    m = base(s, BLUE, "Mars Mineral Beds")
    play_card(s, RED, "build")
    assert s.current_player == RED, "without a mission token Red may still move a team"
    moves = [a for a in s.legal_actions() if type(a) is BuildAt and a.what == "move"]
    assert {a.dest for a in moves} == {m}
    s2 = game(3, move_needs_own_base=True)
    resources(s2)
    base(s2, BLUE, "Mars Mineral Beds")
    play_card(s2, RED, "build")
    assert s2.current_player != RED, "with the option, Red has nowhere to go and is not asked"


@pytest.mark.parametrize("once", [False, True])
def test_a_team_that_only_moved_may_build_later_unless_team_used_once(once):
    s = game(3, team_used_once=once)
    resources(s)
    m = base(s, RED, "Mars Mineral Beds")
    s.missions[loc(s, "Mars Mineral Beds")] = (RED,)
    tokens(s, RED, "insulation", "fission")
    play_card(s, RED, "build")
    act(s, pick(s, BuildAt, what="move", dest=m, team=0))
    while s.current_player != RED:
        act(s, Pass("build nothing this round"))
    there = [a for a in s.legal_actions() if type(a) is BuildAt and a.team == 0 and a.what == "factory"]
    assert bool(there) is not once


def test_a_move_and_build_reads_goes_to_and_builds_there():
    s = game(3)
    a = BuildAt(0, s.data.home, loc(s, "Callisto"), "base", "Callisto", 1, 3)
    assert str(a) == "team 1 goes to Callisto and builds a base there (1 credit, 3 fuel)"
    assert str(a._replace(origin=a.dest)) == "team 1 builds a base at Callisto (1 credit, 3 fuel)"


@pytest.mark.parametrize("players", [2, 3])
def test_every_price_a_player_reads_says_credit_for_one(players):
    """A base costs 1 credit, a two-player sale pays 1: the log, the move's name and its explanation say
    "1 credit" as a player would, never "1 credits" or a bare number beside a price."""
    import random
    import re

    import neko_lab as nl
    from neko_lab.learn.explain import explain_move

    s = nl.new_game("neptune", players=players, seed=11)
    pick_rng = random.Random(5)
    read: list[str] = []
    while not s.is_over():
        action = pick_rng.choice(s.legal_actions())
        before = s.clone()
        s.apply(action)
        read.append(str(action))
        read.extend(explain_move(before, action, s).lines)
    read.extend(e.text for e in s.log)
    assert not [t for t in read if re.search(r"(?<![\d.])1 credits\b", t)]
    assert [t for t in read if re.search(r"^builds a base at .+ for 1 credit and \d+ fuel$", t)]
    sales = [t for t in read if t.startswith("sells ")]
    assert sales and all(re.search(r" for \d+ credits?$", t) for t in sales)
