/* The nearest point of a mesh to a point off it (a click beside a wall):
 * the point buckets are searched ring by ring outwards from the point's
 * bucket until the next ring lies farther than the best point found (in
 * a tiled mesh, the tiles ring by ring, each through its buckets); the
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

/* The polygons of bucket (x, y) of m, if it is one, against the best so
 * far (m's polygons numbered from base). */
static void scan(const wf_mesh *m, uint32_t base, int64_t x, int64_t y,
                 near *n) {
    if (y < 0 || x < 0 || y >= m->bh || x >= m->bw)
        return;
    const size_t b = (size_t)y * m->bw + (size_t)x;
    for (uint32_t i = m->bstart[b]; i < m->bstart[b + 1]; i++) {
        double cx = 0, cy = 0;
        const uint32_t q = m->bpoly[i];
        const double d = nearest_in(m, q, n->p, &cx, &cy);
        const long id = (long)base + (long)q;
        if (d < n->best || (d == n->best && id < n->poly))
            n->best = d, n->x = cx, n->y = cy, n->poly = id;
    }
}

/* A lower bound of the distance from p to the cells of ring r round p's
 * cell of a grid of w × h cells of `side` units from o: how far p lies
 * outside the grid's box, or r - 1 cells. */
static double ring_bound(wf__mpt p, wf__mpt o, double side, int64_t w,
                         int64_t h, int64_t r) {
    const double ox = fmax((double)o.x - p.x, (double)p.x - (o.x + w * side));
    const double oy = fmax((double)o.y - p.y, (double)p.y - (o.y + h * side));
    return fmax(hypot(fmax(ox, 0), fmax(oy, 0)), (double)(r - 1) * side);
}

/* Calls visit on every cell of ring r round (cx, cy): the cells at
 * Chebyshev distance r (the grid's bounds are visit's to check). */
static void ring(int64_t cx, int64_t cy, int64_t r,
                 void (*visit)(const wf_mesh *, const void *, int64_t,
                               int64_t, near *),
                 const wf_mesh *m, const void *ctx, near *n) {
    for (int64_t x = cx - r; x <= cx + r; x++) {
        visit(m, ctx, x, cy - r, n);
        if (r)
            visit(m, ctx, x, cy + r, n);
    }
    for (int64_t y = cy - r + 1; y <= cy + r - 1; y++) {
        visit(m, ctx, cx - r, y, n);
        visit(m, ctx, cx + r, y, n);
    }
}

/* The cell of p on a grid of w × h cells of `side` units from o, clamped
 * onto the grid. */
static void cell_of(wf__mpt p, wf__mpt o, double side, int64_t w, int64_t h,
                    int64_t *cx, int64_t *cy) {
    int64_t x = (int64_t)floor(((double)p.x - o.x) / side);
    int64_t y = (int64_t)floor(((double)p.y - o.y) / side);
    *cx = x < 0 ? 0 : x >= w ? w - 1 : x;
    *cy = y < 0 ? 0 : y >= h ? h - 1 : y;
}

static void visit_bucket(const wf_mesh *m, const void *base, int64_t x,
                         int64_t y, near *n) {
    scan(m, *(const uint32_t *)base, x, y, n);
}

/* The buckets of m (its polygons numbered from base), ring by ring
 * outwards from p's bucket while a ring may hold a nearer point. */
static void search(const wf_mesh *m, uint32_t base, near *n) {
    if (!m->np)
        return;
    const double side = (double)((int64_t)1 << m->bshift);
    const wf__mpt o = {m->bx0, m->by0};
    int64_t bx, by;
    cell_of(n->p, o, side, m->bw, m->bh, &bx, &by);
    const int64_t rings = m->bw > m->bh ? m->bw : m->bh;
    for (int64_t r = 0; r <= rings; r++) {
        if (r > 0 && ring_bound(n->p, o, side, m->bw, m->bh, r) > n->best)
            break;
        ring(bx, by, r, visit_bucket, m, &base, n);
    }
}

static void visit_tile(const wf_mesh *m, const void *unused, int64_t x,
                       int64_t y, near *n) {
    (void)unused;
    const struct wf__mtiles *t = m->tiles;
    if (y < 0 || x < 0 || y >= t->nty || x >= t->ntx)
        return;
    const wf__mtile *d = &t->tile[y * t->ntx + x];
    search(d->x, d->base, n);
}

/* A tiled mesh's tiles, ring by ring outwards from p's tile, each
 * searched through its own buckets. */
static void search_tiles(const wf_mesh *m, near *n) {
    const struct wf__mtiles *t = m->tiles;
    int64_t tx, ty;
    cell_of(n->p, t->origin, t->side, t->ntx, t->nty, &tx, &ty);
    const int64_t rings = t->ntx > t->nty ? t->ntx : t->nty;
    for (int64_t r = 0; r <= rings; r++) {
        if (r > 0 &&
            ring_bound(n->p, t->origin, t->side, t->ntx, t->nty, r) > n->best)
            break;
        ring(tx, ty, r, visit_tile, m, NULL, n);
    }
}

long wf_mesh_nearest(const wf_mesh *m, wf_vec2 p, wf_vec2 *out) {
    near n = {{0, 0}, INFINITY, 0, 0, -1};
    if (!m || !m->np || !wf__mesh_fix(m, p, &n.p))
        return -1;
    if (m->tiles)
        search_tiles(m, &n);
    else
        search(m, 0, &n);
    if (n.poly >= 0)
        snap(m, (uint32_t)n.poly, &n.x, &n.y);
    if (out && n.poly >= 0)
        *out = (wf_vec2){n.x / m->scale, n.y / m->scale};
    return n.poly;
}
