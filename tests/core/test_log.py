"""A state's log: read like a list, shared by copies, each event's text written when first read."""
from __future__ import annotations

import pickle
import random

import pytest

import neko_lab as nl
from neko_lab.core.events import Event, Later, Log, joined
from neko_lab.core.frozen import FrozenDict


class Counted:
    """A value that counts how often it is written into a sentence."""

    def __init__(self) -> None:
        self.written = 0

    def __format__(self, spec: str) -> str:
        self.written += 1
        return "a counted value"


def _played(name: str, seed: int, players: int | None = None) -> nl.State:
    s = nl.new_game(name, players=players or nl.game_class(name).DEFAULT_PLAYERS, seed=seed)
    rng = random.Random(seed)
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions()))
    return s


def test_the_log_reads_like_a_list_of_events():
    s = _played("naeco", 3)
    events = list(s.log)
    assert len(s.log) == len(events) > 10 and all(isinstance(e, Event) for e in events)
    assert s.log[0] == events[0] and s.log[-1] == events[-1] and s.log[5] == events[5]
    assert s.log[3:9] == events[3:9] and s.log[-4:] == events[-4:] and s.log[::2] == events[::2]
    assert s.log[len(events):] == [] and list(reversed(s.log)) == events[::-1]
    assert s.log == events and events[2] in s.log and s.log.index(events[2]) == 2
    with pytest.raises(IndexError):
        s.log[len(events)]


def test_a_template_is_filled_in_when_the_event_is_first_read():
    s = nl.new_game("naeco", players=2, seed=1)
    value = Counted()
    s.emit("sees {} in pile {}", "Naéco › Gameplay", 0, value, 3, pile=2)
    copy = s.clone()
    assert value.written == 0                      # logging and copying write no sentence
    assert s.log[-1].text == "sees a counted value in pile 3"
    assert copy.log[-1].text == "sees a counted value in pile 3" and str(s.log[-1]).startswith("[Player 1] ")
    assert value.written == 1                      # written once, for the original and its copies
    assert s.log[-1].data == {"pile": 2} and type(s.log[-1].data) is FrozenDict


def _unread(log: Log) -> int:
    link, unread = log._head, 0
    while link is not None:
        unread += type(link[0]) is tuple
        link = link[1]
    return unread


@pytest.mark.parametrize("name", ["naeco", "journey", "neptune", "syndicate"])
def test_a_random_game_that_nobody_reads_writes_no_sentence(name):
    """Not even Syndicate's reveals at Kumichō's meeting, which tell every seat's hidden walk of the
    turn: they join those texts only when someone reads them."""
    cls = nl.game_class(name)
    for players in range(cls.MIN_PLAYERS, cls.MAX_PLAYERS + 1):
        s = _played(name, 5, players)
        assert _unread(s.log) == len(s.log)
        assert all(e.text and "{" not in e.text for e in s.log)
        assert _unread(s.log) == 0


def test_a_joined_value_writes_the_texts_of_covered_events_when_read():
    s = nl.new_game("naeco", players=3, seed=1)
    start = len(s.log)
    value = Counted()
    s.emit_secret("turn 2: walks to {}", "walks", "x", 0, value, step=1)
    s.emit("everyone sees this", "x", 1)
    s.emit_secret("turn 2: waits", "", "x", 1)
    s.emit_secret("turn 2: runs", "runs", "x", 0, quiet=True)
    hidden = s.log.covered_since(start)
    assert [(seat, dict(data)) for seat, data, _ in hidden] == [(0, {"step": 1}), (1, {}),
                                                                 (0, {"quiet": True})]
    told = [handle for seat, data, handle in hidden if seat == 0 and not data.get("quiet")]
    s.emit("Player 1, shown to all: {}", "x", 0, joined(told, "turn 2: "))
    assert value.written == 0                      # nothing written yet
    assert s.log[-1].text == "Player 1, shown to all: walks to a counted value" and value.written == 1
    assert s.log[start].text == "turn 2: walks to a counted value" and value.written == 1
    # a search copy for Player 2 (seat 1) sees Player 1's covered events only as covers: not its to tell
    copy = s.clone()
    copy.log = s.log.seen_by(1)
    assert [seat for seat, _, _ in copy.log.covered_since(start)] == [1]
    assert s.log.covered_since(len(s.log)) == []


def test_a_later_value_is_written_once_when_the_event_is_read():
    s = nl.new_game("naeco", players=2, seed=1)
    calls = []

    def write(a, b):
        calls.append((a, b))
        return f"{a} and {b}"

    s.emit("kept {}", "x", 0, Later(write, 3, 4))
    copy = s.clone()
    assert calls == []
    assert copy.log[-1].text == s.log[-1].text == "kept 3 and 4" and calls == [(3, 4)]


def test_event_data_is_kept_as_it_was_when_logged():
    s = nl.new_game("naeco", players=2, seed=1)
    cards = [1, 2]
    s.emit("discards two cards", "Naéco › Gameplay", 0, cards=cards)
    cards.append(3)
    assert s.log[-1].data["cards"] == (1, 2)
    with pytest.raises(TypeError):
        s.log[-1].data["cards"] = ()


def test_copies_share_the_past_and_keep_their_own_future():
    s = _played("journey", 2, players=3)
    n = len(s.log)
    copy = s.clone()
    assert copy.log == s.log and copy.log is not s.log
    copy.emit("only in the copy", "x")
    s.emit("only in the original", "y")
    assert len(s.log) == len(copy.log) == n + 1
    assert s.log[-1].text == "only in the original" and copy.log[-1].text == "only in the copy"
    assert s.log[:n] == copy.log[:n]
    third = copy.clone()
    third.emit("only in the third", "z")
    assert copy.log[-1].text == "only in the copy" and len(copy.log) == n + 1


def test_cloning_does_not_grow_with_the_game():
    """A clone shares the chain of events: the copy holds the same newest link, whatever the length."""
    for name in ("journey", "naeco", "neptune", "syndicate"):
        s = _played(name, 4)
        assert s.clone().log._head is s.log._head


def test_a_log_survives_pickling_and_snapshots():
    s = _played("neptune", 2)
    again = pickle.loads(pickle.dumps(s.log))
    assert type(again) is Log and again == s.log
    loaded = nl.from_json(s.to_json(snapshot=True), trust=True)
    assert type(loaded.log) is Log and loaded.log == s.log


def test_only_events_go_into_a_log():
    with pytest.raises(TypeError, match="Events"):
        Log(["a sentence"])
