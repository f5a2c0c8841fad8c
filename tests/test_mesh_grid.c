/* Meshes made from grids (core/mesh): every shortest path on the mesh is
 * legal on the grid under the one-free rule, as long as the brute-force
 * Euclidean oracle of tests/support and Anya say (to 1e-9 relative), and
 * "no path" exactly where they find none; on random small maps, on
 * hand-made ones with the awkward corners, and on Moving AI maps against
 * Anya. The figures are printed. */
#include "wf_test.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wayfind/io.h"
#include "wayfind/mesh.h"

static const wf_move ONE_FREE = {8, WF_CORNERS_ONE_FREE, 1};

static wf_vec2 centre(wf_point p) {
    return (wf_vec2){p.x + 0.5, p.y + 0.5};
}

/* Every segment allowed by the grid's one-free rule, the ends right, the
 * length the sum of the segments. Returns the length. */
static double check_polyline(const wf_grid *g, const wf_polyline *p,
                             wf_point s, wf_point t) {
    assert_true(p->count >= 2);
    assert_true(p->points[0].x == s.x + 0.5 && p->points[0].y == s.y + 0.5);
    assert_true(p->points[p->count - 1].x == t.x + 0.5 &&
                p->points[p->count - 1].y == t.y + 0.5);
    double len = 0;
    for (size_t i = 1; i < p->count; i++) {
        double c;
        const wf_status st = wf_grid_segment_cost(g, p->points[i - 1],
                                                  p->points[i], ONE_FREE,
                                                  NULL, &c);
        if (st != WF_OK)
            fprintf(stderr, "illegal segment (%g,%g)-(%g,%g)\n",
                    p->points[i - 1].x, p->points[i - 1].y, p->points[i].x,
                    p->points[i].y);
        assert_int_equal(st, WF_OK);
        len += hypot(p->points[i].x - p->points[i - 1].x,
                     p->points[i].y - p->points[i - 1].y);
    }
    assert_true(fabs(len - p->length) <= 1e-9 * (len > 1 ? len : 1));
    return len;
}

typedef struct tally {
    int queries, paths;
    double max_err;
} tally;

/* One query: the mesh's answer against want (INFINITY: no path). */
static void check_query(wf_mesh_query *q, const wf_mesh *m, const wf_grid *g,
                        wf_point s, wf_point t, double want, wf_polyline *p,
                        tally *tl) {
    const wf_status st = wf_mesh_path(q, m, centre(s), centre(t), p);
    tl->queries++;
    if (isinf(want)) {
        if (st != WF_NO_PATH) {
            wf_test_print_map(g, s, t);
            fprintf(stderr, "(%d,%d)->(%d,%d): want no path, got %s %.12g\n",
                    s.x, s.y, t.x, t.y, wf_status_name(st), p->length);
        }
        assert_int_equal(st, WF_NO_PATH);
        assert_int_equal(p->count, 0);
        return;
    }
    if (st != WF_OK) {
        wf_test_print_map(g, s, t);
        fprintf(stderr, "(%d,%d)->(%d,%d): want %.12g, got %s (%s)\n", s.x,
                s.y, t.x, t.y, want, wf_status_name(st),
                wf_mesh_query_message(q));
    }
    assert_int_equal(st, WF_OK);
    const double len = check_polyline(g, p, s, t);
    const double err = fabs(len - want) / (want > 1 ? want : 1);
    if (err > 1e-9) {
        wf_test_print_map(g, s, t);
        fprintf(stderr, "(%d,%d)->(%d,%d): want %.12g, mesh %.12g:", s.x,
                s.y, t.x, t.y, want, len);
        for (size_t i = 0; i < p->count; i++)
            fprintf(stderr, " (%g,%g)", p->points[i].x, p->points[i].y);
        fputc('\n', stderr);
    }
    assert_true(err <= 1e-9);
    tl->paths++;
    tl->max_err = err > tl->max_err ? err : tl->max_err;
}

