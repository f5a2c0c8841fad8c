/* Weighted Jump Point Search (WF_ALGO_JPSW): its costs equal Dijkstra's on
 * many random weighted grids (a few cost levels in patches and at random,
 * walls, widths around the 64-cell words of its scans, 1 × N and N × 1),
 * on island worlds and under filters; every path is legal and priced
 * right; sliced searches give the one-shot answer; what it cannot honour
 * is WF_E_INVALID_ARG with a reason. */
#include "wf_test.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define WF_TEST_SQRT2 1.4142135623730951

static wf_search_opts jpsw_opts(const wf_filter *f) {
    wf_search_opts o = wf_search_opts_default();
    o.algo = WF_ALGO_JPSW;
    o.filter = f;
    return o;
}

/* Cost levels: whole numbers, fractions and ratios wide enough that going
 * around an expensive cell beats crossing it (the rules' cost tests). */
static const double levels[] = {1, 2, 1.5, 5, 0.5, 3, 12, 1.25};

/* A random grid of w × h: terrains 0..k-1 costing levels[], laid in
 * rectangular patches over a random base (large even areas, which jumps
 * cross), then salted with single cells of other costs and with walls. */
static wf_grid *weighted_map(wf_test_rng *r, int w, int h) {
    wf_grid *g;
    assert_int_equal(wf_grid_create(w, h, NULL, &g), WF_OK);
    const int k = 1 + (int)wf_test_rng_below(r, 5);
    for (int t = 0; t < k; t++)
        assert_int_equal(wf_grid_set_cost(g, (uint8_t)t, levels[t]), WF_OK);
    /* two terrains of the same cost count as one level */
    assert_int_equal(wf_grid_set_cost(g, 7, levels[0]), WF_OK);
    assert_int_equal(wf_grid_fill(g, 0), WF_OK);
    const int patches = (int)wf_test_rng_below(r, 12);
    for (int i = 0; i < patches; i++) {
        const int x0 = (int)wf_test_rng_below(r, (uint32_t)w);
        const int y0 = (int)wf_test_rng_below(r, (uint32_t)h);
        const int pw = 1 + (int)wf_test_rng_below(r, (uint32_t)w);
        const int ph = 1 + (int)wf_test_rng_below(r, (uint32_t)h);
        const uint8_t t = wf_test_rng_below(r, 4) == 0
                              ? 7
                              : (uint8_t)wf_test_rng_below(r, (uint32_t)k);
        for (int y = y0; y < h && y < y0 + ph; y++)
            for (int x = x0; x < w && x < x0 + pw; x++)
                assert_int_equal(wf_grid_set(g, x, y, t), WF_OK);
    }
    const uint32_t salt = wf_test_rng_below(r, 10);
    const uint32_t walls = wf_test_rng_below(r, 35);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            const uint32_t v = wf_test_rng_below(r, 100);
            if (v < walls)
                assert_int_equal(wf_grid_set(g, x, y, WF_TERRAIN_WALL), WF_OK);
            else if (v < walls + salt)
                assert_int_equal(
                    wf_grid_set(g, x, y,
                                (uint8_t)wf_test_rng_below(r, (uint32_t)k)),
                    WF_OK);
        }
    return g;
}

/* Dimensions for round i: mostly small, some 1 × N and N × 1, some with
 * widths and heights around 64 (scans that cross word boundaries). */
static void pick_size(wf_test_rng *r, int i, int *w, int *h) {
    switch (i % 5) {
    case 0:
        *w = 1;
        *h = 1 + (int)wf_test_rng_below(r, 90);
        break;
    case 1:
        *w = 1 + (int)wf_test_rng_below(r, 130);
        *h = 1 + (int)wf_test_rng_below(r, 3);
        break;
    case 2:
        *w = 60 + (int)wf_test_rng_below(r, 10);
        *h = 60 + (int)wf_test_rng_below(r, 10);
        break;
    default:
        *w = 1 + (int)wf_test_rng_below(r, 24);
        *h = 1 + (int)wf_test_rng_below(r, 24);
        break;
    }
    if (wf_test_rng_below(r, 2)) { /* the same, transposed */
        int t = *w;
        *w = *h;
        *h = t;
    }
}

