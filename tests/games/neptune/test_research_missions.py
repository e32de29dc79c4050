"""Research Missions (rulebook › Research Missions, › Example of Research Missions)."""
from neko_lab.core import IllegalAction
from neko_lab.games.neptune.rules import Launch, MissionAccess, Pass

from .rig import BLUE, RED, YELLOW, act, game, loc, pick, play_card


def research_example():
    """Blue launches four missions; Red buys two accesses, Yellow four (returns the state)."""
    s = game(3)
    card = play_card(s, BLUE, "research")
    fame = s.data.cards[card].fame
    assert s.fame[BLUE] == fame
    for name in ("Earth's Orbit", "Lunar Mineral Beds", "Lunar Polar Regions", "Mars Mineral Beds"):
        act(s, pick(s, Launch, loc=loc(s, name)))
    assert (s.credits[BLUE], s.fuel[BLUE]) == (5 - 4, 5 - 5)
    act(s, Pass("launch no more missions"))
    # clockwise from the active player: Blue first (nothing to buy: skipped), then Red, then Yellow
    assert s.current_player == RED
    for name in ("Earth's Orbit", "Mars Mineral Beds"):
        act(s, pick(s, MissionAccess, loc=loc(s, name), controller=BLUE, price=1))
    act(s, Pass("buy no more mission access"))
    assert s.current_player == YELLOW
    for name in ("Earth's Orbit", "Lunar Mineral Beds", "Lunar Polar Regions", "Mars Mineral Beds"):
        act(s, pick(s, MissionAccess, loc=loc(s, name)))
    return s, fame


def test_example_of_research_missions():
    s, fame = research_example()
    assert s.credits == [5 - 2, 5 - 4, 1 + 6]
    assert s.fame[BLUE] == fame + 4 and s.fame[RED] == 0 and s.fame[YELLOW] == 0
    assert s.missions[loc(s, "Mars Mineral Beds")] == (BLUE, RED, YELLOW)
    assert s.missions[loc(s, "Lunar Polar Regions")] == (BLUE, YELLOW)
    assert s.pending[-1].kind == "sell" and s.active == RED   # the turn has passed on


def test_missions_cost_fuel_from_earth_reduced_by_speed():
    s = game(3)
    s.techs[s.data.tech("slingshots")] = (RED,)
    play_card(s, RED, "research")
    a = pick(s, Launch, loc=loc(s, "Ceres"))                      # 4 from Earth, speed 3
    assert (a.credits, a.fuel) == (1, 1)
    assert pick(s, Launch, loc=loc(s, "Callisto")).fuel == 4       # 7 - 3


def test_only_affordable_missions_are_offered_and_a_controlled_one_is_not_relaunched():
    s = game(3)
    s.fuel[RED] = 2
    s.missions[loc(s, "Mars Polar Regions")] = (BLUE,)
    play_card(s, RED, "research")
    names = {a.name for a in s.legal_actions() if type(a) is Launch}
    assert "Mars Mineral Beds" in names and "Mars Polar Regions" not in names and "Ceres" not in names
    for bad in (Launch(loc(s, "Ceres"), "Ceres", 1, 4),):
        try:
            act(s, bad)
        except IllegalAction:
            pass
        else:
            raise AssertionError("an unaffordable mission was launched")


def test_two_players_pay_two_credits_for_mission_access():
    s = game(2)
    play_card(s, 0, "research")
    act(s, pick(s, Launch, loc=loc(s, "Earth's Orbit")))
    act(s, Pass("launch no more missions"))
    a = pick(s, MissionAccess, loc=loc(s, "Earth's Orbit"))
    assert a.price == 2
    before = list(s.credits)
    act(s, a)
    assert s.credits == [before[0] + 2, before[1] - 2]


def test_fame_for_every_controlled_mission_not_only_new_ones():
    s = game(3)
    s.missions[loc(s, "Ceres")] = (YELLOW,)
    s.missions[loc(s, "Vesta")] = (YELLOW,)
    s.bases[loc(s, "Ceres")] = ()
    card = play_card(s, RED, "research")
    act(s, Pass("launch no more missions"))
    while s.pending[-1].kind == "mission_access":
        act(s, Pass("buy no more mission access"))
    assert s.fame[YELLOW] == 2 and s.fame[RED] == s.data.cards[card].fame


def test_example_of_control_and_access_the_controller_on_top_access_below():
    """Control and Access, its example: Yellow controls a Research Mission, her token on top; Red has
    access, his token below hers. Played through Research Missions cards; control never changes."""
    from neko_lab.games.neptune.rules import TakeTech

    from .rig import resources, tech
    s = game(3)
    resources(s)
    m = loc(s, "Mars Polar Regions")
    play_card(s, YELLOW, "research")
    act(s, pick(s, Launch, loc=m))
    act(s, Pass("launch no more missions"))
    assert s.current_player == BLUE          # clockwise from Yellow, who holds every mission
    act(s, Pass("buy no more mission access"))
    act(s, pick(s, MissionAccess, loc=m, controller=YELLOW))
    assert s.missions[m] == (YELLOW, RED)
    assert s.observation(BLUE)["missions"][m] == [YELLOW, RED]
    # Red's own Research Missions card cannot take the mission: Yellow keeps control and its fame
    fame = s.fame[YELLOW]
    play_card(s, RED, "research")
    assert not [a for a in s.legal_actions() if type(a) is Launch and a.loc == m]
    act(s, Pass("launch no more missions"))
    while s.pending[-1].kind == "mission_access":
        act(s, Pass("buy no more mission access"))
    assert s.missions[m] == (YELLOW, RED) and s.fame[YELLOW] == fame + 1
    # a technology stacks the same way: the controller first, a player with access after
    play_card(s, YELLOW, "technology")
    act(s, pick(s, TakeTech, tech=tech(s, "insulation"), control=True))
    play_card(s, RED, "technology")
    act(s, pick(s, TakeTech, tech=tech(s, "insulation"), control=False))
    assert s.techs[tech(s, "insulation")] == (YELLOW, RED)
