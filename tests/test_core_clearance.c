/* Agent sizes: the grid's clearance against its definition (after any
 * edits, updated locally), and every search, field, query and the walker
 * for agents of size 1 to 4 against the brute-force reference, which
 * checks each k × k footprint cell by cell. */
#include "wf_test.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "wayfind/field.h"
#include "wf_core_private.h"

static const wf_corners corner_rules[3] = {WF_CORNERS_NO_CUT, WF_CORNERS_ALWAYS,
                                           WF_CORNERS_ONE_FREE};

typedef wf_test_pricing pricing;

/* A map of up to max_side × max_side cells: terrains 1-4 costing 1-4 (or
 * all terrain 0 when uniform), walls at up to wall_pct %. */
static wf_grid *random_grid(wf_test_rng *r, int max_side, uint32_t wall_pct,
                            int uniform) {
    int w = 1 + (int)wf_test_rng_below(r, (uint32_t)max_side);
    int h = 1 + (int)wf_test_rng_below(r, (uint32_t)max_side);
    uint32_t walls = wf_test_rng_below(r, wall_pct + 1);
    wf_grid *g;
    assert_int_equal(wf_grid_create(w, h, NULL, &g), WF_OK);
    for (int t = 1; t <= 4; t++)
        assert_int_equal(wf_grid_set_cost(g, (uint8_t)t, t), WF_OK);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            assert_int_equal(
                wf_grid_set(g, x, y,
                            wf_test_rng_below(r, 100) < walls ? WF_TERRAIN_WALL
                            : uniform ? 0
                                      : (uint8_t)(1 + wf_test_rng_below(r, 4))),
                WF_OK);
    return g;
}

/* Half the time none; else a filter that scales terrains and, often,
 * forbids one. */
static const wf_filter *random_filter(wf_test_rng *r, wf_filter *f) {
    if (wf_test_rng_below(r, 2))
        return NULL;
    static const double mults[] = {0.5, 1, 2, INFINITY};
    wf_filter_init(f);
    for (int t = 1; t <= 4; t++)
        assert_int_equal(
            wf_filter_set(f, (uint8_t)t, mults[wf_test_rng_below(r, 4)]),
            WF_OK);
    return f;
}

/* The definition: the largest k (capped) whose k × k square at (x, y) is
 * passable, checked cell by cell. */
static int brute_clearance(const wf_grid *g, int x, int y) {
    int k = 0;
    while (k < WF_MOVE_MAX_SIZE) {
        for (int i = 0; i <= k; i++)
            if (!wf_grid_passable(g, x + k, y + i) ||
                !wf_grid_passable(g, x + i, y + k))
                return k;
        k++;
    }
    return k;
}

static void assert_clearance_exact(const wf_grid *g) {
    for (int y = 0; y < wf_grid_height(g); y++)
        for (int x = 0; x < wf_grid_width(g); x++) {
            int want = brute_clearance(g, x, y);
            if (wf_grid_clearance(g, x, y) != want)
                print_error("clearance (%d, %d): %d, definition %d\n", x, y,
                            wf_grid_clearance(g, x, y), want);
            assert_int_equal(wf_grid_clearance(g, x, y), want);
        }
}

/* ---- clearance ------------------------------------------------------ */

static void test_clearance_definition(void **state) {
    (void)state;
    wf_test_rng r = {0xc1ea};
    for (int round = 0; round < 400; round++) {
        wf_grid *g = random_grid(&r, 30, 30, 0);
        assert_clearance_exact(g);
        wf_grid_destroy(g);
    }
    /* an open map: values reach the cap */
    wf_grid *g;
    assert_int_equal(wf_grid_create(100, 90, NULL, &g), WF_OK);
    assert_int_equal(wf_grid_clearance(g, 0, 0), WF_MOVE_MAX_SIZE);
    assert_int_equal(wf_grid_clearance(g, 99, 89), 1);
    assert_int_equal(wf_grid_clearance(g, 40, 30), 60);
    assert_int_equal(wf_grid_clearance(g, -1, 0), 0);
    assert_int_equal(wf_grid_clearance(g, 100, 0), 0);
    assert_int_equal(wf_grid_clearance(NULL, 0, 0), 0);
    assert_clearance_exact(g);
    wf_grid_destroy(g);
}

