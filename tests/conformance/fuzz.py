"""Fuzzers of the State contract, run on every registered game by test_integrity.py.

- forged actions: a plain tuple equal to a legal action, an object that only compares equal, an
  instance of a subclass of the action's class: each must be refused with IllegalAction;
- malformed actions: legal actions with one field replaced by a value of the wrong type, None or
  a huge number: IllegalAction with a readable reason;
- save edits: random edits of a save's history with the checksum recomputed: either a SaveError
  naming the step, or a game that plays on to the end with its invariants kept;
- snapshot edits: one field of a trusted snapshot edited (a number, a list's length, an entry): either
  a SaveError as it loads, or a game that plays on to the end;
- determinized futures: a determinized copy must not hold the real game's generator.

Each fuzzer returns a Report (cases tried, failures). `python -m tests.conformance.fuzz [--nightly]`
prints the table for every game.
"""
from __future__ import annotations

import dataclasses
import json
import random
import sys
from typing import Any, Callable, Iterator

import neko_lab as nl
from neko_lab.core import IllegalAction, Rng, SaveError
from neko_lab.core.history import checksum

try:
    from statecheck import fields
except ImportError:         # run as `python -m tests.conformance.fuzz`: tests/ is not on the path
    from tests.statecheck import fields

QUICK, NIGHTLY = 1, 10          # size factors
MAX_REASON = 600                # a reason longer than this is not readable


@dataclasses.dataclass
class Report:
    name: str
    tried: int = 0
    failures: list[str] = dataclasses.field(default_factory=list)
    outcomes: dict[str, int] = dataclasses.field(default_factory=dict)

    def fail(self, text: str) -> None:
        if len(self.failures) < 50:
            self.failures.append(text[:300])
        else:
            self.failures.append("...")


def play_random(state, rng: random.Random, limit: int = 50_000) -> list:
    taken = []
    while not state.is_over() and len(taken) < limit:
        a = rng.choice(state.legal_actions())
        state.apply(a)
        taken.append(a)
    return taken


