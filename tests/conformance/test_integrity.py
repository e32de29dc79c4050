"""Integrity of every registered game, checked by the fuzzers of fuzz.py: forged and malformed
actions are refused with IllegalAction and change nothing; an edited save either names the step it
breaks or is a valid game; a trusted snapshot with one field edited is refused as it loads or plays on;
a determinized copy cannot see the real game's future chance.
`pytest --nightly` runs the fuzzers ten times larger."""
from __future__ import annotations

import random

import pytest

import neko_lab as nl
from fuzz import (NIGHTLY, QUICK, determinized_futures, fields, positions, refusals, save_edits,
                  snapshot_edits)
from neko_lab.core import SaveError, history
from test_contract import CASES


def _size(request) -> int:
    return NIGHTLY if request.config.getoption("--nightly") else QUICK


def _assert_clean(report) -> None:
    assert report.tried > 0, f"{report.name}: nothing was tried"
    assert not report.failures, (f"{report.name}: {len(report.failures)} of {report.tried} cases "
                                 f"failed:\n" + "\n".join(report.failures[:10]))


@pytest.mark.parametrize("game,players", CASES)
def test_forged_actions_are_refused_and_change_nothing(game, players, request):
    _assert_clean(refusals(game, players, _size(request), "forged"))


@pytest.mark.parametrize("game,players", CASES)
def test_malformed_actions_are_refused_with_a_reason_and_change_nothing(game, players, request):
    _assert_clean(refusals(game, players, _size(request), "malformed"))


@pytest.mark.parametrize("game,players", CASES)
def test_an_edited_save_names_the_step_it_breaks_or_is_a_valid_game(game, players, request):
    _assert_clean(save_edits(game, players, _size(request)))


@pytest.mark.parametrize("game,players", CASES)
def test_a_trusted_snapshot_with_an_edited_field_is_refused_as_it_loads_or_plays_on(game, players, request):
    _assert_clean(snapshot_edits(game, players, _size(request)))


@pytest.mark.parametrize("game,players", CASES)
def test_a_determinized_copy_does_not_see_the_real_future(game, players, request):
    _assert_clean(determinized_futures(game, players, _size(request)))


@pytest.mark.parametrize("game,players", CASES)
def test_a_snapshot_save_loads_only_when_trusted_and_keeps_every_field(game, players):
    for state in list(positions(game, players, games=1, per_game=3, seed=40)):
        text = history.dumps(state, snapshot=True)    # what state.to_json(snapshot=True) writes
        with pytest.raises(SaveError, match="trust=True"):
            nl.from_json(text)
        loaded = nl.from_json(text, trust=True)
        assert fields(loaded) == fields(state)
        action = random.Random(state.steps).choice(state.legal_actions())
        loaded.apply(action)
        state.apply(action)
        assert fields(loaded) == fields(state)
