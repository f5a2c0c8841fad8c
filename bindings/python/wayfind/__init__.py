"""wayfind: pathfinding for games, over the C library libwayfind.

NumPy arrays in, NumPy arrays out, C speed in between. A grid is made from
a 2-D array of costs indexed [y, x] (``inf`` blocks a cell), or from terrain
codes plus a cost table, or loaded from a map file; paths come back as
(n, 2) int32 arrays of (x, y). The GIL is released while the library
searches, so threads run searches in parallel (each thread gets its own
search workspace; a grid is shared read-only, and editing it while another
thread searches it raises ``wayfind.Error``). A navigation mesh
(``Mesh.from_grid``) gives exact any-angle paths between real points, as
(n, 2) float64 arrays (``Polyline``).

    >>> import numpy as np, wayfind
    >>> costs = np.ones((5, 7)); costs[1:4, 3] = np.inf
    >>> p = wayfind.Grid(costs).path((0, 2), (6, 2))
    >>> p.cost, len(p)
    (7.656854249492381, 7)
"""
import math
import numbers
import operator
import os
import threading

import numpy as np

from . import _wayfind as _c
from ._wayfind import JumpTable
from ._wayfind import (BlockedError, Error, FileError, InvalidArgumentError,
                       NoMemoryError, ParseError, RangeError, ThreadError,
                       TooBigError, UnsatisfiableError, UnsupportedError)

__all__ = [
    "Grid", "Path", "Mesh", "Crowd", "Polyline", "SlicedSearch", "Pool", "Graph", "NodePath", "Scenarios", "JumpTable",
    "Hierarchy", "load", "load_graph", "load_scen", "load_jumps", "load_hierarchy",
    "generate", "blend", "version", "ALGORITHMS", "Error",
    "BlockedError", "FileError", "InvalidArgumentError", "NoMemoryError",
    "ParseError", "RangeError", "ThreadError", "TooBigError",
    "UnsatisfiableError", "UnsupportedError",
]

# The library's name tables (names.h), name -> value in the enum's order,
# as the C extension expands them: the package keeps no copy of the names.
#: Search algorithms by name, as the library (and the command line) names them.
ALGORITHMS = dict(_c.ALGORITHMS)
_ENGINES = {v: k for k, v in ALGORITHMS.items()}
_CORNERS = dict(_c.CORNERS)
_HEURISTICS = dict(_c.HEURISTICS)
# The names of the library's defaults: algo, heuristic, corners.
_DEFAULT = dict(_c.DEFAULTS)
_STATUS = {0: "ok", 1: "no_path", 2: "partial"}
#: The terrain code of blocked cells in grids made from cost arrays.
WALL = 255
#: Flow field directions 0-7 (N, E, S, W, NE, SE, SW, NW) as column and row steps.
FLOW_DX = np.array([0, 1, 0, -1, 1, 1, -1, -1], dtype=np.int8)
FLOW_DY = np.array([-1, 0, 1, 0, -1, 1, 1, -1], dtype=np.int8)
#: Flow field values that are not directions.
FLOW_UNREACHABLE = -1
FLOW_SOURCE = -2
_FALLOFF = {"linear": 0, "exp": 1, "inverse-square": 2, "step": 3}
_DISTANCE = {"straight": 0, "path": 1}

_local = threading.local()


def _search():
    """This thread's search workspace (made on first use, then reused)."""
    ws = getattr(_local, "search", None)
    if ws is None:
        ws = _local.search = _c.Search()
    return ws


def version():
    """The C library's version string."""
    return _c.version()


# ---- arguments: one check for each kind, shared by every function --------

#: The most threads a pool or a batch runs (the library's limit).
_MAX_THREADS = 256
#: The largest step budget (the library's uint64_t).
_MAX_BUDGET = 2**64 - 1
_FLAG = {False: False, True: True}
_CONNECT = {4: 4, 8: 8}
_WORLDS = {k: k for k in ("islands", "caves", "maze", "rooms", "noise")}


def _index(v):
    """v as an int when it is an integer (Python's or NumPy's, bools as 0
    and 1 as Python takes them), else None."""
    if isinstance(v, np.bool_):
        return int(v)
    try:
        return operator.index(v)
    except TypeError:
        return None


def _whole(v):
    """A coordinate as an int: an integer, or a float with no fraction
    (3.0, not 0.5, NaN or inf); else None."""
    i = _index(v)
    if i is None and isinstance(v, (float, np.floating)) and math.isfinite(v) \
            and float(v).is_integer():
        i = int(v)
    return i


def _limits(grid):
    """The x and y ranges points must lie in, [x0, x1) and [y0, y1), and
    the words for a point outside: on ``grid``, or with no grid 32 bits."""
    if grid is None:
        return (-2**31, 2**31, -2**31, 2**31,
                "out of range (coordinates are -2147483648 to 2147483647)")
    w, h = grid.width, grid.height
    return 0, w, 0, h, f"off the {w} x {h} grid"


