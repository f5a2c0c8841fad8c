"""Arguments are checked alike everywhere (issue 27, item 3): a point is
two whole numbers on the grid wherever one is taken, a budget or a thread
count an integer in its range, an option one of its values, an argument
of the wrong type a TypeError naming it."""
import math
import warnings

import numpy as np
import pytest

import wayfind

A, B = (0, 0), (6, 4)


@pytest.fixture
def grid():
    return wayfind.Grid(np.ones((5, 7)))


def point_takers(g, tmp_path):
    """Every function of the package that takes a point, as a call of
    that point (the other arguments fine)."""
    h = g.hierarchy()
    graph = wayfind.Graph.from_grid(g)
    return {
        "path start": lambda p: g.path(p, B),
        "path goal": lambda p: g.path(A, p),
        "paths start": lambda p: g.paths([A, p], [B, B]),
        "paths goal": lambda p: g.paths([A, A], [B, p]),
        "search": lambda p: g.search(p, B).cancel(),
        "hierarchy path": lambda p: h.path(p, B),
        "dijkstra": lambda p: g.dijkstra([A, p]),
        "view": lambda p: g.view(p, 0, 90, 5),
        "influence": lambda p: g.influence([(0, 0, 1.0, 2.0), (p[0], p[1], 1.0, 2.0)]),
        "set_terrain": lambda p: g.set_terrain(*p, 0),
        "passable": lambda p: g.passable(*p),
        "cell_node": lambda p: graph.cell_node(*p),
        "render_png": lambda p: g.render_png(tmp_path / "p.png", [[A, p]]),
    }


def test_paths_refuses_every_point_path_refuses(grid):
    # -2**63 passed as (0, 0) and NaN or 1e20 gave only a NumPy warning
    for v, cls in [(-2**63, wayfind.RangeError), (2**63 - 1, wayfind.RangeError),
                   (1e20, wayfind.RangeError), (-2.0**40, wayfind.RangeError),
                   (math.nan, wayfind.InvalidArgumentError),
                   (math.inf, wayfind.InvalidArgumentError),
                   (0.5, wayfind.InvalidArgumentError)]:
        with pytest.raises(cls):
            grid.path((v, 0), B)
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # no NumPy cast warning instead
            with pytest.raises(cls, match=r"query 1's start \("):
                grid.paths(np.array([[0, 0], [v, 0]]), np.array([B, B]))
            with pytest.raises(cls, match=r"query 1's goal \("):
                grid.paths(np.array([A, A]), np.array([B, [0, v]]))
    with pytest.raises(wayfind.RangeError, match=r"query 0's start \(-9223372036854775808, 0\) "
                                                 r"is off the 7 x 5 grid"):
        grid.paths(np.array([[-2**63, 0]]), np.array([B]))
    with pytest.raises(wayfind.RangeError, match=r"query 0's goal \(7, 0\)"):
        grid.paths([A], [(7, 0)])
    with pytest.raises(wayfind.RangeError):  # past 64 bits
        grid.paths([(2**70, 0)], [B])


def test_non_integer_coordinates_are_refused_everywhere(grid, tmp_path):
    # (-0.9, 0) became (0, 0) and (0.5, 0) was truncated
    for name, call in point_takers(grid, tmp_path).items():
        for v, shown in [(-0.9, r"-0\.9"), (0.5, r"0\.5"), (math.nan, "nan"),
                         (math.inf, "inf"), (np.float32(2.5), r"2\.5")]:
            with pytest.raises(wayfind.InvalidArgumentError,
                               match=r"x must be a whole number, not " + shown):
                call((v, 0))
            with pytest.raises(wayfind.InvalidArgumentError, match="y must be a whole number"):
                call((0, v))
        for v in ("1", None, 1j, b"1"):
            with pytest.raises(wayfind.InvalidArgumentError, match="whole number"):
                call((v, 0))
        # past the 32 bits of a coordinate: the same error class everywhere
        for v in (-2**63, 2**31, 2**70, -1e20):
            with pytest.raises(wayfind.RangeError):
                call((v, 0))
        # integral floats are whole numbers, for every function alike
        call((3.0, np.float64(2.0)))
        call((np.int64(3), np.uint8(2)))
    assert grid.path((0.0, 0.0), (6.0, 4.0)).cost == grid.path(A, B).cost


