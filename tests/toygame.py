"""A small game that exercises every part of the State contract, used to test the core before and
beside the real games: hidden hands, shuffled draws, a two-step decision on the pending stack,
breakdown categories, a tie-break and an option.

Rules: a deck of cards 1-6 (four of each, or two of each with short=True) is shuffled; each player
holds two hidden cards. On a turn a player either plays a card from hand (its value goes to their
"played" points) or draws (hand limit 4). Playing a 6 opens a bonus choice: 2 "bonus" points or an
extra card. The game ends when the deck and every hand are empty, or after 40 turns. Ties go to the
player with fewer bonus points.
"""
from __future__ import annotations

from typing import Any, NamedTuple

from neko_lab.core import Pending, State, register, serializable
from neko_lab.core.decisions import gather
from neko_lab.core.shapes import flag, items, per_seat, whole
from neko_lab.core.spaces import Field, Layout, counts, declare, number, one_hot, padded

RULE_TURN = "Toy › Turn"
RULE_BONUS = "Toy › Bonus"
RULE_END = "Toy › End"
HAND_LIMIT = 4
MAX_TURNS = 40


@serializable
class Move(NamedTuple):
    """A toy action: ("play", value), ("draw", None), ("pass", None) or ("bonus", "points"/"draw")."""
    verb: str
    value: Any = None

    def __str__(self) -> str:
        return self.verb if self.value is None else f"{self.verb} {self.value}"


# ---------------------------------------------------------------- "turn": play a card or draw
def legal_turn(s: "ToyState", seat: int, data: Any) -> list:
    hand = s.hands[seat]
    acts: list = [Move("play", v) for v in sorted(set(hand))]
    if s.deck and len(hand) < HAND_LIMIT:
        acts.append(Move("draw"))
    return acts or [Move("pass")]


def take_turn(s: "ToyState", seat: int, data: Any, action: Move) -> None:
    if action.verb == "play":
        s.hands[seat].remove(action.value)
        s.played[seat] += action.value
        s.discard.append(action.value)
        s.emit(f"plays {action.value}", RULE_TURN, seat, card=action.value)
        if action.value == 6:
            s.pending.append(Pending("bonus", seat))
            return
    elif action.verb == "draw":
        s.hands[seat].append(s.deck.pop())
        s.emit("draws", RULE_TURN, seat)
    s.next_turn(seat)


# ---------------------------------------------------------------- "bonus": after playing a 6
def legal_bonus(s: "ToyState", seat: int, data: Any) -> list:
    return [Move("bonus", "points"), Move("bonus", "draw")] if s.deck else [Move("bonus", "points")]


def take_bonus(s: "ToyState", seat: int, data: Any, action: Move) -> None:
    if action.value == "points":
        s.bonus[seat] += 2
        s.emit("takes 2 bonus points", RULE_BONUS, seat)
    else:
        s.hands[seat].append(s.deck.pop())
        s.emit("draws a bonus card", RULE_BONUS, seat)
    s.next_turn(seat)


