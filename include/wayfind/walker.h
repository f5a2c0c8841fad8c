/*
 * wayfind core, the walker: an agent (wf_walker) that follows a planned
 * grid path a cell at a time and re-plans when the map changes under it,
 * with a new search or, incrementally, with D* Lite (replan.h).
 *
 * Part of the core layer, above search.h (src/core/replan/, beside D*
 * Lite): libc and libm only, no I/O.
 */
#ifndef WAYFIND_WALKER_H
#define WAYFIND_WALKER_H

#include <stddef.h>

#include "base.h"
#include "export.h"
#include "grid.h"
#include "search.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Walker: following a path, re-planning                                    */
/* ------------------------------------------------------------------------ */

/**
 * An agent walking a planned grid path that re-plans when the map changes
 * under it: before each step it checks the move to the next cell; if that
 * cell is now blocked, or the move costs more than when planned (terrain,
 * or its options' filter, overlay or move-cost callback: an influence
 * layer that changed, an enemy that turned), it plans again from where it
 * stands. With wf_walker_set_watch_cheaper it also re-plans when a move
 * still ahead got cheaper. A cheaper way elsewhere (a guard that turned
 * away from another corridor) is noticed by calling wf_walker_replan when
 * the game changes a layer.
 *
 * Lifetimes: the walker keeps a copy of its options, but not of what they
 * point to: the filter, the overlay's values and the callbacks' user data
 * must outlive the walker's use (or the next wf_walker_plan). The grid and
 * workspace are passed to every call and may differ between calls (the
 * same grid, edited, in practice).
 */
typedef struct wf_walker wf_walker;

/** Errors: WF_E_INVALID_ARG, WF_E_NOMEM. */
WF_API wf_status wf_walker_create(const wf_allocator *alloc, wf_walker **out);
/** Frees @p w; NULL is a no-op. */
WF_API void wf_walker_destroy(wf_walker *w);
/**
 * Plans a path from @p start to @p goal on @p g with @p opts (NULL:
 * defaults; kept for re-plans) and puts the agent on @p start. Returns
 * what wf_search_grid returns (WF_PARTIAL is treated as WF_NO_PATH).
 */
WF_API wf_status wf_walker_plan(wf_walker *w, wf_search *ws, const wf_grid *g,
                         wf_point start, wf_point goal,
                         const wf_search_opts *opts);
/**
 * Moves the agent one cell: WF_OK and *next = its new cell; WF_ARRIVED
 * when this step reached the goal, or it already stood there (*next = the
 * goal); WF_NO_PATH when the way is blocked and no other way exists (the
 * agent stays). Re-plans as described above; a re-plan allocates when the
 * new path is longer than any before.
 */
WF_API wf_status wf_walker_step(wf_walker *w, wf_search *ws, const wf_grid *g,
                         wf_point *next);
/**
 * A new goal for the agent: re-plans from where it stands (counted in
 * wf_walker_replans). Returns what wf_walker_plan returns.
 */
WF_API wf_status wf_walker_set_goal(wf_walker *w, wf_search *ws, const wf_grid *g,
                             wf_point goal);
/** Re-plans now from where the agent stands, with the same goal and
 *  options. Returns what wf_walker_plan returns. */
WF_API wf_status wf_walker_replan(wf_walker *w, wf_search *ws, const wf_grid *g);
/** With @p on, each step also re-plans when a move still ahead costs less
 *  than planned (O(remaining path) per step). Off by default. */
WF_API void wf_walker_set_watch_cheaper(wf_walker *w, int on);
/**
 * Incremental re-planning: with @p g, the walker's plans come from a D*
 * Lite planner on @p g (wayfind/replan.h) instead of a search from scratch
 * each time. The planner watches @p g, so every edit reaches it, and a
 * re-plan repairs only what the edits changed (usually a small fraction of
 * a fresh search; the paths cost the same). The walker re-plans at the
 * next step when an edit of the grid, or a cost it was told of with
 * wf_walker_cells_changed, happened since its plan, besides when the next
 * move got dearer (a change it was not told of: it then tells the
 * planner of each cell of its path whose move cost changed; a cost that
 * changed off the path without being told is not seen, so report overlay
 * changes). No step while an edit batch is open on @p g (the planner
 * hears of a batch at its commit: WF_E_INVALID_ARG). From then on
 * every call passes @p g (another grid is WF_E_INVALID_ARG), and the
 * options must be those D* Lite accepts (wf_dstar_create: weight 1, a
 * consistent built-in heuristic, no expansion limit or goal fallback; a
 * plan with others fails with WF_E_INVALID_ARG). The workspace passed to
 * the calls is still used for a unit's clearance. NULL: back to searches.
 * Takes effect at the next step (the current plan is dropped). Remove it
 * (NULL) or destroy the walker before destroying @p g. Memory: 24 bytes
 * per cell of @p g while a plan exists. Errors: WF_E_INVALID_ARG (w NULL).
 */
WF_API wf_status wf_walker_set_incremental(wf_walker *w, wf_grid *g);
/**
 * Tells the walker that entering @p cells may now cost something else
 * although their terrain did not change: the overlay's values there (the
 * guard turned), or what its move-cost callback reads. Incremental: the
 * planner repairs around those cells at the next step; otherwise the next
 * step re-plans with a search. Cells off the grid are ignored. Errors:
 * WF_E_INVALID_ARG (w NULL, or cells NULL with n > 0).
 */
WF_API wf_status wf_walker_cells_changed(wf_walker *w, const wf_point *cells,
                                         size_t n);
/** The current plan (from the cell where it was made). Owned by @p w:
 *  valid until its next plan, step or destroy. */
WF_API const wf_path *wf_walker_path(const wf_walker *w);
/** The agent's goal ({-1, -1} for NULL). */
WF_API wf_point wf_walker_goal(const wf_walker *w);
/** The agent's cell ({-1, -1} for NULL). */
WF_API wf_point wf_walker_position(const wf_walker *w);
/** How many times wf_walker_step has re-planned. */
WF_API size_t wf_walker_replans(const wf_walker *w);

#ifdef __cplusplus
}
#endif

#endif
