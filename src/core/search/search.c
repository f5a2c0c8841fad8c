/* wf_search: the reusable workspace and the query options. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>

#include "search_internal.h"

wf_search_opts wf_search_opts_default(void) {
    wf_search_opts o;
    memset(&o, 0, sizeof o);
    o.algo = WF_ALGO_ASTAR;
    o.move = wf_move_default();
    o.heuristic = WF_H_DEFAULT;
    o.weight = 1.0;
    return o;
}

wf_status wf__search_fail(wf_search *ws, wf_status s, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ws->msg, sizeof ws->msg, fmt, ap);
    va_end(ap);
    return s;
}

wf__heap wf__search_heap(wf_search *ws) {
    return (wf__heap){ws->cells, ws->key, ws->id, 0};
}

wf__cell *wf__search_cells(wf_search *ws) { return ws->cells; }

/* The unit's clearance, cached in the workspace for its grid version and
 * the terrains it may enter. */
wf_status wf__unit_clearance(wf_search *ws, const wf_grid *g,
                             const uint8_t *pass, const uint8_t **clr) {
    if (!pass) {
        *clr = g->clear;
        return WF_OK;
    }
    if (ws->clr_serial == g->serial && ws->clr_version == g->version &&
        ws->clr_cells >= g->cells &&
        memcmp(ws->clr_pass, pass, sizeof ws->clr_pass) == 0) {
        *clr = ws->clr;
        return WF_OK;
    }
    if (ws->clr_cells < g->cells) {
        uint8_t *p = wf__alloc(&ws->alloc, g->cells);
        if (!p)
            return WF_E_NOMEM;
        wf__free(&ws->alloc, ws->clr, ws->clr_cells);
        ws->clr = p;
        ws->clr_cells = g->cells;
    }
    wf__clearance_build(g, pass, ws->clr);
    ws->clr_serial = g->serial;
    ws->clr_version = g->version;
    memcpy(ws->clr_pass, pass, sizeof ws->clr_pass);
    *clr = ws->clr;
    return WF_OK;
}

const char *wf_search_message(const wf_search *ws) { return ws ? ws->msg : ""; }

wf_status wf__opts_check(wf_search *ws, wf_search_opts *o) {
    if (!wf__grid_engine_of(o->algo))
        return wf__search_fail(ws, WF_E_INVALID_ARG, "unknown algo %d",
                               (int)o->algo);
    if (wf__move_check(&o->move, ws->msg, sizeof ws->msg) != WF_OK)
        return WF_E_INVALID_ARG;
    if ((unsigned)o->heuristic > (unsigned)WF_H_CUSTOM)
        return wf__search_fail(ws, WF_E_INVALID_ARG, "unknown heuristic %d",
                               (int)o->heuristic);
    if (o->weight == 0)
        o->weight = 1.0;
    if (!(o->weight >= 1.0 && o->weight < INFINITY)) /* also NaN */
        return wf__search_fail(ws, WF_E_INVALID_ARG,
                               "weight must be finite and >= 1, got %g",
                               o->weight);
    if (!(o->overlay_k >= 0.0 && o->overlay_k < INFINITY))
        return wf__search_fail(ws, WF_E_INVALID_ARG,
                               "overlay_k must be finite and >= 0, got %g",
                               o->overlay_k);
    if (o->overlay.count && !o->overlay.values)
        return wf__search_fail(ws, WF_E_INVALID_ARG,
                               "overlay has a count but no values");
    if ((unsigned)o->goal_fallback > (unsigned)WF_FALLBACK_NEAREST)
        return wf__search_fail(ws, WF_E_INVALID_ARG,
                               "unknown goal_fallback %d",
                               (int)o->goal_fallback);
    char why[96];
    if (wf_filter_check(o->filter, why, sizeof why) != WF_OK)
        return wf__search_fail(ws, WF_E_INVALID_ARG, "%s", why);
    return WF_OK;
}

wf_status wf__ends_check(wf_search *ws, const wf_grid *g, wf_point start,
                         wf_point goal) {
    if (!wf_grid_contains(g, start.x, start.y))
        return wf__search_fail(ws, WF_E_RANGE,
                               "start (%d, %d) is outside the %dx%d grid",
                               start.x, start.y, g->width, g->height);
    if (!wf_grid_contains(g, goal.x, goal.y))
        return wf__search_fail(ws, WF_E_RANGE,
                               "goal (%d, %d) is outside the %dx%d grid",
                               goal.x, goal.y, g->width, g->height);
    return WF_OK;
}