/* Runs one query with JPSW and Dijkstra on the same workspace pair and
 * checks they agree (status and cost) and that JPSW's path is legal. */
static void agree(wf_search *ws, wf_search *ref, const wf_grid *g,
                  const wf_filter *f, wf_point s, wf_point t) {
    wf_path pj, pd;
    wf_path_init(&pj, NULL);
    wf_path_init(&pd, NULL);
    wf_search_opts o = jpsw_opts(f);
    wf_search_opts d = wf_search_opts_default();
    d.algo = WF_ALGO_DIJKSTRA;
    d.filter = f;
    const wf_status sj = wf_search_grid(ws, g, s, t, &o, &pj);
    const wf_status sd = wf_search_grid(ref, g, s, t, &d, &pd);
    if (sj != sd || (sj == WF_OK && !wf_test_close(pj.cost, pd.cost)))
        fail_msg("%dx%d (%d,%d)->(%d,%d): jpsw %d cost %.17g, dijkstra %d "
                 "cost %.17g (%s)",
                 wf_grid_width(g), wf_grid_height(g), s.x, s.y, t.x, t.y,
                 (int)sj, pj.cost, (int)sd, pd.cost, wf_search_message(ws));
    if (sj == WF_OK) {
        assert_int_equal(pj.stats.engine, WF_ALGO_JPSW);
        const wf_test_pricing pr = {g, o.move, f, NULL, NULL, NULL};
        wf_test_check_path(&pr, &pj);
        assert_int_equal(pj.points[0].x, s.x);
        assert_int_equal(pj.points[0].y, s.y);
        assert_int_equal(pj.points[pj.count - 1].x, t.x);
        assert_int_equal(pj.points[pj.count - 1].y, t.y);
    }
    wf_path_free(&pj);
    wf_path_free(&pd);
}

static void test_random_weighted(void **state) {
    (void)state;
    wf_test_rng r = {20231116};
    wf_search *ws, *ref;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    assert_int_equal(wf_search_create(NULL, &ref), WF_OK);
    for (int i = 0; i < 2500; i++) {
        int w, h;
        pick_size(&r, i, &w, &h);
        wf_grid *g = weighted_map(&r, w, h);
        for (int k = 0; k < 6; k++)
            agree(ws, ref, g, NULL, wf_test_random_cell(&r, g),
                  wf_test_random_cell(&r, g));
        wf_grid_destroy(g);
    }
    wf_search_destroy(ws);
    wf_search_destroy(ref);
}

/* Every pair of cells on small grids: the brute-force reference's
 * distances, so no engine of the library is the yardstick. */
static void test_all_pairs_brute_force(void **state) {
    (void)state;
    wf_test_rng r = {77};
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    double dist[12 * 12];
    wf_path p;
    wf_path_init(&p, NULL);
    for (int i = 0; i < 150; i++) {
        const int w = 1 + (int)wf_test_rng_below(&r, 12);
        const int h = 1 + (int)wf_test_rng_below(&r, 12);
        wf_grid *g = weighted_map(&r, w, h);
        wf_search_opts o = jpsw_opts(NULL);
        const wf_test_pricing pr = {g, o.move, NULL, NULL, NULL, NULL};
        for (int sy = 0; sy < h; sy++)
            for (int sx = 0; sx < w; sx++) {
                const wf_point s = {sx, sy};
                wf_test_ref_dijkstra(&pr, s, dist);
                for (int ty = 0; ty < h; ty++)
                    for (int tx = 0; tx < w; tx++) {
                        const wf_point t = {tx, ty};
                        const wf_status st = wf_search_grid(ws, g, s, t, &o, &p);
                        const double want = dist[ty * w + tx];
                        if (want < INFINITY) {
                            assert_int_equal(st, WF_OK);
                            if (!wf_test_close(p.cost, want))
                                fail_msg("(%d,%d)->(%d,%d) on %dx%d: %.17g, "
                                         "brute force %.17g",
                                         sx, sy, tx, ty, w, h, p.cost, want);
                            wf_test_check_path(&pr, &p);
                        } else {
                            assert_int_equal(st, WF_NO_PATH);
                        }
                    }
            }
        wf_grid_destroy(g);
    }
    wf_path_free(&p);
    wf_search_destroy(ws);
}

