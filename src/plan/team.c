/* wf_team_plan_grid (plan.h): the team workspace, the checks every request
 * passes before a planner sees it, and the choice of planner. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "plan_internal.h"

wf_team_opts wf_team_opts_default(void) {
    wf_team_opts o;
    memset(&o, 0, sizeof o);
    o.move = wf_move_default();
    return o;
}

wf_status wf_team_create(const wf_allocator *alloc, wf_team **out) {
    if (!out)
        return WF_E_INVALID_ARG;
    *out = NULL;
    wf_allocator a = wf__allocator(alloc);
    wf_team *t = wf__alloc(&a, sizeof *t);
    if (!t)
        return WF_E_NOMEM;
    memset(t, 0, sizeof *t);
    t->alloc = a;
    if (wf_search_create(&a, &t->ws) != WF_OK) {
        wf__free(&a, t, sizeof *t);
        return WF_E_NOMEM;
    }
    *out = t;
    return WF_OK;
}

void wf_team_destroy(wf_team *t) {
    if (!t)
        return;
    wf__whca_free(t);
    wf__cbs_free(t);
    wf__crowd_free(t);
    wf_search_destroy(t->ws);
    wf_allocator a = t->alloc;
    wf__free(&a, t, sizeof *t);
}

const char *wf_team_message(const wf_team *t) { return t ? t->msg : ""; }

/* The team planners, one row each: a new planner is one file (its plan
 * function, plan_internal.h), one row here, and its value in
 * wf_team_algo with its name in WF_TEAM_ALGO_NAMES. */
typedef struct planner {
    wf_team_algo algo;
    wf_status (*plan)(wf_team *t, const wf__team_job *j, wf_team_plan *out);
} planner;

static const planner planners[] = {
    {WF_TEAM_WHCA, wf__team_whca},
    {WF_TEAM_CBS, wf__team_cbs},
    {WF_TEAM_FIELD, wf__team_field},
};

/* The row of algo, or NULL. */
static const planner *planner_of(wf_team_algo algo) {
    for (size_t i = 0; i < sizeof planners / sizeof *planners; i++)
        if (planners[i].algo == algo)
            return &planners[i];
    return NULL;
}

/* The options, checked, with their defaults filled in. */
static wf_status check_opts(wf_team *t, const wf_grid *g, wf_team_opts *o) {
    if (!planner_of(o->algo))
        return wf__team_fail(t, WF_E_INVALID_ARG, "unknown algo %d",
                             (int)o->algo);
    if (wf__move_check(&o->move, t->msg, sizeof t->msg) != WF_OK)
        return WF_E_INVALID_ARG;
    if (wf_filter_check(o->filter, t->msg, sizeof t->msg) != WF_OK)
        return WF_E_INVALID_ARG;
    if (!(o->wait_cost >= 0 && o->wait_cost < INFINITY))
        return wf__team_fail(t, WF_E_INVALID_ARG,
                             "wait_cost must be finite and >= 0, got %g",
                             o->wait_cost);
    if (o->window == 0)
        o->window = 16;
    if (o->window < 2)
        return wf__team_fail(t, WF_E_INVALID_ARG,
                             "window must be at least 2 steps, got %d",
                             o->window);
    if (o->max_nodes == 0)
        o->max_nodes = 100000;
    if (o->overlay.count && !o->overlay.values)
        return wf__team_fail(t, WF_E_INVALID_ARG,
                             "overlay has a count but no values");
    if (o->overlay.values && o->overlay.count != g->cells)
        return wf__team_fail(t, WF_E_INVALID_ARG,
                             "overlay has %zu values, the grid has %zu cells",
                             o->overlay.count, g->cells);
    if (!(o->overlay_k >= 0 && o->overlay_k < INFINITY))
        return wf__team_fail(t, WF_E_INVALID_ARG,
                             "overlay_k must be finite and >= 0, got %g",
                             o->overlay_k);
    if (!(o->cutoff >= 0 && o->cutoff < INFINITY))
        return wf__team_fail(t, WF_E_INVALID_ARG,
                             "cutoff must be finite and >= 0, got %g",
                             o->cutoff);
    return WF_OK;
}

