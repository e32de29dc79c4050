"""What a user calls to read a save of either kind: nl.from_json() rebuilds a game by replaying its history
(or loads a trusted snapshot), nl.replay() gives every position of a saved game in order.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Iterator

from .errors import SaveError, counted, excerpt as _excerpt
from .history import OLD_FORMATS
from .saves import decode_steps, play_step, read_doc, read_source, start
from .snapshots import load_snapshot
from .state import State

CHECKPOINT_EVERY = 16                 # positions kept by a Replay (the others are replayed)


def from_json(text: Any, trust: bool = False) -> State:
    """Rebuild a game saved with State.to_json(), by replaying its history; SaveError for anything
    that is not a valid save. `text` is the save's text, or a pathlib.Path of its file (errors then
    name the file). trust=True also loads a snapshot save (see the module docstring)."""
    return read_source(text, _from_json, trust)


def _from_json(text: Any, trust: bool) -> State:
    doc = read_doc(text)
    if doc["format"] in OLD_FORMATS or doc.get("kind") == "snapshot":
        return load_snapshot(doc, trust)
    if doc.get("kind") != "history":
        raise SaveError(f"unknown save kind {_excerpt(doc.get('kind'), 40)}")
    state = start(doc)
    for n, action in decode_steps(doc):
        play_step(state, n, action)
    return state


class Replay(Sequence):
    """Every position of a saved game in order: replay[0] is the set-up, replay[i] the position after
    i actions, replay[-1] the end; replay.actions[i] leads from replay[i] to replay[i + 1].

    Each position given is a fresh copy that may be played on. Every CHECKPOINT_EVERY-th position is
    kept, so stepping forwards or back costs a few actions, not a replay from the start.
    """

    def __init__(self, first: State, actions: list, keep_every: int = CHECKPOINT_EVERY):
        self.actions: tuple = tuple(actions)
        self._every = keep_every
        self._kept: list[State] = []
        state = first
        for n, action in enumerate(self.actions, start=1):
            if (n - 1) % keep_every == 0:
                self._kept.append(state.clone())
            play_step(state, n, action)
        if len(self.actions) % keep_every == 0:
            self._kept.append(state.clone())
        self._last = state

    def __len__(self) -> int:
        return len(self.actions) + 1

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        if not isinstance(i, int):
            raise TypeError(f"positions are numbered by int, not {type(i).__name__}")
        n = len(self)
        at = i + n if i < 0 else i
        if not 0 <= at < n:
            raise IndexError(f"position {i} of a game with {n} positions (0..{n - 1}, or -{n}..-1 "
                             f"from the end)")
        i = at
        if i == n - 1:
            return self._last.clone()
        state = self._kept[i // self._every].clone()
        for action in self.actions[i - i % self._every:i]:
            state.apply(action)
        return state

    def __iter__(self) -> Iterator[State]:
        state = self._kept[0].clone()
        yield state.clone()
        for action in self.actions:
            state.apply(action)
            yield state.clone()

    @property
    def final(self) -> State:
        return self[-1]

    def describe(self, i: int) -> str:
        """str() of the action leading to position i (i >= 1; negative i counts from the end, as
        positions do). Position 0 is the set-up: no action leads to it, so it is an IndexError."""
        if not isinstance(i, int):
            raise TypeError(f"positions are numbered by int, not {type(i).__name__}")
        n = len(self)
        at = i + n if i < 0 else i
        if at == 0:
            raise IndexError("position 0 is the set-up: no action leads to it")
        if not 0 < at < n:
            raise IndexError(f"position {i} of a game with {n} positions (0..{n - 1}, or -{n}..-1 "
                             f"from the end)")
        return str(self.actions[at - 1])

    def __repr__(self) -> str:
        return f"<Replay of {self._last.GAME}: {counted(len(self.actions), 'action')}>"


def replay(source: Any, trust: bool = False) -> Replay:
    """Every position of a saved game (a save's text, a pathlib.Path of its file, or a State whose
    history to replay), in order."""
    if isinstance(source, State):
        source = source.to_json()
    return read_source(source, _replay, trust)


def _replay(source: Any, trust: bool) -> Replay:
    doc = read_doc(source)
    if doc["format"] in OLD_FORMATS or doc.get("kind") == "snapshot":
        return Replay(load_snapshot(doc, trust), [])
    if doc.get("kind") != "history":
        raise SaveError(f"unknown save kind {_excerpt(doc.get('kind'), 40)}")
    return Replay(start(doc), [a for _, a in decode_steps(doc)])
