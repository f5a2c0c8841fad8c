/* The compressed path database: its first moves lead along cheapest paths
 * (against a brute-force Dijkstra on random maps with every movement model
 * and filters, and against every Moving AI scenario of dao/arena), it
 * refuses a grid it was not built for or one edited since, and it
 * compresses (far fewer runs than targets). */
#include "wf_test.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* Random maps, movement models and filters: every pair of cells of a map
 * gets the reference's answer (cost, or no path), a legal path, and
 * wf_cpd_next's step is the path's second cell. */
static void test_cpd_random(void **state) {
    (void)state;
    wf_test_rng r = {0xC0DEu};
    wf_path p;
    wf_path_init(&p, NULL);
    size_t pairs = 0, found = 0;
    for (int iter = 0; iter < 150; iter++) {
        wf_grid *g = wf_test_random_map(&r, 14, (int)wf_test_rng_below(&r, 2));
        wf_filter f;
        wf_search_opts o = wf_test_random_opts(&r, 0, &f);
        o.move.size = 1;
        wf_cpd *c = NULL;
        assert_int_equal(wf_cpd_build(g, &o.move, o.filter, NULL, &c), WF_OK);
        wf_test_pricing pr = {g, o.move, o.filter, NULL, NULL, NULL};
        const int W = wf_grid_width(g), H = wf_grid_height(g);
        double *dist = malloc((size_t)W * (size_t)H * sizeof *dist);
        assert_non_null(dist);
        for (int k = 0; k < 6; k++) {
            wf_point s = wf_test_random_cell(&r, g);
            wf_test_ref_dijkstra(&pr, s, dist);
            for (int y = 0; y < H; y++)
                for (int x = 0; x < W; x++) {
                    wf_point t = {x, y};
                    double want = dist[(size_t)y * (size_t)W + (size_t)x];
                    wf_status st = wf_cpd_path(c, g, s, t, &p);
                    pairs++;
                    if (!(want < INFINITY) || !wf_test_ref_passable(&pr, x, y)) {
                        assert_int_equal(st, WF_NO_PATH);
                        assert_int_equal(p.count, 0);
                        continue;
                    }
                    found++;
                    assert_int_equal(st, WF_OK);
                    wf_test_check_path(&pr, &p);
                    if (!wf_test_close(p.cost, want))
                        fail_msg("map %d, (%d,%d)->(%d,%d): cpd %.12g, "
                                 "reference %.12g", iter, s.x, s.y, x, y,
                                 p.cost, want);
                    wf_point n;
                    assert_int_equal(wf_cpd_next(c, g, s, t, &n), WF_OK);
                    wf_point want_n = p.count > 1 ? p.points[1] : s;
                    assert_int_equal(n.x, want_n.x);
                    assert_int_equal(n.y, want_n.y);
                }
        }
        free(dist);
        wf_cpd_free(c);
        wf_grid_destroy(g);
    }
    print_message("%zu pairs, %zu with a path\n", pairs, found);
    assert_true(found > pairs / 4);
    wf_path_free(&p);
}

/* Every scenario of dao/arena at its printed optimum, and the table far
 * smaller than one move per pair. */
static void test_cpd_arena(void **state) {
    (void)state;
    wf_grid *g = NULL;
    assert_int_equal(wf_movingai_map_read(WF_SHARED_DIR
                                          "/movingai/dao/arena.map",
                                          NULL, &g, NULL),
                     WF_OK);
    wf_scen sc = {0};
    assert_int_equal(wf_scen_read(WF_SHARED_DIR "/movingai/dao/arena.map.scen",
                                  NULL, &sc, NULL),
                     WF_OK);
    wf_cpd *c = NULL;
    assert_int_equal(wf_cpd_build(g, NULL, NULL, NULL, &c), WF_OK);
    wf_cpd_info info;
    assert_int_equal(wf_cpd_describe(c, &info), WF_OK);
    size_t open = 0;
    for (int y = 0; y < wf_grid_height(g); y++)
        for (int x = 0; x < wf_grid_width(g); x++)
            open += wf_grid_passable(g, x, y);
    assert_int_equal(info.nodes, open);
    print_message("arena: %zu nodes, %zu runs (%.1f a source), %zu bytes\n",
                  info.nodes, info.runs, (double)info.runs / (double)info.nodes,
                  info.bytes);
    assert_true(info.runs < info.nodes * info.nodes / 20);
    wf_path p;
    wf_path_init(&p, NULL);
    for (size_t i = 0; i < sc.count; i++) {
        const wf_scen_entry *e = &sc.entries[i];
        assert_int_equal(wf_cpd_path(c, g, e->start, e->goal, &p), WF_OK);
        if (!wf_scen_cost_ok(e, p.cost))
            fail_msg("scenario %zu: %.9g, optimal %.9g", i, p.cost, e->optimal);
    }
    wf_path_free(&p);
    wf_cpd_free(c);
    wf_scen_free(&sc);
    wf_grid_destroy(g);
}

