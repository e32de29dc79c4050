"""Every view of a seat is a function of what that seat may know (views.py builds the pairs of
positions), checked on every registered game, the board's Hint included. `pytest --nightly` looks at
ten times more games."""
from __future__ import annotations

import pytest

import neko_lab as nl
from views import NIGHTLY, QUICK, choices, copies, futures


def _size(request) -> int:
    return NIGHTLY if request.config.getoption("--nightly") else QUICK


def _cases():
    for name, cls in sorted(nl.GAMES.items()):
        for players in range(max(2, cls.MIN_PLAYERS), cls.MAX_PLAYERS + 1):
            yield pytest.param(name, players, id=f"{name}-{players}p")


CASES = list(_cases())


def _assert_clean(report) -> None:
    assert report.tried > 0, f"{report.name}: nothing was tried"
    assert not report.failures, (f"{report.name}: {len(report.failures)} of {report.tried} cases "
                                 f"failed:\n" + "\n".join(report.failures[:10]))


@pytest.mark.parametrize("game,players", CASES)
def test_a_determinized_copy_looks_the_same_from_its_seat(game, players, request):
    """The board's Hint included: a board at the position and one at its copy (every game, every
    player count, at the quick size too)."""
    report = copies(game, players, _size(request))
    _assert_clean(report)
    assert report.outcomes["hints compared"] >= 1, "no position with a choice: no hint compared"


@pytest.mark.parametrize("game,players", CASES)
def test_a_different_future_looks_the_same_from_every_seat(game, players, request):
    _assert_clean(futures(game, players, _size(request)))


@pytest.mark.parametrize("game,players", CASES)
def test_another_seats_unseen_choice_shows_in_no_view_or_board_line(game, players, request):
    report = choices(game, players, _size(request))
    assert not report.failures, "\n".join(report.failures[:10])
