/* Live connectivity (wf_conn, core.h): after any sequence of edits, single
 * or in batches, its components equal wf_grid_regions' on the same map
 * (with the unit's forbidden terrains walled), for every movement model,
 * agent size and filter; searches, the block query and placement given
 * one answer as they do without. */
#include "wf_test.h"

#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "wayfind/gen.h"

/* A unit: movement model and, when forbid, a filter forbidding terrain 2. */
typedef struct unit {
    wf_move move;
    int forbid;
    wf_filter filter;
} unit;

static unit unit_of(int index) {
    static const wf_corners rules[3] = {WF_CORNERS_NO_CUT, WF_CORNERS_ALWAYS,
                                        WF_CORNERS_ONE_FREE};
    unit u;
    const int model = index % 4; /* 4-connected, then 8 with each rule */
    u.move = wf_move_make(model ? 8 : 4, model ? rules[model - 1]
                                               : WF_CORNERS_NO_CUT);
    u.move.size = 1 + (index / 4) % 3;
    u.forbid = (index / 12) % 2;
    wf_filter_init(&u.filter);
    if (u.forbid)
        assert_int_equal(wf_filter_set(&u.filter, 2, INFINITY), WF_OK);
    return u;
}

/* The brute force: the grid's twin, where the unit's forbidden terrain is
 * a wall, labelled by wf_grid_regions. */
typedef struct twin {
    wf_grid *g;
    uint32_t *want, *got;
} twin;

static twin twin_make(const wf_grid *g, const unit *u) {
    twin t;
    assert_int_equal(wf_grid_clone(g, &t.g), WF_OK);
    if (u->forbid)
        assert_int_equal(wf_grid_set_cost(t.g, 2, WF_BLOCKED), WF_OK);
    const size_t n = (size_t)wf_grid_width(g) * (size_t)wf_grid_height(g);
    t.want = malloc(n * sizeof *t.want);
    t.got = malloc(n * sizeof *t.got);
    assert_true(t.want && t.got);
    return t;
}

static void twin_free(twin *t) {
    wf_grid_destroy(t->g);
    free(t->want);
    free(t->got);
}

/* Fails unless cn's components are the twin's; counts the cells checked. */
static void check(const wf_conn *cn, twin *t, const unit *u, size_t *cells) {
    const int W = wf_grid_width(t->g), H = wf_grid_height(t->g);
    const size_t n = (size_t)W * (size_t)H;
    uint32_t nw, ng;
    assert_int_equal(wf_grid_regions(t->g, u->move, t->want, &nw), WF_OK);
    assert_int_equal(wf_conn_regions(cn, t->got, &ng), WF_OK);
    assert_int_equal(ng, nw);
    assert_int_equal(wf_conn_count(cn), nw);
    assert_memory_equal(t->got, t->want, n * sizeof *t->want);
    /* reachability and sizes through the O(1) accessors */
    size_t *size = calloc((size_t)nw + 1, sizeof *size);
    assert_non_null(size);
    for (size_t c = 0; c < n; c++)
        size[t->want[c]]++;
    for (size_t c = 0; c < n; c++) {
        const wf_point p = {(int)(c % (size_t)W), (int)(c / (size_t)W)};
        const wf_point q = {(int)((c * 7 + 3) % n % (size_t)W),
                            (int)((c * 7 + 3) % n / (size_t)W)};
        const size_t qc = (size_t)q.y * (size_t)W + (size_t)q.x;
        assert_int_equal(wf_conn_reachable(cn, p, q),
                         t->want[c] && t->want[c] == t->want[qc]);
        const uint32_t id = wf_conn_component(cn, p);
        assert_int_equal(id != 0, t->want[c] != 0);
        if (id)
            assert_int_equal(wf_conn_component_size(cn, id),
                             size[t->want[c]]);
    }
    free(size);
    *cells += n;
}

/* One random edit on both grids: mostly walls set and cleared, and the
 * other terrains (2, forbidden for some units). */
static void edit(wf_test_rng *r, wf_grid *g, twin *t) {
    const wf_point c = wf_test_random_cell(r, g);
    const uint32_t k = wf_test_rng_below(r, 8);
    const uint8_t v = k < 3 ? WF_TERRAIN_WALL : (uint8_t)(k % 4);
    assert_int_equal(wf_grid_set(g, c.x, c.y, v), WF_OK);
    assert_int_equal(wf_grid_set(t->g, c.x, c.y, v), WF_OK);
}

