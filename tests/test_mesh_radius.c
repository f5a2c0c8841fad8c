/* Meshes for a unit of some radius (wf_mesh_opts.radius) on random
 * polygon worlds and on grids' cells: every mesh edge, hence every path,
 * keeps the radius from every outline edge, the boundary keeps no more
 * than the stated bound, paths equal an independent reference among the
 * same strips and fans, and bad radii are refused; and the triangulation with
 * crossing constraints they are made with, on nasty inputs. */
#include "outline_world.h"
#include "radius_oracle.h"

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
 * strips and fans of a radius are (every point balanced). */
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

/* ---- meshes for a radius ---------------------------------------------- */

static const double radii[] = {0.35, 0.9, 1.6, 2.45};

static double point_seg(wf_vec2 p, wf_vec2 a, wf_vec2 b) {
    const double dx = b.x - a.x, dy = b.y - a.y, l2 = dx * dx + dy * dy;
    double t = l2 > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / l2 : 0;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    return hypot(a.x + t * dx - p.x, a.y + t * dy - p.y);
}

/* The distance between segments a–b and c–d (doubles). */
static double seg_seg(wf_vec2 a, wf_vec2 b, wf_vec2 c, wf_vec2 d) {
    const double o1 = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
    const double o2 = (b.x - a.x) * (d.y - a.y) - (b.y - a.y) * (d.x - a.x);
    const double o3 = (d.x - c.x) * (a.y - c.y) - (d.y - c.y) * (a.x - c.x);
    const double o4 = (d.x - c.x) * (b.y - c.y) - (d.y - c.y) * (b.x - c.x);
    if (((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0)) &&
        ((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0)))
        return 0;
    return fmin(fmin(point_seg(a, c, d), point_seg(b, c, d)),
                fmin(point_seg(c, a, b), point_seg(d, a, b)));
}

/* The least distance from segment a–b to an edge of w's outlines. */
static double clearance(const wf_world *w, wf_vec2 a, wf_vec2 b) {
    double d = INFINITY;
    for (size_t i = 0; i < w->n; i++)
        for (size_t j = 0; j < w->o[i].count; j++)
            d = fmin(d, seg_seg(a, b, w->o[i].points[j],
                                w->o[i].points[(j + 1) % w->o[i].count]));
    return d;
}

typedef struct rtally {
    long worlds, empty, edges, bverts, queries, paths, none, off, segments;
    long nearest, removed, skipped, crossings, loose;
    double low, high, worst; /* clearance − r at least (units); corners
                                beyond P's corners (units) at
                                most; length error (units per corner) */
    double scale;
} rtally;

/* The mesh of w for radius r; fails the test unless it is made. */
static wf_mesh *radius_mesh(const wf_world *w, double r) {
    wf_mesh_opts opts = {.radius = r};
    wf_mesh *m;
    wf_diag d = {0};
    const wf_status st = wf_mesh_from_outlines(w->o, w->n, &opts, NULL, &m, &d);
    if (st != WF_OK)
        fprintf(stderr, "radius %g: %s\n", r, d.message);
    assert_int_equal(st, WF_OK);
    return m;
}

/* Every edge of every polygon of m keeps r from w's outlines (less
 * 1e-9: doubles), and every corner on the boundary lies within the
 * polygons' reach: P's corners, (r + 4 / scale) / cos(pi / 16) from
 * the edge, rounded to the fixed point (0.71 / scale). */
