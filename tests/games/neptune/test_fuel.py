"""Fuel costs and speed: the rulebook's Fuel section, its calculation rules and its Callisto example;
speed bonuses from the Technology section."""
from neko_lab.games.neptune import graph
from neko_lab.games.neptune.rules import BuildAt, speed

from .rig import fuel_example_build, base, RED, act, build, game, play_card, resources, tokens


def test_fuel_cost_calculation_example_callisto():
    # 2 + 2 + 3 = 7, speed 4 from Slingshots and Fission: 3; the Mars base on the way: 2; the lunar base
    # is not where the team starts and does not count
    assert speed(["slingshots", "fission"]) == 4
    assert graph.fuel_cost("Earth", "Callisto") == 7
    assert graph.fuel_cost("Earth", "Callisto", speed=4) == 3
    assert graph.fuel_cost("Earth", "Callisto", speed=4,
                           bases=["Lunar Polar Regions", "Mars Mineral Beds"]) == 2


def test_fuel_cost_calculation_example_played_through_a_build_card():
    s = fuel_example_build(5)
    a = build(s, RED, "base", "Callisto", origin=s.data.home)
    assert (a.credits, a.fuel) == (1, 2)
    assert (s.credits[RED], s.fuel[RED]) == (4, 3)
    # the new base on Callisto now shortens a second team's trip there (to build a factory, say)
    assert graph.fuel_cost("Earth", "Callisto", 4, ["Mars Mineral Beds", "Callisto"]) == 1


def test_insulation_with_fission_gives_speed_one():
    assert speed(["insulation", "fission"]) == 1
    assert speed([]) == 0


def test_two_locations_of_one_planet_are_always_one_apart():
    assert graph.fuel_cost("Earth", "Earth's Orbit") == 1
    assert graph.fuel_cost("Lunar Polar Regions", "Lunar Mineral Beds", speed=5) == 1
    assert graph.fuel_cost("Callisto", "Europa") == 1


def test_never_below_one():
    assert graph.fuel_cost("Earth", "Mars Mineral Beds", speed=9, bases=["Mars Mineral Beds"]) == 1


def test_a_base_in_earths_orbit_shortens_trips_from_earth_only():
    assert graph.fuel_cost("Earth", "Ceres", bases=["Earth's Orbit"]) == 3
    assert graph.fuel_cost("Lunar Mineral Beds", "Ceres", bases=["Earth's Orbit"]) == 4
    # a lunar base helps only trips that start at that very location
    assert graph.fuel_cost("Earth", "Ceres", bases=["Lunar Mineral Beds"]) == 4
    assert graph.fuel_cost("Lunar Mineral Beds", "Ceres", bases=["Lunar Mineral Beds"]) == 3


def test_one_base_per_planet_on_the_way():
    assert graph.fuel_cost("Earth", "Callisto", bases=["Mars Mineral Beds", "Mars Polar Regions"]) == 6
    assert graph.fuel_cost("Earth", "Callisto", bases=["Mars Mineral Beds", "Ceres"]) == 5


def test_the_cheapest_route_is_taken_after_bases():
    assert graph.fuel_cost("Earth", "Triton") == 16             # by Saturn (by Uranus: 17)
    assert graph.fuel_cost("Earth", "Triton", bases=["Titania", "Miranda"]) == 16   # one per planet
    # bases at Mars, Ceres and Titania: 17 - 3 by Uranus, 16 - 2 by Saturn, 18 - 3 by both
    assert graph.fuel_cost("Earth", "Triton", bases=["Ceres", "Mars Mineral Beds", "Titania"]) == 14
    # and a Titan base makes the Saturn route the cheapest: 16 - 3
    assert graph.fuel_cost("Earth", "Triton", bases=["Ceres", "Mars Mineral Beds", "Titania", "Titan"]) == 13


def test_distance_from_earth_is_unmodified_best_route():
    assert graph.distance_from_earth("Earth's Orbit") == 1
    assert graph.distance_from_earth("Mars Mineral Beds") == 2
    assert graph.distance_from_earth("Callisto") == 7
    assert graph.distance_from_earth("Triton") == 16


