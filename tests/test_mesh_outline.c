/* Meshes made from outlines (wf_mesh_from_outlines): shortest paths equal
 * an independent visibility-graph reference on random polygon worlds
 * (holes that touch along edges and at corners, collinear and repeated
 * points, either orientation, coordinates from 2^-30 to 2^40 world
 * units), equal the grid's mesh when the outlines are a grid's cells, and
 * every bad outline is refused with a message naming it. */
#include "outline_check.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wayfind/mesh.h"

/* Which random worlds run_worlds makes. */
enum { HOLES, OVERLAPS, ANY_ANGLE };

/* How many times the sides of w cross lines of a grid of `tile` units
 * through 0, at most: where a tiled mesh cuts them. */
static size_t cuts(const wf_world *w, double tile) {
    size_t n = 0;
    for (size_t i = 0; i < w->n; i++)
        for (size_t j = 0; j < w->o[i].count; j++) {
            const wf_vec2 a = w->o[i].points[j];
            const wf_vec2 b = w->o[i].points[(j + 1) % w->o[i].count];
            n += (size_t)(fabs(b.x - a.x) / tile + fabs(b.y - a.y) / tile) + 2;
        }
    return n;
}

/* 400 random points of an eighth lattice (offset by 1/16) round the
 * ground, off every edge: on m (scaled by f) where the reference has
 * ground, and only there. */
static void check_ground(const wf_oracle *ref, const wf_mesh *m, double f,
                         wf_test_rng *r) {
    for (int i = 0; i < 400; i++) {
        const wf_vec2 p = {((int)wf_test_rng_below(r, 480) - 24) / 8.0 + 1 / 16.0,
                           ((int)wf_test_rng_below(r, 480) - 24) / 8.0 + 1 / 16.0};
        const int where = wf_oracle_where(ref, p);
        if (where >= 0)
            assert_int_equal(wf_mesh_locate(m, (wf_vec2){p.x * f, p.y * f}) >= 0,
                             where);
    }
}

/* `worlds` random worlds of kind `kind` from seed `seed`, scaled in turn
 * by 1, 1/8, 3, 2^-30 and 2^40 (by 1, 3 and 8 with tiles of `tile`
 * units before scaling), 24 queries each against the reference into tl.
 * With ANY_ANGLE, lengths may be off by tl's slack, set per world to 2 ×
 * 0.71 / scale per crossing and, with tiles, per cut of a side by a tile
 * line (each moves a corner of the ground that much at most: see
 * test_crossing_at_any_angle). */
static void run_worlds(int kind, uint64_t seed, int worlds, unsigned tile,
                       wf_otally *tl) {
    static const double scales[] = {1, 0.125, 3, 0x1p-30, 0x1p40};
    static const double tiled[] = {1, 3, 8, 1, 3};
    static wf_world w, s;
    wf_test_rng r = {seed};
    wf_mesh_query *q;
    assert_int_equal(wf_mesh_query_create(NULL, &q), WF_OK);
    wf_polyline p;
    wf_polyline_init(&p, NULL);
    for (int k = 0; k < worlds; k++) {
        if (kind == HOLES)
            wf_world_random_mixed(&w, &r);
        else
            wf_world_overlapping(&w, &r, kind == ANY_ANGLE);
        const double f = tile ? tiled[k % 5] : scales[k % 5];
        wf_world_scaled(&w, f, &s);
        wf_mesh *m;
        wf_diag d = {0};
        const wf_mesh_opts opts = {.tile = (unsigned)(tile * f)};
        const wf_status st = wf_mesh_from_outlines(s.o, s.n, &opts, NULL, &m, &d);
        if (st != WF_OK)
            fprintf(stderr, "world %d: %s\n", k, d.message);
        assert_int_equal(st, WF_OK);
        wf_mesh_info info;
        assert_int_equal(wf_mesh_describe(m, &info), WF_OK);
        wf_oracle *ref = wf_oracle_create(w.o, w.n);
        const size_t nx = wf_oracle_crossings(ref) + (tile ? cuts(&w, tile) : 0);
        tl->crossings += (long)wf_oracle_crossings(ref);
        tl->scale = info.scale * f; /* mesh units per reference unit */
        tl->slack = kind == ANY_ANGLE ? 2 * 0.7072 * (double)nx / tl->scale : 0;
        for (int i = 0; i < 24; i++)
            wf_otally_query(ref, q, m, f, wf_world_point(ref, &r),
                            wf_world_point(ref, &r), &p, tl);
        if (tile)
            wf_check_seams(m, tile * f);
        if (tile && kind == OVERLAPS)
            check_ground(ref, m, f, &r);
        wf_oracle_destroy(ref);
        wf_mesh_destroy(m);
        tl->worlds++;
    }
    assert_true(tl->paths > tl->queries / 4 && tl->none > 0);
    wf_polyline_free(&p);
    wf_mesh_query_destroy(q);
}

