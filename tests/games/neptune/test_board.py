"""The Destination: Neptune board: the picture is clicked — lit targets, hover texts, choices of a
place, refusals explained, every pending decision shown, review of a finished game."""
import re

import pytest

from neko_lab.games.neptune.board import Board
from neko_lab.games.neptune.rules import BuildAt, Pass, Play, Sell
from statecheck import fingerprint
from tests.boardclicks import unlit_clicks

from .rig import fuel_example_build, RED, YELLOW, BLUE, game, loc, play_card, resources, start_turn, tech, tokens


def _build_board():
    """Player 1 plays Build with a mission token on the Mars Mineral Beds, one team in Earth's Orbit
    and two on Earth: a base there can be built by a team from either place."""
    s = game(3)
    resources(s)
    s.missions[loc(s, "Mars Mineral Beds")] = (RED,)
    s.teams[RED * 3] = loc(s, "Earth's Orbit")
    play_card(s, RED, "build")
    return Board(s, agents={1: "random", 2: "random"})


def _tips(svg: str) -> dict[str, str]:
    return dict(re.findall(r'data-target="([^"]*)"><title>([^<]*)</title>', svg))


def test_the_lit_targets_are_the_legal_places_and_hovering_says_what_a_click_does():
    b = _build_board()
    mars = loc(b.state, "Mars Mineral Beds")
    lit = b.picture_widget.targets()
    assert f"loc:{mars}" in lit and "pass" in lit and "fuel" in lit
    assert b.targets() == [mars]
    tips = _tips(b.picture_widget.value)
    assert tips["pass"] == "click: build nothing this round"
    assert tips["fuel"] == "click: buy 1 fuel for 3 credits"
    builds = [a for a in b.state.legal_actions() if type(a) is BuildAt and a.dest == mars]
    assert len(builds) == 2
    assert tips[f"loc:{mars}"].startswith(f"click to choose among {len(builds)} choices at Mars Mineral Beds")
    assert "Player 1 may move one team and build once" in b.prompt_box.value


def test_clicking_a_place_with_several_choices_lists_them_and_a_choice_builds_there():
    b = _build_board()
    mars = loc(b.state, "Mars Mineral Beds")
    assert not b.click(f"loc:{mars}")                 # several choices: listed, nothing played yet
    choices = [btn.description for btn in b.choice_row.children]
    assert choices and all("Mars Mineral Beds" in c for c in choices)
    assert b.state.bases[mars] == ()
    b.choice_row.children[0].click()
    assert b.state.bases[mars] == (RED,)
    assert b.choice_row.children == ()


def test_clicking_a_place_with_one_choice_plays_it():
    b = _build_board()
    fuel = b.state.fuel[RED]
    assert b.click("fuel")
    assert b.state.fuel[RED] == fuel + 1 and b.decision() == "build"
    assert b.click("pass")                          # build nothing: the bots play on to player 1
    assert b.state.current_player == RED


def test_your_own_lit_row_lists_its_choices_and_a_choice_plays():
    """Attract Investors: your row of the tracks is lit as "player:me"; a click on it lists how much fame
    to give up, and a choice there is played."""
    s = game(3)
    s.fame[:] = [4, 0, 0]
    play_card(s, RED, "investors", fame=0)
    b = Board(s, agents={1: "random", 2: "random"})
    assert b.decision() == "investors" and "player:me" in b.picture_widget.targets()
    assert not b.click("player:me")                   # several choices: listed, nothing played yet
    assert b.message.kind != "error"
    choices = [btn.description for btn in b.choice_row.children]
    assert len(choices) == 3 and "keep all fame" in choices
    b.choice_row.children[-1].click()                 # give up 4 fame
    assert b.state.fame[RED] == 0 and b.decision() != "investors"


def test_hand_cards_are_sold_and_played_by_clicking_them():
    s = game(3)
    start_turn(s, RED)
    b = Board(s, agents={1: "random", 2: "random"})
    card = s.hands[RED][0]
    assert f"hand:{card}" in b.picture_widget.targets()
    sells = [a for a in s.legal_actions() if type(a) is Sell and a.card == card]
    assert _tips(b.picture_widget.value)[f"hand:{card}"] == f"click: {sells[0]}"
    assert b.click(f"hand:{card}")
    assert b.state.track == (card,) and b.decision() == "play"
    plays = {f"track:{a.place}" if a.place >= 0 else f"hand:{a.card}" for a in b.state.legal_actions()
             if type(a) is Play}
    assert plays == set(b.picture_widget.targets()) - {"pass"}
    assert "track:0" in plays                       # the card just sold may be played from the track


