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
 * A mesh is immutable once built: any number of threads may query it at
 * once, each with its own wf_mesh_query.
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

/**
 * Builds the mesh of the cells of @p g a unit moving by @p move (NULL:
 * the default; its corner rule is not used: a mesh has the one-free rule,
 * and connect must be 8) with terrain filter @p filter (NULL: none; read
 * now, not kept) may stand on: a forbidden terrain is blocked, and for
 * size k > 1 a cell is walkable when the unit's k × k square fits there
 * (its anchor cell), as in wf_search_any_angle. The passable terrains must
 * all cost the same after the filter: a mesh prices a path by its length
 * times that cost.
 *
 * Time: about O(c log c) for c outline corners: 0.2–120 ms for the game
 * and room maps of the Moving AI set, 270–380 ms for its 512 × 512 random
 * maps (wf_bench_mesh prints it). On error, @p diag (may be NULL) says
 * why.
 *
 * Errors: WF_E_INVALID_ARG (g or out NULL, a bad move, 4-connected, a
 * filter wf_filter_check refuses, terrains that cost differently),
 * WF_E_TOO_BIG (a side over 2^20 cells), WF_E_NOMEM.
 */
WF_API wf_status wf_mesh_from_grid(const wf_grid *g, const wf_move *move,
                                   const wf_filter *filter,
                                   const wf_allocator *alloc, wf_mesh **out,
                                   wf_diag *diag);

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
    /** The radius of the unit the mesh is for, in world units; 0: a point.
     *  With r > 0 the mesh holds the ground at least r from its boundary
     *  (see wf_mesh_from_outlines); a grid's mesh takes the unit's size
     *  from its wf_move instead. */
    double radius;
} wf_mesh_opts;

/**
 * Builds the mesh of the ground inside the walkable outlines of @p
 * outlines (@p n of them) and outside every obstacle outline. Outlines
 * may be nested, lie side by side, share corners and run along each
 * other; walkable outlines that share an edge are joined across it. No
 * segment may cross another one or its own outline (a point where two
 * outlines touch is not a crossing), every outline needs an area, and an
 * obstacle must lie in walkable ground. A point where only corners of
 * ground meet (two obstacles touching at a corner, say) joins nothing: a
 * path does not pass through it, as on a grid.
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
 * be NULL) says why, naming the outline(s) by their names and, for a
 * crossing, where.
 *
 * Errors: WF_E_INVALID_ARG (NULL, fewer than 3 points, a point not
 * finite or too far out for opts->scale, a bad kind or cost, no walkable
 * outline, an outline without area, a crossing, an obstacle outside the
 * ground; a radius negative or not finite, larger than the outlines'
 * extent (the longer side of their bounding box: no ground is that far
 * from an edge), or whose polygons do not fit opts->scale), WF_E_TOO_BIG
 * (too many points, or over 2^24 crossings of the polygons' sides),
 * WF_E_NOMEM.
 */
WF_API wf_status wf_mesh_from_outlines(const wf_outline *outlines, size_t n,
                                       const wf_mesh_opts *opts,
                                       const wf_allocator *alloc,
                                       wf_mesh **out, wf_diag *diag);

/** Frees @p m; NULL is a no-op. Its queries stay valid for other meshes. */
WF_API void wf_mesh_destroy(wf_mesh *m);

/** What a mesh holds. */
typedef struct wf_mesh_info {
    size_t vertices;   /**< polygon corners */
    size_t polygons;   /**< convex polygons */
    size_t triangles;  /**< of the triangulation they were merged from */
    size_t pieces;     /**< connected pieces of walkable space */
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
 * its cost (length × the mesh's cost) and stats (expanded: nodes
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

#ifdef __cplusplus
}
#endif

#endif