static void test_random_worlds(void **state) {
    (void)state;
    wf_otally tl = {0};
    run_worlds(HOLES, 29, wf_test_count(150), 0, &tl);
    fprintf(stderr, "random outline worlds: %ld worlds (scales 2^-30 to 2^40), "
                    "%ld queries: %ld paths equal the visibility-graph "
                    "reference (max relative error %.2g, %ld segments clear "
                    "by it), %ld without a path where it has none\n",
            tl.worlds, tl.queries, tl.paths, tl.worst, tl.segments, tl.none);
}

/* Overlapping outlines at multiples of 45 degrees on integers: every
 * crossing is on a half-integer, a point of the mesh's fixed point, so
 * the region is exactly the reference's and so is every length. */
static void test_overlapping_worlds(void **state) {
    (void)state;
    wf_otally tl = {0};
    run_worlds(OVERLAPS, 2929, wf_test_count(150), 0, &tl);
    fprintf(stderr, "overlapping outline worlds (45-degree sides): %ld "
                    "worlds with %ld crossings of outlines, %ld queries: %ld "
                    "paths equal the reference (max relative error %.2g, %ld "
                    "segments clear by it), %ld without a path\n",
            tl.worlds, tl.crossings, tl.queries, tl.paths, tl.worst,
            tl.segments, tl.none);
    assert_true(tl.crossings > 0);
}

/* Overlapping outlines at any angle: a crossing becomes the point of the
 * fixed point its two sides bend through, at most half a unit from the
 * crossing along each axis (0.71 units away), which moves a corner of
 * the region by that much. A path bends at such a corner at most once
 * each, and moving one corner of a path by e changes its length by 2e at
 * most: so lengths agree to 1e-9 relative plus 2 × 0.71 / scale per
 * crossing of the world. */
static void test_crossing_at_any_angle(void **state) {
    (void)state;
    wf_otally tl = {0};
    run_worlds(ANY_ANGLE, 4141, wf_test_count(100), 0, &tl);
    fprintf(stderr, "overlapping outline worlds (any angle): %ld worlds "
                    "with %ld crossings, %ld queries: %ld paths as long as "
                    "the reference's (off by %.3g / scale at most; allowed: "
                    "1e-9 relative plus 1.42 / scale per crossing), %ld "
                    "without a path\n",
            tl.worlds, tl.crossings, tl.queries, tl.paths, tl.bent,
            tl.none);
    assert_true(tl.crossings > 0);
}

/* Outline meshes in tiles: overlapping worlds at 45 degrees cut by tile
 * lines on integers are cut at integers, exactly, so the tiled mesh is
 * the reference to 1e-9 and its tiles are joined wherever they meet; at
 * any angle, lengths are within the cuts' and bends' rounding. */
static void test_tiled_worlds(void **state) {
    (void)state;
    static const unsigned tiles[] = {1, 2, 3, 5, 8, 13};
    wf_otally exact = {0}, any = {0};
    for (int i = 0; i < 6; i++) {
        run_worlds(OVERLAPS, 77 + (uint64_t)i, wf_test_count(25), tiles[i],
                   &exact);
        run_worlds(ANY_ANGLE, 99 + (uint64_t)i, wf_test_count(15), tiles[i],
                   &any);
    }
    fprintf(stderr, "tiled outline worlds (tiles of 1 to 13 units): %ld at "
                    "45 degrees, %ld queries, %ld paths equal the reference "
                    "(max relative error %.2g), 400 points each on the mesh "
                    "where it has ground and only there; %ld at any angle, "
                    "%ld paths off by %.3g / scale at most; no crack at any "
                    "tile side\n",
            exact.worlds, exact.queries, exact.paths, exact.worst, any.worlds,
            any.paths, any.bent);
}

