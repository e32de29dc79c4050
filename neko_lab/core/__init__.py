"""The game-agnostic kernel: State, Event, errors, the seeded generator, saving and the registry."""
from .errors import ConfigError, DataError, IllegalAction, SaveError
from .events import EVERYTHING, PUBLIC, Event, cite, shown_log
from .frozen import FrozenDict, freeze
from .rng import Rng
from .serial import serializable, fast_copy
from .state import Pending, State
from .history import FORMAT
from .data import dataset_dir, read_csv, read_json
from .registry import GAMES, game_class, load_builtin, new_game, register
from .loading import Replay, from_json, replay

__all__ = ["ConfigError", "DataError", "IllegalAction", "SaveError", "Event", "cite", "EVERYTHING", "PUBLIC", "shown_log", "FrozenDict", "freeze", "Rng", "serializable",
           "fast_copy", "FORMAT", "Pending", "State", "from_json", "replay", "Replay", "GAMES", "game_class",
           "load_builtin", "new_game", "register", "dataset_dir", "read_csv", "read_json"]
