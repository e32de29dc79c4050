"""Small builders for journey tests: put named cards into lanes and reach a phase with chosen dice."""
from __future__ import annotations

import neko_lab as nl
from neko_lab.core.frozen import FrozenDict
from neko_lab.games.journey.rules import SLOTS, Act, GameState
from neko_lab.games.journey.rules.player_boards import replaced


def new(players: int = 3, seed: int = 0, **options) -> GameState:
    return nl.new_game("journey", players=players, seed=seed, **options)


def card_id(s: GameState, name: str, skip: int = 0) -> int:
    ids = [c.id for c in s.data.cards if c.name == name]
    return ids[skip]


def detach(s: GameState, cid: int) -> None:
    """Take a card out of wherever it is (deck, display, box, bidding space, another lane)."""
    for lst in (s.decks[1], s.decks[2], s.box, s.display, s.drawn):
        if cid in lst:
            lst.remove(cid)
            return
    if cid in s.spaces:
        s.spaces[s.spaces.index(cid)] = 0
        return
    for b in s.boards:
        if cid in b.lanes:
            b.lanes = replaced(b.lanes, b.lanes.index(cid), 0)     # lanes: a tuple, replaced on change
            c = s.card(cid)
            b.names = {**b.names, c.name: b.names[c.name] - 1}
            b.types = {**b.types, c.type: b.types[c.type] - 1}
            return


def set_bid(s: GameState, space: int, seat: int, dice) -> None:
    """Put `dice` as `seat`'s bid on `space` (bids are read-only tuples, shared by copies of a game)."""
    sp = list(s.bids[space])
    sp[seat] = tuple(dice)
    s.bids[space] = tuple(sp)
    s._legal = None


def no_bids(s: GameState, space: int) -> None:
    s.bids[space] = ((),) * s.players


def give(s: GameState, seat: int, name_or_id, lane: int = 0, slot: int | None = None, skip: int = 0) -> int:
    """Put a card straight into a lane (no price, no lightning)."""
    cid = name_or_id if isinstance(name_or_id, int) else card_id(s, name_or_id, skip)
    detach(s, cid)
    b = s.boards[seat]
    while b.harbours <= lane:
        b.harbours += 1
    if slot is None:
        slot = next(i for i in range(SLOTS) if not b.lanes[lane * SLOTS + i])
    assert not b.lanes[lane * SLOTS + slot]
    b.lanes = replaced(b.lanes, lane * SLOTS + slot, cid)
    c = s.card(cid)
    b.names = FrozenDict({**b.names, c.name: b.names.get(c.name, 0) + 1})   # read-only: clones share them
    b.types = FrozenDict({**b.types, c.type: b.types.get(c.type, 0) + 1})
    return cid


def play_until(s: GameState, stage: str, pick=lambda acts: acts[0]) -> GameState:
    while s.stage != stage:
        assert not s.is_over(), f"game ended before stage {stage}"
        s.apply(pick(s.legal_actions()))
    return s


def skip_turn_free(acts):
    """A deterministic chooser: prefer simple, cheap choices ('done', 'decline', 'pass', then the first)."""
    for kind in ("done", "decline", "pass", "keep_fish"):
        for a in acts:
            if a.kind == kind:
                return a
    return acts[0]


def action_turn(s: GameState, dice: dict[int, list[int]] | None = None) -> int:
    """Play set-up and preparation with simple choices until the first action turn; set dice; return the seat."""
    play_until(s, "action", skip_turn_free)
    if dice:
        for seat, values in dice.items():
            s.boards[seat].dice = tuple(sorted(values))     # a board's dice: a tuple
        s._legal = None
    return s.current_player


def turn_with(dice=(1, 2, 3, 4, 5), seed: int = 0, **resources):
    """A three-player game at the first action turn, the seat to act holding `dice` and `resources`
    (board attributes such as coins=10); returns (state, seat, board)."""
    s = new(3, seed=seed)
    seat = action_turn(s)
    b = s.boards[seat]
    b.dice = tuple(sorted(dice))
    for k, v in resources.items():
        setattr(b, k, v)
    s._legal = None
    return s, seat, b


def kinds(acts) -> set[str]:
    return {a.kind for a in acts}


A = Act


def choice(s: GameState, kind: str, a: int) -> Act:
    """The legal action of that kind and first value (rewards and bonus tiles also carry what they give)."""
    return next(x for x in s.legal_actions() if x.kind == kind and x.a == a)


def put_in_space(s: GameState, name_or_id, space: int, skip: int = 0) -> int:
    """Put a named card on a bidding space; the card that was there goes to the bottom of its deck."""
    cid = name_or_id if isinstance(name_or_id, int) else card_id(s, name_or_id, skip)
    detach(s, cid)
    old = s.spaces[space]
    if old:
        s.decks[int(s.card(old).period)].insert(0, old)
    s.spaces[space] = cid
    return cid
