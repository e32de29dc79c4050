"""Several people around one screen (a hot seat): each sees only their own seat's secrets, Undo takes
back only the mover's own move, and the finished game shows everything."""
from __future__ import annotations

import neko_lab as nl
from neko_lab.core.events import EVERYTHING, PUBLIC
from neko_lab.widgets import Board
from statecheck import fingerprint

from .helpers import DrawAgent, FirstAgent, plays, toy


def _shows_no_seat(b) -> None:
    """The spectator's view: no seat's picture, choices, clicks or hint."""
    s = b.state
    assert b.viewer == PUBLIC and not b.my_turn()
    assert b.picture_widget.value == s.picture(viewer=PUBLIC)
    assert b.picker.labels == [] and not b.picture_widget.targets()
    assert b.hint_button.disabled


def test_between_two_people_the_board_shows_nobodys_secrets_until_the_next_person_is_at_the_screen():
    b = Board(toy(seed=3))                              # P1 holds 1 and 5, P2 holds 4 and 1
    assert b.viewer == 0 and "play 5" in b.picker.labels and b.handover_button.layout.display == "none"
    b.play(plays(b.state)[0])
    _shows_no_seat(b)
    assert "play 4" not in b.picker.picture.value      # P2's hand is not P1's to read
    assert b.handover_button.description == "Player 2 — show my view"
    assert b.handover_button.layout.display != "none"
    assert "Pass the screen to Player 2" in b.prompt_box.value
    b.missed("")                                        # a click on the table waits for Player 2 too
    assert b.message.text.startswith("Nothing to click now: pass the screen to Player 2")
    b.handover_button.click()
    assert b.viewer == 1 and b.my_turn() and "play 4" in b.picker.labels
    assert b.handover_button.layout.display == "none"


def test_with_bots_between_two_people_the_board_shows_the_spectators_view_while_they_move():
    b = Board(toy(seed=3, players=3), agents={1: DrawAgent()})
    b.controls.pause_button.value = True
    b.play(plays(b.state)[0])                           # P1's move; the bot P2 is to move
    assert b.state.current_player == 1
    _shows_no_seat(b)                                   # neither P1's hand nor P3's
    b.bot_move()
    _shows_no_seat(b)
    assert b.handover_button.description == "Player 3 — show my view"
    b.show_my_view()
    assert b.viewer == 2 and b.my_turn()


def test_a_person_moving_again_keeps_their_view():
    b = Board(toy(seed=0))                              # P1 holds a 6: playing it opens P1's bonus choice
    b.play(next(a for a in b.state.legal_actions() if a.value == 6))
    assert b.state.current_player == 0 and b.viewer == 0 and b.my_turn()
    assert b.handover_button.layout.display == "none" and b.picker.labels


def test_undo_takes_back_only_the_shown_seats_own_move_before_another_person_has_moved():
    b = Board(toy(seed=3))
    b.play(plays(b.state)[0])
    kept = fingerprint(b.state), len(b.history)
    assert not b.controls.undo_button.disabled         # pressing it says why nothing is taken back
    b.controls.undo_button.click()                      # before P2 is at the screen: nobody's view
    assert "nobody's is now" in b.message.text and (fingerprint(b.state), len(b.history)) == kept
    b.show_my_view()
    b.controls.undo_button.click()                      # P2 may not take P1's move back
    assert b.message.text.startswith("Player 1 has moved and you have not moved yet; a move is taken back "
                                     "only by the player who made it"), b.message.text
    assert (fingerprint(b.state), len(b.history)) == kept and b.viewer == 1
    b.play(plays(b.state)[0])
    b.show_my_view()                                    # P1 again: P2 has moved since P1's move
    assert not b.undo_turn() and b.message.text.startswith("Player 2 has moved since your last decision")
    assert len(b.history) == 2 and b.viewer == 0


def test_the_bots_replies_do_not_let_the_next_person_take_back_the_move_before_them():
    b = Board(toy(seed=3, players=3), agents={2: DrawAgent()})
    b.play(plays(b.state)[0])
    b.show_my_view()
    at = fingerprint(b.state)
    b.play(plays(b.state)[0])                           # P2's move, then the bot P3's draw; P1 is next
    b.show_my_view()
    assert not b.undo_turn() and "Player 2 has moved since your last decision" in b.message.text
    assert b.state.current_player == 0 and fingerprint(b.state) != at


def test_a_finished_game_with_several_people_shows_everything_and_with_one_person_their_view():
    for agents, seen in (({}, EVERYTHING), ({1: FirstAgent()}, 0)):
        b = Board(toy(seed=3, short=True), agents=agents)
        while not b.state.is_over():
            b.play(b.state.legal_actions()[0]) if b.state.current_player not in b.bots else b.bot_move()
        assert b.viewer == seen and b.reader == seen
        assert b.picture_widget.value == b.state.picture(viewer=seen)
        assert b.handover_button.layout.display == "none"


