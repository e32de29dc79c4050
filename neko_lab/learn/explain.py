"""Why was that move allowed, and what did it change? `explain_move` answers for any game.

    before = s.clone(); s.apply(action)
    print(nl.explain_move(before, action, s))

It reads the games only through the public State contract:

* why it was allowed: the open decision (the kind on top of the pending stack and the seat deciding),
  how many answers it had, and a sentence from the game when its state class defines the optional
  hook ``why_legal(action) -> str | None``;
* what it changed, with numbers: points by category from ``visible_breakdown(viewer)`` before and
  after, every numeric field of ``observation(viewer)`` that moved (a game may name its own counts
  with the optional hook ``resource_view(viewer) -> dict[str, float]``), and the events the move
  logged, each with the rulebook section it cites.

Players are counted from 1 ("Player 1") in everything this module writes.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Hashable, Iterable

from ..core.events import Event
from ..core.state import State

MINUS = "\u2212"
# observation keys that are bookkeeping, not resources (turn counters, who is to act, turn order)
BOOKKEEPING = frozenset({"seat", "players", "to_act", "turn", "round", "period", "steps", "final_left",
                         "end_seat", "drawn_count", "my_pick", "idx", "order", "stage", "decision"})
# observation keys that repeat the score, which the breakdown already reports category by category
SCORE_KEYS = frozenset({"points", "score", "scores", "breakdown"})


def player(seat: int | None) -> str:
    """How a seat reads: "Player 1" for seat 0."""
    return "Nobody" if seat is None else f"Player {seat + 1}"


def words(key: Any) -> str:
    """An observation or breakdown key in words: "midgame_tiles" -> "midgame tiles"."""
    return str(key).replace("_", " ")


def signed(x: float) -> str:
    """+4, −1, +0.5: a change with its sign (a true minus sign)."""
    if isinstance(x, float) and not x.is_integer():
        text = f"{abs(x):.1f}"
    else:
        text = str(int(abs(x)))
    return ("+" if x >= 0 else MINUS) + text


def number(x: float) -> str:
    if isinstance(x, float) and not x.is_integer():
        return f"{x:.1f}".replace("-", MINUS)
    return str(int(x)).replace("-", MINUS)


def event_line(e: Event) -> str:
    who = "" if e.seat is None else f"{player(e.seat)} "
    why = f" ({e.rule})" if e.rule else ""
    return f"{who}{e.text}{why}"


# ------------------------------------------------------------------------------------------- scores
@dataclass(frozen=True, slots=True)
class ScoreChange:
    """One seat's points before and after a move, by category (None: hidden from the viewer)."""
    seat: int
    before: dict[str, int | None]
    after: dict[str, int | None]

    def deltas(self) -> dict[str, int]:
        out = {}
        for cat in [*self.before, *[c for c in self.after if c not in self.before]]:
            a, b = self.before.get(cat, 0), self.after.get(cat, 0)
            if a is not None and b is not None and a != b:
                out[cat] = b - a
        return out

    @property
    def total_before(self) -> int:
        return sum(v for v in self.before.values() if v is not None)

    @property
    def total_after(self) -> int:
        return sum(v for v in self.after.values() if v is not None)

    def line(self) -> str:
        parts = ", ".join(f"{words(c)} {signed(d)}" for c, d in self.deltas().items())
        hidden = None in self.after.values()
        total = "total you can see" if hidden else "total"
        return (f"{player(self.seat)}: {parts} \u2192 {total} {number(self.total_after)} "
                f"(was {number(self.total_before)})")


def score_changes(before: State, after: State, viewer: int | None) -> list[ScoreChange]:
    """The seats whose visible points changed, with their breakdowns before and after."""
    old, new = before.visible_breakdown(viewer), after.visible_breakdown(viewer)
    out = []
    for seat, (a, b) in enumerate(zip(old, new)):
        change = ScoreChange(seat, dict(a), dict(b))
        if change.deltas():
            out.append(change)
    return out


# ---------------------------------------------------------------------------------------- resources
@dataclass(frozen=True, slots=True)
class ResourceChange:
    """A numeric field of the observation that moved: its label in words, whose it is, old and new."""
    label: str
    seat: int | None
    before: float
    after: float

    @property
    def delta(self) -> float:
        return self.after - self.before