static void test_local_update_equals_recompute(void **state) {
    (void)state;
    wf_test_rng r = {0x10ca1};
    size_t edits = 0;
    for (int round = 0; round < 60; round++) {
        wf_grid *g = random_grid(&r, round < 10 ? 90 : 40, 20, 0);
        const int W = wf_grid_width(g), H = wf_grid_height(g);
        for (int e = 0; e < 60; e++) {
            wf_point c = wf_test_random_cell(&r, g);
            uint32_t what = wf_test_rng_below(&r, 10);
            if (what == 0) {
                /* a terrain becomes blocked or passable again */
                uint8_t t = (uint8_t)(1 + wf_test_rng_below(&r, 4));
                assert_int_equal(
                    wf_grid_set_cost(g, t,
                                     wf_grid_cost(g, t) == WF_BLOCKED ? 1.0
                                                                      : WF_BLOCKED),
                    WF_OK);
            } else {
                assert_int_equal(
                    wf_grid_set(g, c.x, c.y,
                                what < 5 ? WF_TERRAIN_WALL
                                         : (uint8_t)wf_test_rng_below(&r, 5)),
                    WF_OK);
            }
            edits++;
            if (e % 6 == 0 || W * H < 400)
                assert_clearance_exact(g);
        }
        /* the same cells set at once: the full recompute */
        wf_grid *h;
        assert_int_equal(wf_grid_clone(g, &h), WF_OK);
        assert_int_equal(wf_grid_set_cells(h, wf_grid_cells(g)), WF_OK);
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++)
                assert_int_equal(wf_grid_clearance(g, x, y),
                                 wf_grid_clearance(h, x, y));
        wf_grid_destroy(h);
        wf_grid_destroy(g);
    }
    print_message("clearance: %zu random edits, local update equal to the "
                  "definition\n",
                  edits);
}

/* ---- searches ------------------------------------------------------- */

/* Size-k A*, Dijkstra and a sliced search equal the reference on random
 * maps for every movement model, with and without filters; JPS too on
 * maps where it applies. */
static void test_search_equals_reference(void **state) {
    (void)state;
    wf_test_rng r = {0x5eac4};
    wf_search *ws, *ws2;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    assert_int_equal(wf_search_create(NULL, &ws2), WF_OK);
    wf_path p, q;
    wf_path_init(&p, NULL);
    wf_path_init(&q, NULL);
    static double dist[16 * 16];
    size_t cases = 0, found = 0, jps = 0, maps = 0;
    for (int k = 1; k <= 4; k++) {
        for (int round = 0; round < 700; round++) {
            const int uniform = round % 4 == 0;
            wf_grid *g = random_grid(&r, 14, 25, uniform);
            wf_filter fbuf;
            const wf_filter *f = uniform ? NULL : random_filter(&r, &fbuf);
            maps++;
            for (int m = 0; m < 6; m++) {
                wf_move mv = wf_move_make(m < 3 ? 4 : 8, corner_rules[m % 3]);
                mv.size = k;
                pricing pr = {g, mv, f, NULL, NULL, NULL};
                wf_point s = wf_test_random_cell(&r, g);
                wf_test_ref_dijkstra(&pr, s, dist);
                for (int qn = 0; qn < 3; qn++) {
                    wf_point t = wf_test_random_cell(&r, g);
                    double want = dist[t.y * wf_grid_width(g) + t.x];
                    for (int algo = 0; algo < 4; algo++) {
                        wf_search_opts o = wf_search_opts_default();
                        o.algo = algo == 1   ? WF_ALGO_DIJKSTRA
                                 : algo == 2 ? WF_ALGO_JPS
                                 : algo == 3 ? WF_ALGO_AUTO
                                             : WF_ALGO_ASTAR;
                        o.move = mv;
                        o.filter = f;
                        wf_status st = wf_search_grid(ws, g, s, t, &o, &p);
                        if (algo == 2 && uniform && m != 3) {
                            assert_int_equal(st, WF_E_INVALID_ARG);
                            continue;
                        }
                        if (algo == 2 && st == WF_E_INVALID_ARG && !uniform)
                            continue; /* costs that are not uniform */
                        if (algo >= 2 && uniform && m == 3) {
                            assert_int_equal(p.stats.engine, WF_ALGO_JPS);
                            jps++;
                        }
                        cases++;
                        if (isinf(want)) {
                            assert_int_equal(st, WF_NO_PATH);
                            continue;
                        }
                        found++;
                        if (st != WF_OK || !wf_test_close(p.cost, want))
                            print_error("size %d algo %d connect %d corners "
                                        "%d: %s cost %g, reference %g\n",
                                        k, algo, mv.connect, mv.corners,
                                        wf_status_name(st), p.cost, want);
                        assert_int_equal(st, WF_OK);
                        assert_true(wf_test_close(p.cost, want));
                        wf_test_check_path(&pr, &p);
                        /* sliced, in small steps on another workspace: the
                         * same path */
                        assert_int_equal(wf_search_begin(ws2, g, s, t, &o),
                                         WF_OK);
                        uint64_t budget = 1 + wf_test_rng_below(&r, 5);
                        while ((st = wf_search_step(ws2, budget, &q)) ==
                               WF_PENDING)
                            ;
                        assert_int_equal(st, WF_OK);
                        assert_int_equal(q.count, p.count);
                        assert_memory_equal(q.points, p.points,
                                            p.count * sizeof *p.points);
                    }
                }
            }
            wf_grid_destroy(g);
        }
    }
    print_message("sizes 1-4: %zu maps, %zu queries (%zu with a path, %zu by "
                  "JPS) equal to the footprint reference\n",
                  maps, cases, found, jps);
    wf_path_free(&p);
    wf_path_free(&q);
    wf_search_destroy(ws);
    wf_search_destroy(ws2);
}

