"""The dataset: the shipped files load and obey the rulebook's constraints; bad files are refused naming
the file, the row and the field."""
from __future__ import annotations

import csv
import shutil
from pathlib import Path

import pytest

import neko_lab as nl
from neko_lab.core import DataError
from neko_lab.core.data import dataset_dir
from neko_lab.games.syndicate import data

FOLDER = dataset_dir("syndicate")


def test_shipped_dataset():
    d = data.load()
    assert len(d.cards) == 49 and d.cards[48].name == "lieutenants"
    assert sum(1 for c in d.cards[:48] for a, _ in c.boxes if a == data.FISHMONGER) > 0
    assert all(c.source in ("rulebook", "reconstructed") for c in d.cards)
    assert [m.type for m in d.missions] == ["build"] * 8 + ["deliver"] * 8 + ["complete"] * 8
    assert len(d.path) == 15 and list(d.path) == sorted(d.path, reverse=True)
    for v in (20, 18, 16, 14, 8, 6, 2):           # values in the rulebook's mission example
        assert v in d.path
    for _, _, marks in d.catanna:
        assert all(v in d.path for v in marks)


def test_every_file_has_a_source_column():
    for path in FOLDER.glob("*.csv"):
        rows = list(csv.DictReader(path.open(encoding="utf-8")))
        assert rows and all(r["source"] in ("rulebook", "reconstructed") for r in rows), path.name


def test_sections_are_rulebook_headings_and_events_cite_them():
    headings = set((FOLDER / "sections.txt").read_text(encoding="utf-8").splitlines())
    cls = nl.game_class("syndicate")
    assert cls.TITLE == "Neko Syndicate"
    for rule in cls.RULES:
        title, _, heading = rule.partition(" › ")
        assert title == cls.TITLE and heading in headings


