"""Naéco › Gameplay, second step: draw the top card of a permitted pile, back to three in hand.

A token lets its player draw from the piles from the left edge up to the one under it (surface.csv,
column `piles`; see "Places where the rulebook disagrees with itself" in datasets/naeco/README.md).
With the Sea Shepherd France variant a mission card may lie on top: taking it is part of the draw, and a
species draw follows. When every permitted pile shows a mission, one of them must be taken while a
species may lie beneath one, since a turn ends with three cards in hand; when each is the last card of
its pile, no species can follow, and the player may leave them and miss the draw (reading 8 of
datasets/naeco/README.md). Only permitted piles offer their missions.
In solo play every draw is followed by the solo discard.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from neko_lab.core import Pending, serializable
from neko_lab.core.fast import new_tuple

from .end_of_game import end_of_turn, note_if_exhausted
from .ocean import RULE_PLAY
from .sea_shepherd import RULE_MISSIONS, take_mission
from .setup import PILES
from .solo import solo_discard

if TYPE_CHECKING:
    from .state import GameState


@serializable
class Draw(NamedTuple):
    """Draw the species on top of pile `pile` (0-based; shown 1-7)."""
    pile: int
    card: int
    name: str

    def __str__(self) -> str:
        return f"draw {self.name} from pile {self.pile + 1}"

    def why_not(self, s: "GameState") -> str | None:
        reason = pile_problem(s, self)
        if reason is None and s.cards[s.piles[self.pile][-1]].effect:
            return (f"{self} is not possible: a mission card lies on top of pile {self.pile + 1}; "
                    f"take it first ({RULE_MISSIONS})")
        return reason or top_problem(s, self)

    def carry_out(self, s: "GameState", seat: int) -> None:
        draw_a_card(s, seat, self.pile)
        end_of_turn(s, seat)


@serializable
class TakeMission(NamedTuple):
    """Take the mission card on top of pile `pile` (Sea Shepherd France variant), then draw."""
    pile: int
    card: int
    name: str

    def __str__(self) -> str:
        return f"take mission {self.name} from pile {self.pile + 1}"

    def why_not(self, s: "GameState") -> str | None:
        reason = pile_problem(s, self)
        if reason is None and not s.cards[s.piles[self.pile][-1]].effect:
            return f"{self} is not possible: pile {self.pile + 1} shows a species on top, to be drawn"
        return reason or top_problem(s, self)

    def carry_out(self, s: "GameState", seat: int) -> None:
        take_mission(s, seat, self.pile)
        note_if_exhausted(s, self.pile)
        ask_for_draw(s, seat)


@serializable
class LeaveMissions(NamedTuple):
    """Sea Shepherd France variant: every permitted pile that has cards shows a mission that is its last
    card, so no species can follow; take none of them and miss the draw (reading 8)."""

    def __str__(self) -> str:
        return "leave the missions: no species can follow them"

    def why_not(self, s: "GameState") -> str | None:
        top = s.pending[-1]
        if top.kind != "draw":
            return f"{self} is not possible now: Player {top.seat + 1} must first play a card ({RULE_PLAY})"
        if species_may_follow(s, top.seat):
            return (f"{self} is not possible: a species can still be drawn, directly or under a mission, "
                    f"and a turn ends with three cards in hand ({RULE_MISSIONS})")
        return None

    def carry_out(self, s: "GameState", seat: int) -> None:
        s.missed[seat] += 1
        s.emit("leaves the missions on its piles, as no species can follow them, and draws nothing: it plays on "
               "with fewer cards", RULE_MISSIONS, seat, reading=8)
        end_of_turn(s, seat)


def species_may_follow(s: "GameState", seat: int) -> bool:
    """Can the seat's draw still bring a species, as far as the table can see? Yes if a permitted pile
    shows one, or shows a mission with more cards beneath (pile sizes are public)."""
    cards = s.cards
    for pile in s.piles[:s.surface_piles[s.token[seat]]]:
        if pile and (not cards[pile[-1]].effect or len(pile) > 1):
            return True
    return False


def allowed_piles(s: "GameState", seat: int) -> int:
    """How many piles, from the left, the seat's token lets it draw from."""
    return s.surface_piles[s.token[seat]]


