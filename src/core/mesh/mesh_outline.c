/* wf_mesh_from_outlines: closed outlines in world units become the
 * constraints of a triangulation; a triangle is walkable when it lies
 * inside a walkable outline and inside no obstacle, and the walkable
 * triangles are merged into the mesh's polygons.
 *
 * The points are rounded to a fixed point (a power of two per world unit
 * unless the caller sets the scale), so every later decision is exact.
 * Outlines may touch and run along each other; a segment crossing
 * another (or its own outline) is refused, naming both. Which outlines
 * hold a triangle is counted, not told by parity: every outline edge
 * records, for the triangles on either side of each of its pieces, how
 * many walkable and obstacle outlines are entered by crossing it, and a
 * fill from outside the box adds these up. So outlines may be nested,
 * side by side or overlap along edges in any combination. */
#include <math.h>
#include <stdio.h>

#include "mesh_internal.h"

/* The fixed-point coordinates stay below 2^26 in size (the box round
 * them below 2^27): a query point may then lie well beyond them. */
#define FIX_MAX 67108864.0

typedef struct ring {
    size_t start, n; /* its ids, ids[start .. start + n), counter-clockwise */
} ring;

typedef struct build {
    wf__cdt c;
    const wf_outline *o;
    size_t n;
    double scale;
    uint32_t *ids;
    size_t nids;
    ring *r;
    int32_t *delta;  /* per triangle edge 3t + k, two counts: walkable and
                        obstacle outlines entered by crossing it from t */
    int32_t *count;  /* per triangle: the two counts inside it */
    wf_diag *diag;
} build;

static void name(const build *b, size_t i, char *buf, size_t size) {
    if (b->o[i].name && b->o[i].name[0])
        snprintf(buf, size, "%s", b->o[i].name);
    else
        snprintf(buf, size, "outline %zu", i + 1);
}

static wf_status fail(build *b, size_t i, wf_status st, const char *what) {
    char n[128];
    name(b, i, n, sizeof n);
    wf__diag_set(b->diag, "", 0, 0, "%s %s", n, what);
    return st;
}

/* Checks the outlines and picks the scale (opts may be NULL). */
static wf_status check(build *b, const wf_mesh_opts *opts) {
    double big = 0;
    int walkable = 0;
    for (size_t i = 0; i < b->n; i++) {
        const wf_outline *o = &b->o[i];
        if (o->kind != WF_OUTLINE_WALKABLE && o->kind != WF_OUTLINE_OBSTACLE)
            return fail(b, i, WF_E_INVALID_ARG, "has an unknown kind");
        if (!o->points || o->count < 3)
            return fail(b, i, WF_E_INVALID_ARG,
                        "has fewer than 3 points: an outline is a closed "
                        "ring of at least 3");
        for (size_t j = 0; j < o->count; j++) {
            const double x = o->points[j].x, y = o->points[j].y;
            if (!isfinite(x) || !isfinite(y)) {
                char w[64];
                snprintf(w, sizeof w, "has point %zu not a finite number",
                         j + 1);
                return fail(b, i, WF_E_INVALID_ARG, w);
            }
            big = fmax(big, fmax(fabs(x), fabs(y)));
        }
        walkable |= o->kind == WF_OUTLINE_WALKABLE;
    }
    if (!walkable) {
        wf__diag_set(b->diag, "", 0, 0,
                     "no walkable outline: a mesh needs ground to walk on");
        return WF_E_INVALID_ARG;
    }
    b->scale = opts ? opts->scale : 0;
    if (b->scale == 0) {
        int e;
        frexp(big, &e); /* big < 2^e */
        b->scale = ldexp(1, big > 0 ? (26 - e < 1000 ? 26 - e : 1000) : 0);
    } else if (!(b->scale > 0) || !isfinite(b->scale) ||
               !(big * b->scale < FIX_MAX)) {
        wf__diag_set(b->diag, "", 0, 0,
                     "scale %g does not fit: it must be above 0 and keep "
                     "every coordinate (here up to %g) below %g units",
                     b->scale, big, FIX_MAX);
        return WF_E_INVALID_ARG;
    }
    return WF_OK;
}

