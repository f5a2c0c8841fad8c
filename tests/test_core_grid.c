/* wf_grid: sizes, cells, the cost table, move costs and corner rules. */
#include "wf_test.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void test_create_limits(void **state) {
    (void)state;
    wf_grid *g = (wf_grid *)1;
    assert_int_equal(wf_grid_create(0, 5, NULL, &g), WF_E_INVALID_ARG);
    assert_null(g);
    assert_int_equal(wf_grid_create(5, -1, NULL, &g), WF_E_INVALID_ARG);
    assert_int_equal(wf_grid_create(5, 5, NULL, NULL), WF_E_INVALID_ARG);
    assert_int_equal(wf_grid_create(WF_GRID_MAX_SIDE + 1, 1, NULL, &g),
                     WF_E_TOO_BIG);
    assert_int_equal(wf_grid_create(16385, 16384, NULL, &g), WF_E_TOO_BIG);
    assert_int_equal(wf_grid_create(1 << 30, 1 << 30, NULL, &g), WF_E_TOO_BIG);
    assert_null(g);
    assert_int_equal(wf_grid_create(7, 3, NULL, &g), WF_OK);
    assert_int_equal(wf_grid_width(g), 7);
    assert_int_equal(wf_grid_height(g), 3);
    wf_grid_destroy(g);
    wf_grid_destroy(NULL);
}

static void test_cells(void **state) {
    (void)state;
    wf_grid *g;
    assert_int_equal(wf_grid_create(4, 3, NULL, &g), WF_OK);
    assert_int_equal(wf_grid_get(g, 0, 0), 0);
    assert_int_equal(wf_grid_set(g, 3, 2, 42), WF_OK);
    assert_int_equal(wf_grid_get(g, 3, 2), 42);
    assert_int_equal(wf_grid_set(g, 4, 0, 1), WF_E_RANGE);
    assert_int_equal(wf_grid_set(g, 0, -1, 1), WF_E_RANGE);
    assert_int_equal(wf_grid_set(NULL, 0, 0, 1), WF_E_INVALID_ARG);
    assert_int_equal(wf_grid_get(g, -1, 0), -1);
    assert_int_equal(wf_grid_get(g, 0, 3), -1);
    assert_int_equal(wf_grid_get(NULL, 0, 0), -1);
    assert_true(wf_grid_contains(g, 3, 2));
    assert_false(wf_grid_contains(g, 4, 2));
    assert_int_equal(wf_grid_terrain_count(g, 42), 1);
    assert_int_equal(wf_grid_terrain_count(g, 0), 11);
    assert_int_equal(wf_grid_fill(g, 7), WF_OK);
    assert_int_equal(wf_grid_terrain_count(g, 7), 12);
    assert_int_equal(wf_grid_get(g, 3, 2), 7);

    wf_grid *c;
    assert_int_equal(wf_grid_set(g, 1, 1, WF_TERRAIN_WALL), WF_OK);
    assert_int_equal(wf_grid_clone(g, &c), WF_OK);
    assert_int_equal(wf_grid_set(g, 1, 1, 0), WF_OK);
    assert_int_equal(wf_grid_get(c, 1, 1), WF_TERRAIN_WALL);
    assert_false(wf_grid_passable(c, 1, 1));
    assert_true(wf_grid_passable(g, 1, 1));
    assert_int_equal(memcmp(wf_grid_cells(c), wf_grid_cells(g), 4), 0);
    wf_grid_destroy(c);
    wf_grid_destroy(g);
}

/* wf_grid_set_cells gives the grid wf_grid_set gives cell by cell: the
 * same codes, counts, passability, and the same paths for A* and for Jump
 * Point Search, which read the neighbour masks and the bit planes. */
