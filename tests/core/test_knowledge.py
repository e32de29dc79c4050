"""What a seat learns over a run of moves (core/knowledge.py), which a board's Undo never goes back past."""
from __future__ import annotations

import neko_lab as nl
from neko_lab.core.knowledge import first_news
from toygame import Move


def _toy(seed: int = 3):
    return nl.new_game("toy", players=2, seed=seed)


def test_a_draw_shows_the_drawer_its_card_and_the_others_nothing():
    s = _toy()
    assert s.current_player == 0 and Move("draw") in s.legal_actions()
    assert first_news(s, [Move("draw")], 0) == 0
    assert first_news(s, [Move("draw")], 1) is None           # P2 sees a card drawn, not which


def test_a_card_played_from_a_hidden_hand_is_news_to_the_others_only():
    s = _toy()
    play = next(a for a in s.legal_actions() if a.verb == "play" and a.value != 6)
    assert first_news(s, [play], 1) == 0
    assert first_news(s, [play], 0) is None


def test_the_first_move_that_tells_something_is_named_whatever_the_seat_cannot_see():
    """P1 draws (P2 sees a card drawn, not which), then P2 draws: its own card is the first news to P2,
    in the real game and in every game P2 cannot tell from it (P1's hand and the deck dealt anew)."""
    s = _toy()
    moves = [Move("draw"), Move("draw")]
    assert first_news(s, moves, 1) == 1
    for k in range(5):
        alike = s.determinize(1, nl.core.Rng(100 + k))
        assert first_news(alike, moves, 1) == 1 and first_news(alike, moves[:1], 1) is None
    assert first_news(s, [], 0) is None
