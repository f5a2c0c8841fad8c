/* JPS+ (wf_jump_table): its costs equal A*'s on random maps of every
 * shape (one cell wide or tall, widths around the 64-bit word) and on
 * Moving AI scenarios; a table of another grid, or stale after an edit,
 * is refused; the local update gives exactly the table a rebuild gives. */
#include "wf_test.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wf_core_private.h"

/* A w × h grid with walls at density pct %, from r. */
static wf_grid *random_grid(wf_test_rng *r, int w, int h, unsigned pct) {
    wf_grid *g = NULL;
    assert_int_equal(wf_grid_create(w, h, NULL, &g), WF_OK);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            if (wf_test_rng_below(r, 100) < pct)
                assert_int_equal(wf_grid_set(g, x, y, WF_TERRAIN_WALL), WF_OK);
    return g;
}

/* The path is legal (8-connected no-cut moves between free cells, start
 * to goal) and its cost is what A* finds, and A* agrees there is one. */
static void check_against_astar(wf_search *ws, const wf_grid *g,
                                const wf_jump_table *t, wf_point s,
                                wf_point goal, wf_algo algo, wf_path *p,
                                wf_path *a) {
    wf_search_opts o = wf_search_opts_default();
    const wf_status sa = wf_search_grid(ws, g, s, goal, &o, a);
    o.algo = algo;
    o.jumps = t;
    const wf_status sp = wf_search_grid(ws, g, s, goal, &o, p);
    assert_int_equal(sp, sa);
    /* auto may scan instead on maps of scattered obstacles (auto.c) */
    if (algo == WF_ALGO_AUTO)
        assert_true(p->stats.engine == WF_ALGO_JPS_PLUS ||
                    p->stats.engine == WF_ALGO_JPS);
    else
        assert_int_equal(p->stats.engine, WF_ALGO_JPS_PLUS);
    if (sa != WF_OK)
        return;
    const wf_test_pricing pr = {g, wf_move_default(), NULL, NULL, NULL, NULL};
    wf_test_check_path(&pr, p);
    assert_int_equal(p->points[0].x, s.x);
    assert_int_equal(p->points[0].y, s.y);
    assert_int_equal(p->points[p->count - 1].x, goal.x);
    assert_int_equal(p->points[p->count - 1].y, goal.y);
    if (!wf_test_close(p->cost, a->cost))
        fprintf(stderr, "(%d,%d)->(%d,%d): jps+ %.12g, A* %.12g\n", s.x, s.y,
                goal.x, goal.y, p->cost, a->cost);
    assert_true(wf_test_close(p->cost, a->cost));
}

/* The table verifies against its grid and equals a fresh build. */
static void check_table(const wf_jump_table *t, const wf_grid *g) {
    size_t cell;
    int dir;
    int32_t want;
    assert_true(wf__jump_table_verify(t, g, &cell, &dir, &want));
    wf_jump_table *fresh = NULL;
    assert_int_equal(wf_jump_table_create(g, NULL, &fresh), WF_OK);
    assert_memory_equal(fresh->dist, t->dist, g->cells * 8 * sizeof(int32_t));
    wf_jump_table_destroy(fresh);
}

static void run_shape(wf_test_rng *r, wf_search *ws, int w, int h,
                      unsigned pct, int queries) {
    wf_grid *g = random_grid(r, w, h, pct);
    wf_jump_table *t = NULL;
    assert_int_equal(wf_jump_table_create(g, NULL, &t), WF_OK);
    assert_true(wf_jump_table_current(t, g));
    wf_path p, a;
    wf_path_init(&p, NULL);
    wf_path_init(&a, NULL);
    static const wf_algo algos[] = {WF_ALGO_JPS, WF_ALGO_JPS_PLUS,
                                    WF_ALGO_AUTO};
    for (int q = 0; q < queries; q++) {
        const wf_point s = wf_test_random_cell(r, g);
        const wf_point goal = wf_test_random_cell(r, g);
        check_against_astar(ws, g, t, s, goal, algos[q % 3], &p, &a);
    }
    wf_path_free(&p);
    wf_path_free(&a);
    wf_jump_table_destroy(t);
    wf_grid_destroy(g);
}

