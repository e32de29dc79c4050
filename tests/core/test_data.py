import shutil
from pathlib import Path

import pytest

import neko_lab as nl

from neko_lab.core import DataError, read_csv, read_json
from neko_lab.core import data as d

SCHEMA = {"name": d.text(), "value": d.integer(1, 4), "tags": d.tags(("a", "b")), "source": d.source}


def write(tmp_path, text, name="cards.csv"):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def test_good_file_is_parsed(tmp_path):
    rows = read_csv(write(tmp_path, "name,value,tags,source\nOrca,4,a|b,reconstructed\nKrill,1,,rulebook\n"),
                    SCHEMA)
    assert rows == [{"name": "Orca", "value": 4, "tags": ("a", "b"), "source": "reconstructed"},
                    {"name": "Krill", "value": 1, "tags": (), "source": "rulebook"}]


@pytest.mark.parametrize("body,row,field", [
    ("Orca,5,a,rulebook", 1, "value"),
    ("Orca,x,a,rulebook", 1, "value"),
    (",3,a,rulebook", 1, "name"),
    ("Orca,3,z,rulebook", 1, "tags"),
    ("Orca,3,a,guessed", 1, "source"),
])
def test_bad_cell_names_file_row_and_field(tmp_path, body, row, field):
    path = write(tmp_path, "name,value,tags,source\nKrill,1,,rulebook\n".replace("Krill,1,,rulebook\n", body + "\n"))
    with pytest.raises(DataError) as info:
        read_csv(path, SCHEMA)
    err = info.value
    assert (err.file, err.row, err.field) == (str(path), row, field)
    assert f"cards.csv, row {row} (line {row + 1}), field '{field}'" in str(err)
    assert err.line == row + 1                      # the header is line 1


def test_a_choice_that_may_be_empty_says_so(tmp_path):
    """An optional cell's allowed values read as words, and the designer learns it may be left empty."""
    schema = {"name": d.text(), "colour": d.choice("", "tuna", "salmon"), "source": d.source}
    path = write(tmp_path, "name,colour,source\nOrca,,rulebook\nKrill,tunna,rulebook\n")
    with pytest.raises(DataError, match=r"row 2 \(line 3\), field 'colour': 'tunna' is not one of "
                                        r"tuna, salmon \(or empty\)$"):
        read_csv(path, schema)
    path = write(tmp_path, "name,colour,source\nOrca,,rulbook\n")
    with pytest.raises(DataError, match=r"'rulbook' is not one of rulebook, reconstructed$"):
        read_csv(path, schema)


def test_missing_column_is_named(tmp_path):
    with pytest.raises(DataError, match="field 'source': column missing"):
        read_csv(write(tmp_path, "name,value,tags\nOrca,4,a\n"), SCHEMA)


def test_extra_cells_and_empty_files_are_refused(tmp_path):
    with pytest.raises(DataError, match=r"row 1 \(line 2\): more cells"):
        read_csv(write(tmp_path, "name,value,tags,source\nOrca,4,a,rulebook,extra\n"), SCHEMA)
    with pytest.raises(DataError, match="no data rows"):
        read_csv(write(tmp_path, "name,value,tags,source\n"), SCHEMA)
    with pytest.raises(DataError, match="file not found"):
        read_csv(tmp_path / "absent.csv", SCHEMA)


def test_bad_json_names_the_line(tmp_path):
    p = write(tmp_path, '{\n "a": 1,\n}\n', "x.json")
    with pytest.raises(DataError, match=r"x.json, line 3: invalid JSON: .* \(column 1\)") as info:
        read_json(p)
    assert (info.value.row, info.value.line) == (None, 3)


def test_not_utf8_is_refused(tmp_path):
    p = tmp_path / "cards.csv"
    p.write_bytes("name,value,tags,source\nOrca\xff,4,a,rulebook\n".encode("latin-1"))
    with pytest.raises(DataError, match="not UTF-8"):
        read_csv(p, SCHEMA)


def test_cached_loading_reads_an_edited_file_again(tmp_path):
    calls = []

    def loader(folder):
        calls.append(folder)
        return tuple(read_csv(folder / "cards.csv", SCHEMA))

    folder = tmp_path / "set"
    folder.mkdir()
    write(folder, "name,value,tags,source\nOrca,4,a,rulebook\n")
    first = d.load_cached(loader, folder)
    assert d.load_cached(loader, folder) is first and len(calls) == 1
    write(folder, "name,value,tags,source\nOrca,4,a,rulebook\nKrill,1,,rulebook\n")
    assert len(d.load_cached(loader, folder)) == 2 and len(calls) == 2


