"""wayfind.Mesh: navigation meshes (the library's mesh.h) and their exact
any-angle shortest paths. Kept apart from the grid types; the package
imports it last, as it uses the package's argument checks."""
import numbers
import sys

import numpy as np

from . import (_FLAG, Grid, InvalidArgumentError, Polyline, RangeError, _c, _choice,
               _filter, _fspath, _index, _int, _points, _rows, _search, _typed, _xy)

#: The largest seed: the generator's state is a uint64.
_MAX_SEED = 2**64 - 1
_KINDS = {"walkable": 0, "obstacle": 1}


def _real(v, what):
    """v as a float when it is a real number (the library checks its
    range); else InvalidArgumentError naming ``what``."""
    if isinstance(v, (numbers.Real, np.bool_)):
        try:
            return float(v)
        except OverflowError:
            pass
    raise InvalidArgumentError(f"{what} must be a real number, not {v!r}")


def _outline(item, i):
    """One outline (kind, points[, name]) as (kind code, (n, 2) float64
    points, name or None); InvalidArgumentError naming outline ``i``."""
    where = f"outline {i + 1}"
    try:
        if isinstance(item, (str, bytes)):
            raise TypeError
        kind, pts, *rest = item
    except (TypeError, ValueError):
        raise InvalidArgumentError(f"{where} must be (kind, points) or (kind, points, "
                                   f"name), not {item!r}") from None
    if len(rest) > 1 or (rest and rest[0] is not None and not isinstance(rest[0], str)):
        raise InvalidArgumentError(f"{where}: a name must be a str, not {rest!r}")
    if not isinstance(kind, str) or kind not in _KINDS:
        raise InvalidArgumentError(f"{where}: kind must be 'walkable' or 'obstacle', "
                                   f"not {kind!r}")
    try:
        arr = np.asarray(pts, dtype=np.float64)
    except (TypeError, ValueError):
        raise InvalidArgumentError(f"{where}: points must be (x, y) pairs of numbers, "
                                   f"not {pts!r}") from None
    if arr.ndim != 2 or arr.shape[1] != 2:
        raise InvalidArgumentError(f"{where}: points must be (x, y) pairs, not shape "
                                   f"{arr.shape}")
    return _KINDS[kind], arr, (rest[0] if rest else None)