static void check_polygons(const wf_world *w, const wf_mesh *m, double r,
                           rtally *tl) {
    wf_mesh_info info;
    assert_int_equal(wf_mesh_describe(m, &info), WF_OK);
    tl->scale = info.scale;
    const double corner = (r + 4 / info.scale) / cos(3.14159265358979 / 16);
    wf_vec2 v[64];
    long across[64];
    for (size_t p = 0; p < info.polygons; p++) {
        const size_t n = wf_mesh_polygon(m, p, v, across, 64);
        assert_true(n >= 3 && n <= 64);
        for (size_t i = 0; i < n; i++) {
            const double d = clearance(w, v[i], v[(i + 1) % n]);
            assert_true(d >= r - 1e-9);
            tl->low = fmin(tl->low, (d - r) * info.scale);
            tl->edges++;
            if (across[i] >= 0)
                continue;
            const double far = clearance(w, v[i], v[i]);
            assert_true(far <= corner + 1 / info.scale);
            tl->high = fmax(tl->high, (far - corner) * info.scale);
            tl->bverts++;
        }
    }
    tl->empty += info.polygons == 0;
    tl->removed += (long)m->inflated.removed;
    tl->crossings += (long)m->inflated.crossings;
    tl->loose += (long)m->inflated.loose;
}

/* A query between random points (on the mesh, or anywhere round it):
 * a path keeps r from every outline edge; off the mesh, the nearest
 * point does too. */
static void check_clear_path(const wf_world *w, const wf_mesh *m,
                             wf_mesh_query *q, double r, wf_test_rng *rng,
                             wf_polyline *p, rtally *tl) {
    wf_vec2 e[2];
    for (int k = 0; k < 2; k++) {
        uint64_t seed = wf_test_rng_next(rng);
        if (wf_test_rng_below(rng, 2) || wf_mesh_random_point(m, &seed, &e[k]))
            e[k] = (wf_vec2){wf_test_rng_below(rng, 1 << 20) * 0x1p-20 * 56 - 4,
                             wf_test_rng_below(rng, 1 << 20) * 0x1p-20 * 56 - 4};
        wf_vec2 near;
        if (wf_mesh_locate(m, e[k]) < 0 && wf_mesh_nearest(m, e[k], &near) >= 0) {
            assert_true(wf_mesh_locate(m, near) >= 0);
            assert_true(clearance(w, near, near) >= r - 1e-9);
            tl->nearest++;
        }
    }
    const wf_status st = wf_mesh_path(q, m, e[0], e[1], p);
    assert_true(st == WF_OK || st == WF_NO_PATH);
    tl->queries++;
    if (st != WF_OK) {
        tl->none++;
        return;
    }
    for (size_t i = 0; i + 1 < p->count; i++) {
        const double d = clearance(w, p->points[i], p->points[i + 1]);
        assert_true(d >= r - 1e-9);
        tl->low = fmin(tl->low, (d - r) * tl->scale);
        tl->segments++;
    }
    tl->paths++;
}

/* The ground [0, 48]² and 4 to 15 obstacles at any angle, crossing one
 * another and sticking out of the ground. */
static void rocks(wf_world *w, wf_test_rng *rng) {
    w->np = w->n = 0;
    wf_world_begin(w, WF_OUTLINE_WALKABLE);
    wf_world_add(w, 0, 0), wf_world_add(w, 48, 0);
    wf_world_add(w, 48, 48), wf_world_add(w, 0, 48);
    wf_world_end(w, rng);
    const int n = 4 + (int)wf_test_rng_below(rng, 12);
    for (int i = 0; i < n; i++)
        wf_world_shape(w, rng, WF_OUTLINE_OBSTACLE, 1);
}

