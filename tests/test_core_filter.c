/* Per-unit filters and per-move cost callbacks: searches, fields, graphs
 * made from grids and the block query all price a move as a brute-force
 * reference does (entering b costs step × cost(b) × mult(b), forbidden
 * terrains are walls for the corner rule too, the callback has the last
 * word), and JPS runs only when the filtered costs stay uniform. */
#include "wf_test.h"

#include <math.h>
#include <string.h>

#include "wayfind/ch.h"
#include "wayfind/cpd.h"
#include "wayfind/field.h"
#include "wayfind/gen.h"
#include "wayfind/io.h"
#include "wayfind/plan.h"
#include "wayfind/polyline.h"
#include "wayfind/replan.h"

static const wf_corners corner_rules[3] = {WF_CORNERS_NO_CUT, WF_CORNERS_ALWAYS,
                                           WF_CORNERS_ONE_FREE};

typedef wf_test_pricing pricing;

/* ---- random maps ------------------------------------------------------ */

static wf_grid *random_grid(wf_test_rng *r, int max_side) {
    int w = 1 + (int)wf_test_rng_below(r, (uint32_t)max_side);
    int h = 1 + (int)wf_test_rng_below(r, (uint32_t)max_side);
    uint32_t wall_pct = wf_test_rng_below(r, 35);
    wf_grid *g;
    assert_int_equal(wf_grid_create(w, h, NULL, &g), WF_OK);
    for (int t = 1; t <= 9; t++)
        assert_int_equal(wf_grid_set_cost(g, (uint8_t)t, t), WF_OK);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            assert_int_equal(
                wf_grid_set(g, x, y,
                            wf_test_rng_below(r, 100) < wall_pct
                                ? WF_TERRAIN_WALL
                                : (uint8_t)(1 + wf_test_rng_below(r, 9))),
                WF_OK);
    return g;
}

static void random_filter(wf_test_rng *r, wf_filter *f) {
    static const double mults[] = {0.25, 0.5, 1, 1, 2, 3.7, INFINITY};
    wf_filter_init(f);
    for (int t = 1; t <= 9; t++)
        assert_int_equal(
            wf_filter_set(f, (uint8_t)t, mults[wf_test_rng_below(r, 7)]),
            WF_OK);
}

/* ---- tests ------------------------------------------------------------ */

static void test_boat_and_soldier(void **state) {
    (void)state;
    /* '.' land (terrain 0), '1' water (terrain 1). */
    const char *rows[] = {
        "1111111111",
        "1.........",
        "1.111111..",
        "1.1....1..",
        "1.1....1..",
        "1.111111..",
        "1.........",
        "1111111111",
    };
    wf_grid *g = wf_test_grid(rows, 8);
    uint8_t before[80];
    memcpy(before, wf_grid_cells(g), sizeof before);
    wf_filter boat, soldier;
    wf_filter_init(&boat);
    wf_filter_init(&soldier);
    assert_int_equal(wf_filter_set(&boat, 0, INFINITY), WF_OK);
    assert_int_equal(wf_filter_set(&soldier, 1, INFINITY), WF_OK);
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_path pb, ps;
    wf_path_init(&pb, NULL);
    wf_path_init(&ps, NULL);
    wf_search_opts o = wf_search_opts_default();
    o.filter = &boat;
    /* The boat sails round the coast from the top row to the bottom. */
    assert_int_equal(wf_search_grid(ws, g, (wf_point){9, 0}, (wf_point){9, 7},
                                    &o, &pb),
                     WF_OK);
    for (size_t i = 0; i < pb.count; i++)
        assert_int_equal(wf_grid_get(g, pb.points[i].x, pb.points[i].y), 1);
    /* The soldier cannot reach the sea, nor cross the lake. */
    o.filter = &soldier;
    assert_int_equal(wf_search_grid(ws, g, (wf_point){9, 1}, (wf_point){9, 6},
                                    &o, &ps),
                     WF_OK);
    for (size_t i = 0; i < ps.count; i++)
        assert_int_equal(wf_grid_get(g, ps.points[i].x, ps.points[i].y), 0);
    assert_int_equal(wf_search_grid(ws, g, (wf_point){9, 1}, (wf_point){9, 0},
                                    &o, &ps),
                     WF_NO_PATH);
    assert_int_equal(wf_search_grid(ws, g, (wf_point){9, 1}, (wf_point){3, 3},
                                    &o, &ps),
                     WF_NO_PATH);
    /* The boat cannot reach the lake's inner shore either way. */
    o.filter = &boat;
    assert_int_equal(wf_search_grid(ws, g, (wf_point){0, 0}, (wf_point){2, 2},
                                    &o, &pb),
                     WF_NO_PATH);
    /* Without a filter both go straight across. */
    o.filter = NULL;
    assert_int_equal(wf_search_grid(ws, g, (wf_point){0, 0}, (wf_point){2, 2},
                                    &o, &pb),
                     WF_OK);
    assert_memory_equal(before, wf_grid_cells(g), sizeof before);
    assert_true(wf_grid_cost(g, 0) == 1.0 && wf_grid_cost(g, 1) == 1.0);
    wf_path_free(&pb);
    wf_path_free(&ps);
    wf_search_destroy(ws);
    wf_grid_destroy(g);
}

