"""Searches in parallel: Python threads (the GIL released) and the
library's own pool give the answers one thread gives."""
import numpy as np
import pytest

import wayfind


@pytest.fixture(scope="module")
def world():
    g = wayfind.generate("caves", 200, 150, seed=11)
    free = np.argwhere(np.isfinite(g.costs))[:, ::-1]
    rng = np.random.default_rng(3)
    starts = free[rng.integers(len(free), size=200)]
    goals = free[rng.integers(len(free), size=200)]
    return g, starts, goals


def test_batch_equals_one_at_a_time(world):
    g, starts, goals = world
    one = [g.path(s, t) for s, t in zip(starts, goals)]
    for threads in (1, 2, 4):
        many = g.paths(starts, goals, threads=threads)
        assert [p.cost for p in many] == [p.cost for p in one]
        assert all(np.array_equal(a.cells, b.cells) for a, b in zip(many, one))
    with pytest.raises(wayfind.InvalidArgumentError):
        g.paths(starts, goals[:-1])
    with pytest.raises(wayfind.RangeError, match="query 0's start"):
        g.paths([(-1, 0)], [(0, 0)])


def test_python_threads_share_a_grid(world, in_threads):
    g, starts, goals = world
    want = [g.path(s, t).cost for s, t in zip(starts, goals)]
    got = [None] * len(want)

    def work(k):
        for i in range(k, len(want), 4):
            got[i] = g.path(starts[i], goals[i]).cost

    in_threads(work, 4)
    assert got == want


def edits_refused_while(grid, call):
    """Runs call() on a thread while this one tries to edit grid: how many
    edits were refused as 'searched by another thread'. A call that held
    the GIL throughout could refuse none (the grid is busy only while it is
    released)."""
    import threading
    done = threading.Event()
    errors = []

    def work():
        try:
            call()
        except Exception as e:  # pragma: no cover - raised below
            errors.append(e)
        finally:
            done.set()

    t0 = int(grid.terrain[0, 0])
    refused = 0
    t = threading.Thread(target=work)
    t.start()
    while not done.is_set():
        try:
            grid.set_terrain(0, 0, t0)
        except wayfind.Error as e:
            assert "another thread" in str(e)
            refused += 1
    t.join()
    if errors:
        raise errors[0]
    return refused


def test_long_builds_and_saves_release_the_gil(tmp_path):
    grid = wayfind.generate("caves", 512, 512, seed=3)
    assert edits_refused_while(grid, lambda: wayfind.Graph.from_grid(grid)) > 0
    assert edits_refused_while(grid, lambda: wayfind.Mesh.from_grid(grid)) > 0
    small = wayfind.generate("caves", 160, 120, seed=3)
    h = small.hierarchy()
    assert edits_refused_while(small, lambda: [h.save(tmp_path / "h.ch")
                                               for _ in range(20)]) > 0