/* Every point in fixed point, inserted; the box round them. */
static wf_status insert(build *b) {
    b->nids = 0;
    for (size_t i = 0; i < b->n; i++)
        b->nids += b->o[i].count;
    if (b->nids > WF__NONE / 8)
        return WF_E_TOO_BIG;
    wf__mpt *p = wf__alloc(&b->c.alloc, b->nids * sizeof *p + 1);
    b->ids = wf__alloc(&b->c.alloc, b->nids * sizeof *b->ids + 1);
    if (!p || !b->ids) {
        wf__free(&b->c.alloc, p, b->nids * sizeof *p + 1);
        return WF_E_NOMEM;
    }
    int32_t x0 = INT32_MAX, y0 = INT32_MAX, x1 = INT32_MIN, y1 = INT32_MIN;
    for (size_t i = 0, k = 0; i < b->n; i++)
        for (size_t j = 0; j < b->o[i].count; j++, k++) {
            const wf_vec2 w = b->o[i].points[j];
            p[k].x = (int32_t)floor(w.x * b->scale + 0.5);
            p[k].y = (int32_t)floor(w.y * b->scale + 0.5);
            x0 = p[k].x < x0 ? p[k].x : x0, x1 = p[k].x > x1 ? p[k].x : x1;
            y0 = p[k].y < y0 ? p[k].y : y0, y1 = p[k].y > y1 ? p[k].y : y1;
        }
    const int32_t pad = 2 + (x1 - x0 > y1 - y0 ? x1 - x0 : y1 - y0) / 8;
    const wf_allocator a = b->c.alloc;
    wf_status st = wf__cdt_init(&b->c, &a, x0 - pad, y0 - pad,
                                x1 + pad, y1 + pad, b->nids);
    unsigned shift = 0;
    while (((int64_t)(x1 - x0) >> shift) >= (1 << 21) ||
           ((int64_t)(y1 - y0) >> shift) >= (1 << 21))
        shift++;
    if (st == WF_OK)
        st = wf__cdt_insert_all(&b->c, p, b->nids, (wf__mpt){x0, y0}, shift,
                                b->ids);
    wf__free(&b->c.alloc, p, b->nids * sizeof *p + 1);
    return st;
}

/* Ring i without repeated points, turned counter-clockwise. */
static wf_status make_ring(build *b, size_t i, size_t start) {
    uint32_t *id = b->ids + start;
    size_t n = 0;
    for (size_t j = 0; j < b->o[i].count; j++)
        if (n == 0 || id[n - 1] != id[j])
            id[n++] = id[j];
    while (n > 1 && id[n - 1] == id[0])
        n--;
    /* the orientation at the lowest (then leftmost) corner, else by area */
    const wf__mpt *P = b->c.p;
    size_t lo = 0;
    double area = 0;
    for (size_t j = 0; j < n; j++) {
        const wf__mpt q = P[id[j]], l = P[id[lo]], s = P[id[(j + 1) % n]];
        if (q.y < l.y || (q.y == l.y && q.x < l.x))
            lo = j;
        area += (double)q.x * s.y - (double)s.x * q.y;
    }
    int64_t turn = n < 3 ? 0
                         : wf__orient(P[id[(lo + n - 1) % n]], P[id[lo]],
                                      P[id[(lo + 1) % n]]);
    if (turn == 0)
        turn = area > 0 ? 1 : area < 0 ? -1 : 0;
    if (n < 3 || turn == 0)
        return fail(b, i, WF_E_INVALID_ARG,
                    "has no area (at the mesh's fixed point)");
    for (size_t j = 0; turn < 0 && j < n / 2; j++) {
        const uint32_t t = id[j];
        id[j] = id[n - 1 - j];
        id[n - 1 - j] = t;
    }
    b->r[i] = (ring){start, n};
    return WF_OK;
}

/* Does segment a–b of the triangulation's points hold point p? */
static int holds(const wf__mpt *P, uint32_t a, uint32_t b, uint32_t p) {
    const wf__mpt A = P[a], B = P[b], Q = P[p];
    return wf__orient(A, B, Q) == 0 &&
           ((int64_t)Q.x - A.x) * ((int64_t)Q.x - B.x) <= 0 &&
           ((int64_t)Q.y - A.y) * ((int64_t)Q.y - B.y) <= 0;
}

/* Which of rings 0 to i has a segment holding both points p and q. */
static size_t owner(const build *b, size_t i, uint32_t p, uint32_t q) {
    const wf__mpt *P = b->c.p;
    for (size_t k = 0; k <= i; k++) {
        const ring *r = &b->r[k];
        for (size_t j = 0; j < r->n; j++) {
            const uint32_t s = b->ids[r->start + j],
                           t = b->ids[r->start + (j + 1) % r->n];
            if (holds(P, s, t, p) && holds(P, s, t, q))
                return k;
        }
    }
    return i;
}

/* The error for segment a–e of ring i crossing the constrained edge the
 * triangulation refused it at: whose edge that is, and where. */
