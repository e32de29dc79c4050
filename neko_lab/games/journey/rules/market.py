"""Play A Round, and its first phase: 1. Morning Market Phase. In turn order each player may sell fish
for coins, fuel or a good; the phase is skipped when nobody has fish."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from neko_lab.core import Pending

from .. import scoring as sc
from .facts import R_COURSE, R_MARKET, SELL_ITEMS, Act
from .player_boards import gain

if TYPE_CHECKING:
    from .state import GameState


def start_round(s: GameState) -> None:
    """Stage "round": a round begins with the Morning Market (skipped when nobody has fish)."""
    s.emit(f"round {s.round} begins (period {s.period})", R_COURSE)
    s.stage, s.idx = "market", 0
    if not any(b.fish for b in s.boards):
        s.emit("nobody has fish: the Morning Market is skipped", R_MARKET)
        s.stage = "roll"


def morning_market(s: GameState) -> None:
    """Stage "market": in turn order, each player with fish is asked; then the Preparation Phase."""
    while s.idx < s.players:
        seat = s.order[s.idx]
        s.idx += 1
        if s.boards[seat].fish:
            s.pending.append(Pending("market", seat))
            return
    s.stage = "roll"


def legal_market(s: GameState, seat: int, data: Any) -> list:
    b = s.boards[seat]
    acts = [Act("sell", 0)]
    if b.cabin < sc.CABIN_LIMIT:
        acts += [Act("sell", 1), Act("sell", 2)]
    acts.append(Act("done"))
    return acts


def sell_fish(s: GameState, seat: int, data: Any, act: Act) -> None:
    """One fish sold; the seat is asked again while it has fish left."""
    if act.kind == "done":
        return
    b = s.boards[seat]
    item = SELL_ITEMS[act.a]
    b.fish -= 1
    gain(s, seat, item, sc.MARKET_RATES[item], R_MARKET, "sold a fish")
    if b.fish:
        s.pending.append(Pending("market", seat, data))


STAGES = {"round": start_round, "market": morning_market}
DECISIONS = {"market": (legal_market, sell_fish)}
