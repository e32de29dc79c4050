"""Hints for the seat to move: each legal move with the points it led to over sampled futures.

    for h in nl.hint(s):
        print(h)   # "1. play Moray eel (2) at depth 2, column 1 — 31 points at the end on average
                   #  (27 to 35 over 6 sampled futures; 4 ahead of the best other player): ..."

Honest by construction, through the State contract alone:

* the search never sees the real position: it plays on `determinize(seat, rng)` copies, each with the
  cards that seat cannot see and every future draw or die roll sampled afresh, so what a hint says is a
  function of what the seat may know;
* a hint states as fact only what happens the same way in every sampled copy right when the move is
  made: the rule that allows it with its rulebook section and the position's numbers as the seat knows
  them (the game's explain module's why() and section(), the sentences explain_move gives), the counts
  it changes (the module's counts(): "your credits −3, your fuel +1"), the points it scores, an objective
  it meets; what comes later is an average "over N sampled futures", never a prediction of a card, a die
  or another player's secret choice; the first hint says how far ahead of the next best move found it
  is on average (and in which scoring category, where every future reached the end);
* values are points in the player's own terms: the seat's expected score at the end of the game (or,
  when the game is too long to play out within the look-ahead budget, what it would score "if the game
  ended" that many moves later, said so: the game's ``projected_scores()``, its end scoring applied
  there; or, for a game whose explain module estimates the final score of a position,
  ``hint_estimate(state, seat) -> (points, lead or None)``, that estimate, said so; each hint says "at
  the end" exactly when every one of its own futures reached the end), with the lowest
  and highest over the samples, and the average lead
  over whom the game measures the seat against (its ``margin(seat)``: the best other player, a solo
  game's automated opponent, or nobody in a solo game rated on its own scale, where the game's explain
  module may say how the average rates: ``solo_standing(points) -> str``); hints are sorted by that
  expected score, best first.

The agent that plays the futures (and whose own choice is marked) is chosen in one place,
neko_lab.agents.hint_agent_spec(); a hint's words call it FOLLOWED ("a quick look-ahead"), its
`agent` field holds the agent's name (an agent the caller passes is named in the words too). A game
tunes the depth from its own folder (neko_lab/games/<key>/explain.py:
HINT_SAMPLES, HINT_BUDGET, or HINT_HORIZON for a fixed number of look-ahead actions a future, with
``hint_stop(start, now) -> bool`` to stop a future earlier where the seats compare, said as HINT_CUT) and
may add sentences with the optional state hook ``hint_reasons(action) -> list[str]``. With HINT_PICK_FIRST
the agent's own choice stays first unless the futures tell another move apart from it beyond chance
("always": whatever they say; the numbers stay each move's own).
Deterministic for a given seed; speed is measured in benchmarks/bench_learn.py, never asserted in tests.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from statistics import mean, stdev
from typing import Any, Hashable

from ..agents.base import number_param
from ..core.errors import ConfigError, IllegalAction, counted, excerpt
from ..core.rng import Rng
from ..core.state import State
from .explain import game_explainer, new_events, number, player, signed, words

SAMPLES = 6               # sampled futures per move (a game's explain module may set HINT_SAMPLES)
BUDGET = 8_000            # look-ahead actions in all per hint (HINT_BUDGET): a future is played to the end
                          # of the game when that fits, else cut at the same depth for every move
FOLLOWED = "a quick look-ahead"   # how a hint names the agent it follows, in words a learner reads
SHORTLIST = 6             # with more legal moves, only the agent's choice and the best by the game's quick
                          # evaluation one move ahead are played out (all of them when k asks for more)


def hint_agent(state: State, agent: Any = None, seed: int = 0) -> Any:
    """The agent hints follow: `agent` (a name, spec or object), else neko_lab.agents.hint_agent_spec(),
    the one place that chooses it. It plays every seat in the sampled futures, and its own choice is
    marked among the hints."""
    from ..agents import hint_agent_spec, make_agent
    if agent is None:
        agent = hint_agent_spec(type(state))
    return make_agent(agent, type(state), seed=seed)


strong_agent = hint_agent      # the name earlier versions used


def _agent_name(agent: Any) -> str:
    return getattr(agent, "name", type(agent).__name__)


def _setting(state: State, name: str, default: int) -> int:
    """A game's hint setting (its explain module's HINT_SAMPLES or HINT_BUDGET): one number, or one per
    player count ({players: number}) where a game's moves cost more with more players."""
    value = getattr(game_explainer(state), name, default)
    if isinstance(value, dict):
        value = value.get(state.players, default)
    return int(value)