def test_a_byte_order_mark_from_a_spreadsheet_is_accepted(tmp_path):
    p = tmp_path / "cards.csv"
    p.write_bytes(b"\xef\xbb\xbf" + "name,value,tags,source\nOrca,4,a,rulebook\n".encode())
    assert read_csv(p, SCHEMA)[0]["name"] == "Orca"


def test_a_file_that_is_not_utf8_names_the_line(tmp_path):
    # the byte cannot be placed in a data row before the text is read, so the message gives the file's
    # line, as it does for a bad cell beside its row; a blank line and a lone CR count as lines
    p = tmp_path / "cards.csv"
    p.write_bytes("name,value,tags,source\nKrill,1,,rulebook\nOrca\xe9,4,a,rulebook\n".encode("latin-1"))
    with pytest.raises(DataError, match=r"cards.csv, line 3: not UTF-8 text .*CSV UTF-8") as info:
        read_csv(p, SCHEMA)
    assert (info.value.row, info.value.line) == (None, 3)
    assert "at byte 46)" in str(info.value)             # the é after 45 bytes: positions count from 1
    p.write_bytes("name,value,tags,source\r\rKrill,1,,rulebook\rOrca\xe9,4,a,rulebook\r".encode("latin-1"))
    with pytest.raises(DataError, match=r"cards.csv, line 4: not UTF-8"):
        read_csv(p, SCHEMA)
    p.write_bytes("name,value,tags,source\n\nKrill,1,,rulebook\nOrca,x,a,rulebook\n".encode())
    with pytest.raises(DataError, match=r"cards.csv, row 2 \(line 4\), field 'value'"):
        read_csv(p, SCHEMA)


@pytest.mark.parametrize("body, message", [
    ("", r"cards.csv: the file is empty: its first line should be the header naming the columns "
         r"\(name, value, tags, source\)"),
    (",,\nOrca,4,a\n", r"cards.csv: the header names no column: its first line should be the header"),
    ("name;value;tags;source\nOrca;4;a;rulebook\n", r"cards.csv, line 1: the header is one column "
                                                  r"holding ';': the cells seem separated by ';'"),
    ("name,value,value,tags,source\nOrca,4,4,a,rulebook\n", r"cards.csv, line 1, field 'value': the "
                                                          r"header names this column twice"),
])
def test_a_spreadsheets_other_csv_forms_are_named(tmp_path, body, message):
    with pytest.raises(DataError, match=message):
        read_csv(write(tmp_path, body), SCHEMA)


@pytest.mark.parametrize("cell", ["\u0663", "\uff14", "\u00b2", "1_0", "4.0", "9" * 30])
def test_numbers_must_be_written_with_ascii_digits(tmp_path, cell):
    p = write(tmp_path, f"name,value,tags,source\nOrca,{cell},a,rulebook\n")
    with pytest.raises(DataError, match=r"row 1 \(line 2\), field 'value'"):
        read_csv(p, SCHEMA)


def test_a_repeated_id_is_refused_naming_both_rows(tmp_path):
    p = write(tmp_path, "name,value,tags,source\nOrca,4,a,rulebook\nKrill,1,,rulebook\nOrca,2,,rulebook\n")
    with pytest.raises(DataError, match=r"row 3 \(line 4\), field 'name': 'Orca' is already used in row 1: "
                                        r"rows 1 and 3") as info:
        read_csv(p, SCHEMA, unique=["name"])
    assert info.value.row == 3
    pair = write(tmp_path, "name,value,tags,source\nOrca,4,a,rulebook\nOrca,1,,rulebook\nOrca,4,,rulebook\n")
    with pytest.raises(DataError, match=r"row 3 \(line 4\), field 'value'.*rows 1 and 3 have the same name and value"):
        read_csv(pair, SCHEMA, unique=[("name", "value")])


def _copy(tmp_path, game):
    import shutil
    folder = tmp_path / game
    shutil.copytree(d.dataset_dir(game), folder)
    return folder


