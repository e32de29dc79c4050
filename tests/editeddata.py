"""Card data folders edited for the tests: another game to a designer, from the shipped data."""
from __future__ import annotations

import shutil
from pathlib import Path


def edited_naeco_data(folder: Path) -> Path:
    """The shipped Naéco card data copied to `folder` with one card's value raised by 1."""
    from neko_lab.core.data import shipped_dir

    shutil.copytree(shipped_dir("naeco"), folder)
    rows = (folder / "species.csv").read_text(encoding="utf-8").splitlines()
    name, depth, value, *rest = rows[1].split(",")
    rows[1] = ",".join([name, depth, str(int(value) + 1), *rest])
    (folder / "species.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    return folder
