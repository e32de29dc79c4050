"""Test helpers for boards: every place a picture draws but does not light, clicked along a random game;
positions along a random game that light every kind of place the game's picture lights."""
from __future__ import annotations

import random
import re
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


def lit_kind(name: str) -> str:
    """A lit target's name with its numbers left out ("loc:#", "player:me", "cell:#:#"): the kinds of place
    a game's picture lights."""
    return re.sub(r"-?[0-9]+", "#", name)


def positions_along(game: str, seed: int, make_board: Callable[[Any], Any], every: int = 30, players: int = 2,
                    moves: int = 600) -> list[Any]:
    """Positions of a random game of `game` (random.Random(seed) moves from nl.new_game(..., seed=seed)): every
    `every`-th one, and the first to light each kind of target (`lit_kind`) the game's picture lights at any
    position. A board from `make_board` shows each position (its state swapped in: one board is enough to
    read what a picture lights)."""
    import neko_lab as nl

    s = nl.new_game(game, players=players, seed=seed)
    rng = random.Random(seed)
    b = make_board(s.clone())
    chosen: dict[int, Any] = {}
    kinds: set[str] = set()
    for n in range(moves):
        if s.is_over():
            break
        b.state = s.clone()
        b.refresh()
        new = {lit_kind(name) for name in b.picture_widget.targets()} - kinds
        if new or n % every == 0:
            chosen[n] = s.clone()
            kinds |= new
        s.apply(rng.choice(s.legal_actions()))
    return list(chosen.values())


def busiest(game: str, seed: int, agent: bool = False, players: int = 2, moves: int = 600) -> list[Any]:
    """Positions of a random game of `game` (as in `positions_along`) whose pictures, on a board with every
    seat a person's, light the most: the one lighting the most places, and the one lighting the most kinds
    of place (`lit_kind`: Neptune's locations, technologies and the panel's buttons at once), then the most
    places (one position when it is both; of equally busy ones, the earliest). With `agent`, seat 2 is the
    game's own agent (its moves on a board with speed "instant") and the positions are seat 1's."""
    import neko_lab as nl
    from neko_lab.widgets import board

    s = nl.new_game(game, players=players, seed=seed)
    rng = random.Random(seed)
    b = board(s if agent else s.clone(), agents={1: game} if agent else {})
    b.controls.speed.value = "instant"
    b.play_bots()
    most: tuple | None = None
    varied: tuple | None = None
    for n in range(moves):
        if s.is_over():
            break
        if not agent:
            b.state = s.clone()          # one board reads what every position lights
            b.refresh()
        lit = set(b.picture_widget.targets())
        kinds = len({lit_kind(name).split(":")[0] for name in lit})
        if most is None or len(lit) > most[0]:
            most = (len(lit), s.clone())
        if varied is None or (kinds, len(lit)) > varied[0]:
            varied = ((kinds, len(lit)), s.clone())
        if agent:
            b.play(rng.choice(s.legal_actions()))
            b.play_bots()
        else:
            s.apply(rng.choice(s.legal_actions()))
    assert most is not None and varied is not None
    return [most[1]] + ([varied[1]] if varied[1].to_json() != most[1].to_json() else [])
