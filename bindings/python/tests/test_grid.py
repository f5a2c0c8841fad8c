"""Grids from arrays, paths, and the errors bad input gets."""
import math

import numpy as np
import pytest

import wayfind

SQRT2 = math.sqrt(2)


def wall_grid():
    costs = np.ones((5, 7))
    costs[1:4, 3] = np.inf
    return costs


def test_path_round_a_wall():
    g = wayfind.Grid(wall_grid())
    p = g.path((0, 2), (6, 2))
    assert p.found and p.status == "ok"
    assert p.cells.dtype == np.int32 and p.cells.shape == (7, 2)
    assert p.cells[0].tolist() == [0, 2] and p.cells[-1].tolist() == [6, 2]
    assert p.cost == pytest.approx(2 + 4 * SQRT2)
    # every step is one move onto a free cell
    steps = np.abs(np.diff(p.cells, axis=0))
    assert (steps.max(axis=1) == 1).all()
    assert all(math.isfinite(wall_grid()[y, x]) for x, y in p.cells)


def test_costs_are_kept_exactly():
    costs = np.array([[1.0, 2.5, 1.0], [1.0, 7.25, 1.0], [1.0, 1.0, 1.0]])
    g = wayfind.Grid(costs)
    assert np.array_equal(g.costs, costs)
    # along the top row 2.5 + 1; round the 7.25 below, 2 + 2 * sqrt(2)
    assert g.path((0, 0), (2, 0)).cost == 3.5
    assert g.path((0, 0), (2, 0), connect=4).cost == 3.5
    assert g.path((0, 2), (2, 2)).cost == 2.0
    # past the 7.25 diagonally through the cheap row below
    assert g.path((0, 1), (2, 1)).cost == pytest.approx(2 * SQRT2)


def test_unreachable_goal_is_not_an_error():
    costs = np.ones((3, 5))
    costs[:, 2] = np.inf
    p = wayfind.Grid(costs).path((0, 0), (4, 0))
    assert not p and not p.found and p.status == "no_path"
    assert len(p) == 0 and p.cells.shape == (0, 2) and p.cost == math.inf
    p = wayfind.Grid(costs).path((0, 0), (4, 0), fallback=True)
    assert p.status == "partial" and p.cells[-1].tolist() == [1, 0]


@pytest.mark.parametrize("start,goal", [((3, 2), (0, 0)), ((0, 0), (3, 1))])
def test_blocked_point_raises(start, goal):
    with pytest.raises(wayfind.BlockedError, match=r"blocked") as e:
        wayfind.Grid(wall_grid()).path(start, goal)
    assert isinstance(e.value, wayfind.Error)


@pytest.mark.parametrize("point", [(7, 0), (-1, 0), (0, 5), (0, -3), (10**12, 0)])
def test_point_off_the_grid_raises(point):
    g = wayfind.Grid(wall_grid())
    with pytest.raises(wayfind.Error):
        g.path(point, (0, 0))
    with pytest.raises(wayfind.Error):
        g.path((0, 0), point)


def test_off_grid_is_a_range_error_naming_the_point():
    with pytest.raises(wayfind.RangeError, match=r"goal \(9, 9\) is off the 7 x 5 grid"):
        wayfind.Grid(wall_grid()).path((0, 0), (9, 9))


@pytest.mark.parametrize("costs,match", [
    (np.ones((2, 2, 2)), "2-D"),
    (np.ones(5), "2-D"),
    (np.ones((0, 3)), "at least one cell"),
    (np.array([[1.0, np.nan]]), "NaN"),
    (np.array([[1.0, 0.0]]), "> 0"),
    (np.array([[1.0, -2.0]]), "> 0"),
    (np.array([[1.0, -np.inf]]), "> 0"),
])
def test_bad_cost_arrays(costs, match):
    with pytest.raises(wayfind.InvalidArgumentError, match=match):
        wayfind.Grid(costs)


def test_too_many_distinct_costs():
    with pytest.raises(wayfind.TooBigError, match="256 distinct costs"):
        wayfind.Grid(np.arange(1, 257, dtype=float).reshape(16, 16))


def test_any_numeric_dtype_and_layout():
    base = wall_grid()
    for a in (base.astype(np.float32), np.asfortranarray(base), base[:, ::-1][:, ::-1],
              base.tolist()):
        assert wayfind.Grid(a).path((0, 2), (6, 2)).cost == pytest.approx(2 + 4 * SQRT2)


