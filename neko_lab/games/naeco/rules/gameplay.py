"""Naéco › Gameplay, first step: play one card from the hand into the Ocean.

The card touches the start cards or a played card, stands in the row of its depth, and beside another
species only one food-chain step away; face-down it is an unpopulated area any value may sit beside
(readings 1 and 2 of datasets/naeco/README.md). Then the objectives are looked at and the draw follows.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from neko_lab.core import serializable
from neko_lab.core.fast import new_tuple

from .drawing import ask_for_draw, named_otherwise
from .observations import make_observations
from .ocean import FACE_DOWN, RULE_PLAY, pos, where

# a face-down play as the log tells it (the card named only to its owner, by the explain module's narrate)
FACE_DOWN_PLAY = "plays {} face-down (an unpopulated area) at {}"
_FACE_DOWN_LOG = FACE_DOWN_PLAY.replace("{}", "a card", 1)      # what the log holds: no card named

if TYPE_CHECKING:
    from .state import GameState


@serializable
class Play(NamedTuple):
    """Play hand card `card` into the Ocean at (depth, col); face-down when `down`."""
    card: int
    name: str
    value: int
    depth: int
    col: int
    down: bool

    def __str__(self) -> str:
        what = f"{self.name} face-down" if self.down else f"{self.name} ({self.value})"
        return f"play {what} at {where(self.depth, self.col)}"

    def why_not(self, s: "GameState") -> str | None:
        top = s.pending[-1]
        seat = top.seat
        if top.kind != "play":
            return f"{self} is not possible now: Player {seat + 1} has played and must draw ({RULE_PLAY})"
        wrong = named_otherwise(s, self)
        if wrong:
            return f"{self} is not possible: {wrong}"
        if self.card not in s.hands[seat]:
            return f"{self} is not possible: that card is not in Player {seat + 1}'s hand"
        card = s.cards[self.card]
        ocean = s.oceans[seat]
        p = pos(self.depth, self.col)
        if not 1 <= self.depth <= 4:
            return f"{self} is not possible: depths are 1 to 4"
        if p in ocean.cells:
            return f"{self} is not possible: that place is already taken ({RULE_PLAY})"
        if p not in ocean.front[p & 3]:
            return (f"{self} is not possible: a card must touch a start card or a played card "
                    f"above, below, left or right ({RULE_PLAY})")
        if self.depth != card.depth and not (self.down and s.options["facedown_any_depth"]):
            return f"{self} is not possible: {card.name} lives at depth {card.depth} ({RULE_PLAY})"
        if not self.down and not ocean.fits(p, card.value):
            return (f"{self} is not possible: a species beside another species must be one value "
                    f"above or below it ({RULE_PLAY})")
        return f"{self} is not one of the legal plays: pass one of legal_actions()"


def play_options(s: "GameState", seat: int, data: Any = None) -> list[Play]:
    """Every legal play: each hand card face-up where its value fits its neighbours, then face-down,
    on the empty cells of its row touching the Ocean (any row with facedown_any_depth)."""
    ocean = s.oceans[seat]
    fronts = ocean.front
    get = ocean.cells.get
    out: list[Play] = []
    add = out.append
    new = new_tuple
    cards = s.cards
    any_row = s.options["facedown_any_depth"]
    for cid in s.hands[seat]:
        card = cards[cid]
        name, depth, v = card[1], card[2], card[3]
        down = []
        for p in fronts[depth - 1]:
            col = p >> 2
            left = get(p - 4)
            right = get(p + 4)
            if ((left is None or left <= 0 or left - v == 1 or v - left == 1)
                    and (right is None or right <= 0 or right - v == 1 or v - right == 1)):
                add(new(Play, (cid, name, v, depth, col, False)))
            down.append(new(Play, (cid, name, v, depth, col, True)))
        if any_row:
            down = [new(Play, (cid, name, v, (p & 3) + 1, p >> 2, True))
                    for p in sorted(fronts[0] + fronts[1] + fronts[2] + fronts[3])]
        out += down
    return out


def play_a_card(s: "GameState", seat: int, data: Any, action: Play) -> None:
    """The card leaves the hand and takes its place, never to move again; then the objectives are
    looked at and the draw is asked for."""
    card = s.cards[action.card]
    hand = list(s.hands[seat])
    hand.remove(action.card)
    s.hands[seat] = tuple(hand)
    known = s.known[seat]
    if not action.down and action.card in known:          # now in plain view in the Ocean
        i = known.index(action.card)
        s.known[seat] = known[:i] + known[i + 1:]
    ocean = s.oceans[seat].copy()
    ocean.put(action.depth, action.col, FACE_DOWN if action.down else card.value, card)
    s.oceans[seat] = ocean.seal()
    if action.down:
        s.emit(_FACE_DOWN_LOG, RULE_PLAY, seat,
               where(action.depth, action.col), depth=action.depth, col=action.col, down=True)
    else:
        s.emit("plays {} ({}) at {}", RULE_PLAY, seat, card.name, card.value, where(action.depth, action.col),
               card=card.id, depth=action.depth, col=action.col, down=False)
    make_observations(s, seat)
    ask_for_draw(s, seat)


DECISIONS = {"play": (play_options, play_a_card)}