def _point(p, what, grid=None):
    """The pair ``p`` as (x, y) ints, each a whole number (``_whole``), on
    ``grid`` (a Grid; None: any 32-bit point). Raises
    InvalidArgumentError for what is not such a pair, RangeError for a
    point off the grid, naming ``what``."""
    try:
        x, y = p
    except (TypeError, ValueError):
        raise InvalidArgumentError(f"{what} must be an (x, y) pair, not {p!r}") from None
    cx, cy = _whole(x), _whole(y)
    if cx is None or cy is None:
        x, y = (v.item() if isinstance(v, np.generic) else v for v in (x, y))
        axis, bad = ("x", x) if cx is None else ("y", y)
        raise InvalidArgumentError(
            f"{what} ({x!r}, {y!r}): {axis} must be a whole number, not {bad!r}")
    x0, x1, y0, y1, where = _limits(grid)
    if not (x0 <= cx < x1 and y0 <= cy < y1):
        raise RangeError(f"{what} ({cx}, {cy}) is {where}")
    return cx, cy


def _xy(p, what):
    """The pair ``p`` as (x, y) floats, each a finite real number (an
    integer or a float, Python's or NumPy's; bools as 0 and 1): a point in
    the plane, not a cell. Raises InvalidArgumentError for what is not
    such a pair (NaN and inf included), RangeError for an integer past a
    float's range, naming ``what``."""
    try:
        if isinstance(p, (str, bytes)):
            raise TypeError
        x, y = p
    except (TypeError, ValueError):
        raise InvalidArgumentError(f"{what} must be an (x, y) pair, not {p!r}") from None
    out = []
    for axis, v in (("x", x), ("y", y)):
        if not isinstance(v, (numbers.Real, np.bool_)):
            f = math.nan
        else:
            try:
                f = float(v)
            except OverflowError:
                raise RangeError(f"{what}: {axis} is past a float's range") from None
        if not math.isfinite(f):
            shown = v.item() if isinstance(v, np.generic) else v
            raise InvalidArgumentError(
                f"{what} ({x!r}, {y!r}): {axis} must be a finite number, not {shown!r}")
        out.append(f)
    return out[0], out[1]


def _rows(a, name, width, what):
    """The array-like ``a`` (argument ``name``) as rows of ``width`` values
    (``what``): a numeric array, or an object array holding the values as
    given where NumPy would make them something else (text from a number
    beside a string, objects for integers past 64 bits)."""
    try:
        rows = np.asarray(a)
        if rows.dtype.kind not in "biuf":
            rows = np.asarray(a, dtype=object)
    except (TypeError, ValueError):
        raise InvalidArgumentError(f"{name} must be rows of {what}, not ragged rows") from None
    if rows.size % width:
        raise InvalidArgumentError(f"{name} must be rows of {what}, not shape {rows.shape}")
    return rows.reshape(-1, width)


def _points(a, name, what, grid=None):
    """The (x, y) rows of the array-like ``a`` (argument ``name``) as a
    C-contiguous (n, 2) int32 array, each row held to ``_point``'s rule;
    the first that is not raises ``_point``'s error, ``what`` formatted
    with its index naming it. Numeric arrays are checked whole."""
    rows = _rows(a, name, 2, "(x, y)")
    if rows.dtype.kind == "O":
        pts = [_point(r, what.format(i), grid) for i, r in enumerate(rows)]
        return np.array(pts, dtype=np.int32).reshape(-1, 2)
    x0, x1, y0, y1, where = _limits(grid)
    x, y = rows[:, 0], rows[:, 1]
    with np.errstate(invalid="ignore"):
        ok = (x >= x0) & (x < x1) & (y >= y0) & (y < y1)  # NaN fails here
        if rows.dtype.kind == "f":
            ok &= (rows == np.floor(rows)).all(axis=1)
    bad = np.flatnonzero(~ok)
    if len(bad):
        i = int(bad[0])
        _point(rows[i], what.format(i), grid)  # raises the row's own error
        raise RangeError(f"{what.format(i)} {tuple(rows[i].tolist())} is {where}")
    return np.ascontiguousarray(rows, dtype=np.int32)


def _int(v, what, lo, hi):
    """v as an int from ``lo`` to ``hi``: TypeError when it is not an
    integer (``_index``: a float is not, even 3.0), InvalidArgumentError
    naming the bound it passes."""
    i = _index(v)
    if i is None:
        raise TypeError(f"{what} must be an integer, not {type(v).__name__} {v!r}")
    if i < lo:
        raise InvalidArgumentError(f"{what} must be >= {lo}, not {i}")
    if i > hi:
        raise InvalidArgumentError(f"{what} must be <= {hi}, not {i}")
    return i


def _threads(n):
    """A thread count, 1 to ``_MAX_THREADS`` (``_int``); None: one a core."""
    if n is None:
        return min(os.cpu_count() or 1, _MAX_THREADS)
    return _int(n, "threads", 1, _MAX_THREADS)


def _choice(table, value, what):
    """The value ``table`` gives the option ``value`` (a name, a number or
    a flag: every option with a fixed set of values); InvalidArgumentError
    listing them for any other."""
    try:
        return table[value]
    except (KeyError, TypeError):
        names = ", ".join(str(k) for k in sorted(table))
        raise InvalidArgumentError(f"unknown {what} {value!r} (one of: {names})") from None


