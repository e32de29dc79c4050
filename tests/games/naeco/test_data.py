"""Naéco datasets: the shipped files obey the rulebook's constraints, and a user's folder with a bad
file is refused with the file, row and field named."""
from __future__ import annotations

import random
import shutil
from collections import Counter
from pathlib import Path

import pytest

import neko_lab as nl
from neko_lab.core import DataError, dataset_dir
from neko_lab.games.naeco.data import load


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    dst = tmp_path / "naeco"
    shutil.copytree(dataset_dir("naeco"), dst)
    return dst


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_shipped_species_follow_the_rulebook():
    data = load()
    assert len(data.species) == 64
    per = Counter((c.depth, c.value) for c in data.species)
    assert all(per[(d, v)] == 4 for d in range(1, 5) for v in range(1, 5))
    assert all(len(c.attributes) <= 2 for c in data.species)
    assert {n for c in data.species for n in [len(c.attributes)]} == {0, 1, 2}
    groups = Counter(c.group for c in data.species)
    assert groups["turtle"] >= 2 and groups["dolphin"] >= 2
    assert all(c.source == "reconstructed" for c in data.species)


def test_shipped_tables():
    data = load()
    assert data.surface_values == (-1, 0, 1, 3, 5)
    assert data.surface_piles[0] == 4
    assert len(data.objectives) == 16 and len(data.priority) == 4 and len(data.missions) == 4


def test_user_folder_is_used(folder):
    edit(folder / "species.csv", "Orca,", "Killer whale,")
    s = nl.new_game("naeco", seed=1, data=folder)
    assert "Killer whale" in {c.name for c in s.cards}
    s.check_invariants()


def test_missing_folder():
    with pytest.raises(DataError, match="no such dataset folder"):
        nl.new_game("naeco", data="/nonexistent/naeco")


@pytest.mark.parametrize("file,old,new,row,field", [
    ("species.csv", "Moon jellyfish,1,1,", "Moon jellyfish,1,5,", 3, "value"),
    ("species.csv", "Moon jellyfish,1,1,", "Moon jellyfish,0,1,", 3, "depth"),
    ("species.csv", "Flying fish,1,2,,", "Flying fish,1,2,rare,", 6, "attributes"),
    ("species.csv", "Flying fish,1,2,,", "Flying fish,1,2,well_known|endangered|least_concern,", 6, "attributes"),
    ("species.csv", "Flying fish,1,2,,", "Flying fish,1,2,well_known|well_known,", 6, "attributes"),
    ("species.csv", "Flying fish,", "Orca,", 13, "name"),       # the second Orca is refused
    ("species.csv", "Swordfish,1,4,,reconstructed", "Swordfish,1,4,,published", 16, "source"),
    ("species.csv", "Swordfish,1,4,,reconstructed", "Swordfish,2,4,,reconstructed", None, "depth"),
    ("species.csv", "name,depth,", "title,depth,", None, "name"),
    ("objectives.csv", "0,2,", "2,2,", 6, "level"),
    ("objectives.csv", "0,2,", "0,5,", 6, "index"),
    ("objectives.csv", "0,2,", "0,1,", 6, "index"),
    ("priority_observations.csv", "A,1,3,4,2", "A,1,three,4,2", 1, "well_known"),
    ("missions.csv", "Nyamba,turtles", "Nyamba,sharks", 1, "effect"),
    ("surface.csv", "2,1,6", "2,-1,6", 3, "value"),
    ("surface.csv", "3,3,7", "3,3,9", 4, "piles"),
    ("surface.csv", "0,-1,4,", "0,-1,3,", 1, "piles"),      # the first turn offers the leftmost 4 piles
])
def test_bad_file_names_file_row_and_field(folder, file, old, new, row, field):
    edit(folder / file, old, new)
    with pytest.raises(DataError) as err:
        nl.new_game("naeco", seed=1, data=folder)
    e = err.value
    assert e.file.endswith(file) and e.row == row and e.field == field
    assert file in str(e)


def test_missing_file(folder):
    (folder / "missions.csv").unlink()
    with pytest.raises(DataError, match="missions.csv.*file not found"):
        nl.new_game("naeco", data=folder)


def test_short_row(folder):
    edit(folder / "surface.csv", "1,0,5,rulebook", "1,0,5")
    with pytest.raises(DataError) as err:
        nl.new_game("naeco", data=folder)
    assert err.value.row == 2 and err.value.field == "source"


def test_every_shipped_row_names_its_source():
    import csv
    for path in dataset_dir("naeco").glob("*.csv"):
        rows = list(csv.DictReader(path.open(encoding="utf-8")))
        assert rows and all(r["source"] in ("rulebook", "reconstructed") for r in rows), path.name


def test_a_mission_file_with_fewer_cards_than_the_game_contents_is_refused(folder):
    path = folder / "missions.csv"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    path.write_text("".join(lines[:3]), encoding="utf-8")          # 2 of the 4 missions
    with pytest.raises(DataError, match=r"missions.csv.*4 Observation Mission cards \(Naéco › Game "
                                        r"contents\), found 2"):
        nl.new_game("naeco", players=2, sea_shepherd=True, data=str(folder))


def _rich_variant(folder: Path) -> Path:
    """Priority cards worth 20 a symbol and Surface values 16..20: scores pass the shipped data's bound."""
    (folder / "priority_observations.csv").write_text(
        "card,insufficiently_known,well_known,endangered,least_concern,source\n"
        + "".join(f"{c},20,20,20,20,reconstructed\n" for c in "ABCD"), encoding="utf-8")
    rows = (folder / "surface.csv").read_text(encoding="utf-8").splitlines()
    (folder / "surface.csv").write_text("\n".join(
        [rows[0]] + [",".join([r.split(",")[0], str(16 + i)] + r.split(",")[2:]) for i, r in enumerate(rows[1:])])
        + "\n", encoding="utf-8")
    return folder


def test_the_score_bounds_are_those_of_the_data_played(folder):
    """A variant's values may score past the shipped data's SCORE_BOUNDS: the bounds a tool is told
    (returns_bounds with data=) are argued from the data played, and every game stays within them."""
    cls = nl.game_class("naeco")
    assert cls.score_bounds(dataset_dir("naeco")) == cls.score_bounds() == cls.SCORE_BOUNDS
    variant = _rich_variant(folder)
    lo, hi = cls.returns_bounds("score", 2, data=str(variant))
    best = []
    for seed in range(6):
        s = nl.new_game("naeco", players=2, seed=seed, data=str(variant), sea_shepherd=bool(seed % 2))
        rng = random.Random(seed)
        while not s.is_over():
            s.apply(rng.choice(s.legal_actions()))
        assert all(lo <= v <= hi for v in s.scores()), (s.scores(), (lo, hi))
        best.append(max(s.scores()))
    assert max(best) > cls.SCORE_BOUNDS[1]        # the variant does pass the shipped data's bound
    assert cls.returns_bounds("score", 2, data=load(variant)) == (lo, hi)   # a loaded dataset too
