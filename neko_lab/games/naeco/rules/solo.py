"""Naéco › Solo play variant: discards after every draw, two empty piles end the game, a rating.

The discarded cards also stand in for the opponents at the priority observations
(neko_lab/games/naeco/scoring.py, `priority(..., against=...)`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from neko_lab.core import ConfigError, serializable

from .. import scoring

if TYPE_CHECKING:
    from .state import GameState

RULE_SOLO = scoring.RULE_SOLO
SOLO_EMPTY_PILES = 2          # empty piles that end a solo game
SOLO_DISCARD = 2              # cards discarded after each draw


@serializable
class Rating(NamedTuple):
    score: int
    tier: int
    label: str

    def __str__(self) -> str:
        return f"{self.score} points: {self.label}"


def solo_discard(s: "GameState", drawn: int) -> int | None:
    """After a draw from pile `drawn`: the top two cards of the next pile that still has cards are
    discarded (after the last pile comes the first). Returns the pile discarded from, if any."""
    piles = s.piles
    n = len(piles)
    for step in range(1, n + 1):
        j = (drawn + step) % n
        pile = piles[j]
        if pile:
            gone = pile[-SOLO_DISCARD:]
            piles[j] = pile[:-SOLO_DISCARD]
            s.discards = s.discards + gone[::-1]
            names = ", ".join(s.cards[c].name for c in gone[::-1])
            s.emit(f"discards {names} from pile {j + 1}", RULE_SOLO, 0, cards=list(gone), pile=j)
            return j
    return None


def discard_counts(s: "GameState") -> dict[str, int]:
    """Symbols on the discarded cards, which the solo player must match at the priority observations."""
    counts: dict[str, int] = {}
    for cid in s.discards:
        for a in s.cards[cid].attributes:
            counts[a] = counts.get(a, 0) + 1
    return counts


def rating(s: "GameState") -> Rating:
    """The rulebook's rating of the (current or final) solo score."""
    if s.players != 1:
        raise ConfigError("the rating scale is for solo play (players=1)")
    score = s.scores()[0]
    tier, label = scoring.solo_rating(score)
    return Rating(score, tier, label)


DECISIONS: dict = {}
