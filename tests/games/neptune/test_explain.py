"""What Destination: Neptune tells a learner: why a move was legal (explain.py), why a place is not lit
(refusals.why_not_here) and why an action is refused (IllegalAction, refusals.why_illegal)."""
import random
import re

import pytest

import neko_lab as nl
from neko_lab.core import IllegalAction, Rng
from neko_lab.games.neptune.explain import why
from neko_lab.games.neptune.refusals import why_not_here
from neko_lab.games.neptune.rules import BuildAt, Launch, MissionAccess, Pass, Play
from neko_lab.games.neptune.rules.fuel import cost_for
from neko_lab.learn.explain import explain_move
from randomplay import first_wanted

from .rig import BLUE, RED, YELLOW, act, base, build, game, loc, pick, play_card, tokens
from .test_build import building_example

MINUS = "\u2212"
# "2 fuel: distance 4 − speed 1 − 1 for your base on the way, but never less than 1"
SUM = re.compile(rf"(\d+) fuel: distance (\d+)(?: by [A-Za-z' ]+?)?(?: {MINUS} speed (\d+))?"
                 rf"(?: {MINUS} (\d+) for your bases?[^,.;]*)?(, but never less than 1)?")
SAME = re.compile(r"(\d+) fuel: the trip stays at [A-Za-z ]+, and that costs 1")
TOTAL = re.compile(r"That is (\d+) \+ (\d+) = (\d+) fuel in all")


def _sums(text: str) -> list[int]:
    """The fuel of each sum worked out in `text`, checked: its arithmetic gives it."""
    out = []
    for m in SAME.finditer(text):
        assert m.group(1) == "1", m.group(0)
    for m in sorted([*SUM.finditer(text), *SAME.finditer(text)], key=lambda m: m.start()):
        if m.re is SAME:
            out.append(1)
            continue
        fuel, dist, spd, bases, floor = m.groups()
        left = int(dist) - int(spd or 0) - int(bases or 0)
        assert max(1, left) == int(fuel) and bool(floor) == (left < 1), m.group(0)
        out.append(int(fuel))
    return out


# ---------------------------------------------------------------- a colony's fuel, in two parts
def test_blues_colony_in_the_example_of_building_pays_the_teams_trip_and_the_colonists():
    # Building › Example of Building: Blue's colony on the Mars Mineral Beds costs 1 fuel for the colonists
    # plus 1 for the team that comes from Earth
    s = building_example()
    build(s, RED, "base", "Mars Mineral Beds")
    build(s, YELLOW, "base", "Lunar Mineral Beds")
    build(s, BLUE, "base", "Mars Mineral Beds")
    build(s, RED, "factory", "Mars Mineral Beds", origin=s.data.home)
    mars = loc(s, "Mars Mineral Beds")
    a = pick(s, BuildAt, what="colony", dest=mars, origin=s.data.home)
    trip = colonists = cost_for(s, BLUE, s.data.home, mars)
    assert (a.credits, a.fuel) == (3, trip + colonists) == (3, 2)
    lines = why(s, a, BLUE)
    assert lines[0].startswith(f"team {a.team + 1} travels from Earth to Mars Mineral Beds: {trip} fuel: ")
    assert f"its colonists come from Earth: {colonists} fuel: " in lines[1]
    assert _sums(" ".join(lines)) == [trip, colonists]
    assert f"That is {trip} + {colonists} = 2 fuel in all" in lines[2]
    before = s.clone()
    act(s, a)
    said = str(explain_move(before, a, s))
    assert "Building" in said and "Fuel" in said


def test_every_launch_and_build_fuel_sum_adds_up_in_random_games():
    colonies = 0
    for players, seed in ((2, 0), (3, 1), (4, 2)):
        s = nl.new_game("neptune", players=players, seed=seed)
        r = random.Random(seed)
        while not s.is_over():
            acts = s.legal_actions()
            for a in acts:
                if type(a) not in (BuildAt, Launch):
                    continue
                text = " ".join(why(s, a, s.current_player))
                sums = _sums(text)
                total = TOTAL.search(text)
                if type(a) is BuildAt and a.what == "colony" and a.origin != a.dest:
                    colonies += 1
                    trip, col, whole = map(int, total.groups())
                    assert sums == [trip, col] and trip + col == whole == a.fuel, text
                elif type(a) is Launch or a.origin != a.dest or a.what == "colony":
                    assert total is None and a.fuel in sums[:1] + [sum(sums)], text
            builds = [a for a in acts if type(a) in (BuildAt, Launch)]
            s.apply(r.choice(builds) if builds and r.random() < 0.7 else r.choice(acts))
    assert colonies          # the games did reach colonies built by a travelling team