def _repeat_row(path, row):
    """Append a copy of data row `row` (1 = first) at the end of a CSV file."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    path.write_text("".join(lines) + lines[row], encoding="utf-8")
    return len(lines)          # the new row's number (header excluded)


@pytest.mark.parametrize("game,file,field", [
    ("journey", "cards.csv", "id"), ("journey", "scoring_tiles.csv", "id"),
    ("journey", "bonus_tiles.csv", "id"), ("journey", "dice_rewards.csv", "die"),
    ("naeco", "species.csv", "name"), ("naeco", "missions.csv", "name"),
    ("naeco", "priority_observations.csv", "card"), ("naeco", "objectives.csv", "index"),
    ("naeco", "surface.csv", "position"),
])
def test_every_id_column_of_the_shipped_games_refuses_a_repeated_row(tmp_path, game, file, field):
    import neko_lab as nl
    folder = _copy(tmp_path, game)
    new_row = _repeat_row(folder / file, 2)
    with pytest.raises(DataError) as info:
        nl.new_game(game, data=str(folder))
    err = info.value
    assert err.file.endswith(file) and err.row == new_row and err.field == field
    assert f"rows 2 and {new_row}" in str(err)


@pytest.mark.parametrize("game", ["journey", "naeco"])
def test_the_shipped_games_read_files_saved_with_a_byte_order_mark(tmp_path, game):
    import neko_lab as nl
    folder = _copy(tmp_path, game)
    for p in folder.glob("*.csv"):
        p.write_bytes(b"\xef\xbb\xbf" + p.read_bytes())
    a, b = nl.new_game(game, seed=3, data=str(folder)), nl.new_game(game, seed=3)
    assert a.legal_actions() == b.legal_actions() and a.observation(0) == b.observation(0)


@pytest.mark.parametrize("data", [1, [], 2.5, {"cards": []}])
def test_data_that_is_not_a_folder_is_a_config_error(data):
    import neko_lab as nl
    for game in ("journey", "naeco", "toy"):
        with pytest.raises(nl.ConfigError, match="data must be a dataset folder"):
            nl.new_game(game, data=data)


def test_journey_cargo_and_hub_numbers_need_ascii_digits(tmp_path):
    import neko_lab as nl
    folder = _copy(tmp_path, "journey")
    cards = (folder / "cards.csv").read_text(encoding="utf-8")
    port = next(line for line in cards.splitlines() if ",port," in line and ":" in line)
    head = cards.splitlines()[0].split(",")
    cells = port.split(",")
    cargo = cells[head.index("cargo")]
    item, _, amount = next(part for part in cargo.split("|") if ":" in part).partition(":")
    cells[head.index("cargo")] = cargo.replace(f"{item}:{amount}", f"{item}:\u0660{amount}", 1)
    (folder / "cards.csv").write_text(cards.replace(port, ",".join(cells)), encoding="utf-8")
    with pytest.raises(DataError, match=r"cards.csv, row \d+ \(line \d+\), field 'cargo': cargo amount .*digits 0-9"):
        nl.new_game("journey", data=str(folder))


def test_a_cell_holding_a_line_break_is_placed_on_the_line_it_starts(tmp_path):
    # a quoted cell may hold line breaks, so that a row runs over several lines of the file: an error
    # names the line its cell starts on (not the row's last line), and when that is below the row's
    # first line, says where the row begins and which quoted cell carried it on
    head = "name,value,tags,source\n"
    p = write(tmp_path, head + 'Orca,5,"a|\nb",rulebook\nKrill,1,,rulebook\n')
    with pytest.raises(DataError) as info:
        read_csv(p, SCHEMA)
    assert (info.value.row, info.value.field, info.value.line) == (1, "value", 2)
    assert str(info.value).endswith("cards.csv, row 1 (line 2), field 'value': 5 is outside 1..4")
    p = write(tmp_path, head + '"Orca\nthe whale",4,a,rulebook\nKrill,1,,rulbook\n')
    with pytest.raises(DataError, match=r"cards.csv, row 2 \(line 4\), field 'source': 'rulbook' is not one "
                                        r"of rulebook, reconstructed$") as info:
        read_csv(p, SCHEMA)
    assert info.value.line == 4
    p = write(tmp_path, head + '"Orca\r\nthe\r\nwhale",4,a,rulbook\r\n')
    with pytest.raises(DataError, match=r"cards.csv, row 1 \(line 4\), field 'source': 'rulbook' is not one "
                                        r"of rulebook, reconstructed; row 1 begins on line 2, and its cell "
                                        r"'name' is quoted from line 2 to line 4$"):
        read_csv(p, SCHEMA)
    p = write(tmp_path, head + '"Orca\nthe whale",4,a,rulebook,extra\n')
    with pytest.raises(DataError, match=r"row 1 \(line 3\): more cells than header fields; row 1 begins on line 2"):
        read_csv(p, SCHEMA)
    p = write(tmp_path, head + '"Orca\nthe whale",4,a,rulebook\nKrill,1,,rulebook\n')
    assert [r["name"] for r in read_csv(p, SCHEMA)] == ["Orca\nthe whale", "Krill"]


def test_a_quote_never_closed_is_named_on_the_line_it_opens(tmp_path):
    # a stray opening quote makes its cell run on to the end of the file, taking in the rows below:
    # the error points at the line the quote opens on, not at the file's last line or a later cell
    head = "name,value,tags,source\n"
    p = write(tmp_path, head + 'Orca,4,a,rulebook\n"Krill,1,,rulebook\nSeal,2,b,rulebook\nCod,3,,rulebook\n')
    with pytest.raises(DataError) as info:
        read_csv(p, SCHEMA)
    assert (info.value.row, info.value.field, info.value.line) == (2, "name", 3)
    assert str(info.value).endswith(
        "cards.csv, row 2 (line 3), field 'name': a quote opened on line 3 is never closed, so the cell "
        "runs on to the end of the file (line 5), taking in the 2 lines below it; close the quote or "
        "remove it")
    p = write(tmp_path, head + 'Orca,4,a,rulebook\nKrill,1,"a,rulebook\nSeal,2,b,rulebook\n')
    with pytest.raises(DataError, match=r"row 2 \(line 3\), field 'tags': a quote opened on line 3 is "
                                        r"never closed, so the cell runs on to the end of the file \(line 4\)"):
        read_csv(p, SCHEMA)
    p = write(tmp_path, head + 'Orca,4,a,rulebook\nKrill,1,,"rulebook')
    with pytest.raises(DataError, match=r"row 2 \(line 3\), field 'source': a quote opened on line 3 is "
                                        r"never closed; close it or remove it$"):
        read_csv(p, SCHEMA)
    p = write(tmp_path, 'name,"value,tags,source\nOrca,4,a,rulebook\n')
    with pytest.raises(DataError, match=r"cards.csv, line 1: a quote opened in the header on line 1 is "
                                        r"never closed") as info:
        read_csv(p, SCHEMA)
    assert (info.value.row, info.value.line) == (None, 1)


@pytest.mark.parametrize("game,file", [("journey", "cards.csv"), ("syndicate", "minions.csv"),
                                       ("neptune", "cards.csv"), ("naeco", "species.csv")])
def test_the_shipped_games_name_the_line_of_a_quote_never_closed(tmp_path, game, file):
    import neko_lab as nl
    folder = _copy(tmp_path, game)
    path = folder / file
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    first, rest = lines[2].split(",", 1)
    lines[2] = f'{first},"{rest}'                   # a stray quote opening row 2's second cell
    path.write_text("".join(lines), encoding="utf-8")
    with pytest.raises(DataError) as info:
        nl.new_game(game, data=str(folder))
    err = info.value
    assert (Path(err.file).name, err.row, err.line) == (file, 2, 3)
    assert err.field == lines[0].split(",")[1]
    assert (f"a quote opened on line 3 is never closed, so the cell runs on to the end of the file "
            f"(line {len(lines)})") in str(err)


def test_naeco_names_the_line_of_a_bad_cell_in_a_mission_whose_text_runs_over_two_lines(tmp_path):
    import neko_lab as nl
    folder = _copy(tmp_path, "naeco")
    path = folder / "missions.csv"
    text = path.read_text(encoding="utf-8")
    first = text.splitlines()[1]
    name, effect, rest = first.split(",", 2)
    assert rest.startswith('"') and " " in rest
    broken = f"{name},{effect},{rest.replace(' ', chr(10), 1)}"   # a line break in its quoted text
    path.write_text(text.replace(first, broken, 1), encoding="utf-8")
    nl.new_game("naeco", data=str(folder))                         # a legal CSV cell
    path.write_text(text.replace(first, broken.replace(f",{effect},", ",whales,", 1), 1), encoding="utf-8")
    with pytest.raises(DataError, match=r"missions.csv, row 1 \(line 2\), field 'effect': 'whales' is not one "
                                        r"of .*[a-z]$"):
        nl.new_game("naeco", data=str(folder))


def test_a_designers_folder_beside_the_shipped_ones_is_read_again_when_edited(tmp_path, monkeypatch):
    # datasets/naeco_mine/, a copy of datasets/naeco/ beside it, edited between two games of a session
    base = tmp_path / "datasets"
    shutil.copytree(d.dataset_dir("naeco"), base / "naeco")
    shutil.copytree(d.dataset_dir("naeco"), base / "naeco_mine")
    monkeypatch.setattr(d, "_SHIPPED_BASES", (*d._SHIPPED_BASES, base))
    d._is_shipped.cache_clear()
    try:
        mine = base / "naeco_mine"
        before = nl.new_game("naeco", players=2, seed=1, data=str(mine))
        species = mine / "species.csv"
        species.write_text(species.read_text(encoding="utf-8").replace("Atlantic herring,1,1,",
                                                                             "Atlantic herring,1, 2,", 1), encoding="utf-8")
        after = nl.new_game("naeco", players=2, seed=1, data=str(mine))
        herring = [[c.value for c in g.cards if c.name == "Atlantic herring"] for g in (before, after)]
        assert herring == [[1], [2]]
        assert d._is_shipped(str(base / "naeco")) and not d._is_shipped(str(mine))
        assert d.SHIPPED_GAMES == set(nl.core.registry.BUILTIN)
    finally:
        d._is_shipped.cache_clear()
