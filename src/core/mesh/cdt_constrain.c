/* Constraints in the triangulation: a segment becomes a chain of edges by
 * flipping away the edges that cross it (each crossing edge whose
 * quadrilateral is convex is flipped; the others wait their turn, which
 * always comes), then the new edges are flipped back towards Delaunay
 * wherever that does not cross a constraint. A point lying exactly on the
 * segment splits it in two; a constraint it would cross is refused. */
#include "mesh_internal.h"

/* A growable list of edges, each as its two points. */
typedef struct elist {
    uint32_t (*e)[2];
    size_t n, cap;
} elist;

static wf_status elist_add(wf__cdt *c, elist *l, uint32_t a, uint32_t b) {
    if (l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 16;
        uint32_t(*e)[2] = wf__realloc(&c->alloc, l->e, l->cap * sizeof *e,
                                      cap * sizeof *e);
        if (!e)
            return WF_E_NOMEM;
        l->e = e;
        l->cap = cap;
    }
    l->e[l->n][0] = a;
    l->e[l->n][1] = b;
    l->n++;
    return WF_OK;
}

static void mark(wf__cdt *c, uint32_t a, uint32_t b) {
    int k;
    uint32_t t = wf__cdt_edge(c, a, b, &k);
    if (t != WF__NONE) {
        c->t[t].con |= (uint8_t)(1u << k);
        const uint32_t u = c->t[t].nb[k];
        if (u != WF__NONE)
            c->t[u].con |= (uint8_t)(1u << wf__cdt_back(c, u, t));
    }
}

/* Do segments p–q and a–b cross at a point inside both? */
static int crosses(const wf__cdt *c, uint32_t p, uint32_t q, uint32_t a,
                   uint32_t b) {
    const wf__mpt *P = c->p;
    const int s1 = wf__sign64(wf__orient(P[a], P[b], P[p]));
    const int s2 = wf__sign64(wf__orient(P[a], P[b], P[q]));
    const int s3 = wf__sign64(wf__orient(P[p], P[q], P[a]));
    const int s4 = wf__sign64(wf__orient(P[p], P[q], P[b]));
    return s1 * s2 < 0 && s3 * s4 < 0;
}

/* From a towards b: the first point on the open segment a–b, or b, and
 * the edges the segment crosses before it, into l. */
static wf_status walk(wf__cdt *c, uint32_t a, uint32_t b, elist *l,
                      uint32_t *stop) {
    const wf__mpt *P = c->p;
    uint32_t t = c->vt[a];
    /* the triangle round a whose wedge holds the direction to b */
    for (;;) {
        const wf__tri *x = &c->t[t];
        const int i = x->v[0] == a ? 0 : x->v[1] == a ? 1 : 2;
        const uint32_t r = x->v[(i + 1) % 3], s = x->v[(i + 2) % 3];
        const int64_t orr = wf__orient(P[a], P[b], P[r]);
        const int64_t os = wf__orient(P[a], P[b], P[s]);
        const wf__mpt ab = {P[b].x - P[a].x, P[b].y - P[a].y};
        if (r == b || (orr == 0 && (int64_t)ab.x * (P[r].x - P[a].x) +
                                           (int64_t)ab.y * (P[r].y - P[a].y) >
                                       0)) {
            *stop = r;
            return WF_OK;
        }
        if (orr < 0 && os > 0)
            break;
        t = x->nb[(i + 2) % 3];
    }
    /* cross edge k of t, which runs from right of a → b to left of it */
    int k = (c->t[t].v[0] == a ? 0 : c->t[t].v[1] == a ? 1 : 2);
    k = (k + 1) % 3;
    for (;;) {
        const wf__tri *y = &c->t[t];
        if (y->con >> k & 1) {
            c->clash[0] = y->v[k];
            c->clash[1] = y->v[(k + 1) % 3];
            return WF_E_INVALID_ARG;
        }
        wf_status st = elist_add(c, l, y->v[k], y->v[(k + 1) % 3]);
        if (st != WF_OK)
            return st;
        const uint32_t u = y->nb[k];
        const int j = wf__cdt_back(c, u, t);
        const uint32_t w = c->t[u].v[(j + 2) % 3];
        t = u;
        if (w == b) {
            *stop = b;
            return WF_OK;
        }
        const int64_t ow = wf__orient(P[a], P[b], P[w]);
        if (ow == 0) {
            *stop = w;
            return WF_OK;
        }
        /* u is (s, r, w): leave through w → s when w is right, else r → w */
        k = ow < 0 ? (j + 2) % 3 : (j + 1) % 3;
    }
}

