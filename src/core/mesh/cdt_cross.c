/* Constraints that may cross one another (the sides of the strips and
 * fans an agent's radius puts along the boundary overlap each other and
 * the edges themselves). Where a new segment meets a constrained edge, the lattice
 * point nearest the crossing (wf__crossing) becomes a point of the
 * triangulation and both are bent through it: the segment goes on as two
 * pieces, and the edge is unmarked and made again as two pieces.
 *
 * Each constrained edge carries weights, what its segments count when
 * crossed (from right to left of the segment's direction), in a table
 * keyed by its two points, so that a piece cut from a segment carries the
 * segment's weights whatever it was cut by; segments that come to share
 * an edge add theirs. It also lists those segments, to choose each bend
 * near all of them.
 *
 * It ends. The point x chosen is no farther from the crossing X than any
 * end of the two segments (those are lattice points too), so a piece cut
 * off is strictly shorter than the segment it comes from, whose squared
 * length (an integer) drops by one at least; only when x is an end of one
 * of the two is that one not cut. Every crossing thus replaces one or two
 * segments by shorter ones, every other step makes an edge of a segment
 * or of a shorter piece of it, and a set of positive integers cannot
 * shrink that way for ever. The crossings met are capped (WF__CROSS_MAX)
 * to bound the work.
 *
 * How far a piece strays. The bend is chosen among the pieces' four
 * ends, the lattice point nearest the crossing of the segments the pieces
 * were cut from, and the lattice point nearest the crossing of the pieces
 * with the eight round it, as a point that shortens both pieces and is
 * half a unit (along each axis) from every segment involved, an end
 * first (then segments that overlap follow one chain, not two that fold
 * round each other), else as the nearest to them. The segments' own
 * crossing is half a unit from both, as close as rounding can be, so a
 * piece usually stays within 0.71 units of every segment it was cut from
 * however often it is cut; a bend that cannot (a piece that already
 * strayed meets a segment it would have missed) is counted in x->loose,
 * and may then cross a constraint that its segment missed, which is
 * resolved the same way. */
#include <math.h>

#include "mesh_internal.h"

static size_t slot_of(const wf__cross *x, uint32_t lo, uint32_t hi) {
    const uint64_t h = ((uint64_t)lo << 32 | hi) * 0x9E3779B97F4A7C15u;
    size_t i = (size_t)(h >> 32) & (x->cap - 1);
    while (x->rec[i].lo != WF__NONE &&
           (x->rec[i].lo != lo || x->rec[i].hi != hi))
        i = (i + 1) & (x->cap - 1);
    return i;
}

static wf_status rehash(wf__cross *x, size_t cap) {
    wf__crec *old = x->rec;
    const size_t n = x->cap;
    wf__crec *rec = wf__alloc(&x->c->alloc, cap * sizeof *rec);
    if (!rec)
        return WF_E_NOMEM;
    for (size_t i = 0; i < cap; i++)
        rec[i].lo = WF__NONE;
    x->rec = rec;
    x->cap = cap;
    for (size_t i = 0; i < n; i++)
        if (old[i].lo != WF__NONE)
            x->rec[slot_of(x, old[i].lo, old[i].hi)] = old[i];
    wf__free(&x->c->alloc, old, n * sizeof *old);
    return WF_OK;
}

/* Array p (of *cap items of `size` bytes) with room for item n: p
 * itself, or moved (*cap grown), or NULL when out of memory (p kept). */
static void *room(wf__cross *x, void *p, size_t *cap, size_t n,
                  size_t size) {
    if (n < *cap)
        return p;
    const size_t more = *cap ? *cap * 2 : 64;
    void *grown = wf__realloc(&x->c->alloc, p, *cap * size, more * size);
    if (grown)
        *cap = more;
    return grown;
}

/* List `segs` with segment `seg` put first, into *out. */
static wf_status prepend(wf__cross *x, uint32_t seg, uint32_t segs,
                         uint32_t *out) {
    uint32_t(*node)[2] = room(x, x->node, &x->cap_node, x->nnode,
                              sizeof *x->node);
    if (!node)
        return WF_E_NOMEM;
    x->node = node;
    x->node[x->nnode][0] = seg;
    x->node[x->nnode][1] = segs;
    *out = (uint32_t)x->nnode++;
    return WF_OK;
}

