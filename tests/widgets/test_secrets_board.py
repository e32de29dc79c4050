"""Boards narrate only what the person at the board saw (issue: secrets stay secret)."""
from __future__ import annotations

import pytest

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
    said = b.message.text                  # the bot's moves since the learner's, named after the bot
    assert said.index("P2 (bot): ") < said.index(its) and mine not in said and "P1: " not in said
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


# ---------------------------------------------------------------------------------------- the game's seed
# A seed deals every secret of its game again (hands, deck orders, draws to come): while a person plays a
# seat of an unfinished game, nothing on the board names it.

class _Seeds:
    """Stands for a board's `seeds` generator: Restart's fresh seeds, chosen by the test."""

    def __init__(self, *seeds):
        self.seeds = list(seeds)

    def randrange(self, _n):
        return self.seeds.pop(0)


def _texts(b) -> list[str]:
    """Every string the board's widget tree shows or carries (values, labels, placeholders, tooltips),
    its message line included."""
    out = [b.message.text]

    def walk(w):
        for attr in ("value", "description", "placeholder", "tooltip", "options"):
            v = getattr(w, attr, None)
            for x in (v if isinstance(v, (tuple, list)) else [v]):
                if isinstance(x, (str, int)) and not isinstance(x, bool):
                    out.append(str(x))
        for c in getattr(w, "children", ()) or ():
            walk(c)
    walk(b.widget)
    return out


def _names(b, seed: int) -> bool:
    return any(str(seed) in t for t in _texts(b))


@pytest.mark.parametrize("game", ["naeco", "neptune", "syndicate", "journey"])
def test_a_person_at_a_seat_reads_no_seed_mid_game_before_or_after_restart(game):
    b = board(nl.new_game(game, players=2, seed=918273), agents={1: "random"})
    assert not _names(b, 918273)
    assert b.controls.seed.value == "" and b.controls.seed.placeholder == "new"
    for _ in range(3):                          # a few moves on: still nothing
        if b.my_turn():
            b.picker.choose(0)
    assert not b.state.is_over() and not _names(b, 918273)
    b.review_own_game()                         # the review of the game being played tells no more
    assert not _names(b, 918273)
    b.close_review()
    b.seeds = _Seeds(736451)
    b.controls.restart_button.click()           # "new seed" ticked: a fresh game
    assert b.state.seed == 736451 and not b.state.is_over()
    assert "New game" in b.message.text and not _names(b, 736451)
    b.seeds = _Seeds(647382)
    b.restart()
    assert b.state.seed == 647382 and not _names(b, 647382)


def test_a_typed_seed_deals_that_game_and_the_box_empties():
    b = board(nl.new_game("naeco", players=2, seed=1), agents={1: "random"})
    b.controls.seed.value = " 918273 "
    assert not b.controls.new_seed.value        # typing a seed means: deal this one
    b.controls.restart_button.click()
    again = nl.new_game("naeco", players=2, seed=918273)
    assert b.state.seed == 918273 and list(b.state.hands[1]) == list(again.hands[1])
    assert b.controls.seed.value == "" and not _names(b, 918273)
    b.controls.restart_button.click()           # nothing typed: a fresh game
    assert b.state.seed != 918273


def test_with_bots_on_every_seat_the_board_shows_the_seed_and_says_how_to_deal_it_again():
    b = board(nl.new_game("naeco", players=2, seed=918273), agents={0: "random", 1: "random"})
    assert b.controls.seed.value == "918273"
    assert "seed=918273 deals this game again" in b.controls.seed_note.value
    b.controls.auto.value = False               # the analyst steps through the game
    b.seeds = _Seeds(736451)
    b.controls.restart_button.click()
    assert b.controls.seed.value == "736451"
    assert "seed=736451 deals this game again" in b.message.text
    b.controls.new_seed.value = False           # the seed shown deals the game shown again
    b.bot_move()
    b.controls.restart_button.click()
    assert b.state.seed == 736451 and not b.history


