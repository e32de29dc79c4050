"""explain_move: why a move was allowed and what it changed, with numbers, for any game."""
from __future__ import annotations

import random
import re

import pytest

import neko_lab as nl
from neko_lab.core.rng import Rng
from neko_lab.learn import explain_move
from neko_lab.learn.explain import EVERYTHING, resource_changes, score_changes

from toygame import Move, ToyState


def _play_until(state, want, agents=None, limit=2000):
    """Play (each seat's own agent) until want(state, action) holds for the next action; return the
    action without playing it."""
    agents = agents or {}
    for _ in range(limit):
        seat = state.current_player
        agent = agents.setdefault(seat, nl.make_agent(type(state).GAME, state, seed=seat))
        action = agent.choose(state)
        if want(state, action):
            return action
        state.apply(action)
    raise AssertionError("no such move in the game")


def _moves_token(state, action):
    if type(action).__name__ != "Play":
        return False
    child = state.clone()
    child.apply(action)
    return child.token[state.current_player] > state.token[state.current_player]


def test_a_card_that_meets_the_objective_shows_research_points_and_the_objective_event():
    s = nl.new_game("naeco", players=2, seed=1)
    action = _play_until(s, _moves_token)
    seat = s.current_player
    before = s.clone()
    s.apply(action)
    ex = explain_move(before, action, s, viewer=seat)
    assert ex.rule == "Naéco › Gameplay"
    assert "Naéco › Make ground-breaking observations!" in ex.rules
    old, new = before.visible_breakdown(seat)[seat], s.visible_breakdown(seat)[seat]
    line = next(line for line in ex.lines if line.strip().startswith(f"Player {seat + 1}:") and "total" in line)
    assert f"research +{new['research'] - old['research']}" in line
    assert f"total {sum(new.values())} (was {sum(old.values())})".replace("-", "\u2212") in line
    assert any("fulfils" in e.text for e in ex.events)
    assert f"Why it was allowed: {before.cards[action.card].name} lives at depth {action.depth}" in str(ex)


def test_players_are_counted_from_one():
    s = nl.new_game("naeco", players=2, seed=3)
    for _ in range(6):
        a = s.legal_actions()[0]
        before = s.clone()
        s.apply(a)
        text = str(explain_move(before, a, s))
        assert f"Player {before.current_player + 1}: " in text
        assert "Player 0" not in text and "[P0" not in text and "[P1" not in text


def test_another_players_secret_points_stay_hidden_from_the_viewer():
    s = nl.new_game("naeco", players=2, seed=1)
    # a move of Player 2 that changes its priority points in the analyst's view
    def gives_priority(state, action):
        if state.current_player != 1 or type(action).__name__ != "Play":
            return False
        child = state.clone()
        child.apply(action)
        return child.breakdown()[1]["priority"] != state.breakdown()[1]["priority"]
    action = _play_until(s, gives_priority)
    before = s.clone()
    s.apply(action)
    for shown in (explain_move(before, action, s, viewer=0), explain_move(before, action, s)):
        assert not any(c.seat == 1 and "priority" in c.deltas() for c in shown.scores)
        assert "hand count" not in str(shown)          # Player 2's hand is not Player 1's business
    own = explain_move(before, action, s, viewer=1)
    assert any(c.seat == 1 and "priority" in c.deltas() for c in own.scores)
    analyst = score_changes(before, s, EVERYTHING)
    assert any(c.seat == 1 and "priority" in c.deltas() for c in analyst)


def test_journey_income_moves_coins_by_the_die_spent():
    s = nl.new_game("journey", players=2, seed=1)
    action = _play_until(s, lambda st, a: st.pending[-1].kind == "income" and st.current_player == 0)
    before = s.clone()
    s.apply(action)
    ex = explain_move(before, action, s)
    gained = s.observation(0)["boards"][0]["coins"] - before.observation(0)["boards"][0]["coins"]
    assert gained == action.a
    assert any(re.search(rf"Player 1: .*coins \+{gained} \(\d+ \u2192 \d+\)", line) for line in ex.lines)
    assert ex.rule == "Journey › Preparation Phase › Obtain Income"