def _points(v: float) -> str:
    return number(round(v)) if abs(v - round(v)) < 0.05 else number(round(v, 1))


def _count(v: float) -> str:
    """A number of points in words: "1 point", "\u22121 point", "0.5 points", "31 points"."""
    text = _points(v)
    return f"{text} point" + ("" if text.lstrip("\u2212") == "1" else "s")


@dataclass(slots=True)
class Hint:
    """One legal move for the seat to act and what it led to over `samples` sampled futures:
    `value` the seat's mean points (at the end when `to_end`: every one of this hint's own futures reached
    the end of the game, whatever other hints' futures did; else after `depth` more moves), `low` and
    `high` the range over the samples, `lead` the mean margin over `versus` (the best other player, a
    solo game's automated opponent, or None when nobody: then `standing` may say how the value rates);
    `reasons` in words (facts of the move itself first, then the averages). Futures cut short are
    valued by the game's end scoring applied there (`projected_scores()`), or by the game's own
    estimate of the final score when `estimated`."""
    action: Hashable
    value: float
    reasons: list[str] = field(default_factory=list)
    rank: int = 1
    agent_choice: bool = False
    low: float = 0.0
    high: float = 0.0
    lead: float = 0.0
    samples: int = 1
    to_end: bool = True
    depth: int = 0
    versus: str | None = "the best other player"
    standing: str = ""
    agent: str = ""              # the name of the agent that played the futures (hint_agent)
    estimated: bool = False      # futures cut short were valued by the game's estimate of the final score
    cut: str = ""                # where futures stop when the game says (its HINT_CUT), else after `depth`

    def summary(self) -> str:
        """The value in the player's terms: "31 points at the end on average (27 to 35 over 6 sampled
        futures; 4 ahead of the best other player)"."""
        where = self.cut or f"{counted(self.depth, 'move')} later"
        when = ("at the end" if self.to_end else
                f"at the end by the game's estimate {where}" if self.estimated else
                f"if the game ended {where}")
        spread = (f"{_points(self.low)} to {_points(self.high)}" if self.high > self.low
                  else f"{_points(self.low)} in each")
        ahead = (f"{_points(self.lead)} ahead of" if self.lead > 0.05 else
                 f"{_points(-self.lead)} behind" if self.lead < -0.05 else "level with")
        futures = f"{self.samples} sampled future{'s' if self.samples != 1 else ''}"
        against = (f"; {ahead} {self.versus}" if self.versus is not None else
                   f"; {self.standing}" if self.standing else "")
        return f"{_count(self.value)} {when} on average ({spread} over {futures}{against})"

    def __str__(self) -> str:
        why = "; ".join(self.reasons)
        return f"{self.rank}. {self.action} \u2014 {self.summary()}" + (f": {why}" if why else "")


@dataclass(slots=True)
class _Trial:
    action: Hashable
    points: list[float]          # the seat's score at the end of each sampled future (_score_and_lead)
    leads: list[float | None]    # its margin over whom the game measures it against there (None: unknown)
    firsts: list[State]          # each sample right after the move
    to_end: bool
    versus: str | None = None
    befores: list[State] = field(default_factory=list)    # the sample each of `firsts` was played on
    ends: list[dict | None] = field(default_factory=list)  # the seat's points by category where a future ended


def _score_and_lead(state: State, seat: int, estimate: Any = None) -> tuple[float, float | None, str | None]:
    """The seat's score at the end of a sampled future, its margin and whom the game measures it against
    (state.margin(seat)). A future cut short before the end is valued by the game's `estimate` of the
    final score when it has one (explain.hint_estimate: (points, lead or None when it cannot say)), else
    by what each seat would score if the game ended there (projected_scores()), the margin measured on
    those same projected scores."""
    over = state.is_over()
    if not over and estimate is not None:
        points, lead = estimate(state, seat)
        against = state.margin(seat)
        name = against[0] if against is not None and lead is not None else None
        return float(points), (float(lead) if name is not None else None), name
    scores = state.scores() if over else state.projected_scores()
    against = state.margin(seat, scores)
    name, lead = against if against is not None else (None, 0.0)
    return float(scores[seat]), float(lead), name


def _play_out(child: State, agent: Any, depth: int, start: State | None = None, stop: Any = None) -> bool:
    """Every seat plays `agent`'s way for at most `depth` actions, or until the game's `stop(start, child)`
    says the seats stand at a point where they compare (its explain module's hint_stop); True when the
    game ended."""
    for _ in range(depth):
        if child.is_over() or (stop is not None and stop(start, child)):
            return child.is_over()
        child.apply(agent.choose(child))
    return child.is_over()


