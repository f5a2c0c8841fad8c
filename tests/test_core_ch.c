/* The contraction hierarchy: its paths are legal and cost what a
 * brute-force Dijkstra says (random maps with terrain costs, every
 * movement model, filters), what A* says on larger weighted worlds (seed
 * islands, maps priced by noise, so costs are not whole numbers), and the
 * scenario optima of dao/arena; it refuses a grid it was not built for or
 * one edited since, and bad arguments. */
#include "wf_test.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* Every pair from a few sources on random maps, movement models and
 * filters, one query object reused throughout. */
static void test_ch_random(void **state) {
    (void)state;
    wf_test_rng r = {0xC4u};
    wf_path p;
    wf_path_init(&p, NULL);
    size_t pairs = 0, found = 0, shortcuts = 0;
    for (int iter = 0; iter < 200; iter++) {
        const int uniform = wf_test_rng_below(&r, 3) == 0;
        wf_grid *g = wf_test_random_map(&r, 16, uniform);
        wf_filter f;
        wf_search_opts o = wf_test_random_opts(&r, 0, &f);
        o.move.size = 1;
        wf_ch *c = NULL;
        assert_int_equal(wf_ch_build(g, &o.move, o.filter, NULL, &c), WF_OK);
        wf_ch_info info;
        assert_int_equal(wf_ch_describe(c, &info), WF_OK);
        shortcuts += info.shortcuts;
        wf_ch_query *q = NULL;
        assert_int_equal(wf_ch_query_create(c, NULL, &q), WF_OK);
        wf_test_pricing pr = {g, o.move, o.filter, NULL, NULL, NULL};
        const int W = wf_grid_width(g), H = wf_grid_height(g);
        double *dist = malloc((size_t)W * (size_t)H * sizeof *dist);
        assert_non_null(dist);
        for (int k = 0; k < 5; k++) {
            wf_point s = wf_test_random_cell(&r, g);
            wf_test_ref_dijkstra(&pr, s, dist);
            for (int y = 0; y < H; y++)
                for (int x = 0; x < W; x++) {
                    wf_point t = {x, y};
                    double want = dist[(size_t)y * (size_t)W + (size_t)x];
                    wf_status st = wf_ch_path(q, g, s, t, &p);
                    pairs++;
                    if (!(want < INFINITY) ||
                        !wf_test_ref_passable(&pr, x, y) ||
                        !wf_test_ref_passable(&pr, s.x, s.y)) {
                        assert_int_equal(st, WF_NO_PATH);
                        assert_int_equal(p.count, 0);
                        continue;
                    }
                    found++;
                    assert_int_equal(st, WF_OK);
                    assert_int_equal(p.points[0].x, s.x);
                    assert_int_equal(p.points[0].y, s.y);
                    assert_int_equal(p.points[p.count - 1].x, x);
                    assert_int_equal(p.points[p.count - 1].y, y);
                    wf_test_check_path(&pr, &p);
                    if (!wf_test_close(p.cost, want))
                        fail_msg("map %d, (%d,%d)->(%d,%d): ch %.12g, "
                                 "reference %.12g", iter, s.x, s.y, x, y,
                                 p.cost, want);
                }
        }
        free(dist);
        wf_ch_query_free(q);
        wf_ch_free(c);
        wf_grid_destroy(g);
    }
    print_message("%zu pairs, %zu with a path, %zu shortcuts\n", pairs, found,
                  shortcuts);
    assert_true(found > pairs / 4);
    assert_true(shortcuts > 0); /* the hierarchy is not just the moves */
    wf_path_free(&p);
}

/* Compares n random queries on g against A*, costs within 1e-9 relative;
 * returns the mean cells A* expanded over the mean nodes the hierarchy
 * settled. */
