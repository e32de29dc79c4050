"""Naéco › End of the game: a token on the last Surface card, or as many exhausted piles as players
(two in solo play, as the Solo play variant says, which is then cited), starts the last round; everyone
plays once more, the player who ended it last (readings 6 and 7 of datasets/naeco/README.md). Events that
apply a reading of neko_lab's own cite the section it reads and name the reading in their data."""
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
    player is asked to play."""
    s.turn += 1
    if s.end_seat is not None:
        s.final_left -= 1
        if s.final_left <= 0:
            score_the_game(s)
            return
    elif s.token[seat] == LAST_POSITION or empty_piles(s) >= end_threshold(s):
        s.end_seat = seat
        s.final_left = s.players
        surface = s.token[seat] == LAST_POSITION
        s.end_trigger = "last Surface card" if surface else "empty draw piles"
        why = ("reached the last Surface card" if surface
               else f"{empty_piles(s)} draw piles are empty")
        s.emit(f"the end is near: {why}; everyone plays one last turn, this player last",
               RULE_SOLO if s.players == 1 else RULE_END, seat, trigger=s.end_trigger)
    nxt = (seat + 1) % s.players
    # Every turn ends with three cards unless a draw was impossible (reading 7), which happens only in
    # the turn that starts the last round or during it, so nobody runs out of cards before the end.
    assert s.hands[nxt], f"Player {nxt + 1} has no card to play (reading 7 says this cannot happen)"
    s.pending.append(Pending("play", nxt))


DECISIONS: dict = {}
