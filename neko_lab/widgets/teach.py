"""What a board asks of neko_lab.learn: "why?" for a move, hints, and lessons, all optional.

The board works without neko_lab.learn (its "why?" then cites the rule of each event the move caused,
and the Hint button stays hidden). With it:

    learn.explain_move(before, action, after) -> Explanation   (.rule, .lines, str() readable)
    learn.hint(state, k=3) -> list[Hint]                        (.action, .value, .reasons)

A lesson is any object with ``.intro`` (str), ``.step(state) -> Step | None`` and ``.finale(state) -> str``;
a Step has ``.say`` (what to do and why) and ``.check(action) -> str | None`` (None accepts the move,
a string explains why it is not the move and the learner tries again).
"""
from __future__ import annotations

import html
import importlib
from types import ModuleType
from typing import Any, Callable, Hashable, Sequence

from ..core.events import PUBLIC
from ..core.state import State


def learn_module() -> ModuleType | None:
    """neko_lab.learn when it is installed, else None."""
    try:
        return importlib.import_module("neko_lab.learn")
    except ImportError:
        return None


def explain_html(before: State, action: Hashable, after: State, label: str, who: str,
                 viewer: Any = None) -> str:
    """Why this move was allowed and what it changed: the learn package's explanation when there is
    one, otherwise the events it caused with the rule behind each. `viewer` is whose view of the table
    the numbers respect (a seat, or "all"; None leaves the learn package's public default)."""
    learn = learn_module()
    head = f"<b>Why? {html.escape(who)}: {html.escape(label)}</b>"
    explain = getattr(learn, "explain_move", None) if learn else None
    if explain is not None:
        try:
            ex = explain(before, action, after) if viewer is None else explain(before, action, after, viewer)
        except Exception as exc:     # an explanation must never break the board
            return f"{head}<div style='color:#b00020'>no explanation: {html.escape(str(exc))}</div>"
        rule = getattr(ex, "rule", "")
        lines = list(getattr(ex, "lines", []) or []) or [str(ex)]
        if len(lines) > 1 and isinstance(ex, getattr(learn, "Explanation", ())):
            lines = lines[1:]        # its first line names the move, as the heading above already does
        return (head + (f"<div style='color:#555'>rule: {html.escape(rule)}</div>" if rule else "")
                + "<ul style='margin:2px 0 2px 18px;padding:0'>"
                + "".join(f"<li>{html.escape(str(x))}</li>" for x in lines) + "</ul>")
    rules = getattr(after, "RULES", {}) or {}
    items = []
    seen = PUBLIC if viewer is None else viewer       # the events as the viewer read them
    for ev in after.log_for(seen)[len(before.log_for(seen)):]:
        covers = rules.get(ev.rule, "")
        items.append(f"<li>{html.escape(ev.text)} <span style='color:#555'>— {html.escape(ev.rule or '')}"
                     + (f": {html.escape(covers)}" if covers else "") + "</span></li>")
    return head + "<ul style='margin:2px 0 2px 18px;padding:0'>" + "".join(items) + "</ul>"


HINT_BADGE = ("display:inline-block;padding:0 5px;border-radius:8px;background:#1565c0;color:#fff;"
              "font-size:11px;font-weight:bold;line-height:16px;white-space:nowrap")


def hint_badge(rank: int) -> str:
    """The "hint 1" mark, the same in the hint box and on the choice it names."""
    return f"<span class='neko-hint-badge' style='{HINT_BADGE}'>hint {rank}</span>"


def find_hints(state: State, k: int = 3) -> list[Any] | str:
    """The learn package's `k` best moves for the seat to act, best first (its Hint objects); or, when
    it gives none (no learn package, or the look-ahead failed), what to show instead (HTML)."""
    learn = learn_module()
    hint = getattr(learn, "hint", None) if learn else None
    if hint is None:
        return "<i>Hints need the neko_lab.learn package.</i>"
    try:
        return list(hint(state, k=k))
    except Exception as exc:
        return f"<span style='color:#b00020'>no hint here: {html.escape(str(exc))}</span>"


