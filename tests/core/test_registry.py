import pytest

import neko_lab as nl
from neko_lab.core import ConfigError, IllegalAction
from statecheck import fingerprint, same_state
from toygame import Move


def test_new_game_uses_the_registry():
    s = nl.new_game("toy", players=2, seed=1)
    assert nl.GAMES["toy"] is type(s) and s.players == 2 and s.seed == 1


def test_unknown_game_names_the_available_ones():
    with pytest.raises(ConfigError, match=r"unknown game 'chess'; available games: .*toy"):
        nl.new_game("chess")


@pytest.mark.parametrize("players", [0, 5, "two", True])
def test_player_count_outside_the_range_is_refused(players):
    with pytest.raises(ConfigError, match="toy is for 1 to 4 players"):
        nl.new_game("toy", players=players)


def test_numpy_integers_are_player_counts_and_seeds_saved_as_plain_ints():
    import numpy as np
    s = nl.new_game("toy", players=np.int64(3), seed=np.uint32(7))
    assert (s.players, s.seed) == (3, 7) and type(s.players) is int and type(s.seed) is int
    plain = nl.new_game("toy", players=3, seed=7)
    assert s.to_json() == plain.to_json(), "the save is the one plain numbers give"
    for bad in (np.float64(3), np.bool_(True), 3.0):
        with pytest.raises(ConfigError, match="toy is for 1 to 4 players"):
            nl.new_game("toy", players=bad)
        with pytest.raises(ConfigError, match="seed must be a whole number"):
            nl.new_game("toy", seed=bad)


def test_numpy_values_are_options_and_agent_seeds_as_the_plain_values_they_stand_for():
    # what a results frame gives back (df.opt_short.iloc[0] is np.False_) is an option's value
    import numpy as np
    s = nl.new_game("toy", seed=7, short=np.True_)
    assert s.options == {"short": True} and type(s.options["short"]) is bool
    assert s.to_json() == nl.new_game("toy", seed=7, short=True).to_json()
    for bad in (np.int64(1), np.float64(1.0), "yes"):
        with pytest.raises(ConfigError, match="option short is True or False"):
            nl.new_game("toy", short=bad)
    agent = nl.make_agent("random", "toy", seed=np.int64(3))
    assert agent.seed == 3 and type(agent.seed) is int
    assert agent.rng.random() == nl.make_agent("random", "toy", seed=3).rng.random()
    for bad in (np.float64(3), np.bool_(True)):
        with pytest.raises(ConfigError, match="seed must be a whole number"):
            nl.make_agent("random", "toy", seed=bad)


def test_unknown_option_lists_the_allowed_options():
    with pytest.raises(ConfigError, match="no option 'turbo'; allowed options: short"):
        nl.new_game("toy", turbo=True)


def test_options_are_recorded_with_defaults():
    assert nl.new_game("toy", seed=0).options == {"short": False}
    assert nl.new_game("toy", seed=0, short=True).options == {"short": True}


def test_without_a_seed_games_differ_but_record_their_seed():
    a, b = nl.new_game("toy"), nl.new_game("toy")
    assert a.seed != b.seed
    assert same_state(nl.new_game("toy", seed=a.seed), a)


def test_illegal_action_is_a_value_error_saying_why():
    s = nl.new_game("toy", players=2, seed=1)
    with pytest.raises(ValueError, match="not in Player 1's hand"):
        s.apply(Move("play", 99))
    assert issubclass(IllegalAction, ValueError)


def test_generic_reason_lists_the_legal_choices_only_to_whoever_may_know_them(monkeypatch):
    s = nl.new_game("toy", players=2, seed=1)
    shown = [str(a) for a in s.legal_actions()]
    for reader in (None, 1):            # the toy's hands are hidden: its plays name them
        text = s.why_illegal("fly away", seat=reader)
        assert "Player 1 must choose, among choices not everyone may know" in text
        assert not any(a in text for a in shown), text
    with pytest.raises(IllegalAction) as refused:      # whoever acts is the seat deciding: its own choices
        s.apply("fly away")
    assert "Player 1 must choose one of: " in str(refused.value) and all(a in str(refused.value) for a in shown)
    from toygame import ToyState
    monkeypatch.setattr(ToyState, "decision_known", lambda self: "choices")    # as if hands were open
    assert "Player 1 must choose one of: " in s.why_illegal("fly away")