/* Long random sequences of single edits and of batches on many seeded
 * maps, for every unit; the index checked after each. */
static void test_property(void **state) {
    (void)state;
    wf_test_rng r = {0xc022};
    size_t maps = 0, edits = 0, batches = 0, checks = 0, cells = 0,
           rebuilds = 0;
    const int rounds = wf_test_count(20);
    for (int round = 0; round < rounds; round++)
        for (int ui = 0; ui < 24; ui++) {
            unit u = unit_of(ui);
            wf_grid *g = wf_test_random_map(&r, 6 + (int)wf_test_rng_below(&r, 20),
                                            0);
            wf_conn *cn;
            assert_int_equal(wf_conn_create(g, u.move,
                                            u.forbid ? &u.filter : NULL, NULL,
                                            &cn),
                             WF_OK);
            twin t = twin_make(g, &u);
            check(cn, &t, &u, &cells);
            maps++;
            for (int step = 0; step < 60; step++) {
                const uint32_t kind = wf_test_rng_below(&r, 20);
                if (kind < 12) { /* a single edit */
                    edit(&r, g, &t);
                    edits++;
                } else if (kind < 19) { /* a batch, nested now and then */
                    const int n = 1 + (int)wf_test_rng_below(&r, 30);
                    assert_int_equal(wf_grid_edit_begin(g), WF_OK);
                    for (int e = 0; e < n; e++) {
                        if (e == n / 2)
                            assert_int_equal(wf_grid_edit_begin(g), WF_OK);
                        edit(&r, g, &t);
                    }
                    assert_int_equal(wf_grid_edit_commit(g), WF_OK);
                    assert_int_equal(wf_grid_edit_commit(g), WF_OK);
                    edits += (size_t)n;
                    batches++;
                } else { /* terrain 3 walled or freed: relabelled */
                    const double c =
                        wf_grid_cost(g, 3) == WF_BLOCKED ? 4.0 : WF_BLOCKED;
                    assert_int_equal(wf_grid_set_cost(g, 3, c), WF_OK);
                    assert_int_equal(wf_grid_set_cost(t.g, 3, c), WF_OK);
                    rebuilds++;
                }
                check(cn, &t, &u, &cells);
                checks++;
            }
            twin_free(&t);
            wf_conn_destroy(cn);
            wf_grid_destroy(g);
        }
    print_message("conn property: %zu maps, %zu edits (%zu batches, %zu "
                  "relabels), %zu checks against wf_grid_regions, %zu cells "
                  "compared\n",
                  maps, edits, batches, rebuilds, checks, cells);
}

/* Larger maps, where splits and merges reach far: open caves cut and
 * rejoined along lines. */
static void test_walls_cut_and_rejoin(void **state) {
    (void)state;
    wf_test_rng r = {0x5917};
    size_t checks = 0, cells = 0;
    for (int ui = 0; ui < 24; ui += 5) {
        unit u = unit_of(ui);
        wf_grid *g;
        assert_int_equal(wf_grid_create(48, 40, NULL, &g), WF_OK);
        assert_int_equal(wf_gen_caves(g, 3 + (uint64_t)ui, NULL, 0), WF_OK);
        wf_conn *cn;
        assert_int_equal(wf_conn_create(g, u.move, u.forbid ? &u.filter : NULL,
                                        NULL, &cn),
                         WF_OK);
        twin t = twin_make(g, &u);
        for (int line = 0; line < 6; line++) {
            /* a wall across the map, cell by cell, then opened again */
            const int vertical = (int)wf_test_rng_below(&r, 2);
            const int at = 1 + (int)wf_test_rng_below(&r, 38);
            const int len = vertical ? 40 : 48;
            uint8_t was[48];
            for (int i = 0; i < len; i++) {
                const int x = vertical ? at : i, y = vertical ? i : at;
                was[i] = (uint8_t)wf_grid_get(g, x, y);
                assert_int_equal(wf_grid_set(g, x, y, WF_TERRAIN_WALL), WF_OK);
                assert_int_equal(wf_grid_set(t.g, x, y, WF_TERRAIN_WALL),
                                 WF_OK);
                if (i % 7 == 6) {
                    check(cn, &t, &u, &cells);
                    checks++;
                }
            }
            for (int i = len; i-- > 0;) {
                const int x = vertical ? at : i, y = vertical ? i : at;
                assert_int_equal(wf_grid_set(g, x, y, was[i]), WF_OK);
                assert_int_equal(wf_grid_set(t.g, x, y, was[i]), WF_OK);
                if (i % 5 == 0) {
                    check(cn, &t, &u, &cells);
                    checks++;
                }
            }
        }
        /* whole-grid edits relabel */
        assert_int_equal(wf_grid_fill(g, 0), WF_OK);
        assert_int_equal(wf_grid_fill(t.g, 0), WF_OK);
        check(cn, &t, &u, &cells);
        assert_int_equal(wf_conn_count(cn), 1);
        twin_free(&t);
        wf_conn_destroy(cn);
        wf_grid_destroy(g);
    }
    print_message("conn cut and rejoin: %zu checks, %zu cells compared\n",
                  checks, cells);
}