def _typed(v, cls, what):
    """``v`` when it is a ``cls`` (a class of the package); else TypeError
    naming the argument ``what``."""
    if not isinstance(v, cls):
        raise TypeError(f"{what} must be a wayfind.{cls.__name__}, not {type(v).__name__}")
    return v


def _fspath(p, what):
    """``os.fspath(p)``, with a TypeError naming the argument ``what``."""
    try:
        return os.fspath(p)
    except TypeError:
        raise TypeError(f"{what} must be a file path (str, bytes or os.PathLike), "
                        f"not {type(p).__name__}") from None


class Path:
    """A path: ``cells`` an (n, 2) int32 array of (x, y) from start to goal
    (empty when there is none), ``cost`` its cost (``inf`` when none), and
    how the search went (``status``, ``expanded``, ``generated``,
    ``engine``)."""

    __slots__ = ("cells", "cost", "status", "expanded", "generated", "engine", "message")

    def __init__(self, cells, cost, status, expanded=0, generated=0, engine=None, message=""):
        self.cells = cells
        self.cost = cost
        self.status = status
        self.expanded = expanded
        self.generated = generated
        self.engine = engine
        self.message = message

    @classmethod
    def _make(cls, status, raw, cost, expanded=0, generated=0, engine=None, message=""):
        cells = np.frombuffer(raw, dtype=np.int32).reshape(-1, 2)
        found = status != 1
        return cls(cells, cost if found else float("inf"), _STATUS.get(status, str(status)),
                   expanded, generated, _ENGINES.get(engine), message)

    @property
    def found(self):
        """True when the path reaches the goal (or, for ``partial``, the
        nearest cell the search could)."""
        return self.status != "no_path"

    def __len__(self):
        return len(self.cells)

    def __bool__(self):
        return self.found

    def __iter__(self):
        return (tuple(c) for c in self.cells.tolist())

    def __repr__(self):
        return (f"Path({self.status}, {len(self.cells)} cells, cost {self.cost:.6g}, "
                f"engine {self.engine})")


class Polyline:
    """A path through points of the plane (``Mesh.path``): ``points`` an
    (n, 2) float64 array of (x, y) in cell units from start to goal (empty
    when there is none), its ``length`` and ``cost`` (``inf`` when none),
    ``status`` ("ok" or "no_path"), ``found``, how the search went
    (``expanded``, ``generated``) and ``message``, the library's reason
    when there is no path. ``links``: for a ``Mesh.path``, the off-mesh
    links it took in order, as (link id, point index) pairs, the point
    where it takes the link (the next point is where it lands); else
    empty."""

    __slots__ = ("points", "length", "cost", "status", "expanded", "generated", "message",
                 "links")

    def __init__(self, status, raw, length, cost, expanded=0, generated=0, message=""):
        self.points = np.frombuffer(raw, dtype=np.float64).reshape(-1, 2)
        found = status != 1
        self.length = length if found else float("inf")
        self.cost = cost if found else float("inf")
        self.status = _STATUS.get(status, str(status))
        self.expanded = expanded
        self.generated = generated
        self.message = message
        self.links = []

    @property
    def found(self):
        """True when the path reaches the goal."""
        return self.status != "no_path"

    def __len__(self):
        return len(self.points)

    def __bool__(self):
        return self.found

    def __iter__(self):
        return (tuple(p) for p in self.points.tolist())

    def __repr__(self):
        return (f"Polyline({self.status}, {len(self.points)} points, "
                f"length {self.length:.6g}, cost {self.cost:.6g})")


