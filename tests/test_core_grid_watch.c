/* Edits (core.h): every cache of the grid stays equal to a rebuild after
 * any sequence of edits, in batches or not, and watchers hear of exactly
 * the changes made, once per batch. */
#include "wf_test.h"

#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "wayfind/replan.h"
#include "wf_core_private.h"

/* What a watcher heard: every change, and the calls. */
typedef struct heard {
    wf_cell_change log[256];
    size_t count;   /* changes logged */
    int calls;      /* calls with changes */
    int resets;     /* calls with changes NULL */
    int order;      /* this watcher's place in the last call sequence */
    int *clock;
} heard;

static void listen(void *ud, const wf_grid *g, const wf_cell_change *c,
                   size_t n) {
    heard *h = ud;
    (void)g;
    h->order = (*h->clock)++;
    if (!c) {
        assert_int_equal(n, 0);
        h->resets++;
        return;
    }
    h->calls++;
    for (size_t i = 0; i < n && h->count < 256; i++)
        h->log[h->count++] = c[i];
}

/* Every cache of g equal to the same terrain rebuilt from scratch: a
 * skipped update of any of them fails here. */
static void assert_caches_current(const wf_grid *g) {
    wf_grid *f;
    assert_int_equal(wf_grid_clone(g, &f), WF_OK);
    assert_int_equal(wf_grid_set_cells(f, wf_grid_cells(g)), WF_OK);
    assert_memory_equal(g->nbmask, f->nbmask, g->cells);
    assert_memory_equal(g->clear, f->clear, g->cells);
    assert_memory_equal(g->planes.bits, f->planes.bits,
                        g->planes.bit_words * sizeof(uint64_t));
    assert_memory_equal(g->count, f->count, sizeof g->count);
    wf_grid_destroy(f);
}

static void test_caches_follow_every_edit(void **state) {
    (void)state;
    wf_test_rng r = {0xed17};
    size_t edits = 0;
    for (int m = 0; m < 60; m++) {
        wf_grid *g = wf_test_random_map(&r, 40, m & 1);
        for (int b = 0; b < 20; b++) {
            const int batch = (int)wf_test_rng_below(&r, 2);
            if (batch)
                assert_int_equal(wf_grid_edit_begin(g), WF_OK);
            const int n = 1 + (int)wf_test_rng_below(&r, 12);
            for (int e = 0; e < n; e++) {
                wf_point c = wf_test_random_cell(&r, g);
                uint32_t k = wf_test_rng_below(&r, 5);
                assert_int_equal(
                    wf_grid_set(g, c.x, c.y,
                                k == 4 ? WF_TERRAIN_WALL : (uint8_t)k),
                    WF_OK);
                edits++;
            }
            /* a terrain changes passability now and then */
            if (wf_test_rng_below(&r, 10) == 0) {
                uint8_t t = (uint8_t)(1 + wf_test_rng_below(&r, 3));
                assert_int_equal(
                    wf_grid_set_cost(g, t,
                                     wf_grid_cost(g, t) == WF_BLOCKED
                                         ? 2.0
                                         : WF_BLOCKED),
                    WF_OK);
            }
            /* the caches are current inside a batch too */
            assert_caches_current(g);
            if (batch)
                assert_int_equal(wf_grid_edit_commit(g), WF_OK);
        }
        wf_grid_destroy(g);
    }
    print_message("caches current after %zu edits\n", edits);
}

