"""A real browser against a real JupyterLab, for tests marked `browser`.

    with Lab(notebooks={"naeco/01-rules.ipynb": REPO / "notebooks/naeco/01-rules.ipynb"}) as lab:
        with browser_page() as page:
            nb = lab.open(page, "naeco/01-rules.ipynb")
            nb.run_all()
            page.locator(".jupyter-widgets button", has_text="Play").first.click()
            nb.screenshot("after-play")

JupyterLab runs on loopback in a temporary root holding copies of the notebooks, with its own settings
(the news pop-up switched off through overrides.json) and workspaces folders, so nothing outside the
temporary folder is touched. It asks for a random token, as any server another user of the machine
could reach must (its kernels run code): the token is handed over in the environment (JUPYTER_TOKEN),
never on the command line, and `lab.url` is the base address, `lab.address(path)` one that logs in. The
server ends with the test process even when that process is killed (Linux: the parent-death signal,
SIGTERM, so it still shuts its kernels down). The browser is Debian's Chromium driven by Playwright
(never `playwright install`).

Requirements are checked by `require_browser()`: when Chromium or Playwright is missing the test FAILS
with a message saying what to install. Set NEKO_LAB_NO_BROWSER=1 to deselect browser tests on purpose
(tests/browser/conftest.py does that).
"""
from __future__ import annotations

import contextlib
import http.client
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Iterator, Mapping

CHROMIUM = os.environ.get("NEKO_LAB_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--no-first-run"]
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"   # git-ignored
REPO = Path(__file__).resolve().parents[2]
# no news pop-up over the page; every cell kept in the page so widgets can be found and clicked
OVERRIDES = {"@jupyterlab/apputils-extension:notification": {"fetchNews": "false",
                                                             "checkForUpdates": False},
             "@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"}}


def browser_missing() -> str | None:
    """None when the browser tests can run, else what is missing and how to get it."""
    if not Path(CHROMIUM).exists():
        return (f"Chromium not found at {CHROMIUM}: install Debian's package (apt-get install -y chromium) "
                f"or point NEKO_LAB_CHROMIUM at a Chromium binary; set NEKO_LAB_NO_BROWSER=1 to "
                f"deselect the browser tests")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return ("the playwright Python package is missing: pip install playwright (do not run "
                "`playwright install`); set NEKO_LAB_NO_BROWSER=1 to deselect the browser tests")
    return None


def require_browser() -> None:
    """Fail the calling test (never skip it) when the browser cannot run."""
    import pytest

    missing = browser_missing()
    if missing:
        pytest.fail(missing, pytrace=False)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _end_with(parent: int):
    """A Popen preexec_fn: the server gets SIGTERM when the process that started it ends, however it ends
    (Linux's parent-death signal; nothing elsewhere), so no server outlives a killed test run. The signal
    follows the thread that started the server: start a Lab from the test's own thread."""
    if not sys.platform.startswith("linux"):
        return None

    def before_exec() -> None:
        import ctypes

        pr_set_pdeathsig = 1
        ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, signal.SIGTERM, 0, 0, 0)
        if os.getppid() != parent:            # the test process ended before the signal was asked for
            os._exit(1)
    return before_exec


