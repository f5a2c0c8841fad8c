/**
 * @file mesh.h
 * wayfind navigation meshes: the walkable part of a world as convex
 * polygons, and the exact shortest paths across them.
 *
 * A mesh is built from outlines (walkable ground and obstacles as closed
 * polygons in world units, for a unit of any radius) or from a tile map
 * (a grid and the unit that walks it):
 * the outlines of the cells the unit may stand on are traced, the space
 * inside them is cut into triangles (a constrained Delaunay
 * triangulation), and neighbouring triangles are merged while their union
 * stays convex. Its corners and edges keep the grid's one-free rule: a
 * path may run along a blocked cell's edge and through a single blocked
 * cell's corner, never through the point where two blocked cells touch
 * diagonally (the two sides of such a point are not joined), so its
 * shortest paths are the same as wf_search_any_angle's with
 * WF_ANY_ANGLE_ANYA, to rounding. A point where two blocked cells touch
 * diagonally belongs to both walkable cells there: a path may start or
 * end on it and leave into either (the GPPC any-angle track lets such a
 * start leave into the cell below and right of it only).
 *
 * Coordinates are world units; for a mesh made from a grid they are the
 * polyline cell units of polyline.h (cell (x, y) is [x, x + 1] × [y, y + 1];
 * a unit of size k > 1 is its anchor cell's centre, as there). Inside, a
 * mesh holds every point in fixed point, 1/128 of a cell for a grid: a
 * point a query takes is rounded to that, and every geometric decision
 * (which side of an edge, which polygon) is exact integer arithmetic, so a
 * mesh and its answers are the same on every compiler and machine.
 *
 * The shortest path (wf_mesh_path) is Polyanya (Cui, Harabor and
 * Grastien, IJCAI 2017): a search over intervals of polygon edges seen
 * from a root (the start or a corner the path bends round), which crosses
 * a whole polygon per node; a node with one successor is expanded at once
 * without the open list, and a root reached more dearly than before is
 * not searched again.
 *
 * For steering, wf_mesh_corridor lists the polygons a path crosses and
 * wf_mesh_funnel pulls a string through them (the funnel algorithm) from
 * wherever the unit has got to: the corners to head for next.
 *
 * Any number of threads may query a mesh at once, each with its own
 * wf_mesh_query; only the calls that change it (wf_mesh_add_link,
 * wf_mesh_update after grid edits, wf_mesh_add_obstacle and
 * wf_mesh_remove_obstacle on an outline mesh in tiles) need it alone.
 * It can be saved and read back, answering every query as before,
 * without building it again (wf_mesh_write, wf_mesh_read in io.h).
 *
 * Part of the core layer: libc and libm only, no I/O.
 */
#ifndef WAYFIND_MESH_H
#define WAYFIND_MESH_H

#include "polyline.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A navigation mesh (opaque). */
typedef struct wf_mesh wf_mesh;

/** One thread's search state for mesh queries (opaque); it grows to the
 *  largest mesh it has searched and may move between meshes. */
typedef struct wf_mesh_query wf_mesh_query;

/** Fixed-point units per cell of a mesh made from a grid. */
#define WF_MESH_GRID_SCALE 128

/** What an outline encloses. */
typedef enum wf_outline_kind {
    WF_OUTLINE_WALKABLE = 0, /**< ground a unit may walk on */
    WF_OUTLINE_OBSTACLE = 1  /**< a hole in that ground (a wall, a rock) */
} wf_outline_kind;

/** One closed outline: a ring of points in world units, the last joined
 *  back to the first (a repeated first point at the end is allowed), in
 *  either direction. */
typedef struct wf_outline {
    const wf_vec2 *points;
    size_t count;
    wf_outline_kind kind;
    /** How errors name it ("line 12", "object 7 'wall'"); NULL or "":
     *  "outline N", counting from 1. */
    const char *name;
} wf_outline;

