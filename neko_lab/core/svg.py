"""Click targets in a picture: markup that names the action it stands for (pure strings, no widgets,
so a game's render.py can use it without loading ipywidgets).

    from neko_lab.core.svg import target
    target('<rect x="0" y="0" width="40" height="40"/>', "pile:1", "draw the top card of pile 2")

A game's render.py draws its targets with `target()`; the board shows the picture in a ClickPicture
(neko_lab.widgets.picture), which sends a click on a lit target back to Python by its name. A table
drawn as several areas is laid out by `wrapping()`.
"""
from __future__ import annotations

from html import escape
from typing import Iterable


def target(inner: str, name: str, tip: str = "", lit: bool = True, tag: str = "g") -> str:
    """Wrap SVG (or HTML, with tag="div"/"span") markup as the click target `name`; `tip` is what
    hovering it says (an SVG <title>, or an HTML title attribute)."""
    cls = "neko-target neko-lit" if lit else "neko-target neko-off"
    if tag == "g":
        title = f"<title>{escape(tip)}</title>" if tip else ""
        return f'<g class="{cls}" data-target="{escape(name, quote=True)}">{title}{inner}</g>'
    title = f' title="{escape(tip, quote=True)}"' if tip else ""
    return f'<{tag} class="{cls}" data-target="{escape(name, quote=True)}"{title}>{inner}</{tag}>'


AREA_BLOCK = "display:inline-block;vertical-align:top;margin:2px 8px 2px 0"


def wrapping(areas: Iterable[str]) -> str:
    """A table's areas (SVG strings) in blocks that wrap to the width they are given: side by side on a
    wide screen, one under the other on a laptop, each at its drawn size (the board's picture scales
    down an area wider than its column)."""
    return "".join(f'<div style="{AREA_BLOCK}">{a}</div>' for a in areas)