def test_once_the_game_is_over_a_person_reads_its_seed():
    b = board(nl.new_game("naeco", players=2, seed=918273), agents={1: "random"})
    while not b.state.is_over():
        assert not _names(b, 918273)
        b.picker.choose(0)
    assert b.controls.seed.value == "918273"
    assert "seed=918273 deals this game again" in b.controls.seed_note.value
    b.seeds = _Seeds(736451)
    b.controls.restart_button.click()           # a new game: its seed is hidden again
    assert b.state.seed == 736451 and not _names(b, 736451) and not _names(b, 918273)


def test_a_lesson_board_hides_its_seed_and_an_empty_box_gives_the_lesson_again():
    b = nl.lesson("naeco")
    seed = b.lesson.seed
    # the lesson's seed is short (any number on the table may read the same): the seed box and its
    # note say nothing, and neither does the message line
    assert b.controls.seed.value == "" and b.controls.seed_note.value == "" and not b.message.text
    assert b.controls.seed.placeholder == "lesson"
    b.play(b.lesson_panel.expected)
    b.controls.restart_button.click()
    assert b.state.seed == seed and b.lesson_panel.step.number == 1
    b.controls.new_seed.value = True
    assert b.controls.seed.placeholder == "new"


# ------------------------------------------------------------------ log and score tables: the spectator's
def _syndicate_mid_walk():
    """Syndicate 2p: turn 1, Player 1 has walked out of sight (its draws and discards secret), Player 2
    to act."""
    import random
    s = nl.new_game("syndicate", players=2, seed=3)
    pick = random.Random(3)
    while not (s.turn >= 1 and s.current_player == 1 and s.walked[0] == s.turn):
        s.apply(pick.choice(s.legal_actions()))
    return s


def test_log_and_score_tables_default_to_the_spectators_view():
    from neko_lab.core.events import EVERYTHING, PUBLIC
    from neko_lab.widgets import EventLog, ScoreTable, event_log_html, score_table_html
    s = _syndicate_mid_walk()
    everything = event_log_html(s, limit=None, viewer=EVERYTHING)
    assert event_log_html(s, limit=None) == event_log_html(s, limit=None, viewer=PUBLIC) != everything
    assert "discard minion" in everything and "discard minion" not in event_log_html(s, limit=None)
    assert score_table_html(s) == score_table_html(s, viewer=PUBLIC) != score_table_html(s, viewer=EVERYTHING)
    assert "?" in score_table_html(s) and "?" not in score_table_html(s, viewer=EVERYTHING)
    log, scores = EventLog(limit=None), ScoreTable()
    log.update(s)
    scores.update(s)
    assert "discard minion" not in log.widget.value and scores.widget.value == score_table_html(s)


def test_journey_events_default_to_the_spectators_log():
    from neko_lab.games.journey import render
    s = nl.new_game("journey", players=2, seed=5)
    while s.pending[-1].kind != "draft" or s.current_player != 1:
        s.apply(s.legal_actions()[0])
    assert [r["what"] for r in render.events(s)] == [e.text for e in s.log_for("public")]
    with pytest.raises(nl.ConfigError, match="viewer"):             # a misspelt viewer shows no other view
        render.events(s, viewer="spectator")


def test_why_without_the_learn_package_lists_the_events_as_the_viewer_read_them(monkeypatch):
    """The board's "why?" falls back to the move's events when neko_lab.learn is missing: another seat's
    secret walk then reads as the table saw it, not as the walker did."""
    import random
    from neko_lab.widgets import teach
    monkeypatch.setattr(teach, "learn_module", lambda: None)
    s = nl.new_game("syndicate", players=2, seed=3)
    pick = random.Random(3)
    walks = []
    while not (s.turn >= 1 and s.current_player == 1 and s.walked[0] == s.turn):
        before, action = s.clone(), pick.choice(s.legal_actions())
        s.apply(action)
        if before.current_player == 0 and before.turn >= 1:
            walks.append((before, action, s.clone()))
    shown = {v: "".join(teach.explain_html(b, a, after, "its move", "P1", viewer=v) for b, a, after in walks)
             for v in (0, 1, None)}
    assert "discard minion" in shown[0]
    assert "discard minion" not in shown[1] and "discard minion" not in shown[None]