class Grid:
    """A tile map.

    ``Grid(costs)``: ``costs`` a 2-D array-like of floats indexed [y, x],
    each the cost of entering that cell (finite and > 0), ``inf`` (or any
    value <= 0 that is not finite... see below) for a blocked cell. Up to
    255 distinct costs; each becomes a terrain code, so the costs are kept
    exactly. ``Grid(terrain=codes, cost_table=table)``: ``codes`` a 2-D
    uint8 array, ``table`` 256 costs (``inf`` blocked).

    ``connect`` (4 or 8) and ``corners`` ("no-cut", "always", "one-free")
    are the default movement model of its searches: 8-connected, no corner
    cutting, the Moving AI rule.
    """

    def __init__(self, costs=None, *, terrain=None, cost_table=None, connect=8,
                 corners=_DEFAULT["corners"], _grid=None):
        _choice(_CORNERS, corners, "corner rule")
        self.connect = _choice(_CONNECT, connect, "connect")
        self.corners = corners
        self.start = self.goal = None
        if _grid is not None:
            self._g = _grid
            return
        if (costs is None) == (terrain is None):
            raise InvalidArgumentError("give either costs or terrain (with cost_table)")
        if costs is not None:
            self._from_costs(costs)
        else:
            self._from_terrain(terrain, cost_table)

    def _from_costs(self, costs):
        a = np.asarray(costs, dtype=np.float64)
        if a.ndim != 2:
            raise InvalidArgumentError(f"costs must be a 2-D array [y, x], not {a.ndim}-D")
        if a.size == 0:
            raise InvalidArgumentError("costs must have at least one cell")
        if np.isnan(a).any():
            raise InvalidArgumentError("costs hold NaN; use inf for blocked cells")
        blocked = np.isinf(a) & (a > 0)
        if (a[~blocked] <= 0).any() or np.isneginf(a).any():
            raise InvalidArgumentError("costs must be > 0 (inf for blocked cells)")
        values, codes = np.unique(a[~blocked], return_inverse=True)
        if len(values) > 255:
            raise TooBigError(
                f"{len(values)} distinct costs; a grid holds at most 255 "
                "(round them, or give terrain codes and a cost table)")
        h, w = a.shape
        self._g = _c.Grid(w, h)
        terrain = np.full(a.shape, WALL, dtype=np.uint8)
        terrain[~blocked] = codes.astype(np.uint8)
        for code, cost in enumerate(values):
            self._g.set_cost(code, float(cost))
        self._g.set_cells(np.ascontiguousarray(terrain))

    def _from_terrain(self, terrain, cost_table):
        t = np.asarray(terrain)
        if t.ndim != 2:
            raise InvalidArgumentError(f"terrain must be a 2-D array [y, x], not {t.ndim}-D")
        if t.dtype != np.uint8:
            if not np.issubdtype(t.dtype, np.integer) or t.size and (t.min() < 0 or t.max() > 255):
                raise InvalidArgumentError(
                    f"terrain must hold codes 0 to 255 (uint8), not {t.dtype}")
            t = t.astype(np.uint8)
        h, w = t.shape
        self._g = _c.Grid(w, h)
        if cost_table is not None:
            table = np.asarray(cost_table, dtype=np.float64)
            if table.shape != (256,):
                raise InvalidArgumentError(
                    f"cost_table must hold 256 costs, not shape {table.shape}")
            for code, cost in enumerate(table.tolist()):
                self._g.set_cost(code, -1.0 if cost == float("inf") else cost)
        self._g.set_cells(np.ascontiguousarray(t))

    # ---- what it holds ----------------------------------------------------

    @property
    def width(self):
        return self._g.width

    @property
    def height(self):
        return self._g.height

    @property
    def shape(self):
        """(height, width), as the arrays are indexed."""
        return (self._g.height, self._g.width)

    @property
    def terrain(self):
        """The terrain codes, a read-only (height, width) uint8 view (no copy)."""
        return np.asarray(self._g)

    @property
    def cost_table(self):
        """The cost of entering each of the 256 codes (``inf``: blocked)."""
        t = np.array([self._g.cost(c) for c in range(256)])
        t[t < 0] = np.inf
        return t

    @property
    def costs(self):
        """The cost of entering each cell, (height, width) float64 (``inf``: blocked)."""
        return self.cost_table[self.terrain]

    def set_cost(self, code, cost):
        """Sets the cost of entering terrain ``code`` (``inf``: blocked)."""
        self._g.set_cost(int(code), -1.0 if cost == float("inf") else float(cost))

    def set_terrain(self, x, y, code):
        """Sets cell (x, y) to terrain ``code``."""
        x, y = _point((x, y), "cell", self)
        self._g.set(x, y, int(code))

    def passable(self, x, y):
        return self._g.passable(*_point((x, y), "cell", self))

    def priced_by_noise(self, seed=1, *, levels=3, scale=16):
        """A copy whose free cells cost 1 to ``levels`` by smooth seeded
        noise (features ``scale`` cells wide), its walls kept: ``wayfind
        gen costs --from MAP``, for weighted queries on any map."""
        return Grid(connect=self.connect, corners=self.corners,
                    _grid=_c.price_noise(self._g, int(seed), int(levels), int(scale)))

    def copy(self):
        g = Grid(connect=self.connect, corners=self.corners, _grid=self._g.clone())
        g.start, g.goal = self.start, self.goal
        return g

    def __repr__(self):
        return f"Grid({self.width} x {self.height}, connect={self.connect}, corners={self.corners!r})"

    # ---- searches ---------------------------------------------------------

    def _opts(self, algo=_DEFAULT["algo"], connect=None, corners=None,
              heuristic=_DEFAULT["heuristic"], weight=1.0, max_expansions=0, size=1,
              filter=None, fallback=False, overlay=None, overlay_k=1.0, jumps=None):
        o = {
            "algo": _choice(ALGORITHMS, algo, "algorithm"),
            "connect": self.connect if connect is None else _choice(_CONNECT, connect,
                                                                    "connect"),
            "corners": _choice(_CORNERS, self.corners if corners is None else corners,
                               "corner rule"),
            "heuristic": _choice(_HEURISTICS, heuristic, "heuristic"),
            "weight": float(weight),
            "max_expansions": int(max_expansions),
            "size": int(size),
            "fallback": int(_choice(_FLAG, fallback, "fallback")),
        }
        if filter is not None:
            o["filter"] = _filter(filter)
        if jumps is not None:
            o["jumps"] = jumps
        if overlay is not None:
            ov = np.ascontiguousarray(overlay, dtype=np.float32)
            if ov.shape != self.shape:
                raise InvalidArgumentError(
                    f"an overlay must have the grid's shape {self.shape}, not {ov.shape}")
            o["overlay"] = ov
            o["overlay_k"] = float(overlay_k)
        return o

    def path(self, start, goal, **opts):
        """The cheapest path from ``start`` to ``goal`` ((x, y) pairs).

        Options: ``algo`` (a name of ``ALGORITHMS``: "astar", "dijkstra",
        "jps", "jps+", "jpsw", "bidir", "auto"), ``connect``,
        ``corners``, ``heuristic`` ("default", "octile", "euclidean",
        "chebyshev", "manhattan", "zero"), ``weight`` (>= 1: weighted A*),
        ``max_expansions``, ``size`` (agent side in cells), ``filter`` (a
        per-terrain multiplier: a dict code -> multiplier, ``inf`` forbids,
        or 256 values), ``fallback`` (True: an unreachable goal gives the
        path to the nearest reachable cell, status "partial"), ``overlay``
        (a float array of the grid's shape added to costs × ``overlay_k``),
        ``jumps`` (the grid's ``jump_table()``: JPS and auto queries then run
        JPS+, algo "jps+" needs it).

        Returns a ``Path`` (``found`` False when the goal cannot be reached);
        raises ``RangeError`` for a point off the grid, ``BlockedError`` for
        a start or goal the unit cannot stand on, ``InvalidArgumentError``
        for a coordinate that is not a whole number (3.0 is one; 0.5, NaN
        and inf are not), an option value it does not know or options the
        algorithm cannot honour.
        """
        sx, sy = _point(start, "start", self)
        gx, gy = _point(goal, "goal", self)
        r = _c.search_grid(_search(), self._g, sx, sy, gx, gy, **self._opts(**opts))
        return Path._make(*r)

    def paths(self, starts, goals, *, threads=None, pool=None, **opts):
        """Many paths at once on a thread pool (the GIL released):
        ``starts`` and ``goals`` (n, 2) arrays of (x, y). Returns a list of
        ``Path`` in query order. ``pool``: a ``Pool`` kept across calls
        (its threads and workspaces are reused); otherwise one of
        ``threads`` workers (1 to 256, as ``Pool``; default: every core) is
        made for the call. Points are checked as ``path`` checks them, an
        error naming the query."""
        s = _points(starts, "starts", "query {}'s start", self)
        g = _points(goals, "goals", "query {}'s goal", self)
        if len(s) != len(g):
            raise InvalidArgumentError(f"{len(s)} starts but {len(g)} goals")
        ends = np.ascontiguousarray(np.hstack([s, g]))
        n = _threads(threads)
        p = None if pool is None else _typed(pool, Pool, "pool")._p
        res = _c.batch(self._g, ends, n, p, **self._opts(**opts))
        return [Path._make(*r) for r in res]

    def search(self, start, goal, **opts):
        """A sliced search for spreading one query over frames: returns a
        ``SlicedSearch`` whose ``step(budget)`` expands at most ``budget``
        cells a call. The grid cannot be edited until it ends (or
        ``cancel()``). Options as ``path``."""
        sx, sy = _point(start, "start", self)
        gx, gy = _point(goal, "goal", self)
        o = self._opts(**opts)
        # the arrays and table the options name live as long as the search
        return SlicedSearch(_c.slice_begin(self._g, sx, sy, gx, gy, **o), keep=o)

    def jump_table(self):
        """The grid's jump table (JPS+), 32 bytes a cell, computed once:
        pass it as ``jumps=`` to ``path``/``paths``/``search``. An edit of
        the grid makes it stale (queries with it then raise); ``save`` it
        for ``wayfind path --prep``."""
        return _c.jump_table(self._g)

    def hierarchy(self, connect=None, corners=None, filter=None):
        """The grid's contraction hierarchy for a unit moving by ``connect``
        and ``corners`` with ``filter`` (as ``path`` takes them; size 1):
        built once (seconds for 512 x 512, the GIL released), then its
        ``path`` answers with the costs of ``path`` many times faster on
        grids with terrain costs. An edit of the grid makes it refuse
        (``InvalidArgumentError``); ``save`` it for ``wayfind path
        --hierarchy``."""
        move = self._move(connect=connect, corners=corners, filter=filter)
        return Hierarchy(self, _c.hierarchy(self._g, **move))

    def _move(self, connect=None, corners=None, size=1, filter=None):
        o = self._opts(connect=connect, corners=corners, size=size, filter=filter)
        return {k: o[k] for k in ("connect", "corners", "size", "filter") if k in o}

    def _layer(self, a, what):
        a = np.ascontiguousarray(a, dtype=np.float32)
        if a.shape != self.shape:
            raise InvalidArgumentError(f"{what} must have the grid's shape {self.shape}, "
                                       f"not {a.shape}")
        return a

    def flee(self, dist, k=1.2, **move):
        """A flee map from ``dist``, a distance map to the threats (e.g.
        ``dijkstra(threats)``): walking downhill on it leads away from them.
        ``k`` > 1 makes longer escapes worth it."""
        raw = _c.flee(_search(), self._g, self._layer(dist, "dist"), float(k), **self._move(**move))
        return np.frombuffer(raw, dtype=np.float32).reshape(self.shape)

    def flow(self, field, **move):
        """A flow field of ``field`` (a Dijkstra or flee map): an int8 array
        of each cell's downhill direction (index into ``FLOW_DX``,
        ``FLOW_DY``), ``FLOW_SOURCE`` where it has arrived,
        ``FLOW_UNREACHABLE`` where blocked or unreachable."""
        raw = _c.flow(self._g, self._layer(field, "field"), **self._move(**move))
        return np.frombuffer(raw, dtype=np.int8).reshape(self.shape)

    def influence(self, sources, *, kind="linear", distance="straight", **move):
        """An influence layer: the sum over ``sources``, rows of (x, y,
        strength, radius), of the falloff ``kind`` ("linear", "exp",
        "inverse-square", "step") of the distance ("straight", or "path":
        the cost of walking there) within the radius. float32 array."""
        src = _rows(sources, "sources", 4, "(x, y, strength, radius)")
        _points(src[:, :2], "sources", "source {}", self)
        src = np.ascontiguousarray(src, dtype=np.float64)
        raw = _c.falloff(_search(), self._g, src, _choice(_FALLOFF, kind, "falloff"),
                         _choice(_DISTANCE, distance, "distance") == 1, **self._move(**move))
        return np.frombuffer(raw, dtype=np.float32).reshape(self.shape)

    def view(self, cell, facing, fov, range, *, fade=False, connect=None, corners=None):
        """What a viewer at ``cell`` facing ``facing`` degrees (0 east, 90
        south) sees within ``fov`` degrees and ``range`` cells, by line of
        sight: 1 (or 1 - d/range with ``fade``) where seen, else 0."""
        x, y = _point(cell, "viewer", self)
        raw = _c.view(self._g, x, y, float(facing), float(fov), float(range),
                      _choice(_FLAG, fade, "fade"),
                      **self._move(connect=connect, corners=corners))
        return np.frombuffer(raw, dtype=np.float32).reshape(self.shape)

    def dijkstra(self, sources, values=None, *, connect=None, corners=None, size=1,
                 filter=None):
        """The Dijkstra map of ``sources`` ((n, 2) of (x, y)): a (height,
        width) float32 array of each cell's least cost to reach the nearest
        source (plus its ``values`` entry), ``inf`` where none is reachable."""
        src = _points(sources, "sources", "source {}", self)
        o = self._opts(connect=connect, corners=corners, size=size, filter=filter)
        kw = {k: o[k] for k in ("connect", "corners", "size", "filter") if k in o}
        args = [_search(), self._g, src]
        if values is not None:
            v = np.ascontiguousarray(values, dtype=np.float64).reshape(-1)
            if len(v) != len(src):
                raise InvalidArgumentError(f"{len(src)} sources but {len(v)} values")
            args.append(v)
        raw = _c.field(*args, **kw)
        return np.frombuffer(raw, dtype=np.float32).reshape(self.shape)

    # ---- pictures ----------------------------------------------------------

    def render_png(self, file, paths=(), *, scale=0):
        """Writes the map, with ``paths`` (``Path`` objects or (n, 2) arrays)
        drawn over it, as a PNG file. ``scale``: pixels a cell (0: about
        1024 pixels on the long side)."""
        raw = [_points(p.cells if isinstance(p, Path) else p, "paths",
                       f"path {k}'s cell {{}}") for k, p in enumerate(paths)]
        _c.render_png(_fspath(file, "file"), self._g, raw, int(scale))


