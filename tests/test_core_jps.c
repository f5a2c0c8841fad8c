/* Jump Point Search on its own: the passability bits it scans follow every
 * change to the grid (wf_grid_set, _fill, _set_cost, _clone), and its block
 * scans agree with A* on grids wide and tall enough that lines span several
 * 64-bit words (the property test's grids fit in one). */
#include "wf_test.h"

#include <math.h>
#include <stdlib.h>

static wf_search_opts jps_opts(void) {
    wf_search_opts o = wf_search_opts_default();
    o.algo = WF_ALGO_JPS;
    return o;
}

static int same_cost(double a, double b) {
    return fabs(a - b) <= 1e-9 * fmax(1.0, fabs(b));
}

/* The path runs start → goal by legal 8-connected no-cut moves on free
 * cells and its cost is the sum of its moves (uniform cost c). */
static void check_path(const wf_grid *g, const wf_path *p, wf_point s,
                       wf_point t, double c) {
    assert_true(p->count >= 1);
    assert_int_equal(p->points[0].x, s.x);
    assert_int_equal(p->points[0].y, s.y);
    assert_int_equal(p->points[p->count - 1].x, t.x);
    assert_int_equal(p->points[p->count - 1].y, t.y);
    double walked = 0;
    for (size_t i = 0; i < p->count; i++) {
        wf_point b = p->points[i];
        assert_true(wf_grid_passable(g, b.x, b.y));
        if (i == 0)
            continue;
        wf_point a = p->points[i - 1];
        int dx = b.x - a.x, dy = b.y - a.y;
        assert_true(abs(dx) <= 1 && abs(dy) <= 1 && (dx || dy));
        if (dx && dy)
            assert_true(wf_grid_passable(g, b.x, a.y) &&
                        wf_grid_passable(g, a.x, b.y));
        walked += (dx && dy ? 1.4142135623730951 : 1.0) * c;
    }
    assert_true(same_cost(walked, p->cost));
}

/* The cost A* finds (a path must exist). */
static double astar_cost(wf_search *ws, const wf_grid *g, wf_point s,
                         wf_point t) {
    wf_path a;
    wf_path_init(&a, NULL);
    wf_search_opts o = wf_search_opts_default();
    assert_int_equal(wf_search_grid(ws, g, s, t, &o, &a), WF_OK);
    double c = a.cost;
    wf_path_free(&a);
    return c;
}

/* A wall put on the cell a JPS path went through is seen by the next JPS
 * query on the same workspace, and so is the wall taken away again. */
static void test_jps_sees_set(void **state) {
    (void)state;
    static const char *const rows[] = {
        "....................................................................",
        ".##################################################################.",
        "....................................................................",
    };
    wf_grid *g = wf_test_grid(rows, 3);
    wf_search *ws;
    wf_path p;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_path_init(&p, NULL);
    wf_search_opts o = jps_opts();
    wf_point s = {0, 0}, t = {67, 0};

    assert_int_equal(wf_search_grid(ws, g, s, t, &o, &p), WF_OK);
    assert_true(same_cost(p.cost, 67.0));
    check_path(g, &p, s, t, 1.0);

    /* Block the top row beyond the first word of the bit rows: the path
     * must go round by the bottom row. */
    assert_int_equal(wf_grid_set(g, 66, 0, WF_TERRAIN_WALL), WF_OK);
    assert_int_equal(wf_search_grid(ws, g, s, t, &o, &p), WF_OK);
    check_path(g, &p, s, t, 1.0);
    assert_true(same_cost(p.cost, 71.0)); /* down, along, up: 2 + 67 + 2 */
    assert_true(same_cost(p.cost, astar_cost(ws, g, s, t)));
    for (size_t i = 0; i < p.count; i++)
        assert_false(p.points[i].x == 66 && p.points[i].y == 0);

    /* Close the bottom row too: no path. */
    assert_int_equal(wf_grid_set(g, 30, 2, WF_TERRAIN_WALL), WF_OK);
    assert_int_equal(wf_search_grid(ws, g, s, t, &o, &p), WF_NO_PATH);

    /* Open a gap in the middle wall (a vertical scan's column changes). */
    assert_int_equal(wf_grid_set(g, 40, 1, 0), WF_OK);
    assert_int_equal(wf_search_grid(ws, g, s, t, &o, &p), WF_OK);
    check_path(g, &p, s, t, 1.0);
    assert_true(same_cost(p.cost, astar_cost(ws, g, s, t)));

    /* And the first wall removed: the straight line again. */
    assert_int_equal(wf_grid_set(g, 66, 0, 0), WF_OK);
    assert_int_equal(wf_search_grid(ws, g, s, t, &o, &p), WF_OK);
    assert_true(same_cost(p.cost, 67.0));

    wf_path_free(&p);
    wf_search_destroy(ws);
    wf_grid_destroy(g);
}

/* wf_grid_set_cost (a terrain becomes blocked or free), wf_grid_fill and
 * wf_grid_clone carry over to the bits too. */
