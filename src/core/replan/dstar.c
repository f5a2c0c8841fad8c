/* The D* Lite planner's life: its options, the grid edits it hears of as a
 * watcher, the agent's moves and the plans (replan.h). The search itself
 * is in dstar_search.c. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>

#include "dstar_internal.h"
#include "search_internal.h"

wf_status wf__dstar_check_opts(wf_search_opts *o, size_t vertices,
                               int graph, wf_heuristic *hp, char *msg,
                               size_t size) {
    wf_search *ws;
    wf_status s = wf_search_create(NULL, &ws);
    if (s != WF_OK)
        return s;
    s = wf__opts_check(ws, o);
    if (s != WF_OK && msg && size)
        snprintf(msg, size, "%s", wf_search_message(ws));
    wf_search_destroy(ws);
    if (s != WF_OK)
        return s;
    const char *why = NULL;
    wf_heuristic h = o->algo == WF_ALGO_DIJKSTRA ? WF_H_ZERO : o->heuristic;
    h = graph && h == WF_H_DEFAULT
            ? WF_H_EUCLIDEAN
            : wf__heuristic_resolve(h, o->move.connect);
    if (o->algo != WF_ALGO_ASTAR && o->algo != WF_ALGO_DIJKSTRA &&
        o->algo != WF_ALGO_AUTO)
        why = "D* Lite is its own search: algo must be astar (its "
              "heuristic), dijkstra (none) or auto";
    else if (o->weight != 1.0)
        why = "D* Lite needs weight 1 (its repairs rely on a consistent "
              "heuristic)";
    else if (h == WF_H_CUSTOM)
        why = "D* Lite needs a built-in heuristic: a custom one may be "
              "inconsistent";
    else if (graph && h != WF_H_EUCLIDEAN && h != WF_H_ZERO)
        why = "on a graph D* Lite takes the default (straight-line) or the "
              "zero heuristic";
    else if (h == WF_H_MANHATTAN && o->move.connect == 8)
        why = "the manhattan heuristic overestimates 8-connected moves: "
              "D* Lite needs a consistent one";
    else if (o->max_expansions)
        why = "D* Lite has no expansion limit (max_expansions must be 0)";
    else if (o->goal_fallback != WF_FALLBACK_NONE)
        why = "D* Lite has no goal fallback (goal_fallback must be none)";
    else if (o->overlay.values && o->overlay.count != vertices)
        why = graph ? "the overlay does not have one value per node"
                    : "the overlay does not have one value per cell";
    if (why) {
        if (msg && size)
            snprintf(msg, size, "%s", why);
        return WF_E_INVALID_ARG;
    }
    *hp = h;
    return WF_OK;
}

wf_status wf__dstar_args(int have_map, size_t vertices, int graph,
                         const wf_search_opts *opts, wf_search_opts *o,
                         wf_heuristic *h, char *msg, size_t size,
                         wf_dstar **out) {
    if (msg && size)
        msg[0] = '\0';
    if (!have_map || !out) {
        if (msg && size)
            snprintf(msg, size, "%s and out must not be NULL",
                     graph ? "graph" : "grid");
        return WF_E_INVALID_ARG;
    }
    *out = NULL;
    *o = opts ? *opts : wf_search_opts_default();
    return wf__dstar_check_opts(o, vertices, graph, h, msg, size);
}

/* The unit's costs, the heuristic's scale and, for a size > 1 unit that
 * its filter keeps off some terrain, its own clearance: what a change of
 * costs (wf_grid_set_cost) can change. */
static void derive(wf_dstar *d) {
    const wf_grid *g = d->g;
    wf__filter_costs(g, d->o.filter, d->cost, d->pass);
    double m = INFINITY;
    for (int t = 0; t < 256; t++)
        if (g->count[t] && d->pass[t] && d->cost[t] < m)
            m = d->cost[t];
    d->hmul = m < INFINITY ? m : 1.0;
    if (d->clr)
        wf__clearance_build(g, d->pass, d->clr);
}

