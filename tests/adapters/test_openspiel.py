"""The OpenSpiel games (neko_lab.adapters.openspiel): OpenSpiel's random_sim_test on one game each, a
serialize round trip through the game's save, resampling through determinize, and one short IS-MCTS
game per game. Skipped when the optional extra (pip install "neko_lab[rl]") is not installed."""
from __future__ import annotations

import json

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python.algorithms import ismcts  # noqa: E402

import neko_lab as nl  # noqa: E402
from neko_lab.adapters import openspiel as neko_spiel  # noqa: E402
from neko_lab.core.registry import BUILTIN  # noqa: E402

GAMES = sorted(nl.GAMES)


def test_every_game_is_registered():
    names = set(pyspiel.registered_names())
    assert {f"python_neko_{g}" for g in GAMES} <= names


@pytest.mark.parametrize("game", GAMES)
def test_random_sim_test(game):
    g = pyspiel.load_game(f"python_neko_{game}", {"seed": 11})
    pyspiel.random_sim_test(g, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("game", GAMES)
def test_serialize_round_trip_replays_the_save(game):
    g = pyspiel.load_game(f"python_neko_{game}", {"players": 2, "seed": 4})
    s = g.new_initial_state()
    rng = np.random.RandomState(0)
    for _ in range(60):
        if s.is_terminal():
            break
        s.apply_action(int(rng.choice(s.legal_actions())))
    back = g.deserialize_state(s.serialize())
    assert back.engine.history() == s.engine.history()
    assert back.engine.to_json(snapshot=True) == s.engine.to_json(snapshot=True)
    assert back.legal_actions() == s.legal_actions()
    if not s.is_terminal():
        p = s.current_player()
        assert back.observation_string(p) == s.observation_string(p)
        assert back.observation_tensor(p) == s.observation_tensor(p)


def test_game_parameters_reach_the_engine():
    g = pyspiel.load_game("python_neko_naeco", {"players": 3, "seed": 9, "returns": "score",
                                                "options": json.dumps({"sea_shepherd": True})})
    s = g.new_initial_state()
    assert g.num_players() == 3 and s.engine.seed == 9 and s.engine.options["sea_shepherd"] is True
    assert g.num_distinct_actions() == nl.game_class("naeco").num_actions(3)
    assert (g.min_utility(), g.max_utility()) == nl.game_class("naeco").returns_bounds("score")
    with pytest.raises(Exception):
        pyspiel.load_game("python_neko_naeco", {"returns": "money"})


def test_resampling_keeps_what_the_player_sees():
    g = pyspiel.load_game("python_neko_naeco", {"players": 2, "seed": 2})
    s = g.new_initial_state()
    for _ in range(9):
        s.apply_action(s.legal_actions()[0])
    p = s.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    other = s.resample_from_infostate(p, sampler)
    assert other.observation_string(p) == s.observation_string(p)
    assert other.legal_actions() == s.legal_actions()
    hidden = [s.resample_from_infostate(p, sampler).engine.hands[1 - p] for _ in range(5)]
    assert len({tuple(h) for h in hidden}) > 1, "the opponent's hand is re-drawn"


class _Flat:
    """A cheap evaluator for a short search: no rollout, uniform priors."""

    def __init__(self, n):
        self.n = n

    def evaluate(self, state):
        return np.zeros(self.n)

    def prior(self, state):
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


@pytest.mark.parametrize("game", GAMES)
def test_a_short_ismcts_game(game):
    g = pyspiel.load_game(f"python_neko_{game}", {"players": 2, "seed": 5})
    bot = ismcts.ISMCTSBot(g, _Flat(2), uct_c=2.0, max_simulations=3,
                           random_state=np.random.RandomState(1), use_observation_string=True)
    s = g.new_initial_state()
    rng = np.random.RandomState(2)
    while not s.is_terminal():
        a = bot.step(s) if s.current_player() == 0 else int(rng.choice(s.legal_actions()))
        assert a in s.legal_actions()
        s.apply_action(a)
    assert s.returns() == s.engine.returns("win")


def _played(game: str, moves: int, seed: int = 7):
    g = pyspiel.load_game(f"python_neko_{game}", {"seed": seed})
    s = g.new_initial_state()
    for i in range(moves):
        s.apply_action(s.legal_actions()[i % len(s.legal_actions())])
    return g, s


@pytest.mark.parametrize("game", GAMES)
def test_a_clone_keeps_the_history_and_draws_no_seed_of_the_next_games(game):
    import copy
    _, plain = _played(game, 6)
    g, s = _played(game, 6)
    for c in (s.clone(), copy.deepcopy(s)):
        assert c.history() == s.history() and c.move_number() == s.move_number() == 6
        assert c.history_str() == s.history_str() and c.engine is not s.engine
        c.apply_action(c.legal_actions()[0])
        assert len(c.history()) == 7 and len(s.history()) == 6, "the copy plays on alone"
    # cloning must not change the games that follow (the seed sequence of the game)
    assert g.new_initial_state().engine.seed == plain.get_game().new_initial_state().engine.seed


@pytest.mark.parametrize("game", GAMES)
def test_a_deserialized_state_has_the_serialized_history(game):
    g, s = _played(game, 12)
    d = g.deserialize_state(s.serialize())
    assert d.history() == s.history() and d.serialize() == s.serialize()


@pytest.mark.parametrize("options", ["{bad", "[]", "1", "null", '"x"'])
def test_options_that_are_not_a_json_object_are_a_config_error(options):
    with pytest.raises(nl.ConfigError, match="options is the game's options as a JSON object"):
        pyspiel.load_game("python_neko_journey", {"options": options})


# option sets of several games, as a person passes them in the dict form of load_game (JSON with commas)
OPTION_SETS = [
    ("journey", 3, {"advanced_cards": True, "new_bid_spaces": 3}),
    ("journey", 4, {"advanced_setup": True, "exchange_limit": None, "blue_bar_on_direct_buys": True}),
    ("neptune", 3, {"events": True, "diversification_by": "bases", "final_fame_tie_vp": 2}),
    ("syndicate", 1, {"catanna": "very hard", "catanna_cubes": 7, "catanna_assign": "choose"}),
    ("naeco", 3, {"sea_shepherd": True, "facedown_any_depth": True}),
]


@pytest.mark.parametrize("game,players,options", OPTION_SETS)
def test_the_name_a_game_prints_loads_the_same_game_again(game, players, options):
    g = pyspiel.load_game(f"python_neko_{game}", {"players": players, "seed": 5, "returns": "score",
                                                  "options": json.dumps(options)})
    again = pyspiel.load_game(str(g))
    assert str(again) == str(g) and again.get_parameters() == g.get_parameters()
    assert again.options == options == g.options
    assert again.num_distinct_actions() == g.num_distinct_actions()
    assert again.observation_tensor_shape() == g.observation_tensor_shape()
    # the same seed: the same first game, the options it was dealt with included
    first = again.new_initial_state()
    assert first.serialize() == g.new_initial_state().serialize()
    assert {k: first.engine.options[k] for k in options} == options


def test_options_in_a_game_string_are_written_without_commas_and_read_either_way():
    g = pyspiel.load_game("python_neko_journey", {"options": '{"advanced_cards": true, "new_bid_spaces": 3}'})
    text = g.get_parameters()["options"]
    assert "," not in text
    typed = pyspiel.load_game('python_neko_journey(options={"new_bid_spaces": 3; "advanced_cards": true})')
    assert typed.options == g.options == {"advanced_cards": True, "new_bid_spaces": 3}
    assert pyspiel.load_game("python_neko_journey", {"options": text}).options == g.options


@pytest.mark.parametrize("options", [
    {"choice": "a, b (c) = d; e", "list": [1, 2.5, "x,y", None], "quote": 'say "hi"\\', "accent": "Naéco"},
    {"empty": "", "nested_sign": "f(x)", "ends": ")"},
])
def test_any_option_text_survives_openspiels_parser(options):
    """Texts and lists with commas, parentheses, '=' or ';' in them (a plugin game's options may hold
    any) come back whole through OpenSpiel's game-string parser."""
    text = neko_spiel.options_text(options)
    parsed = pyspiel.game_parameters_from_string(f"python_neko_journey(options={text},players=2)")
    assert parsed["options"] == text and parsed["players"] == 2
    assert neko_spiel.read_options(parsed["options"]) == options


@pytest.mark.parametrize("options", ["advanced_cards:true", '{"advanced_cards":true;}', "{'advanced_cards': true}"])
def test_options_a_game_string_cannot_read_say_what_to_write(options):
    with pytest.raises(nl.ConfigError, match=r"with ';' between them instead of ','.*"
                                             r"options=\{\"advanced_cards\":true;\"new_bid_spaces\":3\}"):
        pyspiel.load_game(f"python_neko_journey(options={options})")


def test_only_the_seats_own_observation_is_offered_not_an_information_state_or_a_public_view():
    from open_spiel.python.observation import make_observation
    g, s = _played("naeco", 4)
    with pytest.raises(nl.ConfigError, match="each seat's own observation only"):
        s.information_state_string(0)     # would be the observation, without perfect recall
    for private in (pyspiel.PrivateInfoType.NONE, pyspiel.PrivateInfoType.ALL_PLAYERS):
        with pytest.raises(nl.ConfigError, match="each seat's own observation only"):
            make_observation(g, pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                                           private_info=private))
    seen = make_observation(g)
    seen.set_from(s, 0)
    assert list(seen.tensor) == s.observation_tensor(0) and s.observation_string(0)