def test_terrain_and_cost_table():
    terrain = np.zeros((4, 6), dtype=np.uint8)
    terrain[:, 2] = 1
    table = np.full(256, np.inf)
    table[0] = 1.0
    table[1] = 5.0
    g = wayfind.Grid(terrain=terrain, cost_table=table)
    assert g.path((0, 0), (5, 0)).cost == pytest.approx(9.0)
    # a filter makes terrain 1 cheap for this unit only
    assert g.path((0, 0), (5, 0), filter={1: 0.2}).cost == pytest.approx(5.0)
    assert not g.path((0, 0), (5, 0), filter={1: np.inf})
    t = g.terrain
    assert t.shape == (4, 6) and t.dtype == np.uint8 and not t.flags.writeable
    g.set_terrain(2, 1, 0)
    assert t[1, 2] == 0  # a view, not a copy
    with pytest.raises(wayfind.InvalidArgumentError, match="uint8"):
        wayfind.Grid(terrain=terrain.astype(float), cost_table=table)
    with pytest.raises(wayfind.InvalidArgumentError, match="256 costs"):
        wayfind.Grid(terrain=terrain, cost_table=table[:10])
    with pytest.raises(wayfind.InvalidArgumentError, match="256 multipliers"):
        g.path((0, 0), (5, 0), filter=np.ones(3))


def test_options_are_checked():
    g = wayfind.Grid(wall_grid())
    with pytest.raises(wayfind.InvalidArgumentError, match="unknown algorithm"):
        g.path((0, 0), (6, 0), algo="bfs")
    with pytest.raises(wayfind.InvalidArgumentError, match="corner rule"):
        g.path((0, 0), (6, 0), corners="sometimes")
    with pytest.raises(wayfind.InvalidArgumentError, match="connect"):
        g.path((0, 0), (6, 0), connect=6)
    with pytest.raises(wayfind.InvalidArgumentError):
        g.path((0, 0), (6, 0), weight=0.5)
    with pytest.raises(wayfind.InvalidArgumentError, match="overlay"):
        g.path((0, 0), (6, 0), overlay=np.zeros((2, 2)))
    with pytest.raises(wayfind.InvalidArgumentError, match=r"\(x, y\) pair"):
        g.path(3, (6, 0))
    with pytest.raises(TypeError):
        g.path((0, 0), (6, 0), colour="red")


def test_algorithms_agree_and_say_which_ran():
    rng = np.random.default_rng(5)
    costs = np.where(rng.random((40, 60)) < 0.25, np.inf, 1.0)
    g = wayfind.Grid(costs)
    free = np.argwhere(np.isfinite(costs))
    for _ in range(30):
        (y0, x0), (y1, x1) = free[rng.integers(len(free), size=2)]
        ref = g.path((x0, y0), (x1, y1))
        for algo in ("dijkstra", "jps", "auto"):
            p = g.path((x0, y0), (x1, y1), algo=algo)
            assert p.found == ref.found
            if p.found:
                assert p.cost == pytest.approx(ref.cost, rel=1e-12)
        if ref.found:
            assert g.path((x0, y0), (x1, y1), algo="jps").engine == "jps"


def test_jump_tables(tmp_path):
    rng = np.random.default_rng(9)
    costs = np.where(rng.random((60, 90)) < 0.2, np.inf, 1.0)
    g = wayfind.Grid(costs)
    t = g.jump_table()
    assert t.bytes > 0 and t.current(g._g)
    free = np.argwhere(np.isfinite(costs))[:, ::-1]
    for _ in range(30):
        a, b = free[rng.integers(len(free), size=2)]
        ref = g.path(a, b)
        p = g.path(a, b, algo="jps+", jumps=t)
        assert p.found == ref.found
        if p.found:
            assert p.cost == pytest.approx(ref.cost, rel=1e-12) and p.engine == "jps+"
    assert g.path(free[0], free[1], algo="auto", jumps=t).engine in ("jps+", "jps")
    f = tmp_path / "g.jump"
    t.save(f, g._g)
    t2 = wayfind.load_jumps(f, g)
    assert g.path(free[0], free[-1], algo="jps+", jumps=t2).cost == g.path(free[0], free[-1]).cost
    with pytest.raises(wayfind.InvalidArgumentError, match="jump table"):
        g.path(free[0], free[-1], algo="jps+")
    other = wayfind.Grid(np.ones((60, 90)))
    with pytest.raises(wayfind.ParseError):
        wayfind.load_jumps(f, other)
    f.write_bytes(f.read_bytes()[:100])
    with pytest.raises(wayfind.ParseError):
        wayfind.load_jumps(f, g)
    g.set_terrain(*free[3], wayfind.WALL)
    with pytest.raises(wayfind.InvalidArgumentError, match="stale"):
        g.path(free[0], free[-1], algo="jps+", jumps=t)