static void test_random_maps(void **state) {
    (void)state;
    wf_test_rng r = {0x5eed1601};
    wf_search *ws = NULL;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    static const int shapes[][2] = {
        {1, 1},  {1, 2},   {2, 1},  {1, 40},  {40, 1},  {1, 130}, {130, 1},
        {2, 70}, {63, 9},  {64, 9}, {65, 9},  {9, 63},  {9, 64},  {9, 65},
        {63, 63}, {64, 64}, {65, 65}, {127, 5}, {128, 3}, {129, 7}, {3, 3}};
    static const unsigned density[] = {0, 5, 15, 25, 35, 45};
    const int rounds = wf_test_count(4);
    for (int k = 0; k < rounds; k++)
        for (size_t i = 0; i < sizeof shapes / sizeof *shapes; i++)
            for (size_t d = 0; d < sizeof density / sizeof *density; d++)
                run_shape(&r, ws, shapes[i][0], shapes[i][1], density[d], 12);
    /* and sizes drawn at random */
    for (int k = 0; k < wf_test_count(300); k++) {
        const int w = 1 + (int)wf_test_rng_below(&r, 90);
        const int h = 1 + (int)wf_test_rng_below(&r, 90);
        run_shape(&r, ws, w, h, wf_test_rng_below(&r, 50), 8);
    }
    wf_search_destroy(ws);
}

/* A table of another grid, or of this one before an edit, is an error
 * that says so; JPS+ by name needs a table; a larger agent runs online
 * JPS with or without one. */
static void test_refused(void **state) {
    (void)state;
    static const char *const rows[] = {
        "..........",
        "...####...",
        "..........",
    };
    wf_grid *g = wf_test_grid(rows, 3), *g2 = NULL;
    assert_int_equal(wf_grid_clone(g, &g2), WF_OK);
    wf_jump_table *t = NULL, *t2 = NULL;
    assert_int_equal(wf_jump_table_create(g, NULL, &t), WF_OK);
    assert_int_equal(wf_jump_table_create(g2, NULL, &t2), WF_OK);
    wf_search *ws = NULL;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_path p;
    wf_path_init(&p, NULL);
    wf_search_opts o = wf_search_opts_default();
    o.algo = WF_ALGO_JPS;
    const wf_point s = {0, 0}, goal = {9, 2};

    o.jumps = t2;
    assert_int_equal(wf_search_grid(ws, g, s, goal, &o, &p), WF_E_INVALID_ARG);
    assert_non_null(strstr(wf_search_message(ws), "another grid"));
    o.algo = WF_ALGO_AUTO;
    assert_int_equal(wf_search_grid(ws, g, s, goal, &o, &p), WF_E_INVALID_ARG);

    o.jumps = t;
    assert_int_equal(wf_search_grid(ws, g, s, goal, &o, &p), WF_OK);
    assert_int_equal(p.stats.engine, WF_ALGO_JPS_PLUS);
    /* an edit, even one that changes no passability, makes it stale */
    assert_int_equal(wf_grid_set(g, 5, 0, 1), WF_OK);
    assert_false(wf_jump_table_current(t, g));
    assert_int_equal(wf_search_grid(ws, g, s, goal, &o, &p), WF_E_INVALID_ARG);
    assert_non_null(strstr(wf_search_message(ws), "stale"));
    assert_int_equal(wf_search_begin(ws, g, s, goal, &o), WF_E_INVALID_ARG);
    const wf_cell_change ch = {{5, 0}, 0, 1};
    assert_int_equal(wf_jump_table_update(t, g, &ch, 1), WF_OK);
    assert_int_equal(wf_search_grid(ws, g, s, goal, &o, &p), WF_OK);
    assert_int_equal(p.stats.engine, WF_ALGO_JPS_PLUS);
    /* a cost edit: stale too, and a whole update brings it back */
    assert_int_equal(wf_grid_set_cost(g, 1, 1.0 + 0 * 3), WF_OK);
    assert_int_equal(wf_search_grid(ws, g, s, goal, &o, &p), WF_E_INVALID_ARG);
    assert_int_equal(wf_jump_table_update(t, g, NULL, 0), WF_OK);
    assert_int_equal(wf_search_grid(ws, g, s, goal, &o, &p), WF_OK);
    /* not used where it does not apply: A*, and a larger agent */
    o.algo = WF_ALGO_ASTAR;
    o.jumps = t2;
    assert_int_equal(wf_search_grid(ws, g, s, goal, &o, &p), WF_OK);
    assert_int_equal(p.stats.engine, WF_ALGO_ASTAR);
    o.algo = WF_ALGO_JPS;
    o.jumps = t;
    o.move.size = 2;
    assert_int_equal(wf_search_grid(ws, g, (wf_point){0, 1}, (wf_point){8, 1},
                                    &o, &p),
                     WF_NO_PATH);
    assert_int_equal(p.stats.engine, WF_ALGO_JPS);
    o.algo = WF_ALGO_JPS_PLUS;
    assert_int_equal(wf_search_grid(ws, g, s, goal, &o, &p), WF_E_INVALID_ARG);
    assert_non_null(strstr(wf_search_message(ws), "size 1"));
    o.move.size = 1;
    o.jumps = NULL;
    assert_int_equal(wf_search_grid(ws, g, s, goal, &o, &p), WF_E_INVALID_ARG);
    assert_non_null(strstr(wf_search_message(ws), "opts.jumps"));
    /* the arguments */
    wf_jump_table *none = t;
    assert_int_equal(wf_jump_table_create(NULL, NULL, &none), WF_E_INVALID_ARG);
    assert_null(none);
    assert_int_equal(wf_jump_table_create(g, NULL, NULL), WF_E_INVALID_ARG);
    assert_int_equal(wf_jump_table_update(t, g2, NULL, 0), WF_E_INVALID_ARG);
    assert_int_equal(wf_jump_table_update(t, g, NULL, 1), WF_E_INVALID_ARG);
    const wf_cell_change off = {{10, 0}, 0, 1};
    assert_int_equal(wf_jump_table_update(t, g, &off, 1), WF_E_INVALID_ARG);
    assert_int_equal(wf_jump_table_bytes(NULL), 0);
    assert_true(wf_jump_table_bytes(t) >= 30 * 32);
    assert_false(wf_jump_table_current(NULL, g));
    wf_jump_table_destroy(NULL);

    wf_path_free(&p);
    wf_search_destroy(ws);
    wf_jump_table_destroy(t);
    wf_jump_table_destroy(t2);
    wf_grid_destroy(g);
    wf_grid_destroy(g2);
}

