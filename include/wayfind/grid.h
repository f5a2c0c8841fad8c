/*
 * wayfind core, grids: the map and the unit that moves on it. Cells and
 * the movement model (wf_point, wf_move: 4- or 8-connected moves, the
 * corner rule, the agent's size), per-unit cost filters (wf_filter), the
 * grid itself (wf_grid: terrain codes, the cost table, clearances), its
 * edits as watchers and edit batches hear of them, and what a grid answers
 * without a search: the cost of one move, connected regions and line of
 * sight.
 *
 * Part of the core layer, above base.h (src/core/grid/): libc and libm
 * only, no I/O. A grid that is only read may be shared by any number of
 * threads; the searches on it are in search.h.
 */
#ifndef WAYFIND_GRID_H
#define WAYFIND_GRID_H

#include <stddef.h>
#include <stdint.h>

#include "base.h"
#include "export.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Points and the movement model                                            */
/* ------------------------------------------------------------------------ */

/** A cell: x is the column (0 at the left), y the row (0 at the top). */
typedef struct wf_point {
    int x;
    int y;
} wf_point;

/** Diagonal corner rule for 8-connected movement. */
typedef enum wf_corners {
    /** Both orthogonal neighbours must be passable (Moving AI rule). */
    WF_CORNERS_NO_CUT = 0,
    /** Diagonal moves are always allowed when the target is passable. */
    WF_CORNERS_ALWAYS = 1,
    /** At least one of the two orthogonal neighbours must be passable. */
    WF_CORNERS_ONE_FREE = 2
} wf_corners;

/** Largest agent side, in cells, that wf_move.size accepts. */
#define WF_MOVE_MAX_SIZE 64

/**
 * The movement model, one value passed the same way to every search,
 * field, query and generator: 4- or 8-connected moves, for diagonal moves
 * the corner rule, and the size of the agent. A zero-initialised wf_move
 * (`(wf_move){0}`) is the default, the same as wf_move_default():
 * 8-connected, no-cut, size 1.
 *
 * Agent sizes (annotated A*, "true clearance"): an agent of size k at cell
 * p occupies the k × k square whose top-left cell is p. It may stand on p
 * when every cell of that square is on the grid and passable for it (a
 * terrain its filter forbids is blocked), that is when the clearance of p
 * (wf_grid_clearance: the side of the largest such square, for the unit's
 * terrains) is at least k. Its moves are exactly a size-1 unit's moves on
 * that derived passability, the corner rule included (no-cut: a diagonal
 * move needs the agent to be able to stand on both orthogonal
 * intermediate cells; one-free: on one of them). Entering p costs what it
 * costs a size-1 unit: step × the cost of p's own terrain (× the filter,
 * plus the overlay at p): the anchor cell prices the move, so path costs
 * of different sizes compare and the heuristics stay admissible. Paths
 * list anchor cells. A start or goal where the agent cannot stand is
 * WF_NO_PATH, as a blocked one is, with the reason in wf_search_message.
 * Every grid search (A*, Dijkstra, JPS, sliced, pool and batch, the
 * nearest fallback), field, the block query, the walker,
 * wf_grid_move_cost, wf_grid_regions and wf_graph_from_grid honour the
 * size, and so do the polyline layer's segments, smoothing and any-angle
 * searches (polyline.h: the same derived passability); line of sight and
 * wf_heuristic_distance ignore it.
 */
typedef struct wf_move {
    int connect;        /**< 4 or 8; 0 means 8 */
    wf_corners corners; /**< default (0) WF_CORNERS_NO_CUT; ignored when
                             4-connected */
    int size;           /**< agent side in cells, 1 to WF_MOVE_MAX_SIZE;
                             0 means 1. Anything else is
                             WF_E_INVALID_ARG (wf_search_message names
                             the limit). */
} wf_move;

/** 8-connected moves under the no-cut rule (the Moving AI rule), size 1. */
WF_API wf_move wf_move_default(void);
/** A movement model with @p connect (4 or 8) and @p corners, size 1 (set
 *  .size for a larger agent). */
WF_API wf_move wf_move_make(int connect, wf_corners corners);