def test_per_seat_lists_are_told_apart_from_other_lists():
    # journey's deck sizes have two entries in a 2-player game too, but they are not the players'
    s = nl.new_game("journey", players=2, seed=1)
    action = _play_until(s, lambda st, a: st.pending[-1].kind == "reward" and len(st.log) and
                         st.data.rewards[a.a - 1] == "buy_card")
    before = s.clone()
    s.apply(action)
    for change in resource_changes(before, s, before.current_player):
        if "deck sizes" in change.label:
            assert change.seat is None


class ExplainedToy(ToyState):
    GAME = "toy_explained"

    def why_legal(self, action):
        return f"In the toy, a {action.value} may always be played." if action.verb == "play" else None

    def resource_view(self, viewer):
        return {"cards left in the deck": len(self.deck)}


def test_generic_through_the_contract_and_the_game_hooks():
    s = ToyState(players=2, seed=5)
    a = next(a for a in s.legal_actions() if a.verb == "play")
    before = s.clone()
    s.apply(a)
    ex = explain_move(before, a, s)
    assert ex.rule == "Toy › Turn"
    assert any(f"played +{a.value}" in line for line in ex.lines)          # the score by category
    assert any(line.strip().startswith("Player 1: played") for line in ex.lines)
    h = ExplainedToy(players=2, seed=5)
    draw = Move("draw")
    assert draw in h.legal_actions()
    before = h.clone()
    h.apply(draw)
    ex = explain_move(before, draw, h)
    assert any("cards left in the deck \u22121" in line for line in ex.lines)
    play = next(a for a in h.legal_actions() if a.verb == "play")
    before = h.clone()
    h.apply(play)
    assert f"Why it was allowed: In the toy, a {play.value} may always be played." in explain_move(before, play, h).lines


def test_explanation_reads_as_text_and_html():
    s = nl.new_game("naeco", players=2, seed=2)
    a = s.legal_actions()[0]
    before = s.clone()
    s.apply(a)
    ex = nl.explain_move(before, a, s)
    assert str(ex).splitlines() == ex.lines
    assert "<li>" in ex._repr_html_()


def test_explain_move_explains_only_the_move_that_was_made():
    s = nl.new_game("naeco", seed=3)
    before = s.clone()
    a = s.legal_actions()[0]
    s.apply(a)
    assert str(explain_move(before, a, s)).startswith("Player 1: play ")
    other = nl.new_game("journey", seed=1)
    for args, message in [((before, before.legal_actions()[-1], s), "is not the move that led from before to after"),
                          ((before, other.legal_actions()[0], s), "is not the move that led from before to after"),
                          ((before, None, s), "is not the move that led from before to after"),
                          ((before, a, other), "before is naeco and after is journey"),
                          ((None, a, s), "explain_move's before is a game"),
                          ((s, a, s), "needs the position before the move")]:
        with pytest.raises(nl.ConfigError, match=message):
            explain_move(*args)
    for viewer in (None, 2, "x"):     # None used to give the analyst's view, secret points included
        with pytest.raises(nl.ConfigError, match="viewer must be a seat from 0 to 1"):
            explain_move(before, a, s, viewer=viewer)


@pytest.mark.parametrize("game", ["journey", "naeco", "neptune", "syndicate"])
def test_why_a_move_was_allowed_says_you_only_to_the_player_who_made_it(game):
    import random
    # Syndicate played in the open, so that the others read its moves (not only their covers)
    s = nl.new_game(game, seed=4, **({"simultaneous": False} if game == "syndicate" else {}))
    rng = random.Random(2)
    to_mover = to_others = 0
    for _ in range(150):
        if s.is_over():
            break
        before, a = s.clone(), rng.choice(s.legal_actions())
        s.apply(a)
        mine = str(explain_move(before, a, s, viewer=before.current_player)).splitlines()[1]
        public = str(explain_move(before, a, s, viewer="public")).splitlines()[1]
        # a citation names a heading as the rulebook writes it ("Place a card into your ship lane")
        words = re.sub(r"\((?:[^()]|\([^()]*\))*? › (?:[^()]|\([^()]*\))*\)", "", public)
        assert not re.search(r"\b[Yy]ou(r)?\b", words), public
        to_mover += bool(re.search(r"\b[Yy]ou(r)?\b", mine))
        to_others += bool(re.search(r"\b(they|their|them)\b", public))
    assert to_mover and to_others


