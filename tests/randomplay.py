"""Positions found by random play, shared by the refusal tests of every game."""
from __future__ import annotations

import random
from typing import Any, Callable, Iterable, Iterator


def first_wanted(games: Iterable[tuple[Any, int]], want: Callable[[Any], Any]) -> tuple[Any, Any]:
    """Play each (state, seed) of `games` with uniformly random legal actions (random.Random(seed)) until
    want(state) names an action to try; (that state, that action) for the first it names. `games` may be
    a generator: a game is made only when the ones before it named nothing."""
    for s, seed in games:
        rng = random.Random(seed)
        while not s.is_over():
            x = want(s)
            if x is not None:
                return s, x
            s.apply(rng.choice(s.legal_actions()))
    raise AssertionError("no such position in the games played")


def random_moves(game: str, players: int, seed: int, **options: Any) -> Iterator[tuple[Any, Any, Any]]:
    """Every move of a whole game played with uniformly random legal actions (random.Random(seed)), as
    (the position before it, the action, the position after it: the live state, changed by the next move)."""
    import neko_lab as nl
    s = nl.new_game(game, players=players, seed=seed, **options)
    rng = random.Random(seed)
    while not s.is_over():
        a = rng.choice(s.legal_actions())
        before = s.clone()
        s.apply(a)
        yield before, a, s