static void test_set_cells(void **state) {
    (void)state;
    enum { W = 70, H = 9 };
    uint8_t t[W * H];
    uint64_t x = 88172645463325252u;
    for (size_t i = 0; i < sizeof t; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        t[i] = x % 4 == 0 ? WF_TERRAIN_WALL : 0;
    }
    wf_grid *a, *b;
    assert_int_equal(wf_grid_create(W, H, NULL, &a), WF_OK);
    assert_int_equal(wf_grid_create(W, H, NULL, &b), WF_OK);
    assert_int_equal(wf_grid_fill(b, WF_TERRAIN_WALL), WF_OK);
    for (int y = 0; y < H; y++)
        for (int c = 0; c < W; c++)
            assert_int_equal(wf_grid_set(a, c, y, t[y * W + c]), WF_OK);
    assert_int_equal(wf_grid_set_cells(b, t), WF_OK);
    assert_int_equal(memcmp(wf_grid_cells(a), wf_grid_cells(b), sizeof t), 0);
    for (int k = 0; k < 256; k++)
        assert_int_equal(wf_grid_terrain_count(a, (uint8_t)k), wf_grid_terrain_count(b, (uint8_t)k));
    for (int y = 0; y < H; y++)
        for (int c = 0; c < W; c++)
            assert_int_equal(wf_grid_passable(a, c, y), wf_grid_passable(b, c, y));

    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_path pa, pb;
    wf_path_init(&pa, NULL);
    wf_path_init(&pb, NULL);
    wf_algo algos[2] = {WF_ALGO_ASTAR, WF_ALGO_JPS};
    for (int i = 0; i < 2; i++) {
        wf_search_opts o = wf_search_opts_default();
        o.algo = algos[i];
        wf_point s = {0, 0}, goal = {W - 1, H - 1};
        wf_grid_set(a, 0, 0, 0), wf_grid_set(a, W - 1, H - 1, 0);
        wf_grid_set(b, 0, 0, 0), wf_grid_set(b, W - 1, H - 1, 0);
        wf_status sa = wf_search_grid(ws, a, s, goal, &o, &pa);
        assert_int_equal(wf_search_grid(ws, b, s, goal, &o, &pb), sa);
        assert_int_equal(pa.count, pb.count);
        assert_true(pa.cost == pb.cost);
        if (pa.count)
            assert_int_equal(memcmp(pa.points, pb.points, pa.count * sizeof *pa.points), 0);
    }
    wf_path_free(&pa);
    wf_path_free(&pb);
    wf_search_destroy(ws);

    /* Its own cells, and the errors. */
    assert_int_equal(wf_grid_set_cells(b, wf_grid_cells(b)), WF_OK);
    assert_int_equal(wf_grid_terrain_count(b, WF_TERRAIN_WALL), wf_grid_terrain_count(a, WF_TERRAIN_WALL));
    assert_int_equal(wf_grid_set_cells(NULL, t), WF_E_INVALID_ARG);
    assert_int_equal(wf_grid_set_cells(b, NULL), WF_E_INVALID_ARG);
    wf_grid_destroy(a);
    wf_grid_destroy(b);
}

static void test_costs(void **state) {
    (void)state;
    wf_grid *g;
    assert_int_equal(wf_grid_create(3, 3, NULL, &g), WF_OK);
    assert_true(wf_grid_cost(g, 0) == 1.0);
    assert_true(wf_grid_cost(g, WF_TERRAIN_WALL) == WF_BLOCKED);
    assert_int_equal(wf_grid_set_cost(g, 3, 0.0), WF_E_INVALID_ARG);
    assert_int_equal(wf_grid_set_cost(g, 3, -2.0), WF_E_INVALID_ARG);
    assert_int_equal(wf_grid_set_cost(g, 3, NAN), WF_E_INVALID_ARG);
    assert_int_equal(wf_grid_set_cost(g, 3, INFINITY), WF_E_INVALID_ARG);
    assert_int_equal(wf_grid_set_cost(NULL, 3, 1.0), WF_E_INVALID_ARG);
    assert_int_equal(wf_grid_set_cost(g, 3, 2.5), WF_OK);
    assert_true(wf_grid_cost(g, 3) == 2.5);

    /* The smallest cost present and passable scales the heuristics. */
    assert_true(wf_grid_min_cost(g) == 1.0);
    assert_int_equal(wf_grid_fill(g, 3), WF_OK);
    assert_true(wf_grid_min_cost(g) == 2.5);
    assert_int_equal(wf_grid_set_cost(g, 4, 0.25), WF_OK);
    assert_true(wf_grid_min_cost(g) == 2.5); /* no cell has terrain 4 */
    assert_int_equal(wf_grid_set(g, 0, 0, 4), WF_OK);
    assert_true(wf_grid_min_cost(g) == 0.25);
    assert_int_equal(wf_grid_set_cost(g, 4, WF_BLOCKED), WF_OK);
    assert_true(wf_grid_min_cost(g) == 2.5);
    assert_false(wf_grid_passable(g, 0, 0));
    /* Unblocking a code makes its cells passable again. */
    assert_int_equal(wf_grid_set_cost(g, 4, 0.5), WF_OK);
    assert_true(wf_grid_passable(g, 0, 0));
    wf_grid_destroy(g);
}

/* Move costs under each corner rule, around a single wall:
 *     . #
 *     . .      (wall at (1,0))                                           */
