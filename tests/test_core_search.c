/* wf_search_grid on hand-made maps: the seed 003 maze, corner rules,
 * terrain costs, no path, partial paths, bad arguments, allocation. */
#include "wf_test.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The seed 003 maze ('#' = the article's 0). */
static const char *const maze[10] = {
    ".#......#.", ".#.#.#....", "...#.#.##.", ".##.....#.", ".#..##..#.",
    "..#.....#.", "#.#.#.####", "#.#..#....", "#.#.....#.", "..##.#..#.",
};

typedef struct fixture {
    wf_search *ws;
    wf_path path;
} fixture;

static int setup(void **state) {
    fixture *f = calloc(1, sizeof *f);
    if (!f || wf_search_create(NULL, &f->ws) != WF_OK)
        return -1;
    wf_path_init(&f->path, NULL);
    *state = f;
    return 0;
}

static int teardown(void **state) {
    fixture *f = *state;
    wf_path_free(&f->path);
    wf_search_destroy(f->ws);
    free(f);
    return 0;
}

static wf_status run(fixture *f, const wf_grid *g, int sx, int sy, int gx,
                     int gy, const wf_search_opts *o) {
    wf_point s = {sx, sy}, t = {gx, gy};
    return wf_search_grid(f->ws, g, s, t, o, &f->path);
}

/* Every step of f->path is a legal move and the costs add up. */
static void assert_path_legal(const fixture *f, const wf_grid *g,
                              const wf_search_opts *o) {
    double sum = 0;
    for (size_t i = 1; i < f->path.count; i++) {
        double c = wf_grid_move_cost(g, f->path.points[i - 1], f->path.points[i], o->move);
        assert_true(c > 0);
        sum += c;
    }
    assert_true(fabs(sum - f->path.cost) <= 1e-9 * fmax(1, sum));
}

static void test_seed003_maze(void **state) {
    fixture *f = *state;
    wf_grid *g = wf_test_grid(maze, 10);
    wf_search_opts o = wf_search_opts_default();
    o.move.connect = 4;
    o.heuristic = WF_H_MANHATTAN;
    assert_int_equal(run(f, g, 0, 0, 9, 9, &o), WF_OK);
    assert_true(f->path.cost == 26.0);
    assert_int_equal(f->path.count, 27);
    assert_int_equal(f->path.points[0].x, 0);
    assert_int_equal(f->path.points[0].y, 0);
    assert_int_equal(f->path.points[26].x, 9);
    assert_int_equal(f->path.points[26].y, 9);
    assert_path_legal(f, g, &o);
    uint64_t astar = f->path.stats.expanded;
    assert_true(f->path.stats.generated >= astar);
    assert_true(f->path.stats.heap_ops > 0);

    /* Dijkstra finds the same cost and expands at least as many cells. */
    o.algo = WF_ALGO_DIJKSTRA;
    assert_int_equal(run(f, g, 0, 0, 9, 9, &o), WF_OK);
    assert_true(f->path.cost == 26.0);
    assert_true(f->path.stats.expanded >= astar);

    /* The default heuristic for 4-connected moves is Manhattan. */
    o = wf_search_opts_default();
    o.move.connect = 4;
    assert_int_equal(run(f, g, 0, 0, 9, 9, &o), WF_OK);
    assert_true(f->path.cost == 26.0);
    assert_int_equal(f->path.stats.expanded, astar);

    /* What the search touched: as many explored cells as it expanded, a
     * frontier, and the walls never seen. */
    uint8_t cells[100];
    assert_int_equal(wf_search_cell_states(f->ws, g, cells), WF_OK);
    size_t explored = 0, frontier = 0;
    for (int i = 0; i < 100; i++) {
        explored += cells[i] == WF_CELL_EXPLORED;
        frontier += cells[i] == WF_CELL_FRONTIER;
    }
    assert_int_equal(explored, f->path.stats.expanded);
    assert_true(frontier >= 1); /* the goal, reached but not expanded */
    assert_int_equal(cells[1], WF_CELL_UNSEEN); /* a wall */
    assert_int_equal(wf_search_cell_states(f->ws, NULL, cells), WF_E_INVALID_ARG);

    /* Walling the goal in: "search failed". */
    assert_int_equal(wf_grid_set(g, 9, 8, WF_TERRAIN_WALL), WF_OK);
    assert_int_equal(wf_grid_set(g, 8, 9, WF_TERRAIN_WALL), WF_OK);
    assert_int_equal(run(f, g, 0, 0, 9, 9, &o), WF_NO_PATH);
    assert_int_equal(f->path.count, 0);
    wf_grid_destroy(g);
}

