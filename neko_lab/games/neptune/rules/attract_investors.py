"""Attract Investors (rulebook › Attract Investors, › Fame): 5 credits to the active player, 2 to
every other; then, from the most famous down (ties clockwise from the active player), each player may
give up fame for credits, 1 credit for every 2 fame.
"""
from __future__ import annotations

from typing import NamedTuple

from neko_lab.core import Pending, serializable
from neko_lab.core.fast import new_tuple

from .base import INVESTORS_ACTIVE, INVESTORS_OTHERS, RULE_INVESTORS, clockwise, credits


@serializable
class CashFame(NamedTuple):
    """Give up `fame` fame (an even number) for fame // 2 credits."""
    fame: int

    def __str__(self) -> str:
        if not self.fame:
            return "keep all fame"
        return f"give up {self.fame} fame for {credits(self.fame // 2)}"


def play(s, seat: int) -> None:
    for i in range(s.players):
        gain = INVESTORS_ACTIVE if i == seat else INVESTORS_OTHERS
        s.credits[i] += gain
        s.emit("receives {} credits from investors", RULE_INVESTORS, i, gain)
    ring = clockwise(seat, s.players)
    order = sorted(ring, key=lambda i: (-s.fame[i], ring.index(i)))
    ask(s, tuple(order))


def ask(s, order: tuple[int, ...]) -> None:
    order = tuple(i for i in order if s.fame[i] >= 2)
    if order:
        s.pending.append(Pending("investors", order[0], order[1:]))
    else:
        s.finish_card()


def legal(s, seat: int, data) -> list:
    new = new_tuple
    return [new(CashFame, (2 * k,)) for k in range(s.fame[seat] // 2 + 1)]


def take(s, seat: int, data, action: CashFame) -> None:
    if action.fame:
        s.fame[seat] -= action.fame
        s.credits[seat] += action.fame // 2
        s.emit(f"gives up {action.fame} fame for {credits(action.fame // 2)}", RULE_INVESTORS, seat)
    ask(s, data)


DECISIONS = {"investors": (legal, take)}