void wf__size_message(wf_search *ws, const wf_grid *g, const uint8_t *clr,
                      unsigned k, wf_point start, wf_point goal, int start_ok,
                      int goal_ok) {
    if (start_ok && goal_ok)
        return;
    const wf_point p = start_ok ? goal : start;
    const size_t c = (size_t)p.y * (size_t)g->width + (size_t)p.x;
    const char *what = start_ok ? "goal" : "start";
    if (!clr[c])
        (void)wf__search_fail(ws, WF_NO_PATH, "the %s (%d, %d) is blocked",
                              what, p.x, p.y);
    else
        (void)wf__search_fail(ws, WF_NO_PATH,
                              "an agent of size %u cannot stand at the %s "
                              "(%d, %d): the largest free square there is "
                              "%ux%u",
                              k, what, p.x, p.y, (unsigned)clr[c],
                              (unsigned)clr[c]);
}

wf_status wf__conn_opts_check(wf_search *ws, const wf_grid *g,
                              const wf_search_opts *o) {
    if (!o->conn)
        return WF_OK;
    if (wf_conn_grid(o->conn) != g)
        return wf__search_fail(ws, WF_E_INVALID_ARG,
                               "opts.conn indexes another grid");
    if (!wf_conn_matches(o->conn, o->move, o->filter)) {
        const wf_move m = wf_conn_move(o->conn);
        return wf__search_fail(ws, WF_E_INVALID_ARG,
                               "opts.conn is for another unit (%d-connected, "
                               "corners %d, size %d, or other forbidden "
                               "terrains) than the query's (%d-connected, "
                               "corners %d, size %d)",
                               m.connect, (int)m.corners, m.size,
                               o->move.connect, (int)o->move.corners,
                               o->move.size);
    }
    return WF_OK;
}

int wf__conn_rejects(wf_search *ws, const wf_search_opts *o, wf_point start,
                     wf_point goal, wf_algo engine) {
    if (!o->conn || o->goal_fallback != WF_FALLBACK_NONE)
        return 0;
    const uint32_t a = wf_conn_component(o->conn, start);
    const uint32_t b = wf_conn_component(o->conn, goal);
    if (!a || !b || a == b)
        return 0;
    (void)wf__search_fail(ws, WF_NO_PATH,
                          "the goal (%d, %d) is in another component than "
                          "the start (%d, %d) (opts.conn)",
                          goal.x, goal.y, start.x, start.y);
    ws->mode = WF__GRID_DONE;
    ws->done = WF_NO_PATH;
    ws->engine = engine;
    return 1;
}

wf_status wf__jumps_check(wf_search *ws, const wf_grid *g,
                          const wf_jump_table *t) {
    if (wf__jump_table_current(t, g))
        return WF_OK;
    if (t->serial != g->serial)
        return wf__search_fail(ws, WF_E_INVALID_ARG,
                               "opts.jumps is the jump table of another "
                               "grid (%dx%d)",
                               t->width, t->height);
    return wf__search_fail(ws, WF_E_INVALID_ARG,
                           "opts.jumps is stale: the grid was edited after "
                           "the jump table was built (rebuild it, or "
                           "wf_jump_table_update it)");
}

/* Checks a grid query and prepares the engine it runs on. */
static wf_status grid_begin(wf_search *ws, const wf_grid *g, wf_point start,
                            wf_point goal, const wf_search_opts *opts) {
    ws->mode = WF__IDLE;
    ws->msg[0] = '\0';
    ws->sliced = NULL;
    if (!g)
        return wf__search_fail(ws, WF_E_INVALID_ARG, "grid is NULL");
    wf_search_opts o = opts ? *opts : wf_search_opts_default();
    wf_status s = wf__opts_check(ws, &o);
    if (s != WF_OK)
        return s;
    if (o.heuristic == WF_H_CUSTOM && !o.custom_h)
        return wf__search_fail(ws, WF_E_INVALID_ARG,
                               "WF_H_CUSTOM on a grid needs custom_h");
    if (o.overlay.values && o.overlay.count != g->cells)
        return wf__search_fail(ws, WF_E_INVALID_ARG,
                               "overlay has %zu values, the grid has %zu "
                               "cells",
                               o.overlay.count, g->cells);
    if ((s = wf__ends_check(ws, g, start, goal)) != WF_OK ||
        (s = wf__conn_opts_check(ws, g, &o)) != WF_OK)
        return s;
    if ((s = wf_search_reserve(ws, g->cells)) != WF_OK)
        return wf__search_fail(ws, s, "cannot size the workspace for %zu "
                                      "cells",
                               g->cells);
    return wf__grid_engine_begin(wf__grid_engine_of(o.algo), ws, g, start,
                                 goal, &o);
}

