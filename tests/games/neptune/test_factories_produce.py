"""Factories Produce (rulebook › Factories Produce, › Factory Production)."""
from .rig import BLUE, RED, YELLOW, game, loc, play_card, tech


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
    assert s.credits == [5 + 3, 5 + 3, 5 + 2 + 1]
    assert s.fuel == [5 + 1, 5 + 1, 5 + 2]