/* Does the unit see terrains differently from the grid (a filter that
 * forbids a terrain the grid lets it enter)? */
static int filter_forbids(const wf_grid *g, const wf_filter *f) {
    if (!f)
        return 0;
    for (int t = 0; t < 256; t++)
        if (g->passable[t] && !(wf__filter_cost(g, f, (uint8_t)t) < INFINITY))
            return 1;
    return 0;
}

/* Before a fresh start: the unit's view of the grid, which a change of
 * costs (wf_grid_set_cost) may have changed. Errors: WF_E_NOMEM. */
static wf_status prepare(wf_dstar *d) {
    const wf_grid *g = d->g;
    d->filtered = filter_forbids(g, d->o.filter);
    const int own = d->k > 1 && d->filtered;
    if (own && !d->clr) {
        d->clr = wf__alloc(&d->alloc, g->cells);
        if (!d->clr)
            return WF_E_NOMEM;
    } else if (!own && d->clr) {
        wf__free(&d->alloc, d->clr, g->cells);
        d->clr = NULL;
    }
    derive(d);
    return WF_OK;
}

/* The cells whose moves a change at (x, y) can alter: those beside a cell
 * whose standing changed (for size k the k × k cells up and left of it),
 * which covers the moves into (x, y) and the diagonals past its corners. */
static void touch(wf_dstar *d, int x, int y, int k) {
    const wf_grid *g = d->g;
    const int x0 = x - k < 0 ? 0 : x - k, y0 = y - k < 0 ? 0 : y - k;
    const int x1 = x + 1 < g->width ? x + 1 : g->width - 1;
    const int y1 = y + 1 < g->height ? y + 1 : g->height - 1;
    for (int cy = y0; cy <= y1; cy++)
        for (int cx = x0; cx <= x1; cx++)
            wf__dstar_update(d, (uint32_t)cy * (uint32_t)g->width +
                                    (uint32_t)cx);
}

/* The grid's watcher: marks what each change of a batch can alter for
 * the next plan to repair, or the whole state void. */
static void on_edit(void *ud, const wf_grid *g, const wf_cell_change *ch,
                    size_t n) {
    wf_dstar *d = ud;
    (void)g;
    d->dirty = 1;
    if (!ch) {
        /* anything may have changed, costs included: the next plan starts
         * over (prepare) */
        d->restart = 1;
        return;
    }
    if (d->restart)
        return;
    /* A terrain that no cell had when its cost changed was never reported
     * (the grid says nothing of costs no cell pays): prices as they are
     * now, and a start over if a terrain that arrived is priced otherwise. */
    for (size_t i = 0; i < n; i++) {
        const uint8_t t = ch[i].after;
        const double now = wf__filter_cost(d->g, d->o.filter, t);
        if ((now < INFINITY) != d->pass[t] ||
            (d->pass[t] && now != d->cost[t]) ||
            (d->pass[t] && d->cost[t] < d->hmul)) {
            /* repriced, or cheaper than any before: the heuristic's
             * scale must fall, and every key with it */
            d->restart = 1;
            return;
        }
    }
    for (size_t i = 0; i < n; i++)
        if (d->clr)
            wf__clearance_update(d->g, d->pass, d->clr, ch[i].cell.x,
                                 ch[i].cell.y);
    for (size_t i = 0; i < n && !d->restart; i++)
        touch(d, ch[i].cell.x, ch[i].cell.y, (int)d->k);
}

/* Cell index of a point on the planner's grid. */
static uint32_t index_of(const wf_dstar *d, wf_point p) {
    return (uint32_t)p.y * (uint32_t)d->g->width + (uint32_t)p.x;
}

static wf_point point_at(const wf_dstar *d, uint32_t c) {
    const uint32_t y = wf__divw(d->div_mul, d->div_shift, c);
    return (wf_point){(int)(c - y * (uint32_t)d->g->width), (int)y};
}