static void test_filtered_search_equals_reference(void **state) {
    (void)state;
    wf_test_rng r = {0xf117e5};
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_path p;
    wf_path_init(&p, NULL);
    static double dist[64 * 64];
    size_t cases = 0, found = 0;
    for (int round = 0; round < 300; round++) {
        wf_grid *g = random_grid(&r, 16);
        wf_filter f;
        random_filter(&r, &f);
        for (int m = 0; m < 6; m++) {
            pricing pr = {g, wf_move_make(m < 3 ? 4 : 8, corner_rules[m % 3]),
                          &f, NULL, NULL, NULL};
            wf_point s = wf_test_random_cell(&r, g);
            wf_test_ref_dijkstra(&pr, s, dist);
            for (int q = 0; q < 4; q++) {
                wf_point t = wf_test_random_cell(&r, g);
                double want = dist[t.y * wf_grid_width(g) + t.x];
                for (int algo = 0; algo < 2; algo++) {
                    wf_search_opts o = wf_search_opts_default();
                    o.algo = algo ? WF_ALGO_DIJKSTRA : WF_ALGO_ASTAR;
                    o.move = pr.move;
                    o.filter = &f;
                    wf_status st = wf_search_grid(ws, g, s, t, &o, &p);
                    cases++;
                    if (isinf(want)) {
                        assert_int_equal(st, WF_NO_PATH);
                        continue;
                    }
                    found++;
                    assert_int_equal(st, WF_OK);
                    if (!wf_test_close(p.cost, want))
                        print_error("algo %d connect %d corners %d: cost %g, "
                                    "reference %g\n",
                                    algo, pr.move.connect, pr.move.corners,
                                    p.cost, want);
                    assert_true(wf_test_close(p.cost, want));
                    wf_test_check_path(&pr, &p);
                }
            }
        }
        wf_grid_destroy(g);
    }
    print_message("filtered A*/Dijkstra: %zu queries (%zu with a path) equal "
                  "to the reference\n",
                  cases, found);
    wf_path_free(&p);
    wf_search_destroy(ws);
}

/* Terrain 0 costs 1 and terrain 2 costs 2; a filter halving terrain 2 makes
 * the costs uniform, so JPS runs and agrees with A*. */