def test_a_click_the_rules_refuse_is_explained_and_changes_nothing():
    b = _build_board()
    before = fingerprint(b.state)
    polar = loc(b.state, "Mars Polar Regions")
    assert f"loc:{polar}" not in b.picture_widget.targets()
    assert f'data-target="loc:{polar}"' in b.picture_widget.value       # drawn, but not lit
    assert not b.click(f"loc:{polar}")
    text = b.message.widget.value
    assert "a base at Mars Polar Regions needs one of your tokens on its Research Mission" in text
    assert "(Destination: Neptune › Building)" in text and "player 1 may move one team" in text.lower()
    assert not b.play(BuildAt(0, 0, 5, "colony", "Mars Polar Regions", 3, 2))
    assert fingerprint(b.state) == before


def test_every_pending_decision_is_shown_with_who_is_still_to_come():
    b = _build_board()
    svg = b.picture_widget.value
    assert "Now: player 1 may move one team and build once in this round (Build)" in svg
    assert "Build round 1 of 3; still to come this round: player 2, player 3" in svg
    assert "player 0" not in svg and "round 0" not in svg


def test_nothing_is_lit_when_a_bot_is_to_move():
    s = game(3)
    start_turn(s, YELLOW)
    b = Board(s, agents={YELLOW: "random", BLUE: "random"})
    assert b.picture_widget.targets() == [] and b.state.current_player == YELLOW
    assert not b.click("pass")                 # the click plays nothing for the person; the bots go on
    assert b.history and all(before.current_player != 0 for before, _a in b.history)


def test_text_is_at_least_eleven_pixels_and_the_picture_fits_a_notebook():
    b = _build_board()
    svg = b.picture_widget.value
    assert min(int(v) for v in re.findall(r'font-size="(\d+)"', svg)) >= 11
    width = int(re.search(r'<svg [^>]*width="(\d+)"', svg).group(1))
    assert width <= 1100                    # a 1,280 px notebook shows it whole, unscaled


def test_the_board_s_picture_opens_on_the_decisions_panel_without_a_heading_line_the_board_already_says():
    """A build's decisions panel and Earth's column of four locations fill a laptop screen: a heading line
    above them pushed the lowest lit location out of sight, so the table scrolled and cut that line."""
    from neko_lab.games.neptune.render import html
    b = _build_board()
    assert "Destination: Neptune</b> — player" not in b.picture_widget.value
    assert b.picture_widget.value.startswith("<div><div ")
    assert "<b>Destination: Neptune</b> — player 1 to decide" in html(b.state)      # a state's own picture


def test_a_finished_game_is_reviewed_step_by_step():
    b = Board(game(3, seed=2), agents={0: "random", 1: "random", 2: "neptune"})
    b.play_bots()
    assert b.state.is_over()
    b.review_own_game()
    assert b.at == 0 and b.picture_widget.targets() == []
    assert "Now: player" in b.picture_widget.value
    b.review_go(1)
    assert b.at == 1
    b.review_go("last")
    assert "The game is over." in b.picture_widget.value
    b.close_review()
    assert b.state.is_over()


def test_the_board_needs_a_neptune_game():
    import neko_lab as nl
    with pytest.raises(nl.ConfigError, match="the Destination: Neptune board needs a Destination: Neptune game, "
                                             "not a game of Naéco"):
        Board(nl.new_game("naeco", players=2, seed=1))


def test_bots_play_to_the_end():
    b = Board(game(3, seed=2), agents={0: "random", 1: "random", 2: "neptune"})
    b.play_bots()
    assert b.state.is_over()


def _miss(b, name: str) -> str:
    """What the message line says after a click on the unlit target `name` (checked to be unlit)."""
    assert name not in b.picture_widget.targets() and f'data-target="{name}"' in b.picture_widget.value
    before = fingerprint(b.state)
    b.picture_widget.miss(name)
    assert fingerprint(b.state) == before
    return b.message.text