/** How wf_mesh_from_outlines builds a mesh; all zero is the default. */
typedef struct wf_mesh_opts {
    /** Fixed-point units per world unit: every point is rounded to
     *  1/scale. 0: the finest power of two that keeps every coordinate
     *  below 2^26 units (for outlines within ±1000, 1/65536). */
    double scale;
    /** The cost of one world unit of path; 0: 1. */
    double cost;
    /** A tile's side, 0 for one tile (the whole world). For a grid:
     *  cells per tile side (4 to 2^20); a tiled grid mesh follows the
     *  grid's edits tile by tile (wf_mesh_update). For outlines: world
     *  units per tile side (rounded to the fixed point; 16 fixed-point
     *  units at least, and radius 0 only); a tiled outline mesh takes
     *  obstacles added and removed tile by tile (wf_mesh_add_obstacle,
     *  wf_mesh_remove_obstacle). */
    unsigned tile;
    /** The radius of the unit the mesh is for, in world units; 0: a point.
     *  With r > 0 the mesh holds the ground at least r from its boundary
     *  (see wf_mesh_from_outlines); a grid's mesh takes the unit's size
     *  from its wf_move instead. */
    double radius;
} wf_mesh_opts;

/**
 * Builds the mesh of the cells of @p g a unit moving by @p move (NULL:
 * the default; its corner rule is not used: a mesh has the one-free rule,
 * and connect must be 8) with terrain filter @p filter (NULL: none; read
 * now, not kept) may stand on: a forbidden terrain is blocked, and for
 * size k > 1 a cell is walkable when the unit's k × k square fits there
 * (its anchor cell), as in wf_search_any_angle. The passable terrains must
 * all cost the same after the filter: a mesh prices a path by its length
 * times that cost. @p opts (may be NULL) takes a tile size only (its
 * scale and cost must be 0): with opts->tile = T the mesh is built in
 * tiles of T × T cells, which wf_mesh_update rebuilds one by one after
 * edits; its polygons stop at tile sides (a few more of them), its paths
 * are the same.
 *
 * Time: about O(c log c) for c outline corners: 0.2–120 ms for the game
 * and room maps of the Moving AI set, 270–380 ms for its 512 × 512 random
 * maps (wf_bench_mesh prints it). On error, @p diag (may be NULL) says
 * why.
 *
 * Errors: WF_E_INVALID_ARG (g or out NULL, a bad move, 4-connected, a
 * filter wf_filter_check refuses, terrains that cost differently, a scale
 * or cost in opts, a tile outside 4 to 2^20),
 * WF_E_TOO_BIG (a side over 2^20 cells), WF_E_NOMEM.
 */
WF_API wf_status wf_mesh_from_grid(const wf_grid *g, const wf_move *move,
                                   const wf_filter *filter,
                                   const wf_mesh_opts *opts,
                                   const wf_allocator *alloc, wf_mesh **out,
                                   wf_diag *diag);