/* List *into with the segments of `from` it lacks. */
static wf_status merge(wf__cross *x, uint32_t *into, uint32_t from) {
    wf_status s = WF_OK;
    for (uint32_t i = from; s == WF_OK && i != WF__NONE; i = x->node[i][1]) {
        uint32_t j = *into;
        while (j != WF__NONE && x->node[j][0] != x->node[i][0])
            j = x->node[j][1];
        if (j == WF__NONE)
            s = prepend(x, x->node[i][0], *into, into);
    }
    return s;
}

/* Adds weights w, counted along a → b, to edge a–b's, and the segments
 * they come from to its list. */
static wf_status record(wf__cross *x, uint32_t a, uint32_t b,
                        const int32_t w[2], uint32_t segs) {
    if (2 * (x->used + 1) > x->cap) {
        const wf_status s = rehash(x, x->cap * 2);
        if (s != WF_OK)
            return s;
    }
    const uint32_t lo = a < b ? a : b, hi = a < b ? b : a;
    wf__crec *r = &x->rec[slot_of(x, lo, hi)];
    if (r->lo == WF__NONE) {
        *r = (wf__crec){lo, hi, {0, 0}, WF__NONE};
        x->used++;
    }
    for (int q = 0; q < 2; q++)
        r->w[q] += a < b ? w[q] : -w[q];
    if (r->segs == WF__NONE) {
        r->segs = segs;
        return WF_OK;
    }
    return merge(x, &r->segs, segs);
}

/* Takes edge a–b's weights, counted along a → b, into w, and returns its
 * list of segments (WF__NONE: none). */
static uint32_t take(wf__cross *x, uint32_t a, uint32_t b, int32_t w[2]) {
    const uint32_t lo = a < b ? a : b, hi = a < b ? b : a;
    wf__crec *r = &x->rec[slot_of(x, lo, hi)];
    const uint32_t segs = r->lo == WF__NONE ? WF__NONE : r->segs;
    for (int q = 0; q < 2; q++) {
        w[q] = r->lo == WF__NONE ? 0 : a < b ? r->w[q] : -r->w[q];
        r->w[q] = 0;
    }
    if (r->lo != WF__NONE)
        r->segs = WF__NONE;
    return segs;
}

static wf_status push(wf__cross *x, uint32_t a, uint32_t b,
                      const int32_t w[2], uint32_t segs) {
    if (a == b)
        return WF_OK;
    wf__cseg *todo = room(x, x->todo, &x->cap_todo, x->ntodo,
                          sizeof *x->todo);
    if (!todo)
        return WF_E_NOMEM;
    x->todo = todo;
    x->todo[x->ntodo++] = (wf__cseg){a, b, {w[0], w[1]}, segs};
    return WF_OK;
}

/* The point at p (found from point `from`): an existing one, or a new
 * one; a constrained edge it falls on passes its weights to its halves. */
static wf_status place(wf__cross *x, uint32_t from, wf__mpt p, uint32_t *v) {
    wf__cdt *c = x->c;
    int on;
    const uint32_t t = wf__cdt_locate_from(c, from, p, &on);
    uint32_t e0 = WF__NONE, e1 = WF__NONE, segs = WF__NONE;
    int32_t w[2] = {0, 0};
    if (on >= 0 && on < 3 && (c->t[t].con >> on & 1)) {
        e0 = c->t[t].v[on];
        e1 = c->t[t].v[(on + 1) % 3];
        segs = take(x, e0, e1, w);
    }
    wf_status s = wf__cdt_insert_at(c, p, t, on, v);
    if (s == WF_OK && e0 != WF__NONE)
        s = record(x, e0, *v, w, segs);
    return s == WF_OK && e0 != WF__NONE ? record(x, *v, e1, w, segs) : s;
}

static int64_t dist2(wf__mpt a, wf__mpt b) {
    const int64_t dx = (int64_t)a.x - b.x, dy = (int64_t)a.y - b.y;
    return dx * dx + dy * dy;
}

/* Does bending a–b through p leave it alone (p is an end) or cut it into
 * two strictly shorter pieces? */
static int shortens(wf__mpt a, wf__mpt b, wf__mpt p) {
    const int64_t l = dist2(a, b);
    return (p.x == a.x && p.y == a.y) || (p.x == b.x && p.y == b.y) ||
           (dist2(a, p) < l && dist2(p, b) < l);
}