def test_syndicate_the_next_person_neither_reads_nor_undoes_the_secret_walk_before_them():
    import random
    from neko_lab.games.syndicate.board import Board as SyndicateBoard
    rng = random.Random(1)
    b = SyndicateBoard(nl.new_game("syndicate", players=2, seed=5))
    b.play(b.state.legal_actions()[1])
    b.show_my_view()
    b.play(b.state.legal_actions()[1])
    b.show_my_view()
    at = fingerprint(b.state)
    b.play(b.state.legal_actions()[1])                  # a step of P1's secret walk: P1 may take it back
    assert b.viewer == 0 and b.undo_turn() and fingerprint(b.state) == at and b.viewer == 0
    walk = []
    while b.state.current_player == 0:                  # P1's secret walk, in P1's own view throughout
        assert b.viewer == 0
        walk.append(rng.choice(b.state.legal_actions()))
        b.play(walk[-1])
    kept = fingerprint(b.state), len(b.history)
    assert b.viewer == PUBLIC and not b.my_turn() and b.picker.labels == []
    assert not b.undo_turn() and (fingerprint(b.state), len(b.history)) == kept
    b.handover_button.click()
    assert b.viewer == 1
    assert not b.undo_turn() and "Player 1 has moved since your last decision" in b.message.text
    assert (fingerprint(b.state), len(b.history)) == kept and b.viewer == 1


def test_naeco_shows_no_hand_while_a_bot_moves_between_two_people_and_none_to_the_wrong_person():
    from neko_lab.games.naeco.board import Board as NaecoBoard
    b = NaecoBoard(nl.new_game("naeco", players=3, seed=3), agents={2: "random"})
    b.controls.pause_button.value = True
    assert "Hand of Player 1" in b.picture_widget.value
    for _ in range(2):                                  # P1 plays and draws
        b.play(b.state.legal_actions()[0])
    assert "Hand of" not in b.picture_widget.value and b.viewer == PUBLIC
    b.show_my_view()
    assert "Hand of Player 2" in b.picture_widget.value
    for _ in range(2):                                  # P2 plays and draws; the bot P3 is to move
        b.play(b.state.legal_actions()[0])
    assert b.state.current_player == 2
    assert "Hand of" not in b.picture_widget.value and b.viewer == PUBLIC
    b.bot_move()
    b.bot_move()
    assert b.state.current_player == 0 and "Hand of" not in b.picture_widget.value
    assert not b.undo_turn() and "nobody's is now" in b.message.text
    b.show_my_view()
    assert "Hand of Player 1" in b.picture_widget.value
    kept = fingerprint(b.state)
    assert not b.undo_turn() and "Player 2 has moved since your last decision" in b.message.text
    assert fingerprint(b.state) == kept and "Hand of Player 1" in b.picture_widget.value


def _moves_listed(b) -> int:
    """How many moves the board's Last moves list counts (its newest row's number, read from 1)."""
    import re
    numbers = re.findall(r"<span style='color:#888'>(\d+)\.</span>", b.moves.value)
    return int(numbers[0]) if numbers else 0


def _steps_agree_with_last_moves(b) -> list[tuple[str, str]]:
    """Step through the review from its first position: at "position k of n" Last moves lists k - 1
    moves. The board's shown parts at each step, in order."""
    import re
    b.review_go("first")
    n = b.review_place()[1]
    shown = []
    for k in range(1, n + 1):
        assert f"position {k} of {n}" in b.review_label.value
        assert _moves_listed(b) == k - 1, (k, b.moves.value)
        shown.append((b.picture_widget.value, re.sub(r"why:\d+", "", b.moves.value)))
        b.review_go(1)
    return shown


def test_reviewing_a_game_in_progress_between_two_people_steps_only_through_what_the_spectator_saw():
    import random
    from neko_lab.games.syndicate.board import Board as SyndicateBoard
    b = SyndicateBoard(nl.new_game("syndicate", players=3, seed=4), agents={2: "random"})
    b.play_bots()
    rng, moved = random.Random(2), 0
    while moved < 15:                       # the two people's secret walks, a bot's between them
        if b.handing_over() is not None:
            b.show_my_view()
        if b.my_turn():
            b.play(rng.choice(b.state.legal_actions()))
            moved += 1
        else:
            b.play_bots()
    b.review_own_game()
    assert b.viewer == PUBLIC               # the review of a game in progress: the spectator's view
    shown = _steps_agree_with_last_moves(b)
    # no step shows the same as the one before it: a step is a position the spectator tells apart, so
    # the steps do not count how many moves each person made out of sight
    assert all(a != b_ for a, b_ in zip(shown, shown[1:]))
    assert len(shown) < len(b.review)


def test_a_finished_save_reviewed_by_two_people_and_a_bot_steps_through_every_move():
    from neko_lab.agents import make_agent
    from neko_lab.games.syndicate.board import Board as SyndicateBoard
    g = nl.new_game("syndicate", players=3, seed=8)
    bots = [make_agent("random", game=g, seed=i) for i in range(3)]
    while not g.is_over():
        g.apply(bots[g.current_player].choose(g))
    b = SyndicateBoard.from_save(g.to_json(), agents={2: "random"})
    assert b.viewer == EVERYTHING           # the game is over: everything is shown, the bot's walks too
    assert len(b.stops) == len(b.review)    # so every move is a step
    b.review_go("last")
    assert _moves_listed(b) == len(b.review) - 1
    b.review_go(-1)
    assert _moves_listed(b) == len(b.review) - 2
