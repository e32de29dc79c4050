"""Technology (rulebook › Technology, › Control and Access): the active player takes control of a
technology nobody controls (having access to its prerequisites), or takes access to a controlled one
without paying; then every player gains 1 fame per technology it controls.

Access may be bought at any time (› Gaining Access to a Technology without a Card): here the decision
also offers buying access to a technology that is a prerequisite of one nobody controls yet, since that
can make taking control possible.
"""
from __future__ import annotations

from typing import NamedTuple

from neko_lab.core import Pending, serializable

from . import any_time
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
    return out + prerequisite_offers(s, seat)


def prerequisite_offers(s, seat: int) -> list:
    """Access purchases to prerequisites of technologies nobody controls."""
    techs = s.data.techs
    wanted = {p for t, holders in enumerate(s.techs) if not holders for p in techs[t].prerequisites}
    return [o for o in any_time.offers(s, seat) if type(o) is any_time.BuyAccess and o.tech in wanted]


def take(s, seat: int, data, action) -> None:
    if any_time.take(s, seat, "technology", data, action):
        return
    if type(action) is TakeTech:
        s.techs[action.tech] = s.techs[action.tech] + (seat,)
        s.emit(f"{'takes control of' if action.control else 'takes free access to'} {action.name}",
               RULE_TECH, seat, tech=action.tech)
    for i in range(s.players):
        n = sum(1 for holders in s.techs if holders and holders[0] == i)
        if n:
            s.fame[i] += n
            s.emit("gains {0} fame for controlling {0} technologies" if n > 1 else
                   "gains {0} fame for controlling {0} technology", RULE_TECH_CARD, i, n)
    s.finish_card()


DECISIONS = {"technology": (legal, take)}