def test_the_readme_table_of_action_ids_and_tensor_lengths_is_the_games():
    import re
    from pathlib import Path
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    rows = {m.group(1): m.group(2, 3) for m in re.finditer(r"^\| `(\w+)` \| ([^|]+) \| ([^|]+) \|", readme, re.M)
            if m.group(1) in nl.GAMES and "p " in m.group(3)}
    assert set(rows) == {"journey", "naeco", "neptune", "syndicate"}
    for game, (ids, lengths) in rows.items():
        cls = nl.GAMES[game]
        for p in range(cls.MIN_PLAYERS, cls.MAX_PLAYERS + 1):
            n = f"{cls.num_actions(p, {}):,}"
            assert ids.strip() == n or f"{p}p {n}" in ids, (game, p, ids)
            assert f"{p}p {cls.observation_shape(p, {})[0]:,}" in lengths, (game, p, lengths)


@pytest.mark.parametrize("game", GAMES)
def test_a_resampled_state_keeps_no_history_that_could_tell_hidden_choices(game):
    """The real history holds other players' choices made out of sight (Journey's draft picks, Syndicate's
    walks before the meeting): a resampled copy keeps the player's view, but none of those action ids."""
    g, s = _played(game, 12)
    p = s.current_player()
    r = s.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert r.history() == [] and s.move_number() == 12
    assert r.observation_string(p) == s.observation_string(p) and r.engine is not s.engine
    assert r.engine.history() == [] and r.legal_actions() == s.legal_actions()
    c = r.clone()
    c.apply_action(c.legal_actions()[0])
    assert len(c.history()) == 1 and r.history() == [] and len(s.history()) == 12