def _try(samples: list[State], action: Hashable, seat: int, agent: Any, depth: int, seed: int,
         estimate: Any = None, stop: Any = None) -> _Trial | None:
    trial = _Trial(action, [], [], [], True)
    for i, sample in enumerate(samples):
        child = sample.clone()
        try:
            child.apply(action)
        except IllegalAction:      # cannot happen when the sample keeps the seat's view; skip it if it does
            continue
        trial.firsts.append(child.clone())
        trial.befores.append(sample)
        agent.reseed(seed + i)     # the same agent randomness for every move in a given future
        trial.to_end &= _play_out(child, agent, depth, sample, stop)
        trial.ends.append(dict(child.breakdown()[seat]) if child.is_over() else None)
        points, lead, versus = _score_and_lead(child, seat, estimate)
        trial.versus = versus if trial.versus is None else trial.versus
        trial.points.append(points)
        trial.leads.append(lead)
    if any(lead is None for lead in trial.leads):      # a margin some futures cannot tell is not averaged
        trial.leads, trial.versus = [0.0] * len(trial.leads), None
    return trial if trial.points else None


def _shortlist(sample: State, legal: list, seat: int, pick: Hashable, size: int) -> list:
    """The moves worth playing out: all of them when there are few, else the agent's own choice and the
    best by the game's quick evaluation one move ahead (on a sampled copy), in the order of `legal`."""
    if len(legal) <= size:
        return legal
    rated = []
    for i, a in enumerate(legal):
        child = sample.clone()
        try:
            child.apply(a)
        except IllegalAction:
            continue
        rated.append((-float(child.evaluate(seat)), i))
    keep = {i for _, i in sorted(rated)[:size - 1]}
    keep |= {i for i, a in enumerate(legal) if a == pick and type(a) is type(pick)}
    return [a for i, a in enumerate(legal) if i in keep]


def _tells_apart(best: _Trial, other: _Trial) -> bool:
    """Is `best` ahead of `other` by more than twice the standard error of their paired difference
    (the same sampled futures behind both)?"""
    diffs = [a - b for a, b in zip(best.points, other.points)]
    if len(diffs) < 2:
        return False
    return mean(diffs) > 2 * stdev(diffs) / len(diffs) ** 0.5


def _same_everywhere(lines: list[list[str]]) -> list[str]:
    """The lines every sample gave (in the first sample's order)."""
    rest = [set(x) for x in lines[1:]]
    return [line for line in lines[0] if all(line in r for r in rest)]


def _agreed(lines: list[list[str]]) -> list[str]:
    """What every sample said alike: the whole list when they all agree, else the lines they share."""
    return lines[0] if all(x == lines[0] for x in lines[1:]) else _same_everywhere(lines)


def _sentence(text: str) -> str:
    """A game's sentence as one reason of a hint (reasons are joined by "; ")."""
    return text.strip().rstrip(".")


def _allowed(state: State, trial: _Trial, seat: int) -> list[str]:
    """The rule that allows the move, with the position's numbers as the seat knows them: the first
    sentence of the game's why() (the explanation explain_move gives), and when that one does not cite the
    move's own section (the game's section()), the next that does, else the next that cites any; each
    only as every sampled copy tells it. Without a why(), the move's section with the summary the game's
    RULES give it."""
    ex = game_explainer(state)
    why, of = getattr(ex, "why", None), getattr(ex, "section", None)
    hook = getattr(type(state), "why_legal", None)      # a game without an explain module's why()

    def said(b: State) -> list[str]:
        lines = [x for x in (why(b, trial.action, seat) or []) if x] if callable(why) else []
        return lines + ([x for x in [hook(b, trial.action)] if x] if callable(hook) else [])
    told = _agreed([said(b) for b in trial.befores])
    sections = {of(b, trial.action) if callable(of) else "" for b in trial.befores}
    own = sections.pop() if len(sections) == 1 else ""
    out = [_sentence(x) for x in told[:1]]
    if out and not (own and own in out[0]):      # a first sentence about something else (a trip's fuel)
        cites = [x for x in told[1:] if own and own in x] or [x for x in told[1:] if "\u203a" in x]
        out += [_sentence(x) for x in cites[:1]]
        if own and not any("\u203a" in x for x in out):
            out[0] += f" ({own})"
    if not out and own:
        covers = (getattr(type(state), "RULES", {}) or {}).get(own)
        out.append(f"{covers} ({own})" if covers else f"a move of {own}")
    return out


