"""The immutable chain of actions a state carries (its history), shared by every copy of the state."""
from __future__ import annotations

from typing import Any


class History(tuple):
    """One link: (the action applied, the History before it, or None). Never mutated, so a clone
    shares it instead of copying it, and adding an action costs one small tuple."""

    __slots__ = ()

    def actions(self) -> list:
        """Every action of the chain, first to last."""
        out = []
        link: Any = self
        while link is not None:
            out.append(link[0])
            link = link[1]
        out.reverse()
        return out


_NEW = tuple.__new__


def extend(history: History | None, action: Any) -> History:
    """The history after `action`."""
    return _NEW(History, (action, history))


def chain(actions: list) -> History | None:
    """The history of these actions, first to last."""
    link = None
    for a in actions:
        link = _NEW(History, (a, link))
    return link


def actions_of(history: History | None) -> list:
    return [] if history is None else history.actions()
