/* WF_FALLBACK_NEAREST: an unreachable goal (a wall, an enclosed region, a
 * terrain the unit's filter forbids, a cell an overlay forbids) is answered
 * with WF_PARTIAL and a least-cost path to the reachable cell nearest the
 * goal in straight-line distance, ties to the cheaper, as a brute-force
 * reachability check finds it; a reachable goal is answered as without. */
#include "wf_test.h"

#include <math.h>
#include <string.h>

static const wf_corners corner_rules[3] = {WF_CORNERS_NO_CUT, WF_CORNERS_ALWAYS,
                                           WF_CORNERS_ONE_FREE};

typedef wf_test_pricing pricing;

static int close_to(double a, double b) {
    return fabs(a - b) <= 1e-9 * (1 + fabs(b));
}

static wf_point random_cell(wf_test_rng *r, const wf_grid *g) {
    wf_point p = {(int)wf_test_rng_below(r, (uint32_t)wf_grid_width(g)),
                  (int)wf_test_rng_below(r, (uint32_t)wf_grid_height(g))};
    return p;
}

static long d2(wf_point a, wf_point b) {
    return (long)(a.x - b.x) * (a.x - b.x) + (long)(a.y - b.y) * (a.y - b.y);
}

static void test_nearest_matches_brute_force(void **state) {
    (void)state;
    wf_test_rng r = {0xfa11};
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_path p, plain;
    wf_path_init(&p, NULL);
    wf_path_init(&plain, NULL);
    static double dist[32 * 32];
    static float overlay[32 * 32];
    size_t partial = 0, ok = 0, nopath = 0, ties = 0;
    for (int round = 0; round < 400; round++) {
        int w = 1 + (int)wf_test_rng_below(&r, 24);
        int h = 1 + (int)wf_test_rng_below(&r, 24);
        uint32_t wall_pct = 10 + wf_test_rng_below(&r, 40);
        wf_grid *g;
        assert_int_equal(wf_grid_create(w, h, NULL, &g), WF_OK);
        for (int t = 1; t <= 4; t++)
            assert_int_equal(wf_grid_set_cost(g, (uint8_t)t, t), WF_OK);
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                assert_int_equal(
                    wf_grid_set(g, x, y,
                                wf_test_rng_below(&r, 100) < wall_pct
                                    ? WF_TERRAIN_WALL
                                    : (uint8_t)(1 + wf_test_rng_below(&r, 4))),
                    WF_OK);
        wf_filter f;
        wf_filter_init(&f);
        assert_int_equal(wf_filter_set(&f, 4, INFINITY), WF_OK);
        for (int i = 0; i < w * h; i++)
            overlay[i] = wf_test_rng_below(&r, 10) == 0 ? INFINITY : 0.0f;
        for (int q = 0; q < 16; q++) {
            int m = (int)wf_test_rng_below(&r, 6);
            pricing pr = {g, wf_move_make(m < 3 ? 4 : 8, corner_rules[m % 3]),
                          (q & 1) ? &f : NULL, (q & 2) ? overlay : NULL, NULL, NULL};
            wf_search_opts o = wf_search_opts_default();
            o.move = pr.move;
            o.filter = pr.filter;
            if (pr.overlay) {
                o.overlay = (wf_layer){overlay, (size_t)(w * h)};
                o.overlay_k = 1.0;
            }
            if ((q & 12) == 12)
                o.algo = WF_ALGO_BIDIR;
            else if (q & 4)
                o.algo = WF_ALGO_DIJKSTRA;
            else if (q & 8)
                o.algo = WF_ALGO_AUTO;
            wf_point s = random_cell(&r, g), t = random_cell(&r, g);
            wf_status want_plain = wf_search_grid(ws, g, s, t, &o, &plain);
            o.goal_fallback = WF_FALLBACK_NEAREST;
            wf_status st = wf_search_grid(ws, g, s, t, &o, &p);
            if (!wf_test_ref_passable(&pr, s.x, s.y)) {
                /* the start cannot be stood on: no fallback */
                assert_int_equal(st, WF_NO_PATH);
                assert_int_equal(p.count, 0);
                nopath++;
                continue;
            }
            wf_test_ref_dijkstra(&pr, s, dist);
            /* a goal the overlay forbids is never reached, even when it is
             * the start (the start is then the nearest reachable cell) */
            int goal_forbidden = pr.overlay && isinf(pr.overlay[t.y * w + t.x]);
            if (isfinite(dist[t.y * w + t.x]) && !goal_forbidden) {
                /* reachable: exactly the answer without a fallback */
                if (want_plain != WF_OK || st != WF_OK)
                    print_error("reachable goal: %s, with fallback %s (%dx%d, "
                                "%d,%d -> %d,%d, overlay at goal %g, at "
                                "start %g)\n",
                                wf_status_name(want_plain),
                                wf_status_name(st), w, h, s.x, s.y, t.x, t.y,
                                pr.overlay ? pr.overlay[t.y * w + t.x] : 0.0,
                                pr.overlay ? pr.overlay[s.y * w + s.x] : 0.0);
                assert_int_equal(want_plain, WF_OK);
                assert_int_equal(st, WF_OK);
                assert_int_equal(p.count, plain.count);
                for (size_t i = 0; i < p.count; i++) {
                    assert_int_equal(p.points[i].x, plain.points[i].x);
                    assert_int_equal(p.points[i].y, plain.points[i].y);
                }
                assert_true(p.cost == plain.cost);
                ok++;
                continue;
            }
            assert_int_equal(want_plain, WF_NO_PATH);
            long best = -1;
            double best_cost = INFINITY;
            int tied = 0;
            for (int i = 0; i < w * h; i++) {
                if (!isfinite(dist[i]))
                    continue;
                long d = d2((wf_point){i % w, i / w}, t);
                if (best < 0 || d < best) {
                    best = d;
                    best_cost = dist[i];
                    tied = 0;
                } else if (d == best) {
                    tied = 1;
                    if (dist[i] < best_cost)
                        best_cost = dist[i];
                }
            }
            ties += (size_t)tied;
            if (st != WF_PARTIAL)
                print_error("status %s (%dx%d, %d,%d -> %d,%d)\n",
                            wf_status_name(st), w, h, s.x, s.y, t.x, t.y);
            assert_int_equal(st, WF_PARTIAL);
            assert_true(p.count >= 1);
            assert_int_equal(p.points[0].x, s.x);
            assert_int_equal(p.points[0].y, s.y);
            wf_point end = p.points[p.count - 1];
            if (d2(end, t) != best || !close_to(p.cost, best_cost))
                print_error("ended at (%d, %d), d² %ld cost %g; nearest d² %ld "
                            "cost %g (%dx%d, %d,%d -> %d,%d, connect %d "
                            "corners %d)\n",
                            end.x, end.y, d2(end, t), p.cost, best, best_cost,
                            w, h, s.x, s.y, t.x, t.y, pr.move.connect,
                            pr.move.corners);
            assert_true(d2(end, t) == best);
            assert_true(close_to(p.cost, best_cost));
            assert_true(close_to(dist[end.y * w + end.x], p.cost));
            /* a legal walk whose costs add up */
            double sum = 0;
            for (size_t i = 1; i < p.count; i++) {
                double c = wf_test_ref_move(&pr, p.points[i - 1], p.points[i]);
                assert_true(c > 0);
                sum += c;
            }
            assert_true(close_to(sum, p.cost));
            partial++;
        }
        wf_grid_destroy(g);
    }
    print_message("fallback: %zu partial answers (%zu with tied distances), "
                  "%zu reachable goals, %zu blocked starts, all as brute "
                  "force\n",
                  partial, ties, ok, nopath);
    assert_true(partial > 500 && ties > 20);
    wf_path_free(&p);
    wf_path_free(&plain);
    wf_search_destroy(ws);
}