/* The cheapest cost from s to t walking (at 1 a unit) and taking the
 * links l (n of them), by Dijkstra over the links' exits with every walk
 * priced by the reference. */
static double linked_shortest(const wf_oracle *ref, wf_vec2 s, wf_vec2 t,
                              const wf_mesh_link *l, size_t n) {
    double best = INFINITY, g[16];
    int done[16] = {0};
    assert_true(2 * n <= 16);
    for (size_t d = 0; d < 2 * n; d++) {
        const wf_mesh_link *k = &l[d / 2];
        g[d] = d & 1 && !k->two_way
                   ? INFINITY
                   : wf_oracle_shortest(ref, s, d & 1 ? k->b : k->a) + k->cost;
    }
    best = wf_oracle_shortest(ref, s, t);
    for (;;) {
        size_t u = 2 * n;
        for (size_t d = 0; d < 2 * n; d++)
            if (!done[d] && g[d] < INFINITY && (u == 2 * n || g[d] < g[u]))
                u = d;
        if (u == 2 * n)
            break;
        done[u] = 1;
        const wf_vec2 at = u & 1 ? l[u / 2].a : l[u / 2].b;
        best = fmin(best, g[u] + wf_oracle_shortest(ref, at, t));
        for (size_t d = 0; d < 2 * n; d++) {
            const wf_mesh_link *k = &l[d / 2];
            if (done[d] || (d & 1 && !k->two_way))
                continue;
            g[d] = fmin(g[d], g[u] + wf_oracle_shortest(ref, at, d & 1 ? k->b : k->a) +
                                  k->cost);
        }
    }
    return best;
}

/* The links a path took: each lands where the next point is, and the
 * path's cost is its walked length plus their costs. */
static void check_links_taken(const wf_mesh *m, wf_mesh_query *q,
                              const wf_polyline *p, long *taken) {
    size_t ids[16], at[16];
    const size_t n = wf_mesh_path_links(q, ids, at, 16);
    double fees = 0, jumps = 0;
    for (size_t i = 0; i < n; i++) {
        wf_mesh_link k;
        assert_int_equal(wf_mesh_get_link(m, ids[i], &k), WF_OK);
        const wf_vec2 a = p->points[at[i]], b = p->points[at[i] + 1];
        const int fwd = a.x == k.a.x && a.y == k.a.y && b.x == k.b.x &&
                        b.y == k.b.y;
        const int back = a.x == k.b.x && a.y == k.b.y && b.x == k.a.x &&
                         b.y == k.a.y;
        assert_true(fwd || (back && k.two_way));
        fees += k.cost;
        jumps += hypot(b.x - a.x, b.y - a.y);
    }
    assert_true(wf_test_close(p->cost, p->length - jumps + fees));
    *taken += (long)n;
}

