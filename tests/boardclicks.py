"""A test helper for boards: every place a picture draws but does not light, clicked along a random game."""
from __future__ import annotations

import random
from typing import Any, Callable, Iterator


def unlit_clicks(s: Any, make_board: Callable[[Any], Any], moves: int, seed: int) -> Iterator[tuple[str, str]]:
    """Play up to `moves` random moves (random.Random(seed)) from `s`; at each position click every target
    drawn but not lit on a fresh board of a copy and yield (target name, the board's message)."""
    rng = random.Random(seed)
    for _ in range(moves):
        if s.is_over():
            return
        b = make_board(s.clone())
        lit = set(b.picture_widget.targets())
        for name in b.picture_widget.targets(lit_only=False):
            if name not in lit:
                b.picture_widget.miss(name)
                yield name, b.message.text
        s.apply(rng.choice(s.legal_actions()))