/* Random edits, one at a time and in batches of several: the update gives
 * the table a rebuild gives, and the searches stay right. */
static void test_update(void **state) {
    (void)state;
    wf_test_rng r = {0x0bd8};
    wf_search *ws = NULL;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_path p, a;
    wf_path_init(&p, NULL);
    wf_path_init(&a, NULL);
    for (int k = 0; k < wf_test_count(60); k++) {
        const int w = 1 + (int)wf_test_rng_below(&r, 80);
        const int h = 1 + (int)wf_test_rng_below(&r, 80);
        wf_grid *g = random_grid(&r, w, h, wf_test_rng_below(&r, 45));
        wf_jump_table *t = NULL;
        assert_int_equal(wf_jump_table_create(g, NULL, &t), WF_OK);
        for (int e = 0; e < 12; e++) {
            wf_cell_change ch[5];
            const size_t n = 1 + wf_test_rng_below(&r, 5);
            for (size_t i = 0; i < n; i++) {
                const wf_point c = wf_test_random_cell(&r, g);
                const uint8_t before = (uint8_t)wf_grid_get(g, c.x, c.y);
                const uint8_t after = before == 0 ? WF_TERRAIN_WALL : 0;
                assert_int_equal(wf_grid_set(g, c.x, c.y, after), WF_OK);
                ch[i] = (wf_cell_change){c, before, after};
            }
            assert_int_equal(wf_jump_table_update(t, g, ch, n), WF_OK);
            assert_true(wf_jump_table_current(t, g));
            check_table(t, g);
            const wf_point s = wf_test_random_cell(&r, g);
            const wf_point goal = wf_test_random_cell(&r, g);
            check_against_astar(ws, g, t, s, goal, WF_ALGO_JPS, &p, &a);
        }
        wf_jump_table_destroy(t);
        wf_grid_destroy(g);
    }
    wf_path_free(&p);
    wf_path_free(&a);
    wf_search_destroy(ws);
}

static void keep_current(void *ud, const wf_grid *g,
                         const wf_cell_change *changes, size_t count) {
    assert_int_equal(wf_jump_table_update(ud, g, changes, count), WF_OK);
}

/* A table can keep itself current as a watcher of its grid: through
 * single edits, batches, and whole-grid edits. */