def _counted(state: State, trial: _Trial, seat: int, most: int = 4) -> list[str]:
    """The counts the game names (its explain module's counts(), as the seat may know them) that the
    move changes alike in every sampled copy, the seat's own first: "your credits −3, your fuel −2,
    Player 2's credits +2" (at most `most` of them)."""
    counts = getattr(game_explainer(state), "counts", None)
    if not callable(counts):
        return []
    said: list[list[str]] = []
    for before, after in zip(trial.befores, trial.firsts):
        old, new = counts(before, seat), counts(after, seat)
        moved = [(who, label, new.get((who, label), 0) - old.get((who, label), 0))
                 for who, label in [*old, *[k for k in new if k not in old]]]
        moved = sorted((m for m in moved if m[2]), key=lambda m: (m[0] != seat, m[0] is None, m[0] or 0))
        said.append([f"{'your ' if who == seat else '' if who is None else player(who) + chr(39) + 's '}"
                     f"{label} {signed(d)}" for who, label, d in moved])
    parts = _agreed(said)
    return [", ".join(parts[:most])] if parts else []


def _facts(state: State, trial: _Trial, seat: int) -> list[str]:
    """What the move does for sure: the same in every sampled copy right when it is made (points the
    seat may see, the counts the game names, events it caused that the seat may read), after the rule
    that allows it (_allowed)."""
    scored: list[list[str]] = []
    logged: list[list[str]] = []
    echoed = set(str(trial.action).lower().split())
    for before, child in zip(trial.befores, trial.firsts):
        was, now = before.visible_breakdown(seat)[seat], child.visible_breakdown(seat)[seat]
        deltas = {c: now.get(c, 0) - was.get(c, 0) for c in now
                  if now.get(c) is not None and was.get(c) is not None and now.get(c) != was.get(c)}
        scored.append([", ".join(f"{words(c)} {signed(d)}" for c, d in deltas.items())] if deltas else [])
        lines = []
        for e in new_events(before, child):
            said = set(e.text.lower().split())
            if e.seat in (seat, None) and len(said & echoed) < 0.6 * len(said):   # not the move restated
                lines.append(e.text + (f" ({e.rule})" if e.rule else ""))
        logged.append(lines)
    allowed = _allowed(state, trial, seat)
    out = allowed + [f"scores {s} now" for s in _same_everywhere(scored)]
    out += _counted(state, trial, seat)
    out += _same_everywhere(logged)[:2 if allowed else 3]
    hook = getattr(type(state), "hint_reasons", None)
    if callable(hook):
        out += [r for r in (hook(state, trial.action) or []) if r]
    return out


def _apart(state: State, best: _Trial, other: _Trial, seat: int) -> str:
    """What sets the best move apart from the next best found: the difference in the seat's average
    points over the same sampled futures, and where every future of both reached the end, the scoring
    category that makes most of it."""
    ex = game_explainer(state)
    label = getattr(ex, "label", None)
    name = label(state, other.action, seat) if callable(label) else str(other.action)
    gap = mean(best.points) - mean(other.points)
    if gap < 0.05:
        return f"as good as {name}, the next best move found, on average"
    text = (f"{_count(gap)} more than {name}, the next best move found, on average"
            + ("" if _tells_apart(best, other) else ", within chance"))
    if all(e is not None for e in best.ends + other.ends) and len(best.ends) == len(other.ends):
        cats = {c for e in best.ends + other.ends for c in e}
        diff = {c: mean(e.get(c, 0) for e in best.ends) - mean(e.get(c, 0) for e in other.ends) for c in cats}
        top = max(sorted(diff), key=lambda c: diff[c])
        if diff[top] >= 0.5:
            text += f", most of it {words(top)} ({signed(round(diff[top], 1))})"
    return text


