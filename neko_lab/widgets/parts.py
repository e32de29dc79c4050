"""Small widget parts shared by every board: the choices, the last moves, the event log, the score table,
the bot/undo controls, the message area. Each part only reads the public State contract, so it works for any game.

Every part renders through a pure function of the state (``*_html(state)``) that tests and notebooks can
call directly; the widget classes only hold ipywidgets and forward clicks to callbacks.
"""
from __future__ import annotations

import html
from typing import Any, Callable, Hashable, Sequence

import ipywidgets as W

from ..core.events import EVERYTHING, PUBLIC, Event
from ..core.state import State, known_total

Callback = Callable[..., Any]


def seat_label(seat: int | None, names: Sequence[str] | None = None) -> str:
    """"P1", "P2", ... (seats count from 1 wherever a person reads them), or the board's own names."""
    if seat is None:
        return ""
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return f"P{seat + 1}"


# ---------------------------------------------------------------------------------------------- HTML
def score_table_html(state: State, names: Sequence[str] | None = None, viewer: Any = PUBLIC) -> str:
    """Points by category (rows) and seat (columns), totals last; winners starred once the game ends
    (State.named_winners: nobody where the rules name no winner), under it the game's own result where
    it gives one (State.end_result: a solo rating, a result against an automated opponent),
    the seat to act marked ◀ where the viewer may know it (State.decision_seen).

    As `viewer` sees them (State.view_breakdown): a seat, PUBLIC (the spectator, the default) or
    EVERYTHING (the analyst, every secret included; None says the same). Points that would reveal a
    secret the viewer has not seen show as "?", or as "-12+?" where the game knows the part of them
    the viewer has seen (its shown_breakdown(viewer), e.g. a pyramid as the table showed it before a
    walk out of sight)."""
    rows = state.view_breakdown(viewer)
    known = known_parts(state, viewer, rows)
    cats: list[str] = []
    for b in rows:
        for k in b:
            if k not in cats:
                cats.append(k)
    totals = [known_total(b, k) for b, k in zip(rows, known)]
    winners = set(state.named_winners()) if state.is_over() else set()
    # the ◀ marks the seat to act, unless it decides out of the viewer's sight (State.decision_seen)
    current = state.current_player if viewer is None or state.decision_seen(viewer) else None
    head = "".join(
        f"<th style='padding:2px 8px'>{html.escape(seat_label(i, names))}"
        f"{' ★' if i in winners else ''}{' ◀' if i == current else ''}</th>"
        for i in range(state.players))
    body = "".join(
        f"<tr><td style='padding:2px 8px'>{html.escape(str(c))}</td>"
        + "".join(f"<td style='text-align:right;padding:2px 8px'>{_cell(b.get(c, 0), k.get(c))}</td>"
                  for b, k in zip(rows, known))
        + "</tr>" for c in cats)
    total = ("<tr style='font-weight:bold;border-top:1px solid #888'><td style='padding:2px 8px'>total</td>"
             + "".join(f"<td style='text-align:right;padding:2px 8px'>{t}</td>" for t in totals) + "</tr>")
    own = state.end_result(lambda seat: seat_label(seat, names)) if state.is_over() else ""
    result = (f"<caption style='caption-side:bottom;text-align:left;padding:4px 8px;max-width:40em'>"
              f"{html.escape(result_text(state, names))}</caption>" if own else "")
    return (f"<table class='neko-scores' style='border-collapse:collapse'>{result}"
            f"<tr><th style='text-align:left;padding:2px 8px'>category</th>{head}</tr>{body}{total}</table>")


def known_parts(state: State, viewer: Any, rows: list[dict[str, int | None]]) -> list[dict[str, int]]:
    """For each seat, the known part of the categories `rows` (a visible breakdown) hides, where the game
    tells it (State.shown_breakdown(viewer)); empty dicts otherwise."""
    if viewer is None or viewer == EVERYTHING or not any(None in r.values() for r in rows):
        return [{} for _ in rows]
    return state.shown_breakdown(viewer)


def _cell(value: int | None, known: int | None) -> str:
    return str(value) if value is not None else "?" if known is None else f"{known}+?"