/* Another grid, the same grid edited, points off the grid, cells it
 * cannot stand on, a bad movement model: errors, never a move. */
static void test_cpd_refuses(void **state) {
    (void)state;
    const char *rows[] = {"....#...", "....#...", "........"};
    wf_grid *g = wf_test_grid(rows, 3);
    wf_grid *other = wf_test_grid(rows, 3);
    wf_cpd *c = NULL;
    wf_move big = wf_move_default();
    big.size = 2;
    assert_int_equal(wf_cpd_build(g, &big, NULL, NULL, &c), WF_E_INVALID_ARG);
    assert_null(c);
    wf_move bad = wf_move_default();
    bad.connect = 6;
    assert_int_equal(wf_cpd_build(g, &bad, NULL, NULL, &c), WF_E_INVALID_ARG);
    assert_int_equal(wf_cpd_build(NULL, NULL, NULL, NULL, &c), WF_E_INVALID_ARG);
    assert_int_equal(wf_cpd_build(g, NULL, NULL, NULL, NULL), WF_E_INVALID_ARG);
    assert_int_equal(wf_cpd_build(g, NULL, NULL, NULL, &c), WF_OK);
    wf_point a = {0, 0}, b = {7, 0}, n;
    assert_int_equal(wf_cpd_next(c, g, a, b, &n), WF_OK);
    assert_int_equal(wf_cpd_next(c, other, a, b, &n), WF_E_INVALID_ARG);
    assert_int_equal(wf_cpd_next(c, g, a, (wf_point){8, 0}, &n), WF_E_RANGE);
    assert_int_equal(wf_cpd_next(c, g, (wf_point){-1, 0}, b, &n), WF_E_RANGE);
    assert_int_equal(wf_cpd_next(c, g, a, (wf_point){4, 0}, &n), WF_NO_PATH);
    assert_int_equal(wf_cpd_next(c, g, a, b, NULL), WF_E_INVALID_ARG);
    assert_int_equal(wf_cpd_next(NULL, g, a, b, &n), WF_E_INVALID_ARG);
    wf_path p;
    wf_path_init(&p, NULL);
    assert_int_equal(wf_cpd_path(c, g, a, b, &p), WF_OK);
    /* round the wall's foot: 3 straight moves and 4 diagonal ones */
    assert_true(wf_test_close(p.cost, 3 + 4 * 1.4142135623730951));
    assert_int_equal(wf_cpd_path(c, g, a, b, NULL), WF_E_INVALID_ARG);
    /* walling the only gap cuts the map: the table is stale, not wrong */
    assert_int_equal(wf_grid_set(g, 4, 2, WF_TERRAIN_WALL), WF_OK);
    assert_int_equal(wf_cpd_next(c, g, a, b, &n), WF_E_INVALID_ARG);
    assert_int_equal(wf_cpd_path(c, g, a, b, &p), WF_E_INVALID_ARG);
    assert_int_equal(p.count, 0);
    wf_cpd_free(c);
    assert_int_equal(wf_cpd_build(g, NULL, NULL, NULL, &c), WF_OK);
    assert_int_equal(wf_cpd_path(c, g, a, b, &p), WF_NO_PATH);
    wf_cpd_info info;
    assert_int_equal(wf_cpd_describe(c, &info), WF_OK);
    assert_int_equal(info.nodes, 21);
    assert_int_equal(wf_cpd_describe(NULL, &info), WF_E_INVALID_ARG);
    wf_cpd_free(c);
    wf_cpd_free(NULL);
    /* nothing to stand on */
    assert_int_equal(wf_grid_fill(g, WF_TERRAIN_WALL), WF_OK);
    assert_int_equal(wf_cpd_build(g, NULL, NULL, NULL, &c), WF_OK);
    assert_int_equal(wf_cpd_path(c, g, a, b, &p), WF_NO_PATH);
    wf_cpd_free(c);
    wf_path_free(&p);
    wf_grid_destroy(other);
    wf_grid_destroy(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cpd_random),
        cmocka_unit_test(test_cpd_arena),
        cmocka_unit_test(test_cpd_refuses),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
