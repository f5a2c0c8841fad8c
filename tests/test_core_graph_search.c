/* Graph search: agreement with the grid search on the graph of a grid
 * (every movement model), seed 001's heuristic values, seed 004's
 * one-way waypoint graph and its next-node answers. */
#include "wf_test.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct model {
    int connect;
    wf_corners corners;
} model;

static const model models[] = {{4, WF_CORNERS_NO_CUT},
                               {8, WF_CORNERS_NO_CUT},
                               {8, WF_CORNERS_ALWAYS},
                               {8, WF_CORNERS_ONE_FREE}};

static wf_grid *random_grid(wf_test_rng *r, int w, int h) {
    wf_grid *g;
    assert_int_equal(wf_grid_create(w, h, NULL, &g), WF_OK);
    for (int t = 1; t <= 3; t++)
        wf_grid_set_cost(g, (uint8_t)t, 1.0 + t * 0.75);
    uint32_t walls = wf_test_rng_below(r, 40);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            uint32_t p = wf_test_rng_below(r, 100);
            wf_grid_set(g, x, y, p < walls ? WF_TERRAIN_WALL
                                 : p < walls + 20 ? (uint8_t)(1 + p % 3)
                                                  : 0);
        }
    return g;
}

/* Graph A* on wf_graph_from_grid(g) costs the same as grid A* on g. */
static void test_graph_matches_grid(void **state) {
    (void)state;
    wf_test_rng r = {99};
    wf_search *ws;
    wf_path p;
    wf_node_path np;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_path_init(&p, NULL);
    wf_node_path_init(&np, NULL);
    int compared = 0;
    for (int gi = 0; gi < 400; gi++) {
        int w = 2 + (int)wf_test_rng_below(&r, 24);
        int h = 2 + (int)wf_test_rng_below(&r, 24);
        wf_grid *g = random_grid(&r, w, h);
        model m = models[gi % 4];
        wf_graph *gr;
        assert_int_equal(wf_graph_from_grid(g, wf_move_make(m.connect, m.corners), NULL, 1.0, NULL, &gr), WF_OK);
        wf_search_opts o = wf_search_opts_default();
        o.move.connect = m.connect;
        o.move.corners = m.corners;
        for (int q = 0; q < 8; q++) {
            wf_point s = {(int)wf_test_rng_below(&r, (uint32_t)w),
                          (int)wf_test_rng_below(&r, (uint32_t)h)};
            wf_point t = {(int)wf_test_rng_below(&r, (uint32_t)w),
                          (int)wf_test_rng_below(&r, (uint32_t)h)};
            int64_t sn = wf_test_cell_node(gr, s.x, s.y);
            int64_t tn = wf_test_cell_node(gr, t.x, t.y);
            wf_status gs = wf_search_grid(ws, g, s, t, &o, &p);
            if (sn < 0 || tn < 0) {
                assert_int_equal(gs, WF_NO_PATH);
                continue;
            }
            for (int algo = 0; algo < 2; algo++) {
                wf_search_opts go = wf_search_opts_default();
                go.algo = algo ? WF_ALGO_DIJKSTRA : WF_ALGO_ASTAR;
                wf_status ns = wf_search_graph(ws, gr, (uint32_t)sn,
                                               (uint32_t)tn, &go, &np);
                assert_int_equal(ns, gs);
                if (gs != WF_OK)
                    continue;
                assert_true(fabs(np.cost - p.cost) <= 1e-9 * fmax(1, p.cost));
                /* The nodes are the cells of a legal path. */
                double sum = 0;
                for (size_t i = 1; i < np.count; i++) {
                    wf_point a, b;
                    wf_graph_node_cell(gr, np.nodes[i - 1], &a);
                    wf_graph_node_cell(gr, np.nodes[i], &b);
                    double c = wf_grid_move_cost(g, a, b, wf_move_make(m.connect, m.corners));
                    assert_true(c > 0);
                    sum += c;
                }
                assert_true(fabs(sum - np.cost) <= 1e-9 * fmax(1, sum));
                compared++;
            }
        }
        wf_graph_destroy(gr);
        wf_grid_destroy(g);
    }
    print_message("%d graph searches matched the grid search\n", compared);
    assert_true(compared > 1000);
    wf_node_path_free(&np);
    wf_path_free(&p);
    wf_search_destroy(ws);
}

/* Seed 001's worked example: from 2D towards 1A (columns A–E are x 0–4,
 * rows 1–5 are y 0–4), the neighbours 1D, 2C, 3D have Manhattan 3, 3, 5
 * and Euclidean 3, 2.23, 3.60; A* expands fewer cells than Dijkstra. */
