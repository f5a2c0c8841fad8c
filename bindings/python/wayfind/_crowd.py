"""wayfind.Crowd: agents that move continuously in the plane and avoid
each other and the walls by ORCA (the library's steer.h). Positions,
velocities and the rest go in and come out as NumPy arrays."""
import numpy as np

from . import Grid, InvalidArgumentError, Pool, _c, _int, _typed

# wf_crowd_opts' names; 0 means the library's default for each
_OPTS = ("dt", "time_horizon", "wall_horizon", "neighbour_dist",
         "max_neighbours", "arrive_dist", "yield_weight")


def _column(v, n, what, default):
    """v as n float64 values (a number is repeated; None: default)."""
    a = np.asarray(default if v is None else v, dtype=np.float64)
    if a.ndim == 0:
        a = np.full(n, float(a))
    if a.shape != (n,):
        raise InvalidArgumentError(f"{what} must be one number or {n} of them, "
                                   f"not shape {a.shape}")
    return np.ascontiguousarray(a)


def _pairs(v, n, what):
    """v as an (n, 2) float64 array (None: zeros)."""
    a = np.zeros((n, 2)) if v is None else np.asarray(v, dtype=np.float64)
    if a.shape != (n, 2):
        raise InvalidArgumentError(f"{what} must be {n} (x, y) rows, not shape {a.shape}")
    return np.ascontiguousarray(a)


def _ids(ids):
    a = np.ascontiguousarray(np.asarray(ids, dtype=np.uint64).reshape(-1))
    return a


class Crowd:
    """A crowd of disc agents on ``grid`` (its blocked cells and border are
    walls; None: open plane), stepping by ``dt`` seconds. Keyword options
    as wf_crowd_opts: dt (0.1), time_horizon (2), wall_horizon (0.5),
    neighbour_dist (0: from the agents), max_neighbours (64), arrive_dist
    (0.05), yield_weight (0.1). A bad option raises InvalidArgumentError
    (a ValueError). While the crowd lives its grid cannot be edited."""

    def __init__(self, grid=None, **opts):
        unknown = set(opts) - set(_OPTS)
        if unknown:
            raise InvalidArgumentError(f"unknown option {sorted(unknown)[0]!r} "
                                       f"(one of: {', '.join(_OPTS)})")
        g = None if grid is None else _typed(grid, Grid, "grid")._g
        kw = {k: (_int(v, k, 0, 1 << 30) if k == "max_neighbours" else float(v))
              for k, v in opts.items()}
        self._c = _c.Crowd(g, **kw)

    def add(self, positions, goals=None, radius=0.4, max_speed=1.0,
            velocities=None, max_accel=np.inf, weight=1.0):
        """Adds n agents: ``positions`` (n, 2) centres in cells; ``goals``
        (n, 2) points to go straight to (None: they stay, avoiding
        others); radius, max_speed, max_accel, weight one number or n.
        Returns their handles (uint64). All or none: a bad agent raises
        InvalidArgumentError (RangeError for one in a wall or off the
        grid) naming it, and none is added."""
        p = np.asarray(positions, dtype=np.float64)
        n = len(p) if p.ndim == 2 else -1
        p = _pairs(p, max(n, 0), "positions")
        cols = [_column(v, n, w, d) for v, w, d in (
            (radius, "radius", 0.4), (max_speed, "max_speed", 1.0),
            (max_accel, "max_accel", np.inf), (weight, "weight", 1.0))]
        v = _pairs(velocities, n, "velocities")
        g = None if goals is None else _pairs(goals, n, "goals")
        raw = self._c.add(n, p, v, *cols)
        ids = np.frombuffer(raw, dtype=np.uint64).copy()
        if g is not None:
            try:
                self._c.set(ids, g, 0)
            except Exception:
                self._c.remove(ids)
                raise
        return ids

    def set_goals(self, ids, goals):
        """Each agent of ``ids`` goes straight to its row of ``goals``."""
        i = _ids(ids)
        self._c.set(i, _pairs(goals, len(i), "goals"), 0)

    def set_velocities(self, ids, velocities):
        """Each agent of ``ids`` prefers its row of ``velocities``."""
        i = _ids(ids)
        self._c.set(i, _pairs(velocities, len(i), "velocities"), 1)

    def remove(self, ids):
        """Removes the agents ``ids``; an unknown handle raises."""
        self._c.remove(_ids(ids))

    def step(self, steps=1, pool=None):
        """Advances ``steps`` time steps with the GIL released, on ``pool``
        (a wayfind.Pool) when given: the same result on any pool."""
        steps = _int(steps, "steps", 0, 1 << 40)
        self._c.step(steps, None if pool is None else _typed(pool, Pool, "pool")._p)

    def _export(self):
        ids, p, v, a = self._c.export()
        return (np.frombuffer(ids, dtype=np.uint64),
                np.frombuffer(p, dtype=np.float64).reshape(-1, 2),
                np.frombuffer(v, dtype=np.float64).reshape(-1, 2),
                np.frombuffer(a, dtype=np.uint8).astype(bool))

    @property
    def ids(self):
        """The agents' handles, in the order of positions and velocities."""
        return self._export()[0]

    @property
    def positions(self):
        """(n, 2) float64 centres, in the order of ``ids``."""
        return self._export()[1]

    @property
    def velocities(self):
        """(n, 2) float64 velocities, cells per second."""
        return self._export()[2]

    @property
    def arrived_mask(self):
        """Per agent (order of ``ids``): within arrive_dist of its goal."""
        return self._export()[3]

    @property
    def arrived(self):
        """How many agents are within arrive_dist of their goal now."""
        return self._c.arrived

    @property
    def steps(self):
        return self._c.steps

    def __len__(self):
        return self._c.count