# ---------------------------------------------------------------- a location out of reach
def test_a_team_that_has_built_is_not_offered_as_the_nearest_team():
    s = game(3)
    s.credits[:] = [10, 0, 0]
    s.fuel[:] = [1, 0, 0]
    tokens(s, RED, "insulation", "fission")
    base(s, RED, "Mars Mineral Beds")
    ceres = loc(s, "Ceres")
    s.missions[ceres] = (RED,)
    s.teams[0] = loc(s, "Mars Mineral Beds")          # red's team 1 stands on Mars from an earlier turn
    play_card(s, RED, "build")
    act(s, pick(s, BuildAt, what="factory", team=0))   # it builds there without moving
    while s.current_player != RED:
        act(s, s.legal_actions()[0])
    assert not any(type(a) is BuildAt and a.dest == ceres for a in s.legal_actions())
    near = cost_for(s, RED, loc(s, "Mars Mineral Beds"), ceres)
    far = cost_for(s, RED, s.data.home, ceres)
    assert near <= s.fuel[RED] < far           # fuel would do for team 1: it is out because it has built
    said = why_not_here(s, RED, f"loc:{ceres}")
    assert said.startswith("your team 1 at Mars Mineral Beds has already built this turn")
    assert f"team 2 at Earth, would pay {far} fuel" in said and f"you have {s.fuel[RED]} fuel" in said
    assert "team 1 at Mars Mineral Beds, would pay" not in said


# ---------------------------------------------------------------- passes cite their own section
def _explained(s, action):
    before = s.clone()
    act(s, action)
    return explain_move(before, action, s)


@pytest.mark.parametrize("card,step,section", [
    ("build", "build nothing this round", "Build"),
    ("research", "launch no more missions", "Research Missions"),
    ("technology", "take no technology", "Technology"),
])
def test_a_pass_inside_a_card_cites_the_cards_section(card, step, section):
    s = game(3)
    s.missions[loc(s, "Earth's Orbit")] = (RED,)     # something to build, so red is asked to
    play_card(s, RED, card)
    ex = _explained(s, Pass(step))
    rule = f"Destination: Neptune \u203a {section}"
    assert ex.rule == rule and ex.lines[0].endswith(f"({rule})")
    assert ex.lines[1].startswith("Why it was allowed:") and ex.lines[1].endswith(f"({rule}).")
    assert "Playing a Turn" not in str(ex)


def test_buying_no_more_mission_access_cites_research_missions_and_selling_nothing_playing_a_turn():
    s = game(3)
    s.missions[loc(s, "Earth's Orbit")] = (YELLOW,)
    play_card(s, RED, "research")
    act(s, Pass("launch no more missions"))
    assert s.pending[-1].kind == "mission_access"
    ex = _explained(s, Pass("buy no more mission access"))
    assert "(Destination: Neptune \u203a Research Missions)." in ex.lines[1]
    s = game(3)
    assert s.pending[-1].kind == "sell"
    ex = _explained(s, Pass("sell nothing"))
    assert ex.rule == "Destination: Neptune \u203a Playing a Turn" and ex.lines[0].endswith(f"({ex.rule})")


# ---------------------------------------------------------------- an illegal action says why
def test_a_base_without_its_technology_is_refused_with_the_rule():
    s = game(3)
    s.missions[loc(s, "Mars Polar Regions")] = (RED,)
    play_card(s, RED, "build")
    a = BuildAt(0, s.data.home, loc(s, "Mars Polar Regions"), "base", "Mars Polar Regions", 1, 1)
    with pytest.raises(IllegalAction) as e:
        s.apply(a)
    said = str(e.value)
    assert "needs High Efficiency Insulation, and you have no access to it yet" in said
    assert said.endswith("(Destination: Neptune \u203a Building)") and "must choose one of" not in said


def test_a_launch_beyond_the_fuel_is_refused_with_the_fuel_worked_out():
    s = game(3)
    play_card(s, RED, "research")
    callisto = loc(s, "Callisto")
    need = cost_for(s, RED, s.data.home, callisto)
    assert need > s.fuel[RED]
    with pytest.raises(IllegalAction) as e:
        s.apply(Launch(callisto, "Callisto", 1, need))
    said = str(e.value)
    assert f"costs {need} fuel: distance" in said and f"you have {s.fuel[RED]} fuel" in said
    assert said.endswith("(Destination: Neptune \u203a Fuel)")
    # one voice: the reason speaks to the deciding seat, so its head does not name it as a third person
    assert said.startswith(f"{Launch(callisto, 'Callisto', 1, need)} is not possible now: ")
    assert "player 1" not in said.lower()


def test_buying_mission_access_during_the_launches_is_refused_as_out_of_its_step():
    s = game(3)
    s.missions[loc(s, "Callisto")] = (YELLOW,)
    play_card(s, RED, "research")
    with pytest.raises(IllegalAction) as e:
        s.apply(MissionAccess(loc(s, "Callisto"), "Callisto", YELLOW, 1))
    said = str(e.value)
    assert "once its active player launches no more missions" in said
    assert said.endswith("(Destination: Neptune \u203a Research Missions)")
    # a move of another step says whose the open decision is, still speaking to that seat
    assert f"is not possible now: " in said and f"the decision open now is yours (Player {RED + 1}): " in said
    assert f"for player {RED + 1}" not in said


