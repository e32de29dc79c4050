"""Events: what happened in a game, which rule made it happen, and who may read it."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .frozen import EMPTY, FrozenDict, freeze

PUBLIC = "public"        # a viewer: what a spectator sees (every seat sees at least this)
EVERYTHING = "all"       # a viewer: the analyst's view, every secret included


def cite(title: str, heading: str) -> str:
    """The Event.rule citing `heading` of the rulebook titled `title`: "Title › Heading"."""
    return f"{title} › {heading}"


@dataclass(frozen=True, slots=True)
class Event:
    """One entry of a state's log.

    text: a sentence in neko_lab's own words; rule: the rulebook section that caused it, written
    "Game › Section" (e.g. "Naéco › Gameplay"); seat: the player concerned, or None;
    data: small plain values for programs (the card played, points scored, ...), read-only;
    cover: None for an event every seat sees; otherwise what the table saw (e.g. "picks a die"):
    `text` and `data` are then known to `seat` alone (see shown_to); "" when the others saw nothing
    at all (the event is left out of their log).
    """

    text: str
    rule: str = ""
    seat: int | None = None
    data: dict[str, Any] = field(default_factory=FrozenDict)
    cover: str | None = None

    def __post_init__(self) -> None:
        if type(self.data) is not FrozenDict:
            object.__setattr__(self, "data", freeze(self.data or {}))

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
