/* Meshes for a unit of some radius (wf_mesh_opts.radius) and the
 * triangulation with crossing constraints they are made with. */
#include "wf_test.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/mesh/mesh_internal.h"

/* ---- the triangulation with crossing constraints --------------------- */

typedef struct seg {
    wf__mpt a, b;
    int32_t w[2];
} seg;

typedef struct xtally {
    long runs, segments, crossings, loose, points, chains, tight;
    double drift;
} xtally;

/* Fails unless c is a triangulation of its box: every triangle
 * counter-clockwise, neighbours joined both ways with the same constraint
 * mark, each point's triangle holding it, and 2n − 6 triangles for n
 * points (a triangulation of a convex quadrilateral). */
static void check_triangulation(const wf__cdt *c) {
    assert_int_equal(c->nt, 2 * (size_t)c->np - 6);
    for (uint32_t t = 0; t < c->nt; t++) {
        const wf__tri *x = &c->t[t];
        assert_true(wf__orient(c->p[x->v[0]], c->p[x->v[1]], c->p[x->v[2]]) >
                    0);
        for (int k = 0; k < 3; k++) {
            const uint32_t u = x->nb[k];
            if (u == WF__NONE) {
                assert_true(x->v[k] < 4 && x->v[(k + 1) % 3] < 4);
                continue;
            }
            const int j = wf__cdt_back(c, u, t);
            assert_int_equal(c->t[u].nb[j], t);
            assert_int_equal(c->t[u].v[j], x->v[(k + 1) % 3]);
            assert_int_equal(c->t[u].v[(j + 1) % 3], x->v[k]);
            assert_int_equal(c->t[u].con >> j & 1, x->con >> k & 1);
        }
    }
    for (uint32_t v = 0; v < c->np; v++) {
        const wf__tri *x = &c->t[c->vt[v]];
        assert_true(x->v[0] == v || x->v[1] == v || x->v[2] == v);
    }
}

/* The distance from p to segment a–b, in units. */
static double seg_dist(wf__mpt p, wf__mpt a, wf__mpt b) {
    const double dx = (double)b.x - a.x, dy = (double)b.y - a.y;
    const double l2 = dx * dx + dy * dy;
    double t = l2 > 0 ? (((double)p.x - a.x) * dx + ((double)p.y - a.y) * dy) / l2
                      : 0;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    return hypot(a.x + t * dx - p.x, a.y + t * dy - p.y);
}

/* The point of c at p (inserted before any constraint). */
static uint32_t point_at(const wf__cdt *c, wf__mpt p) {
    for (uint32_t v = 0; v < c->np; v++)
        if (c->p[v].x == p.x && c->p[v].y == p.y)
            return v;
    fail();
    return 0;
}

/* The constrained edges of c by point: those of v are nb[at[v] ..
 * at[v + 1]). */
typedef struct cgraph {
    uint32_t *at, *nb;
} cgraph;

static cgraph constrained(const wf__cdt *c) {
    cgraph g = {calloc(c->np + 1, sizeof *g.at), malloc(3 * c->nt * 4 + 4)};
    for (int pass = 0; pass < 2; pass++) {
        for (uint32_t t = 0; t < c->nt; t++)
            for (int k = 0; k < 3; k++) {
                if (!(c->t[t].con >> k & 1))
                    continue;
                const uint32_t v = c->t[t].v[k];
                if (pass == 0)
                    g.at[v + 1]++;
                else
                    g.nb[g.at[v]++] = c->t[t].v[(k + 1) % 3];
            }
        for (uint32_t v = 0; pass == 0 && v < c->np; v++)
            g.at[v + 1] += g.at[v];
        for (uint32_t v = c->np; pass == 1 && v > 0; v--)
            g.at[v] = g.at[v - 1];
        if (pass == 1)
            g.at[0] = 0;
    }
    return g;
}

/* Is there a chain of constrained edges from a to b through points
 * within `near` units of the segment? The farthest such point of the
 * chain found (breadth first) goes into *far. */
static int chain(const wf__cdt *c, const cgraph *g, uint32_t a, uint32_t b,
                 double near, double *far) {
    uint32_t *from = malloc(c->np * sizeof *from), *queue = malloc(c->np * 4);
    for (uint32_t v = 0; v < c->np; v++)
        from[v] = WF__NONE;
    size_t head = 0, tail = 0;
    queue[tail++] = a;
    from[a] = a;
    while (head < tail && from[b] == WF__NONE) {
        const uint32_t v = queue[head++];
        for (uint32_t i = g->at[v]; i < g->at[v + 1]; i++) {
            const uint32_t w = g->nb[i];
            if (from[w] != WF__NONE ||
                seg_dist(c->p[w], c->p[a], c->p[b]) > near)
                continue;
            from[w] = v;
            queue[tail++] = w;
        }
    }
    const int found = from[b] != WF__NONE;
    *far = 0;
    for (uint32_t v = b; found && v != a; v = from[v])
        *far = fmax(*far, seg_dist(c->p[v], c->p[a], c->p[b]));
    free(from);
    free(queue);
    return found;
}

