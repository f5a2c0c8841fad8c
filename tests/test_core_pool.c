/* The persistent search pool: on 1, 2 and 4 threads every answer equals
 * the single-threaded wf_search_grid answer, across many calls on the same
 * pool; a call with one query sizes one workspace, not one per thread; a
 * pool whose allocations fail returns WF_E_NOMEM and leaks nothing; the
 * pool's task runner runs every item exactly once, on a worker index in
 * range, its plain writes seen by the caller, with uneven items, jobs back
 * to back (workers spinning), jobs after a pause (workers asleep) and a
 * pool destroyed right after a job. */
#include "wf_test.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

#include "wayfind/io.h"
#include "wf_core_private.h"

typedef struct answer {
    wf_status st;
    double cost;
    size_t count;
    uint64_t hash; /* of the path's cells, in order */
    int calls;
} answer;

static uint64_t path_hash(const wf_path *p) {
    uint64_t h = 1469598103934665603ull;
    for (size_t k = 0; k < p->count; k++)
        h = (h ^ (uint64_t)((uint32_t)p->points[k].x * 65536u +
                            (uint32_t)p->points[k].y)) *
            1099511628211ull;
    return h;
}

static void keep(void *ud, size_t i, wf_status st, const wf_path *p,
                 uint64_t ns) {
    (void)ns;
    answer *a = &((answer *)ud)[i];
    a->st = st;
    a->cost = p->cost;
    a->count = p->count;
    a->hash = path_hash(p);
    a->calls++;
}

static wf_point random_query_cell(wf_test_rng *r, const wf_grid *g) {
    for (int tries = 0;; tries++) {
        wf_point p = {(int)wf_test_rng_below(r, (uint32_t)wf_grid_width(g)),
                      (int)wf_test_rng_below(r, (uint32_t)wf_grid_height(g))};
        if (wf_grid_passable(g, p.x, p.y) || tries > 20 ||
            wf_test_rng_below(r, 20) == 0)
            return p;
    }
}

/* The single-threaded answers of queries [0, n). */
static void reference(wf_search *ws, const wf_grid *g, const wf_point *s,
                      const wf_point *t, size_t n, const wf_search_opts *o,
                      answer *out) {
    wf_path p;
    wf_path_init(&p, NULL);
    for (size_t i = 0; i < n; i++) {
        out[i].st = wf_search_grid(ws, g, s[i], t[i], o, &p);
        out[i].cost = p.cost;
        out[i].count = p.count;
        out[i].hash = path_hash(&p);
        out[i].calls = 1;
    }
    wf_path_free(&p);
}

static void same_answers(const answer *a, const answer *b, size_t n) {
    for (size_t i = 0; i < n; i++) {
        assert_int_equal(a[i].calls, 1);
        assert_int_equal(a[i].st, b[i].st);
        assert_true(a[i].cost == b[i].cost);
        assert_int_equal(a[i].count, b[i].count);
        assert_true(a[i].hash == b[i].hash);
    }
}

