"""Generic agents on the toy game: legality, strength against random play, reproducibility, make_agent."""
from __future__ import annotations

import pytest

import neko_lab as nl
from neko_lab.agents import Agent, GreedyAgent, MCTSAgent, RandomAgent, agent_names, make_agent
from neko_lab.core import ConfigError, Pending

from statecheck import fingerprint
import toygame
from toygame import Move


def win_share(first, second, games: int, seed: int = 0) -> float:
    """Share of the wins taken by `first` over `games` games, alternating seats."""
    won = 0.0
    for g in range(games):
        seats = [first, second] if g % 2 == 0 else [second, first]
        state = nl.play("toy", seats, players=2, seed=seed + g)
        me = g % 2
        w = state.winners()
        if me in w:
            won += 1 / len(w)
    return won / games


def test_greedy_beats_random():
    assert win_share("greedy", "random", 300) > 0.55


def test_mcts_beats_random():
    # the toy game is mostly luck: search wins about 60 % of games against random play
    assert win_share(("mcts", {"iterations": 25}), "random", 40) > 0.55


def test_greedy_takes_the_highest_card_and_the_bonus_points():
    s = nl.new_game("toy", players=2, seed=3)
    s.hands[0] = [2, 6]
    s._legal = None
    g = GreedyAgent(seed=1)
    assert g.choose(s) == ("play", 6)
    s.apply(Move("play", 6))
    assert g.choose(s) == ("bonus", "points")


def _last_turn_state():
    """Seat 0 moves on the last turn; it trails by 5 and holds a 6 and a 1: only the 6 wins."""
    s = nl.new_game("toy", players=2, seed=5)
    s.turns = toygame.MAX_TURNS - 1
    s.hands = [[1, 6], [2]]
    s.played = [10, 15]
    s.discard = [4, 6, 5, 5, 5]
    s.bonus = [0, 0]
    s.pending = [Pending("turn", 0)]
    s._legal = None
    return s


def test_mcts_finds_the_only_winning_move_on_the_last_turn():
    s = _last_turn_state()
    assert MCTSAgent(seed=0, iterations=60).choose(s) == ("play", 6)


def test_ismcts_finds_the_only_winning_move_on_the_last_turn():
    """The toy game has no agent of its own: the search falls back on greedy for candidates and playouts."""
    assert make_agent(("ismcts", {"iterations": 30, "width": 2}), "toy", seed=0).choose(_last_turn_state()) \
        == ("play", 6)


def test_mcts_with_short_playouts_judges_by_the_evaluate_hook(monkeypatch):
    """With max_rollout=0 the search sees only the position after its own move: seat 0 holds 1 and 6,
    and an evaluate() that prefers low played totals makes the 1 the better move."""
    s = _last_turn_state()
    s.turns, s.discard, s.deck = 0, s.discard + s.deck, []     # no drawing: play the 1 or the 6
    s._legal = None
    monkeypatch.setattr(toygame.ToyState, "evaluate", lambda self, seat: -self.played[seat])
    assert MCTSAgent(seed=0, iterations=30, max_rollout=0).choose(s) == ("play", 1)
    monkeypatch.undo()
    assert MCTSAgent(seed=0, iterations=30, max_rollout=0).choose(s) == ("play", 6)


def test_mcts_with_a_time_budget_returns_a_legal_action():
    s = nl.new_game("toy", players=3, seed=2)
    assert MCTSAgent(seed=0, seconds=0.05).choose(s) in s.legal_actions()


def test_mcts_handles_the_pending_bonus_decision():
    s = _last_turn_state()
    s.apply(Move("play", 6))          # the 6 opens a bonus choice for the same seat
    assert s.current_player == 0 and s.pending[-1].kind == "bonus"
    assert MCTSAgent(seed=0, iterations=30).choose(s) in s.legal_actions()


@pytest.mark.parametrize("spec", ["random", "greedy", ("mcts", {"iterations": 20})])
def test_agents_do_not_change_the_state_they_are_shown(spec):
    s = nl.new_game("toy", players=2, seed=11)
    for _ in range(5):
        s.apply(s.legal_actions()[0])
    before = fingerprint(s)
    make_agent(spec, "toy", seed=4).choose(s)
    assert fingerprint(s) == before