/* A batch that changes more cells than the update's scratch: relabelled
 * from scratch, still right. */
static void test_huge_batch(void **state) {
    (void)state;
    wf_grid *g;
    assert_int_equal(wf_grid_create(300, 250, NULL, &g), WF_OK);
    wf_conn *cn;
    assert_int_equal(wf_conn_create(g, wf_move_default(), NULL, NULL, &cn),
                     WF_OK);
    assert_int_equal(wf_conn_count(cn), 1);
    assert_int_equal(wf_grid_edit_begin(g), WF_OK);
    for (int y = 1; y < 250; y += 2) /* 125 stripes, 37,500 edits */
        for (int x = 0; x < 300; x++)
            assert_int_equal(wf_grid_set(g, x, y, WF_TERRAIN_WALL), WF_OK);
    assert_int_equal(wf_grid_edit_commit(g), WF_OK);
    assert_int_equal(wf_conn_count(cn), 125);
    assert_false(wf_conn_reachable(cn, (wf_point){0, 0}, (wf_point){0, 2}));
    assert_int_equal(wf_grid_set(g, 5, 1, 0), WF_OK); /* a door */
    assert_true(wf_conn_reachable(cn, (wf_point){0, 0}, (wf_point){9, 2}));
    assert_int_equal(wf_conn_count(cn), 124);
    wf_conn_destroy(cn);
    wf_grid_destroy(g);
}

/* A cut into two large halves: the split's searches give up for a
 * relabelling from scratch, with the same result; the join is local. */
static void test_halving_cut(void **state) {
    (void)state;
    for (int ui = 0; ui < 24; ui += 7) {
        unit u = unit_of(ui);
        wf_grid *g;
        assert_int_equal(wf_grid_create(200, 150, NULL, &g), WF_OK);
        for (int y = 0; y < 147; y++) /* a gap of 3: any size passes */
            assert_int_equal(wf_grid_set(g, 100, y, WF_TERRAIN_WALL), WF_OK);
        wf_conn *cn;
        assert_int_equal(wf_conn_create(g, u.move, u.forbid ? &u.filter : NULL,
                                        NULL, &cn),
                         WF_OK);
        twin t = twin_make(g, &u);
        size_t cells = 0;
        for (int round = 0; round < 2; round++) {
            const uint8_t v = round ? 0 : WF_TERRAIN_WALL;
            assert_int_equal(wf_grid_edit_begin(g), WF_OK);
            for (int y = 147; y < 150; y++) {
                assert_int_equal(wf_grid_set(g, 100, y, v), WF_OK);
                assert_int_equal(wf_grid_set(t.g, 100, y, v), WF_OK);
            }
            assert_int_equal(wf_grid_edit_commit(g), WF_OK);
            check(cn, &t, &u, &cells);
            assert_int_equal(wf_conn_count(cn), round ? 1 : 2);
        }
        twin_free(&t);
        wf_conn_destroy(cn);
        wf_grid_destroy(g);
    }
}

/* Out of memory at any allocation of the creation: an error, nothing
 * left allocated, the grid not watched. */
