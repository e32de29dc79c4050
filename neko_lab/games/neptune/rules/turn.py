"""Playing a Turn: sell a card to the Opportunity Track (optional), play a card, draw back to five;
the end of a Generation and of the game (rulebook › Playing a Turn, › Generations).

A turn is two decisions of the active player, "sell" then "play"; the card played then asks its own
decisions (its module's DECISIONS) and, once it is resolved, calls finish_card(): the hand is filled
to five, every generation whose last card was drawn is scored, in order, and the next player
clockwise begins.
"""
from __future__ import annotations

from typing import NamedTuple

from neko_lab.core import Pending, serializable
from neko_lab.core.fast import new_tuple

from . import (attract_investors, awards, build, events, factories_produce, fuel_broker,
               research_missions, scoring_card, technology)
from .base import (HAND, RULE_GENERATIONS, RULE_PLAY, RULE_SELL, RULE_TWO, TEAMS, Pass,
                   credits, sell_price, who)

# what each kind of card does once played: a function (state, active seat) that pushes the card's
# decisions, or resolves it at once and calls state.finish_card()
EFFECTS = {
    "investors": attract_investors.play,
    "build": build.play,
    "factories": factories_produce.play,
    "broker": fuel_broker.play,
    "research": research_missions.play,
    "technology": technology.play,
    "scoring": scoring_card.play,
}


@serializable
class Sell(NamedTuple):
    """Sell a hand card to the left end of the Opportunity Track."""
    card: int
    title: str
    price: int
    fame: int = 0
    event: bool = False

    def __str__(self) -> str:
        what = f"{self.title} ({self.fame} fame{', event' if self.event else ''})"
        return f"sell {what} to the Opportunity Track for {credits(self.price)}"


@serializable
class Play(NamedTuple):
    """Play a card from hand (with its fame) or from place `place` of the Opportunity Track (0 = left)."""
    card: int
    title: str
    fame: int
    place: int = -1
    event: bool = False

    def __str__(self) -> str:
        ev = ", event" if self.event else ""
        if self.place < 0:
            return f"play {self.title} from hand (+{self.fame} fame{ev})"
        return f"play {self.title} from the Opportunity Track, place {self.place + 1} (no fame{ev})"


def begin_turn(s, seat: int) -> None:
    s.active = seat
    s.used = [0] * (TEAMS * s.players)
    s.pending.append(Pending("sell", seat))


def next_turn(s) -> None:
    s.turn += 1
    begin_turn(s, (s.active + 1) % s.players)


# ---------------------------------------------------------------- selling
SELL_NOTHING = Pass("sell nothing")


def legal_sell(s, seat: int, data) -> list:
    cards = s.data.cards
    price = sell_price(s.players)
    seen: set = set()
    out: list = [SELL_NOTHING]
    new = new_tuple
    for c in s.hands[seat]:
        card = cards[c]
        key = (card.kind, card.fame, card.event)
        if key not in seen:       # two copies of the same card are one choice
            seen.add(key)
            out.append(new(Sell, (c, card.title, price, card.fame, card.event)))
    return out


def take_sell(s, seat: int, data, action) -> None:
    if type(action) is Sell:
        sell(s, seat, action.card)
    s.pending.append(Pending("play", seat))


def sell(s, seat: int, card: int) -> None:
    hand = list(s.hands[seat])
    hand.remove(card)
    s.hands[seat] = tuple(hand)
    track = (card,) + s.track
    if len(track) > s.players:
        s.discard = s.discard + (track[-1],)
        s.emit("{} falls off the Opportunity Track", RULE_SELL, None, s.data.cards[track[-1]].title)
        track = track[:-1]
    s.track = track
    price = sell_price(s.players)
    s.credits[seat] += price
    s.emit("sells {} to the Opportunity Track for {}", RULE_TWO if s.players == 2 else RULE_SELL, seat,
           s.data.cards[card].title, credits(price), card=card)


# ---------------------------------------------------------------- playing
def legal_play(s, seat: int, data) -> list:
    cards = s.data.cards
    out: list = []
    seen: set = set()
    new = new_tuple
    for c in s.hands[seat]:
        card = cards[c]
        key = (card.kind, card.fame, card.event)
        if key not in seen:
            seen.add(key)
            out.append(new(Play, (c, card.title, card.fame, -1, card.event)))
    for place, c in enumerate(s.track):
        out.append(new(Play, (c, cards[c].title, 0, place, cards[c].event)))
    return out


def take_play(s, seat: int, data, action: Play) -> None:
    card = s.data.cards[action.card]
    if action.place < 0:
        hand = list(s.hands[seat])
        hand.remove(action.card)
        s.hands[seat] = tuple(hand)
    else:
        s.track = s.track[:action.place] + s.track[action.place + 1:]
    s.discard = s.discard + (action.card,)
    s.emit("plays {} from the Opportunity Track" if action.place >= 0 else "plays {}", RULE_PLAY, seat,
           card.title, card=action.card)
    if card.event and s.options["events"]:
        events.trigger(s, seat)
    if action.place < 0 and card.fame:
        s.fame[seat] += card.fame
        s.emit("gains {} fame for playing {} from hand", RULE_PLAY, seat, card.fame, card.title)
    EFFECTS[card.kind](s, seat)


# ---------------------------------------------------------------- drawing and generations
def finish_card(s) -> None:
    """The card is resolved: draw back to five, score every generation the draw finished, or go on."""
    s.unscored = draw_to_five(s, s.active)
    end_generation(s)


def end_generation(s) -> None:
    """Score the next generation the last draw finished (its end is logged first), in order; once
    none is left, the next turn. A draw can finish two generations when one has fewer cards than
    the hand still needs; each is scored, the fourth with the final scoring, which ends the game."""
    if not s.unscored:
        next_turn(s)
        return
    ended, s.unscored = s.unscored[0], s.unscored[1:]
    last = ended == len(s.decks) - 1
    s.emit(f"the last card of generation {ended + 1} is drawn: generation {ended + 1} ends"
           + (" and with it the game" if last else ""), RULE_GENERATIONS, s.active)
    scoring_card.start(s, s.active, "final" if last else "generation")


def draw_to_five(s, seat: int) -> tuple[int, ...]:
    """Fill `seat`'s hand from the current generation, going on into the next when it runs out.
    Returns the generations (0-based, in order) whose last card was drawn."""
    ended: tuple[int, ...] = ()
    hand = list(s.hands[seat])
    while len(hand) < HAND and s.generation < len(s.decks):
        g = s.generation
        deck = s.decks[g]
        hand.append(deck[-1])
        s.decks[g] = deck[:-1]
        if not s.decks[g]:
            ended += (g,)
            s.generation += 1
    s.hands[seat] = tuple(sorted(hand))
    return ended


def end_game(s) -> None:
    awards.final_awards(s)
    s.over = True
    s.pending.clear()
    best = max(s.scores())
    top = [who(i) for i, v in enumerate(s.scores()) if v == best]
    s.emit("the game ends; " + ", ".join(top) + (" wins" if len(top) == 1 else " win") + f" with {best} VP",
           RULE_GENERATIONS, None)


DECISIONS = {"sell": (legal_sell, take_sell), "play": (legal_play, take_play)}
