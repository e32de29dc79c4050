"""Test set-up shared by the whole suite.

tests/ is put on sys.path and on PYTHONPATH so the toy game (tests/toygame.py) can be imported here and
by worker processes (process pools, Dask workers) started from the tests.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent
if str(TESTS) not in sys.path:
    sys.path.insert(0, str(TESTS))
os.environ["PYTHONPATH"] = os.pathsep.join(
    p for p in [str(TESTS), os.environ.get("PYTHONPATH", "")] if p)
os.environ.setdefault("TQDM_DISABLE", "1")

import pytest  # noqa: E402
import toygame  # noqa: E402,F401  registers the "toy" game


def pytest_addoption(parser):
    parser.addoption("--nightly", action="store_true", default=False,
                     help="run the conformance suite at nightly size (many more random games)")


def pytest_collection_finish(session):
    """The toy game is imported once, as `toygame`: imported again as `tests.toygame` it would register a
    second "toy" class, whose moves equal none of the first one's, and tests run after it would fail."""
    if "tests.toygame" in sys.modules:
        raise pytest.UsageError("import the toy game as `toygame`, not `tests.toygame` (tests/conftest.py)")
