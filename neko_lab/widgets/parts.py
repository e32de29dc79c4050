"""Small widget parts shared by every board: action picker, event log, score table, step/undo controls,
message area. Each part only reads the public State contract, so it works for any game.

Every part renders through a pure function of the state (``*_html(state)``) that tests and notebooks can
call directly; the widget classes only hold ipywidgets and forward clicks to callbacks.
"""
from __future__ import annotations

import html
from typing import Any, Callable, Hashable, Sequence

import ipywidgets as W

from ..core.events import Event
from ..core.state import State

Callback = Callable[..., Any]


def seat_label(seat: int | None, names: Sequence[str] | None = None) -> str:
    """"P0", "P1", ... (the same names Event.__str__ uses), or the board's own seat names."""
    if seat is None:
        return ""
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return f"P{seat}"


# ---------------------------------------------------------------------------------------------- HTML
def score_table_html(state: State, names: Sequence[str] | None = None, viewer: int | None = None) -> str:
    """Points by category (rows) and seat (columns), totals last; winners starred once the game ends.

    With a `viewer` seat, points that would reveal another seat's secret cards show as "?" (the
    game's visible_breakdown()); without one, everything is shown."""
    rows = state.visible_breakdown(viewer)
    cats: list[str] = []
    for b in rows:
        for k in b:
            if k not in cats:
                cats.append(k)
    totals = [str(sum(v for v in b.values() if v is not None)) + ("+?" if None in b.values() else "")
              for b in rows]
    winners = set(state.winners()) if state.is_over() else set()
    current = state.current_player
    head = "".join(
        f"<th style='padding:2px 8px'>{html.escape(seat_label(i, names))}"
        f"{' ★' if i in winners else ''}{' ◀' if i == current else ''}</th>"
        for i in range(state.players))
    body = "".join(
        f"<tr><td style='padding:2px 8px'>{html.escape(str(c))}</td>"
        + "".join(f"<td style='text-align:right;padding:2px 8px'>{'?' if b.get(c, 0) is None else b.get(c, 0)}</td>"
                  for b in rows)
        + "</tr>" for c in cats)
    total = ("<tr style='font-weight:bold;border-top:1px solid #888'><td style='padding:2px 8px'>total</td>"
             + "".join(f"<td style='text-align:right;padding:2px 8px'>{t}</td>" for t in totals) + "</tr>")
    return (f"<table class='neko-scores' style='border-collapse:collapse'>"
            f"<tr><th style='text-align:left;padding:2px 8px'>category</th>{head}</tr>{body}{total}</table>")


def event_rows(state: State, limit: int | None = None) -> list[tuple[int, Event]]:
    """The last `limit` events of the log with their index, newest first."""
    log = state.log
    start = 0 if limit is None else max(0, len(log) - limit)
    return [(i, log[i]) for i in range(len(log) - 1, start - 1, -1)]


def event_log_html(state: State, limit: int | None = 30, names: Sequence[str] | None = None) -> str:
    """Newest events first; each row says who, what, and why: the rulebook section and what it covers."""
    rules = getattr(state, "RULES", {}) or {}
    out = []
    for i, ev in event_rows(state, limit):
        rule = ev.rule or "—"
        covers = rules.get(ev.rule, "")
        why = html.escape(rule) + (f"<br><small style='color:#666'>{html.escape(covers)}</small>"
                                   if covers else "")
        out.append(f"<tr style='vertical-align:top'><td style='color:#888;padding:1px 6px'>{i + 1}</td>"
                   f"<td style='padding:1px 6px'>{html.escape(seat_label(ev.seat, names))}</td>"
                   f"<td style='padding:1px 6px'>{html.escape(ev.text)}</td>"
                   f"<td style='padding:1px 6px' title='{html.escape(covers, quote=True)}'>{why}</td></tr>")
    if not out:
        out.append("<tr><td colspan='4' style='color:#888'>nothing has happened yet</td></tr>")
    return ("<table class='neko-log' style='border-collapse:collapse;font-size:90%'>"
            "<tr><th>#</th><th>who</th><th>what</th><th style='text-align:left'>why? (rule)</th></tr>"
            + "".join(out) + "</table>")


def status_text(state: State, names: Sequence[str] | None = None,
                bots: dict[int, Any] | None = None) -> str:
    """One line: whose turn it is (and whether a bot plays that seat), or who won."""
    if state.is_over():
        won = ", ".join(seat_label(s, names) for s in state.winners())
        return f"Game over. Winner{'s' if len(state.winners()) != 1 else ''}: {won or 'none'}"
    seat = state.current_player
    who = seat_label(seat, names)
    if bots and seat in bots:
        return f"{who} to act (bot: {getattr(bots[seat], 'name', 'bot')})"
    return f"{who} to act (you)"