class SlicedSearch:
    """A search spread over calls (``Grid.search``)."""

    def __init__(self, s, keep=None):
        self._s = s
        self._keep = keep

    def step(self, budget=1000):
        """Expands at most ``budget`` cells (an integer, 1 to 2**64 - 1);
        None while the search goes on, then its ``Path`` (exactly what
        ``Grid.path`` gives)."""
        r = self._s.step(_int(budget, "budget", 1, _MAX_BUDGET))
        return None if r is None else Path._make(*r)

    def cancel(self):
        """Ends the search now."""
        self._s.cancel()

    @property
    def running(self):
        return self._s.running


class Pool:
    """Search threads kept across calls, for many queries per frame:
    ``grid.paths(starts, goals, pool=pool)``. ``threads``: 1 to 256
    (default: one a core)."""

    def __init__(self, threads=None):
        self._p = _c.Pool(_threads(threads))

    @property
    def threads(self):
        return self._p.threads


class NodePath:
    """A path on a graph: ``nodes`` a uint32 array from start to goal,
    ``cost``, ``found``, ``status``."""

    __slots__ = ("nodes", "cost", "status", "expanded")

    def __init__(self, status, raw, cost, expanded):
        self.nodes = np.frombuffer(raw, dtype=np.uint32)
        self.status = _STATUS.get(status, str(status))
        self.cost = cost if status != 1 else float("inf")
        self.expanded = expanded

    @property
    def found(self):
        return self.status != "no_path"

    def __len__(self):
        return len(self.nodes)

    def __bool__(self):
        return self.found

    def __repr__(self):
        return f"NodePath({self.status}, {len(self.nodes)} nodes, cost {self.cost:.6g})"


