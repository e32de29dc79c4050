"""Every game's board as a learner at the table meets it: a click off the lit targets says why nothing
happened (why that place is not possible, in a line or two; whose turn it is when it is not yours),
and a hint speaks of one position only: a move or an undo empties the hint box."""
from __future__ import annotations

import pytest

import neko_lab as nl
from neko_lab.widgets import board
from neko_lab.widgets.misclick import plain, without_choices
from tests.boardclicks import lit_kind, positions_along, unlit_clicks

GAMES = ["naeco", "journey", "syndicate", "neptune"]


def game_board(game: str, bot: bool = True, **options):
    s = nl.new_game(game, players=2, seed=4, **options)
    return board(s, agents={1: "random"} if bot else {0: "random", 1: "random"})


@pytest.mark.parametrize("game", GAMES)
def test_a_click_on_the_table_says_in_a_line_that_it_is_no_place_and_repeats_not_the_prompt(game):
    b = game_board(game)
    fp = b.state.to_json()
    b.picture_widget.miss("")
    text = b.message.text
    assert b.message.kind == "error" and text.startswith("Not possible there: ")
    if b.picture_widget.targets():       # green places to click: this is not one
        assert "not a place to click now (the green places are)" in text
    else:                                # none now (Journey's opening bonus tile): the choices are the way
        assert "green" not in text and "no place to click now; pick one of your choices" in text
    assert plain(b.prompt_text()) not in text and len(text) < 120      # the prompt stays above it, alone
    assert b.state.to_json() == fp


@pytest.mark.parametrize("game", GAMES)
def test_a_refused_click_never_lists_the_choices_the_board_lists_beside_it(game):
    """The game's reason for an unlit place may list every legal action (Journey's "may choose take
    starting bonus tile 1: 1 good, take ..."): the message says "one of the choices listed" instead,
    so it stays a line or two and the choices under it stay in sight."""
    b = game_board(game)
    legal = [str(a) for a in b.state.legal_actions()]
    lit = set(b.picture_widget.targets())
    for name in b.picture_widget.targets(lit_only=False):
        if name in lit:
            continue
        b.picture_widget.miss(name)
        text = b.message.text
        assert text.startswith("Not possible there: "), (name, text)
        assert sum(a in text for a in legal) <= 1, (name, text)
        assert len(text) < 300, (name, text)


def test_without_choices_says_a_run_of_legal_actions_as_the_choices_listed():
    legal = ["take tile 1: 1 good", "take tile 2: 4 coins", "take tile 3: 1 fish"]
    reason = ("bid is not legal now: Player 1 is deciding a tile and may choose take tile 1: 1 good, "
              "take tile 2: 4 coins, ... (3 in all) (Journey › Set Up)")
    assert without_choices(reason, legal) == ("bid is not legal now: Player 1 is deciding a tile and may choose "
                                              "one of the choices listed (Journey › Set Up)")
    assert without_choices("x (Player 1 must choose one of: take tile 3: 1 fish, take tile 1: 1 good)", legal) == \
        "x (Player 1 must choose one of the choices listed)"
    one = "only take tile 2: 4 coins is open here"           # a single action named is the reason itself
    assert without_choices(one, legal) == one


@pytest.mark.parametrize("game", GAMES)
def test_a_click_while_a_bot_decides_names_the_bot_and_its_decision(game):
    b = game_board(game, bot=False)
    b.controls.auto.value = False
    b.picture_widget.miss("")
    assert "P1's turn (a bot)" in b.message.text and "Bot move" in b.message.text


def test_a_naeco_place_the_rules_refuse_is_explained_by_the_rule():
    b = game_board("naeco")
    card = b.state.hands[0][0]
    b.select_card(card)
    lit = set(b.picture_widget.targets())
    off = [n for n in b.picture_widget.targets(lit_only=False) if n.startswith("cell:") and n not in lit]
    assert off, "unlit places of the Ocean are drawn as targets that explain themselves"
    b.picture_widget.miss(off[0])
    assert b.message.text.startswith("Not possible there: ")
    assert "not one of the places" not in b.message.text     # the game's own reason, not the generic one


# a first move that Undo takes back, with the bot's reply: neither shows the person anything new (in
# Journey the other starting tiles lead to the dice being rolled; Syndicate's first choice draws four new
# minions, and its opening, chosen at the same time, is revealed at once unless in the open game)
UNDOABLE = {"naeco": ({}, 0), "journey": ({}, 2), "syndicate": ({"simultaneous": False}, 1), "neptune": ({}, 0)}


@pytest.mark.parametrize("game", GAMES)
def test_a_move_empties_the_hint_box_and_so_does_an_undo(game):
    options, move = UNDOABLE[game]
    b = game_board(game, **options)
    b.show_hint()
    assert b.hint_box.value
    b.refresh()                                  # the same position: the hint stays
    assert b.hint_box.value
    assert b.play(b.state.legal_actions()[move])
    assert b.hint_box.value == ""
    b.play_bots()
    b.show_hint()
    assert b.hint_box.value
    assert b.undo_turn()
    assert b.hint_box.value == ""


