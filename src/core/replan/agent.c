/* The walker: an agent that follows a planned path and re-plans when the
 * map (or the filter, overlay or callback it walks with) changes under it.
 * "Where next" along a path is in path.c. */
#include <math.h>

#include "dstar_internal.h"

struct wf_walker {
    wf_allocator alloc;
    wf_path path;
    double *planned;   /* planned cost of step i (path[i] → path[i+1]) */
    size_t planned_cap;
    size_t at;         /* index of the agent's cell in path */
    wf_point pos, goal;
    wf_search_opts opts;
    size_t replans;
    int watch_cheaper; /* re-plan when a remaining move got cheaper */
    /* Incremental re-planning (wf_walker_set_incremental): the grid and
     * the planner made for the current plan on it; NULL: searches. */
    wf_grid *inc_grid;
    wf_dstar *dstar;
    int grid_gone;     /* inc_grid was destroyed (the walker watches it) */
    int costs_changed; /* searches: wf_walker_cells_changed since the plan */
};

wf_status wf_walker_create(const wf_allocator *alloc, wf_walker **out) {
    if (!out)
        return WF_E_INVALID_ARG;
    wf_allocator a = wf__allocator(alloc);
    wf_walker *w = wf__alloc(&a, sizeof *w);
    if (!w)
        return WF_E_NOMEM;
    memset(w, 0, sizeof *w);
    w->alloc = a;
    wf_path_init(&w->path, &a);
    w->opts = wf_search_opts_default();
    *out = w;
    return WF_OK;
}

/* The walker watches its incremental grid only to hear of its end. */
static void heard(void *ud, const wf_grid *g, const wf_cell_change *c,
                  size_t n) {
    (void)ud;
    (void)g;
    (void)c;
    (void)n;
}

static void grid_gone(void *ud) {
    wf_walker *w = ud;
    w->inc_grid = NULL;
    w->grid_gone = 1;
}

void wf_walker_destroy(wf_walker *w) {
    if (!w)
        return;
    wf_allocator a = w->alloc;
    if (w->inc_grid)
        (void)wf_grid_unwatch(w->inc_grid, heard, w);
    wf_dstar_destroy(w->dstar);
    wf_path_free(&w->path);
    wf__free(&a, w->planned, w->planned_cap * sizeof *w->planned);
    wf__free(&a, w, sizeof *w);
}

/* The clearance of an agent of size > 1 on g into *clr (NULL for size 1):
 * the search's own, kept in ws, so it is computed once per grid version. */
static wf_status unit_clearance(const wf_walker *w, wf_search *ws,
                                const wf_grid *g, const uint8_t **clr) {
    *clr = NULL;
    wf_move mv = w->opts.move;
    if (wf__move_check(&mv, NULL, 0) != WF_OK || mv.size <= 1)
        return WF_OK;
    double cost[256];
    uint8_t pass[256];
    const int forbids =
        w->opts.filter && wf__filter_costs(g, w->opts.filter, cost, pass);
    return wf__unit_clearance(ws, g, forbids ? pass : NULL, clr);
}

/* The cost of the move a → b as the search prices it; < 0 when the move is
 * not allowed. */
static double move_cost(const wf_walker *w, const wf_grid *g,
                        const uint8_t *clr, wf_point a, wf_point b) {
    return wf__step_cost(g, a, b, &w->opts, clr);
}

/* The path from w->pos to w->goal by the walker's planner: a search, or
 * its D* Lite planner (made on the first plan, and again for new options;
 * told where the agent stands and where it goes). */
static wf_status find_path(wf_walker *w, wf_search *ws, const wf_grid *g,
                           int fresh) {
    w->costs_changed = 0;
    if (!w->inc_grid)
        return wf_search_grid(ws, g, w->pos, w->goal, &w->opts, &w->path);
    if (fresh || !w->dstar) {
        wf_dstar_destroy(w->dstar);
        w->dstar = NULL;
        char msg[WF__MSG_SIZE];
        wf_status s = wf_dstar_create(w->inc_grid, w->pos, w->goal, &w->opts,
                                      &w->alloc, msg, sizeof msg, &w->dstar);
        if (s != WF_OK)
            return s;
    } else {
        wf_point gl = wf_dstar_goal(w->dstar);
        if ((gl.x != w->goal.x || gl.y != w->goal.y) &&
            wf_dstar_set_goal(w->dstar, w->goal) != WF_OK)
            return WF_E_RANGE;
        if (wf_dstar_move(w->dstar, w->pos) != WF_OK)
            return WF_E_RANGE;
    }
    return wf_dstar_plan(w->dstar, &w->path);
}

/* Plans from w->pos to w->goal and records each step's cost. */
/* Is g not the grid the walker must use: not its incremental grid, or
 * that grid was destroyed? */
static int wrong_grid(const wf_walker *w, const wf_grid *g) {
    return w->grid_gone || (w->inc_grid && g != w->inc_grid);
}

static wf_status plan(wf_walker *w, wf_search *ws, const wf_grid *g,
                      int fresh) {
    wf_status s = find_path(w, ws, g, fresh);
    const uint8_t *clr = NULL;
    if (s == WF_OK)
        s = unit_clearance(w, ws, g, &clr);
    if (s == WF_PARTIAL)
        s = WF_NO_PATH;
    if (s != WF_OK) {
        w->path.count = 0;
        return s;
    }
    if (w->path.count > w->planned_cap) {
        double *p = wf__realloc(&w->alloc, w->planned,
                                w->planned_cap * sizeof *p,
                                w->path.capacity * sizeof *p);
        if (!p) {
            /* no plan rather than a path without its step costs */
            w->path.count = 0;
            w->at = 0;
            return WF_E_NOMEM;
        }
        w->planned = p;
        w->planned_cap = w->path.capacity;
    }
    for (size_t i = 0; i + 1 < w->path.count; i++)
        w->planned[i] = move_cost(w, g, clr, w->path.points[i],
                                  w->path.points[i + 1]);
    w->at = 0;
    return WF_OK;
}

