/*
 * wayfind core: status codes, allocators, diagnostics, grids, paths and the
 * search workspace (A*, Dijkstra, weighted A*).
 *
 * The core depends on libc and libm only and performs no I/O. Every object is
 * independent: different objects may be used from different threads at once,
 * and a grid that is only read (searched) may be shared by any number of
 * threads, each with its own wf_search workspace.
 */
#ifndef WAYFIND_CORE_H
#define WAYFIND_CORE_H

#include <stddef.h>
#include <stdint.h>

#include "version.h"
#include "export.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Status codes                                                             */
/* ------------------------------------------------------------------------ */

/*
 * X(NAME, value, description). 0 is success, negative values are errors and
 * positive values are outcomes of a successful call (no path, partial path).
 */
#define WF_STATUS_MAP(X)                                                       \
    X(OK, 0, "success")                                                        \
    X(NO_PATH, 1, "no path: the goal is unreachable, or start/goal is blocked") \
    X(PARTIAL, 2, "expansion limit reached: partial path to the closest explored cell") \
    X(ARRIVED, 3, "already at the goal")                                       \
    X(PENDING, 4, "search not finished: call wf_search_step again")           \
    X(E_INVALID_ARG, -1, "invalid argument")                                   \
    X(E_NOMEM, -2, "out of memory")                                            \
    X(E_RANGE, -3, "coordinate or value out of range")                         \
    X(E_TOO_BIG, -4, "size too large")                                         \
    X(E_PARSE, -5, "malformed input")                                          \
    X(E_IO, -6, "input/output error")                                          \
    X(E_UNSATISFIABLE, -7, "the request cannot be met on this map")          \
    X(E_UNSUPPORTED, -8, "not supported by this build of the library")      \
    X(E_THREAD, -9, "a thread could not be started")                          \
    X(E_CORRUPT, -10, "inconsistent data: a table read from a file contradicts itself")

/** Result of every fallible wayfind call; see WF_STATUS_MAP. */
typedef enum wf_status {
#define WF_STATUS_ENUM_(name, value, text) WF_##name = value,
    WF_STATUS_MAP(WF_STATUS_ENUM_)
#undef WF_STATUS_ENUM_
} wf_status;

/** Human-readable description of @p s (a static string, never NULL). */
WF_API const char *wf_strerror(wf_status s);
/** Symbolic name of @p s without the prefix, e.g. "NO_PATH", "E_NOMEM". */
WF_API const char *wf_status_name(wf_status s);
/** "MAJOR.MINOR.PATCH" of the library actually linked. */
WF_API const char *wf_version_string(void);

/* ------------------------------------------------------------------------ */
/* Allocator                                                                */
/* ------------------------------------------------------------------------ */

/**
 * Allocation function in the style of lua_Alloc. With @p new_size == 0 it
 * frees @p ptr and returns NULL; otherwise it behaves like realloc (ptr may
 * be NULL) and returns NULL on failure, leaving @p ptr untouched.
 * @p old_size is the size previously requested for @p ptr (0 when NULL).
 */
typedef void *(*wf_alloc_fn)(void *ud, void *ptr, size_t old_size,
                             size_t new_size);

/** An allocator: function plus user data. Objects keep a copy. */
typedef struct wf_allocator {
    wf_alloc_fn fn;
    void *ud;
} wf_allocator;

/* ------------------------------------------------------------------------ */
/* Diagnostics                                                              */
/* ------------------------------------------------------------------------ */

/**
 * Details of an error, filled by functions that can say more than a status
 * (parsers give file, line and column). Owned by the caller; every function
 * taking one accepts NULL. line/column are 1-based, 0 when not applicable.
 */
typedef struct wf_diag {
    char file[256];
    unsigned line;
    unsigned column;
    char message[256];
} wf_diag;

/**
 * Writes "file:line:col: message" (parts that are empty or 0 are left out)
 * into @p buf of @p size bytes, always NUL-terminated when size > 0.
 * Returns @p buf.
 */
WF_API char *wf_diag_format(const wf_diag *d, char *buf, size_t size);

/* ------------------------------------------------------------------------ */
/* Points, movement model                                                   */
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

/** Heuristic kinds. All but CUSTOM are scaled by the grid's smallest cost. */
typedef enum wf_heuristic {
    /** Tightest admissible one: manhattan (4-connected), octile (8). */
    WF_H_DEFAULT = 0,
    WF_H_MANHATTAN, /**< |dx|+|dy|; overestimates on 8-connected grids */
    WF_H_EUCLIDEAN, /**< sqrt(dx²+dy²) */
    WF_H_CHEBYSHEV, /**< max(|dx|,|dy|) */
    WF_H_OCTILE,    /**< max−min + √2·min (admissible on 4-connected too) */
    WF_H_ZERO,      /**< 0: Dijkstra's order */
    WF_H_CUSTOM     /**< wf_search_opts.custom_h, used as given */
} wf_heuristic;

