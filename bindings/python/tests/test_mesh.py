"""wayfind.Mesh: its paths are the grid's exact any-angle paths (Anya's,
through the extension's private search_any_angle) on random grids and
Moving AI maps, the same from many threads at once as from one; its
other queries; its arguments checked with clear errors, never a crash."""
import json
import math
import threading
import os
import subprocess

import numpy as np
import pytest

import wayfind
from wayfind import _c

TOL = 1e-9


def anya(grid, start, goal, size=1, filter=None, engine="anya"):
    """The grid's any-angle path between the centres of cells ``start``
    and ``goal`` under the one-free rule, as a Polyline."""
    opts = {"connect": 8, "corners": _c.CORNERS["one-free"], "size": size}
    if filter is not None:
        opts["filter"] = wayfind._filter(filter)
    r = _c.search_any_angle(wayfind._search(), grid._g, int(start[0]), int(start[1]),
                            int(goal[0]), int(goal[1]), _c.ANY_ANGLES[engine], **opts)
    return wayfind.Polyline(*r)


def centre(cell):
    return float(cell[0]) + 0.5, float(cell[1]) + 0.5


def stands(grid, size, filter_blocks=None):
    """(height, width) bools: may a unit of ``size`` stand with its anchor
    (top-left) cell there; ``filter_blocks`` a mask of cells its filter
    forbids."""
    free = np.isfinite(grid.costs)
    if filter_blocks is not None:
        free &= ~filter_blocks
    h, w = free.shape
    ok = np.zeros_like(free)
    for y in range(h - size + 1):
        for x in range(w - size + 1):
            ok[y, x] = free[y:y + size, x:x + size].all()
    return ok


def random_grid(seed, w=32, h=24):
    """Scattered walls and a few blocks: many corners, several pieces."""
    rng = np.random.default_rng(seed)
    costs = np.ones((h, w))
    costs[rng.random((h, w)) < 0.18 + 0.04 * (seed % 4)] = np.inf
    for _ in range(4):
        x, y = rng.integers(0, w - 4), rng.integers(0, h - 4)
        costs[y:y + rng.integers(2, 5), x:x + rng.integers(2, 5)] = np.inf
    return wayfind.Grid(costs), rng


def assert_same_path(mp, ap):
    assert mp.found == ap.found, (mp, ap, mp.message, ap.message)
    if ap.found:
        assert mp.length == pytest.approx(ap.length, abs=TOL, rel=0)
        assert mp.cost == pytest.approx(ap.cost, abs=TOL, rel=0)
        assert mp.points[0].tolist() == ap.points[0].tolist()
        assert mp.points[-1].tolist() == ap.points[-1].tolist()
    else:
        assert mp.length == mp.cost == math.inf and len(mp) == 0 and mp.message


def compare_with_anya(grid, mesh, pairs, size=1, filter=None):
    for s, t in pairs:
        assert_same_path(mesh.path(centre(s), centre(t)), anya(grid, s, t, size, filter))


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("size", [1, 2, 3])
def test_paths_equal_anya_on_random_grids(seed, size):
    grid, rng = random_grid(seed)
    mesh = wayfind.Mesh.from_grid(grid, size=size)
    ok = stands(grid, size)
    # the mesh covers exactly the anchor cells where the unit stands
    for y, x in np.ndindex(ok.shape):
        assert (mesh.locate(centre((x, y))) is not None) == ok[y, x], (x, y)
    cells = np.argwhere(ok)[:, ::-1]
    pairs = [(cells[i], cells[j]) for i, j in rng.integers(len(cells), size=(40, 2))]
    compare_with_anya(grid, mesh, pairs, size)


def test_paths_equal_the_mesh_engine_too():
    grid, rng = random_grid(11, 48, 40)
    mesh = wayfind.Mesh.from_grid(grid)
    cells = np.argwhere(np.isfinite(grid.costs))[:, ::-1]
    for i, j in rng.integers(len(cells), size=(30, 2)):
        s, t = cells[i], cells[j]
        assert_same_path(mesh.path(centre(s), centre(t)), anya(grid, s, t, engine="mesh"))


def test_filters_and_costs():
    rng = np.random.default_rng(5)
    codes = rng.integers(0, 3, size=(20, 30)).astype(np.uint8)
    codes[rng.random(codes.shape) < 0.15] = 255
    table = np.full(256, np.inf)
    table[0], table[1], table[2] = 2.0, 2.0, 4.0
    grid = wayfind.Grid(terrain=codes, cost_table=table)
    with pytest.raises(wayfind.InvalidArgumentError, match="must cost the same"):
        wayfind.Mesh.from_grid(grid)
    cells = np.argwhere(codes != 255)[:, ::-1]
    pairs = [(cells[i], cells[j]) for i, j in rng.integers(len(cells), size=(30, 2))]
    # terrain 2 forbidden: blocked; the others cost 2 a cell of path
    forbid = {2: np.inf}
    mesh = wayfind.Mesh.from_grid(grid, filter=forbid)
    assert mesh.info["cost"] == 2.0
    ok = stands(grid, 1, codes == 2)
    on = [(s, t) for s, t in pairs if ok[s[1], s[0]] and ok[t[1], t[0]]]
    assert on
    compare_with_anya(grid, mesh, on, filter=forbid)
    p = mesh.path(centre(on[0][0]), centre(on[0][1]))
    assert p.cost == pytest.approx(2 * p.length, rel=1e-15)
    # a filter that evens the costs out: every terrain costs 2
    even = {2: 0.5}
    mesh = wayfind.Mesh.from_grid(grid, filter=even)
    compare_with_anya(grid, mesh, pairs, filter=even)