def test_a_resampled_state_is_not_saved_but_the_real_one_is():
    g, s = _played("naeco", 9)
    p = s.current_player()
    r = s.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    for copy in (r, r.clone()):
        with pytest.raises(nl.SaveError, match=f"what Player {p + 1} cannot see was re-drawn"):
            copy.serialize()
    assert g.deserialize_state(s.serialize()).history() == s.history()
    with pytest.raises(nl.ConfigError, match="0 to 1 \\(Player 1 to Player 2\\), not 2"):
        s.resample_from_infostate(2, pyspiel.UniformProbabilitySampler(0.0, 1.0))


def test_a_save_of_another_game_player_count_or_options_is_refused_by_name():
    three = pyspiel.load_game("python_neko_naeco", {"players": 3, "seed": 1}).new_initial_state()
    three.apply_action(three.legal_actions()[0])
    text = three.serialize()
    with pytest.raises(nl.SaveError, match="a 3-player game and this python_neko_naeco game has 2 players"):
        pyspiel.load_game("python_neko_naeco", {"players": 2}).deserialize_state(text)
    with pytest.raises(nl.SaveError, match="a game of naeco, not of journey"):
        pyspiel.load_game("python_neko_journey", {"players": 3}).deserialize_state(text)
    shepherd = pyspiel.load_game("python_neko_naeco", {"players": 3, "options": '{"sea_shepherd": true}'})
    with pytest.raises(nl.SaveError, match="other options .*sea_shepherd: the save has false, this game true"):
        shepherd.deserialize_state(text)
    same = pyspiel.load_game("python_neko_naeco", {"players": 3, "options": '{"sea_shepherd": false}'})
    assert same.deserialize_state(text).history() == three.history()