wf_status wf_walker_plan(wf_walker *w, wf_search *ws, const wf_grid *g,
                         wf_point start, wf_point goal,
                         const wf_search_opts *opts) {
    if (!w || !ws || !g || wrong_grid(w, g))
        return WF_E_INVALID_ARG;
    w->opts = opts ? *opts : wf_search_opts_default();
    w->pos = start;
    w->goal = goal;
    w->replans = 0;
    return plan(w, ws, g, 1);
}

wf_status wf_walker_set_goal(wf_walker *w, wf_search *ws, const wf_grid *g,
                             wf_point goal) {
    if (!w || !ws || !g || wrong_grid(w, g))
        return WF_E_INVALID_ARG;
    w->goal = goal;
    w->replans++;
    return plan(w, ws, g, 0);
}

wf_status wf_walker_replan(wf_walker *w, wf_search *ws, const wf_grid *g) {
    if (!w || !ws || !g || wrong_grid(w, g))
        return WF_E_INVALID_ARG;
    w->replans++;
    return plan(w, ws, g, 0);
}

void wf_walker_set_watch_cheaper(wf_walker *w, int on) {
    if (w)
        w->watch_cheaper = on != 0;
}

/* Has any move of the remaining path become cheaper than planned? */
static int got_cheaper(const wf_walker *w, const wf_grid *g,
                       const uint8_t *clr) {
    for (size_t i = w->at; i + 1 < w->path.count; i++) {
        double now =
            move_cost(w, g, clr, w->path.points[i], w->path.points[i + 1]);
        if (now >= 0 && now < w->planned[i])
            return 1;
    }
    return 0;
}

/* Costs that no edit showed the planner changed (an overlay or what the
 * callback reads, unreported): tells it of each cell of the remaining path
 * whose move now costs other than planned, the changes the walker knows. */
static void report_unseen(wf_walker *w, const wf_grid *g, const uint8_t *clr) {
    for (size_t i = w->at; i + 1 < w->path.count; i++)
        if (move_cost(w, g, clr, w->path.points[i], w->path.points[i + 1]) !=
            w->planned[i])
            wf_dstar_cells_changed(w->dstar, &w->path.points[i + 1], 1);
}

wf_status wf_walker_step(wf_walker *w, wf_search *ws, const wf_grid *g,
                         wf_point *next) {
    if (!w || !ws || !g || !next || wrong_grid(w, g))
        return WF_E_INVALID_ARG;
    if (w->pos.x == w->goal.x && w->pos.y == w->goal.y) {
        *next = w->pos;
        return WF_ARRIVED;
    }
    const uint8_t *clr;
    wf_status cs = unit_clearance(w, ws, g, &clr);
    if (cs != WF_OK)
        return cs;
    int stale = w->at + 1 >= w->path.count;
    if (!stale) {
        double now = move_cost(w, g, clr, w->pos, w->path.points[w->at + 1]);
        stale = now < 0 || now > w->planned[w->at];
    }
    if (!stale && w->watch_cheaper)
        stale = got_cheaper(w, g, clr);
    if (stale && w->dstar)
        report_unseen(w, g, clr);
    stale = stale || w->costs_changed || (w->dstar && w->dstar->dirty);
    if (stale) {
        w->replans++;
        wf_status s = plan(w, ws, g, 0);
        if (s != WF_OK)
            return s;
    }
    w->at++;
    w->pos = w->path.points[w->at];
    *next = w->pos;
    return w->pos.x == w->goal.x && w->pos.y == w->goal.y ? WF_ARRIVED : WF_OK;
}

wf_status wf_walker_set_incremental(wf_walker *w, wf_grid *g) {
    if (!w)
        return WF_E_INVALID_ARG;
    wf_dstar_destroy(w->dstar);
    w->dstar = NULL;
    if (w->inc_grid)
        (void)wf_grid_unwatch(w->inc_grid, heard, w);
    w->inc_grid = NULL;
    w->grid_gone = 0;
    if (g) {
        wf_status s = wf__grid_watch_owned(g, heard, w, grid_gone);
        if (s != WF_OK)
            return s;
    }
    w->inc_grid = g;
    w->path.count = 0; /* the next step plans with the new planner */
    w->at = 0;
    return WF_OK;
}

wf_status wf_walker_cells_changed(wf_walker *w, const wf_point *cells,
                                  size_t n) {
    if (!w || (!cells && n))
        return WF_E_INVALID_ARG;
    if (w->dstar)
        return wf_dstar_cells_changed(w->dstar, cells, n);
    w->costs_changed |= n > 0;
    return WF_OK;
}

const wf_path *wf_walker_path(const wf_walker *w) { return w ? &w->path : NULL; }

wf_point wf_walker_position(const wf_walker *w) {
    wf_point none = {-1, -1};
    return w ? w->pos : none;
}

wf_point wf_walker_goal(const wf_walker *w) {
    wf_point none = {-1, -1};
    return w ? w->goal : none;
}

size_t wf_walker_replans(const wf_walker *w) { return w ? w->replans : 0; }
