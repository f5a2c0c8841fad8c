/*
 * wayfind core, jump tables: the jumps of Jump Point Search precomputed
 * once for a grid (wf_jump_table), which a search given one in
 * wf_search_opts.jumps (search.h) reads instead of scanning: JPS+. Kept
 * current after edits by wf_jump_table_update; io.h saves and loads it.
 *
 * Part of the core layer, above grid.h, with the other tables built once
 * for a grid (ch.h, cpd.h; src/core/prep/): libc and libm only, no I/O.
 */
#ifndef WAYFIND_JUMP_TABLE_H
#define WAYFIND_JUMP_TABLE_H

#include <stddef.h>

#include "base.h"
#include "export.h"
#include "grid.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Jump tables (JPS+)                                                       */
/* ------------------------------------------------------------------------ */

/**
 * The jumps of Jump Point Search, computed once per grid so that a query
 * reads them instead of scanning (JPS+; Harabor & Grastien, "Improving
 * Jump Point Search", ICAPS 2014). For every cell and each of the 8
 * directions it holds how far a jump from that cell goes, under exactly
 * the rules of WF_ALGO_JPS (8-connected, no-cut corners, agents of size
 * 1, the grid's own passability): a straight jump runs to the next cell
 * with a forced neighbour, or to the last free cell before a wall or the
 * edge; a diagonal one to the next cell from which a straight jump along
 * either of its components finds such a cell, or to the last cell the
 * corner rule lets it reach. Costs are not part of it, so it serves every
 * uniform-cost query of the grid (whatever that cost).
 *
 * A query with the table (wf_search_opts.jumps) runs A* over jump points,
 * with the diagonal jump points pruned: the straight jumps found along a
 * diagonal are generated directly, as successors of the cell the diagonal
 * left from, and the cells between are filled in diagonal-first. The path
 * is the full cell path, of the optimal cost, the same for the same query
 * every time.
 *
 * A table belongs to the grid it was built for, as the grid is at that
 * moment: any edit of the grid (terrain or cost, even one that changes
 * no passability) makes it stale until wf_jump_table_update brings it
 * current, and a query with a stale table, or a table of another grid, is
 * WF_E_INVALID_ARG. Memory: 32 bytes per cell (a 32-bit signed distance
 * per direction: > 0 the steps to a jump point, <= 0 minus the steps to
 * the last free cell). It is only read by queries: any number of threads
 * may search with one table at once. The io layer saves and loads it
 * (wf_jump_table_write, wf_jump_table_read).
 */
typedef struct wf_jump_table wf_jump_table;

/**
 * Builds the jump table of @p g. @p alloc may be NULL (malloc).
 * Errors: WF_E_INVALID_ARG (g or out NULL), WF_E_TOO_BIG (32 bytes per
 * cell overflow), WF_E_NOMEM. O(cells), four passes over the grid.
 */
WF_API wf_status wf_jump_table_create(const wf_grid *g,
                                      const wf_allocator *alloc,
                                      wf_jump_table **out);
/** Frees @p t; NULL is a no-op. */
WF_API void wf_jump_table_destroy(wf_jump_table *t);
/** Bytes @p t holds (0 for NULL): 32 per cell plus a small header. */
WF_API size_t wf_jump_table_bytes(const wf_jump_table *t);
/** 1 when @p t is current for @p g (built or updated for it, no edit
 *  since), else 0 (also for NULL). O(1). */
WF_API int wf_jump_table_current(const wf_jump_table *t, const wf_grid *g);
/**
 * Brings @p t, a table of @p g, current after edits: @p changes, @p count
 * the cells whose terrain changed since it was last current (as a grid
 * watcher hears of them, wf_grid_watch_fn: it may serve as the body of
 * one), or NULL and 0 for "anything may have changed", which rebuilds the
 * table; a non-NULL list of 0 changes says nothing changed passability
 * (a cost edit) and only marks the table current. Only the entries whose
 * jumps pass through or beside a changed cell are recomputed: each
 * direction's entries are walked back from the changed cells'
 * neighbourhoods, each walk ending where the entries stop changing (a
 * changed straight entry also re-walks the diagonals that read it): an
 * edit costs in proportion to the entries it changes plus a constant for
 * each changed straight entry, typically parts of the rows, columns and
 * diagonals near it. Errors: WF_E_INVALID_ARG (NULL, a cell off the grid,
 * changes NULL with count > 0, or a table of another grid).
 */
WF_API wf_status wf_jump_table_update(wf_jump_table *t, const wf_grid *g,
                                      const wf_cell_change *changes,
                                      size_t count);

#ifdef __cplusplus
}
#endif

#endif