static void test_jps_with_filters(void **state) {
    (void)state;
    wf_test_rng r = {0x1b5};
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_path pj, pa;
    wf_path_init(&pj, NULL);
    wf_path_init(&pa, NULL);
    wf_filter uni, skew, forbid;
    wf_filter_init(&uni);
    wf_filter_init(&skew);
    wf_filter_init(&forbid);
    assert_int_equal(wf_filter_set(&uni, 2, 0.5), WF_OK);
    assert_int_equal(wf_filter_set(&skew, 2, 1.5), WF_OK);
    assert_int_equal(wf_filter_set(&forbid, 2, INFINITY), WF_OK);
    size_t cases = 0;
    for (int round = 0; round < 200; round++) {
        int w = 2 + (int)wf_test_rng_below(&r, 40);
        int h = 2 + (int)wf_test_rng_below(&r, 40);
        wf_grid *g;
        assert_int_equal(wf_grid_create(w, h, NULL, &g), WF_OK);
        assert_int_equal(wf_grid_set_cost(g, 2, 2.0), WF_OK);
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                uint32_t v = wf_test_rng_below(&r, 100);
                assert_int_equal(wf_grid_set(g, x, y,
                                             v < 25   ? WF_TERRAIN_WALL
                                             : v < 60 ? 2
                                                      : 0),
                                 WF_OK);
            }
        assert_int_equal(wf_grid_set(g, 0, 0, 2), WF_OK);
        assert_int_equal(wf_grid_set(g, 1, 0, 0), WF_OK);
        for (int q = 0; q < 5; q++) {
            wf_point s = wf_test_random_cell(&r, g), t = wf_test_random_cell(&r, g);
            wf_search_opts o = wf_search_opts_default();
            o.filter = &uni;
            o.algo = WF_ALGO_JPS;
            wf_status sj = wf_search_grid(ws, g, s, t, &o, &pj);
            assert_true(sj >= 0);
            assert_int_equal(pj.stats.engine, WF_ALGO_JPS);
            o.algo = WF_ALGO_AUTO;
            assert_true(wf_search_grid(ws, g, s, t, &o, &pa) >= 0);
            assert_int_equal(pa.stats.engine, WF_ALGO_JPS);
            o.algo = WF_ALGO_ASTAR;
            wf_status sa = wf_search_grid(ws, g, s, t, &o, &pa);
            assert_int_equal(sj, sa);
            assert_true(wf_test_close(pj.cost, pa.cost));
            pricing pr = {g, wf_move_default(), &uni, NULL, NULL, NULL};
            if (sj == WF_OK)
                wf_test_check_path(&pr, &pj);
            cases++;
        }
        /* Non-uniform after the filter, or a present terrain forbidden. */
        const wf_filter *bad[2] = {&skew, &forbid};
        for (int b = 0; b < 2; b++) {
            wf_search_opts o = wf_search_opts_default();
            o.filter = bad[b];
            o.algo = WF_ALGO_JPS;
            assert_int_equal(wf_search_grid(ws, g, (wf_point){0, 0},
                                            (wf_point){1, 0}, &o, &pj),
                             WF_E_INVALID_ARG);
            assert_true(wf_search_message(ws)[0] != '\0');
            assert_int_equal(wf_search_begin(ws, g, (wf_point){0, 0},
                                             (wf_point){1, 0}, &o),
                             WF_E_INVALID_ARG);
            o.algo = WF_ALGO_AUTO;
            assert_true(wf_search_grid(ws, g, (wf_point){1, 0},
                                       (wf_point){w - 1, h - 1}, &o,
                                       &pj) >= 0);
            assert_int_equal(pj.stats.engine, WF_ALGO_ASTAR);
        }
        /* No filter: costs 1 and 2 are not uniform either. */
        wf_search_opts o = wf_search_opts_default();
        o.algo = WF_ALGO_JPS;
        assert_int_equal(wf_search_grid(ws, g, (wf_point){0, 0},
                                        (wf_point){1, 0}, &o, &pj),
                         WF_E_INVALID_ARG);
        wf_grid_destroy(g);
    }
    print_message("JPS with a uniform filter: %zu queries equal to A*\n",
                  cases);
    wf_path_free(&pj);
    wf_path_free(&pa);
    wf_search_destroy(ws);
}