/* The nearest fallback reaches only cells the agent may stand on, and the
 * one nearest the goal among those the reference reaches. */
static void test_nearest_fallback(void **state) {
    (void)state;
    wf_test_rng r = {0xfa11};
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_path p;
    wf_path_init(&p, NULL);
    static double dist[16 * 16];
    for (int round = 0; round < 600; round++) {
        wf_grid *g = random_grid(&r, 14, 30, 0);
        wf_filter fbuf;
        const wf_filter *f = random_filter(&r, &fbuf);
        wf_move mv = wf_move_make(round % 2 ? 8 : 4, corner_rules[round % 3]);
        mv.size = 1 + round % 4;
        pricing pr = {g, mv, f, NULL, NULL, NULL};
        wf_point s = wf_test_random_cell(&r, g), t = wf_test_random_cell(&r, g);
        wf_test_ref_dijkstra(&pr, s, dist);
        wf_search_opts o = wf_search_opts_default();
        o.move = mv;
        o.filter = f;
        o.goal_fallback = WF_FALLBACK_NEAREST;
        wf_status st = wf_search_grid(ws, g, s, t, &o, &p);
        const int W = wf_grid_width(g);
        if (isinf(dist[s.y * W + s.x])) {
            assert_int_equal(st, WF_NO_PATH);
        } else if (isfinite(dist[t.y * W + t.x])) {
            assert_int_equal(st, WF_OK);
            assert_true(wf_test_close(p.cost, dist[t.y * W + t.x]));
        } else {
            assert_int_equal(st, WF_PARTIAL);
            wf_test_check_path(&pr, &p);
            wf_point e = p.points[p.count - 1];
            double best = INFINITY;
            for (int i = 0; i < W * wf_grid_height(g); i++)
                if (isfinite(dist[i])) {
                    double dx = i % W - t.x, dy = i / W - t.y;
                    best = fmin(best, dx * dx + dy * dy);
                }
            double dx = e.x - t.x, dy = e.y - t.y;
            assert_true(dx * dx + dy * dy == best);
        }
        wf_grid_destroy(g);
    }
    wf_path_free(&p);
    wf_search_destroy(ws);
}

/* ---- fields --------------------------------------------------------- */

/* The cost of the move b → a, for a reference search from a source that
 * gives every cell its cost of walking to the source (moves are allowed
 * both ways alike). */
static double reverse_cost(void *ud, wf_point a, wf_point b, double c) {
    (void)b;
    const pricing *pr = ud;
    uint8_t t = (uint8_t)wf_grid_get(pr->g, a.x, a.y);
    double step = c > 0 && a.x != b.x && a.y != b.y ? sqrt(2.0) : 1.0;
    return step * wf_grid_cost(pr->g, t) *
           (pr->filter ? pr->filter->mult[t] : 1.0);
}