def hint(state: State, k: int = 3, agent: Any = None, seed: int = 0, horizon: int | None = None,
         playouts: int | None = None) -> list[Hint]:
    """Up to `k` hints for the seat to move, the highest expected score first. Empty once the game is
    over; `state` is not changed.

    Every legal move is tried on `playouts` determinized copies of the position (default SAMPLES, or the
    game's HINT_SAMPLES), each a fresh sample of what the seat cannot see and of the chance to come;
    then `hint_agent` plays every seat to the end of the game, or for `horizon` actions when given (by
    default as far as BUDGET actions in all allow, the same depth for every move). With more than
    max(k + 3, SHORTLIST) legal moves only a shortlist is played out: the agent's own choice and the
    best by the game's quick evaluation one move ahead."""
    if not isinstance(state, State):
        raise ConfigError(f"hint() needs a game (a State), not {excerpt(state)}")
    number_param("hint()", "k", k, 1, whole=True)
    for name, value in (("horizon", horizon), ("playouts", playouts)):
        number_param("hint()", name, value, 1, whole=True, none=True)
    seat = state.current_player
    if seat is None or state.is_over():
        return []
    legal = state.legal_actions()
    bot = hint_agent(state, agent, seed)
    name = _agent_name(bot)
    who = FOLLOWED if agent is None else f"the {name} agent"     # an agent the caller chose, by its name
    n = max(1, playouts if playouts is not None else _setting(state, "HINT_SAMPLES", SAMPLES))
    samples = [state.determinize(seat, Rng(seed + 1000 * i + 1)) for i in range(n)]
    if horizon is None and getattr(game_explainer(state), "HINT_HORIZON", None) is not None:
        horizon = max(1, _setting(state, "HINT_HORIZON", 1))
    if horizon is None:
        horizon = max(1, _setting(state, "HINT_BUDGET", BUDGET) // (min(len(legal), max(k + 3, SHORTLIST)) * n))
    estimate = getattr(game_explainer(state), "hint_estimate", None)
    estimate = estimate if callable(estimate) else None
    stop = getattr(game_explainer(state), "hint_stop", None)
    stop = stop if callable(stop) else None
    cut = str(getattr(game_explainer(state), "HINT_CUT", "")) if stop is not None else ""
    bot.reseed(seed)
    pick = bot.choose(samples[0].clone())        # the agent's own choice, made without the real position
    candidates = _shortlist(samples[0], legal, seat, pick, max(k + 3, SHORTLIST))
    trials = [t for t in (_try(samples, a, seat, bot, horizon, seed, estimate, stop) for a in candidates)
              if t is not None]
    rank_of = {id(a): i for i, a in enumerate(legal)}        # ties keep the order of legal_actions()

    def is_pick(a: Hashable) -> bool:
        return a == pick and type(a) is type(pick)

    trials.sort(key=lambda t: (-mean(t.points), -mean(t.leads), not is_pick(t.action), rank_of[id(t.action)]))
    first = getattr(game_explainer(state), "HINT_PICK_FIRST", False)
    if first:
        # the agent's own choice, from a search deeper than the futures, leads: always, or unless they
        # tell a move apart from it beyond chance
        mine = [t for t in trials if is_pick(t.action)]
        if mine and (first == "always" or not _tells_apart(trials[0], mine[0])):
            trials.remove(mine[0])
            trials.insert(0, mine[0])
    best = mean(trials[0].points) if trials else 0.0
    rates = getattr(game_explainer(state), "solo_standing", None)
    hints = []
    for rank, t in enumerate(trials[:k], start=1):
        reasons = []
        if len(legal) == 1:
            reasons.append("the only legal move here")
        reasons += _facts(state, t, seat)
        value = mean(t.points)
        if rank > 1 and best - value >= 0.05:
            reasons.append(f"{_count(best - value)} below the best move found, on average"
                           + ("" if _tells_apart(trials[0], t) else ", within chance"))
        elif rank > 1 and value - best >= 0.05:       # HINT_PICK_FIRST kept the agent's choice first
            reasons.append(f"{_count(value - best)} above the first hint on average"
                           + ("" if _tells_apart(t, trials[0]) else ", within chance")
                           + f" (the first is what {who} would play)")
        if rank == 1 and len(trials) > 1 and mean(trials[1].points) - value < 0.05:
            reasons.append(_apart(state, t, trials[1], seat))   # else the second says it is ahead
        if is_pick(t.action):
            reasons.append(f"{who} would play this")
        if rank == 1:
            reasons.append(f"futures re-deal what you cannot see; {who} plays every seat in them")
        standing = rates(value) if t.versus is None and callable(rates) else ""
        hints.append(Hint(t.action, value, reasons, rank, is_pick(t.action), min(t.points), max(t.points),
                          mean(t.leads), len(t.points), t.to_end, horizon, t.versus, standing, name,
                          estimate is not None and not t.to_end, cut))
    return hints


__all__ = ["BUDGET", "FOLLOWED", "SAMPLES", "Hint", "hint", "hint_agent", "strong_agent"]