static double against_astar(const wf_grid *g, wf_test_rng *r, int n) {
    wf_ch *c = NULL;
    assert_int_equal(wf_ch_build(g, NULL, NULL, NULL, &c), WF_OK);
    wf_ch_query *q = NULL;
    assert_int_equal(wf_ch_query_create(c, NULL, &q), WF_OK);
    wf_search *ws = NULL;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    const wf_search_opts o = wf_search_opts_default();
    wf_test_pricing pr = {g, o.move, NULL, NULL, NULL, NULL};
    wf_path a, p;
    wf_path_init(&a, NULL);
    wf_path_init(&p, NULL);
    double astar = 0, ch = 0;
    for (int k = 0; k < n; k++) {
        const wf_point s = wf_test_random_cell(r, g);
        const wf_point t = wf_test_random_cell(r, g);
        const wf_status sa = wf_search_grid(ws, g, s, t, &o, &a);
        const wf_status sc = wf_ch_path(q, g, s, t, &p);
        assert_int_equal(sc, sa);
        if (sa != WF_OK)
            continue;
        wf_test_check_path(&pr, &p);
        if (!wf_test_close(p.cost, a.cost))
            fail_msg("(%d,%d)->(%d,%d): ch %.17g, A* %.17g", s.x, s.y, t.x,
                     t.y, p.cost, a.cost);
        astar += (double)a.stats.expanded;
        ch += (double)p.stats.expanded;
    }
    wf_path_free(&a);
    wf_path_free(&p);
    wf_search_destroy(ws);
    wf_ch_query_free(q);
    wf_ch_free(c);
    return ch > 0 ? astar / ch : 0;
}

/* The seed worlds (ships: deep sea 1, shallow 2) and a cave priced by
 * noise: A*'s costs, with far fewer nodes settled than A* expands. */
static void test_ch_weighted_worlds(void **state) {
    (void)state;
    wf_test_rng r = {0x15A7u};
    wf_grid *g = NULL;
    assert_int_equal(wf_grid_create(96, 80, NULL, &g), WF_OK);
    assert_int_equal(wf_gen_islands(g, 7, NULL), WF_OK);
    const double islands = against_astar(g, &r, 300);
    wf_grid_destroy(g);
    assert_int_equal(wf_grid_create(96, 80, NULL, &g), WF_OK);
    assert_int_equal(wf_gen_caves(g, 3, NULL, 0), WF_OK);
    assert_int_equal(wf_gen_cost_noise(g, 5, NULL), WF_OK);
    const double caves = against_astar(g, &r, 300);
    wf_grid_destroy(g);
    print_message("A* expands %.1fx (islands) and %.1fx (caves) the nodes "
                  "the hierarchy settles\n", islands, caves);
    assert_true(islands > 2 && caves > 2);
}

/* Every scenario of dao/arena at its printed optimum. */
static void test_ch_arena(void **state) {
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
    wf_ch *c = NULL;
    assert_int_equal(wf_ch_build(g, NULL, NULL, NULL, &c), WF_OK);
    wf_ch_query *q = NULL;
    assert_int_equal(wf_ch_query_create(c, NULL, &q), WF_OK);
    wf_path p;
    wf_path_init(&p, NULL);
    for (size_t i = 0; i < sc.count; i++) {
        const wf_scen_entry *e = &sc.entries[i];
        assert_int_equal(wf_ch_path(q, g, e->start, e->goal, &p), WF_OK);
        if (!wf_scen_cost_ok(e, p.cost))
            fail_msg("scenario %zu: %.9g, optimal %.9g", i, p.cost, e->optimal);
    }
    wf_path_free(&p);
    wf_ch_query_free(q);
    wf_ch_free(c);
    wf_scen_free(&sc);
    wf_grid_destroy(g);
}

/* Another grid, the same grid edited, points off the grid, cells it
 * cannot stand on, a bad movement model, NULLs: errors, never a path. */
