"""Technology (rulebook › Technology, › Gaining Access to a Technology without a Card,
› Control and Access)."""
from neko_lab.games.neptune.rules import BuildAt, BuyAccess, Pass, TakeTech

from .rig import BLUE, RED, YELLOW, act, game, loc, pick, play_card, resources, tech


def test_control_needs_access_to_the_prerequisites():
    s = game(3)
    play_card(s, RED, "technology")
    names = {a.name for a in s.legal_actions() if type(a) is TakeTech and a.control}
    assert names == {"High Efficiency Insulation", "Improved Gravity Slingshots", "Enhanced Fission Power"}
    s = game(3)
    s.techs[tech(s, "fission")] = (BLUE, RED)
    play_card(s, RED, "technology")
    names = {a.name for a in s.legal_actions() if type(a) is TakeTech and a.control}
    assert "Fusion Power" in names and "Graviton Generators" not in names


def test_every_player_gains_a_fame_per_controlled_technology():
    s = game(3)
    s.techs[tech(s, "insulation")] = (YELLOW,)
    s.techs[tech(s, "shields")] = (YELLOW, RED)
    card = play_card(s, RED, "technology", fame=1)
    act(s, pick(s, TakeTech, tech=tech(s, "fission"), control=True))
    assert s.techs[tech(s, "fission")] == (RED,)
    assert s.fame == [1 + 1, 2, 0]


def test_a_card_gives_free_access_to_a_controlled_technology():
    s = game(3)
    s.techs[tech(s, "fission")] = (BLUE,)
    play_card(s, RED, "technology")
    before = list(s.credits)
    act(s, pick(s, TakeTech, tech=tech(s, "fission"), control=False))
    assert s.techs[tech(s, "fission")] == (BLUE, RED) and s.credits == before


def test_access_bought_from_the_controller_at_a_payment_step():
    for players, price in ((3, 1), (2, 2)):
        s = game(players)
        resources(s, 10, 10)
        s.techs[tech(s, "fission")] = (1,)
        m = loc(s, "Mars Mineral Beds")
        s.missions[m] = (0, 1)
        s.bases[m] = (0,)
        s.diversification = 0
        play_card(s, 0, "build")
        assert not [a for a in s.legal_actions() if type(a) is BuildAt and a.what == "factory"]
        a = pick(s, BuyAccess, tech=tech(s, "fission"))
        assert a.price == price and a.controller == 1
        act(s, a)
        assert s.credits[:2] == [10 - price, 10 + price]
        assert [a for a in s.legal_actions() if type(a) is BuildAt and a.what == "factory"]


def test_nobody_controls_it_no_purchase():
    s = game(3)
    resources(s)
    s.missions[loc(s, "Mars Polar Regions")] = (RED,)        # Insulation needed, nobody controls it
    play_card(s, RED, "build")
    assert s.current_player == RED and not [a for a in s.legal_actions() if type(a) is BuildAt]
    assert not [a for a in s.legal_actions() if type(a) is BuyAccess]
    act(s, Pass("build nothing this round"))


def test_access_to_a_prerequisite_may_be_bought_then_control_taken():
    """Access may be bought at any time: with Fission controlled by Blue, Red buys access to it inside
    the Technology decision and then takes control of Fusion Power, which needs Fission."""
    s = game(3)
    resources(s, 5, 5)
    s.techs[tech(s, "fission")] = (BLUE,)
    play_card(s, RED, "technology")
    offers = [a for a in s.legal_actions() if type(a) is BuyAccess]
    assert tech(s, "fission") in [a.tech for a in offers]
    assert "Fusion Power" not in {a.name for a in s.legal_actions() if type(a) is TakeTech and a.control}
    act(s, next(a for a in offers if a.tech == tech(s, "fission")))
    assert s.current_player == RED and s.credits[RED] == 4 and s.credits[BLUE] == 6
    act(s, pick(s, TakeTech, tech=tech(s, "fusion"), control=True))
    assert s.techs[tech(s, "fusion")] == (RED,)
