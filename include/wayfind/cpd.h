/*
 * wayfind core: a compressed path database for small maps.
 *
 * For every pair of cells of a grid the database knows the first move of
 * a cheapest path between them, so a unit asks "which way now?" in well
 * under a microsecond, with no search and no workspace, and a whole path
 * is that question asked once a step. The price is paid up front: one
 * Dijkstra search from every cell the unit can stand on (time ~ n² log n
 * for n such cells) and memory that grows with n times the number of
 * times the best first move changes along a fixed order of the targets.
 *
 * The table is compressed in the manner of Strasser, Botea and Harabor's
 * SRC (the winner of the Grid-Based Path Planning Competition 2014):
 * targets are numbered in depth-first order, so that cells whose best
 * first moves agree tend to be neighbours in the numbering; each source
 * keeps only the runs of that numbering over which one move stays
 * optimal, and where several first moves are optimal for a target (a
 * tie) the one that lengthens the current run is chosen. A query is a
 * binary search among one source's runs.
 *
 * Use it for small, static maps (arenas, rooms, levels of a few tens of
 * thousands of cells) that are queried very often; big or changing maps
 * are better served by wf_search_grid.
 *
 * Part of the core layer: libc and libm only, no I/O.
 */
#ifndef WAYFIND_CPD_H
#define WAYFIND_CPD_H

#include "core.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A compressed path database for one grid and one unit. Immutable once
 *  built: any number of threads may query it at once. */
typedef struct wf_cpd wf_cpd;

/** Most cells a unit may stand on for wf_cpd_build (2^20). */
#define WF_CPD_MAX_NODES ((size_t)1 << 20)

/**
 * Builds the database of @p g for a unit moving by @p move (NULL: the
 * default, 8-connected no-cut; size must be 1) with per-terrain
 * multipliers @p filter (NULL: none; it is read now, not kept). The
 * answers are those of an optimal search under the same rules: following
 * wf_cpd_next from any cell reaches the goal at the cost wf_search_grid
 * gives (to rounding: ties between first moves are decided within a
 * relative 1e-12 of the cost).
 *
 * The database is for @p g as it is now: an edit of g (terrain or cost)
 * makes every later query WF_E_INVALID_ARG, never a wrong move; build it
 * again after editing. Takes one Dijkstra search from each cell the unit
 * may stand on: O(n² log n) time for n such cells (a 49 × 49 arena in
 * milliseconds, 20,000 cells in seconds).
 *
 * Errors: WF_E_INVALID_ARG (g or out NULL, a bad move, size > 1, a
 * filter that wf_filter_check refuses),
 * WF_E_TOO_BIG (more than WF_CPD_MAX_NODES cells to stand on, or more
 * runs than 32-bit offsets hold), WF_E_NOMEM.
 */
WF_API wf_status wf_cpd_build(const wf_grid *g, const wf_move *move,
                              const wf_filter *filter, const wf_allocator *alloc,
                              wf_cpd **out);

/** Frees @p c (NULL is fine). */
WF_API void wf_cpd_free(wf_cpd *c);

/**
 * The first move of a cheapest path from @p from to @p to on @p g, the
 * grid the database was built for: *next is the neighbouring cell to step
 * to (from itself when from == to).
 *
 * Returns WF_OK; WF_NO_PATH when the unit cannot stand on one of them or
 * @p to cannot be reached from @p from; WF_E_RANGE when one lies off the
 * grid; WF_E_INVALID_ARG (NULL, or @p g is not the grid the database was
 * built for, or has been edited since). O(log runs of from).
 */
WF_API wf_status wf_cpd_next(const wf_cpd *c, const wf_grid *g, wf_point from,
                             wf_point to, wf_point *next);

/**
 * The whole cheapest path from @p from to @p to, one wf_cpd_next a step,
 * into @p out (points from start to goal, cost summed step by step as the
 * grid search sums it; stats zero but for engine, WF_ALGO_ASTAR, and
 * expanded, the number of lookups). Statuses as wf_cpd_next, plus
 * WF_E_NOMEM.
 */
WF_API wf_status wf_cpd_path(const wf_cpd *c, const wf_grid *g, wf_point from,
                             wf_point to, wf_path *out);

/** What a built database holds. */
typedef struct wf_cpd_info {
    size_t nodes;      /**< cells the unit may stand on */
    size_t runs;       /**< runs kept over all sources */
    size_t bytes;      /**< memory held */
} wf_cpd_info;

/** Fills @p info for @p c. Errors: WF_E_INVALID_ARG (NULL). */
WF_API wf_status wf_cpd_describe(const wf_cpd *c, wf_cpd_info *info);

#ifdef __cplusplus
}
#endif

#endif
