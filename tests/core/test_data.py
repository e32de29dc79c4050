import pytest

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