/* Dijkstra maps equal, cell by cell, the reference's cost of walking from
 * the cell to the source; flow fields step along legal moves down them. */
static void test_fields_equal_reference(void **state) {
    (void)state;
    wf_test_rng r = {0xf1e1d5};
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    static double dist[16 * 16];
    static float field[16 * 16];
    static int8_t flow[16 * 16];
    size_t cells = 0;
    for (int round = 0; round < 1200; round++) {
        wf_grid *g = random_grid(&r, 14, 25, 0);
        wf_filter fbuf;
        const wf_filter *f = random_filter(&r, &fbuf);
        const int W = wf_grid_width(g), H = wf_grid_height(g);
        wf_move mv = wf_move_make(round % 2 ? 8 : 4, corner_rules[round % 3]);
        mv.size = 1 + (round / 2) % 4;
        pricing pr = {g, mv, f, NULL, NULL, NULL};
        pricing back = {g, mv, f, NULL, reverse_cost, &pr};
        wf_field_source src = {wf_test_random_cell(&r, g), 0.0};
        assert_int_equal(wf_field_dijkstra_grid(ws, g, &src, 1, mv, f, field),
                         WF_OK);
        wf_test_ref_dijkstra(&back, src.cell, dist);
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) {
                double want = dist[y * W + x];
                float v = field[y * W + x];
                cells++;
                if (isinf(want))
                    assert_true(isinf(v));
                else
                    assert_true(fabs(v - want) <= 1e-5 * (1 + want));
            }
        wf_layer layer = {field, (size_t)(W * H)};
        assert_int_equal(wf_field_flow_grid(g, layer, mv, f, flow), WF_OK);
        for (int c = 0; c < W * H; c++) {
            if (isinf(field[c])) {
                assert_int_equal(flow[c], WF_FLOW_UNREACHABLE);
                continue;
            }
            /* follow it to the source, each step a legal move */
            wf_point a = {c % W, c / W};
            double walked = 0;
            for (int steps = 0; flow[a.y * W + a.x] >= 0; steps++) {
                assert_true(steps < W * H);
                int d = flow[a.y * W + a.x];
                wf_point b = {a.x + wf_field_flow_dx[d],
                              a.y + wf_field_flow_dy[d]};
                double mc = wf_test_ref_move(&pr, a, b);
                assert_true(mc > 0);
                walked += mc;
                a = b;
            }
            assert_int_equal(flow[a.y * W + a.x], WF_FLOW_SOURCE);
            assert_true(fabs(walked - field[c]) <= 1e-4 * (1 + walked));
        }
        /* a flee map stays where the unit may stand */
        static float flee[16 * 16];
        assert_int_equal(wf_field_flee_grid(ws, g, layer, 1.2, mv, f, flee),
                         WF_OK);
        for (int c = 0; c < W * H; c++)
            if (isfinite(flee[c]))
                assert_true(wf_test_ref_passable(&pr, c % W, c / W));
        wf_grid_destroy(g);
    }
    print_message("sizes 1-4: Dijkstra maps of %zu cells equal to the "
                  "reference, flow fields legal\n",
                  cells);
    wf_search_destroy(ws);
}

/* ---- block query, regions, graphs, pool ----------------------------- */