static void test_filter_set(void **state) {
    (void)state;
    wf_filter f;
    wf_filter_init(&f);
    for (int t = 0; t < 256; t++)
        assert_true(f.mult[t] == 1.0);
    assert_int_equal(wf_filter_set(&f, 3, 0.0), WF_E_INVALID_ARG);
    assert_int_equal(wf_filter_set(&f, 3, -0.0), WF_E_INVALID_ARG);
    assert_int_equal(wf_filter_set(&f, 3, -2.0), WF_E_INVALID_ARG);
    assert_int_equal(wf_filter_set(&f, 3, -INFINITY), WF_E_INVALID_ARG);
    assert_int_equal(wf_filter_set(&f, 3, NAN), WF_E_INVALID_ARG);
    assert_true(f.mult[3] == 1.0);
    assert_int_equal(wf_filter_set(NULL, 3, 2.0), WF_E_INVALID_ARG);
    assert_int_equal(wf_filter_set(&f, 3, INFINITY), WF_OK);
    assert_true(isinf(f.mult[3]));
    assert_int_equal(wf_filter_set(&f, 255, 1e-3), WF_OK);
    /* A filter edited by hand into a bad value is refused by the search. */
    wf_grid *g;
    assert_int_equal(wf_grid_create(4, 4, NULL, &g), WF_OK);
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_path p;
    wf_path_init(&p, NULL);
    f.mult[7] = 0;
    wf_search_opts o = wf_search_opts_default();
    o.filter = &f;
    assert_int_equal(wf_search_grid(ws, g, (wf_point){0, 0}, (wf_point){3, 3},
                                    &o, &p),
                     WF_E_INVALID_ARG);
    assert_true(strstr(wf_search_message(ws), "filter") != NULL);
    f.mult[7] = NAN;
    assert_int_equal(wf_search_grid(ws, g, (wf_point){0, 0}, (wf_point){3, 3},
                                    &o, &p),
                     WF_E_INVALID_ARG);
    wf_path_free(&p);
    wf_search_destroy(ws);
    wf_grid_destroy(g);
}

/* Heights per cell; moving uphill costs ×3, and some moves are refused in
 * several ways (INFINITY, 0, negative, NaN). */
typedef struct slope {
    const wf_grid *g;
    unsigned char height[64 * 64];
    int refuse; /* refuse westward moves out of odd rows */
    size_t calls;
} slope;

static double slope_cost(void *ud, wf_point from, wf_point to, double cost) {
    slope *sl = ud;
    sl->calls++;
    int W = wf_grid_width(sl->g);
    if (sl->refuse && to.x < from.x && (from.y & 1)) {
        static const double no[4] = {INFINITY, 0.0, -1.0, NAN};
        return no[(from.x + from.y) & 3];
    }
    return sl->height[to.y * W + to.x] > sl->height[from.y * W + from.x]
               ? 3 * cost
               : cost;
}

