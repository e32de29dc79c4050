"""The data fingerprint a save records: of the card data as a game reads it, so that the same data saved
with other line endings or other provenance notes is the same data, while other card data is refused;
and saves of earlier versions, which recorded a digest of the files' text, still load."""
import csv
import hashlib
import io
import json
import random
import shutil
import tomllib
from pathlib import Path

import pytest

import neko_lab as nl
from neko_lab.core import DataError, SaveError, dataset_dir
from neko_lab.core import saves as saves_module
from neko_lab.core.data import fingerprint
from neko_lab.core.history import checksum

GAMES = ["journey", "naeco", "neptune", "syndicate"]
EARLIER = json.loads((Path(__file__).parent / "earlier_saves.json").read_text(encoding="utf-8"))["saves"]


def resign(doc: dict) -> str:
    body = {k: v for k, v in doc.items() if k != "checksum"}
    return json.dumps({**body, "checksum": checksum(body)})


def played(game, seed=5, steps=20, data=None):
    s = nl.new_game(game, players=2, seed=seed, data=data)
    rng = random.Random(seed)
    for _ in range(steps):
        if not s.is_over():
            s.apply(rng.choice(s.legal_actions()))
    return s


def same_play(a, b) -> bool:
    """The same moves, log, legal actions and scores (the fields themselves may differ: cards carry
    their provenance, and a game records the folder its data came from)."""
    return (a.history() == b.history() and [str(e) for e in a.log] == [str(e) for e in b.log]
            and a.legal_actions() == b.legal_actions() and a.scores() == b.scores())


def text_digest(folder) -> str:
    """The fingerprint earlier versions recorded: a digest of the data files' text, byte for byte."""
    h = hashlib.sha256()
    for path in sorted(Path(folder).iterdir()):
        if path.suffix in (".csv", ".json"):
            h.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def rewrite(folder, edit):
    """Every CSV file of `folder` rewritten as edit(text) (bytes written as they are: no newline translation)."""
    for path in Path(folder).glob("*.csv"):
        path.write_bytes(edit(path.read_bytes().decode("utf-8")).encode("utf-8"))


def crlf(text):
    return text.replace("\r\n", "\n").replace("\n", "\r\n")


def other_provenance(text):
    """The same rows with every `source` cell changed (the provenance notes, read by no rule)."""
    lines = text.splitlines(keepends=True)
    header = lines[0].rstrip("\r\n").split(",")
    if header[-1] != "source":
        return text
    out = [lines[0]]
    for line in lines[1:]:
        body, end = line.rstrip("\r\n"), line[len(line.rstrip("\r\n")):]
        cells = body.rsplit(",", 1)
        out.append(f"{cells[0]},{'reconstructed' if cells[-1] == 'rulebook' else 'rulebook'}{end}" if body else line)
    return "".join(out)


def spaced(text):
    """The same rows with a space on each side of every cell below the header (every field is read
    without them), as a designer lining up columns may write them."""
    rows = list(csv.reader(io.StringIO(text, newline="")))
    out = io.StringIO(newline="")
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(rows[0])
    writer.writerows([f" {cell} " for cell in row] for row in rows[1:])
    return out.getvalue()


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("edit", [crlf, lambda t: "\ufeff" + t, lambda t: t.rstrip("\n"), other_provenance,
                                  spaced, lambda t: "\ufeff" + crlf(other_provenance(t)) + "\r\n"],
                         ids=["crlf", "bom", "no last break", "provenance", "spaces", "all"])
def test_the_same_card_data_written_differently_plays_the_same_and_has_the_same_fingerprint(tmp_path, game, edit):
    folder = tmp_path / "cards"
    shutil.copytree(dataset_dir(game), folder)
    rewrite(folder, edit)
    assert text_digest(folder) != text_digest(dataset_dir(game))
    assert fingerprint(folder) == fingerprint(dataset_dir(game))
    mine, shipped = played(game, data=str(folder)), played(game)
    assert same_play(mine, shipped)
    assert nl.from_json(mine.to_json()).history() == mine.history()


def one_row_fewer(tmp_path, game):
    """A copy of the game's shipped folder whose first CSV file lost its first row: other card data.
    Returns the folder and that file."""
    folder = tmp_path / "cards"
    shutil.copytree(dataset_dir(game), folder)
    path = sorted(folder.glob("*.csv"))[0]
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    path.write_text("".join(lines[:1] + lines[2:]), encoding="utf-8")
    return folder, path


