/* Walkers (arrival, new goals, re-plans, watching for cheaper moves) and
 * the edges of the game-loop API: the messages that say why a query
 * failed, paths off the grid, extreme coordinates, and costs that
 * overflow a double. */
#include "wf_test.h"

#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static void test_arrives_on_the_arriving_step(void **state) {
    (void)state;
    const char *rows[] = {"......"};
    wf_grid *g = wf_test_grid(rows, 1);
    wf_search *ws;
    wf_walker *w;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    assert_int_equal(wf_walker_create(NULL, &w), WF_OK);
    assert_int_equal(wf_walker_plan(w, ws, g, (wf_point){0, 0},
                                    (wf_point){4, 0}, NULL),
                     WF_OK);
    wf_point next;
    for (int x = 1; x <= 3; x++) {
        assert_int_equal(wf_walker_step(w, ws, g, &next), WF_OK);
        assert_int_equal(next.x, x);
    }
    assert_int_equal(wf_walker_step(w, ws, g, &next), WF_ARRIVED);
    assert_int_equal(next.x, 4);
    assert_int_equal(wf_walker_position(w).x, 4);
    assert_int_equal(wf_walker_step(w, ws, g, &next), WF_ARRIVED);
    assert_int_equal(next.x, 4);
    assert_int_equal(wf_walker_replans(w), 0);

    /* A new goal: re-planned from where it stands. */
    assert_int_equal(wf_walker_set_goal(w, ws, g, (wf_point){1, 0}), WF_OK);
    assert_int_equal(wf_walker_goal(w).x, 1);
    assert_int_equal(wf_walker_path(w)->points[0].x, 4);
    assert_int_equal(wf_walker_replans(w), 1);
    assert_int_equal(wf_walker_step(w, ws, g, &next), WF_OK);
    assert_int_equal(next.x, 3);
    assert_int_equal(wf_walker_step(w, ws, g, &next), WF_OK);
    assert_int_equal(wf_walker_step(w, ws, g, &next), WF_ARRIVED);
    assert_int_equal(next.x, 1);
    /* A goal it cannot reach. */
    assert_int_equal(wf_grid_set(g, 5, 0, WF_TERRAIN_WALL), WF_OK);
    assert_int_equal(wf_walker_set_goal(w, ws, g, (wf_point){5, 0}),
                     WF_NO_PATH);
    assert_int_equal(wf_walker_step(NULL, ws, g, &next), WF_E_INVALID_ARG);
    assert_int_equal(wf_walker_step(w, ws, g, NULL), WF_E_INVALID_ARG);
    assert_int_equal(wf_walker_replan(NULL, ws, g), WF_E_INVALID_ARG);
    assert_int_equal(wf_walker_set_goal(w, NULL, g, (wf_point){1, 0}),
                     WF_E_INVALID_ARG);
    wf_walker_destroy(w);
    wf_walker_destroy(NULL);
    wf_search_destroy(ws);
    wf_grid_destroy(g);
}

static void test_replan_finds_the_new_shortcut(void **state) {
    (void)state;
    const char *rows[] = {
        "..........",
        ".########.",
        "..........",
    };
    wf_grid *g = wf_test_grid(rows, 3);
    wf_search *ws;
    wf_walker *w;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    assert_int_equal(wf_walker_create(NULL, &w), WF_OK);
    wf_search_opts o = wf_search_opts_default();
    o.move = wf_move_make(4, WF_CORNERS_NO_CUT);
    assert_int_equal(wf_walker_plan(w, ws, g, (wf_point){5, 0},
                                    (wf_point){5, 2}, &o),
                     WF_OK);
    double before = wf_walker_path(w)->cost;
    assert_true(before == 10.0);
    /* A wall removed elsewhere: the plan still stands, but a re-plan finds
     * the shortcut. */
    assert_int_equal(wf_grid_set(g, 5, 1, 0), WF_OK);
    wf_point next;
    assert_int_equal(wf_walker_step(w, ws, g, &next), WF_OK);
    assert_int_equal(wf_walker_replans(w), 0);
    assert_int_equal(wf_walker_replan(w, ws, g), WF_OK);
    assert_int_equal(wf_walker_replans(w), 1);
    wf_path fresh;
    wf_path_init(&fresh, NULL);
    assert_int_equal(wf_search_grid(ws, g, next, (wf_point){5, 2}, &o, &fresh),
                     WF_OK);
    assert_true(wf_walker_path(w)->cost == fresh.cost);
    assert_true(fresh.cost < before - 1);
    wf_status st;
    int steps = 0;
    while ((st = wf_walker_step(w, ws, g, &next)) == WF_OK)
        steps++;
    assert_int_equal(st, WF_ARRIVED);
    assert_int_equal(steps + 1, (int)fresh.count - 1);
    wf_path_free(&fresh);
    wf_walker_destroy(w);
    wf_search_destroy(ws);
    wf_grid_destroy(g);
}

