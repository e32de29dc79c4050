"""A search copy keeps nothing of the real game beyond what its seat knows: determinize(k) drops the real
game's history (it holds other seats' hidden choices: a card played face-down, a walk not yet shown) and
the seed its cards were dealt from, and the copy cannot be saved, in either kind. (Before, a copy saved
as the real game: loading its save gave back every hidden card.)"""
from __future__ import annotations

import random

import pytest

import neko_lab as nl
from neko_lab.core import Rng
from neko_lab.core.errors import SaveError


def _cases():
    for name, cls in sorted(nl.GAMES.items()):
        yield pytest.param(name, max(2, cls.MIN_PLAYERS), id=name)


@pytest.mark.parametrize("game,players", list(_cases()))
def test_a_search_copy_has_no_history_no_seed_and_cannot_be_saved(game, players):
    cls = nl.GAMES[game]
    s = cls(players=players, seed=12)
    pick = random.Random(5)
    for _ in range(25):
        s.apply(pick.choice(s.legal_actions()))
    real = s.to_json()
    for k in range(players):
        copy = s.determinize(k, Rng(3 + k))
        assert copy.history() == [] and copy.seed == 0
        assert copy.steps == s.steps                       # the number of moves is seen at the table
        for snapshot in (False, True):
            with pytest.raises(SaveError, match="search copy"):
                copy.to_json(snapshot=snapshot)
        again = copy.clone()                               # a copy of a copy is a search copy too
        assert not again.is_over()
        again.apply(again.legal_actions()[0])              # it plays on
        with pytest.raises(SaveError, match="search copy"):
            again.to_json()
    assert s.to_json() == real                             # the real game saves as before
    assert nl.from_json(real).history() == s.history()


def test_a_game_that_overrides_determinize_itself_is_refused_when_its_class_is_made():
    """A game re-draws in _determinize(): overriding determinize() would skip what the core drops."""
    from neko_lab.core.state import State

    with pytest.raises(TypeError, match="_determinize"):
        class Leaky(State):                                # noqa: F841
            def determinize(self, seat, rng):
                return self.clone()