def test_a_citation_is_not_reworded_for_another_reader():
    from neko_lab.learn.explain import third_person
    said = ("you had 5 coins (Journey › End of a Round › Place a card into your ship lane); your score "
            "(Naéco › Quick reference (Help)) gives you 2")
    assert third_person(said) == ("they had 5 coins (Journey › End of a Round › Place a card into your "
                                  "ship lane); their score (Naéco › Quick reference (Help)) gives them 2")


def test_a_hidden_move_is_headed_by_the_movers_own_revealed_event():
    # Syndicate turns are chosen out of sight; the last move reveals both seats' turns, Player 1's
    # first, and the explanation's first line must still be the mover's (Player 2's), not Player 1's
    import random
    s = nl.new_game("syndicate", players=2, seed=1)
    rng = random.Random(1)
    while not s.is_over():
        before = s.clone()
        action = rng.choice(s.legal_actions())
        s.apply(action)
    assert before.current_player == 1
    ex = explain_move(before, action, s, viewer=0)
    assert ex.events[0].seat == 0                     # the reveal tells Player 1's turn first
    own = next(e for e in ex.events if e.seat == 1)
    assert ex.lines[0].startswith(f"Player 2: {own.text}")


@pytest.mark.parametrize("game,players,text", [("naeco", 2, "the end is near"),
                                               ("neptune", 3, "the last card of generation"),
                                               ("syndicate", 2, "turn 1, shown to all")])
def test_a_logged_event_names_its_seat_as_the_log_does_not_as_the_subject_of_its_text(game, players, text):
    # an event of a seat need not start with its verb ("the end is near: ..."): its seat stands in
    # brackets before it, as in the game's log, never "Player 1 the end is near"
    s = nl.new_game(game, players=players, seed=3)
    rng = random.Random(3)
    while not s.is_over():
        before, action = s.clone(), rng.choice(s.legal_actions())
        s.apply(action)
        ex = explain_move(before, action, s, viewer=EVERYTHING)
        logged = ex.lines[ex.lines.index("What the game logged:") + 1:] if ex.events else []
        assert len(logged) == len(ex.events)
        for e, line in zip(ex.events, logged):
            who = "" if e.seat is None else f"[Player {e.seat + 1}] "
            assert line == f"  {who}{e.text}" + (f" ({e.rule})" if e.rule else "")
        found = [line for e, line in zip(ex.events, logged) if e.text.startswith(text) and e.seat is not None]
        if found:
            assert found[0].startswith(f"  [Player ") and f"] {text}" in found[0]
            return
    raise AssertionError(f"no event {text!r} of a seat in the game")


def _last_move(game, players, seed):
    import random
    s = nl.new_game(game, players=players, seed=seed)
    rng = random.Random(seed)
    while not s.is_over():
        before = s.clone()
        action = rng.choice(s.legal_actions())
        s.apply(action)
    return before, action, s


def test_the_game_ending_move_tells_the_final_scoring_never_none_yet():
    # Naéco: the end reveals Player 2's secret priority points to Player 1
    before, action, s = _last_move("naeco", 2, 3)
    assert before.visible_breakdown(0)[1]["priority"] is None
    ex = explain_move(before, action, s, viewer=0)
    text = str(ex)
    assert "yet" not in text
    assert any(c.seat == 1 and c.revealed() == {"priority": s.breakdown()[1]["priority"]} for c in ex.scores)
    assert f"priority {s.breakdown()[1]['priority']} revealed" in text
    assert (f"The game is over: final scores Player 1 {s.scores()[0]}, Player 2 {s.scores()[1]}; "
            f"won by Player {s.winners()[0] + 1}.") in ex.lines
    # Syndicate solo: CatANNA's final score is told, and who won
    before, action, s = _last_move("syndicate", 1, 4)
    ex = explain_move(before, action, s, viewer=0)
    assert "yet" not in str(ex)
    score = lambda x: str(x).replace("-", "\u2212")
    assert f"final scores Player 1 {score(s.scores()[0])}, CatANNA {score(s.catanna_score())}; " in str(ex)


