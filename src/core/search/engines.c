/* The grid engines, one row each (search_internal.h, wf__grid_engine):
 * which algorithm a row answers as, when it applies, how a query begins
 * and steps on it, and the caches it frees with the workspace. search.c
 * checks a query, takes the row of opts.algo and runs it; auto is the row
 * that chooses another. A new engine is one file (its begin and step),
 * one row here and its values in wf_algo (with its name in
 * WF_ALGO_NAMES) and in the workspace's modes (docs/architecture.md). */
#include "search_internal.h"

/* A* and Dijkstra (Dijkstra is A* with the zero heuristic). */
static wf_status astar_begin(wf_search *ws, const wf_grid *g, wf_point start,
                             wf_point goal, const wf_search_opts *o,
                             double c) {
    (void)c;
    if (wf__conn_rejects(ws, o, start, goal, o->algo))
        return WF_OK;
    ws->engine = o->algo;
    return wf__astar_begin(ws, g, start, goal, o);
}

/* JPS with the rules every jump point search shares, and the table given
 * (it must be current whether or not it is used). */
static const char *jps_applies(wf_search *ws, const wf_grid *g,
                               const wf_search_opts *o, double *c) {
    return wf__jps_applies(ws, g, o, c);
}

static const char *jps_plus_applies(wf_search *ws, const wf_grid *g,
                                    const wf_search_opts *o, double *c) {
    const char *why = wf__jps_applies(ws, g, o, c);
    return why                ? why
           : !o->jumps        ? "jps+ needs a jump table (opts.jumps)"
           : o->move.size > 1 ? "jps+ jump tables are for agents of size 1"
                              : NULL;
}

/* JPS, or JPS+ where a table is given and (for auto) pays: c is the
 * uniform cost jps_applies found. */
static wf_status jps_begin(wf_search *ws, const wf_grid *g, wf_point start,
                           wf_point goal, const wf_search_opts *o, double c) {
    const int given = o->jumps && o->move.size <= 1;
    wf_status s;
    if (given && (s = wf__jumps_check(ws, g, o->jumps)) != WF_OK)
        return s;
    const int plus = given && (o->algo != WF_ALGO_AUTO ||
                               wf__auto_takes_table(ws, g));
    const wf__planes *planes = &g->planes;
    const uint8_t *mask = g->nbmask;
    int start_ok = wf_grid_passable(g, start.x, start.y);
    int goal_ok = wf_grid_passable(g, goal.x, goal.y);
    if (o->move.size > 1) {
        const unsigned k = (unsigned)o->move.size;
        if ((s = wf__jps_fit(ws, g, k, &planes, &mask)) != WF_OK)
            return wf__search_fail(ws, s, "cannot size the workspace for "
                                          "jps");
        start_ok = wf__fits(g->clear, (size_t)start.y * (size_t)g->width +
                                          (size_t)start.x, k);
        goal_ok = wf__fits(g->clear, (size_t)goal.y * (size_t)g->width +
                                         (size_t)goal.x, k);
        wf__size_message(ws, g, g->clear, k, start, goal, start_ok, goal_ok);
    }
    const wf_algo engine = plus ? WF_ALGO_JPS_PLUS : WF_ALGO_JPS;
    if (!start_ok || !goal_ok) {
        ws->mode = WF__GRID_DONE;
        ws->done = WF_NO_PATH;
        ws->engine = engine;
        return WF_OK;
    }
    if (wf__conn_rejects(ws, o, start, goal, engine))
        return WF_OK;
    s = plus ? wf__jps_plus_begin(ws, g, start, goal, c, o->jumps)
             : wf__jps_begin(ws, g, start, goal, c, planes, mask);
    return s == WF_OK ? s
                      : wf__search_fail(ws, s, "cannot size the workspace "
                                               "for jps");
}

static void jps_free(wf_search *ws) {
    wf__free(&ws->alloc, ws->fit.bits, ws->fit_words * sizeof(uint64_t));
    wf__free(&ws->alloc, ws->fit_mask, ws->fit_cells);
}

static size_t jps_bytes(const wf_search *ws) {
    return ws->fit_cells + ws->fit_words * sizeof(uint64_t);
}

/* Weighted JPS. */
static const char *jpsw_applies(wf_search *ws, const wf_grid *g,
                                const wf_search_opts *o, double *c) {
    (void)ws;
    (void)g;
    (void)c;
    return wf__jump_rules(o, 1);
}

static wf_status jpsw_begin(wf_search *ws, const wf_grid *g, wf_point start,
                            wf_point goal, const wf_search_opts *o,
                            double c) {
    (void)c;
    if (wf__conn_rejects(ws, o, start, goal, WF_ALGO_JPSW))
        return WF_OK;
    return wf__jpsw_begin(ws, g, start, goal, o);
}