/* The connected regions of the unit (moves as it makes them): labels[c]
 * from 1, 0 where it may not stand. Returns the cells it may stand on. */
static size_t unit_regions(const wf__team_job *j, uint32_t *labels,
                           uint32_t *queue) {
    const wf_grid *g = j->g;
    size_t standing = 0;
    uint32_t next = 0;
    memset(labels, 0, g->cells * sizeof *labels);
    const ptrdiff_t W = g->width;
    ptrdiff_t off[WF_DIR_COUNT];
    wf__dir_offsets(W, off);
    for (size_t c = 0; c < g->cells; c++) {
        if (labels[c] || !wf__mover_stands(g, &j->unit, c))
            continue;
        labels[c] = ++next;
        size_t head = 0, tail = 0;
        queue[tail++] = (uint32_t)c;
        while (head < tail) {
            const uint32_t u = queue[head++];
            standing++;
            for (unsigned m = wf__mover_moves(g, &j->unit, u); m; m &= m - 1) {
                const uint32_t v =
                    (uint32_t)((ptrdiff_t)u + off[__builtin_ctz(m)]);
                if (!labels[v]) {
                    labels[v] = next;
                    queue[tail++] = v;
                }
            }
        }
    }
    return standing;
}

/* Starts and goals: on the grid, where the agent may stand, start and goal
 * in one region, no two starts (or goals) whose squares overlap. */
static wf_status check_agents(wf_team *t, const wf__team_job *j) {
    const wf_grid *g = j->g;
    for (size_t i = 0; i < j->n; i++) {
        const wf_agent *a = &j->agents[i];
        if (!wf_grid_contains(g, a->start.x, a->start.y) ||
            !wf_grid_contains(g, a->goal.x, a->goal.y)) {
            const int s = !wf_grid_contains(g, a->start.x, a->start.y);
            const wf_point p = s ? a->start : a->goal;
            return wf__team_fail(t, WF_E_RANGE,
                                 "agent %zu: %s (%d, %d) is outside the "
                                 "%dx%d grid",
                                 i, s ? "start" : "goal", p.x, p.y, g->width,
                                 g->height);
        }
    }
    const wf_allocator *al = &t->alloc;
    size_t bytes;
    if (!wf__mul_size(g->cells, sizeof(uint32_t), &bytes))
        return WF_E_TOO_BIG;
    uint32_t *labels = wf__alloc(al, bytes), *aux = wf__alloc(al, bytes);
    wf_status s = WF_OK;
    if (!labels || !aux) {
        s = WF_E_NOMEM;
        goto done;
    }
    const size_t standing = unit_regions(j, labels, aux);
    if (j->n > standing) {
        s = wf__team_fail(t, WF_E_UNSATISFIABLE,
                          "%zu agents, but an agent of this kind may stand "
                          "on %zu cells of the map",
                          j->n, standing);
        goto done;
    }
    const size_t W = (size_t)g->width;
    for (size_t i = 0; i < j->n && s == WF_OK; i++) {
        const wf_agent *a = &j->agents[i];
        const size_t cs = a->start.y * W + (size_t)a->start.x;
        const size_t cg = a->goal.y * W + (size_t)a->goal.x;
        if (!labels[cs] || !labels[cg])
            s = wf__team_fail(t, WF_E_UNSATISFIABLE,
                              "agent %zu cannot stand on its %s (%d, %d)", i,
                              labels[cs] ? "goal" : "start",
                              labels[cs] ? a->goal.x : a->start.x,
                              labels[cs] ? a->goal.y : a->start.y);
        else if (labels[cs] != labels[cg])
            s = wf__team_fail(t, WF_E_UNSATISFIABLE,
                              "agent %zu: its goal (%d, %d) cannot be "
                              "reached from its start (%d, %d)",
                              i, a->goal.x, a->goal.y, a->start.x,
                              a->start.y);
    }
    /* two starts (then two goals) whose squares overlap: a bucket per
     * cell, each agent looking at the cells within its size */
    const int k = (int)j->unit.k;
    for (int which = 0; which < 2 && s == WF_OK; which++) {
        memset(aux, 0xff, bytes);
        for (size_t i = 0; i < j->n && s == WF_OK; i++) {
            const wf_point p = which ? j->agents[i].goal : j->agents[i].start;
            for (int y = p.y - k + 1; y <= p.y + k - 1 && s == WF_OK; y++)
                for (int x = p.x - k + 1; x <= p.x + k - 1; x++) {
                    if (!wf_grid_contains(g, x, y))
                        continue;
                    const uint32_t o = aux[(size_t)y * W + (size_t)x];
                    if (o != UINT32_MAX) {
                        s = wf__team_fail(
                            t, WF_E_UNSATISFIABLE,
                            "agents %u and %zu %s on one cell at (%d, %d)", o,
                            i, which ? "end" : "start", x, y);
                        break;
                    }
                }
            if (s == WF_OK)
                aux[p.y * W + (size_t)p.x] = (uint32_t)i;
        }
    }
done:
    wf__free(al, labels, bytes);
    wf__free(al, aux, bytes);
    return s;
}