/**
 * A user heuristic: estimated cost from (x, y) to (gx, gy). It must be
 * finite and >= 0; it is used unscaled. If it is admissible but not
 * consistent the search reopens closed cells, so the result stays optimal.
 */
typedef double (*wf_heuristic_fn)(void *ud, int x, int y, int gx, int gy);

/**
 * A user heuristic on a graph: estimated cost from @p node to @p goal; the
 * same rules as wf_heuristic_fn (closed nodes are always reopened on
 * graphs, so an admissible one gives optimal paths).
 */
typedef double (*wf_node_heuristic_fn)(void *ud, uint32_t node, uint32_t goal);

/**
 * The unscaled distance heuristic @p h between two cells @p dx columns and
 * @p dy rows apart (signs ignored) under @p move: the value the
 * grid search multiplies by the smallest terrain cost and the weight.
 * WF_H_DEFAULT is Manhattan for 4-connected and octile for 8-connected
 * moves; WF_H_ZERO gives 0; WF_H_CUSTOM and unknown values give -1.
 */
WF_API double wf_heuristic_distance(wf_heuristic h, wf_move move, int dx, int dy);

/** Search algorithms. */
typedef enum wf_algo {
    WF_ALGO_ASTAR = 0, /**< A* (weighted when weight > 1) */
    WF_ALGO_DIJKSTRA,  /**< A* with the zero heuristic */
    /** Jump Point Search, strictly: grids whose passable terrains present
     *  all cost the same after the filter (and the filter forbids none of
     *  them), 8-connected, no-cut corners, default or octile heuristic,
     *  weight 1, no overlay, no move-cost callback, no expansion limit, no
     *  goal fallback. Anything else is WF_E_INVALID_ARG, with the reason in
     *  wf_search_message; WF_ALGO_AUTO chooses instead. Its jumps scan the
     *  grid's passability bits 64 cells at a time (Harabor & Grastien 2014,
     *  block-based) and a diagonal jump is expanded in place, the points
     *  its straight jumps find becoming successors of the jump point it
     *  left (their intermediate pruning); path.stats.expanded counts jump
     *  points. Deterministic, as every search: a jump point tries the
     *  direction of the goal first, then N, E, S, W, NE, SE, SW, NW; the
     *  cells between two jump points run diagonal first; the search ends
     *  as soon as a jump reaches the goal (the goal's cost is then the
     *  least f in the open list, so optimal); the open list is the 4-ary
     *  heap wf_search_grid describes. The workspace
     *  also holds a parent and a cost per cell (12 bytes, allocated by the
     *  first JPS query on a larger grid, or up front by
     *  wf_search_reserve_graph). Any agent size (wf_move.size): for
     *  size > 1 it scans bit planes of "the agent may stand here" that
     *  the workspace builds from the grid's clearance (about 1.25 bytes
     *  per cell, kept for the next query of that size on the same,
     *  unchanged grid). Graphs: WF_E_INVALID_ARG. */
    WF_ALGO_JPS,
    /** JPS over a precomputed jump table (wf_jump_table, passed in
     *  wf_search_opts.jumps): the same queries as WF_ALGO_JPS for agents of
     *  size 1, the same costs, jumps read from the table instead of
     *  scanned. WF_ALGO_JPS and WF_ALGO_AUTO run it too whenever a table
     *  is given and JPS applies (path.stats.engine then says
     *  WF_ALGO_JPS_PLUS); asked for by name, a query without a table, or
     *  for a larger agent, is WF_E_INVALID_ARG. */
    WF_ALGO_JPS_PLUS,
    /** Weighted Jump Point Search: optimal on grids with any terrain costs
     *  and filter (the same costs as Dijkstra's), for 8-connected no-cut
     *  moves of a unit of size 1, default or octile heuristic, weight 1,
     *  no overlay, no move-cost callback, no expansion limit, no goal
     *  fallback; anything else is WF_E_INVALID_ARG with the reason in
     *  wf_search_message. Jumps stop where the cost changes beside or
     *  ahead of them as plain JPS stops at forced neighbours, and scan
     *  bit planes 64 cells at a time; path.stats.expanded counts jump
     *  points. The workspace holds a parent and a cost per cell, as for
     *  JPS, and 6 bits per cell of planes for the unit's costs, built by
     *  the first query on a grid and kept for the next query with the
     *  same costs on the same, unchanged grid. Graphs: WF_E_INVALID_ARG.
     *  WF_ALGO_AUTO does not choose it. */
    WF_ALGO_JPSW,
    /** The fastest engine that applies, with the same costs: on grids
     *  where JPS applies, JPS+ when a jump table is given and the grid is
     *  not one of scattered obstacles (there, with at least a fifth of
     *  the free cells at a convex corner, online JPS is faster: random
     *  maps, 1-wide mazes), else JPS; A* everywhere else (weighted grids:
     *  WF_ALGO_JPSW is not reliably faster there; graphs). Measured on
     *  the shared Moving AI maps by wf_bench_movingai's auto table.
     *  path.stats.engine says which one answered. */
    WF_ALGO_AUTO
} wf_algo;

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