def event_rows(state: State, limit: int | None = None, viewer: Any = PUBLIC) -> list[tuple[int, Event]]:
    """The last `limit` events of the log as `viewer` may read it (State.log_for: a seat, PUBLIC, the
    default, or EVERYTHING), with their index in that log, in order: the newest last."""
    log = state.log if viewer == EVERYTHING else state.log_for(viewer)
    start = 0 if limit is None else max(0, len(log) - limit)
    return [(i, log[i]) for i in range(start, len(log))]


def event_log_html(state: State, limit: int | None = 30, names: Sequence[str] | None = None,
                   viewer: Any = PUBLIC) -> str:
    """The last events as `viewer` may read them (a seat, PUBLIC: the spectator, the default, or
    EVERYTHING: the analyst, every secret choice included), newest at the bottom; each row says who,
    what, and why: the rulebook section and what it covers."""
    rules = getattr(state, "RULES", {}) or {}
    out = []
    for i, ev in event_rows(state, limit, viewer):
        rule = ev.rule or "—"
        covers = rules.get(ev.rule, "")
        why = html.escape(rule) + (f"<br><span style='color:#555;font-size:12px'>{html.escape(covers)}</span>"
                                   if covers else "")
        out.append(f"<tr style='vertical-align:top'><td style='color:#888;padding:1px 6px'>{i + 1}</td>"
                   f"<td style='padding:1px 6px'>{html.escape(seat_label(ev.seat, names))}</td>"
                   f"<td style='padding:1px 6px'>{html.escape(ev.text)}</td>"
                   f"<td style='padding:1px 6px' title='{html.escape(covers, quote=True)}'>{why}</td></tr>")
    if not out:
        out.append("<tr><td colspan='4' style='color:#888'>nothing has happened yet</td></tr>")
    return ("<table class='neko-log' style='border-collapse:collapse;font-size:13px'>"
            "<tr><th>#</th><th>who</th><th>what</th><th style='text-align:left'>why? (rule)</th></tr>"
            + "".join(out) + "</table>")


def out_of_sight(state: State, viewer: Any = PUBLIC) -> str:
    """What `viewer` (a seat, or PUBLIC) is told of the open decision while another seat makes it out of
    its sight (State.decision_seen is False): that the others choose, never which seat nor what. The same
    sentence however long they have been at it."""
    if viewer == PUBLIC:
        return "the players are choosing out of sight"
    return ("the other player is choosing out of your sight" if state.players == 2 else
            "the other players are choosing out of your sight")


def result_text(state: State, names: Sequence[str] | None = None) -> str:
    """The finished game's result in a sentence: the game's own (State.end_result: a solo rating, a
    solo result against an automated opponent) where it gives one, else who won (State.named_winners),
    or that nobody did where the rules name no winner at that player count (State.NO_WINNER)."""
    own = state.end_result(lambda seat: seat_label(seat, names))
    if own:
        return own[:1].upper() + own[1:] + ("" if own.endswith((".", "!", "\u201d")) else ".")
    if state.players in state.NO_WINNER:
        return "No winner: the rules name none at this player count."
    won = state.named_winners()
    return f"Winner{'s' if len(won) != 1 else ''}: {', '.join(seat_label(s, names) for s in won) or 'none'}"


def status_text(state: State, names: Sequence[str] | None = None,
                bots: dict[int, Any] | None = None, viewer: Any = PUBLIC) -> str:
    """One line: whose turn it is (and whether a bot plays that seat), or who won; as `viewer` (a seat,
    PUBLIC: the spectator, the default, or EVERYTHING: the analyst) may know it: while a seat decides
    out of the viewer's sight, only that the others are choosing (out_of_sight)."""
    if state.is_over():
        return "Game over. " + result_text(state, names)
    if not state.decision_seen(viewer):
        hidden = out_of_sight(state, viewer)
        return hidden[:1].upper() + hidden[1:]
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
        # its own line height (a widget's HTML has 28 px lines): a two-line message takes two short lines
        self.widget.value = (f"<div class='neko-msg neko-{kind}' style='color:{colour};font-size:13px;"
                             f"line-height:1.35;margin:4px 0'>"
                             f"{icon}{html.escape(text)}</div>") if text else ""

    def clear(self) -> None:
        self.show("", "")


