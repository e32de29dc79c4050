"""What learning and search tools rely on, checked on every registered game by random games (core/spaces.py):
declared limits never exceeded, action ids that round-trip and name one choice, tensors of the declared
shape, returns within their bounds, one seat with one observation always facing the same legal actions,
chance only where declared, and snapshots that reading a state cannot change."""
from __future__ import annotations

import json
import math
import random

import pytest

import neko_lab as nl
from neko_lab.core import IllegalAction, Rng
from neko_lab.core.spaces import CHANCE_KINDS

GAMES_PER_COUNT = 6


def _cases():
    return [pytest.param(name, players, id=f"{name}-{players}p")
            for name, cls in sorted(nl.GAMES.items())
            for players in range(cls.MIN_PLAYERS, cls.MAX_PLAYERS + 1)]


CASES = _cases()


@pytest.mark.parametrize("game", sorted(nl.GAMES))
def test_every_game_declares_its_limits_and_spaces(game):
    cls = nl.game_class(game)
    assert cls.MAX_GAME_LENGTH > 0 and cls.MAX_LEGAL_ACTIONS > 0
    assert cls.CHANCE in CHANCE_KINDS
    assert all(cls.chance_at(p) in CHANCE_KINDS for p in range(cls.MIN_PLAYERS, cls.MAX_PLAYERS + 1))
    lo, hi = cls.SCORE_BOUNDS
    assert lo < hi
    assert cls.returns_bounds("win") == (-1.0, 1.0)
    assert cls.returns_bounds("score") == (float(lo), float(hi))
    for players in range(cls.MIN_PLAYERS, cls.MAX_PLAYERS + 1):
        assert cls.num_actions(players) > 0
        layout = cls.observation_layout(players)
        assert cls.observation_shape(players) == (layout.size,) and layout.size > 0
        rows = layout.describe()
        assert all(r["meaning"] for r in rows), "every tensor field says what its numbers mean"
        assert rows[-1]["start"] + rows[-1]["size"] == layout.size


@pytest.mark.parametrize("game,players", CASES)
def test_a_count_without_a_winner_has_no_win_return(game, players):
    """Where the rules name no winner (NO_WINNER: a solo game rated by its score), "win" would be a
    constant: it is refused, with the rule and the kind to use, and "score" is the default."""
    cls = nl.game_class(game)
    s = nl.new_game(game, players=players, seed=1)
    assert cls.has_winner(players) == (players not in cls.NO_WINNER)
    for section in cls.NO_WINNER.values():
        assert section.startswith(f"{cls.TITLE} › ")
    if cls.has_winner(players):
        assert cls.default_return(players) == "win" and cls.returns_bounds(None, players) == (-1.0, 1.0)
        return
    assert cls.default_return(players) == "score"
    assert cls.returns_bounds(None, players) == cls.returns_bounds("score", players)
    for ask in (lambda: s.returns("win"), lambda: cls.returns_bounds("win", players)):
        with pytest.raises(nl.ConfigError, match=f"has no winner \\({cls.NO_WINNER[players]}.*use \"score\""):
            ask()


def test_solo_naeco_has_no_winner_and_solo_syndicate_has_one():
    assert not nl.game_class("naeco").has_winner(1) and nl.game_class("naeco").has_winner(2)
    assert nl.game_class("syndicate").has_winner(1)


def test_a_solo_victory_shared_with_an_automated_opponent_returns_0_like_any_shared_win():
    """Solo Syndicate: a tie with CatANNA after the tie-break is half a victory (shares()), so "win"
    returns 0 for it, +1 for a win, -1 for a loss, as for a victory shared between seats."""
    s = nl.new_game("syndicate", players=1, seed=2)
    rng = random.Random(2)
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions()))
    for result, value in (("won", 1.0), ("shared", 0.0), ("lost", -1.0)):
        s.solo_result = lambda result=result: result
        assert s.returns("win") == [value]


def _snapshot_reads(state):
    """Everything a tool may read from a state without changing it."""
    state.legal_actions()
    state.scores()
    state.breakdown()
    state.winners()
    state.is_over()
    for seat in range(state.players):
        state.observation(seat)
        state.visible_breakdown(seat)


