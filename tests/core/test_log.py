"""A state's log: read like a list, shared by copies, each event's text written when first read."""
from __future__ import annotations

import pickle
import random

import pytest

import neko_lab as nl
from neko_lab.core.events import Event, Log
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


def test_a_random_game_that_nobody_reads_writes_no_sentence():
    s = _played("naeco", 5)
    link, unread = s.log._head, 0
    while link is not None:
        unread += type(link[0]) is tuple
        link = link[1]
    assert unread == len(s.log)
    assert all(e.text and "{" not in e.text for e in s.log)


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