static void test_random_maps(void **state) {
    (void)state;
    wf_mesh_query *q;
    assert_int_equal(wf_mesh_query_create(NULL, &q), WF_OK);
    wf_polyline p;
    wf_polyline_init(&p, NULL);
    wf_test_rng r = {20261127};
    tally tl = {0};
    int maps = 0;
    for (int k = 0; k < wf_test_count(3000); k++) {
        const int w = 1 + (int)wf_test_rng_below(&r, k < 2000 ? 9 : 16);
        const int h = 1 + (int)wf_test_rng_below(&r, k < 2000 ? 9 : 16);
        wf_grid *g;
        assert_int_equal(wf_grid_create(w, h, NULL, &g), WF_OK);
        wf_test_fill_any_angle(g, &r, (int)wf_test_rng_below(&r, 12));
        wf_mesh *m;
        wf_diag d;
        assert_int_equal(wf_mesh_from_grid(g, NULL, NULL, NULL, NULL, &m, &d),
                         WF_OK);
        maps++;
        for (int i = 0; i < 4; i++) {
            const wf_point s = wf_test_open_cell(&r, g, i != 3);
            const wf_point t = i == 2 ? s : wf_test_open_cell(&r, g, i != 3);
            check_query(q, m, g, s, t, wf_test_euclid_shortest(g, s, t), &p,
                        &tl);
        }
        wf_mesh_destroy(m);
        wf_grid_destroy(g);
    }
    fprintf(stderr, "mesh vs oracle: %d maps, %d queries, %d paths, max "
                    "relative error %.3g\n",
            maps, tl.queries, tl.paths, tl.max_err);
    wf_polyline_free(&p);
    wf_mesh_query_destroy(q);
}

/* Moving AI maps: the mesh's length equals Anya's on every `step`-th
 * scenario entry, each path legal; mesh size and build time printed. */
static void check_map(const char *map, size_t step, tally *tl) {
    wf_test_mesh_map mm;
    wf_test_mesh_map_read(&mm, WF_SHARED_DIR "/movingai", map);
    const wf_grid *g = mm.g;
    const wf_mesh *m = mm.m;
    const wf_scen *sc = &mm.sc;
    wf_mesh_info info;
    assert_int_equal(wf_mesh_describe(m, &info), WF_OK);
    wf_search *ws;
    wf_mesh_query *q;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    assert_int_equal(wf_mesh_query_create(NULL, &q), WF_OK);
    wf_polyline a, p;
    wf_polyline_init(&a, NULL);
    wf_polyline_init(&p, NULL);
    wf_search_opts o = wf_search_opts_default();
    o.move = ONE_FREE;
    const int before = tl->queries;
    for (size_t i = 0; i < sc->count; i += step) {
        const wf_scen_entry *e = &sc->entries[i];
        const wf_status st = wf_search_any_angle(ws, g, e->start, e->goal,
                                                 WF_ANY_ANGLE_ANYA, &o, &a);
        check_query(q, m, g, e->start, e->goal,
                    st == WF_OK ? a.length : INFINITY, &p, tl);
    }
    fprintf(stderr, "%s: %d queries equal to anya; mesh of %zu polygons "
                    "(from %zu triangles), %zu corners, %zu bytes\n",
            map, tl->queries - before, info.polygons, info.triangles,
            info.vertices, info.bytes);
    wf_polyline_free(&a);
    wf_polyline_free(&p);
    wf_mesh_query_destroy(q);
    wf_search_destroy(ws);
    wf_test_mesh_map_free(&mm);
}

static void test_movingai(void **state) {
    (void)state;
    const size_t k = (size_t)(3000 / wf_test_count(3000));
    tally tl = {0};
    check_map("dao/arena.map", 1 * k, &tl);
    check_map("dao/den011d.map", 3 * k, &tl);
    check_map("rooms/8room_000.map", 20 * k, &tl);
    check_map("mazes/maze512-1-0.map", 40 * k, &tl);
    check_map("random/random512-40-0.map", 40 * k, &tl);
    fprintf(stderr, "mesh vs anya on Moving AI maps: %d queries, %d paths, "
                    "max relative difference %.3g\n",
            tl.queries, tl.paths, tl.max_err);
}