/* The grid is being destroyed: from now on every call but destroy says
 * so. */
static void grid_gone(void *ud) {
    wf_dstar *d = ud;
    d->g = NULL;
}

/* WF_OK when d is a grid planner whose grid still exists. */
static wf_status usable(wf_dstar *d) {
    if (!d || d->gr)
        return WF_E_INVALID_ARG;
    if (!d->g)
        return wf__dstar_fail(d, WF_E_INVALID_ARG,
                              "its grid was destroyed: destroy the planner "
                              "too");
    return WF_OK;
}

wf_status wf_dstar_create(wf_grid *g, wf_point start, wf_point goal,
                          const wf_search_opts *opts,
                          const wf_allocator *alloc, char *msg,
                          size_t msg_size, wf_dstar **out) {
    wf_search_opts o;
    wf_heuristic h;
    wf_status s = wf__dstar_args(g != NULL, g ? g->cells : 0, 0, opts, &o,
                                 &h, msg, msg_size, out);
    if (s != WF_OK)
        return s;
    if (!wf_grid_contains(g, start.x, start.y) ||
        !wf_grid_contains(g, goal.x, goal.y)) {
        const int bad_start = !wf_grid_contains(g, start.x, start.y);
        const wf_point p = bad_start ? start : goal;
        if (msg && msg_size)
            snprintf(msg, msg_size, "%s (%d, %d) is outside the %dx%d grid",
                     bad_start ? "start" : "goal", p.x, p.y, g->width,
                     g->height);
        return WF_E_RANGE;
    }
    const uint32_t W = (uint32_t)g->width;
    wf_dstar *d;
    s = wf__dstar_new(alloc, &o, h, g->cells,
                      (uint32_t)start.y * W + (uint32_t)start.x,
                      (uint32_t)goal.y * W + (uint32_t)goal.x, msg, msg_size,
                      &d);
    if (s != WF_OK)
        return s;
    d->g = g;
    d->k = (unsigned)o.move.size;
    d->connect = o.move.connect;
    d->corners = o.move.corners;
    wf__divw_init(W, &d->div_mul, &d->div_shift);
    s = prepare(d);
    if (s == WF_OK)
        s = wf__grid_watch_owned(g, on_edit, d, grid_gone);
    if (s != WF_OK) {
        wf__free(&d->alloc, d->clr, g->cells);
        wf__dstar_free(d);
        return s;
    }
    *out = d;
    return WF_OK;
}

void wf_dstar_destroy(wf_dstar *d) {
    if (!d)
        return;
    if (d->gr) {
        wf__dstar_graph_free(d);
        return;
    }
    if (d->g)
        wf_grid_unwatch(d->g, on_edit, d);
    wf__free(&d->alloc, d->clr, d->n);
    wf__dstar_free(d);
}