static void test_pool_matches_single_thread(void **state) {
    (void)state;
    wf_grid *g = NULL;
    wf_diag d;
    if (wf_movingai_map_read(WF_SHARED_DIR "/movingai/dao/den011d.map", NULL,
                             &g, &d) != WF_OK) {
        print_message("den011d.map not found: skipped\n");
        skip();
    }
    enum { N = 2000 };
    static wf_point s[N], t[N];
    static answer ref[N], got[N];
    wf_test_rng r = {0xd011};
    for (int i = 0; i < N; i++) {
        s[i] = random_query_cell(&r, g);
        t[i] = random_query_cell(&r, g);
    }
    wf_search *ws;
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    size_t checked = 0;
    for (int algo = 0; algo < 3; algo++) {
        wf_search_opts o = wf_search_opts_default();
        o.algo = algo == 0 ? WF_ALGO_ASTAR
                 : algo == 1 ? WF_ALGO_AUTO
                             : WF_ALGO_DIJKSTRA;
        if (algo == 2)
            o.goal_fallback = WF_FALLBACK_NEAREST;
        size_t n = algo == 2 ? 300 : N;
        reference(ws, g, s, t, n, &o, ref);
        static const int threads[3] = {1, 2, 4};
        for (int k = 0; k < 3; k++) {
            wf_pool *p;
            assert_int_equal(wf_pool_create(threads[k], NULL, &p), WF_OK);
            assert_int_equal(wf_pool_threads(p), threads[k]);
            memset(got, 0, sizeof got);
            assert_int_equal(
                wf_pool_search_grid(p, g, s, t, n, &o, keep, got), WF_OK);
            same_answers(got, ref, n);
            checked += n;
            wf_pool_destroy(p);
        }
    }
    size_t oks = 0;
    for (int i = 0; i < N; i++)
        oks += ref[i].st == WF_OK || ref[i].st == WF_PARTIAL;

    /* Many consecutive calls of 1–50 queries on one pool. */
    wf_pool *p;
    assert_int_equal(wf_pool_create(4, NULL, &p), WF_OK);
    wf_search_opts o = wf_search_opts_default();
    reference(ws, g, s, t, N, &o, ref);
    size_t calls = 0;
    for (int c = 0; c < wf_test_count(200); c++) {
        size_t n = 1 + wf_test_rng_below(&r, 50);
        size_t at = wf_test_rng_below(&r, (uint32_t)(N - n));
        memset(got, 0, sizeof got);
        assert_int_equal(wf_pool_search_grid(p, g, s + at, t + at, n, &o, keep,
                                             got),
                         WF_OK);
        same_answers(got, ref + at, n);
        for (size_t i = n; i < N; i++)
            assert_int_equal(got[i].calls, 0);
        checked += n;
        calls++;
    }
    /* n = 0 calls nothing. */
    memset(got, 0, sizeof got);
    assert_int_equal(wf_pool_search_grid(p, g, s, t, 0, &o, keep, got), WF_OK);
    assert_int_equal(wf_pool_search_grid(p, g, NULL, NULL, 0, &o, keep, got),
                     WF_OK);
    assert_int_equal(got[0].calls, 0);
    /* Invalid arguments. */
    assert_int_equal(wf_pool_search_grid(NULL, g, s, t, 1, &o, keep, got),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_pool_search_grid(p, NULL, s, t, 1, &o, keep, got),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_pool_search_grid(p, g, NULL, t, 1, &o, keep, got),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_pool_search_grid(p, g, s, NULL, 1, &o, keep, got),
                     WF_E_INVALID_ARG);
    assert_int_equal(wf_pool_search_grid(p, g, s, t, 1, &o, NULL, got),
                     WF_E_INVALID_ARG);
    assert_int_equal(got[0].calls, 0);
    /* A query's own error goes to the callback. */
    wf_point off = {-3, 0};
    memset(got, 0, sizeof got);
    assert_int_equal(wf_pool_search_grid(p, g, &off, t, 1, &o, keep, got),
                     WF_OK);
    assert_int_equal(got[0].st, WF_E_RANGE);
    wf_pool_destroy(p);
    wf_pool_destroy(NULL);
    assert_int_equal(wf_pool_threads(NULL), 0);
    wf_pool *bad = (wf_pool *)&r;
    assert_int_equal(wf_pool_create(0, NULL, &bad), WF_E_INVALID_ARG);
    assert_null(bad);
    assert_int_equal(wf_pool_create(257, NULL, &bad), WF_E_INVALID_ARG);
    assert_int_equal(wf_pool_create(2, NULL, NULL), WF_E_INVALID_ARG);

    /* The one-shot batch with more threads than queries. */
    memset(got, 0, sizeof got);
    assert_int_equal(wf_search_grid_batch(g, s, t, 3, &o, 16, keep, got),
                     WF_OK);
    same_answers(got, ref, 3);
    assert_int_equal(got[3].calls, 0);
    assert_int_equal(wf_search_grid_batch(g, s, t, 0, &o, 16, keep, got),
                     WF_OK);

    print_message("pool: %zu answers equal to wf_search_grid (%zu of %d "
                  "queries found a path), %zu consecutive calls on one "
                  "pool\n",
                  checked, oks, N, calls);
    assert_true(oks > N / 2);
    wf_search_destroy(ws);
    wf_grid_destroy(g);
}

static void test_one_query_sizes_one_workspace(void **state) {
    (void)state;
    wf_grid *g;
    assert_int_equal(wf_grid_create(512, 512, NULL, &g), WF_OK);
    wf_test_alloc ca;
    wf_allocator a = wf_test_alloc_init(&ca, 0);
    wf_pool *p;
    assert_int_equal(wf_pool_create(4, &a, &p), WF_OK);
    wf_search *probe;
    assert_int_equal(wf_search_create(NULL, &probe), WF_OK);
    assert_int_equal(wf_search_reserve(probe, 512 * 512), WF_OK);
    size_t one_ws = wf_search_bytes(probe);
    wf_search_destroy(probe);

    wf_point s = {0, 0}, t = {511, 511};
    answer got[4];
    memset(got, 0, sizeof got);
    size_t before = atomic_load(&ca.bytes);
    assert_int_equal(wf_pool_search_grid(p, g, &s, &t, 1, NULL, keep, got),
                     WF_OK);
    size_t during = atomic_load(&ca.bytes) - before;
    assert_int_equal(got[0].st, WF_OK);
    print_message("one query on 512x512 with 4 threads allocated %zu bytes; "
                  "one workspace is %zu\n",
                  during, one_ws);
    assert_true(during >= one_ws);
    assert_true(during < one_ws + one_ws / 2);
    /* The same query again allocates nothing. */
    before = atomic_load(&ca.bytes);
    assert_int_equal(wf_pool_search_grid(p, g, &s, &t, 1, NULL, keep, got),
                     WF_OK);
    assert_true(atomic_load(&ca.bytes) == before);
    wf_pool_destroy(p);
    assert_int_equal(atomic_load(&ca.live), 0);
    wf_grid_destroy(g);
}

