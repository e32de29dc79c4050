"""What a copy shares and what a viewer reads, for every registered game (issue: secrets stay secret)."""
from __future__ import annotations

import json
import random
import re

import pytest

import neko_lab as nl
from neko_lab.core import EVERYTHING, PUBLIC, Event

GAMES = sorted(nl.GAMES)


def _played(game: str, steps: int = 30):
    s = nl.new_game(game, seed=3)
    rng = random.Random(3)
    for _ in range(steps):
        if s.is_over():
            break
        s.apply(rng.choice(s.legal_actions()))
    return s


@pytest.mark.parametrize("game", GAMES)
def test_changing_an_option_on_a_clone_cannot_break_the_original_save(game):
    s = _played(game)
    save = s.to_json()
    copy = s.clone()
    name = next(iter(copy.options), None)
    if name is None:
        pytest.skip("a game without options")
    with pytest.raises(TypeError):
        copy.options[name] = "something else"
    with pytest.raises(TypeError):
        copy.options.update({name: 1})
    assert s.to_json() == save and nl.from_json(save).to_json() == save
    assert json.loads(json.dumps(copy.options)) == dict(s.options)      # still reads as a dict


@pytest.mark.parametrize("game", GAMES)
def test_event_data_of_a_clone_cannot_be_changed_and_reach_the_original(game):
    s = _played(game)
    copy = s.clone()
    with_data = [e for e in copy.log if e.data]
    assert with_data, "no event with data to check"
    before = [dict(e.data) for e in s.log]
    for e in with_data:
        with pytest.raises(TypeError):
            e.data["seat"] = 99
        for v in e.data.values():
            assert not isinstance(v, (list, dict, set)) or isinstance(v, nl.core.FrozenDict)
    assert [dict(e.data) for e in s.log] == before


def test_a_covered_event_reads_as_its_cover_to_the_other_seats():
    e = Event("picks a 5", "Toy › Draft", 1, {"die": 5}, cover="picks a die")
    assert e.shown_to(1) is e and e.shown_to(EVERYTHING) is e
    other = e.shown_to(0)
    assert other.text == "picks a die" and other.data == {} and other.seat == 1
    assert e.shown_to(PUBLIC).text == "picks a die"
    quiet = Event("draws 3", "Toy › Draw", 1, cover="")
    assert nl.core.shown_log([quiet, e], 0) == [other]


@pytest.mark.parametrize("game", GAMES)
def test_a_snapshot_keeps_covers_and_read_only_data(game):
    s = _played(game, 12)
    loaded = nl.from_json(s.to_json(snapshot=True), trust=True)
    assert loaded.log == s.log and type(loaded.options) is type(s.options)


# ---------------------------------------------------------------- nothing reachable is shared mutably
_ATOMS = (int, float, complex, str, bytes, bool, type(None), range, type)


def _read_only(obj) -> bool:
    """Values a change cannot be made to in place: tuples, frozensets, FrozenDicts, frozen dataclasses
    and classes that refuse attribute changes (Pending); their contents are looked into all the same."""
    t = type(obj)
    if isinstance(obj, (tuple, frozenset, nl.core.FrozenDict)):
        return True
    params = getattr(t, "__dataclass_params__", None)
    if params is not None:
        return params.frozen
    return t.__setattr__ is not object.__setattr__


def _parts(obj, path: str, out: dict, seen: set) -> None:
    """id -> (path, object) of every object reachable from `obj` through public names that could be
    changed in place (the log's shared chain of events is private: appending to a copy's log never
    reaches another copy)."""
    if isinstance(obj, _ATOMS) or callable(obj) and not hasattr(obj, "__dict__") or id(obj) in seen:
        return
    seen.add(id(obj))
    if not _read_only(obj):
        out[id(obj)] = (path, obj)
    if isinstance(obj, dict):
        for k, v in obj.items():
            _parts(v, f"{path}[{k!r}]", out, seen)
    elif isinstance(obj, (list, tuple, set, frozenset)):
        for i, v in enumerate(obj):
            _parts(v, f"{path}[{i}]", out, seen)
    else:
        names = list(getattr(obj, "__dict__", ()))
        for klass in type(obj).__mro__:
            slots = klass.__dict__.get("__slots__", ())
            names += [slots] if isinstance(slots, str) else list(slots)
        for name in names:             # public names only: a private part is the class's own business
            if not name.startswith("_") and hasattr(obj, name):
                _parts(getattr(obj, name), f"{path}.{name}", out, seen)


def _public(state) -> dict:
    return {k: v for k, v in vars(state).items() if not k.startswith("_")}


