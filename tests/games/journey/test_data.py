"""Journey dataset: the shipped files and the validation of a user's folder."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import neko_lab as nl
from neko_lab.core import DataError, dataset_dir
from neko_lab.games.journey import data as jdata


def test_shipped_dataset_has_fifty_cards_ten_tiles_chart_and_bonus():
    d = jdata.load_cached(None)
    assert len(d.cards) == 50
    periods = [c.period for c in d.cards]
    assert periods.count("advanced") == 6 and periods.count("1") == 22 and periods.count("2") == 22
    assert len(d.tiles) == 10 and len(d.rewards) == 6 and len(d.bonus) == 4
    assert all(c.source in ("rulebook", "reconstructed") for c in d.cards)
    assert {c.type for c in d.cards} == set(jdata.TYPES)


def test_rulebook_pinned_values():
    d = jdata.load_cached(None)
    costs = {c.name: c.cost for c in d.cards}
    assert costs["Ocean Bank"] == 4 and costs["Fuel Platform"] == 5 and costs["Penguin Park"] == 6
    port = next(c for c in d.cards if c.id == 18)
    assert port.points == 7 and ("coins", 1) in port.cargo
    adv_port = next(c for c in d.cards if c.name == "Advanced Port")
    assert len(adv_port.cargo) == 2
    assert d.rewards[5] == "coins" and set(d.rewards[3:]) == {"remove_interference", "fuel", "coins"}


def _copy(tmp_path) -> Path:
    folder = tmp_path / "journey"
    shutil.copytree(dataset_dir("journey"), folder)
    return folder


def test_a_user_folder_in_the_same_format_loads(tmp_path):
    folder = _copy(tmp_path)
    text = (folder / "cards.csv").read_text().replace("1,1,ocean_bank,Ocean Bank,4,", "1,1,ocean_bank,Ocean Bank,3,", 1)
    (folder / "cards.csv").write_text(text)
    s = nl.new_game("journey", players=2, seed=1, data=str(folder))
    assert s.card(1).cost == 3


def _break(folder, name, old, new):
    p = folder / name
    text = p.read_text()
    assert old in text
    p.write_text(text.replace(old, new, 1))


@pytest.mark.parametrize("file,old,new,row,field", [
    ("cards.csv", "1,1,ocean_bank,Ocean Bank,4,2,1,coins", "1,1,ocean_bank,Ocean Bank,four,2,1,coins", 1, "cost"),
    ("cards.csv", "1,1,ocean_bank,Ocean Bank,4,2,1,coins", "1,1,ocean_bank,Oceanic Bank,4,2,1,coins", 1, "name"),
    ("cards.csv", "1,1,ocean_bank,Ocean Bank,4,2,1,coins", "1,1,ocean_bank,Ocean Bank,4,2,9,coins", 1, "left_multiplier"),
    ("cards.csv", "1,1,ocean_bank,Ocean Bank,4,2,1,coins", "1,1,ocean_bank,Ocean Bank,4,2,1,pearls", 1, "right_item"),
    ("cards.csv", "-|fuel:1|coins:1|-", "-|gold:1|coins:1|-", 18, "cargo"),
    ("cards.csv", "1:fuel,cargo", "1:lava,cargo", 18, "internal_hubs"),
    ("cards.csv", "2,1,ocean_bank", "1,1,ocean_bank", 2, "id"),
    ("cards.csv", "2,1,ocean_bank", "77,1,ocean_bank", 2, "id"),     # past 50: no action id names it
    ("cards.csv", ",reconstructed\n2,", ",guessed\n2,", 1, "source"),
    ("cards.csv", "18,1,port,Port,5,7,1,coins,-|fuel:1|coins:1|-", "18,1,port,Port,5,7,1,coins,", 18, "cargo"),
    ("scoring_tiles.csv", "1,Most fuel,most", "1,Most fuel,many", 1, "kind"),
    ("dice_rewards.csv", "2,good", "1,good", 2, "die"),
    ("dice_rewards.csv", "6,coins,5", "6,gems,5", 6, "reward"),
    ("bonus_tiles.csv", "2,coins,4", "2,coins,x", 2, "amount"),
])
def test_bad_files_name_file_row_and_field(tmp_path, file, old, new, row, field):
    folder = _copy(tmp_path)
    _break(folder, file, old, new)
    with pytest.raises(DataError) as info:
        nl.new_game("journey", players=3, seed=0, data=str(folder))
    err = info.value
    assert err.file.endswith(file) and err.row == row and err.field == field


def test_missing_file_and_missing_column(tmp_path):
    folder = _copy(tmp_path)
    (folder / "bonus_tiles.csv").unlink()
    with pytest.raises(DataError, match="bonus_tiles.csv: file not found"):
        nl.new_game("journey", data=str(folder))
    folder = _copy(tmp_path / "b")
    _break(folder, "cards.csv", "icons,source", "icon,source")
    with pytest.raises(DataError, match="field 'icons'"):
        nl.new_game("journey", data=str(folder))


@pytest.mark.parametrize("keep", [lambda n: n != 50, lambda n: n <= 9 or 23 <= n <= 31])
def test_a_deck_of_other_than_fifty_cards_is_refused(tmp_path, keep):
    """Contents: the box holds 50 playing cards; a folder with fewer is refused, saying both counts
    (more cannot pass the ids, 1..50 and each once)."""
    folder = _copy(tmp_path)
    lines = (folder / "cards.csv").read_text().splitlines()
    kept = [lines[0]] + [l for l in lines[1:] if keep(int(l.split(",")[0]))]
    (folder / "cards.csv").write_text("\n".join(kept) + "\n")
    found = len(kept) - 1
    with pytest.raises(DataError, match=rf"cards.csv, field 'id': the game has 50 playing cards "
                                        rf"\(A Pleasant Journey to Neko › Contents\), found {found}$"):
        jdata.load(folder)


def test_too_few_period_cards_is_refused(tmp_path):
    folder = _copy(tmp_path)
    lines = (folder / "cards.csv").read_text().splitlines()
    kept = [lines[0]] + [l.replace(",2,", ",1,", 1) if l.split(",")[1] == "2" else l for l in lines[1:]]
    (folder / "cards.csv").write_text("\n".join(kept) + "\n")
    with pytest.raises(DataError, match="period 2 needs at least 9"):
        nl.new_game("journey", data=str(folder))


def test_too_few_advanced_cards_for_the_advanced_game_is_refused(tmp_path):
    # Advanced Game › Advanced Cards puts three on the board: a folder with fewer still plays the
    # base game, and refuses the variant naming the file and the field
    folder = _copy(tmp_path)
    lines = (folder / "cards.csv").read_text().splitlines()
    kept = [l if l.split(",")[1] != "advanced" or "Advanced Port" in l
            else l.replace(",advanced,", ",1,", 1).replace("Advanced Seaside Town", "Seaside Town (Trader)")
            .replace(",Advanced ", ",", 1) for l in lines]       # still 50 cards, one of them advanced
    (folder / "cards.csv").write_text("\n".join(kept) + "\n")
    nl.new_game("journey", players=2, seed=1, data=str(folder))
    with pytest.raises(DataError, match=r"cards.csv, field 'period': the advanced cards "
                                        r"\(advanced_cards=True\) put 3 cards .* this dataset has 1"):
        nl.new_game("journey", players=2, seed=1, data=str(folder), advanced_cards=True)


def test_no_folder_is_refused(tmp_path):
    with pytest.raises(DataError, match="no such dataset folder"):
        nl.new_game("journey", data=str(tmp_path / "nowhere"))
