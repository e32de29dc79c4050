"""Why was that move allowed, and what did it change? `explain_move` answers for any game.

    before = s.clone(); s.apply(action)
    print(nl.explain_move(before, action, s))

It reads the games through the public State contract and the game's own explain module
(neko_lab/games/<key>/explain.py, wired as ``GameState.explainer``):

* why it was allowed: the module's ``why(state, action, viewer)``, the condition that made the move legal
  in the game's words and with the position's numbers (a game without one: its ``why_legal(action)``
  hook, else the rule its events cite);
* what it changed, with numbers: points by category from ``visible_breakdown(viewer)`` before and
  after (and those of a solo seat's automated opponent, the module's ``opponents(state)``), the counts the module names (``counts(state, viewer)``: "credits", "cards in hand", ...;
  a game without one: the numeric fields of ``observation(viewer)``, or its ``resource_view`` hook),
  and the events the move logged as the game's log writes them ("[Player 1] ..."), each with the
  rulebook section it cites; the headline cites the first of those sections, or for a move that logs
  nothing (a pass, say) the module's ``section(state, action)``, the section of the move itself (also
  when the move only sets off events of the sections the module lists in ``AFTERMATH``, such as a reveal
  of a simultaneous turn, the next round's draft or a generation's scoring; never for a move the viewer
  did not see). A score line adds up: the total before plus the changes it lists is the total after,
  where the known part of points still hidden counts in both ("−31+?").

``why_allowed(state, action, viewer)`` asks the first question alone, before the move: an action that is
not legal now (or any, once the game is over) is never called allowed, and a reader who may not know the
deciding seat's choices is told so, whatever the action.

The viewer decides what may be told: a seat sees its own secrets only; PUBLIC (the default) tells
only what every seat sees, so explaining a bot's move on a shared board gives nothing away.

Players are counted from 1 ("Player 1") in everything this module writes.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Hashable, Iterable, Union

from ..core.errors import ConfigError, excerpt
from ..core.events import Event
from ..core.refusals import CHOICES, find_legal, known_to
from ..core.state import State

MINUS = "\u2212"
from ..core.events import EVERYTHING, PUBLIC, hides, shown_log   # viewers: a spectator; the analyst
Viewer = Union[int, str]
# observation keys that are bookkeeping, not resources (turn counters, who is to act, turn order)
BOOKKEEPING = frozenset({"seat", "players", "to_act", "turn", "round", "period", "steps", "final_left",
                         "end_seat", "drawn_count", "my_pick", "idx", "order", "stage", "decision"})
# observation keys that repeat the score, which the breakdown already reports category by category
SCORE_KEYS = frozenset({"points", "score", "scores", "breakdown"})


def player(seat: int | None) -> str:
    """How a seat reads: "Player 1" for seat 0."""
    return "Nobody" if seat is None else f"Player {seat + 1}"


def words(key: Any) -> str:
    """An observation or breakdown key in words, spaces for underscores: "bonus_left" -> "bonus left"."""
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
    """An event as the game's log writes it (Event.__str__): the seat it concerns in brackets, then its
    text, then the section it cites: "[Player 1] draws Hagfish from pile 2 (Naéco › Gameplay)". The seat
    is no subject of the text: an event of a seat need not start with its verb ("[Player 1] the end is
    near: ...", "[Player 2] turn 2, shown to all: ...", "[Player 1] Ocean Bank #1 goes to Player 1")."""
    who = "" if e.seat is None else f"[{player(e.seat)}] "
    why = f" ({e.rule})" if e.rule else ""
    return f"{who}{e.text}{why}"


# ------------------------------------------------------------------------------------------- scores
@dataclass(frozen=True, slots=True)
class ScoreChange:
    """One seat's points before and after a move, by category (None: hidden from the viewer), and the
    known part of the categories hidden before and after (State.shown_breakdown: a pyramid as the table
    showed it). Its line reads what the viewer saw change, so that the total before plus the changes it
    lists is the total after (the hidden rest stays "+?")."""
    seat: int | None
    before: dict[str, int | None]
    after: dict[str, int | None]
    known: dict[str, int] = field(default_factory=dict)
    known_after: dict[str, int] = field(default_factory=dict)
    name: str = ""          # who, when not a seat: a solo seat's automated opponent (CatANNA)

    def _cats(self) -> list[str]:
        return [*self.before, *[c for c in self.after if c not in self.before]]

    @staticmethod
    def _seen(row: dict, known: dict, cat: str) -> int | None:
        """What the viewer knows of a category: its value, else its known part, else None."""
        v = row.get(cat, 0)
        return known.get(cat) if v is None else v

    def deltas(self) -> dict[str, int]:
        """The categories the viewer saw before and after the move (wholly, or the known part of a
        hidden one) whose value changed, by how much."""
        out = {}
        for cat in self._cats():
            a, b = self.before.get(cat, 0), self.after.get(cat, 0)
            if a is not None and b is not None:
                if a != b:
                    out[cat] = b - a
            elif b is None:        # hidden after: its known part moved (or a shown category hid again)
                a, b = self._seen(self.before, self.known, cat), self.known_after.get(cat)
                if a is not None and b is not None and a != b:
                    out[cat] = b - a
        return out

    def hidden(self) -> dict[str, int]:
        """The categories the viewer knew before and knows nothing of after (their value before)."""
        return {cat: a for cat in self._cats() if self.after.get(cat, 0) is None
                and cat not in self.known_after and (a := self._seen(self.before, self.known, cat)) is not None}

    def _shown_after(self) -> dict[str, int]:
        return {cat: v for cat, v in self.after.items() if v is not None and cat in self.before
                and self.before[cat] is None}

    def revealed(self) -> dict[str, int]:
        """The categories hidden from the viewer before the move and shown after it (at the end of the
        game, every secret), with their values, where nothing of them was known."""
        return {cat: v for cat, v in self._shown_after().items() if cat not in self.known}

    def settled(self) -> dict[str, tuple[int, int]]:
        """The categories whose known part the viewer had (the table as it was shown) and whose whole
        value the move shows: (known before, value now)."""
        return {cat: (self.known[cat], v) for cat, v in self._shown_after().items() if cat in self.known}

    @property
    def total_before(self) -> int:
        return sum(self.known.get(c, 0) if v is None else v for c, v in self.before.items())

    @property
    def total_after(self) -> int:
        return sum(self.known_after.get(c, 0) if v is None else v for c, v in self.after.items())

    def line(self) -> str:
        parts = [f"{words(c)} {signed(d)}" for c, d in self.deltas().items()]
        parts += [f"{words(c)} {number(v)} revealed" for c, v in self.revealed().items()]
        parts += [f"{words(c)} {number(a)} \u2192 {number(b)}" for c, (a, b) in self.settled().items() if a != b]
        parts += [f"{words(c)} {number(v)} now hidden" for c, v in self.hidden().items()]

        def total(n: int, row: dict) -> str:      # as the score table writes it: "-31+?" when partly hidden
            return number(n) + ("+?" if None in row.values() else "")
        return (f"{self.name or player(self.seat)}: {', '.join(parts)} \u2192 total {total(self.total_after, self.after)} "
                f"(was {total(self.total_before, self.before)})")


def breakdown_seen(state: State, viewer: Viewer) -> list[dict[str, int | None]]:
    """Points by category as `viewer` sees them: a seat's visible_breakdown(); PUBLIC, what every seat
    sees (a category hidden from any seat is None); EVERYTHING, the analyst's full breakdown."""
    if viewer == EVERYTHING:
        return state.visible_breakdown(None)
    if viewer == PUBLIC:
        views = [state.visible_breakdown(v) for v in range(state.players)]
        return [{cat: (None if any(view[s].get(cat) is None for view in views) else val)
                 for cat, val in views[0][s].items()} for s in range(state.players)]
    return state.visible_breakdown(viewer)


def final_scores(state: State, viewer: Viewer) -> str:
    """The finished game's scores as `viewer` sees them, and a solo seat's automated opponent's (the
    game's margin() hook names her)."""
    seen = breakdown_seen(state, viewer)
    told = [f"{player(seat)} {number(sum(v for v in row.values() if v is not None))}"
            for seat, row in enumerate(seen)]
    won = " and ".join(player(w) for w in state.winners())
    result = f"won by {won}" if won else "no player wins"
    if state.players == 1:               # a solo game: against an automated opponent, or only rated
        against = state.margin(0)
        if against is None:
            return f"The game is over: final score {', '.join(told)}."
        told.append(f"{against[0]} {number(round(state.scores()[0] - against[1]))}")
        result = (f"{against[0]} wins" if not won else f"{won} shares the victory with {against[0]}"
                  if state.shares()[0] < 1 else f"won by {won}")
    return f"The game is over: final scores {', '.join(told)}; {result}."


def score_changes(before: State, after: State, viewer: Viewer) -> list[ScoreChange]:
    """The seats whose points changed as `viewer` sees them, with their breakdowns before and after."""
    old, new = breakdown_seen(before, viewer), breakdown_seen(after, viewer)
    known = [{} for _ in old] if viewer == EVERYTHING else before.shown_breakdown(viewer)
    known_after = [{} for _ in new] if viewer == EVERYTHING else after.shown_breakdown(viewer)
    out = []
    for seat, (a, b) in enumerate(zip(old, new)):
        change = ScoreChange(seat, dict(a), dict(b), dict(known[seat]), dict(known_after[seat]))
        if (change.deltas() or change.revealed() or change.hidden()
                or any(a != b for a, b in change.settled().values())):
            out.append(change)
    return out


def opponent_changes(before: State, after: State) -> list[ScoreChange]:
    """The points of the automated opponents a solo seat plays against that the move changed (the
    game's explain module names them: ``opponents(state) -> {name: points by category}``, public)."""
    ex = game_explainer(before)
    if ex is None or not callable(getattr(ex, "opponents", None)):
        return []
    old, new = ex.opponents(before), ex.opponents(after)
    changes = [ScoreChange(None, dict(old.get(name, {})), dict(row), name=name) for name, row in new.items()]
    return [c for c in changes if c.deltas()]


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


def _seen_counts(state: State, viewer: Viewer, seat_lists: frozenset) -> dict[tuple, float]:
    hook = getattr(type(state), "resource_view", None)

    def view(seat: int | None) -> dict[tuple, float]:
        if callable(hook):
            return {(k,): v for k, v in hook(state, seat).items()}
        return _leaves(state.observation(0 if seat is None else seat), seat_lists, state.players)
    if viewer == PUBLIC:           # only what reads the same from every seat
        views = [view(v) for v in range(state.players)]
        return {p: v for p, v in views[0].items() if all(w.get(p, _MISSING) == v for w in views[1:])}
    if viewer == EVERYTHING:
        merged: dict[tuple, float] = {}
        for v in range(state.players):
            merged.update(view(v))
        return merged
    return view(viewer)


_MISSING = object()


def resource_changes(before: State, after: State, viewer: Viewer) -> list[ResourceChange]:
    """Every numeric field of the observation that changed, as `viewer` sees it (a seat, PUBLIC or
    EVERYTHING); a game may name its own counts with the resource_view(viewer) hook."""
    seat_lists = _seat_lists(type(before), before.players, tuple(before.options.items()))
    old = _seen_counts(before, viewer, seat_lists)
    new = _seen_counts(after, viewer, seat_lists)
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
    cite ("Game › Heading"), or the move's own when it logs nothing (the game's explain module
    ``section``); `lines` the explanation in words; str() joins them."""
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


def game_explainer(state: State) -> Any:
    """The game's own explain module (neko_lab/games/<key>/explain.py, wired by the game's package as
    ``GameState.explainer``), or None."""
    return getattr(type(state), "explainer", None)


def sees(viewer: Viewer, seat: int | None) -> bool:
    """May `viewer` read what only `seat` knows? (the seat itself, or the analyst's view)"""
    return viewer == EVERYTHING or (isinstance(viewer, int) and viewer == seat)


_SECOND_PERSON = [(re.compile(r"\b(to|lets|let|gives|give|for|with|forces) you\b"), r"\1 them"),
                  (re.compile(r"\byou\b"), "they"), (re.compile(r"\bYou\b"), "They"),
                  (re.compile(r"\byour\b"), "their"), (re.compile(r"\bYour\b"), "Their"),
                  (re.compile(r"\byourself\b"), "themselves")]


# a rulebook citation "(Game › Section)", whose heading may hold one pair of brackets of its own
# ("Quick reference (Help)"): quoted as the rulebook writes it, never reworded
_CITATION = re.compile(r"\((?:[^()]|\([^()]*\))*? › (?:[^()]|\([^()]*\))*\)")


def third_person(text: str) -> str:
    """A sentence of a game's why() about the mover ("you had 4 fuel"), as read by someone else ("they
    had 4 fuel"): the explanation's first line names the player it is about. A rulebook citation in it
    ("(Journey › ... › Place a card into your ship lane)") is kept as it is: it names a heading."""
    out, last = [], 0
    for cited in _CITATION.finditer(text):
        out += [_reworded(text[last:cited.start()]), cited.group(0)]
        last = cited.end()
    return "".join([*out, _reworded(text[last:])])


def _reworded(text: str) -> str:
    for pattern, repl in _SECOND_PERSON:
        text = pattern.sub(repl, text)
    return text


def why_allowed(state: State, action: Hashable, viewer: Viewer = PUBLIC) -> list[str]:
    """Why `action` is allowed in `state`, told to `viewer` (a seat, PUBLIC: a spectator, or EVERYTHING:
    the analyst): the condition under which it is legal, in the game's words and with this position's
    numbers, from the game's explain module (``why(state, action, viewer) -> list[str]``); a game
    without one gets its ``why_legal`` hook, else the rule its events cite.

    An action that is not legal now is never called allowed: the answer says it is not, with the reason
    State.why_illegal tells the same reader (the game is over; the rule that refuses it). A reader who
    may not know the open decision's choices (another seat, a spectator, while they are the deciding
    seat's secret: core/refusals.known_to) is told that they cannot judge it, the same sentence whether
    the action is legal or not, so the answer gives away none of that seat's secrets."""
    viewer = state.check_viewer(viewer)
    seat = state.current_player if viewer == EVERYTHING else None if viewer == PUBLIC else viewer
    own = None if state.is_over() or known_to(state, seat) != CHOICES else find_legal(
        state.legal_actions(), action)
    if own is None:
        reason = state.why_illegal(action, seat).rstrip(".") + "."
        if known_to(state, seat) != CHOICES and not state.is_over():
            return [reason]                            # the same whether the action is legal or not
        return [f"It is not allowed: {reason}"]
    return allowed_lines(state, own, viewer)


def allowed_lines(state: State, action: Hashable, viewer: Viewer) -> list[str]:
    """why_allowed's answer for an action known to be legal: for a move that was made and seen
    (explain_move), or one the reader may judge."""
    ex = game_explainer(state)
    lines: list[str] = []
    if ex is not None and callable(getattr(ex, "why", None)):
        lines = [x for x in (ex.why(state, action, viewer) or []) if x]
        if viewer != state.current_player:     # the games say "you": read by another, "they"
            lines = [third_person(x) for x in lines]
    hook = getattr(type(state), "why_legal", None)
    if callable(hook):
        extra = hook(state, action)
        if extra:
            lines.append(extra)
    if lines:
        return [f"Why it was allowed: {lines[0]}", *lines[1:]]
    _, seat = decision_of(state)
    return [f"Why it was allowed: it was {player(seat)}'s turn to choose, and this was one of the moves "
            f"the rule below permits there."]


def game_changes(before: State, after: State, action: Hashable, viewer: Viewer) -> list[str] | None:
    """What the move changed in the game's words: the game's explain module names its counts
    (``counts(state, viewer) -> {(seat or None, label): number}``, only what `viewer` may know), and
    every count that moved reads "Player 1: credits −1 (5 → 4)"; None when the game names none."""
    ex = game_explainer(before)
    if ex is None or not callable(getattr(ex, "counts", None)):
        return None
    old, new = ex.counts(before, viewer), ex.counts(after, viewer)
    moved = [ResourceChange(label, seat, old.get((seat, label), 0), new.get((seat, label), 0))
             for seat, label in [*old, *[k for k in new if k not in old]]
             if old.get((seat, label), 0) != new.get((seat, label), 0)]
    return resource_lines(moved)


def check_move(before: Any, action: Hashable, after: Any) -> None:
    """A ConfigError unless `after` is `before` (both games) with `action` played: an explanation is of a
    move that was made."""
    for name, s in (("before", before), ("after", after)):
        if not isinstance(s, State):
            raise ConfigError(f"explain_move's {name} is a game (a State), not {excerpt(s)}")
    if type(after) is not type(before):
        raise ConfigError(f"explain_move's before is {before.GAME} and after is {after.GAME}: the same game, "
                          f"before and after one move")
    done, past = after.history(), before.history()
    last = done[-1] if done else None
    if len(done) != len(past) + 1 or done[:-1] != past or last != action or type(last) is not type(action):
        raise ConfigError(f"{excerpt(action)} is not the move that led from before to after: pass "
                          f"before=state.clone(), then state.apply(action), then explain_move(before, "
                          f"action, state)")


def explain_move(before: State, action: Hashable, after: State, viewer: Viewer = PUBLIC) -> Explanation:
    """Explain `action`, played in `before` (a copy kept from before the move) giving `after`.

    viewer: whose view of the table the numbers respect: a seat (0 = Player 1: its own secret points
    and cards count, nobody else's), PUBLIC (the default: only what every seat sees, so a bot's secrets
    stay secret whoever reads) or EVERYTHING (the analyst's view). The result's `.rule` is the section
    the move's events cite (the move's own section when it logs nothing but what it sets off and the game
    names one)."""
    if before is after:
        raise ConfigError("explain_move needs the position before the move: pass before=state.clone() "
                          "taken before apply()")
    check_move(before, action, after)
    viewer = before.check_viewer(viewer)
    seat = before.current_player
    events = new_events(before, after)
    secret = hides(events, viewer)
    if secret:              # another seat's move, told as the viewer saw it at the table
        events = shown_log(events, viewer)
    rules: list[str] = []
    for e in events:
        if e.rule and e.rule not in rules:
            rules.append(e.rule)
    ex = game_explainer(before)
    # a move that logs nothing of its own: the section of the move itself (the game's section() hook),
    # where the viewer saw the move (the section of a move made out of sight would tell what it was).
    # Passed over: an event that only stands for such a move in a secret log (data quiet=True: a
    # simultaneous turn's choice that logged nothing), and the events of what the move set off, whose
    # sections the game's explain module lists in AFTERMATH (a reveal of the turn, a meeting, the next
    # round's draft roll, a generation's scoring), unless the move's own section is that one (a draft pick).
    of_move = ex.section(before, action) if not secret and ex is not None and callable(
        getattr(ex, "section", None)) else ""
    after_move = getattr(ex, "AFTERMATH", ()) if of_move else ()
    cited = [e.rule for e in events if e.rule and not e.data.get("quiet")
             and (e.rule not in after_move or e.rule == of_move)]
    rule = cited[0] if cited else of_move or (rules[0] if rules else "")
    shown = ex.label(before, action, viewer) if ex is not None and callable(getattr(ex, "label", None)) \
        else str(action)
    if secret:              # another seat's move made out of this view's sight: as the table saw it
        own = [e for e in events if e.seat == seat]     # the reveal may tell other seats' moves too
        shown = own[0].text if own else "a move out of sight"
    head = f"{player(seat)}: {shown}" + (f"  ({rule})" if rule else "")
    seen = ("what the table saw is below" if events else
            "the table saw nothing of it, and is told it when the choice is revealed")
    lines = [head, *(allowed_lines(before, action, viewer) if not secret else
                     [f"Why it was allowed: {player(seat)} chose out of this view's sight; {seen}."])]
    covers = (getattr(type(before), "RULES", {}) or {}).get(rule)
    if covers:
        lines.append(f"The rule, {rule}: {covers}.")
    scores = score_changes(before, after, viewer) + opponent_changes(before, after)
    secret = [words(c) for c, v in (breakdown_seen(after, viewer)[seat] if seat is not None else {}).items()
              if v is None]
    if scores:
        lines.append("Points it gave:")
        lines += ["  " + c.line() for c in scores]
    elif secret:
        lines.append(f"Points it gave: none that this view may show (the {', '.join(secret)} points stay "
                     f"secret until the end).")
    elif after.is_over():
        lines.append("Points it gave: none (the final scoring changed no score).")
    else:
        lines.append("Points it gave: none yet (no score changed).")
    if after.is_over():
        lines.append(final_scores(after, viewer))
    said = game_changes(before, after, action, viewer)
    resources = [] if said is not None else resource_changes(before, after, viewer)
    if said:
        lines.append("What changed:")
        lines += ["  " + line for line in said]
    elif resources:
        lines.append("What changed:")
        lines += ["  " + line for line in resource_lines(resources)]
    if events:
        lines.append("What the game logged:")
        lines += ["  " + event_line(e) for e in events]
    return Explanation(action, seat, rule, lines, rules, events, scores, resources)


__all__ = ["EVERYTHING", "PUBLIC", "Explanation", "game_explainer", "sees", "ResourceChange", "ScoreChange", "explain_move", "new_events",
           "resource_changes", "score_changes", "why_allowed", "player"]
