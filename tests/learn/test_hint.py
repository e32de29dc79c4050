"""hint(): the strongest moves for the seat to move, with values and reasons, for any game."""
from __future__ import annotations

import neko_lab as nl
from neko_lab.learn import hint
from neko_lab.learn.hint import MARGIN
from neko_lab.learn.lessons import naeco as naeco_lesson

from statecheck import fingerprint
from toygame import ToyState


def _advance(state, n):
    agent = nl.make_agent("random", state, seed=1)
    for _ in range(n):
        state.apply(agent.choose(state))
    return state


def test_hints_are_legal_ranked_by_value_and_leave_the_state_alone():
    for game, players, n in (("naeco", 2, 6), ("journey", 2, 40)):
        s = _advance(nl.new_game(game, players=players, seed=2), n)
        saved = fingerprint(s)
        hints = hint(s, k=3)
        assert fingerprint(s) == saved
        assert 1 <= len(hints) <= 3
        legal = s.legal_actions()
        assert all(any(h.action == a and type(h.action) is type(a) for a in legal) for h in hints)
        assert [h.rank for h in hints] == list(range(1, len(hints) + 1))
        # the alternatives follow by value; the first is the best, or the agent's own choice when no
        # move is more than MARGIN better
        assert all(hints[i].value >= hints[i + 1].value for i in range(1, len(hints) - 1))
        best = max(h.value for h in hint(s, k=len(legal)))
        assert hints[0].value == best or (hints[0].agent_choice and hints[0].value >= best - MARGIN)
        assert all(h.reasons for h in hints)
        assert len({str(h.action) for h in hints}) == len(hints)


def test_the_same_seed_gives_the_same_hints():
    s = _advance(nl.new_game("naeco", players=2, seed=4), 4)
    one = [(str(h.action), h.value, h.reasons) for h in hint(s, seed=3)]
    two = [(str(h.action), h.value, h.reasons) for h in hint(s.clone(), seed=3)]
    assert one == two


def test_a_move_meeting_the_objective_says_what_it_scores():
    les = naeco_lesson.LESSON()
    s = les.new_game()
    for i, (steps, action) in enumerate(les.script()):
        les.bots_move(s)
        if i == 2:        # the lesson's third step plays the card that meets the level -1 objective
            break
        s.apply(action)
    mine = [h for h in hint(s, k=len(s.legal_actions())) if h.action == action]
    assert mine, "every legal action can be asked about"
    reasons = " ".join(mine[0].reasons)
    assert "scores research +1 now" in reasons
    assert "Naéco › Make ground-breaking observations!" in reasons


def test_only_one_legal_action_and_game_over():
    s = ToyState(players=2, seed=1)
    while not s.is_over():
        if len(s.legal_actions()) == 1:
            (only,) = hint(s)
            assert only.action == s.legal_actions()[0] and "the only legal action here" in only.reasons
        s.apply(s.legal_actions()[0])
    assert hint(s) == []


class HintedToy(ToyState):
    GAME = "toy_hinted"

    def hint_reasons(self, action):
        return [f"a {action.value} is a card of the toy"] if action.verb == "play" else []


def test_a_game_adds_its_own_reasons_and_an_agent_can_be_chosen():
    s = HintedToy(players=2, seed=3)
    hints = hint(s, k=5, agent="greedy")
    plays = [h for h in hints if h.action.verb == "play"]
    assert plays and all(f"a {h.action.value} is a card of the toy" in h.reasons for h in plays)
    assert sum(h.agent_choice for h in hints) <= 1
    assert "value" in str(hints[0]) and str(hints[0]).startswith("1. ")