@pytest.mark.parametrize("game,players", CASES)
def test_random_games_respect_the_declared_spaces(game, players):
    cls = nl.game_class(game)
    n_actions = cls.num_actions(players)
    shape = cls.observation_shape(players)
    lo, hi = cls.SCORE_BOUNDS
    seen: dict[tuple, list[str]] = {}
    rng = random.Random(f"spaces-{game}-{players}")
    longest = widest = 0
    for g in range(GAMES_PER_COUNT):
        s = nl.new_game(game, players=players, seed=rng.randrange(2**31))
        steps = 0
        while not s.is_over():
            seat = s.current_player
            legal = s.legal_actions()
            widest = max(widest, len(legal))
            assert len(legal) <= cls.MAX_LEGAL_ACTIONS, f"{len(legal)} legal actions: more than declared"
            ids = s.legal_action_ids()
            assert len(set(ids)) == len(ids), f"two legal actions share an id: {legal}"
            assert all(0 <= i < n_actions for i in ids)
            for a, i in zip(legal, ids):
                assert s.action_from_id(i) == a
            # the same seat with the same observation always faces the same legal actions
            key = (seat, json.dumps(s.observation(seat), sort_keys=True, default=str))
            names = [str(a) for a in legal]
            assert seen.setdefault(key, names) == names, (
                f"Player {seat + 1} sees the same observation but different choices: "
                f"{seen[key][:6]} then {names[:6]}")
            if steps % 7 == 0:
                for k in range(players):
                    t = s.observation_tensor(k)
                    assert (len(t),) == shape and all(math.isfinite(x) for x in t)
            s.apply(rng.choice(legal))
            steps += 1
            assert steps <= cls.MAX_GAME_LENGTH, f"{game}: more than MAX_GAME_LENGTH actions"
        longest = max(longest, steps)
        kinds = ("win", "score") if cls.has_winner(players) else ("score",)
        for kind in kinds:
            r = s.returns(kind)
            low, high = cls.returns_bounds(kind, players)
            assert len(r) == players and all(low <= v <= high for v in r), (kind, r)
        assert s.returns() == s.returns(cls.default_return(players))
        assert lo <= min(s.scores()) and max(s.scores()) <= hi
    assert longest > 0 and widest > 0


@pytest.mark.parametrize("game,players", CASES)
def test_every_action_id_reads_in_words_from_the_id_alone(game, players):
    """action_words(i) for every id: words where the game has key_words (else "action id i"), the same
    in every position, since they are read from the id alone."""
    s = nl.new_game(game, players=players, seed=3)
    n = s.num_actions(players)
    words = [s.action_words(i) for i in range(n)]
    assert all(isinstance(w, str) and w for w in words)
    if hasattr(s.SPACES, "key_words"):
        assert not any(w.startswith("action id") for w in words)
    rng = random.Random(3)
    for _ in range(15):
        if s.is_over():
            break
        s.apply(rng.choice(s.legal_actions()))
    assert [s.action_words(i) for i in range(0, n, 97)] == words[::97], "the words do not read the position"
    with pytest.raises(IllegalAction, match="the ids run from 0 to"):
        s.action_words(n)


@pytest.mark.parametrize("game,players", CASES)
def test_action_ids_refuse_what_is_not_legal(game, players):
    s = nl.new_game(game, players=players, seed=5)
    legal_ids = set(s.legal_action_ids())
    other = next(i for i in range(s.num_actions(players)) if i not in legal_ids)
    with pytest.raises(IllegalAction):
        s.action_from_id(other)
    with pytest.raises(IllegalAction):
        s.action_id(("not", "an action"))


@pytest.mark.parametrize("game,players", CASES)
def test_reading_a_state_never_changes_its_snapshot(game, players):
    rng = random.Random(f"pure-{game}-{players}")
    s = nl.new_game(game, players=players, seed=11)
    step = 0
    while not s.is_over():
        if step % 5 == 0:
            fresh = s.clone()
            before = fresh.to_json(snapshot=True)
            _snapshot_reads(fresh)
            assert fresh.to_json(snapshot=True) == before, f"reading changed the snapshot at step {step}"
        s.apply(rng.choice(s.legal_actions()))
        step += 1


@pytest.mark.parametrize("game,players", CASES)
def test_chance_happens_only_where_declared(game, players):
    """A game declaring chance at set-up only plays identically whatever its generator holds later."""
    cls = nl.game_class(game)
    rng = random.Random(f"chance-{game}-{players}")
    s = nl.new_game(game, players=players, seed=21)
    other = s.clone()
    other.rng = Rng(987654321)
    differs = False
    while not s.is_over():
        if [str(a) for a in s.legal_actions()] != [str(a) for a in other.legal_actions()] or any(
                s.observation(k) != other.observation(k) for k in range(players)):
            differs = True
            break
        a = rng.choice(s.legal_actions())
        s.apply(a)
        other.apply(a)
    if cls.chance_at(players) == "setup":
        assert not differs, "chance after set-up in a game that declares chance at set-up only"


@pytest.mark.parametrize("game", sorted(nl.GAMES))
def test_sizes_are_refused_for_player_counts_the_game_does_not_allow(game):
    cls = nl.GAMES[game]
    for players in (cls.MIN_PLAYERS - 1, cls.MAX_PLAYERS + 1, "2"):
        for ask in (cls.num_actions, cls.observation_shape, cls.observation_layout):
            with pytest.raises(nl.ConfigError, match=f"{game} is for {cls.MIN_PLAYERS} to {cls.MAX_PLAYERS} players, "
                                                     f"not {players!r}"):
                ask(players)
    assert cls.num_actions() == cls.num_actions(cls.DEFAULT_PLAYERS)
