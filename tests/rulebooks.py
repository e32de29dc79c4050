"""Where the tests find the rulebooks, which are not part of the checkout: in the shared folder beside it
(../shared/rulebooks), else in the shared folder's usual place."""
from __future__ import annotations

from pathlib import Path

PLACES = (Path(__file__).resolve().parents[1].parent / "shared" / "rulebooks", Path("/work/shared/rulebooks"))


def rulebook(game: str) -> Path | None:
    """The text of `game`'s rulebook (<game>.txt) in the first of PLACES that holds it, or None."""
    return next((d / f"{game}.txt" for d in PLACES if (d / f"{game}.txt").is_file()), None)
