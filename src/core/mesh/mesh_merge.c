/* From triangles to convex polygons: the inside triangles are merged
 * across unconstrained edges, longest edge first, whenever the union of
 * the two polygons stays convex (a straight angle is allowed: a corner
 * in the middle of a side stays a corner, so neighbours still share whole
 * edges). Merging two convex polygons across one edge keeps them convex
 * when the angles at the edge's two ends do, so only those are tested,
 * found by turning round each end through the triangles of each polygon.
 * Fewer polygons mean fewer search nodes; the merge is greedy, as
 * Hertel and Mehlhorn's: it stops when no edge can go. */
#include <stdlib.h>

#include "mesh_internal.h"

typedef struct merger {
    const wf__cdt *c;
    uint32_t *up; /* union-find parent per triangle */
} merger;

static uint32_t find(uint32_t *up, uint32_t x) {
    uint32_t r = x;
    while (up[r] != r)
        r = up[r];
    while (up[x] != r) {
        const uint32_t n = up[x];
        up[x] = r;
        x = n;
    }
    return r;
}

static int corner_of(const wf__tri *t, uint32_t v) {
    return t->v[0] == v ? 0 : t->v[1] == v ? 1 : 2;
}

/* Turning round corner v from triangle t within the polygon whose root is
 * r: forward crosses the edge leaving v, else the edge arriving at it.
 * Returns the far end of the polygon's boundary edge reached. */
static uint32_t turn(merger *g, uint32_t t, uint32_t v, int forward,
                     uint32_t r) {
    for (;;) {
        const wf__tri *x = &g->c->t[t];
        const int i = corner_of(x, v);
        const int k = forward ? i : (i + 2) % 3;
        const uint32_t u = x->nb[k];
        if (u == WF__NONE || !g->c->t[u].in || find(g->up, u) != r)
            return forward ? x->v[(i + 1) % 3] : x->v[(i + 2) % 3];
        t = u;
    }
}

/* May the polygons of t and of its neighbour across edge k merge? */
static int convex_union(merger *g, uint32_t t, int k) {
    const wf__cdt *c = g->c;
    const uint32_t u = c->t[t].nb[k];
    const uint32_t r1 = find(g->up, t), r2 = find(g->up, u);
    const uint32_t s0 = c->t[t].v[k], s1 = c->t[t].v[(k + 1) % 3];
    const uint32_t prev1 = turn(g, t, s0, 0, r1), next2 = turn(g, u, s0, 1, r2);
    if (prev1 == next2 || wf__orient(c->p[prev1], c->p[s0], c->p[next2]) < 0)
        return 0;
    const uint32_t prev2 = turn(g, u, s1, 0, r2), next1 = turn(g, t, s1, 1, r1);
    return prev2 != next1 &&
           wf__orient(c->p[prev2], c->p[s1], c->p[next1]) >= 0;
}

typedef struct cand {
    int64_t len2;
    uint32_t lo, hi; /* the edge's points, for a stable order */
    uint32_t t;
    int k;
} cand;

static int cand_cmp(const void *a, const void *b) {
    const cand *x = a, *y = b;
    if (x->len2 != y->len2)
        return x->len2 > y->len2 ? -1 : 1;
    if (x->lo != y->lo)
        return x->lo < y->lo ? -1 : 1;
    return (x->hi > y->hi) - (x->hi < y->hi);
}

/* Every unconstrained edge between two inside triangles, longest first. */
static cand *candidates(const wf__cdt *c, size_t *n, size_t *bytes) {
    size_t cap = 0;
    for (uint32_t t = 0; t < c->nt; t++)
        cap += c->t[t].in ? 3 : 0;
    wf_allocator a = c->alloc;
    *bytes = cap * sizeof(cand) + 1;
    cand *e = wf__alloc(&a, *bytes);
    if (!e)
        return NULL;
    size_t m = 0;
    for (uint32_t t = 0; t < c->nt; t++) {
        const wf__tri *x = &c->t[t];
        for (int k = 0; x->in && k < 3; k++) {
            const uint32_t u = x->nb[k];
            if (u == WF__NONE || u < t || !c->t[u].in || (x->con >> k & 1))
                continue;
            const wf__mpt p = c->p[x->v[k]], q = c->p[x->v[(k + 1) % 3]];
            const int64_t dx = (int64_t)p.x - q.x, dy = (int64_t)p.y - q.y;
            const uint32_t a0 = x->v[k], a1 = x->v[(k + 1) % 3];
            e[m++] = (cand){dx * dx + dy * dy, a0 < a1 ? a0 : a1,
                            a0 < a1 ? a1 : a0, t, k};
        }
    }
    qsort(e, m, sizeof *e, cand_cmp);
    *n = m;
    return e;
}

/* up[t] becomes the root of t's polygon; the polygons are the roots. */
static wf_status merge(const wf__cdt *c, uint32_t *up) {
    for (uint32_t t = 0; t < c->nt; t++)
        up[t] = t;
    size_t n = 0, bytes = 0;
    cand *e = candidates(c, &n, &bytes);
    if (!e)
        return WF_E_NOMEM;
    merger g = {c, up};
    for (size_t i = 0; i < n; i++) {
        const uint32_t t = e[i].t, u = c->t[t].nb[e[i].k];
        const uint32_t r1 = find(up, t), r2 = find(up, u);
        if (r1 == r2 || !convex_union(&g, t, e[i].k))
            continue;
        up[r1 > r2 ? r1 : r2] = r1 < r2 ? r1 : r2;
    }
    wf_allocator a = c->alloc;
    wf__free(&a, e, bytes);
    return WF_OK;
}