/* The any-angle engine on the mesh (WF_ANY_ANGLE_MESH) against Anya for
 * units of sizes 1 to 3 and a filter that forbids a terrain, on random
 * maps edited between queries (the cached mesh must follow each edit). */
static void test_engine(void **state) {
    (void)state;
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_polyline a, p;
    wf_polyline_init(&a, NULL);
    wf_polyline_init(&p, NULL);
    wf_test_rng r = {7};
    int queries = 0, paths = 0;
    for (int k = 0; k < wf_test_count(300); k++) {
        const int w = 2 + (int)wf_test_rng_below(&r, 14);
        const int h = 2 + (int)wf_test_rng_below(&r, 14);
        wf_grid *g;
        assert_int_equal(wf_grid_create(w, h, NULL, &g), WF_OK);
        wf_test_fill_any_angle(g, &r, (int)wf_test_rng_below(&r, 12));
        wf_search_opts o = wf_search_opts_default();
        o.move = ONE_FREE;
        o.move.size = 1 + (int)wf_test_rng_below(&r, 3);
        wf_filter f;
        wf_filter_init(&f);
        if (k % 3 == 0) { /* terrain 1 forbidden */
            wf_filter_set(&f, 1, INFINITY);
            o.filter = &f;
            for (int i = 0; i < w * h / 6; i++)
                wf_grid_set(g, (int)wf_test_rng_below(&r, (uint32_t)w),
                            (int)wf_test_rng_below(&r, (uint32_t)h), 1);
        }
        for (int i = 0; i < 6; i++) {
            if (i == 3) /* an edit: the next queries need a new mesh */
                wf_grid_set(g, (int)wf_test_rng_below(&r, (uint32_t)w),
                            (int)wf_test_rng_below(&r, (uint32_t)h),
                            WF_TERRAIN_WALL);
            const wf_point s = wf_test_open_cell(&r, g, 1);
            const wf_point t = wf_test_open_cell(&r, g, 1);
            const wf_status sa = wf_search_any_angle(ws, g, s, t,
                                                     WF_ANY_ANGLE_ANYA, &o,
                                                     &a);
            const wf_status sm = wf_search_any_angle(ws, g, s, t,
                                                     WF_ANY_ANGLE_MESH, &o,
                                                     &p);
            if (sa != sm)
                fprintf(stderr, "(%d,%d)->(%d,%d) size %d: anya %s, mesh %s "
                                "(%s)\n",
                        s.x, s.y, t.x, t.y, o.move.size, wf_status_name(sa),
                        wf_status_name(sm), wf_search_message(ws));
            assert_int_equal(sa, sm);
            queries++;
            if (sa != WF_OK)
                continue;
            paths++;
            assert_true(fabs(a.length - p.length) <= 1e-9 * a.length);
            assert_true(fabs(a.cost - p.cost) <= 1e-9 * a.cost);
        }
        wf_grid_destroy(g);
    }
    fprintf(stderr, "mesh engine vs anya (sizes 1-3, filters, edits): %d "
                    "queries, %d paths, equal\n",
            queries, paths);
    /* what it refuses, and why */
    wf_grid *g;
    assert_int_equal(wf_grid_create(8, 8, NULL, &g), WF_OK);
    wf_search_opts o = wf_search_opts_default();
    const wf_point s = {0, 0}, t = {7, 7};
    assert_int_equal(wf_search_any_angle(ws, g, s, t, WF_ANY_ANGLE_MESH, &o,
                                         &p),
                     WF_E_INVALID_ARG);
    assert_non_null(strstr(wf_search_message(ws), "one-free"));
    o.move = ONE_FREE;
    o.max_expansions = 5;
    assert_int_equal(wf_search_any_angle(ws, g, s, t, WF_ANY_ANGLE_MESH, &o,
                                         &p),
                     WF_E_INVALID_ARG);
    assert_non_null(strstr(wf_search_message(ws), "max_expansions"));
    o.max_expansions = 0;
    wf_grid_set_cost(g, 2, 3.0);
    wf_grid_set(g, 3, 3, 2);
    assert_int_equal(wf_search_any_angle(ws, g, s, t, WF_ANY_ANGLE_MESH, &o,
                                         &p),
                     WF_E_INVALID_ARG);
    assert_non_null(strstr(wf_search_message(ws), "cost the same"));
    wf_grid_destroy(g);
    wf_polyline_free(&a);
    wf_polyline_free(&p);
    wf_search_destroy(ws);
}

