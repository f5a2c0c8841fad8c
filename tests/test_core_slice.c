/* Sliced searches: wf_search_begin followed by wf_search_step with any
 * budgets gives exactly what the one-shot search gives (status, points,
 * cost, counters), on grids and on graphs, for every movement model and
 * algorithm; and the slicing protocol (WF_PENDING, step after the end,
 * cancel, budget 0, a new begin) behaves as documented. */
#include "wf_test.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "wayfind/field.h"

static const wf_corners corner_rules[3] = {WF_CORNERS_NO_CUT, WF_CORNERS_ALWAYS,
                                           WF_CORNERS_ONE_FREE};

/* A random grid up to 40×40: walls, and (unless @p uniform) terrains 1–9
 * costing their code. */
static wf_grid *random_grid(wf_test_rng *r, int uniform) {
    int w = 1 + (int)wf_test_rng_below(r, 40);
    int h = 1 + (int)wf_test_rng_below(r, 40);
    uint32_t wall_pct = wf_test_rng_below(r, 45);
    wf_grid *g;
    assert_int_equal(wf_grid_create(w, h, NULL, &g), WF_OK);
    for (int t = 1; t <= 9; t++)
        assert_int_equal(wf_grid_set_cost(g, (uint8_t)t, t), WF_OK);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            uint8_t t = 0;
            if (wf_test_rng_below(r, 100) < wall_pct)
                t = WF_TERRAIN_WALL;
            else if (!uniform)
                t = (uint8_t)(1 + wf_test_rng_below(r, 9));
            assert_int_equal(wf_grid_set(g, x, y, t), WF_OK);
        }
    return g;
}

static wf_point random_cell(wf_test_rng *r, const wf_grid *g) {
    wf_point p = {(int)wf_test_rng_below(r, (uint32_t)wf_grid_width(g)),
                  (int)wf_test_rng_below(r, (uint32_t)wf_grid_height(g))};
    return p;
}

static double euclid_h(void *ud, int x, int y, int gx, int gy) {
    (void)ud;
    return sqrt((double)(x - gx) * (x - gx) + (double)(y - gy) * (y - gy));
}

static double node_zero_h(void *ud, uint32_t node, uint32_t goal) {
    (void)ud;
    (void)node;
    (void)goal;
    return 0;
}

static void same_stats(const wf_stats *a, const wf_stats *b) {
    assert_true(a->expanded == b->expanded);
    assert_true(a->generated == b->generated);
    assert_true(a->reopened == b->reopened);
    assert_int_equal(a->engine, b->engine);
}

/* Budget of the next step for schedule @p mode: 0 random, else itself. */
static uint64_t next_budget(wf_test_rng *r, uint64_t mode) {
    return mode ? mode : 1 + wf_test_rng_below(r, 60);
}

static size_t grid_cases, grid_pending_steps, graph_cases;

/* One query, one-shot on @p one and sliced on @p sl, with every budget
 * schedule. */
static void check_grid_query(wf_test_rng *r, wf_search *one, wf_search *sl,
                             const wf_grid *g, wf_point s, wf_point t,
                             const wf_search_opts *o) {
    static const uint64_t modes[] = {1, 2, 3, 7, 0, 1000000};
    wf_path ref, got;
    wf_path_init(&ref, NULL);
    wf_path_init(&got, NULL);
    wf_status want = wf_search_grid(one, g, s, t, o, &ref);
    for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
        wf_status b = wf_search_begin(sl, g, s, t, o);
        if (want < 0) {
            assert_int_equal(b, want);
            assert_string_equal(wf_search_message(sl), wf_search_message(one));
            continue;
        }
        assert_int_equal(b, WF_OK);
        wf_status st;
        uint64_t pending_budget = 0;
        for (;;) {
            uint64_t budget = next_budget(r, modes[m]);
            st = wf_search_step(sl, budget, &got);
            if (st != WF_PENDING)
                break;
            pending_budget += budget;
            grid_pending_steps++;
            assert_int_equal(got.count, 0);
        }
        grid_cases++;
        if (st != want)
            print_error("status %s, one-shot %s (%dx%d, %d,%d -> %d,%d, "
                        "algo %d, connect %d, corners %d)\n",
                        wf_status_name(st), wf_status_name(want),
                        wf_grid_width(g), wf_grid_height(g), s.x, s.y, t.x,
                        t.y, o->algo, o->move.connect, o->move.corners);
        assert_int_equal(st, want);
        assert_int_equal(got.count, ref.count);
        for (size_t i = 0; i < ref.count; i++) {
            assert_int_equal(got.points[i].x, ref.points[i].x);
            assert_int_equal(got.points[i].y, ref.points[i].y);
        }
        assert_true(got.cost == ref.cost);
        same_stats(&got.stats, &ref.stats);
        /* A step that returned WF_PENDING spent its whole budget. */
        assert_true(pending_budget <= ref.stats.expanded);
        /* The search is over. */
        assert_int_equal(wf_search_step(sl, 5, &got), WF_E_INVALID_ARG);
        assert_true(wf_search_message(sl)[0] != '\0');
    }
    wf_path_free(&ref);
    wf_path_free(&got);
}