@register
class ToyState(State):
    GAME = "toy"
    TITLE = "Toy"
    MIN_PLAYERS, MAX_PLAYERS, DEFAULT_PLAYERS = 1, 4, 2
    OPTIONS = {"short": False}
    RULES = {RULE_TURN: "play a card or draw", RULE_BONUS: "a 6 gives a choice", RULE_END: "end"}
    HIDDEN_INFORMATION = True
    # the shapes a snapshot's fields are checked against as it loads (core/shapes.py)
    FIELDS = {"deck": items(whole(1, 6)), "hands": per_seat(items(whole(1, 6))),
              "played": per_seat(whole(0)), "discard": items(whole(1, 6)), "bonus": per_seat(whole(0)),
              "turns": whole(0), "over": flag()}

    def setup(self, data: Any) -> None:
        copies = 2 if self.options["short"] else 4
        self.deck = [v for v in range(1, 7) for _ in range(copies)]
        self.rng.shuffle(self.deck)
        self.hands = [[self.deck.pop(), self.deck.pop()] for _ in range(self.players)]
        self.played = [0] * self.players
        self.discard: list[int] = []
        self.bonus = [0] * self.players
        self.turns = 0
        self.over = False
        self.pending = [Pending("turn", 0)]

    DECISIONS = gather({"turn": (legal_turn, take_turn), "bonus": (legal_bonus, take_bonus)})

    def _why_illegal(self, action: Any) -> str | None:
        if isinstance(action, Move) and action.verb == "play" and self.pending[-1].kind == "turn":
            return f"{action} is not legal: that card is not in Player {self.current_player + 1}'s hand"
        return None

    def next_turn(self, seat: int) -> None:
        self.turns += 1
        if (not self.deck and not any(self.hands)) or self.turns >= MAX_TURNS:
            self.over = True
            self.emit("the game ends", RULE_END)
            return
        self.pending.append(Pending("turn", (seat + 1) % self.players))

    def is_over(self) -> bool:
        return self.over

    def breakdown(self) -> list[dict[str, int]]:
        return [{"played": self.played[i], "bonus": self.bonus[i]} for i in range(self.players)]

    def winners(self) -> list[int]:
        if not self.over:
            return []
        sc = self.scores()
        key = [(sc[i], -self.bonus[i]) for i in range(self.players)]
        best = max(key)
        return [i for i in range(self.players) if key[i] == best]

    def round_number(self) -> int:
        return (self.turns - self.over) // self.players + 1

    def observation(self, seat: int) -> dict:
        seat = self.check_seat(seat)
        return {"hand": sorted(self.hands[seat]), "hand_sizes": [len(h) for h in self.hands],
                "deck": len(self.deck), "played": list(self.played), "bonus": list(self.bonus),
                "turns": self.turns, "to_act": self.current_player}

    def _determinize(self, seat: int, rng) -> "ToyState":
        s = self.clone()
        s.rng = rng.spawn()          # future chance comes from rng, not from the real game
        s.log = self.log.seen_by(seat)
        # dealt from a sorted pool: the copy depends only on what the seat knows (and on rng)
        unseen = sorted(s.deck + [c for i, h in enumerate(s.hands) if i != seat for c in h])
        rng.shuffle(unseen)
        for i, h in enumerate(s.hands):
            if i != seat:
                s.hands[i] = [unseen.pop() for _ in h]
        s.deck = unseen
        return s

    def check_invariants(self) -> None:
        copies = 2 if self.options["short"] else 4
        cards = sorted(self.deck + self.discard + [c for h in self.hands for c in h])
        assert cards == [v for v in range(1, 7) for _ in range(copies)], "every card is in one place"
        assert all(len(h) <= HAND_LIMIT + 1 for h in self.hands), "hand limit"
        assert sum(self.played) == sum(self.discard), "played points are the played cards"
        assert all(b % 2 == 0 and b >= 0 for b in self.bonus), "bonus comes in steps of 2"


class ToySpaces:
    """The toy game's declaration for learning tools (core/spaces.py): at most 40 turns, each a turn
    decision and perhaps a bonus one; scores: at most 6 * 4 played points and 2 a bonus."""
    MAX_GAME_LENGTH = 2 * MAX_TURNS
    MAX_LEGAL_ACTIONS = 7
    CHANCE = "setup"
    SCORE_BOUNDS = (0, 6 * 4 * 4 + 2 * MAX_TURNS)

    @staticmethod
    def action_keys(players: int, options: dict) -> list:
        return [("play", v) for v in range(1, 7)] + [("draw", None), ("pass", None),
                                                     ("bonus", "points"), ("bonus", "draw")]

    @staticmethod
    def action_key(state, action) -> tuple:
        return (action.verb, action.value)

    @staticmethod
    def layout(players: int, options: dict) -> Layout:
        n = players
        return Layout([
            Field("hand", 7, "cards of each value (1-6) in the observer's hand", lambda o: counts(o["hand"], 7)),
            Field("hand_sizes", n, "cards in each hand", lambda o: padded(o["hand_sizes"], n)),
            Field("deck", 1, "cards left in the deck", lambda o: number(o["deck"])),
            Field("played", n, "played points by seat", lambda o: padded(o["played"], n)),
            Field("bonus", n, "bonus points by seat", lambda o: padded(o["bonus"], n)),
            Field("turns", 1, "turns played", lambda o: number(o["turns"])),
            Field("to_act", n, "one-hot: the seat deciding", lambda o: one_hot(o["to_act"], n)),
        ])


declare(ToyState, ToySpaces)