static void test_out_of_memory(void **state) {
    (void)state;
    size_t failed = 0;
    for (size_t fail = 1;; fail++) {
        wf_test_alloc ta;
        wf_allocator al = wf_test_alloc_init(&ta, 0);
        wf_grid *g;
        assert_int_equal(wf_grid_create(20, 20, &al, &g), WF_OK);
        const size_t live = atomic_load(&ta.live);
        ta.fail_at = atomic_load(&ta.calls) + fail;
        unit u = unit_of(20); /* size 3, forbidding: every array */
        wf_conn *cn = (wf_conn *)&ta;
        wf_status s = wf_conn_create(g, u.move, &u.filter, &al, &cn);
        if (s == WF_OK) {
            ta.fail_at = 0;
            /* wf_conn_regions' table is the one allocation after */
            uint32_t labels[400], n;
            ta.fail_at = atomic_load(&ta.calls) + 1;
            assert_int_equal(wf_conn_regions(cn, labels, &n), WF_E_NOMEM);
            ta.fail_at = 0;
            assert_int_equal(wf_conn_regions(cn, labels, &n), WF_OK);
            wf_conn_destroy(cn);
            wf_grid_destroy(g);
            assert_int_equal(atomic_load(&ta.live), 0);
            break;
        }
        assert_int_equal(s, WF_E_NOMEM);
        assert_null(cn);
        assert_int_equal(atomic_load(&ta.live), live);
        ta.fail_at = 0;
        /* no watcher left behind: editing calls nothing freed */
        assert_int_equal(wf_grid_set(g, 3, 3, WF_TERRAIN_WALL), WF_OK);
        wf_grid_destroy(g);
        assert_int_equal(atomic_load(&ta.live), 0);
        failed++;
    }
    print_message("conn: %zu allocation failures refused cleanly\n", failed);
    assert_true(failed >= 9);
}

