/* Any-angle searches (wf_search_any_angle: Theta*, Lazy Theta*) against
 * the exact Euclidean oracle of tests/support on thousands of random
 * small maps: never shorter than the true shortest path, never longer
 * than the grid search's path under the same move (the grid model that
 * matches a segment rule: 8-connected moves under the same corner rule,
 * 4-connected under no-cut), every segment allowed, a path exactly when
 * the oracle finds one; on weighted maps with filters never dearer than
 * the grid path priced the same way; limits, fallback, refusals, and no
 * allocation per query. */
#include "wf_test.h"

#include <math.h>
#include <string.h>

enum { MAXS = 16 };

static const wf_any_angle algos[2] = {WF_ANY_ANGLE_THETA,
                                      WF_ANY_ANGLE_LAZY_THETA};


/* Every segment allowed under rule and filter; cost and length are the
 * sums; the ends are the centres of a and b (b: when it is the goal). */
static void check_polyline(const wf_grid *g, const wf_polyline *p,
                           wf_corners rule, const wf_filter *f, wf_point a,
                           const wf_point *b) {
    assert_true(p->count >= 1);
    assert_true(p->points[0].x == a.x + 0.5 && p->points[0].y == a.y + 0.5);
    if (b)
        assert_true(p->points[p->count - 1].x == b->x + 0.5 &&
                    p->points[p->count - 1].y == b->y + 0.5);
    double cost = 0, len = 0;
    for (size_t i = 1; i < p->count; i++) {
        double c;
        wf_status st = wf_grid_segment_cost(g, p->points[i - 1], p->points[i],
                                            (wf_move){.corners = rule}, f,
                                            &c);
        if (st != WF_OK)
            print_error("segment (%g,%g)-(%g,%g) not allowed under rule %d\n",
                        p->points[i - 1].x, p->points[i - 1].y,
                        p->points[i].x, p->points[i].y, (int)rule);
        assert_int_equal(st, WF_OK);
        cost += c;
        len += hypot(p->points[i].x - p->points[i - 1].x,
                     p->points[i].y - p->points[i - 1].y);
    }
    assert_true(fabs(cost - p->cost) <= 1e-9 * (1 + cost));
    assert_true(fabs(len - p->length) <= 1e-9 * (1 + len));
}

/* Uniform maps, the any-angle rule: the oracle's bounds. */
static void test_against_oracle(void **state) {
    (void)state;
    wf_test_rng r = {0xa11a};
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_path grid;
    wf_path_init(&grid, NULL);
    wf_polyline p;
    wf_polyline_init(&p, NULL);
    wf_search_opts o = wf_search_opts_default();
    o.move.corners = WF_CORNERS_ONE_FREE;
    size_t found[2] = {0, 0}, none = 0, exact[2] = {0, 0};
    double excess[2] = {0, 0};
    for (int m = 0; m < wf_test_count(2500); m++) {
        wf_grid *g = wf_test_random_map(&r, MAXS, 1);
        for (int q = 0; q < 2; q++) {
            wf_point a = wf_test_random_cell(&r, g);
            wf_point b = wf_test_random_cell(&r, g);
            double d = wf_test_euclid_shortest(g, a, b);
            wf_status gs = wf_search_grid(ws, g, a, b, &o, &grid);
            if (!wf_grid_passable(g, a.x, a.y) ||
                !wf_grid_passable(g, b.x, b.y))
                d = INFINITY;
            for (int k = 0; k < 2; k++) {
                wf_status st = wf_search_any_angle(ws, g, a, b, algos[k], &o,
                                                   &p);
                if ((st == WF_OK) != (d < INFINITY))
                    print_error("map %d: %d,%d -> %d,%d: %s, oracle %g\n", m,
                                a.x, a.y, b.x, b.y, wf_status_name(st), d);
                assert_int_equal(st == WF_OK, d < INFINITY);
                assert_int_equal(st == WF_OK, gs == WF_OK);
                if (st != WF_OK) {
                    assert_int_equal(st, WF_NO_PATH);
                    assert_int_equal(p.count, 0);
                    none += k == 0;
                    continue;
                }
                check_polyline(g, &p, WF_CORNERS_ONE_FREE, NULL, a, &b);
                if (!(p.length >= d - 1e-9 && p.length <= grid.cost + 1e-9))
                    print_error("map %d, algo %d: %d,%d -> %d,%d: length %.12g,"
                                " oracle %.12g, grid %.12g\n",
                                m, k, a.x, a.y, b.x, b.y, p.length, d,
                                grid.cost);
                assert_true(p.length >= d - 1e-9);
                assert_true(p.length <= grid.cost + 1e-9);
                assert_true(fabs(p.cost - p.length) <= 1e-9 * (1 + d));
                found[k]++;
                exact[k] += p.length <= d + 1e-9;
                excess[k] += p.length - d;
            }
        }
        wf_grid_destroy(g);
    }
    print_message("oracle: %zu paths (%zu unreachable); optimal: theta* "
                  "%zu, lazy %zu; mean excess theta* %.2e, lazy %.2e\n",
                  found[0], none, exact[0], exact[1], excess[0] / found[0],
                  excess[1] / found[1]);
    assert_true(found[0] > (size_t)wf_test_count(2000) && none > (size_t)wf_test_count(100));
    wf_polyline_free(&p);
    wf_path_free(&grid);
    wf_search_destroy(ws);
}