static void test_ch_refuses(void **state) {
    (void)state;
    const char *rows[] = {"....#...", "....#...", "........"};
    wf_grid *g = wf_test_grid(rows, 3);
    wf_grid *other = wf_test_grid(rows, 3);
    wf_ch *c = NULL;
    wf_move big = wf_move_default();
    big.size = 2;
    assert_int_equal(wf_ch_build(g, &big, NULL, NULL, &c), WF_E_INVALID_ARG);
    assert_null(c);
    wf_move bad = wf_move_default();
    bad.connect = 6;
    assert_int_equal(wf_ch_build(g, &bad, NULL, NULL, &c), WF_E_INVALID_ARG);
    assert_int_equal(wf_ch_build(NULL, NULL, NULL, NULL, &c), WF_E_INVALID_ARG);
    assert_int_equal(wf_ch_build(g, NULL, NULL, NULL, NULL), WF_E_INVALID_ARG);
    assert_int_equal(wf_ch_build(g, NULL, NULL, NULL, &c), WF_OK);
    wf_ch_query *q = NULL;
    assert_int_equal(wf_ch_query_create(NULL, NULL, &q), WF_E_INVALID_ARG);
    assert_int_equal(wf_ch_query_create(c, NULL, NULL), WF_E_INVALID_ARG);
    assert_int_equal(wf_ch_query_create(c, NULL, &q), WF_OK);
    wf_point a = {0, 0}, b = {7, 0};
    wf_path p;
    wf_path_init(&p, NULL);
    assert_int_equal(wf_ch_path(q, g, a, b, &p), WF_OK);
    /* round the wall's foot: 3 straight moves and 4 diagonal ones */
    assert_true(wf_test_close(p.cost, 3 + 4 * 1.4142135623730951));
    assert_int_equal(p.count, 8);
    assert_int_equal(wf_ch_path(q, g, a, a, &p), WF_OK);
    assert_int_equal(p.count, 1);
    assert_true(p.cost == 0);
    assert_int_equal(wf_ch_path(q, other, a, b, &p), WF_E_INVALID_ARG);
    assert_int_equal(wf_ch_path(q, g, a, (wf_point){8, 0}, &p), WF_E_RANGE);
    assert_int_equal(wf_ch_path(q, g, (wf_point){-1, 0}, b, &p), WF_E_RANGE);
    assert_int_equal(wf_ch_path(q, g, a, (wf_point){4, 0}, &p), WF_NO_PATH);
    assert_int_equal(wf_ch_path(q, g, a, b, NULL), WF_E_INVALID_ARG);
    assert_int_equal(wf_ch_path(NULL, g, a, b, &p), WF_E_INVALID_ARG);
    assert_int_equal(wf_ch_path(q, NULL, a, b, &p), WF_E_INVALID_ARG);
    /* walling the only gap cuts the map: the hierarchy is stale, not wrong */
    assert_int_equal(wf_grid_set(g, 4, 2, WF_TERRAIN_WALL), WF_OK);
    assert_int_equal(wf_ch_path(q, g, a, b, &p), WF_E_INVALID_ARG);
    assert_int_equal(p.count, 0);
    wf_ch_query_free(q);
    wf_ch_free(c);
    assert_int_equal(wf_ch_build(g, NULL, NULL, NULL, &c), WF_OK);
    assert_int_equal(wf_ch_query_create(c, NULL, &q), WF_OK);
    assert_int_equal(wf_ch_path(q, g, a, b, &p), WF_NO_PATH);
    assert_int_equal(p.count, 0);
    wf_ch_info info;
    assert_int_equal(wf_ch_describe(c, &info), WF_OK);
    assert_int_equal(info.nodes, 21);
    assert_true(info.arcs >= info.shortcuts && info.bytes > 0);
    assert_int_equal(wf_ch_describe(NULL, &info), WF_E_INVALID_ARG);
    assert_int_equal(wf_ch_describe(c, NULL), WF_E_INVALID_ARG);
    wf_ch_query_free(q);
    wf_ch_free(c);
    wf_ch_query_free(NULL);
    wf_ch_free(NULL);
    /* more cells to stand on than a hierarchy takes: refused before any
     * work */
    wf_grid *huge = NULL;
    assert_int_equal(wf_grid_create(2100, 2100, NULL, &huge), WF_OK);
    c = (wf_ch *)&c;
    assert_int_equal(wf_ch_build(huge, NULL, NULL, NULL, &c), WF_E_TOO_BIG);
    assert_null(c);
    wf_grid_destroy(huge);
    /* nothing to stand on */
    assert_int_equal(wf_grid_fill(g, WF_TERRAIN_WALL), WF_OK);
    assert_int_equal(wf_ch_build(g, NULL, NULL, NULL, &c), WF_OK);
    assert_int_equal(wf_ch_query_create(c, NULL, &q), WF_OK);
    assert_int_equal(wf_ch_path(q, g, a, b, &p), WF_NO_PATH);
    wf_ch_query_free(q);
    wf_ch_free(c);
    wf_path_free(&p);
    wf_grid_destroy(other);
    wf_grid_destroy(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ch_random),
        cmocka_unit_test(test_ch_weighted_worlds),
        cmocka_unit_test(test_ch_arena),
        cmocka_unit_test(test_ch_refuses),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
