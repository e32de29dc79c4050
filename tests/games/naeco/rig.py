"""Helpers that arrange a Naéco table for a test while keeping every card accounted for: cards are
moved between the piles, hands and Oceans, never created or lost."""
from __future__ import annotations

from neko_lab.games.naeco.ocean import FACE_DOWN, START, Ocean, depth_col
from neko_lab.games.naeco.rules import GameState, Play


def _take(state: GameState, depth: int, value: int | None) -> int:
    """Remove from the piles a species card of that depth (and value) and return its id."""
    for i in range(len(state.piles) - 1, -1, -1):
        pile = state.piles[i]
        for k, cid in enumerate(pile):
            c = state.cards[cid]
            if not c.effect and c.depth == depth and (value is None or c.value == value):
                state.piles[i] = pile[:k] + pile[k + 1:]
                return cid
    for seat, h in enumerate(state.hands):       # take it from a hand, which gets a pile card instead
        for cid in h:
            c = state.cards[cid]
            if c.depth == depth and (value is None or c.value == value):
                spare = next(x for x in state.piles[6] if not state.cards[x].effect)
                state.piles[6] = tuple(x for x in state.piles[6] if x != spare)
                state.hands[seat] = tuple(sorted([x for x in h if x != cid] + [spare]))
                return cid
    raise LookupError(f"no card of depth {depth} value {value} left")


def _put_back(state: GameState, cids) -> None:
    state.piles[6] = tuple(cids) + state.piles[6]


def ocean(state: GameState, seat: int, text: str) -> Ocean:
    """Give `seat` the Ocean drawn in `text` (its start cards must be the game's: column 0 = the S
    column, depths 1 and 4), taking matching species from the piles."""
    shape = Ocean.from_text(text)
    starts = sorted(p for p, v in shape.cells.items() if v == START)
    col0 = starts[0] >> 2
    assert [depth_col(p) for p in starts] == [(1, col0), (4, col0)], "S at depths 1 and 4, one column"
    _put_back(state, [c.id for c in state.oceans[seat].cards.values()])
    new = Ocean.start()
    for p, v in sorted(shape.cells.items()):
        if v == START:
            continue
        d, c = depth_col(p)
        cid = _take(state, d, None if v == FACE_DOWN else v)
        new.put(d, c - col0, v, state.cards[cid])
    state.oceans[seat] = new.seal()
    state._legal = None
    return new


def hand(state: GameState, seat: int, cards: list[tuple[int, int]]) -> list[int]:
    """Give `seat` a hand of (depth, value) species; the old hand goes back under the last pile."""
    _put_back(state, state.hands[seat])
    ids = [_take(state, d, v) for d, v in cards]
    state.hands[seat] = tuple(sorted(ids))
    state._legal = None
    return ids


def play(state: GameState, cid: int, depth: int, col: int, down: bool = False) -> Play:
    c = state.cards[cid]
    return Play(cid, c.name, c.value, depth, col, down)


def card_of(state: GameState, seat: int, depth: int, value: int) -> int:
    return next(c for c in state.hands[seat] if state.cards[c].depth == depth and state.cards[c].value == value)


def draw_first(state: GameState) -> None:
    state.apply(state.legal_actions()[0])


def column(state: GameState, seat: int, col: int, wanted: list[tuple[str, ...]]) -> list[int]:
    """Give `seat` one species at each depth 1-4 of column `col` (any values: vertical neighbours are
    free), the one at depth d carrying exactly the symbols wanted[d - 1]; taken from the piles."""
    placed = []
    ocean = state.oceans[seat].copy()
    for depth, symbols in enumerate(wanted, start=1):
        cid = next(c for pile in state.piles for c in pile
                   if not state.cards[c].effect and state.cards[c].depth == depth
                   and sorted(state.cards[c].attributes) == sorted(symbols))
        i = next(k for k, pile in enumerate(state.piles) if cid in pile)
        state.piles[i] = tuple(c for c in state.piles[i] if c != cid)
        card = state.cards[cid]
        ocean.put(depth, col, card.value, card)
        placed.append(cid)
    state.oceans[seat] = ocean.seal()
    state._legal = None
    return placed
