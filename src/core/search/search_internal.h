/* The search workspace and its open list, shared by the search algorithms.
 * Not installed. */
#ifndef WF_SEARCH_INTERNAL_H
#define WF_SEARCH_INTERNAL_H

#include "internal.h"

/* Grid A* and Dijkstra (grid_astar.c): prepares ws->q.a (o checked, start and
 * goal on the grid and passable) and the steps. */
wf_status wf__astar_begin(wf_search *ws, const wf_grid *g, wf_point start,
                          wf_point goal, const wf_search_opts *o);
wf_status wf__astar_step(wf_search *ws, uint64_t budget, wf_path *out);

/* The option rules every jump point search shares (jump_rules.c): 8-connected
 * no-cut moves, the default or octile heuristic at weight 1, no overlay,
 * move-cost callback, expansion limit or goal fallback, and for weighted
 * JPS (weighted non-zero) size 1. NULL, or the first broken, worded for
 * "jps" or "jpsw". */
const char *wf__jump_rules(const wf_search_opts *o, int weighted);

/* Jump Point Search (grid_jps.c; wf__jps_applies in jump_rules.c).
 * wf__jps_applies: NULL when JPS can answer
 * the query (*cost the uniform cost of entering a cell), else why not;
 * ws (may be NULL) keeps the answer for an unfiltered unit on the grid's
 * version, so that a query does not read the grid's 256 terrain counts.
 * The search is for 8-connected no-cut moves on such a grid, start and
 * goal passable. */
const char *wf__jps_applies(wf_search *ws, const wf_grid *g,
                            const wf_search_opts *o, double *cost);
wf_status wf__jps_begin(wf_search *ws, const wf_grid *g, wf_point start,
                        wf_point goal, double cost, const wf__planes *planes,
                        const uint8_t *nbmask);
/* The bit planes and neighbour masks JPS runs on for an agent of size
 * k > 1 on g (the grid's own passability), built in ws or reused from the
 * last query of that size on the same, unchanged grid. Errors:
 * WF_E_NOMEM, WF_E_TOO_BIG. */
wf_status wf__jps_fit(wf_search *ws, const wf_grid *g, unsigned k,
                      const wf__planes **planes, const uint8_t **mask);
wf_status wf__jps_step(wf_search *ws, uint64_t budget, wf_path *out);

/* Weighted Jump Point Search (grid_jpsw.c), for queries that pass
 * wf__jump_rules(o, 1), any terrain costs and filter. wf__jpsw_begin:
 * start and goal on g; a start or goal the unit may not enter ends the
 * query with WF_NO_PATH. */
wf_status wf__jpsw_begin(wf_search *ws, const wf_grid *g, wf_point start,
                         wf_point goal, const wf_search_opts *o);
wf_status wf__jpsw_step(wf_search *ws, uint64_t budget, wf_path *out);
/* What weighted JPS reads for the unit's cost table cost (INFINITY: may
 * not enter) on g, built in ws or kept from the last query with the same
 * table on the same, unchanged grid (grid_jpsw_planes.c). Errors:
 * WF_E_NOMEM, WF_E_TOO_BIG. */
wf_status wf__jpsw_planes(wf_search *ws, const wf_grid *g,
                          const double cost[256], wf__jpsw_view *out);
/* The path of a finished weighted JPS search into out (grid_jpsw_path.c). */
wf_status wf__jpsw_path(wf_search *ws, wf_path *out);
/* JPS+ (grid_jps_plus.c): the query of wf__jps_begin for a size-1 agent,
 * its jumps read from t, a table current for g (checked by the caller). */
wf_status wf__jps_plus_begin(wf_search *ws, const wf_grid *g, wf_point start,
                             wf_point goal, double cost,
                             const wf_jump_table *t);
wf_status wf__jps_plus_step(wf_search *ws, uint64_t budget, wf_path *out);

/* Theta* (lazy 0) and Lazy Theta* (lazy 1) on grids (theta.c): the query
 * checked by wf_search_any_angle (options normalised, start and goal on
 * the grid, ws sized with wf_search_reserve_graph for the grid). */
wf_status wf__theta_search(wf_search *ws, const wf_grid *g, wf_point start,
                           wf_point goal, int lazy, const wf_search_opts *o,
                           wf_polyline *out);