/* WF_ANY_ANGLE_AUTO answers as anya until the nodes anya expanded on the
 * grid pass its cells, then as mesh; an edit starts the count again. */
static void test_auto(void **state) {
    (void)state;
    wf_search *wa, *wm, *ws;
    assert_int_equal(wf_search_create(NULL, &wa), WF_OK);
    assert_int_equal(wf_search_create(NULL, &wm), WF_OK);
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_polyline a, m, p;
    wf_polyline_init(&a, NULL);
    wf_polyline_init(&m, NULL);
    wf_polyline_init(&p, NULL);
    wf_test_rng r = {11};
    wf_grid *g;
    assert_int_equal(wf_grid_create(40, 30, NULL, &g), WF_OK);
    wf_test_fill_any_angle(g, &r, 3);
    wf_search_opts o = wf_search_opts_default();
    o.move = ONE_FREE;
    uint64_t work = 0;
    int by_anya = 0, by_mesh = 0;
    for (int i = 0; i < 400; i++) {
        if (i == 200) { /* an edit: anya again until it pays once more */
            wf_grid_set(g, 0, 0, WF_TERRAIN_WALL);
            work = 0;
        }
        const wf_point s = wf_test_open_cell(&r, g, 1);
        const wf_point t = wf_test_open_cell(&r, g, 1);
        const wf_status sa = wf_search_any_angle(wa, g, s, t, WF_ANY_ANGLE_ANYA,
                                                 &o, &a);
        const wf_status sm = wf_search_any_angle(wm, g, s, t, WF_ANY_ANGLE_MESH,
                                                 &o, &m);
        const wf_status sp = wf_search_any_angle(ws, g, s, t, WF_ANY_ANGLE_AUTO,
                                                 &o, &p);
        assert_int_equal(sa, sm);
        assert_int_equal(sa, sp);
        const wf_polyline *want = work >= 40 * 30 ? &m : &a;
        assert_int_equal(p.stats.expanded, want->stats.expanded);
        if (sa == WF_OK)
            assert_true(fabs(p.length - a.length) <= 1e-9 * a.length);
        *(want == &m ? &by_mesh : &by_anya) += 1;
        if (want == &a)
            work += a.stats.expanded;
    }
    assert_true(by_anya > 2 && by_mesh > 100);
    o.max_expansions = 1000000; /* the mesh takes no budget: anya */
    const wf_point s = wf_test_open_cell(&r, g, 1), t = wf_test_open_cell(&r, g, 1);
    wf_search_any_angle(wa, g, s, t, WF_ANY_ANGLE_ANYA, &o, &a);
    wf_search_any_angle(ws, g, s, t, WF_ANY_ANGLE_AUTO, &o, &p);
    assert_int_equal(p.stats.expanded, a.stats.expanded);
    fprintf(stderr, "auto: %d queries by anya, then %d by mesh once anya's "
                    "nodes passed the grid's cells (twice: an edit in "
                    "between), lengths equal\n",
            by_anya, by_mesh);
    wf_grid_destroy(g);
    wf_polyline_free(&a);
    wf_polyline_free(&m);
    wf_polyline_free(&p);
    wf_search_destroy(wa);
    wf_search_destroy(wm);
    wf_search_destroy(ws);
}

/* Bad input: points off the mesh, not finite, too far out; a mesh of a
 * grid with nothing to stand on; 4-connected units. */
