"""Purchases at any time (rulebook › Fuel; › Gaining Access to a Technology without a Card): offered
inside the build steps and mission launching only, as extra actions that keep the same decision."""
from neko_lab.games.neptune.rules import BuyAccess, BuyFuel, Launch, Pass

from .rig import BLUE, RED, act, game, pick, play_card, start_turn, tech


def test_fuel_for_three_credits_while_launching_missions():
    s = game(3)
    s.fuel[RED] = 0
    play_card(s, RED, "research")
    assert not [a for a in s.legal_actions() if type(a) is Launch]
    act(s, BuyFuel())
    assert (s.credits[RED], s.fuel[RED]) == (2, 1) and s.pending[-1].kind == "launch"
    act(s, pick(s, Launch, name="Earth's Orbit"))
    assert s.missions[s.data.location("Earth's Orbit")] == (RED,)


def test_no_purchase_is_offered_without_the_money():
    s = game(3)
    s.credits[RED] = 2
    s.techs[tech(s, "fission")] = (BLUE,)
    play_card(s, RED, "research")
    legal = s.legal_actions()
    assert not [a for a in legal if type(a) is BuyFuel]
    assert [a for a in legal if type(a) is BuyAccess] == [BuyAccess(tech(s, "fission"), "Enhanced Fission Power", BLUE, 1)]


def test_purchases_do_not_flood_the_other_decisions():
    s = game(3)
    s.techs[tech(s, "fission")] = (BLUE,)
    start_turn(s, RED)
    assert not [a for a in s.legal_actions() if type(a) in (BuyFuel, BuyAccess)]
    act(s, Pass("sell nothing"))
    assert not [a for a in s.legal_actions() if type(a) in (BuyFuel, BuyAccess)]


def test_access_bought_while_launching_raises_speed_at_once():
    s = game(3)
    s.techs[tech(s, "slingshots")] = (BLUE,)
    play_card(s, RED, "research")
    assert "Callisto" not in {a.name for a in s.legal_actions() if type(a) is Launch}   # 7 fuel > 5
    act(s, pick(s, BuyAccess, tech=tech(s, "slingshots")))
    assert s.credits[BLUE] == 6 and s.techs[tech(s, "slingshots")] == (BLUE, RED)
    assert pick(s, Launch, name="Callisto").fuel == 4


def test_an_access_price_says_what_it_counts():
    # beside a player's number a bare price read as another number: 'pays player 2 2 for access'
    from neko_lab.games.neptune.rules.research_missions import MissionAccess
    s = game(3)
    s.techs[tech(s, "slingshots")] = (BLUE,)
    play_card(s, RED, "research")
    buy = pick(s, BuyAccess, tech=tech(s, "slingshots"))
    assert str(buy) == f"buy access to Improved Gravity Slingshots from player {BLUE + 1} for 1 credit"
    act(s, buy)
    assert s.log[-1].text == f"pays player {BLUE + 1} 1 credit for access to Improved Gravity Slingshots"
    assert str(MissionAccess(0, "Venus Cloud Tops", 0, 2)) == \
        "pay player 1 2 credits for access to the mission at Venus Cloud Tops"