class Graph:
    """A waypoint graph. ``Graph(edges, weights=None, positions=None,
    nodes=None, two_way=True)``: ``edges`` (m, 2) node indices,
    ``weights`` m costs (> 0; default: the distance between the
    positions), ``positions`` (n, 2) or (n, 3) (optional: they give the
    search its heuristic), ``nodes`` the node count when there are no
    positions. ``Graph.from_grid`` and ``load_graph`` make the others."""

    def __init__(self, edges=None, weights=None, *, positions=None, nodes=None, two_way=True,
                 _graph=None):
        if _graph is not None:
            self._g = _graph
            return
        e = np.ascontiguousarray(np.asarray(edges if edges is not None else [], dtype=np.int64)
                                 .reshape(-1, 2))
        if positions is not None:
            pos = np.ascontiguousarray(positions, dtype=np.float64)
            if pos.ndim != 2 or pos.shape[1] not in (2, 3):
                raise InvalidArgumentError(f"positions must be (n, 2) or (n, 3), not {pos.shape}")
            n, dims = pos.shape
        else:
            if nodes is None:
                raise InvalidArgumentError("give positions or the node count (nodes=)")
            n, dims, pos = int(nodes), 0, np.zeros(0)
        if weights is None:
            if positions is None:
                raise InvalidArgumentError("weights are needed without positions")
            if len(e) and (e.min() < 0 or e.max() >= n):
                raise RangeError("an edge joins a node that does not exist")
            w = np.linalg.norm(pos[e[:, 0]] - pos[e[:, 1]], axis=1) if len(e) else np.zeros(0)
        else:
            w = np.asarray(weights, dtype=np.float64).reshape(-1)
            if len(w) != len(e):
                raise InvalidArgumentError(f"{len(e)} edges but {len(w)} weights")
        self._g = _c.Graph(n, pos, dims, e, np.ascontiguousarray(w),
                           _choice(_FLAG, two_way, "two_way"))

    @classmethod
    def from_grid(cls, grid, *, tile_size=1.0, connect=None, corners=None, size=1, filter=None):
        """The graph of a grid's moves: a node per cell the unit may stand
        on, an arc per move priced as the grid search prices it. Built
        with the GIL released (the grid may not be edited meanwhile)."""
        grid = _typed(grid, Grid, "grid")
        return cls(_graph=_c.graph_from_grid(grid._g, float(tile_size),
                                             **grid._move(connect, corners, size, filter)))

    @property
    def nodes(self):
        return self._g.nodes

    @property
    def arcs(self):
        return self._g.arcs

    @property
    def names(self):
        """Node names (from a graph file), or None."""
        return self._g.names

    @property
    def positions(self):
        raw = self._g.positions()
        a = np.frombuffer(raw, dtype=np.float64)
        return a.reshape(self.nodes, -1) if len(a) else None

    def node(self, name):
        """The index of the node called ``name`` (graph files)."""
        names = self.names
        if names is None or name not in names:
            raise RangeError(f"no node called {name!r}")
        return names.index(name)

    def node_cell(self, node):
        return self._g.node_cell(int(node))

    def cell_node(self, x, y):
        return self._g.cell_node(*_point((x, y), "cell"))

    def path(self, start, goal, *, algo=_DEFAULT["algo"], weight=1.0, max_expansions=0):
        """The cheapest path between two nodes (indices, or names for a
        graph from a file): a ``NodePath``."""
        a = self.node(start) if isinstance(start, str) else int(start)
        b = self.node(goal) if isinstance(goal, str) else int(goal)
        if a < 0 or b < 0:
            raise RangeError("node indices are >= 0")
        return NodePath(*_c.search_graph(_search(), self._g, a, b,
                                         algo=_choice(ALGORITHMS, algo, "algorithm"),
                                         weight=float(weight),
                                         max_expansions=int(max_expansions)))

    def __repr__(self):
        return f"Graph({self.nodes} nodes, {self.arcs} arcs)"