static void test_jps_sees_table_fill_clone(void **state) {
    (void)state;
    wf_grid *g;
    assert_int_equal(wf_grid_create(100, 70, NULL, &g), WF_OK);
    wf_search *ws;
    wf_path p;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_path_init(&p, NULL);
    wf_search_opts o = jps_opts();
    wf_point s = {2, 35}, t = {97, 35};
    for (int y = 0; y < 70; y++)
        if (y != 5)
            assert_int_equal(wf_grid_set(g, 50, y, 7), WF_OK);

    assert_int_equal(wf_search_grid(ws, g, s, t, &o, &p), WF_OK);
    assert_true(same_cost(p.cost, 95.0));

    /* Terrain 7 becomes a wall: round by the gap at y = 5. */
    assert_int_equal(wf_grid_set_cost(g, 7, WF_BLOCKED), WF_OK);
    assert_int_equal(wf_search_grid(ws, g, s, t, &o, &p), WF_OK);
    check_path(g, &p, s, t, 1.0);
    assert_true(p.cost > 95.0 + 1.0);
    assert_true(same_cost(p.cost, astar_cost(ws, g, s, t)));
    double round = p.cost;

    /* A clone answers the same. */
    wf_grid *c;
    assert_int_equal(wf_grid_clone(g, &c), WF_OK);
    assert_int_equal(wf_search_grid(ws, c, s, t, &o, &p), WF_OK);
    assert_true(same_cost(p.cost, round));

    /* Changing the clone leaves the original alone, and back. */
    assert_int_equal(wf_grid_set(c, 50, 5, WF_TERRAIN_WALL), WF_OK);
    assert_int_equal(wf_search_grid(ws, c, s, t, &o, &p), WF_NO_PATH);
    assert_int_equal(wf_search_grid(ws, g, s, t, &o, &p), WF_OK);
    assert_true(same_cost(p.cost, round));

    /* Terrain 7 free again, at the same cost as terrain 0. */
    assert_int_equal(wf_grid_set_cost(g, 7, 1.0), WF_OK);
    assert_int_equal(wf_search_grid(ws, g, s, t, &o, &p), WF_OK);
    assert_true(same_cost(p.cost, 95.0));

    /* Everything a wall, then everything free. */
    assert_int_equal(wf_grid_fill(c, WF_TERRAIN_WALL), WF_OK);
    assert_int_equal(wf_grid_set(c, s.x, s.y, 0), WF_OK);
    assert_int_equal(wf_grid_set(c, t.x, t.y, 0), WF_OK);
    assert_int_equal(wf_search_grid(ws, c, s, t, &o, &p), WF_NO_PATH);
    assert_int_equal(wf_grid_fill(c, 0), WF_OK);
    assert_int_equal(wf_search_grid(ws, c, s, t, &o, &p), WF_OK);
    assert_true(same_cost(p.cost, 95.0));

    wf_grid_destroy(c);
    wf_path_free(&p);
    wf_search_destroy(ws);
    wf_grid_destroy(g);
}

/* JPS equals A* on random grids whose sides straddle multiples of 64 (so
 * scans cross word boundaries and end on the border bits), open or dense,
 * with random walls changed between queries. */
static void test_jps_wide_random(void **state) {
    (void)state;
    static const int sides[] = {1, 2, 62, 63, 64, 65, 66, 127, 128, 129, 200};
    const int nsides = (int)(sizeof sides / sizeof sides[0]);
    wf_test_rng r = {64};
    wf_search *ws;
    wf_path p, q;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_path_init(&p, NULL);
    wf_path_init(&q, NULL);
    int compared = 0;
    for (int gi = 0; gi < 160; gi++) {
        int W = sides[wf_test_rng_below(&r, (uint32_t)nsides)];
        int H = sides[wf_test_rng_below(&r, (uint32_t)nsides)];
        wf_grid *g;
        assert_int_equal(wf_grid_create(W, H, NULL, &g), WF_OK);
        uint32_t dens = wf_test_rng_below(&r, 45);
        int rooms = gi % 3 == 0; /* long walls with doors */
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++)
                if (rooms ? ((x % 17 == 5 || y % 13 == 4) &&
                             wf_test_rng_below(&r, 100) >= 8)
                          : wf_test_rng_below(&r, 100) < dens)
                    wf_grid_set(g, x, y, WF_TERRAIN_WALL);
        for (int k = 0; k < 12; k++) {
            wf_point s = {(int)wf_test_rng_below(&r, (uint32_t)W),
                          (int)wf_test_rng_below(&r, (uint32_t)H)};
            wf_point t = {(int)wf_test_rng_below(&r, (uint32_t)W),
                          (int)wf_test_rng_below(&r, (uint32_t)H)};
            wf_search_opts o = jps_opts();
            wf_status sj = wf_search_grid(ws, g, s, t, &o, &p);
            o.algo = WF_ALGO_ASTAR;
            wf_status sa = wf_search_grid(ws, g, s, t, &o, &q);
            assert_int_equal(sj, sa);
            if (sj == WF_OK) {
                check_path(g, &p, s, t, 1.0);
                if (!same_cost(p.cost, q.cost))
                    print_error("grid %d (%dx%d): JPS %.17g, A* %.17g\n", gi,
                                W, H, p.cost, q.cost);
                assert_true(same_cost(p.cost, q.cost));
                compared++;
                /* Wall off a cell of the path for the next query. */
                wf_point c = p.points[p.count / 2];
                wf_grid_set(g, c.x, c.y, WF_TERRAIN_WALL);
            }
        }
        wf_grid_destroy(g);
    }
    print_message("%d wide JPS searches equal A*\n", compared);
    assert_true(compared > 500);
    wf_path_free(&p);
    wf_path_free(&q);
    wf_search_destroy(ws);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_jps_sees_set),
        cmocka_unit_test(test_jps_sees_table_fill_clone),
        cmocka_unit_test(test_jps_wide_random),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