/* ------------------------------------------------------------------------ */
/* Paths                                                                    */
/* ------------------------------------------------------------------------ */

/** Counters of one search. */
typedef struct wf_stats {
    uint64_t expanded;   /**< cells taken from the open list and expanded */
    uint64_t generated;  /**< successors whose cost was set or improved */
    uint64_t heap_ops;   /**< heap pushes, pops and decrease-keys */
    uint64_t reopened;   /**< closed cells reopened (inconsistent heuristic) */
    wf_algo engine;      /**< the engine that answered: WF_ALGO_ASTAR,
                              WF_ALGO_DIJKSTRA, WF_ALGO_JPS or
                              WF_ALGO_JPS_PLUS or WF_ALGO_JPSW */
} wf_stats;

/**
 * The result of a search. Initialise with wf_path_init, release with
 * wf_path_free. points[0] is the start and points[count-1] the goal (or,
 * for WF_PARTIAL, the explored cell closest to the goal); count is 0 when
 * no path was found. The buffer grows as needed and is reused across
 * searches; wf_path_reserve avoids growth during queries.
 */
typedef struct wf_path {
    wf_point *points;
    size_t count;
    size_t capacity;
    double cost;      /**< sum of the move costs along points */
    wf_stats stats;
    wf_allocator alloc;
} wf_path;

/** Empty path using @p alloc (NULL: malloc) for its buffer. */
WF_API void wf_path_init(wf_path *p, const wf_allocator *alloc);
/** Frees the buffer and resets @p p to empty; NULL is a no-op. */
WF_API void wf_path_free(wf_path *p);
/** Ensures room for @p n points. Errors: WF_E_INVALID_ARG, WF_E_NOMEM. */
WF_API wf_status wf_path_reserve(wf_path *p, size_t n);

/* ------------------------------------------------------------------------ */
/* Search                                                                   */
/* ------------------------------------------------------------------------ */

/**
 * Zero means "the default", for every options struct of wayfind: a
 * zero-initialised struct (`wf_search_opts o = {0};`) asks for the
 * defaults, the same as its `_default()` function returns; fields whose
 * zero would be invalid read it as their default (a weight of 0 means 1, a
 * connect of 0 means 8).
 */

/**
 * A read-only float per cell (row-major) or per node, with its count, so a
 * layer of the wrong size is an error rather than a read out of bounds.
 * The values must stay alive and unchanged while a search uses them.
 */
typedef struct wf_layer {
    const float *values;
    size_t count;
} wf_layer;

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

/**
 * A per-move cost callback for direction-dependent costs (slopes, one-way
 * currents): called for every move the search considers, from @p from to
 * its neighbour @p to, with @p cost, the cost the search would charge
 * (step × terrain cost × filter, plus overlay); returns the cost to
 * charge. INFINITY forbids the move; NaN and values <= 0 count as
 * forbidden too. A result below @p cost can make the built-in heuristics
 * overestimate (paths may then be suboptimal): use WF_H_ZERO or a custom
 * heuristic for such callbacks. Used by A* and Dijkstra on grids; JPS
 * does not apply (WF_ALGO_AUTO runs A*).
 */
typedef double (*wf_move_cost_fn)(void *ud, wf_point from, wf_point to,
                                  double cost);

/** What a grid search returns when the goal is blocked or unreachable. */
typedef enum wf_goal_fallback {
    WF_FALLBACK_NONE = 0, /**< WF_NO_PATH (default) */
    /** WF_PARTIAL with the path to the reachable cell nearest the goal in
     *  straight-line distance (ties: the cheaper one), as a click on a wall
     *  is answered in most engines. The search explores everything it can
     *  reach when the goal is unreachable. */
    WF_FALLBACK_NEAREST = 1
} wf_goal_fallback;

/** Options of one query; a zeroed struct or wf_search_opts_default() gives
 *  the defaults. Pointers must stay valid while a search uses them. */
