/*
 * wayfind core: a contraction hierarchy, the optimal speed-up for grids
 * with terrain costs.
 *
 * Built once for a grid and a unit, the hierarchy answers "cheapest path
 * from a to b" with two small searches that only ever climb, instead of
 * one search that floods every cell cheaper than the goal. It suits the
 * maps Jump Point Search does little for: weighted ones (sea lanes,
 * roads, swamps), where a cheapest path turns at every cost boundary.
 *
 * How (Geisberger, Sanders, Schultes and Delling, "Contraction
 * Hierarchies", WEA 2008): the cells the unit may stand on are removed
 * ("contracted") one at a time, least important first. Removing a cell v
 * adds, for each pair of neighbours u and w still in the graph with arcs
 * u → v → w, a shortcut u → w of that cost, unless a local search finds
 * a path from u to w that avoids v and costs no more (a witness).
 * Every cheapest path is then matched, at the same cost, by one that
 * climbs to its most important cell and descends from it; a query runs
 * Dijkstra upward from both ends (skipping cells that a cheaper way down
 * already reaches: stall-on-demand) and meets at the top. Shortcuts are
 * unpacked, each into the two arcs it was made of, down to single moves,
 * so a path is every cell from start to goal, as a grid search gives it
 * (among equally cheap paths, not always the same one). The order of
 * removal is chosen greedily by how many arcs (and moves) a removal adds
 * against those it removes, and by how deep in the hierarchy its
 * neighbours already lie.
 *
 * Costs are exact: the answer is a cheapest path under the unit's rules
 * (the cost of wf_search_grid's to rounding; a witness is a path that
 * costs no more, compared in double precision). It is for the grid as it
 * is: an edit makes every later query WF_E_INVALID_ARG; build it again.
 *
 * Part of the core layer: libc and libm only, no I/O.
 */
#ifndef WAYFIND_CH_H
#define WAYFIND_CH_H

#include "core.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A contraction hierarchy of one grid for one unit. Immutable once built:
 *  any number of threads may query it at once, each with its own
 *  wf_ch_query. */
typedef struct wf_ch wf_ch;

/** One thread's search state for queries on one hierarchy. */
typedef struct wf_ch_query wf_ch_query;

/** Most cells a unit may stand on for wf_ch_build (2^22, 4,194,304: a
 *  2048 × 2048 map with every cell free; building one that large takes
 *  some minutes and about 4 GB). */
#define WF_CH_MAX_NODES ((size_t)1 << 22)

/**
 * Builds the hierarchy of @p g for a unit moving by @p move (NULL: the
 * default, 8-connected no-cut; size must be 1) with per-terrain
 * multipliers @p filter (NULL: none; read now, not kept). Moves cost as in
 * wf_search_grid: 1 or √2 times the cost of the cell entered.
 *
 * Build time grows faster than the number of cells: on the build machine
 * 0.2–0.4 s for 20,000 cells to stand on, 4–5 s for a 512 × 512 island
 * world, 20–25 s for a 1024 × 1024 one (wf_bench_weighted prints it),
 * 110 s and 2.9 GB at the peak for a 2048 × 2048 one (3 million cells);
 * memory 115–335 bytes a cell of the map (wf_ch_describe). Save it with
 * wf_ch_write and load it with wf_ch_read (io.h) instead of building it
 * again.
 *
 * Errors: WF_E_INVALID_ARG (g or out NULL, a bad move, size > 1, a
 * filter that wf_filter_check refuses),
 * WF_E_TOO_BIG (more than WF_CH_MAX_NODES cells to stand on, or 2^31 arcs
 * or more), WF_E_NOMEM.
 */
WF_API wf_status wf_ch_build(const wf_grid *g, const wf_move *move,
                             const wf_filter *filter,
                             const wf_allocator *alloc, wf_ch **out);

/** Frees @p c (NULL is fine). Free its queries first. */
WF_API void wf_ch_free(wf_ch *c);

/**
 * Search state for queries on @p c, 72 bytes for each cell the unit may
 * stand on. Errors: WF_E_INVALID_ARG (NULL), WF_E_NOMEM.
 */
WF_API wf_status wf_ch_query_create(const wf_ch *c, const wf_allocator *alloc,
                                    wf_ch_query **out);

/** Frees @p q (NULL is fine). */
WF_API void wf_ch_query_free(wf_ch_query *q);

/**
 * A cheapest path from @p from to @p to on @p g, the grid the hierarchy of
 * @p q was built for, into @p out: every cell from start to goal, cost
 * summed move by move from the start as wf_search_grid sums it; stats:
 * expanded counts the cells settled by both upward searches, generated
 * the arcs that improved a cost, heap_ops the heap operations; engine is
 * WF_ALGO_DIJKSTRA.
 *
 * Returns WF_OK; WF_NO_PATH when the unit cannot stand on one of them or
 * no path joins them (out->count 0); WF_E_RANGE when one lies off the
 * grid; WF_E_INVALID_ARG (NULL, or @p g is not the grid the hierarchy was
 * built for, or has been edited since); WF_E_CORRUPT when the hierarchy,
 * read from a file, unpacks into a path that passes a cell twice (a file
 * forged so; wf_ch_parse checks all it can up front); WF_E_NOMEM.
 */
WF_API wf_status wf_ch_path(wf_ch_query *q, const wf_grid *g, wf_point from,
                            wf_point to, wf_path *out);

/** What a built hierarchy holds. */
typedef struct wf_ch_info {
    size_t nodes;      /**< cells the unit may stand on */
    size_t arcs;       /**< arcs kept: moves and shortcuts, each kept once
                            for both of its directions */
    size_t shortcuts;  /**< of those, arcs that stand for two or more
                            moves in at least one direction */
    size_t bytes;      /**< memory held */
} wf_ch_info;

/** Fills @p info for @p c. Errors: WF_E_INVALID_ARG (NULL). */
WF_API wf_status wf_ch_describe(const wf_ch *c, wf_ch_info *info);

#ifdef __cplusplus
}
#endif

#endif