/* Is p strictly inside the triangulation's box? */
static int inside(const wf__cdt *c, wf__mpt p) {
    return c->p[0].x < p.x && p.x < c->p[2].x && c->p[0].y < p.y &&
           p.y < c->p[2].y;
}

/* How far p is from the farthest segment of list segs, along the axes:
 * the half side of the smallest square centred on p that meets each. */
static double apart(const wf__cross *x, uint32_t segs, wf__mpt p) {
    double far = 0;
    for (uint32_t i = segs; i != WF__NONE; i = x->node[i][1]) {
        const wf__mpt a = x->c->p[x->seg[x->node[i][0]][0]];
        const wf__mpt b = x->c->p[x->seg[x->node[i][0]][1]];
        const double dx = fabs((double)b.x - a.x), dy = fabs((double)b.y - a.y);
        far = fmax(far, fabs((double)wf__orient(a, b, p)) / (dx + dy));
        far = fmax(far, fmax(fmin(a.x, b.x) - (double)p.x,
                             (double)p.x - fmax(a.x, b.x)));
        far = fmax(far, fmax(fmin(a.y, b.y) - (double)p.y,
                             (double)p.y - fmax(a.y, b.y)));
    }
    return far;
}

/* Is p on the sides of x's fence, where no new point may go? */
static int on_fence(const wf__cross *x, wf__mpt p) {
    const int in_x = p.x >= x->fence_lo.x && p.x <= x->fence_hi.x;
    const int in_y = p.y >= x->fence_lo.y && p.y <= x->fence_hi.y;
    return x->fenced && in_x && in_y &&
           (p.x == x->fence_lo.x || p.x == x->fence_hi.x ||
            p.y == x->fence_lo.y || p.y == x->fence_hi.y);
}

/* The lattice point nearest the crossing of the first segments of lists
 * s and u, into *p, when they cross. */
static int segments_cross(const wf__cross *x, uint32_t s, uint32_t u,
                          wf__mpt *p) {
    if (s == WF__NONE || u == WF__NONE)
        return 0;
    const wf__mpt *P = x->c->p;
    const uint32_t *g = x->seg[x->node[s][0]], *h = x->seg[x->node[u][0]];
    const wf__mpt s0 = P[g[0]], s1 = P[g[1]], u0 = P[h[0]], u1 = P[h[1]];
    if (wf__sign64(wf__orient(s0, s1, u0)) *
                wf__sign64(wf__orient(s0, s1, u1)) >= 0 ||
        wf__sign64(wf__orient(u0, u1, s0)) *
                wf__sign64(wf__orient(u0, u1, s1)) >= 0)
        return 0;
    wf__crossing(s0, s1, u0, u1, p);
    return 1;
}

/* Where piece g and the constrained edge e0–e1 (cut from the segments of
 * list u) bend: see the file's opening comment. The first of the
 * candidates in order (the points there already first) that is half a
 * unit from every segment, else the nearest. */
static wf__mpt bend_point(wf__cross *x, const wf__cseg *g, uint32_t e0,
                          uint32_t e1, uint32_t u) {
    const wf__mpt *P = x->c->p;
    wf__mpt cand[14] = {P[e0], P[e1], P[g->a], P[g->b]};
    int n = 4;
    if (segments_cross(x, g->segs, u, &cand[n]))
        n++;
    wf__mpt at;
    wf__crossing(P[g->a], P[g->b], P[e0], P[e1], &at);
    for (int k = 0; k < 9; k++) /* the pieces' crossing and round it */
        cand[n++] = (wf__mpt){at.x + (k + 4) % 9 % 3 - 1,
                              at.y + (k + 4) % 9 / 3 - 1};
    int best = n - 9;
    double score = INFINITY;
    for (int k = 0; k < n && score > 0.5; k++) {
        const double d = fmax(apart(x, g->segs, cand[k]), apart(x, u, cand[k]));
        if (d < score && inside(x->c, cand[k]) &&
            (k < 4 || !on_fence(x, cand[k])) &&
            shortens(P[g->a], P[g->b], cand[k]) &&
            shortens(P[e0], P[e1], cand[k]))
            best = k, score = d;
    }
    if (score > 0.5)
        x->loose++;
    wf__mpt p = cand[best];
    if (best >= 4 && on_fence(x, p)) { /* none fits: a unit inwards */
        p.x += (p.x == x->fence_lo.x) - (p.x == x->fence_hi.x);
        p.y += (p.y == x->fence_lo.y) - (p.y == x->fence_hi.y);
    }
    return p;
}