def _after_a_reveal(game, **options):
    """A person at P2 and a bot at P1, who chooses first out of P2's sight in a round the rules play at the
    same time (Syndicate's opening, Journey's dice draft); then P2's own choice ends the round and both
    are shown."""
    b = board(nl.new_game(game, players=2, seed=3, **options), agents={0: game})
    b.controls.auto.value = False
    while b.state.secret_round() is None or b.state.current_player != 0:
        b.bot_move() if b.state.current_player in b.bots else b.play(b.state.legal_actions()[0])
    round_ = b.state.secret_round()
    b.bot_move()                                    # P1 chooses, out of P2's sight
    assert b.state.current_player == 1 and b.state.secret_round() == round_
    while b.state.secret_round() == round_:         # P2 chooses: the round is revealed
        assert b.state.current_player == 1
        b.play(b.state.legal_actions()[-1])
    return b


@pytest.mark.parametrize("game", ["syndicate", "journey"])
def test_undo_never_takes_a_person_back_into_a_round_revealed_since(game):
    """Undone there, P2 would choose again knowing P1's choice, which the rules have made at the same
    time as P2's (Neko Syndicate › Turn Phases; Journey › Preparation Phase › Draft Dice)."""
    from statecheck import fingerprint
    b = _after_a_reveal(game)
    kept = fingerprint(b.state), len(b.history)
    assert b.undo_turn() is False and "Undo stops here" in b.message.text
    assert (fingerprint(b.state), len(b.history)) == kept
    b.review_own_game()                             # nor by playing on from there in a review
    b.review_go("last")
    b.review_go(-1)
    while b.at and b.review[b.at].secret_round() is None:
        b.review_go(-1)
    b.play_from_here()
    assert b.review is not None and "Not from this position" in b.message.text


def test_undo_within_a_round_not_yet_revealed_and_in_the_open_game_goes_back():
    from statecheck import fingerprint
    # the open (first-game) Syndicate has no such rounds: Undo takes back the person's opening
    b = board(nl.new_game("syndicate", players=2, seed=3, simultaneous=False), agents={0: "syndicate"})
    b.controls.auto.value = False
    b.bot_move()
    opened = fingerprint(b.state)
    b.play(b.state.legal_actions()[1])          # a placement ([0] draws four new minions: no undo)
    assert b.undo_turn() and fingerprint(b.state) == opened
    # a simultaneous Syndicate walk: a step of the person's own walk, the bot's walk still unseen
    b = board(nl.new_game("syndicate", players=2, seed=3), agents={0: "syndicate"})
    b.controls.auto.value = False
    while not (b.state.turn == 1 and b.state.current_player == 1):
        b.bot_move() if b.state.current_player in b.bots else b.play(b.state.legal_actions()[0])
    round_ = b.state.secret_round()
    at = fingerprint(b.state)
    b.play(b.state.legal_actions()[1])          # the Chief Operations Officer (the Accountant draws minions)
    assert b.state.secret_round() == round_ and b.state.current_player == 1
    assert b.undo_turn() and fingerprint(b.state) == at


def _refused(b, words: str) -> None:
    """Undo is refused on `b` with `words` in its reason, and takes nothing back."""
    from statecheck import fingerprint
    kept = fingerprint(b.state), len(b.history)
    assert b.undo_turn() is False
    assert b.message.text.startswith("Undo stops here: ") and words in b.message.text, b.message.text
    assert (fingerprint(b.state), len(b.history)) == kept


def test_undo_stops_after_a_move_that_showed_the_person_a_card_they_could_not_know():
    """Undone, the person would choose again knowing the card: the one their own draw showed them, or
    the one a bot played from its hidden hand in reply. A bot's draw, which the person does not see,
    is no such move: Undo takes it back (tests/widgets/test_board.py)."""
    from tests.toygame import Move
    from .helpers import DrawAgent, FirstAgent, plays, toy
    b = board(toy(), agents={1: DrawAgent()})
    b.controls.auto.value = False
    b.play(Move("draw"))
    _refused(b, "your move “draw” showed you something you could not know before it (a card drawn")
    b = board(toy(), agents={1: FirstAgent()})
    b.play(plays(b.state)[0])                   # the bot replies with a card of its hand: now known
    assert b.state.current_player == 0
    _refused(b, "a move made since showed you something you could not know before it")