static void test_grid_sliced_equals_one_shot(void **state) {
    (void)state;
    wf_test_rng r = {0x51ced};
    wf_search *one, *sl;
    assert_int_equal(wf_search_create(NULL, &one), WF_OK);
    assert_int_equal(wf_search_create(NULL, &sl), WF_OK);
    for (int round = 0; round < 800; round++) {
        int uniform = round % 3 == 0;
        wf_grid *g = random_grid(&r, uniform);
        for (int q = 0; q < 6; q++) {
            wf_search_opts o = wf_search_opts_default();
            o.move = wf_move_make(wf_test_rng_below(&r, 2) ? 8 : 4,
                                  corner_rules[wf_test_rng_below(&r, 3)]);
            switch (wf_test_rng_below(&r, 5)) {
            case 0: o.algo = WF_ALGO_ASTAR; break;
            case 1: o.algo = WF_ALGO_DIJKSTRA; break;
            case 2:
                o.weight = 1.5 + wf_test_rng_below(&r, 3);
                break;
            case 3:
                o.heuristic = WF_H_CUSTOM;
                o.custom_h = euclid_h;
                break;
            default:
                if (uniform) {
                    o.move = wf_move_default();
                    o.algo = wf_test_rng_below(&r, 2) ? WF_ALGO_JPS
                                                      : WF_ALGO_AUTO;
                } else {
                    o.algo = WF_ALGO_BIDIR;
                }
                break;
            }
            if (o.algo != WF_ALGO_JPS) {
                if (wf_test_rng_below(&r, 3) == 0)
                    o.max_expansions = 1 + wf_test_rng_below(&r, 200);
                if (wf_test_rng_below(&r, 2))
                    o.goal_fallback = WF_FALLBACK_NEAREST;
            }
            wf_point s = random_cell(&r, g), t = random_cell(&r, g);
            if (q == 5)
                t = s;
            check_grid_query(&r, one, sl, g, s, t, &o);
            if (o.algo == WF_ALGO_JPS) {
                wf_path p;
                wf_path_init(&p, NULL);
                wf_status st = wf_search_grid(one, g, s, t, &o, &p);
                assert_true(st >= 0);
                assert_int_equal(p.stats.engine, WF_ALGO_JPS);
                wf_path_free(&p);
            }
        }
        wf_grid_destroy(g);
    }
    print_message("grid: %zu sliced runs (%zu WF_PENDING steps) equal to "
                  "the one-shot search\n",
                  grid_cases, grid_pending_steps);
    assert_true(grid_pending_steps > 10000);
    wf_search_destroy(one);
    wf_search_destroy(sl);
}

