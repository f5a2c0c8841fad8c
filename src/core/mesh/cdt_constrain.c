/* Constraints in the triangulation: a segment becomes a chain of edges by
 * flipping away the edges that cross it (each crossing edge whose
 * quadrilateral is convex is flipped; the others wait their turn, which
 * always comes), then the new edges are flipped back towards Delaunay
 * wherever that does not cross a constraint. A point lying exactly on the
 * segment splits it in two; a constraint it would cross is refused. */
#include "mesh_internal.h"

static wf_status elist_add(wf__cdt *c, wf__elist *l, uint32_t a,
                           uint32_t b) {
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

void wf__cdt_mark(wf__cdt *c, uint32_t a, uint32_t b, int on) {
    int k;
    const uint32_t t = wf__cdt_edge(c, a, b, &k);
    if (t == WF__NONE)
        return;
    const uint32_t u = c->t[t].nb[k];
    const int j = u != WF__NONE ? wf__cdt_back(c, u, t) : 0;
    if (on) {
        c->t[t].con |= (uint8_t)(1u << k);
        if (u != WF__NONE)
            c->t[u].con |= (uint8_t)(1u << j);
    } else {
        c->t[t].con &= (uint8_t)~(1u << k);
        if (u != WF__NONE)
            c->t[u].con &= (uint8_t)~(1u << j);
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
static wf_status walk(wf__cdt *c, uint32_t a, uint32_t b, wf__elist *l,
                      uint32_t *stop) {
    wf__walk w;
    for (wf__cdt_walk_begin(c, &w, a, c->p[b]); w.k >= 0;
         wf__cdt_walk_next(c, &w)) {
        const wf__tri *y = &c->t[w.t];
        const uint32_t e0 = y->v[w.k], e1 = y->v[(w.k + 1) % 3];
        if (y->con >> w.k & 1) {
            c->clash[0] = e0;
            c->clash[1] = e1;
            return WF_E_INVALID_ARG;
        }
        wf_status st = elist_add(c, l, e0, e1);
        if (st != WF_OK)
            return st;
    }
    *stop = w.at;
    return WF_OK;
}

/* Flips the edges of l until none crosses a–b; the edges made that do not
 * cross go into made. */
static wf_status uncross(wf__cdt *c, uint32_t a, uint32_t b, wf__elist *l,
                         wf__elist *made) {
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
static void restore(wf__cdt *c, uint32_t a, uint32_t b, wf__elist *made) {
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

wf_status wf__cdt_constrain_piece(wf__cdt *c, uint32_t a, uint32_t b,
                                  uint32_t *stop) {
    c->cross.n = c->made.n = 0;
    wf_status s = walk(c, a, b, &c->cross, stop);
    if (s == WF_OK && c->cross.n)
        s = uncross(c, a, *stop, &c->cross, &c->made);
    if (s == WF_OK) {
        restore(c, a, *stop, &c->made);
        wf__cdt_mark(c, a, *stop, 1);
    }
    return s;
}

wf_status wf__cdt_constrain(wf__cdt *c, uint32_t a, uint32_t b) {
    wf_status s = WF_OK;
    while (s == WF_OK && a != b)
        s = wf__cdt_constrain_piece(c, a, b, &a);
    return s;
}