/* Filters: terrains repriced and forbidden for the unit, the grid
 * untouched; the workspace's planes follow each filter in turn. */
static void test_filters(void **state) {
    (void)state;
    wf_test_rng r = {4242};
    wf_search *ws, *ref;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    assert_int_equal(wf_search_create(NULL, &ref), WF_OK);
    for (int i = 0; i < 600; i++) {
        int w, h;
        pick_size(&r, i, &w, &h);
        wf_grid *g = weighted_map(&r, w, h);
        wf_filter f;
        wf_filter_init(&f);
        for (int t = 0; t < 8; t++) {
            const uint32_t v = wf_test_rng_below(&r, 6);
            if (v == 0)
                assert_int_equal(wf_filter_set(&f, (uint8_t)t, INFINITY), WF_OK);
            else if (v == 1)
                assert_int_equal(
                    wf_filter_set(&f, (uint8_t)t, levels[wf_test_rng_below(&r, 8)]),
                    WF_OK);
        }
        for (int k = 0; k < 6; k++) {
            const wf_point s = wf_test_random_cell(&r, g);
            const wf_point t = wf_test_random_cell(&r, g);
            agree(ws, ref, g, &f, s, t);
            agree(ws, ref, g, NULL, s, t);
        }
        wf_grid_destroy(g);
    }
    wf_search_destroy(ws);
    wf_search_destroy(ref);
}

/* The seed worlds: ships on island maps (deep water 1, shallow 2), with
 * A* as the yardstick on these larger maps. Then the map is edited and the
 * next query sees it. */
static void test_islands(void **state) {
    (void)state;
    wf_test_rng r = {5};
    wf_search *ws, *ref;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    assert_int_equal(wf_search_create(NULL, &ref), WF_OK);
    const int sizes[][2] = {{96, 96}, {130, 70}, {64, 200}};
    for (int m = 0; m < 6; m++) {
        wf_grid *g;
        assert_int_equal(wf_grid_create(sizes[m % 3][0], sizes[m % 3][1], NULL,
                                        &g),
                         WF_OK);
        wf_islands_opts io = wf_islands_opts_default();
        io.shore = 1 + m % 3;
        assert_int_equal(wf_gen_islands(g, (uint64_t)m + 1, &io), WF_OK);
        for (int k = 0; k < 60; k++)
            agree(ws, ref, g, NULL, wf_test_random_cell(&r, g),
                  wf_test_random_cell(&r, g));
        /* a patch of shallows in open sea, then a query across it */
        for (int y = 10; y < 30; y++)
            for (int x = 10; x < 40; x++)
                if (wf_grid_get(g, x, y) == WF_GEN_DEEP)
                    assert_int_equal(wf_grid_set(g, x, y, WF_GEN_SHALLOW),
                                     WF_OK);
        for (int k = 0; k < 20; k++)
            agree(ws, ref, g, NULL, wf_test_random_cell(&r, g),
                  wf_test_random_cell(&r, g));
        wf_grid_destroy(g);
    }
    wf_search_destroy(ws);
    wf_search_destroy(ref);
}

/* Costs at the edges of the stop rules: nearly equal (1 and 1 + 1e-12,
 * inside the rules' margin), at the ratio 1 + √2 where stepping aside ties
 * with the diagonal, and √2 apart, on small grids against brute force. */
