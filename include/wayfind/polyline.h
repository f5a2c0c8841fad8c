/**
 * @file polyline.h
 * wayfind polylines: paths through real-valued points rather than cells,
 * and the rule that says which straight segments a unit may take.
 *
 * Coordinates are in cell units: cell (x, y) is the square
 * [x, x + 1] × [y, y + 1], so its centre is (x + 0.5, y + 0.5) and the
 * grid spans [0, width] × [0, height]. The points wayfind makes and takes
 * are cell centres and cell corners: every coordinate a multiple of 0.5,
 * which lets the segment rule below be decided in exact integer
 * arithmetic.
 *
 * A polyline's cost integrates the terrain along it: each segment costs,
 * for each cell it crosses, the length of the segment inside that cell
 * times the cell's cost (the grid's cost of its terrain times the unit's
 * filter multiplier). A stretch running exactly along the edge between two
 * cells costs the cheaper of the two. On a grid of cost 1 the cost is the
 * Euclidean length.
 */
#ifndef WAYFIND_POLYLINE_H
#define WAYFIND_POLYLINE_H

#include "core.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A point in cell units (see the file comment). */
typedef struct wf_vec2 {
    double x, y;
} wf_vec2;

/** A path through real-valued points, with its length and cost. */
typedef struct wf_polyline {
    wf_vec2 *points;
    size_t count;
    size_t capacity;
    double cost;      /**< the integrated terrain cost (file comment) */
    double length;    /**< Euclidean length, in cells */
    wf_stats stats;   /**< of the search that made it, if one did */
    wf_allocator alloc;
} wf_polyline;

/** Empty polyline using @p alloc (NULL: malloc) for its buffer. */
WF_API void wf_polyline_init(wf_polyline *p, const wf_allocator *alloc);
/** Frees the buffer and resets @p p to empty; NULL is a no-op. */
WF_API void wf_polyline_free(wf_polyline *p);
/** Ensures room for @p n points. Errors: WF_E_INVALID_ARG, WF_E_NOMEM. */
WF_API wf_status wf_polyline_reserve(wf_polyline *p, size_t n);

/**
 * May a unit go straight from @p a to @p b on @p g, and at what cost?
 * The rule is the grid's corner rule carried over to segments (cells off
 * the grid count as blocked; so does a terrain @p filter forbids):
 *  - never through a blocked cell's interior, and never along an edge
 *    between two blocked cells;
 *  - WF_CORNERS_ONE_FREE: along a blocked cell's edge and through a single
 *    blocked cell's corner, but never through a point where two blocked
 *    cells touch diagonally (this is also the any-angle rule);
 *  - WF_CORNERS_NO_CUT: not touching a blocked cell at all, not even its
 *    corner, as 8-connected no-cut moves keep clear of corners;
 *  - WF_CORNERS_ALWAYS: corners and diagonal touching points allowed.
 * A grid move between neighbouring cell centres is legal under a rule
 * exactly when the grid search allows it under the same rule. The end
 * points are held to the rule too (a segment may not start or end inside
 * a blocked cell). Exact: decided in integers, cost accurate to rounding.
 * Returns WF_OK with the cost in @p *cost, WF_NO_PATH when the segment is
 * not allowed (*cost INFINITY), WF_E_RANGE when a point lies outside
 * [0, width] × [0, height], WF_E_INVALID_ARG (NULL, or a coordinate that
 * is not a multiple of 0.5). O(cells crossed + 256).
 */
WF_API wf_status wf_grid_segment_cost(const wf_grid *g, wf_vec2 a, wf_vec2 b,
                                      wf_corners corners,
                                      const wf_filter *filter, double *cost);

/**
 * @p out becomes the polyline through the centres of @p path's cells, with
 * its length and its cost measured as wf_grid_segment_cost does under
 * @p corners and @p filter (INFINITY when a step is not allowed). This is
 * the cost a smoothed or any-angle path is compared with: it prices a
 * move from cell a to cell b as half its length in each, where the grid
 * search prices it at the entered cell's cost; the two agree on grids of
 * uniform cost. Errors: WF_E_INVALID_ARG, WF_E_RANGE (a cell off the
 * grid), WF_E_NOMEM.
 */
WF_API wf_status wf_polyline_from_path(const wf_grid *g, const wf_path *path,
                                       wf_corners corners,
                                       const wf_filter *filter,
                                       wf_polyline *out);

#ifdef __cplusplus
}
#endif

#endif