static void test_links(void **state) {
    (void)state;
    static wf_world w;
    wf_test_rng r = {31};
    wf_mesh_query *q;
    assert_int_equal(wf_mesh_query_create(NULL, &q), WF_OK);
    wf_polyline p;
    wf_polyline_init(&p, NULL);
    long queries = 0, paths = 0, taken = 0, links = 0, refusals = 0;
    for (int k = 0; k < wf_test_count(60); k++) {
        wf_world_random_mixed(&w, &r);
        wf_mesh *m;
        assert_int_equal(wf_mesh_from_outlines(w.o, w.n, NULL, NULL, &m, NULL),
                         WF_OK);
        wf_oracle *ref = wf_oracle_create(w.o, w.n);
        wf_mesh_link l[6];
        size_t n = 0;
        const uint32_t tries = 1 + wf_test_rng_below(&r, 6);
        for (uint32_t i = 0; i < tries; i++) {
            const wf_mesh_link c = {wf_world_point(ref, &r), wf_world_point(ref, &r),
                                    wf_test_rng_below(&r, 4) * 2.5,
                                    (int)wf_test_rng_below(&r, 2)};
            const int wa = wf_oracle_where(ref, c.a), wb = wf_oracle_where(ref, c.b);
            if (wa < 0 || wb < 0)
                continue; /* on an edge: the reference takes no such end */
            size_t id;
            wf_diag d = {0};
            const wf_status st = wf_mesh_add_link(m, &c, &id, &d);
            if (!wa || !wb) {
                assert_int_equal(st, WF_E_INVALID_ARG);
                assert_non_null(strstr(d.message, "is not on the mesh"));
                refusals++;
                continue;
            }
            assert_int_equal(st, WF_OK);
            assert_int_equal(id, n);
            l[n++] = c;
        }
        links += (long)n;
        for (int i = 0; i < 12; i++) {
            const wf_vec2 s = wf_world_point(ref, &r), t = wf_world_point(ref, &r);
            if (wf_oracle_where(ref, s) < 0 || wf_oracle_where(ref, t) < 0)
                continue;
            const double want = linked_shortest(ref, s, t, l, n);
            const wf_status st = wf_mesh_path(q, m, s, t, &p);
            queries++;
            if (isinf(want)) {
                assert_int_equal(st, WF_NO_PATH);
                continue;
            }
            if (st != WF_OK || !wf_test_close(p.cost, want))
                fprintf(stderr, "world %d: status %d cost %.17g want %.17g\n",
                        k, st, p.cost, want);
            assert_int_equal(st, WF_OK);
            assert_true(wf_test_close(p.cost, want));
            check_links_taken(m, q, &p, &taken);
            paths++;
        }
        wf_oracle_destroy(ref);
        wf_mesh_destroy(m);
    }
    fprintf(stderr, "off-mesh links: %ld links on 60 worlds (%ld refused with "
                    "an end off the mesh), %ld queries, %ld paths as cheap as "
                    "Dijkstra over the links with the reference's walks, "
                    "taking %ld links in all\n",
            links, refusals, queries, paths, taken);
    assert_true(taken > 0);
    wf_polyline_free(&p);
    wf_mesh_query_destroy(q);
}

static void test_grid_cells(void **state) {
    (void)state;
    static wf_world w;
    wf_test_rng r = {7};
    wf_mesh_query *q;
    assert_int_equal(wf_mesh_query_create(NULL, &q), WF_OK);
    wf_polyline a, b;
    wf_polyline_init(&a, NULL);
    wf_polyline_init(&b, NULL);
    long maps = 0, queries = 0, paths = 0;
    for (int k = 0; k < wf_test_count(300); k++) {
        wf_grid *g;
        const int gw = 2 + (int)wf_test_rng_below(&r, 11),
                  gh = 2 + (int)wf_test_rng_below(&r, 11);
        assert_int_equal(wf_grid_create(gw, gh, NULL, &g), WF_OK);
        wf_test_fill_any_angle(g, &r, k % 12);
        wf_world_grid(g, &w, &r);
        wf_mesh *mg, *mo;
        assert_int_equal(wf_mesh_from_grid(g, NULL, NULL, NULL, NULL, &mg, NULL), WF_OK);
        assert_int_equal(wf_mesh_from_outlines(w.o, w.n, NULL, NULL, &mo, NULL),
                         WF_OK);
        for (int i = 0; i < 30; i++) {
            const wf_vec2 s = {wf_test_rng_below(&r, 8 * gw) / 8.0,
                               wf_test_rng_below(&r, 8 * gh) / 8.0};
            const wf_vec2 t = {wf_test_rng_below(&r, 8 * gw) / 8.0,
                               wf_test_rng_below(&r, 8 * gh) / 8.0};
            const wf_status sg = wf_mesh_path(q, mg, s, t, &a);
            const wf_status so = wf_mesh_path(q, mo, s, t, &b);
            assert_int_equal(sg, so);
            if (sg == WF_OK) {
                assert_true(wf_test_close(a.length, b.length));
                paths++;
            }
            queries++;
        }
        wf_mesh_destroy(mg);
        wf_mesh_destroy(mo);
        wf_grid_destroy(g);
        maps++;
    }
    fprintf(stderr, "grid cells as outlines: %ld maps, %ld queries between "
                    "points on an eighth-cell lattice, the same status as the "
                    "grid's mesh, %ld paths of the same length\n",
            maps, queries, paths);
    wf_polyline_free(&a);
    wf_polyline_free(&b);
    wf_mesh_query_destroy(q);
}