/* Flips the edges of l until none crosses a–b; the edges made that do not
 * cross go into made. */
static wf_status uncross(wf__cdt *c, uint32_t a, uint32_t b, elist *l,
                         elist *made) {
    size_t head = 0;
    wf_status s = WF_OK;
    while (s == WF_OK && head < l->n) {
        const uint32_t p = l->e[head][0], q = l->e[head][1];
        head++;
        if (head > 1024 && head * 2 > l->n) {
            memmove(l->e, l->e + head, (l->n - head) * sizeof *l->e);
            l->n -= head;
            head = 0;
        }
        int k;
        const uint32_t t = wf__cdt_edge(c, p, q, &k);
        const uint32_t u = c->t[t].nb[k];
        const uint32_t d = c->t[t].v[(k + 2) % 3];
        const uint32_t e = c->t[u].v[(wf__cdt_back(c, u, t) + 2) % 3];
        const int sp = wf__sign64(wf__orient(c->p[d], c->p[e], c->p[p]));
        const int sq = wf__sign64(wf__orient(c->p[d], c->p[e], c->p[q]));
        if (sp * sq >= 0) {
            s = elist_add(c, l, p, q); /* not convex yet: later */
            continue;
        }
        wf__cdt_flip(c, t, k);
        s = crosses(c, d, e, a, b) ? elist_add(c, l, d, e)
                                   : elist_add(c, made, d, e);
    }
    return s;
}

/* Flips the new edges (never the constraint a–b) until each has an empty
 * circumcircle on its side of the constraints. */
static void restore(wf__cdt *c, uint32_t a, uint32_t b, elist *made) {
    int swapped = 1;
    while (swapped) {
        swapped = 0;
        for (size_t i = 0; i < made->n; i++) {
            const uint32_t p = made->e[i][0], q = made->e[i][1];
            if ((p == a && q == b) || (p == b && q == a))
                continue;
            int k;
            const uint32_t t = wf__cdt_edge(c, p, q, &k);
            if (t == WF__NONE || (c->t[t].con >> k & 1))
                continue;
            const wf__tri *x = &c->t[t];
            const uint32_t u = x->nb[k];
            const uint32_t d = x->v[(k + 2) % 3];
            const uint32_t e = c->t[u].v[(wf__cdt_back(c, u, t) + 2) % 3];
            if (wf__incircle(c->p[x->v[0]], c->p[x->v[1]], c->p[x->v[2]],
                             c->p[e]) <= 0)
                continue;
            wf__cdt_flip(c, t, k);
            made->e[i][0] = d;
            made->e[i][1] = e;
            swapped = 1;
        }
    }
}

wf_status wf__cdt_constrain(wf__cdt *c, uint32_t a, uint32_t b) {
    elist cross = {0}, made = {0};
    wf_status s = WF_OK;
    while (s == WF_OK && a != b) {
        uint32_t stop = b;
        cross.n = made.n = 0;
        s = walk(c, a, b, &cross, &stop);
        if (s == WF_OK && cross.n)
            s = uncross(c, a, stop, &cross, &made);
        if (s == WF_OK) {
            restore(c, a, stop, &made);
            mark(c, a, stop);
        }
        a = stop;
    }
    wf__free(&c->alloc, cross.e, cross.cap * sizeof *cross.e);
    wf__free(&c->alloc, made.e, made.cap * sizeof *made.e);
    return s;
}
