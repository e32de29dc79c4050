"""The playtest report: findings that state intervals and say when the sample is too small, one HTML
file, the command."""
from __future__ import annotations

import pytest

import neko_lab as nl
from neko_lab import cli
from neko_lab.analysis import equal_seats_test, findings, seat_balance
import toygame  # noqa: F401  (registers "toy"; imported by this name only, as conftest does, so it registers once)
from tests.analysis.test_analysis import games


def test_a_clear_seat_effect_is_stated_with_its_interval_and_test():
    df = games([([1, 0], [0])] * 70 + [([0, 1], [1])] * 30)
    text = findings.seats(seat_balance(df), equal_seats_test(df))
    assert text.startswith("The seats are not equal: Seat 1 wins 70.0 % [60.4, 78.1]")
    assert "seat 2 30.0 % [21.9, 39.6]" in text and "p ≈ 6e-05" in text


def test_equal_seats_say_what_the_sample_cannot_see():
    df = games([([1, 0], [0]) if g % 2 else ([0, 1], [1]) for g in range(100)])
    text = findings.seats(seat_balance(df), equal_seats_test(df))
    assert text.startswith("These 100 games show no advantage of seats (p = 1.00)")
    assert "±9.6 points wide" in text


def test_too_few_games_are_called_too_few():
    df = games([([1, 0], [0])] * 10)
    assert findings.seats(seat_balance(df), equal_seats_test(df)).startswith("Only 10 games were won: too few")


def test_playtest_report_on_the_toy_game(tmp_path):
    path = tmp_path / "toy.html"
    rep = nl.playtest("toy", games=40, agents=["greedy"], seed=1, progress=False, html=path)
    assert {"seats", "decisiveness", "length", "drama", "branching"} <= set(rep.findings)
    assert rep.settings["games"] == 40 and len(rep.results) == 80
    assert rep.tables["seats"].index.tolist() == [1, 2]                # seats count from 1
    page = path.read_text(encoding="utf-8")
    assert page.count("<html") == 1 and "plotly" in page.lower()
    for text in rep.findings.values():
        assert text.split(":")[0].split(" ")[0] in page
    assert "<h3>Seats</h3>" in rep._repr_html_()
    assert set(rep.figures) >= {"seats", "drama", "branching", "length"}


def test_journey_reports_who_acts_first():
    rep = nl.playtest("journey", players=2, games=4, agents=["random"], progress=False)
    assert "first to act" in rep.findings and "too few" in rep.findings["first to act"]
    assert "cards" in rep.findings


def test_the_playtest_command_writes_the_report(tmp_path, capsys):
    path = tmp_path / "r.html"
    assert cli.main(["playtest", "naeco", "--games", "6", "--agents", "random", "--html", str(path),
                     "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "Playtest: Naéco, 6 games, 2 players" in out and path.exists()
    assert cli.main(["playtest", "naeco", "--games", "0"]) == 2
