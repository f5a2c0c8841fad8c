/*
 * wayfind core: incremental re-planning on grids that change (D* Lite).
 *
 * A planner keeps, for one agent and one goal, the cost of the cheapest
 * way from every cell it has looked at to the goal (a search backwards
 * from the goal). When cells change (a door shuts, a turret is built, the
 * guard's cone moves) it repairs only what the change invalidates, and
 * when the agent moves nothing needs repairing at all: the next plan from
 * the agent's new cell is usually a fraction of a fresh search.
 *
 * On grids the planner watches the grid's edits; on waypoint graphs it
 * keeps its own arc weights, changed with wf_dstar_set_weight.
 *
 * Part of the core layer: libc and libm only, no I/O.
 */
#ifndef WAYFIND_REPLAN_H
#define WAYFIND_REPLAN_H

#include "core.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * A D* Lite planner (Koenig & Likhachev 2002, the optimised version) for
 * one agent on one grid, towards one goal, under the movement model,
 * filter, overlay and move-cost callback of its options: every path it
 * gives costs exactly what a fresh wf_search_grid from the agent's cell
 * costs (the cost is summed along the path in the same order, so equal
 * paths give equal bits; different optimal paths may differ in the last
 * bits of their sums).
 *
 * It watches its grid (wf_grid_watch): every wf_grid_set, batch commit,
 * wf_grid_fill, wf_grid_set_cells and wf_grid_set_cost reaches it, and
 * the next wf_dstar_plan repairs. A batch (wf_grid_edit_begin/commit)
 * reaches it as one repair, at the commit: plan after it (a plan while a
 * batch is open is WF_E_INVALID_ARG). Costs that live outside the grid
 * (the overlay's values, what the move-cost callback reads) are reported
 * with wf_dstar_cells_changed (wf_dstar_nodes_changed on graphs); a
 * change not reported is not seen. The grid, and what the options point
 * to, must outlive the planner; destroy the planner before the grid.
 *
 * Memory: 24 bytes per cell of the grid (allocated when created) plus its
 * open list (24 bytes an entry, grown as needed), and for an agent of
 * size > 1 whose filter forbids a terrain its own clearance (1 byte per
 * cell, updated locally by edits). Not thread-safe: one planner is used
 * by one thread at a time, and the grid is not searched by others while
 * it is edited.
 */
typedef struct wf_dstar wf_dstar;

/**
 * Creates a planner for an agent on @p start going to @p goal on @p g.
 * @p opts may be NULL (defaults); the planner keeps a copy (not of what it
 * points to). Used: move, filter, overlay and overlay_k, move_cost, and
 * heuristic, which must be consistent: WF_H_DEFAULT, WF_H_OCTILE,
 * WF_H_EUCLIDEAN, WF_H_CHEBYSHEV, WF_H_ZERO, or WF_H_MANHATTAN with
 * 4-connected moves; algo may be WF_ALGO_ASTAR, WF_ALGO_AUTO or
 * WF_ALGO_DIJKSTRA (the zero heuristic). Nothing is searched until the
 * first wf_dstar_plan. @p alloc may be NULL (malloc).
 *
 * opts.conn is not used (the planner finds an unreachable goal itself).
 *
 * Errors, with the reason in @p msg (@p msg_size bytes; may be NULL/0):
 * WF_E_INVALID_ARG (NULL g or out; a bad option; a weight other than 1, a
 * custom or inadmissible heuristic, WF_ALGO_JPS, max_expansions or a goal
 * fallback, which D* Lite does not do), WF_E_RANGE (start or goal off the
 * grid), WF_E_TOO_BIG (2^32 - 1 cells or more), WF_E_NOMEM. O(cells).
 */
WF_API wf_status wf_dstar_create(wf_grid *g, wf_point start, wf_point goal,
                                 const wf_search_opts *opts,
                                 const wf_allocator *alloc, char *msg,
                                 size_t msg_size, wf_dstar **out);
/** Stops watching the grid and frees @p d; NULL is a no-op. */
WF_API void wf_dstar_destroy(wf_dstar *d);

/**
 * Brings the plan up to date (the first call searches, later ones repair
 * what changed since) and writes the path from the agent's cell to the
 * goal into @p out. out->stats.expanded counts the cells this call
 * expanded (a cell expanded twice counts twice), generated the cells whose
 * estimate it changed, heap_ops the open list's operations.
 *
 * Returns WF_OK; WF_NO_PATH when the goal cannot be reached from the
 * agent's cell, or the agent cannot stand on its own cell (a wall built
 * on it: the agent is stuck) or on the goal, or the overlay forbids the
 * goal, or every way there costs more than a double holds, which
 * wf_dstar_message then says (out->count 0); errors: WF_E_INVALID_ARG
 * (NULL; a graph planner; an edit batch open on the grid), WF_E_NOMEM
 * (the open list or path could not grow; the planner starts over at the
 * next call).
 */
WF_API wf_status wf_dstar_plan(wf_dstar *d, wf_path *out);

/**
 * The agent is now on @p cell (normally the next cell of its path, but any
 * cell of the grid will do). O(1): the plan is not repaired until the next
 * wf_dstar_plan. Errors: WF_E_INVALID_ARG (NULL), WF_E_RANGE (off the
 * grid; the agent stays).
 */
WF_API wf_status wf_dstar_move(wf_dstar *d, wf_point cell);

/**
 * A new goal: the planner starts over (O(cells)), as the costs it keeps
 * are costs to the goal. Errors: WF_E_INVALID_ARG, WF_E_RANGE.
 */
WF_API wf_status wf_dstar_set_goal(wf_dstar *d, wf_point goal);

/**
 * Cells whose cost of entering may have changed without their terrain
 * changing: an overlay value (the guard turned), or whatever the move-cost
 * callback reads. Each is treated as an edit of that cell. @p cells may
 * hold cells off the grid (ignored) and repeats. Errors: WF_E_INVALID_ARG
 * (d NULL, or cells NULL with n > 0). O(n) plus the repair at the next
 * plan.
 */
WF_API wf_status wf_dstar_cells_changed(wf_dstar *d, const wf_point *cells,
                                        size_t n);

/* ---- on waypoint graphs ------------------------------------------------ */

/**
 * A planner on the graph @p g for an agent on node @p start going to node
 * @p goal. A graph is frozen, so the planner keeps its own copy of the arc
 * weights, which wf_dstar_set_weight changes (a bridge that opens and
 * shuts, a road that gets dearer); every plan costs what wf_search_graph
 * gives on the graph with those weights. Options used: heuristic
 * (WF_H_DEFAULT or WF_H_EUCLIDEAN: h_scale × the straight line between
 * positions, as wf_search_graph; WF_H_ZERO), h_scale, algo (as for
 * grids), overlay and overlay_k (one value per node); weight 1, no
 * expansion limit. The graph and what the options point to must outlive
 * the planner. A weight of WF_BLOCKED, or an overlay of INFINITY on a
 * node, takes the arcs out of play; the goal is then unreachable unless
 * the agent stands on it. Memory: 24 bytes per node, 16 per arc (the weights and the
 * arcs into each node), 4 per node more. Errors: as wf_dstar_create
 * (WF_E_RANGE: no such node). O(nodes + arcs).
 */
WF_API wf_status wf_dstar_create_graph(const wf_graph *g, uint32_t start,
                                       uint32_t goal,
                                       const wf_search_opts *opts,
                                       const wf_allocator *alloc, char *msg,
                                       size_t msg_size, wf_dstar **out);
/**
 * The arc @p from → @p to of a graph planner now weighs @p weight: finite
 * and > 0, or WF_BLOCKED (or INFINITY) for an arc that cannot be taken
 * now. Only arcs of the graph can change (a missing one is WF_E_RANGE).
 * O(log out-degree) plus the repair at the next plan (a weight below what
 * the heuristic's scale allows starts the planner over). Errors:
 * WF_E_INVALID_ARG (NULL, a grid planner, a weight that is 0, negative
 * other than WF_BLOCKED, or NaN), WF_E_RANGE.
 */
WF_API wf_status wf_dstar_set_weight(wf_dstar *d, uint32_t from, uint32_t to,
                                     double weight);
/**
 * Nodes whose cost of entering may have changed: the overlay's values
 * there. Each is treated as a change of the arcs into it. Nodes that do
 * not exist are ignored. Errors: WF_E_INVALID_ARG (d NULL or a grid
 * planner, or nodes NULL with n > 0). O(arcs into them) plus the repair.
 */
WF_API wf_status wf_dstar_nodes_changed(wf_dstar *d, const uint32_t *nodes,
                                        size_t n);
/** wf_dstar_plan for a graph planner: the path of nodes into @p out. */
WF_API wf_status wf_dstar_plan_graph(wf_dstar *d, wf_node_path *out);
/** wf_dstar_move for a graph planner: the agent is on node @p node.
 *  Errors: WF_E_INVALID_ARG, WF_E_RANGE (no such node). */
WF_API wf_status wf_dstar_move_node(wf_dstar *d, uint32_t node);
/** A graph planner's node: the agent's (@p goal 0) or the goal's
 *  (@p goal 1); UINT32_MAX for NULL or a grid planner. */
WF_API uint32_t wf_dstar_node(const wf_dstar *d, int goal);

/* ---- both --------------------------------------------------------------- */

/** The agent's cell ({-1, -1} for NULL or a graph planner). */
WF_API wf_point wf_dstar_position(const wf_dstar *d);
/** The goal ({-1, -1} for NULL or a graph planner). */
WF_API wf_point wf_dstar_goal(const wf_dstar *d);
/**
 * Why the last call on @p d failed or found no path ("" when it did not);
 * owned by @p d, valid until its next call; never NULL.
 */
WF_API const char *wf_dstar_message(const wf_dstar *d);

#ifdef __cplusplus
}
#endif

#endif
