"""Browser tests (marker `browser`) drive JupyterLab in headless Chromium through tests/browser/harness.py.

They FAIL with a clear message when Chromium or Playwright is missing. To leave them out on purpose
(e.g. on a machine without a browser) set NEKO_LAB_NO_BROWSER=1: they are then deselected, and pytest
reports them as deselected, not as passed or skipped.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))


def pytest_collection_modifyitems(config, items):
    if os.environ.get("NEKO_LAB_NO_BROWSER") != "1":
        return
    keep, drop = [], []
    for item in items:
        (drop if item.get_closest_marker("browser") else keep).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep

