"""Factories Produce (rulebook › Factories Produce, › Factory Production)."""
from neko_lab.games.neptune.rules import Pass
from neko_lab.games.neptune.rules.any_time import BuyAccess

from .rig import BLUE, RED, YELLOW, act, game, loc, play_card, tech


def _factory(s, seat, name):
    i = loc(s, name)
    s.missions[i] = s.missions[i] + (seat,)
    s.bases[i] = s.bases[i] + (seat,)
    s.factory[i] = seat


def test_one_credit_per_factory_and_the_icons():
    s = game(3)
    _factory(s, RED, "Mars Polar Regions")        # plain
    _factory(s, RED, "Mars Mineral Beds")         # Mineral, no Fusion Power: +1 fuel
    _factory(s, YELLOW, "Ceres")                  # Mineral with Fusion Power: +1 credit
    _factory(s, YELLOW, "Titan")                  # Fusion Fuel with Fusion Power: +1 fuel
    _factory(s, BLUE, "Europa")                   # Fusion Fuel with Fusion Power II: +2 fuel
    _factory(s, RED, "Triton")                    # Fusion Fuel without Fusion Power: nothing more
    s.diversification = RED
    s.techs[tech(s, "fusion")] = (YELLOW, BLUE)
    s.techs[tech(s, "fusion2")] = (BLUE,)
    play_card(s, BLUE, "factories")
    _let_produce(s)                               # Red could buy Fusion Power access: it does not
    assert s.credits == [5 + 3, 5 + 3, 5 + 2 + 1]
    assert s.fuel == [5 + 1, 5 + 1, 5 + 2]


def _let_produce(s):
    while s.pending and s.pending[-1].kind == "production":
        act(s, Pass("let the factories produce"))


def test_access_to_fusion_power_may_be_bought_before_the_factories_produce():
    """Access may be bought at any time: before production, a player whose factories would produce
    more with Fusion Power is offered access from its controller (here Red, with a Fusion Fuel factory
    and 1 fuel more to gain)."""
    s = game(3)
    _factory(s, RED, "Triton")                    # Fusion Fuel: nothing without Fusion Power
    s.diversification = RED
    s.techs[tech(s, "fusion")] = (YELLOW,)
    play_card(s, BLUE, "factories")
    assert s.current_player == RED and s.pending[-1].kind == "production"
    offers = [a for a in s.legal_actions() if type(a) is BuyAccess]
    assert [a.tech for a in offers] == [tech(s, "fusion")] and offers[0].controller == YELLOW
    act(s, offers[0])
    assert RED in s.techs[tech(s, "fusion")] and s.current_player == RED
    act(s, Pass("let the factories produce"))
    assert s.fuel[RED] == 5 + 1 and s.credits[RED] == 5 - 1 + 1 and s.credits[YELLOW] == 5 + 1


def test_example_of_locations_the_mineral_beds_factory_with_and_without_fusion_power():
    """Example of Locations: the Mars Mineral Beds factory has the Mineral icon; it yields 1 credit
    like any factory, and 1 fuel more without Fusion Power, or 1 credit more with it."""
    for fusion, more in ((False, (1, 1)), (True, (2, 0))):
        s = game(3)
        _factory(s, RED, "Mars Mineral Beds")
        s.diversification = RED
        if fusion:
            s.techs[tech(s, "fusion")] = (RED,)
        play_card(s, BLUE, "factories")
        _let_produce(s)
        assert (s.credits[RED] - 5, s.fuel[RED] - 5) == more, f"fusion power: {fusion}"
        assert s.credits[BLUE] == 5 + 2
