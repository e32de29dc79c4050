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
    assert f"cards.csv, row {row}, field '{field}'" in str(err)


def test_missing_column_is_named(tmp_path):
    with pytest.raises(DataError, match="field 'source': column missing"):
        read_csv(write(tmp_path, "name,value,tags\nOrca,4,a\n"), SCHEMA)


def test_extra_cells_and_empty_files_are_refused(tmp_path):
    with pytest.raises(DataError, match="row 1: more cells"):
        read_csv(write(tmp_path, "name,value,tags,source\nOrca,4,a,rulebook,extra\n"), SCHEMA)
    with pytest.raises(DataError, match="no data rows"):
        read_csv(write(tmp_path, "name,value,tags,source\n"), SCHEMA)
    with pytest.raises(DataError, match="file not found"):
        read_csv(tmp_path / "absent.csv", SCHEMA)


def test_bad_json_names_the_line(tmp_path):
    p = write(tmp_path, '{\n "a": 1,\n}\n', "x.json")
    with pytest.raises(DataError, match=r"x.json, row 3: invalid JSON"):
        read_json(p)


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
