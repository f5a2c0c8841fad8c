/* The ground a unit of radius r fits in (wf_mesh_opts.radius): what lies
 * within r of a boundary edge of the classified outlines (an edge with
 * ground on its left only) is taken away, by two kinds of convex
 * polygons: on each boundary edge, a strip as long as the edge on its
 * ground side, as high as the rim of the polygon P of SIDES sides round
 * the circle of radius r + MARGIN + 1 units (a side's normal along each
 * axis) is in the edge's normal direction; and at each corner where the
 * boundary turns away from the ground, a fan: the part of P round the
 * corner between the two edges' normals. A point of the ground within r
 * of the boundary is within r of a nearest point on it; that point lies
 * inside an edge (then the point is in that edge's strip) or is a corner
 * (then it is in a fan, or in the strip of an edge the direction to it is
 * square to). Every point is rounded to the lattice, which moves a side
 * 0.71 units at most: so the polygons hold everything within r + MARGIN,
 * and they lie within P swept along the edges (capsules, 1.96 % beyond
 * r at P's corners).
 *
 * The triangulation is made again from the boundary edges (weighed 1 in
 * the first count, ground on their left) and the polygons' sides (1 in
 * the second count, inside on their left) as constraints that may cross
 * (cdt_cross.c); counting from the box, a triangle is walkable when the
 * first count is positive and the second zero, so the polygons' union
 * comes from the counts adding up, however they overlap. The margin
 * absorbs the bends where sides cross (0.71 units as a rule); a last check
 * removes any walkable triangle nearer than r to a boundary edge, so the
 * clearance holds whatever a bend did (tests count them: none so far). */
#include <math.h>
#include <stdlib.h>

#include "mesh_internal.h"

#define SIDES 16
#define MARGIN 3
#define PI 3.14159265358979323846
/* points of one edge's block: its ends, its strip's far corners, its fan */
#define BLOCK (4 + 1 + SIDES / 2 + 1)

typedef struct inflate {
    wf_allocator alloc;
    double rho;          /* P's inner radius, units */
    wf__mpt (*edge)[2];  /* the boundary edges, ground on their left */
    size_t ne;
    wf__mpt *pt;         /* per edge: a, b, b + o, a + o, then its fan's */
    uint32_t *start;     /* edge i's: pt[start[i] .. start[i + 1]) */
    uint32_t *ids;
    size_t cap;          /* of pt and ids */
} inflate;

/* The point of P's rim in direction (x, y), as an offset rounded to the
 * lattice. */
static wf__mpt rim(const inflate *f, double x, double y) {
    const double step = 2 * PI / SIDES, t = atan2(y, x);
    const double far = f->rho / cos(t - step * floor(t / step + 0.5));
    const double len = hypot(x, y);
    return (wf__mpt){(int32_t)floor(x / len * far + 0.5),
                     (int32_t)floor(y / len * far + 0.5)};
}

/* The boundary edge leaving point v = the end of edge k of inside
 * triangle t (a boundary edge) that bounds the same ground round v: its
 * far end, found by turning clockwise round v through inside triangles. */
static uint32_t next_edge(const wf__cdt *c, uint32_t t, int k) {
    const uint32_t v = c->t[t].v[(k + 1) % 3];
    for (;;) {
        const wf__tri *x = &c->t[t];
        const int i = x->v[0] == v ? 0 : x->v[1] == v ? 1 : 2;
        const uint32_t u = x->nb[i];
        if (u == WF__NONE || !c->t[u].in)
            return x->v[(i + 1) % 3];
        t = u;
    }
}

/* The strip of edge a → b and, when the boundary turns right at b
 * (towards y), the fan round b: into out (BLOCK points at most); returns
 * how many. */