def positions(game: str, players: int, games: int, per_game: int, seed: int = 0) -> Iterator[Any]:
    """Copies of positions spread through seeded random games (game over excluded)."""
    for g in range(games):
        s = nl.new_game(game, players=players, seed=seed + g)
        actions = play_random(s.clone(), random.Random(seed + g))
        marks = {len(actions) * k // per_game for k in range(per_game)}
        for i, a in enumerate(actions):
            if i in marks:
                yield s.clone()
            s.apply(a)


# ---------------------------------------------------------------- refusals
class Lookalike:
    """Compares equal to one action (and hashes like it) without being it."""

    def __init__(self, like: Any):
        self.like = like

    def __eq__(self, other: Any) -> bool:
        return True

    def __hash__(self) -> int:
        return hash(self.like)

    def __repr__(self) -> str:
        return f"Lookalike({self.like!r})"


def forged(action: Any) -> list:
    out: list = [Lookalike(action)]
    if isinstance(action, tuple) and type(action) is not tuple:
        out.append(tuple(action))
        try:
            sub = type("Sub" + type(action).__name__, (type(action),), {"__slots__": ()})
            out.append(sub(*action))
        except TypeError:
            pass
    return out


WEIRD: tuple = (None, "", "x", "1", -1, 0, 10 ** 18, 2 ** 80, -(2 ** 80), 1.5, float("nan"), True,
                (), (1, 2), (None,), [], {}, frozenset({1}), "\u0663", b"bytes", object())


def malformed(action: Any, rng: random.Random, count: int) -> list:
    """Copies of `action` with one field (or all of them) set to a value of the wrong kind."""
    if isinstance(action, tuple) and hasattr(action, "_fields"):
        names = list(action._fields)
        make: Callable = lambda **kw: action._replace(**kw)       # noqa: E731
        whole = lambda v: type(action)(*[v] * len(names))          # noqa: E731
    elif dataclasses.is_dataclass(action):
        names = [f.name for f in dataclasses.fields(action)]
        make = lambda **kw: dataclasses.replace(action, **kw)      # noqa: E731
        whole = lambda v: dataclasses.replace(action, **{n: v for n in names})  # noqa: E731
    else:
        return [rng.choice(WEIRD) for _ in range(count)]
    out = []
    for _ in range(count):
        value = rng.choice(WEIRD)
        if not names or rng.random() < 0.15:
            out.append(whole(value))
        else:
            out.append(make(**{rng.choice(names): value}))
    return out


def _is_legal(action: Any, legal: list) -> bool:
    """True when `action` is one of `legal` (same class, equal): a malformed copy can land on one."""
    for a in legal:
        try:
            if type(a) is type(action) and a == action:
                return True
        except Exception:
            pass
    return False


def check_refused(state, action: Any, report: Report) -> None:
    report.tried += 1
    try:
        state.apply(action)
    except IllegalAction as exc:
        reason = str(exc)
        if not reason or len(reason) > MAX_REASON or "Traceback" in reason:
            report.fail(f"{_shown(action)}: unreadable reason {reason[:120]!r}")
    except Exception as exc:
        report.fail(f"{_shown(action)}: {type(exc).__name__} instead of IllegalAction: {exc}")
    else:
        report.fail(f"{_shown(action)} was accepted")


def _shown(action: Any) -> str:
    try:
        return f"{type(action).__name__} {action!r}"[:120]
    except Exception:
        return type(action).__name__


def refusals(game: str, players: int, size: int, kind: str) -> Report:
    """`kind` "forged" or "malformed": refused with IllegalAction, the state unchanged."""
    report = Report(f"{kind} actions")
    rng = random.Random(players * 101 + len(game))
    for state in positions(game, players, games=2 * size, per_game=6, seed=500):
        legal = state.legal_actions()
        sample = rng.sample(legal, min(len(legal), 4))
        cases = [c for a in sample for c in (forged(a) if kind == "forged" else malformed(a, rng, 6))
                 if not _is_legal(c, legal)]
        before = fields(state)
        for action in cases:
            check_refused(state, action, report)
        if fields(state) != before:
            for action in cases:      # find the case that changed it
                probe = state.clone()
                snap = fields(probe)
                try:
                    probe.apply(action)
                except Exception:
                    pass
                if fields(probe) != snap:
                    report.fail(f"refusing {_shown(action)} changed the state")
                    break
            else:
                report.fail("refusing one of the cases changed the state")
            break
        if state.legal_actions() != legal:
            report.fail("legal_actions() changed after refusals")
    return report


# ---------------------------------------------------------------- save edits
def resign(doc: dict) -> str:
    body = {k: v for k, v in doc.items() if k != "checksum"}
    return json.dumps({**body, "checksum": checksum(body)})


def edit(doc: dict, rng: random.Random) -> tuple[str, dict]:
    """One random edit of a save's history: (what was done, the edited document)."""
    doc = json.loads(json.dumps(doc))
    steps = doc["actions"]
    n = len(steps)
    i = rng.randrange(n)
    kind = rng.choice(["delete", "duplicate", "swap", "replace", "field", "field", "field",
                       "truncate", "class", "seed"])
    if kind == "delete":
        del steps[i]
    elif kind == "duplicate":
        steps.insert(i, steps[i])
    elif kind == "swap":
        j = rng.randrange(n)
        steps[i], steps[j] = steps[j], steps[i]
    elif kind == "replace":
        steps[i] = steps[rng.randrange(n)]
    elif kind == "truncate":
        del steps[i:]
    elif kind == "class" and isinstance(steps[i], list) and steps[i]:
        steps[i][0] = rng.randrange(len(doc["classes"]) + 1)
    elif kind == "seed":
        doc["seed"] = rng.randrange(2 ** 20)
    elif isinstance(steps[i], list) and len(steps[i]) > 1:
        k = rng.randrange(1, len(steps[i]))
        old = steps[i][k]
        donors = [s[k] for s in steps if isinstance(s, list) and len(s) > k]
        steps[i][k] = rng.choice([
            old + 1 if isinstance(old, int) else 1, old - 1 if isinstance(old, int) else -1,
            rng.choice(donors), None, "x", rng.randrange(-5, 60), not old, [old], {"~t": [old]}])
    return f"{kind} at step {i + 1}", doc


def save_edits(game: str, players: int, size: int) -> Report:
    report = Report("save edits")
    rng = random.Random(players * 7 + len(game))
    counts = report.outcomes
    counts.update(refused=0, loaded=0)
    for g in range(2 * size):
        s = nl.new_game(game, players=players, seed=900 + g)
        play_random(s, random.Random(900 + g))
        doc = json.loads(s.to_json())
        if not doc["actions"]:
            continue
        for _ in range(15):
            what, edited = edit(doc, rng)
            report.tried += 1
            try:
                loaded = nl.from_json(resign(edited))
            except SaveError as exc:
                counts["refused"] += 1
                msg = str(exc)
                if what.startswith("seed"):
                    ok = msg.startswith("step ") or "settings" in msg
                else:
                    ok = msg.startswith("step ")
                if not ok or len(msg) > MAX_REASON:
                    report.fail(f"{what}: refused without naming the step: {msg[:150]}")
                continue
            except Exception as exc:
                report.fail(f"{what}: {type(exc).__name__} instead of SaveError: {exc}")
                continue
            counts["loaded"] += 1
            try:
                loaded.check_invariants()
                play_random(loaded, random.Random(g))
                loaded.check_invariants()
                assert loaded.is_over() and len(loaded.scores()) == players
            except Exception as exc:
                report.fail(f"{what}: loaded, then {type(exc).__name__} in play: {exc}")
    return report


# ---------------------------------------------------------------- snapshot edits
def field_edits(value: Any) -> Iterator[Any]:
    """Edits of one snapshot field as encoded: a flag flipped; a number one more, -1 or huge; a list
    (or an encoded tuple) one entry short or long, its first entry -1, its first inner list one short
    or long."""
    if isinstance(value, bool):
        yield not value
    elif isinstance(value, int):
        yield from (value + 1, -1, 10 ** 9)
    elif isinstance(value, dict) and list(value) == ["~t"]:
        for alt in field_edits(value["~t"]):
            yield {"~t": alt}
    elif isinstance(value, list) and value:
        yield value[:-1]
        yield value + value[-1:]
        first = value[0]
        if isinstance(first, int) and not isinstance(first, bool):
            yield [-1] + value[1:]
        inner = first["~t"] if isinstance(first, dict) and list(first) == ["~t"] else first
        if isinstance(inner, list) and inner:
            wrap = (lambda x: {"~t": x}) if inner is not first else (lambda x: x)      # noqa: E731
            yield [wrap(inner[:-1])] + value[1:]
            yield [wrap(inner + inner[-1:])] + value[1:]


def snapshot_edits(game: str, players: int, size: int) -> Report:
    """A trusted snapshot with one field edited: a SaveError as it loads, or a game that plays on to
    the end (pictures, scores and saves included) without an error."""
    report = Report("snapshot edits")
    counts = report.outcomes
    counts.update(refused=0, loaded=0)
    states = list(positions(game, players, games=size, per_game=1 + size, seed=300))
    end = nl.new_game(game, players=players, seed=301)
    play_random(end, random.Random(301))
    for state in states + [end]:
        doc = json.loads(state.to_json(snapshot=True))
        for key, value in doc["state"].items():
            if key.startswith("_"):
                continue
            for alt in field_edits(value):
                what = f"step {state.steps}, {key} = {json.dumps(alt)[:60]}"
                report.tried += 1
                try:
                    loaded = nl.from_json(resign({**doc, "state": {**doc["state"], key: alt}}), trust=True)
                except SaveError as exc:
                    counts["refused"] += 1
                    if not str(exc).startswith("corrupted snapshot: ") or len(str(exc)) > MAX_REASON:
                        report.fail(f"{what}: refused without saying so: {str(exc)[:150]}")
                    continue
                except Exception as exc:
                    report.fail(f"{what}: {type(exc).__name__} instead of SaveError: {exc}")
                    continue
                counts["loaded"] += 1
                try:
                    repr(loaded)
                    loaded.picture(viewer=0)
                    loaded.scores()
                    play_random(loaded, random.Random(1), limit=5000)
                    loaded.scores()
                    loaded.to_json(snapshot=True)
                except Exception as exc:
                    report.fail(f"{what}: loaded, then {type(exc).__name__}: {exc}")
    return report


# ---------------------------------------------------------------- determinized futures
def generators(state) -> dict[str, Rng]:
    return {k: v for k, v in state.__dict__.items() if isinstance(v, Rng)}


def determinized_futures(game: str, players: int, size: int) -> Report:
    """A determinized copy draws its future from the rng it is given: none of its generators may be
    the real game's, and copies made with different rngs must not share a future either."""
    report = Report("determinized futures")
    for state in positions(game, players, games=size, per_game=5, seed=700):
        real = {k: _next(v) for k, v in generators(state).items()}
        seat = state.current_player
        futures, failed = [], False
        for k in range(3):
            report.tried += 1
            copy = state.determinize(seat, Rng(4242 + k))
            mine = {name: _next(v) for name, v in generators(copy).items()}
            same = [name for name in real if mine.get(name) == real[name]]
            if same:
                failed = True
                report.fail(f"step {state.steps}, seat {seat}: the copy's {', '.join(same)} draws the "
                            f"real game's next numbers")
            futures.append(tuple(sorted(mine.items())))
        if not failed and len(set(futures)) < len(futures):
            report.fail(f"step {state.steps}: copies made with different rngs share one future")
    return report


def _next(rng: Rng, n: int = 4) -> tuple[int, ...]:
    r = rng.copy()
    return tuple(r.next64() for _ in range(n))


FUZZERS = {"forged": lambda g, p, n: refusals(g, p, n, "forged"),
           "malformed": lambda g, p, n: refusals(g, p, n, "malformed"),
           "save_edits": save_edits, "snapshot_edits": snapshot_edits, "futures": determinized_futures}


def main(argv: list[str]) -> None:
    size = NIGHTLY if "--nightly" in argv else QUICK
    games = [a for a in argv if not a.startswith("--")] or sorted(nl.GAMES)
    print(f"{'game':<9}{'fuzzer':<50}{'tried':>7}{'failed':>8}")
    for game in games:
        cls = nl.GAMES[game]
        for name, fuzz in FUZZERS.items():
            tried, failed, first, outcomes = 0, 0, "", {}
            for players in range(cls.MIN_PLAYERS, cls.MAX_PLAYERS + 1):
                rep = fuzz(game, players, size)
                tried += rep.tried
                failed += len(rep.failures)
                first = first or (rep.failures[0] if rep.failures else "")
                for k, v in rep.outcomes.items():
                    outcomes[k] = outcomes.get(k, 0) + v
            label = rep.name + "".join(f", {v} {k}" for k, v in outcomes.items())
            print(f"{game:<9}{label:<50}{tried:>7}{failed:>8}")
            if first:
                print(f"         first failure: {first[:160]}")


if __name__ == "__main__":
    sys.path.insert(0, "tests")
    import toygame  # noqa: F401
    main(sys.argv[1:])
