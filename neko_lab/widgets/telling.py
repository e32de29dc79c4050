"""What a board tells its reader about the moves played: the Last moves rows beside the picture, each
move's line ("P2 (bot): picks a die"), and the "why?" box that explains one of them.

Every line is written for one reader (`Board.reader`): the seat a person plays, who reads their own
secret choices in full and other seats' only as the table saw them, or, with bots on every seat,
an analyst who sees everything. A move the reader saw nothing of is left out and not counted.
"""
from __future__ import annotations

from typing import Any, Hashable

from ..core.events import EVERYTHING, PUBLIC, hides, shown_log
from ..core.state import State
from .parts import seat_label
from .teach import explain_html

SHOWN_MOVES = 12        # moves listed beside the picture (the full log is under the board)
TOLD_SINCE = 3          # the other seats' moves since the reader's own that the message line names


def scrolled(body: str) -> str:
    """A box beside the picture that never grows past 280 px (it scrolls instead), text at 13 px, set apart
    by a rule above it from the Last moves list (which scrolls too) so that its heading never reads as
    that list's cut last line."""
    return ("<div style='max-height:280px;overflow-y:auto;font-size:13px;line-height:1.35;margin-top:6px;"
            f"border-top:1px solid #bbb;padding-top:4px'>{body}</div>")