def pile_problem(s: "GameState", action: Draw | TakeMission) -> str | None:
    """Why drawing from action.pile is refused now, or None."""
    top = s.pending[-1]
    seat = top.seat
    if top.kind != "draw":
        return f"{action} is not possible now: Player {seat + 1} must first play a card ({RULE_PLAY})"
    if not 0 <= action.pile < PILES:
        return f"{action} is not possible: there are {PILES} piles"
    if action.pile >= allowed_piles(s, seat):
        return (f"{action} is not possible: from the Surface card of value {s.surface_values[s.token[seat]]} Player "
                f"{seat + 1} may draw only from the first {allowed_piles(s, seat)} piles ({RULE_PLAY})")
    if not s.piles[action.pile]:
        return f"{action} is not possible: pile {action.pile + 1} is empty"
    return None


def named_otherwise(s: "GameState", action: Any) -> str | None:
    """Why an action's words (a species' name, its value) do not fit the card it stands for, or None:
    the card a Play, Draw or TakeMission carries is read by its number, which a person never reads
    (each species' name is its own), so the mismatch is said in names and values."""
    cid = getattr(action, "card", None)
    if not isinstance(cid, int) or isinstance(cid, bool) or not 0 <= cid < len(s.cards):
        return None
    card = s.cards[cid]
    if getattr(action, "name", card.name) != card.name:
        return (f"its card stands for {card.name}, not {action.name} (pass the action from "
                f"legal_actions())")
    value = getattr(action, "value", card.value)
    if value != card.value:
        return f"{card.name}'s value is {card.value}, not {value}"
    return None


def top_problem(s: "GameState", action: Draw | TakeMission) -> str:
    """The pile may be drawn from, but the action names another card than its top."""
    wrong = named_otherwise(s, action)
    if wrong:
        return f"{action} is not possible: {wrong}"
    top = s.cards[s.piles[action.pile][-1]]
    return f"{action} is not possible: pile {action.pile + 1} shows {top.name} on top, not {action.name}"


def draw_options(s: "GameState", seat: int, data: Any = None) -> list:
    """The top of every permitted pile that has one: a species to draw or a mission to take. When only
    missions are on offer, one of them is taken while a species may lie beneath one (the turn ends with
    three cards); when every one is the last card of its pile, leaving them is offered too (reading 8)."""
    out: list = []
    cards = s.cards
    new = new_tuple
    piles = s.piles
    follows = False                      # may a species come of this draw?
    for i in range(s.surface_piles[s.token[seat]]):
        pile = piles[i]
        if pile:
            card = cards[pile[-1]]
            if card[6]:
                out.append(new(TakeMission, (i, card[0], card[1])))
                follows = follows or len(pile) > 1
            else:
                out.append(new(Draw, (i, card[0], card[1])))
                follows = True
    if out and not follows:
        out.append(LeaveMissions())
    return out


def ask_for_draw(s: "GameState", seat: int) -> None:
    """Ask for the draw, or note that no permitted pile offers a card (reading 7: running out)."""
    options = draw_options(s, seat)
    if options:
        s.pending.append(Pending("draw", seat))
        s._legal = options        # the answer to the next question, already computed
        return
    s.missed[seat] += 1
    s.emit("cannot draw: every pile it may draw from is empty; it plays on with fewer cards",
           RULE_PLAY, seat, reading=7)
    end_of_turn(s, seat)


def draw_from_pile(s: "GameState", seat: int, data: Any, action: Draw | TakeMission | LeaveMissions) -> None:
    """Carry out the chosen draw: a species ends the turn, a mission asks for the draw again, leaving the
    missions ends the turn without a card."""
    action.carry_out(s, seat)


def draw_a_card(s: "GameState", seat: int, i: int) -> None:
    pile = s.piles[i]
    cid = pile[-1]
    s.piles[i] = pile[:-1]
    s.hands[seat] = tuple(sorted(s.hands[seat] + (cid,)))
    s.known[seat] += (cid,)                          # everyone saw it on top of the pile
    s.emit("draws {} from pile {}", RULE_PLAY, seat, s.cards[cid].name, i + 1, card=cid, pile=i)
    note_if_exhausted(s, i)
    if s.players == 1:
        j = solo_discard(s, i)
        if j is not None:
            note_if_exhausted(s, j)


DECISIONS = {"draw": (draw_options, draw_from_pile)}
