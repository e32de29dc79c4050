"""The optional Event rules (rulebook › Optional Event Rules), played with events=True.

A card showing the event icon turns over the top event card before anything else of that card
happens (its fame, its effect). The event is resolved and discarded; an empty event deck is made
again from the shuffled discards. An event that picks a location turns over the top location card and
shuffles it back into the location deck afterwards. The rulebook does not print the twelve events:
datasets/neptune/events.csv holds a reconstruction, and each effect below asks no decision.
"""
from __future__ import annotations

from .base import EVENTS, RULE_EVENTS, TEAMS, who


def trigger(s, seat: int) -> None:
    if not s.event_deck:
        deck = list(s.event_discard)
        s.rng.shuffle(deck)
        s.event_deck, s.event_discard = tuple(deck), ()
        s.emit("the event discards are shuffled into a new event deck", RULE_EVENTS, None)
    card = s.data.events[s.event_deck[-1]]
    s.event_deck = s.event_deck[:-1]
    loc = -1
    if card.location:
        loc = s.location_deck[-1]
    s.emit(f"event: {card.name}" + (f" at {s.data.locations[loc].name}" if loc >= 0 else ""),
           RULE_EVENTS, seat, event=card.id, loc=loc)
    resolve(s, seat, card.effect, card.amount, loc)
    s.event_discard = s.event_discard + (card.id,)
    if loc >= 0:
        deck = list(s.location_deck)
        s.rng.shuffle(deck)
        s.location_deck = tuple(deck)


def resolve(s, seat: int, effect: str, amount: int, loc: int) -> None:
    n = s.players
    if effect == "lose_credits":
        for i in range(n):
            _give(s, i, credits=-min(amount, s.credits[i]))
    elif effect == "lose_fuel":
        for i in range(n):
            _give(s, i, fuel=-min(amount, s.fuel[i]))
    elif effect == "gain_credits":
        for i in range(n):
            _give(s, i, credits=amount)
    elif effect == "gain_fuel":
        for i in range(n):
            _give(s, i, fuel=amount)
    elif effect == "gain_fame":
        for i in range(n):
            _give(s, i, fame=amount)
    elif effect == "active_credits":
        _give(s, seat, credits=amount)
    elif effect == "tech_leader_vp":
        counts = [sum(1 for h in s.techs if h and h[0] == i) for i in range(n)]
        best = max(counts)
        for i in range(n):
            if best and counts[i] == best:
                _give(s, i, vp=amount)
    elif effect == "base_fuel":
        for i in s.bases[loc]:
            _give(s, i, fuel=amount)
    elif effect == "teams_home":
        for k, at in enumerate(s.teams):
            if at == loc:
                s.teams[k] = s.data.home
                s.emit(f"team {k % TEAMS + 1} of {who(k // TEAMS)} returns to Earth", RULE_EVENTS, k // TEAMS)
    elif effect == "mission_fame":
        for i in s.missions[loc]:
            _give(s, i, fame=amount)
    elif effect == "colony_vp":
        if s.colony[loc] >= 0:
            _give(s, s.colony[loc], vp=amount)
    elif effect == "factory_credits":
        owner = s.factory[loc]
        if owner >= 0:
            _give(s, owner, credits=-min(amount, s.credits[owner]))
    else:
        raise ValueError(f"unknown event effect {effect!r}")


def _give(s, seat: int, credits: int = 0, fuel: int = 0, fame: int = 0, vp: int = 0) -> None:
    if not (credits or fuel or fame or vp):
        return
    s.credits[seat] += credits
    s.fuel[seat] += fuel
    s.fame[seat] += fame
    s.points[seat][EVENTS] += vp
    parts = [f"{v:+d} {name}" for v, name in ((credits, "credit" if abs(credits) == 1 else "credits"), (fuel, "fuel"),
                                             (fame, "fame"), (vp, "VP")) if v]
    s.emit("event: " + ", ".join(parts), RULE_EVENTS, seat)


DECISIONS: dict = {}
