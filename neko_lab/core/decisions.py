"""The one dispatch every game uses: a decision kind on the pending stack -> how to list and carry out.

Each rulebook-section module of a game declares the decisions it asks in a table at its end,

    DECISIONS = {"market": (legal_market, take_market)}

where `legal(state, seat, data)` lists the legal actions of the seat deciding, and
`apply(state, seat, data, action)` carries out one of them (the decision has already been taken off
the stack). The game's state gathers the tables of its section modules with `gather()`, and the core's
State dispatches on the kind on top of the stack; no game writes its own dispatch.
"""
from __future__ import annotations

from types import ModuleType
from typing import Any, Callable, Mapping, NamedTuple

from .errors import ConfigError

Legal = Callable[[Any, int, Any], list]
Apply = Callable[[Any, int, Any, Any], None]


class Decision(NamedTuple):
    """The pair of functions behind one kind of pending decision."""
    legal: Legal
    apply: Apply


def gather(*sections: ModuleType | Mapping[str, tuple[Legal, Apply]]) -> dict[str, Decision]:
    """One table from the DECISIONS of each section module (or plain mappings), refusing a kind
    declared twice."""
    table: dict[str, Decision] = {}
    where: dict[str, str] = {}
    for section in sections:
        name = getattr(section, "__name__", "a table")
        entries = section.DECISIONS if isinstance(section, ModuleType) else section
        for kind, pair in entries.items():
            if kind in table:
                raise ConfigError(f"decision {kind!r} is declared both in {where[kind]} and in {name}")
            legal, apply = pair
            if not (callable(legal) and callable(apply)):
                raise ConfigError(f"decision {kind!r} in {name} needs two functions (legal, apply)")
            table[kind] = Decision(legal, apply)
            where[kind] = name
    return table