static void test_clearance(void **state) {
    (void)state;
    static wf_world w;
    wf_test_rng rng = {41};
    rtally tl = {.low = INFINITY};
    wf_mesh_query *q;
    assert_int_equal(wf_mesh_query_create(NULL, &q), WF_OK);
    wf_polyline p;
    wf_polyline_init(&p, NULL);
    const int worlds = wf_test_count(60);
    for (int k = 0; k < worlds; k++) {
        if (k % 3 == 2) /* obstacles that overlap */
            rocks(&w, &rng);
        else
            wf_world_random(&w, &rng);
        const double r = radii[k % 4];
        wf_mesh *m = radius_mesh(&w, r);
        check_polygons(&w, m, r, &tl);
        for (int i = 0; i < 100; i++)
            check_clear_path(&w, m, q, r, &rng, &p, &tl);
        wf_mesh_destroy(m);
        tl.worlds++;
    }
    fprintf(stderr, "radius clearance: %ld random worlds (a third with "
                    "obstacles crossing one another and the ground's edge; "
                    "radii 0.35, 0.9, 1.6, 2.45; %ld meshes empty): %ld polygon edges and %ld "
                    "path segments of %ld paths (%ld queries) keep r from "
                    "every outline edge (by %.2f units of the fixed point at "
                    "least); %ld "
                    "boundary corners within the polygons' reach (at most %.2f "
                    "units beyond their corners); %ld nearest points off the mesh on it and keep "
                    "r; %ld crossings of constraints (%ld bent off a shared "
                    "pixel), %ld triangles taken away by the last check\n",
            tl.worlds, tl.empty, tl.edges, tl.segments, tl.paths, tl.queries,
            tl.low, tl.bverts, tl.high, tl.nearest, tl.crossings, tl.loose,
            tl.removed);
    assert_true(tl.paths > tl.queries / 8);
    wf_polyline_free(&p);
    wf_mesh_query_destroy(q);
}

/* One query on m (radius r, scale `scale`) against the reference: no
 * path where it has none or an end is off the free space; else the
 * same length within 3 units per corner of the path. The mesh's
 * polygons are the reference's with their corners rounded to the fixed
 * point (0.71 units) and their sides bent where they cross (0.71 units as
 * a rule), and moving a corner of a path by d changes its length by 2d
 * at most. Ends within 4 units of a polygon's side, where the two may
 * disagree on which side they lie, are left out. */
static void check_optimal(const wf_roracle *ref, const wf_mesh *m,
                          wf_mesh_query *q, double scale, wf_vec2 s,
                          wf_vec2 t, wf_polyline *p, rtally *tl) {
    const int ws = wf_roracle_where(ref, s, 4 / scale);
    const int wt = wf_roracle_where(ref, t, 4 / scale);
    if (ws < 0 || wt < 0) {
        tl->skipped++;
        return;
    }
    const double want = wf_roracle_shortest(ref, s, t);
    const wf_status st = wf_mesh_path(q, m, s, t, p);
    tl->queries++;
    if (isinf(want)) {
        if (st != WF_NO_PATH)
            fprintf(stderr, "(%g, %g) -> (%g, %g): got %.17g, want none\n",
                    s.x, s.y, t.x, t.y, p->length);
        assert_int_equal(st, WF_NO_PATH);
        tl->none++;
        tl->off += ws == 0 || wt == 0;
        return;
    }
    const double err = fabs(p->length - want) * scale;
    if (st != WF_OK || err > 3.0 * (double)p->count + 1e-9 * want * scale)
        fprintf(stderr, "(%g, %g) -> (%g, %g): status %d, length %.17g, "
                        "want %.17g\n",
                s.x, s.y, t.x, t.y, st, p->length, want);
    assert_int_equal(st, WF_OK);
    assert_true(err <= 3.0 * (double)p->count + 1e-9 * want * scale);
    tl->worst = fmax(tl->worst, err / (double)p->count);
    tl->paths++;
}

/* A point of the world's lattice (wf_world_point), free of the polygons
 * 3 times in 4 when one can be found. */
static wf_vec2 free_point(const wf_oracle *ground, const wf_roracle *ref,
                          wf_test_rng *rng) {
    wf_vec2 p = wf_world_point(ground, rng);
    for (int i = 0; wf_test_rng_below(rng, 4) && i < 20; i++) {
        if (wf_roracle_where(ref, p, 0) == 1)
            break;
        p = wf_world_point(ground, rng);
    }
    return p;
}

