/* String pulling over a corridor (the funnel algorithm): the shortest path
 * from a point in the first polygon to a point in the last that crosses
 * each portal (the edge between two polygons in a row) in turn. A funnel
 * from its apex (the last corner the path bends round) is narrowed by the
 * portals' left and right ends; when one side's end passes over the
 * other side, the path bends round that other side's end, which becomes
 * the apex, and the portals after it are taken again. Every point is a
 * fixed-point corner or end and every test an exact orientation, so
 * collinear ends (common on grids) are decided exactly.
 *
 * A corridor that turns back on itself (into a polygon and straight back
 * out by the same edge) is a fold the funnel cannot follow: the shortest
 * path would touch the edge anywhere along it, not at an end. Folds are
 * cut first (..., p, q, p, ... becomes ..., p, ..., nested folds too),
 * which can only shorten the path and keeps it in the corridor. */
#include <math.h>

#include "mesh_internal.h"

/* The edge of polygon p whose far side is polygon r (an index in pvert),
 * WF__NONE when they are not neighbours. */
static uint32_t shared_edge(const wf_mesh *m, uint32_t p, uint32_t r) {
    for (uint32_t j = m->pstart[p]; j < m->pstart[p + 1]; j++)
        if (m->padj[j] == r)
            return j;
    return WF__NONE;
}

/* The corridor, folds cut, as polygon indices (exact in doubles) in the
 * x of chain[0 .. n). */
typedef struct funnel {
    const wf_mesh *m;
    const wf_vec2 *chain;
    size_t n;
    wf__mpt goal;
} funnel;

/* Cuts the folds of c (n polygons) into chain; returns how many are
 * left. A stack: a polygon equal to the one below the top undoes the
 * top. The first polygon stays, and the last left is c's last. */
static size_t cut_folds(const long *c, size_t n, wf_vec2 *chain) {
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (k >= 2 && chain[k - 2].x == (double)c[i])
            k--;
        else
            chain[k++].x = (double)c[i];
    }
    return k;
}

/* Portal i, 1 ≤ i ≤ n: the edge from chain[i - 1] into chain[i] for
 * i < n, the goal for i = n; its left and right ends as seen going
 * through. */
static void portal(const funnel *f, size_t i, wf__mpt *l, wf__mpt *r) {
    if (i == f->n) {
        *l = *r = f->goal;
        return;
    }
    const wf_mesh *m = f->m;
    const uint32_t p = (uint32_t)f->chain[i - 1].x;
    const uint32_t j = shared_edge(m, p, (uint32_t)f->chain[i].x);
    const uint32_t j1 = j + 1 < m->pstart[p + 1] ? j + 1 : m->pstart[p];
    /* p lies left of its edge j → j1: going out across it, j1 is left */
    *l = m->vert[m->pvert[j1]];
    *r = m->vert[m->pvert[j]];
}

static void put(wf_polyline *out, const wf_mesh *m, wf__mpt p) {
    out->points[out->count++] =
        (wf_vec2){(double)p.x / m->scale, (double)p.y / m->scale};
}

/* The funnel: its apex and the ends of its sides (0 the right, 1 the
 * left), with the portals they came from. */
typedef struct sides {
    wf__mpt apex, end[2];
    size_t at, from[2];
} sides;

/* Side k's end e of portal i: narrows the funnel unless it would widen
 * it; when it passes over the other side, the path bends round that
 * side's end, the new apex: returns 1. (For the left side every
 * orientation is mirrored.) */
static int narrow(sides *f, int k, wf__mpt e, size_t i) {
    const int64_t mirror = k ? -1 : 1;
    if (mirror * wf__orient(f->apex, f->end[k], e) < 0)
        return 0;
    if (mirror * wf__orient(f->apex, f->end[!k], e) <= 0) {
        f->end[k] = e, f->from[k] = i;
        return 0;
    }
    f->apex = f->end[k] = f->end[!k];
    f->at = f->from[k] = f->from[!k];
    return 1;
}

/* The corners of the path from s into out (room for n + 1 points: each
 * apex is the end of a later portal than the one before). */
static void pull(const funnel *f, wf__mpt s, wf_polyline *out) {
    sides w = {s, {s, s}, 0, {0, 0}};
    put(out, f->m, s);
    for (size_t i = 1; i <= f->n; i++) {
        wf__mpt e[2];
        portal(f, i, &e[1], &e[0]);
        for (int k = 0; k < 2; k++)
            if (narrow(&w, k, e[k], i)) {
                put(out, f->m, w.apex);
                i = w.at; /* the portals after the apex again */
                break;
            }
    }
    if (out->count == 1 || w.apex.x != f->goal.x || w.apex.y != f->goal.y)
        put(out, f->m, f->goal);
}

/* The corridor's polygons exist and follow each other across edges
 * (WF_E_INVALID_ARG otherwise); s is in the first, t in the last
 * (WF_NO_PATH otherwise). */
static wf_status check_corridor(const wf_mesh *m, const long *c, size_t n,
                                wf__mpt s, wf__mpt t) {
    for (size_t i = 0; i < n; i++) {
        if (c[i] < 0 || (unsigned long)c[i] >= m->np)
            return WF_E_INVALID_ARG;
        if (i && shared_edge(m, (uint32_t)c[i - 1], (uint32_t)c[i]) ==
                     WF__NONE)
            return WF_E_INVALID_ARG;
    }
    const wf__mpt zero = {0, 0};
    if (!wf__mesh_holds(m, (uint32_t)c[0], s, zero) ||
        !wf__mesh_holds(m, (uint32_t)c[n - 1], t, zero))
        return WF_NO_PATH;
    return WF_OK;
}

wf_status wf_mesh_funnel(const wf_mesh *m, const long *corridor, size_t n,
                         wf_vec2 from, wf_vec2 to, wf_polyline *out) {
    if (!out)
        return WF_E_INVALID_ARG;
    out->count = 0;
    out->length = out->cost = 0;
    memset(&out->stats, 0, sizeof out->stats);
    if (!m || !corridor || !n || !isfinite(from.x) || !isfinite(from.y) ||
        !isfinite(to.x) || !isfinite(to.y))
        return WF_E_INVALID_ARG;
    wf__mpt s, t;
    if (!wf__mesh_fix(m, from, &s) || !wf__mesh_fix(m, to, &t))
        return WF_E_RANGE;
    wf_status st = check_corridor(m, corridor, n, s, t);
    /* n + 1 points for the path, n for the corridor with its folds cut */
    if (st == WF_OK)
        st = n > SIZE_MAX / 2 - 1 ? WF_E_NOMEM
                                  : wf_polyline_reserve(out, 2 * n + 1);
    if (st != WF_OK)
        return st;
    wf_vec2 *chain = out->points + n + 1;
    const funnel f = {m, chain, cut_folds(corridor, n, chain), t};
    pull(&f, s, out);
    wf__mesh_measure(out, m->cost);
    return WF_OK;
}