wf_status wf_search_begin(wf_search *ws, const wf_grid *g, wf_point start,
                          wf_point goal, const wf_search_opts *opts) {
    if (!ws)
        return WF_E_INVALID_ARG;
    wf_status s = grid_begin(ws, g, start, goal, opts);
    if (s == WF_OK) {
        ws->sliced = g;
        ws->sliced_version = g->version;
    }
    return s;
}

static void path_reset(wf_path *out) {
    out->count = 0;
    out->cost = 0;
    memset(&out->stats, 0, sizeof out->stats);
}

/* The step itself, on a checked workspace and a reset path. */
static wf_status grid_step(wf_search *ws, uint64_t budget, wf_path *out) {
    if (ws->mode == WF__GRID_DONE) {
        ws->mode = WF__IDLE;
        out->stats.engine = ws->engine;
        return ws->done;
    }
    const wf__grid_engine *e = wf__grid_engine_running(ws->mode);
    if (!e)
        return wf__search_fail(ws, WF_E_INVALID_ARG,
                               "no grid search under way");
    return e->step(ws, budget, out);
}

wf_status wf_search_step(wf_search *ws, uint64_t budget, wf_path *out) {
    if (!ws)
        return WF_E_INVALID_ARG;
    if (!out)
        return wf__search_fail(ws, WF_E_INVALID_ARG, "path is NULL");
    if (!budget)
        return wf__search_fail(ws, WF_E_INVALID_ARG, "budget must be >= 1");
    if (ws->mode != WF__GRID_DONE) /* keep why a trivial query ended */
        ws->msg[0] = '\0';
    path_reset(out);
    const int running = wf__grid_engine_running(ws->mode) != NULL;
    if (running && ws->sliced && ws->sliced->version != ws->sliced_version) {
        ws->mode = WF__IDLE;
        return wf__search_fail(ws, WF_E_INVALID_ARG,
                               "the grid was edited since wf_search_begin: "
                               "begin the search again");
    }
    return grid_step(ws, budget, out);
}

void wf_search_cancel(wf_search *ws) {
    if (ws)
        ws->mode = WF__IDLE;
}

wf_status wf_search_grid(wf_search *ws, const wf_grid *g, wf_point start,
                         wf_point goal, const wf_search_opts *opts,
                         wf_path *out) {
    if (!ws)
        return WF_E_INVALID_ARG;
    if (!out)
        return wf__search_fail(ws, WF_E_INVALID_ARG, "path is NULL");
    path_reset(out);
    wf_status s = grid_begin(ws, g, start, goal, opts);
    if (s != WF_OK)
        return s;
    return grid_step(ws, UINT64_MAX, out); /* begin left msg and out clean */
}

wf_status wf_search_create(const wf_allocator *alloc, wf_search **out) {
    if (!out)
        return WF_E_INVALID_ARG;
    *out = NULL;
    wf_allocator a = wf__allocator(alloc);
    wf_search *ws = wf__alloc(&a, sizeof *ws);
    if (!ws)
        return WF_E_NOMEM;
    memset(ws, 0, sizeof *ws);
    ws->alloc = a;
    ws->gen = 0;
    *out = ws;
    return WF_OK;
}

/* Frees the arrays of a workspace holding cap cells. */
static void free_arrays(const wf_allocator *a, wf__cell *cells, double *key,
                        uint32_t *id, size_t cap) {
    wf__free(a, cells, cap * sizeof *cells);
    wf__free(a, key, cap * sizeof *key);
    wf__free(a, id, cap * sizeof *id);
}