static void test_move_cost_callback(void **state) {
    (void)state;
    wf_test_rng r = {0xca11};
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_path p;
    wf_path_init(&p, NULL);
    static double dist[64 * 64];
    static slope sl;
    size_t cases = 0, found = 0;
    for (int round = 0; round < 200; round++) {
        wf_grid *g = random_grid(&r, 16);
        sl.g = g;
        sl.refuse = round & 1;
        for (int i = 0; i < 64 * 64; i++)
            sl.height[i] = (unsigned char)wf_test_rng_below(&r, 4);
        wf_filter f;
        random_filter(&r, &f);
        for (int m = 0; m < 6; m++) {
            pricing pr = {g, wf_move_make(m < 3 ? 4 : 8, corner_rules[m % 3]),
                          (round & 2) ? &f : NULL, NULL, slope_cost, &sl};
            wf_point s = wf_test_random_cell(&r, g);
            wf_test_ref_dijkstra(&pr, s, dist);
            for (int q = 0; q < 3; q++) {
                wf_point t = wf_test_random_cell(&r, g);
                double want = dist[t.y * wf_grid_width(g) + t.x];
                for (int algo = 0; algo < 3; algo++) {
                    wf_search_opts o = wf_search_opts_default();
                    o.algo = algo == 1 ? WF_ALGO_DIJKSTRA
                             : algo == 2 ? WF_ALGO_AUTO
                                         : WF_ALGO_ASTAR;
                    o.move = pr.move;
                    o.filter = pr.filter;
                    o.move_cost = slope_cost;
                    o.move_cost_ud = &sl;
                    wf_status st = wf_search_grid(ws, g, s, t, &o, &p);
                    cases++;
                    assert_int_not_equal(p.stats.engine, WF_ALGO_JPS);
                    if (isinf(want)) {
                        assert_int_equal(st, WF_NO_PATH);
                        continue;
                    }
                    found++;
                    assert_int_equal(st, WF_OK);
                    assert_true(wf_test_close(p.cost, want));
                    wf_test_check_path(&pr, &p);
                }
            }
        }
        wf_grid_destroy(g);
    }
    assert_true(sl.calls > 0);
    /* Strict JPS refuses a callback, with a reason. */
    wf_grid *g;
    assert_int_equal(wf_grid_create(8, 8, NULL, &g), WF_OK);
    wf_search_opts o = wf_search_opts_default();
    o.algo = WF_ALGO_JPS;
    o.move_cost = slope_cost;
    o.move_cost_ud = &sl;
    sl.g = g;
    assert_int_equal(wf_search_grid(ws, g, (wf_point){0, 0}, (wf_point){7, 7},
                                    &o, &p),
                     WF_E_INVALID_ARG);
    assert_true(wf_search_message(ws)[0] != '\0');
    wf_grid_destroy(g);
    print_message("move-cost callback: %zu queries (%zu with a path) equal to "
                  "the reference\n",
                  cases, found);
    wf_path_free(&p);
    wf_search_destroy(ws);
}

static void test_field_with_filter(void **state) {
    (void)state;
    wf_test_rng r = {0xf1e1d};
    wf_search *ws, *ws2;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    assert_int_equal(wf_search_create(NULL, &ws2), WF_OK);
    wf_path p;
    wf_path_init(&p, NULL);
    static float field[64 * 64];
    size_t cells = 0;
    for (int round = 0; round < 200; round++) {
        wf_grid *g = random_grid(&r, 10);
        wf_filter f;
        random_filter(&r, &f);
        int W = wf_grid_width(g), H = wf_grid_height(g);
        wf_move mv = wf_move_make(round % 2 ? 8 : 4, corner_rules[round % 3]);
        wf_field_source src = {wf_test_random_cell(&r, g), 0.0};
        assert_int_equal(wf_field_dijkstra_grid(ws, g, &src, 1, mv, &f, field),
                         WF_OK);
        wf_search_opts o = wf_search_opts_default();
        o.move = mv;
        o.filter = &f;
        o.algo = WF_ALGO_DIJKSTRA;
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) {
                wf_status st =
                    wf_search_grid(ws2, g, (wf_point){x, y}, src.cell, &o, &p);
                float v = field[y * W + x];
                cells++;
                if (st != WF_OK) {
                    assert_int_equal(st, WF_NO_PATH);
                    assert_true(isinf(v));
                } else {
                    assert_true(fabs(v - p.cost) <= 1e-5 * (1 + p.cost));
                }
            }
        wf_grid_destroy(g);
    }
    print_message("filtered Dijkstra maps: %zu cells equal to per-cell "
                  "searches\n",
                  cells);
    wf_path_free(&p);
    wf_search_destroy(ws);
    wf_search_destroy(ws2);
}

