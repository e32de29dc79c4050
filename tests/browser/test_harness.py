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