class _Seat(int):
    """A list index known to be a seat (a per-seat list of the observation)."""


_COUNT = "\0count"   # path end: the number of entries of a collection


def _seat_lists(cls: type[State], players: int, options: tuple) -> frozenset[tuple]:
    """Paths (list indices written "*") of the observation lists that hold one entry per seat: their
    length follows the number of players, which is checked on a fresh game of another size."""
    others = [p for p in (2, 3, 4, 1, 5, 6) if p != players and cls.MIN_PLAYERS <= p <= cls.MAX_PLAYERS]
    try:
        here = _list_lengths(cls(players=players, seed=0, **dict(options)).observation(0))
        if not others:
            return frozenset(p for p, n in here.items() if n == players)
        there = _list_lengths(cls(players=others[0], seed=0, **dict(options)).observation(0))
    except Exception:   # a game that cannot be set up this way: read lists of players' length as seats
        return frozenset()
    return frozenset(p for p, n in here.items() if n == players and there.get(p) == others[0])


def _list_lengths(obs: Any, path: tuple = ()) -> dict[tuple, int]:
    out: dict[tuple, int] = {}
    if isinstance(obs, dict):
        for k, v in obs.items():
            out.update(_list_lengths(v, path + (k,)))
    elif isinstance(obs, (list, tuple)):
        out[path] = len(obs)
        for v in obs:
            out.update(_list_lengths(v, path + ("*",)))
    return out


def _is_number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _leaves(obs: Any, seat_lists: frozenset, players: int, path: tuple = ()) -> dict[tuple, float]:
    out: dict[tuple, float] = {}
    if isinstance(obs, dict):
        for k, v in obs.items():
            if k in BOOKKEEPING or k in SCORE_KEYS:
                continue
            if _is_number(v):
                out[path + (k,)] = v
            else:
                out.update(_leaves(v, seat_lists, players, path + (k,)))
    elif isinstance(obs, (list, tuple)):
        pattern = tuple("*" if isinstance(p, int) else p for p in path)
        per_seat = pattern in seat_lists or (not seat_lists and len(obs) == players
                                            and all(isinstance(v, dict) for v in obs))
        if per_seat:
            for i, v in enumerate(obs):
                if _is_number(v):
                    out[path + (_Seat(i),)] = v
                else:
                    out.update(_leaves(v, seat_lists, players, path + (_Seat(i),)))
        else:   # a collection (dice, cards, positions): how many it holds
            out[path + (_COUNT,)] = len(obs)
    return out


def _label(path: tuple) -> tuple[str, int | None]:
    seat = next((int(p) for p in path if isinstance(p, _Seat)), None)
    parts = []
    for i, p in enumerate(path):
        if isinstance(p, _Seat) or p == _COUNT:
            continue
        # "boards", "oceans": the per-seat table a field sits in goes without saying
        if i + 2 < len(path) and isinstance(path[i + 1], _Seat) and path[i + 2] != _COUNT:
            continue
        parts.append(f"#{p + 1}" if isinstance(p, int) else words(p))
    label = " ".join(parts)
    return (f"{label} count" if path and path[-1] == _COUNT else label), seat


def resource_changes(before: State, after: State, viewer: int) -> list[ResourceChange]:
    """Every numeric field of observation(viewer) that changed (or the game's resource_view hook)."""
    hook = getattr(type(before), "resource_view", None)
    if callable(hook):
        a, b = hook(before, viewer), hook(after, viewer)
        return [ResourceChange(k, None, a.get(k, 0), b.get(k, 0))
                for k in [*a, *[k for k in b if k not in a]] if a.get(k, 0) != b.get(k, 0)]
    seat_lists = _seat_lists(type(before), before.players, tuple(before.options.items()))
    old = _leaves(before.observation(viewer), seat_lists, before.players)
    new = _leaves(after.observation(viewer), seat_lists, after.players)
    out = []
    for path in [*old, *[p for p in new if p not in old]]:
        if path in old and path in new and old[path] != new[path]:
            label, seat = _label(path)
            out.append(ResourceChange(label, seat, old[path], new[path]))
    return out