wf_status wf_dstar_plan(wf_dstar *d, wf_path *out) {
    if (d && !d->gr && !d->g)
        return usable(d);
    if (!d || !out || d->gr) {
        if (d)
            wf__dstar_fail(d, WF_E_INVALID_ARG, "%s",
                           d->gr ? "a graph planner: use wf_dstar_plan_graph"
                                 : "out must not be NULL");
        return WF_E_INVALID_ARG;
    }
    d->msg[0] = '\0';
    d->dirty = 0;
    out->count = 0;
    out->cost = 0;
    memset(&d->st, 0, sizeof d->st);
    d->st.engine = WF_ALGO_ASTAR;
    out->stats = d->st;
    const wf_point at = point_at(d, d->s), goal = point_at(d, d->t);
    if (d->g->batch_depth)
        return wf__dstar_fail(d, WF_E_INVALID_ARG,
                              "an edit batch is open on the grid: the "
                              "planner hears of its edits at "
                              "wf_grid_edit_commit, plan after it");
    if (d->restart && prepare(d) != WF_OK)
        return wf__dstar_fail(d, WF_E_NOMEM, "out of memory for the clearance");
    if (!wf__dstar_stands(d, d->s))
        return wf__dstar_fail(d, WF_NO_PATH, "the agent's cell (%d, %d) %s",
                              at.x, at.y,
                              d->k > 1 ? "is too narrow for an agent of this "
                                         "size: it is stuck"
                                       : "is blocked: the agent is stuck");
    if (!wf__dstar_stands(d, d->t))
        return wf__dstar_fail(d, WF_NO_PATH, "the goal (%d, %d) %s", goal.x,
                              goal.y,
                              d->k > 1 ? "is too narrow for an agent of this "
                                         "size"
                                       : "is blocked");
    if (d->overlay && d->overlay[d->t] > 0 &&
        !(d->overlay[d->t] < INFINITY))
        return wf__dstar_fail(d, WF_NO_PATH,
                              "the overlay forbids the goal (%d, %d)", goal.x,
                              goal.y);
    size_t count;
    double cost;
    wf_status s = wf__dstar_run(d, NULL, &count, &cost); /* prepared */
    out->stats = d->st;
    if (s == WF_NO_PATH && !d->msg[0])
        return wf__dstar_fail(d, s,
                              "the goal (%d, %d) cannot be reached from (%d, "
                              "%d)",
                              goal.x, goal.y, at.x, at.y);
    if (s != WF_OK)
        return s;
    if (count > out->capacity && wf__path_grow(out, count) != WF_OK)
        return wf__dstar_fail(d, WF_E_NOMEM, "out of memory for the path");
    for (size_t i = 0; i < count; i++)
        out->points[i] = point_at(d, d->trail[i]);
    out->count = count;
    out->cost = cost;
    return WF_OK;
}

wf_status wf_dstar_move(wf_dstar *d, wf_point cell) {
    wf_status s = usable(d);
    if (s != WF_OK)
        return s;
    if (!wf_grid_contains(d->g, cell.x, cell.y))
        return wf__dstar_fail(d, WF_E_RANGE,
                              "(%d, %d) is outside the %dx%d grid", cell.x,
                              cell.y, d->g->width, d->g->height);
    d->msg[0] = '\0';
    wf__dstar_move_to(d, index_of(d, cell));
    return WF_OK;
}

wf_status wf_dstar_set_goal(wf_dstar *d, wf_point goal) {
    wf_status s = usable(d);
    if (s != WF_OK)
        return s;
    if (!wf_grid_contains(d->g, goal.x, goal.y))
        return wf__dstar_fail(d, WF_E_RANGE,
                              "goal (%d, %d) is outside the %dx%d grid",
                              goal.x, goal.y, d->g->width, d->g->height);
    d->msg[0] = '\0';
    d->t = index_of(d, goal);
    d->restart = 1;
    return WF_OK;
}

wf_status wf_dstar_cells_changed(wf_dstar *d, const wf_point *cells,
                                 size_t n) {
    wf_status s = usable(d);
    if (s != WF_OK || (!cells && n))
        return s != WF_OK ? s : WF_E_INVALID_ARG;
    d->msg[0] = '\0';
    d->dirty |= n > 0;
    for (size_t i = 0; i < n && !d->restart; i++)
        if (wf_grid_contains(d->g, cells[i].x, cells[i].y))
            touch(d, cells[i].x, cells[i].y, 1);
    return WF_OK;
}

wf_point wf_dstar_position(const wf_dstar *d) {
    return d && !d->gr && d->g ? point_at(d, d->s) : (wf_point){-1, -1};
}

wf_point wf_dstar_goal(const wf_dstar *d) {
    return d && !d->gr && d->g ? point_at(d, d->t) : (wf_point){-1, -1};
}

const char *wf_dstar_message(const wf_dstar *d) { return d ? d->msg : ""; }