static void test_block_query(void **state) {
    (void)state;
    wf_test_rng r = {0xb10c5};
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_path p, q;
    wf_path_init(&p, NULL);
    wf_path_init(&q, NULL);
    size_t cases = 0, cuts = 0;
    for (int round = 0; round < 1200; round++) {
        wf_grid *g = random_grid(&r, 16, 15, 0);
        wf_filter fbuf;
        wf_search_opts o = wf_search_opts_default();
        o.move = wf_move_make(round % 2 ? 8 : 4, corner_rules[round % 3]);
        o.move.size = 1 + (round / 2) % 4;
        o.filter = random_filter(&r, &fbuf);
        wf_point s = wf_test_random_cell(&r, g), t = wf_test_random_cell(&r, g);
        if (wf_search_grid(ws, g, s, t, &o, &p) != WF_OK) {
            wf_grid_destroy(g);
            continue;
        }
        for (int i = 0; i < 12; i++) {
            wf_point c = i < 4 && p.count > 2
                             ? p.points[1 + wf_test_rng_below(
                                                &r, (uint32_t)p.count - 2)]
                             : wf_test_random_cell(&r, g);
            if (i >= 4 && i < 8) /* inside some footprint along the path */
                c = (wf_point){p.points[wf_test_rng_below(&r, (uint32_t)p.count)].x +
                                   (int)wf_test_rng_below(&r, (uint32_t)o.move.size),
                               p.points[wf_test_rng_below(&r, (uint32_t)p.count)].y};
            if (!wf_grid_contains(g, c.x, c.y))
                continue;
            int disc = -1;
            assert_int_equal(
                wf_grid_block_disconnects(ws, g, &p, c, &o, &disc), WF_OK);
            wf_grid *h;
            assert_int_equal(wf_grid_clone(g, &h), WF_OK);
            assert_int_equal(wf_grid_set(h, c.x, c.y, WF_TERRAIN_WALL), WF_OK);
            wf_status st = wf_search_grid(ws, h, s, t, &o, &q);
            assert_true(st == WF_OK || st == WF_NO_PATH);
            if (disc != (st == WF_NO_PATH))
                print_error("size %d: block (%d, %d): query says %d, search "
                            "%s\n",
                            o.move.size, c.x, c.y, disc, wf_status_name(st));
            assert_int_equal(disc, st == WF_NO_PATH);
            cuts += (size_t)disc;
            cases++;
            wf_grid_destroy(h);
        }
        wf_grid_destroy(g);
    }
    print_message("sizes 1-4: block query on %zu cells (%zu cuts) equal to a "
                  "full search\n",
                  cases, cuts);
    assert_true(cuts > 0 && cuts < cases);
    wf_path_free(&p);
    wf_path_free(&q);
    wf_search_destroy(ws);
}

static void test_regions_graphs_and_moves(void **state) {
    (void)state;
    wf_test_rng r = {0x6e9};
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_path p;
    wf_path_init(&p, NULL);
    wf_node_path np;
    wf_node_path_init(&np, NULL);
    static uint32_t labels[16 * 16];
    for (int round = 0; round < 400; round++) {
        wf_grid *g = random_grid(&r, 14, 25, 0);
        wf_filter fbuf;
        const wf_filter *f = random_filter(&r, &fbuf);
        wf_move mv = wf_move_make(round % 2 ? 8 : 4, corner_rules[round % 3]);
        mv.size = 1 + (round / 2) % 4;
        const int W = wf_grid_width(g), H = wf_grid_height(g);
        pricing pr = {g, mv, f, NULL, NULL, NULL};
        pricing bare = {g, mv, NULL, NULL, NULL, NULL};
        /* regions (no filter): same label exactly when a path exists */
        uint32_t count;
        assert_int_equal(wf_grid_regions(g, mv, labels, &count), WF_OK);
        wf_search_opts o = wf_search_opts_default();
        o.move = mv;
        for (int i = 0; i < 6; i++) {
            wf_point a = wf_test_random_cell(&r, g), b = wf_test_random_cell(&r, g);
            uint32_t la = labels[a.y * W + a.x], lb = labels[b.y * W + b.x];
            assert_int_equal(la != 0, wf_test_ref_passable(&bare, a.x, a.y));
            wf_status st = wf_search_grid(ws, g, a, b, &o, &p);
            assert_int_equal(st == WF_OK, la != 0 && la == lb);
            /* single moves priced as the search prices them */
            wf_point n = {a.x + (int)wf_test_rng_below(&r, 3) - 1,
                          a.y + (int)wf_test_rng_below(&r, 3) - 1};
            double want = wf_test_ref_move(&bare, a, n);
            double got = wf_grid_move_cost(g, a, n, mv);
            assert_true(want < 0 ? got == WF_BLOCKED : wf_test_close(got, want));
        }
        /* the walker's pricing of one move (filter included) */
        {
            double fcost[256];
            uint8_t fpass[256];
            const uint8_t *clr = NULL;
            int forbids = f && wf__filter_costs(g, f, fcost, fpass);
            assert_int_equal(wf__unit_clearance(ws, g, forbids ? fpass : NULL,
                                                &clr),
                             WF_OK);
            wf_search_opts of = o;
            of.filter = f;
            for (int i = 0; i < 30; i++) {
                wf_point a = wf_test_random_cell(&r, g);
                wf_point n = {a.x + (int)wf_test_rng_below(&r, 3) - 1,
                              a.y + (int)wf_test_rng_below(&r, 3) - 1};
                double want = wf_test_ref_move(&pr, a, n);
                double got = wf__step_cost(g, a, n, &of, clr);
                assert_true(want < 0 ? got < 0 : wf_test_close(got, want));
            }
        }
        /* graphs of the grid: nodes where the unit stands, same costs */
        wf_graph *gr;
        assert_int_equal(wf_graph_from_grid(g, mv, f, 1.0, NULL, &gr), WF_OK);
        size_t stand = 0;
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++)
                if (wf_test_ref_passable(&pr, x, y)) {
                    stand++;
                    assert_true(wf_test_cell_node(gr, x, y) >= 0);
                } else {
                    assert_true(wf_test_cell_node(gr, x, y) < 0);
                }
        assert_int_equal(wf_graph_node_count(gr), stand);
        o.filter = f;
        for (int i = 0; i < 6 && stand; i++) {
            wf_point a = wf_test_random_cell(&r, g), b = wf_test_random_cell(&r, g);
            int64_t na = wf_test_cell_node(gr, a.x, a.y),
                    nb = wf_test_cell_node(gr, b.x, b.y);
            wf_status st = wf_search_grid(ws, g, a, b, &o, &p);
            if (na < 0 || nb < 0) {
                assert_int_equal(st, WF_NO_PATH);
                continue;
            }
            assert_int_equal(wf_search_graph(ws, gr, (uint32_t)na,
                                             (uint32_t)nb, NULL, &np),
                             st);
            if (st == WF_OK)
                assert_true(wf_test_close(np.cost, p.cost));
        }
        wf_graph_destroy(gr);
        wf_grid_destroy(g);
    }
    wf_node_path_free(&np);
    wf_path_free(&p);
    wf_search_destroy(ws);
}

