"""Naéco rules: placement ("Gameplay"), drawing permissions, objectives ("Make ground-breaking
observations!"), end of the game and the last round, running out of cards."""
from __future__ import annotations

import random
import re

import pytest

import neko_lab as nl
from neko_lab.games.naeco.rules import Draw, GameState, Play, TakeMission

from statecheck import fingerprint
from . import rig


def game(players: int = 2, seed: int = 1, **opts) -> GameState:
    return nl.new_game("naeco", players=players, seed=seed, **opts)


def places(state: GameState, cid: int, down: bool = False) -> set[tuple[int, int]]:
    return {(a.depth, a.col) for a in state.legal_actions()
            if isinstance(a, Play) and a.card == cid and a.down == down}


# ---------------------------------------------------------------- placement
def test_first_card_goes_next_to_a_start_card_in_its_own_row():
    s = game()
    ids = rig.hand(s, 0, [(1, 3), (2, 1), (3, 4)])
    # depth 1 touches the top start card from the left or right; depth 2 sits below it,
    # depth 3 above the bottom start card
    assert places(s, ids[0]) == {(1, -1), (1, 1)}
    assert places(s, ids[1]) == {(2, 0)}
    assert places(s, ids[2]) == {(3, 0)}
    s.check_invariants()


def test_side_by_side_species_must_be_one_value_apart():
    s = game()
    rig.ocean(s, 0, "S 2 .\n. . .\n. . .\nS . .")
    ids = rig.hand(s, 0, [(1, 1), (1, 4), (1, 3)])
    assert (1, 2) in places(s, ids[0])        # 1 next to 2
    assert (1, 2) in places(s, ids[2])        # 3 next to 2
    assert (1, 2) not in places(s, ids[1])    # 4 is two away from 2
    with pytest.raises(nl.IllegalAction, match="one value"):
        s.apply(rig.play(s, ids[1], 1, 2))


def test_filling_a_gap_needs_both_neighbours_one_apart():
    s = game()
    rig.ocean(s, 0, "S 2 . 2\n. X X X\n. . . .\nS . . .")
    ids = rig.hand(s, 0, [(1, 3), (1, 4), (2, 2)])
    assert (1, 2) in places(s, ids[0])        # 2-3-2
    assert (1, 2) not in places(s, ids[1])


def test_species_beside_a_face_down_card_may_have_any_value():
    s = game()
    rig.ocean(s, 0, "S X .\n. . .\n. . .\nS . .")
    ids = rig.hand(s, 0, [(1, 4), (1, 1), (2, 2)])
    assert (1, 2) in places(s, ids[0]) and (1, 2) in places(s, ids[1])
    # start cards are not species either: any value may touch them
    assert (1, -1) in places(s, ids[0])


def test_cards_stay_in_the_row_of_their_depth_and_must_touch_the_ocean():
    s = game()
    ids = rig.hand(s, 0, [(2, 3), (1, 1), (4, 2)])
    with pytest.raises(nl.IllegalAction, match="depth 2"):
        s.apply(rig.play(s, ids[0], 1, 1))
    with pytest.raises(nl.IllegalAction, match="touch"):
        s.apply(rig.play(s, ids[1], 1, 3))
    before = fingerprint(s)
    with pytest.raises(nl.IllegalAction):
        s.apply(rig.play(s, ids[0], 2, 5))
    assert fingerprint(s) == before, "an illegal play leaves the state untouched"


def test_face_down_card_occupies_the_row_of_its_depth_by_default():
    s = game()
    ids = rig.hand(s, 0, [(2, 3), (1, 1), (4, 2)])
    assert places(s, ids[0], down=True) == {(2, 0)}
    s.apply(rig.play(s, ids[0], 2, 0, down=True))
    assert s.oceans[0].to_text() == "S\nX\n.\nS"
    s.check_invariants()


