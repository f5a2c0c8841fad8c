/* A Delaunay triangulation of integer points, built one point at a time:
 * walk to the triangle holding the point, split it (or the edge the point
 * lies on), then flip edges until every edge again has an empty
 * circumcircle (Lawson). Predicates are exact, so the walk always ends
 * (a visibility walk terminates in a Delaunay triangulation) and the
 * result depends on the points and their order alone. Constraints are
 * added afterwards (cdt_constrain.c), then triangles are classified as
 * inside or outside the domain. */

#include "mesh_internal.h"

/* The points and their triangles moved to arrays of cap, both or
 * neither (each block must be freed at the size it was made). */
static wf_status grow_points(wf__cdt *c, size_t cap) {
    wf__mpt *p = wf__alloc(&c->alloc, cap * sizeof *p);
    uint32_t *vt = wf__alloc(&c->alloc, cap * sizeof *vt);
    if (!p || !vt) {
        wf__free(&c->alloc, p, cap * sizeof *p);
        wf__free(&c->alloc, vt, cap * sizeof *vt);
        return WF_E_NOMEM;
    }
    if (c->np) {
        memcpy(p, c->p, c->np * sizeof *p);
        memcpy(vt, c->vt, c->np * sizeof *vt);
    }
    wf__free(&c->alloc, c->p, c->cap_p * sizeof *c->p);
    wf__free(&c->alloc, c->vt, c->cap_p * sizeof *c->vt);
    c->p = p, c->vt = vt;
    c->cap_p = (uint32_t)cap;
    return WF_OK;
}

static wf_status grow(wf__cdt *c, size_t more_points, size_t more_tris) {
    if (c->np + more_points > c->cap_p) {
        size_t cap = c->cap_p ? c->cap_p * 2 : 64;
        while (cap < c->np + more_points)
            cap *= 2;
        if (cap > WF__NONE / 4)
            return WF_E_TOO_BIG;
        if (grow_points(c, cap) != WF_OK)
            return WF_E_NOMEM;
    }
    if (c->nt + more_tris > c->cap_t) {
        size_t cap = c->cap_t ? c->cap_t * 2 : 128;
        while (cap < c->nt + more_tris)
            cap *= 2;
        if (cap > WF__NONE / 4)
            return WF_E_TOO_BIG;
        wf__tri *t = wf__realloc(&c->alloc, c->t, c->cap_t * sizeof *t,
                                 cap * sizeof *t);
        if (!t)
            return WF_E_NOMEM;
        c->t = t;
        c->cap_t = (uint32_t)cap;
    }
    return WF_OK;
}

static void set_tri(wf__cdt *c, uint32_t t, uint32_t a, uint32_t b,
                    uint32_t d, uint32_t na, uint32_t nb, uint32_t nd) {
    wf__tri *x = &c->t[t];
    x->v[0] = a, x->v[1] = b, x->v[2] = d;
    x->nb[0] = na, x->nb[1] = nb, x->nb[2] = nd;
    x->con = 0;
    x->in = 0;
    c->vt[a] = c->vt[b] = c->vt[d] = t;
}

/* Points the neighbour u of a changed triangle back at t instead of old. */
static void relink(wf__cdt *c, uint32_t u, uint32_t old, uint32_t t) {
    if (u == WF__NONE)
        return;
    wf__tri *x = &c->t[u];
    for (int k = 0; k < 3; k++)
        if (x->nb[k] == old) {
            x->nb[k] = t;
            return;
        }
}

wf_status wf__cdt_init(wf__cdt *c, const wf_allocator *alloc, int32_t x0,
                       int32_t y0, int32_t x1, int32_t y1, size_t n) {
    memset(c, 0, sizeof *c);
    c->alloc = wf__allocator(alloc);
    if (n > WF__NONE / 8)
        return WF_E_TOO_BIG;
    wf_status s = grow(c, n + 4, 2 * n + 8);
    if (s != WF_OK)
        return s;
    const wf__mpt box[4] = {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}};
    memcpy(c->p, box, sizeof box);
    c->np = 4;
    c->nt = 2;
    set_tri(c, 0, 0, 1, 2, WF__NONE, WF__NONE, 1);
    set_tri(c, 1, 0, 2, 3, 0, WF__NONE, WF__NONE);
    return WF_OK;
}