static void test_watch_cheaper(void **state) {
    (void)state;
    /* The route runs over terrain 5 (the detour through row 1 costs more);
     * making terrain 5 cheap must trigger a re-plan only for the walker
     * that watches. */
    const char *rows[] = {
        ".....55...",
        "9999999999",
    };
    for (int watch = 0; watch < 2; watch++) {
        wf_grid *g = wf_test_grid(rows, 2);
        wf_search *ws;
        wf_walker *w;
        assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
        assert_int_equal(wf_walker_create(NULL, &w), WF_OK);
        wf_walker_set_watch_cheaper(w, watch);
        wf_search_opts o = wf_search_opts_default();
        o.move = wf_move_make(4, WF_CORNERS_NO_CUT);
        assert_int_equal(wf_walker_plan(w, ws, g, (wf_point){0, 0},
                                        (wf_point){9, 0}, &o),
                         WF_OK);
        assert_true(wf_walker_path(w)->cost == 17.0);
        wf_point next;
        assert_int_equal(wf_walker_step(w, ws, g, &next), WF_OK);
        assert_int_equal(wf_grid_set_cost(g, 5, 0.5), WF_OK);
        assert_int_equal(wf_walker_step(w, ws, g, &next), WF_OK);
        assert_int_equal(wf_walker_replans(w), (size_t)watch);
        /* the watcher's new plan prices the cheap cells */
        assert_true(wf_walker_path(w)->cost == (watch ? 7.0 : 17.0));
        wf_walker_destroy(w);
        wf_search_destroy(ws);
        wf_grid_destroy(g);
    }
}

static void test_messages(void **state) {
    (void)state;
    wf_grid *g;
    assert_int_equal(wf_grid_create(10, 10, NULL, &g), WF_OK);
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_path p;
    wf_path_init(&p, NULL);
    wf_search_opts o = wf_search_opts_default();
    o.move.connect = 6;
    assert_int_equal(wf_search_grid(ws, g, (wf_point){0, 0}, (wf_point){1, 1},
                                    &o, &p),
                     WF_E_INVALID_ARG);
    assert_string_equal(wf_search_message(ws),
                        "move.connect must be 4 or 8, got 6");
    o = wf_search_opts_default();
    float ov[25] = {0};
    o.overlay = (wf_layer){ov, 25};
    assert_int_equal(wf_search_grid(ws, g, (wf_point){0, 0}, (wf_point){1, 1},
                                    &o, &p),
                     WF_E_INVALID_ARG);
    assert_string_equal(wf_search_message(ws),
                        "overlay has 25 values, the grid has 100 cells");
    assert_int_equal(wf_search_grid(ws, g, (wf_point){10, 0},
                                    (wf_point){1, 1}, NULL, &p),
                     WF_E_RANGE);
    assert_non_null(strstr(wf_search_message(ws), "start"));
    assert_non_null(strstr(wf_search_message(ws), "(10, 0)"));
    /* A successful call clears the message. */
    assert_int_equal(wf_search_grid(ws, g, (wf_point){0, 0}, (wf_point){1, 1},
                                    NULL, &p),
                     WF_OK);
    assert_string_equal(wf_search_message(ws), "");
    assert_string_equal(wf_search_message(NULL), "");
    wf_path_free(&p);
    wf_search_destroy(ws);
    wf_grid_destroy(g);
}

static void test_extreme_points(void **state) {
    (void)state;
    wf_grid *g;
    assert_int_equal(wf_grid_create(10, 10, NULL, &g), WF_OK);
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_path p;
    wf_path_init(&p, NULL);
    assert_int_equal(wf_search_grid(ws, g, (wf_point){0, 0}, (wf_point){9, 9},
                                    NULL, &p),
                     WF_OK);
    /* a path holding a point off the grid */
    p.points[3].x = 1000;
    int disc = -1;
    assert_int_equal(wf_grid_block_disconnects(ws, g, &p, (wf_point){5, 5},
                                               NULL, &disc),
                     WF_E_RANGE);
    assert_non_null(strstr(wf_search_message(ws), "path point 3"));
    p.points[3].x = INT_MIN;
    assert_int_equal(wf_grid_block_disconnects(ws, g, &p, (wf_point){5, 5},
                                               NULL, &disc),
                     WF_E_RANGE);
    assert_int_equal(wf_grid_block_disconnects(ws, g, &p, (wf_point){INT_MAX, 0},
                                               NULL, &disc),
                     WF_E_RANGE);
    /* moves between extreme points */
    static const int v[] = {INT_MIN, INT_MIN + 1, -1, 0, 1, 9, 10, INT_MAX - 1,
                            INT_MAX};
    enum { NV = sizeof v / sizeof v[0] };
    size_t blocked = 0;
    for (int m = 0; m < 2; m++) {
        wf_move mv = wf_move_make(m ? 8 : 4, WF_CORNERS_ALWAYS);
        for (int i = 0; i < NV * NV; i++)
            for (int j = 0; j < NV * NV; j++) {
                wf_point a = {v[i % NV], v[i / NV]}, b = {v[j % NV], v[j / NV]};
                double c = wf_grid_move_cost(g, a, b, mv);
                if (!wf_grid_contains(g, a.x, a.y) ||
                    !wf_grid_contains(g, b.x, b.y)) {
                    assert_true(c == WF_BLOCKED);
                    blocked++;
                }
            }
    }
    print_message("extreme points: %zu moves off the grid blocked\n",
                  blocked);
    wf_path_free(&p);
    wf_search_destroy(ws);
    wf_grid_destroy(g);
}