/* Fails unless the weights of the constrained edges balance at every
 * point as the segments' do (what enters a point leaves it, but at the
 * segments' own ends), and every weighed edge is a constrained edge. */
static void check_weights(const wf__cross *x, const seg *s, size_t n) {
    const wf__cdt *c = x->c;
    int64_t *net = calloc(2 * (size_t)c->np, sizeof *net);
    for (size_t i = 0; i < n; i++)
        for (int q = 0; q < 2; q++) {
            net[2 * point_at(c, s[i].a) + q] -= s[i].w[q];
            net[2 * point_at(c, s[i].b) + q] += s[i].w[q];
        }
    for (size_t i = 0; i < x->cap; i++) {
        const wf__crec *r = &x->rec[i];
        if (r->lo == WF__NONE || (r->w[0] == 0 && r->w[1] == 0))
            continue;
        int k;
        const uint32_t t = wf__cdt_edge(c, r->lo, r->hi, &k);
        assert_true(t != WF__NONE && (c->t[t].con >> k & 1));
        for (int q = 0; q < 2; q++) {
            net[2 * r->lo + q] += r->w[q];
            net[2 * r->hi + q] -= r->w[q];
        }
    }
    for (size_t i = 0; i < 2 * (size_t)c->np; i++)
        assert_true(net[i] == 0);
    free(net);
}

/* Triangulates the ends of s[0 .. n) in the box [lo, hi]², adds every
 * segment as a crossing constraint and checks the result. */
static void run_segments(const seg *s, size_t n, int32_t lo, int32_t hi,
                         xtally *tl) {
    wf__cdt c;
    assert_int_equal(wf__cdt_init(&c, NULL, lo, lo, hi, hi, 2 * n), WF_OK);
    for (size_t i = 0; i < n; i++) {
        uint32_t id;
        assert_int_equal(wf__cdt_insert(&c, s[i].a, &id), WF_OK);
        assert_int_equal(wf__cdt_insert(&c, s[i].b, &id), WF_OK);
    }
    const uint32_t before = c.np;
    wf__cross x;
    assert_int_equal(wf__cross_init(&x, &c, n), WF_OK);
    for (size_t i = 0; i < n; i++)
        assert_int_equal(wf__cross_add(&x, point_at(&c, s[i].a),
                                       point_at(&c, s[i].b), s[i].w[0],
                                       s[i].w[1]),
                         WF_OK);
    check_triangulation(&c);
    check_weights(&x, s, n);
    cgraph g = constrained(&c);
    for (size_t i = 0; i < n; i++) {
        /* the nearest chain: within half a unit's diagonal but where a
           bend left both segments' shared pixel, within 4 units always */
        const uint32_t a = point_at(&c, s[i].a), b = point_at(&c, s[i].b);
        double far;
        if (chain(&c, &g, a, b, 0.7072, &far)) {
            tl->tight++;
        } else {
            assert_true(chain(&c, &g, a, b, 4, &far));
            tl->drift = fmax(tl->drift, far);
        }
        tl->chains++;
    }
    free(g.at);
    free(g.nb);
    tl->runs++;
    tl->segments += (long)n;
    tl->crossings += (long)x.crossings;
    tl->loose += (long)x.loose;
    tl->points += (long)(c.np - before);
    wf__cross_free(&x);
    wf__cdt_free(&c);
}

static wf__mpt rnd_pt(wf_test_rng *r, int32_t lo, uint32_t span) {
    return (wf__mpt){lo + (int32_t)wf_test_rng_below(r, span),
                     lo + (int32_t)wf_test_rng_below(r, span)};
}

/* Random segments on a small lattice: many crossings, shared points,
 * collinear overlaps. */
static void some_lattice(wf_test_rng *r, seg *s, size_t n, uint32_t span) {
    for (size_t i = 0; i < n; i++) {
        s[i].a = rnd_pt(r, 1, span);
        do
            s[i].b = rnd_pt(r, 1, span);
        while (s[i].b.x == s[i].a.x && s[i].b.y == s[i].a.y);
        s[i].w[0] = (int32_t)wf_test_rng_below(r, 3) - 1;
        s[i].w[1] = 1;
    }
}

/* Long, nearly parallel segments across a big box: crossings at shallow
 * angles, rounded far from the exact point along the segments. */
static void some_shallow(wf_test_rng *r, seg *s, size_t n) {
    const int32_t big = 1 << 26;
    for (size_t i = 0; i < n; i++) {
        const int32_t y = (int32_t)wf_test_rng_below(r, 64);
        s[i].a = (wf__mpt){-big + (int32_t)wf_test_rng_below(r, 5), y};
        s[i].b = (wf__mpt){big - (int32_t)wf_test_rng_below(r, 5),
                           y + (int32_t)wf_test_rng_below(r, 9) - 4};
        s[i].w[0] = 1;
        s[i].w[1] = (int32_t)(i % 2);
    }
}

