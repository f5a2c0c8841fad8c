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
