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


def _plain(markup: str) -> str:
    import html
    import re
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


def test_a_walk_shown_at_the_meeting_is_named_after_the_seat_that_walked():
    """The bot's last walk step brings the meeting about, which shows both walks: the row is the bot's
    move, headed by its own walk as the table saw it (as its "why?" is); the learner's walk it revealed
    follows, named with the learner's seat. No row gives one seat's walk to the other."""
    from neko_lab.games.syndicate.board import Board
    b = Board(nl.new_game("syndicate", players=2, seed=1), agents={1: "syndicate"})
    b.picker.choose(1)                     # P1's opening; the bot keeps its own
    b.walk_to(0, 1)                        # the Chief Operations Officer
    b.picker.choose(0)                     # place minion 36 at place 3
    b.walk_to(2, 0)                        # P1's walk ends; the bot walks; the meeting shows both walks
    mine = "turn 1, shown to all: leader on Chief Operations Officer; place minion 36"
    its = "turn 1, shown to all: leader on Chief Operations Officer; place minion 37"
    assert b.message.text.startswith(f"P2 (bot): {its}")
    meeting = [e for e in b.state.log_for(0) if e.text.startswith("turn 1, shown to all")]
    assert [e.seat for e in meeting] == [0, 1]
    before, _action = b.history[-1]
    assert before.current_player == 1      # the move that began the meeting is the bot's
    k, head, follow = next(r for r in b._move_rows() if its in r[1])
    assert head.startswith(f"P2 (bot): {its}") and any(e.startswith(f"P1: {mine}") for e in follow)
    rows = _plain(b.moves.value)
    assert f"P1: {mine}" in rows and f"P2 (bot): {mine}" not in rows and f"P1: {its}" not in rows
    # its "why?" is headed by the same seat and the same words as its row
    assert b.explain(b._why[k])
    heading = _plain(b.why_box.value).split("Why it was allowed")[0]
    assert f"Why? P2: {its}" in heading and "minion 36" not in heading


def test_what_follows_a_move_for_another_seat_is_named_with_that_seat():
    b = board(nl.new_game("neptune", players=2, seed=1), agents={1: "greedy"})
    rows = []
    while len(b.history) < 60:
        if b.my_turn():
            b.picker.choose(0)
        rows += [(head, events) for _k, head, events in b._move_rows()]
    fame = [(head, e) for head, events in rows for e in events if "fame for controlling" in e]
    assert ("P2 (bot): pays player 1 2 credits for access to the mission at Venus Cloud Tops",
            "P1: gains 4 fame for controlling 4 Research Missions") in fame
    assert ("P1: takes control of High Efficiency Insulation",
            "P2: gains 1 fame for controlling 1 technology") in fame
    assert ("P2 (bot): takes control of Enhanced Fission Power",            # its own: no name needed
            "gains 1 fame for controlling 1 technology") in fame


def test_last_moves_tell_your_own_secret_choices_to_you_and_not_the_others():
    b = board(nl.new_game("journey", players=2, seed=5), agents={1: "greedy"})
    while len(b.history) < 14:
        if b.my_turn():
            b.picker.choose(0)
    heads = [head for _k, head, _events in b._move_rows()]
    assert "P1: picks a 3" in heads and "P1: picks a die" not in heads     # own pick, in the rows' words
    assert "P2 (bot): picks a die" in heads and not [h for h in heads if h.startswith("P2 (bot): draft a")]

    from neko_lab.games.naeco.rules.gameplay import Play
    b = nl.lesson("naeco")
    while not (isinstance(b.lesson_panel.expected, Play) and b.lesson_panel.expected.down):
        b.play(b.lesson_panel.expected)
    b.play(b.lesson_panel.expected)
    said = "P1: play Ocean sunfish face-down at depth 1, 1 column left of the start cards"
    assert b.message.text == said
    # the last moves read in the log's words, the learner's own face-down card named
    assert b._move_rows()[-1][1] == ("P1: plays Ocean sunfish face-down (an unpopulated area) at depth 1, "
                                     "1 column left of the start cards")
    heads = [head for _k, head, _events in b._move_rows()]
    assert all(h.split(": ", 1)[1].startswith(("plays ", "draws ")) for h in heads), heads