static size_t block(const inflate *f, wf__mpt a, wf__mpt b, wf__mpt y,
                    wf__mpt *out) {
    const double ix = -((double)b.y - a.y), iy = (double)b.x - a.x;
    const double ox = -((double)y.y - b.y), oy = (double)y.x - b.x;
    const wf__mpt oi = rim(f, ix, iy);
    out[0] = a, out[1] = b;
    out[2] = (wf__mpt){b.x + oi.x, b.y + oi.y};
    out[3] = (wf__mpt){a.x + oi.x, a.y + oi.y};
    if (wf__orient(a, b, y) >= 0) /* a left turn or none: strips overlap */
        return 4;
    /* from the normal out of b CCW to the normal into it, P's corners */
    const wf__mpt oo = rim(f, ox, oy);
    out[4] = (wf__mpt){b.x + oo.x, b.y + oo.y};
    int n = 1;
    const double step = 2 * PI / SIDES, far = f->rho / cos(PI / SIDES);
    const double from = atan2(oy, ox);
    const double span = fmod(atan2(iy, ix) - from + 4 * PI, 2 * PI);
    /* corner j is at PI / SIDES + j step: the first one past `from` on */
    int j = (int)floor((from - PI / SIDES) / step) + 1;
    for (int m = 0; m < SIDES; m++, j++) {
        const double at = PI / SIDES + j * step;
        if (at <= from)
            continue;
        if (at - from >= span)
            break;
        out[4 + n++] = (wf__mpt){b.x + (int32_t)floor(far * cos(at) + 0.5),
                                 b.y + (int32_t)floor(far * sin(at) + 0.5)};
    }
    return 4 + (size_t)n;
}

/* The boundary edges of c, then every point to triangulate: each edge's
 * block. */
static wf_status gather(inflate *f, const wf__cdt *c) {
    f->ne = 0;
    for (uint32_t t = 0; t < c->nt; t++)
        for (int k = 0; c->t[t].in && k < 3; k++) {
            const uint32_t u = c->t[t].nb[k];
            f->ne += u == WF__NONE || !c->t[u].in;
        }
    f->edge = wf__alloc(&f->alloc, f->ne * sizeof *f->edge + 1);
    f->start = wf__alloc(&f->alloc, (f->ne + 1) * sizeof *f->start);
    f->cap = f->ne * BLOCK;
    f->pt = wf__alloc(&f->alloc, f->cap * sizeof *f->pt + 1);
    f->ids = wf__alloc(&f->alloc, f->cap * sizeof *f->ids + 1);
    if (!f->edge || !f->start || !f->pt || !f->ids)
        return WF_E_NOMEM;
    size_t e = 0, n = 0;
    for (uint32_t t = 0; t < c->nt; t++)
        for (int k = 0; c->t[t].in && k < 3; k++) {
            const uint32_t u = c->t[t].nb[k];
            if (u != WF__NONE && c->t[u].in)
                continue;
            const wf__mpt a = c->p[c->t[t].v[k]], b = c->p[c->t[t].v[(k + 1) % 3]];
            f->edge[e][0] = a, f->edge[e][1] = b;
            f->start[e++] = (uint32_t)n;
            n += block(f, a, b, c->p[next_edge(c, t, k)], f->pt + n);
        }
    f->start[e] = (uint32_t)n;
    return WF_OK;
}

/* A segment by its points (lo < hi) and weights along lo → hi. */
typedef struct wseg {
    uint32_t lo, hi;
    int32_t w[2];
} wseg;

static int wseg_cmp(const void *a, const void *b) {
    const wseg *x = a, *y = b;
    if (x->lo != y->lo)
        return x->lo < y->lo ? -1 : 1;
    return (x->hi > y->hi) - (x->hi < y->hi);
}

static void put(wseg *s, size_t *n, uint32_t a, uint32_t b, int32_t w0,
                int32_t w1) {
    if (a != b)
        s[(*n)++] = a < b ? (wseg){a, b, {w0, w1}} : (wseg){b, a, {-w0, -w1}};
}

/* Every boundary edge (1 in count 0) and side of a strip or fan (1 in
 * count 1), each segment once with the weights of all its copies: an
 * edge is its strip's side, a fan shares its sides with two strips (there
 * the weights cancel), and copies made apart would bend apart. */