/* Every movement model, weighted maps with filters: the grid path's
 * bound in the polyline cost model, legal segments, the same
 * reachability as the grid search. */
static void test_every_rule_weighted(void **state) {
    (void)state;
    wf_test_rng r = {0x7e7a};
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_path grid;
    wf_path_init(&grid, NULL);
    wf_polyline p, base;
    wf_polyline_init(&p, NULL);
    wf_polyline_init(&base, NULL);
    size_t found = 0, cheaper = 0;
    for (int m = 0; m < wf_test_count(2500); m++) {
        int uniform = m % 2 == 0;
        wf_grid *g = wf_test_random_map(&r, MAXS, uniform);
        wf_filter f;
        wf_search_opts o = wf_test_random_opts(&r, uniform, &f);
        wf_corners rule =
            o.move.connect == 4 ? WF_CORNERS_NO_CUT : o.move.corners;
        for (int q = 0; q < 3; q++) {
            wf_point a = wf_test_random_cell(&r, g);
            wf_point b = wf_test_random_cell(&r, g);
            wf_status gs = wf_search_grid(ws, g, a, b, &o, &grid);
            if (gs == WF_OK)
                assert_int_equal(
                    wf_polyline_from_path(g, &grid, o.move, o.filter, &base),
                    WF_OK);
            for (int k = 0; k < 2; k++) {
                wf_status st = wf_search_any_angle(ws, g, a, b, algos[k], &o,
                                                   &p);
                assert_int_equal(st, gs);
                if (st != WF_OK)
                    continue;
                check_polyline(g, &p, rule, o.filter, a, &b);
                if (!(p.cost <= base.cost * (1 + 1e-9)))
                    print_error("map %d, algo %d, move %d/%d: cost %.12g, "
                                "grid path %.12g\n",
                                m, k, o.move.connect, (int)o.move.corners,
                                p.cost, base.cost);
                assert_true(p.cost <= base.cost * (1 + 1e-9));
                assert_true(p.length <= base.length + 1e-9 || !uniform);
                found++;
                cheaper += p.cost < base.cost - 1e-9;
            }
        }
        wf_grid_destroy(g);
    }
    print_message("every rule: %zu paths, %zu cheaper than the grid path\n",
                  found, cheaper);
    assert_true(found > (size_t)wf_test_count(4000) && cheaper > found / 4);
    wf_polyline_free(&p);
    wf_polyline_free(&base);
    wf_path_free(&grid);
    wf_search_destroy(ws);
}