class Lab:
    """JupyterLab serving a temporary root. `notebooks` maps a path inside the root to a source file."""

    def __init__(self, notebooks: Mapping[str, Path] | None = None, extra_files: Mapping[str, Path] | None = None,
                 startup_timeout: float = 60.0):
        self.notebooks = dict(notebooks or {})
        self.extra_files = dict(extra_files or {})
        self.startup_timeout = startup_timeout
        self.tmp: Path | None = None
        self.root: Path | None = None
        self.port = 0
        self.proc: subprocess.Popen | None = None
        self.url = ""
        self.token = secrets.token_hex(16)

    def address(self, path: str = "") -> str:
        """The address of `path` on the server, with the token: the first page a browser opens logs it in."""
        return f"{self.url}/{path.lstrip('/')}?token={self.token}"

    # ------------------------------------------------------------------ server
    def __enter__(self) -> "Lab":
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def start(self) -> None:
        self.tmp = Path(tempfile.mkdtemp(prefix="neko-lab-browser-"))
        self.root = self.tmp / "root"
        self.root.mkdir()
        for rel, src in {**self.notebooks, **self.extra_files}.items():
            dst = self.root / rel
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(src, dst)
        # application settings: keep whatever the installation ships and switch the news pop-up off
        app_settings = self.tmp / "app-settings"
        system = Path(sys.prefix) / "share" / "jupyter" / "lab" / "settings"
        if system.is_dir():
            shutil.copytree(system, app_settings)
        app_settings.mkdir(exist_ok=True)
        overrides_path = app_settings / "overrides.json"
        overrides = json.loads(overrides_path.read_text()) if overrides_path.exists() else {}
        overrides.update(OVERRIDES)
        overrides_path.write_text(json.dumps(overrides, indent=1))
        for d in ("user-settings", "workspaces", "runtime"):
            (self.tmp / d).mkdir()
        # A port found free can be taken before the server binds it (by another test's kernel, say): the
        # server then exits (no port retries) or another program answers there. Try a fresh port then.
        last = ""
        for _attempt in range(4):
            if self._serve(app_settings):
                return
            last = self.server_log()
            self._end_server()
        self.stop()
        raise RuntimeError(f"JupyterLab did not start on any of 4 ports:\n{last}")

    def _serve(self, app_settings: Path) -> bool:
        """Start the server on a fresh port; True once it answers there as JupyterLab."""
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(self.tmp / "runtime"), TQDM_DISABLE="1",
                   JUPYTER_TOKEN=self.token)
        env.pop("JUPYTER_TOKEN_FILE", None)
        env.setdefault("NEKO_LAB_QUICK", "1")
        cmd = [sys.executable, "-m", "jupyter", "lab", "--no-browser", "--allow-root",
               "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={self.port}", "--ServerApp.port_retries=0",
               f"--ServerApp.root_dir={self.root}",
               "--LabApp.expose_app_in_browser=True", f"--LabApp.app_settings_dir={app_settings}",
               # a notebook drawing many boards at once sends more than Jupyter's 1,000 messages a second;
               # above the limit the server holds output back, and a board or the kernel's "idle" is late
               "--ServerApp.iopub_msg_rate_limit=100000",
               f"--LabApp.user_settings_dir={self.tmp / 'user-settings'}",
               f"--LabApp.workspaces_dir={self.tmp / 'workspaces'}"]
        self._log = open(self.tmp / "jupyter.log", "wb")
        self.proc = subprocess.Popen(cmd, stdout=self._log, stderr=subprocess.STDOUT, env=env,
                                     cwd=self.root, start_new_session=True, preexec_fn=_end_with(os.getpid()))
        deadline = time.monotonic() + self.startup_timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                if "already in use" in self.server_log():
                    return False
                raise RuntimeError(f"JupyterLab exited early:\n{self.server_log()}")
            if self._ours():
                try:
                    with urllib.request.urlopen(self.address("api/status"), timeout=2) as r:
                        if r.status == 200:
                            return True
                except (OSError, http.client.HTTPException):
                    pass
            time.sleep(0.3)
        self.stop()
        raise RuntimeError(f"JupyterLab did not answer within {self.startup_timeout:.0f} s")

    def _ours(self) -> bool:
        """The server wrote its runtime file for this port: what answers there is it, not a squatter
        (the check `neko-lab lab` makes of its own server)."""
        from neko_lab.lab import started_here
        return started_here(self.tmp / "runtime", self.proc.pid, self.port)

    def _end_server(self, grace: float = 0.0) -> None:
        """Stop the server: asked to end (it then shuts its kernels down) when `grace` is given, killed
        with its process group if it has not ended within it."""
        if self.proc is not None and self.proc.poll() is None:
            if grace:
                self.proc.terminate()       # our own server, by its process id
            try:
                self.proc.wait(timeout=grace or 0.001)
            except subprocess.TimeoutExpired:
                # the server started its own session, so its group holds only it and its kernels
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=10)
        self.proc = None
        if getattr(self, "_log", None) is not None:
            self._log.close()
            self._log = None

    def server_log(self) -> str:
        if self.tmp is None or not (self.tmp / "jupyter.log").exists():
            return ""
        return (self.tmp / "jupyter.log").read_text(errors="replace")[-4000:]

    def stop(self) -> None:
        self._end_server(grace=15)
        if self.tmp is not None:
            shutil.rmtree(self.tmp, ignore_errors=True)
            self.tmp = None

    # ------------------------------------------------------------------ notebooks
    def open(self, page, path: str, timeout: float = 90.0) -> "NotebookPage":
        nb = NotebookPage(page, self, path)
        nb.open(timeout)
        return nb


@contextlib.contextmanager
def browser_page(width: int = 1400, height: int = 1000) -> Iterator:
    """A Playwright page in headless Debian Chromium; the browser closes on exit."""
    require_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": width, "height": height})
            yield page
        finally:
            browser.close()


def write_notebook(path: Path, cells: list[str]) -> Path:
    """A notebook of these code cells (Python 3 kernel), written to `path`."""
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(c) for c in cells]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, path)
    return path