static wseg *segments(const inflate *f, size_t *n) {
    wseg *s = wf__alloc(&f->alloc, f->ne * (BLOCK + 2) * sizeof *s + 1);
    if (!s)
        return NULL;
    *n = 0;
    for (size_t i = 0; i < f->ne; i++) {
        const uint32_t *id = f->ids + f->start[i];
        const uint32_t fan = f->start[i + 1] - f->start[i] - 4;
        put(s, n, id[0], id[1], 1, 0);
        for (int j = 0; j < 4; j++)
            put(s, n, id[j], id[(j + 1) % 4], 0, 1);
        if (!fan)
            continue;
        put(s, n, id[1], id[4], 0, 1);
        for (uint32_t j = 0; j + 1 < fan; j++)
            put(s, n, id[4 + j], id[5 + j], 0, 1);
        put(s, n, id[3 + fan], id[2], 0, 1);
        put(s, n, id[2], id[1], 0, 1);
    }
    qsort(s, *n, sizeof *s, wseg_cmp);
    size_t m = 0;
    for (size_t i = 0; i < *n; i++) {
        if (m && s[m - 1].lo == s[i].lo && s[m - 1].hi == s[i].hi) {
            s[m - 1].w[0] += s[i].w[0], s[m - 1].w[1] += s[i].w[1];
            m -= !s[m - 1].w[0] && !s[m - 1].w[1];
        } else {
            s[m++] = s[i];
        }
    }
    *n = m;
    return s;
}

/* Every segment as a constraint that may cross, and the triangles
 * classified by the counts they give them. */
static wf_status weigh(inflate *f, wf__cdt *c, wf__inflated *met) {
    size_t ns = 0;
    wseg *seg = segments(f, &ns);
    wf__cross x;
    wf_status s = seg ? wf__cross_init(&x, c, ns) : WF_E_NOMEM;
    for (size_t i = 0; s == WF_OK && i < ns; i++)
        s = wf__cross_add(&x, seg[i].lo, seg[i].hi, seg[i].w[0], seg[i].w[1]);
    wf__free(&f->alloc, seg, seg ? f->ne * (BLOCK + 2) * sizeof *seg + 1 : 0);
    if (!seg)
        return s;
    if (s == WF_OK)
        s = wf__cross_count(&x);
    met->crossings = x.crossings;
    met->loose = x.loose;
    wf__cross_free(&x);
    return s;
}

static void release(inflate *f) {
    wf__free(&f->alloc, f->edge, f->edge ? f->ne * sizeof *f->edge + 1 : 0);
    wf__free(&f->alloc, f->start,
             f->start ? (f->ne + 1) * sizeof *f->start : 0);
    wf__free(&f->alloc, f->pt, f->pt ? f->cap * sizeof *f->pt + 1 : 0);
    wf__free(&f->alloc, f->ids, f->ids ? f->cap * sizeof *f->ids + 1 : 0);
}

wf_status wf__mesh_inflate(wf__cdt *c, double r, wf__inflated *met) {
    inflate f;
    memset(&f, 0, sizeof f);
    f.alloc = c->alloc;
    f.rho = r + MARGIN + 1;
    wf_status s = gather(&f, c);
    if (s == WF_OK && f.ne == 0) { /* no ground: nothing to take away */
        release(&f);
        return WF_OK;
    }
    if (s == WF_OK && f.cap > WF__NONE / 8)
        s = WF_E_TOO_BIG;
    wf__cdt_free(c);
    if (s == WF_OK)
        s = wf__cdt_of(c, &f.alloc, f.pt, f.start[f.ne], f.ids);
    if (s == WF_OK)
        s = weigh(&f, c, met);
    if (s == WF_OK)
        s = wf__cdt_keep_clear(c, (const wf__mpt(*)[2])f.edge, f.ne, r,
                               &met->removed);
    release(&f);
    return s;
}