/* An open room: one segment; round a wall: through its corners. */
static void test_known_maps(void **state) {
    (void)state;
    const char *rows[] = {"........",
                          "........",
                          "..####..",
                          "........"};
    wf_grid *g = wf_test_grid(rows, 4);
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_polyline p;
    wf_polyline_init(&p, NULL);
    wf_search_opts o = wf_search_opts_default();
    o.move.corners = WF_CORNERS_ONE_FREE;
    for (int k = 0; k < 2; k++) {
        assert_int_equal(wf_search_any_angle(ws, g, (wf_point){0, 0},
                                             (wf_point){7, 1}, algos[k], &o,
                                             &p),
                         WF_OK);
        assert_int_equal(p.count, 2);
        assert_true(fabs(p.length - hypot(7, 1)) < 1e-12);
        /* start is the goal */
        assert_int_equal(wf_search_any_angle(ws, g, (wf_point){3, 3},
                                             (wf_point){3, 3}, algos[k], &o,
                                             &p),
                         WF_OK);
        assert_int_equal(p.count, 1);
        assert_true(p.length == 0 && p.cost == 0);
        /* a blocked goal: no path, or the nearest cell with the fallback */
        assert_int_equal(wf_search_any_angle(ws, g, (wf_point){0, 0},
                                             (wf_point){3, 2}, algos[k], &o,
                                             &p),
                         WF_NO_PATH);
        assert_int_equal(p.count, 0);
        wf_search_opts fb = o;
        fb.goal_fallback = WF_FALLBACK_NEAREST;
        assert_int_equal(wf_search_any_angle(ws, g, (wf_point){0, 0},
                                             (wf_point){3, 2}, algos[k], &fb,
                                             &p),
                         WF_PARTIAL);
        assert_true(p.count >= 1 && fabs(p.points[p.count - 1].y - 1.5) < 1e-12);
        /* an expansion limit */
        wf_search_opts lim = o;
        lim.max_expansions = 3;
        assert_int_equal(wf_search_any_angle(ws, g, (wf_point){0, 3},
                                             (wf_point){7, 3}, algos[k], &lim,
                                             &p),
                         WF_PARTIAL);
        assert_true(p.stats.expanded == 3);
        check_polyline(g, &p, WF_CORNERS_ONE_FREE, NULL, (wf_point){0, 3},
                       NULL);
    }
    /* from under the wall to above its right end: along it, diagonally
     * past its corner, up; the true shortest path turns at the corner
     * itself, through no centre, and is shorter */
    assert_int_equal(wf_search_any_angle(ws, g, (wf_point){2, 3},
                                         (wf_point){6, 0}, algos[0], &o, &p),
                     WF_OK);
    check_polyline(g, &p, WF_CORNERS_ONE_FREE, NULL, (wf_point){2, 3},
                   &(wf_point){6, 0});
    assert_int_equal(p.count, 4);
    assert_true(p.points[2].x == 6.5 && p.points[2].y == 2.5);
    assert_true(fabs(p.length - (5 + sqrt(2.0))) < 1e-12);
    assert_true(p.length > wf_test_euclid_shortest(g, (wf_point){2, 3},
                                                   (wf_point){6, 0}));
    wf_polyline_free(&p);
    wf_search_destroy(ws);
    wf_grid_destroy(g);
}

static double cb(void *ud, wf_point a, wf_point b, double c) {
    (void)ud;
    (void)a;
    (void)b;
    return c;
}