def scenario_pairs(path, count):
    """About ``count`` of a scenario file's queries, spread over its
    buckets (short to long)."""
    pairs = []
    with open(path) as f:
        for line in f:
            w = line.split()
            if len(w) == 9:
                pairs.append(((int(w[4]), int(w[5])), (int(w[6]), int(w[7]))))
    return pairs[::max(1, len(pairs) // count)]


@pytest.mark.parametrize("name", ["dao/arena", "dao/den011d", "bg/AR0011SR"])
def test_paths_equal_anya_on_movingai_maps(movingai, name):
    map_path = os.path.join(movingai, name + ".map")
    grid = wayfind.load(map_path)
    mesh = wayfind.Mesh.from_grid(grid)
    pairs = scenario_pairs(map_path + ".scen", 60)
    assert len(pairs) >= 50
    compare_with_anya(grid, mesh, pairs)


def test_paths_equal_the_programs_anya(cli, movingai):
    map_path = os.path.join(movingai, "dao", "den011d.map")
    pairs = scenario_pairs(map_path + ".scen", 40)
    text = "".join(f"{s[0]} {s[1]} {t[0]} {t[1]}\n" for s, t in pairs)
    out = subprocess.run([cli, "path", map_path, "--any-angle", "anya", "--corners",
                          "one-free", "--format", "json", "--queries", "-"],
                         input=text, capture_output=True, text=True, check=True).stdout
    mesh = wayfind.Mesh.from_grid(wayfind.load(map_path))
    answers = [json.loads(line) for line in out.splitlines()]
    assert len(answers) == len(pairs)
    for (s, t), a in zip(pairs, answers):
        p = mesh.path(centre(s), centre(t))
        assert a["status"] == "ok" and p.found
        assert p.length == pytest.approx(a["length"], abs=TOL, rel=0)


def test_threads_share_a_mesh(in_threads):
    grid = wayfind.generate("caves", 160, 120, seed=11)
    mesh = wayfind.Mesh.from_grid(grid)
    pts = mesh.random_points(240, seed=7)  # real points, not only centres
    ends = list(zip(pts[0::2].tolist(), pts[1::2].tolist()))
    want = [mesh.path(s, t) for s, t in ends]
    assert sum(p.found for p in want) > len(want) // 2
    got = [None] * len(ends)

    def work(k):
        for _ in range(3):
            for i in range(k, len(ends), 4):
                got[i] = mesh.path(*ends[i])

    in_threads(work, 4)
    for a, b in zip(got, want):
        assert a.found == b.found and a.length == b.length and a.cost == b.cost
        assert np.array_equal(a.points, b.points)


@pytest.fixture(scope="module")
def wall():
    """A 7 x 5 room with a wall at x = 3 from y = 1 to 3, and the mesh
    of the same room cut in two by a full wall."""
    costs = np.ones((5, 7))
    costs[1:4, 3] = np.inf
    split = np.ones((5, 7))
    split[:, 3] = np.inf
    return (wayfind.Mesh.from_grid(wayfind.Grid(costs)),
            wayfind.Mesh.from_grid(wayfind.Grid(split)))


def test_queries(wall):
    mesh, split = wall
    p = mesh.path((0.5, 2.5), (6.5, 2.5))
    assert p.found and p.status == "ok" and p.message == ""
    assert p.points.dtype == np.float64 and p.points.shape == (len(p), 2)
    assert list(p) == [(0.5, 2.5), (3.0, 1.0), (4.0, 1.0), (6.5, 2.5)]
    assert p.length == pytest.approx(2 * math.hypot(2.5, 1.5) + 1, abs=TOL)
    assert mesh.locate((0.5, 0.5)) is not None and mesh.locate((3.5, 2.0)) is None
    assert mesh.nearest((1.0, 1.0)) == ((1.0, 1.0), mesh.locate((1.0, 1.0)))
    (x, y), poly = mesh.nearest((3.4, 2.0))
    assert (x, y) == (3.0, 2.0) and isinstance(poly, int)
    assert mesh.nearest((-10.0, 2.0))[0] == (0.0, 2.0)
    assert mesh.raycast((0.5, 0.5), (6.5, 0.5)) == (True, (6.5, 0.5))
    assert mesh.raycast((0.5, 2.5), (6.5, 2.5)) == (False, (3.0, 2.5))
    assert mesh.raycast((3.5, 2.5), (6.5, 2.5)) == (False, (3.5, 2.5))
    info = mesh.info
    assert set(info) == {"vertices", "polygons", "triangles", "pieces", "links", "bytes",
                         "scale", "cost"}
    assert len(mesh) == info["polygons"] > 0 and info["pieces"] == 1
    assert info["scale"] == 128.0 and info["cost"] == 1.0 and info["bytes"] > 0
    assert split.info["pieces"] == 2
    assert "polygons" in repr(mesh)
    # every polygon's edges lead to polygons that lead back
    for i in range(len(mesh)):
        corners, beyond = mesh.polygon(i)
        assert len(corners) == len(beyond) >= 3
        assert all(isinstance(c, tuple) and len(c) == 2 for c in corners)
        for j in beyond:
            assert j is None or i in mesh.polygon(j)[1]


def test_no_path_and_ends_off_the_mesh(wall):
    mesh, split = wall
    p = split.path((0.5, 2.5), (6.5, 2.5))
    assert not p.found and not p and p.status == "no_path"
    assert p.length == p.cost == math.inf and len(p) == 0 and p.points.shape == (0, 2)
    assert "separate pieces" in p.message
    with pytest.raises(wayfind.BlockedError, match=r"the start \(3\.5, 2\.5\) is not on"):
        mesh.path((3.5, 2.5), (0.5, 0.5))
    with pytest.raises(wayfind.BlockedError, match=r"the goal \(-1, 0\) is not on"):
        mesh.path((0.5, 0.5), (-1, 0))
    # a path may start where it ends
    assert mesh.path((1, 1), (1, 1)).length == 0


def test_random_points_are_deterministic_and_on_the_mesh(wall):
    mesh = wall[0]
    a = mesh.random_points(500, seed=3)
    assert a.shape == (500, 2) and a.dtype == np.float64
    assert np.array_equal(a, mesh.random_points(500, 3))
    assert np.array_equal(a[:10], mesh.random_points(10, 3))
    assert mesh.random_point(3) == tuple(a[0].tolist())
    assert not np.array_equal(a, mesh.random_points(500, 4))
    assert all(mesh.locate(p) is not None for p in a.tolist())
    # uniform by area: 32 of the 35 cells are free, 15 of them left of the wall
    left = np.mean(a[:, 0] < 3)
    assert abs(left - 15 / 32) < 0.08
    assert mesh.random_points(0, 1).shape == (0, 2)
    assert mesh.random_point(2**64 - 1) is not None


def test_a_mesh_without_walkable_cells():
    mesh = wayfind.Mesh.from_grid(wayfind.Grid(np.full((4, 5), np.inf)))
    assert len(mesh) == 0 and mesh.info["pieces"] == 0
    assert mesh.locate((1, 1)) is None and mesh.nearest((1, 1)) is None
    assert mesh.random_point(1) is None
    assert mesh.random_points(0, 1).shape == (0, 2)
    with pytest.raises(wayfind.InvalidArgumentError, match="no area"):
        mesh.random_points(3, 1)
    with pytest.raises(wayfind.RangeError, match="no polygons"):
        mesh.polygon(0)
    with pytest.raises(wayfind.BlockedError):
        mesh.path((1, 1), (2, 2))
    assert mesh.raycast((1, 1), (2, 2)) == (False, (1.0, 1.0))


BAD_PAIRS = [None, 3, 1.5, "ab", (1,), (1, 2, 3), [], {"x": 1}, np.zeros(3)]
BAD_NUMBERS = [math.nan, math.inf, -math.inf, np.float32("nan"), "1", None, 1j, b"1",
               (1, 2), np.array([1.0, 2.0])]


def point_takers(mesh):
    """Every Mesh call that takes a point, as a call of that point."""
    return {
        "path start": lambda p: mesh.path(p, (0.5, 0.5)),
        "path goal": lambda p: mesh.path((0.5, 0.5), p),
        "locate": mesh.locate,
        "nearest": mesh.nearest,
        "raycast start": lambda p: mesh.raycast(p, (0.5, 0.5)),
        "raycast end": lambda p: mesh.raycast((0.5, 0.5), p),
    }


def test_points_are_checked_everywhere(wall):
    for name, call in point_takers(wall[0]).items():
        for p in BAD_PAIRS:
            with pytest.raises(wayfind.InvalidArgumentError, match=r"must be an \(x, y\) pair"):
                call(p)
        for v in BAD_NUMBERS:
            with pytest.raises(wayfind.InvalidArgumentError,
                               match="x must be a finite number"):
                call((v, 0.5))
            with pytest.raises(wayfind.InvalidArgumentError,
                               match="y must be a finite number"):
                call((0.5, v))
        with pytest.raises(wayfind.RangeError, match="past a float's range"):
            call((10**400, 0))
        # every kind of real number is taken
        for p in [(1, 1), (np.int64(1), np.float32(1.5)), np.array([1.5, 1.0]), (True, 1)]:
            call(p)
    mesh = wall[0]
    # far out: no polygon, no nearest point; the searches say RangeError
    assert mesh.locate((1e300, 0)) is None and mesh.nearest((1e300, 0)) is None
    with pytest.raises(wayfind.RangeError, match="too far out"):
        mesh.path((1e300, 0.5), (0.5, 0.5))
    with pytest.raises(wayfind.RangeError, match="too far out"):
        mesh.raycast((0.5, 0.5), (0.5, -1e300))


def test_other_arguments_are_checked(wall):
    mesh = wall[0]
    n = len(mesh)
    for i in [1.0, "0", None, 0.5, np.float64(1)]:
        with pytest.raises(TypeError, match="polygon index must be an integer"):
            mesh.polygon(i)
    for i in [-1, n, 2**70, -2**70]:
        with pytest.raises(IndexError, match=f"polygon {i} is not one of the mesh's {n}"):
            mesh.polygon(i)
    assert mesh.polygon(np.int64(0)) == mesh.polygon(0)
    for seed in [1.5, "1", None]:
        with pytest.raises(TypeError, match="seed must be an integer"):
            mesh.random_point(seed)
        with pytest.raises(TypeError, match="seed must be an integer"):
            mesh.random_points(2, seed)
    for seed in [-1, 2**64]:
        with pytest.raises(wayfind.InvalidArgumentError, match="seed must be"):
            mesh.random_point(seed)
    with pytest.raises(wayfind.InvalidArgumentError, match="count must be >= 0"):
        mesh.random_points(-1, 1)
    with pytest.raises(TypeError, match="count must be an integer"):
        mesh.random_points(2.0, 1)
    with pytest.raises(TypeError, match="from_grid"):
        wayfind.Mesh()


def test_from_grid_arguments():
    grid = wayfind.Grid(np.ones((5, 7)))
    with pytest.raises(TypeError, match="grid must be a wayfind.Grid"):
        wayfind.Mesh.from_grid(np.ones((5, 7)))
    with pytest.raises(TypeError, match="size must be an integer"):
        wayfind.Mesh.from_grid(grid, size=1.5)
    with pytest.raises(wayfind.InvalidArgumentError, match="size must be >= 1"):
        wayfind.Mesh.from_grid(grid, size=0)
    with pytest.raises(wayfind.InvalidArgumentError, match="size must be 1 to 64"):
        wayfind.Mesh.from_grid(grid, size=65)
    with pytest.raises(wayfind.InvalidArgumentError, match="256 multipliers"):
        wayfind.Mesh.from_grid(grid, filter=[1.0, 2.0])
    bad = np.ones(256)
    bad[3] = np.nan
    with pytest.raises(wayfind.InvalidArgumentError):
        wayfind.Mesh.from_grid(grid, filter=bad)
    with pytest.raises(wayfind.InvalidArgumentError, match="must cost the same"):
        wayfind.Mesh.from_grid(wayfind.Grid(np.array([[1.0, 2.0], [1.0, 1.0]])))
    # a unit larger than the grid stands nowhere: an empty mesh, no error
    assert len(wayfind.Mesh.from_grid(grid, size=6)) == 0


def test_the_extension_refuses_bad_calls_without_crashing(wall):
    m = wall[0]._m
    with pytest.raises(TypeError):
        m.path(object(), 0.5, 0.5, 1.5, 1.5)
    with pytest.raises(TypeError):
        m.locate("a", 1)
    with pytest.raises(wayfind.InvalidArgumentError, match="not finite"):
        m.path(wayfind._search(), math.nan, 0.5, 1.5, 1.5)
    with pytest.raises(wayfind.InvalidArgumentError):
        m.raycast(math.nan, 0.5, 1.5, 1.5)
    assert m.locate(math.nan, 0.5) == -1 and m.nearest(math.inf, 0.5)[0] == -1
    with pytest.raises(wayfind.RangeError):
        m.polygon(-1)
    with pytest.raises(OverflowError):
        m.random_points(-1, 1)
    with pytest.raises(wayfind.InvalidArgumentError):
        m.random_points(1, -1)
    with pytest.raises(TypeError):
        _c.mesh_from_grid(None)
    with pytest.raises(TypeError):
        _c.Mesh()


def test_docstrings():
    for cls in (wayfind.Mesh, wayfind.Polyline):
        assert cls.__name__ in wayfind.__all__
        assert cls.__doc__ and len(cls.__doc__) > 80
    for name in ("from_grid", "path", "locate", "nearest", "raycast", "random_point",
                 "random_points", "polygon", "info", "__len__", "from_outlines",
                 "read_outlines", "read_tiled", "tiled_supported", "add_link", "links",
                 "update", "save", "load", "corridor", "funnel"):
        doc = getattr(wayfind.Mesh, name).__doc__
        assert doc and doc.strip(), name
    assert wayfind.Polyline.found.__doc__


# ---- meshes from outlines ---------------------------------------------------

DATA = os.path.join(os.path.dirname(__file__), "..", "..", "..", "tests", "data")
SQUARE = [(0, 0), (10, 0), (10, 10), (0, 10)]
PILLAR = np.array([(4, 2), (6, 2), (6, 8), (4, 8)], dtype=float)


def test_outlines_file_courtyard():
    m = wayfind.Mesh.read_outlines(os.path.join(DATA, "courtyard.outlines"))
    assert m.info["scale"] == 256 and m.info["cost"] == 1 and m.info["pieces"] == 1
    # below the well's tip and up past it: it bends round the well's corner
    # (11, 4) (or, as long, (9, 4)) and goes straight on, clear of its tip
    p = m.path((10, 1), (10, 8.5))
    assert p.length == pytest.approx(math.sqrt(10) + math.sqrt(21.25), abs=TOL)
    assert p.points[1].tolist() in ([11, 4], [9, 4])
    assert m.locate((10, 5)) is None and m.locate((10, 9.5)) is None
    assert m.locate((1, 9.5)) is not None
    # a radius closes what is narrower than twice it: the gaps of 1 round
    # the well and below the wall stay open for 0.25, the path longer
    r = wayfind.Mesh.read_outlines(os.path.join(DATA, "courtyard.outlines"), radius=0.25)
    assert r.path((10, 1), (10, 8.5)).length > p.length
    with pytest.raises(wayfind.FileError):
        wayfind.Mesh.read_outlines(os.path.join(DATA, "no such file.outlines"))


def test_outlines_path_round_an_obstacle():
    m = wayfind.Mesh.from_outlines([("walkable", SQUARE), ("obstacle", PILLAR, "pillar")],
                                   cost=3)
    p = m.path((5, 1), (5, 9))
    assert p.length == pytest.approx(6 + 2 * math.sqrt(2), abs=TOL)
    assert p.cost == pytest.approx(3 * p.length, abs=TOL)
    assert len(p) == 4 and p.points[1][1] == 2 and p.points[2][1] == 8


def test_crossing_outlines_make_their_union():
    bar = [(2, 2), (6, 2), (6, 4), (2, 4)]
    post = [(3, 1), (4, 1), (4, 6), (3, 6)]
    m = wayfind.Mesh.from_outlines([("walkable", SQUARE), ("obstacle", bar, "bar"),
                                    ("obstacle", post, "post")])
    # from under the post's foot (it sticks out of the bar) to over its
    # head, by the left: touching (3, 1), by the bar's (2, 2) and (2, 4),
    # touching (3, 6)
    p = m.path((3.5, 0.5), (3.5, 7))
    assert p.length == pytest.approx(math.hypot(1.5, 1.5) + 2 + math.hypot(1.5, 3),
                                     abs=TOL)
    with pytest.raises(wayfind.BlockedError):
        m.path((3.5, 3), (1, 1))


def test_an_outline_crossing_itself_is_refused_naming_it():
    bow = [(2, 2), (6, 2), (2, 6), (6, 6)]
    with pytest.raises(wayfind.InvalidArgumentError, match="bow crosses itself") as e:
        wayfind.Mesh.from_outlines([("walkable", SQUARE), ("obstacle", bow, "bow")])
    assert "near (4, 4)" in str(e.value)


@pytest.mark.parametrize("outlines, match", [
    ("walkable", "sequence of"),
    (5, "sequence of"),
    ([("walkable",)], "outline 1 must be"),
    ([("ground", SQUARE)], "kind must be 'walkable' or 'obstacle'"),
    ([("walkable", SQUARE, 7)], "a name must be a str"),
    ([("walkable", [(0, 0, 1), (1, 0, 1), (1, 1, 1)])], "pairs, not shape"),
    ([("walkable", [("a", 0), (1, 0), (1, 1)])], "pairs of numbers"),
    ([("walkable", SQUARE[:2])], "outline 1 has fewer than 3 points"),
    ([("walkable", [(0, 0), (math.nan, 0), (1, 1)])], "outline 1"),
    ([("obstacle", SQUARE)], "walkable"),
    ([], "walkable"),
])
def test_outline_arguments(outlines, match):
    with pytest.raises(wayfind.InvalidArgumentError, match=match):
        wayfind.Mesh.from_outlines(outlines)


def test_outline_options_are_checked():
    sq = [("walkable", SQUARE)]
    for kw in ({"scale": -1}, {"cost": -2}, {"radius": -1}, {"radius": math.nan},
               {"scale": "x"}, {"cost": None}):
        with pytest.raises(wayfind.InvalidArgumentError):
            wayfind.Mesh.from_outlines(sq, **kw)
    assert wayfind.Mesh.from_outlines(sq, scale=64).info["scale"] == 64
    with pytest.raises(TypeError):
        wayfind.Mesh.read_outlines(3)


# ---- off-mesh links ---------------------------------------------------------

def two_rooms():
    """Two 10 x 4 rooms, y 0 to 4 and 6 to 10, with nothing between."""
    return wayfind.Mesh.from_outlines([("walkable", [(0, 0), (10, 0), (10, 4), (0, 4)]),
                                       ("walkable", [(0, 6), (10, 6), (10, 10), (0, 10)])])


def test_a_link_is_taken_for_its_cost():
    m = two_rooms()
    assert not m.path((5, 1), (5, 9)).found and m.links == []
    assert m.add_link((5, 3), (5, 7), cost=2.5) == 0
    assert m.links == [((5, 3), (5, 7), 2.5, True)]
    p = m.path((5, 1), (5, 9))
    assert p.points.tolist() == [[5, 1], [5, 3], [5, 7], [5, 9]]
    assert p.links == [(0, 1)]
    # walked 2 + 2, plus the link's cost; its length counts its line
    assert p.cost == pytest.approx(4 + 2.5, abs=TOL)
    assert p.length == pytest.approx(8, abs=TOL)
    assert m.path((5, 9), (5, 1)).links == [(0, 1)]
    # a cheaper one-way link beside it is taken one way only
    assert m.add_link((6, 3), (6, 7), cost=0, two_way=False) == 1
    assert m.links[1] == ((6, 3), (6, 7), 0, False)
    up = m.path((5, 1), (5, 9))
    assert up.links == [(1, 1)]
    assert up.cost == pytest.approx(2 * math.hypot(1, 2), abs=TOL)
    assert m.path((5, 9), (5, 1)).links == [(0, 1)]
    assert m.path((1, 1), (2, 2)).links == []
    assert m.info["links"] == 2


def test_link_arguments():
    m = two_rooms()
    with pytest.raises(wayfind.InvalidArgumentError, match="not on the mesh"):
        m.add_link((5, 5), (5, 7))
    with pytest.raises(wayfind.InvalidArgumentError, match="cost"):
        m.add_link((5, 3), (5, 7), cost=-1)
    with pytest.raises(wayfind.InvalidArgumentError, match="cost"):
        m.add_link((5, 3), (5, 7), cost=math.inf)
    with pytest.raises(wayfind.InvalidArgumentError, match="two_way"):
        m.add_link((5, 3), (5, 7), two_way="yes")
    with pytest.raises(wayfind.InvalidArgumentError, match="a must be"):
        m.add_link(5, (5, 7))
    assert m.links == []


def test_links_wait_for_no_path_in_other_threads(in_threads):
    """add_link raises, rather than changing the mesh, while another thread
    runs a path on it; whichever way each try goes, nothing breaks."""
    grid = wayfind.generate("caves", 160, 120, seed=11)
    mesh = wayfind.Mesh.from_grid(grid)
    pts = mesh.random_points(80, seed=3).tolist()
    added, refused = [], []

    def work(k):
        if k:
            for i in range(k, len(pts) - 1, 3):
                mesh.path(pts[i], pts[i + 1])
            return
        for i in range(0, 40, 2):
            try:
                added.append(mesh.add_link(pts[i], pts[i + 1], cost=1))
            except wayfind.InvalidArgumentError as e:
                assert "path queries run on the mesh" in str(e)
                refused.append(i)

    in_threads(work, 4)
    assert len(added) + len(refused) == 20
    assert added == list(range(len(added))) == list(range(len(mesh.links)))


# ---- tiles following grid edits ----------------------------------------------

def same_lengths(a, b, ends):
    for s, t in ends:
        try:
            pa = a.path(s, t)
        except wayfind.BlockedError:
            with pytest.raises(wayfind.BlockedError):
                b.path(s, t)
            continue
        pb = b.path(s, t)
        assert pa.found == pb.found, (s, t)
        if pa.found:
            assert pa.length == pytest.approx(pb.length, abs=TOL, rel=0), (s, t)


def test_tiles_follow_grid_edits():
    grid = wayfind.generate("caves", 64, 48, seed=5)
    wall = int(grid.terrain[~np.isfinite(grid.costs)][0])
    open_code = int(grid.terrain[np.isfinite(grid.costs)][0])
    mesh = wayfind.Mesh.from_grid(grid, tile=8)
    rng = np.random.default_rng(2)
    ends = [tuple(map(tuple, rng.uniform((0, 0), (64, 48), size=(2, 2)))) for _ in range(60)]
    same_lengths(mesh, wayfind.Mesh.from_grid(grid), ends)
    for round_ in range(3):
        cells = [(int(x), int(y)) for x, y in rng.integers((0, 0), (64, 48), size=(40, 2))]
        for x, y in cells:
            grid.set_terrain(x, y, wall if rng.random() < 0.6 else open_code)
        if round_ == 2:
            mesh.update(grid)  # any cell may have changed
        else:
            mesh.update(grid, np.array(cells))
        same_lengths(mesh, wayfind.Mesh.from_grid(grid), ends)


def test_update_releases_the_gil():
    """update builds tiles again with the GIL released: the main thread runs
    meanwhile, and a call on the mesh then raises rather than read it half
    changed, and an edit of the grid raises rather than change it under
    the update; afterwards the mesh answers as one built anew."""
    grid = wayfind.generate("caves", 256, 256, seed=5)
    mesh = wayfind.Mesh.from_grid(grid, tile=16)
    t0 = grid.terrain[0, 0]
    seen = {"refused": 0, "edits_refused": 0, "updates": 0}
    done = threading.Event()

    def work():
        try:
            for _ in range(4):
                mesh.update(grid)  # every tile again
                seen["updates"] += 1
        finally:
            done.set()

    t = threading.Thread(target=work)
    t.start()
    while not done.is_set():
        try:
            mesh.locate((1.5, 1.5))
        except wayfind.InvalidArgumentError as e:
            assert "being updated in another thread" in str(e)
            seen["refused"] += 1
        try:
            grid.set_terrain(0, 0, int(t0))
        except wayfind.Error as e:
            assert "another thread" in str(e), str(e)
            seen["edits_refused"] += 1
    t.join()
    assert seen["updates"] == 4
    assert seen["refused"] > 0 and seen["edits_refused"] > 0, seen
    pts = mesh.random_points(40, seed=1).tolist()
    same_lengths(mesh, wayfind.Mesh.from_grid(grid), list(zip(pts[0::2], pts[1::2])))


def test_update_arguments():
    grid = wayfind.generate("caves", 32, 24, seed=5)
    untiled = wayfind.Mesh.from_grid(grid)
    with pytest.raises(wayfind.InvalidArgumentError, match="tile"):
        untiled.update(grid)
    mesh = wayfind.Mesh.from_grid(grid, tile=8)
    with pytest.raises(wayfind.InvalidArgumentError):
        mesh.update(wayfind.generate("caves", 40, 24, seed=5))
    with pytest.raises(wayfind.RangeError, match="cell 1"):
        mesh.update(grid, [(0, 0), (32, 0)])
    with pytest.raises(TypeError, match="grid"):
        mesh.update(None)
    mesh.update(grid, [])
    for bad in (-1, 1, 3, 2**21, "8"):
        with pytest.raises((wayfind.InvalidArgumentError, TypeError)):
            wayfind.Mesh.from_grid(grid, tile=bad)


# ---- mesh files ---------------------------------------------------------------

def test_save_and_load_answer_the_same(tmp_path):
    grid = wayfind.generate("caves", 64, 48, seed=9)
    rng = np.random.default_rng(4)
    ends = [tuple(map(tuple, rng.uniform((0, 0), (64, 48), size=(2, 2)))) for _ in range(60)]
    courtyard = wayfind.Mesh.read_outlines(os.path.join(DATA, "courtyard.outlines"))
    for mesh, g in ((wayfind.Mesh.from_grid(grid, tile=16), grid), (courtyard, None)):
        f = tmp_path / "m.wfmesh"
        mesh.save(f)
        back = wayfind.Mesh.load(str(f), grid=g)
        assert {k: v for k, v in back.info.items() if k not in ("bytes", "triangles")} == \
            {k: v for k, v in mesh.info.items() if k not in ("bytes", "triangles")}
        same_lengths(mesh, back, ends)
        for s, t in ends[:20]:
            if mesh.locate(s) is not None and mesh.locate(t) is not None:
                assert mesh.path(s, t).points.tolist() == back.path(s, t).points.tolist()
        f2 = tmp_path / "again.wfmesh"
        back.save(f2)
        assert f2.read_bytes() == f.read_bytes()


def test_save_and_load_keep_links_and_any_scale(tmp_path):
    # two rooms joined only by links: a ladder both ways, a slide one way
    rooms = [("walkable", [(0, 0), (10, 0), (10, 10), (0, 10)]),
             ("walkable", [(20, 0), (30, 0), (30, 10), (20, 10)])]
    for scale in (0, 3.7, 0.3):
        mesh = wayfind.Mesh.from_outlines(rooms, scale=scale, cost=2)
        assert mesh.add_link((9, 5), (21, 5), cost=4) == 0
        assert mesh.add_link((9, 1), (21, 9), cost=0.5, two_way=False) == 1
        f = tmp_path / "linked.wfmesh"
        mesh.save(f)
        back = wayfind.Mesh.load(f)
        assert back.links == mesh.links and len(back.links) == 2
        assert back.info["scale"] == mesh.info["scale"]
        assert (back.info["scale"] == scale) or scale == 0
        ends = [((1, 1), (29, 9)), ((29, 9), (1, 1)), ((5, 5), (25, 5)), ((25, 2), (2, 8))]
        for s, t in ends:
            a, b = mesh.path(s, t), back.path(s, t)
            assert a.found and b.found
            assert a.points.tolist() == b.points.tolist()
            assert (a.cost, a.length, a.links) == (b.cost, b.length, b.links)
        # over the slide one way, back by the ladder
        assert [i for i, _ in back.path((1, 1), (29, 9)).links] == [1]
        assert [i for i, _ in back.path((29, 9), (1, 1)).links] == [0]
        f2 = tmp_path / "again.wfmesh"
        back.save(f2)
        assert f2.read_bytes() == f.read_bytes()


def test_save_and_load_refusals(tmp_path):
    grid = wayfind.generate("caves", 32, 24, seed=9)
    mesh = wayfind.Mesh.from_grid(grid)
    f = tmp_path / "m.wfmesh"
    mesh.save(f)
    y, x = np.argwhere(np.isfinite(grid.costs))[0]
    grid.set_terrain(int(x), int(y), int(grid.terrain[~np.isfinite(grid.costs)][0]))
    with pytest.raises(wayfind.ParseError, match="another map"):
        wayfind.Mesh.load(f, grid)
    with pytest.raises(TypeError):
        wayfind.Mesh.load(f, grid="g")
    with pytest.raises(wayfind.FileError):
        wayfind.Mesh.load(tmp_path / "missing.wfmesh")
    (tmp_path / "cut.wfmesh").write_bytes(f.read_bytes()[:100])
    with pytest.raises(wayfind.ParseError):
        wayfind.Mesh.load(tmp_path / "cut.wfmesh")
    data = bytearray(f.read_bytes())
    data[16] = 3  # a later version
    (tmp_path / "v3.wfmesh").write_bytes(bytes(data))
    with pytest.raises(wayfind.ParseError, match="version 3, this build reads version 2"):
        wayfind.Mesh.load(tmp_path / "v3.wfmesh")
    with pytest.raises(wayfind.FileError):
        mesh.save(tmp_path / "no such folder" / "m.wfmesh")


# ---- corridors and the funnel -----------------------------------------------------

def test_corridor_and_funnel_give_the_path_again():
    grid = wayfind.generate("caves", 64, 48, seed=13)
    courtyard = wayfind.Mesh.read_outlines(os.path.join(DATA, "courtyard.outlines"))
    for mesh in (wayfind.Mesh.from_grid(grid), courtyard):
        pts = mesh.random_points(60, seed=8).tolist()
        checked = 0
        for s, t in zip(pts[0::2], pts[1::2]):
            p = mesh.path(s, t)
            if not p.found:
                continue
            c = mesh.corridor(p)
            assert c and all(isinstance(i, int) and 0 <= i < len(mesh) for i in c)
            f = mesh.funnel(c, s, t)
            assert f.found and f.length == pytest.approx(p.length, abs=TOL, rel=0)
            assert mesh.corridor(p.points.tolist()) == c
            checked += 1
        assert checked > 10
    # the courtyard round its well by hand
    p = courtyard.path((10, 1), (10, 8.5))
    f = courtyard.funnel(courtyard.corridor(p), (10, 1), (10, 8.5))
    assert f.length == pytest.approx(math.sqrt(10) + math.sqrt(21.25), abs=TOL)


def test_corridor_and_funnel_arguments():
    m = wayfind.Mesh.read_outlines(os.path.join(DATA, "courtyard.outlines"))
    with pytest.raises(wayfind.BlockedError):
        m.corridor([(1, 1), (10, 5)])  # into the well
    with pytest.raises(wayfind.BlockedError):
        m.corridor([(10, 5)])
    with pytest.raises(wayfind.InvalidArgumentError, match="at least one point"):
        m.corridor([])
    with pytest.raises(wayfind.InvalidArgumentError, match="point 1"):
        m.corridor([(1, 1), (math.nan, 1)])
    c = m.corridor([(1, 1), (19, 1)])
    assert not m.funnel(c, (10, 8.5), (19, 1)).found
    with pytest.raises(wayfind.InvalidArgumentError, match="at least one polygon"):
        m.funnel([], (1, 1), (2, 2))
    with pytest.raises(wayfind.InvalidArgumentError):
        m.funnel([len(m)], (1, 1), (2, 2))
    with pytest.raises(TypeError, match="corridor item 0"):
        m.funnel(["a"], (1, 1), (2, 2))
    with pytest.raises(wayfind.InvalidArgumentError, match="start"):
        m.funnel(c, None, (2, 2))


def test_tiled_maps_are_refused_clearly_without_cjson(tmp_path):
    if wayfind.Mesh.tiled_supported():
        pytest.skip("this build reads Tiled maps")
    f = tmp_path / "level.tmj"
    f.write_text("{}")
    with pytest.raises(wayfind.UnsupportedError, match="without cJSON"):
        wayfind.Mesh.read_tiled(f)
    with pytest.raises(TypeError):
        wayfind.Mesh.read_tiled(None)


def test_obstacles_added_and_removed_tile_by_tile():
    rocks = [("obstacle", [(2, 2), (4, 2), (4, 4), (2, 4)], "rock")]
    m = wayfind.Mesh.from_outlines([("walkable", SQUARE)] + rocks, tile=2)
    assert m.path((1, 5), (9, 5)).length == pytest.approx(8, abs=TOL)
    wall = [(5, 0), (6, 0), (6, 8), (5, 8)]
    i = m.add_obstacle(wall, "wall")
    assert i == 2
    # round the wall's top end, (5, 8) and (6, 8)
    want = math.hypot(4, 3) + 1 + math.hypot(3, 3)
    assert m.path((1, 5), (9, 5)).length == pytest.approx(want, abs=TOL)
    fresh = wayfind.Mesh.from_outlines([("walkable", SQUARE)] + rocks +
                                       [("obstacle", wall)], tile=2)
    assert fresh.path((1, 5), (9, 5)).length == pytest.approx(want, abs=TOL)
    m.remove_obstacle(i)
    assert m.path((1, 5), (9, 5)).length == pytest.approx(8, abs=TOL)
    m.remove_obstacle(1)  # the rock it was made with
    assert m.path((3, 3), (9, 9)).length == pytest.approx(math.hypot(6, 6), abs=TOL)
    with pytest.raises(wayfind.InvalidArgumentError, match="no outline 2 in this mesh"):
        m.remove_obstacle(i)
    with pytest.raises(wayfind.InvalidArgumentError, match="walkable ground, not an obstacle"):
        m.remove_obstacle(0)
    with pytest.raises(wayfind.InvalidArgumentError, match="crate reaches .* outside the mesh's extent"):
        m.add_obstacle([(8, 8), (12, 8), (12, 12)], "crate")
    with pytest.raises(wayfind.InvalidArgumentError, match="not built from outlines in tiles"):
        wayfind.Mesh.from_outlines([("walkable", SQUARE)]).add_obstacle(wall)
    with pytest.raises(wayfind.InvalidArgumentError, match="with radius"):
        wayfind.Mesh.from_outlines([("walkable", SQUARE)], tile=2, radius=0.5)