static void test_optimal(void **state) {
    (void)state;
    static wf_world w;
    wf_test_rng rng = {43};
    rtally tl = {0};
    wf_mesh_query *q;
    assert_int_equal(wf_mesh_query_create(NULL, &q), WF_OK);
    wf_polyline p;
    wf_polyline_init(&p, NULL);
    size_t nodes = 0, caps = 0;
    const int worlds = wf_test_count(40);
    for (int k = 0; k < worlds; k++) {
        wf_world_random(&w, &rng);
        const double r = radii[k % 4];
        wf_mesh *m = radius_mesh(&w, r);
        wf_mesh_info info;
        assert_int_equal(wf_mesh_describe(m, &info), WF_OK);
        wf_oracle *ground = wf_oracle_create(w.o, w.n);
        wf_roracle *ref =
            wf_roracle_create(ground, w.o, w.n, r + 4 / info.scale);
        nodes += wf_roracle_nodes(ref);
        caps += wf_roracle_polygons(ref);
        for (int i = 0; i < 40; i++)
            check_optimal(ref, m, q, info.scale, free_point(ground, ref, &rng),
                          free_point(ground, ref, &rng), &p, &tl);
        wf_roracle_destroy(ref);
        wf_oracle_destroy(ground);
        wf_mesh_destroy(m);
        tl.worlds++;
    }
    fprintf(stderr, "radius paths: %ld random worlds (%zu strips and fans, %zu "
                    "corners outside the others), %ld queries: %ld paths as "
                    "long as the reference's (at most %.3f units "
                    "apart per corner of the path), %ld without a path where "
                    "it has none (%ld with an end within r of an edge); %ld "
                    "queries with an end within 4 units of a polygon left "
                    "out\n",
            tl.worlds, caps, nodes, tl.queries, tl.paths, tl.worst, tl.none,
            tl.off, tl.skipped);
    assert_true(tl.paths > tl.queries / 8 && tl.none > 0);
    wf_polyline_free(&p);
    wf_mesh_query_destroy(q);
}

/* The blocked cells of random grids as obstacles: strips along
 * the same lines, corners on one another, crossings shared by many, a
 * radius of exactly half a cell. Every mesh edge keeps r; paths equal the
 * reference's. */
static void test_grid_cells(void **state) {
    (void)state;
    static const double grid_radii[] = {0.2, 0.45, 0.5, 0.75};
    static wf_world w;
    wf_test_rng rng = {47};
    rtally tl = {.low = INFINITY};
    wf_mesh_query *q;
    assert_int_equal(wf_mesh_query_create(NULL, &q), WF_OK);
    wf_polyline p;
    wf_polyline_init(&p, NULL);
    for (int k = 0; k < wf_test_count(120); k++) {
        wf_grid *g;
        const int gw = 2 + (int)wf_test_rng_below(&rng, 11),
                  gh = 2 + (int)wf_test_rng_below(&rng, 11);
        assert_int_equal(wf_grid_create(gw, gh, NULL, &g), WF_OK);
        wf_test_fill_any_angle(g, &rng, k % 12);
        wf_world_grid(g, &w, &rng);
        const double r = grid_radii[k % 4];
        wf_mesh *m = radius_mesh(&w, r);
        check_polygons(&w, m, r, &tl);
        wf_mesh_info info;
        assert_int_equal(wf_mesh_describe(m, &info), WF_OK);
        wf_oracle *ground = wf_oracle_create(w.o, w.n);
        wf_roracle *ref =
            wf_roracle_create(ground, w.o, w.n, r + 4 / info.scale);
        for (int i = 0; i < 20; i++) {
            const wf_vec2 s = {wf_test_rng_below(&rng, 8 * gw) / 8.0 + 1 / 16.0,
                               wf_test_rng_below(&rng, 8 * gh) / 8.0 + 1 / 16.0};
            const wf_vec2 t = {wf_test_rng_below(&rng, 8 * gw) / 8.0 + 1 / 16.0,
                               wf_test_rng_below(&rng, 8 * gh) / 8.0 + 1 / 16.0};
            check_optimal(ref, m, q, info.scale, s, t, &p, &tl);
        }
        wf_roracle_destroy(ref);
        wf_oracle_destroy(ground);
        wf_mesh_destroy(m);
        wf_grid_destroy(g);
        tl.worlds++;
    }
    fprintf(stderr, "radius on grids' cells: %ld maps (radii 0.2, 0.45, 0.5, "
                    "0.75; %ld meshes empty), %ld polygon edges keep r (by "
                    "%.2f units at least), %ld boundary corners within reach "
                    "(%.2f units beyond P's corners at most); %ld "
                    "queries: %ld paths as long as the reference's "
                    "(%.3f units apart per corner at most), %ld without a "
                    "path where it has none, %ld left out (an end within 4 "
                    "units of a polygon); %ld crossings of constraints (%ld "
                    "bent off a shared pixel), %ld triangles taken away by "
                    "the last check\n",
            tl.worlds, tl.empty, tl.edges, tl.low, tl.bverts, tl.high,
            tl.queries, tl.paths, tl.worst, tl.none, tl.skipped,
            tl.crossings, tl.loose, tl.removed);
    wf_polyline_free(&p);
    wf_mesh_query_destroy(q);
}