class EventLog:
    """The log, newest first, each event with the rule that made it happen (the "why?")."""

    def __init__(self, limit: int = 30, names: Sequence[str] | None = None):
        self.limit, self.names = limit, names
        self.widget = W.HTML()

    def update(self, state: State, viewer: Any = PUBLIC) -> None:
        """Show the log as `viewer` may read it (a seat, PUBLIC or EVERYTHING)."""
        # newest at the bottom, and the box opens scrolled to the bottom (column-reverse)
        body = event_log_html(state, self.limit, self.names, viewer)
        self.widget.value = (f"<div style='display:flex;flex-direction:column-reverse;max-height:260px;"
                             f"overflow-y:auto'><div>{body}</div></div>")


class ScoreTable:
    """Breakdown by category for every seat, as a viewer may see it (score_table_html)."""

    def __init__(self, names: Sequence[str] | None = None):
        self.names = names
        self.widget = W.HTML()

    def update(self, state: State, viewer: Any = PUBLIC) -> None:
        """Show the points as `viewer` sees them (a seat, PUBLIC or EVERYTHING: see score_table_html)."""
        self.widget.value = score_table_html(state, self.names, viewer)


SPEEDS = {"slow": 1.5, "normal": 0.7, "fast": 0.25, "instant": 0.0}   # seconds between bot moves