/* wf_mesh_from_outlines refuses o with status want, its message holding
 * every string of has (up to 2). */
static void refuse(const wf_outline *o, size_t n, const wf_mesh_opts *opts,
                   wf_status want, const char *has1, const char *has2) {
    wf_mesh *m = (wf_mesh *)1;
    wf_diag d = {0};
    const wf_status st = wf_mesh_from_outlines(o, n, opts, NULL, &m, &d);
    if (st != want || (has1 && !strstr(d.message, has1)) ||
        (has2 && !strstr(d.message, has2)))
        fprintf(stderr, "status %d, message \"%s\"\n", st, d.message);
    assert_int_equal(st, want);
    assert_null(m);
    if (has1)
        assert_non_null(strstr(d.message, has1));
    if (has2)
        assert_non_null(strstr(d.message, has2));
}

static void test_bad_outlines(void **state) {
    (void)state;
    const wf_vec2 sq[] = {{0, 0}, {10, 0}, {10, 10}, {0, 10}};
    const wf_vec2 a[] = {{2, 2}, {6, 2}, {6, 6}, {2, 6}};
    const wf_vec2 b[] = {{4, 4}, {8, 4}, {8, 8}, {4, 8}};
    const wf_vec2 bow[] = {{1, 1}, {5, 5}, {5, 1}, {1, 5}};
    const wf_vec2 line[] = {{1, 1}, {2, 2}, {3, 3}};
    const wf_vec2 nan[] = {{1, 1}, {NAN, 2}, {3, 1}};
    wf_outline o[3] = {{sq, 4, WF_OUTLINE_WALKABLE, "the floor"},
                       {a, 4, WF_OUTLINE_OBSTACLE, "rock A"},
                       {b, 4, WF_OUTLINE_OBSTACLE, "rock B"}};
    o[2] = (wf_outline){bow, 4, WF_OUTLINE_OBSTACLE, NULL};
    refuse(o, 3, NULL, WF_E_INVALID_ARG, "outline 3 crosses itself",
           "near (3, 3)");
    o[1] = (wf_outline){bow, 4, WF_OUTLINE_WALKABLE, "the bow"};
    refuse(o, 2, NULL, WF_E_INVALID_ARG, "the bow crosses itself", "(3, 3)");
    o[1] = (wf_outline){line, 3, WF_OUTLINE_OBSTACLE, "line 7"};
    refuse(o, 2, NULL, WF_E_INVALID_ARG, "line 7 has no area", NULL);
    o[1] = (wf_outline){nan, 3, WF_OUTLINE_OBSTACLE, "object 4"};
    refuse(o, 2, NULL, WF_E_INVALID_ARG, "object 4 has point 2 not a finite",
           NULL);
    o[1] = (wf_outline){sq, 2, WF_OUTLINE_OBSTACLE, NULL};
    refuse(o, 2, NULL, WF_E_INVALID_ARG, "outline 2 has fewer than 3", NULL);
    o[1] = (wf_outline){a, 4, (wf_outline_kind)7, NULL};
    refuse(o, 2, NULL, WF_E_INVALID_ARG, "unknown kind", NULL);
    o[0].kind = WF_OUTLINE_OBSTACLE;
    refuse(o, 1, NULL, WF_E_INVALID_ARG, "no walkable outline", NULL);
    refuse(NULL, 0, NULL, WF_E_INVALID_ARG, "no walkable outline", NULL);
    refuse(NULL, 2, NULL, WF_E_INVALID_ARG, "required", NULL);
    o[0].kind = WF_OUTLINE_WALKABLE;
    wf_mesh_opts opts = {.scale = 1e7};
    refuse(o, 1, &opts, WF_E_INVALID_ARG, "scale 1e+07 does not fit", NULL);
    opts = (wf_mesh_opts){.scale = -1};
    refuse(o, 1, &opts, WF_E_INVALID_ARG, "scale -1", NULL);
    opts = (wf_mesh_opts){.cost = NAN};
    refuse(o, 1, &opts, WF_E_INVALID_ARG, "cost nan", NULL);
    opts = (wf_mesh_opts){.tile = 8, .radius = 1};
    refuse(o, 1, &opts, WF_E_INVALID_ARG, "tile 8 with radius 1",
           "for a point");
    opts = (wf_mesh_opts){.tile = 1, .scale = 4};
    refuse(o, 1, &opts, WF_E_INVALID_ARG, "tile 1 is too small", NULL);
    assert_int_equal(wf_mesh_from_outlines(o, 1, NULL, NULL, NULL, NULL),
                     WF_E_INVALID_ARG);
    /* huge but finite coordinates are fine: the scale follows them */
    const wf_vec2 huge[] = {
        {-0x1p997, -0x1p997}, {0x1p997, -0x1p997}, {0, 0x1p997}};
    o[0] = (wf_outline){huge, 3, WF_OUTLINE_WALKABLE, NULL};
    wf_mesh *m;
    assert_int_equal(wf_mesh_from_outlines(o, 1, NULL, NULL, &m, NULL), WF_OK);
    wf_mesh_query *q;
    wf_polyline p;
    wf_polyline_init(&p, NULL);
    assert_int_equal(wf_mesh_query_create(NULL, &q), WF_OK);
    assert_int_equal(wf_mesh_path(q, m, (wf_vec2){0, -0x1p995},
                                  (wf_vec2){0, 0x1p995}, &p),
                     WF_OK);
    assert_true(p.length == 0x1p996);
    wf_mesh_query_destroy(q);
    wf_polyline_free(&p);
    wf_mesh_destroy(m);
    fprintf(stderr, "bad outlines: 17 refused, each naming the outline\n");
}