/* ------------------------------------------------------------------------ */
/* Per-unit cost filters                                                    */
/* ------------------------------------------------------------------------ */

/**
 * A per-unit cost filter: a multiplier per terrain code applied to the
 * grid's cost of entering that terrain for one query, without changing the
 * grid (a boat and a soldier search the same grid at the same time).
 * INFINITY forbids the terrain for this unit: its cells count as blocked,
 * for the corner rule too. Make one with wf_filter_init (every terrain ×1)
 * and wf_filter_set; it is a plain value, copy it freely.
 */
typedef struct wf_filter {
    double mult[256];
} wf_filter;

/** Every terrain at ×1. */
WF_API void wf_filter_init(wf_filter *f);
/**
 * Terrain @p terrain costs @p multiplier × its grid cost for queries using
 * @p f: finite and > 0, or INFINITY (forbidden). Errors: WF_E_INVALID_ARG
 * (f NULL, multiplier 0, negative or NaN).
 */
WF_API wf_status wf_filter_set(wf_filter *f, uint8_t terrain, double multiplier);
/**
 * The check every function that takes a filter makes (a filter filled by
 * hand may hold anything): each multiplier > 0, INFINITY included; NaN, 0,
 * -0, negative values and -INFINITY are refused. @p f NULL (no filter) is
 * WF_OK. Otherwise WF_E_INVALID_ARG, with "filter: terrain T has
 * multiplier M (must be > 0 or INFINITY)" written to @p msg (@p size
 * bytes; msg may be NULL) for the first bad terrain. O(256).
 */
WF_API wf_status wf_filter_check(const wf_filter *f, char *msg, size_t size);

/* ------------------------------------------------------------------------ */
/* Grids                                                                    */
/* ------------------------------------------------------------------------ */

/** Largest cell count of a grid (16384 × 16384). */
#define WF_GRID_MAX_CELLS ((size_t)1 << 28)
/** Largest width or height. */
#define WF_GRID_MAX_SIDE (1 << 20)
/** Cost meaning "cannot be entered" in wf_grid_set_cost. */
#define WF_BLOCKED (-1.0)
/** Terrain code that a new grid's cost table marks as blocked. */
#define WF_TERRAIN_WALL 255

/**
 * A W×H grid of terrain codes (0–255) and a table terrain → cost of entering
 * a cell of that terrain (finite, > 0) or blocked. A new grid has every cell
 * at terrain 0 and a table giving cost 1 to every code but WF_TERRAIN_WALL,
 * which is blocked. Memory: about 3.25 bytes per cell (terrain code,
 * neighbour mask, clearance (wf_grid_clearance), and a row-major and a
 * column-major passability bit that Jump Point Search scans a word at a
 * time) plus a fixed ~4 KiB; every change through wf_grid_set,
 * wf_grid_set_cells, wf_grid_fill or wf_grid_set_cost keeps them current
 * (wf_grid_set updates the clearance locally: only cells up and left of
 * the edit within WF_MOVE_MAX_SIZE can change, and the update stops where
 * values stop changing), so queries only read the grid.
 */
typedef struct wf_grid wf_grid;

/**
 * Creates a @p width × @p height grid. @p alloc may be NULL (malloc).
 * Errors: WF_E_INVALID_ARG (out NULL, size < 1), WF_E_TOO_BIG (a side over
 * WF_GRID_MAX_SIDE or more than WF_GRID_MAX_CELLS cells), WF_E_NOMEM.
 * O(cells).
 */
WF_API wf_status wf_grid_create(int width, int height, const wf_allocator *alloc,
                         wf_grid **out);
/** Frees @p g; NULL is a no-op. */
WF_API void wf_grid_destroy(wf_grid *g);
/** Deep copy of @p g (same allocator). Errors: WF_E_INVALID_ARG, WF_E_NOMEM. */
WF_API wf_status wf_grid_clone(const wf_grid *g, wf_grid **out);

/** Columns of @p g (0 for NULL). O(1). */
WF_API int wf_grid_width(const wf_grid *g);
/** Rows of @p g (0 for NULL). O(1). */
WF_API int wf_grid_height(const wf_grid *g);
/** 1 when (x, y) lies on the grid, else 0. */
WF_API int wf_grid_contains(const wf_grid *g, int x, int y);