typedef struct batch_out {
    wf_status st[64];
    double cost[64];
} batch_out;

static void on_answer(void *ud, size_t i, wf_status st, const wf_path *p,
                      uint64_t ns) {
    (void)ns;
    batch_out *b = ud;
    b->st[i] = st;
    b->cost[i] = p->cost;
}

static void test_pool_batch(void **state) {
    (void)state;
    wf_test_rng r = {0xba7c};
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_path p;
    wf_path_init(&p, NULL);
    wf_grid *g;
    assert_int_equal(wf_grid_create(40, 30, NULL, &g), WF_OK);
    for (int i = 0; i < 90; i++) {
        wf_point c = wf_test_random_cell(&r, g);
        assert_int_equal(wf_grid_set(g, c.x, c.y, i % 3 ? WF_TERRAIN_WALL : 2),
                         WF_OK);
    }
    wf_filter f;
    wf_filter_init(&f);
    assert_int_equal(wf_filter_set(&f, 2, INFINITY), WF_OK);
    wf_point s[64], t[64];
    for (int i = 0; i < 64; i++) {
        s[i] = wf_test_random_cell(&r, g);
        t[i] = wf_test_random_cell(&r, g);
    }
    wf_search_opts o = wf_search_opts_default();
    o.move.size = 2;
    o.filter = &f;
    batch_out b;
    assert_int_equal(wf_search_grid_batch(g, s, t, 64, &o, 2, on_answer, &b),
                     WF_OK);
    size_t ok = 0;
    for (int i = 0; i < 64; i++) {
        wf_status st = wf_search_grid(ws, g, s[i], t[i], &o, &p);
        assert_int_equal(b.st[i], st);
        if (st == WF_OK) {
            ok++;
            assert_true(wf_test_close(b.cost[i], p.cost));
        }
    }
    assert_true(ok > 8);
    wf_path_free(&p);
    wf_search_destroy(ws);
    wf_grid_destroy(g);
}

/* ---- the workspace's cache, and bad input --------------------------- */

/* A filtered unit's clearance is kept in the workspace: a changed grid, or
 * another grid (even one allocated where a freed one was), is noticed. */
