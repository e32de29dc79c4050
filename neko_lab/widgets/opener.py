"""A button that opens a file and hands its text to Python: the board's "Open a save" control.

ipywidgets' FileUpload counts the files it holds in its label ("Open a save (0)"), a number that means
nothing to a person opening a saved game (a board empties it as soon as it has read the file). This
button says only what it does; choosing a file sends its text, and choosing the same file again opens
it again.

    from neko_lab.widgets.opener import FileOpener
    opener = FileOpener(on_open=lambda text: print(len(text)), description="Open a save")
    opener.choose('{"game": ...}')       # what choosing a file in the browser does (tests call this)
"""
from __future__ import annotations

from typing import Any, Callable

import anywidget
import traitlets

_ESM = """
function render({ model, el }) {
  const button = document.createElement("button");
  button.className = "jupyter-widgets jupyter-button widget-button neko-open-file";
  const icon = document.createElement("i");
  icon.className = "fa fa-upload";
  button.append(icon, " " + model.get("description"));
  button.title = model.get("tooltip");
  const input = document.createElement("input");
  input.type = "file";
  input.accept = model.get("accept");
  input.style.display = "none";
  // emptied before each choice: the same file chosen again is a change, and opens again
  button.addEventListener("click", () => { input.value = ""; input.click(); });
  input.addEventListener("change", () => {
    const file = input.files && input.files[0];
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => model.send({ text: reader.result, name: file.name });
    reader.readAsText(file);             // UTF-8, a bad byte read as U+FFFD
  });
  el.append(button, input);
}
export default { render };
"""


class FileOpener(anywidget.AnyWidget):
    """A button labelled `description` that opens a file (of the types in `accept`) and calls
    `on_open(text)` with its text."""

    _esm = _ESM
    description = traitlets.Unicode("Open a file").tag(sync=True)
    tooltip = traitlets.Unicode("").tag(sync=True)
    accept = traitlets.Unicode("").tag(sync=True)

    def __init__(self, on_open: Callable[[str], Any], **kwargs: Any):
        super().__init__(**kwargs)
        self._on_open = on_open
        self.on_msg(self._receive)

    def _receive(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and isinstance(content.get("text"), str):
            self.choose(content["text"])

    def choose(self, text: str) -> None:
        """Act as if a file holding `text` had been chosen."""
        self._on_open(text)