static wf_status crossing(build *b, size_t i, uint32_t a, uint32_t e) {
    const wf__mpt *P = b->c.p;
    const uint32_t c0 = b->c.clash[0], c1 = b->c.clash[1];
    const size_t other = owner(b, i, c0, c1);
    const double d1x = P[e].x - P[a].x, d1y = P[e].y - P[a].y;
    const double d2x = P[c1].x - P[c0].x, d2y = P[c1].y - P[c0].y;
    const double den = d1x * d2y - d1y * d2x;
    const double s = den == 0 ? 0
                              : ((P[c0].x - P[a].x) * d2y -
                                 (P[c0].y - P[a].y) * d2x) / den;
    char n1[128], n2[128], msg[320];
    name(b, other, n2, sizeof n2);
    if (other == i)
        snprintf(n2, sizeof n2, "itself");
    name(b, i, n1, sizeof n1);
    snprintf(msg, sizeof msg, "crosses %s near (%g, %g): outlines may "
                              "touch but not cross",
             n2, (P[a].x + s * d1x) / b->scale, (P[a].y + s * d1y) / b->scale);
    wf__diag_set(b->diag, "", 0, 0, "%s %s", n1, msg);
    return WF_E_INVALID_ARG;
}

static wf_status constrain(build *b) {
    for (size_t i = 0; i < b->n; i++) {
        const ring *r = &b->r[i];
        for (size_t j = 0; j < r->n; j++) {
            const uint32_t a = b->ids[r->start + j],
                           e = b->ids[r->start + (j + 1) % r->n];
            wf_status st = wf__cdt_constrain(&b->c, a, e);
            if (st == WF_E_INVALID_ARG)
                return crossing(b, i, a, e);
            if (st != WF_OK)
                return st;
        }
    }
    return WF_OK;
}

/* The edge from point v towards b (the next piece of a constrained
 * segment ending at b): its triangle (on its left) and index in *k. */
static uint32_t piece(const wf__cdt *c, uint32_t v, uint32_t b, int *k) {
    const wf__mpt *P = c->p;
    uint32_t t = c->vt[v];
    for (;;) {
        const wf__tri *x = &c->t[t];
        const int i = x->v[0] == v ? 0 : x->v[1] == v ? 1 : 2;
        const uint32_t r = x->v[(i + 1) % 3];
        if (r == b || (wf__orient(P[v], P[b], P[r]) == 0 &&
                       ((int64_t)P[b].x - P[v].x) * (P[r].x - P[v].x) +
                               ((int64_t)P[b].y - P[v].y) *
                                   (P[r].y - P[v].y) >
                           0)) {
            *k = i;
            return t;
        }
        t = x->nb[(i + 2) % 3];
    }
}

/* Records each outline's edges in delta. */
static void edges(build *b) {
    for (size_t i = 0; i < b->n; i++) {
        const ring *r = &b->r[i];
        const int obstacle = b->o[i].kind == WF_OUTLINE_OBSTACLE;
        for (size_t j = 0; j < r->n; j++) {
            uint32_t v = b->ids[r->start + j];
            const uint32_t e = b->ids[r->start + (j + 1) % r->n];
            while (v != e) {
                int k;
                const uint32_t t = piece(&b->c, v, e, &k);
                const uint32_t u = b->c.t[t].nb[k];
                b->delta[2 * (3 * (size_t)t + k) + obstacle] -= 1;
                b->delta[2 * (3 * (size_t)u + wf__cdt_back(&b->c, u, t)) +
                         obstacle] += 1;
                v = b->c.t[t].v[(k + 1) % 3];
            }
        }
    }
}

/* The counts of every triangle by a fill from the box; in: walkable. */
static wf_status fill(build *b) {
    wf__cdt *c = &b->c;
    uint32_t *queue = wf__alloc(&c->alloc, (size_t)c->nt * sizeof *queue);
    uint8_t *seen = wf__alloc(&c->alloc, c->nt);
    if (queue && seen) {
        memset(seen, 0, c->nt);
        size_t head = 0, tail = 0;
        queue[tail++] = c->vt[0];
        seen[c->vt[0]] = 1;
        b->count[2 * c->vt[0]] = b->count[2 * c->vt[0] + 1] = 0;
        while (head < tail) {
            const uint32_t t = queue[head++];
            for (int k = 0; k < 3; k++) {
                const uint32_t u = c->t[t].nb[k];
                if (u == WF__NONE || seen[u])
                    continue;
                seen[u] = 1;
                for (int q = 0; q < 2; q++)
                    b->count[2 * u + q] = b->count[2 * t + q] +
                                          b->delta[2 * (3 * t + k) + q];
                queue[tail++] = u;
            }
        }
        for (uint32_t t = 0; t < c->nt; t++)
            c->t[t].in = b->count[2 * t] > 0 && b->count[2 * t + 1] == 0;
    }
    wf__free(&c->alloc, queue, (size_t)c->nt * sizeof *queue);
    wf__free(&c->alloc, seen, c->nt);
    return queue && seen ? WF_OK : WF_E_NOMEM;
}

/* An obstacle must lie in walkable ground; the mesh's boundary is where
 * walkable and blocked triangles meet. */
