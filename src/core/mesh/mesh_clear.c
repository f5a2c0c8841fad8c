/* The last check of a mesh for a radius: a walkable triangle nearer than
 * r to a boundary edge is taken away. The edges are put in square
 * buckets (each in those its bounding box meets); a triangle looks at the
 * buckets its bounding box, grown by r, meets. Distances are in doubles
 * on fixed-point coordinates below 2^28, a relative error near 1e-16:
 * far below the units of margin a correct triangle keeps. */
#include <math.h>

#include "mesh_internal.h"

typedef struct buckets {
    int64_t x0, y0;
    unsigned shift;
    uint32_t w, h;
    uint32_t *start, *edge; /* bucket i: edge[start[i] .. start[i + 1]) */
    size_t nb, nref;
} buckets;

/* The buckets (clamped to the grid) a box from (x0, y0) to (x1, y1)
 * meets, into out[4] as x from, y from, x to, y to. */
static void span(const buckets *g, double x0, double y0, double x1,
                 double y1, int64_t out[4]) {
    const double lo[2] = {x0, y0}, hi[2] = {x1, y1};
    const int64_t o[2] = {g->x0, g->y0}, n[2] = {g->w, g->h};
    for (int a = 0; a < 2; a++) {
        const double side = (double)((int64_t)1 << g->shift);
        double f = floor((lo[a] - (double)o[a]) / side);
        double t = floor((hi[a] - (double)o[a]) / side);
        f = f < 0 ? 0 : f > (double)(n[a] - 1) ? (double)(n[a] - 1) : f;
        t = t < 0 ? 0 : t > (double)(n[a] - 1) ? (double)(n[a] - 1) : t;
        out[a] = (int64_t)f;
        out[2 + a] = (int64_t)t;
    }
}

static void edge_box(const wf__mpt *e, double b[4]) {
    b[0] = fmin(e[0].x, e[1].x), b[1] = fmin(e[0].y, e[1].y);
    b[2] = fmax(e[0].x, e[1].x), b[3] = fmax(e[0].y, e[1].y);
}

/* Buckets of side 2^shift, the least at least r with at most about four
 * buckets per edge, over the edges' box. */
static wf_status fill(buckets *g, const wf_allocator *a,
                      const wf__mpt (*edge)[2], size_t n, double r) {
    int64_t x0 = INT64_MAX, y0 = INT64_MAX, x1 = INT64_MIN, y1 = INT64_MIN;
    for (size_t i = 0; i < n; i++)
        for (int k = 0; k < 2; k++) {
            x0 = edge[i][k].x < x0 ? edge[i][k].x : x0;
            y0 = edge[i][k].y < y0 ? edge[i][k].y : y0;
            x1 = edge[i][k].x > x1 ? edge[i][k].x : x1;
            y1 = edge[i][k].y > y1 ? edge[i][k].y : y1;
        }
    g->x0 = x0, g->y0 = y0, g->shift = 0;
    while ((double)((int64_t)1 << g->shift) < r ||
           (double)(((x1 - x0) >> g->shift) + 1) *
                   (double)(((y1 - y0) >> g->shift) + 1) > 4.0 * (double)n + 64)
        g->shift++;
    g->w = (uint32_t)(((x1 - x0) >> g->shift) + 1);
    g->h = (uint32_t)(((y1 - y0) >> g->shift) + 1);
    g->nb = (size_t)g->w * g->h;
    g->start = wf__alloc(a, (g->nb + 1) * sizeof *g->start);
    if (!g->start)
        return WF_E_NOMEM;
    memset(g->start, 0, (g->nb + 1) * sizeof *g->start);
    for (int pass = 0; pass < 2; pass++) {
        for (size_t i = 0; i < n; i++) {
            double b[4];
            int64_t s[4];
            edge_box(edge[i], b);
            span(g, b[0], b[1], b[2], b[3], s);
            for (int64_t y = s[1]; y <= s[3]; y++)
                for (int64_t x = s[0]; x <= s[2]; x++) {
                    const size_t k = (size_t)y * g->w + (size_t)x;
                    if (pass == 0)
                        g->start[k + 1]++;
                    else
                        g->edge[g->start[k]++] = (uint32_t)i;
                }
        }
        if (pass == 0) {
            for (size_t k = 0; k < g->nb; k++)
                g->start[k + 1] += g->start[k];
            g->nref = g->start[g->nb];
            g->edge = wf__alloc(a, g->nref * sizeof *g->edge + 1);
            if (!g->edge)
                return WF_E_NOMEM;
        } else {
            for (size_t k = g->nb; k > 0; k--)
                g->start[k] = g->start[k - 1];
            g->start[0] = 0;
        }
    }
    return WF_OK;
}

