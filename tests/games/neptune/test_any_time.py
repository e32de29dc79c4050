"""Purchases at any time (rulebook › Fuel; › Gaining Access to a Technology without a Card): offered
only where they change what is possible (build steps, mission launching, the Technology decision,
before Factories Produce), as extra actions that keep the same decision."""
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


def test_a_player_without_a_mission_token_is_offered_fuel_when_it_may_move_to_someone_elses_base():
    """Building: by default a team may move to any player's base, so a player with no token on any
    Research Mission is still asked in a build round, with the fuel purchase beside the move; with
    move_needs_own_base it has no base of its own to go to and is not asked (as the dataset README's
    "Purchases at any time" says)."""
    from neko_lab.core.data import dataset_dir
    from neko_lab.games.neptune.rules import BuildAt

    from .rig import base, resources
    for own, asked in ((False, True), (True, False)):
        s = game(3, move_needs_own_base=own)
        resources(s)
        base(s, BLUE, "Mars Mineral Beds")
        assert not any(RED in m for m in s.missions)
        play_card(s, RED, "build")
        assert (s.current_player == RED) is asked
        if asked:
            kinds = {type(a) for a in s.legal_actions()}
            assert BuildAt in kinds and BuyFuel in kinds
    readme = (dataset_dir("neptune") / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Purchases at any time")[1].split("\n## ")[0]
    assert "is not asked in a build round at all" not in section
    assert "move_needs_own_base" in section


def test_the_module_on_purchases_names_every_decision_that_offers_them():
    """any_time's docstring lists the decisions offering the purchases: every module using them."""
    from pathlib import Path

    from neko_lab.games.neptune.rules import any_time
    folder = Path(any_time.__file__).parent
    users = sorted(p.name for p in folder.glob("*.py")
                   if p.name != "any_time.py" and "any_time.offers" in p.read_text(encoding="utf-8"))
    assert users == ["build.py", "factories_produce.py", "research_missions.py", "technology.py"]
    for name in users:
        assert name in any_time.__doc__, name