def test_only_minus_one_means_a_fresh_seed_other_negative_seeds_are_refused():
    for bad in (-2, -5, -1000):
        with pytest.raises(nl.ConfigError, match=f"seed is -1 \\(a fresh seed for each new game\\) .*not {bad}"):
            pyspiel.load_game("python_neko_naeco", {"seed": bad})
    fresh = pyspiel.load_game("python_neko_naeco", {"seed": -1})
    assert fresh.new_initial_state().engine.seed != fresh.new_initial_state().engine.seed
    assert pyspiel.load_game("python_neko_naeco", {"seed": 0}).new_initial_state().engine.seed == 0


def test_asking_for_an_information_state_says_what_is_missing_and_what_to_use():
    from open_spiel.python.observation import make_observation
    _, s = _played("naeco", 4)
    for ask in (lambda: s.information_state_string(0), lambda: s.information_state_tensor(0)):
        with pytest.raises(nl.ConfigError) as refused:
            ask()
        text = str(refused.value)
        assert "not an information state" in text and "information_state_string" in text
        assert "use observation_string(player) / observation_tensor(player)" in text
        assert "object at 0x" not in text
    g = s.get_game()
    with pytest.raises(nl.ConfigError, match="not a public-only view"):
        make_observation(g, pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                                       private_info=pyspiel.PrivateInfoType.NONE))


def test_chance_outcomes_says_there_are_no_chance_nodes():
    _, s = _played("naeco", 3)
    assert not s.is_chance_node()
    with pytest.raises(nl.ConfigError, match="python_neko_naeco has no chance nodes"):
        s.chance_outcomes()


def test_a_refused_action_id_gives_the_rule_in_words():
    g = pyspiel.load_game("python_neko_naeco", {"players": 2, "seed": 1})
    s = g.new_initial_state()
    s.apply_action(s.legal_actions()[0])               # Player 1 has played and must draw now
    with pytest.raises(nl.IllegalAction) as refused:
        s.apply_action(0)
    text = str(refused.value)
    assert "action id 0: play " in text and "has played and must draw (Naéco › Gameplay)" in text
    assert "('play'" not in text
    gj = pyspiel.load_game("python_neko_journey", {"players": 2, "seed": 1})
    j = gj.new_initial_state()
    bad = next(i for i in range(gj.num_distinct_actions()) if i not in j.legal_actions())
    with pytest.raises(nl.IllegalAction, match=f"action id {bad}: .* \\(Journey › "):
        j.apply_action(bad)


def test_solo_naeco_returns_its_score_and_refuses_a_win_return():
    """Solo Naéco is rated, not won: its default return is the score, and asking for "win" says why."""
    g = pyspiel.load_game("python_neko_naeco", {"players": 1, "seed": 3})
    assert g.get_parameters()["returns"] == "score"
    assert (g.min_utility(), g.max_utility()) == nl.game_class("naeco").returns_bounds("score")
    seen = set()
    for k in range(5):
        s = g.new_initial_state()
        rng = np.random.RandomState(k)
        while not s.is_terminal():
            s.apply_action(int(rng.choice(s.legal_actions())))
        assert s.returns() == [float(s.engine.scores()[0])]
        seen.add(s.returns()[0])
    assert len(seen) > 1, "the return follows the score"
    with pytest.raises(nl.ConfigError, match=r'has no winner \(Naéco › Solo play variant.*use "score"'):
        pyspiel.load_game("python_neko_naeco", {"players": 1, "returns": "win"})
    assert pyspiel.load_game("python_neko_naeco", {"players": 2}).get_parameters()["returns"] == "win"
    assert pyspiel.load_game("python_neko_syndicate", {"players": 1}).get_parameters()["returns"] == "win"


def _n_legal(state):
    return len(state.legal_actions())


@pytest.mark.parametrize("game", GAMES)
def test_games_and_states_pickle_and_copy(game):
    import copy
    import multiprocessing
    import pickle
    g, s = _played(game, 9)
    back = pickle.loads(pickle.dumps(s))
    assert back.history() == s.history() and back.serialize() == s.serialize()
    assert back.get_game().get_parameters() == g.get_parameters()
    for c in (copy.copy(s), copy.deepcopy(s), back):
        assert c.history() == s.history() and c.engine is not s.engine
        c.apply_action(c.legal_actions()[0])
        assert len(c.history()) == 10 and len(s.history()) == 9, "the copy plays on alone"
    # a seeded game's copy deals the games the original deals next
    twin = pickle.loads(pickle.dumps(g))
    assert [twin.new_initial_state().engine.seed for _ in range(2)] == \
           [g.new_initial_state().engine.seed for _ in range(2)]
    assert copy.copy(g).get_parameters() == copy.deepcopy(g).get_parameters() == g.get_parameters()
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        # (a worker that cannot load an argument would leave map() waiting: a time limit instead)
        assert pool.map_async(_n_legal, [s, s.clone()]).get(timeout=120) == [len(s.legal_actions())] * 2


