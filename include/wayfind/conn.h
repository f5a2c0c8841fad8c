/*
 * wayfind core, live connectivity: wf_conn, the connected components of a
 * grid for one unit, kept current as the grid is edited, so that "can a
 * reach b?" costs O(1). A search given one (wf_search_opts.conn, search.h)
 * answers a goal in another component at once, and the block query uses
 * it too.
 *
 * Part of the core layer, above grid.h (src/core/conn/): libc and libm
 * only, no I/O.
 */
#ifndef WAYFIND_CONN_H
#define WAYFIND_CONN_H

#include <stddef.h>
#include <stdint.h>

#include "base.h"
#include "export.h"
#include "grid.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Live connectivity                                                        */
/* ------------------------------------------------------------------------ */

/**
 * The connected components of a grid for one unit, kept current as the
 * grid is edited, so that "can a reach b?" costs O(1). The unit is a
 * movement model (connectivity, corner rule, agent size: a size-k agent
 * may stand on a cell when its clearance for the unit's terrains is >= k,
 * see wf_move) and an optional filter, of which only the terrains it
 * forbids matter (they are walls for the unit); two cells are connected
 * exactly when wf_grid_regions, on the grid with those terrains blocked,
 * gives them the same region.
 *
 * The index watches its grid (wf_grid_watch), so every wf_grid_set, batch
 * commit, wf_grid_fill, wf_grid_set_cells and wf_grid_set_cost keeps it
 * current, within the edit call (or the outermost commit). A cell edit
 * costs time in proportion to the region it touches, not the map:
 * freeing cells may merge components (the smaller one is relabelled),
 * blocking cells may split one (searches from the cells beside the edit
 * run in turn, one cell each, and stop as soon as all but one have ended
 * or met; only the pieces that ended, the smaller ones, are relabelled).
 * Whole-grid edits ("anything may have changed"), batches whose edits
 * reach more cells than a fixed scratch holds (about 32,000 cells that
 * change standability), and splits whose searches outgrow an eighth of
 * the map (a cut into two large pieces, which costs O(cells) however it
 * is done) relabel from scratch, O(cells). Updates allocate nothing:
 * every array is sized at creation.
 *
 * Memory: about 14 bytes per cell (a label, a mark and a queue link per
 * cell, a size per possible component), one more for a size > 1 unit
 * whose filter forbids terrains (its own clearance), plus ~1.5 MiB of
 * fixed scratch at most. Lifetime: the grid must outlive the index
 * (destroy the index first; it unwatches the grid). Like the grid's own
 * caches it is written by edits and read by queries: not while another
 * thread edits the grid.
 */
typedef struct wf_conn wf_conn;

/**
 * Labels the components of @p g for the unit (@p move, @p filter; filter
 * may be NULL, and only which terrains it forbids is kept) and watches
 * @p g. @p alloc may be NULL
 * (malloc). Errors: WF_E_INVALID_ARG (g or out NULL, a bad move, a filter
 * multiplier that is not > 0), WF_E_TOO_BIG (the per-cell arrays
 * overflow), WF_E_NOMEM (nothing is left allocated nor watching).
 * O(cells).
 */
WF_API wf_status wf_conn_create(wf_grid *g, wf_move move,
                                const wf_filter *filter,
                                const wf_allocator *alloc, wf_conn **out);
/** Unwatches the grid and frees @p c; NULL is a no-op. */
WF_API void wf_conn_destroy(wf_conn *c);

/**
 * 1 when the unit can go from @p a to @p b (both cells where it may
 * stand, in the same component; a == b counts when it may stand there),
 * else 0: also when either point is off the grid, or a cell where it may
 * not stand, or @p c is NULL. O(1).
 */
WF_API int wf_conn_reachable(const wf_conn *c, wf_point a, wf_point b);
/**
 * The component of cell @p p: an id >= 1 shared by exactly the cells of
 * its component, or 0 when the unit may not stand on @p p, @p p is off
 * the grid or @p c is NULL. Ids are not dense and may change (and be
 * reused) at every edit of the grid. O(1).
 */
WF_API uint32_t wf_conn_component(const wf_conn *c, wf_point p);
/** Cells in component @p id (0 for 0, an unused id, or NULL). O(1). */
WF_API size_t wf_conn_component_size(const wf_conn *c, uint32_t id);
/** Components there are now (0 for NULL). O(1). */
WF_API uint32_t wf_conn_count(const wf_conn *c);
/**
 * Writes dense labels, exactly as wf_grid_regions would for the unit
 * (0 where it may not stand, 1..*count numbered in row-major order of
 * each component's first cell), into @p labels (width × height) without
 * searching. Errors: WF_E_INVALID_ARG (NULL), WF_E_NOMEM (a table of 4
 * bytes per possible id, from the index's allocator). O(cells).
 */
WF_API wf_status wf_conn_regions(const wf_conn *c, uint32_t *labels,
                                 uint32_t *count);
/** The grid @p c watches (NULL for NULL). */
WF_API const wf_grid *wf_conn_grid(const wf_conn *c);
/** The unit's movement model, normalised (connect 0 → 8, size 0 → 1;
 *  corners WF_CORNERS_NO_CUT when 4-connected). wf_move_default() for
 *  NULL. */
WF_API wf_move wf_conn_move(const wf_conn *c);
/** 1 when @p c answers for a unit with @p move and @p filter (NULL: none):
 *  the same grid is not checked here, only the same normalised movement
 *  model and the same forbidden terrains (multipliers aside). 0 otherwise
 *  or for NULL @p c. */
WF_API int wf_conn_matches(const wf_conn *c, wf_move move,
                           const wf_filter *filter);

#ifdef __cplusplus
}
#endif

#endif
