"""The dataset: what the rulebook fixes, and bad files refused naming file, row and field."""
import shutil

import pytest

from neko_lab.core import DataError
from neko_lab.core.data import dataset_dir
from neko_lab.games.neptune import data

from .rig import game


def test_shipped_counts_and_sources():
    d = data.load()
    assert len(d.planets) == 10 and len(d.locations) == 20 and len(d.techs) == 9
    assert len(d.cards) == 73 and len(d.events) == 12 and len(d.location_cards) == 19
    for path in dataset_dir("neptune").glob("*.csv"):
        for line in path.read_text(encoding="utf-8").splitlines()[1:]:
            assert line.endswith((",rulebook", ",reconstructed")), (path.name, line)
    roots = {t.key for t in d.techs if not t.prerequisites}
    assert roots == {"insulation", "slingshots", "fission"}


def test_the_rulebook_examples_constrain_the_map():
    d = data.load()
    tri = d.locations[d.location("Triton")]
    key = {t.index: t.key for t in d.techs}
    assert [key[t] for t in tri.base_requires] == ["insulation"]
    assert [key[t] for t in tri.factory_requires] == ["fusion"]
    assert sorted(key[t] for t in tri.colony_requires) == ["fusion", "graviton"]
    mb = d.locations[d.location("Mars Mineral Beds")]
    assert mb.base_requires == () and mb.factory_icon == "mineral" and mb.colony == 3


def test_example_of_locations_mars_polar_regions_and_mineral_beds():
    # Planets and Locations › Example of Locations: Mars has two locations, each with a research
    # mission, a base, a factory and a colony; the Polar Regions base needs High Efficiency Insulation
    # and its factory has no icon, the Mineral Beds base needs nothing and its factory has the Mineral
    # icon; at both, a factory or a colony needs Enhanced Fission Power
    d = data.load()
    key = {t.index: t.key for t in d.techs}
    mars = [loc for loc in d.locations if loc.planet == d.locations[d.location("Mars Polar Regions")].planet]
    assert sorted(loc.name for loc in mars) == ["Mars Mineral Beds", "Mars Polar Regions"]
    assert all(loc.research and loc.factory and loc.colony for loc in mars)
    polar, beds = d.locations[d.location("Mars Polar Regions")], d.locations[d.location("Mars Mineral Beds")]
    assert [key[t] for t in polar.base_requires] == ["insulation"] and polar.factory_icon == ""
    assert beds.base_requires == () and beds.factory_icon == "mineral"
    for loc in mars:
        assert [key[t] for t in loc.factory_requires] == ["fission"]
        assert [key[t] for t in loc.colony_requires] == ["fission"]


def _copy(tmp_path):
    folder = tmp_path / "neptune"
    shutil.copytree(dataset_dir("neptune"), folder)
    return folder


def test_a_bad_cell_is_refused_naming_file_row_and_field(tmp_path):
    folder = _copy(tmp_path)
    path = folder / "distances.csv"
    path.write_text(path.read_text().replace("Earth,Mars,2", "Earth,Mars,two"))
    with pytest.raises(DataError, match=r"distances.csv, row 1 \(line \d+\), field 'fuel'"):
        data.load(folder)


def test_an_unreachable_planet_names_the_folders_file(tmp_path):
    # with several folders in one sweep, only the whole path tells which one is wrong
    folder = _copy(tmp_path)
    path = folder / "distances.csv"
    path.write_text("".join(l for l in path.read_text().splitlines(True) if "Kuiper" not in l))
    with pytest.raises(DataError, match=r"cannot be reached from Earth") as info:
        data.load(folder)
    assert info.value.file == str(path)


def test_an_unknown_technology_icon_is_refused(tmp_path):
    folder = _copy(tmp_path)
    path = folder / "locations.csv"
    path.write_text(path.read_text().replace("Triton,Neptune,yes,insulation", "Triton,Neptune,yes,warp"))
    with pytest.raises(DataError, match=r"locations.csv, row 18 \(line \d+\), field 'base_requires'"):
        data.load(folder)


