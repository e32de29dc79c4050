"""Helpers that arrange a Neko Syndicate table for a test while keeping every card and cube accounted
for: minions move between the deck, the discard pile, Waiting Rooms and pyramids, cubes between a
warehouse, neighbourhoods and slots; nothing is created or lost, so check_invariants() still holds."""
from __future__ import annotations

from typing import Iterable

import neko_lab as nl
from neko_lab.agents import make_agent
from neko_lab.core import Pending
from neko_lab.games.syndicate.data import CHILD, LEVEL_OF, PARENTS, WILD, added, changed, lower, upper
from neko_lab.games.syndicate.rules import GameState
from neko_lab.games.syndicate.rules.command_phase import Box


def started(players: int = 2, seed: int = 0, **options) -> GameState:
    """A game after every seat's opening choice (the first one offered; in solo CatANNA's values go on
    the missions in the order given): turn 1, seat 1 to walk."""
    s = nl.new_game("syndicate", players=players, seed=seed, **options)
    if s.pending[-1].kind == "catanna_assign":
        s.apply(s.legal_actions()[0])
    while s.pending[-1].kind == "opening":
        s.apply([a for a in s.legal_actions() if type(a).__name__ == "Open"][0])
    return s


def walk_start(seed: int, turn: int = 2) -> GameState:
    """A two-player position at the first box of a walk of `turn` (greedy play up to there): where the
    agent's plans and ismcts's search over them begin."""
    s = nl.new_game("syndicate", players=2, seed=seed)
    greedy = make_agent("greedy", "syndicate", seed=seed)
    while not (s.turn >= turn and s.pending[-1].kind == "walk" and s.pending[-1].data == 0
               and len(s.legal_actions()) > 1):
        s.apply(greedy.choose(s))
    return s


def _release(s: GameState, card: int) -> None:
    """Take `card` out of wherever it is (deck, discard, a Waiting Room, a pyramid)."""
    for pile in (s.deck, s.discard):
        if card in pile:
            pile.remove(card)
            return
    for rooms in (s.waiting, s.opening):
        for seat, room in enumerate(rooms):
            if card in room:
                rooms[seat] = tuple(c for c in room if c != card)
                return
    for seat, pyr in enumerate(s.pyramid):
        if card in pyr:
            p = pyr.index(card)
            clear(s, seat, p)
            s.pyramid[seat] = changed(pyr, p, -1)
            s.filled[seat] = changed(s.filled[seat], p, ())
            return
    raise LookupError(f"minion {card + 1} is nowhere")


def clear(s: GameState, seat: int, p: int) -> None:
    """Send the cubes of place p back to the warehouse and empty its slots."""
    for n in (upper(p), lower(p)):
        for c in range(4):
            s.warehouse[seat] = added(s.warehouse[seat], c, s.cubes[seat][4 * n + c])
            s.cubes[seat] = changed(s.cubes[seat], 4 * n + c, 0)
    for c in s.filled[seat][p]:
        if c >= 0:
            s.warehouse[seat] = added(s.warehouse[seat], c, 1)
    s.delivered[seat] = tuple(d for d in s.delivered[seat] if d[0] != p)
    s.filled[seat] = changed(s.filled[seat], p, (-1,) * len(s.filled[seat][p]))


def build(s: GameState, seat: int, cards: dict[int, int]) -> None:
    """Put minion ids at places (0-based places 1..9), replacing what stood there."""
    for p, card in sorted(cards.items()):
        old = s.pyramid[seat][p]
        if old == card:
            continue
        if old >= 0:
            clear(s, seat, p)
            s.pyramid[seat] = changed(s.pyramid[seat], p, -1)
            s.discard.append(old)
        _release(s, card)
        s.pyramid[seat] = changed(s.pyramid[seat], p, card)
        s.filled[seat] = changed(s.filled[seat], p, (-1,) * len(s.cards[card].slots))
    s._legal = None