typedef struct wf_search_opts {
    wf_algo algo;           /**< default WF_ALGO_ASTAR */
    wf_move move;           /**< default 8-connected, no-cut */
    wf_heuristic heuristic; /**< default WF_H_DEFAULT */
    wf_heuristic_fn custom_h; /**< used with WF_H_CUSTOM */
    void *custom_ud;        /**< passed to custom_h and node_h */
    double weight;          /**< >= 1 and finite (0 means 1);
                                 f = g + weight·h */
    uint64_t max_expansions; /**< 0: unlimited; else WF_PARTIAL past it */
    wf_node_heuristic_fn node_h; /**< graphs: used with WF_H_CUSTOM */
    double h_scale;         /**< graphs: h = h_scale × straight-line distance
                                 between positions; 0 (default): the largest
                                 admissible scale (wf_graph_h_scale) */
    wf_layer overlay;       /**< a cost overlay (an influence layer), one
                                 value per cell (row-major) or per node
                                 (count must match, else WF_E_INVALID_ARG):
                                 entering b costs step × (cost(b) +
                                 overlay_k × overlay[b]) on grids and
                                 weight + overlay_k × overlay[v] on graphs.
                                 Values < 0 or NaN count as 0; INFINITY
                                 forbids the cell (a forbidden cell still
                                 lets diagonal moves pass its corner). No
                                 values (default): none. The map is not
                                 changed, so it stays shareable; heuristics
                                 stay admissible because the overlay only
                                 adds cost. */
    double overlay_k;       /**< finite, >= 0; default 0 */
    const wf_filter *filter; /**< per-unit terrain multipliers (grids, and
                                 graphs made from grids by
                                 wf_graph_from_grid); NULL: none */
    wf_move_cost_fn move_cost; /**< grids: per-move callback; NULL: none */
    void *move_cost_ud;     /**< passed to move_cost */
    wf_goal_fallback goal_fallback; /**< grids; default WF_FALLBACK_NONE */
    const struct wf_conn *conn; /**< grids: a connectivity index (wf_conn) of
                                 the searched grid for this unit (the same
                                 move, and the same terrains forbidden by
                                 filter), or NULL. A goal in another
                                 component than the start is then
                                 WF_NO_PATH at once, in O(1), with the
                                 reason in wf_search_message (also by the
                                 sliced and pool searches); with
                                 WF_FALLBACK_NEAREST it is not consulted.
                                 Another grid or unit: WF_E_INVALID_ARG.
                                 The block query uses it too. */
    const struct wf_jump_table *jumps; /**< grids: a jump table of the
                                 searched grid (wf_jump_table_create), or
                                 NULL. With it, WF_ALGO_JPS, WF_ALGO_AUTO
                                 and WF_ALGO_JPS_PLUS answer size-1 JPS
                                 queries by JPS+ (see wf_jump_table). A
                                 table of another grid, or of this grid
                                 before an edit that it was not updated
                                 for, is WF_E_INVALID_ARG with the reason
                                 in wf_search_message, never a wrong path.
                                 Other engines and larger agents ignore
                                 it. */
} wf_search_opts;

/** The defaults listed in wf_search_opts (the same as a zeroed struct). */
WF_API wf_search_opts wf_search_opts_default(void);

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

/**
 * A search workspace: per-cell state (20 bytes per cell, open list
 * included) reused across queries. One per thread; it sizes itself on the
 * first query on a larger grid and then allocates nothing per query and
 * never clears per-cell memory (a generation counter marks stale cells).
 * Agents of size > 1 may add, each allocated by the first query that needs
 * it: the clearance of a unit whose filter forbids terrains (1 byte per
 * cell) and JPS's bit planes for a size (about 1.25 bytes per cell). Both
 * are kept for the next query of the same unit on the same grid and
 * recomputed (O(cells)) when the grid has changed since; a workspace keys
 * them to the grid's identity, never its address.
 */
typedef struct wf_search wf_search;

/** Creates an empty workspace. Errors: WF_E_INVALID_ARG, WF_E_NOMEM. */
WF_API wf_status wf_search_create(const wf_allocator *alloc, wf_search **out);
/** Frees @p ws; NULL is a no-op. */
WF_API void wf_search_destroy(wf_search *ws);
/**
 * Sizes the workspace for grids of up to @p cells cells, so later queries
 * allocate nothing. Errors: WF_E_INVALID_ARG, WF_E_TOO_BIG, WF_E_NOMEM.
 */
WF_API wf_status wf_search_reserve(wf_search *ws, size_t cells);
/** Bytes the workspace holds for per-cell (per-node) state and its open
 *  list, and for agent sizes' clearances and bit planes. */
WF_API size_t wf_search_bytes(const wf_search *ws);
/**
 * Why the last search call on @p ws (wf_search_grid, wf_search_graph,
 * wf_search_begin*, wf_search_step*) failed, e.g. "move.connect must be 4
 * or 8, got 6" or "overlay has 25 values, the grid has 10000 cells"; ""
 * when it did not fail. Owned by @p ws, valid until its next call; never
 * NULL ("" for a NULL workspace).
 */
WF_API const char *wf_search_message(const wf_search *ws);