class Mesh:
    """A navigation mesh: the walkable part of a grid as convex polygons,
    and the exact shortest paths across them (Polyanya).

    Made by ``Mesh.from_grid(grid, size=1, filter=None)`` (below), or from
    outlines in world units (``from_outlines``, ``read_outlines``,
    ``read_tiled``), or read back (``load``). For a grid's mesh points are
    (x, y) pairs of real numbers in cell units: cell (x, y) is the square
    [x, x + 1] × [y, y + 1], its centre (x + 0.5, y + 0.5); a unit of size
    k > 1 is its anchor (top-left) cell's centre. The mesh holds points to
    1/128 of a cell, so a point it takes is rounded to that. Its corners
    keep the one-free rule: a path may run along a blocked cell's edge and
    through a single blocked cell's corner, never between two blocked cells
    that touch diagonally; so ``path`` gives the lengths of the grid's
    "anya" any-angle search (and of "mesh"), to rounding.

    Threads may share a mesh; only ``add_link``, ``update``,
    ``add_obstacle`` and ``remove_obstacle`` change it, and they refuse
    while a path runs on it in another thread.
    ``path`` releases the GIL
    and runs on the calling thread's own search state, so paths from many
    Python threads run at once; the other queries are quick and keep it.
    The builds, ``update``, ``save`` and ``load`` release it too; while an
    ``update`` runs, any other call on that mesh raises
    ``InvalidArgumentError`` instead of reading it half changed.
    ``len(mesh)`` is its number of polygons; ``info`` says what it holds.

    A point that is not an (x, y) pair of finite numbers raises
    ``InvalidArgumentError``; an integer where a float is too small for it
    ``RangeError``.
    """

    def __init__(self, *, _mesh=None):
        if not isinstance(_mesh, _c.Mesh):
            raise TypeError("make a Mesh with Mesh.from_grid(grid), Mesh.from_outlines, "
                            "Mesh.read_outlines or Mesh.load")
        self._m = _mesh

    @classmethod
    def from_grid(cls, grid, *, size=1, filter=None, tile=0):
        """The mesh of the cells of ``grid`` (a ``Grid``) that a unit of
        side ``size`` cells (1 to 64) with terrain ``filter`` (as
        ``Grid.path`` takes it: a dict code -> multiplier, ``inf``
        forbids, or 256 values) may stand on: a forbidden terrain is
        blocked, and for size k > 1 a cell is walkable when the unit's
        k × k square fits there. The terrains it may stand on must all cost
        the same after the filter (a mesh prices a path by its length
        times that cost); otherwise, and for a filter the library refuses,
        it raises ``InvalidArgumentError`` with the library's reason
        (``TooBigError`` for a side over 2^20 cells). Built with the GIL
        released (milliseconds for game maps, a few hundred for 512 × 512
        random ones); the grid cannot be edited meanwhile. The mesh does
        not follow later edits of the grid by itself: with ``tile`` = T
        (4 to 2**20 cells a side; 0, the default, one tile) it is built in
        T × T tiles, and ``update`` rebuilds those holding edited cells
        (its polygons stop at tile sides; its paths are the same)."""
        grid = _typed(grid, Grid, "grid")
        opts = {"size": _int(size, "size", 1, 2**63 - 1)}
        if filter is not None:
            opts["filter"] = _filter(filter)
        return cls(_mesh=_c.mesh_from_grid(grid._g, _int(tile, "tile", 0, 2**32 - 1),
                                           **opts))

    def update(self, grid, cells=None):
        """Brings a tiled mesh (``from_grid(..., tile=T)``) up to date with
        edits of ``grid``, the grid it was made from: ``cells`` the (x, y)
        cells whose terrain changed (a sequence of pairs or an (n, 2)
        array), or None when any may have: only the tiles holding them
        are built again. Afterwards every query answers as a mesh built
        anew from the grid would (the same lengths). The unit's terrains
        are those its filter allowed when the mesh was built. Links whose
        end is no longer on the mesh are not taken.

        Runs with the GIL released, like a build: meanwhile another
        thread's call on this mesh raises ``InvalidArgumentError`` rather
        than read it half changed, and an edit of ``grid`` raises as it
        does during a search. It raises ``InvalidArgumentError`` itself
        while a ``path`` on this mesh runs in another thread, and with the
        library's reason for a mesh without tiles or another grid;
        ``RangeError`` for a cell off the grid."""
        grid = _typed(grid, Grid, "grid")
        raw = None if cells is None else _points(cells, "cells", "cell {}", grid).tobytes()
        self._m.update(grid._g, raw)

    @classmethod
    def from_outlines(cls, outlines, *, scale=0, cost=0, radius=0, tile=0):
        """The mesh of the ground inside the walkable outlines and outside
        every obstacle outline (they may overlap and cross: the walkable
        outlines' union less the obstacles'). ``outlines`` is a sequence of (kind,
        points) or (kind, points, name): kind "walkable" or "obstacle",
        points a closed ring of (x, y) in world units (a sequence of pairs
        or an (n, 2) array, either direction, the last joined back to the
        first), name what errors call it ("outline N", counting from 1,
        when None). ``scale``: fixed-point units per world unit (0: the
        finest that fits); ``cost``: the cost of one unit of path (0: 1);
        ``radius``: the radius of the unit the mesh is for (0: a point),
        every path keeping that far from every wall; ``tile``: a tile's
        side in world units (0: one piece; radius 0 only), so that
        ``add_obstacle`` and ``remove_obstacle`` rebuild only the tiles
        an obstacle touches. Built with the GIL
        released. The library's refusals (an outline crossing itself,
        naming it and where; an outline without area, fewer than 3
        points, no walkable outline)
        raise ``InvalidArgumentError`` with its message; ``TooBigError``
        for too many points."""
        if isinstance(outlines, (str, bytes)):
            raise InvalidArgumentError("outlines must be a sequence of (kind, points)")
        try:
            items = [_outline(o, i) for i, o in enumerate(outlines)]
        except TypeError:
            raise InvalidArgumentError("outlines must be a sequence of (kind, points), "
                                       f"not {type(outlines).__name__}") from None
        pts = np.ascontiguousarray(np.concatenate([a for _, a, _ in items])
                                   if items else np.zeros((0, 2)), dtype=np.float64)
        return cls(_mesh=_c.mesh_from_outlines(
            pts.tobytes(), [len(a) for _, a, _ in items], [k for k, _, _ in items],
            [n for _, _, n in items], _real(scale, "scale"), _real(cost, "cost"),
            _real(radius, "radius"), _int(tile, "tile", 0, 2**32 - 1)))

    def add_obstacle(self, points, name=None):
        """Adds an obstacle, the closed ring ``points`` (a sequence of (x,
        y) or an (n, 2) array, in world units; any polygon, overlapping
        anything), to a mesh made by ``from_outlines(..., tile=T)``,
        rebuilding only the tiles its bounding box touches; returns its id
        (the outlines the mesh was made from are 0 to n - 1, each added
        one the next number). Afterwards every query answers as a mesh
        made afresh from the outlines left. ``InvalidArgumentError`` with
        the library's reason (naming ``name``) for a mesh without tiles,
        a point outside the tiles, an outline crossing itself or without
        area, or while a ``path`` runs on the mesh in another thread."""
        _, arr, name = _outline(("obstacle", points, name), 0)
        return self._m.add_obstacle(np.ascontiguousarray(arr).tobytes(), name)

    def remove_obstacle(self, id):
        """Removes obstacle ``id`` (from ``add_obstacle``, or one the mesh
        was made from), rebuilding only the tiles it touched.
        ``InvalidArgumentError`` for a mesh without tiles, an id that is
        no obstacle of the mesh (or was removed), or while a ``path``
        runs on the mesh in another thread."""
        self._m.remove_obstacle(_int(id, "id", 0, 2**63 - 1))

    @classmethod
    def read_outlines(cls, path, *, radius=0):
        """The mesh of an outlines file (``wayfind-outlines 1``; the
        library's docs/formats.md), with the file's scale and cost, for a
        unit of ``radius``. ``FileError`` or ``ParseError`` naming the
        file and line; the mesh's refusals as ``from_outlines``, naming
        outlines by their lines ("'well' (line 9)")."""
        return cls(_mesh=_c.mesh_read_outlines(_fspath(path, "path"),
                                               _real(radius, "radius")))

    @classmethod
    def read_tiled(cls, path, *, radius=0):
        """The mesh of a Tiled map's (.tmj) walkable and obstacle objects,
        with its "link" polylines as off-mesh links, for a unit of
        ``radius`` (world units are tiles). This package is built without
        cJSON, so it reads no Tiled maps: it raises ``UnsupportedError``
        saying so (``Mesh.tiled_supported()`` is False); a build with
        the reader raises the library's ``ParseError`` or
        ``UnsupportedError`` naming the map, layer or object."""
        return cls(_mesh=_c.mesh_read_tiled(_fspath(path, "path"), _real(radius, "radius")))

    @staticmethod
    def tiled_supported():
        """True when this build reads Tiled maps (``read_tiled``)."""
        return _c.tiled_supported()

    @classmethod
    def load(cls, path, grid=None):
        """A mesh saved by ``save``, answering every query exactly as the
        mesh that was saved, its off-mesh links with the same ids (a tiled
        mesh comes back without tiles to update; a file of an older
        wayfind, version 1, is read too). The GIL is released while it
        reads. With ``grid``, the map it was made from, the file must be
        that map's mesh as the map is now (its size, terrain and costs).
        Nothing in the file is trusted: ``ParseError`` says what is wrong
        ("made for another map", "truncated", "corrupted: ..."),
        ``FileError`` when it cannot be read."""
        if grid is not None:
            grid = _typed(grid, Grid, "grid")._g
        return cls(_mesh=_c.mesh_read(_fspath(path, "path"), grid))

    def save(self, path):
        """Writes the mesh to the file ``path`` (the library's binary mesh
        format), replaced whole or not at all: its polygons, its off-mesh
        links (``load`` gives them back with the same ids) and its scale
        exactly, whatever it is. ``FileError`` when it cannot be written.
        The GIL is released while it writes."""
        self._m.save(_fspath(path, "path"))

    def path(self, start, goal):
        """The Euclidean shortest path from ``start`` to ``goal`` ((x, y)
        points): a ``Polyline`` through the two ends (rounded to the
        mesh's 1/128) and every corner it bends round, with its
        ``length`` and ``cost`` (length × the terrain's cost). When no
        path joins them, ``found`` is False, ``length`` and ``cost`` are
        ``inf`` and ``message`` says why. An end off the mesh (on a blocked
        cell or off the map) raises ``BlockedError`` with the library's
        message, as a blocked start does for ``Grid.path``; an end too far
        out for the mesh's fixed point ``RangeError``. The GIL is released
        while it searches."""
        sx, sy = _xy(start, "start")
        gx, gy = _xy(goal, "goal")
        result, links = self._m.path(_search(), sx, sy, gx, gy)
        p = Polyline(*result)
        p.links = links
        return p

    def add_link(self, a, b, cost=0, two_way=True):
        """Adds an off-mesh link (a jump, ladder, door or teleporter) from
        point ``a`` to point ``b``, and back when ``two_way``, taken for
        ``cost`` (>= 0) whatever its length; returns its id (0, 1, ...).
        ``path`` then finds the cheapest path walking and taking links in
        any order (its ``links`` say which it took); each query costs a
        few walks more, so links are for the tens of a level. An end off
        the mesh or a bad cost raises ``InvalidArgumentError`` with the
        library's reason.

        This changes the mesh: it raises ``InvalidArgumentError`` while a
        ``path`` on this mesh runs in another thread (the mesh counts
        them), instead of changing it under that search; add links before
        sharing the mesh between threads. ``save`` keeps the links."""
        ax, ay = _xy(a, "a")
        bx, by = _xy(b, "b")
        return self._m.add_link(ax, ay, bx, by, _real(cost, "cost"),
                                _choice(_FLAG, two_way, "two_way"))

    @property
    def links(self):
        """The off-mesh links in id order, as a list of (a, b, cost,
        two_way): a and b (x, y) rounded to the mesh's fixed point."""
        return self._m.links

    def corridor(self, points):
        """The corridor of the polyline ``points`` (a path's points, a
        sequence of (x, y) or an (n, 2) array, or a ``Polyline``): the
        ids of the polygons its segments cross, in order, each sharing an
        edge with the one before, for ``funnel``. ``BlockedError`` when a
        point is off the mesh or a segment leaves it;
        ``InvalidArgumentError`` for no points or one not finite."""
        if isinstance(points, Polyline):
            points = points.points
        pts = [_xy(p, f"point {i}") for i, p in enumerate(_rows(points, "points", 2,
                                                                 "(x, y)"))]
        if not pts:
            raise InvalidArgumentError("a corridor needs at least one point")
        return self._m.corridor(np.array(pts, dtype=np.float64).tobytes())

    def funnel(self, corridor, start, goal):
        """String pulling: the shortest path from ``start`` to ``goal``
        through the polygons of ``corridor`` (ids, as ``corridor`` gives
        them) in order, as a ``Polyline``; over a path's own corridor it
        is that path again (the same length). For steering: drop the
        polygons behind the unit and pull from where it is;
        ``points[1]`` is the corner to head for. Not found (``found``
        False) when ``start`` is not in the first polygon or ``goal`` not
        in the last; ``InvalidArgumentError`` for an empty corridor, an id
        that is not a polygon's, or two in a row that share no edge."""
        ids = []
        for i, c in enumerate(corridor):
            k = _index(c)
            if k is None:
                raise TypeError(f"corridor item {i} must be a polygon index, not {c!r}")
            ids.append(k)
        if not ids:
            raise InvalidArgumentError("a corridor needs at least one polygon")
        return Polyline(*self._m.funnel(ids, *_xy(start, "start"), *_xy(goal, "goal")))

    def locate(self, point):
        """The index of the polygon holding ``point`` (on a shared edge or
        corner, the lowest), or None when it is off the mesh."""
        i = self._m.locate(*_xy(point, "point"))
        return None if i < 0 else i

    def nearest(self, point):
        """The point of the mesh nearest to ``point`` and its polygon, as
        ((x, y), polygon): ``point`` itself (rounded) when it is on the
        mesh, for a click or a unit off it. None for a mesh without
        polygons or a point too far out. On a tie, the lowest polygon."""
        poly, x, y = self._m.nearest(*_xy(point, "point"))
        return None if poly < 0 else ((x, y), poly)

    def raycast(self, start, end):
        """Casts the segment from ``start`` to ``end`` over the mesh:
        (True, ``end`` rounded) when the whole segment lies on it, else
        (False, the first point where it leaves the mesh), ``start`` itself
        when that is off the mesh. It may run along the boundary and
        through a corner where walkable space goes on, never between two
        blocked cells that touch diagonally. ``RangeError`` for a point
        too far out for the mesh's fixed point."""
        clear, x, y = self._m.raycast(*_xy(start, "start"), *_xy(end, "end"))
        return clear, (x, y)

    def random_point(self, seed):
        """A random point of the mesh, uniform by area, as (x, y); None
        for a mesh without area. Deterministic: the first point the
        generator seeded with ``seed`` (an integer 0 to 2**64 - 1) draws,
        so ``random_point(s)`` is ``random_points(1, s)[0]`` and the same
        on every machine."""
        raw = self._m.random_points(_int(seed, "seed", 0, _MAX_SEED), 1)
        if raw is None:
            return None
        x, y = np.frombuffer(raw, dtype=np.float64).tolist()
        return x, y

    def random_points(self, count, seed):
        """``count`` random points of the mesh, uniform by area, as a
        (count, 2) float64 array of (x, y): the points the generator seeded
        with ``seed`` (an integer 0 to 2**64 - 1) draws in turn
        (splitmix64, the library's), the same for the same seed on every
        machine; ``random_points(n, s)`` begins with ``random_points(m,
        s)`` for m < n. The GIL is released while it draws.
        ``InvalidArgumentError`` for a mesh without area (and a count > 0)."""
        n = _int(count, "count", 0, sys.maxsize // 16)
        raw = self._m.random_points(_int(seed, "seed", 0, _MAX_SEED), n)
        if raw is None:
            raise InvalidArgumentError("the mesh has no area to draw points from")
        return np.frombuffer(raw, dtype=np.float64).reshape(-1, 2)

    def polygon(self, index):
        """Polygon ``index`` (0 to len(mesh) - 1) as (corners, neighbours):
        its corners as a list of (x, y) in order round it
        (counter-clockwise with y up; clockwise as drawn with y down), and
        for each edge, from corner i to corner i + 1, the index of the
        polygon beyond it, or None at the boundary. ``TypeError`` for an
        index that is not an integer, ``RangeError`` (an ``IndexError``)
        for one that is not a polygon's."""
        i = _index(index)
        if i is None:
            raise TypeError(f"a polygon index must be an integer, not "
                            f"{type(index).__name__} {index!r}")
        n = len(self)
        if not 0 <= i < n:
            raise RangeError(f"polygon {i} is not one of the mesh's {n} (0 to {n - 1})"
                             if n else f"polygon {i}: the mesh has no polygons")
        return self._m.polygon(i)

    @property
    def info(self):
        """What the mesh holds, as a dict: ``vertices`` (polygon corners),
        ``polygons``, ``triangles`` (of the triangulation they were
        merged from), ``pieces`` (connected pieces of walkable space),
        ``links`` (off-mesh links), ``bytes`` (memory held), ``scale``
        (fixed-point units per cell or world unit), ``cost`` (the cost of
        one unit of path)."""
        return self._m.info

    def __len__(self):
        """The number of polygons."""
        return self._m.info["polygons"]

    def __repr__(self):
        i = self.info
        return (f"Mesh({i['polygons']} polygons, {i['vertices']} vertices, "
                f"{i['pieces']} pieces)")