static void test_watchers_hear_changes(void **state) {
    (void)state;
    const char *rows[] = {"....", "....", "...."};
    wf_grid *g = wf_test_grid(rows, 3);
    int clock = 0;
    heard a = {.clock = &clock}, b = {.clock = &clock};
    const uint8_t floor = (uint8_t)wf_grid_get(g, 0, 0);
    assert_int_equal(wf_grid_watch(g, listen, &a), WF_OK);
    assert_int_equal(wf_grid_watch(g, listen, &b), WF_OK);
    assert_int_equal(wf_grid_watch(g, listen, &a), WF_E_INVALID_ARG);
    /* outside a batch: each edit at once; a no-op is no change */
    assert_int_equal(wf_grid_set(g, 1, 2, WF_TERRAIN_WALL), WF_OK);
    assert_int_equal(wf_grid_set(g, 1, 2, WF_TERRAIN_WALL), WF_OK);
    assert_int_equal(a.calls, 1);
    assert_int_equal(a.count, 1);
    assert_int_equal(a.log[0].cell.x, 1);
    assert_int_equal(a.log[0].cell.y, 2);
    assert_int_equal(a.log[0].before, floor);
    assert_int_equal(a.log[0].after, WF_TERRAIN_WALL);
    assert_true(a.order < b.order); /* in the order added */
    assert_int_equal(b.count, 1);
    /* a nested batch: one call at the outer commit, every change in order */
    assert_int_equal(wf_grid_edit_begin(g), WF_OK);
    assert_int_equal(wf_grid_set(g, 0, 0, WF_TERRAIN_WALL), WF_OK);
    assert_int_equal(wf_grid_edit_begin(g), WF_OK);
    assert_int_equal(wf_grid_set(g, 3, 1, 7), WF_OK);
    assert_int_equal(wf_grid_set(g, 0, 0, floor), WF_OK);
    assert_int_equal(wf_grid_edit_commit(g), WF_OK);
    assert_int_equal(a.calls, 1); /* inner commit: nothing yet */
    assert_false(wf_grid_passable(g, 1, 2)); /* edits are live already */
    assert_int_equal(wf_grid_edit_commit(g), WF_OK);
    assert_int_equal(a.calls, 2);
    assert_int_equal(a.count, 4);
    assert_int_equal(a.log[1].after, WF_TERRAIN_WALL);
    assert_int_equal(a.log[2].cell.x, 3);
    assert_int_equal(a.log[2].after, 7);
    assert_int_equal(a.log[3].before, WF_TERRAIN_WALL);
    assert_int_equal(a.log[3].after, floor);
    assert_int_equal(wf_grid_edit_commit(g), WF_E_INVALID_ARG);
    /* an empty batch says nothing */
    assert_int_equal(wf_grid_edit_begin(g), WF_OK);
    assert_int_equal(wf_grid_edit_commit(g), WF_OK);
    assert_int_equal(a.calls, 2);
    /* whole-grid edits: "anything may have changed" */
    assert_int_equal(wf_grid_set_cost(g, floor, 3.0), WF_OK);
    assert_int_equal(a.resets, 1);
    assert_int_equal(wf_grid_set_cost(g, floor, 3.0), WF_OK); /* the same */
    assert_int_equal(wf_grid_set_cost(g, 'q', 2.0), WF_OK); /* no cells */
    assert_int_equal(a.resets, 1);
    assert_int_equal(wf_grid_set_cells(g, wf_grid_cells(g)), WF_OK);
    assert_int_equal(wf_grid_fill(g, floor), WF_OK);
    assert_int_equal(a.resets, 3);
    /* in a batch, a reset swallows the changes around it: one reset */
    assert_int_equal(wf_grid_edit_begin(g), WF_OK);
    assert_int_equal(wf_grid_set(g, 2, 2, WF_TERRAIN_WALL), WF_OK);
    assert_int_equal(wf_grid_fill(g, floor), WF_OK);
    assert_int_equal(wf_grid_set(g, 2, 1, WF_TERRAIN_WALL), WF_OK);
    assert_int_equal(wf_grid_edit_commit(g), WF_OK);
    assert_int_equal(a.resets, 4);
    assert_int_equal(a.calls, 2);
    /* unwatched: hears nothing more */
    assert_int_equal(wf_grid_unwatch(g, listen, &a), WF_OK);
    assert_int_equal(wf_grid_unwatch(g, listen, &a), WF_E_INVALID_ARG);
    assert_int_equal(wf_grid_set(g, 0, 1, WF_TERRAIN_WALL), WF_OK);
    assert_int_equal(a.count, 4);
    assert_int_equal(b.count, 5);
    /* a clone has no watchers */
    wf_grid *c;
    assert_int_equal(wf_grid_clone(g, &c), WF_OK);
    assert_int_equal(wf_grid_set(c, 0, 2, WF_TERRAIN_WALL), WF_OK);
    assert_int_equal(b.count, 5);
    wf_grid_destroy(c);
    assert_int_equal(wf_grid_watch(NULL, listen, &a), WF_E_INVALID_ARG);
    assert_int_equal(wf_grid_watch(g, NULL, &a), WF_E_INVALID_ARG);
    assert_int_equal(wf_grid_edit_begin(NULL), WF_E_INVALID_ARG);
    wf_grid_destroy(g); /* b still watching: freed with the grid */
}

/* Out of memory while recording a batch's change: the edit is refused and
 * the cell left as it was. */
static void test_batch_out_of_memory(void **state) {
    (void)state;
    size_t refused = 0;
    for (size_t fail = 1; fail < 12; fail++) {
        wf_test_alloc ta;
        wf_allocator al = wf_test_alloc_init(&ta, 0);
        wf_grid *g;
        assert_int_equal(wf_grid_create(8, 8, &al, &g), WF_OK);
        int clock = 0;
        heard h = {.clock = &clock};
        assert_int_equal(wf_grid_watch(g, listen, &h), WF_OK);
        ta.fail_at = atomic_load(&ta.calls) + fail;
        assert_int_equal(wf_grid_edit_begin(g), WF_OK);
        size_t made = 0;
        for (int i = 0; i < 64; i++) {
            wf_status s = wf_grid_set(g, i % 8, i / 8, WF_TERRAIN_WALL);
            if (s == WF_E_NOMEM) {
                assert_true(wf_grid_passable(g, i % 8, i / 8));
                refused++;
            } else {
                assert_int_equal(s, WF_OK);
                made++;
            }
        }
        assert_int_equal(wf_grid_edit_commit(g), WF_OK);
        ta.fail_at = 0;
        /* the watcher heard exactly the edits made */
        assert_int_equal(h.count, made < 256 ? made : 256);
        assert_caches_current(g);
        wf_grid_destroy(g);
        assert_int_equal(atomic_load(&ta.live), 0);
    }
    assert_true(refused > 0);
}