# ---------------------------------------------------------------------------------------------- widgets
class MessageArea:
    """One line of feedback: why an action was refused (in red) or what just happened."""

    def __init__(self) -> None:
        self.widget = W.HTML(value="", layout=W.Layout(min_height="1.5em"))
        self.kind = ""
        self.text = ""

    def show(self, text: str, kind: str = "info") -> None:
        self.text, self.kind = text, kind
        colour = {"error": "#b00020", "info": "#1b5e20"}.get(kind, "#333")
        icon = "⚠ " if kind == "error" else ""
        self.widget.value = (f"<div class='neko-msg neko-{kind}' style='color:{colour}'>"
                             f"{icon}{html.escape(text)}</div>") if text else ""

    def clear(self) -> None:
        self.show("", "")


class ActionPicker:
    """The legal actions of the position as a list (readable str()), and a Play button."""

    def __init__(self, on_play: Callback, label: Callable[[Hashable], str] = str, rows: int = 8):
        self.label = label
        self.select = W.Select(options=[], rows=rows, description="", layout=W.Layout(width="auto"))
        self.play_button = W.Button(description="Play", button_style="primary", icon="play",
                                    tooltip="Play the selected action")
        self.play_button.on_click(lambda _b: on_play(self.selected()))
        self.widget = W.VBox([W.HTML("<b>Legal actions</b>"), self.select, self.play_button],
                             layout=W.Layout(width="100%"))

    def update(self, state: State, hidden: bool = False) -> None:
        """Show the legal actions; `hidden` shows none (a bot's choices in a game with hidden hands)."""
        actions = [] if hidden else state.legal_actions()
        # (label, value) pairs keep the actions themselves as values; labels are made unique
        seen: dict[str, int] = {}
        options = []
        for a in actions:
            text = self.label(a)
            n = seen.get(text, 0)
            seen[text] = n + 1
            options.append((text if n == 0 else f"{text} ({n + 1})", a))
        self.select.options = options
        if options:
            self.select.index = 0
        self.select.disabled = self.play_button.disabled = not options

    def selected(self) -> Hashable | None:
        return self.select.value

    @property
    def labels(self) -> list[str]:
        return [label for label, _ in self.select.options]


class EventLog:
    """The log, newest first, each event with the rule that made it happen (the "why?")."""

    def __init__(self, limit: int = 30, names: Sequence[str] | None = None):
        self.limit, self.names = limit, names
        self.widget = W.HTML(layout=W.Layout(max_height="260px", overflow="auto"))

    def update(self, state: State) -> None:
        self.widget.value = event_log_html(state, self.limit, self.names)


class ScoreTable:
    """Breakdown by category for every seat, as the game's breakdown() reports it."""

    def __init__(self, names: Sequence[str] | None = None):
        self.names = names
        self.widget = W.HTML()

    def update(self, state: State, viewer: int | None = None) -> None:
        self.widget.value = score_table_html(state, self.names, viewer)


class Controls:
    """Bot move (one step), play bots until a human seat is to act, undo, and restart."""

    def __init__(self, on_bot: Callback, on_bots: Callback, on_undo: Callback, on_restart: Callback,
                 seed: int = 0):
        self.bot_button = W.Button(description="Bot move", icon="step-forward",
                                   tooltip="The current seat's bot plays one action")
        self.bots_button = W.Button(description="Play bots until my turn", icon="fast-forward",
                                    layout=W.Layout(width="auto"),
                                    tooltip="Bots play until a human seat must decide or the game ends")
        self.undo_button = W.Button(description="Undo", icon="undo",
                                    tooltip="Go back to your previous decision")
        self.restart_button = W.Button(description="Restart", icon="refresh",
                                       tooltip="New game, same players and options")
        self.new_seed = W.Checkbox(value=True, description="new seed", indent=False,
                                   layout=W.Layout(width="auto"))
        self.seed = W.IntText(value=seed, description="seed", layout=W.Layout(width="160px"))
        self.bot_button.on_click(lambda _b: on_bot())
        self.bots_button.on_click(lambda _b: on_bots())
        self.undo_button.on_click(lambda _b: on_undo())
        self.restart_button.on_click(lambda _b: on_restart(None if self.new_seed.value else self.seed.value))
        self.widget = W.VBox([W.HBox([self.bot_button, self.bots_button, self.undo_button]),
                              W.HBox([self.restart_button, self.new_seed, self.seed])])

    def update(self, state: State, can_undo: bool, bot_to_move: bool) -> None:
        over = state.is_over()
        self.bot_button.disabled = over or not bot_to_move
        self.bots_button.disabled = over or not bot_to_move
        self.undo_button.disabled = not can_undo
        self.seed.value = state.seed