/**
 * Finds a least-cost path on @p g from @p start to @p goal and fills @p out.
 * @p opts may be NULL (defaults).
 *
 * Returns WF_OK (path found), WF_NO_PATH (unreachable, or start or goal
 * blocked, or for move.size > 1 a start or goal where the agent cannot
 * stand, which wf_search_message then says; out->count == 0), WF_PARTIAL (max_expansions reached, or the
 * goal unreachable with WF_FALLBACK_NEAREST: out holds the path to the
 * expanded cell closest to the goal in straight-line distance, ties to the
 * cheaper one), or an error: WF_E_INVALID_ARG (NULL argument, bad option;
 * wf_search_message says which), WF_E_RANGE (start or goal outside the
 * grid), WF_E_NOMEM (sizing the workspace or path failed). A path whose
 * cost overflows to infinity is WF_E_RANGE ("path cost overflows").
 *
 * Optimal with an admissible heuristic and weight 1; with weight w the cost
 * is at most w × optimal. Deterministic: the same query on the same grid
 * gives the same path on every platform. Neighbours are generated in the
 * order N, E, S, W, NE, SE, SW, NW; among open cells of equal f, those
 * generated from the cell being expanded at that same f are expanded first
 * (depth-first along f plateaus; at weight 1 with the manhattan (4-connected
 * only), euclidean, chebyshev or octile heuristic), then the open list's
 * order: a 4-ary min-heap on f with strict comparisons, whose order depends
 * only on the sequence of pushes, pops and decreases, never on the platform.
 */
WF_API wf_status wf_search_grid(wf_search *ws, const wf_grid *g, wf_point start,
                         wf_point goal, const wf_search_opts *opts,
                         wf_path *out);

/**
 * A sliced search, for queries spread over frames: wf_search_begin checks
 * the query and prepares @p ws; each wf_search_step then expands at most
 * @p budget cells (jump points for JPS) and returns WF_PENDING until the
 * search ends, then exactly what wf_search_grid would have returned for the
 * same query, with the same path in @p out. The grid, and everything
 * @p opts points to, must stay alive and unchanged until then: a step
 * after an edit of the grid (wf_grid_set, _fill, _set_cells or _set_cost
 * changing anything, even far from the path) fails with WF_E_INVALID_ARG
 * and "the grid was edited since wf_search_begin", and ends the search:
 * begin again. (What opts points to, a jump table or an overlay, is not
 * watched.) Any other call that
 * uses @p ws (a new begin, a one-shot search, a field, the block query,
 * wf_search_reserve) or wf_search_cancel ends a sliced search: the next
 * step then fails with WF_E_INVALID_ARG rather than resume on arrays
 * something else has used.
 *
 * wf_search_begin errors: those of wf_search_grid (the outcomes WF_NO_PATH
 * and WF_OK of a trivial query come from the first step). wf_search_step:
 * WF_E_INVALID_ARG when no grid search is under way (never begun, finished,
 * cancelled, or a graph search: use wf_search_step_graph), the grid was
 * edited since the begin, or budget is 0.
 */
WF_API wf_status wf_search_begin(wf_search *ws, const wf_grid *g, wf_point start,
                          wf_point goal, const wf_search_opts *opts);
/** See wf_search_begin. */
WF_API wf_status wf_search_step(wf_search *ws, uint64_t budget, wf_path *out);
/** Ends the sliced search under way on @p ws, if any; NULL is a no-op. */
WF_API void wf_search_cancel(wf_search *ws);

/** What a search did with a cell (wf_search_cell_states); pictures use the
 *  same values (wayfind/render.h). */
enum { WF_CELL_UNSEEN = 0, WF_CELL_FRONTIER = 1, WF_CELL_EXPLORED = 2 };

/**
 * After a wf_search_grid query on @p g that was the last query of @p ws,
 * writes each cell's state into @p cells (width × height bytes, row-major):
 * WF_CELL_EXPLORED for cells the search expanded, WF_CELL_FRONTIER for
 * cells it reached but had not expanded when it stopped, WF_CELL_UNSEEN for
 * the rest. Errors: WF_E_INVALID_ARG (NULL, or a workspace too small for
 * @p g). O(cells).
 */
WF_API wf_status wf_search_cell_states(const wf_search *ws, const wf_grid *g,
                                uint8_t *cells);

/**
 * Called by wf_pool_search_grid and wf_search_grid_batch once per query, from the thread that
 * answered it: @p index is the query's position, @p status what
 * wf_search_grid returned, @p path its result (valid only during the
 * call), @p ns the search's wall time in nanoseconds. Calls for different
 * queries may run at the same time on different threads, so the callback
 * must only touch what belongs to @p index (or lock).
 */
typedef void (*wf_batch_fn)(void *ud, size_t index, wf_status status,
                            const wf_path *path, uint64_t ns);

/**
 * A persistent pool of search threads for many queries per frame. Its
 * workers and their workspaces and path buffers live across calls, so a
 * call allocates nothing once the workspaces are sized (each by its
 * worker's first query on a larger grid). The calling thread is one of the
 * workers: a call with one query wakes no thread, and a call never wakes
 * more workers than it has queries, so the memory it touches grows with
 * the queries, not with the thread count.
 */