/* Node coordinates near 1e154: squared distances overflow a double, but
 * the default heuristic must still give optimal paths. */
static void test_huge_coordinates(void **state) {
    (void)state;
    wf_test_rng r = {0x1e154};
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_node_path a, z;
    wf_node_path_init(&a, NULL);
    wf_node_path_init(&z, NULL);
    size_t cases = 0, found = 0;
    for (int round = 0; round < 40; round++) {
        wf_graph_builder *b;
        assert_int_equal(wf_graph_builder_create(2, NULL, &b), WF_OK);
        enum { N = 60 };
        double pos[N][2];
        for (int i = 0; i < N; i++) {
            pos[i][0] = ((double)wf_test_rng_below(&r, 2001) - 1000) * 1e152;
            pos[i][1] = ((double)wf_test_rng_below(&r, 2001) - 1000) * 1e152;
            assert_int_equal(wf_graph_builder_add_node(b, pos[i], NULL), WF_OK);
        }
        for (int e = 0; e < 4 * N; e++) {
            uint32_t u = wf_test_rng_below(&r, N), v = wf_test_rng_below(&r, N);
            double dx = pos[u][0] / 1e152 - pos[v][0] / 1e152;
            double dy = pos[u][1] / 1e152 - pos[v][1] / 1e152;
            /* weight: the distance in units of 1e152, times 1 to 3 */
            double wgt = (1 + sqrt(dx * dx + dy * dy)) *
                         (1 + wf_test_rng_below(&r, 3));
            assert_int_equal(wf_graph_builder_add_edge(b, u, v, wgt, 1), WF_OK);
        }
        wf_graph *gr;
        assert_int_equal(wf_graph_build(b, &gr), WF_OK);
        wf_graph_builder_destroy(b);
        for (int q = 0; q < 20; q++) {
            uint32_t s = wf_test_rng_below(&r, N), t = wf_test_rng_below(&r, N);
            wf_search_opts o = wf_search_opts_default();
            wf_status sa = wf_search_graph(ws, gr, s, t, &o, &a);
            o.heuristic = WF_H_ZERO;
            wf_status sz = wf_search_graph(ws, gr, s, t, &o, &z);
            cases++;
            assert_int_equal(sa, sz);
            if (sa == WF_OK) {
                found++;
                if (fabs(a.cost - z.cost) > 1e-9 * z.cost)
                    print_error("A* %.17g, Dijkstra %.17g\n", a.cost, z.cost);
                assert_true(fabs(a.cost - z.cost) <= 1e-9 * z.cost);
            }
        }
        wf_graph_destroy(gr);
    }
    print_message("coordinates near 1e154: %zu queries (%zu found) optimal\n",
                  cases, found);
    wf_node_path_free(&a);
    wf_node_path_free(&z);
    wf_search_destroy(ws);
}