static wf_status finish(build *b) {
    wf__cdt *c = &b->c;
    for (size_t i = 0; i < b->n; i++) {
        if (b->o[i].kind != WF_OUTLINE_OBSTACLE)
            continue;
        int k;
        const uint32_t a = b->ids[b->r[i].start];
        const uint32_t t = piece(c, a, b->ids[b->r[i].start + 1], &k);
        if (b->count[2 * t] <= 0)
            return fail(b, i, WF_E_INVALID_ARG,
                        "(an obstacle) lies outside every walkable outline");
    }
    for (uint32_t t = 0; t < c->nt; t++) {
        c->t[t].con = 0;
        for (int k = 0; k < 3; k++) {
            const uint32_t u = c->t[t].nb[k];
            const int other = u == WF__NONE ? 0 : c->t[u].in;
            c->t[t].con |= (uint8_t)((c->t[t].in != other) << k);
        }
    }
    return WF_OK;
}

static wf_status run(build *b, wf_mesh *m) {
    wf_status st = insert(b);
    b->r = st == WF_OK ? wf__alloc(&b->c.alloc, b->n * sizeof *b->r + 1)
                       : NULL;
    if (st == WF_OK && !b->r)
        st = WF_E_NOMEM;
    for (size_t i = 0, start = 0; st == WF_OK && i < b->n; i++) {
        st = make_ring(b, i, start);
        start += b->o[i].count;
    }
    if (st == WF_OK)
        st = constrain(b);
    if (st == WF_OK) {
        const size_t n = (size_t)b->c.nt;
        b->delta = wf__alloc(&b->c.alloc, 6 * n * sizeof *b->delta + 1);
        b->count = wf__alloc(&b->c.alloc, 2 * n * sizeof *b->count + 1);
        if (!b->delta || !b->count)
            st = WF_E_NOMEM;
        else
            memset(b->delta, 0, 6 * n * sizeof *b->delta);
    }
    if (st == WF_OK) {
        edges(b);
        st = fill(b);
    }
    if (st == WF_OK)
        st = finish(b);
    if (st == WF_OK)
        st = wf__mesh_from_cdt(m, &b->c);
    return st == WF_OK ? wf__mesh_index(m) : st;
}

static void release(build *b) {
    wf_allocator *a = &b->c.alloc;
    const size_t nt = b->c.nt;
    wf__free(a, b->ids, b->nids * sizeof *b->ids + 1);
    wf__free(a, b->r, b->r ? b->n * sizeof *b->r + 1 : 0);
    wf__free(a, b->delta, b->delta ? 6 * nt * sizeof *b->delta + 1 : 0);
    wf__free(a, b->count, b->count ? 2 * nt * sizeof *b->count + 1 : 0);
    wf__cdt_free(&b->c);
}

wf_status wf_mesh_from_outlines(const wf_outline *outlines, size_t n,
                                const wf_mesh_opts *opts,
                                const wf_allocator *alloc, wf_mesh **out,
                                wf_diag *diag) {
    if (out)
        *out = NULL;
    if (!out || (!outlines && n)) {
        wf__diag_set(diag, "", 0, 0, "the outlines and the out pointer are "
                                     "required");
        return WF_E_INVALID_ARG;
    }
    build b;
    memset(&b, 0, sizeof b);
    b.c.alloc = wf__allocator(alloc);
    b.o = outlines;
    b.n = n;
    b.diag = diag;
    wf_status st = check(&b, opts);
    if (st == WF_OK && opts && opts->tile) {
        wf__diag_set(diag, "", 0, 0, "tile %u: tiles are for grids' meshes "
                                     "(an outline mesh is one piece)",
                     opts->tile);
        st = WF_E_INVALID_ARG;
    }
    if (st == WF_OK && opts && !(opts->cost >= 0 && isfinite(opts->cost))) {
        wf__diag_set(diag, "", 0, 0, "cost %g is not a cost: 0 (for 1) or "
                                     "more",
                     opts->cost);
        st = WF_E_INVALID_ARG;
    }
    if (st != WF_OK)
        return st;
    wf_mesh *m = wf__alloc(&b.c.alloc, sizeof *m);
    if (m) {
        memset(m, 0, sizeof *m);
        m->alloc = b.c.alloc;
        m->scale = b.scale;
        m->cost = opts && opts->cost > 0 ? opts->cost : 1;
        st = run(&b, m);
    }
    release(&b);
    if (!m || st != WF_OK) {
        wf_mesh_destroy(m);
        if (st == WF_E_NOMEM || st == WF_E_TOO_BIG || !m)
            wf__diag_set(diag, "", 0, 0, "%s",
                         st == WF_E_TOO_BIG ? "the mesh is too large"
                                            : "out of memory");
        return m ? st : WF_E_NOMEM;
    }
    *out = m;
    return WF_OK;
}