typedef struct wf_pool wf_pool;

/**
 * Creates a pool of @p threads workers (1 to 256, the calling thread
 * included: threads - 1 are started). @p alloc may be NULL (malloc).
 * Errors: WF_E_INVALID_ARG, WF_E_NOMEM, WF_E_THREAD (a thread could not
 * be started; those that were are stopped and joined, and nothing is
 * left allocated). The allocator is called from the workers' threads
 * too (a workspace is sized by its worker), so it must be thread-safe.
 */
WF_API wf_status wf_pool_create(int threads, const wf_allocator *alloc,
                         wf_pool **out);
/** Stops the workers and frees @p p; NULL is a no-op. Not during a call. */
WF_API void wf_pool_destroy(wf_pool *p);
/** The pool's worker count, the caller included (0 for NULL). */
WF_API int wf_pool_threads(const wf_pool *p);
/**
 * Answers @p n queries (starts[i] → goals[i]) on @p g with @p opts,
 * calling @p fn for each, and returns when all are answered. Queries are
 * handed out one at a time, so workers stay busy; each answer is exactly
 * what wf_search_grid gives alone. The grid and @p opts' data are shared
 * read-only. Calls on one pool from several threads run one after another;
 * @p fn must not call wf_pool_search_grid on the same pool (it would wait
 * for itself).
 * Errors: WF_E_INVALID_ARG. A query's own error goes to @p fn instead
 * and the call still returns WF_OK: when a worker cannot size its
 * workspace or grow its path, that query gets WF_E_NOMEM, every other
 * query its usual answer, and the worker tries again on its next query.
 */
WF_API wf_status wf_pool_search_grid(wf_pool *p, const wf_grid *g,
                              const wf_point *starts, const wf_point *goals,
                              size_t n, const wf_search_opts *opts,
                              wf_batch_fn fn, void *ud);

/**
 * One-shot convenience over the pool: creates a pool of min(@p threads,
 * @p n) workers (threads 1 to 256), answers the @p n queries as
 * wf_pool_search_grid does, and destroys it. For repeated calls keep a
 * wf_pool instead. Errors: those of wf_pool_create and
 * wf_pool_search_grid; when the pool cannot be made (WF_E_THREAD,
 * WF_E_NOMEM) the call answers no query and @p fn is never called.
 */
WF_API wf_status wf_search_grid_batch(const wf_grid *g, const wf_point *starts,
                               const wf_point *goals, size_t n,
                               const wf_search_opts *opts, int threads,
                               wf_batch_fn fn, void *ud);

/* ------------------------------------------------------------------------ */
/* Waypoint graphs                                                          */
/* ------------------------------------------------------------------------ */

/** Largest node count of a graph: as many as a grid has cells. */
#define WF_GRAPH_MAX_NODES ((size_t)1 << 28)
/** Largest directed edge (arc) count of a graph. */
#define WF_GRAPH_MAX_EDGES ((size_t)1 << 31)

/**
 * A directed weighted graph, frozen: nodes 0..n-1, each with an optional
 * 2-D or 3-D position, and arcs with weights > 0 stored in compressed rows
 * (each node's out-arcs sorted by target). Read-only after wf_graph_build,
 * so it may be shared between threads. Memory: 12 bytes per arc, 4 per node,
 * 8 × dims per node for positions, and 4 more per node for a graph made
 * from a grid.
 */
typedef struct wf_graph wf_graph;

/** Collects nodes and edges; wf_graph_build freezes them into a wf_graph. */
typedef struct wf_graph_builder wf_graph_builder;

/**
 * Creates a builder whose nodes have @p dims coordinates: 0 (no
 * positions), 2 or 3. @p alloc may be NULL (malloc); graphs built from it
 * use the same allocator. Errors: WF_E_INVALID_ARG, WF_E_NOMEM.
 */
WF_API wf_status wf_graph_builder_create(int dims, const wf_allocator *alloc,
                                  wf_graph_builder **out);
/** Frees @p b; NULL is a no-op. */
WF_API void wf_graph_builder_destroy(wf_graph_builder *b);
/**
 * Adds a node with position @p pos (dims finite values; NULL when dims is
 * 0) and returns its id in @p id (may be NULL): ids are 0, 1, 2, ... in the
 * order nodes are added. Errors: WF_E_INVALID_ARG (NULL b, pos missing or
 * not finite), WF_E_TOO_BIG (WF_GRAPH_MAX_NODES), WF_E_NOMEM. Amortised O(1).
 */
WF_API wf_status wf_graph_builder_add_node(wf_graph_builder *b, const double *pos,
                                    uint32_t *id);
