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
    for ev in after.log[len(before.log):]:
        covers = rules.get(ev.rule, "")
        items.append(f"<li>{html.escape(ev.text)} <span style='color:#555'>— {html.escape(ev.rule or '')}"
                     + (f": {html.escape(covers)}" if covers else "") + "</span></li>")
    return head + "<ul style='margin:2px 0 2px 18px;padding:0'>" + "".join(items) + "</ul>"


def hints_html(state: State, label: Callable[[Hashable], str], k: int = 3) -> str:
    """The best moves by the learn package's estimate, each with its value and reasons."""
    learn = learn_module()
    hint = getattr(learn, "hint", None) if learn else None
    if hint is None:
        return "<i>Hints need the neko_lab.learn package.</i>"
    try:
        found: Sequence[Any] = hint(state, k=k)
    except Exception as exc:
        return f"<span style='color:#b00020'>no hint here: {html.escape(str(exc))}</span>"
    rows = []
    for i, h in enumerate(found, start=1):
        reasons = "; ".join(str(r) for r in (getattr(h, "reasons", None) or []))
        summary, value = getattr(h, "summary", None), getattr(h, "value", None)
        est = (f" — {html.escape(summary())}" if callable(summary) else
               f" (value {value:.2f})" if isinstance(value, (int, float)) else "")
        rows.append(f"<li><b>{html.escape(label(h.action))}</b>{est}"
                    + (f"<br>{html.escape(reasons)}" if reasons else "") + "</li>")
    return ("<b>Hint</b><ol style='margin:2px 0 2px 20px;padding:0'>" + "".join(rows) + "</ol>") if rows \
        else "<i>no hint for this position</i>"
