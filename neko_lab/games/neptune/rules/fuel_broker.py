"""Fuel Broker (rulebook › Fuel Broker, › Fuel): 1 VP to the active player; then, clockwise from the
player on the active player's left and ending with the active player, each may buy fuel: 2 credits a
counter (1 to the supply, 1 to the active player), 1 credit for the active player.
"""
from __future__ import annotations

from typing import NamedTuple

from neko_lab.core import Pending, serializable
from neko_lab.core.fast import new_tuple

from .base import BROKER, BROKER_VP, RULE_BROKER, clockwise, credits, who


@serializable
class BrokerFuel(NamedTuple):
    """Buy `count` fuel at `price` credits each."""
    count: int
    price: int

    def __str__(self) -> str:
        if not self.count:
            return "buy no fuel from the broker"
        return f"buy {self.count} fuel for {credits(self.count * self.price)}"


def play(s, seat: int) -> None:
    s.points[seat][BROKER] += BROKER_VP
    s.emit(f"scores {BROKER_VP} VP as the fuel broker", RULE_BROKER, seat)
    order = clockwise(seat, s.players)
    ask(s, tuple(order[1:] + order[:1]))


def price_for(s, seat: int) -> int:
    return 1 if seat == s.active else 2


def ask(s, order: tuple[int, ...]) -> None:
    order = tuple(i for i in order if s.credits[i] >= price_for(s, i))
    if order:
        s.pending.append(Pending("broker", order[0], order[1:]))
    else:
        s.finish_card()


def legal(s, seat: int, data) -> list:
    price = price_for(s, seat)
    new = new_tuple
    return [new(BrokerFuel, (k, price)) for k in range(s.credits[seat] // price + 1)]


def take(s, seat: int, data, action: BrokerFuel) -> None:
    if action.count:
        s.credits[seat] -= action.count * action.price
        s.fuel[seat] += action.count
        if seat != s.active:
            s.credits[s.active] += action.count
        s.emit(f"buys {action.count} fuel from the broker" +
               ("" if seat == s.active else f", paying {who(s.active)} {credits(action.count)}"), RULE_BROKER, seat)
    ask(s, data)


DECISIONS = {"broker": (legal, take)}