/* wf_mesh_from_outlines refuses radius r (with scale): status and a
 * message holding `has`. */
static void refuse_radius(const wf_outline *o, size_t n, double r,
                          double scale, const char *has) {
    wf_mesh_opts opts = {.scale = scale, .radius = r};
    wf_mesh *m = (wf_mesh *)1;
    wf_diag d = {0};
    const wf_status st = wf_mesh_from_outlines(o, n, &opts, NULL, &m, &d);
    if (st != WF_E_INVALID_ARG || !strstr(d.message, has))
        fprintf(stderr, "radius %g: status %d, \"%s\"\n", r, st, d.message);
    assert_int_equal(st, WF_E_INVALID_ARG);
    assert_null(m);
    assert_non_null(strstr(d.message, has));
}

/* Bad radii are refused; a radius no corridor holds gives an empty mesh
 * whose queries find nothing; a point too near a wall is off the mesh and
 * its nearest point is where the unit fits. */
static void test_bad_and_empty(void **state) {
    (void)state;
    const wf_vec2 sq[] = {{0, 0}, {10, 0}, {10, 10}, {0, 10}};
    const wf_vec2 rock[] = {{4, 4}, {6, 4}, {6, 6}, {4, 6}};
    const wf_outline o[2] = {{sq, 4, WF_OUTLINE_WALKABLE, NULL},
                             {rock, 4, WF_OUTLINE_OBSTACLE, NULL}};
    refuse_radius(o, 2, -1, 0, "radius -1 is not a radius");
    refuse_radius(o, 2, NAN, 0, "radius nan is not a radius");
    refuse_radius(o, 2, INFINITY, 0, "radius inf is not a radius");
    refuse_radius(o, 2, 10.5, 0, "more than the outlines' extent (10)");
    refuse_radius(o, 2, 6, 0x1p22, "with the radius");
    /* the room is 4 wide round the rock: a radius of 2 closes it but for
       the four corners, 2.5 leaves nothing */
    wf_mesh_query *q;
    assert_int_equal(wf_mesh_query_create(NULL, &q), WF_OK);
    wf_polyline p;
    wf_polyline_init(&p, NULL);
    const double r[] = {1, 2, 2.5, 10};
    const size_t pieces[] = {1, 4, 0, 0};
    for (int k = 0; k < 4; k++) {
        wf_mesh_opts opts = {.radius = r[k]};
        wf_mesh *m;
        assert_int_equal(wf_mesh_from_outlines(o, 2, &opts, NULL, &m, NULL),
                         WF_OK);
        wf_mesh_info info;
        assert_int_equal(wf_mesh_describe(m, &info), WF_OK);
        assert_int_equal(info.pieces, pieces[k]);
        const wf_status st = wf_mesh_path(q, m, (wf_vec2){1.5, 5},
                                          (wf_vec2){8.5, 5}, &p);
        wf_vec2 near, pt;
        uint64_t seed = 1;
        if (k == 0) { /* the ends lie 1.5 from the walls: round the rock */
            assert_true(info.polygons > 0);
            assert_int_equal(st, WF_OK);
            assert_true(p.length > 8.5 && p.length < 8.6);
            /* 0.5 from the wall: off the mesh, nearest where it fits */
            assert_int_equal(wf_mesh_locate(m, (wf_vec2){0.5, 2}), -1);
            assert_true(wf_mesh_nearest(m, (wf_vec2){0.5, 2}, &near) >= 0);
            assert_true(near.x >= 1 && near.x < 1.001 && fabs(near.y - 2) < 1e-5);
            assert_int_equal(wf_mesh_path(q, m, (wf_vec2){0.5, 2},
                                          (wf_vec2){8.5, 5}, &p),
                             WF_NO_PATH);
            assert_int_equal(wf_mesh_path(q, m, near, (wf_vec2){8.5, 5}, &p),
                             WF_OK);
        } else {
            assert_int_equal(st, WF_NO_PATH);
            assert_true(pieces[k] > 0 || info.polygons == 0);
        }
        if (k >= 2) {
            assert_int_equal(wf_mesh_nearest(m, (wf_vec2){5, 1}, &near), -1);
            assert_int_equal(wf_mesh_random_point(m, &seed, &pt), WF_NO_PATH);
            assert_int_equal(wf_mesh_locate(m, (wf_vec2){2, 2}), -1);
        }
        wf_mesh_destroy(m);
    }
    wf_polyline_free(&p);
    wf_mesh_query_destroy(q);
    fprintf(stderr, "bad radii: 5 refused (negative, NaN, infinite, beyond "
                    "the extent, too large for the scale); radii 2, 2.5 and "
                    "10 in a room 4 wide: 4 corner pockets, then empty "
                    "meshes with no path, no nearest point, no random point; "
                    "a point 0.5 from a wall off the mesh, its nearest point "
                    "1 from it and a path from there\n");
}