/**
 * Sets the terrain code of cell (x, y). O(1) for the grid's own caches
 * (the clearance's local update aside, see wf_grid), plus what the
 * watchers of the grid do with the change (wf_grid_watch).
 * Errors: WF_E_INVALID_ARG (g NULL), WF_E_RANGE (outside the grid),
 * WF_E_NOMEM (inside an edit batch with watchers, when the change cannot
 * be recorded for them: the cell is then left as it was).
 */
WF_API wf_status wf_grid_set(wf_grid *g, int x, int y, uint8_t terrain);
/** Terrain code of (x, y), or -1 when outside the grid or g is NULL. */
WF_API int wf_grid_get(const wf_grid *g, int x, int y);
/** Sets every cell to @p terrain. O(cells). */
WF_API wf_status wf_grid_fill(wf_grid *g, uint8_t terrain);
/**
 * Sets every cell at once from @p terrain, width × height codes in
 * row-major order (as wf_grid_cells returns them; it may be that very
 * array), copied. The neighbour masks and bit planes that searches read are
 * rebuilt, so the grid is as if each cell had been set with wf_grid_set.
 * O(cells). Errors: WF_E_INVALID_ARG (g or terrain NULL).
 */
WF_API wf_status wf_grid_set_cells(wf_grid *g, const uint8_t *terrain);

/**
 * Sets the cost of entering a cell of terrain @p terrain: finite and > 0, or
 * WF_BLOCKED. Anything else (0, negative, NaN, infinity) is
 * WF_E_INVALID_ARG. Changing whether a code is passable costs O(cells) when
 * cells of that code exist; changing only a cost is O(1).
 */
WF_API wf_status wf_grid_set_cost(wf_grid *g, uint8_t terrain, double cost);

/** Cost of entering terrain @p terrain, or WF_BLOCKED. */
WF_API double wf_grid_cost(const wf_grid *g, uint8_t terrain);
/** 1 when (x, y) is on the grid and its terrain is passable. */
WF_API int wf_grid_passable(const wf_grid *g, int x, int y);
/**
 * Clearance of (x, y): the side of the largest square of passable cells
 * whose top-left cell is (x, y), at most WF_MOVE_MAX_SIZE; 0 when the cell
 * is blocked, off the grid or g is NULL. An agent of size k may stand on
 * (x, y) exactly when this is >= k (see wf_move). Kept in the grid, O(1).
 * A unit whose filter forbids terrains has its own clearance, computed by
 * each query in its workspace (and kept there for the next query of the
 * same unit on the same, unchanged grid).
 */
WF_API int wf_grid_clearance(const wf_grid *g, int x, int y);
/** Number of cells of terrain @p terrain (0 for NULL). O(1). */
WF_API size_t wf_grid_terrain_count(const wf_grid *g, uint8_t terrain);
/**
 * Smallest cost among terrain codes present on the grid and passable (the
 * factor that keeps the built-in heuristics admissible); 1 when no cell is
 * passable. O(256).
 */
WF_API double wf_grid_min_cost(const wf_grid *g);
/** Row-major terrain codes (width × height bytes), read-only; owned by @p g
 *  and valid until it is destroyed (edits show through). NULL for NULL. */
WF_API const uint8_t *wf_grid_cells(const wf_grid *g);

/* ------------------------------------------------------------------------ */
/* Edits: watchers and edit batches                                         */
/* ------------------------------------------------------------------------ */

/** One cell's change of terrain, as watchers of a grid hear of it. */
typedef struct wf_cell_change {
    wf_point cell;
    uint8_t before; /**< terrain code before this change */
    uint8_t after;  /**< terrain code after it */
} wf_cell_change;

/**
 * A watcher: what keeps a structure built on a grid (a connectivity index,
 * an incremental planner, the caller's own cache) in step with its edits.
 * Called after edits, once every cache of the grid itself is current, on
 * the thread that edits, with @p changes the cells whose terrain changed
 * in the order they changed (a cell changed twice in a batch appears
 * twice; a wf_grid_set to the terrain a cell already has is no change), or
 * with @p changes NULL and @p count 0 when any cell or cost may have
 * changed (wf_grid_fill, wf_grid_set_cells, and wf_grid_set_cost of a
 * terrain some cell has): the watcher then rebuilds what it keeps. A
 * watcher must not edit the grid, nor add or remove watchers, from the
 * call.
 */