static void test_bad_input(void **state) {
    (void)state;
    wf_grid *g;
    assert_int_equal(wf_grid_create(4, 3, NULL, &g), WF_OK);
    wf_grid_set(g, 1, 1, WF_TERRAIN_WALL);
    wf_mesh *m;
    wf_diag d;
    const wf_move four = {4, WF_CORNERS_NO_CUT, 1};
    assert_int_equal(wf_mesh_from_grid(g, &four, NULL, NULL, NULL, &m, &d),
                     WF_E_INVALID_ARG);
    assert_null(m);
    assert_non_null(strstr(d.message, "8-connected"));
    assert_int_equal(wf_mesh_from_grid(NULL, NULL, NULL, NULL, NULL, &m, &d),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_mesh_from_grid(g, NULL, NULL, NULL, NULL, &m, &d), WF_OK);
    wf_mesh_query *q;
    assert_int_equal(wf_mesh_query_create(NULL, &q), WF_OK);
    wf_polyline p;
    wf_polyline_init(&p, NULL);
    assert_int_equal(wf_mesh_path(q, m, (wf_vec2){0.5, 0.5},
                                  (wf_vec2){1.5, 1.5}, &p),
                     WF_NO_PATH);
    assert_non_null(strstr(wf_mesh_query_message(q), "not on the mesh"));
    assert_int_equal(wf_mesh_path(q, m, (wf_vec2){-3, 0.5},
                                  (wf_vec2){3.5, 2.5}, &p),
                     WF_NO_PATH);
    assert_int_equal(wf_mesh_path(q, m, (wf_vec2){NAN, 0.5},
                                  (wf_vec2){3.5, 2.5}, &p),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_mesh_path(q, m, (wf_vec2){1e300, 0.5},
                                  (wf_vec2){3.5, 2.5}, &p),
                     WF_E_RANGE);
    assert_int_equal(wf_mesh_path(q, m, (wf_vec2){0.5, 0.5},
                                  (wf_vec2){3.5, 2.5}, &p),
                     WF_OK);
    assert_int_equal(wf_mesh_locate(m, (wf_vec2){1.5, 1.5}), -1);
    assert_true(wf_mesh_locate(m, (wf_vec2){0.5, 0.5}) >= 0);
    assert_int_equal(wf_mesh_locate(m, (wf_vec2){INFINITY, 0}), -1);
    assert_int_equal(wf_mesh_path(NULL, m, (wf_vec2){0, 0}, (wf_vec2){0, 0},
                                  &p),
                     WF_E_INVALID_ARG);
    wf_mesh_destroy(m);
    /* nothing to stand on: an empty mesh, every query no path */
    wf_grid_fill(g, WF_TERRAIN_WALL);
    assert_int_equal(wf_mesh_from_grid(g, NULL, NULL, NULL, NULL, &m, &d), WF_OK);
    wf_mesh_info info;
    assert_int_equal(wf_mesh_describe(m, &info), WF_OK);
    assert_int_equal(info.polygons, 0);
    assert_int_equal(wf_mesh_path(q, m, (wf_vec2){0.5, 0.5},
                                  (wf_vec2){3.5, 2.5}, &p),
                     WF_NO_PATH);
    wf_mesh_destroy(m);
    wf_mesh_destroy(NULL);
    wf_mesh_query_destroy(q);
    wf_mesh_query_destroy(NULL);
    wf_polyline_free(&p);
    wf_grid_destroy(g);
}

/* Every allocation the build and a query make may fail: each failure is
 * WF_E_NOMEM, nothing leaks. */
/* One mesh, query and path, all made with allocator a. */
static wf_status build_and_query(const wf_allocator *a, void *ctx) {
    const wf_grid *g = ctx;
    wf_mesh *m = NULL;
    wf_mesh_query *q = NULL;
    wf_polyline p;
    wf_polyline_init(&p, NULL);
    wf_status s = wf_mesh_from_grid(g, NULL, NULL, NULL, a, &m, NULL);
    if (s == WF_OK)
        s = wf_mesh_query_create(a, &q);
    if (s == WF_OK) {
        s = wf_mesh_path(q, m, (wf_vec2){0.5, 0.5}, (wf_vec2){11.5, 8.5}, &p);
        s = s == WF_NO_PATH ? WF_OK : s;
    }
    wf_mesh_query_destroy(q);
    wf_mesh_destroy(m);
    wf_polyline_free(&p);
    return s;
}