def test_a_pyramid_known_from_the_table_is_explained_as_it_changed_not_as_revealed():
    # Syndicate: the score table showed another seat's pyramid as the turn began ("-31+?"); the move
    # that shows its walk tells each known part's change and the total the table showed, never
    # "revealed" for what the reader had seen
    s = nl.new_game("syndicate", players=2, seed=0)
    rng = random.Random(0)
    while True:
        a = rng.choice(s.legal_actions())
        before = s.clone()
        s.apply(a)
        if s.is_over():
            break
    known = before.shown_breakdown(0)[1]
    assert known and None in before.view_breakdown(0)[1].values()
    text = "\n".join(nl.explain_move(before, a, s, 0).lines)
    line = next(l for l in text.splitlines() if l.strip().startswith("Player 2: ") and "total" in l)
    table = sum(known.values()) + sum(v for c, v in before.view_breakdown(0)[1].items() if v is not None)
    assert line.endswith(f"(was {table}+?)".replace("-", "\u2212"))
    assert f"loose cubes {known['loose cubes']}".replace("-", "\u2212") in line and "revealed" not in line


GAMES = ["journey", "naeco", "neptune", "syndicate"]


def _played(game, steps, seed=3):
    """A two-player game after `steps` random moves (fewer if it ends), and every action that was legal
    at some point on the way."""
    s = nl.new_game(game, players=2, seed=seed)
    rng = random.Random(seed)
    seen = []
    for _ in range(steps):
        if s.is_over():
            break
        seen += s.legal_actions()
        s.apply(rng.choice(s.legal_actions()))
    return s, seen


@pytest.mark.parametrize("game", GAMES)
def test_why_allowed_on_a_finished_game_says_nothing_is_allowed(game):
    from neko_lab.learn.explain import why_allowed
    s, seen = _played(game, 5000)
    assert s.is_over()
    for viewer in ("public", EVERYTHING, 0, 1):
        answer = why_allowed(s, seen[0], viewer)
        assert answer[0].startswith("It is not allowed: ") and "the game is over" in answer[0], answer
        assert not any("was allowed" in line for line in answer)


@pytest.mark.parametrize("game", GAMES)
def test_why_allowed_never_calls_an_illegal_action_allowed(game):
    from neko_lab.core.refusals import find_legal
    from neko_lab.learn.explain import why_allowed
    s, seen = _played(game, 40)
    legal = s.legal_actions()
    seat = s.current_player
    refused = [a for a in seen if find_legal(legal, a) is None and type(a) is type(legal[0])]
    assert refused and not s.is_over()
    for a in refused[:5]:
        # the deciding seat, and the analyst, are told why it is refused, as why_illegal tells them
        for viewer in (seat, EVERYTHING):
            answer = why_allowed(s, a, viewer)
            assert answer == [f"It is not allowed: {s.why_illegal(a, seat).rstrip('.')}."]
    # a legal action is still explained to the deciding seat
    assert why_allowed(s, legal[0], seat)[0].startswith("Why it was allowed: ")


@pytest.mark.parametrize("game", ["naeco", "neptune"])
def test_why_allowed_tells_another_reader_nothing_of_the_deciding_seat_s_secrets(game):
    # Naéco's hand and Neptune's cards are the deciding seat's secret: whether one of its actions is legal
    # would tell what it holds. Another seat, or a spectator, gets the same answer whatever that seat
    # holds (the copies re-deal it), and never "allowed" nor "not allowed"
    from neko_lab.core.refusals import find_legal
    from neko_lab.learn.explain import why_allowed
    s = nl.new_game(game, players=2, seed=3)
    rng = random.Random(3)
    while True:     # a position where the deciding seat's secret decides whether an action is legal
        seat = s.current_player
        copies = [s.determinize(1 - seat, Rng(i)) for i in range(6)]
        refused = [(a, c) for a in s.legal_actions() for c in copies if find_legal(c.legal_actions(), a) is None]
        if refused and s.decision_known() != "choices":
            break
        s.apply(rng.choice(s.legal_actions()))
    for a in s.legal_actions():
        for c in copies:
            for reader in (1 - seat, "public"):
                answer = why_allowed(c, a, reader)
                assert answer == why_allowed(s, a, reader)
                assert not any("allowed" in line for line in answer), answer
                assert answer == [s.why_illegal(a, None if reader == "public" else reader) + "."]
    assert why_allowed(s, s.legal_actions()[0], seat)[0].startswith("Why it was allowed: ")