wf_status wf__cdt_of(wf__cdt *c, const wf_allocator *alloc, const wf__mpt *p,
                     size_t n, uint32_t *ids) {
    int32_t x0 = INT32_MAX, y0 = INT32_MAX, x1 = INT32_MIN, y1 = INT32_MIN;
    for (size_t k = 0; k < n; k++) {
        x0 = p[k].x < x0 ? p[k].x : x0, x1 = p[k].x > x1 ? p[k].x : x1;
        y0 = p[k].y < y0 ? p[k].y : y0, y1 = p[k].y > y1 ? p[k].y : y1;
    }
    const int32_t pad = 2 + (x1 - x0 > y1 - y0 ? x1 - x0 : y1 - y0) / 8;
    wf_status st = wf__cdt_init(c, alloc, x0 - pad, y0 - pad, x1 + pad,
                                y1 + pad, n);
    unsigned shift = 0;
    while (((int64_t)(x1 - x0) >> shift) >= (1 << 21) ||
           ((int64_t)(y1 - y0) >> shift) >= (1 << 21))
        shift++;
    return st == WF_OK ? wf__cdt_insert_all(c, p, n, (wf__mpt){x0, y0}, shift,
                                            ids)
                       : st;
}

void wf__cdt_free(wf__cdt *c) {
    wf__free(&c->alloc, c->p, c->cap_p * sizeof *c->p);
    wf__free(&c->alloc, c->vt, c->cap_p * sizeof *c->vt);
    wf__free(&c->alloc, c->t, c->cap_t * sizeof *c->t);
    wf__free(&c->alloc, c->work, c->cap_work * sizeof *c->work);
    wf__free(&c->alloc, c->cross.e, c->cross.cap * sizeof *c->cross.e);
    wf__free(&c->alloc, c->made.e, c->made.cap * sizeof *c->made.e);
    const wf_allocator a = c->alloc;
    memset(c, 0, sizeof *c);
    c->alloc = a;
}

void wf__cdt_flip(wf__cdt *c, uint32_t t, int k) {
    wf__tri *x = &c->t[t];
    const uint32_t u = x->nb[k];
    const int j = wf__cdt_back(c, u, t);
    wf__tri *y = &c->t[u];
    const uint32_t a = x->v[k], b = x->v[(k + 1) % 3], d = x->v[(k + 2) % 3];
    const uint32_t e = y->v[(j + 2) % 3];
    const uint32_t t_bd = x->nb[(k + 1) % 3], t_da = x->nb[(k + 2) % 3];
    const uint32_t u_ae = y->nb[(j + 1) % 3], u_eb = y->nb[(j + 2) % 3];
    const int c_bd = (x->con >> ((k + 1) % 3)) & 1,
              c_da = (x->con >> ((k + 2) % 3)) & 1;
    const int c_ae = (y->con >> ((j + 1) % 3)) & 1,
              c_eb = (y->con >> ((j + 2) % 3)) & 1;
    /* t becomes (d, a, e), u becomes (e, b, d); the new edge joins d, e */
    set_tri(c, t, d, a, e, t_da, u_ae, u);
    set_tri(c, u, e, b, d, u_eb, t_bd, t);
    c->t[t].con = (uint8_t)(c_da | c_ae << 1);
    c->t[u].con = (uint8_t)(c_eb | c_bd << 1);
    relink(c, u_ae, u, t);
    relink(c, t_bd, t, u);
}

static wf_status work_room(wf__cdt *c, size_t n) {
    if (c->nwork + n <= c->cap_work)
        return WF_OK;
    size_t cap = c->cap_work ? c->cap_work * 2 : 64;
    while (cap < c->nwork + n)
        cap *= 2;
    uint32_t *w = wf__realloc(&c->alloc, c->work, c->cap_work * sizeof *w,
                              cap * sizeof *w);
    if (!w)
        return WF_E_NOMEM;
    c->work = w;
    c->cap_work = cap;
    return WF_OK;
}

/* Flips until the edges on the stack, each opposite the new point in its
 * triangle, have empty circumcircles (never a constrained edge). */
static wf_status legalise(wf__cdt *c) {
    while (c->nwork) {
        const uint32_t w = c->work[--c->nwork];
        const uint32_t t = w >> 2;
        const int k = (int)(w & 3);
        const wf__tri *x = &c->t[t];
        const uint32_t u = x->nb[k];
        if (u == WF__NONE || (x->con >> k & 1))
            continue;
        const uint32_t e = c->t[u].v[(wf__cdt_back(c, u, t) + 2) % 3];
        if (wf__incircle(c->p[x->v[0]], c->p[x->v[1]], c->p[x->v[2]],
                         c->p[e]) <= 0)
            continue;
        if (work_room(c, 2) != WF_OK)
            return WF_E_NOMEM;
        wf__cdt_flip(c, t, k);
        /* t is (p, a, e), u is (e, b, p): their edges away from p */
        c->work[c->nwork++] = t << 2 | 1u;
        c->work[c->nwork++] = u << 2;
    }
    return WF_OK;
}