class Controls:
    """Bots: move by themselves after yours (at a chosen speed, with a pause), or one step at a time
    (`widget`); the Undo and Restart buttons, which a board shows beside its choices, and what Restart
    deals: a fresh game ("new seed"), or the seed typed in the box.

    The seed box shows the game's own seed only when the board says so (`update(show_seed=True)`: bots
    on every seat, or the game over): a seed deals every secret of its game again (hands, deck orders,
    draws to come), so a person playing a seat never reads it while the game goes on. Empty, the box
    says what Restart deals instead (its placeholder: "new", or "lesson" on a lesson's board whose
    "new seed" is unticked)."""

    def __init__(self, on_bot: Callback, on_bots: Callback, on_undo: Callback, on_restart: Callback,
                 seed: int | None = None, on_pause: Callback | None = None, lesson: bool = False):
        self.lesson = lesson                     # an empty box, "new seed" unticked: the lesson again
        self.bot_button = W.Button(description="Bot move", icon="step-forward",
                                   tooltip="The current seat's bot plays one action")
        self.bots_button = W.Button(description="Bots to my turn", icon="fast-forward",
                                    tooltip="Bots play until a human seat must decide or the game ends")
        self.undo_button = W.Button(description="Undo", icon="undo", layout=W.Layout(width="auto"),
                                    tooltip="Go back to your previous decision")
        self.restart_button = W.Button(description="Restart", icon="refresh", layout=W.Layout(width="auto"),
                                       tooltip="New game, same players and options: a fresh deal, or the "
                                               "seed typed below")
        self.auto = W.Checkbox(value=True, description="bots move by themselves", indent=False,
                               layout=W.Layout(width="auto"))
        self.speed = W.Dropdown(options=list(SPEEDS), value="normal", description="speed",
                                layout=W.Layout(width="170px"), style={"description_width": "45px"})
        self.pause_button = W.ToggleButton(value=False, description="Pause", icon="pause",
                                           tooltip="Stop the bots; press again to let them go on")
        self.new_seed = W.Checkbox(value=not lesson, description="new seed", indent=False,
                                   layout=W.Layout(width="auto"))
        self.seed = W.Text(value="", description="seed", layout=W.Layout(width="150px"),
                           style={"description_width": "35px"}, continuous_update=True)
        self.seed_note = W.HTML()
        self._shown = ""                         # what update() last wrote in the box ("" for nothing)
        self._writing = False
        self.show_seed(seed)
        self._placeholder()
        self.seed.observe(self._typed, names="value")
        self.new_seed.observe(lambda _c: self._placeholder(), names="value")
        self.bot_button.on_click(lambda _b: on_bot())
        self.bots_button.on_click(lambda _b: on_bots())
        self.undo_button.on_click(lambda _b: on_undo())
        self.restart_button.on_click(lambda _b: on_restart(None if self.new_seed.value else self.typed(),
                                                           fresh=bool(self.new_seed.value)))
        if on_pause is not None:
            self.pause_button.observe(lambda c: on_pause(bool(c["new"])), names="value")
        wrap = W.Layout(flex_flow="row wrap")
        # Undo and Restart are used while deciding: the board places them beside its choices (they fit
        # beside the Hint button in the side column); the bots' controls and what Restart deals stay here
        self.widget = W.VBox([W.HBox([self.auto, self.speed, self.pause_button], layout=wrap),
                              W.HBox([self.bot_button, self.bots_button], layout=wrap),
                              W.HBox([W.HTML("Restart deals:"), self.new_seed, self.seed], layout=wrap),
                              self.seed_note])

    @property
    def delay(self) -> float:
        """Seconds between two bot moves (0: all at once)."""
        return SPEEDS[self.speed.value]

    @property
    def paused(self) -> bool:
        return bool(self.pause_button.value)

    def typed(self) -> str | None:
        """The seed typed in the box (as typed), None when the box is empty."""
        text = self.seed.value.strip()
        return text or None

    def clear_seed(self) -> None:
        """Empty the box (a seed typed there has dealt its game)."""
        self._write("")

    def show_seed(self, seed: int | None) -> None:
        """The box (unless something is typed in it) and the note under it show `seed`, the game's own;
        None shows no seed at all."""
        shown = "" if seed is None else str(seed)
        if self.seed.value.strip() in ("", self._shown):       # nothing the person typed is overwritten
            self._write(shown)
        self._shown = shown
        self.seed_note.value = ("" if seed is None else
                                f"<span class='neko-seed' style='color:#555;font-size:12px'>seed={seed} "
                                f"deals this game again</span>")

    def _write(self, text: str) -> None:
        self._writing = True
        try:
            self.seed.value = text
        finally:
            self._writing = False

    def _typed(self, change: dict) -> None:
        # a seed typed in the box is what the person wants Restart to deal
        if not self._writing and str(change["new"]).strip():
            self.new_seed.value = False

    def _placeholder(self) -> None:
        self.seed.placeholder = "lesson" if self.lesson and not self.new_seed.value else "new"

    def update(self, state: State, can_undo: bool, bot_to_move: bool, show_seed: bool = False) -> None:
        """Enable what can be done in `state`; `show_seed`: may the game's seed be shown (see the class)."""
        over = state.is_over()
        self.bot_button.disabled = over or not bot_to_move
        self.bots_button.disabled = over or not bot_to_move
        self.undo_button.disabled = not can_undo
        self.pause_button.description = "Resume" if self.paused else "Pause"
        self.pause_button.icon = "play" if self.paused else "pause"
        self.show_seed(state.seed if show_seed else None)


CHOICE_STYLE = ("display:block;margin:2px 0;padding:4px 8px;border:1px solid #9bc59b;border-radius:4px;"
                "background:#f3faf3;font-size:13px;line-height:1.35;white-space:normal;overflow-wrap:anywhere")
EXPECTED_STYLE = CHOICE_STYLE.replace("1px solid #9bc59b", "2px solid #e65100").replace("#f3faf3", "#fff3e0")
OFF_STYLE = CHOICE_STYLE.replace("#9bc59b", "#ccc").replace("#f3faf3", "#f6f6f6") + ";color:#666"