static void test_out_of_memory(void **state) {
    (void)state;
    wf_grid *g;
    assert_int_equal(wf_grid_create(12, 9, NULL, &g), WF_OK);
    wf_test_rng r = {3};
    wf_test_fill_any_angle(g, &r, 4);
    assert_true(wf_test_each_refusal("out of memory", build_and_query, g) > 0);
    wf_grid_destroy(g);
}

/* wf_mesh_nearest against every polygon, on random maps and points in and
 * around the grid: the same distance, a point on the mesh. */
static void test_nearest(void **state) {
    (void)state;
    wf_test_rng r = {11};
    int points = 0, off = 0;
    for (int k = 0; k < wf_test_count(200); k++) {
        wf_mesh *m;
        wf_grid *g = wf_test_random_mesh(&r, 20, &m);
        const int w = wf_grid_width(g), h = wf_grid_height(g);
        wf_mesh_info info;
        assert_int_equal(wf_mesh_describe(m, &info), WF_OK);
        for (int i = 0; i < 20; i++) {
            const wf_vec2 p = {(double)wf_test_rng_below(&r, 1000) *
                                       (w + 8) / 1000.0 - 4,
                               (double)wf_test_rng_below(&r, 1000) *
                                       (h + 8) / 1000.0 - 4};
            wf_vec2 q;
            const long got = wf_mesh_nearest(m, p, &q);
            /* brute force: the distance to every polygon */
            double best = INFINITY;
            for (size_t j = 0; j < info.polygons; j++) {
                wf_vec2 v[64];
                const size_t n = wf_mesh_polygon(m, j, v, NULL, 64);
                assert_true(n <= 64);
                int inside = 1;
                for (size_t e = 0; e < n; e++) {
                    const wf_vec2 a = v[e], b = v[(e + 1) % n];
                    const double dx = b.x - a.x, dy = b.y - a.y;
                    const double l2 = dx * dx + dy * dy;
                    double t = ((p.x - a.x) * dx + (p.y - a.y) * dy) / l2;
                    t = t < 0 ? 0 : t > 1 ? 1 : t;
                    best = fmin(best, hypot(a.x + t * dx - p.x,
                                            a.y + t * dy - p.y));
                    inside &= dx * (p.y - a.y) - dy * (p.x - a.x) >= 0;
                }
                if (inside)
                    best = 0;
            }
            points++;
            if (!info.polygons) {
                assert_int_equal(got, -1);
                continue;
            }
            assert_true(got >= 0);
            off += best > 0;
            const double d = hypot(q.x - p.x, q.y - p.y);
            /* p is rounded to 1/128 of a cell first */
            assert_true(fabs(d - best) <= 1.0 / 128);
            assert_true(wf_mesh_locate(m, q) >= 0 || best > 0);
        }
        wf_mesh_destroy(m);
        wf_grid_destroy(g);
    }
    fprintf(stderr, "nearest: %d points (%d off the mesh) as near as the "
                    "brute force over every polygon\n",
            points, off);
}

/* Random points: every one on the mesh, the walkable cells hit evenly
 * (each within 5 standard deviations of its share: uniform by area), the
 * same seed the same points. */