def _reach(game: str, seed: int, words: tuple, **options):
    """A board with a person at P1 and the game's bot at P2, played on (the person taking their first
    choice each time) to the person's first decision with a choice whose label holds all of `words`;
    and that choice."""
    b = board(nl.new_game(game, players=2, seed=seed, **options), agents={1: game})
    b.controls.auto.value = False
    for _ in range(300):
        if b.state.current_player in b.bots:
            b.bot_move()
            continue
        found = [a for a in b.state.legal_actions() if all(w in b.action_label(a) for w in words)]
        if found:
            return b, found[0]
        b.play(b.state.legal_actions()[0])
    raise AssertionError(f"no choice {words} in {game}")


@pytest.mark.parametrize("game, seed, words", [
    ("syndicate", 5, ("discard all four and draw four new minions",)),   # the deck's next four minions
    ("journey", 1, ("buy a card",)),                                     # the cards drawn to buy one of
    ("naeco", 1, ("draw", "from pile")),                                 # the pile's next card turns up
    ("neptune", 1, ("play Build from hand",)),                           # the hand drawn back to five
])
def test_undo_never_takes_back_a_draw_the_person_has_seen(game, seed, words):
    """Undone, the person would draw the same cards again, and could choose whether to, knowing them
    (the state keeps its deck order and its generator): a draw is no move to take back, at any table."""
    b, move = _reach(game, seed, words)
    b.play(move)
    b.play_bots()
    _refused(b, f"your move “{b.action_label(move)}” showed you something you could not know before it")


@pytest.mark.parametrize("game, seed, words, options", [
    ("syndicate", 5, ("below the Accountant",), {"simultaneous": False}),   # the open game's opening
    ("journey", 1, ("take a fish with a",), {}),
    ("naeco", 1, ("play",), {}),                                            # a card into the Ocean
    ("neptune", 1, ("sell",), {}),                                          # to the Opportunity Track
])
def test_undo_takes_back_a_move_that_showed_the_person_nothing_new(game, seed, words, options):
    from statecheck import fingerprint
    b, move = _reach(game, seed, words, **options)
    before = fingerprint(b.state), len(b.history)
    b.play(move)
    b.play_bots()
    assert b.undo_turn() and b.message.text == "Undone."
    assert (fingerprint(b.state), len(b.history)) == before


@pytest.mark.parametrize("game, seed", [("toy", 3), ("naeco", 11)])
def test_undo_never_takes_a_finished_game_whose_seed_is_shown_back_into_play(game, seed):
    """Once the game is over the board shows its seed, which deals every hand and pile of it again: back
    in the game, the person would play on knowing them. Restart still deals a new game."""
    from .helpers import DrawAgent
    bot = DrawAgent() if game == "toy" else game
    b = board(nl.new_game(game, players=2, seed=seed), agents={1: bot})
    b.play_bots()
    while not b.state.is_over():
        b.play(b.state.legal_actions()[0])
        b.play_bots()
    assert f"seed={seed} deals this game again" in b.controls.seed_note.value
    assert not b.controls.undo_button.disabled      # pressed, it says why it takes nothing back
    _refused(b, f"the game is over and its seed has been shown (seed={seed} deals this game again: every hand")
    assert b.state.is_over() and f"seed={seed}" in b.controls.seed_note.value
    b.controls.restart_button.click()
    assert not b.state.is_over() and b.state.seed != seed and not b.history


def test_a_save_opened_on_a_board_plays_on_from_any_of_its_positions():
    """The limit above is for the board's own game: a save opened there is reviewed as a record, and
    its positions are never compared with the game the board was playing."""
    b = _after_a_reveal("syndicate")
    other = nl.new_game("syndicate", players=2, seed=5)
    for _ in range(25):
        other.apply(other.legal_actions()[-1])
    assert b.open_save(other.to_json())
    b.review_go(5)
    assert b.review[b.at].secret_round() is not None
    b.play_from_here()
    assert b.review is None and "Playing on from position" in b.message.text