@pytest.mark.parametrize("spec", ["random", "greedy", ("mcts", {"iterations": 15}), ("ismcts", {"iterations": 8})])
def test_same_seed_same_game(spec):
    a = nl.play("toy", [spec, "random"], players=2, seed=21)
    b = nl.play("toy", [spec, "random"], players=2, seed=21)
    assert [str(e) for e in a.log] == [str(e) for e in b.log]
    assert a.to_json() == b.to_json()


def test_different_seeds_give_different_games():
    logs = {tuple(str(e) for e in nl.play("toy", ["random", "random"], seed=s).log) for s in range(5)}
    assert len(logs) == 5


def test_make_agent_by_name_class_object_and_params():
    assert isinstance(make_agent("random", "toy", 1), RandomAgent)
    assert isinstance(make_agent(GreedyAgent, "toy", 1), GreedyAgent)
    m = make_agent(("mcts", {"iterations": 7}), "toy", 1)
    assert isinstance(m, MCTSAgent) and m.iterations == 7
    obj = RandomAgent(seed=99)
    assert make_agent(obj, "toy") is obj
    copy = make_agent(obj, "toy", seed=5)
    assert copy is not obj and copy.seed == 5 and obj.seed == 99


def test_an_agent_object_that_cannot_be_copied_is_refused_with_the_ways_out():
    import threading

    class Locked(Agent):
        name = "locked"

        def __init__(self, seed=None):
            super().__init__(seed)
            self.lock = threading.Lock()

        def choose(self, state):
            with self.lock:
                return state.legal_actions()[0]

    obj = Locked(seed=1)
    assert make_agent(obj, "toy") is obj          # used as it is: nothing to copy
    with pytest.raises(ConfigError, match=r"cannot be copied \(cannot pickle '_thread.lock'.*pass its class"):
        nl.play("toy", [obj, "random"], seed=3)
    game = nl.play("toy", [Locked, "random"], seed=3)     # the way out the message names
    assert game.is_over()


def test_unknown_agent_lists_the_allowed_names():
    with pytest.raises(ConfigError, match="unknown agent 'clever'.*random, greedy, mcts"):
        make_agent("clever", "toy", 0)
    with pytest.raises(ConfigError, match="agent 'mcts' has no parameter 'depth'; its parameters: iterations, "
                                          "seconds, exploration, max_rollout"):
        make_agent(("mcts", {"depth": 3}), "toy", 0)
    with pytest.raises(ConfigError, match="iterations must be a whole number >= 1, not 0"):
        make_agent(("mcts", {"iterations": 0}), "toy", 0)


@pytest.mark.parametrize("spec, game, message", [
    # a misspelt parameter is refused by every agent, also those that take none
    ("random(bogus=1)", "naeco", "agent 'random' has no parameter 'bogus'; it takes none"),
    ("greedy(x=1)", "naeco", "agent 'greedy' has no parameter 'x'; it takes none"),
    ("naeco(bogus=1)", "naeco", "agent 'naeco' has no parameter 'bogus'; it takes none"),
    ("journey(bogus=1)", "journey", "agent 'journey' has no parameter 'bogus'; it takes none"),
    ("syndicate(bogus=1)", "syndicate", "agent 'syndicate' has no parameter 'bogus'; its parameters: beam, "),
    # values the search cannot use are refused before any game starts
    ('mcts(exploration="x")', "naeco", "mcts: exploration must be a number >= 0, not 'x'"),
    ("mcts(exploration=nan)", "naeco", "mcts: exploration must be a number >= 0, not 'nan'"),
    (("mcts", {"exploration": float("nan")}), "naeco", "mcts: exploration must be a number >= 0, not nan"),
    ("mcts(iterations=True)", "naeco", "mcts: iterations must be a whole number >= 1, not True"),
    ("mcts(max_rollout=-1)", "naeco", "mcts: max_rollout must be a whole number >= 0, not -1"),
    ("mcts(max_rollout=abc)", "naeco", "mcts: max_rollout must be a whole number >= 0, not 'abc'"),
    ("mcts(seconds=abc)", "naeco", "mcts: seconds must be a number > 0, not 'abc'"),
    (("mcts", {"seconds": float("inf")}), "naeco", "mcts: seconds must be a number > 0, not inf"),
    ("ismcts(scale=abc)", "naeco", "ismcts: scale must be a number > 0, not 'abc'"),
    ("ismcts(exploration=abc)", "naeco", "ismcts: exploration must be a number >= 0, not 'abc'"),
    ("ismcts(trust=abc)", "naeco", "ismcts: trust must be a number >= 0, not 'abc'"),
    ("ismcts(margin=2)", "naeco", "ismcts: margin must be a number between 0 and 1, not 2"),
    (("ismcts", {"policy": 5}), "naeco", "ismcts: policy must be an agent name"),
    ("ismcts(policy=bogus)", "naeco", "ismcts: bad policy: unknown agent 'bogus' for naeco"),
    ("ismcts(policy=ismcts)", "naeco", "ismcts cannot use itself as its playout policy"),
    (("ismcts", {"policy": "ismcts(iterations=2)"}), "naeco", "ismcts cannot use itself"),
    (("ismcts", {"policy": "naeco("}), "naeco", "ismcts: bad policy: cannot read the agent 'naeco('"),
])
def test_agent_parameters_are_checked_when_the_agent_is_made(spec, game, message):
    with pytest.raises(ConfigError) as err:
        make_agent(spec, game, 0)
    assert str(err.value).startswith(message)