static void test_rule_edges(void **state) {
    (void)state;
    static const double edge[][3] = {{1, 1 + 1e-12, 2},
                                     {1, 1 + WF_TEST_SQRT2, 3},
                                     {1, WF_TEST_SQRT2, 2},
                                     {2, 2 * WF_TEST_SQRT2, 1}};
    wf_test_rng r = {31337};
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_path p;
    wf_path_init(&p, NULL);
    double dist[14 * 14];
    for (int i = 0; i < 400; i++) {
        const int w = 1 + (int)wf_test_rng_below(&r, 14);
        const int h = 1 + (int)wf_test_rng_below(&r, 14);
        wf_grid *g;
        assert_int_equal(wf_grid_create(w, h, NULL, &g), WF_OK);
        const double *c = edge[i % 4];
        for (int t = 0; t < 3; t++)
            assert_int_equal(wf_grid_set_cost(g, (uint8_t)t, c[t]), WF_OK);
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                const uint32_t v = wf_test_rng_below(&r, 10);
                assert_int_equal(wf_grid_set(g, x, y,
                                             v < 1 ? WF_TERRAIN_WALL
                                                   : (uint8_t)(v % 3)),
                                 WF_OK);
            }
        wf_search_opts o = jpsw_opts(NULL);
        const wf_test_pricing pr = {g, o.move, NULL, NULL, NULL, NULL};
        const wf_point s = wf_test_random_cell(&r, g);
        wf_test_ref_dijkstra(&pr, s, dist);
        for (int k = 0; k < 8; k++) {
            const wf_point t = wf_test_random_cell(&r, g);
            const wf_status st = wf_search_grid(ws, g, s, t, &o, &p);
            const double want = dist[t.y * w + t.x];
            assert_int_equal(st, want < INFINITY ? WF_OK : WF_NO_PATH);
            if (st == WF_OK && !wf_test_close(p.cost, want))
                fail_msg("costs %g %g %g, %dx%d (%d,%d)->(%d,%d): %.17g, "
                         "brute force %.17g",
                         c[0], c[1], c[2], w, h, s.x, s.y, t.x, t.y, p.cost,
                         want);
        }
        wf_grid_destroy(g);
    }
    wf_path_free(&p);
    wf_search_destroy(ws);
}

/* A search run in slices of a few expansions ends with the one-shot path. */
static void test_sliced(void **state) {
    (void)state;
    wf_test_rng r = {99};
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_path a, b;
    wf_path_init(&a, NULL);
    wf_path_init(&b, NULL);
    for (int i = 0; i < 300; i++) {
        int w, h;
        pick_size(&r, i, &w, &h);
        wf_grid *g = weighted_map(&r, w, h);
        const wf_point s = wf_test_random_cell(&r, g);
        const wf_point t = wf_test_random_cell(&r, g);
        wf_search_opts o = jpsw_opts(NULL);
        const wf_status one = wf_search_grid(ws, g, s, t, &o, &a);
        assert_int_equal(wf_search_begin(ws, g, s, t, &o), WF_OK);
        wf_status st;
        const uint64_t budget = 1 + wf_test_rng_below(&r, 3);
        while ((st = wf_search_step(ws, budget, &b)) == WF_PENDING)
            ;
        assert_int_equal(st, one);
        if (st == WF_OK) {
            assert_int_equal(a.count, b.count);
            assert_memory_equal(a.points, b.points, a.count * sizeof *a.points);
            assert_true(a.cost == b.cost);
            assert_int_equal(a.stats.expanded, b.stats.expanded);
        }
        wf_grid_destroy(g);
    }
    wf_path_free(&a);
    wf_path_free(&b);
    wf_search_destroy(ws);
}

/* An allocator that refuses every allocation once *ud counts down to 0. */
static void *countdown_alloc(void *ud, void *ptr, size_t old, size_t size) {
    (void)old;
    int *left = ud;
    if (!size) {
        free(ptr);
        return NULL;
    }
    if (*left >= 0 && (*left)-- == 0)
        return NULL;
    return realloc(ptr, size);
}

/* A query that fails to grow the workspace's planes leaves nothing stale:
 * the next query on the grid the old planes were for rebuilds them. */