static void test_cost_overflow(void **state) {
    (void)state;
    wf_grid *g;
    assert_int_equal(wf_grid_create(40, 1, NULL, &g), WF_OK);
    assert_int_equal(wf_grid_set_cost(g, 7, 1e308), WF_OK);
    for (int x = 0; x < 40; x++)
        assert_int_equal(wf_grid_set(g, x, 0, 7), WF_OK);
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_path p;
    wf_path_init(&p, NULL);
    /* one move is fine */
    assert_int_equal(wf_search_grid(ws, g, (wf_point){0, 0}, (wf_point){1, 0},
                                    NULL, &p),
                     WF_OK);
    assert_true(p.cost == 1e308);
    static const wf_algo algos[] = {WF_ALGO_ASTAR, WF_ALGO_DIJKSTRA,
                                    WF_ALGO_AUTO};
    for (int k = 0; k < 3; k++) {
        wf_search_opts o = wf_search_opts_default();
        o.algo = algos[k];
        wf_status st = wf_search_grid(ws, g, (wf_point){0, 0},
                                      (wf_point){39, 0}, &o, &p);
        if (st != WF_E_RANGE)
            print_error("algo %d: %s, cost %g\n", (int)algos[k],
                        wf_status_name(st), p.cost);
        assert_int_equal(st, WF_E_RANGE);
        assert_string_equal(wf_search_message(ws),
                            "path cost overflows a double");
    }
    /* the same sliced */
    assert_int_equal(wf_search_begin(ws, g, (wf_point){0, 0},
                                     (wf_point){39, 0}, NULL),
                     WF_OK);
    wf_status st;
    while ((st = wf_search_step(ws, 3, &p)) == WF_PENDING) {
    }
    assert_int_equal(st, WF_E_RANGE);

    /* graphs with huge arc weights */
    wf_graph_builder *b;
    assert_int_equal(wf_graph_builder_create(0, NULL, &b), WF_OK);
    for (int i = 0; i < 5; i++)
        assert_int_equal(wf_graph_builder_add_node(b, NULL, NULL), WF_OK);
    for (uint32_t i = 0; i + 1 < 5; i++)
        assert_int_equal(wf_graph_builder_add_edge(b, i, i + 1, DBL_MAX / 2, 1),
                         WF_OK);
    wf_graph *gr;
    assert_int_equal(wf_graph_build(b, &gr), WF_OK);
    wf_node_path np;
    wf_node_path_init(&np, NULL);
    assert_int_equal(wf_search_graph(ws, gr, 0, 1, NULL, &np), WF_OK);
    assert_int_equal(wf_search_graph(ws, gr, 0, 4, NULL, &np), WF_E_RANGE);
    assert_string_equal(wf_search_message(ws), "path cost overflows a double");
    wf_search_opts o = wf_search_opts_default();
    o.algo = WF_ALGO_DIJKSTRA;
    assert_int_equal(wf_search_graph(ws, gr, 4, 0, &o, &np), WF_E_RANGE);
    wf_node_path_free(&np);
    wf_graph_destroy(gr);
    wf_graph_builder_destroy(b);
    wf_path_free(&p);
    wf_search_destroy(ws);
    wf_grid_destroy(g);
}

/* An allocator that fails every request once armed. */
typedef struct failing {
    int armed;
} failing;

static void *failing_alloc(void *ud, void *ptr, size_t old, size_t size) {
    (void)old;
    if (!size) {
        free(ptr);
        return NULL;
    }
    if (((failing *)ud)->armed)
        return NULL;
    return realloc(ptr, size);
}

/* A re-plan whose step-cost table cannot grow leaves no plan behind, not a
 * new path with the old plan's step costs (which a step would read past
 * their end). */
static void test_replan_out_of_memory(void **state) {
    (void)state;
    wf_grid *g;
    assert_int_equal(wf_grid_create(100, 3, NULL, &g), WF_OK);
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    assert_int_equal(wf_search_reserve(ws, 300), WF_OK);
    failing f = {0};
    wf_allocator a = {failing_alloc, &f};
    wf_walker *w;
    assert_int_equal(wf_walker_create(&a, &w), WF_OK);
    assert_int_equal(wf_walker_plan(w, ws, g, (wf_point){0, 1},
                                    (wf_point){5, 1}, NULL),
                     WF_OK);
    /* room for the long path, so that only the step costs must grow */
    assert_int_equal(wf_path_reserve((wf_path *)wf_walker_path(w), 200),
                     WF_OK);
    f.armed = 1;
    assert_int_equal(wf_walker_set_goal(w, ws, g, (wf_point){99, 1}),
                     WF_E_NOMEM);
    assert_int_equal(wf_walker_path(w)->count, 0);
    wf_walker_set_watch_cheaper(w, 1);
    wf_point next;
    /* still out of memory: the step re-plans and says so, reading nothing
     * stale */
    assert_int_equal(wf_walker_step(w, ws, g, &next), WF_E_NOMEM);
    f.armed = 0;
    assert_int_equal(wf_walker_step(w, ws, g, &next), WF_OK);
    assert_int_equal(next.x, 1);
    wf_walker_destroy(w);
    wf_search_destroy(ws);
    wf_grid_destroy(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_arrives_on_the_arriving_step),
        cmocka_unit_test(test_replan_finds_the_new_shortcut),
        cmocka_unit_test(test_watch_cheaper),
        cmocka_unit_test(test_messages),
        cmocka_unit_test(test_extreme_points),
        cmocka_unit_test(test_huge_coordinates),
        cmocka_unit_test(test_cost_overflow),
        cmocka_unit_test(test_replan_out_of_memory),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
