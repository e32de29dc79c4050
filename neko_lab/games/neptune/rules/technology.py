"""Technology (rulebook › Technology, › Control and Access): the active player takes control of a
technology nobody controls (having access to its prerequisites), or takes access to a controlled one
without paying; then every player gains 1 fame per technology it controls.
"""
from __future__ import annotations

from typing import NamedTuple

from neko_lab.core import Pending, serializable

from .base import RULE_TECH, RULE_TECH_CARD, Pass


@serializable
class TakeTech(NamedTuple):
    """Control (control=True) or free access to technology `tech`."""
    tech: int
    name: str
    control: bool

    def __str__(self) -> str:
        return f"{'take control of' if self.control else 'take free access to'} {self.name}"


def play(s, seat: int) -> None:
    s.pending.append(Pending("technology", seat))


def can_control(s, seat: int, tech: int) -> bool:
    t = s.data.techs[tech]
    return not s.techs[tech] and all(seat in s.techs[p] for p in t.prerequisites)


def legal(s, seat: int, data) -> list:
    out: list = []
    for t, holders in enumerate(s.techs):
        name = s.data.techs[t].name
        if not holders:
            if can_control(s, seat, t):
                out.append(TakeTech(t, name, True))
        elif seat not in holders:
            out.append(TakeTech(t, name, False))
    out.append(Pass("take no technology"))
    return out


def take(s, seat: int, data, action) -> None:
    if type(action) is TakeTech:
        s.techs[action.tech] = s.techs[action.tech] + (seat,)
        s.emit(f"{'takes control of' if action.control else 'takes free access to'} {action.name}",
               RULE_TECH, seat, tech=action.tech)
    for i in range(s.players):
        n = sum(1 for holders in s.techs if holders and holders[0] == i)
        if n:
            s.fame[i] += n
            s.emit(f"gains {n} fame for controlling {n} technolog" + ("ies" if n > 1 else "y"),
                   RULE_TECH_CARD, i)
    s.finish_card()


DECISIONS = {"technology": (legal, take)}