static void test_seed001(void **state) {
    (void)state;
    wf_point goal = {0, 0};
    wf_point nb[3] = {{3, 0}, {2, 1}, {3, 2}};
    double man[3] = {3, 3, 5}, euc[3] = {3, 2.23, 3.60};
    for (int i = 0; i < 3; i++) {
        int dx = nb[i].x - goal.x, dy = nb[i].y - goal.y;
        assert_true(wf_heuristic_distance(WF_H_MANHATTAN, wf_move_make(4, WF_CORNERS_NO_CUT), dx, dy) == man[i]);
        assert_true(fabs(wf_heuristic_distance(WF_H_EUCLIDEAN, wf_move_make(4, WF_CORNERS_NO_CUT), dx, dy) -
                         euc[i]) < 0.01);
    }
    assert_true(wf_heuristic_distance(WF_H_DEFAULT, wf_move_make(4, WF_CORNERS_NO_CUT), 3, 2) == 5);
    assert_true(fabs(wf_heuristic_distance(WF_H_DEFAULT, wf_move_default(), 3, 2) -
                     (1 + 2 * sqrt(2.0))) < 1e-12);
    assert_true(wf_heuristic_distance(WF_H_CHEBYSHEV, wf_move_default(), -3, 2) == 3);
    assert_true(wf_heuristic_distance(WF_H_ZERO, wf_move_default(), 3, 2) == 0);
    assert_true(wf_heuristic_distance(WF_H_CUSTOM, wf_move_default(), 3, 2) == -1);

    static const char *const rows[] = {".....", ".....", ".....", ".....",
                                       "....."};
    wf_grid *g = wf_test_grid(rows, 5);
    wf_search *ws;
    wf_path p;
    wf_path_init(&p, NULL);
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_search_opts o = wf_search_opts_default();
    o.move.connect = 4;
    wf_point s = {3, 1};
    assert_int_equal(wf_search_grid(ws, g, s, goal, &o, &p), WF_OK);
    uint64_t astar = p.stats.expanded;
    assert_true(p.cost == 4);
    o.algo = WF_ALGO_DIJKSTRA;
    assert_int_equal(wf_search_grid(ws, g, s, goal, &o, &p), WF_OK);
    print_message("A* expanded %llu cells, Dijkstra %llu\n",
                  (unsigned long long)astar,
                  (unsigned long long)p.stats.expanded);
    assert_true(astar < p.stats.expanded);
    wf_path_free(&p);
    wf_search_destroy(ws);
    wf_grid_destroy(g);
}

static uint32_t id_of(const wf_names *n, const char *s) {
    uint32_t id;
    assert_int_equal(wf_names_find(n, s, strlen(s), &id), WF_OK);
    return id;
}

/* Seed 004: a 20-waypoint graph with one-way arcs; the agent asks for the
 * next node at every step and reaches the goal. */
static void test_seed004_waypoints(void **state) {
    (void)state;
    wf_graph *g;
    wf_names *n;
    wf_diag d;
    assert_int_equal(wf_graph_file_read(WF_TEST_DATA "/waypoints.graph",
                                        NULL, &g, &n, &d), WF_OK);
    wf_search *ws;
    wf_node_path p;
    wf_node_path_init(&p, NULL);
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    /* Down from the rampart: the one-way drop is the short way. */
    uint32_t rampart = id_of(n, "rampart"), camp = id_of(n, "camp");
    assert_int_equal(wf_search_graph(ws, g, rampart, camp, NULL, &p), WF_OK);
    assert_int_equal(p.nodes[1], id_of(n, "drop"));
    double down = p.cost;
    uint32_t at = rampart, next;
    int steps = 0;
    while (wf_node_path_next(&p, at, &next) == WF_OK) {
        assert_true(wf_graph_edge_weight(g, at, next) > 0);
        at = next;
        steps++;
    }
    assert_int_equal(at, camp);
    assert_int_equal(steps, (int)p.count - 1);
    assert_int_equal(wf_node_path_next(&p, camp, &next), WF_ARRIVED);
    assert_int_equal(wf_node_path_next(&p, id_of(n, "gate"), &next),
                     WF_NO_PATH);
    /* Back up: the drop cannot be climbed, the way round is longer. */
    assert_int_equal(wf_search_graph(ws, g, camp, rampart, NULL, &p), WF_OK);
    for (size_t i = 0; i < p.count; i++)
        assert_true(p.nodes[i] != id_of(n, "drop"));
    assert_true(p.cost > down);
    /* A* and Dijkstra agree; A* expands no more. */
    uint64_t astar = p.stats.expanded;
    double cost = p.cost;
    wf_search_opts o = wf_search_opts_default();
    o.algo = WF_ALGO_DIJKSTRA;
    assert_int_equal(wf_search_graph(ws, g, camp, rampart, &o, &p), WF_OK);
    assert_true(p.cost == cost);
    assert_true(astar <= p.stats.expanded);
    /* No way out of the drop back up to the hill (one-way both). */
    assert_int_equal(wf_search_graph(ws, g, id_of(n, "drop"), id_of(n, "hill"),
                                     NULL, &p), WF_OK);
    assert_int_equal(wf_search_graph(ws, g, 0, 99, NULL, &p), WF_E_RANGE);
    o = wf_search_opts_default();
    o.heuristic = WF_H_MANHATTAN;
    assert_int_equal(wf_search_graph(ws, g, 0, 1, &o, &p), WF_E_INVALID_ARG);
    wf_node_path_free(&p);
    wf_search_destroy(ws);
    wf_graph_destroy(g);
    wf_names_destroy(n);
}

