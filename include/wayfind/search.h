/*
 * wayfind core, search: searching a grid, and what a search takes and
 * gives. The heuristics and algorithms (A*, Dijkstra, weighted A*, Jump
 * Point Search, JPS+, weighted JPS, bidirectional A*, auto), paths (wf_path), the options of
 * a query (wf_search_opts), the search workspace (wf_search) with one-shot
 * and sliced searches and the cells a search explored, a pool of threads
 * and batches for many queries, and the block query (would blocking one
 * cell cut a path?). The options may point to a connectivity index
 * (conn.h) and a jump table (jump_table.h); searches on waypoint graphs
 * run in the same workspace and are in graph.h.
 *
 * Part of the core layer, above grid.h (src/core/search/; path buffers and
 * wf_heuristic_distance in src/core/grid/): libc, libm and C11
 * <threads.h> (the pool), no I/O. One workspace per thread: any number of
 * threads may search a grid that is only read, each with its own.
 */
#ifndef WAYFIND_SEARCH_H
#define WAYFIND_SEARCH_H

#include <stddef.h>
#include <stdint.h>

#include "base.h"
#include "export.h"
#include "grid.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Heuristics and algorithms                                                */
/* ------------------------------------------------------------------------ */

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
    /** Bidirectional A*: optimal on every query A* takes (the same costs
     *  as Dijkstra's: terrain costs, filters, overlays, every movement
     *  model and agent size, move-cost callbacks priced from the side of
     *  the cell a move leaves), searching from the start and from the goal
     *  in turn until neither can improve the cheapest path through a cell
     *  both have reached. Each side orders its cells by the average of
     *  the heuristic towards its target and away from its source, so both
     *  run Dijkstra's search on costs made non-negative by a consistent
     *  heuristic: the default, octile, euclidean or chebyshev, and
     *  manhattan on 4-connected moves; manhattan on 8-connected moves and
     *  custom heuristics, which may be inconsistent, are replaced by zero
     *  (bidirectional Dijkstra). The weight is not used: the answer is
     *  optimal, so within any bound. path.stats.expanded counts both
     *  sides; max_expansions and the nearest fallback give the partial
     *  path to the cell expanded from the start nearest the goal, as A*
     *  does; a goal unreachable from the start is WF_NO_PATH as soon as
     *  either side has nothing left to expand. The workspace also holds
     *  44 bytes per cell (two sides' cost, state and open list), allocated
     *  by the first such query on a larger grid. Graphs: WF_E_INVALID_ARG. */
    WF_ALGO_BIDIR,
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
/* Paths                                                                    */
/* ------------------------------------------------------------------------ */

/** Counters of one search. */
typedef struct wf_stats {
    uint64_t expanded;   /**< cells taken from the open list and expanded */
    uint64_t generated;  /**< successors whose cost was set or improved */
    uint64_t heap_ops;   /**< heap pushes, pops and decrease-keys */
    uint64_t reopened;   /**< closed cells reopened (inconsistent heuristic) */
    wf_algo engine;      /**< the engine that answered: any wf_algo
                              but WF_ALGO_AUTO (which names the one it
                              chose) */
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

/**
 * Where an agent standing on @p current goes next along @p path (seed
 * 004's GetNextNode): WF_OK with *next the following cell; WF_ARRIVED when
 * @p current is the last cell (*next = current); WF_NO_PATH when @p
 * current is not on the path (re-plan). Errors: WF_E_INVALID_ARG.
 * O(path length).
 */
WF_API wf_status wf_path_next(const wf_path *path, wf_point current, wf_point *next);

/* ------------------------------------------------------------------------ */
/* Search options                                                           */
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
/* The workspace and one-shot grid searches                                 */
/* ------------------------------------------------------------------------ */

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
 * them to the grid's identity, never its address. Weighted JPS and
 * bidirectional A* add their own per-cell memory the same way (see
 * WF_ALGO_JPSW, WF_ALGO_BIDIR), kept for later queries.
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
 *  list, for agent sizes' clearances and bit planes, and for what the
 *  engines that keep memory of their own (weighted JPS, bidirectional A*)
 *  hold. */
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

/* ------------------------------------------------------------------------ */
/* Sliced searches                                                          */
/* ------------------------------------------------------------------------ */

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

/* ------------------------------------------------------------------------ */
/* What a search explored                                                   */
/* ------------------------------------------------------------------------ */

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

/* ------------------------------------------------------------------------ */
/* Many queries: the pool and batches                                       */
/* ------------------------------------------------------------------------ */

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
 * the queries, not with the thread count. A call cuts its queries into
 * one contiguous share per thread taking part; a thread that finishes its
 * share takes queries from the others'. After a call the workers spin for
 * up to 0.1 ms before they sleep (a call soon after finds them awake),
 * yielding the core every few microseconds to any thread that has work,
 * so an idle pool costs no CPU time but a pool called every frame keeps
 * its threads briefly busy after each call.
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
/* Block query: would blocking a cell cut a path?                           */
/* ------------------------------------------------------------------------ */

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