/* A random world for radius 0.9, built with the N-th allocation refused
 * for every N: WF_E_NOMEM, no leak. */
static void test_radius_out_of_memory(void **state) {
    (void)state;
    static wf_world w;
    wf_test_rng r = {5};
    wf_world_random(&w, &r);
    const wf_mesh_opts opts = {.radius = 0.9};
    wf_world_job job = {&w, &opts};
    assert_true(wf_test_each_refusal("radius out of memory", wf_world_build,
                                     &job) > 0);
}

/* Triangulates and crosses the segments of ud (a `segs`) with allocator
 * a, then frees it all. */
typedef struct segs {
    const seg *s;
    size_t n;
} segs;

static wf_status build_crossings(const wf_allocator *a, void *ud) {
    const segs *g = ud;
    wf__cdt c;
    wf__cross x;
    memset(&x, 0, sizeof x);
    wf_status st = wf__cdt_init(&c, a, 0, 0, 1000, 1000, 2 * g->n);
    for (size_t i = 0; st == WF_OK && i < 2 * g->n; i++) {
        uint32_t id;
        st = wf__cdt_insert(&c, i % 2 ? g->s[i / 2].b : g->s[i / 2].a, &id);
    }
    if (st == WF_OK)
        st = wf__cross_init(&x, &c, g->n);
    for (size_t i = 0; st == WF_OK && i < g->n; i++)
        st = wf__cross_add(&x, point_at(&c, g->s[i].a),
                           point_at(&c, g->s[i].b), 0, 1);
    if (st == WF_OK)
        check_weights(&x, g->s, g->n);
    wf__cross_free(&x);
    wf__cdt_free(&c);
    return st;
}

/* The segments of a few overlapping rings, built with the N-th
 * allocation refused for every N: WF_E_NOMEM, nothing held after. */
static void test_crossings_out_of_memory(void **state) {
    (void)state;
    static seg s[200];
    wf_test_rng r = {3};
    segs g = {s, 0};
    g.n = some_rings(&r, s, 6);
    assert_true(wf_test_each_refusal("crossing constraints out of memory",
                                     build_crossings, &g) > 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_clearance),
        cmocka_unit_test(test_optimal),
        cmocka_unit_test(test_grid_cells),
        cmocka_unit_test(test_bad_and_empty),
        cmocka_unit_test(test_radius_out_of_memory),
        cmocka_unit_test(test_crossings),
        cmocka_unit_test(test_crossings_out_of_memory),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
