"""The game-agnostic kernel: State, Event, errors, the seeded generator, saving and the registry."""
from .errors import ConfigError, DataError, IllegalAction, SaveError
from .events import Event
from .rng import Rng
from .serial import serializable, fast_copy
from .state import FORMAT, Pending, State, from_json
from .data import dataset_dir, read_csv, read_json
from .registry import GAMES, game_class, load_builtin, new_game, register

__all__ = ["ConfigError", "DataError", "IllegalAction", "SaveError", "Event", "Rng", "serializable",
           "fast_copy", "FORMAT", "Pending", "State", "from_json", "GAMES", "game_class",
           "load_builtin", "new_game", "register", "dataset_dir", "read_csv", "read_json"]