/* Segments through one point, and others through points next to it. */
static void some_star(wf_test_rng *r, seg *s, size_t n) {
    for (size_t i = 0; i < n; i++) {
        const int32_t dx = (int32_t)wf_test_rng_below(r, 2001) - 1000;
        const int32_t dy = (int32_t)wf_test_rng_below(r, 2001) - 1000;
        const int32_t cx = 5000 + (int32_t)wf_test_rng_below(r, 3);
        s[i].a = (wf__mpt){cx - dx, 5000 - dy};
        s[i].b = (wf__mpt){cx + dx, 5000 + dy};
        if (dx == 0 && dy == 0)
            s[i].b.x++;
        s[i].w[0] = 0;
        s[i].w[1] = 1;
    }
}

/* Rings of 16 points round random centres: overlapping polygons, as the
 * capsules of a radius are (every point balanced). */
static size_t some_rings(wf_test_rng *r, seg *s, size_t rings) {
    size_t n = 0;
    for (size_t k = 0; k < rings; k++) {
        const double cx = 200 + wf_test_rng_below(r, 600);
        const double cy = 200 + wf_test_rng_below(r, 600);
        const double rad = 20 + wf_test_rng_below(r, 150);
        wf__mpt p[16];
        for (int i = 0; i < 16; i++)
            p[i] = (wf__mpt){(int32_t)floor(cx + rad * cos(i * 0.3927) + 0.5),
                             (int32_t)floor(cy + rad * sin(i * 0.3927) + 0.5)};
        for (int i = 0; i < 16; i++)
            s[n++] = (seg){p[i], p[(i + 1) % 16], {0, 1}};
    }
    return n;
}

static void test_crossings(void **state) {
    (void)state;
    static seg s[800];
    wf_test_rng r = {11};
    xtally tl = {0};
    const int rounds = wf_test_count(40);
    for (int k = 0; k < rounds; k++) {
        const size_t n = 20 + wf_test_rng_below(&r, 60);
        some_lattice(&r, s, n, k % 2 ? 12 : 60);
        run_segments(s, n, 0, 64, &tl);
        some_shallow(&r, s, n);
        run_segments(s, n, -(1 << 27), 1 << 27, &tl);
        some_star(&r, s, n);
        run_segments(s, n, 0, 10000, &tl);
        run_segments(s, some_rings(&r, s, 2 + wf_test_rng_below(&r, 12)), 0,
                     1000, &tl);
    }
    fprintf(stderr, "crossing constraints: %ld triangulations of %ld segments "
                    "(lattice, shallow, star, rings): %ld crossings (%ld bent "
                    "off a shared pixel) made %ld points; each a valid "
                    "triangulation, the weights balanced, every segment a "
                    "chain of constrained edges: %ld of %ld within 0.71 units "
                    "of it, the others within %.2f\n",
            tl.runs, tl.segments, tl.crossings, tl.loose, tl.points,
            tl.tight, tl.chains, tl.drift);
}

/* The segments of a few overlapping rings, built with the N-th
 * allocation refused for every N: WF_E_NOMEM, nothing held after. */
static void test_crossings_out_of_memory(void **state) {
    (void)state;
    static seg s[200];
    wf_test_rng r = {3};
    const size_t n = some_rings(&r, s, 6);
    int refused = 0;
    for (size_t k = 1;; k++) {
        wf_test_alloc ta;
        const wf_allocator a = wf_test_alloc_init(&ta, k);
        wf__cdt c;
        wf__cross x;
        memset(&x, 0, sizeof x);
        wf_status st = wf__cdt_init(&c, &a, 0, 0, 1000, 1000, 2 * n);
        for (size_t i = 0; st == WF_OK && i < 2 * n; i++) {
            uint32_t id;
            st = wf__cdt_insert(&c, i % 2 ? s[i / 2].b : s[i / 2].a, &id);
        }
        if (st == WF_OK)
            st = wf__cross_init(&x, &c, n);
        for (size_t i = 0; st == WF_OK && i < n; i++)
            st = wf__cross_add(&x, point_at(&c, s[i].a), point_at(&c, s[i].b),
                               0, 1);
        if (st == WF_OK)
            check_weights(&x, s, n);
        wf__cross_free(&x);
        wf__cdt_free(&c);
        assert_int_equal(ta.live, 0);
        if (!ta.refused) {
            assert_int_equal(st, WF_OK);
            break;
        }
        assert_int_equal(st, WF_E_NOMEM);
        refused++;
    }
    fprintf(stderr, "crossing constraints out of memory: %d allocations "
                    "refused one by one, each WF_E_NOMEM, no leak\n",
            refused);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_crossings),
        cmocka_unit_test(test_crossings_out_of_memory),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