typedef void (*wf_grid_watch_fn)(void *ud, const wf_grid *g,
                                 const wf_cell_change *changes, size_t count);

/**
 * Adds watcher (@p fn, @p ud) to @p g; from now on every edit reaches it
 * (see wf_grid_watch_fn), until wf_grid_unwatch. Watchers are called in
 * the order they were added. Remove a watcher before destroying either
 * the grid or what @p ud points to; wf_grid_clone copies no watchers.
 * Like edits, adding and removing watchers must not run while another
 * thread reads the grid. Errors: WF_E_INVALID_ARG (g or fn NULL, or the
 * pair already watches g), WF_E_NOMEM.
 */
WF_API wf_status wf_grid_watch(wf_grid *g, wf_grid_watch_fn fn, void *ud);
/** Removes watcher (@p fn, @p ud) from @p g. Errors: WF_E_INVALID_ARG
 *  (NULL, or not a watcher of g). */
WF_API wf_status wf_grid_unwatch(wf_grid *g, wf_grid_watch_fn fn, void *ud);

/**
 * Edit batches. Between wf_grid_edit_begin and the matching
 * wf_grid_edit_commit every edit updates the grid's own caches at once (so
 * queries in between see it), but watchers hear of the batch's changes
 * once, at the commit, in one call each: an incremental planner repairs
 * once for a whole frame's doors and walls. Batches nest; only the
 * outermost commit reports. Outside a batch each edit is reported as it
 * happens. A batch with no watchers costs nothing. Errors:
 * WF_E_INVALID_ARG (g NULL; a commit with no batch open).
 */
WF_API wf_status wf_grid_edit_begin(wf_grid *g);
/** See wf_grid_edit_begin. */
WF_API wf_status wf_grid_edit_commit(wf_grid *g);

/* ------------------------------------------------------------------------ */
/* Moves, regions and line of sight                                         */
/* ------------------------------------------------------------------------ */

/**
 * Cost of the single move from @p a to its neighbour @p b under the given
 * movement model: step × cost(b), step 1 or √2. Returns WF_BLOCKED when the
 * move is not allowed (not neighbours, off the grid, b blocked, corner rule,
 * or for move.size > 1 an agent that cannot stand on b or, by the corner
 * rule, beside the diagonal).
 */
WF_API double wf_grid_move_cost(const wf_grid *g, wf_point a, wf_point b,
                         wf_move move);

/**
 * Labels the connected regions of passable cells (for move.size > 1, of
 * cells where such an agent may stand): two cells are connected
 * when a sequence of moves allowed by the movement model @p move joins
 * them. Every corner rule is symmetric, so this is an
 * equivalence. @p labels (width × height, row-major) receives 0 for blocked
 * cells and 1..*count for regions, numbered in row-major order of their
 * first cell. Allocates a queue of 4 bytes per cell with the grid's
 * allocator. Errors: WF_E_INVALID_ARG, WF_E_NOMEM. O(cells).
 */
WF_API wf_status wf_grid_regions(const wf_grid *g, wf_move move,
                          uint32_t *labels, uint32_t *count);

/**
 * Line of sight between the centres of cells @p a and @p b: 1 when every
 * cell that the segment between the centres passes through, strictly
 * between a and b, is passable, and where the segment passes exactly
 * through a grid corner the corner rule allows it (no-cut: both cells
 * beside the corner passable; one-free: at least one; always: sight is
 * never stopped by a corner alone). The end cells may be blocked (a wall is
 * seen). Only move.corners matters (sight is not a walk; move.size is
 * ignored).
 * Exact integer arithmetic, symmetric: los(a, b) == los(b, a).
 * 0 when either cell is off the grid or g is NULL. O(|dx| + |dy|).
 */
WF_API int wf_grid_line_of_sight(const wf_grid *g, wf_point a, wf_point b,
                          wf_move move);

#ifdef __cplusplus
}
#endif

#endif