/* A single wall beside the diagonal (0,0) → (1,1). */
static void test_corner_rules(void **state) {
    fixture *f = *state;
    static const char *const one[] = {".#", ".."};
    static const char *const two[] = {".#", "#."};
    wf_grid *g1 = wf_test_grid(one, 2), *g2 = wf_test_grid(two, 2);
    wf_search_opts o = wf_search_opts_default();

    o.move.corners = WF_CORNERS_NO_CUT;
    assert_int_equal(run(f, g1, 0, 0, 1, 1, &o), WF_OK);
    assert_true(f->path.cost == 2.0);
    assert_int_equal(run(f, g2, 0, 0, 1, 1, &o), WF_NO_PATH);

    o.move.corners = WF_CORNERS_ONE_FREE;
    assert_int_equal(run(f, g1, 0, 0, 1, 1, &o), WF_OK);
    assert_true(f->path.cost == sqrt(2.0));
    assert_int_equal(run(f, g2, 0, 0, 1, 1, &o), WF_NO_PATH);

    o.move.corners = WF_CORNERS_ALWAYS;
    assert_int_equal(run(f, g1, 0, 0, 1, 1, &o), WF_OK);
    assert_true(f->path.cost == sqrt(2.0));
    assert_int_equal(run(f, g2, 0, 0, 1, 1, &o), WF_OK);
    assert_true(f->path.cost == sqrt(2.0));
    assert_int_equal(f->path.count, 2);

    o.move.connect = 4; /* the corner rule does not matter without diagonals */
    assert_int_equal(run(f, g1, 0, 0, 1, 1, &o), WF_OK);
    assert_true(f->path.cost == 2.0);
    assert_int_equal(run(f, g2, 0, 0, 1, 1, &o), WF_NO_PATH);
    wf_grid_destroy(g1);
    wf_grid_destroy(g2);
}

/* A band of dear terrain is walked around when that is cheaper. */
static void test_terrain_costs(void **state) {
    fixture *f = *state;
    static const char *const rows[] = {
        ".......",
        ".99999.",
        ".......",
    };
    wf_grid *g = wf_test_grid(rows, 3);
    wf_search_opts o = wf_search_opts_default();
    o.move.connect = 4;
    /* Straight through (0,1)→(6,1) would cost 5×9+1; around costs 8. */
    assert_int_equal(run(f, g, 0, 1, 6, 1, &o), WF_OK);
    assert_true(f->path.cost == 8.0);
    assert_path_legal(f, g, &o);
    /* With every cell dear the heuristic is scaled and stays admissible. */
    assert_int_equal(wf_grid_set_cost(g, 0, 10.0), WF_OK);
    assert_int_equal(run(f, g, 0, 1, 6, 1, &o), WF_OK);
    assert_true(f->path.cost == 5 * 9 + 10.0);
    o.move.connect = 8;
    assert_int_equal(run(f, g, 0, 0, 6, 2, &o), WF_OK);
    assert_path_legal(f, g, &o);
    wf_grid_destroy(g);
}

static void test_trivial_and_blocked(void **state) {
    fixture *f = *state;
    static const char *const rows[] = {"..#", "...", "..."};
    wf_grid *g = wf_test_grid(rows, 3);
    assert_int_equal(run(f, g, 1, 1, 1, 1, NULL), WF_OK);
    assert_int_equal(f->path.count, 1);
    assert_true(f->path.cost == 0.0);
    assert_int_equal(run(f, g, 2, 0, 0, 0, NULL), WF_NO_PATH); /* start */
    assert_int_equal(f->path.count, 0);
    assert_int_equal(run(f, g, 0, 0, 2, 0, NULL), WF_NO_PATH); /* goal */
    assert_int_equal(run(f, g, 2, 0, 2, 0, NULL), WF_NO_PATH);
    assert_int_equal(run(f, g, 0, 0, 3, 0, NULL), WF_E_RANGE);
    assert_int_equal(run(f, g, -1, 0, 1, 0, NULL), WF_E_RANGE);
    assert_int_equal(run(f, g, 0, 0, 0, 3, NULL), WF_E_RANGE);
    wf_grid_destroy(g);
}