/* Optimal any-angle search (anya.c): the Euclidean shortest path between
 * the centres of start and goal among the blocked cells, under the
 * segment rule of wf_grid_segment_cost with WF_CORNERS_ONE_FREE, on a grid
 * whose passable terrains all cost the same after opts->filter. Fills
 * out with start centre, turning points (grid vertices), goal centre.
 * Returns WF_OK, WF_NO_PATH (unreachable, start or goal blocked),
 * WF_PARTIAL (opts->max_expansions reached: out leads to the expanded
 * turning point nearest the goal), WF_E_INVALID_ARG (NULL, a non-uniform
 * grid, an option it cannot honour; wf_search_message says which),
 * WF_E_RANGE, WF_E_NOMEM. */
wf_status wf__anya_search(wf_search *ws, const wf_grid *g, wf_point start,
                          wf_point goal, const wf_search_opts *opts,
                          wf_polyline *out);
/* Frees the any-angle memory of ws (wf_search_destroy). */
void wf__anya_free(wf_search *ws);

/* When an agent of size > 1 cannot stand on the start (start_ok 0) or
 * the goal (goal_ok 0), says so in ws's message, with the side of the
 * largest square there, for the WF_NO_PATH that follows. */
void wf__size_message(wf_search *ws, const wf_grid *g, const uint8_t *clr,
                      unsigned k, wf_point start, wf_point goal, int start_ok,
                      int goal_ok);

/* With a jump table given and JPS applicable, whether WF_ALGO_AUTO runs
 * JPS+ (1) rather than online JPS (0) on g: on all but grids of scattered
 * obstacles (auto.c; the measure is kept in ws per grid version). */
int wf__auto_takes_table(wf_search *ws, const wf_grid *g);

/* Checks the options every search shares and normalises their defaults
 * (weight 0 → 1, connect 0 → 8); on error records why in ws. */
wf_status wf__opts_check(wf_search *ws, wf_search_opts *o);

/* A connectivity index given with a query (o->conn, o->move checked):
 * WF_E_INVALID_ARG, with the reason in ws, unless it is of g and for the
 * query's unit (wf_conn_matches). WF_OK without one. */
wf_status wf__conn_opts_check(wf_search *ws, const wf_grid *g,
                              const wf_search_opts *o);

/* WF_E_RANGE, with the reason in ws, when start or goal is off g. */
wf_status wf__ends_check(wf_search *ws, const wf_grid *g, wf_point start,
                         wf_point goal);

/* The grid engines (engines.c): one row each. applies: NULL when the
 * engine can answer the query, else why not (c: what the engine needs of
 * the check, JPS's uniform cost); begin: starts the query (mode set, or
 * WF__GRID_DONE with its outcome); step: continues one in `mode`; free: its
 * caches in the workspace (NULL: none); instead: what to use when it does
 * not apply. */
typedef struct wf__grid_engine {
    wf_algo algo;
    int mode;
    const char *(*applies)(wf_search *ws, const wf_grid *g,
                           const wf_search_opts *o, double *c);
    wf_status (*begin)(wf_search *ws, const wf_grid *g, wf_point start,
                       wf_point goal, const wf_search_opts *o, double c);
    wf_status (*step)(wf_search *ws, uint64_t budget, wf_path *out);
    void (*free)(wf_search *ws);
    const char *instead;
} wf__grid_engine;
/* The row of algo, or NULL (not a grid algorithm). */
const wf__grid_engine *wf__grid_engine_of(wf_algo algo);
/* The row whose search is under way in mode, or NULL. */
const wf__grid_engine *wf__grid_engine_running(int mode);
/* Frees every engine's caches (wf_search_destroy). */
void wf__grid_engines_free(wf_search *ws);
/* Runs e's applies, then its begin, on a query search.c has checked. */
wf_status wf__grid_engine_begin(const wf__grid_engine *e, wf_search *ws,
                                const wf_grid *g, wf_point start,
                                wf_point goal, const wf_search_opts *o);
/* With a connectivity index, a goal in another component than the start
 * ends the query now (the fallback aside, which wants the search): 1, and
 * the workspace holds the WF_NO_PATH for the first step. Ends where the
 * unit cannot stand are left to the engines, which say why. */
int wf__conn_rejects(wf_search *ws, const wf_search_opts *o, wf_point start,
                     wf_point goal, wf_algo engine);
/* A jump table given with a query that will use it: WF_E_INVALID_ARG,
 * with the reason in ws, unless it is current for g. */
wf_status wf__jumps_check(wf_search *ws, const wf_grid *g,
                          const wf_jump_table *t);

#endif
