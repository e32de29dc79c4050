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

from typing import Any

from neko_lab.core import Pending, State, register

RULE_TURN = "Toy › Turn"
RULE_BONUS = "Toy › Bonus"
RULE_END = "Toy › End"
HAND_LIMIT = 4
MAX_TURNS = 40


@register
class ToyState(State):
    GAME = "toy"
    TITLE = "Toy"
    MIN_PLAYERS, MAX_PLAYERS, DEFAULT_PLAYERS = 1, 4, 2
    OPTIONS = {"short": False}
    RULES = {RULE_TURN: "play a card or draw", RULE_BONUS: "a 6 gives a choice", RULE_END: "end"}
    HIDDEN_INFORMATION = True

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

    def _legal_actions(self) -> list:
        top = self.pending[-1]
        if top.kind == "bonus":
            return [("bonus", "points"), ("bonus", "draw")] if self.deck else [("bonus", "points")]
        hand = self.hands[top.seat]
        acts: list = [("play", v) for v in sorted(set(hand))]
        if self.deck and len(hand) < HAND_LIMIT:
            acts.append(("draw",))
        return acts or [("pass",)]

    def _why_illegal(self, action: Any) -> str | None:
        if isinstance(action, tuple) and action[:1] == ("play",) and self.pending[-1].kind == "turn":
            return f"{action} is not legal: that card is not in player {self.current_player}'s hand"
        return None

    def _apply(self, action: Any) -> None:
        top = self.pending.pop()
        seat = top.seat
        if action[0] == "bonus":
            if action[1] == "points":
                self.bonus[seat] += 2
                self.emit("takes 2 bonus points", RULE_BONUS, seat)
            else:
                self.hands[seat].append(self.deck.pop())
                self.emit("draws a bonus card", RULE_BONUS, seat)
            self._next_turn(seat)
            return
        if action[0] == "play":
            self.hands[seat].remove(action[1])
            self.played[seat] += action[1]
            self.discard.append(action[1])
            self.emit(f"plays {action[1]}", RULE_TURN, seat, card=action[1])
            if action[1] == 6:
                self.pending.append(Pending("bonus", seat))
                return
        elif action[0] == "draw":
            self.hands[seat].append(self.deck.pop())
            self.emit("draws", RULE_TURN, seat)
        self._next_turn(seat)

    def _next_turn(self, seat: int) -> None:
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
        return self.turns // self.players

    def observation(self, seat: int) -> dict:
        return {"hand": sorted(self.hands[seat]), "hand_sizes": [len(h) for h in self.hands],
                "deck": len(self.deck), "played": list(self.played), "bonus": list(self.bonus),
                "turns": self.turns, "to_act": self.current_player}

    def determinize(self, seat: int, rng) -> "ToyState":
        s = self.clone()
        unseen = s.deck + [c for i, h in enumerate(s.hands) if i != seat for c in h]
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
