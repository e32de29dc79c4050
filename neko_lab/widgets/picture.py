"""A picture you click: HTML/SVG whose elements carry the target they stand for.

Any element with a ``data-target`` attribute is a click target; a click in the browser sends its
target (a short string such as ``"pile:3"`` or ``"action:5"``) back to Python, where the board turns
it into an action. Build targets with `target()`:

    from neko_lab.widgets.picture import ClickPicture
    from neko_lab.core.svg import target
    pic = ClickPicture(on_click=lambda t: print("clicked", t))
    pic.value = f'<svg ...>{target("<rect .../>", "pile:1", "draw the top card of pile 1")}</svg>'
    pic.click("pile:1")        # what a click in the browser does (tests call this)

The SVG <title> inside a target is what hovering it says. Targets drawn with ``lit=True`` carry the
class ``neko-lit`` (a legal move now); the others are ``neko-off`` and ignore clicks.
"""
from __future__ import annotations

import re
from html import unescape
from typing import Any, Callable

import anywidget
import traitlets

from ..core.svg import target

_ESM = """
function render({ model, el }) {
  el.classList.add("neko-picture");
  const draw = () => { el.innerHTML = model.get("value"); };
  draw();
  model.on("change:value", draw);
  el.addEventListener("click", (event) => {
    const hit = event.target.closest("[data-target]");
    if (!hit || !el.contains(hit) || hit.classList.contains("neko-off")) return;
    event.preventDefault();
    model.send({ target: hit.getAttribute("data-target") });
  });
}
export default { render };
"""

_CSS = """
.neko-picture [data-target].neko-lit { cursor: pointer; }
.neko-picture svg [data-target].neko-lit:hover { filter: brightness(0.88) drop-shadow(0 0 2px #1b7a1b); }
.neko-picture div[data-target].neko-lit:hover { background: #e3f2e3; }
.neko-picture svg { max-width: none; }
"""


class ClickPicture(anywidget.AnyWidget):
    """An HTML/SVG picture whose ``data-target`` elements send clicks to Python (`on_click(target)`)."""

    _esm = _ESM
    _css = _CSS
    value = traitlets.Unicode("").tag(sync=True)

    def __init__(self, on_click: Callable[[str], Any] | None = None, **kwargs: Any):
        super().__init__(**kwargs)
        self._handlers: list[Callable[[str], Any]] = [on_click] if on_click is not None else []
        self.on_msg(self._receive)

    def on_click(self, handler: Callable[[str], Any]) -> None:
        self._handlers.append(handler)

    def _receive(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and isinstance(content.get("target"), str):
            self.click(content["target"])

    def click(self, name: str) -> None:
        """Act as if the element with data-target=`name` had been clicked."""
        for handler in self._handlers:
            handler(name)

    def targets(self, lit_only: bool = True) -> list[str]:
        """The targets the picture holds now, in drawing order (the lit ones by default)."""
        pattern = r'class="neko-target neko-lit" data-target="([^"]*)"' if lit_only else \
            r'class="neko-target neko-(?:lit|off)" data-target="([^"]*)"'
        return [unescape(m) for m in re.findall(pattern, self.value)]