/**
 * Adds an arc @p from → @p to of weight @p weight (finite, > 0), and with
 * @p two_way the arc back as well. A self-loop is accepted and dropped by
 * wf_graph_build (it is never part of a least-cost path); of several arcs
 * between the same two nodes in the same direction the lightest is kept.
 * Errors: WF_E_INVALID_ARG (weight), WF_E_RANGE (a node that does not
 * exist yet), WF_E_TOO_BIG, WF_E_NOMEM. Amortised O(1).
 */
WF_API wf_status wf_graph_builder_add_edge(wf_graph_builder *b, uint32_t from,
                                    uint32_t to, double weight, int two_way);
/**
 * Freezes what @p b holds into a new graph; @p b stays usable (more nodes
 * and edges may be added and built again). Errors: WF_E_INVALID_ARG,
 * WF_E_NOMEM. O(nodes + arcs log(max out-degree)).
 */
WF_API wf_status wf_graph_build(const wf_graph_builder *b, wf_graph **out);
/** Frees @p g; NULL is a no-op. */
WF_API void wf_graph_destroy(wf_graph *g);

/** Node count (0 when g is NULL). */
WF_API size_t wf_graph_node_count(const wf_graph *g);
/** Arc count, a two-way edge counting twice (0 when g is NULL). */
WF_API size_t wf_graph_edge_count(const wf_graph *g);
/** Coordinates per node: 0, 2 or 3. */
WF_API int wf_graph_dims(const wf_graph *g);
/**
 * Copies node @p node's position into @p pos (3 values; unused ones 0).
 * Errors: WF_E_INVALID_ARG (NULL, or the graph has no positions),
 * WF_E_RANGE (no such node).
 */
WF_API wf_status wf_graph_position(const wf_graph *g, uint32_t node, double pos[3]);
/**
 * The out-arcs of @p node: sets *targets and *weights (either may be NULL)
 * to its row and returns the arc count; 0 for a node that does not exist.
 * The arrays belong to @p g: valid, read-only, until it is destroyed.
 */
WF_API size_t wf_graph_out_edges(const wf_graph *g, uint32_t node,
                          const uint32_t **targets, const double **weights);
/** Weight of the arc @p from → @p to, or WF_BLOCKED when there is none.
 *  O(log out-degree). */
WF_API double wf_graph_edge_weight(const wf_graph *g, uint32_t from, uint32_t to);

/**
 * The graph of a grid's moves: one node per passable cell (passable under
 * @p filter too, which may be NULL; for move.size > 1 one per cell where
 * such an agent may stand), in row-major order; an arc for each
 * move the movement model @p move allows, weighted step × cost of the
 * target cell (× the filter's multiplier), exactly as wf_search_grid
 * prices it; node positions at the
 * cell centres in world units, ((x + 0.5) × tile_size, (y + 0.5) ×
 * tile_size). The graph remembers its cells (wf_graph_node_cell,
 * wf_graph_cell_node). Errors: WF_E_INVALID_ARG (tile_size not finite and
 * > 0), WF_E_TOO_BIG, WF_E_NOMEM. O(cells).
 */
WF_API wf_status wf_graph_from_grid(const wf_grid *grid, wf_move move,
                             const wf_filter *filter, double tile_size,
                             const wf_allocator *alloc, wf_graph **out);
/** The cell of node @p node of a graph made by wf_graph_from_grid.
 *  Errors: WF_E_INVALID_ARG (not such a graph), WF_E_RANGE (no such node). */
WF_API wf_status wf_graph_node_cell(const wf_graph *g, uint32_t node, wf_point *cell);
/** The node of cell (x, y) into *node. Errors: WF_E_INVALID_ARG (NULL, or
 *  not a graph of a grid), WF_E_RANGE (the cell has no node: blocked or
 *  off the grid). O(log nodes). */
WF_API wf_status wf_graph_cell_node(const wf_graph *g, int x, int y, uint32_t *node);

/* ------------------------------------------------------------------------ */
/* Graph search                                                             */
/* ------------------------------------------------------------------------ */

/**
 * The result of a graph search: nodes[0] is the start and nodes[count-1]
 * the goal (or, for WF_PARTIAL, the expanded node with the smallest
 * heuristic estimate). Same conventions as wf_path.
 */
typedef struct wf_node_path {
    uint32_t *nodes;
    size_t count;
    size_t capacity;
    double cost;      /**< sum of the arc weights along nodes */
    wf_stats stats;
    wf_allocator alloc;
} wf_node_path;

/** Empty path using @p alloc (NULL: malloc). */
WF_API void wf_node_path_init(wf_node_path *p, const wf_allocator *alloc);
/** Frees the buffer; NULL is a no-op. */
WF_API void wf_node_path_free(wf_node_path *p);
/** Ensures room for @p n nodes. Errors: WF_E_INVALID_ARG, WF_E_NOMEM. */
WF_API wf_status wf_node_path_reserve(wf_node_path *p, size_t n);