static void test_graph_from_grid_with_filter(void **state) {
    (void)state;
    wf_test_rng r = {0x6a9};
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_path p;
    wf_path_init(&p, NULL);
    wf_node_path np;
    wf_node_path_init(&np, NULL);
    size_t cases = 0;
    for (int round = 0; round < 400; round++) {
        wf_grid *g = random_grid(&r, 20);
        wf_filter f;
        random_filter(&r, &f);
        wf_move mv = wf_move_make(round % 2 ? 8 : 4, corner_rules[round % 3]);
        pricing pr = {g, mv, &f, NULL, NULL, NULL};
        wf_graph *gr;
        assert_int_equal(wf_graph_from_grid(g, mv, &f, 1.0, NULL, &gr), WF_OK);
        /* Nodes are exactly the cells this unit may enter. */
        size_t passable = 0;
        for (int y = 0; y < wf_grid_height(g); y++)
            for (int x = 0; x < wf_grid_width(g); x++) {
                uint32_t node;
                wf_status st = wf_graph_cell_node(gr, x, y, &node);
                if (wf_test_ref_passable(&pr, x, y)) {
                    assert_int_equal(st, WF_OK);
                    passable++;
                } else {
                    assert_int_equal(st, WF_E_RANGE);
                }
            }
        assert_int_equal(wf_graph_node_count(gr), passable);
        wf_search_opts o = wf_search_opts_default();
        o.move = mv;
        o.filter = &f;
        for (int q = 0; q < 8 && passable; q++) {
            wf_point s = wf_test_random_cell(&r, g), t = wf_test_random_cell(&r, g);
            uint32_t ns, nt;
            wf_status st = wf_search_grid(ws, g, s, t, &o, &p);
            if (wf_graph_cell_node(gr, s.x, s.y, &ns) != WF_OK ||
                wf_graph_cell_node(gr, t.x, t.y, &nt) != WF_OK) {
                assert_int_equal(st, WF_NO_PATH);
                continue;
            }
            wf_status sg = wf_search_graph(ws, gr, ns, nt, NULL, &np);
            cases++;
            assert_int_equal(sg, st);
            if (st == WF_OK)
                assert_true(wf_test_close(np.cost, p.cost));
        }
        wf_graph_destroy(gr);
        wf_grid_destroy(g);
    }
    print_message("graphs of filtered grids: %zu queries equal to filtered "
                  "grid A*\n",
                  cases);
    wf_node_path_free(&np);
    wf_path_free(&p);
    wf_search_destroy(ws);
}

static void test_block_query_with_filter(void **state) {
    (void)state;
    wf_test_rng r = {0xb10c};
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_path p, q;
    wf_path_init(&p, NULL);
    wf_path_init(&q, NULL);
    size_t cases = 0, cuts = 0;
    for (int round = 0; round < 150; round++) {
        wf_grid *g = random_grid(&r, 16);
        wf_filter f;
        random_filter(&r, &f);
        wf_search_opts o = wf_search_opts_default();
        o.move = wf_move_make(round % 2 ? 8 : 4, corner_rules[round % 3]);
        o.filter = &f;
        wf_point s = wf_test_random_cell(&r, g), t = wf_test_random_cell(&r, g);
        if (wf_search_grid(ws, g, s, t, &o, &p) != WF_OK) {
            wf_grid_destroy(g);
            continue;
        }
        for (int k = 0; k < 12; k++) {
            wf_point c = k < 4 && p.count > 2
                             ? p.points[1 + wf_test_rng_below(
                                                &r, (uint32_t)p.count - 2)]
                             : wf_test_random_cell(&r, g);
            int disc = -1;
            assert_int_equal(
                wf_grid_block_disconnects(ws, g, &p, c, &o, &disc), WF_OK);
            wf_grid *h;
            assert_int_equal(wf_grid_clone(g, &h), WF_OK);
            assert_int_equal(wf_grid_set(h, c.x, c.y, WF_TERRAIN_WALL), WF_OK);
            wf_status st = wf_search_grid(ws, h, s, t, &o, &q);
            assert_true(st == WF_OK || st == WF_NO_PATH);
            if (disc != (st == WF_NO_PATH))
                print_error("block (%d, %d): query says %d, search %s\n", c.x,
                            c.y, disc, wf_status_name(st));
            assert_int_equal(disc, st == WF_NO_PATH);
            cuts += (size_t)disc;
            cases++;
            wf_grid_destroy(h);
        }
        wf_grid_destroy(g);
    }
    print_message("filtered block query: %zu cells (%zu cuts) equal to a full "
                  "search\n",
                  cases, cuts);
    assert_true(cuts > 0 && cuts < cases);
    wf_path_free(&p);
    wf_path_free(&q);
    wf_search_destroy(ws);
}

