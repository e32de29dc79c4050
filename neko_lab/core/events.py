"""Events: what happened in a game and which rule made it happen."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


def cite(title: str, heading: str) -> str:
    """The Event.rule citing `heading` of the rulebook titled `title`: "Title › Heading"."""
    return f"{title} › {heading}"


@dataclass(frozen=True, slots=True)
class Event:
    """One entry of a state's log.

    text: a sentence in neko_lab's own words; rule: the rulebook section that caused it, written
    "Game › Section" (e.g. "Naéco › Gameplay"); seat: the player concerned, or None;
    data: small plain values for programs (the card played, points scored, ...).
    """

    text: str
    rule: str = ""
    seat: int | None = None
    data: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        who = "" if self.seat is None else f"[Player {self.seat + 1}] "
        why = f"  ({self.rule})" if self.rule else ""
        return f"{who}{self.text}{why}"