static void test_bad_options(void **state) {
    fixture *f = *state;
    static const char *const rows[] = {"..", ".."};
    wf_grid *g = wf_test_grid(rows, 2);
    wf_point p = {0, 0};
    wf_search_opts o = wf_search_opts_default();
    assert_int_equal(wf_search_grid(NULL, g, p, p, &o, &f->path),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_search_grid(f->ws, NULL, p, p, &o, &f->path),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_search_grid(f->ws, g, p, p, &o, NULL),
                     WF_E_INVALID_ARG);
    o.move.connect = 6;
    assert_int_equal(run(f, g, 0, 0, 1, 1, &o), WF_E_INVALID_ARG);
    o = wf_search_opts_default();
    o.weight = 0.5;
    assert_int_equal(run(f, g, 0, 0, 1, 1, &o), WF_E_INVALID_ARG);
    o.weight = NAN;
    assert_int_equal(run(f, g, 0, 0, 1, 1, &o), WF_E_INVALID_ARG);
    o.weight = INFINITY;
    assert_int_equal(run(f, g, 0, 0, 1, 1, &o), WF_E_INVALID_ARG);
    o = wf_search_opts_default();
    o.heuristic = WF_H_CUSTOM; /* without a function */
    assert_int_equal(run(f, g, 0, 0, 1, 1, &o), WF_E_INVALID_ARG);
    o = wf_search_opts_default();
    o.move.corners = (wf_corners)9;
    assert_int_equal(run(f, g, 0, 0, 1, 1, &o), WF_E_INVALID_ARG);
    o = wf_search_opts_default();
    o.algo = (wf_algo)9;
    assert_int_equal(run(f, g, 0, 0, 1, 1, &o), WF_E_INVALID_ARG);
    wf_grid_destroy(g);
}

/* With an expansion limit the search stops early and returns a legal path
 * to the expanded cell nearest the goal. */
static void test_partial(void **state) {
    fixture *f = *state;
    wf_grid *g;
    assert_int_equal(wf_grid_create(200, 200, NULL, &g), WF_OK);
    for (int y = 0; y < 190; y++) /* a long wall forces a detour */
        assert_int_equal(wf_grid_set(g, 100, y, WF_TERRAIN_WALL), WF_OK);
    wf_search_opts o = wf_search_opts_default();
    o.max_expansions = 50;
    assert_int_equal(run(f, g, 10, 10, 190, 10, &o), WF_PARTIAL);
    assert_true(f->path.stats.expanded <= 50);
    assert_true(f->path.count >= 2);
    assert_int_equal(f->path.points[0].x, 10);
    assert_int_equal(f->path.points[0].y, 10);
    wf_point end = f->path.points[f->path.count - 1];
    assert_true(abs(190 - end.x) < 180); /* closer than the start */
    assert_path_legal(f, g, &o);
    /* A limit the search does not reach changes nothing. */
    o.max_expansions = 1000000;
    assert_int_equal(run(f, g, 10, 10, 190, 10, &o), WF_OK);
    double cost = f->path.cost;
    o.max_expansions = 0;
    assert_int_equal(run(f, g, 10, 10, 190, 10, &o), WF_OK);
    assert_true(f->path.cost == cost);
    wf_grid_destroy(g);
}

/* Weighted A* is bounded: cost <= w × optimal. */
static void test_weighted(void **state) {
    fixture *f = *state;
    wf_grid *g;
    assert_int_equal(wf_grid_create(64, 64, NULL, &g), WF_OK);
    /* Walls every 8 columns, each with one gap: always solvable. */
    wf_test_rng rng = {7};
    for (int x = 4; x < 64; x += 8) {
        int gap = (int)wf_test_rng_below(&rng, 64);
        for (int y = 0; y < 64; y++)
            if (y != gap)
                wf_grid_set(g, x, y, WF_TERRAIN_WALL);
    }
    wf_search_opts o = wf_search_opts_default();
    wf_status st = run(f, g, 0, 0, 63, 63, &o);
    assert_int_equal(st, WF_OK);
    double best = f->path.cost;
    o.weight = 2.0;
    assert_int_equal(run(f, g, 0, 0, 63, 63, &o), WF_OK);
    assert_true(f->path.cost >= best - 1e-9);
    assert_true(f->path.cost <= 2.0 * best + 1e-9);
    assert_path_legal(f, g, &o);
    wf_grid_destroy(g);
}