def test_face_down_any_depth_option_lets_it_go_in_any_row():
    s = game(facedown_any_depth=True)
    ids = rig.hand(s, 0, [(2, 3), (1, 1), (4, 2)])
    assert places(s, ids[0], down=True) == {(1, -1), (1, 1), (2, 0), (3, 0), (4, -1), (4, 1)}
    s.apply(rig.play(s, ids[0], 3, 0, down=True))
    s.check_invariants()


def test_played_cards_never_move():
    s = game(seed=4)
    rng = random.Random(4)
    seen: dict[tuple[int, int, int], int] = {}
    while not s.is_over():
        for seat, o in enumerate(s.oceans):
            for p, v in o.cells.items():
                key = (seat, p)
                assert seen.setdefault(key, v) == v, "a played card moved or turned over"
        s.apply(rng.choice(s.legal_actions()))


def test_a_turn_is_play_then_draw_and_hands_return_to_three():
    s = game()
    assert s.pending[-1].kind == "play"
    s.apply(s.legal_actions()[0])
    assert s.pending[-1].kind == "draw" and len(s.hands[0]) == 2
    assert all(isinstance(a, (Draw, TakeMission)) for a in s.legal_actions())
    with pytest.raises(nl.IllegalAction, match="must draw"):
        s.apply(Play(0, "x", 1, 1, 1, False))
    s.apply(s.legal_actions()[0])
    assert len(s.hands[0]) == 3 and s.current_player == 1


# ---------------------------------------------------------------- drawing
def test_first_turn_draws_only_from_the_four_leftmost_piles():
    s = game()
    s.apply(s.legal_actions()[0])
    assert [a.pile for a in s.legal_actions()] == [0, 1, 2, 3]
    with pytest.raises(nl.IllegalAction, match="first 4 piles"):
        s.apply(Draw(4, s.piles[4][-1], "x"))


def test_each_surface_card_reached_opens_one_more_pile():
    s = game()
    s.objectives[0] = 3                       # two species side by side
    rig.ocean(s, 0, "S 2 .\n. . .\n. . .\nS . .")
    s.objectives[1] = 1                       # three side by side: not yet
    ids = rig.hand(s, 0, [(1, 3), (2, 1), (3, 1)])
    s.apply(rig.play(s, ids[0], 1, 2))
    assert s.token[0] == 1
    assert [a.pile for a in s.legal_actions()] == [0, 1, 2, 3, 4]


def test_drawn_card_comes_from_the_top_of_the_pile():
    s = game()
    s.apply(s.legal_actions()[0])
    top = s.piles[2][-1]
    size = len(s.piles[2])
    s.apply(next(a for a in s.legal_actions() if a.pile == 2))
    assert top in s.hands[0] and len(s.piles[2]) == size - 1


# ---------------------------------------------------------------- objectives
def test_fulfilling_the_objective_moves_the_token_and_reveals_the_next():
    s = game()
    s.objectives[:2] = [3, 1]                 # level -1: two side by side; level 0: three side by side
    rig.ocean(s, 0, "S 2 .\n. . .\n. . .\nS . .")
    ids = rig.hand(s, 0, [(1, 3), (2, 1), (3, 1)])
    s.apply(rig.play(s, ids[0], 1, 2))
    assert s.token == [1, 0] and s.revealed == [True, True, False, False]
    assert s.observation(1)["objectives"][1] == 1
    assert any("reveals" in e.text for e in s.log)
    s.check_invariants()


