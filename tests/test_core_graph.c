/* wf_graph: the builder, compressed rows, duplicates and self-loops, and
 * the graph of a grid. */
#include "wf_test.h"

#include <math.h>
#include <string.h>

static void test_builder(void **state) {
    (void)state;
    wf_graph_builder *b;
    assert_int_equal(wf_graph_builder_create(1, NULL, &b), WF_E_INVALID_ARG);
    assert_int_equal(wf_graph_builder_create(2, NULL, &b), WF_OK);
    double p[4][2] = {{0, 0}, {3, 4}, {6, 0}, {3, -4}};
    uint32_t id;
    for (int i = 0; i < 4; i++) {
        assert_int_equal(wf_graph_builder_add_node(b, p[i], &id), WF_OK);
        assert_int_equal(id, (uint32_t)i);
    }
    double bad[2] = {NAN, 0};
    assert_int_equal(wf_graph_builder_add_node(b, bad, &id), WF_E_INVALID_ARG);
    assert_int_equal(wf_graph_builder_add_node(b, NULL, &id), WF_E_INVALID_ARG);
    assert_int_equal(wf_graph_builder_add_edge(b, 0, 1, 5.0, 1), WF_OK);
    assert_int_equal(wf_graph_builder_add_edge(b, 1, 2, 7.0, 0), WF_OK);
    assert_int_equal(wf_graph_builder_add_edge(b, 1, 2, 6.0, 0), WF_OK);
    assert_int_equal(wf_graph_builder_add_edge(b, 2, 2, 1.0, 0), WF_OK);
    assert_int_equal(wf_graph_builder_add_edge(b, 3, 0, 9.0, 0), WF_OK);
    assert_int_equal(wf_graph_builder_add_edge(b, 0, 4, 1.0, 0), WF_E_RANGE);
    assert_int_equal(wf_graph_builder_add_edge(b, 0, 1, 0.0, 0),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_graph_builder_add_edge(b, 0, 1, -1.0, 0),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_graph_builder_add_edge(b, 0, 1, INFINITY, 0),
                     WF_E_INVALID_ARG);
    wf_graph *g;
    assert_int_equal(wf_graph_build(b, &g), WF_OK);
    assert_int_equal(wf_graph_node_count(g), 4);
    /* 0→1, 1→0, 1→2 (lightest of two), 3→0; the self-loop is gone. */
    assert_int_equal(wf_graph_edge_count(g), 4);
    assert_true(wf_graph_edge_weight(g, 1, 2) == 6.0);
    assert_true(wf_graph_edge_weight(g, 2, 1) == WF_BLOCKED);
    assert_true(wf_graph_edge_weight(g, 2, 2) == WF_BLOCKED);
    assert_true(wf_graph_edge_weight(g, 1, 0) == 5.0);
    const uint32_t *t;
    const double *w;
    assert_int_equal(wf_graph_out_edges(g, 1, &t, &w), 2);
    assert_int_equal(t[0], 0);
    assert_int_equal(t[1], 2);
    assert_int_equal(wf_graph_out_edges(g, 9, &t, &w), 0);
    double pos[3];
    assert_int_equal(wf_graph_position(g, 1, pos), WF_OK);
    assert_true(pos[0] == 3 && pos[1] == 4 && pos[2] == 0);
    assert_int_equal(wf_graph_position(g, 4, pos), WF_E_RANGE);
    assert_int_equal(wf_graph_dims(g), 2);
    /* Not a graph of a grid. */
    wf_point c;
    assert_int_equal(wf_graph_node_cell(g, 0, &c), WF_E_INVALID_ARG);
    assert_true(wf_test_cell_node(g, 0, 0) == -1);
    wf_graph_destroy(g);
    /* The builder stays usable. */
    assert_int_equal(wf_graph_builder_add_edge(b, 2, 3, 1.0, 0), WF_OK);
    assert_int_equal(wf_graph_build(b, &g), WF_OK);
    assert_int_equal(wf_graph_edge_count(g), 5);
    wf_graph_destroy(g);
    wf_graph_builder_destroy(b);
    wf_graph_builder_destroy(NULL);
    wf_graph_destroy(NULL);
}