def test_hierarchy(tmp_path):
    g = wayfind.generate("islands", 120, 80, seed=6)
    rng = np.random.default_rng(4)
    free = np.argwhere(np.isfinite(g.costs))[:, ::-1]
    h = g.hierarchy()
    assert h.info["nodes"] == len(free) and h.info["shortcuts"] > 0
    for _ in range(60):
        a, b = free[rng.integers(len(free), size=2)]
        ref, p = g.path(a, b), h.path(a, b)
        assert p.found == ref.found
        if p.found:
            assert p.cost == pytest.approx(ref.cost, rel=1e-12)
            assert tuple(p.cells[0]) == tuple(a) and tuple(p.cells[-1]) == tuple(b)
    # another unit: 4-connected, shallows (terrain code of cost 2) dearer
    shallow = int(g.terrain[tuple(np.argwhere(g.costs == 2)[0])])
    h4 = g.hierarchy(connect=4, filter={shallow: 3.0})
    a, b = free[0], free[-1]
    assert h4.path(a, b).cost == pytest.approx(
        g.path(a, b, connect=4, filter={shallow: 3.0}).cost, rel=1e-12)
    f = tmp_path / "g.ch"
    h4.save(f)
    back = wayfind.load_hierarchy(f, g, connect=4, filter={shallow: 3.0})
    assert back.path(a, b).cost == h4.path(a, b).cost
    with pytest.raises(wayfind.ParseError, match="another unit"):
        wayfind.load_hierarchy(f, g)
    f.write_bytes(f.read_bytes()[:100])
    with pytest.raises(wayfind.ParseError, match="truncated"):
        wayfind.load_hierarchy(f, g, connect=4, filter={shallow: 3.0})
    with pytest.raises(wayfind.RangeError):
        h.path((-1, 0), b)
    g.set_terrain(*free[0], wayfind.WALL)  # an edit: the hierarchy is stale
    with pytest.raises(wayfind.InvalidArgumentError, match="edited"):
        h.path(free[1], b)

def test_weighted_jps_equals_astar():
    world = wayfind.generate("islands", 128, 96, seed=5)
    sea = np.argwhere(np.isfinite(world.costs))[:, ::-1]
    rng = np.random.default_rng(2)
    for _ in range(40):
        a, b = sea[rng.integers(len(sea), size=2)]
        ref = world.path(a, b)
        p = world.path(a, b, algo="jpsw")
        assert p.found == ref.found
        if p.found:
            assert p.cost == pytest.approx(ref.cost, rel=1e-12) and p.engine == "jpsw"


def test_jps_refuses_what_it_cannot_answer():
    costs = np.ones((3, 3))
    costs[1, 1] = 2.0
    with pytest.raises(wayfind.InvalidArgumentError, match="jps"):
        wayfind.Grid(costs).path((0, 0), (2, 2), algo="jps")


def test_overlay_and_size():
    g = wayfind.Grid(np.ones((6, 6)))
    over = np.zeros((6, 6))
    over[:, 2] = 100
    assert g.path((0, 0), (5, 0), overlay=over).cost > 100
    assert g.path((0, 0), (4, 4), size=2).cost == pytest.approx(4 * SQRT2)
    with pytest.raises(wayfind.BlockedError):
        g.path((0, 0), (5, 5), size=2)


def test_dijkstra_map_matches_paths():
    costs = wall_grid()
    g = wayfind.Grid(costs)
    d = g.dijkstra([(6, 2)])
    assert d.dtype == np.float32 and d.shape == (5, 7)
    assert np.isinf(d[1, 3]) and d[2, 6] == 0
    for y in range(5):
        for x in range(7):
            if math.isfinite(costs[y, x]):
                assert d[y, x] == pytest.approx(g.path((x, y), (6, 2)).cost, rel=1e-6)
    d2 = g.dijkstra([(0, 0), (6, 4)], values=[0.0, 100.0])
    assert d2[4, 6] == pytest.approx(min(100.0, g.path((6, 4), (0, 0)).cost), rel=1e-6)
    with pytest.raises(wayfind.RangeError):
        g.dijkstra([(9, 9)])


def test_edits_take_effect():
    g = wayfind.Grid(np.ones((3, 5)))
    assert g.path((0, 1), (4, 1)).cost == pytest.approx(4)
    for y in range(3):
        g.set_terrain(2, y, wayfind.WALL)
    assert not g.path((0, 1), (4, 1))
    g.set_cost(wayfind.WALL, 3.0)
    assert g.path((0, 1), (4, 1)).cost == pytest.approx(6)
    c = g.copy()
    g.set_cost(wayfind.WALL, np.inf)
    assert c.path((0, 1), (4, 1)).found and not g.path((0, 1), (4, 1))
    with pytest.raises(wayfind.RangeError):
        g.set_terrain(5, 0, 0)
    with pytest.raises(wayfind.InvalidArgumentError):
        g.set_cost(3, -5.0)