def test_an_unlit_location_in_a_build_says_which_trip_is_too_dear_as_the_rulebook_example_counts_it():
    # the rulebook's Fuel Cost Calculation Example: Earth to Callisto is distance 7, speed 4 from
    # Slingshots and Fission, 1 less for the base on Mars on the way: 2 fuel; with only 1 fuel left
    # the base there cannot be reached
    s = fuel_example_build(1)
    b = Board(s, agents={1: "random", 2: "random"})
    text = _miss(b, f"loc:{loc(s, 'Callisto')}")
    assert text.startswith("Not possible there: your nearest team that may still move and build, team 1 at Earth")
    assert "would pay 2 fuel: distance 7 − speed 4 − 1 for your base on the way, and you have 1 fuel" in text
    assert text.endswith("(Destination: Neptune › Fuel).")


def test_an_unlit_location_at_a_launch_gives_the_fuel_from_earth_or_who_holds_the_mission():
    s = game(3)
    resources(s, 5, 6)
    s.missions[loc(s, "Ceres")] = (YELLOW,)
    play_card(s, RED, "research")
    b = Board(s, agents={1: "random", 2: "random"})
    text = _miss(b, f"loc:{loc(s, 'Callisto')}")
    assert "a launch from Earth to Callisto costs 7 fuel: distance 7, and you have 6 fuel" in text
    assert "(Destination: Neptune › Fuel)" in text
    text = _miss(b, f"loc:{loc(s, 'Ceres')}")
    assert "player 2 already controls the mission at Ceres: a launch goes only where no mission is yet" in text
    assert "(Destination: Neptune › Research Missions)" in text
    text = _miss(b, f"loc:{loc(s, 'Earth')}")
    assert "Earth has no Research Mission space" in text


def test_an_unlit_technology_names_the_prerequisite_you_lack():
    s = game(3)
    tokens(s, RED, "insulation")
    play_card(s, RED, "technology")
    b = Board(s, agents={1: "random", 2: "random"})
    text = _miss(b, f"tech:{tech(s, 'fusion')}")
    assert ("taking control of Fusion Power needs Enhanced Fission Power, and you have no access to it yet "
            "(Destination: Neptune › Technology)") in text
    text = _miss(b, f"tech:{tech(s, 'floating')}")
    assert ("needs High Efficiency Insulation and High Thrust Propulsion, and you still have no access to High "
            "Thrust Propulsion") in text
    text = _miss(b, f"tech:{tech(s, 'insulation')}")
    assert "you already control High Efficiency Insulation" in text


def test_places_that_play_no_part_in_the_decision_say_what_the_decision_is_about():
    s = game(3)
    start_turn(s, RED)
    b = Board(s, agents={1: "random", 2: "random"})
    text = _miss(b, f"loc:{loc(s, 'Ceres')}")
    assert "locations are chosen when a Build or Research Missions card is played" in text
    assert "this decision is about selling one hand card to the Opportunity Track" in text
    assert "(Destination: Neptune › Playing a Turn)" in text
    assert "that place is not one of the places" not in text


def test_every_unlit_place_of_a_played_game_is_explained_by_a_rule():
    for players in (2, 4):
        for name, text in unlit_clicks(game(players, seed=3), lambda st: Board(st, agents={}), 120, players):
            assert text.startswith("Not possible there: ") and "Destination: Neptune ›" in text, (name, text)
            assert "not one of the places" not in text


def test_a_sale_that_pushes_a_card_off_the_track_is_listed_as_the_sale():
    # the engine logs "X falls off the Opportunity Track" before "sells Y": the row, the message line and
    # a spectator's row are headed by the sale, the card falling off follows under it
    s = game(3)
    start_turn(s, RED)
    s.track = tuple(c for c in range(len(s.data.cards)) if c not in s.hands[RED])[:3]   # a full track
    fallen = s.data.cards[s.track[-1]].title
    b = Board(s, agents={1: "random", 2: "random"})
    card = s.hands[RED][0]
    sale = next(a for a in s.legal_actions() if type(a) is Sell and a.card == card)
    assert b.play(sale)
    _number, head, rest = b._move_rows()[-1]
    assert head.startswith(f"P1: sells {s.data.cards[card].title} to the Opportunity Track"), head
    assert rest == [f"{fallen} falls off the Opportunity Track"]
    assert b.message.text.startswith("P1: sell"), b.message.text