/* The squared distance from p to segment a–b. */
static double point_edge(wf__mpt p, wf__mpt a, wf__mpt b) {
    const double dx = (double)b.x - a.x, dy = (double)b.y - a.y;
    const double px = (double)p.x - a.x, py = (double)p.y - a.y;
    const double l2 = dx * dx + dy * dy;
    double t = l2 > 0 ? (px * dx + py * dy) / l2 : 0;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    return (t * dx - px) * (t * dx - px) + (t * dy - py) * (t * dy - py);
}

/* Do the closed segments a–b and c–d meet? (exact) */
static int meet(wf__mpt a, wf__mpt b, wf__mpt c, wf__mpt d) {
    const int s1 = wf__sign64(wf__orient(a, b, c));
    const int s2 = wf__sign64(wf__orient(a, b, d));
    const int s3 = wf__sign64(wf__orient(c, d, a));
    const int s4 = wf__sign64(wf__orient(c, d, b));
    if (s1 * s2 < 0 && s3 * s4 < 0)
        return 1;
    return point_edge(c, a, b) == 0 || point_edge(d, a, b) == 0 ||
           point_edge(a, c, d) == 0 || point_edge(b, c, d) == 0;
}

/* Is triangle v (counter-clockwise) nearer than r to edge e? */
static int nearer(const wf__mpt v[3], const wf__mpt *e, double r) {
    const double r2 = r * r;
    int inside = 1;
    for (int k = 0; k < 3; k++) {
        const wf__mpt p = v[k], q = v[(k + 1) % 3];
        inside &= wf__orient(p, q, e[0]) >= 0;
        if (meet(p, q, e[0], e[1]) || point_edge(p, e[0], e[1]) < r2 ||
            point_edge(e[0], p, q) < r2 || point_edge(e[1], p, q) < r2)
            return 1;
    }
    return inside;
}

/* Is triangle t nearer than r to an edge of its buckets? */
static int near(const wf__cdt *c, const buckets *g, const wf__mpt (*edge)[2],
                uint32_t t, double r) {
    const wf__mpt v[3] = {c->p[c->t[t].v[0]], c->p[c->t[t].v[1]],
                          c->p[c->t[t].v[2]]};
    const double lo[2] = {fmin(v[0].x, fmin(v[1].x, v[2].x)) - r,
                          fmin(v[0].y, fmin(v[1].y, v[2].y)) - r};
    const double hi[2] = {fmax(v[0].x, fmax(v[1].x, v[2].x)) + r,
                          fmax(v[0].y, fmax(v[1].y, v[2].y)) + r};
    int64_t s[4];
    span(g, lo[0], lo[1], hi[0], hi[1], s);
    for (int64_t y = s[1]; y <= s[3]; y++)
        for (int64_t x = s[0]; x <= s[2]; x++) {
            const size_t k = (size_t)y * g->w + (size_t)x;
            for (uint32_t i = g->start[k]; i < g->start[k + 1]; i++) {
                double b[4];
                edge_box(edge[g->edge[i]], b);
                if (b[2] >= lo[0] && b[0] <= hi[0] && b[3] >= lo[1] &&
                    b[1] <= hi[1] && nearer(v, edge[g->edge[i]], r))
                    return 1;
            }
        }
    return 0;
}

wf_status wf__cdt_keep_clear(wf__cdt *c, const wf__mpt (*edge)[2], size_t n,
                              double r, size_t *removed) {
    buckets g;
    memset(&g, 0, sizeof g);
    wf_status s = fill(&g, &c->alloc, edge, n, r);
    for (uint32_t t = 0; s == WF_OK && t < c->nt; t++)
        if (c->t[t].in && near(c, &g, edge, t, r)) {
            c->t[t].in = 0;
            (*removed)++;
        }
    wf__free(&c->alloc, g.start, g.start ? (g.nb + 1) * sizeof *g.start : 0);
    wf__free(&c->alloc, g.edge, g.edge ? g.nref * sizeof *g.edge + 1 : 0);
    return s;
}