static void test_watcher(void **state) {
    (void)state;
    wf_test_rng r = {0xa7c4};
    wf_grid *g = random_grid(&r, 70, 50, 25);
    wf_jump_table *t = NULL;
    assert_int_equal(wf_jump_table_create(g, NULL, &t), WF_OK);
    assert_int_equal(wf_grid_watch(g, keep_current, t), WF_OK);
    for (int k = 0; k < 40; k++) {
        const int batch = k % 3 == 0;
        if (batch)
            assert_int_equal(wf_grid_edit_begin(g), WF_OK);
        for (int i = 0; i < 1 + k % 4; i++) {
            const wf_point c = wf_test_random_cell(&r, g);
            assert_int_equal(wf_grid_set(g, c.x, c.y,
                                         wf_grid_get(g, c.x, c.y) == 0
                                             ? WF_TERRAIN_WALL
                                             : 0),
                             WF_OK);
        }
        if (batch)
            assert_int_equal(wf_grid_edit_commit(g), WF_OK);
        assert_true(wf_jump_table_current(t, g));
        check_table(t, g);
    }
    assert_int_equal(wf_grid_fill(g, 0), WF_OK);
    assert_true(wf_jump_table_current(t, g));
    check_table(t, g);
    assert_int_equal(wf_grid_unwatch(g, keep_current, t), WF_OK);
    wf_jump_table_destroy(t);
    wf_grid_destroy(g);
}

/* Sliced: the same path, step by step, as in one call. */
static void test_sliced(void **state) {
    (void)state;
    wf_test_rng r = {77};
    wf_search *ws = NULL;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_path p, q;
    wf_path_init(&p, NULL);
    wf_path_init(&q, NULL);
    for (int k = 0; k < wf_test_count(100); k++) {
        wf_grid *g = random_grid(&r, 40, 30, 30);
        wf_jump_table *t = NULL;
        assert_int_equal(wf_jump_table_create(g, NULL, &t), WF_OK);
        wf_search_opts o = wf_search_opts_default();
        o.algo = WF_ALGO_JPS; /* a table given: JPS+ */
        o.jumps = t;
        const wf_point s = wf_test_random_cell(&r, g);
        const wf_point goal = wf_test_random_cell(&r, g);
        const wf_status one = wf_search_grid(ws, g, s, goal, &o, &p);
        assert_int_equal(wf_search_begin(ws, g, s, goal, &o), WF_OK);
        wf_status st;
        while ((st = wf_search_step(ws, 1, &q)) == WF_PENDING)
            ;
        assert_int_equal(st, one);
        assert_int_equal(q.stats.engine, WF_ALGO_JPS_PLUS);
        assert_int_equal(q.count, p.count);
        if (p.count)
            assert_memory_equal(q.points, p.points,
                                p.count * sizeof *p.points);
        assert_int_equal(q.stats.expanded, p.stats.expanded);
        wf_jump_table_destroy(t);
        wf_grid_destroy(g);
    }
    wf_path_free(&p);
    wf_path_free(&q);
    wf_search_destroy(ws);
}

/* Every step-th scenario of some Moving AI maps: the optimum the file
 * gives, and the A* cost on a sample. */
static void check_scenarios(const char *map, size_t step) {
    char path[512];
    snprintf(path, sizeof path, "%s/movingai/%s", WF_SHARED_DIR, map);
    wf_grid *g = NULL;
    assert_int_equal(wf_movingai_map_read(path, NULL, &g, NULL), WF_OK);
    wf_scen sc = {0};
    snprintf(path, sizeof path, "%s/movingai/%s.scen", WF_SHARED_DIR, map);
    assert_int_equal(wf_scen_read(path, NULL, &sc, NULL), WF_OK);
    wf_jump_table *t = NULL;
    assert_int_equal(wf_jump_table_create(g, NULL, &t), WF_OK);
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_path p, a;
    wf_path_init(&p, NULL);
    wf_path_init(&a, NULL);
    wf_search_opts o = wf_search_opts_default();
    o.algo = WF_ALGO_JPS;
    o.jumps = t;
    for (size_t i = 0; i < sc.count; i += step) {
        const wf_scen_entry *e = &sc.entries[i];
        assert_int_equal(wf_search_grid(ws, g, e->start, e->goal, &o, &p),
                         WF_OK);
        assert_int_equal(p.stats.engine, WF_ALGO_JPS_PLUS);
        /* the file prints the optimum to e->decimals digits, some rounded
         * and some cut */
        const double tol = pow(10, -e->decimals) + 1e-6;
        if (!(fabs(p.cost - e->optimal) <= tol))
            fprintf(stderr, "%s #%zu: (%d,%d)->(%d,%d) %.9g, optimal %.9g\n",
                    map, i, e->start.x, e->start.y, e->goal.x, e->goal.y,
                    p.cost, e->optimal);
        assert_true(fabs(p.cost - e->optimal) <= tol);
        if (i % (step * 10) == 0)
            check_against_astar(ws, g, t, e->start, e->goal, WF_ALGO_JPS, &p,
                                &a);
    }
    wf_path_free(&p);
    wf_path_free(&a);
    wf_search_destroy(ws);
    wf_jump_table_destroy(t);
    wf_scen_free(&sc);
    wf_grid_destroy(g);
}