static void test_bad_arguments(void **state) {
    (void)state;
    const char *rows[] = {"...#...", "...#...", "......."};
    wf_grid *g = wf_test_grid(rows, 3);
    wf_conn *cn;
    wf_move m = wf_move_default();
    assert_int_equal(wf_conn_create(NULL, m, NULL, NULL, &cn),
                     WF_E_INVALID_ARG);
    assert_null(cn);
    assert_int_equal(wf_conn_create(g, m, NULL, NULL, NULL), WF_E_INVALID_ARG);
    wf_move bad = m;
    bad.connect = 6;
    assert_int_equal(wf_conn_create(g, bad, NULL, NULL, &cn), WF_E_INVALID_ARG);
    bad = m;
    bad.size = WF_MOVE_MAX_SIZE + 1;
    assert_int_equal(wf_conn_create(g, bad, NULL, NULL, &cn), WF_E_INVALID_ARG);
    bad = m;
    bad.corners = (wf_corners)7;
    assert_int_equal(wf_conn_create(g, bad, NULL, NULL, &cn), WF_E_INVALID_ARG);
    wf_filter f;
    wf_filter_init(&f);
    f.mult[9] = 0; /* wf_filter_set refuses it; a raw write does not */
    assert_int_equal(wf_conn_create(g, m, &f, NULL, &cn), WF_E_INVALID_ARG);
    f.mult[9] = NAN;
    assert_int_equal(wf_conn_create(g, m, &f, NULL, &cn), WF_E_INVALID_ARG);
    /* NULL and off-grid queries: clear answers, no crash */
    wf_conn_destroy(NULL);
    assert_false(wf_conn_reachable(NULL, (wf_point){0, 0}, (wf_point){0, 0}));
    assert_int_equal(wf_conn_count(NULL), 0);
    assert_int_equal(wf_conn_component(NULL, (wf_point){0, 0}), 0);
    assert_null(wf_conn_grid(NULL));
    assert_false(wf_conn_matches(NULL, m, NULL));
    uint32_t labels[21], n;
    assert_int_equal(wf_conn_regions(NULL, labels, &n), WF_E_INVALID_ARG);
    assert_int_equal(wf_conn_create(g, m, NULL, NULL, &cn), WF_OK);
    assert_int_equal(wf_conn_regions(cn, NULL, &n), WF_E_INVALID_ARG);
    assert_int_equal(wf_conn_regions(cn, labels, NULL), WF_E_INVALID_ARG);
    assert_int_equal(wf_conn_count(cn), 1);
    assert_true(wf_conn_reachable(cn, (wf_point){0, 0}, (wf_point){6, 0}));
    assert_true(wf_conn_reachable(cn, (wf_point){0, 0}, (wf_point){0, 0}));
    assert_false(wf_conn_reachable(cn, (wf_point){0, 0}, (wf_point){3, 0}));
    assert_false(wf_conn_reachable(cn, (wf_point){3, 0}, (wf_point){3, 0}));
    assert_false(wf_conn_reachable(cn, (wf_point){-1, 0}, (wf_point){0, 0}));
    assert_false(wf_conn_reachable(cn, (wf_point){0, 0}, (wf_point){7, 0}));
    assert_false(wf_conn_reachable(cn, (wf_point){0, 0}, (wf_point){0, 3}));
    assert_int_equal(wf_conn_component(cn, (wf_point){INT32_MIN, 0}), 0);
    assert_int_equal(wf_conn_component_size(cn, 0), 0);
    assert_int_equal(wf_conn_component_size(cn, 99), 0);
    assert_int_equal(wf_conn_component_size(cn, UINT32_MAX), 0);
    assert_int_equal(
        wf_conn_component_size(cn, wf_conn_component(cn, (wf_point){0, 0})),
        19);
    /* a free id is no component */
    assert_int_equal(wf_conn_component_size(cn, 2), 0);
    assert_ptr_equal(wf_conn_grid(cn), g);
    assert_int_equal(wf_conn_move(cn).connect, 8);
    /* a second index of the same grid: both kept current */
    wf_conn *c4;
    assert_int_equal(wf_conn_create(g, wf_move_make(4, WF_CORNERS_ALWAYS),
                                    NULL, NULL, &c4),
                     WF_OK);
    assert_int_equal(wf_conn_move(c4).corners, WF_CORNERS_NO_CUT);
    assert_true(wf_conn_matches(c4, wf_move_make(4, WF_CORNERS_ONE_FREE),
                                NULL));
    assert_false(wf_conn_matches(c4, wf_move_default(), NULL));
    assert_int_equal(wf_grid_set(g, 3, 2, WF_TERRAIN_WALL), WF_OK);
    assert_int_equal(wf_conn_count(cn), 2);
    assert_int_equal(wf_conn_count(c4), 2);
    wf_conn_destroy(c4);
    wf_conn_destroy(cn);
    wf_grid_destroy(g);
}

typedef struct batch_seen {
    wf_status status[4];
    int calls;
} batch_seen;

static void on_answer(void *ud, size_t i, wf_status s, const wf_path *p,
                      uint64_t ns) {
    batch_seen *b = ud;
    (void)p;
    (void)ns;
    b->status[i] = s;
    b->calls++;
}

/* Searches reject a goal in another component at once; everything else
 * is answered as without the index. */
