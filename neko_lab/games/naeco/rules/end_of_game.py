"""Naéco › End of the game: a token on the last Surface card, or as many exhausted piles as players
(two in solo play, as the Solo play variant says, which is then cited), starts the last round; everyone
plays once more, the player who ended it last (readings 6 and 7 of datasets/naeco/README.md). A player
left without cards (only after leaving missions no species could follow, reading 8) passes; when nobody
holds a card the game is scored. Events that apply a reading of neko_lab's own cite the section it reads
and name the reading in their data."""
from __future__ import annotations

from typing import TYPE_CHECKING

from neko_lab.core import Pending

from .final_scoring import score_the_game
from .ocean import RULE_PLAY
from .setup import LAST_POSITION
from .solo import RULE_SOLO, SOLO_EMPTY_PILES

if TYPE_CHECKING:
    from .state import GameState

RULE_END = "Naéco › End of the game"
# what started the last round (end_trigger): the last Surface card, enough empty piles, or nobody
# holding a card (reading 7)
TRIGGERS = ("last Surface card", "empty draw piles", "no cards left")


def note_if_exhausted(s: "GameState", i: int) -> None:
    """A pile just emptied shows its Empty Pile card, which counts towards the end."""
    if not s.piles[i]:
        s.emit("pile {} is exhausted: its Empty Pile card shows", RULE_END, None, i + 1, pile=i)


def empty_piles(s: "GameState") -> int:
    return s.piles.count(())


def end_threshold(s: "GameState") -> int:
    """Exhausted piles that start the last round."""
    return SOLO_EMPTY_PILES if s.players == 1 else s.players


def end_of_turn(s: "GameState", seat: int) -> None:
    """After a turn: count down the last round, or see whether this turn started it; then the next
    player with a card is asked to play, the others passing (reading 7)."""
    if count_turn(s, seat):
        return
    nxt = (seat + 1) % s.players
    while not s.hands[nxt]:
        # Only after leaving missions that no species could follow (reading 8): that player's permitted
        # piles can never again offer a species, so without a card it has nothing left to do.
        if not any(s.hands):
            s.emit("nobody holds a card any more, so nobody can play: the game ends", RULE_PLAY, None, reading=7)
            if s.end_seat is None:
                s.end_seat, s.end_trigger = nxt, "no cards left"
            s.final_left = 0
            score_the_game(s, "the game is over")
            return
        s.emit("has no card left to play and passes", RULE_PLAY, nxt, reading=7)
        if count_turn(s, nxt):
            return
        nxt = (nxt + 1) % s.players
    s.pending.append(Pending("play", nxt))


def count_turn(s: "GameState", seat: int) -> bool:
    """A turn of `seat` is over: count down the last round, or see whether this turn started it. True
    when the game is over."""
    s.turn += 1
    if s.end_seat is not None:
        s.final_left -= 1
        if s.final_left <= 0:
            score_the_game(s)
            return True
    elif s.token[seat] == LAST_POSITION or empty_piles(s) >= end_threshold(s):
        s.end_seat = seat
        s.final_left = s.players
        surface = s.token[seat] == LAST_POSITION
        s.end_trigger = "last Surface card" if surface else "empty draw piles"
        why = ("reached the last Surface card" if surface
               else f"{empty_piles(s)} draw piles are empty")
        s.emit(f"the end is near: {why}; everyone plays one last turn, this player last",
               RULE_SOLO if s.players == 1 else RULE_END, seat, trigger=s.end_trigger)
    return False


DECISIONS: dict = {}