class Scenarios:
    """A Moving AI scenario file: ``starts`` and ``goals`` (n, 2) int32,
    ``optimal`` (n,) float64 lengths, ``buckets`` (n,) int32, ``map`` the
    map column, ``width``/``height`` the map size it names."""

    def __init__(self, map, ends, optimal, buckets, width, height):
        e = np.frombuffer(ends, dtype=np.int32).reshape(-1, 4)
        self.starts, self.goals = e[:, :2], e[:, 2:]
        self.optimal = np.frombuffer(optimal, dtype=np.float64)
        self.buckets = np.frombuffer(buckets, dtype=np.int32)
        self.map, self.width, self.height = map, width, height

    def __len__(self):
        return len(self.optimal)

    def __repr__(self):
        return f"Scenarios({len(self)} on {self.map!r})"


def load_jumps(path, grid):
    """Reads a jump table file (``wayfind prep``, ``JumpTable.save``) for
    ``grid``; a file for another map, another version, truncated or edited
    raises ``ParseError``."""
    grid = _typed(grid, Grid, "grid")
    return _c.load_jumps(_fspath(path, "path"), grid._g)


class Hierarchy:
    """A grid's contraction hierarchy for one unit (``Grid.hierarchy``,
    ``load_hierarchy``). ``path(start, goal)`` gives a ``Path`` as
    ``Grid.path`` does for that unit; ``info`` its size (nodes, arcs,
    shortcuts, bytes). One thread at a time."""

    def __init__(self, grid, h):
        self.grid, self._h = grid, h

    def path(self, start, goal):
        """The cheapest path from ``start`` to ``goal`` on the grid it was
        made for (``found`` False when there is none)."""
        sx, sy = _point(start, "start", self.grid)
        gx, gy = _point(goal, "goal", self.grid)
        return Path._make(*self._h.path(self.grid._g, sx, sy, gx, gy))

    def save(self, path):
        """Writes it (whole or not at all) for ``load_hierarchy`` and
        ``wayfind path --hierarchy``."""
        self._h.save(_fspath(path, "path"), self.grid._g)

    @property
    def info(self):
        return self._h.info

    def __repr__(self):
        i = self.info
        return f"Hierarchy({i['nodes']} nodes, {i['arcs']} arcs)"