static void check_graph_query(wf_test_rng *r, wf_search *one, wf_search *sl,
                              const wf_graph *gr, uint32_t s, uint32_t t,
                              const wf_search_opts *o) {
    static const uint64_t modes[] = {1, 2, 3, 7, 0};
    wf_node_path ref, got;
    wf_node_path_init(&ref, NULL);
    wf_node_path_init(&got, NULL);
    wf_status want = wf_search_graph(one, gr, s, t, o, &ref);
    for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
        wf_status b = wf_search_begin_graph(sl, gr, s, t, o);
        if (want < 0) {
            assert_int_equal(b, want);
            continue;
        }
        assert_int_equal(b, WF_OK);
        wf_status st;
        uint64_t pending_budget = 0;
        for (;;) {
            uint64_t budget = next_budget(r, modes[m]);
            st = wf_search_step_graph(sl, budget, &got);
            if (st != WF_PENDING)
                break;
            pending_budget += budget;
        }
        graph_cases++;
        assert_int_equal(st, want);
        assert_int_equal(got.count, ref.count);
        for (size_t i = 0; i < ref.count; i++)
            assert_int_equal(got.nodes[i], ref.nodes[i]);
        assert_true(got.cost == ref.cost);
        same_stats(&got.stats, &ref.stats);
        assert_true(pending_budget <= ref.stats.expanded);
        assert_int_equal(wf_search_step_graph(sl, 5, &got), WF_E_INVALID_ARG);
        assert_true(wf_search_message(sl)[0] != '\0');
    }
    wf_node_path_free(&ref);
    wf_node_path_free(&got);
}

static void test_graph_sliced_equals_one_shot(void **state) {
    (void)state;
    wf_test_rng r = {0x9a9};
    wf_search *one, *sl;
    assert_int_equal(wf_search_create(NULL, &one), WF_OK);
    assert_int_equal(wf_search_create(NULL, &sl), WF_OK);
    for (int round = 0; round < 250; round++) {
        wf_grid *g = random_grid(&r, round % 3 == 0);
        wf_move mv = wf_move_make(wf_test_rng_below(&r, 2) ? 8 : 4,
                                  corner_rules[wf_test_rng_below(&r, 3)]);
        wf_graph *gr;
        assert_int_equal(wf_graph_from_grid(g, mv, NULL, 1.0, NULL, &gr), WF_OK);
        size_t n = wf_graph_node_count(gr);
        if (n == 0) {
            wf_graph_destroy(gr);
            wf_grid_destroy(g);
            continue;
        }
        for (int q = 0; q < 6; q++) {
            wf_search_opts o = wf_search_opts_default();
            switch (wf_test_rng_below(&r, 4)) {
            case 0: o.algo = WF_ALGO_ASTAR; break;
            case 1: o.algo = WF_ALGO_DIJKSTRA; break;
            case 2: o.weight = 2.0; break;
            default:
                o.heuristic = WF_H_CUSTOM;
                o.node_h = node_zero_h;
                break;
            }
            if (wf_test_rng_below(&r, 3) == 0)
                o.max_expansions = 1 + wf_test_rng_below(&r, 100);
            uint32_t s = wf_test_rng_below(&r, (uint32_t)n);
            uint32_t t = q == 5 ? s : wf_test_rng_below(&r, (uint32_t)n);
            check_graph_query(&r, one, sl, gr, s, t, &o);
        }
        wf_graph_destroy(gr);
        wf_grid_destroy(g);
    }
    print_message("graph: %zu sliced runs equal to the one-shot search\n",
                  graph_cases);
    wf_search_destroy(one);
    wf_search_destroy(sl);
}