class Telling:
    """Mixin for Board: the moves it lists and explains, in the reader's words (see the module)."""

    state: Any
    names: Any
    bots: Any
    history: Any
    review: Any
    review_actions: Any
    at: Any
    why_box: Any
    message: Any

    @property
    def reader(self) -> Any:
        """Whose eyes every line of this board is written for: the viewer when a person plays a seat,
        EVERYTHING when bots play every seat (an analyst watching)."""
        return self.viewer if self.humans else EVERYTHING

    def tells_all(self, before: State, after: State | None, reader: Any = None) -> bool:
        """May the reader (`reader` when given) learn in full what the seat to move in `before` chose
        (leading to `after`)? Not when one of the move's events is covered from the reader (a choice
        made out of sight)."""
        reader = self.reader if reader is None else reader
        if reader == EVERYTHING or reader == before.current_player:
            return True
        return after is not None and not hides(after.log[len(before.log):], reader)

    def told(self, before: State, action: Hashable) -> str:
        """The action chosen in `before`, as the reader may read it: the game's explain module's label()
        where it hides something from the reader (a card played face-down, named to its owner only),
        else action_label() worded from `before` (the position it was chosen in, not the live one)."""
        # the label names the action in full to its owner and to the analyst, as str(action) does
        label = getattr(type(before).explainer, "label", None)
        shown = label(before, action, self.reader) if callable(label) else None
        return shown if shown is not None and shown != str(action) else self.action_label(action, before)

    def own_secret(self, before: State, action: Hashable) -> bool:
        """Is `action` a choice the other seats read only in part (the game's explain module labels it
        otherwise for a spectator) while the reader may know it in full (its own, or the analyst's)?"""
        reader = self.reader
        if reader != EVERYTHING and reader != before.current_player:
            return False
        label = getattr(type(before).explainer, "label", None)
        return callable(label) and label(before, action, reader) != label(before, action, PUBLIC)

    def shown_events(self, before: State, after: State, reader: Any = None) -> list:
        """The events of the move from `before` to `after` as the reader (`reader` when given) may read
        them."""
        return shown_log(after.log[len(before.log):], self.reader if reader is None else reader)

    def seen(self, before: State, after: State, reader: Any = None) -> bool:
        """Did the reader (`reader` when given) see anything of the move from `before` to `after` (a move
        of its own, one told in full, or one with an event shown to it)? Moves the reader saw nothing of
        are not counted (nor stepped through in a review: Reviewing.review_stops)."""
        return self.tells_all(before, after, reader) or bool(self.shown_events(before, after, reader))

    def who(self, seat: int | None, before: State) -> str:
        """The name a line about `seat` starts with, in the position `before` a move: "P2 (bot)", or
        "P1 (played for you by the lesson)" for the seat to move whose move the lesson makes."""
        if seat is None:
            seat = before.current_player
        who = seat_label(seat, self.names) + (" (bot)" if seat in self.bots else "")
        if seat == before.current_player and seat not in self.bots and self.lesson_auto(before) is not None:
            who += " (played for you by the lesson)"
        return who

    def headline(self, before: State, after: State) -> tuple[str, list]:
        """Another seat's move the reader saw only in part, as the table saw it: the text it is headed
        by (the first event shown about the mover, else the first about no seat; "a move out of sight"
        when every event shown is about other seats) and the events shown besides it. Row, message line
        and "why?" all name the mover with this text, so they agree on whose move it was; what it
        revealed about other seats (a walk shown to all at the meeting it began) follows, named with
        those seats."""
        shown = self.shown_events(before, after)
        mover = before.current_player
        at = next((i for i, e in enumerate(shown) if e.seat == mover),
                  next((i for i, e in enumerate(shown) if e.seat is None), None))
        if at is None:
            return "a move out of sight", shown
        return shown[at].text, shown[:at] + shown[at + 1:]

    def describe(self, before: State, action: Hashable, after: State | None = None) -> str:
        """One move in words: who (and whether a bot) and what. Another seat's move reads as the reader
        saw it at the table, named after the seat that moved: its own first event as shown to the reader
        ("P2 (bot): picks a die"), never the hidden choice (see headline); "" when the reader saw
        nothing of it."""
        seat = before.current_player
        if self.tells_all(before, after):
            return f"{self.who(seat, before)}: {self.told(before, action)}"
        if after is None:
            return f"{self.who(seat, before)} moves"
        if not self.shown_events(before, after):
            return ""
        text, rest = self.headline(before, after)
        more = "; then " + "; ".join(f"{seat_label(e.seat, self.names)}: {e.text}" for e in rest[:1]) if (
            text == "a move out of sight" and rest) else ""
        return f"{self.who(seat, before)}: {text}{more}"

    def own_move(self, before: State) -> bool:
        """Was the move played in `before` the reader's own decision (not another seat's, nor a routine
        move a lesson made for the reader)?"""
        return before.current_player == self.reader and self.lesson_auto(before) is None

    def since_text(self) -> str:
        """The message line after a move: what happened since the reader's own last move, as the reader
        saw it. The reader's own move when it is the last one ("P1: play ..."); one move of another seat
        as describe() tells it; several as "Since your last move: P2 (bot): a; b; c" (the last
        TOLD_SINCE of them, in order, each seat named once for its run of moves, how many came before
        said first), counting only the moves the reader saw something of, as Last moves does (which
        lists them newest first, with what each caused). "" before any move. With bots on every seat
        (an analyst watching), the last move; in the spectator's view (the screen passing between two
        people), the last move a spectator saw something of."""
        moves = self._moves()
        if not moves:
            return ""
        if self.reader == EVERYTHING:
            return self.describe(*moves[-1])
        if self.reader == PUBLIC:       # the spectator's view, between two people's turns: the last move seen
            seen = [m for m in moves if self.seen(m[0], m[2])]
            return self.describe(*seen[-1]) if seen else ""
        mine = next((k for k in range(len(moves) - 1, -1, -1) if self.own_move(moves[k][0])), None)
        if mine == len(moves) - 1:
            return self.describe(*moves[-1])
        since = [m for m in moves[(mine if mine is not None else -1) + 1:] if self.seen(m[0], m[2])]
        if not since:
            return self.describe(*moves[mine]) if mine is not None else ""
        if len(since) == 1:
            return self.describe(*since[0])
        told = [self.describe(*m) for m in since[-TOLD_SINCE:]]
        parts: list[str] = []
        last_who = None
        for line in told:
            who, sep, what = line.partition(": ")
            if sep and who == last_who:
                parts[-1] += f"; {what}"
            else:
                parts.append(line)
            last_who = who if sep else None
        when = "Since your last move" if mine is not None else "Since the game began"
        earlier = len(since) - len(told)
        count = f", {len(since)} moves (the last {len(told)} here)" if earlier else ""
        return f"{when}{count}: " + " · ".join(parts)

    def explain(self, k: int) -> bool:
        """Explain move `k` of this board's game (0-based): why it was allowed, what it changed."""
        moves = self._moves()
        if not 0 <= k < len(moves):
            self.message.show(f"There is no move {k + 1} to explain.", "error")
            return False
        before, action, after = moves[k]
        viewer = self.reader                # a person sees their own secrets, not others'
        if self.tells_all(before, after):
            label = self.told(before, action)
        else:       # headed by the mover's own event as the reader saw it, never another seat's it revealed
            label = self.headline(before, after)[0]
        self.why_box.value = scrolled(explain_html(before, action, after, label,
                                                    seat_label(before.current_player, self.names), viewer))
        return True

    def _moves(self) -> list[tuple[State, Hashable, State]]:
        """(before, action, after) of every move played on this board, or of the game under review."""
        if self.review is not None:
            acts = self.review_actions or []
            return [(self.review[i], acts[i], self.review[i + 1]) for i in range(min(len(acts), self.at))]
        afters = [b for b, _a in self.history[1:]] + [self.state]
        return [(b, a, after) for (b, a), after in zip(self.history, afters)]

    def _named(self, events: list, seat: int | None) -> list[str]:
        """The texts of `events`, each named after the seat it is about where that is not the seat the
        line above names (`seat`: the row's head), so a line about the mover that follows one about
        another seat names the mover again."""
        out = []
        for e in events:
            out.append(e.text if e.seat is None or e.seat == seat else f"{seat_label(e.seat, self.names)}: {e.text}")
            seat = seat if e.seat is None else e.seat
        return out

    def _move_rows(self) -> list[tuple[int, str, list[str]]]:
        """The last moves as the reader saw them: (number, who and what, what followed). A move of
        another seat the reader saw nothing of is left out and not counted, so rows are numbered 0, 1,
        2, ... (read from 1) by the moves the reader saw, one number a move, and neither the count nor
        the kind of hidden moves shows (the set-up's events are no move). A row reads in the log's words;
        the reader's own secret choice too where the game's explain module has narrate(state, action,
        viewer) for it, else as told(). The "why?" of row n explains move self._why[n]."""
        moves = self._moves()
        rows: list[tuple[int, str, list[str]]] = []
        self._why: dict[int, int] = {}
        seen = [self.seen(before, after) for before, _action, after in moves]
        number = sum(seen)
        for k in range(len(moves) - 1, -1, -1):
            if len(rows) >= SHOWN_MOVES:
                break
            before, action, after = moves[k]
            if not seen[k]:
                continue
            number -= 1
            shown = self.shown_events(before, after)
            texts = [e.text for e in shown]
            if texts and not self.tells_all(before, after):
                # another seat's move seen in part: named after that seat, headed by its own event as
                # the table saw it; what it revealed of other seats follows, named with them
                text, rest = self.headline(before, after)
                head = f"{self.who(before.current_player, before)}: {text}"
                texts = [""] + self._named(rest, before.current_player)
            elif texts:     # the move in the game's own words, then what followed from it, each line
                # named after the seat it is about where that is not the seat the line above names;
                # but the reader's own secret choice as the reader knows it (the game's words for it,
                # "picks a die" or "plays a card face-down", are what the other seats read): in the log's
                # words too where the game has them for its owner, else as told()
                # headed by the mover's own event where one was logged after what it set off first (a
                # sale's "sells X" after "Y falls off the track")
                lead = next((i for i, e in enumerate(shown) if e.seat == before.current_player), 0)
                shown = [shown[lead], *shown[:lead], *shown[lead + 1:]]
                texts = [e.text for e in shown]
                own = self.own_secret(before, action)
                head_seat = before.current_player if own or shown[0].seat is None else shown[0].seat
                if own:
                    narrate = getattr(type(before).explainer, "narrate", None)
                    words = (narrate(before, action, self.reader) if callable(narrate) else None) or None
                else:
                    words = texts[0]
                head = (f"{self.who(head_seat, before)}: {words}" if words is not None
                        else self.describe(before, action, after))
                texts = [""] + self._named(shown[1:], head_seat)
            else:
                head = self.describe(before, action, after)
            self._why[number] = k
            rows.append((number, head, texts[1:]))
        rows.reverse()
        return rows
