"""The harness refuses to run without a browser: a missing Chromium fails the test (never skips it), and
browser tests leave the run only when NEKO_LAB_NO_BROWSER=1 asks for it."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

import harness


def _browser_conftest():
    spec = importlib.util.spec_from_file_location("browser_conftest", Path(__file__).with_name("conftest.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class _Item:
    def __init__(self, browser: bool):
        self.browser = browser

    def get_closest_marker(self, name):
        return object() if self.browser and name == "browser" else None


class _Config:
    def __init__(self):
        self.deselected = []
        self.hook = self

    def pytest_deselected(self, items):
        self.deselected.extend(items)


def test_missing_chromium_fails_the_test_with_what_to_install(monkeypatch):
    monkeypatch.setattr(harness, "CHROMIUM", "/nonexistent/chromium")
    assert "apt-get install -y chromium" in harness.browser_missing()
    with pytest.raises(pytest.fail.Exception, match="NEKO_LAB_NO_BROWSER=1"):
        harness.require_browser()


@pytest.mark.parametrize("flag, kept", [(None, 2), ("1", 1), ("0", 2)])
def test_browser_tests_are_deselected_only_on_request(monkeypatch, flag, kept):
    if flag is None:
        monkeypatch.delenv("NEKO_LAB_NO_BROWSER", raising=False)
    else:
        monkeypatch.setenv("NEKO_LAB_NO_BROWSER", flag)
    items, config = [_Item(True), _Item(False)], _Config()
    _browser_conftest().pytest_collection_modifyitems(config, items)
    assert len(items) == kept
    assert len(config.deselected) == 2 - kept
    assert all(not i.browser for i in items) or kept == 2


@pytest.mark.browser
def test_a_port_taken_before_the_server_binds_it_is_left_for_a_fresh_one(monkeypatch):
    """Another test's kernel can take the port found free before JupyterLab binds it; what answers there
    (a kernel's socket greets in bytes, not HTTP) must not be read as the server: the harness moves on."""
    import socket
    import threading

    squatter = socket.socket()
    squatter.bind(("127.0.0.1", 0))
    squatter.listen()
    taken = squatter.getsockname()[1]

    def greet():                        # answer like a kernel's socket: bytes that are no HTTP status line
        while True:
            try:
                conn, _ = squatter.accept()
            except OSError:
                return
            with conn:
                conn.sendall(b"\xff\x00\x00\x00\x00\x00\x00\x00\x01\x7f")

    threading.Thread(target=greet, daemon=True).start()
    real, ports = harness._free_port, []

    def first_the_taken_one():
        ports.append(taken if not ports else real())
        return ports[-1]

    monkeypatch.setattr(harness, "_free_port", first_the_taken_one)
    try:
        with harness.Lab() as lab:
            assert lab.port != taken and len(ports) == 2
            with harness.urllib.request.urlopen(lab.address("api/status"), timeout=5) as r:
                assert r.status == 200
    finally:
        squatter.close()


@pytest.mark.browser
def test_the_server_asks_for_a_token_that_is_on_no_command_line():
    """Any local user can reach a loopback port, and the server's kernels run code: it asks for a random
    token, which travels in its environment, where only its own user can read it."""
    import urllib.error

    with harness.Lab() as lab:
        with pytest.raises(urllib.error.HTTPError) as refused:
            harness.urllib.request.urlopen(f"{lab.url}/api/kernels", timeout=5)
        assert refused.value.code == 403
        with harness.urllib.request.urlopen(lab.address("api/kernels"), timeout=5) as r:
            assert r.status == 200
        assert len(lab.token) >= 32
        assert lab.token.encode() not in Path(f"/proc/{lab.proc.pid}/cmdline").read_bytes()


@pytest.mark.browser
def test_the_server_ends_when_the_test_process_is_killed(tmp_path):
    """A test run killed outright (no clean-up runs) leaves no JupyterLab behind."""
    import os
    import signal
    import subprocess
    import sys
    import time

    script = ("import sys; sys.path.insert(0, sys.argv[1]); import harness, time\n"
              "lab = harness.Lab(); lab.start()\n"
              "print(lab.proc.pid, lab.port, lab.tmp, flush=True); time.sleep(600)\n")
    test_run = subprocess.Popen([sys.executable, "-c", script, str(Path(harness.__file__).parent)],
                                stdout=subprocess.PIPE, text=True)
    try:
        pid, port, tmp = test_run.stdout.readline().split()
        pid, port = int(pid), int(port)
    finally:
        test_run.kill()                    # SIGKILL: the harness's own clean-up never runs
        test_run.wait()
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                break
            if Path(f"/proc/{pid}/stat").read_text().split(") ")[1].startswith("Z"):
                break                          # ended, waiting only to be reaped
            time.sleep(0.2)
        else:
            os.killpg(pid, signal.SIGKILL)     # do not leave it running, then fail
            raise AssertionError("JupyterLab kept running after the test process was killed")
    finally:
        harness.shutil.rmtree(tmp, ignore_errors=True)
    with harness.socket.socket() as s:
        # as a server binds: connections the ended server closed may leave the port in TIME_WAIT, which
        # refuses a plain bind; what must be gone is a listener, and SO_REUSEADDR still refuses that
        s.setsockopt(harness.socket.SOL_SOCKET, harness.socket.SO_REUSEADDR, 1)
        s.bind(("127.0.0.1", port))        # its port is free again
