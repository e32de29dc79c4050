"""What a seat learns over a run of moves: whether, after some move played from a position, the seat
knows something it could not know there (a card drawn into its view or turned up, a die rolled, a hidden
card shown, a choice made out of its sight revealed). A board's Undo never takes a person back past such
a move (widgets/pacing.py): back there they would choose again knowing what the move showed them.

Found from the State contract alone, for every game: the worlds a seat cannot tell apart from the real
one at a position are its search copies (State.determinize, which re-draws everything the seat has not
seen, the chance to come included). The moves are played on in a few of them; a move after which the
seat's view (its observation and its log) differs from the real one in some world has shown the seat
something. Another seat's move is played in a world as the move itself if that is legal there, else as
any of that world's moves that looks the same to the seat (a card played face down, a walk made out of
its sight): the seat never saw which it was. The worlds are drawn from a fixed seed, so the answer is the
same every time, and a function of what the seat knows.
"""
from __future__ import annotations

from typing import Any, Hashable, Sequence

from .events import shown_log
from .rng import Rng

WORLDS = 16     # search copies tried: a change of even one coin's flip is missed with odds 1 in 65,536


def first_news(then: Any, actions: Sequence[Hashable], seat: int, worlds: int = WORLDS) -> int | None:
    """The index in `actions` (played in order from the State `then`) of the first move after which
    `seat` knows something it could not know at `then`; None when every view of `seat` along the way
    follows from what it knew there and the moves it saw."""
    seat = then.check_seat(seat)
    real, views = then.clone(), []
    for action in actions:
        mark = len(real.log)
        real.apply(action)
        views.append(_view(real, seat, mark))
    copies = [then.determinize(seat, Rng(k)) for k in range(worlds)]
    for i, (action, view) in enumerate(zip(actions, views)):
        for k, copy in enumerate(copies):
            copies[k] = _played_alike(copy, action, view, seat)
            if copies[k] is None:
                return i
    return None


def _view(state: Any, seat: int, mark: int) -> tuple:
    """What `seat` sees of `state`: its observation, and the events logged since `mark` as it reads them."""
    return state.observation(seat), shown_log(state.log[mark:], seat)


def _played_alike(world: Any, action: Hashable, view: tuple, seat: int) -> Any:
    """`world` after `action`, or after another move that `seat` sees as the same (another seat's move
    only: `seat` knows its own), when the seat's view is then `view`; None when no move does that."""
    legal = world.legal_actions()
    own = [a for a in legal if a == action and type(a) is type(action)]
    tries = own if world.current_player == seat else own + [a for a in legal if a not in own]
    mark = len(world.log)
    for move in tries:
        after = world.clone()
        after.apply(move)
        if _view(after, seat, mark) == view:
            return after
    return None