static void test_cache_follows_the_grid(void **state) {
    (void)state;
    const char *rows[] = {
        "..........",
        "..........",
        "..........",
        "..........",
        "..11......",
        "..11......",
    };
    wf_grid *g = wf_test_grid(rows, 6);
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_path p;
    wf_path_init(&p, NULL);
    wf_filter f;
    wf_filter_init(&f);
    assert_int_equal(wf_filter_set(&f, 1, INFINITY), WF_OK);
    wf_search_opts o = wf_search_opts_default();
    o.move.size = 2;
    o.filter = &f;
    const wf_point s = {0, 4}, t = {8, 4};
    assert_int_equal(wf_search_grid(ws, g, s, t, &o, &p), WF_OK);
    /* wall off the top: the 2x2 agent must pass the forbidden water */
    for (int x = 0; x < 10; x++)
        assert_int_equal(wf_grid_set(g, x, 3, WF_TERRAIN_WALL), WF_OK);
    assert_int_equal(wf_search_grid(ws, g, s, t, &o, &p), WF_NO_PATH);
    /* the water dries up: land again */
    assert_int_equal(wf_grid_set_cost(g, 1, WF_BLOCKED), WF_OK);
    assert_int_equal(wf_search_grid(ws, g, s, t, &o, &p), WF_NO_PATH);
    assert_int_equal(wf_grid_set_cost(g, 1, 1.0), WF_OK);
    for (int y = 4; y < 6; y++)
        for (int x = 2; x < 4; x++)
            assert_int_equal(wf_grid_set(g, x, y, 0), WF_OK);
    assert_int_equal(wf_search_grid(ws, g, s, t, &o, &p), WF_OK);
    assert_true(wf_test_close(p.cost, 8));
    /* new grids, one after another, likely at the same address */
    for (int i = 0; i < 20; i++) {
        wf_grid_destroy(g);
        g = wf_test_grid(rows, 6);
        if (i % 2)
            for (int x = 0; x < 10; x++)
                assert_int_equal(wf_grid_set(g, x, 3, WF_TERRAIN_WALL), WF_OK);
        assert_int_equal(wf_search_grid(ws, g, s, t, &o, &p),
                         i % 2 ? WF_NO_PATH : WF_OK);
    }
    wf_path_free(&p);
    wf_search_destroy(ws);
    wf_grid_destroy(g);
}

static void test_bad_sizes(void **state) {
    (void)state;
    const char *rows[] = {
        "....#.....",
        "....#.....",
        "..........",
        "....#.....",
    };
    wf_grid *g = wf_test_grid(rows, 4);
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_path p;
    wf_path_init(&p, NULL);
    wf_search_opts o = wf_search_opts_default();
    const wf_point s = {0, 0}, t = {8, 0};
    const int bad[] = {-1, WF_MOVE_MAX_SIZE + 1, 1000};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        o.move.size = bad[i];
        assert_int_equal(wf_search_grid(ws, g, s, t, &o, &p), WF_E_INVALID_ARG);
        assert_non_null(strstr(wf_search_message(ws), "WF_MOVE_MAX_SIZE"));
        assert_int_equal(wf_search_begin(ws, g, s, t, &o), WF_E_INVALID_ARG);
        float field[40];
        wf_field_source src = {s, 0};
        assert_int_equal(wf_field_dijkstra_grid(ws, g, &src, 1, o.move, NULL,
                                                field),
                         WF_E_INVALID_ARG);
        uint32_t labels[40], n;
        assert_int_equal(wf_grid_regions(g, o.move, labels, &n),
                         WF_E_INVALID_ARG);
    }
    /* 0 means 1, as every zero in wayfind means the default */
    o.move.size = 0;
    assert_int_equal(wf_search_grid(ws, g, s, t, &o, &p), WF_OK);
    assert_string_equal(wf_search_message(ws), "");
    /* a 2x2 agent fits through the one-cell gap in the wall? No. */
    o.move.size = 2;
    /* every engine but JPS+, which needs a jump table and size 1 */
    static const wf_algo engines[] = {WF_ALGO_ASTAR, WF_ALGO_DIJKSTRA,
                                      WF_ALGO_JPS, WF_ALGO_AUTO};
    for (int algo = 0; algo < 4; algo++) {
        o.algo = engines[algo];
        assert_int_equal(wf_search_grid(ws, g, s, t, &o, &p), WF_NO_PATH);
        assert_string_equal(wf_search_message(ws), "");
    }
    o.algo = WF_ALGO_ASTAR;
    /* where it cannot stand: WF_NO_PATH, and the message says why */
    for (int algo = 0; algo < 4; algo++) {
        o.algo = engines[algo];
        assert_int_equal(
            wf_search_grid(ws, g, (wf_point){3, 0}, (wf_point){0, 0}, &o, &p),
            WF_NO_PATH);
        assert_non_null(strstr(wf_search_message(ws), "cannot stand at the start (3, 0)"));
        assert_int_equal(
            wf_search_grid(ws, g, (wf_point){0, 0}, (wf_point){9, 3}, &o, &p),
            WF_NO_PATH);
        assert_non_null(strstr(wf_search_message(ws), "cannot stand at the goal (9, 3)"));
        assert_non_null(strstr(wf_search_message(ws), "1x1"));
        assert_int_equal(
            wf_search_grid(ws, g, (wf_point){4, 0}, (wf_point){0, 0}, &o, &p),
            WF_NO_PATH);
        assert_string_equal(wf_search_message(ws),
                            "the start (4, 0) is blocked");
        /* sliced: the step returns it and keeps the message */
        assert_int_equal(
            wf_search_begin(ws, g, (wf_point){3, 0}, (wf_point){0, 0}, &o),
            WF_OK);
        assert_int_equal(wf_search_step(ws, 1, &p), WF_NO_PATH);
        assert_non_null(strstr(wf_search_message(ws), "cannot stand"));
    }
    wf_path_free(&p);
    wf_search_destroy(ws);
    wf_grid_destroy(g);
}

