/**
 * @file mesh.h
 * wayfind navigation meshes: the walkable part of a world as convex
 * polygons, and the exact shortest paths across them.
 *
 * A mesh is built from a tile map (a grid and the unit that walks it):
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
 * once, each with its own wf_mesh_query. It can be saved and read back,
 * answering every query as before, without building it again
 * (wf_mesh_write, wf_mesh_read in io.h).
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
 * finite or too far out. On a tie, the lowest polygon. About O(polygons
 * within the distance to the mesh).
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