def test_two_objectives_in_one_turn_move_the_token_two_cards():
    s = game(seed=3)
    s.objectives[:3] = [3, 1, 3]              # side by side; three side by side; face-down between species
    s.token[1], s.trail[1], s.revealed[1] = 1, (0, 1), True   # the other player revealed level 0
    rig.ocean(s, 1, "S 1 2\n. . .\n. . .\nS . .")
    rig.ocean(s, 0, "S X X\n2 . 2\n. . .\nS . .")
    ids = rig.hand(s, 0, [(2, 3), (1, 1), (3, 1)])
    s.apply(rig.play(s, ids[0], 2, 1))        # 2-3-2: two side by side and three side by side at once
    assert s.token[0] == 2, "both objectives fulfilled in one turn: two Surface cards"
    assert s.revealed[2], "first to reach Surface card 1 reveals the level 1 objective"
    assert [a.pile for a in s.legal_actions()] == [0, 1, 2, 3, 4, 5]
    s.check_invariants()
    # the log names a Surface card by its value, as the explanations do (the 2nd card has value 0)
    moves = [e.text for e in s.log if "moves to" in e.text]
    assert [re.search(r"moves to the Surface card of value (\S+)$", m).group(1) for m in moves[-2:]] == ["0", "1"]
    assert any(e.text.startswith("is first to reach the Surface card of value 1 and reveals") for e in s.log)


def test_revealed_objective_already_fulfilled_moves_the_token_at_once():
    s = game()
    s.objectives[:3] = [3, 2, 4]              # side by side; three of a value; face-down between above/below
    rig.ocean(s, 0, "S 2 .\n. 2 .\n. 2 .\nS . .")
    ids = rig.hand(s, 0, [(1, 3), (2, 1), (3, 1)])
    s.apply(rig.play(s, ids[0], 1, 2))
    assert s.token[0] == 2, "the level 0 objective it revealed was already met"
    assert s.revealed[:3] == [True, True, True]
    moves = [e for e in s.log if e.data.get("position")]
    assert [e.data["position"] for e in moves] == [1, 2]


def test_objective_revealed_by_someone_else_is_not_revealed_again():
    s = game()
    s.objectives[:2] = [3, 1]
    s.token[1], s.trail[1], s.revealed[1] = 1, (0, 1), True
    rig.ocean(s, 0, "S 2 .\n. . .\n. . .\nS . .")
    ids = rig.hand(s, 0, [(1, 3), (2, 1), (3, 1)])
    s.apply(rig.play(s, ids[0], 1, 2))
    assert s.token[0] == 1
    assert not any("reveals" in e.text for e in s.log)


# ---------------------------------------------------------------- end of the game
def _reach_last_card(s: GameState, seat: int) -> None:
    s.token[seat], s.trail[seat] = 3, (0, 1, 2, 3)
    s.revealed[:] = [True, True, True, True]
    s.objectives[3] = 3                       # 8 species in the two shallowest depths
    rig.ocean(s, seat, "S 2 3 4 3 .\n1 2 1 2 . .\n. . . . . .\nS . . . . .")
    rig.hand(s, seat, [(1, 1), (1, 2), (3, 1)])


@pytest.mark.parametrize("players,trigger,order", [(2, 0, [1, 0]), (3, 1, [2, 0, 1]), (4, 3, [0, 1, 2, 3])])
def test_last_card_ends_the_game_after_one_last_turn_each(players, trigger, order):
    s = game(players=players)
    for _ in range(trigger):                  # earlier seats play a turn
        s.apply(s.legal_actions()[0])
        rig.draw_first(s)
    assert s.current_player == trigger
    _reach_last_card(s, trigger)
    one = next(c for c in s.hands[trigger] if s.cards[c].depth == 1 and s.cards[c].value == 2)
    s.apply(rig.play(s, one, 1, 5))           # the 8th species in depths 1-2
    assert s.token[trigger] == 4
    rig.draw_first(s)
    assert s.end_seat == trigger and not s.is_over()
    assert s.end_trigger == "last Surface card"
    played = []
    while not s.is_over():
        played.append(s.current_player)
        s.apply(s.legal_actions()[0])
        if not s.is_over() and s.pending[-1].kind == "draw":
            rig.draw_first(s)
    assert played == order, "everyone plays once more, the player who ended it last"
    assert s.breakdown()[trigger]["research"] == 5
    s.check_invariants()


