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
            with harness.urllib.request.urlopen(f"{lab.url}/api/status", timeout=5) as r:
                assert r.status == 200
    finally:
        squatter.close()