def test_a_resampled_state_is_not_pickled():
    import pickle
    _, s = _played("naeco", 9)
    r = s.resample_from_infostate(s.current_player(), pyspiel.UniformProbabilitySampler(0.0, 1.0))
    with pytest.raises(nl.SaveError, match="cannot see was re-drawn"):
        pickle.dumps(r)


def test_cloning_in_one_thread_leaves_new_games_in_another_whole():
    import sys
    import threading
    g, s = _played("naeco", 5)
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    stop, shells = threading.Event(), []
    clones = []

    def cloner():
        while not stop.is_set():
            clones.append(len(s.clone().history()))

    t = threading.Thread(target=cloner)
    t.start()
    try:
        for _ in range(300):
            if g.new_initial_state().engine is None:
                shells.append(1)
    finally:
        stop.set()
        t.join()
        sys.setswitchinterval(old)
    assert clones and set(clones) == {5}
    assert not shells, "new_initial_state() gave an empty shell while another thread cloned"


@pytest.mark.parametrize("game", sorted(BUILTIN))
def test_action_to_string_reads_any_id_of_the_history(game):
    g = pyspiel.load_game(f"python_neko_{game}", {"players": 2, "seed": 1})
    s = g.new_initial_state()
    said = []
    for i in range(10):
        a = s.legal_actions()[i % len(s.legal_actions())]
        said.append((s.current_player(), a, s.action_to_string(s.current_player(), a)))
        s.apply_action(a)
    words = s.engine.action_words
    for seat, a, when_chosen in said:
        later = s.action_to_string(seat, a)
        assert later == words(a) and not later.startswith("action")
        assert later == s.get_game().new_initial_state().engine.action_words(a), "from the id alone"
    assert any(w != words(a) for _, a, w in said), "a legal id in the position's own words"
    with pytest.raises(nl.IllegalAction, match="the ids run from 0 to"):
        s.action_to_string(0, g.num_distinct_actions())


def test_action_to_string_names_a_hand_card_only_to_the_seat_deciding():
    """Naéco: the deciding seat's play names its card; the same id read for another seat, or once
    played, names the place and side only (which hand place held which card is the hand's secret)."""
    g = pyspiel.load_game("python_neko_naeco", {"players": 2, "seed": 1})
    s = g.new_initial_state()
    hand = [s.engine.cards[c].name for c in s.engine.hands[0]]
    for a in s.legal_actions()[:40]:
        own, other = s.action_to_string(0, a), s.action_to_string(1, a)
        assert any(name in own for name in hand)
        assert not any(name in other for name in hand) and other.startswith("play a card face-")
    played = s.legal_actions()[0]
    s.apply_action(played)
    assert s.action_to_string(0, played) == s.action_to_string(1, played) == s.engine.action_words(played)


def test_the_utility_bounds_are_those_of_the_dataset_played(tmp_path):
    """A designer's variant may score past the shipped data's bounds: OpenSpiel is told the bounds of the
    data the game plays (a priority card worth 20 a symbol)."""
    import shutil
    from neko_lab.core.data import dataset_dir
    folder = tmp_path / "naeco"
    shutil.copytree(dataset_dir("naeco"), folder)
    (folder / "priority_observations.csv").write_text(
        "card,insufficiently_known,well_known,endangered,least_concern,source\n"
        + "".join(f"{c},20,20,20,20,reconstructed\n" for c in "ABCD"), encoding="utf-8")
    g = pyspiel.load_game("python_neko_naeco", {"players": 2, "returns": "score",
                                                "options": json.dumps({"data": str(folder)})})
    cls = nl.game_class("naeco")
    assert (g.min_utility(), g.max_utility()) == cls.returns_bounds("score", 2, data=str(folder))
    assert g.max_utility() > cls.SCORE_BOUNDS[1]