static void test_no_positions(void **state) {
    (void)state;
    wf_graph_builder *b;
    assert_int_equal(wf_graph_builder_create(0, NULL, &b), WF_OK);
    assert_int_equal(wf_graph_builder_add_node(b, NULL, NULL), WF_OK);
    assert_int_equal(wf_graph_builder_add_node(b, NULL, NULL), WF_OK);
    assert_int_equal(wf_graph_builder_add_edge(b, 0, 1, 2.5, 1), WF_OK);
    wf_graph *g;
    assert_int_equal(wf_graph_build(b, &g), WF_OK);
    double pos[3];
    assert_int_equal(wf_graph_position(g, 0, pos), WF_E_INVALID_ARG);
    assert_int_equal(wf_graph_edge_count(g), 2);
    wf_graph_destroy(g);
    /* An empty graph builds too. */
    wf_graph_builder_destroy(b);
    assert_int_equal(wf_graph_builder_create(3, NULL, &b), WF_OK);
    assert_int_equal(wf_graph_build(b, &g), WF_OK);
    assert_int_equal(wf_graph_node_count(g), 0);
    wf_graph_destroy(g);
    wf_graph_builder_destroy(b);
}

/* Every move of the grid is an arc priced as the grid prices it, and
 * nothing else is. */
static void test_from_grid(void **state) {
    (void)state;
    static const char *const rows[] = {".#3.", "..#.", "9...", "#..#"};
    wf_grid *grid = wf_test_grid(rows, 4);
    static const struct {
        int connect;
        wf_corners corners;
    } models[] = {{4, WF_CORNERS_NO_CUT}, {8, WF_CORNERS_NO_CUT},
                  {8, WF_CORNERS_ALWAYS}, {8, WF_CORNERS_ONE_FREE}};
    for (size_t mi = 0; mi < 4; mi++) {
        wf_graph *g;
        assert_int_equal(wf_graph_from_grid(grid, wf_move_make(models[mi].connect, models[mi].corners), NULL, 32.0, NULL, &g), WF_OK);
        assert_int_equal(wf_graph_node_count(g), 12);
        size_t arcs = 0;
        for (int y = 0; y < 4; y++)
            for (int x = 0; x < 4; x++) {
                int64_t u = wf_test_cell_node(g, x, y);
                assert_true((u >= 0) == wf_grid_passable(grid, x, y));
                if (u < 0)
                    continue;
                wf_point c;
                assert_int_equal(wf_graph_node_cell(g, (uint32_t)u, &c), WF_OK);
                assert_true(c.x == x && c.y == y);
                double pos[3];
                assert_int_equal(wf_graph_position(g, (uint32_t)u, pos), WF_OK);
                assert_true(pos[0] == (x + 0.5) * 32 && pos[1] == (y + 0.5) * 32);
                for (int dy = -1; dy <= 1; dy++)
                    for (int dx = -1; dx <= 1; dx++) {
                        wf_point a = {x, y}, b = {x + dx, y + dy};
                        double want = (dx || dy)
                                          ? wf_grid_move_cost(grid, a, b, wf_move_make(models[mi].connect, models[mi].corners))
                                          : WF_BLOCKED;
                        int64_t v = wf_test_cell_node(g, b.x, b.y);
                        double got = v < 0 ? WF_BLOCKED
                                           : wf_graph_edge_weight(
                                                 g, (uint32_t)u, (uint32_t)v);
                        assert_true(got == want);
                        arcs += want > 0;
                    }
            }
        assert_int_equal(wf_graph_edge_count(g), arcs);
        assert_true(wf_test_cell_node(g, -1, 0) == -1);
        assert_true(wf_test_cell_node(g, 4, 0) == -1);
        wf_point c;
        assert_int_equal(wf_graph_node_cell(g, 12, &c), WF_E_RANGE);
        wf_graph_destroy(g);
    }
    wf_graph *g;
    assert_int_equal(wf_graph_from_grid(grid, wf_move_default(), NULL, 0.0, NULL, &g), WF_E_INVALID_ARG);
    assert_int_equal(wf_graph_from_grid(grid, wf_move_make(6, WF_CORNERS_NO_CUT), NULL, 1.0, NULL, &g), WF_E_INVALID_ARG);
    assert_int_equal(wf_graph_from_grid(NULL, wf_move_default(), NULL, 1.0, NULL, &g), WF_E_INVALID_ARG);
    wf_grid_destroy(grid);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_builder),
        cmocka_unit_test(test_no_positions),
        cmocka_unit_test(test_from_grid),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
