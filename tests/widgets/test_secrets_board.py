"""Boards narrate only what the person at the board saw (issue: secrets stay secret)."""
from __future__ import annotations

import neko_lab as nl
from neko_lab.widgets import board


def test_journey_board_tells_a_bots_hidden_draft_pick_as_picks_a_die():
    lines = set()
    for pick in (0, -1):            # the bot drafts its lowest or its highest die
        s = nl.new_game("journey", players=2, seed=5)
        first = s.current_player
        while s.pending[-1].kind != "draft":
            s.apply(s.legal_actions()[0])
        bot = s.current_player
        b = board(s, agents={bot: lambda st, p=pick: st.legal_actions()[p]})
        b.play_bots()
        assert b.my_turn() and b.state.pending[-1].kind == "draft"
        assert b.message.text == f"P{bot + 1} (bot): picks a die"
        assert "draft a" not in b.moves.value and "picks a die" in b.moves.value
        lines.add((b.message.text, b.moves.value, b.log.widget.value))
        assert first is not None
    assert len(lines) == 1


def test_naeco_default_picture_and_repr_hide_secret_priority_points():
    s = nl.new_game("naeco", players=2, seed=1)
    shown = {s.determinize(0, nl.core.Rng(i))._repr_html_() for i in range(5)}
    assert len(shown) == 1                         # re-drawn secret cards do not change it
    assert "+?" in repr(s)
    assert s.picture(viewer=0) != s._repr_html_()   # a seat's own view is asked for by name


def test_neptune_default_picture_shows_no_hand():
    s = nl.new_game("neptune", players=2, seed=1)
    assert "Hand of player" not in s._repr_html_()
    assert "Hand of player 1" in s.picture(viewer=0)
