/* The nearest point of a mesh to a point off it (a click beside a wall):
 * the point buckets are searched ring by ring outwards from the point's
 * bucket until the next ring lies farther than the best point found; the
 * point is then moved to a lattice point of its polygon, so that a query
 * from it finds it on the mesh. */
#include <math.h>

#include "mesh_internal.h"

/* The point of segment a-b nearest to p (doubles, fixed-point units). */
static void closest_on(double ax, double ay, double bx, double by, double px,
                       double py, double *x, double *y) {
    const double dx = bx - ax, dy = by - ay, l2 = dx * dx + dy * dy;
    double t = l2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / l2 : 0;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    *x = ax + t * dx;
    *y = ay + t * dy;
}

/* Polygon q's point nearest to p: p itself when inside. */
static double nearest_in(const wf_mesh *m, uint32_t q, wf__mpt p, double *x,
                         double *y) {
    const uint32_t s = m->pstart[q], e = m->pstart[q + 1];
    int inside = 1;
    double best = INFINITY;
    for (uint32_t j = s; j < e; j++) {
        const wf__mpt u = m->vert[m->pvert[j]];
        const wf__mpt w = m->vert[m->pvert[j + 1 < e ? j + 1 : s]];
        inside &= wf__orient(u, w, p) >= 0;
        double cx, cy;
        closest_on(u.x, u.y, w.x, w.y, p.x, p.y, &cx, &cy);
        const double d = hypot(cx - p.x, cy - p.y);
        if (d < best)
            best = d, *x = cx, *y = cy;
    }
    if (inside) {
        *x = p.x, *y = p.y;
        return 0;
    }
    return best;
}

/* The point (x, y) of polygon q moved to a lattice point of q, so that it
 * is on the mesh as a query rounds it: the nearest of the nine round it
 * that q holds, else q's nearest corner. */
static void snap(const wf_mesh *m, uint32_t q, double *x, double *y) {
    const int64_t x0 = (int64_t)floor(*x + 0.5), y0 = (int64_t)floor(*y + 0.5);
    double best = INFINITY, bx = *x, by = *y;
    for (int k = 0; k < 9; k++) {
        const wf__mpt c = {(int32_t)(x0 + k % 3 - 1),
                           (int32_t)(y0 + k / 3 - 1)};
        const double d = hypot(c.x - *x, c.y - *y);
        if (d < best && wf__mesh_holds(m, q, c, (wf__mpt){0, 0}))
            best = d, bx = c.x, by = c.y;
    }
    const int sliver = best == INFINITY;
    for (uint32_t j = m->pstart[q]; sliver && j < m->pstart[q + 1]; j++) {
        const wf__mpt c = m->vert[m->pvert[j]];
        const double d = hypot(c.x - *x, c.y - *y);
        if (d < best)
            best = d, bx = c.x, by = c.y;
    }
    *x = bx, *y = by;
}

typedef struct near {
    wf__mpt p;
    double best, x, y;
    long poly;
} near;

/* The polygons of bucket (x, y), if it is one, against the best so far. */
static void scan(const wf_mesh *m, int64_t x, int64_t y, near *n) {
    if (y < 0 || x < 0 || y >= m->bh || x >= m->bw)
        return;
    const size_t b = (size_t)y * m->bw + (size_t)x;
    for (uint32_t i = m->bstart[b]; i < m->bstart[b + 1]; i++) {
        double cx = 0, cy = 0;
        const uint32_t q = m->bpoly[i];
        const double d = nearest_in(m, q, n->p, &cx, &cy);
        if (d < n->best || (d == n->best && (long)q < n->poly))
            n->best = d, n->x = cx, n->y = cy, n->poly = (long)q;
    }
}

long wf_mesh_nearest(const wf_mesh *m, wf_vec2 p, wf_vec2 *out) {
    near n = {{0, 0}, INFINITY, 0, 0, -1};
    if (!m || !m->np || !wf__mesh_fix(m, p, &n.p))
        return -1;
    /* the bucket of p, clamped onto the grid of buckets */
    const double side = (double)((int64_t)1 << m->bshift);
    int64_t bx = ((int64_t)n.p.x - m->bx0) >> m->bshift;
    int64_t by = ((int64_t)n.p.y - m->by0) >> m->bshift;
    bx = bx < 0 ? 0 : bx >= m->bw ? m->bw - 1 : bx;
    by = by < 0 ? 0 : by >= m->bh ? m->bh - 1 : by;
    /* how far p lies outside the buckets' box */
    const double ox = fmax((double)m->bx0 - n.p.x,
                           (double)n.p.x - (m->bx0 + m->bw * side));
    const double oy = fmax((double)m->by0 - n.p.y,
                           (double)n.p.y - (m->by0 + m->bh * side));
    const double outside = hypot(fmax(ox, 0), fmax(oy, 0));
    const int64_t rings = m->bw > m->bh ? m->bw : m->bh;
    for (int64_t r = 0; r <= rings; r++) {
        /* every point of ring r is (r - 1) buckets away or more, and no
           nearer than the buckets' box */
        if (r > 0 && fmax(outside, (double)(r - 1) * side) > n.best)
            break;
        for (int64_t x = bx - r; x <= bx + r; x++) {
            scan(m, x, by - r, &n);
            if (r)
                scan(m, x, by + r, &n);
        }
        for (int64_t y = by - r + 1; y <= by + r - 1; y++) {
            scan(m, bx - r, y, &n);
            scan(m, bx + r, y, &n);
        }
    }
    if (n.poly >= 0)
        snap(m, (uint32_t)n.poly, &n.x, &n.y);
    if (out && n.poly >= 0)
        *out = (wf_vec2){n.x / m->scale, n.y / m->scale};
    return n.poly;
}
