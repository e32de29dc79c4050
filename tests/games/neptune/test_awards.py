"""Diversification and Intrepid Spacefarer (rulebook › Diversification Card, › Intrepid Spacefarer
Card, › End of Game Scoring (see page 4))."""
from neko_lab.games.neptune.rules import Pass

from .rig import BLUE, RED, YELLOW, act, base, build, game, loc, play_card, resources, tokens
from .test_build import building_example


def test_diversification_and_intrepid_spacefarer_change_hands():
    s = building_example()
    build(s, RED, "base", "Mars Mineral Beds")
    assert s.diversification == RED
    build(s, YELLOW, "base", "Lunar Mineral Beds")
    assert s.diversification == RED                      # a tie does not move it
    build(s, BLUE, "base", "Mars Mineral Beds")
    build(s, RED, "factory", "Mars Mineral Beds", origin=s.data.home)
    assert s.intrepid == -1                              # Red does not control that mission
    build(s, BLUE, "colony", "Mars Mineral Beds", origin=s.data.home)
    assert (s.intrepid, s.intrepid_distance) == (BLUE, 2)
    build(s, YELLOW, "base", "Mars Mineral Beds")
    assert s.diversification == YELLOW                   # two planets beat one
    # later Red controls Ceres and builds a factory there: 4 from Earth beats Blue's 2
    for seat in (RED, YELLOW, BLUE):
        act(s, Pass("build nothing this round"))
    c = loc(s, "Ceres")
    s.missions[c] = (RED,)
    s.bases[c] = (RED,)
    s.diversification = YELLOW
    resources(s, 10, 10)
    play_card(s, YELLOW, "build")
    act(s, Pass("build nothing this round"))
    assert s.current_player == BLUE
    act(s, Pass("build nothing this round"))
    build(s, RED, "factory", "Ceres", origin=s.data.home)
    assert (s.intrepid, s.intrepid_distance) == (RED, 4)
    assert s.diversification == YELLOW                   # Red's Ceres base came from set-up: no build


def test_intrepid_spacefarer_does_not_move_on_a_tie():
    s = game(3)
    resources(s)
    tokens(s, YELLOW, "fission")
    for seat, name in ((RED, "Mars Polar Regions"), (YELLOW, "Mars Mineral Beds")):
        i = loc(s, name)
        s.missions[i] = (seat,)
        s.bases[i] = (seat,)
    tokens(s, RED, "fission")
    s.factory[loc(s, "Mars Polar Regions")] = RED
    s.intrepid, s.intrepid_distance = RED, 2
    s.diversification = RED
    play_card(s, YELLOW, "build")
    build(s, YELLOW, "factory", "Mars Mineral Beds")
    assert s.intrepid == RED


def test_award_cards_score_three_at_the_end():
    s = game(3)
    for g in range(4):
        s.discard += s.decks[g]
        s.decks[g] = ()
    s.generation = 4
    i = loc(s, "Mars Mineral Beds")
    s.missions[i] = (BLUE,)
    s.bases[i] = (BLUE,)
    s.colony[i] = BLUE
    s.diversification, s.intrepid, s.intrepid_distance = BLUE, BLUE, 2
    s.credits[:] = [0, 0, 0]
    s.pending.clear()
    from neko_lab.games.neptune.rules import scoring_card
    scoring_card.start(s, RED, "final")
    assert s.is_over() and s.points[BLUE][6] == 6
    assert s.winners() == [BLUE]


def _two_lunar_bases(by: str):
    s = game(3, diversification_by=by)
    resources(s)
    base(s, RED, "Mars Mineral Beds")                    # Red holds the card: 1 base, 1 planet
    for name in ("Lunar Mineral Beds", "Lunar Polar Regions"):
        s.missions[loc(s, name)] = (YELLOW,)
    tokens(s, YELLOW, "insulation", "fission")
    play_card(s, YELLOW, "build")
    for name in ("Lunar Mineral Beds", "Lunar Polar Regions"):
        while s.current_player != YELLOW:
            act(s, Pass("build nothing this round"))
        build(s, YELLOW, "base", name)
    return s


def test_diversification_counts_planets_by_default_and_bases_with_the_option():
    """Diversification Card: its first sentence counts planets with a base, its second the total of
    bases; option diversification_by picks the second."""
    assert _two_lunar_bases("planets").diversification == RED     # 1 planet each: no change
    s = _two_lunar_bases("bases")
    assert s.diversification == YELLOW                            # 2 bases beat 1
    assert "2 bases" in next(e.text for e in reversed(s.log) if "Diversification" in e.text)