def test_unknown_option_values_are_refused(grid):
    # fallback='x' was taken as True
    flags = "one of: False, True"
    cases = [
        (lambda: grid.path(A, B, fallback="x"), r"unknown fallback 'x' \(" + flags),
        (lambda: grid.paths([A], [B], fallback="no"), "unknown fallback 'no'"),
        (lambda: grid.search(A, B, fallback=2), "unknown fallback 2"),
        (lambda: grid.path(A, B, connect="8"), r"unknown connect '8' \(one of: 4, 8\)"),
        (lambda: wayfind.Grid(np.ones((2, 2)), connect=6), r"one of: 4, 8"),
        (lambda: grid.view(A, 0, 90, 5, fade="x"), "unknown fade 'x'"),
        (lambda: wayfind.blend([np.ones(2)], [1.0], normalise="x"), "unknown normalise"),
        (lambda: wayfind.Graph([(0, 1)], [1.0], nodes=2, two_way="x"), "unknown two_way"),
        (lambda: wayfind.generate("maze", 9, 9, movingai_costs="x"), "unknown movingai_costs"),
        (lambda: wayfind.generate(5, 9, 9), r"unknown world kind 5 \(one of: caves, islands"),
        (lambda: grid.path(A, B, algo="x"), r"unknown algorithm 'x' \(one of: "),
        (lambda: grid.path(A, B, heuristic="x"), r"unknown heuristic 'x' \(one of: "),
        (lambda: grid.path(A, B, corners="x"), r"unknown corner rule 'x' \(one of: "),
        (lambda: grid.influence([(1, 1, 1, 1)], kind="x"), r"unknown falloff 'x' \(one of: "),
        (lambda: grid.influence([(1, 1, 1, 1)], distance="x"), r"unknown distance 'x'"),
    ]
    for call, match in cases:
        with pytest.raises(wayfind.InvalidArgumentError, match=match):
            call()
    for on in (True, 1, np.True_):
        assert grid.path(A, B, fallback=on).status == "ok"
    assert grid.path(A, B, fallback=False, connect=4).cost == 10


def test_step_budget_is_checked(grid):
    # step(-1) ran to the end, step(2**64) said "must be >= 1"
    s = grid.search(A, B)
    for bad in (-1, 0, -2**70):
        with pytest.raises(wayfind.InvalidArgumentError, match="budget must be >= 1"):
            s.step(bad)
    for bad in (2**64, 2**100):
        with pytest.raises(wayfind.InvalidArgumentError,
                           match="budget must be <= 18446744073709551615"):
            s.step(bad)
    for bad in (1.5, 3.0, "7", None):
        with pytest.raises(TypeError, match="budget must be an integer"):
            s.step(bad)
    assert s.running  # nothing above ran it
    assert s.step(np.int64(1)) is None
    p = s.step(2**64 - 1)
    assert p.cost == grid.path(A, B).cost and not s.running


def test_thread_counts_agree_with_pool(grid):
    # paths() clamped 0, -1 and 1000 silently where Pool(0) raised
    for bad in (0, -1, 1000, 2**40):
        with pytest.raises(wayfind.InvalidArgumentError, match="threads must be") as pool:
            wayfind.Pool(bad)
        with pytest.raises(wayfind.InvalidArgumentError, match="threads must be") as batch:
            grid.paths([A], [B], threads=bad)
        assert str(pool.value) == str(batch.value)
    for bad in (1.5, "2"):
        with pytest.raises(TypeError, match="threads must be an integer") as pool:
            wayfind.Pool(bad)
        with pytest.raises(TypeError, match="threads must be an integer") as batch:
            grid.paths([A], [B], threads=bad)
        assert str(pool.value) == str(batch.value)
    assert wayfind.Pool(256).threads == 256
    assert grid.paths([A], [B], threads=256)[0].cost == grid.path(A, B).cost


def test_arguments_of_the_wrong_type_name_themselves(grid, tmp_path):
    # load_hierarchy(p, None) raised AttributeError: _move
    f = tmp_path / "g.ch"
    grid.hierarchy().save(f)
    grid.jump_table().save(tmp_path / "g.jump", grid._g)
    cases = [
        (lambda: wayfind.load_hierarchy(f, None), "grid must be a wayfind.Grid, not NoneType"),
        (lambda: wayfind.load_hierarchy(f, grid._g), "grid must be a wayfind.Grid"),
        (lambda: wayfind.load_jumps(tmp_path / "g.jump", None), "grid must be a wayfind.Grid"),
        (lambda: wayfind.Graph.from_grid(None), "grid must be a wayfind.Grid"),
        (lambda: wayfind.load_hierarchy(None, grid), "path must be a file path"),
        (lambda: wayfind.load_jumps(3, grid), "path must be a file path"),
        (lambda: wayfind.load(None), "path must be a file path"),
        (lambda: wayfind.load(f, legend=3), "legend must be a file path"),
        (lambda: wayfind.load_scen(None), "path must be a file path"),
        (lambda: wayfind.load_graph(None), "path must be a file path"),
        (lambda: grid.hierarchy().save(None), "path must be a file path"),
        (lambda: grid.render_png(None), "file must be a file path"),
        (lambda: grid.paths([A], [B], pool=2), "pool must be a wayfind.Pool, not int"),
    ]
    for call, match in cases:
        with pytest.raises(TypeError, match=match):
            call()
    assert wayfind.load_hierarchy(f, grid).path(A, B).cost == pytest.approx(grid.path(A, B).cost)


def test_batch_paths_name_their_engine():
    # paths()[i].engine was None where path().engine named the engine
    g = wayfind.generate("caves", 60, 40, seed=3)
    free = np.argwhere(np.isfinite(g.costs))[:, ::-1]
    starts, goals = free[:12], free[-12:]
    for algo in ("astar", "dijkstra", "jps", "auto"):
        one = [g.path(s, t, algo=algo) for s, t in zip(starts, goals)]
        many = g.paths(starts, goals, algo=algo, threads=2)
        assert [p.engine for p in many] == [p.engine for p in one]
        assert all(p.engine in wayfind.ALGORITHMS for p in many)
        assert [(p.expanded, p.generated) for p in many] == \
               [(p.expanded, p.generated) for p in one]
    assert g.paths(starts[:1], goals[:1], algo="jps")[0].engine == "jps"