/**
 * Builds the mesh of the ground inside the walkable outlines of @p
 * outlines (@p n of them) and outside every obstacle outline: the union
 * of the walkable outlines less the union of the obstacles. Outlines may
 * be nested, lie side by side, share corners, run along each other,
 * overlap and cross (a crate on a wall, two rocks, an obstacle sticking
 * out of the ground, floors overlapping); walkable outlines that share an
 * edge or overlap are joined; an obstacle outside every walkable outline
 * changes nothing. An outline may touch itself but not cross itself, and
 * needs an area. A point where only corners of ground meet (two
 * obstacles touching at a corner, say) joins nothing: a path does not
 * pass through it, as on a grid.
 *
 * Where sides of two outlines cross, both are bent through one point of
 * the fixed point (1/scale) next to the crossing, so every decision stays
 * exact: that point is at most half a unit from the crossing along each
 * axis (0.71 / scale world units away) as a rule; where crossings crowd
 * within a unit or two of one another a bend may stray a little further.
 * A corner of the ground made by a crossing moves by that much, and a
 * path bending round it is longer or shorter by 2 × 0.71 / scale at most
 * per such corner (tests: equal to 1e-9 relative on random worlds). A
 * crossing on a point of the fixed point (sides along the axes and
 * diagonals on multiples of 1/scale, say) is exact.
 *
 * With opts->radius r > 0 the mesh is for a unit of radius r: it holds
 * the ground at least r from its boundary (every outline edge, or part of
 * one, with ground on one side only), so every path keeps r from every
 * obstacle and from the ground's edge. What lies within r of the boundary
 * is taken away by convex polygons, their union however they overlap.
 * Let P be the regular polygon of 16 sides round the circle of radius
 * r + 4 / scale, a side's normal along each axis: on each boundary edge a
 * strip on its ground side, as high as P's rim is far in the edge's
 * normal direction; at each corner where the boundary turns away from the
 * ground, a fan, the part of P round the corner between the two edges'
 * normals (so within P swept along the edges, a capsule). Their points
 * are rounded to the fixed point, which moves a side 0.71 / scale at
 * most: they hold everything within r + 3 / scale. Where two sides cross,
 * or a side crosses an edge, both bend through a point of the fixed
 * point within half a unit of both (0.71 / scale; rarely more, where
 * crossings crowd within a unit or two); the 3 / scale added to r absorbs
 * that, and a last check removes any triangle nearer than r to the
 * boundary whatever the rounding did. So:
 * - every point of the mesh is at least r from the boundary as the fixed
 *   point rounds the outlines (r − 0.71 / scale from the outlines given);
 * - a point of the ground at least (r + 4 / scale) / cos(pi / 16) +
 *   2 / scale ≈ 1.0196 r + 6 / scale from the boundary is on it (P's
 *   corners reach 1.96 % beyond r): a corridor narrower than 2r is
 *   closed, one wider than about 2.04 r + 12 / scale open;
 * - a path is as short as the shortest one round the strips and fans, to
 *   within the rounding of their corners and bends (tests: 0.074 / scale
 *   per corner of the path at most).
 * With opts->tile = T > 0 the mesh is built in square tiles of T world
 * units (rounded to the fixed point) over the outlines' bounding box
 * widened to multiples of T, so that wf_mesh_add_obstacle and
 * wf_mesh_remove_obstacle rebuild only the tiles an obstacle touches: each
 * outline is cut where it crosses a tile line, at the point of the fixed
 * point nearest the crossing along that line (half a unit from it at
 * most), and each tile is made from what lies in its box. Its polygons
 * stop at tile sides; its ground is the untiled mesh's to those cuts
 * (exact where the cuts fall on the fixed point: sides along the axes and
 * diagonals on multiples of 1/scale with integer tiles, say). Tiles are
 * for a point unit: a radius with a tile is refused.
 *
 * A radius no part of the ground holds gives an empty mesh (0 polygons):
 * then wf_mesh_path says WF_NO_PATH, wf_mesh_nearest −1, and
 * wf_mesh_random_point WF_NO_PATH. A point within r of the boundary is off
 * the mesh: a path from it is WF_NO_PATH, and wf_mesh_nearest gives the
 * nearest point where the unit fits. The default scale leaves room for the
 * polygons (coordinates plus 1.03 r below 2^26 units); a scale given in
 * opts must too.
 *
 * Time: about O(c log c) for c corners; a radius makes the triangulation
 * again with the strips' and fans' points and crossings (about 3 times as
 * many triangles), some 10 times the time: on a world of 10,290 corners
 * (1,024 obstacles), 20 ms without a radius, 190–270 ms with one of 0.5
 * to 9 (the obstacles 8 to 24 across, 31 apart). On error, @p diag (may
 * be NULL) says why, naming the outline by its name and, for one
 * crossing itself, where.
 *
 * Errors: WF_E_INVALID_ARG (NULL, fewer than 3 points, a point not
 * finite or too far out for opts->scale, a bad kind or cost, no walkable
 * outline, an outline without area or crossing itself; a tile with a
 * radius, or a tile under 16 or over 2^26 fixed-point units; a radius
 * negative or not finite, larger than the outlines' extent (the longer
 * side of their bounding box: no ground is that far from an edge), or
 * whose polygons do not fit opts->scale), WF_E_TOO_BIG (too many points,
 * over 2^22 tiles, or over 2^24 crossings of outlines' or the polygons'
 * sides), WF_E_NOMEM.
 */