/* Where p is in triangle t: -2 outside, else as wf__cdt_insert_at's on. */
static int where(const wf__cdt *c, uint32_t t, wf__mpt p) {
    const wf__tri *x = &c->t[t];
    int zero = -1, zeros = 0;
    for (int k = 0; k < 3; k++) {
        const int64_t o = wf__orient(c->p[x->v[k]], c->p[x->v[(k + 1) % 3]], p);
        if (o < 0)
            return -2;
        if (o == 0)
            zero = k, zeros++;
    }
    if (zeros == 2)
        for (int k = 0; k < 3; k++)
            if (c->p[x->v[k]].x == p.x && c->p[x->v[k]].y == p.y)
                return 3 + k;
    return zeros ? zero : -1;
}

/* Walks from c->last to the triangle holding p (a visibility walk, which
 * ends in a Delaunay triangulation); *on as for wf__cdt_insert_at. */
static uint32_t locate(const wf__cdt *c, wf__mpt p, int *on) {
    uint32_t t = c->last < c->nt ? c->last : 0;
    for (;;) {
        const wf__tri *x = &c->t[t];
        int k = 0;
        while (k < 3 && wf__orient(c->p[x->v[k]], c->p[x->v[(k + 1) % 3]],
                                   p) >= 0)
            k++;
        if (k == 3) {
            *on = where(c, t, p);
            return t;
        }
        t = x->nb[k];
    }
}

/* p inside triangle t: three triangles round p. */
static void split_tri(wf__cdt *c, uint32_t t, uint32_t p) {
    const wf__tri x = c->t[t];
    const uint32_t t1 = c->nt, t2 = c->nt + 1;
    c->nt += 2;
    set_tri(c, t, x.v[0], x.v[1], p, x.nb[0], t1, t2);
    set_tri(c, t1, x.v[1], x.v[2], p, x.nb[1], t2, t);
    set_tri(c, t2, x.v[2], x.v[0], p, x.nb[2], t, t1);
    c->t[t].con = x.con & 1;
    c->t[t1].con = x.con >> 1 & 1;
    c->t[t2].con = x.con >> 2 & 1;
    relink(c, x.nb[1], t, t1);
    relink(c, x.nb[2], t, t2);
    c->work[c->nwork++] = t << 2;
    c->work[c->nwork++] = t1 << 2;
    c->work[c->nwork++] = t2 << 2;
}

/* p on edge k of t, shared with u: four triangles round p. */
static void split_edge(wf__cdt *c, uint32_t t, int k, uint32_t p) {
    const uint32_t u = c->t[t].nb[k];
    const int j = wf__cdt_back(c, u, t);
    const wf__tri x = c->t[t], y = c->t[u];
    const uint32_t a = x.v[k], b = x.v[(k + 1) % 3], d = x.v[(k + 2) % 3];
    const uint32_t e = y.v[(j + 2) % 3];
    const uint32_t t2 = c->nt, u2 = c->nt + 1;
    const int cab = x.con >> k & 1;
    c->nt += 2;
    set_tri(c, t, d, a, p, x.nb[(k + 2) % 3], u, t2);
    set_tri(c, t2, d, p, b, t, u2, x.nb[(k + 1) % 3]);
    set_tri(c, u, e, p, a, u2, t, y.nb[(j + 1) % 3]);
    set_tri(c, u2, e, b, p, y.nb[(j + 2) % 3], t2, u);
    c->t[t].con = (uint8_t)((x.con >> ((k + 2) % 3) & 1) | cab << 1);
    c->t[t2].con = (uint8_t)(cab << 1 | (x.con >> ((k + 1) % 3) & 1) << 2);
    c->t[u].con = (uint8_t)(cab << 1 | (y.con >> ((j + 1) % 3) & 1) << 2);
    c->t[u2].con = (uint8_t)((y.con >> ((j + 2) % 3) & 1) | cab << 1);
    relink(c, x.nb[(k + 1) % 3], t, t2);
    relink(c, y.nb[(j + 2) % 3], u, u2);
    c->work[c->nwork++] = t << 2;
    c->work[c->nwork++] = t2 << 2 | 2u;
    c->work[c->nwork++] = u << 2 | 2u;
    c->work[c->nwork++] = u2 << 2;
}