def test_as_many_empty_piles_as_players_ends_the_game():
    s = game(players=3)
    # empty piles 1 and 2 into the last pile, leave one card in pile 3
    s.piles[6] = s.piles[0] + s.piles[1] + s.piles[2][:-1] + s.piles[6]
    s.piles[0], s.piles[1], s.piles[2] = (), (), s.piles[2][-1:]
    s.apply(s.legal_actions()[0])
    assert [a.pile for a in s.legal_actions()] == [2, 3]
    s.apply(next(a for a in s.legal_actions() if a.pile == 2))
    assert s.empty_piles() == 3 and s.end_seat == 0 and s.end_trigger == "empty draw piles"
    assert any(e.rule == "Naéco › End of the game" for e in s.log)
    turns = 0
    while not s.is_over():
        s.apply(s.legal_actions()[0])
        turns += isinstance(s.log[-1].data.get("down"), bool)
    assert turns == 3


def test_two_empty_piles_are_not_enough_in_a_three_player_game():
    s = game(players=3)
    s.piles[6] = s.piles[0] + s.piles[1] + s.piles[6]
    s.piles[0], s.piles[1] = (), ()
    s.apply(s.legal_actions()[0])
    rig.draw_first(s)
    assert s.end_seat is None and s.end_trigger is None


@pytest.mark.parametrize("players,empty,ends", [(2, 1, False), (2, 2, True), (4, 3, False), (4, 4, True)])
def test_the_last_round_starts_with_as_many_empty_piles_as_players(players, empty, ends):
    """Naéco › End of the game: 2 exhausted piles end a 2-player game, 4 a 4-player game; one fewer does
    not. The draw that empties the last of them is made by Player 1 from pile `empty`."""
    s = game(players=players)
    for i in range(empty - 1):
        s.piles[6] = s.piles[i] + s.piles[6]
        s.piles[i] = ()
    last = empty - 1                       # left with one card, which Player 1 draws
    s.piles[6] = s.piles[last][:-1] + s.piles[6]
    s.piles[last] = s.piles[last][-1:]
    s._legal = None
    s.apply(s.legal_actions()[0])
    s.apply(next(a for a in s.legal_actions() if a.pile == last))
    assert s.empty_piles() == empty
    if ends:
        assert s.end_seat == 0 and s.end_trigger == "empty draw piles" and s.final_left == players
    else:
        assert s.end_seat is None and s.end_trigger is None and s.current_player == 1
    s.check_invariants()


def test_no_permitted_pile_left_means_playing_on_with_fewer_cards():
    s = game()
    s.end_seat, s.final_left = 1, 2          # last round already under way
    s.piles[6] = s.piles[0] + s.piles[1] + s.piles[2] + s.piles[3] + s.piles[6]
    s.piles[0] = s.piles[1] = s.piles[2] = s.piles[3] = ()
    s.apply(s.legal_actions()[0])
    assert s.missed[0] == 1 and len(s.hands[0]) == 2
    assert s.current_player == 1
    s.check_invariants()
    s.apply(s.legal_actions()[0])
    assert s.is_over()


def test_the_observation_counts_missed_draws_and_says_so():
    s = game()
    s.end_seat, s.final_left = 1, 2
    s.piles[6] = s.piles[0] + s.piles[1] + s.piles[2] + s.piles[3] + s.piles[6]
    s.piles[0] = s.piles[1] = s.piles[2] = s.piles[3] = ()
    s.apply(s.legal_actions()[0])
    assert s.observation(1)["missed"] == [1, 0]
    field = next(r for r in s.observation_layout(2).describe() if r["field"] == "missed")
    assert "draws" in field["meaning"] and "objective" not in field["meaning"]


def test_running_out_cites_gameplay_and_names_the_reading_it_applies():
    """Reading 7 is neko_lab's, not the rulebook's: the event cites the section it reads (the draw of
    Naéco › Gameplay) and names the reading in its data."""
    s = game()
    s.end_seat, s.final_left = 1, 2
    s.piles[6] = s.piles[0] + s.piles[1] + s.piles[2] + s.piles[3] + s.piles[6]
    s.piles[0] = s.piles[1] = s.piles[2] = s.piles[3] = ()
    s.apply(s.legal_actions()[0])
    missed = s.log[-1]
    assert "cannot draw" in missed.text
    assert missed.rule == "Naéco › Gameplay" and missed.data == {"reading": 7}


