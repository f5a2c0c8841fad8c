"""wayfind.Crowd: agents in and out as NumPy arrays, steps on a pool giving
the same bits, every agent of a ring arriving without two ever touching,
walls kept, and bad input refused with the library's reasons."""
import math

import numpy as np
import pytest

import wayfind


def ring(n, r=0.5):
    R = max(n * 1.4 * 2 * r / (2 * math.pi), 10 * r)
    t = 2 * math.pi * np.arange(n) / n
    p = np.stack([R * np.cos(t), R * np.sin(t)], axis=1)
    return p, -p


def min_sep(pos, radius):
    d = np.linalg.norm(pos[:, None, :] - pos[None, :, :], axis=2)
    np.fill_diagonal(d, np.inf)
    return d.min() / (2 * radius)


def test_ring_arrives_without_touching():
    p, goals = ring(60)
    c = wayfind.Crowd()
    ids = c.add(p, goals, radius=0.5)
    assert len(c) == 60 and ids.dtype == np.uint64 and len(set(ids)) == 60
    assert np.array_equal(c.positions, p) and np.array_equal(c.ids, ids)
    worst = np.inf
    while c.arrived < 60 and c.steps < 2000:
        c.step()
        worst = min(worst, min_sep(c.positions, 0.5))
    print(f"ring of 60: all arrived by step {c.steps}, min separation {worst:.4f}")
    assert c.arrived == 60 and c.arrived_mask.all()
    assert worst >= 0.99
    assert np.allclose(c.positions, goals, atol=0.05 + 1e-9)
    assert c.velocities.shape == (60, 2)


def test_pool_gives_the_same_bits():
    p, goals = ring(80, 0.4)
    runs = []
    for pool in (None, wayfind.Pool(2), wayfind.Pool(3)):
        c = wayfind.Crowd()
        c.add(p, goals, radius=0.4)
        c.step(150, pool=pool)
        runs.append((c.positions.copy(), c.velocities.copy()))
    for pos, vel in runs[1:]:
        assert np.array_equal(pos, runs[0][0]) and np.array_equal(vel, runs[0][1])


def test_walls_and_remove():
    g = wayfind.Grid(np.ones((5, 20)))
    c = wayfind.Crowd(g, dt=0.05)
    ids = c.add([(1.5, 2.5), (18.5, 2.5)], [(18.5, 2.5), (1.5, 2.5)],
                radius=0.45, max_speed=[1.0, 2.0])
    c.step(600)
    pos = c.positions
    assert c.arrived == 2, pos
    assert (pos >= 0.45 - 1e-9).all() and (pos[:, 0] <= 20 - 0.45 + 1e-9).all()
    c.remove(ids[:1])
    assert len(c) == 1 and np.array_equal(c.ids, ids[1:])
    with pytest.raises(wayfind.InvalidArgumentError, match="no such agent"):
        c.remove(ids[:1])
    # the crowd reads the grid's walls: no edit while it lives
    with pytest.raises(wayfind.Error):
        g.set_terrain(0, 0, 1)
    del c
    g.set_terrain(0, 0, 1)


def test_velocity_mode():
    c = wayfind.Crowd()
    ids = c.add([(0.0, 0.0)])
    c.set_velocities(ids, [(1.0, 0.0)])
    c.step(10)
    assert c.positions[0, 0] == pytest.approx(1.0, abs=1e-9)


@pytest.mark.parametrize("kw, match", [
    (dict(radius=0.0), "agent 0: a radius"),
    (dict(radius=[0.4, -1.0]), "agent 1: a radius"),
    (dict(max_speed=np.nan), "agent 0:"),
    (dict(weight=0.0), "agent 0:"),
])
def test_bad_agents_raise_value_error(kw, match):
    c = wayfind.Crowd()
    with pytest.raises(ValueError, match=match):
        c.add([(0.0, 0.0), (5.0, 0.0)], **kw)
    assert len(c) == 0  # all or none


def test_bad_input_messages():
    c = wayfind.Crowd()
    with pytest.raises(ValueError, match="agent 1: .*coordinate"):
        c.add([(0.0, 0.0), (np.nan, 1.0)])
    assert len(c) == 0
    with pytest.raises(ValueError, match=r"positions must be 2 \(x, y\) rows|must be"):
        c.add([(0.0, 0.0), (1.0, 1.0)], goals=[(1.0, 1.0)])
    with pytest.raises(ValueError, match="radius must be one number or 1"):
        c.add([(0.0, 0.0)], radius=[0.4, 0.4])
    with pytest.raises(ValueError, match="goal that is not finite"):
        c.set_goals(c.add([(0.0, 0.0)]), [(np.inf, 0.0)])
    with pytest.raises(ValueError, match="out of its range"):
        wayfind.Crowd(dt=-1.0)
    with pytest.raises(ValueError, match="out of its range"):
        wayfind.Crowd(yield_weight=2.0)
    with pytest.raises(ValueError, match="unknown option 'speed'"):
        wayfind.Crowd(speed=1)
    g = wayfind.Grid(np.ones((4, 4)))
    with pytest.raises(wayfind.RangeError, match="agent 0: its centre is off the grid"):
        wayfind.Crowd(g).add([(9.5, 9.5)])