def load_hierarchy(path, grid, connect=None, corners=None, filter=None):
    """Reads a hierarchy file (``wayfind prep --hierarchy``,
    ``Hierarchy.save``) for ``grid`` and the unit given as to
    ``Grid.hierarchy``; a file for another map or unit, another version,
    truncated or damaged raises ``ParseError``."""
    grid = _typed(grid, Grid, "grid")
    move = grid._move(connect=connect, corners=corners, filter=filter)
    return Hierarchy(grid, _c.load_hierarchy(_fspath(path, "path"), grid._g, **move))


def load_scen(path):
    """Loads a Moving AI .scen file (``Scenarios``)."""
    return Scenarios(*_c.load_scen(_fspath(path, "path")))


def load_graph(path):
    """Loads a graph file (``node``, ``edge``, ``arc`` lines); node names
    are kept (``Graph.names``, and ``path`` takes them)."""
    return Graph(_graph=_c.load_graph(_fspath(path, "path")))


def blend(layers, weights, *, normalise=False, clamp=None):
    """Σ weights[i] × layers[i] (arrays of one shape), normalised by the sum
    of |weights| and clamped to ``clamp`` = (lo, hi) when asked: a cost
    overlay for ``Grid.path(overlay=...)``."""
    arrs = [np.ascontiguousarray(a, dtype=np.float32) for a in layers]
    if not arrs:
        raise InvalidArgumentError("blend needs at least one layer")
    shape = arrs[0].shape
    if any(a.shape != shape for a in arrs):
        raise InvalidArgumentError("layers must all have one shape")
    w = np.ascontiguousarray(weights, dtype=np.float64).reshape(-1)
    lo, hi = clamp if clamp is not None else (0.0, 0.0)
    raw = _c.blend(arrs, w, arrs[0].size, _choice(_FLAG, normalise, "normalise"),
                   clamp is not None, float(lo), float(hi))
    return np.frombuffer(raw, dtype=np.float32).reshape(shape)


def _filter(f):
    if isinstance(f, dict):
        m = np.ones(256)
        for code, mult in f.items():
            if not 0 <= int(code) <= 255:
                raise InvalidArgumentError(f"a terrain code is 0 to 255, not {code}")
            m[int(code)] = mult
    else:
        m = np.asarray(f, dtype=np.float64)
        if m.shape != (256,):
            raise InvalidArgumentError(f"a filter holds 256 multipliers, not shape {m.shape}")
    return np.ascontiguousarray(m, dtype=np.float64)


def load(path, legend=None, *, connect=8, corners=_DEFAULT["corners"]):
    """Loads a map file: Moving AI (.map), ASCII, or CSV with its legend.
    The grid's ``start`` and ``goal`` are the marks the file carries (or
    None). Raises ``FileError`` or ``ParseError`` naming file, line and
    column."""
    g, s, t = _c.load_map(_fspath(path, "path"),
                          None if legend is None else _fspath(legend, "legend"))
    grid = Grid(connect=connect, corners=corners, _grid=g)
    grid.start, grid.goal = s, t
    return grid


def generate(kind, width, height, seed=1, *, density=0.25, braid=0.0, movingai_costs=False):
    """A seeded world: ``kind`` "islands" (priced for ships: deep sea 1,
    shallow 2, land blocked), "caves", "maze", "rooms" or "noise" — the
    same world as ``wayfind gen KIND --seed SEED --size WxH --ascii``.
    ``movingai_costs`` prices it as its Moving AI file reads back."""
    return Grid(_grid=_c.generate(_choice(_WORLDS, kind, "world kind"),
                                  int(width), int(height), int(seed),
                                  density=float(density), braid=float(braid),
                                  movingai_costs=_choice(_FLAG, movingai_costs,
                                                         "movingai_costs")))


# The mesh type lives in its own module, which uses the helpers above.
from ._mesh import Mesh  # noqa: E402
# The crowd (steer.h) likewise.
from ._crowd import Crowd  # noqa: E402