static void test_move_cost_corners(void **state) {
    (void)state;
    static const char *const rows[] = {".#.", "...", "..."};
    wf_grid *g = wf_test_grid(rows, 3);
    wf_point a = {0, 1}, ne = {1, 0}, b = {1, 1}, c = {0, 0}, d = {2, 0};
    /* Straight moves cost the target's cost. */
    assert_true(wf_grid_move_cost(g, a, b, wf_move_default()) == 1.0);
    /* Into a wall: never. */
    assert_true(wf_grid_move_cost(g, a, ne, wf_move_make(8, WF_CORNERS_ALWAYS)) ==
                WF_BLOCKED);
    /* (0,1) → (1,0) is the wall; test the diagonal (1,1) → (0,0) beside it:
     * its orthogonal neighbours are (0,1) free and (1,0) wall. */
    assert_true(wf_grid_move_cost(g, b, c, wf_move_default()) == WF_BLOCKED);
    assert_true(wf_grid_move_cost(g, b, c, wf_move_make(8, WF_CORNERS_ONE_FREE)) ==
                sqrt(2.0));
    assert_true(wf_grid_move_cost(g, b, c, wf_move_make(8, WF_CORNERS_ALWAYS)) == sqrt(2.0));
    assert_true(wf_grid_move_cost(g, b, d, wf_move_default()) == WF_BLOCKED);
    /* 4-connected: no diagonals at all. */
    assert_true(wf_grid_move_cost(g, b, c, wf_move_make(4, WF_CORNERS_ALWAYS)) == WF_BLOCKED);
    /* Not neighbours, off the grid, bad connectivity. */
    wf_point far = {2, 2}, off = {-1, 1};
    assert_true(wf_grid_move_cost(g, c, far, wf_move_make(8, WF_CORNERS_ALWAYS)) ==
                WF_BLOCKED);
    assert_true(wf_grid_move_cost(g, a, off, wf_move_make(8, WF_CORNERS_ALWAYS)) ==
                WF_BLOCKED);
    assert_true(wf_grid_move_cost(g, a, b, wf_move_make(6, WF_CORNERS_ALWAYS)) == WF_BLOCKED);
    wf_grid_destroy(g);

    /* Both sides walled: only `always` passes between them. */
    static const char *const gap[] = {".#", "#."};
    g = wf_test_grid(gap, 2);
    wf_point p = {0, 0}, q = {1, 1};
    assert_true(wf_grid_move_cost(g, p, q, wf_move_default()) == WF_BLOCKED);
    assert_true(wf_grid_move_cost(g, p, q, wf_move_make(8, WF_CORNERS_ONE_FREE)) ==
                WF_BLOCKED);
    assert_true(wf_grid_move_cost(g, p, q, wf_move_make(8, WF_CORNERS_ALWAYS)) == sqrt(2.0));
    wf_grid_destroy(g);
}

static void test_terrain_costs_in_moves(void **state) {
    (void)state;
    static const char *const rows[] = {".5", "9."};
    wf_grid *g = wf_test_grid(rows, 2);
    wf_point a = {0, 0}, b = {1, 0}, c = {0, 1}, d = {1, 1};
    assert_true(wf_grid_move_cost(g, a, b, wf_move_make(4, WF_CORNERS_NO_CUT)) == 5.0);
    assert_true(wf_grid_move_cost(g, a, c, wf_move_make(4, WF_CORNERS_NO_CUT)) == 9.0);
    assert_true(wf_grid_move_cost(g, b, a, wf_move_make(4, WF_CORNERS_NO_CUT)) == 1.0);
    assert_true(wf_grid_move_cost(g, a, d, wf_move_default()) ==
                sqrt(2.0) * 1.0);
    assert_true(wf_grid_move_cost(g, c, b, wf_move_default()) ==
                sqrt(2.0) * 5.0);
    wf_grid_destroy(g);
}

/* The largest grid the issue asks for can be created; its edges work. */
/* The largest grid by default; WF_TEST_HUGE_SIDE (64..16384) picks a
 * smaller one where every byte is slow to touch (make check-valgrind). */
static void test_huge_grid(void **state) {
    (void)state;
    int side = 16384;
    const char *env = getenv("WF_TEST_HUGE_SIDE");
    if (env && *env) {
        side = atoi(env);
        assert_true(side >= 64 && side <= 16384);
    }
    print_message("huge grid: %d x %d\n", side, side);
    wf_grid *g;
    assert_int_equal(wf_grid_create(side, side, NULL, &g), WF_OK);
    assert_int_equal(wf_grid_set(g, side - 1, side - 1, 9), WF_OK);
    assert_int_equal(wf_grid_get(g, side - 1, side - 1), 9);
    assert_int_equal(wf_grid_set(g, side, 0, 9), WF_E_RANGE);
    wf_grid_destroy(g);
}

static void test_status_text(void **state) {
    (void)state;
    assert_string_equal(wf_status_name(WF_NO_PATH), "NO_PATH");
    assert_string_equal(wf_status_name(WF_E_NOMEM), "E_NOMEM");
    assert_non_null(strstr(wf_strerror(WF_E_TOO_BIG), "too large"));
    assert_non_null(wf_strerror((wf_status)12345));
    assert_string_equal(wf_version_string(), WF_VERSION_STRING);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_create_limits),
        cmocka_unit_test(test_cells),
        cmocka_unit_test(test_set_cells),
        cmocka_unit_test(test_costs),
        cmocka_unit_test(test_move_cost_corners),
        cmocka_unit_test(test_terrain_costs_in_moves),
        cmocka_unit_test(test_huge_grid),
        cmocka_unit_test(test_status_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