/* The length of the path from a to b on the mesh of o (n outlines), or
 * INFINITY when there is none. */
static double length_on(const wf_outline *o, size_t n, wf_vec2 a, wf_vec2 b) {
    wf_mesh *m;
    assert_int_equal(wf_mesh_from_outlines(o, n, NULL, NULL, &m, NULL), WF_OK);
    wf_mesh_query *q;
    assert_int_equal(wf_mesh_query_create(NULL, &q), WF_OK);
    wf_polyline p;
    wf_polyline_init(&p, NULL);
    const wf_status st = wf_mesh_path(q, m, a, b, &p);
    assert_true(st == WF_OK || st == WF_NO_PATH);
    const double len = st == WF_OK ? p.length : INFINITY;
    wf_polyline_free(&p);
    wf_mesh_query_destroy(q);
    wf_mesh_destroy(m);
    return len;
}

/* Outlines that overlap: the ground is the walkable outlines' union less
 * the obstacles' union, whatever crosses what. */
static void test_overlaps(void **state) {
    (void)state;
    const wf_vec2 sq[] = {{0, 0}, {10, 0}, {10, 10}, {0, 10}};
    const wf_vec2 a[] = {{2, 2}, {6, 2}, {6, 6}, {2, 6}};
    const wf_vec2 b[] = {{4, 4}, {8, 4}, {8, 8}, {4, 8}};
    const wf_vec2 far[] = {{20, 20}, {30, 20}, {30, 30}};
    const wf_vec2 out[] = {{8, -2}, {12, -2}, {12, 2}, {8, 2}};
    const wf_vec2 east[] = {{8, 4}, {16, 4}, {16, 6}, {8, 6}};
    wf_outline o[4] = {{sq, 4, WF_OUTLINE_WALKABLE, "the floor"},
                       {a, 4, WF_OUTLINE_OBSTACLE, "rock A"},
                       {b, 4, WF_OUTLINE_OBSTACLE, "rock B"},
                       {far, 3, WF_OUTLINE_OBSTACLE, "the moon"}};
    /* round the two rocks' union, under A by (2, 2) and (6, 2) or over
     * B by (4, 8) and (8, 8): as long either way */
    assert_true(wf_test_close(length_on(o, 3, (wf_vec2){1, 7},
                                        (wf_vec2){9, 3}),
                              hypot(1, 5) + 4 + hypot(3, 1)));
    /* the overlap is no ground; an obstacle off the ground changes
     * nothing */
    assert_true(isinf(length_on(o, 4, (wf_vec2){5, 5}, (wf_vec2){1, 1})));
    assert_true(wf_test_close(length_on(o, 4, (wf_vec2){1, 1},
                                        (wf_vec2){9, 1}),
                              8));
    /* an obstacle sticking out of the ground at a corner */
    o[1] = (wf_outline){out, 4, WF_OUTLINE_OBSTACLE, "crate"};
    assert_true(wf_test_close(length_on(o, 2, (wf_vec2){7, 1},
                                        (wf_vec2){9, 3}),
                              hypot(1, 1) + hypot(1, 1)));
    /* a second floor sticking out east: the union is one ground */
    o[1] = (wf_outline){east, 4, WF_OUTLINE_WALKABLE, "jetty"};
    assert_true(wf_test_close(length_on(o, 2, (wf_vec2){1, 5},
                                        (wf_vec2){15, 5}),
                              14));
    assert_true(isinf(length_on(o, 2, (wf_vec2){1, 5}, (wf_vec2){15, 3})));
    /* a floor crossing another at an angle: the path bends at the
     * crossing (6.1, 3), which the mesh holds as a point of its fixed
     * point at most 0.71 / scale away: so the length is within 1.42 /
     * scale (here 2^-22 a unit) */
    const wf_vec2 ramp[] = {{1, 0}, {4, 0}, {11, 10}, {8, 10}};
    const wf_vec2 strip[] = {{0, 0}, {10, 0}, {10, 3}, {0, 3}};
    o[0] = (wf_outline){strip, 4, WF_OUTLINE_WALKABLE, "strip"};
    o[1] = (wf_outline){ramp, 4, WF_OUTLINE_WALKABLE, "ramp"};
    const double bent = length_on(o, 2, (wf_vec2){9, 1}, (wf_vec2){9, 9});
    const double want = hypot(2.9, 2) + hypot(2.9, 6);
    fprintf(stderr, "a path bending at a crossing at any angle: off by %.3g "
                    "/ scale (allowed 1.42)\n",
            fabs(bent - want) * 0x1p22);
    assert_true(fabs(bent - want) <= 1.42 * 0x1p-22);
}