def test_a_prerequisite_must_come_first(tmp_path):
    folder = _copy(tmp_path)
    path = folder / "technologies.csv"
    path.write_text(path.read_text().replace("thrust,High Thrust Propulsion,slingshots",
                                             "thrust,High Thrust Propulsion,fusion2"))
    with pytest.raises(DataError, match=r"technologies.csv, row 4, field 'prerequisites'"):
        data.load(folder)


def test_a_user_folder_plays(tmp_path):
    folder = _copy(tmp_path)
    path = folder / "distances.csv"
    path.write_text(path.read_text().replace("Earth,Mars,2,rulebook", "Earth,Mars,3,reconstructed"))
    s = game(3, data=str(folder))
    assert s.data.folder == str(folder)


# every row marked source=rulebook, with the values the rulebook prints for it (all of them)
PRINTED = {
    "distances.csv": {   # Fuel Cost Calculation Example
        "Earth": {"planet_b": "Mars", "fuel": "2"},
        "Mars": {"planet_b": "Asteroid Belt", "fuel": "2"},
        "Asteroid Belt": {"planet_b": "Jupiter", "fuel": "3"},
    },
    "locations.csv": {   # Example of Locations; Example of Building (Blue's colony: 3 credits)
        "Mars Mineral Beds": {"planet": "Mars", "research": "yes", "base_requires": "", "factory": "yes",
                              "factory_requires": "fission", "factory_icon": "mineral", "colony": "3",
                              "colony_requires": "fission"},
    },
}


def test_only_rows_the_rulebook_prints_in_full_are_marked_rulebook():
    """A row is source=rulebook only when the rulebook prints every value in it; the others (Mars
    Polar Regions' colony number, Triton's planet, colony number and factory icon, the planets'
    order, ...) are reconstructed (datasets/neptune/README.md)."""
    import csv
    for path in sorted(dataset_dir("neptune").glob("*.csv")):
        with open(path, newline="", encoding="utf-8") as f:
            rows = [r for r in csv.DictReader(f) if r["source"] == "rulebook"]
        want = PRINTED.get(path.name, {})
        first = next(iter(rows[0])) if rows else None
        assert {r[first] for r in rows} == set(want), path.name
        for r in rows:
            fields = {k: v for k, v in r.items() if k not in (first, "source")}
            assert fields == want[r[first]], (path.name, r[first])


@pytest.mark.parametrize("file,count,what", [("cards.csv", 73, "cards for the regular game"),
                                             ("events.csv", 12, "Event cards"),
                                             ("location_cards.csv", 19, "location but Earth, 19 here")])
def test_a_file_with_fewer_cards_than_the_components_is_refused(tmp_path, file, count, what):
    folder = _copy(tmp_path)
    path = folder / file
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    assert len(lines) == count + 1
    path.write_text("".join(lines[:-1]), encoding="utf-8")
    with pytest.raises(DataError, match=f"{what}.*Destination: Neptune › Components.*found {count - 1}") as info:
        data.load(folder)
    assert info.value.file.endswith(file)


def _with_markers(folder, extra):
    """The folder's map with `extra` more distance markers (9 fuel each), between pairs of planets not yet joined."""
    planets = data._planets(folder)
    path = folder / "distances.csv"
    text = path.read_text(encoding="utf-8")
    joined = {frozenset(line.split(",")[:2]) for line in text.splitlines()[1:]}
    pairs = [(a, b) for i, a in enumerate(planets) for b in planets[i + 1:] if frozenset((a, b)) not in joined]
    path.write_text(text + "".join(f"{a},{b},9,reconstructed\n" for a, b in pairs[:extra]), encoding="utf-8")
    return folder


def test_a_map_whose_markers_make_too_many_routes_is_refused_quickly(tmp_path):
    """Every route a trip may take is listed at set-up and loops of markers multiply them: a map past
    MAX_ROUTES is refused, saying why, before its listing runs for seconds or minutes."""
    import time
    folder = _with_markers(_copy(tmp_path), 18)
    start = time.perf_counter()
    with pytest.raises(DataError, match=rf"distances.csv: the distance markers \(30\) make more than "
                                        rf"{data.MAX_ROUTES} routes between planets .*remove some markers"):
        data.load(folder)
    assert time.perf_counter() - start < 2
    fewer = _with_markers(_copy(tmp_path / "b"), 6)        # a few more markers still load
    assert game(data=str(fewer)).data.routes != data.load().routes