/* ---- one check at every door ------------------------------------------ */

/* Every entry point that takes a filter refuses, with WF_E_INVALID_ARG,
 * a multiplier wf_filter_check refuses (the hierarchy and the path
 * database once took them, and forbade the terrain silently). */
static void refuse_everywhere(const wf_grid *g, const wf_filter *f) {
    const wf_move mv = wf_move_default();
    wf_search_opts o = wf_search_opts_default();
    o.filter = f;
    const wf_point a = {0, 0}, b = {7, 7};
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_path p;
    wf_path_init(&p, NULL);
    wf_polyline line;
    wf_polyline_init(&line, NULL);
    assert_int_equal(wf_search_grid(ws, g, a, b, NULL, &p), WF_OK);
    char msg[128] = "";
    assert_int_equal(wf_search_grid(ws, g, a, b, &o, &p), WF_E_INVALID_ARG);
    assert_int_equal(wf_search_begin(ws, g, a, b, &o), WF_E_INVALID_ARG);
    assert_int_equal(wf_search_any_angle(ws, g, a, b, WF_ANY_ANGLE_THETA, &o,
                                         &line),
                     WF_E_INVALID_ARG);
    wf_dstar *d = NULL;
    assert_int_equal(wf_dstar_create((wf_grid *)g, a, b, &o, NULL, msg,
                                     sizeof msg, &d),
                     WF_E_INVALID_ARG);
    wf_conn *cn = NULL;
    assert_int_equal(wf_conn_create((wf_grid *)g, mv, f, NULL, &cn),
                     WF_E_INVALID_ARG);
    wf_ch *ch = NULL;
    assert_int_equal(wf_ch_build(g, &mv, f, NULL, &ch), WF_E_INVALID_ARG);
    assert_int_equal(wf_ch_parse(NULL, 0, "x.ch", g, &mv, f, NULL, &ch, NULL),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_ch_read("/nonexistent.ch", g, &mv, f, NULL, &ch, NULL),
                     WF_E_INVALID_ARG);
    wf_cpd *cpd = NULL;
    assert_int_equal(wf_cpd_build(g, &mv, f, NULL, &cpd), WF_E_INVALID_ARG);
    wf_graph *gr = NULL;
    assert_int_equal(wf_graph_from_grid(g, mv, f, 1.0, NULL, &gr),
                     WF_E_INVALID_ARG);
    double cost;
    assert_int_equal(wf_grid_segment_cost(g, (wf_vec2){0.5, 0.5},
                                          (wf_vec2){3.5, 0.5}, mv, f, &cost),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_polyline_from_path(g, &p, mv, f, &line),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_path_smooth(g, &p, &o, &line), WF_E_INVALID_ARG);
    int cuts;
    assert_int_equal(wf_grid_block_disconnects(ws, g, &p, (wf_point){3, 3},
                                               &o, &cuts),
                     WF_E_INVALID_ARG);
    float field[64];
    int8_t dir[64];
    const wf_field_source src = {a, 0};
    assert_int_equal(wf_field_dijkstra_grid(ws, g, &src, 1, mv, f, field),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_field_dijkstra_grid(ws, g, &src, 1, mv, NULL, field),
                     WF_OK);
    const wf_layer layer = {field, 64};
    assert_int_equal(wf_field_flee_grid(ws, g, layer, 1.2, mv, f, field),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_field_flow_grid(g, layer, mv, f, dir),
                     WF_E_INVALID_ARG);
    wf_falloff_opts fo = wf_falloff_opts_default();
    fo.filter = f;
    const wf_influence_source is = {a, 1, 3};
    assert_int_equal(wf_field_falloff_grid(ws, g, &is, 1, &fo, NULL, field),
                     WF_E_INVALID_ARG);
    wf_agent agents[2];
    assert_int_equal(wf_place_agents(g, 1, mv, f, 2, 0, agents, NULL),
                     WF_E_INVALID_ARG);
    wf_team *t;
    assert_int_equal(wf_team_create(NULL, &t), WF_OK);
    wf_team_opts to = wf_team_opts_default();
    to.filter = f;
    agents[0] = (wf_agent){a, b};
    wf_team_plan tp;
    wf_team_plan_init(&tp, NULL);
    assert_int_equal(wf_team_plan_grid(t, g, agents, 1, &to, &tp),
                     WF_E_INVALID_ARG);
    assert_non_null(strstr(wf_team_message(t), "filter: terrain 2"));
    assert_int_equal(wf_team_plan_grid(t, g, agents, 1, NULL, &tp), WF_OK);
    double sum;
    assert_int_equal(wf_team_check(g, agents, 1, &tp, mv, f, 0, &sum, NULL),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_team_check(g, agents, 1, &tp, mv, NULL, 0, &sum, NULL),
                     WF_OK);
    wf_team_plan_free(&tp);
    wf_team_destroy(t);
    /* and the one message, from the search and from the check itself */
    assert_int_equal(wf_search_grid(ws, g, a, b, &o, &p), WF_E_INVALID_ARG);
    assert_non_null(strstr(wf_search_message(ws),
                           "filter: terrain 2 has multiplier"));
    assert_int_equal(wf_filter_check(f, msg, sizeof msg), WF_E_INVALID_ARG);
    assert_string_equal(msg, wf_search_message(ws));
    wf_polyline_free(&line);
    wf_path_free(&p);
    wf_search_destroy(ws);
}

