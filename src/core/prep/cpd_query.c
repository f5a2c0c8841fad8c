/* Reading the compressed path database (cpd.h): a first move is a binary
 * search among the source's runs for the run holding the target's number;
 * a path is one first move a step. */
#include <math.h>

#include "cpd_internal.h"

/* The direction of the first move from node s to node t (s != t). */
static int first_move(const wf_cpd *c, uint32_t s, uint32_t t) {
    const uint32_t *r = c->runs + c->first[s];
    uint32_t lo = 0, hi = c->first[s + 1] - c->first[s];
    /* the last run starting at or before t; run 0 starts at 0 */
    while (hi - lo > 1) {
        const uint32_t mid = lo + (hi - lo) / 2;
        if (WF__CPD_RUN_START(r[mid]) <= t)
            lo = mid;
        else
            hi = mid;
    }
    return WF__CPD_RUN_DIR(r[lo]);
}

/* The nodes of from and to, after the checks every query shares. */
static wf_status ends(const wf_cpd *c, const wf_grid *g, wf_point from,
                      wf_point to, uint32_t *s, uint32_t *t) {
    wf_status st = c ? wf__made_for_current(&c->unit, g) : WF_E_INVALID_ARG;
    if (st != WF_OK)
        return st;
    if (!wf_grid_contains(g, from.x, from.y) ||
        !wf_grid_contains(g, to.x, to.y))
        return WF_E_RANGE;
    *s = c->node_of[(size_t)from.y * (size_t)c->unit.width + (size_t)from.x];
    *t = c->node_of[(size_t)to.y * (size_t)c->unit.width + (size_t)to.x];
    if (*s == WF__CPD_NO_NODE || *t == WF__CPD_NO_NODE ||
        c->comp[*s] != c->comp[*t])
        return WF_NO_PATH;
    return WF_OK;
}

wf_status wf_cpd_next(const wf_cpd *c, const wf_grid *g, wf_point from,
                      wf_point to, wf_point *next) {
    if (!next)
        return WF_E_INVALID_ARG;
    uint32_t s, t;
    wf_status st = ends(c, g, from, to, &s, &t);
    if (st != WF_OK)
        return st;
    *next = from;
    if (s != t) {
        const int d = first_move(c, s, t);
        next->x += wf__dir_dx[d];
        next->y += wf__dir_dy[d];
    }
    return WF_OK;
}

wf_status wf_cpd_path(const wf_cpd *c, const wf_grid *g, wf_point from,
                      wf_point to, wf_path *out) {
    if (!out)
        return WF_E_INVALID_ARG;
    out->count = 0;
    out->cost = 0;
    memset(&out->stats, 0, sizeof out->stats);
    uint32_t s, t;
    wf_status st = ends(c, g, from, to, &s, &t);
    if (st != WF_OK)
        return st;
    /* A cheapest path visits each node at most once. */
    size_t n = 1;
    wf_point p = from;
    double cost = 0;
    const size_t W = (size_t)c->unit.width;
    for (;;) {
        if (n > c->nodes)
            return WF_E_INVALID_ARG; /* cannot happen for a built table */
        if ((st = wf__path_grow(out, n)) != WF_OK)
            return st;
        out->points[n - 1] = p;
        if (s == t)
            break;
        const int d = first_move(c, s, t);
        out->stats.expanded++;
        p.x += wf__dir_dx[d];
        p.y += wf__dir_dy[d];
        const size_t cell = (size_t)p.y * W + (size_t)p.x;
        cost += (d < 4 ? 1.0 : WF_SQRT2) * c->unit.cost[g->terrain[cell]];
        s = c->node_of[cell];
        n++;
    }
    out->count = n;
    out->cost = cost;
    return WF_OK;
}

wf_status wf_cpd_describe(const wf_cpd *c, wf_cpd_info *info) {
    if (!c || !info)
        return WF_E_INVALID_ARG;
    info->nodes = c->nodes;
    info->runs = c->run_count;
    info->bytes = sizeof *c + c->unit.cells * sizeof *c->node_of +
                  ((size_t)c->nodes + 1) * sizeof *c->comp +
                  ((size_t)c->nodes + 1) * sizeof *c->first +
                  c->run_cap * sizeof *c->runs;
    return WF_OK;
}
