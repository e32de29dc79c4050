"""A search copy's log holds only what its seat saw: determinize(k) gives a copy whose log reads, event for
event, as seat k read the real one (another seat's secret choice as its cover, without its data), so an
agent searching on copies cannot read another seat's hidden move in `copy.log`; the copy's own later
events read in full, and the copy plays on. (Before, a Syndicate copy's reveal at the end of the turn
re-told the other seats' real walks, which the copy had taken back, from the inherited log.)"""
from __future__ import annotations

import random

import pytest

import neko_lab as nl
from neko_lab.core import Rng
from neko_lab.core.events import EVERYTHING, Event, Log


def _seen(e: Event, k: int) -> Event:
    """An event as seat k saw it, keeping its place: one k saw nothing of is an empty event."""
    if e.cover == "" and e.seat != k:
        return Event("", e.rule, e.seat, {}, "")
    return e.shown_to(k)


def _cases():
    for name, cls in sorted(nl.GAMES.items()):
        yield pytest.param(name, max(2, cls.MIN_PLAYERS), id=name)


@pytest.mark.parametrize("game,players", list(_cases()))
def test_a_search_copy_log_reads_as_its_seat_saw_the_game(game, players):
    cls = nl.GAMES[game]
    covered = checked = 0
    for g in range(3):
        s = cls(players=players, seed=40 + g)
        pick = random.Random(g)
        while not s.is_over() and checked < 400:
            for k in range(players):
                copy = s.determinize(k, Rng(7 * s.steps + k))
                assert list(copy.log) == [_seen(e, k) for e in s.log]
                assert copy.log_for(k) == s.log_for(k)
                assert len(copy.log) == len(s.log)
                covered += sum(1 for e in s.log if e.cover is not None and e.seat != k)
                checked += 1
                if not copy.is_over():          # the copy plays on, and its own events read in full
                    n = len(copy.log)
                    copy.apply(pick.choice(copy.legal_actions()))
                    assert copy.log[:n] == [_seen(e, k) for e in s.log]
            s.apply(pick.choice(s.legal_actions()))
    assert checked > 0
    if game in ("journey", "syndicate"):          # games with secret choices: the test really hid some
        assert covered > 0, f"{game}: no secret event met, nothing was checked"


def test_a_log_seen_by_a_seat_covers_only_what_was_there_and_keeps_its_places():
    log = Log([Event("P1 keeps a 6", "r", 0, {"die": 6}, "picks a die"),
               Event("nobody sees this", "r", 0, {}, ""),
               Event("a public event", "r", 1)])
    seen = log.seen_by(1)
    assert [e.text for e in seen] == ["picks a die", "", "a public event"]
    assert seen[0].data == {} and seen[0].cover is None and seen[1].cover == ""
    assert [e.text for e in log.seen_by(0)] == ["P1 keeps a 6", "nobody sees this", "a public event"]
    assert log.seen_by(EVERYTHING) == log
    seen.append(Event("the copy's own secret", "r", 0, {"die": 2}, "picks a die"))
    assert seen[-1].text == "the copy's own secret" and len(seen) == 4 and len(log) == 3
    assert list(reversed(seen))[-1].text == "picks a die"
    assert [e.text for e in seen[0:2]] == ["picks a die", ""]
    assert seen.copy() == seen