static void test_every_door_checks_filters(void **state) {
    (void)state;
    wf_grid *g;
    assert_int_equal(wf_grid_create(8, 8, NULL, &g), WF_OK);
    assert_int_equal(wf_grid_set_cost(g, 2, 1.5), WF_OK);
    for (int x = 2; x < 6; x++)
        assert_int_equal(wf_grid_set(g, x, 4, 2), WF_OK);
    const double bad[] = {NAN, -1.0, 0.0, -0.0, -INFINITY};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        wf_filter f;
        wf_filter_init(&f);
        f.mult[2] = bad[i];
        refuse_everywhere(g, &f);
    }
    wf_filter ok;
    wf_filter_init(&ok);
    ok.mult[2] = INFINITY;
    char msg[8] = "x";
    assert_int_equal(wf_filter_check(&ok, msg, sizeof msg), WF_OK);
    assert_int_equal(wf_filter_check(NULL, NULL, 0), WF_OK);
    assert_string_equal(msg, "x");
    wf_grid_destroy(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_boat_and_soldier),
        cmocka_unit_test(test_filtered_search_equals_reference),
        cmocka_unit_test(test_jps_with_filters),
        cmocka_unit_test(test_filter_set),
        cmocka_unit_test(test_move_cost_callback),
        cmocka_unit_test(test_field_with_filter),
        cmocka_unit_test(test_graph_from_grid_with_filter),
        cmocka_unit_test(test_block_query_with_filter),
        cmocka_unit_test(test_every_door_checks_filters),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
