"""A heuristic Destination: Neptune agent.

It values a position for a seat as its victory points plus what its holdings should still earn:
factories and colonies score at every remaining generation end, credits and fuel pay for buildings,
fame wins awards, tokens on missions and technologies open locations, the award cards give 3 VP.
Small decisions (a build step, a purchase, a mission, fuel from the broker) are one-ply: each legal
action is tried on a copy and the best resulting value kept. The card to play is chosen by resolving
each candidate card on a copy to the end of the turn (its own later choices one-ply, other players
declining), and the worst card left in hand is sold to the Opportunity Track first.
It reads only what its seat may see (hidden hands are re-sampled with determinize()).
"""
from __future__ import annotations

from typing import Hashable

from neko_lab.agents.base import Agent

from .rules import BuyVP, Pass, Play, Sell
from .rules.state import GameState
from .scoring import vp_for_credits

FACTORY = 1.3          # per factory and remaining generation end (its VP, and what it produces)
COLONY = 2.0           # per colony and remaining generation end
CREDIT = 0.4
FUEL = 0.4
FAME = 0.3
BASE = 1.5
MISSION = 1.0          # a token on a Research Mission (a base can follow)
MISSION_CONTROL = 0.6  # fame at every Research Missions card
TECH = 0.8
TECH_CONTROL = 0.5
SPEED = 0.25
AWARD = 2.5
OPEN_CIRCLE = 0.3    # per generation end left, a free factory circle where the seat could build
LOOKAHEAD_STEPS = 60


def value(s: GameState, seat: int) -> float:
    """The agent's estimate of the victory points `seat` will end with."""
    vp = float(sum(s.points[seat]))
    if s.over:
        return vp
    left = len(s.decks) - s.generation            # generation ends still to come
    late = left <= 1
    vp += s.factory.count(seat) * FACTORY * left + s.colony.count(seat) * COLONY * left
    if late:      # credits are about to become victory points at the final scoring
        vp += 0.9 * vp_for_credits(s.credits[seat])[0] + 0.1 * s.credits[seat] + 0.1 * s.fuel[seat]
    else:
        vp += s.credits[seat] * CREDIT + s.fuel[seat] * FUEL
    vp += s.fame[seat] * FAME
    techs = s.techs
    for loc, holders in enumerate(s.missions):
        if seat in holders:
            vp += MISSION + (MISSION_CONTROL if holders[0] == seat else 0.0)
            if seat in s.bases[loc]:
                vp += BASE
                site = s.data.locations[loc]
                if s.factory[loc] < 0 and all(seat in techs[t] for t in site.factory_requires):
                    vp += OPEN_CIRCLE * left
    
    speed = 0
    for t, holders in enumerate(s.techs):
        if seat in holders:
            vp += TECH + (TECH_CONTROL if holders[0] == seat else 0.0)
            speed += s.data.techs[t].speed
    vp += SPEED * speed * left / 4
    vp += AWARD * ((s.diversification == seat) + (s.intrepid == seat))
    return vp


class NeptuneAgent(Agent):
    name = "neptune"
    # ismcts's defaults here: 30 iterations within 400 steps of work, about 0.25 s a move on one core (late in
    # the game a step costs more: a decision can reach about 1 s; benchmarks/README.md)
    SEARCH = {"iterations": 30, "steps": 400}

    def evaluate(self, state: GameState, seat: int) -> float:
        """value() of `seat` less the best rival's (search agents score their playouts with it)."""
        mine = value(state, seat)
        return mine - max(value(state, s) for s in range(state.players) if s != seat)

    def choose(self, state: GameState) -> Hashable:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = state.current_player
        kind = state.pending[-1].kind
        base = state.determinize(seat, self.core_rng())
        if kind == "play":
            return self._best_play(base, seat, legal)
        if kind == "sell":
            return self._sell(base, seat, legal)
        if kind == "buy_vp" and state.pending[-1].data[0] == "final":
            # the last purchase of the game: credits left over are worth nothing, so the most VP they buy
            return max(legal, key=lambda a: (a.vp, -a.credits))
        return self._one_ply(base, seat, legal)

    def _one_ply(self, s: GameState, seat: int, legal: list) -> Hashable:
        best, best_v = legal[0], float("-inf")
        for a in legal:
            child = s.clone()
            child.apply(a)
            v = value(child, seat) + self.rng.random() * 1e-6
            if v > best_v:
                best, best_v = a, v
        return best

    def _resolve(self, s: GameState, seat: int) -> float:
        """Play the current turn to its end on `s` (a copy): this seat one-ply, the others decline."""
        for _ in range(LOOKAHEAD_STEPS):
            if s.over or s.pending[-1].kind == "sell":
                break
            legal = s.legal_actions()
            who = s.current_player
            if who == seat and len(legal) > 1:
                a = self._one_ply(s, seat, legal)
            else:
                a = next((x for x in legal if type(x) is Pass), None) or (
                    next((x for x in legal if type(x) is BuyVP), legal[0]) if who != seat else legal[0])
            s.apply(a)
        return value(s, seat)

    def _card_values(self, s: GameState, seat: int, legal: list) -> dict:
        out = {}
        for a in legal:
            child = s.clone()
            child.apply(a)
            out[a] = self._resolve(child, seat) + self.rng.random() * 1e-6
        return out

    def _best_play(self, s: GameState, seat: int, legal: list) -> Hashable:
        values = self._card_values(s, seat, legal)
        return max(legal, key=values.__getitem__)

    def _sell(self, s: GameState, seat: int, legal: list) -> Hashable:
        """Sell the card whose play is worth least, unless every card is worth playing."""
        keep = next(a for a in legal if type(a) is Pass)
        child = s.clone()
        child.apply(keep)
        plays = [a for a in child.legal_actions() if type(a) is Play and a.place < 0]
        values = self._card_values(child, seat, plays)
        if len(plays) < 2:
            return keep
        worst = min(plays, key=values.__getitem__)
        sells = [a for a in legal if type(a) is Sell and a.card == worst.card]
        if not sells:
            kind = s.data.cards[worst.card]
            sells = [a for a in legal if type(a) is Sell and s.data.cards[a.card].kind == kind.kind]
        return sells[0] if sells else keep


__all__ = ["NeptuneAgent", "value"]