/* What the allocation test makes: a mesh of w, a link between e[0] and
 * e[1], and a path from e[2] to e[3]. */
typedef struct oom_case {
    const wf_world *w;
    wf_vec2 e[4];
} oom_case;

static wf_status build_link_query(const wf_allocator *a, void *ctx) {
    const oom_case *c = ctx;
    wf_mesh *m = NULL;
    wf_mesh_query *q = NULL;
    wf_polyline p;
    wf_polyline_init(&p, NULL);
    const wf_mesh_link l = {c->e[0], c->e[1], 1, 1};
    wf_status s = wf_mesh_from_outlines(c->w->o, c->w->n, NULL, a, &m, NULL);
    if (s == WF_OK)
        s = wf_mesh_add_link(m, &l, NULL, NULL);
    if (s == WF_OK)
        s = wf_mesh_query_create(a, &q);
    if (s == WF_OK)
        s = wf_mesh_path(q, m, c->e[2], c->e[3], &p);
    wf_mesh_query_destroy(q);
    wf_polyline_free(&p);
    wf_mesh_destroy(m);
    return s == WF_NO_PATH ? WF_OK : s;
}

static void test_out_of_memory(void **state) {
    (void)state;
    static wf_world w;
    wf_test_rng r = {5};
    wf_world_random_mixed(&w, &r);
    /* a link between two points of the ground, and a path across */
    oom_case c = {&w, {{0, 0}}};
    wf_mesh *once;
    assert_int_equal(wf_mesh_from_outlines(w.o, w.n, NULL, NULL, &once, NULL),
                     WF_OK);
    uint64_t seed = 1;
    for (int i = 0; i < 4; i++)
        assert_int_equal(wf_mesh_random_point(once, &seed, &c.e[i]), WF_OK);
    wf_mesh_destroy(once);
    assert_true(wf_test_each_refusal("out of memory", build_link_query, &c) >
                0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_worlds),
        cmocka_unit_test(test_overlapping_worlds),
        cmocka_unit_test(test_crossing_at_any_angle),
        cmocka_unit_test(test_tiled_worlds),
        cmocka_unit_test(test_links),
        cmocka_unit_test(test_grid_cells),
        cmocka_unit_test(test_bad_outlines),
        cmocka_unit_test(test_overlaps),
        cmocka_unit_test(test_out_of_memory),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
