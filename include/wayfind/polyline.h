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
 *
 * Agent sizes (wf_move.size, core.h): a unit of size k > 1 is drawn at the
 * centre of its anchor (top-left) cell, and for segments every cell it
 * may not stand on (clearance below k) counts as blocked, every other
 * cell costing what its own terrain costs: the same derived grid its
 * grid search moves on. Geometrically, the unit's body is then the square
 * joining the centres of its k × k cells (side k - 1; a point for size 1),
 * and a legal segment keeps that square out of every blocked cell's
 * interior.
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
 * The rule is the grid's corner rule carried over to segments, under
 * @p move (a 4-connected unit keeps the no-cut rule, whose paths never
 * touch a corner; size as in the file comment). Cells off the grid count
 * as blocked; so does a terrain @p filter forbids:
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
 * [0, width] × [0, height], WF_E_INVALID_ARG (NULL, a bad @p move, or a
 * coordinate that is not a multiple of 0.5). O(cells crossed + 256), times
 * k² for a size-k unit whose filter forbids a terrain on the grid (its
 * clearance is not kept: each cell's square is checked).
 */
WF_API wf_status wf_grid_segment_cost(const wf_grid *g, wf_vec2 a, wf_vec2 b,
                                      wf_move move, const wf_filter *filter,
                                      double *cost);

/**
 * @p out becomes the polyline through the centres of @p path's cells, with
 * its length and its cost measured as wf_grid_segment_cost does under
 * @p move and @p filter (INFINITY when a step is not allowed). This is
 * the cost a smoothed or any-angle path is compared with: it prices a
 * move from cell a to cell b as half its length in each, where the grid
 * search prices it at the entered cell's cost; the two agree on grids of
 * uniform cost. Errors: WF_E_INVALID_ARG, WF_E_RANGE (a cell off the
 * grid), WF_E_NOMEM.
 */
WF_API wf_status wf_polyline_from_path(const wf_grid *g, const wf_path *path,
                                       wf_move move, const wf_filter *filter,
                                       wf_polyline *out);


/* ------------------------------------------------------------------------ */
/* Waypoints and smoothing                                                  */
/* ------------------------------------------------------------------------ */

/**
 * Waypoint compression: @p out becomes @p in with only its first and last
 * cells and each cell where the direction of travel changes (the step
 * into the cell and the step out of it point different ways), so straight
 * runs keep their two ends. Steps of any length count by direction
 * (parallel steps the same way are one direction). Cost and stats are
 * copied. @p out may be @p in (compressed in place); otherwise its buffer
 * grows as needed. Errors: WF_E_INVALID_ARG (NULL, points NULL with a
 * count), WF_E_NOMEM. O(cells).
 */
WF_API wf_status wf_path_corners(const wf_path *in, wf_path *out);

/**
 * String pulling: @p out becomes a polyline through some of @p in's cell
 * centres, from its first to its last, that replaces runs of cells by
 * straight segments. From each kept cell it scans the cells ahead in
 * order and goes straight to the last one before the first whose
 * segment from the kept cell is not allowed or dearer than the steps it
 * would replace (see below); that cell is kept next (greedy, one pass:
 * O(cells × cells skipped × segment length), × k² for a unit of size k
 * whose filter forbids a terrain on the grid, whose clearance is not kept;
 * no allocation but @p out's buffer).
 *
 * Which segments: those wf_grid_segment_cost allows under @p opts->move
 * (corner rule and size) and @p opts->filter, so the unit keeps to
 * the rule its grid search keeps to: no squeezing between two diagonally
 * touching blocked cells under one-free, clearance from every blocked
 * corner under no-cut; a 4-connected move counts as no-cut (its path
 * never touches a corner). Every step of @p in must itself be such a
 * segment (a path from wf_search_grid with the same @p opts is).
 *
 * Which shortcuts: one whose cost (the polyline cost model of the file
 * comment) is not above the cost of the centre-to-centre polyline through
 * the cells it replaces, up to a relative 1e-12 for rounding. So the
 * result is never dearer than wf_polyline_from_path(in) under the same
 * rule and filter, and never longer either (a straight segment is never
 * longer than the run it replaces); on a grid of one cost every allowed
 * shortcut is taken. @p out's cost and length are those of the result,
 * its stats @p in's.
 *
 * @p opts may be NULL (the defaults: 8-connected, no-cut). What cannot be
 * priced segment by segment is refused with WF_E_INVALID_ARG: a
 * move_cost callback, or an overlay (a cost layer per cell, where the
 * polyline model prices terrains). Options about how to search (algo,
 * heuristic, weight, limits, fallback) are ignored.
 * Errors: WF_E_INVALID_ARG (NULL, the options above, a bad move or
 * filter, a step of @p in that is not an allowed segment), WF_E_RANGE (a
 * cell off the grid), WF_E_NOMEM. An empty @p in gives an empty @p out.
 */
WF_API wf_status wf_path_smooth(const wf_grid *g, const wf_path *in,
                                const wf_search_opts *opts, wf_polyline *out);

/* ------------------------------------------------------------------------ */
/* Any-angle search                                                         */
/* ------------------------------------------------------------------------ */

/** Any-angle search algorithms (wf_search_any_angle). */
typedef enum wf_any_angle {
    /** Theta*: A* on the grid's cells where a cell's parent may be any
     *  cell it can see, checked for each successor as it is generated. */
    WF_ANY_ANGLE_THETA = 1,
    /** Lazy Theta*: Theta* that assumes a successor sees its parent and
     *  checks only when the successor is expanded (far fewer sight
     *  checks; paths about as short). */
    WF_ANY_ANGLE_LAZY_THETA = 2,
    /** The true Euclidean shortest path under the one-free rule, after
     *  Anya (Harabor, Grastien, Öz, Aksakalli 2016): A* over intervals of
     *  grid lines seen from turning points, decided in exact integers.
     *  Grids of one cost (after the filter) and the one-free rule only. */
    WF_ANY_ANGLE_ANYA = 3,
    /** The same shortest paths as Anya, found on the grid's navigation
     *  mesh (mesh.h) by Polyanya: the workspace builds the mesh for the
     *  grid and unit on the first query (milliseconds to a few hundred
     *  for a 512 × 512 map) and keeps it until the grid, the unit's size
     *  or its terrain costs change; a query then crosses a convex polygon
     *  per node, usually many times faster than Anya. Anya's conditions,
     *  and no max_expansions or goal fallback. */
    WF_ANY_ANGLE_MESH = 4,
    /** Anya's shortest paths by whichever of anya and mesh costs less
     *  over the queries a workspace answers on one grid: mesh when the
     *  workspace holds the grid's mesh for the unit already, or once the
     *  nodes Anya has expanded on this grid (the same version, unit and
     *  costs) pass its number of cells (about when building the mesh
     *  would have paid); anya before that, and for a query with
     *  max_expansions, a goal fallback or a weight. The same lengths
     *  either way (on a tie of lengths the corners may differ); the
     *  choice depends on the queries alone, never on a clock. */
    WF_ANY_ANGLE_AUTO = 5
} wf_any_angle;

/**
 * An any-angle path from the centre of @p start to the centre of @p goal:
 * a polyline whose segments join cell centres and may run in any
 * direction, each allowed by wf_grid_segment_cost under the corner rule
 * below. @p ws is the same workspace as wf_search_grid's; Theta* also
 * holds a parent and a cost per cell in it (the 12 extra bytes
 * wf_search_reserve_graph sizes for), Anya a cost, a parent and a tag per
 * grid vertex (16 bytes) plus its open list, so once sized for the grid a
 * query allocates nothing but @p out's growth.
 *
 * The rule (opts->move): the corner rule of the segments and of the
 * moves between neighbouring cells that the search expands.
 * WF_CORNERS_ONE_FREE is the usual any-angle rule: a segment may run
 * along a blocked cell's edge and through a single blocked cell's
 * corner, never through a blocked interior or the point where two blocked
 * cells touch diagonally. The default no-cut keeps every segment clear of
 * blocked cells, corners included, as the default grid search keeps
 * clear of them; always lets segments pass diagonal touching points.
 * move.connect 4 expands the four orthogonal neighbours and uses the
 * no-cut rule.
 *
 * WF_ANY_ANGLE_ANYA: the Euclidean shortest path between the two centres
 * under the one-free rule, exactly (tested against a brute-force
 * visibility-graph oracle). It needs move 8-connected with
 * WF_CORNERS_ONE_FREE and a grid whose passable terrains all cost the
 * same after the filter (a filter may forbid terrains: they are blocked),
 * and refuses with WF_E_INVALID_ARG and a reason otherwise, as it does an
 * overlay, a move_cost callback, a goal fallback or a weight other than 1;
 * WF_PARTIAL at max_expansions gives the path to the expanded turning
 * point nearest the goal; out->cost = length × that cost.
 *
 * Theta* and Lazy Theta* guarantees (each segment is checked exactly, in
 * integers): on a grid of one cost the path is never longer than the shortest path of
 * wf_search_grid with the same move (8- or 4-connected) and never shorter
 * than the true Euclidean shortest path; neither algorithm is optimal
 * (Theta* is usually within a fraction of a percent of it). On weighted
 * grids (several costs, or a filter's multipliers) segments are priced by
 * the polyline cost model (file comment) and the search compares those
 * costs, a heuristic answer with no optimality claim; out->cost is that
 * cost and out->length the Euclidean length.
 *
 * Options used: move (above), filter (a forbidden terrain is blocked,
 * multipliers weigh costs), heuristic (WF_H_DEFAULT or WF_H_EUCLIDEAN:
 * straight-line distance × the smallest cost present; WF_H_ZERO),
 * weight (f = g + weight·h), max_expansions and goal_fallback (WF_PARTIAL
 * with the polyline to the expanded cell nearest the goal, as
 * wf_search_grid). Refused with WF_E_INVALID_ARG and a reason in
 * wf_search_message: an algo other than WF_ALGO_ASTAR (the default), a
 * move_cost callback or an overlay (neither can be priced along a
 * segment), another heuristic, an unknown @p algo. Graph-only options are
 * ignored. out->stats as wf_search_grid's, with stats.engine
 * WF_ALGO_ASTAR (the family; the caller knows which any-angle search it
 * asked for).
 *
 * Agent size (move.size k > 1): the search moves the unit's anchor cell
 * over the derived grid of the file comment (a cell where the unit cannot
 * stand is blocked; the others cost their own terrain), and every
 * guarantee above holds on that grid, Anya's exactness included; the
 * polyline joins anchor-cell centres. A start or goal where the unit
 * cannot stand is WF_NO_PATH with the reason in wf_search_message, as in
 * wf_search_grid.
 *
 * Returns WF_OK, WF_NO_PATH (unreachable, start or goal blocked;
 * out->count 0), WF_PARTIAL, or an error as wf_search_grid: WF_E_INVALID_ARG,
 * WF_E_RANGE (start or goal off the grid), WF_E_NOMEM. Deterministic.
 * Time: O(expansions × (log open + sight checks × segment length)).
 */
WF_API wf_status wf_search_any_angle(wf_search *ws, const wf_grid *g,
                                     wf_point start, wf_point goal,
                                     wf_any_angle algo,
                                     const wf_search_opts *opts,
                                     wf_polyline *out);

#ifdef __cplusplus
}
#endif

#endif