/* ---- the walker ----------------------------------------------------- */

static void test_walker_with_size(void **state) {
    (void)state;
    const char *rows[] = {
        "............",
        "............",
        "............",
        "....##......",
        "....##......",
        "............",
        "............",
    };
    wf_grid *g = wf_test_grid(rows, 7);
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_walker *w;
    assert_int_equal(wf_walker_create(NULL, &w), WF_OK);
    wf_search_opts o = wf_search_opts_default();
    o.move.size = 2;
    pricing pr = {g, o.move, NULL, NULL, NULL, NULL};
    const wf_point goal = {9, 2};
    assert_int_equal(wf_walker_plan(w, ws, g, (wf_point){0, 2}, goal, &o),
                     WF_OK);
    wf_point at = wf_walker_position(w), next;
    wf_status st;
    int steps = 0, blocked = 0;
    while ((st = wf_walker_step(w, ws, g, &next)) == WF_OK ||
           st == WF_ARRIVED) {
        /* each step a legal move of the 2x2 agent on the grid as it is */
        assert_true(wf_test_ref_move(&pr, at, next) > 0);
        at = next;
        if (st == WF_ARRIVED)
            break;
        if (++steps == 2 && !blocked) {
            /* close the way above the block: only 1-wide gaps are left */
            assert_int_equal(wf_grid_set(g, 4, 1, WF_TERRAIN_WALL), WF_OK);
            blocked = 1;
        }
        assert_true(steps < 100);
    }
    assert_int_equal(st, WF_ARRIVED);
    assert_true(at.x == goal.x && at.y == goal.y);
    assert_true(wf_walker_replans(w) >= 1);
    /* shut the way below too: the agent is stuck, and says so */
    assert_int_equal(wf_walker_plan(w, ws, g, (wf_point){0, 2}, goal, &o),
                     WF_OK);
    assert_int_equal(wf_grid_set(g, 4, 5, WF_TERRAIN_WALL), WF_OK);
    assert_int_equal(wf_walker_replan(w, ws, g), WF_NO_PATH);
    /* a size-1 walker still gets through */
    o.move.size = 1;
    assert_int_equal(wf_walker_plan(w, ws, g, (wf_point){0, 2}, goal, &o),
                     WF_OK);
    wf_walker_destroy(w);
    wf_search_destroy(ws);
    wf_grid_destroy(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_clearance_definition),
        cmocka_unit_test(test_local_update_equals_recompute),
        cmocka_unit_test(test_search_equals_reference),
        cmocka_unit_test(test_nearest_fallback),
        cmocka_unit_test(test_fields_equal_reference),
        cmocka_unit_test(test_block_query),
        cmocka_unit_test(test_regions_graphs_and_moves),
        cmocka_unit_test(test_pool_batch),
        cmocka_unit_test(test_cache_follows_the_grid),
        cmocka_unit_test(test_bad_sizes),
        cmocka_unit_test(test_walker_with_size),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