static void test_failed_growth(void **state) {
    (void)state;
    wf_test_rng r = {8};
    wf_grid *small = weighted_map(&r, 20, 20), *big = weighted_map(&r, 90, 90);
    wf_search *ref;
    assert_int_equal(wf_search_create(NULL, &ref), WF_OK);
    for (int refuse = 0; refuse < 10; refuse++) {
        int left = -1;
        const wf_allocator a = {countdown_alloc, &left};
        wf_search *ws;
        assert_int_equal(wf_search_create(&a, &ws), WF_OK);
        wf_path p;
        wf_path_init(&p, NULL);
        wf_search_opts o = jpsw_opts(NULL);
        const wf_point s = {0, 0}, t = {19, 19};
        (void)wf_search_grid(ws, small, s, t, &o, &p);
        left = refuse; /* the refuse-th allocation of the big query fails */
        const wf_status st = wf_search_grid(ws, big, s, t, &o, &p);
        assert_true(st == WF_E_NOMEM || st == WF_OK || st == WF_NO_PATH);
        left = -1;
        for (int k = 0; k < 20; k++)
            agree(ws, ref, small, NULL, wf_test_random_cell(&r, small),
                  wf_test_random_cell(&r, small));
        wf_path_free(&p);
        wf_search_destroy(ws);
    }
    wf_search_destroy(ref);
    wf_grid_destroy(small);
    wf_grid_destroy(big);
}

/* What it cannot honour is refused with a reason; graphs too. */
static void test_refusals(void **state) {
    (void)state;
    wf_grid *g;
    assert_int_equal(wf_grid_create(8, 8, NULL, &g), WF_OK);
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_path p;
    wf_path_init(&p, NULL);
    const wf_point s = {0, 0}, t = {7, 7};
    float ov[64] = {0};
    for (int c = 0; c < 8; c++) {
        wf_search_opts o = jpsw_opts(NULL);
        const char *want = NULL;
        switch (c) {
        case 0: o.move.connect = 4; want = "8-connected"; break;
        case 1: o.move.corners = WF_CORNERS_ALWAYS; want = "no-cut"; break;
        case 2: o.move.size = 2; want = "size 1"; break;
        case 3: o.heuristic = WF_H_EUCLIDEAN; want = "octile"; break;
        case 4: o.weight = 2; want = "weight"; break;
        case 5:
            o.overlay.values = ov;
            o.overlay.count = 64;
            o.overlay_k = 1;
            want = "overlay";
            break;
        case 6: o.max_expansions = 5; want = "limit"; break;
        default: o.goal_fallback = WF_FALLBACK_NEAREST; want = "fall back"; break;
        }
        assert_int_equal(wf_search_grid(ws, g, s, t, &o, &p), WF_E_INVALID_ARG);
        assert_non_null(strstr(wf_search_message(ws), want));
    }
    /* blocked ends: no path, as for the other engines */
    assert_int_equal(wf_grid_set(g, 7, 7, WF_TERRAIN_WALL), WF_OK);
    wf_search_opts o = jpsw_opts(NULL);
    assert_int_equal(wf_search_grid(ws, g, s, t, &o, &p), WF_NO_PATH);
    assert_int_equal(p.stats.engine, WF_ALGO_JPSW);
    wf_graph *gr;
    assert_int_equal(
        wf_graph_from_grid(g, wf_move_default(), NULL, 1.0, NULL, &gr), WF_OK);
    wf_node_path np;
    wf_node_path_init(&np, NULL);
    assert_int_equal(wf_search_graph(ws, gr, 0, 1, &o, &np), WF_E_INVALID_ARG);
    assert_non_null(strstr(wf_search_message(ws), "jpsw"));
    wf_node_path_free(&np);
    wf_graph_destroy(gr);
    wf_path_free(&p);
    wf_search_destroy(ws);
    wf_grid_destroy(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_weighted),
        cmocka_unit_test(test_all_pairs_brute_force),
        cmocka_unit_test(test_filters),
        cmocka_unit_test(test_islands),
        cmocka_unit_test(test_rule_edges),
        cmocka_unit_test(test_sliced),
        cmocka_unit_test(test_failed_growth),
        cmocka_unit_test(test_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