/* The protocol around a sliced search. */
static void test_protocol(void **state) {
    (void)state;
    const char *rows[] = {
        "..........",
        ".########.",
        ".#......#.",
        ".#.####.#.",
        ".#.#..#.#.",
        ".#.#..#.#.",
        ".#.##.#.#.",
        ".#....#.#.",
        ".######.#.",
        "........#.",
    };
    wf_grid *g = wf_test_grid(rows, 10);
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_path p, ref;
    wf_path_init(&p, NULL);
    wf_path_init(&ref, NULL);
    wf_point s = {0, 0}, t = {4, 4}, t2 = {9, 9};

    /* Never begun. */
    assert_int_equal(wf_search_step(ws, 1, &p), WF_E_INVALID_ARG);
    assert_true(wf_search_message(ws)[0] != '\0');

    /* Budget 0 is refused; the search stays under way. */
    assert_int_equal(wf_search_begin(ws, g, s, t, NULL), WF_OK);
    assert_int_equal(wf_search_step(ws, 1, &p), WF_PENDING);
    assert_int_equal(wf_search_step(ws, 0, &p), WF_E_INVALID_ARG);
    assert_true(strstr(wf_search_message(ws), "budget") != NULL);
    assert_int_equal(wf_search_step(ws, 1000, &p), WF_OK);
    assert_int_equal(wf_search_grid(ws, g, s, t, NULL, &ref), WF_OK);
    assert_true(p.cost == ref.cost);
    assert_int_equal(p.count, ref.count);

    /* Step after completion. */
    assert_int_equal(wf_search_step(ws, 1, &p), WF_E_INVALID_ARG);
    assert_true(wf_search_message(ws)[0] != '\0');

    /* Cancel, then step. */
    assert_int_equal(wf_search_begin(ws, g, s, t, NULL), WF_OK);
    assert_int_equal(wf_search_step(ws, 1, &p), WF_PENDING);
    wf_search_cancel(ws);
    assert_int_equal(wf_search_step(ws, 1000, &p), WF_E_INVALID_ARG);
    assert_true(wf_search_message(ws)[0] != '\0');
    wf_search_cancel(ws); /* nothing under way: no-op */
    wf_search_cancel(NULL);

    /* A new begin abandons the old search: the steps answer the new one. */
    assert_int_equal(wf_search_grid(ws, g, s, t2, NULL, &ref), WF_OK);
    assert_int_equal(wf_search_begin(ws, g, s, t, NULL), WF_OK);
    assert_int_equal(wf_search_step(ws, 3, &p), WF_PENDING);
    assert_int_equal(wf_search_begin(ws, g, s, t2, NULL), WF_OK);
    wf_status st;
    while ((st = wf_search_step(ws, 2, &p)) == WF_PENDING) {
    }
    assert_int_equal(st, WF_OK);
    assert_int_equal(p.count, ref.count);
    assert_true(p.cost == ref.cost);
    assert_int_equal(p.points[p.count - 1].x, 9);
    assert_int_equal(p.points[p.count - 1].y, 9);
    assert_true(p.stats.expanded == ref.stats.expanded);

    /* A one-shot search ends a sliced one. */
    assert_int_equal(wf_search_begin(ws, g, s, t, NULL), WF_OK);
    assert_int_equal(wf_search_step(ws, 1, &p), WF_PENDING);
    assert_int_equal(wf_search_grid(ws, g, s, t2, NULL, &ref), WF_OK);
    assert_int_equal(wf_search_step(ws, 1, &p), WF_E_INVALID_ARG);

    /* A failed begin leaves nothing under way. */
    assert_int_equal(wf_search_begin(ws, g, s, t, NULL), WF_OK);
    wf_point off = {-1, 3};
    assert_int_equal(wf_search_begin(ws, g, s, off, NULL), WF_E_RANGE);
    assert_int_equal(wf_search_step(ws, 1, &p), WF_E_INVALID_ARG);

    /* Trivial outcomes come from the first step. */
    wf_point wall = {1, 1};
    assert_int_equal(wf_search_begin(ws, g, s, wall, NULL), WF_OK);
    assert_int_equal(wf_search_step(ws, 1, &p), WF_NO_PATH);
    assert_int_equal(p.count, 0);
    assert_int_equal(wf_search_begin(ws, g, s, s, NULL), WF_OK);
    assert_int_equal(wf_search_step(ws, 1, &p), WF_OK);
    assert_int_equal(p.count, 1);

    /* Grid and graph slices do not mix. */
    wf_graph *gr;
    assert_int_equal(
        wf_graph_from_grid(g, wf_move_default(), NULL, 1.0, NULL, &gr), WF_OK);
    wf_node_path np;
    wf_node_path_init(&np, NULL);
    assert_int_equal(wf_search_begin(ws, g, s, t, NULL), WF_OK);
    assert_int_equal(wf_search_step_graph(ws, 1, &np), WF_E_INVALID_ARG);
    assert_int_equal(wf_search_begin_graph(ws, gr, 0, 5, NULL), WF_OK);
    assert_int_equal(wf_search_step(ws, 1, &p), WF_E_INVALID_ARG);
    assert_int_equal(wf_search_begin_graph(ws, gr, 0, 5, NULL), WF_OK);
    assert_int_equal(wf_search_step_graph(ws, 0, &np), WF_E_INVALID_ARG);
    wf_search_cancel(ws);
    assert_int_equal(wf_search_step_graph(ws, 10, &np), WF_E_INVALID_ARG);
    assert_int_equal(wf_search_step_graph(ws, 10, NULL), WF_E_INVALID_ARG);
    assert_int_equal(wf_search_step(NULL, 10, &p), WF_E_INVALID_ARG);
    assert_int_equal(wf_search_step(ws, 10, NULL), WF_E_INVALID_ARG);

    wf_node_path_free(&np);
    wf_graph_destroy(gr);
    wf_path_free(&p);
    wf_path_free(&ref);
    wf_search_destroy(ws);
    wf_grid_destroy(g);
}