static void test_cases(void **state) {
    (void)state;
    const char *rows[] = {
        "..........",
        "..........",
        "......###.",
        "......#.#.",
        "......###.",
        "...#......",
        "..........",
    };
    wf_grid *g = wf_test_grid(rows, 7);
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_path p;
    wf_path_init(&p, NULL);
    wf_search_opts o = wf_search_opts_default();
    o.goal_fallback = WF_FALLBACK_NEAREST;
    wf_point s = {0, 6};

    /* Goal on a lone wall: the nearest cells are its four neighbours at
     * distance 1; the cheapest of them from (0, 6) is (2, 5), 1 + √2 away
     * ((3, 6) costs 3). */
    assert_int_equal(wf_search_grid(ws, g, s, (wf_point){3, 5}, &o, &p),
                     WF_PARTIAL);
    wf_point e = p.points[p.count - 1];
    assert_int_equal(e.x, 2);
    assert_int_equal(e.y, 5);
    assert_true(close_to(p.cost, 1 + sqrt(2.0)));

    /* Goal in an enclosed cell: the nearest reachable cells are beside the
     * ring, two columns away. */
    assert_int_equal(wf_search_grid(ws, g, s, (wf_point){7, 3}, &o, &p),
                     WF_PARTIAL);
    e = p.points[p.count - 1];
    assert_int_equal(d2(e, (wf_point){7, 3}), 4);
    /* Without the fallback: no path. */
    o.goal_fallback = WF_FALLBACK_NONE;
    assert_int_equal(wf_search_grid(ws, g, s, (wf_point){7, 3}, &o, &p),
                     WF_NO_PATH);
    assert_int_equal(p.count, 0);
    o.goal_fallback = WF_FALLBACK_NEAREST;

    /* A reachable goal: WF_OK. */
    assert_int_equal(wf_search_grid(ws, g, s, (wf_point){9, 0}, &o, &p), WF_OK);

    /* A blocked start: no path, no fallback. */
    assert_int_equal(wf_search_grid(ws, g, (wf_point){6, 2}, (wf_point){0, 0},
                                    &o, &p),
                     WF_NO_PATH);
    /* The start enclosed: the start is the nearest reachable cell. */
    assert_int_equal(wf_search_grid(ws, g, (wf_point){7, 3}, (wf_point){0, 0},
                                    &o, &p),
                     WF_PARTIAL);
    assert_int_equal(p.count, 1);
    assert_true(p.cost == 0);

    /* A goal the filter forbids. */
    const char *rows2[] = {
        "....2222",
        "....2222",
        "....2222",
    };
    wf_grid *g2 = wf_test_grid(rows2, 3);
    wf_filter f;
    wf_filter_init(&f);
    assert_int_equal(wf_filter_set(&f, 2, INFINITY), WF_OK);
    o.filter = &f;
    assert_int_equal(wf_search_grid(ws, g2, (wf_point){0, 1}, (wf_point){7, 1},
                                    &o, &p),
                     WF_PARTIAL);
    e = p.points[p.count - 1];
    assert_int_equal(e.x, 3);
    assert_int_equal(e.y, 1);
    assert_true(close_to(p.cost, 3.0));
    o.filter = NULL;

    /* A goal an INFINITY overlay forbids. */
    float ov[24] = {0};
    ov[1 * 8 + 7] = INFINITY;
    o.overlay = (wf_layer){ov, 24};
    o.overlay_k = 1;
    assert_int_equal(wf_search_grid(ws, g2, (wf_point){0, 1}, (wf_point){7, 1},
                                    &o, &p),
                     WF_PARTIAL);
    e = p.points[p.count - 1];
    assert_int_equal(d2(e, (wf_point){7, 1}), 1);
    /* Of the three cells at distance 1, (6, 1) is the cheapest (9; (7, 0)
     * and (7, 2) cost 8 + 2 + √2). */
    assert_int_equal(e.x, 6);
    assert_int_equal(e.y, 1);
    o.overlay = (wf_layer){NULL, 0};
    o.overlay_k = 0;

    /* Strict JPS refuses a fallback; AUTO runs A*. */
    wf_grid *u;
    assert_int_equal(wf_grid_create(6, 6, NULL, &u), WF_OK);
    assert_int_equal(wf_grid_set(u, 5, 5, WF_TERRAIN_WALL), WF_OK);
    o.algo = WF_ALGO_JPS;
    assert_int_equal(wf_search_grid(ws, u, (wf_point){0, 0}, (wf_point){5, 5},
                                    &o, &p),
                     WF_E_INVALID_ARG);
    assert_true(wf_search_message(ws)[0] != '\0');
    o.algo = WF_ALGO_AUTO;
    assert_int_equal(wf_search_grid(ws, u, (wf_point){0, 0}, (wf_point){5, 5},
                                    &o, &p),
                     WF_PARTIAL);
    assert_int_equal(p.stats.engine, WF_ALGO_ASTAR);
    assert_int_equal(d2(p.points[p.count - 1], (wf_point){5, 5}), 1);
    /* An unknown fallback value. */
    o.goal_fallback = (wf_goal_fallback)7;
    assert_int_equal(wf_search_grid(ws, u, (wf_point){0, 0}, (wf_point){5, 5},
                                    &o, &p),
                     WF_E_INVALID_ARG);

    wf_grid_destroy(u);
    wf_grid_destroy(g2);
    wf_path_free(&p);
    wf_search_destroy(ws);
    wf_grid_destroy(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_nearest_matches_brute_force),
        cmocka_unit_test(test_cases),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
