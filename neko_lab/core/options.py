"""Checks of a game's options as State.__init__ makes them: each value of its default's type, and an
option set away from its default only with a player count it applies to (ConfigError otherwise).
"""
from __future__ import annotations

import math
from typing import Any

from .errors import ConfigError, excerpt, plain


def check_option_players(cls: type, players: int, options: dict[str, Any]) -> None:
    """Refuse an option set to a non-default value with a player count it does not apply to."""
    for name, counts in cls.OPTION_PLAYERS.items():
        if players not in counts and options.get(name) != cls.OPTIONS.get(name):
            shown = ", ".join(map(str, counts))
            raise ConfigError(f"{cls.GAME} option {name} applies only to games with {shown} "
                              f"player{'s' if counts != (1,) else ''}, not {players}")


def check_option_type(cls: type, name: str, given: Any) -> Any:
    """`given` as the option's value (numpy's values, read from a results frame, as the plain values
    they stand for: errors.plain); ConfigError unless `value` has the type of the option's default: True/False for a switch, a whole
    number (not 3.0, not True) for a count, a finite number for a real value, text for a choice; None is
    left to the game's check_options (some games read it as "no limit"). Options whose default is None
    take None or a plain value (a number, text, or a tuple/list of them), and the game's check_options
    says which."""
    default = cls.OPTIONS[name]
    value = plain(given)
    if value is None and not isinstance(default, bool):
        return value                 # "none" where a game allows it (e.g. no exchange limit); it says if not
    if isinstance(default, bool):
        ok, kind = isinstance(value, bool), "True or False"
    elif isinstance(default, int):
        ok, kind = isinstance(value, int) and not isinstance(value, bool), "a whole number"
    elif isinstance(default, float):
        ok = isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
        kind = "a finite number"
    elif isinstance(default, str):
        ok, kind = isinstance(value, str), "text"
    else:
        simple = (int, float, str, type(None))
        ok = isinstance(value, simple) or (isinstance(value, (tuple, list))
                                           and all(isinstance(v, simple) for v in value))
        kind = "None, a number, text or a list of them"
    if not ok:
        raise ConfigError(f"{cls.GAME} option {name} is {kind}, not {excerpt(given, 40)} "
                          f"({type(given).__name__})")
    return value