def edited(tmp_path: Path, name: str, row: int, field: str, value: str) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(FOLDER, folder)
    path = folder / name
    rows = list(csv.DictReader(path.open(encoding="utf-8")))
    rows[row - 1][field] = value
    with path.open("w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    return folder


@pytest.mark.parametrize("name,row,field,value", [
    ("minions.csv", 3, "left_colour", ""),                 # a Fishmonger without its colour
    ("minions.csv", 2, "right_colour", "tuna"),            # a colour on a box that is no Fishmonger
    ("minions.csv", 5, "slots", "sashimi:gold"),
    ("minions.csv", 1, "extra", "2"),                      # extra points without a nigiri slot
    ("minions.csv", 4, "upper", "E"),
    ("missions.csv", 7, "type", "other"),
    ("path.csv", 5, "value", "30"),                        # later columns never score more
    ("catanna.csv", 2, "markers", "11|8|6"),
    ("lieutenants.csv", 1, "slots", ""),
])
def test_bad_file_names_file_row_and_field(tmp_path, name, row, field, value):
    folder = edited(tmp_path, name, row, field, value)
    with pytest.raises(DataError) as info:
        nl.new_game("syndicate", players=2, seed=1, data=str(folder))
    msg = str(info.value)
    assert name in msg and f"row {row}" in msg and field in msg


@pytest.mark.parametrize("value,problem", [
    ("6|6|6", r"3 different values of Kumichō's path \(Neko Syndicate › Solo Mode\); 6\|6\|6 repeats a value"),
    ("6|4|6", r"6\|4\|6 repeats a value"),
    ("\u0666|4|2", r"'\u0666\|4\|2' is not 3 whole numbers \(digits 0-9\) joined by \|"),
    ("1_0|8|6", r"is not 3 whole numbers"),
    ("6|4", r"3 mission markers, so 3 values, not 2"),
])
def test_catanna_markers_are_three_different_path_values_written_with_digits(tmp_path, value, problem):
    """Solo Mode: CatANNA's three markers go on three different values, in the table as in the option."""
    folder = edited(tmp_path, "catanna.csv", 1, "markers", value)
    with pytest.raises(DataError, match=r"catanna.csv, row 1\b.*, field 'markers': .*" + problem):
        nl.new_game("syndicate", players=1, seed=1, data=str(folder), catanna="very easy")
    with pytest.raises(DataError, match=problem):     # a two-player game reads the same table
        nl.new_game("syndicate", players=2, seed=1, data=str(folder))


def test_the_table_and_the_option_refuse_the_same_repeated_markers():
    assert data.markers_problem((6, 6, 6), data.load().path) is not None
    with pytest.raises(nl.ConfigError, match="three different values"):
        nl.new_game("syndicate", players=1, seed=1, catanna_markers=(6, 6, 6))


def test_a_catanna_table_without_the_default_difficulty_is_a_data_error(tmp_path):
    # the player asked for no difficulty, so the table is at fault, not the game's settings
    folder = edited(tmp_path, "catanna.csv", 3, "difficulty", "Medium")
    with pytest.raises(DataError, match=r"catanna.csv, field 'difficulty': the table has no row 'medium'"):
        nl.new_game("syndicate", players=1, seed=1, data=str(folder))
    # a game that does not play the default needs no such row
    nl.new_game("syndicate", players=2, seed=1, data=str(folder))
    nl.new_game("syndicate", players=1, seed=1, data=str(folder), catanna="Medium")
    with pytest.raises(nl.ConfigError, match="unknown CatANNA difficulty 'hardest'"):
        nl.new_game("syndicate", players=1, seed=1, data=str(folder), catanna="hardest")


def test_user_folder_plays():
    s = nl.new_game("syndicate", players=2, seed=1, data=str(FOLDER))
    assert s.legal_actions()


def test_every_event_cites_a_rulebook_heading():
    import random
    headings = set((FOLDER / "sections.txt").read_text(encoding="utf-8").splitlines())
    for players in (1, 2, 4):
        s = nl.new_game("syndicate", players=players, seed=players)
        r = random.Random(players)
        while not s.is_over():
            s.apply(r.choice(s.legal_actions()))
        for e in s.log:
            title, _, heading = e.rule.partition(" › ")
            assert title == "Neko Syndicate" and heading in headings, e


def test_lieutenants_card_slots_are_a_data_field_catanna_fills_too(tmp_path):
    """The lieutenants card's slots are reconstructed: a table that reads its card otherwise edits
    lieutenants.csv, and both the player's card and CatANNA's follow it."""
    import random
    from neko_lab.games.syndicate.data import LIEUTENANTS
    folder = edited(tmp_path, "lieutenants.csv", 1, "slots", "sashimi:tuna|sashimi:salmon")
    s = nl.new_game("syndicate", players=1, seed=2, data=str(folder), catanna_wild="plenty")
    assert [colour for _, colour in s.cards[LIEUTENANTS].slots] == [0, 1]
    assert len(s.filled[0][0]) == 2
    r = random.Random(2)
    while not s.is_over():
        s.apply(r.choice(s.legal_actions()))
    assert s.catanna.filled[0] == (0, 1)        # her first two cubes: a tuna, then a salmon


def test_a_nigiri_slot_on_the_lieutenants_card_is_filled_by_a_cook_below_it(tmp_path):
    """The shipped card's three wild sashimi slots are a reconstruction choice, not forced: a Cook anywhere
    in the structure fills a nigiri slot on any card whose upper neighbourhood holds a matching cube
    (Neko Syndicate › Cook), the lieutenants card included (datasets/syndicate/README.md)."""
    from neko_lab.games.syndicate.data import COOK, LIEUTENANTS, NIGIRI, SASHIMI, WILD, upper
    from . import rig
    shipped = list(csv.DictReader((FOLDER / "lieutenants.csv").open(encoding="utf-8")))
    assert [(r["slots"], r["extra"], r["source"]) for r in shipped] == [
        ("sashimi:wild|sashimi:wild|sashimi:wild", "0", "reconstructed")]
    folder = edited(tmp_path, "lieutenants.csv", 1, "slots", "nigiri:tuna|sashimi:wild|sashimi:wild")
    path = folder / "lieutenants.csv"
    rows = list(csv.DictReader(path.open(encoding="utf-8")))
    rows[0]["extra"] = "1"                       # extra points go with a nigiri slot
    with path.open("w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    s = nl.new_game("syndicate", players=2, seed=4, data=str(folder))
    while s.pending[-1].kind == "opening":
        s.apply([a for a in s.legal_actions() if type(a).__name__ == "Open"][0])
    assert s.cards[LIEUTENANTS].slots == ((NIGIRI, 0), (SASHIMI, WILD), (SASHIMI, WILD))
    cook = rig.find(s, action=COOK)
    rig.build(s, 0, {1: cook})                   # a Cook on level 2, below the lieutenants card
    rig.put(s, 0, upper(0), 0, 1)                # a tuna cube in the lieutenants card's upper neighbourhood
    rig.walk_onto(s, 0, 1, COOK)
    assert s.pending[-1].kind == "cook"
    fill = [a for a in s.legal_actions() if type(a).__name__ == "Deliver"]
    assert [(a.place, a.slot, a.colour) for a in fill] == [(0, 0, 0)]
    s.apply(fill[0])
    assert s.filled[0][0][0] == 0


def test_the_score_bound_follows_the_path_played(tmp_path):
    """Kumichō's path is data (values up to 99): a seat's three missions may score its best value each,
    so the highest score a tool is told grows with it; the shipped path gives SCORE_BOUNDS."""
    cls = nl.game_class("syndicate")
    assert cls.score_bounds(FOLDER) == cls.SCORE_BOUNDS
    folder = edited(tmp_path, "path.csv", 1, "value", "50")
    lo, hi = cls.returns_bounds("score", 2, data=str(folder))
    assert lo == cls.SCORE_BOUNDS[0]
    assert hi - cls.SCORE_BOUNDS[1] == 3 * (50 - max(data.load().path))