/* The same answers whether the workspace is fresh or has served many
 * queries, on grids of different sizes in turn. */
static void test_workspace_reuse(void **state) {
    fixture *f = *state;
    static const char *const small[] = {"...", ".#.", "..."};
    wf_grid *a = wf_test_grid(maze, 10), *b = wf_test_grid(small, 3);
    wf_search_opts o = wf_search_opts_default();
    o.move.connect = 4;
    for (int i = 0; i < 100; i++) {
        assert_int_equal(run(f, i % 2 ? a : b, 0, 0, 2, 2, &o), WF_OK);
        assert_int_equal(run(f, a, 0, 0, 9, 9, &o), WF_OK);
        assert_true(f->path.cost == 26.0);
        assert_int_equal(run(f, b, 0, 0, 2, 2, &o), WF_OK);
        assert_true(f->path.cost == 4.0);
    }
    /* At most 20 bytes per cell, open list included. */
    wf_search *fresh;
    assert_int_equal(wf_search_create(NULL, &fresh), WF_OK);
    assert_int_equal(wf_search_bytes(fresh), 0);
    assert_int_equal(wf_search_reserve(fresh, 100), WF_OK);
    assert_true(wf_search_bytes(fresh) >= 100);
    assert_true(wf_search_bytes(fresh) <= 20 * 100);
    wf_search_destroy(fresh);
    wf_grid_destroy(a);
    wf_grid_destroy(b);
}

/* An allocator that counts calls and can be told to fail. */
typedef struct counting {
    int calls;
    int fail_at; /* 0: never */
} counting;

static void *counting_alloc(void *ud, void *p, size_t old, size_t size) {
    counting *c = ud;
    (void)old;
    if (size == 0) {
        free(p);
        return NULL;
    }
    if (++c->calls == c->fail_at)
        return NULL;
    return realloc(p, size);
}

/* After wf_search_reserve and wf_path_reserve a query allocates nothing;
 * a failed allocation is reported as WF_E_NOMEM. */
static void test_no_allocation_in_query(void **state) {
    (void)state;
    counting cnt = {0, 0};
    wf_allocator al = {counting_alloc, &cnt};
    wf_grid *g = wf_test_grid(maze, 10);
    wf_search *ws;
    wf_path p;
    assert_int_equal(wf_search_create(&al, &ws), WF_OK);
    wf_path_init(&p, &al);
    assert_int_equal(wf_search_reserve(ws, 100), WF_OK);
    assert_int_equal(wf_path_reserve(&p, 100), WF_OK);
    int before = cnt.calls;
    wf_point s = {0, 0}, t = {9, 9};
    for (int i = 0; i < 10; i++)
        assert_int_equal(wf_search_grid(ws, g, s, t, NULL, &p), WF_OK);
    assert_int_equal(cnt.calls, before);
    wf_path_free(&p);
    wf_search_destroy(ws);

    for (int n = 1; n <= 3; n++) {
        cnt.calls = 0;
        cnt.fail_at = n;
        wf_status st = wf_search_create(&al, &ws);
        wf_path_init(&p, &al);
        if (st == WF_OK)
            st = wf_search_grid(ws, g, s, t, NULL, &p);
        assert_true(st == WF_E_NOMEM || (st == WF_OK && n > cnt.calls));
        wf_path_free(&p);
        wf_search_destroy(ws);
    }
    assert_int_equal(wf_search_reserve(NULL, 10), WF_E_INVALID_ARG);
    assert_int_equal(wf_search_create(NULL, NULL), WF_E_INVALID_ARG);
    wf_search_destroy(NULL);
    wf_grid_destroy(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_seed003_maze),
        cmocka_unit_test(test_corner_rules),
        cmocka_unit_test(test_terrain_costs),
        cmocka_unit_test(test_trivial_and_blocked),
        cmocka_unit_test(test_bad_options),
        cmocka_unit_test(test_partial),
        cmocka_unit_test(test_weighted),
        cmocka_unit_test(test_workspace_reuse),
        cmocka_unit_test(test_no_allocation_in_query),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