/* The automatic heuristic scale is admissible: with it, and with an
 * admissible but inconsistent custom heuristic, costs equal Dijkstra's. */
static double half_distance(void *ud, uint32_t u, uint32_t goal) {
    const wf_graph *g = ud;
    double a[3], b[3];
    wf_graph_position(g, u, a);
    wf_graph_position(g, goal, b);
    double dist = hypot(a[0] - b[0], a[1] - b[1]);
    return (u % 2 ? 1.0 : 0.3) * dist * wf_graph_h_scale(g);
}

static void test_heuristics_on_graphs(void **state) {
    (void)state;
    wf_test_rng r = {5};
    wf_search *ws;
    wf_node_path p;
    wf_node_path_init(&p, NULL);
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    for (int gi = 0; gi < 50; gi++) {
        wf_graph_builder *b;
        assert_int_equal(wf_graph_builder_create(2, NULL, &b), WF_OK);
        int n = 30;
        for (int i = 0; i < n; i++) {
            double pos[2] = {wf_test_rng_below(&r, 100),
                             wf_test_rng_below(&r, 100)};
            wf_graph_builder_add_node(b, pos, NULL);
        }
        for (int e = 0; e < 90; e++)
            wf_graph_builder_add_edge(b, wf_test_rng_below(&r, (uint32_t)n),
                                      wf_test_rng_below(&r, (uint32_t)n),
                                      1 + wf_test_rng_below(&r, 200),
                                      (int)wf_test_rng_below(&r, 2));
        wf_graph *g;
        assert_int_equal(wf_graph_build(b, &g), WF_OK);
        wf_graph_builder_destroy(b);
        for (uint32_t s = 0; s < 5; s++)
            for (uint32_t t = 0; t < (uint32_t)n; t++) {
                wf_search_opts o = wf_search_opts_default();
                o.algo = WF_ALGO_DIJKSTRA;
                wf_status ds = wf_search_graph(ws, g, s, t, &o, &p);
                double ref = p.cost;
                o.algo = WF_ALGO_ASTAR;
                assert_int_equal(wf_search_graph(ws, g, s, t, &o, &p), ds);
                if (ds == WF_OK)
                    assert_true(fabs(p.cost - ref) <= 1e-9 * fmax(1, ref));
                o.heuristic = WF_H_CUSTOM;
                o.node_h = half_distance;
                o.custom_ud = g;
                assert_int_equal(wf_search_graph(ws, g, s, t, &o, &p), ds);
                if (ds == WF_OK)
                    assert_true(fabs(p.cost - ref) <= 1e-9 * fmax(1, ref));
                o.weight = 2.0;
                o.heuristic = WF_H_DEFAULT;
                assert_int_equal(wf_search_graph(ws, g, s, t, &o, &p), ds);
                if (ds == WF_OK)
                    assert_true(p.cost <= 2 * ref + 1e-9 * fmax(1, ref));
            }
        wf_graph_destroy(g);
    }
    wf_node_path_free(&p);
    wf_search_destroy(ws);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_graph_matches_grid),
        cmocka_unit_test(test_seed001),
        cmocka_unit_test(test_seed004_waypoints),
        cmocka_unit_test(test_heuristics_on_graphs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
