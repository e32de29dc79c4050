"""A button that opens a file and hands its bytes to Python: the board's "Open a save" control.

ipywidgets' FileUpload counts the files it holds in its label ("Open a save (0)"), a number that means
nothing to a person opening a saved game (a board empties it as soon as it has read the file). This
button says only what it does; choosing a file sends its bytes as they are (Python reads them, so a file
that is not UTF-8 text is refused saying so), and choosing the same file again opens it again. A file
longer than `max_bytes` (a save's limit, MAX_SAVE_CHARS, by default) is refused by its size alone: the
browser neither reads nor sends it (the kernel's connection would drop a message that long without a
word), and Python says why. Choosing a file first clears what the board said about the last one.

    from neko_lab.widgets.opener import FileOpener
    opener = FileOpener(on_open=lambda data: print(len(data)), on_refused=print, description="Open a save")
    opener.choose('{"game": ...}')       # what choosing a file in the browser does (tests call this)
"""
from __future__ import annotations

from typing import Any, Callable

import anywidget
import traitlets

from ..core.saves import MAX_SAVE_CHARS, too_long

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
    model.send({ chosen: file.name });
    const limit = model.get("max_bytes");
    if (limit > 0 && file.size > limit) {     // refused by its size: never read, nor sent
      model.send({ too_long: file.size, name: file.name });
      return;
    }
    const reader = new FileReader();
    // the bytes as they are, for Python to read (a byte that is not UTF-8 is refused there, by number)
    reader.onload = () => model.send({ name: file.name }, undefined, [reader.result]);
    reader.onerror = () => model.send({ unreadable: String(reader.error && reader.error.name), name: file.name });
    reader.readAsArrayBuffer(file);
  });
  el.append(button, input);
}
export default { render };
"""


class FileOpener(anywidget.AnyWidget):
    """A button labelled `description` that opens a file (of the types in `accept`) and calls
    `on_open(data)` with its bytes; `on_refused(why)` says why a file was not opened (longer than
    `max_bytes`, or unreadable); `on_chosen()` is called as soon as a file is chosen."""

    _esm = _ESM
    description = traitlets.Unicode("Open a file").tag(sync=True)
    tooltip = traitlets.Unicode("").tag(sync=True)
    accept = traitlets.Unicode("").tag(sync=True)
    max_bytes = traitlets.Int(MAX_SAVE_CHARS).tag(sync=True)

    def __init__(self, on_open: Callable[[Any], Any], on_refused: Callable[[str], Any] | None = None,
                 on_chosen: Callable[[], Any] | None = None, **kwargs: Any):
        super().__init__(**kwargs)
        self._on_open = on_open
        self._on_refused = on_refused or (lambda _why: None)
        self._on_chosen = on_chosen or (lambda: None)
        self.on_msg(self._receive)

    def _receive(self, _widget: Any, content: Any, buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        if "chosen" in content:
            self._on_chosen()
        elif isinstance(content.get("too_long"), (int, float)):
            self._on_refused(str(too_long(int(content["too_long"]))))
        elif "unreadable" in content:
            self._on_refused(f"the browser could not read the file ({str(content['unreadable'])[:40]})")
        elif buffers:
            self.choose(bytes(buffers[0]))
        elif isinstance(content.get("text"), str):
            self.choose(content["text"])

    def choose(self, data: str | bytes) -> None:
        """Act as if a file holding `data` (its bytes, or its text) had been chosen."""
        self._on_open(data)
