"""Sliced searches, pools, fields, influence layers and graphs."""
import json
import math
import os
import subprocess

import numpy as np
import pytest

import wayfind

DATA = os.path.join(os.path.dirname(__file__), "..", "..", "..", "tests", "data")


@pytest.fixture(scope="module")
def caves():
    g = wayfind.generate("caves", 80, 50, seed=3)
    free = np.argwhere(np.isfinite(g.costs))[:, ::-1]
    return g, free


def test_sliced_search_equals_one_shot(caves):
    g, free = caves
    a, b = tuple(free[0]), tuple(free[-1])
    s = g.search(a, b)
    steps = 0
    while (p := s.step(7)) is None:
        steps += 1
        assert s.running
        with pytest.raises(wayfind.Error, match="being searched"):
            g.set_terrain(*a, 0)  # no edits under a running search
    assert not s.running and steps > 1
    whole = g.path(a, b)
    assert p.cost == whole.cost and np.array_equal(p.cells, whole.cells)
    with pytest.raises(wayfind.Error, match="ended"):
        s.step(7)
    s2 = g.search(a, b)
    s2.cancel()
    g.set_cost(wayfind.WALL, np.inf)  # edits allowed again
    with pytest.raises(wayfind.InvalidArgumentError, match="budget"):
        g.search(a, b).step(0)


def test_pool_is_reused(caves):
    g, free = caves
    pool = wayfind.Pool(2)
    assert pool.threads == 2
    for k in range(3):
        ps = g.paths(free[k:k + 20], free[-20:], pool=pool)
        assert [p.cost for p in ps] == [g.path(s, t).cost for s, t in zip(free[k:k + 20], free[-20:])]
    with pytest.raises(wayfind.InvalidArgumentError, match="threads"):
        wayfind.Pool(0)


def test_flow_walks_down_the_dijkstra_map(caves):
    g, free = caves
    goal = tuple(free[len(free) // 2])
    d = g.dijkstra([goal])
    flow = g.flow(d)
    assert flow.dtype == np.int8 and flow.shape == g.shape
    assert flow[goal[1], goal[0]] == wayfind.FLOW_SOURCE
    x, y = free[0]
    cost = 0.0
    while flow[y, x] >= 0:
        k = flow[y, x]
        nx, ny = x + wayfind.FLOW_DX[k], y + wayfind.FLOW_DY[k]
        cost += (math.sqrt(2) if k >= 4 else 1.0) * g.costs[ny, nx]
        x, y = nx, ny
    assert (x, y) == goal
    assert cost == pytest.approx(float(d[free[0][1], free[0][0]]), rel=1e-5)
    blocked = np.argwhere(~np.isfinite(g.costs))[0]
    assert flow[blocked[0], blocked[1]] == wayfind.FLOW_UNREACHABLE
    flee = g.flee(d, k=1.2)
    assert flee[goal[1], goal[0]] < 0  # the threat's own cell is worst
    with pytest.raises(wayfind.InvalidArgumentError, match="shape"):
        g.flow(d[:10])


def test_influence_view_blend():
    g = wayfind.Grid(np.ones((20, 20)))
    inf = g.influence([(10, 10, 2.0, 5.0)], kind="linear")
    assert inf[10, 10] == pytest.approx(2.0) and inf[10, 16] == 0
    assert inf[10, 13] == pytest.approx(2.0 * (1 - 3 / 5))
    walls = np.ones((20, 20))
    walls[:, 12] = np.inf
    w = wayfind.Grid(walls)
    v = w.view((5, 10), facing=0, fov=90, range=15)
    assert v[10, 5] == 1 and v[10, 10] == 1 and v[10, 14] == 0  # behind the wall
    assert v[10, 2] == 0  # behind the viewer
    b = wayfind.blend([inf, v], [1.0, 3.0])
    assert np.allclose(b, inf + 3 * v)
    bn = wayfind.blend([inf, v], [1.0, 3.0], normalise=True, clamp=(0, 0.5))
    assert bn.max() <= 0.5
    # the blend as an overlay steers a path out of the viewer's sight
    clear = w.path((8, 0), (8, 19))
    hidden = w.path((8, 0), (8, 19), overlay=v, overlay_k=50)
    assert v[clear.cells[:, 1], clear.cells[:, 0]].sum() > v[hidden.cells[:, 1], hidden.cells[:, 0]].sum()
    with pytest.raises(wayfind.InvalidArgumentError, match="falloff"):
        g.influence([(1, 1, 1, 1)], kind="cubic")
    with pytest.raises(wayfind.RangeError):
        g.influence([(50, 1, 1, 1)])
    with pytest.raises(wayfind.Error):
        g.view((5, 5), facing=0, fov=0, range=3)


def test_graph_from_grid_matches_the_grid(caves):
    g, free = caves
    gr = wayfind.Graph.from_grid(g)
    assert gr.nodes == len(free)
    for s, t in zip(free[:15], free[-15:]):
        p = gr.path(gr.cell_node(*s), gr.cell_node(*t))
        assert p.cost == pytest.approx(g.path(s, t).cost, rel=1e-12)
        assert gr.node_cell(p.nodes[0]) == tuple(s)
    with pytest.raises(wayfind.RangeError):
        gr.cell_node(*np.argwhere(~np.isfinite(g.costs))[0][::-1])


def test_graph_from_arrays():
    pos = [(0, 0), (3, 0), (3, 4), (10, 10)]
    gr = wayfind.Graph([(0, 1), (1, 2), (0, 2)], positions=pos)
    p = gr.path(0, 2)
    assert p.cost == pytest.approx(5.0) and p.nodes.tolist() == [0, 2]
    one_way = wayfind.Graph([(0, 1)], [2.5], nodes=2, two_way=False)
    assert one_way.path(0, 1).cost == 2.5 and not one_way.path(1, 0)
    with pytest.raises(wayfind.RangeError):
        wayfind.Graph([(0, 7)], [1.0], nodes=2)
    with pytest.raises(wayfind.InvalidArgumentError, match="weight"):
        wayfind.Graph([(0, 1)], [0.0], nodes=2)
    with pytest.raises(wayfind.RangeError):
        gr.path(0, 9)


def test_graph_file_equals_the_cli(cli):
    path = os.path.join(DATA, "waypoints.graph")
    gr = wayfind.load_graph(path)
    out = subprocess.run([cli, "graph", path, "--from", "rampart", "--to", "camp",
                          "--format", "json"], capture_output=True, text=True, check=True)
    want = json.loads(out.stdout)
    p = gr.path("rampart", "camp")
    assert p.cost == want["cost"]
    assert [gr.names[i] for i in p.nodes] == want["path"]
    with pytest.raises(wayfind.RangeError, match="no node called"):
        gr.path("rampart", "moon")