/**
 * The largest scale s for which s × straight-line distance never exceeds
 * the cost of any path: min over arcs of weight / distance between its
 * ends (arcs between coincident positions are skipped). 0 when the graph
 * has no positions or no such arc. O(1) (computed when built).
 */
WF_API double wf_graph_h_scale(const wf_graph *g);

/**
 * Sizes @p ws for graphs of up to @p nodes nodes (32 bytes per node:
 * the grid workspace's 20 plus a parent and a cost per node), so that
 * graph queries allocate nothing. Errors: WF_E_INVALID_ARG, WF_E_TOO_BIG,
 * WF_E_NOMEM.
 */
WF_API wf_status wf_search_reserve_graph(wf_search *ws, size_t nodes);

/**
 * Finds a least-cost path on @p g from node @p start to node @p goal.
 * Options used: algo, heuristic (WF_H_DEFAULT and WF_H_EUCLIDEAN:
 * h_scale × straight-line distance; WF_H_ZERO; WF_H_CUSTOM: node_h),
 * weight, max_expansions and overlay; move, filter, move_cost and
 * goal_fallback are for grids and ignored here. With the
 * default scale the heuristic is consistent and the path optimal. Closed
 * nodes are reopened when a cheaper path reaches them, so any admissible
 * heuristic gives an optimal path at weight 1.
 *
 * Returns WF_OK, WF_NO_PATH, WF_PARTIAL or an error: WF_E_INVALID_ARG
 * (NULL argument, a bad option, a heuristic other than those above),
 * WF_E_RANGE (no such node), WF_E_NOMEM. Ties are broken as in
 * wf_search_grid's open list (a 4-ary heap with strict comparisons) with
 * arcs relaxed in the graph's order (by target), so a query gives the same
 * path on every platform.
 */
WF_API wf_status wf_search_graph(wf_search *ws, const wf_graph *g, uint32_t start,
                          uint32_t goal, const wf_search_opts *opts,
                          wf_node_path *out);

/** wf_search_begin for a graph search (see wf_search_graph). */
WF_API wf_status wf_search_begin_graph(wf_search *ws, const wf_graph *g,
                                uint32_t start, uint32_t goal,
                                const wf_search_opts *opts);
/** wf_search_step for a search begun by wf_search_begin_graph. */
WF_API wf_status wf_search_step_graph(wf_search *ws, uint64_t budget,
                               wf_node_path *out);

/* ------------------------------------------------------------------------ */
/* Agents: next steps, walking, changing maps                               */
/* ------------------------------------------------------------------------ */

/**
 * Where an agent standing on @p current goes next along @p path (seed
 * 004's GetNextNode): WF_OK with *next the following cell; WF_ARRIVED when
 * @p current is the last cell (*next = current); WF_NO_PATH when @p
 * current is not on the path (re-plan). Errors: WF_E_INVALID_ARG.
 * O(path length).
 */
WF_API wf_status wf_path_next(const wf_path *path, wf_point current, wf_point *next);
/** wf_path_next for a graph path. */
WF_API wf_status wf_node_path_next(const wf_node_path *path, uint32_t current,
                            uint32_t *next);

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

/**
 * Would making @p cell impassable (a turret placed on it) leave
 * no way from the start of @p path to its goal? @p path must be a path on
 * @p g under the movement model (agent size included: the cell then blocks
 * every position whose square holds it) and filter of @p opts (NULL:
 * defaults; the other options are ignored), such as the one the units
 * follow now:
 * every point must lie on @p g (else WF_E_RANGE). Sets *disconnects to 1
 * or 0.
 *
 * Fast in the common case: a cell that breaks no step of the path (not on
 * it, and not beside a diagonal step that the corner rule would then
 * forbid) leaves the path standing: O(path length). Otherwise a
 * breadth-first search from the cell before the first broken step stops as
 * soon as it meets the path again beyond the last one, which takes a few
 * dozen cells when a detour exists; only a real cut explores the whole
 * region. The answer always equals that of a
 * full search on the grid with the cell blocked (tested).
 * With opts->conn (a wf_conn of @p g for the unit) the search also runs
 * from the goal's side (the path beyond the cell), one cell each in turn,
 * so that a real cut explores the smaller side rather than the start's
 * whole region; the answer is the same as without it. A path that edits
 * have cut since it was planned (its ends now in different components,
 * so no longer a path on @p g) is then answered 1 in O(1).
 * Errors: WF_E_INVALID_ARG (also opts->conn of another grid or unit,
 * with the reason in wf_search_message), WF_E_RANGE (cell off the grid),
 * WF_E_NOMEM.
 */
WF_API wf_status wf_grid_block_disconnects(wf_search *ws, const wf_grid *g,
                                    const wf_path *path, wf_point cell,
                                    const wf_search_opts *opts,
                                    int *disconnects);

#ifdef __cplusplus
}
#endif

#endif