void wf_search_destroy(wf_search *ws) {
    if (!ws)
        return;
    wf_allocator a = ws->alloc;
    free_arrays(&a, ws->cells, ws->key, ws->id, ws->capacity);
    wf__free(&a, ws->clr, ws->clr_cells);
    wf__grid_engines_free(ws);
    wf__free(&a, ws->parent, ws->graph_capacity * sizeof *ws->parent);
    wf__free(&a, ws->g, ws->graph_capacity * sizeof *ws->g);
    if (ws->anya_free)
        ws->anya_free(ws);
    if (ws->mesh_free)
        ws->mesh_free(ws);
    wf__free(&a, ws, sizeof *ws);
}

wf_status wf_search_reserve(wf_search *ws, size_t cells) {
    if (!ws)
        return WF_E_INVALID_ARG;
    if (cells <= ws->capacity)
        return WF_OK;
    if (cells > WF_GRID_MAX_CELLS)
        return WF_E_TOO_BIG;
    size_t cb, kb, ib;
    if (!wf__mul_size(cells, sizeof(wf__cell), &cb) ||
        !wf__mul_size(cells, sizeof(double), &kb) ||
        !wf__mul_size(cells, sizeof(uint32_t), &ib))
        return WF_E_TOO_BIG;
    wf__cell *cs = wf__alloc(&ws->alloc, cb);
    double *key = cs ? wf__alloc(&ws->alloc, kb) : NULL;
    uint32_t *id = key ? wf__alloc(&ws->alloc, ib) : NULL;
    if (!id) {
        wf__free(&ws->alloc, key, kb);
        wf__free(&ws->alloc, cs, cb);
        return WF_E_NOMEM;
    }
    /* Tags of generation 0 mean "unvisited"; queries start at generation 1. */
    memset(cs, 0, cb);
    free_arrays(&ws->alloc, ws->cells, ws->key, ws->id, ws->capacity);
    ws->cells = cs;
    ws->key = key;
    ws->id = id;
    ws->mode = WF__IDLE; /* the arrays a sliced search ran on are gone */
    ws->capacity = cells;
    ws->gen = 0;
    return WF_OK;
}

wf_status wf_search_reserve_graph(wf_search *ws, size_t nodes) {
    wf_status s = wf_search_reserve(ws, nodes);
    if (s != WF_OK || nodes <= ws->graph_capacity)
        return s;
    /* nodes <= WF_GRID_MAX_CELLS here, so the sizes cannot overflow. */
    uint32_t *parent = wf__alloc(&ws->alloc, nodes * sizeof *parent);
    double *g = parent ? wf__alloc(&ws->alloc, nodes * sizeof *g) : NULL;
    if (!g) {
        wf__free(&ws->alloc, parent, nodes * sizeof *parent);
        return WF_E_NOMEM;
    }
    wf__free(&ws->alloc, ws->parent, ws->graph_capacity * sizeof *ws->parent);
    wf__free(&ws->alloc, ws->g, ws->graph_capacity * sizeof *ws->g);
    ws->parent = parent;
    ws->g = g;
    ws->mode = WF__IDLE;
    ws->graph_capacity = nodes;
    return WF_OK;
}

size_t wf_search_bytes(const wf_search *ws) {
    return ws ? ws->capacity * WF__SEARCH_CELL_BYTES +
                    ws->graph_capacity * (sizeof(uint32_t) + sizeof(double)) +
                    ws->clr_cells + wf__grid_engines_bytes(ws)
              : 0;
}

uint32_t wf__search_begin(wf_search *ws) {
    /* whatever runs on the arrays now ends a sliced search under way; the
     * search begins set their mode after this */
    ws->mode = WF__IDLE;
    if (++ws->gen >= WF__GEN_LIMIT) {
        for (size_t i = 0; i < ws->capacity; i++)
            ws->cells[i].tag = 0;
        ws->gen = 1;
    }
    return ws->gen << WF__TAG_GEN_SHIFT;
}

wf_status wf_search_cell_states(const wf_search *ws, const wf_grid *g,
                                uint8_t *cells) {
    if (!ws || !g || !cells || ws->capacity < g->cells)
        return WF_E_INVALID_ARG;
    const uint32_t gen = ws->gen << WF__TAG_GEN_SHIFT;
    for (size_t c = 0; c < g->cells; c++) {
        uint32_t tag = ws->cells[c].tag;
        cells[c] = (tag & ~0xFu) != gen || !ws->gen ? WF_CELL_UNSEEN
                   : (tag & WF__TAG_CLOSED)         ? WF_CELL_EXPLORED
                                                    : WF_CELL_FRONTIER;
    }
    return WF_OK;
}