static void test_search_uses_it(void **state) {
    (void)state;
    const char *rows[] = {"....#....", "....#....", "....#....",
                          "....#...."};
    wf_grid *g = wf_test_grid(rows, 4);
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_path p;
    wf_path_init(&p, NULL);
    wf_conn *cn;
    assert_int_equal(wf_conn_create(g, wf_move_default(), NULL, NULL, &cn),
                     WF_OK);
    wf_search_opts o = wf_search_opts_default();
    o.conn = cn;
    const wf_point a = {0, 0}, b = {8, 3};
    static const wf_algo algos[] = {WF_ALGO_ASTAR, WF_ALGO_DIJKSTRA,
                                    WF_ALGO_JPS, WF_ALGO_AUTO};
    for (int i = 0; i < 4; i++) {
        o.algo = algos[i];
        assert_int_equal(wf_search_grid(ws, g, a, b, &o, &p), WF_NO_PATH);
        assert_int_equal(p.stats.expanded, 0);
        assert_non_null(strstr(wf_search_message(ws), "another component"));
    }
    o.algo = WF_ALGO_ASTAR;
    /* sliced: the first step answers */
    assert_int_equal(wf_search_begin(ws, g, a, b, &o), WF_OK);
    assert_int_equal(wf_search_step(ws, 1, &p), WF_NO_PATH);
    assert_non_null(strstr(wf_search_message(ws), "another component"));
    /* pool */
    const wf_point starts[2] = {a, a}, goals[2] = {b, {3, 3}};
    batch_seen seen = {{0}, 0};
    assert_int_equal(
        wf_search_grid_batch(g, starts, goals, 2, &o, 2, on_answer, &seen),
        WF_OK);
    assert_int_equal(seen.calls, 2);
    assert_int_equal(seen.status[0], WF_NO_PATH);
    assert_int_equal(seen.status[1], WF_OK);
    /* the fallback still searches */
    o.goal_fallback = WF_FALLBACK_NEAREST;
    assert_int_equal(wf_search_grid(ws, g, a, b, &o, &p), WF_PARTIAL);
    o.goal_fallback = WF_FALLBACK_NONE;
    /* a door: the index follows, the search finds the way */
    assert_int_equal(wf_grid_set(g, 4, 2, 0), WF_OK);
    assert_int_equal(wf_search_grid(ws, g, a, b, &o, &p), WF_OK);
    const double cost = p.cost;
    o.conn = NULL;
    assert_int_equal(wf_search_grid(ws, g, a, b, &o, &p), WF_OK);
    assert_true(wf_test_close(p.cost, cost));
    /* the door closes again: the path just planned is cut, which the
     * block query with the index knows at once, whatever the cell */
    o.conn = cn;
    assert_int_equal(wf_search_grid(ws, g, a, b, &o, &p), WF_OK);
    assert_int_equal(wf_grid_set(g, 4, 2, WF_TERRAIN_WALL), WF_OK);
    int cut = 0;
    assert_int_equal(
        wf_grid_block_disconnects(ws, g, &p, (wf_point){0, 3}, &o, &cut),
        WF_OK);
    assert_int_equal(cut, 1);
    assert_int_equal(wf_grid_set(g, 4, 2, 0), WF_OK);
    assert_int_equal(
        wf_grid_block_disconnects(ws, g, &p, (wf_point){0, 3}, &o, &cut),
        WF_OK);
    assert_int_equal(cut, 0);
    assert_int_equal(
        wf_grid_block_disconnects(ws, g, &p, (wf_point){4, 2}, &o, &cut),
        WF_OK);
    assert_int_equal(cut, 1);
    /* a blocked goal is the engines' answer, as without the index */
    o.conn = cn;
    assert_int_equal(wf_search_grid(ws, g, a, (wf_point){4, 0}, &o, &p),
                     WF_NO_PATH);
    assert_null(strstr(wf_search_message(ws), "another component"));
    /* another unit or grid: refused with the reason */
    o.move = wf_move_make(4, WF_CORNERS_NO_CUT);
    assert_int_equal(wf_search_grid(ws, g, a, b, &o, &p), WF_E_INVALID_ARG);
    assert_non_null(strstr(wf_search_message(ws), "another unit"));
    o.move = wf_move_default();
    wf_filter f;
    wf_filter_init(&f);
    assert_int_equal(wf_filter_set(&f, 0, 3.0), WF_OK);
    o.filter = &f; /* repricing alone is the same unit */
    assert_int_equal(wf_search_grid(ws, g, a, b, &o, &p), WF_OK);
    assert_int_equal(wf_filter_set(&f, 7, INFINITY), WF_OK);
    assert_int_equal(wf_search_grid(ws, g, a, b, &o, &p), WF_E_INVALID_ARG);
    o.filter = NULL;
    wf_grid *other;
    assert_int_equal(wf_grid_clone(g, &other), WF_OK);
    assert_int_equal(wf_search_grid(ws, other, a, b, &o, &p),
                     WF_E_INVALID_ARG);
    assert_non_null(strstr(wf_search_message(ws), "another grid"));
    wf_grid_destroy(other);
    wf_conn_destroy(cn);
    wf_path_free(&p);
    wf_search_destroy(ws);
    wf_grid_destroy(g);
}

/* The block query and placement give the same answers with the index as
 * without, on random maps and units. */