@contextlib.contextmanager
def board_notebook(folder: Path, name: str, cells: list[str], width: int = 1400, height: int = 1000,
                   timeout: float = 180.0) -> Iterator:
    """A notebook of these code cells, written as `name` in `folder`, opened in JupyterLab in Chromium
    at width x height and run: yields (the notebook page, its last board)."""
    path = write_notebook(folder / name, cells)
    with Lab(notebooks={name: path}) as lab, browser_page(width, height) as page:
        book = lab.open(page, name)
        book.run_all(timeout=timeout)
        yield book, book.last_board()


def button(page, text: str, nth: int = 0):
    """The widget button whose label is exactly `text` (icons drawn by CSS are not part of it)."""
    pattern = re.compile(r"^\s*" + re.escape(text) + r"\s*$")
    return page.locator(".jupyter-widgets button").filter(has_text=pattern).nth(nth)


_KERNEL_IDLE = """() => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  if (!w || !w.sessionContext || !w.sessionContext.session) return false;
  const k = w.sessionContext.session.kernel;
  return !!k && k.status === 'idle';
}"""

# 'done' once every code cell has run and the kernel is idle; 'error: ...' as soon as a cell failed
_ALL_RUN = """() => {
  const w = window.jupyterapp.shell.currentWidget;
  const cells = w.content.widgets.filter(c => c.model.type === 'code');
  for (const c of cells) {
    const bad = c.model.outputs.toJSON().find(o => o.output_type === 'error');
    if (bad) return 'error: ' + bad.ename + ': ' + bad.evalue + '\\nin cell:\\n' + c.model.sharedModel.getSource();
  }
  const k = w.sessionContext.session && w.sessionContext.session.kernel;
  if (!k || k.status !== 'idle') return false;
  const ran = cells.every(c => c.model.executionCount !== null && !c.node.classList.contains('jp-mod-running'));
  return ran ? 'done' : false;
}"""


class NotebookPage:
    """One notebook open in JupyterLab: wait for the kernel, run all cells, take screenshots."""

    def __init__(self, page, lab: Lab, path: str):
        self.page, self.lab, self.path = page, lab, path

    def open(self, timeout: float = 90.0) -> None:
        self.page.goto(self.lab.address(f"lab/tree/{self.path}"))
        self.page.wait_for_function(_KERNEL_IDLE, timeout=timeout * 1000, polling=250)

    def run_all(self, timeout: float = 180.0) -> None:
        """Run every cell and wait until each has run and the kernel is idle; fail on any error output."""
        # started, not awaited: the command's promise settles only when JupyterLab has every cell's reply,
        # and a page that never gets one would wait here with no time limit; _ALL_RUN below has one
        self.page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
        self.page.wait_for_timeout(500)
        try:
            status = self.page.wait_for_function(_ALL_RUN, timeout=timeout * 1000, polling=500).json_value()
        except Exception:
            self.screenshot(f"timeout-{Path(self.path).stem}")
            raise
        if status != "done":
            self.screenshot(f"error-{Path(self.path).stem}")
            raise AssertionError(f"{self.path}: a cell failed in JupyterLab: {status[:3000]}")

    def last_board(self, timeout: float = 30.0):
        """The last neko_lab board on the page (a notebook's final board), once it has rendered."""
        board = self.page.locator(".neko-board").last
        board.wait_for(timeout=timeout * 1000)
        return board

    def screenshot(self, name: str, full_page: bool = True, locator=None) -> Path:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        if locator is not None:
            locator.screenshot(path=str(path))
        else:
            self.page.screenshot(path=str(path), full_page=full_page)
        return path


# a lit click target of a board's picture whose name starts with the given prefix ("hand:", "pile:", ...)
LIT = ".neko-board .neko-picture [data-target^='{}'].neko-lit"


def choose_a_card(page, board):
    """Naéco: click hand cards until one has a green place (a card may fit nowhere face up); failing that,
    switch to face-down, which fits next to any card."""
    from playwright.sync_api import expect

    lit = LIT.replace(".neko-board ", "", 1)      # on this board only: a notebook may show several
    hand = board.locator(lit.format("hand:"))
    for down in (False, True):
        if down:
            board.locator(lit.format("facedown")).click()
            expect(board.locator(".neko-picture svg").first).to_contain_text("face-down: on")
        for k in range(hand.count()):
            name = hand.nth(k).get_attribute("data-target")
            hand.nth(k).click()
            expect(board.locator(f"[data-target='{name}'] rect[stroke='#d40']")).to_have_count(
                1, timeout=20_000)                                   # the card is shown as chosen
            cells = board.locator(lit.format("cell:"))
            if cells.count():
                return cells.first
    raise AssertionError("no card in hand fits anywhere")