WF_API wf_status wf_mesh_from_outlines(const wf_outline *outlines, size_t n,
                                       const wf_mesh_opts *opts,
                                       const wf_allocator *alloc,
                                       wf_mesh **out, wf_diag *diag);

/**
 * Adds obstacle @p o (kind WF_OUTLINE_OBSTACLE: any polygon, a rectangle
 * being one; read now, not kept) to @p m, a mesh built by
 * wf_mesh_from_outlines with opts->tile > 0, and makes again only the
 * tiles its bounding box touches: afterwards every query answers as on
 * the mesh wf_mesh_from_outlines builds, with the same options, from the
 * outlines m was built from, plus those added, less those removed, in
 * that order. Its id goes to @p id: the outlines m was built from have
 * ids 0 to n - 1, each added one the next number (never reused). The
 * obstacle may overlap anything; it must lie within the tiles m was
 * built with (the outlines' bounding box widened to tile lines), and is
 * checked as wf_mesh_from_outlines checks an outline (points, area, not
 * crossing itself). Off-mesh links stay. Not while m is being queried.
 *
 * A tiled outline mesh keeps its outlines cut where they cross tile
 * lines, at the point of the fixed point nearest each crossing along the
 * line (half a unit at most from it), so a tile is made from what lies in
 * its box alone and tiles across a side meet corner to corner: its ground
 * is the outlines' to that, and to the bends where outlines cross (see
 * wf_mesh_from_outlines). Its polygons stop at tile sides.
 *
 * Time: the tiles touched, each O(k log k) for the k outline points in
 * it, then stitching the tiles' polygons into m's arrays, O(P) for the
 * mesh's P polygon corners.
 *
 * Errors: WF_E_INVALID_ARG (NULL; m not built from outlines in tiles; o
 * not an obstacle, with a point outside the tiles or not finite, fewer
 * than 3 points, no area or crossing itself: m unchanged, @p diag names o
 * by its name), WF_E_NOMEM, WF_E_TOO_BIG (m left unusable: destroy it).
 */
WF_API wf_status wf_mesh_add_obstacle(wf_mesh *m, const wf_outline *o,
                                      uint32_t *id, wf_diag *diag);

/**
 * Removes obstacle @p id (one m was built from, or added) from @p m, a
 * mesh built from outlines in tiles, making again only the tiles its
 * bounding box touches: afterwards m answers as wf_mesh_add_obstacle
 * says. Off-mesh links stay. Time: as wf_mesh_add_obstacle.
 *
 * Errors: WF_E_INVALID_ARG (m NULL or not built from outlines in tiles;
 * no outline @p id, or a walkable one: m unchanged), WF_E_NOMEM (m left
 * unusable: destroy it).
 */
WF_API wf_status wf_mesh_remove_obstacle(wf_mesh *m, uint32_t id,
                                         wf_diag *diag);

/**
 * Brings the tiled mesh @p m (built by wf_mesh_from_grid with opts->tile)
 * up to date with edits of its grid @p g: the cells of @p changes (@p
 * count of them, as a grid watcher hears them, wf_grid_watch_fn; NULL and
 * 0: any cell may have changed) alter where the unit may stand, and only
 * the tiles holding such cells are built again, then the mesh is put
 * together from its tiles. Every query afterwards is answered as by a
 * mesh built anew from the grid (the same lengths). The unit's terrains
 * are those the filter allowed when the mesh was built; a change of
 * terrain costs or of the filter needs a new mesh. A link whose end is
 * no longer on the mesh is not taken. Not while other threads query @p m.
 *
 * Time: one tile's build (about O(c log c) for its c outline corners)
 * per tile changed, plus O(polygons) to put the mesh together.
 *
 * Errors: WF_E_INVALID_ARG (NULL, a mesh without tiles or from another
 * grid; @p diag says which), WF_E_NOMEM (the mesh is then unusable).
 */
WF_API wf_status wf_mesh_update(wf_mesh *m, const wf_grid *g,
                                const wf_cell_change *changes, size_t count,
                                wf_diag *diag);