def test_an_action_alike_in_words_to_a_legal_one_names_the_field_that_differs():
    from typing import NamedTuple

    from neko_lab.core.refusals import alike_in_words

    class Step(NamedTuple):
        to: int
        spare: int = 0

        def __str__(self):
            return f"step to {self.to + 1}"
    legal = [Step(0), Step(2)]
    assert alike_in_words(Step(2, 5), legal) == (
        "its spare is 5, where the legal \u201cstep to 3\u201d has 0, a field its words do not show")
    assert alike_in_words(Step(1), legal) is None            # words of no legal action: the game says why
    assert alike_in_words(Step(2), legal) is None


def test_actions_after_the_end_are_refused():
    import random
    s = nl.new_game("toy", players=2, seed=1)
    rng = random.Random(0)
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions()))
    with pytest.raises(IllegalAction, match="the game is over"):
        s.apply(("draw",))


def test_legal_actions_returns_a_copy():
    s = nl.new_game("toy", players=2, seed=1)
    acts = s.legal_actions()
    acts.clear()
    assert s.legal_actions()


def test_every_event_cites_a_rule_the_game_declares():
    import random
    s = nl.new_game("toy", players=3, seed=2)
    rng = random.Random(2)
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions()))
    assert s.log and all(e.rule in type(s).RULES for e in s.log)
    assert str(s.log[-1]).endswith("(Toy › End)")


@pytest.mark.parametrize("seed", [-1, 2 ** 64, -(2 ** 64), 2 ** 200, 1.0, "7", True])
def test_seeds_outside_0_to_2_pow_64_are_refused(seed):
    with pytest.raises(ConfigError, match=r"seed must be a whole number with 0 <= seed < 2\*\*64"):
        nl.new_game("toy", seed=seed)


def test_the_largest_seeds_deal_games_of_their_own():
    a, b = nl.new_game("toy", seed=2 ** 64 - 1), nl.new_game("toy", seed=0)
    assert a.seed == 2 ** 64 - 1 and (a.hands, a.deck) != (b.hands, b.deck)
    assert nl.from_json(a.to_json()).hands == a.hands


@pytest.mark.parametrize("name", [["naeco"], None, 3, ("toy",)])
def test_a_game_name_that_is_not_a_string_is_a_config_error(name):
    with pytest.raises(ConfigError, match="a game is named by a str"):
        nl.new_game(name)


def test_a_plain_tuple_equal_to_a_legal_action_is_refused_and_changes_nothing():
    s = nl.new_game("toy", players=2, seed=1)
    legal = s.legal_actions()
    before = fingerprint(s)
    with pytest.raises(IllegalAction, match=r"is a tuple, not one of toy's actions: pass an action "
                                            r"from legal_actions\(\) \(Move\)"):
        s.apply(tuple(legal[0]))
    assert fingerprint(s) == before and s.legal_actions() == legal


@pytest.mark.parametrize("action", [Move(None), Move("play", "x"), Move("play", [1]), Move([], {}),
                                    Move("bonus", 10 ** 30), object()])
def test_a_malformed_action_gets_a_reason_not_a_crash(action):
    s = nl.new_game("toy", players=2, seed=1)
    before = fingerprint(s)
    with pytest.raises(IllegalAction) as info:
        s.apply(action)
    assert str(info.value) and fingerprint(s) == before


def test_what_the_core_prints_counts_players_from_1():
    s = nl.new_game("toy", players=2, seed=1)
    assert "Player 1 to act" in repr(s)
    s.apply(s.legal_actions()[0])
    assert str(s.log[-1]).startswith("[Player 1] ")
    with pytest.raises(IllegalAction, match=r"Player 2 must choose"):
        s.apply(Move("pass"))
    with pytest.raises(IllegalAction, match=r"its value is 'points' \(str\), where a legal Move has "
                                            r"NoneType or int"):
        s.apply(Move("bonus", "points"))         # no bonus is to be taken now
    with pytest.raises(IllegalAction, match=r"not in Player 2's hand"):
        s.apply(Move("play", 99))