def waiting(s: GameState, seat: int, cards: Iterable[int]) -> None:
    """Make `cards` the Waiting Room of `seat` (the old ones go to the discard pile)."""
    s.discard.extend(s.waiting[seat])
    s.waiting[seat] = ()
    for c in cards:
        _release(s, c)
        s.waiting[seat] += (c,)
    s._legal = None


def put(s: GameState, seat: int, n: int, colour: int, count: int = 1) -> None:
    """Move `count` cubes of `colour` from the warehouse to neighbourhood n."""
    assert s.warehouse[seat][colour] >= count
    s.warehouse[seat] = added(s.warehouse[seat], colour, -count)
    s.cubes[seat] = added(s.cubes[seat], 4 * n + colour, count)
    s._legal = None


def fill(s: GameState, seat: int, p: int, slot: int, colour: int | None = None) -> None:
    """Deliver a cube from the warehouse on slot `slot` of place p (its own colour, or `colour` if wild)."""
    want = s.cards[s.pyramid[seat][p]].slots[slot][1]
    c = want if want != WILD else (0 if colour is None else colour)
    assert s.warehouse[seat][c] > 0 and s.filled[seat][p][slot] < 0
    s.warehouse[seat] = added(s.warehouse[seat], c, -1)
    s.filled[seat] = changed(s.filled[seat], p, changed(s.filled[seat][p], slot, c))
    s.delivered[seat] = s.delivered[seat] + ((p, slot, c),)
    s._legal = None


def complete(s: GameState, seat: int, p: int) -> None:
    for k, v in enumerate(s.filled[seat][p]):
        if v < 0:
            fill(s, seat, p, k)


def find(s: GameState, *, action: str | None = None, colour: int | None = None, upper_line: int | None = None,
         lower_line: int | None = None, test=None, exclude: Iterable[int] = ()) -> int:
    """The first minion id with the given box action (and Fishmonger colour), lines or property."""
    skip = set(exclude)
    for card in s.cards[:48]:
        if card.id in skip:
            continue
        if action is not None and not any(a == action and (colour is None or c == colour) for a, c in card.boxes):
            continue
        if upper_line is not None and card.upper != upper_line:
            continue
        if lower_line is not None and card.lower != lower_line:
            continue
        if test is not None and not test(card):
            continue
        return card.id
    raise LookupError("no such minion")


def side_of(s: GameState, card: int, action: str) -> int:
    return 0 if s.cards[card].boxes[0][0] == action else 1


def ask(s: GameState, seat: int, kind: str, data=None) -> None:
    """Make `kind` the decision `seat` faces now (replacing the one on top)."""
    s.pending[-1] = Pending(kind, seat, data)
    s._legal = None


def at_box(s: GameState, seat: int, p: int, action: str) -> None:
    """Put `seat`'s leader on the box of place p showing `action`, about to use it fully."""
    card = s.pyramid[seat][p]
    side = side_of(s, card, action)
    s.pending[-1] = Pending(action, seat, (p, side, LEVEL_OF[p]))
    chain, cur = [2 * p + side], p
    while cur:
        q = next(q for q in PARENTS[cur] if s.pyramid[seat][q] >= 0)
        chain.insert(0, 2 * q + CHILD[q].index(cur))
        cur = q
    s.path[seat] = tuple(chain)
    s._legal = None


def walk_onto(s: GameState, seat: int, p: int, action: str) -> None:
    """Put `seat`'s leader on the card above place p and walk it onto p's box showing `action`: unlike
    at_box, the engine itself decides how many uses the box gives."""
    at_box(s, seat, p, action)
    s.path[seat] = s.path[seat][:-1]
    s.pending[-1] = Pending("walk", seat, p)
    s._legal = None
    side = side_of(s, s.pyramid[seat][p], action)
    s.apply(Box(p, side, s.card_at(seat, p).box_text(side), LEVEL_OF[p]))


def named(s: GameState, text: str):
    """The legal action whose str() is `text`."""
    for a in s.legal_actions():
        if str(a) == text:
            return a
    raise LookupError(f"{text!r} is not legal; legal: {[str(a) for a in s.legal_actions()]}")


def kinds(s: GameState) -> list[str]:
    return [type(a).__name__ for a in s.legal_actions()]