/* Everything built on one grid at once, kept in step by the same edits
 * and batches: the grid's own caches, a connectivity index, D* Lite
 * planners (size 1, and size 2 with a filter, whose clearance is their
 * own), and a workspace's size-2 JPS planes and filtered clearance, which
 * it keys to the grid's version. After every commit each one answers as
 * if built from scratch. */
static void test_everything_in_step(void **state) {
    (void)state;
    wf_test_rng r = {0x5e9};
    size_t batches = 0, checks = 0;
    for (int m = 0; m < wf_test_count(40); m++) {
        wf_grid *g;
        assert_int_equal(wf_grid_create(24 + (int)wf_test_rng_below(&r, 16),
                                         24 + (int)wf_test_rng_below(&r, 16),
                                         NULL, &g),
                         WF_OK);
        assert_int_equal(wf_grid_set_cost(g, 1, 1.0), WF_OK);
        wf_filter f; /* terrain 2 forbidden to this unit */
        wf_filter_init(&f);
        assert_int_equal(wf_filter_set(&f, 2, INFINITY), WF_OK);
        wf_move m8 = wf_move_default(), big = wf_move_default();
        big.size = 2;
        wf_conn *conn;
        assert_int_equal(wf_conn_create(g, m8, NULL, NULL, &conn), WF_OK);
        wf_search_opts small = wf_search_opts_default(), two = small;
        two.move = big;
        two.filter = &f;
        const wf_point s = {0, 0}, t = {wf_grid_width(g) - 2,
                                        wf_grid_height(g) - 2};
        wf_dstar *d1, *d2;
        assert_int_equal(
            wf_dstar_create(g, s, t, &small, NULL, NULL, 0, &d1), WF_OK);
        assert_int_equal(wf_dstar_create(g, s, t, &two, NULL, NULL, 0, &d2),
                         WF_OK);
        wf_search *ws;
        assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
        wf_path a, b;
        wf_path_init(&a, NULL);
        wf_path_init(&b, NULL);
        uint32_t *labels = malloc((size_t)wf_grid_width(g) *
                                  (size_t)wf_grid_height(g) * sizeof *labels);
        assert_non_null(labels);
        for (int round = 0; round < 25; round++) {
            assert_int_equal(wf_grid_edit_begin(g), WF_OK);
            const int n = 1 + (int)wf_test_rng_below(&r, 30);
            for (int e = 0; e < n; e++) {
                const wf_point c = wf_test_random_cell(&r, g);
                const uint32_t k = wf_test_rng_below(&r, 6);
                wf_grid_set(g, c.x, c.y,
                            k < 2 ? WF_TERRAIN_WALL : k == 2 ? 2 : 1);
            }
            assert_int_equal(wf_grid_edit_commit(g), WF_OK);
            batches++;
            assert_caches_current(g);
            /* the index: each cell's component against a fresh labelling */
            uint32_t count;
            assert_int_equal(wf_grid_regions(g, m8, labels, &count), WF_OK);
            assert_int_equal(wf_conn_count(conn), count);
            for (int i = 0; i < 20; i++) {
                const wf_point p = wf_test_random_cell(&r, g),
                               q = wf_test_random_cell(&r, g);
                const size_t W = (size_t)wf_grid_width(g);
                const uint32_t lp = labels[(size_t)p.y * W + (size_t)p.x],
                               lq = labels[(size_t)q.y * W + (size_t)q.x];
                assert_int_equal(wf_conn_reachable(conn, p, q),
                                 lp && lp == lq);
            }
            /* the planners and the workspace's caches */
            for (int i = 0; i < 2; i++) {
                wf_dstar *d = i ? d2 : d1;
                const wf_search_opts *o = i ? &two : &small;
                wf_status ds = wf_dstar_plan(d, &a);
                wf_status as = wf_search_grid(ws, g, s, t, o, &b);
                assert_int_equal(ds, as);
                if (ds == WF_OK)
                    assert_true(wf_test_close(a.cost, b.cost));
            }
            wf_search_opts jps = wf_search_opts_default();
            jps.algo = WF_ALGO_JPS;
            jps.move = big;
            wf_search_opts astar = jps;
            astar.algo = WF_ALGO_ASTAR;
            wf_status js = wf_search_grid(ws, g, s, t, &jps, &a);
            wf_status as = wf_search_grid(ws, g, s, t, &astar, &b);
            assert_int_equal(js, as);
            if (js == WF_OK)
                assert_true(wf_test_close(a.cost, b.cost));
            checks++;
        }
        free(labels);
        wf_path_free(&a);
        wf_path_free(&b);
        wf_search_destroy(ws);
        wf_dstar_destroy(d1);
        wf_dstar_destroy(d2);
        wf_conn_destroy(conn);
        wf_grid_destroy(g);
    }
    print_message("everything in step after %zu batches: %zu rounds of "
                  "checks\n",
                  batches, checks);
}

