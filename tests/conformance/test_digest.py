"""The engines' behaviour is pinned by digests of seeded random games (see digest.py).

CI compares the first games of every player count and option set; `--nightly` compares all of them.
A change of behaviour made on purpose records new digests in the commit that makes it.
"""
from __future__ import annotations

import pytest

from digest import DIGESTED, GAMES, game_digest, option_sets, recorded

import neko_lab as nl

QUICK = 6


def _cases():
    for name in DIGESTED:
        cls = nl.game_class(name)
        for players in range(cls.MIN_PLAYERS, cls.MAX_PLAYERS + 1):
            for label, options in option_sets(cls):
                yield pytest.param(name, players, label, options, id=f"{name}-{players}p-{label}")


@pytest.mark.parametrize("name,players,label,options", list(_cases()))
def test_behaviour_matches_recorded_digest(name, players, label, options, request):
    want = recorded(name)[f"{players}p-{label}"]
    games = GAMES if request.config.getoption("--nightly") else QUICK
    got = [game_digest(name, players, seed, options) for seed in range(games)]
    diff = [seed for seed in range(games) if got[seed] != want[seed]]
    assert not diff, f"{name} {players}p {label}: seeds {diff[:10]} play differently than recorded"