wf_status wf__cdt_insert_at(wf__cdt *c, wf__mpt p, uint32_t t, int on,
                           uint32_t *id) {
    if (on >= 3) {
        *id = c->t[t].v[on - 3];
        c->last = t;
        return WF_OK;
    }
    c->nwork = 0;
    wf_status s = grow(c, 1, 2);
    if (s == WF_OK)
        s = work_room(c, 4);
    if (s != WF_OK)
        return s;
    const uint32_t v = c->np++;
    c->p[v] = p;
    if (on < 0)
        split_tri(c, t, v);
    else
        split_edge(c, t, on, v);
    s = legalise(c);
    c->last = c->vt[v];
    *id = v;
    return s;
}

wf_status wf__cdt_insert(wf__cdt *c, wf__mpt p, uint32_t *id) {
    int on = -1;
    const uint32_t t = locate(c, p, &on);
    return wf__cdt_insert_at(c, p, t, on, id);
}

void wf__cdt_walk_begin(const wf__cdt *c, wf__walk *w, uint32_t a,
                        wf__mpt to) {
    const wf__mpt *P = c->p;
    w->from = P[a];
    w->to = to;
    uint32_t t = c->vt[a];
    for (;;) {
        const wf__tri *x = &c->t[t];
        const int i = x->v[0] == a ? 0 : x->v[1] == a ? 1 : 2;
        const uint32_t r = x->v[(i + 1) % 3], s = x->v[(i + 2) % 3];
        const int64_t orr = wf__orient(w->from, to, P[r]);
        const int64_t os = wf__orient(w->from, to, P[s]);
        w->t = t;
        if (orr <= 0 && os >= 0) {
            /* the wedge r, a, s (under 180 degrees) holds the direction */
            w->k = orr == 0 || os == 0 ? -1 : (i + 1) % 3;
            w->at = orr == 0 ? r : s;
            return;
        }
        t = x->nb[(i + 2) % 3];
    }
}

void wf__cdt_walk_next(const wf__cdt *c, wf__walk *w) {
    const uint32_t u = c->t[w->t].nb[w->k];
    const int j = wf__cdt_back(c, u, w->t);
    const uint32_t v = c->t[u].v[(j + 2) % 3];
    const int64_t o = wf__orient(w->from, w->to, c->p[v]);
    w->t = u;
    w->at = v;
    /* u is (s, r, v): leave through v -> s when v is right, else r -> v */
    w->k = o == 0 ? -1 : o < 0 ? (j + 2) % 3 : (j + 1) % 3;
}

uint32_t wf__cdt_locate_from(const wf__cdt *c, uint32_t a, wf__mpt p,
                             int *on) {
    if (c->p[a].x == p.x && c->p[a].y == p.y) {
        const uint32_t t = c->vt[a];
        *on = 3 + (c->t[t].v[0] == a ? 0 : c->t[t].v[1] == a ? 1 : 2);
        return t;
    }
    wf__walk w;
    wf__cdt_walk_begin(c, &w, a, p);
    for (;;) {
        *on = where(c, w.t, p);
        if (*on != -2)
            return w.t;
        if (w.k < 0) /* p lies beyond a point on the way: go on from it */
            wf__cdt_walk_begin(c, &w, w.at, p);
        else
            wf__cdt_walk_next(c, &w);
    }
}

/* The Hilbert-curve index of (x, y) on a 2^21 square: inserting points in
 * this order keeps each walk to the next point short. */
static uint64_t hilbert(uint32_t x, uint32_t y) {
    uint64_t d = 0;
    for (uint32_t s = 1u << 20; s > 0; s >>= 1) {
        const uint32_t rx = (x & s) > 0, ry = (y & s) > 0;
        d += (uint64_t)s * s * ((3 * rx) ^ ry);
        if (ry == 0) {
            if (rx == 1) {
                x = s - 1 - x;
                y = s - 1 - y;
            }
            const uint32_t t = x;
            x = y;
            y = t;
        }
    }
    return d;
}

wf_status wf__cdt_insert_all(wf__cdt *c, const wf__mpt *p, size_t n,
                             wf__mpt origin, unsigned shift, uint32_t *ids) {
    wf__keyed *k = wf__alloc(&c->alloc, n * sizeof *k + 1);
    if (!k)
        return WF_E_NOMEM;
    for (size_t i = 0; i < n; i++) {
        k[i].key = hilbert((uint32_t)(p[i].x - origin.x) >> shift,
                           (uint32_t)(p[i].y - origin.y) >> shift);
        k[i].i = (uint32_t)i;
    }
    /* stable: points on one key keep their order */
    wf_status st = wf__keyed_sort(k, n, &c->alloc);
    for (size_t i = 0; i < n && st == WF_OK; i++)
        st = wf__cdt_insert(c, p[k[i].i], &ids[k[i].i]);
    wf__free(&c->alloc, k, n * sizeof *k + 1);
    return st;
}