/* Destroying a grid before what watches it (a D* Lite planner, the
 * connectivity index, an incremental walker) is not a use after free:
 * they report the grid gone until they are destroyed themselves, in any
 * order. */
static void test_grid_destroyed_first(void **state) {
    (void)state;
    for (int order = 0; order < 2; order++) {
        wf_grid *g;
        assert_int_equal(wf_grid_create(20, 10, NULL, &g), WF_OK);
        char msg[200] = "";
        wf_dstar *d = NULL;
        assert_int_equal(wf_dstar_create(g, (wf_point){0, 0},
                                         (wf_point){19, 9}, NULL, NULL, msg,
                                         sizeof msg, &d),
                         WF_OK);
        wf_conn *c = NULL;
        assert_int_equal(wf_conn_create(g, wf_move_default(), NULL, NULL, &c),
                         WF_OK);
        wf_walker *w = NULL;
        assert_int_equal(wf_walker_create(NULL, &w), WF_OK);
        assert_int_equal(wf_walker_set_incremental(w, g), WF_OK);
        wf_search *ws;
        assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
        wf_point next;
        assert_int_equal(wf_walker_plan(w, ws, g, (wf_point){0, 0},
                                        (wf_point){19, 9}, NULL),
                         WF_OK);
        assert_int_equal(wf_walker_step(w, ws, g, &next), WF_OK);
        wf_path p;
        wf_path_init(&p, NULL);
        assert_int_equal(wf_dstar_plan(d, &p), WF_OK);
        assert_int_equal(wf_conn_count(c), 1);
        wf_grid_destroy(g);
        /* what the grid's memory would have answered: nothing */
        assert_int_equal(wf_dstar_plan(d, &p), WF_E_INVALID_ARG);
        assert_non_null(strstr(wf_dstar_message(d), "its grid was destroyed"));
        assert_int_equal(wf_dstar_move(d, (wf_point){1, 1}), WF_E_INVALID_ARG);
        assert_int_equal(wf_dstar_set_goal(d, (wf_point){1, 1}),
                         WF_E_INVALID_ARG);
        assert_int_equal(wf_dstar_cells_changed(d, &next, 1),
                         WF_E_INVALID_ARG);
        assert_int_equal(wf_dstar_position(d).x, -1);
        assert_int_equal(wf_conn_count(c), 0);
        assert_int_equal(wf_conn_grid(c), NULL);
        assert_int_equal(wf_conn_component(c, (wf_point){1, 1}), 0);
        uint32_t labels[1], count;
        assert_int_equal(wf_conn_regions(c, labels, &count), WF_E_INVALID_ARG);
        assert_int_equal(wf_walker_cells_changed(w, &next, 1),
                         WF_E_INVALID_ARG);
        wf_grid *other;
        assert_int_equal(wf_grid_create(20, 10, NULL, &other), WF_OK);
        assert_int_equal(wf_walker_step(w, ws, other, &next), WF_E_INVALID_ARG);
        assert_int_equal(wf_walker_replan(w, ws, other), WF_E_INVALID_ARG);
        /* a walker set to plain searches again works on a live grid */
        assert_int_equal(wf_walker_set_incremental(w, NULL), WF_OK);
        assert_int_equal(wf_walker_plan(w, ws, other, (wf_point){0, 0},
                                        (wf_point){3, 0}, NULL),
                         WF_OK);
        wf_grid_destroy(other);
        wf_path_free(&p);
        if (order) {
            wf_walker_destroy(w);
            wf_conn_destroy(c);
            wf_dstar_destroy(d);
        } else {
            wf_dstar_destroy(d);
            wf_conn_destroy(c);
            wf_walker_destroy(w);
        }
        wf_search_destroy(ws);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_caches_follow_every_edit),
        cmocka_unit_test(test_watchers_hear_changes),
        cmocka_unit_test(test_batch_out_of_memory),
        cmocka_unit_test(test_everything_in_step),
        cmocka_unit_test(test_grid_destroyed_first),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
