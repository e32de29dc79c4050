"""Naéco › Sea Shepherd France variant: four mission cards hidden in the draw piles.

At set-up the missions are shuffled into the species left after dealing; during play a mission may
show on top of a pile, and taking it is part of the draw (neko_lab/games/naeco/rules/drawing.py offers
it); at the end each mission taken scores its bonus or its penalty.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .. import scoring

if TYPE_CHECKING:
    from .state import GameState

RULE_MISSIONS = scoring.RULE_MISSIONS


def shuffle_in_missions(s: "GameState", deck: list[int]) -> None:
    """Set-up: the mission cards join the species left after dealing, and all are shuffled."""
    deck.extend(range(s.n_species, len(s.cards)))
    s.rng.shuffle(deck)
    s.emit("the mission cards are shuffled into the draw piles", RULE_MISSIONS)


def take_mission(s: "GameState", seat: int, i: int) -> None:
    """The mission on top of pile i goes in front of the player (a species draw follows)."""
    pile = s.piles[i]
    cid = pile[-1]
    s.piles[i] = pile[:-1]
    s.missions[seat] = s.missions[seat] + (cid,)
    s.emit(f"takes the mission {s.cards[cid].name} from pile {i + 1}", RULE_MISSIONS, seat,
           card=cid, pile=i)


def mission_points(s: "GameState", seat: int) -> int:
    """Bonus and penalty points of every mission the seat has taken."""
    cards, ocean = s.cards, s.oceans[seat]
    return sum(scoring.mission(cards[m].effect, ocean) for m in s.missions[seat])


DECISIONS: dict = {}