static void test_block_query_and_place(void **state) {
    (void)state;
    wf_test_rng r = {0xb10c};
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    wf_path p;
    wf_path_init(&p, NULL);
    size_t queries = 0, cuts = 0, places = 0;
    for (int m = 0; m < wf_test_count(120); m++) {
        unit u = unit_of((int)wf_test_rng_below(&r, 24));
        wf_grid *g = wf_test_random_map(&r, 24, 0);
        wf_conn *cn;
        assert_int_equal(wf_conn_create(g, u.move, u.forbid ? &u.filter : NULL,
                                        NULL, &cn),
                         WF_OK);
        wf_search_opts o = wf_search_opts_default();
        o.move = u.move;
        o.filter = u.forbid ? &u.filter : NULL;
        for (int q = 0; q < 10; q++) {
            const wf_point s = wf_test_random_cell(&r, g),
                           t = wf_test_random_cell(&r, g);
            o.conn = NULL;
            if (wf_search_grid(ws, g, s, t, &o, &p) != WF_OK)
                continue;
            for (int c = 0; c < 8; c++) {
                const wf_point cell = c < 4 ? p.points[wf_test_rng_below(
                                                  &r, (uint32_t)p.count)]
                                            : wf_test_random_cell(&r, g);
                int with, without;
                o.conn = NULL;
                assert_int_equal(
                    wf_grid_block_disconnects(ws, g, &p, cell, &o, &without),
                    WF_OK);
                o.conn = cn;
                assert_int_equal(
                    wf_grid_block_disconnects(ws, g, &p, cell, &o, &with),
                    WF_OK);
                assert_int_equal(with, without);
                queries++;
                cuts += (size_t)with;
            }
        }
        if (!u.forbid) {
            wf_place_opts po = wf_place_opts_default(), pc;
            po.move = u.move;
            po.min_distance = (double)wf_test_rng_below(&r, 3);
            pc = po;
            pc.conn = cn;
            wf_point a[6], b[6];
            wf_status sa = wf_place_points(g, (uint64_t)m, &po, 6, a, NULL);
            wf_status sb = wf_place_points(g, (uint64_t)m, &pc, 6, b, NULL);
            assert_int_equal(sa, sb);
            if (sa == WF_OK)
                assert_memory_equal(a, b, sizeof a);
            places++;
        }
        wf_conn_destroy(cn);
        wf_grid_destroy(g);
    }
    print_message("conn: %zu block queries (%zu cuts) and %zu placements "
                  "equal with and without the index\n",
                  queries, cuts, places);
    /* an index of another unit or grid is refused */
    wf_grid *g = wf_test_random_map(&r, 10, 1);
    wf_conn *cn;
    assert_int_equal(wf_conn_create(g, wf_move_make(4, WF_CORNERS_NO_CUT),
                                    NULL, NULL, &cn),
                     WF_OK);
    wf_path_free(&p);
    wf_path_init(&p, NULL);
    assert_int_equal(wf_path_reserve(&p, 1), WF_OK);
    p.points[0] = (wf_point){0, 0};
    p.count = 1;
    wf_search_opts o = wf_search_opts_default();
    o.conn = cn;
    int d;
    assert_int_equal(
        wf_grid_block_disconnects(ws, g, &p, (wf_point){1, 1}, &o, &d),
        WF_E_INVALID_ARG);
    assert_non_null(strstr(wf_search_message(ws), "another unit"));
    wf_place_opts po = wf_place_opts_default();
    po.conn = cn;
    wf_point pt[1];
    wf_diag diag;
    assert_int_equal(wf_place_points(g, 1, &po, 1, pt, &diag),
                     WF_E_INVALID_ARG);
    assert_non_null(strstr(diag.message, "conn"));
    wf_conn_destroy(cn);
    wf_grid_destroy(g);
    wf_path_free(&p);
    wf_search_destroy(ws);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_property),
        cmocka_unit_test(test_walls_cut_and_rejoin),
        cmocka_unit_test(test_huge_batch),
        cmocka_unit_test(test_halving_cut),
        cmocka_unit_test(test_out_of_memory),
        cmocka_unit_test(test_bad_arguments),
        cmocka_unit_test(test_search_uses_it),
        cmocka_unit_test(test_block_query_and_place),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