static void test_create_allocation_failures(void **state) {
    (void)state;
    size_t runs = 0;
    for (int threads = 1; threads <= 4; threads *= 2) {
        for (size_t n = 1;; n++) {
            wf_test_alloc ca;
            wf_allocator a = wf_test_alloc_init(&ca, n);
            wf_pool *p = NULL;
            wf_status st = wf_pool_create(threads, &a, &p);
            runs++;
            if (atomic_load(&ca.refused)) {
                assert_int_equal(st, WF_E_NOMEM);
                assert_null(p);
                assert_int_equal(atomic_load(&ca.live), 0);
                continue;
            }
            assert_int_equal(st, WF_OK);
            wf_pool_destroy(p);
            assert_int_equal(atomic_load(&ca.live), 0);
            break;
        }
    }
    print_message("pool creation: %zu runs with allocation N refused\n",
                  runs);
}

typedef struct run_job {
    atomic_int *hits;  /* per item */
    int *seen;         /* per item, written plainly: read after the call */
    atomic_int bad_t;  /* items run on a worker index out of range */
    int threads;
    size_t n;
} run_job;

/* Counts the item; items of the first quarter are slow, so the other
 * threads finish their shares first and take from the first's. */
static void count_item(void *ud, size_t i, int t) {
    run_job *j = ud;
    if (t < 0 || t >= j->threads)
        atomic_fetch_add(&j->bad_t, 1);
    volatile double x = 0.0;
    for (int k = 0; k < (i < j->n / 4 ? 2000 : 20); k++)
        x += (double)k;
    atomic_fetch_add(&j->hits[i], 1);
    j->seen[i] = (int)i + 1;
}

static void test_run_every_item_once(void **state) {
    (void)state;
    static const size_t sizes[] = {1, 2, 3, 5, 7, 64, 1000};
    size_t jobs = 0;
    for (int threads = 1; threads <= 4; threads++) {
        wf_pool *p = NULL;
        assert_int_equal(wf_pool_create(threads, NULL, &p), WF_OK);
        for (int round = 0; round < 60; round++) {
            size_t n = sizes[round % 7];
            run_job j = {malloc(n * sizeof(atomic_int)), calloc(n, sizeof(int)),
                         0, threads, n};
            assert_non_null(j.hits);
            assert_non_null(j.seen);
            for (size_t i = 0; i < n; i++)
                atomic_init(&j.hits[i], 0);
            atomic_init(&j.bad_t, 0);
            assert_int_equal(wf__pool_run(p, n, count_item, &j), WF_OK);
            for (size_t i = 0; i < n; i++) {
                assert_int_equal(atomic_load(&j.hits[i]), 1);
                assert_int_equal(j.seen[i], (int)i + 1);
            }
            assert_int_equal(atomic_load(&j.bad_t), 0);
            free(j.hits);
            free(j.seen);
            jobs++;
            if (round % 20 == 19) {
                /* long enough for the workers to stop spinning and sleep */
                struct timespec ts = {0, 2000000};
                thrd_sleep(&ts, NULL);
            }
        }
        assert_int_equal(wf__pool_run(p, 0, count_item, NULL), WF_OK);
        assert_int_equal(wf__pool_run(NULL, 1, count_item, NULL),
                         WF_E_INVALID_ARG);
        wf_pool_destroy(p);
    }
    /* destroyed right after a job, its workers still spinning */
    for (int k = 0; k < 20; k++) {
        wf_pool *p = NULL;
        assert_int_equal(wf_pool_create(3, NULL, &p), WF_OK);
        run_job j = {malloc(64 * sizeof(atomic_int)), calloc(64, sizeof(int)),
                     0, 3, 64};
        assert_non_null(j.hits);
        assert_non_null(j.seen);
        for (size_t i = 0; i < 64; i++)
            atomic_init(&j.hits[i], 0);
        atomic_init(&j.bad_t, 0);
        assert_int_equal(wf__pool_run(p, 64, count_item, &j), WF_OK);
        wf_pool_destroy(p);
        for (size_t i = 0; i < 64; i++)
            assert_int_equal(j.seen[i], (int)i + 1);
        free(j.hits);
        free(j.seen);
        jobs++;
    }
    print_message("pool runner: %zu jobs on 1-4 threads, every item once\n",
                  jobs);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pool_matches_single_thread),
        cmocka_unit_test(test_one_query_sizes_one_workspace),
        cmocka_unit_test(test_create_allocation_failures),
        cmocka_unit_test(test_run_every_item_once),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