/** Frees @p m; NULL is a no-op. Its queries stay valid for other meshes. */
WF_API void wf_mesh_destroy(wf_mesh *m);

/** What a mesh holds. */
typedef struct wf_mesh_info {
    size_t vertices;   /**< polygon corners */
    size_t polygons;   /**< convex polygons */
    size_t triangles;  /**< of the triangulation they were merged from */
    size_t pieces;     /**< connected pieces of walkable space */
    size_t links;      /**< off-mesh links */
    size_t bytes;      /**< memory held */
    double scale;      /**< fixed-point units per world unit */
    double cost;       /**< cost of one world unit of path */
} wf_mesh_info;

/** Fills @p info for @p m. Errors: WF_E_INVALID_ARG (NULL). */
WF_API wf_status wf_mesh_describe(const wf_mesh *m, wf_mesh_info *info);

/**
 * The polygon containing point @p p (its index, 0 to polygons - 1), or -1
 * when @p p is off the mesh or not a finite point; on a shared edge or
 * corner, the lowest index. O(polygons in p's bucket × their corners).
 */
WF_API long wf_mesh_locate(const wf_mesh *m, wf_vec2 p);

/**
 * The point of @p m nearest to @p p (p itself when it is on the mesh)
 * into @p out (may be NULL), for a click or a unit off the mesh: its
 * polygon's index, or -1 for an empty mesh, NULL or a point that is not
 * finite or too far out. The point is moved to one of the fixed point's
 * that the polygon holds, so that a query from it finds it on the mesh:
 * the nearest of the nine round it (within 1.5 / scale), or in a polygon
 * too thin for any, its nearest corner. On a mesh made for a radius, it
 * is the nearest point where the unit fits. On a tie, the lowest polygon.
 * About O(polygons within the distance to the mesh).
 */
WF_API long wf_mesh_nearest(const wf_mesh *m, wf_vec2 p, wf_vec2 *out);

/**
 * Casts the segment from @p from to @p to over @p m: WF_OK with *hit =
 * @p to (rounded to the fixed point) when the whole segment lies on the
 * mesh; WF_NO_PATH with *hit the first point where it leaves the mesh
 * (@p from itself when that is off the mesh); WF_E_INVALID_ARG (NULL, not
 * finite), WF_E_RANGE (too far out for the fixed point). A segment may
 * run along the boundary and through a corner where walkable space
 * continues, never through a point where two parts of the mesh touch
 * without an edge: on a grid's mesh it is clear exactly when
 * wf_grid_segment_cost allows it under the one-free rule. O(polygons
 * crossed).
 */
WF_API wf_status wf_mesh_raycast(const wf_mesh *m, wf_vec2 from, wf_vec2 to,
                                 wf_vec2 *hit);

/**
 * A random point of @p m, uniform by area, into @p out; @p state is the
 * generator's state (any seed to begin with), advanced by the call: the
 * same seed gives the same points on every machine. Returns WF_OK,
 * WF_NO_PATH for a mesh without area, WF_E_INVALID_ARG (NULL). O(log
 * polygons + corners).
 */
WF_API wf_status wf_mesh_random_point(const wf_mesh *m, uint64_t *state,
                                      wf_vec2 *out);

/**
 * The corners of polygon @p p (0 to polygons - 1) of @p m, in world units,
 * in order round it (counter-clockwise with y up; clockwise as drawn with
 * y down), into @p out, at most @p max of them (@p out may be NULL with
 * max 0); with @p across (may be NULL) the polygon beyond each edge, from
 * corner i to corner i + 1, or -1 for the boundary. Returns how many
 * corners the polygon has: 0 for NULL or a bad index. O(corners).
 */
WF_API size_t wf_mesh_polygon(const wf_mesh *m, size_t p, wf_vec2 *out,
                              long *across, size_t max);

/**
 * 1 when point @p pt, rounded to the fixed point, lies in polygon @p p of
 * @p m (its edges and corners count), else 0 (also for NULL, a bad index,
 * a point not finite or too far out). Exact, where wf_mesh_locate names
 * only the lowest of the polygons sharing an edge or corner: for keeping
 * track of where a unit is along a corridor (wf_mesh_funnel). O(corners).
 */