static void test_refusals(void **state) {
    (void)state;
    const char *rows[] = {"....", "...."};
    wf_grid *g = wf_test_grid(rows, 2);
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_polyline p;
    wf_polyline_init(&p, NULL);
    wf_point a = {0, 0}, b = {3, 1};
    wf_search_opts o = wf_search_opts_default();
    o.move_cost = cb;
    assert_int_equal(wf_search_any_angle(ws, g, a, b, algos[0], &o, &p),
                     WF_E_INVALID_ARG);
    assert_non_null(strstr(wf_search_message(ws), "move_cost"));
    float layer[8] = {0};
    o = wf_search_opts_default();
    o.overlay.values = layer;
    o.overlay.count = 8;
    assert_int_equal(wf_search_any_angle(ws, g, a, b, algos[1], &o, &p),
                     WF_E_INVALID_ARG);
    assert_non_null(strstr(wf_search_message(ws), "overlay"));
    o = wf_search_opts_default();
    o.algo = WF_ALGO_JPS;
    assert_int_equal(wf_search_any_angle(ws, g, a, b, algos[0], &o, &p),
                     WF_E_INVALID_ARG);
    assert_non_null(strstr(wf_search_message(ws), "algo"));
    o = wf_search_opts_default();
    o.heuristic = WF_H_MANHATTAN;
    assert_int_equal(wf_search_any_angle(ws, g, a, b, algos[0], &o, &p),
                     WF_E_INVALID_ARG);
    assert_non_null(strstr(wf_search_message(ws), "heuristic"));
    o = wf_search_opts_default();
    o.move.connect = 6;
    assert_int_equal(wf_search_any_angle(ws, g, a, b, algos[0], &o, &p),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_search_any_angle(ws, g, a, b, (wf_any_angle)9, NULL,
                                         &p),
                     WF_E_INVALID_ARG);
    assert_non_null(strstr(wf_search_message(ws), "unknown any-angle"));
    /* a size beyond the limit is a bad move */
    wf_search_opts big = wf_search_opts_default();
    big.move.size = WF_MOVE_MAX_SIZE + 1;
    assert_int_equal(wf_search_any_angle(ws, g, a, b, algos[0], &big, &p),
                     WF_E_INVALID_ARG);
    assert_non_null(strstr(wf_search_message(ws), "WF_MOVE_MAX_SIZE"));
    /* Anya answers under the one-free rule only: the default no-cut is
     * refused, not answered under another rule */
    assert_int_equal(wf_search_any_angle(ws, g, a, b, WF_ANY_ANGLE_ANYA, NULL,
                                         &p),
                     WF_E_INVALID_ARG);
    assert_non_null(strstr(wf_search_message(ws), "one-free"));
    assert_int_equal(wf_search_any_angle(ws, g, a, (wf_point){4, 0}, algos[0],
                                         NULL, &p),
                     WF_E_RANGE);
    assert_int_equal(wf_search_any_angle(NULL, g, a, b, algos[0], NULL, &p),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_search_any_angle(ws, NULL, a, b, algos[0], NULL, &p),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_search_any_angle(ws, g, a, b, algos[0], NULL, NULL),
                     WF_E_INVALID_ARG);
    /* and a good query clears the message */
    assert_int_equal(wf_search_any_angle(ws, g, a, b, algos[0], NULL, &p),
                     WF_OK);
    assert_string_equal(wf_search_message(ws), "");
    wf_polyline_free(&p);
    wf_search_destroy(ws);
    wf_grid_destroy(g);
}

/* Once the workspace and polyline are sized, a query allocates nothing. */
static void test_no_allocation_per_query(void **state) {
    (void)state;
    wf_test_rng r = {0xa10c};
    wf_test_alloc ta;
    wf_allocator al = wf_test_alloc_init(&ta, 0);
    wf_search *ws;
    assert_int_equal(wf_search_create(&al, &ws), WF_OK);
    wf_polyline p;
    wf_polyline_init(&p, &al);
    wf_grid *g = wf_test_random_map(&r, MAXS, 1);
    assert_int_equal(wf_search_reserve_graph(ws, 16 * 16), WF_OK);
    assert_int_equal(wf_polyline_reserve(&p, 16 * 16), WF_OK);
    size_t calls = ta.calls;
    for (int q = 0; q < 200; q++)
        wf_search_any_angle(ws, g, wf_test_random_cell(&r, g), wf_test_random_cell(&r, g),
                            algos[q % 2], NULL, &p);
    assert_int_equal(ta.calls, calls);
    wf_polyline_free(&p);
    wf_search_destroy(ws);
    wf_grid_destroy(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_known_maps),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_no_allocation_per_query),
        cmocka_unit_test(test_against_oracle),
        cmocka_unit_test(test_every_rule_weighted),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