@pytest.mark.parametrize("game", GAMES)
def test_nothing_a_clone_holds_is_shared_mutably_with_the_original(game):
    """Pending decisions and their data, choice lists, boards, decks, bids, oceans ...: every object a
    clone's public attributes reach that could be changed in place is the clone's own."""
    cls = nl.game_class(game)
    shared: dict[str, str] = {}
    for players in range(max(2, cls.MIN_PLAYERS), cls.MAX_PLAYERS + 1):
        for seed in range(2):
            s = nl.new_game(game, players=players, seed=seed)
            rng = random.Random(seed)
            step = 0
            while not s.is_over():
                if step % 7 == 0:
                    s.legal_actions()
                    copy = s.clone()
                    copy.legal_actions()
                    mine, theirs = {}, {}
                    _parts(_public(s), "state", mine, set())
                    _parts(_public(copy), "state", theirs, set())
                    for key in theirs.keys() & mine.keys():
                        path = theirs[key][0]
                        shared.setdefault(re.sub(r"\[\d+\]", "[i]", path), path)
                s.apply(rng.choice(s.legal_actions()))
                step += 1
    assert not shared, f"{game}: a clone shares these with the original: {sorted(shared)[:12]}"


@pytest.mark.parametrize("game", GAMES)
def test_a_pending_decision_of_a_clone_cannot_be_changed(game):
    s = _played(game, 9)
    copy = s.clone()
    top = copy.pending[-1]
    before = (top.kind, top.seat, top.data)
    for name, value in (("seat", 99), ("data", [1, 2]), ("kind", "other")):
        with pytest.raises(AttributeError):
            setattr(top, name, value)
    data = [p.data for p in s.pending]
    assert all(not isinstance(d, (list, dict, set)) or isinstance(d, nl.core.FrozenDict) for d in data)
    assert (s.pending[-1].kind, s.pending[-1].seat, s.pending[-1].data) == before
    assert s.legal_actions() == copy.legal_actions()


def _refusals(s, attempts, reader=None) -> list[str]:
    out = []
    for a in attempts:
        try:
            out.append(s.why_illegal(a, seat=reader))
        except Exception as exc:        # a refusal must never fail
            raise AssertionError(f"why_illegal({a!r}) failed: {exc!r}")
    return out


@pytest.mark.parametrize("game", ["journey", "naeco", "neptune", "syndicate"])
def test_a_refusal_tells_nothing_a_spectator_may_not_know(game):
    """A refusal is read by whoever asked: in a copy re-dealt for another seat (what the spectator knows
    is the same there: the other seat knows at least as much) it reads the same, so it names none of the
    deciding seat's hidden choices (a hand's cards, cards drawn, a walk out of sight)."""
    from neko_lab.agents import make_agent
    from neko_lab.core import Rng
    s = nl.new_game(game, players=2, seed=5)
    agents = [make_agent(game, game, seed=5 + i) for i in range(2)]
    checked = 0
    for step in range(90):
        if s.is_over():
            break
        if step % 3 == 0:
            other = 1 - s.current_player
            copies = [s.determinize(other, Rng(r)) for r in range(2)]
            # what the deciding seat holds or may choose here and in the copies, as actions and as plain
            # tuples: asked about any of them, the spectator and the other seat are told the same
            tried = [a for t in [s, *copies] for a in t.legal_actions()[:6]]
            attempts = ["nonsense", ("not", "an", "action"), *tried, *map(tuple, tried)]
            for reader in (None, other):
                said = _refusals(s, attempts, reader)
                for copy in copies:
                    assert _refusals(copy, attempts, reader) == said, \
                        f"step {step}, told to {reader}, a copy for Player {other + 1}"
                    checked += 1
        s.apply(agents[s.current_player](s))
    assert checked


@pytest.mark.parametrize("game", ["toy", "neptune"])
def test_a_refusal_told_to_the_seat_deciding_lists_its_own_choices_and_to_others_none(game):
    """The seat deciding knows its own choices (its board lists them): told to it, a refusal lists them;
    told to the other seat or the spectator (the default), it says only whose decision it is."""
    s = nl.new_game(game, players=2, seed=5)
    seat = s.current_player
    shown = [str(a) for a in s.legal_actions()[:2]]
    own = s.why_illegal("nonsense", seat=seat)
    assert f"Player {seat + 1} must choose one of: " in own and all(a in own for a in shown), own
    for reader in (None, 1 - seat):
        text = s.why_illegal("nonsense", seat=reader)
        assert f"Player {seat + 1} must choose, among choices not everyone may know" in text
        assert not any(a in text for a in shown), text
