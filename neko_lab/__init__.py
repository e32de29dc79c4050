"""neko_lab: learn, play and analyse four modern board games in Jupyter.

    import neko_lab as nl
    s = nl.new_game("naeco", players=2, seed=42)
    df = nl.simulate("naeco", games=1000, agents=["greedy", "random"], seed=0)
"""
from __future__ import annotations

from typing import Any

from .core import (ConfigError, DataError, Event, GAMES, IllegalAction, Pending, Replay, SaveError,
                   State, from_json, game_class, new_game, register, replay)
from .core.registry import load_builtin as _load_builtin
from .core.version import VERSION as __version__

_load_builtin()


def _is_compiled() -> bool:
    # The compiled build (hatch_build.py, NEKO_LAB_COMPILE=1) puts an extension module beside each .py
    # of the core and the rules; Python imports the extension first.
    from importlib.machinery import EXTENSION_SUFFIXES
    from .core import state
    return str(getattr(state, "__file__", "")).endswith(tuple(EXTENSION_SUFFIXES))


compiled: bool = _is_compiled()
"""True when the core and the rules run as Cython-compiled modules, False for the pure-Python package."""

_LAZY = {
    "simulate": ("neko_lab.sim", "simulate"),
    "open_results": ("neko_lab.sim", "open_results"),
    "play": ("neko_lab.sim", "play"),
    "agents": ("neko_lab.agents", None),
    "sim": ("neko_lab.sim", None),
    "viz": ("neko_lab.viz", None),
    "analysis": ("neko_lab.analysis", None),
    "playtest": ("neko_lab.sim.playtesting", "playtest"),
    "widgets": ("neko_lab.widgets", None),
    "make_agent": ("neko_lab.agents", "make_agent"),
    "learn": ("neko_lab.learn", None),
    "lesson": ("neko_lab.widgets.lesson", "lesson"),
    "lessons": ("neko_lab.learn.drill", "lessons"),     # (neko_lab.learn.lessons is the lessons' package)
    "explain_move": ("neko_lab.learn", "explain_move"),
    "hint": ("neko_lab.learn", "hint"),
}


def __getattr__(name: str) -> Any:
    # pandas, plotly and ipywidgets load only when first used, so `import neko_lab` stays fast
    if name in _LAZY:
        import importlib
        module, attr = _LAZY[name]
        mod = importlib.import_module(module)
        return mod if attr is None else getattr(mod, attr)
    raise AttributeError(f"module 'neko_lab' has no attribute {name!r}")


__all__ = ["ConfigError", "DataError", "Event", "GAMES", "IllegalAction", "Pending", "SaveError",
           "State", "compiled", "from_json", "game_class", "new_game", "register", "replay", "Replay", *_LAZY]