def hints_html(state: State, label: Callable[[Hashable], str], k: int = 3, step: Any = None,
               found: Sequence[Any] | str | None = None,
               number: Callable[[Hashable], int | None] | None = None) -> str:
    """The best moves by the learn package's estimate (`found`, its Hint objects; asked for when None),
    compact enough to stand above the choices: hint 1 in full (a "hint 1" badge, the choice's number in
    the list when `number` tells it, the move, its value and reasons), the next ones on one line that a
    click opens (each then in full). On a lesson's scripted `step` (one that names its move,
    `tells_move`) the hint first says what the lesson asks and the section it shows, then the ranking on
    one line a click opens, as the look-ahead's own, with the lesson's move's place in it: the two never
    read as contradicting each other, and the lesson's move in the choices stays in sight."""
    if found is None:
        found = find_hints(state, k)
    if isinstance(found, str):
        return found
    wanted = getattr(step, "expected", None) if getattr(step, "tells_move", False) else None

    def same(a: Any) -> bool:
        return wanted is not None and type(a) is type(wanted) and a == wanted

    def choice(h: Any) -> str:
        n = number(h.action) if number is not None else None
        return f"<span style='color:#555'>choice {n}</span>" if n else ""

    rows, short = [], []
    for i, h in enumerate(found, start=1):
        reasons = "; ".join(str(r) for r in (getattr(h, "reasons", None) or []))
        summary, value = getattr(h, "summary", None), getattr(h, "value", None)
        est = (f" — {html.escape(summary())}" if callable(summary) else
               f" (value {value:.2f})" if isinstance(value, (int, float)) else "")
        mark = " <b style='color:#e65100'>← the lesson's move</b>" if same(h.action) else ""
        where = choice(h)
        rows.append(f"<li><div class='neko-hint-{'first' if i == 1 else 'next'}'>{hint_badge(i)}"
                    + (f" {where}:" if where else "") + f" <b>{html.escape(label(h.action))}</b>{mark}{est}"
                    + (f"<br><span style='color:#333'>{html.escape(reasons)}</span>" if reasons else "")
                    + "</div></li>")
        short.append(f"<span style='white-space:nowrap'>{hint_badge(i)} {where}</span>" if where else
                     f"{hint_badge(i)} {html.escape(label(h.action))}")
    ol = "<ol style='list-style:none;margin:0;padding:0'>"

    def more(head: str, body: str) -> str:
        """A line that a click opens on `body`."""
        return (f"<details class='neko-hint-more' style='margin-top:3px'><summary style='cursor:pointer'>{head}"
                f"</summary>{body}</details>")

    if wanted is None:
        if not rows:
            return "<i>no hint for this position</i>"
        # hint 2 and on: one line (their choices carry their badges), a click opens them
        return ol + rows[0] + "</ol>" + (more(" · ".join(short[1:]), ol + "".join(rows[1:]) + "</ol>")
                                         if len(rows) > 1 else "")
    # a lesson's step: what it asks stays first and in sight with the choices; the ranking is one line a
    # click opens
    rule = str(getattr(step, "rule", "") or "")
    place = next((i for i, h in enumerate(found, start=1) if same(h.action)), None)
    where = (f"The lesson's move is number {place} of this ranking." if place is not None else
             f"The quick look-ahead does not rank the lesson's move among its top {len(found) or k}.")
    return (f"<div class='neko-hint-lesson'>The lesson asks for "
            f"<b>{html.escape(label(wanted))}</b>" + (f" (this step shows {html.escape(rule)})" if rule else "")
            + ": play it to follow the lesson.</div>"
            + more("<b>How a quick look-ahead ranks the moves</b>" + (": " + " · ".join(short) if short else ""),
                   f"<div style='margin:2px 0'>Its own estimate over sampled futures, not the lesson's script. "
                   f"{html.escape(where)}</div>" + (ol + "".join(rows) + "</ol>" if rows else "")))
