"""The game registry: nl.GAMES and nl.new_game()."""
from __future__ import annotations

import importlib
from typing import Any

from .errors import ConfigError, excerpt
from .state import State

# Games shipped with neko_lab: key -> module that defines the State subclass as `GameState`.
BUILTIN = {
    "journey": "neko_lab.games.journey.rules",
    "syndicate": "neko_lab.games.syndicate.rules",
    "neptune": "neko_lab.games.neptune.rules",
    "naeco": "neko_lab.games.naeco.rules",
}

GAMES: dict[str, type[State]] = {}


def register(cls: type[State]) -> type[State]:
    """Register a State subclass under cls.GAME (usable as a class decorator)."""
    if not cls.GAME:
        raise ConfigError(f"{cls.__name__} has no GAME key")
    GAMES[cls.GAME] = cls
    from . import serial
    serial.serializable(cls)
    return cls


def load_builtin() -> None:
    for key, module in BUILTIN.items():
        if key in GAMES:
            continue
        try:
            mod = importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name and module.startswith(exc.name):
                continue  # this game is not part of this version
            raise
        register(mod.GameState)


def game_class(name: str) -> type[State]:
    if not isinstance(name, str):
        raise ConfigError(f"a game is named by a str (one of nl.GAMES), not {type(name).__name__} "
                          f"{excerpt(name, 40)}")
    if name not in GAMES:
        load_builtin()
    if name not in GAMES:
        allowed = ", ".join(sorted(GAMES)) or "none"
        raise ConfigError(f"unknown game {name!r}; available games: {allowed}")
    return GAMES[name]


def new_game(name: str, players: int | None = None, seed: int | None = None, data: Any = None,
             **options: Any) -> State:
    """Start a game: nl.new_game("naeco", players=2, seed=42, sea_shepherd=True)."""
    return game_class(name)(players=players, seed=seed, data=data, **options)