static void test_random_points(void **state) {
    (void)state;
    wf_grid *g;
    assert_int_equal(wf_grid_create(12, 9, NULL, &g), WF_OK);
    wf_test_rng r = {5};
    wf_test_fill_any_angle(g, &r, 4);
    wf_mesh *m;
    assert_int_equal(wf_mesh_from_grid(g, NULL, NULL, NULL, NULL, &m, NULL), WF_OK);
    int free_cells = 0;
    for (int y = 0; y < 9; y++)
        for (int x = 0; x < 12; x++)
            free_cells += wf_grid_passable(g, x, y);
    const int per = 400, n = per * free_cells;
    int count[9][12] = {{0}};
    uint64_t seed = 42, again = 42;
    for (int i = 0; i < n; i++) {
        wf_vec2 p, q;
        assert_int_equal(wf_mesh_random_point(m, &seed, &p), WF_OK);
        assert_int_equal(wf_mesh_random_point(m, &again, &q), WF_OK);
        assert_true(p.x == q.x && p.y == q.y);
        assert_true(wf_mesh_locate(m, p) >= 0);
        const int x = (int)p.x, y = (int)p.y;
        assert_true(x >= 0 && x < 12 && y >= 0 && y < 9);
        count[y][x]++;
    }
    double worst = 0;
    const double sd = sqrt(per * (1.0 - 1.0 / free_cells));
    for (int y = 0; y < 9; y++)
        for (int x = 0; x < 12; x++) {
            if (!wf_grid_passable(g, x, y)) {
                assert_int_equal(count[y][x], 0);
                continue;
            }
            const double z = fabs((double)(count[y][x] - per)) / sd;
            worst = z > worst ? z : worst;
        }
    fprintf(stderr, "random points: %d on %d walkable cells, the worst cell "
                    "%.2f standard deviations from its share\n",
            n, free_cells, worst);
    assert_true(worst < 5);
    wf_grid_fill(g, WF_TERRAIN_WALL);
    wf_mesh_destroy(m);
    assert_int_equal(wf_mesh_from_grid(g, NULL, NULL, NULL, NULL, &m, NULL), WF_OK);
    wf_vec2 p;
    assert_int_equal(wf_mesh_random_point(m, &seed, &p), WF_NO_PATH);
    assert_int_equal(wf_mesh_random_point(m, NULL, &p), WF_E_INVALID_ARG);
    wf_mesh_destroy(m);
    wf_grid_destroy(g);
}

/* Ray casts between cell centres against the grid's segment rule (the
 * exact oracle): clear exactly when wf_grid_segment_cost allows the
 * segment under one-free; a hit point lies on the segment. */
static void test_raycast(void **state) {
    (void)state;
    wf_test_rng r = {13};
    int rays = 0, clear = 0;
    for (int k = 0; k < wf_test_count(500); k++) {
        wf_mesh *m;
        wf_grid *g = wf_test_random_mesh(&r, 16, &m);
        for (int i = 0; i < 20; i++) {
            const wf_point s = wf_test_open_cell(&r, g, 1);
            const wf_point t = wf_test_open_cell(&r, g, 1);
            if (!wf_grid_passable(g, s.x, s.y))
                continue;
            const wf_vec2 a = centre(s), b = centre(t);
            double c;
            const int want = wf_grid_segment_cost(g, a, b, ONE_FREE, NULL,
                                                  &c) == WF_OK;
            wf_vec2 hit;
            const wf_status st = wf_mesh_raycast(m, a, b, &hit);
            if ((st == WF_OK) != want) {
                wf_test_print_map(g, s, t);
                fprintf(stderr, "(%g,%g)->(%g,%g): segment rule %s, ray %s "
                                "at (%g,%g)\n",
                        a.x, a.y, b.x, b.y, want ? "clear" : "blocked",
                        wf_status_name(st), hit.x, hit.y);
            }
            assert_int_equal(st == WF_OK, want);
            rays++;
            clear += want;
            /* the hit lies on the segment */
            const double cross = (b.x - a.x) * (hit.y - a.y) -
                                 (b.y - a.y) * (hit.x - a.x);
            assert_true(fabs(cross) <= 1e-6 * (1 + hypot(b.x - a.x,
                                                         b.y - a.y)));
        }
        wf_mesh_destroy(m);
        wf_grid_destroy(g);
    }
    fprintf(stderr, "ray casts: %d against the segment rule, %d clear, all "
                    "agree\n",
            rays, clear);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_maps),
        cmocka_unit_test(test_movingai),
        cmocka_unit_test(test_engine),
        cmocka_unit_test(test_auto),
        cmocka_unit_test(test_bad_input),
        cmocka_unit_test(test_out_of_memory),
        cmocka_unit_test(test_nearest),
        cmocka_unit_test(test_random_points),
        cmocka_unit_test(test_raycast),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