def test_an_ismcts_policy_the_game_does_not_have_is_refused_when_the_agent_is_made():
    """The policy's name depends on the game: make_agent() checks it when it is told the game; the same
    spec for a game that has that agent is accepted."""
    with pytest.raises(ConfigError, match="unknown agent 'journey' for naeco"):
        make_agent("ismcts(policy=journey)", "naeco", 0)
    assert make_agent("ismcts(policy=journey)", "journey", 0)._policy.name == "journey"
    make_agent("ismcts(policy=bogus)", None, 0)          # no game named: nothing to check it against yet


def test_agent_parameters_that_are_right_still_work():
    m = make_agent("mcts(iterations=5, exploration=0, max_rollout=0)", "naeco", 0)
    assert (m.iterations, m.exploration, m.max_rollout) == (5, 0.0, 0)
    assert make_agent("mcts(seconds=0.5)", "naeco", 0).seconds == 0.5
    assert make_agent("ismcts(iterations=3, trust=0.5, margin=1)", "naeco", 0).given["trust"] == 0.5


def test_make_agent_refuses_what_is_not_a_game():
    with pytest.raises(ConfigError, match="game must be a game's name"):
        make_agent("random", 5)


class CautiousAgent(Agent):
    """Draws whenever it can (a game-specific agent for the test below)."""

    name = "cautious"

    def choose(self, state):
        legal = state.legal_actions()
        return Move("draw") if Move("draw") in legal else legal[0]


def test_game_specific_agents_come_from_the_game_table(monkeypatch):
    monkeypatch.setattr(toygame.ToyState, "AGENTS", {"cautious": f"{__name__}:CautiousAgent"})
    assert agent_names("toy") == ["random", "greedy", "mcts", "ismcts", "cautious"]
    agent = make_agent("cautious", "toy", 3)
    assert isinstance(agent, CautiousAgent)
    s = nl.new_game("toy", players=2, seed=1)
    assert agent.choose(s) == Move("draw")
    monkeypatch.setattr(toygame.ToyState, "AGENTS", {"broken": "no_such_module:Agent"})
    with pytest.raises(ConfigError, match="cannot be loaded"):
        make_agent("broken", "toy", 0)


@pytest.mark.parametrize("spec,calls", [("greedy", 1), (("mcts", {"iterations": 12}), 12)])
def test_search_on_hidden_information_goes_through_determinize(monkeypatch, spec, calls):
    """Greedy and MCTS search copies re-sampled for the seat to move, never the true hidden cards."""
    seen = []
    real = toygame.ToyState.determinize

    def spy(self, seat, rng):
        seen.append(seat)
        return real(self, seat, rng)

    monkeypatch.setattr(toygame.ToyState, "determinize", spy)
    s = nl.new_game("toy", players=3, seed=6)
    s.apply(s.legal_actions()[0])
    mover = s.current_player
    make_agent(spec, "toy", seed=1).choose(s)
    assert seen == [mover] * calls
