"""Where the tests find the command-line program and the shared data.

WAYFIND_CLI: the wayfind program to compare with (make test sets it);
WAYFIND_SHARED: the shared folder with movingai/ (default ../shared beside
the checkout). in_threads runs work on several Python threads at once."""
import os
import shutil
import threading

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


@pytest.fixture
def in_threads():
    """run(work, n=4): calls work(k) for k = 0 .. n - 1, each on its own
    Python thread, all let go at once; raises the first error one met."""
    def run(work, n=4):
        errors = []
        start = threading.Barrier(n)

        def one(k):
            try:
                start.wait()
                work(k)
            except Exception as e:  # pragma: no cover - raised below
                errors.append(e)

        ts = [threading.Thread(target=one, args=(k,)) for k in range(n)]
        for t in ts:
            t.start()
        for t in ts:
            t.join()
        if errors:
            raise errors[0]
    return run