def test_a_build_at_the_wrong_price_names_the_legal_one():
    s = building_example()
    a = pick(s, BuildAt, what="base", dest=loc(s, "Mars Mineral Beds"))
    with pytest.raises(IllegalAction) as e:
        s.apply(a._replace(fuel=a.fuel + 1))
    assert f"\u201c{a}\u201d" in str(e.value)


def test_a_refusal_is_what_the_acting_seat_knows():
    # the reason reads the table and the acting seat's own hand: a copy of the game with every other
    # seat's cards drawn afresh gives the same reason
    s = game(3)
    card = next(c for c in s.hands[YELLOW] if c not in s.hands[RED])
    action = Play(card, s.data.cards[card].title, s.data.cards[card].fame)
    act(s, Pass("sell nothing"))
    said = s.why_illegal(action, seat=s.current_player)      # told to the acting seat (its board, apply())
    assert "is not in your hand" in said or "a copy you do not hold" in said
    for k in range(3):
        assert s.determinize(RED, Rng(k)).why_illegal(action, seat=s.current_player) == said


def test_two_teams_standing_together_are_one_choice_and_the_refusal_names_the_offered_one():
    s = building_example()             # Red's three teams stand on Earth, none used yet
    a = pick(s, BuildAt, what="base", dest=loc(s, "Mars Mineral Beds"))
    other = a._replace(team=2)
    assert other not in s.legal_actions()
    said = s.why_illegal(other, seat=s.current_player)
    assert f"your teams {a.team + 1} and 3 stand together at Earth" in said and f"\u201c{a}\u201d" in said


def test_an_action_whose_name_is_not_the_place_it_points_at_is_refused_as_such():
    s = game(3)
    play_card(s, RED, "research")
    a = pick(s, Launch, loc=loc(s, "Lunar Mineral Beds"))
    said = s.why_illegal(a._replace(name="Callisto"), seat=s.current_player)
    assert "it names 'Callisto', but its loc stands for Lunar Mineral Beds" in said


def test_an_action_alike_in_words_to_the_legal_one_names_the_field_the_rules_set_otherwise():
    # "buy no fuel from the broker" reads the same at any price: the refusal says which field differs
    from neko_lab.games.neptune.rules.fuel_broker import BrokerFuel

    def offered(s):
        return next((a for a in s.legal_actions() if isinstance(a, BrokerFuel)), None)
    s, legal = first_wanted(((nl.new_game("neptune", players=3, seed=seed), seed) for seed in range(60)), offered)
    wrong = legal._replace(price=legal.price + 1)
    with pytest.raises(IllegalAction) as refused:
        s.apply(wrong)
    assert str(refused.value) == (
        f"{wrong} is not possible now: the rules allow \u201c{legal}\u201d only with price "
        f"{legal.price}, not {wrong.price} (Destination: Neptune \u203a Fuel Broker)")


def _copy_of(s, card, held):
    """Another card of the deck with `card`'s title, not one of `held`."""
    title = s.data.cards[card].title
    return next(c for c in range(len(s.data.cards)) if s.data.cards[c].title == title and c != card
                and c not in held)


def test_another_copy_of_the_card_is_refused_by_its_number_not_its_title():
    # two cards of one title are told apart only by their number: the refusal names the number, never
    # "holds Research Missions, not Research Missions" or "Build is not in your hand" with a Build in it
    def track_play(s):
        return next((a for a in s.legal_actions() if type(a) is Play and a.place == 0), None)
    s, legal = first_wanted(((nl.new_game("neptune", players=2, seed=seed), seed) for seed in range(20)),
                            track_play)
    other = legal._replace(card=_copy_of(s, legal.card, ()))
    said = s.why_illegal(other, seat=s.current_player)
    assert (f"place 1 of the Opportunity Track holds another copy of {legal.title}, card={legal.card}, where "
            f"the action names card={other.card} (Destination: Neptune \u203a Playing a Card)") in said
    s = game(3)
    hand = s.hands[s.current_player]
    sale = next(a for a in s.legal_actions() if type(a).__name__ == "Sell")
    other = sale._replace(card=_copy_of(s, sale.card, hand))
    said = s.why_illegal(other, seat=s.current_player)
    copies = [c for c in hand if s.data.cards[c].title == sale.title]
    assert f"card={other.card}, a copy you do not hold" in said and f"card={copies[0]}" in said
    assert f"{sale.title} is not in your hand" not in said


def test_a_launch_counts_its_credits_in_words():
    s = game(3)
    play_card(s, RED, "research")
    a = pick(s, Launch, loc=loc(s, "Lunar Mineral Beds"))
    assert str(a).endswith(f"(1 credit, {a.fuel} fuel)")
    assert str(a._replace(credits=2)).endswith(f"(2 credits, {a.fuel} fuel)")        # not "(2 credit, ...)"