class ChoiceList:
    """The legal actions of the position, each a line you click (text wraps, nothing is cut)."""

    def __init__(self, on_choose: Callable[[int], Any], label: Callable[[Hashable], str] = str,
                 tip: Callable[[Hashable], str] | None = None):
        from .picture import ClickPicture

        self.label, self.tip = label, tip
        self.actions: list[Hashable] = []
        self.on_choose = on_choose
        self.picture = ClickPicture(on_click=self._clicked)
        self.heading = W.HTML("<b>Your choices</b>")
        self.widget = W.VBox([self.heading, self.picture], layout=W.Layout(width="100%"))

    def _clicked(self, name: str) -> None:
        number = name[len("action:"):] if name.startswith("action:") else ""
        if number.isascii() and number.isdigit():      # anything else is no choice of this list
            self.on_choose(int(number))

    def update(self, state: State, hidden: bool = False, enabled: bool = True, heading: str = "",
               expected: Hashable | Sequence[Hashable] | None = None, hinted: Sequence[Hashable] = ()) -> None:
        """Show the legal actions; `hidden` shows none (a bot's choices in a game with hidden hands),
        `enabled` False shows them greyed (not yours to play); `expected` (a lesson's move, or a list
        of the moves a drill accepts) is marked apart from the others; `hinted` (the Hint's moves, best
        first) carry a "hint 1", "hint 2", ... badge, and the list scrolls to hint 1."""
        from .lesson import same_action
        from .picture import target
        from .teach import hint_badge

        self.actions = [] if hidden else state.legal_actions()
        wanted = list(expected) if isinstance(expected, list) else ([] if expected is None else [expected])
        self.heading.value = f"<b>{heading or 'Your choices'}</b>"
        rows = []
        for i, a in enumerate(self.actions):
            text = html.escape(self.label(a))
            tip = self.tip(a) if self.tip is not None else ""
            style = CHOICE_STYLE if enabled else OFF_STYLE
            if enabled and any(same_action(a, e) for e in wanted):
                style, text = EXPECTED_STYLE, f"{text} <b style='color:#e65100'>← this step</b>"
            rank = next((k for k, h in enumerate(hinted if enabled else (), start=1) if same_action(a, h)), None)
            if rank is not None:
                text = f"{text} {hint_badge(rank)}"
            row = target(f"<span style='color:#888'>{i + 1}.</span> {text}", f"action:{i}", tip,
                         lit=enabled, tag="div").replace("<div ", f"<div style='{style}' ", 1)
            # the list scrolls to the lesson's move, else to hint 1 (neko_lab.widgets.picture)
            mark = " neko-expected" if style is EXPECTED_STYLE else ""
            mark += " neko-hinted" if rank == 1 else ""
            if mark:
                row = row.replace('class="neko-target neko-lit"', f'class="neko-target neko-lit{mark}"', 1)
            rows.append(row)
        body = "".join(rows) or "<div style='color:#666;font-size:13px'>nothing to choose now</div>"
        self.picture.value = (f"<div class='neko-choices' style='max-height:300px;overflow-y:auto;position:relative'>"
                              f"{body}</div>")

    def choose(self, index: int) -> None:
        """Click choice number `index` (0-based)."""
        self.picture.click(f"action:{index}")

    @property
    def labels(self) -> list[str]:
        return [self.label(a) for a in self.actions]


def moves_html(rows: Sequence[tuple[int, str, Sequence[str]]], can_explain: bool = True) -> str:
    """The last moves, `rows` given oldest first: (move number, who and what, the events it caused); each
    with a "why?" target (``why:<move index>``). Listed newest first: what just happened stands at the
    top of the list, in sight under the choices, and older moves scroll below it."""
    from .picture import target

    out = []
    for k, head, events in reversed(rows):
        why = target("why?", f"why:{k}", "explain this move", tag="span").replace(
            "<span ", "<span style='color:#1b5e20;text-decoration:underline;margin-left:6px' ", 1) \
            if can_explain else ""
        items = "".join(f"<li>{html.escape(e)}</li>" for e in events)
        out.append(f"<div class='neko-move' style='margin:3px 0'><span style='color:#888'>{k + 1}.</span> "
                   f"{html.escape(head)}{why}"
                   + (f"<ul style='margin:1px 0 1px 18px;padding:0;color:#333'>{items}</ul>" if items else "")
                   + "</div>")
    if not out:
        out.append("<div style='color:#666'>no move yet</div>")
    return (f"<div style='max-height:260px;overflow-y:auto;font-size:13px;line-height:1.35'>"
            f"<div class='neko-moves'>{''.join(out)}</div></div>")