WF_API int wf_mesh_polygon_contains(const wf_mesh *m, size_t p, wf_vec2 pt);

/** A new, empty query state. Errors: WF_E_INVALID_ARG, WF_E_NOMEM. */
WF_API wf_status wf_mesh_query_create(const wf_allocator *alloc,
                                      wf_mesh_query **out);

/** Frees @p q; NULL is a no-op. */
WF_API void wf_mesh_query_destroy(wf_mesh_query *q);

/** Why the last query of @p q failed, "" after a success. */
WF_API const char *wf_mesh_query_message(const wf_mesh_query *q);

/**
 * The Euclidean shortest path on @p m from @p from to @p to into @p out:
 * its corners (the two ends and every mesh corner it bends round, in
 * world units, each end rounded to the mesh's fixed point), its length,
 * its cost (length × the mesh's cost) and stats. With off-mesh links
 * (wf_mesh_add_link) it is the cheapest path, which may take links: its
 * points include each link's two ends, its length counts a link's
 * straight line, its cost the walked length × the mesh's cost plus the
 * links' costs, and wf_mesh_path_links tells which links it took; stats (expanded: nodes
 * expanded; generated: nodes made; heap_ops: open-list operations).
 * Exact up to the rounding of lengths: every decision is made in
 * integers.
 *
 * Returns WF_OK; WF_NO_PATH when an end is off the mesh or no path joins
 * them (out->count 0, the reason in wf_mesh_query_message); errors:
 * WF_E_INVALID_ARG (NULL, an end not finite), WF_E_RANGE (an end too far
 * out for the fixed point), WF_E_NOMEM.
 */
WF_API wf_status wf_mesh_path(wf_mesh_query *q, const wf_mesh *m,
                              wf_vec2 from, wf_vec2 to, wf_polyline *out);

/** An off-mesh link: a jump, ladder, door or teleporter from @p a to @p b
 *  (and back when @p two_way), taken for @p cost whatever its length. */
typedef struct wf_mesh_link {
    wf_vec2 a, b;
    double cost;
    int two_way;
} wf_mesh_link;

/**
 * Adds @p link to @p m (its id, counting from 0, into @p id; may be NULL).
 * wf_mesh_path then finds the cheapest path walking on the mesh and
 * taking any links in any order: exact, by Dijkstra over the links whose
 * every step is a Polyanya walk, walked only when its straight-line lower
 * bound says it may pay (file comment of mesh_links.c). A query on a mesh
 * with L links costs at least one walk more than without, at most about
 * (L + 1)² walks; meant for the tens of links of a level, not thousands.
 * Not while other threads query @p m.
 *
 * Errors: WF_E_INVALID_ARG (NULL, a cost below 0 or not finite, an end not
 * on the mesh; @p diag, may be NULL, says which), WF_E_NOMEM.
 */
WF_API wf_status wf_mesh_add_link(wf_mesh *m, const wf_mesh_link *link,
                                  size_t *id, wf_diag *diag);
/** How many links @p m has (0 for NULL). */
WF_API size_t wf_mesh_link_count(const wf_mesh *m);
/** Link @p id of @p m into @p out, its ends rounded to the fixed point.
 *  Errors: WF_E_INVALID_ARG (NULL, no such link). */
WF_API wf_status wf_mesh_get_link(const wf_mesh *m, size_t id,
                                  wf_mesh_link *out);
/**
 * The links the last wf_mesh_path of @p q took, in order: each link's id
 * into @p ids and the index in the path's points of the point where it is
 * taken (the next point is where it lands) into @p at, at most @p max of
 * them (either array may be NULL). Returns how many it took: 0 after a
 * path without links or a failure.
 */
WF_API size_t wf_mesh_path_links(const wf_mesh_query *q, size_t *ids,
                                 size_t *at, size_t max);

/* ------------------------------------------------------------------------ */
/* Corridors and string pulling, for steering                               */
/* ------------------------------------------------------------------------ */