wf_status wf_team_plan_grid(wf_team *t, const wf_grid *g,
                            const wf_agent *agents, size_t n,
                            const wf_team_opts *opts, wf_team_plan *out) {
    if (!t || !g || !out || (!agents && n))
        return WF_E_INVALID_ARG;
    t->msg[0] = '\0';
    wf__team_job *j = wf__alloc(&t->alloc, sizeof *j);
    if (!j)
        return WF_E_NOMEM;
    memset(j, 0, sizeof *j);
    j->g = g;
    j->agents = agents;
    j->n = n;
    j->o = opts ? *opts : wf_team_opts_default();
    wf_status s = check_opts(t, g, &j->o);
    uint8_t *clr = NULL;
    if (s == WF_OK && n >= UINT32_MAX)
        s = wf__team_fail(t, WF_E_TOO_BIG, "%zu agents", n);
    if (s == WF_OK) {
        const int forbids = wf__filter_costs(g, j->o.filter, j->cost, j->pass);
        j->unit = (wf__mover){forbids ? j->pass : NULL, g->clear,
                             (unsigned)j->o.move.size, j->o.move.connect,
                             j->o.move.corners};
        if (j->unit.k > 1 && forbids) {
            clr = wf__alloc(&t->alloc, g->cells);
            if (clr) {
                wf__clearance_build(g, j->pass, clr);
                j->unit.clr = clr;
            } else {
                s = WF_E_NOMEM;
            }
        }
        j->wait = wf__team_wait_cost(g, j->o.filter, j->o.wait_cost);
    }
    if (s == WF_OK)
        s = check_agents(t, j);
    if (s == WF_OK) {
        size_t bound = 4 * g->cells;
        j->max_steps = j->o.max_steps ? j->o.max_steps
                       : bound > UINT32_MAX / 2 ? UINT32_MAX / 2
                       : bound < 1024 ? 1024 : (uint32_t)bound;
        s = wf_team_plan_reset(out, n);
    }
    if (s == WF_OK && n > 0) {
        s = planner_of(j->o.algo)->plan(t, j, out);
    }
    if (s == WF_OK && out->pushed == n) {
        /* the sum of costs as wf_team_check prices it */
        double sum = 0;
        for (size_t i = 0; i < n; i++) {
            const wf_point *c = out->cells + out->offset[i];
            const size_t len = out->offset[i + 1] - out->offset[i];
            for (size_t k = 0; k + 1 < len; k++)
                sum += wf__team_step(
                    j, (size_t)c[k].y * (size_t)g->width + (size_t)c[k].x,
                    (size_t)c[k + 1].y * (size_t)g->width +
                        (size_t)c[k + 1].x);
        }
        out->sum_of_costs = sum;
    } else if (s == WF_OK) {
        s = wf__team_fail(t, WF_E_UNSATISFIABLE, "the planner left %zu of "
                          "%zu agents without a path",
                          n - out->pushed, n);
    }
    wf__free(&t->alloc, clr, g->cells);
    wf__free(&t->alloc, j, sizeof *j);
    return s;
}

static const wf__name_row team_algos[] = {WF_TEAM_ALGO_NAMES(WF__NAME_ROW)};
WF__NAMES(team_algo, wf_team_algo, team_algos)