static void jpsw_free(wf_search *ws) {
    wf__free(&ws->alloc, ws->jw_bits, ws->jw_words * sizeof(uint64_t));
    wf__free(&ws->alloc, ws->jw_mask, ws->jw_cells * sizeof *ws->jw_mask);
    wf__free(&ws->alloc, ws->jw_dirs, ws->jw_cells * sizeof *ws->jw_dirs);
}

static size_t jpsw_bytes(const wf_search *ws) {
    return ws->jw_words * sizeof(uint64_t) +
           ws->jw_cells * (sizeof *ws->jw_mask + sizeof *ws->jw_dirs);
}

/* Bidirectional A*: every query the common checks let through. */
static wf_status bidir_begin(wf_search *ws, const wf_grid *g, wf_point start,
                             wf_point goal, const wf_search_opts *o,
                             double c) {
    (void)c;
    if (wf__conn_rejects(ws, o, start, goal, WF_ALGO_BIDIR))
        return WF_OK;
    return wf__bidir_begin(ws, g, start, goal, o);
}

static wf_status auto_begin(wf_search *ws, const wf_grid *g, wf_point start,
                            wf_point goal, const wf_search_opts *o,
                            double c);

static const wf__grid_engine engines[] = {
    /* algo, mode, applies, begin, step, free, bytes, what to use instead */
    {WF_ALGO_ASTAR, WF__ASTAR, NULL, astar_begin, wf__astar_step, NULL, NULL,
     NULL},
    {WF_ALGO_DIJKSTRA, WF__ASTAR, NULL, astar_begin, wf__astar_step, NULL,
     NULL, NULL},
    {WF_ALGO_JPS, WF__JPS, jps_applies, jps_begin, wf__jps_step, jps_free,
     jps_bytes, "use auto to fall back to A*"},
    {WF_ALGO_JPS_PLUS, WF__JPS_PLUS, jps_plus_applies, jps_begin,
     wf__jps_plus_step, NULL, NULL, "use auto to fall back to A*"},
    {WF_ALGO_JPSW, WF__JPSW, jpsw_applies, jpsw_begin, wf__jpsw_step,
     jpsw_free, jpsw_bytes, "use astar"},
    {WF_ALGO_BIDIR, WF__BIDIR, NULL, bidir_begin, wf__bidir_step,
     wf__bidir_free, wf__bidir_bytes, NULL},
    {WF_ALGO_AUTO, WF__IDLE, NULL, auto_begin, NULL, NULL, NULL, NULL},
};
#define ENGINES (sizeof engines / sizeof *engines)

const wf__grid_engine *wf__grid_engine_of(wf_algo algo) {
    for (size_t i = 0; i < ENGINES; i++)
        if (engines[i].algo == algo)
            return &engines[i];
    return NULL;
}

const wf__grid_engine *wf__grid_engine_running(int mode) {
    for (size_t i = 0; i < ENGINES; i++)
        if (engines[i].step && engines[i].mode == mode)
            return &engines[i];
    return NULL;
}

void wf__grid_engines_free(wf_search *ws) {
    for (size_t i = 0; i < ENGINES; i++)
        if (engines[i].free)
            engines[i].free(ws);
}

size_t wf__grid_engines_bytes(const wf_search *ws) {
    size_t n = 0;
    for (size_t i = 0; i < ENGINES; i++)
        if (engines[i].bytes)
            n += engines[i].bytes(ws);
    return n;
}

wf_status wf__grid_engine_begin(const wf__grid_engine *e, wf_search *ws,
                                const wf_grid *g, wf_point start,
                                wf_point goal, const wf_search_opts *o) {
    double c = 0;
    const char *why = e->applies ? e->applies(ws, g, o, &c) : NULL;
    if (why)
        return wf__search_fail(ws, WF_E_INVALID_ARG, "%s (%s)", why,
                               e->instead);
    return e->begin(ws, g, start, goal, o, c);
}

/* Auto: JPS (with the table where it pays, auto.c) wherever it applies,
 * else A*. */
static wf_status auto_begin(wf_search *ws, const wf_grid *g, wf_point start,
                            wf_point goal, const wf_search_opts *o,
                            double c) {
    const wf__grid_engine *jps = wf__grid_engine_of(WF_ALGO_JPS);
    if (!jps->applies(ws, g, o, &c))
        return jps->begin(ws, g, start, goal, o, c);
    wf_search_opts a = *o;
    a.algo = WF_ALGO_ASTAR;
    return wf__grid_engine_of(WF_ALGO_ASTAR)->begin(ws, g, start, goal, &a, 0);
}
