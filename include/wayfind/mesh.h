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
 * For steering, wf_mesh_corridor lists the polygons a path crosses and
 * wf_mesh_funnel pulls a string through them (the funnel algorithm) from
 * wherever the unit has got to: the corners to head for next.
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
