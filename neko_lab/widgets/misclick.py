"""Clicks that play nothing, explained: a click on the picture off its lit targets says why that place
is not possible now, in a line or two (the prompt above it already says what is being decided, and the
choices under it what may be chosen: the message repeats neither, so the choices stay in sight), or
whose turn it is when it is not the person's (only that the others are choosing, while a seat decides
out of the person's sight: Board.decider_shown).

The picture (neko_lab.widgets.picture.ClickPicture with ``on_miss``) reports such a click with the
name of the unlit target under the pointer, or "" for the table itself. A game board refines the
reason with `why_not_target(name)`; by default a target that stands for an action is refused with the
game's own reason (State.why_illegal), and any other place is said not to be one of the decision's
places (or, on a picture with no lit target now, that only the choices play).
"""
from __future__ import annotations

import html
import re
from typing import Any, Hashable, Sequence

from ..core.refusals import short
from .parts import out_of_sight, seat_label

_TAG = re.compile(r"<[^>]+>")


def plain(markup: str) -> str:
    """Text of a bit of HTML, one line."""
    return " ".join(html.unescape(_TAG.sub(" ", markup)).split())


LISTED = "one of the choices listed"


def without_choices(reason: str, legal: Sequence[Hashable]) -> str:
    """`reason` with any run of two or more of the legal actions it names one after the other ("may
    choose A, B, C, ... (9 in all)", "must choose one of: A, B") said as "one of the choices listed":
    a board lists them beside the picture already."""
    texts = {str(a) for a in legal} | {short(a) for a in legal}
    texts.discard("")
    if len(texts) < 2 or len(reason) > 4000:
        return reason
    item = "(?:" + "|".join(re.escape(x) for x in sorted(texts, key=len, reverse=True)) + ")"
    run = re.compile(rf"(?:one of: )?{item}(?:, {item})+(?:, \.\.\.(?: \([0-9]+ in all\))?)?")
    return run.sub(LISTED, reason)


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
            if not self.picture_widget.targets():      # type: ignore[attr-defined]
                return "the picture has no place to click now; pick one of your choices"
            return "that part of the picture is not a place to click now (the green places are)"
        try:
            action = self.target_action(name)      # type: ignore[attr-defined]
        except (ValueError, IndexError, KeyError, TypeError):
            action = None
        if action is not None:
            return self.state.why_illegal(action, seat=self.seat_told())      # type: ignore[attr-defined]
        return "that place is not one of the places this decision lets you choose"

    def miss_reason(self, name: str) -> str:
        """The whole message for a click off the lit targets: on the person's turn, the reason alone
        (the legal actions it would list said as "one of the choices listed"), neither the prompt nor
        the choices again."""
        s = self.state
        if self.review is not None:
            return self.reviewing_text()                 # type: ignore[attr-defined]
        if s.is_over():
            return "The game is over: nothing more can be played (review it move by move)."
        if not self.decider_shown():             # type: ignore[attr-defined]
            # which seat decides, and what, would tell its secret choices: neither is named
            hidden = out_of_sight(s, self.reader)            # type: ignore[attr-defined]
            return f"Nothing to click now: {hidden}; wait for their moves, or press Bot move."
        who = seat_label(s.current_player, self.names)
        what = self.decision_words()
        if s.current_player in self.bots:
            return (f"Nothing to click now: it is {who}'s turn (a bot), deciding “{what}”; wait for its "
                    f"move, or press Bot move.")
        handing = self.handing_over()              # type: ignore[attr-defined]
        if handing is not None:                    # several people at one screen: the next one is not there yet
            person = self.person(handing)          # type: ignore[attr-defined]
            return f"Nothing to click now: pass the screen to {person}, who presses “{person} — show my view”."
        if not self.my_turn():                     # type: ignore[attr-defined]
            return f"Nothing to click now: it is {who}'s turn, deciding “{what}”."
        reason = without_choices(self.why_not_target(name).rstrip("."), s.legal_actions())
        return f"Not possible there: {reason}."

    def missed(self, name: str = "") -> None:
        """A click on the picture that hit no lit target: say why, change nothing."""
        self.message.show(self.miss_reason(name), "error")