def test_the_final_scoring_cites_scoring_and_gives_the_scores():
    s = game()
    s.end_seat, s.final_left = 1, 1
    s.apply(s.legal_actions()[0])
    rig.draw_first(s)
    assert s.is_over()
    last = s.log[-1]
    assert last.rule == "Naéco › Scoring" and "final scoring" in last.text
    assert list(last.data["scores"]) == s.scores()          # event data is read-only: a tuple
    assert "Naéco › Scoring" in s.RULES


def test_random_games_always_end_and_keep_the_invariants():
    rng = random.Random(5)
    for g in range(20):
        s = game(players=1 + g % 4, seed=g, sea_shepherd=g % 3 == 0, facedown_any_depth=g % 5 == 0)
        while not s.is_over():
            s.apply(rng.choice(s.legal_actions()))
            s.check_invariants()
        assert s.current_player is None and s.legal_actions() == []
        assert s.winners()


def test_invariants_catch_a_lost_card_a_bad_ocean_and_a_token_moving_left():
    s = game()
    s.check_invariants()
    lost = s.clone()
    lost.piles[0] = lost.piles[0][:-1]
    with pytest.raises(AssertionError, match="conservation"):
        lost.check_invariants()
    bad = s.clone()
    rig.ocean(bad, 0, "S 2 4\n. . .\n. . .\nS . .")
    with pytest.raises(AssertionError, match="placement"):
        bad.check_invariants()
    back = s.clone()
    back.trail[0] = (0, 1, 0)
    with pytest.raises(AssertionError, match="left"):
        back.check_invariants()


def test_green_first_turn_plays_a_3_then_draws_from_four_piles():
    # the rulebook's first-turn example: a 3 played at its own depth, then a draw among 4 piles
    s = game(seed=12)
    three = rig.hand(s, 0, [(2, 3), (1, 1), (4, 2)])[0]
    s.apply(rig.play(s, three, 2, 0))
    assert s.oceans[0].to_text() == "S\n3\n.\nS"
    assert len(s.legal_actions()) == 4 and {a.pile for a in s.legal_actions()} == {0, 1, 2, 3}
    rig.draw_first(s)
    assert len(s.hands[0]) == 3


def test_placement_example_a_2_beside_a_1_or_a_3_and_a_4_only_beside_a_3():
    """Naéco › Gameplay's example, played in a game: the 1 and the 3 stand apart in the top row."""
    s = game()
    rig.ocean(s, 0, "S 1 . . 3 .\n. X X X X .\n. . . . . .\nS . . . . .")
    two, four, _ = rig.hand(s, 0, [(1, 2), (1, 4), (2, 1)])
    faceup = {(a.card, a.col) for a in s.legal_actions() if not a.down and a.depth == 1}
    beside_1, beside_3 = 2, {3, 5}            # the empty top-row cells next to the 1 and to the 3
    assert {col for card, col in faceup if card == two} >= {beside_1} | beside_3
    assert {col for card, col in faceup if card == four} & ({beside_1} | beside_3) == beside_3
    before = fingerprint(s)
    with pytest.raises(nl.IllegalAction, match="one value above or below"):
        s.apply(rig.play(s, four, 1, beside_1))
    assert fingerprint(s) == before
    s.apply(rig.play(s, four, 1, 5))
    assert s.oceans[0].get(1, 5) == 4
    s.check_invariants()