/* Anything else that uses the workspace between steps (a field, the block
 * query, a reserve that reallocates) ends the sliced search: the next step
 * is an error, never a resume on arrays something else has written. */
static void test_other_use_ends_the_slice(void **state) {
    (void)state;
    wf_grid *g;
    assert_int_equal(wf_grid_create(64, 64, NULL, &g), WF_OK);
    for (int y = 0; y < 60; y++)
        assert_int_equal(wf_grid_set(g, 32, y, WF_TERRAIN_WALL), WF_OK);
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_path p, q;
    wf_path_init(&p, NULL);
    wf_path_init(&q, NULL);
    float *field = malloc(64 * 64 * sizeof *field);
    assert_non_null(field);
    wf_point s = {0, 0}, t = {63, 0};
    for (int how = 0; how < 3; how++) {
        assert_int_equal(wf_search_begin(ws, g, s, t, NULL), WF_OK);
        assert_int_equal(wf_search_step(ws, 50, &p), WF_PENDING);
        if (how == 0) {
            wf_field_source src = {{10, 10}, 0.0};
            assert_int_equal(wf_field_dijkstra_grid(ws, g, &src, 1,
                                                    wf_move_default(), NULL,
                                                    field),
                             WF_OK);
        } else if (how == 1) {
            assert_int_equal(wf_search_reserve(ws, 100000), WF_OK);
        } else {
            assert_int_equal(wf_search_grid(ws, g, s, (wf_point){5, 5}, NULL,
                                            &q),
                             WF_OK);
            int cut = -1;
            assert_int_equal(wf_grid_block_disconnects(ws, g, &q,
                                                       (wf_point){3, 3},
                                                       NULL, &cut),
                             WF_OK);
        }
        assert_int_equal(wf_search_step(ws, UINT64_MAX, &p),
                         WF_E_INVALID_ARG);
        assert_string_equal(wf_search_message(ws), "no grid search under way");
        /* a new begin works as ever */
        assert_int_equal(wf_search_begin(ws, g, s, t, NULL), WF_OK);
        assert_int_equal(wf_search_step(ws, UINT64_MAX, &p), WF_OK);
        assert_true(p.count > 64);
    }
    /* a failed step leaves no message behind for the next good one */
    assert_int_equal(wf_search_begin(ws, g, s, t, NULL), WF_OK);
    assert_int_equal(wf_search_step(ws, 0, &p), WF_E_INVALID_ARG);
    assert_string_equal(wf_search_message(ws), "budget must be >= 1");
    assert_int_equal(wf_search_step(ws, 10, &p), WF_PENDING);
    assert_string_equal(wf_search_message(ws), "");
    free(field);
    wf_path_free(&p);
    wf_path_free(&q);
    wf_search_destroy(ws);
    wf_grid_destroy(g);
}

/* One options struct serves grid and graph queries: the grid-only options
 * (move, filter, callback, fallback) are ignored on graphs, as documented. */