/**
 * The corridor of @p path on @p m: the polygons its segments cross, in
 * order, each listed once for each time the path enters it, each sharing
 * an edge with the one before, the first holding the path's first point
 * and the last its last point. This is the chain wf_mesh_funnel pulls a
 * string through, as a unit steers along a path (below).
 *
 * Points are rounded to the mesh's fixed point as wf_mesh_path rounds its
 * ends. Each segment is walked as wf_mesh_raycast walks it. Where the
 * path passes exactly through a corner, or bends there, the polygons
 * round the corner between the one it arrives in and the one it leaves by
 * are listed too, turning across shared edges only, so the chain stays
 * edge to edge and never crosses a point where two blocked cells touch
 * diagonally. Every corner of a grid's mesh lies on its boundary, so only
 * one way round is open: the path's side. A segment running along an
 * edge lists the polygon it was in; the first polygon is the lowest
 * holding the first point and the path's direction from it.
 *
 * At most @p max polygons go into @p out (may be NULL with max 0);
 * *@p count gets the corridor's length even when that is more than @p max
 * (then call again with room for *count). Returns WF_OK; WF_NO_PATH when
 * a point is off the mesh or a segment leaves it (*count 0);
 * WF_E_INVALID_ARG (m, path or count NULL, out NULL with max > 0, an
 * empty path, a point not finite), WF_E_RANGE (a point too far out for
 * the fixed point). No allocation. O(polygons crossed + corners turned
 * round × their polygons).
 */
WF_API wf_status wf_mesh_corridor(const wf_mesh *m, const wf_polyline *path,
                                  long *out, size_t max, size_t *count);

/**
 * String pulling (the funnel algorithm): into @p out the shortest path
 * from @p from to @p to through the @p n polygons of @p corridor in
 * order, crossing from each into the next by the edge they share: its
 * corners (the two ends and the corners it bends round, in world units,
 * the ends rounded to the mesh's fixed point), its length and cost
 * (length × the mesh's cost; stats zero), as wf_mesh_path gives them.
 * Over the corridor of wf_mesh_path's path it is that path again (the
 * same length); over any other chain, the best path the chain allows. A
 * corridor that turns back (into a polygon and straight back out by the
 * same edge, as the corridor of a path doing so does) has that stretch
 * cut first, which only shortens the path. Exact: every test is an
 * integer orientation on fixed-point corners.
 *
 * Steering: plan once (wf_mesh_path, wf_mesh_corridor), then each frame
 * drop the corridor's polygons behind the unit and pull the string from
 * where it is; points[1] is the corner to steer for:
 *
 *     long c[512];  size_t n, at = 0;
 *     wf_mesh_corridor(m, &path, c, 512, &n);  // once; here n <= 512
 *     // each frame, the unit at pos: the last polygon ahead holding it
 *     for (size_t k = n; k-- > at;)
 *         if (wf_mesh_polygon_contains(m, (size_t)c[k], pos)) {
 *             at = k;
 *             break;
 *         }
 *     if (wf_mesh_funnel(m, c + at, n - at, pos, goal, &corners) == WF_OK)
 *         steer_towards(corners.points[1]);
 *     else
 *         plan_again();                        // pushed off the corridor
 *
 * Returns WF_OK; WF_NO_PATH when @p from is not in the first polygon or
 * @p to not in the last (closed: an edge or corner counts; out->count 0);
 * WF_E_INVALID_ARG (m, corridor or out NULL, n 0, a point not finite, a
 * polygon index out of range, two polygons in a row that share no edge),
 * WF_E_RANGE (a point too far out for the fixed point), WF_E_NOMEM. Room
 * for 2n + 1 points is reserved in @p out first (half of it as scratch);
 * nothing else is allocated. Time: O(n × corners a polygon) when the path
 * bends at few corners, O(n²) at worst (each bend takes the portals after
 * it again).
 */
WF_API wf_status wf_mesh_funnel(const wf_mesh *m, const long *corridor,
                                size_t n, wf_vec2 from, wf_vec2 to,
                                wf_polyline *out);

#ifdef __cplusplus
}
#endif

#endif
