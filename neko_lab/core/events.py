"""Events: what happened in a game, which rule made it happen, and who may read it.

A state's `log` is a `Log`: the events oldest first, read like a list (len, index, slices, iteration).
Rules write to it with State.emit(text, rule, seat, *values, **data): with values, `text` is a
str.format template ("draws {} from pile {}") that is filled in only when the event is first read,
so a game nobody reads the log of (a simulation, an agent's search) never formats a sentence. The log
is an immutable chain that copies of a state share, like the history: clone() never copies it.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Iterator, NamedTuple

from .frozen import EMPTY, FrozenDict, freeze

try:
    import cython           # the compiled build reads cython.compiled as True (see events.pxd)
except ImportError:         # the pure package runs without Cython installed
    class cython:           # type: ignore[no-redef]
        compiled = False

_PLAIN = frozenset({int, str, bool, float, type(None)})    # values that cannot change

PUBLIC = "public"        # a viewer: what a spectator sees (every seat sees at least this)
EVERYTHING = "all"       # a viewer: the analyst's view, every secret included


def cite(title: str, heading: str) -> str:
    """The Event.rule citing `heading` of the rulebook titled `title`: "Title › Heading"."""
    return f"{title} › {heading}"


class _Fields(NamedTuple):
    text: str
    rule: str = ""
    seat: int | None = None
    data: dict[str, Any] = EMPTY
    cover: str | None = None


class Event(_Fields):
    """One entry of a state's log (an immutable record, built in one step: the engine makes many).

    text: a sentence in neko_lab's own words; rule: the rulebook section that caused it, written
    "Game › Section" (e.g. "Naéco › Gameplay"); seat: the player concerned, or None;
    data: small plain values for programs (the card played, points scored, ...), read-only;
    cover: None for an event every seat sees; otherwise what the table saw (e.g. "picks a die"):
    `text` and `data` are then known to `seat` alone (see shown_to); "" when the others saw nothing
    at all (the event is left out of their log).
    """

    __slots__ = ()

    def __new__(cls, text: str, rule: str = "", seat: int | None = None, data: Any = EMPTY,
                cover: str | None = None) -> "Event":
        if type(data) is not FrozenDict:
            data = freeze(data or {})
        return tuple.__new__(cls, (text, rule, seat, data, cover))

    def shown_to(self, viewer: Any) -> "Event":
        """The event as `viewer` reads it (a seat, PUBLIC or EVERYTHING): a covered event of another
        seat reads as its cover, without its data."""
        if self.cover is None or viewer == EVERYTHING or viewer == self.seat:
            return self
        return Event(self.cover, self.rule, self.seat, EMPTY)

    def __str__(self) -> str:
        who = "" if self.seat is None else f"[Player {self.seat + 1}] "
        why = f"  ({self.rule})" if self.rule else ""
        return f"{who}{self.text}{why}"


def shown_log(log: list[Event], viewer: Any) -> list[Event]:
    """A log as `viewer` may read it: every covered event of another seat replaced by its cover, or
    left out when its cover is empty."""
    if viewer == EVERYTHING:
        return list(log)
    return [e if e.cover is None or e.seat == viewer else e.shown_to(viewer) for e in log
            if e.cover != "" or e.seat == viewer]


def hides(events: list[Event], viewer: Any) -> bool:
    """Does any of these events (one move's) keep something from `viewer`? Then the move itself is
    told to that viewer only as its events read to it, never as the action chosen."""
    return viewer != EVERYTHING and any(e.cover is not None and e.seat != viewer for e in events)


# ------------------------------------------------------------------------------------- the log
# A link of the chain is a list [entry, previous link]. An entry is an Event, or, until the event is
# first read, the tuple (text, values, rule, seat, data, cover) that State.emit stored; reading it
# replaces the tuple by its Event in place (the same value for every copy sharing the link).
_NEW_TUPLE = tuple.__new__
_NEW = object.__new__


def _event(link: list) -> Event:
    """The Event of a link, built (its text formatted, its data made read-only) the first time it is
    read. State.emit already froze any data that was not plain values."""
    entry = link[0]
    if type(entry) is tuple:
        text, values, rule, seat, data, cover = entry
        entry = link[0] = _NEW_TUPLE(Event, (text.format(*values) if values else text, rule, seat,
                                             data if type(data) is FrozenDict else FrozenDict(data), cover))
    return entry


class Later:
    """A template value (State.emit) that takes some work to write (a list of picks, a table of totals):
    `write(*args)` is called only when the event holding it is first read, so a game nobody reads never
    calls it. `args` must not change afterwards (numbers, strings, tuples, frozen cards)."""

    __slots__ = ("_write", "_args")

    def __init__(self, write: Any, *args: Any) -> None:
        self._write, self._args = write, args

    def __format__(self, spec: str) -> str:
        return format(self._write(*self._args), spec)

    def __str__(self) -> str:
        return self.__format__("")


def joined(handles: list, prefix: str = "", sep: str = "; ") -> Later:
    """A template value standing for the texts of events already logged (handles from Log.covered_since),
    each without `prefix`, joined by `sep`; written only when the event holding it is first read. The
    events it names never change, so neither does it."""
    return Later(_joined, tuple(handles), prefix, sep)


def _joined(links: tuple, prefix: str, sep: str) -> str:
    texts = [_event(link).text for link in links]
    return sep.join([t.removeprefix(prefix) for t in texts if t])


class Log:
    """The events of a game, oldest first, read like a list: len(log), log[-1], log[3:], iteration,
    == with a list of events. Appending is for the engine (State.emit); copies of a state share the
    chain of events, so copying a log costs the same however long the game has been."""

    __slots__ = ("_head", "_n", "_views")

    def __init__(self, events: Any = ()) -> None:
        self._head: list | None = None
        self._n = 0
        self._views: tuple = ()           # (count, viewer): the first `count` events read as `viewer` sees them
        for e in events:
            self.append(e)

    def append(self, event: Event) -> None:
        if not isinstance(event, Event):
            raise TypeError(f"a log holds Events, not {type(event).__name__}")
        self._head = [event, self._head]
        self._n += 1

    def add(self, text: str, values: tuple, rule: str, seat: int | None, data: dict,
            cover: str | None = None) -> None:
        """Log an event whose text is `text.format(*values)`, written when the event is first read
        (State.emit). `data` must be a dict of the caller's own: kept as it is when its values are
        plain, else copied read-only now."""
        if data and not _PLAIN.issuperset(map(type, data.values())):
            data = freeze(data)                 # a list or dict could change later: frozen now
        self._head = [(text, values, rule, seat, data, cover), self._head]
        self._n += 1

    def covered_since(self, start: int) -> list[tuple[int | None, Any, list]]:
        """The covered events (only their own seat reads them in full) from index `start` on that this log
        shows in full, oldest first, as (seat, data, handle), without writing their text: a handle goes
        into joined(), which writes the texts only if the event holding it is ever read. An event this log
        shows only as its cover (a search copy's past, see seen_by) is left out, and so is an event without
        text."""
        out = []
        link, i = self._head, self._n
        views = self._views
        while i > start:
            i -= 1
            entry = link[0]
            if type(entry) is tuple:        # not read yet: (text, values, rule, seat, data, cover)
                text, _, _, seat, data, cover = entry
            else:
                text, _, seat, data, cover = entry
            if cover is not None and text and not (views and any(i < count and seat != viewer
                                                                  for count, viewer in views)):
                out.append((seat, data, link))
            link = link[1]
        out.reverse()
        return out

    def copy(self) -> "Log":
        if cython.compiled:           # a C type (events.pxd): object.__new__ would refuse it
            new = Log.__new__(Log)
        else:
            new = _NEW(Log)           # object.__new__ named once: a little cheaper than Log.__new__
        new._head, new._n, new._views = self._head, self._n, self._views
        return new

    def seen_by(self, viewer: Any) -> "Log":
        """A copy in which every event so far reads as `viewer` saw it (another seat's secret choice as
        its cover, without its data; an event the viewer did not see at all as an empty one, which
        log_for still leaves out, so that positions in the log stay where they were). Events added to the copy later read in full: they are
        the copy's own. State.determinize gives its copy this log, so a search copy's log holds nothing
        the seat did not see."""
        new = self.copy()
        if viewer != EVERYTHING:
            new._views = self._views + ((self._n, viewer),)
        return new

    def _shown(self, i: int, event: Event) -> Event:
        for count, viewer in self._views:
            if i < count and event.cover and event.seat != viewer:
                event = event.shown_to(viewer)
            elif i < count and event.cover == "" and event.seat != viewer and event.text:
                event = Event("", event.rule, event.seat, EMPTY, "")      # still left out of shown_log
        return event

    def _links(self, count: int) -> list:
        """The newest `count` links, oldest first."""
        out, link = [], self._head
        for _ in range(count):
            out.append(link)
            link = link[1]
        out.reverse()
        return out

    def __len__(self) -> int:
        return self._n

    def __iter__(self) -> Iterator[Event]:
        if self._views:
            return iter([self._shown(i, _event(link)) for i, link in enumerate(self._links(self._n))])
        return iter([_event(link) for link in self._links(self._n)])

    def __reversed__(self) -> Iterator[Event]:
        link, i = self._head, self._n
        while link is not None:
            i -= 1
            yield self._shown(i, _event(link)) if self._views else _event(link)
            link = link[1]

    def __getitem__(self, index: Any) -> Any:
        n = self._n
        if isinstance(index, slice):
            start, stop, step = index.indices(n)
            if step != 1 or start >= stop:
                return list(self)[index]
            if self._views:
                return [self._shown(start + j, _event(link))
                        for j, link in enumerate(self._links(n - start)[:stop - start])]
            return [_event(link) for link in self._links(n - start)[:stop - start]]
        i = index.__index__()
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("log index out of range")
        link = self._head
        for _ in range(n - 1 - i):
            link = link[1]
        return self._shown(i, _event(link)) if self._views else _event(link)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Log):
            return self._n == other._n and ((self._head is other._head and self._views == other._views)
                                            or list(self) == list(other))
        if isinstance(other, list):
            return list(self) == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __contains__(self, event: object) -> bool:
        return any(e == event for e in self)

    def index(self, event: Event) -> int:
        return list(self).index(event)

    def count(self, event: Event) -> int:
        return list(self).count(event)

    def __reduce__(self) -> tuple:
        return (Log, (list(self),))

    def __repr__(self) -> str:
        return f"Log({list(self)!r})"


Sequence.register(Log)
