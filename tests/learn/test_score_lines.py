"""explain_move's "Points it gave" lines add up: the total before plus the changes a line lists is the
total after, for every game and every viewer, while what a viewer may not know stays "+?"."""
from __future__ import annotations

import random
import re

import pytest

import neko_lab as nl
from neko_lab.learn import explain_move
from randomplay import random_moves

MINUS = "\u2212"
NUM = rf"{MINUS}?\d+(?:\.\d+)?"
LINE = re.compile(rf"^  (?:Player \d+|\w+): (.*) \u2192 total ({NUM})(\+\?)? \(was ({NUM})(\+\?)?\)$")
PARTS = [(re.compile(rf"^[\w -]+ ([+{MINUS}]\d+(?:\.\d+)?)$"), lambda m: num(m[1])),
         (re.compile(rf"^[\w -]+ ({NUM}) revealed$"), lambda m: num(m[1])),
         (re.compile(rf"^[\w -]+ ({NUM}) \u2192 ({NUM})$"), lambda m: num(m[2]) - num(m[1])),
         (re.compile(rf"^[\w -]+ ({NUM}) now hidden$"), lambda m: -num(m[1]))]


def num(text: str) -> float:
    return float(text.replace(MINUS, "-").replace("+", ""))


def change_of(part: str) -> float:
    for pattern, value in PARTS:
        m = pattern.match(part)
        if m:
            return value(m)
    raise AssertionError(f"a score change that does not read as one: {part!r}")


def check_lines(lines: list[str], where: str) -> int:
    """Every score line of an explanation adds up; how many there were."""
    n = 0
    for line in lines:
        if not line.startswith("  ") or "\u2192 total" not in line:
            continue
        m = LINE.match(line)
        assert m, f"{where}: a score line that does not read as one: {line!r}"
        changes = sum(change_of(p) for p in m[1].split(", "))
        assert num(m[4]) + changes == pytest.approx(num(m[2])), f"{where}: {line!r} does not add up"
        n += 1
    return n


CASES = [("journey", 2, {}), ("journey", 3, {}), ("syndicate", 1, {}), ("syndicate", 2, {}),
         ("syndicate", 2, {"simultaneous": False}), ("syndicate", 3, {}), ("neptune", 2, {}),
         ("neptune", 3, {}), ("naeco", 2, {}), ("naeco", 3, {})]


@pytest.mark.parametrize("game,players,options", CASES, ids=lambda c: str(c) if not isinstance(c, dict) else
                         ",".join(f"{k}={v}" for k, v in c.items()) or "default")
def test_every_score_line_adds_up_for_every_viewer(game, players, options):
    assert {g for g, _, _ in CASES} >= set(nl.GAMES) - {"toy"}     # every game (toy: the tests' own)
    lines = hidden = 0
    for seed in range(2):
        for before, a, s in random_moves(game, players, seed, **options):
            for viewer in [*range(players), "public"]:
                ex = explain_move(before, a, s, viewer=viewer)
                lines += check_lines(ex.lines, f"{game} {players}p seed {seed} move {s.steps} viewer {viewer}")
                hidden += sum("+?" in x for x in ex.lines if "\u2192 total" in x)
    assert lines > 0
    if game == "syndicate" and options.get("simultaneous", True) and players > 1:
        assert hidden > 0        # the case the lines must get right: a pyramid known only as shown


def test_a_mission_met_out_of_sight_adds_to_the_pyramid_the_table_showed():
    # two players, seed 0, random play: Player 2 meets mission 5 while Player 1 sees its pyramid only
    # as the turn began; the line adds the mission points to that total and keeps "+?"
    s = nl.new_game("syndicate", players=2, seed=0)
    rng = random.Random(0)
    for _ in range(89):
        a = rng.choice(s.legal_actions())
        before = s.clone()
        s.apply(a)
    ex = explain_move(before, a, s, viewer=0)
    assert any("meets mission 5" in x for x in ex.lines)
    line = next(x for x in ex.lines if x.startswith("  Player 2: "))
    was = sum(before.shown_breakdown(0)[1].values()) + sum(
        v for v in before.view_breakdown(0)[1].values() if v is not None)
    now = sum(s.shown_breakdown(0)[1].values()) + sum(v for v in s.view_breakdown(0)[1].values() if v is not None)
    assert None in s.view_breakdown(0)[1].values()
    # the reveal showed the pyramid as this turn began: its new card counts with the mission points,
    # and what the table now knows of Player 2 is its real score
    assert "mission path +14, mission order +5" in line
    assert line.endswith(f"\u2192 total {now}+? (was {was}+?)".replace("-", MINUS))
    assert now == s.scores()[1]
    check_lines(ex.lines, "seed 0")