/* A boundary edge of a polygon while the polygons are assembled. */
typedef struct bedge {
    uint32_t from, to, adj;
} bedge;

static int bedge_cmp(const void *a, const void *b) {
    const bedge *x = a, *y = b;
    return (x->from > y->from) - (x->from < y->from);
}

/* Orders polygon p's boundary edges e[0 .. n) into its cycle, written as
 * corners and neighbours from m->pvert + at. */
static void chain(wf_mesh *m, bedge *e, size_t n, size_t at,
                  const uint32_t *vid) {
    qsort(e, n, sizeof *e, bedge_cmp);
    size_t i = 0;
    for (size_t w = 0; w < n; w++) {
        m->pvert[at + w] = vid[e[i].from];
        m->padj[at + w] = e[i].adj;
        /* the edge leaving e[i].to: binary search by from */
        size_t lo = 0, hi = n;
        while (lo < hi) {
            const size_t mid = (lo + hi) / 2;
            if (e[mid].from < e[i].to)
                lo = mid + 1;
            else
                hi = mid;
        }
        i = lo;
    }
}

/* Polygon ids (pid, by triangle root, in triangle order), corner ids
 * (vid, by point, in point order) and the edge count of each polygon. */
static void number(wf_mesh *m, const wf__cdt *c, uint32_t *up, uint32_t *pid,
                   uint32_t *vid, size_t *nv, size_t *np, size_t *ne) {
    *nv = *np = *ne = 0;
    for (uint32_t t = 0; t < c->nt; t++)
        pid[t] = WF__NONE;
    for (uint32_t v = 0; v < c->np; v++)
        vid[v] = WF__NONE;
    for (uint32_t t = 0; t < c->nt; t++) {
        if (!c->t[t].in)
            continue;
        const uint32_t r = find(up, t);
        if (pid[r] == WF__NONE)
            pid[r] = (uint32_t)(*np)++;
        for (int k = 0; k < 3; k++) {
            const uint32_t v = c->t[t].v[k], u = c->t[t].nb[k];
            if (vid[v] == WF__NONE)
                vid[v] = (uint32_t)(*nv)++;
            if (u == WF__NONE || !c->t[u].in || find(up, u) != r)
                (*ne)++;
        }
    }
    (void)m;
}

static wf_status assemble(wf_mesh *m, const wf__cdt *c, uint32_t *up,
                          uint32_t *pid, uint32_t *vid) {
    size_t nv, np, ne;
    number(m, c, up, pid, vid, &nv, &np, &ne);
    wf_status s = wf__mesh_arrays(m, nv, np, ne);
    bedge *e = wf__alloc(&m->alloc, ne * sizeof *e + 1);
    if (s != WF_OK || !e) {
        wf__free(&m->alloc, e, ne * sizeof *e + 1);
        return WF_E_NOMEM;
    }
    for (uint32_t v = 0; v < c->np; v++)
        if (vid[v] != WF__NONE)
            m->vert[vid[v]] = c->p[v];
    memset(m->pstart, 0, (np + 1) * sizeof *m->pstart);
    for (int pass = 0; pass < 2; pass++) {
        for (uint32_t t = 0; t < c->nt; t++) {
            if (!c->t[t].in)
                continue;
            const uint32_t r = find(up, t), p = pid[r];
            for (int k = 0; k < 3; k++) {
                const uint32_t u = c->t[t].nb[k];
                const int inside = u != WF__NONE && c->t[u].in;
                if (inside && find(up, u) == r)
                    continue;
                if (pass == 0) {
                    m->pstart[p + 1]++;
                    continue;
                }
                e[m->pstart[p]++] = (bedge){
                    c->t[t].v[k], c->t[t].v[(k + 1) % 3],
                    inside ? pid[find(up, u)] : WF__NONE};
            }
        }
        /* pass 0: counts into starts; pass 1 moved each start to its
           polygon's end, which is the next one's start */
        for (size_t p = 0; pass == 0 && p < np; p++)
            m->pstart[p + 1] += m->pstart[p];
    }
    for (size_t p = np; p > 0; p--)
        m->pstart[p] = m->pstart[p - 1];
    m->pstart[0] = 0;
    for (size_t p = 0; p < np; p++)
        chain(m, e + m->pstart[p], m->pstart[p + 1] - m->pstart[p],
              m->pstart[p], vid);
    wf__free(&m->alloc, e, ne * sizeof *e + 1);
    return WF_OK;
}

wf_status wf__mesh_from_cdt(wf_mesh *m, const wf__cdt *c) {
    uint32_t *up = wf__alloc(&m->alloc, (size_t)c->nt * sizeof *up + 1);
    uint32_t *pid = wf__alloc(&m->alloc, (size_t)c->nt * sizeof *pid + 1);
    uint32_t *vid = wf__alloc(&m->alloc, (size_t)c->np * sizeof *vid + 1);
    wf_status s = up && pid && vid ? merge(c, up) : WF_E_NOMEM;
    if (s == WF_OK) {
        m->triangles = 0;
        for (uint32_t t = 0; t < c->nt; t++)
            m->triangles += c->t[t].in;
        s = assemble(m, c, up, pid, vid);
    }
    wf__free(&m->alloc, up, (size_t)c->nt * sizeof *up + 1);
    wf__free(&m->alloc, pid, (size_t)c->nt * sizeof *pid + 1);
    wf__free(&m->alloc, vid, (size_t)c->np * sizeof *vid + 1);
    return s;
}