static void test_graph_ignores_grid_options(void **state) {
    (void)state;
    wf_grid *g;
    assert_int_equal(wf_grid_create(10, 10, NULL, &g), WF_OK);
    wf_graph *gr;
    assert_int_equal(wf_graph_from_grid(g, wf_move_default(), NULL, 1.0, NULL,
                                        &gr),
                     WF_OK);
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_node_path np;
    wf_node_path_init(&np, NULL);
    wf_search_opts o = wf_search_opts_default();
    o.goal_fallback = WF_FALLBACK_NEAREST;
    o.move.connect = 6; /* would be refused on a grid */
    assert_int_equal(wf_search_graph(ws, gr, 0, 99, &o, &np), WF_OK);
    assert_true(fabs(np.cost - 9 * sqrt(2.0)) < 1e-9);
    wf_node_path_free(&np);
    wf_search_destroy(ws);
    wf_graph_destroy(gr);
    wf_grid_destroy(g);
}

/* A grid edited between steps: the next step fails, saying so, instead
 * of finishing on the old walls (it returned 41 cells through the new
 * wall row). Every engine, and an edit that only changes a cost. */
static void test_edit_during_a_slice(void **state) {
    (void)state;
    const wf_algo algos[] = {WF_ALGO_ASTAR, WF_ALGO_DIJKSTRA, WF_ALGO_JPS,
                             WF_ALGO_JPSW, WF_ALGO_BIDIR, WF_ALGO_AUTO};
    for (size_t i = 0; i < sizeof algos / sizeof *algos; i++)
        for (int cost_only = 0; cost_only < 2; cost_only++) {
            /* a serpentine: wall columns with a gap at alternate ends */
            wf_grid *g;
            assert_int_equal(wf_grid_create(40, 30, NULL, &g), WF_OK);
            for (int x = 3, k = 0; x < 39; x += 3, k++)
                for (int y = k % 2; y < 29 + k % 2; y++)
                    assert_int_equal(wf_grid_set(g, x, y, WF_TERRAIN_WALL),
                                     WF_OK);
            wf_search *ws;
            assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
            wf_search_opts o = wf_search_opts_default();
            o.algo = algos[i];
            wf_path p;
            wf_path_init(&p, NULL);
            const wf_point from = {0, 0}, to = {39, 0};
            assert_int_equal(wf_search_begin(ws, g, from, to, &o), WF_OK);
            wf_status st = wf_search_step(ws, 3, &p);
            assert_int_equal(st, WF_PENDING);
            if (cost_only)
                assert_int_equal(wf_grid_set_cost(g, 0, 2.0), WF_OK);
            else /* the gaps shut: no path any more */
                for (int x = 3, k = 0; x < 39; x += 3, k++)
                    assert_int_equal(wf_grid_set(g, x, k % 2 ? 0 : 29,
                                                 WF_TERRAIN_WALL),
                                     WF_OK);
            st = wf_search_step(ws, UINT64_MAX, &p);
            assert_int_equal(st, WF_E_INVALID_ARG);
            assert_int_equal(p.count, 0);
            assert_non_null(strstr(wf_search_message(ws),
                                   "the grid was edited since "
                                   "wf_search_begin"));
            /* the search is over; a new one answers on the new grid */
            assert_int_equal(wf_search_step(ws, 1, &p), WF_E_INVALID_ARG);
            assert_int_equal(wf_search_begin(ws, g, from, to, &o), WF_OK);
            do
                st = wf_search_step(ws, 5, &p);
            while (st == WF_PENDING);
            assert_int_equal(st, cost_only ? WF_OK : WF_NO_PATH);
            wf_path q;
            wf_path_init(&q, NULL);
            assert_int_equal(wf_search_grid(ws, g, from, to, &o, &q), st);
            assert_true(p.cost == q.cost && p.count == q.count);
            wf_path_free(&q);
            wf_path_free(&p);
            wf_search_destroy(ws);
            wf_grid_destroy(g);
        }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_grid_sliced_equals_one_shot),
        cmocka_unit_test(test_graph_sliced_equals_one_shot),
        cmocka_unit_test(test_protocol),
        cmocka_unit_test(test_other_use_ends_the_slice),
        cmocka_unit_test(test_graph_ignores_grid_options),
        cmocka_unit_test(test_edit_during_a_slice),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