/* Auto with a table: JPS+ on a map of rooms, online JPS on one of
 * scattered obstacles (where the table is the slower, auto.c), the same
 * costs as A* either way; a stale table is refused even where auto would
 * not have read it. */
static void test_auto_choice(void **state) {
    (void)state;
    wf_grid *rooms = NULL, *scatter = NULL;
    assert_int_equal(wf_grid_create(120, 90, NULL, &rooms), WF_OK);
    assert_int_equal(wf_grid_create(120, 90, NULL, &scatter), WF_OK);
    assert_int_equal(wf_gen_rooms(rooms, 3, NULL), WF_OK);
    assert_int_equal(wf_gen_noise(scatter, 3, 0.4), WF_OK);
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_path p, a;
    wf_path_init(&p, NULL);
    wf_path_init(&a, NULL);
    const wf_grid *maps[2] = {rooms, scatter};
    const wf_algo want[2] = {WF_ALGO_JPS_PLUS, WF_ALGO_JPS};
    wf_test_rng r = {44};
    for (int m = 0; m < 2; m++) {
        wf_grid *g = (wf_grid *)maps[m];
        wf_jump_table *t = NULL;
        assert_int_equal(wf_jump_table_create(g, NULL, &t), WF_OK);
        wf_search_opts o = wf_search_opts_default();
        o.algo = WF_ALGO_AUTO;
        o.jumps = t;
        int found = 0;
        for (int q = 0; q < 60; q++) {
            wf_point s = wf_test_random_cell(&r, g), e = wf_test_random_cell(&r, g);
            if (!wf_grid_passable(g, s.x, s.y) || !wf_grid_passable(g, e.x, e.y))
                continue;
            wf_status st = wf_search_grid(ws, g, s, e, &o, &p);
            assert_int_equal(wf_search_grid(ws, g, s, e, NULL, &a), st);
            if (st != WF_OK)
                continue;
            found++;
            assert_int_equal(p.stats.engine, want[m]);
            assert_true(fabs(p.cost - a.cost) <= 1e-9 * a.cost);
        }
        assert_true(found > 5);
        /* stale: refused even where auto would scan instead */
        for (int y = 0; y < wf_grid_height(g); y++)
            if (wf_grid_passable(g, 5, y)) {
                assert_int_equal(wf_grid_set(g, 5, y, WF_TERRAIN_WALL), WF_OK);
                break;
            }
        wf_point s = {1, 1};
        assert_int_equal(wf_search_grid(ws, g, s, s, &o, &p), WF_E_INVALID_ARG);
        assert_non_null(strstr(wf_search_message(ws), "stale"));
        wf_jump_table_destroy(t);
    }
    wf_path_free(&p);
    wf_path_free(&a);
    wf_search_destroy(ws);
    wf_grid_destroy(rooms);
    wf_grid_destroy(scatter);
}

static void test_movingai(void **state) {
    (void)state;
    static const char *const maps[] = {
        "dao/arena.map",        "dao/den011d.map",  "dao/lak303d.map",
        "dao/ost003d.map",      "bg/AR0011SR.map",  "da2/ht_chantry.map",
        "rooms/32room_000.map", "street/Berlin_0_256.map",
        "mazes/maze512-1-0.map", "random/random512-40-0.map"};
    const size_t step = (size_t)(40 / wf_test_count(4));
    for (size_t i = 0; i < sizeof maps / sizeof *maps; i++)
        check_scenarios(maps[i], step);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_maps),
        cmocka_unit_test(test_refused),
        cmocka_unit_test(test_update),
        cmocka_unit_test(test_watcher),
        cmocka_unit_test(test_sliced),
        cmocka_unit_test(test_auto_choice),
        cmocka_unit_test(test_movingai),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