@pytest.mark.parametrize("game", GAMES)
def test_a_column_no_rule_reads_is_refused_naming_the_file_and_the_column(tmp_path, game):
    """A column the game would ignore (a comment, a misspelt field) is refused, so no cell can change
    the fingerprint without changing the game; `notes` holds comments, as `source` holds provenance."""
    folder = tmp_path / "cards"
    shutil.copytree(dataset_dir(game), folder)
    path = sorted(folder.glob("*.csv"))[0]
    lines = path.read_text(encoding="utf-8").splitlines()
    path.write_text("\n".join([lines[0] + ",comment"] + [line + ",checked" for line in lines[1:]]) + "\n",
                    encoding="utf-8")
    with pytest.raises(DataError, match=rf"{path.name}, line 1, field 'comment': no rule reads this column: "
                                        rf"the file's columns are .*, and notes for comments; rename it"):
        nl.new_game(game, data=str(folder))
    path.write_text("\n".join([lines[0] + ",notes"] + [line + ",checked" for line in lines[1:]]) + "\n",
                    encoding="utf-8")
    assert same_play(played(game, data=str(folder)), played(game))
    assert fingerprint(folder) == fingerprint(dataset_dir(game))
    path.write_text("\n".join([lines[0] + ","] + [line + "," for line in lines[1:]]) + "\n", encoding="utf-8")
    with pytest.raises(DataError, match=rf"{path.name}, line 1: column {lines[0].count(',') + 2} of the "
                                        rf"header has no name"):
        nl.new_game(game, data=str(folder))


@pytest.mark.parametrize("game", GAMES)
def test_other_card_data_has_another_fingerprint(tmp_path, game):
    folder, path = one_row_fewer(tmp_path, game)
    assert fingerprint(folder) != fingerprint(dataset_dir(game))
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    path.write_text("".join(lines[:1] + lines[2:] + lines[1:2]), encoding="utf-8")    # the rows reordered
    assert fingerprint(folder) != fingerprint(dataset_dir(game))


@pytest.mark.parametrize("game", GAMES)
def test_a_save_loads_where_the_shipped_files_have_other_line_endings(tmp_path, monkeypatch, game):
    # a save made on Linux opened on a Windows clone, whose files Git may write with CRLF, and back
    text = played(game).to_json()
    old = json.loads(text)
    old["data"]["fingerprint"] = text_digest(dataset_dir(game))    # as an earlier version wrote it
    folder = tmp_path / game
    shutil.copytree(dataset_dir(game), folder)
    rewrite(folder, crlf)
    monkeypatch.setattr(saves_module, "shipped_dir", lambda g: str(folder) if g == game else None)
    assert nl.from_json(text).history() == played(game).history()
    assert nl.from_json(resign(old)).history() == played(game).history()
    made_there = json.loads(text)
    made_there["data"]["fingerprint"] = text_digest(folder)        # an earlier version on the CRLF clone
    monkeypatch.undo()
    assert nl.from_json(resign(made_there)).history() == played(game).history()


@pytest.mark.parametrize("name", sorted(EARLIER))
def test_saves_of_earlier_versions_load_and_give_the_same_game(name):
    entry = EARLIER[name]
    assert "version" not in json.loads(entry["save"])
    s = nl.from_json(entry["save"])
    assert s.scores() == entry["scores"]
    if "legal" in entry:
        assert len(s.legal_actions()) == entry["legal"]


@pytest.mark.parametrize("game", GAMES)
def test_a_save_with_the_text_digest_of_other_card_data_is_refused(tmp_path, game):
    folder, _path = one_row_fewer(tmp_path, game)
    doc = json.loads(played(game).to_json())
    doc["data"]["fingerprint"] = text_digest(folder)
    with pytest.raises(SaveError, match=f"played with other {game} card data"):
        nl.from_json(resign(doc))


def test_an_embedded_dataset_saved_by_an_earlier_version_loads(tmp_path):
    folder = tmp_path / "cards"
    shutil.copytree(dataset_dir("naeco"), folder)
    s = played("naeco", data=str(folder))
    doc = json.loads(s.to_json())
    doc["data"]["fingerprint"] = text_digest(folder)
    assert nl.from_json(resign(doc)).history() == s.history()
    doc["data"]["files"]["surface.csv"] += "5,99,7,rulebook\n"
    with pytest.raises(SaveError, match="do not match their fingerprint"):
        nl.from_json(resign(doc))


def test_a_save_records_the_version_that_wrote_it_and_the_refusal_names_it():
    pyproject = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text(encoding="utf-8"))
    assert nl.__version__ == pyproject["project"]["version"]
    s = played("naeco")
    for text in (s.to_json(), s.to_json(snapshot=True)):
        assert json.loads(text)["version"] == nl.__version__
    doc = json.loads(s.to_json())
    doc["data"]["fingerprint"] = "0123456789abcdef"
    doc["version"] = "0.0.9"
    with pytest.raises(SaveError, match=r"Open it with neko_lab 0\.0\.9, the version that wrote it"):
        nl.from_json(resign(doc))
    del doc["version"]
    with pytest.raises(SaveError, match="does not say which") as info:
        nl.from_json(resign(doc))
    assert "the neko_lab version that wrote it" in str(info.value)
