"""Clicks that play nothing, explained: a click on the picture off its lit targets says whose turn it
is, what is being decided, and why that place is not possible now.

The picture (neko_lab.widgets.picture.ClickPicture with ``on_miss``) reports such a click with the
name of the unlit target under the pointer, or "" for the table itself. A game board refines the
reason with `why_not_target(name)`; by default a target that stands for an action is refused with the
game's own reason (State.why_illegal), and any other place is said not to be one of the decision's
places.
"""
from __future__ import annotations

import html
import re
from typing import Any

from .parts import seat_label

_TAG = re.compile(r"<[^>]+>")


def plain(markup: str) -> str:
    """Text of a bit of HTML, one line."""
    return " ".join(html.unescape(_TAG.sub(" ", markup)).split())


class Misclicks:
    """Mixin for Board: `missed(name)` answers a click that hit no lit target."""

    state: Any
    names: Any
    bots: Any
    review: Any
    message: Any

    def decision_words(self) -> str:
        """The open decision in words ("play", "walk", "draft dice"), "" once the game is over."""
        kind = self.decision()          # type: ignore[attr-defined]
        return "" if kind is None else str(kind).replace("_", " ")

    def why_not_target(self, name: str) -> str:
        """Why a click on the unlit target `name` ("" = the table itself) plays nothing now."""
        if not name:
            return "that part of the picture is not a place to click for this decision"
        try:
            action = self.target_action(name)      # type: ignore[attr-defined]
        except (ValueError, IndexError, KeyError, TypeError):
            action = None
        if action is not None:
            return self.state.why_illegal(action)
        return "that place is not one of the places this decision lets you choose"

    def miss_reason(self, name: str) -> str:
        """The whole message for a click off the lit targets."""
        s = self.state
        if self.review is not None:
            return "You are reviewing a game: press “Play on from here” to play from this position."
        if s.is_over():
            return "The game is over: nothing more can be played (review it move by move)."
        who = seat_label(s.current_player, self.names)
        what = self.decision_words()
        if s.current_player in self.bots:
            return (f"Nothing to click now: it is {who}'s turn (a bot), deciding “{what}”; wait for its "
                    f"move, or press Bot move.")
        if not self.my_turn():                     # type: ignore[attr-defined]
            return f"Nothing to click now: it is {who}'s turn, deciding “{what}”."
        reason = self.why_not_target(name).rstrip(".")
        ask = plain(self.prompt_text())            # type: ignore[attr-defined]
        return (f"Not possible there: {reason}. It is your turn ({who}), deciding “{what}”"
                + (f" — {ask}" if ask else "."))

    def missed(self, name: str = "") -> None:
        """A click on the picture that hit no lit target: say why, change nothing."""
        self.message.show(self.miss_reason(name), "error")