def resource_lines(changes: Iterable[ResourceChange]) -> list[str]:
    """One line per seat ("Player 2: coins +4 (8 → 12), fuel −2 (3 → 1)"), then the other counts."""
    by_seat: dict[int | None, list[str]] = {}
    for c in changes:
        text = f"{c.label} {signed(c.delta)} ({number(c.before)} \u2192 {number(c.after)})"
        by_seat.setdefault(c.seat, []).append(text)
    lines = [f"{player(s)}: {', '.join(t)}" for s, t in sorted(
        ((s, t) for s, t in by_seat.items() if s is not None), key=lambda st: st[0])]
    if None in by_seat:
        lines.append("Also: " + ", ".join(by_seat[None]))
    return lines


# -------------------------------------------------------------------------------------- explanation
@dataclass(slots=True)
class Explanation:
    """Why a move was allowed and what it changed. `rule` is the rulebook section the move's events
    cite ("Game › Heading"); `lines` the explanation in words; str() joins them."""
    action: Hashable
    seat: int | None
    rule: str
    lines: list[str]
    rules: list[str] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    scores: list[ScoreChange] = field(default_factory=list)
    resources: list[ResourceChange] = field(default_factory=list)

    def __str__(self) -> str:
        return "\n".join(self.lines)

    def _repr_html_(self) -> str:
        import html
        items = "".join(f"<li>{html.escape(line)}</li>" for line in self.lines[1:])
        return f"<div class='neko-explain'><b>{html.escape(self.lines[0])}</b><ul>{items}</ul></div>"


def new_events(before: State, after: State) -> list[Event]:
    """The events `after` logged since `before` (after must be `before` played on)."""
    return list(after.log[len(before.log):])


def decision_of(state: State) -> tuple[str | None, int | None]:
    """(kind, seat) of the open decision: the top of the pending stack."""
    if state.is_over() or not state.pending:
        return None, None
    top = state.pending[-1]
    return top.kind, top.seat


def why_allowed(state: State, action: Hashable) -> list[str]:
    """Sentences saying which decision was open and why `action` answered it."""
    kind, seat = decision_of(state)
    legal = state.legal_actions()
    count = len(legal)
    lines = [f"Why it was allowed: {player(seat)} had the open decision \u201c{words(kind)}\u201d and this "
             f"was one of its {count} legal answer{'s' if count != 1 else ''}."
             if kind is not None else "Why it was allowed: the game was not waiting for anyone."]
    if count == 1:
        lines[0] = (f"Why it was allowed: {player(seat)} had the open decision \u201c{words(kind)}\u201d and "
                    f"this was its only legal answer.")
    hook = getattr(type(state), "why_legal", None)
    if callable(hook):
        extra = hook(state, action)
        if extra:
            lines.append(extra)
    return lines


def explain_move(before: State, action: Hashable, after: State, viewer: int | None = None) -> Explanation:
    """Explain `action`, played in `before` (a copy kept from before the move) giving `after`.

    viewer: whose view of the table the numbers respect (hidden points stay hidden); by default the
    seat that moved. The result's `.rule` is the section the move's events cite."""
    seat = before.current_player
    if viewer is None:
        viewer = seat if seat is not None else 0
    events = new_events(before, after)
    rules: list[str] = []
    for e in events:
        if e.rule and e.rule not in rules:
            rules.append(e.rule)
    rule = rules[0] if rules else ""
    head = f"{player(seat)}: {action}" + (f"  ({rule})" if rule else "")
    lines = [head, *why_allowed(before, action)]
    covers = (getattr(type(before), "RULES", {}) or {}).get(rule)
    if covers:
        lines.append(f"The rule, {rule}: {covers}.")
    scores = score_changes(before, after, viewer)
    if scores:
        lines.append("Points it gave:")
        lines += ["  " + c.line() for c in scores]
    else:
        lines.append("Points it gave: none yet (no score changed).")
    resources = resource_changes(before, after, viewer)
    if resources:
        lines.append("What moved:")
        lines += ["  " + line for line in resource_lines(resources)]
    if events:
        lines.append("What the game logged:")
        lines += ["  " + event_line(e) for e in events]
    return Explanation(action, seat, rule, lines, rules, events, scores, resources)


__all__ = ["Explanation", "ResourceChange", "ScoreChange", "explain_move", "new_events",
           "resource_changes", "score_changes", "why_allowed", "player"]
