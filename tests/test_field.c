/* Dijkstra maps equal single-source searches (to the sources on grids,
 * from them on graphs); flow fields walk least-cost
 * paths; flee maps lead away. */
#include "wf_test.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static wf_grid *random_grid(wf_test_rng *r, int W, int H) {
    wf_grid *g;
    assert_int_equal(wf_grid_create(W, H, NULL, &g), WF_OK);
    wf_grid_set_cost(g, 1, 2.5);
    wf_grid_set_cost(g, 2, 0.5);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            uint32_t p = wf_test_rng_below(r, 100);
            wf_grid_set(g, x, y, p < 25 ? WF_TERRAIN_WALL : p < 40 ? 1 : p < 50 ? 2 : 0);
        }
    return g;
}

static int close_to(double a, double b) {
    return fabs(a - b) <= 1e-5 * fmax(1.0, fabs(b));
}

static void test_grid_map_matches_searches(void **state) {
    (void)state;
    wf_test_rng r = {11};
    wf_search *ws;
    wf_path p;
    wf_path_init(&p, NULL);
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    for (int gi = 0; gi < 60; gi++) {
        int W = 4 + (int)wf_test_rng_below(&r, 20), H = 4 + (int)wf_test_rng_below(&r, 20);
        wf_grid *g = random_grid(&r, W, H);
        int connect = gi % 2 ? 8 : 4;
        wf_corners k = (wf_corners)(gi % 3);
        wf_field_source src[3];
        size_t n = 1 + wf_test_rng_below(&r, 3);
        for (size_t i = 0; i < n; i++) {
            src[i].cell.x = (int)wf_test_rng_below(&r, (uint32_t)W);
            src[i].cell.y = (int)wf_test_rng_below(&r, (uint32_t)H);
            src[i].value = (double)wf_test_rng_below(&r, 5);
        }
        float *field = malloc((size_t)(W * H) * sizeof *field);
        int8_t *flow = malloc((size_t)(W * H));
        assert_int_equal(wf_field_dijkstra_grid(ws, g, src, n, wf_move_make(connect, k), NULL, field),
                         WF_OK);
        assert_int_equal(wf_field_flow_grid(g, (wf_layer){field, (size_t)wf_grid_width(g) * (size_t)wf_grid_height(g)}, wf_move_make(connect, k), NULL, flow), WF_OK);
        wf_search_opts o = wf_search_opts_default();
        o.move.connect = connect;
        o.move.corners = k;
        o.algo = WF_ALGO_DIJKSTRA;
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) {
                double best = INFINITY;
                for (size_t i = 0; i < n; i++) {
                    wf_point t = {x, y};
                    if (wf_search_grid(ws, g, t, src[i].cell, &o, &p) == WF_OK)
                        best = fmin(best, src[i].value + p.cost);
                }
                float f = field[y * W + x];
                assert_true(isinf(best) ? isinf(f) : close_to(f, best));
                if (isinf(best))
                    continue;
                /* Following the flow reaches a source, paying the field. */
                wf_point c = {x, y};
                double paid = 0;
                for (int steps = 0; flow[c.y * W + c.x] >= 0; steps++) {
                    int d = flow[c.y * W + c.x];
                    wf_point nx = {c.x + wf_field_flow_dx[d], c.y + wf_field_flow_dy[d]};
                    double mc = wf_grid_move_cost(g, c, nx, wf_move_make(connect, k));
                    assert_true(mc > 0);
                    paid += mc;
                    c = nx;
                    assert_true(steps < W * H);
                }
                assert_int_equal(flow[c.y * W + c.x], WF_FLOW_SOURCE);
                assert_true(close_to(field[c.y * W + c.x] + paid, f));
            }
        free(field);
        free(flow);
        wf_grid_destroy(g);
    }
    wf_path_free(&p);
    wf_search_destroy(ws);
}

static void test_graph_map(void **state) {
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
    uint32_t src[2] = {0, 18};
    double val[2] = {0, 7};
    float out[20];
    assert_int_equal(wf_field_dijkstra_graph(ws, g, src, val, 2, out), WF_OK);
    for (uint32_t v = 0; v < 20; v++) {
        double best = INFINITY;
        for (int i = 0; i < 2; i++)
            if (wf_search_graph(ws, g, src[i], v, NULL, &p) == WF_OK)
                best = fmin(best, val[i] + p.cost);
        assert_true(isinf(best) ? isinf(out[v]) : close_to(out[v], best));
    }
    uint32_t bad = 20;
    assert_int_equal(wf_field_dijkstra_graph(ws, g, &bad, NULL, 1, out),
                     WF_E_RANGE);
    wf_node_path_free(&p);
    wf_search_destroy(ws);
    wf_graph_destroy(g);
    wf_names_destroy(n);
}

/* Flee: from a cell next to the threat in a corridor, walking the flee
 * map's flow leads away from the threat. */
static void test_flee(void **state) {
    (void)state;
    static const char *const rows[] = {
        "####################",
        "#..................#",
        "#.######.#########.#",
        "#.#....#.#.......#.#",
        "#..................#",
        "####################",
    };
    wf_grid *g = wf_test_grid(rows, 6);
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    float dist[120], flee[120];
    int8_t flow[120];
    wf_field_source threat = {{10, 1}, 0};
    assert_int_equal(wf_field_dijkstra_grid(ws, g, &threat, 1, wf_move_default(), NULL, dist), WF_OK);
    assert_int_equal(wf_field_flee_grid(ws, g, (wf_layer){dist, (size_t)wf_grid_width(g) * (size_t)wf_grid_height(g)}, 1.2, wf_move_default(), NULL, flee), WF_OK);
    assert_int_equal(wf_field_flow_grid(g, (wf_layer){flee, (size_t)wf_grid_width(g) * (size_t)wf_grid_height(g)}, wf_move_default(), NULL, flow),
                     WF_OK);
    wf_point c = {9, 1};
    for (int i = 0; i < 6 && flow[c.y * 20 + c.x] != WF_FLOW_UNREACHABLE; i++) {
        int d = flow[c.y * 20 + c.x];
        wf_point nx = {c.x + wf_field_flow_dx[d], c.y + wf_field_flow_dy[d]};
        assert_true(dist[nx.y * 20 + nx.x] >= dist[c.y * 20 + c.x] - 1.5f);
        c = nx;
    }
    assert_true(dist[c.y * 20 + c.x] > 4);
    assert_int_equal(wf_field_flee_grid(ws, g, (wf_layer){dist, (size_t)wf_grid_width(g) * (size_t)wf_grid_height(g)}, 0.0, wf_move_default(), NULL, flee), WF_E_INVALID_ARG);
    wf_field_source off = {{20, 0}, 0};
    assert_int_equal(wf_field_dijkstra_grid(ws, g, &off, 1, wf_move_default(), NULL, dist), WF_E_RANGE);
    off.cell.x = 1;
    off.value = NAN;
    assert_int_equal(wf_field_dijkstra_grid(ws, g, &off, 1, wf_move_default(), NULL, dist), WF_E_INVALID_ARG);
    wf_search_destroy(ws);
    wf_grid_destroy(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_grid_map_matches_searches),
        cmocka_unit_test(test_graph_map),
        cmocka_unit_test(test_flee),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
