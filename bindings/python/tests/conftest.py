"""Where the tests find the command-line program and the shared data.

WAYFIND_CLI: the wayfind program to compare with (make test sets it);
WAYFIND_SHARED: the shared folder with movingai/ (default ../shared beside
the checkout)."""
import os
import shutil

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))


@pytest.fixture(scope="session")
def cli():
    path = os.environ.get("WAYFIND_CLI") or shutil.which("wayfind")
    if not path:
        pytest.skip("no wayfind program: set WAYFIND_CLI")
    return path


@pytest.fixture(scope="session")
def movingai():
    shared = os.environ.get("WAYFIND_SHARED") or os.path.join(ROOT, "..", "shared")
    d = os.path.join(shared, "movingai")
    if not os.path.isdir(d):
        pytest.skip(f"no Moving AI folder at {d}: set WAYFIND_SHARED")
    return d