/* Piece g met the constrained edge in c->clash: both bend through one
 * lattice point near their crossing. */
static wf_status bend(wf__cross *x, const wf__cseg *g) {
    wf__cdt *c = x->c;
    if (++x->crossings > WF__CROSS_MAX)
        return WF_E_TOO_BIG;
    const uint32_t e0 = c->clash[0], e1 = c->clash[1];
    int32_t w[2];
    const uint32_t u = take(x, e0, e1, w);
    const wf__mpt p = bend_point(x, g, e0, e1, u);
    wf__cdt_mark(c, e0, e1, 0);
    uint32_t v;
    wf_status s = place(x, g->a, p, &v);
    if (s == WF_OK)
        s = push(x, g->a, v, g->w, g->segs);
    if (s == WF_OK)
        s = push(x, v, g->b, g->w, g->segs);
    if (s == WF_OK) /* the old edge's pieces first, to keep it whole */
        s = push(x, e0, v, w, u);
    return s == WF_OK ? push(x, v, e1, w, u) : s;
}

wf_status wf__cross_init(wf__cross *x, wf__cdt *c, size_t n) {
    memset(x, 0, sizeof *x);
    x->c = c;
    size_t cap = 64;
    while (cap < 2 * n && cap <= SIZE_MAX / 4)
        cap *= 2;
    return rehash(x, cap);
}

void wf__cross_free(wf__cross *x) {
    if (!x->c)
        return;
    wf__free(&x->c->alloc, x->rec, x->cap * sizeof *x->rec);
    wf__free(&x->c->alloc, x->todo, x->cap_todo * sizeof *x->todo);
    wf__free(&x->c->alloc, x->seg, x->cap_seg * sizeof *x->seg);
    wf__free(&x->c->alloc, x->node, x->cap_node * sizeof *x->node);
    memset(x, 0, sizeof *x);
}

wf_status wf__cross_add(wf__cross *x, uint32_t a, uint32_t b, int32_t w0,
                        int32_t w1) {
    uint32_t(*seg)[2] = room(x, x->seg, &x->cap_seg, x->nseg, sizeof *seg);
    if (!seg)
        return WF_E_NOMEM;
    x->seg = seg;
    x->seg[x->nseg][0] = a;
    x->seg[x->nseg][1] = b;
    uint32_t segs;
    wf_status s = prepend(x, (uint32_t)x->nseg++, WF__NONE, &segs);
    const int32_t w[2] = {w0, w1};
    if (s == WF_OK)
        s = push(x, a, b, w, segs);
    while (s == WF_OK && x->ntodo) {
        const wf__cseg g = x->todo[--x->ntodo];
        uint32_t stop;
        s = wf__cdt_constrain_piece(x->c, g.a, g.b, &stop);
        if (s == WF_OK) {
            s = record(x, g.a, stop, g.w, g.segs);
            if (s == WF_OK)
                s = push(x, stop, g.b, g.w, g.segs);
        } else if (s == WF_E_INVALID_ARG) {
            s = bend(x, &g);
        }
    }
    return s;
}

wf_status wf__cross_count(wf__cross *x) {
    wf__cdt *c = x->c;
    const size_t nt = c->nt;
    int32_t *delta = wf__alloc(&c->alloc, 6 * nt * sizeof *delta + 1);
    int32_t *count = wf__alloc(&c->alloc, 2 * nt * sizeof *count + 1);
    wf_status s = delta && count ? WF_OK : WF_E_NOMEM;
    if (s == WF_OK) {
        memset(delta, 0, 6 * nt * sizeof *delta);
        for (size_t i = 0; i < x->cap; i++) {
            const wf__crec *r = &x->rec[i];
            int k;
            /* every weighed edge is constrained, so it is there */
            const uint32_t t = r->lo == WF__NONE || (!r->w[0] && !r->w[1])
                                   ? WF__NONE
                                   : wf__cdt_edge(c, r->lo, r->hi, &k);
            if (t != WF__NONE)
                wf__cdt_weigh(c, delta, t, k, r->w);
        }
        s = wf__cdt_count(c, delta, count);
    }
    wf__free(&c->alloc, delta, delta ? 6 * nt * sizeof *delta + 1 : 0);
    wf__free(&c->alloc, count, count ? 2 * nt * sizeof *count + 1 : 0);
    return s;
}