uint32_t wf__cdt_edge(const wf__cdt *c, uint32_t a, uint32_t b, int *k) {
    /* rotate round a, counter-clockwise then clockwise */
    const uint32_t start = c->vt[a];
    uint32_t t = start;
    for (int dir = 0; dir < 2; dir++) {
        t = start;
        do {
            const wf__tri *x = &c->t[t];
            const int i = x->v[0] == a ? 0 : x->v[1] == a ? 1 : 2;
            if (x->v[(i + 1) % 3] == b) {
                *k = i;
                return t;
            }
            t = dir == 0 ? x->nb[(i + 2) % 3] : x->nb[i];
        } while (t != WF__NONE && t != start);
        if (t == start)
            break;
    }
    return WF__NONE;
}

wf_status wf__cdt_classify(wf__cdt *c) {
    /* a breadth-first fill over the triangles, parity from the box */
    uint32_t *queue = wf__alloc(&c->alloc, (size_t)c->nt * sizeof *queue);
    uint8_t *seen = wf__alloc(&c->alloc, c->nt);
    if (!queue || !seen) {
        wf__free(&c->alloc, queue, (size_t)c->nt * sizeof *queue);
        wf__free(&c->alloc, seen, c->nt);
        return WF_E_NOMEM;
    }
    memset(seen, 0, c->nt);
    size_t head = 0, tail = 0;
    queue[tail++] = c->vt[0];
    seen[c->vt[0]] = 1;
    c->t[c->vt[0]].in = 0;
    while (head < tail) {
        const uint32_t t = queue[head++];
        const wf__tri *x = &c->t[t];
        for (int k = 0; k < 3; k++) {
            const uint32_t u = x->nb[k];
            if (u == WF__NONE || seen[u])
                continue;
            seen[u] = 1;
            c->t[u].in = (uint8_t)(x->in ^ (x->con >> k & 1));
            queue[tail++] = u;
        }
    }
    wf__free(&c->alloc, queue, (size_t)c->nt * sizeof *queue);
    wf__free(&c->alloc, seen, c->nt);
    return WF_OK;
}

void wf__cdt_weigh(const wf__cdt *c, int32_t *delta, uint32_t t, int k,
                   const int32_t w[2]) {
    const uint32_t u = c->t[t].nb[k];
    const size_t j = 3 * (size_t)u + (size_t)wf__cdt_back(c, u, t);
    for (int q = 0; q < 2; q++) {
        delta[2 * (3 * (size_t)t + (size_t)k) + q] -= w[q];
        delta[2 * j + q] += w[q];
    }
}

wf_status wf__cdt_count(wf__cdt *c, const int32_t *delta, int32_t *count) {
    uint32_t *queue = wf__alloc(&c->alloc, (size_t)c->nt * sizeof *queue);
    uint8_t *seen = wf__alloc(&c->alloc, c->nt);
    if (queue && seen) {
        memset(seen, 0, c->nt);
        size_t head = 0, tail = 0;
        queue[tail++] = c->vt[0];
        seen[c->vt[0]] = 1;
        count[2 * c->vt[0]] = count[2 * c->vt[0] + 1] = 0;
        while (head < tail) {
            const uint32_t t = queue[head++];
            for (int k = 0; k < 3; k++) {
                const uint32_t u = c->t[t].nb[k];
                if (u == WF__NONE || seen[u])
                    continue;
                seen[u] = 1;
                for (int q = 0; q < 2; q++)
                    count[2 * u + q] = count[2 * t + q] +
                                       delta[2 * (3 * t + k) + q];
                queue[tail++] = u;
            }
        }
        for (uint32_t t = 0; t < c->nt; t++)
            c->t[t].in = count[2 * t] > 0 && count[2 * t + 1] == 0;
    }
    wf__free(&c->alloc, queue, (size_t)c->nt * sizeof *queue);
    wf__free(&c->alloc, seen, c->nt);
    return queue && seen ? WF_OK : WF_E_NOMEM;
}

void wf__cdt_outline(wf__cdt *c) {
    for (uint32_t t = 0; t < c->nt; t++) {
        c->t[t].con = 0;
        for (int k = 0; k < 3; k++) {
            const uint32_t u = c->t[t].nb[k];
            const int other = u == WF__NONE ? 0 : c->t[u].in;
            c->t[t].con |= (uint8_t)((c->t[t].in != other) << k);
        }
    }
}