def test_colony_fuel_counts_from_earth_not_from_the_team():
    s = game(3)
    resources(s)
    c = base(s, RED, "Ceres")
    s.teams[0] = c
    tokens(s, RED, "fission", "graviton")
    play_card(s, RED, "build")
    a = next(a for a in s.legal_actions() if type(a) is BuildAt and a.what == "colony" and a.origin == c)
    # 4 credits (the colony number); fuel from Earth 4 - speed 1 - the base at Ceres = 2; no trip
    assert (a.credits, a.fuel) == (4, 2)
    act(s, a)
    assert s.colony[c] == RED


def _worded(s, seat, dest):
    from neko_lab.games.neptune.explain import fuel_sum
    from neko_lab.games.neptune.rules.fuel import cost_for
    from neko_lab.learn.lessons.neptune_words import cost_words
    to = s.data.location(dest)
    return (fuel_sum(s, seat, s.data.home, to, cost_for(s, seat, s.data.home, to)),
            cost_words(s, seat, s.data.home, to))


def test_a_fuel_cost_is_worked_out_on_the_route_it_is_taken_from(tmp_path):
    """To calculate the Fuel Cost: the explanation and the lesson start from the markers of the route
    used, not from the shortest distance, when bases make a longer route cheaper. A folder where
    Earth–Venus–Mercury–Mars is 3 and Earth–Mars 2: bases on Venus and Mercury make the longer route 1."""
    import shutil

    from neko_lab.core.data import dataset_dir
    folder = tmp_path / "neptune"
    shutil.copytree(dataset_dir("neptune"), folder)
    path = folder / "distances.csv"
    text = path.read_text(encoding="utf-8")
    text = text.replace("Earth,Venus,2,", "Earth,Venus,1,").replace("Venus,Mercury,2,", "Venus,Mercury,1,")
    path.write_text(text + "Mercury,Mars,1,reconstructed\n", encoding="utf-8")
    s = game(2, data=str(folder))
    base(s, RED, "Venus Cloud Tops")
    base(s, RED, "Caloris Basin")
    assert graph.fuel_cost("Earth", "Mars Mineral Beds", bases=["Venus Cloud Tops", "Caloris Basin"],
                           data=s.data) == 1
    assert _worded(s, RED, "Mars Mineral Beds") == (
        "1 fuel: distance 3 by Venus and Mercury \u2212 2 for your bases on the way",
        "distance 3 from Earth by Venus and Mercury \u2212 2 for your bases on the way = 1 fuel")


def test_a_fuel_cost_worked_out_says_every_base_it_counts_and_the_floor():
    # a base in Earth's Orbit and one at the Mars Mineral Beds: 2 - 2, but never less than 1
    s = game(2)
    base(s, RED, "Earth's Orbit")
    base(s, RED, "Mars Mineral Beds")
    assert _worded(s, RED, "Mars Mineral Beds") == (
        "1 fuel: distance 2 \u2212 2 for your bases on the way, but never less than 1",
        "distance 2 from Earth \u2212 2 for your bases on the way = 1 fuel (a trip never costs less than 1)")
    # Mars, Ceres and Titania to Triton: by Saturn 16 - 2 and by Uranus 17 - 3 cost the same; the
    # shortest of the cheapest routes is the one taken, and the working follows it
    s = game(2)
    for name in ("Mars Mineral Beds", "Ceres", "Titania"):
        base(s, RED, name)
    assert _worded(s, RED, "Triton")[0] == "14 fuel: distance 16 \u2212 2 for your bases on the way"


def test_fuel_cost_example_a_second_team_to_callisto_uses_the_new_base():
    """The Fuel Cost Calculation Example's last sentence, played: after the base on Callisto, a second
    team going there in the same turn (to build a factory) counts that base too: 7 - speed 4 - the
    Mars base - the Callisto base = 1 fuel."""
    from neko_lab.games.neptune.rules import Pass
    s = fuel_example_build(5)
    tokens(s, RED, "shields")                # the reconstructed Callisto factory needs Radiation Shields
    first = build(s, RED, "base", "Callisto", origin=s.data.home)
    assert first.fuel == 2
    while s.current_player != RED:
        act(s, Pass("build nothing this round"))
    second = build(s, RED, "factory", "Callisto", origin=s.data.home)
    assert second.team != first.team and second.fuel == 1
    assert s.factory[s.data.location("Callisto")] == RED
    assert (s.credits[RED], s.fuel[RED]) == (5 - 1 - 2, 5 - 2 - 1)