@pytest.mark.parametrize("game", ["journey", "syndicate"])
def test_an_unlit_place_of_your_own_table_is_refused_with_the_rules_reason(game):
    b = game_board(game)
    for _ in range(3):                            # a few moves in, where the table has more to click
        b.play(b.state.legal_actions()[-1])
        b.play_bots()
    lit = set(b.picture_widget.targets())
    off = [n for n in b.picture_widget.targets(lit_only=False) if n not in lit and n.split(":")[0] in
           ("space", "slot", "hub", "box")]
    assert off, "unlit places are named targets"
    b.picture_widget.miss(off[0])
    text = b.message.text
    assert text.startswith("Not possible there: ") and "›" in text          # the rule's own reason, cited
    assert "not one of the places" not in text


def _syndicate_walk():
    """Player 1's first walk: the lieutenants card, minion 21 at place 2, minion 42 waiting."""
    b = game_board("syndicate")
    b.play(next(a for a in b.state.legal_actions() if type(a).__name__ == "Open"))
    b.play_bots()
    assert b.decision() == "walk" and b.state.current_player == 0
    return b


def test_an_empty_syndicate_place_during_a_walk_says_only_the_coo_fills_it():
    b = _syndicate_walk()
    fp = b.state.to_json()
    b.picture_widget.miss("place:2")
    text = b.message.text
    assert text.startswith("Not possible there: place 3 (level 2) is empty and a walk goes through cards only: "
                           "the walk starts on a box of the lieutenants card (Neko Syndicate › Command phase)")
    assert "Chief Operations Officer" in text and "(1 waiting)" in text
    assert b.state.to_json() == fp


def test_an_empty_syndicate_place_below_no_card_names_the_places_above_it():
    b = _syndicate_walk()
    b.picture_widget.miss("place:7")
    assert ("place 8 (level 4) hangs below place 4 and place 5, and neither holds a card yet: a minion goes only "
            "below a card already placed (Neko Syndicate › Chief Operations Officer)") in b.message.text


def test_every_unlit_syndicate_target_of_a_played_game_is_explained_by_a_rule():
    for players in (2, 4):
        start = nl.new_game("syndicate", players=players, seed=2)
        for name, text in unlit_clicks(start, lambda st: board(st, agents={}), 150, players):
            assert text.startswith("Not possible there: ") and "Neko Syndicate ›" in text, (name, text)
            assert "not one of the places" not in text and "box: ," not in text


def _accepted(s, clicks: list[str]) -> tuple[bool, object]:
    """A fresh board of `s` (every seat a person's) given `clicks` one after the other: whether the board took
    every one as a click on its picture (it played a move, listed a place's choices, picked a card up, or
    said what to click first; never "not a target of this board"), saying truly whether it played, and
    the board."""
    b = board(s.clone(), agents={})
    for name in clicks:
        before = b.state.to_json()
        played = b.click(name)
        if "not a target of this board" in b.message.text or played != (b.state.to_json() != before):
            return False, b
    return True, b


@pytest.mark.parametrize("game", GAMES)
def test_every_lit_target_of_positions_along_a_game_is_accepted_by_a_click(game):
    """Whatever a game's render names its targets ("loc:5", "cell:2:-1", "end", Neptune's own row "player:me"),
    a click on one it lights is the board's to answer; and so is a click on a place lit by that click (a card
    picked up lights the places it may go). Neptune lights every kind of its places along the game."""
    kinds = set()
    for s in positions_along(game, 3, lambda st: board(st, agents={}), every=60):
        ok, b = _accepted(s, [])
        for name in b.picture_widget.targets():
            kinds.add(lit_kind(name))
            ok, after = _accepted(s, [name])
            assert ok, (game, s.steps, name, after.message.text)
            if after.state.to_json() == s.to_json():          # nothing played: what it lit is clicked too
                for then in set(after.picture_widget.targets()) - set(b.picture_widget.targets()):
                    ok, last = _accepted(s, [name, then])
                    assert ok, (game, s.steps, name, then, last.message.text)
    if game == "neptune":
        assert {"player:me", "player:#", "loc:#", "tech:#", "hand:#", "track:#", "fuel", "pass"} <= kinds, kinds


@pytest.mark.parametrize("game", ["journey", "naeco", "neptune", "syndicate"])
@pytest.mark.parametrize("name", ["action:x", "why:x", "cell:a:b", "why:²", "", "action:1.5", "player:me"])
def test_a_click_on_a_name_that_is_no_target_is_refused_and_changes_nothing(game, name):
    b = game_board(game)
    before = (b.state.steps, len(b.state.log))
    assert b.click(name) is False
    assert (b.state.steps, len(b.state.log)) == before