def test_every_cited_section_is_a_heading_of_the_rulebook():
    """Event.rule and the RULES keys name "Naéco › <heading>", the heading listed in sections.txt."""
    from pathlib import Path
    lines = (Path(__file__).resolve().parents[3] / "datasets/naeco/sections.txt").read_text(encoding="utf-8")
    headings = {f"Naéco › {h}" for h in lines.splitlines() if h}
    assert set(GameState.RULES) <= headings
    rng = random.Random(2)
    cited = set()
    for players, opts in [(1, {}), (2, {"sea_shepherd": True}), (4, {"sea_shepherd": True})]:
        for seed in range(3):
            s = game(players, seed, **opts)
            while not s.is_over():
                s.apply(rng.choice(s.legal_actions()))
            cited |= {e.rule for e in s.log}
    assert cited <= headings and cited <= set(GameState.RULES)
    assert "Naéco › Scoring" in cited and "Naéco › Solo play variant" in cited


def test_what_a_person_reads_counts_from_1_piles_places_and_players():
    s = game(seed=1)
    hand = s.hands[0]
    a = next(p for p in s.legal_actions() if not p.down and p.col == 1)
    assert str(a).endswith(f"at depth {a.depth}, 1 column right of the start cards")
    down = Play(a.card, a.name, a.value, 2, 0, True)
    assert str(down) == f"play {a.name} face-down at depth 2, in the start cards' column"
    assert str(Play(a.card, a.name, a.value, 1, -2, False)).endswith("depth 1, 2 columns left of the start cards")
    s.apply(a)
    assert s.log[-1].text.endswith("1 column right of the start cards") and s.log[-1].data["col"] == 1
    with pytest.raises(nl.IllegalAction, match="Player 1 has played and must draw"):
        s.apply(Play(hand[0], "x", 1, 1, -1, True))
    draw = next(d for d in s.legal_actions() if d.pile == 0)
    assert str(draw) == f"draw {draw.name} from pile 1"
    with pytest.raises(nl.IllegalAction, match="Player 1 may draw only from the first 4 piles"):
        s.apply(Draw(5, s.piles[5][-1], "x"))
    s.apply(draw)
    assert s.log[-1].text == f"draws {draw.name} from pile 1"
    mine = s.cards[hand[0]]                                  # a card of Player 1, not of Player 2
    with pytest.raises(nl.IllegalAction, match="not in Player 2's hand"):
        s.apply(Play(hand[0], mine.name, mine.value, 1, -1, True))


def test_refusals_name_the_problem_of_an_action_that_only_looks_right():
    s = game(seed=1)
    a = s.legal_actions()[0]
    before = fingerprint(s)
    with pytest.raises(nl.IllegalAction, match=f"its card stands for {a.name}, not Kraken"):
        s.apply(a._replace(name="Kraken"))
    # the words of a refusal are the card's name and value, never its number (which counts from 0)
    with pytest.raises(nl.IllegalAction, match=f": {a.name}'s value is {a.value}, not {a.value + 1}$"):
        s.apply(a._replace(value=a.value + 1))
    other = s.cards[(a.card + 1) % len(s.cards)]
    with pytest.raises(nl.IllegalAction, match=f": its card stands for {other.name}, not {a.name} "):
        s.apply(a._replace(card=other.id))
    with pytest.raises(nl.IllegalAction, match="^a str is not an action of Naéco"):
        s.apply("play the best card")
    with pytest.raises(nl.IllegalAction, match="^an int is not an action of Naéco"):
        s.apply(5)
    assert fingerprint(s) == before
    s.apply(a)
    d = s.legal_actions()[0]
    top = s.cards[s.piles[d.pile][-1]]
    other = s.cards[d.card + 1]
    with pytest.raises(nl.IllegalAction, match=f": its card stands for {other.name}, not {top.name} "):
        s.apply(d._replace(card=d.card + 1))             # the top's name, another card's number
    with pytest.raises(nl.IllegalAction, match=f": pile {d.pile + 1} shows {top.name} on top, not {other.name}$"):
        s.apply(d._replace(card=other.id, name=other.name))       # another card, named as it is
    for refused in (d._replace(card=d.card + 1), d._replace(card=other.id, name=other.name)):
        assert not re.search(r"\bcard \d", s.why_illegal(refused))
    with pytest.raises(nl.IllegalAction, match="shows a species on top"):
        s.apply(TakeMission(d.pile, d.card + 1, d.name))
