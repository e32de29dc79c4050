"""Scoring, at a Scoring card or the end of a Generation (rulebook › Scoring, › Scoring & Victory).

Factories and colonies score, then fame (the higher awards at the end of the fourth generation),
then the players buy victory points once each (at most 10 credits), in an order the active player
chooses: "scoring_order" asks the active player who buys next, "buy_vp" asks that player.
The context says what follows: "card" (the turn goes on), "generation" (the next generation the
same draw finished, if any, else the next turn), "final" (the end of the game).
"""
from __future__ import annotations

from typing import NamedTuple

from neko_lab.core import Pending, serializable
from neko_lab.core.errors import counted

from .. import scoring
from . import awards as award_cards
from .base import (BOUGHT, BUILDINGS, FAME_AWARDS, RULE_END, RULE_SCORING, RULE_SCORING_CARD, credits,
                   who)


@serializable
class NextBuyer(NamedTuple):
    """The active player names who buys victory points next."""
    seat: int

    def __str__(self) -> str:
        return f"{who(self.seat)} buys victory points next"


@serializable
class BuyVP(NamedTuple):
    credits: int
    vp: int

    def __str__(self) -> str:
        if not self.credits:
            return "buy no victory points"
        return f"buy {self.vp} VP for {self.credits} credit" + ("s" if self.credits > 1 else "")


def play(s, seat: int) -> None:
    start(s, seat, "card")


def start(s, active: int, context: str) -> None:
    final = context == "final"
    # the fame awards are the scoring's, as the factories and colonies are: the Scoring card and Scoring &
    # Victory give them (the Fame section only points there), the higher awards End of Game Scoring
    rule = RULE_SCORING_CARD if context == "card" else RULE_SCORING
    for i in range(s.players):
        f, c = s.factory.count(i), s.colony.count(i)
        vp = scoring.buildings(f, c)
        if vp:
            s.points[i][BUILDINGS] += vp
            s.emit("scores {} VP for {} and {}", rule, i, vp, counted(f, "factory", "factories"),
                   counted(c, "colony", "colonies"))
    awards = award_cards.fame_awards(s, final)
    for i, vp in enumerate(awards):
        if vp:
            s.points[i][FAME_AWARDS] += vp
            s.emit("scores {} VP for fame ({})", RULE_END if final else rule, i, vp, s.fame[i])
    ask_next(s, active, context, tuple(i for i in range(s.players) if s.credits[i] > 0))


def ask_next(s, active: int, context: str, left: tuple[int, ...]) -> None:
    if len(left) > 1:
        s.pending.append(Pending("scoring_order", active, (context, left)))
    elif left:
        s.pending.append(Pending("buy_vp", left[0], (context, ())))
    else:
        done(s, context)


def done(s, context: str) -> None:
    if context == "card":
        s.finish_card()
    elif context == "generation":
        s.end_generation()          # another generation the same draw finished, or the next turn
    else:
        s.end_game()


def legal_order(s, seat: int, data) -> list:
    return [NextBuyer(i) for i in data[1]]


def take_order(s, seat: int, data, action: NextBuyer) -> None:
    context, left = data
    s.pending.append(Pending("buy_vp", action.seat, (context, tuple(i for i in left if i != action.seat))))


def legal_buy(s, seat: int, data) -> list:
    return [BuyVP(0, 0)] + [BuyVP(c, v) for c, v in scoring.purchases(s.credits[seat])]


def take_buy(s, seat: int, data, action: BuyVP) -> None:
    context, left = data
    if action.credits:
        s.credits[seat] -= action.credits
        s.points[seat][BOUGHT] += action.vp
        s.emit(f"buys {action.vp} VP for {credits(action.credits)}", RULE_SCORING, seat)
    ask_next(s, s.active, context, tuple(i for i in left if s.credits[i] > 0))


DECISIONS = {"scoring_order": (legal_order, take_order), "buy_vp": (legal_buy, take_buy)}
