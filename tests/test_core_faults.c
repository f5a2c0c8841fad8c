/* Faults injected into the pool and the one-shot batch: thread creation
 * that fails (this program's own thrd_create takes the place of libc's
 * and refuses once its allowance is spent), and an allocation refused
 * inside a worker in the middle of a batch. Each must give its documented
 * status, join what was started, leak nothing (the counting allocator and
 * LeakSanitizer), and leave the other answers exactly as alone. */
#define _GNU_SOURCE /* RTLD_NEXT */
#include "wf_test.h"

#include <dlfcn.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

#include "wayfind/io.h"

/* ---- thrd_create with an allowance ------------------------------------ */

/* Threads this program may still start; -1: no limit. */
static atomic_int allowance = -1;
/* Threads started through the hook that have not returned. */
static atomic_int alive;

typedef struct trampoline_arg {
    thrd_start_t fn;
    void *arg;
} trampoline_arg;

static int trampoline(void *p) {
    trampoline_arg t = *(trampoline_arg *)p;
    free(p);
    int r = t.fn(t.arg);
    atomic_fetch_sub(&alive, 1);
    return r;
}

int thrd_create(thrd_t *thr, thrd_start_t fn, void *arg) {
    int left = atomic_load(&allowance);
    while (left != -1) {
        if (left == 0)
            return thrd_error;
        if (atomic_compare_exchange_weak(&allowance, &left, left - 1))
            break;
    }
    /* libc's own, found past this definition (object to function
     * pointer through memcpy, which ISO C allows) */
    int (*real)(thrd_t *, thrd_start_t, void *);
    void *sym = dlsym(RTLD_NEXT, "thrd_create");
    assert_non_null(sym);
    memcpy(&real, &sym, sizeof real);
    trampoline_arg *t = malloc(sizeof *t);
    if (!t)
        return thrd_nomem;
    t->fn = fn;
    t->arg = arg;
    atomic_fetch_add(&alive, 1);
    int r = real(thr, trampoline, t);
    if (r != thrd_success) {
        atomic_fetch_sub(&alive, 1);
        free(t);
    }
    return r;
}

/* ---- queries and their single-threaded answers ------------------------ */

enum { N = 60 };

typedef struct answer {
    wf_status st;
    double cost;
    size_t count;
    int calls;
} answer;

static void keep(void *ud, size_t i, wf_status st, const wf_path *p,
                 uint64_t ns) {
    (void)ns;
    answer *a = &((answer *)ud)[i];
    a->st = st;
    a->cost = p->cost;
    a->count = p->count;
    a->calls++;
}

typedef struct fixture {
    wf_grid *g;
    wf_point s[N], t[N];
    answer ref[N];
} fixture;

static wf_point passable_cell(wf_test_rng *r, const wf_grid *g) {
    for (;;) {
        wf_point p = {(int)wf_test_rng_below(r, (uint32_t)wf_grid_width(g)),
                      (int)wf_test_rng_below(r, (uint32_t)wf_grid_height(g))};
        if (wf_grid_passable(g, p.x, p.y))
            return p;
    }
}

static int setup(void **state) {
    fixture *f = calloc(1, sizeof *f);
    assert_non_null(f);
    wf_diag d;
    if (wf_movingai_map_read(WF_SHARED_DIR "/movingai/dao/den011d.map", NULL,
                             &f->g, &d) != WF_OK) {
        /* a generated cave when the benchmark maps are not beside us */
        assert_int_equal(wf_grid_create(120, 90, NULL, &f->g), WF_OK);
        assert_int_equal(wf_gen_caves(f->g, 7, NULL, 1), WF_OK);
    }
    wf_test_rng r = {0xfa17};
    for (int i = 0; i < N; i++) {
        f->s[i] = passable_cell(&r, f->g);
        f->t[i] = passable_cell(&r, f->g);
    }
    wf_search *ws;
    wf_path p;
    wf_path_init(&p, NULL);
    assert_int_equal(wf_search_create(NULL, &ws), WF_OK);
    for (int i = 0; i < N; i++) {
        f->ref[i].st = wf_search_grid(ws, f->g, f->s[i], f->t[i], NULL, &p);
        f->ref[i].cost = p.cost;
        f->ref[i].count = p.count;
    }
    wf_path_free(&p);
    wf_search_destroy(ws);
    *state = f;
    return 0;
}

static int teardown(void **state) {
    fixture *f = *state;
    wf_grid_destroy(f->g);
    free(f);
    return 0;
}

static void same_as_alone(const fixture *f, const answer *got, size_t i) {
    assert_int_equal(got[i].calls, 1);
    assert_int_equal(got[i].st, f->ref[i].st);
    assert_true(got[i].cost == f->ref[i].cost);
    assert_int_equal(got[i].count, f->ref[i].count);
}

/* One call on @p p with every query; each answer as alone. */
static void pool_answers_all(wf_pool *p, const fixture *f) {
    answer got[N];
    memset(got, 0, sizeof got);
    assert_int_equal(
        wf_pool_search_grid(p, f->g, f->s, f->t, N, NULL, keep, got), WF_OK);
    for (size_t i = 0; i < N; i++)
        same_as_alone(f, got, i);
}

/* ---- the tests -------------------------------------------------------- */

/* A pool of 4 whose k-th thread cannot start, k = 1..3: WF_E_THREAD, the
 * threads that did start are joined, nothing is left allocated. */
static void test_pool_thread_fails(void **state) {
    fixture *f = *state;
    for (int allowed = 0; allowed <= 3; allowed++) {
        wf_test_alloc ta;
        wf_allocator a = wf_test_alloc_init(&ta, 0);
        atomic_store(&allowance, allowed);
        wf_pool *p = (wf_pool *)f;
        wf_status st = wf_pool_create(4, &a, &p);
        atomic_store(&allowance, -1);
        if (allowed < 3) {
            assert_int_equal(st, WF_E_THREAD);
            assert_null(p);
            assert_int_equal(atomic_load(&alive), 0);
            assert_int_equal(atomic_load(&ta.live), 0);
            continue;
        }
        /* all three started: the pool works */
        assert_int_equal(st, WF_OK);
        pool_answers_all(p, f);
        wf_pool_destroy(p);
        assert_int_equal(atomic_load(&alive), 0);
        assert_int_equal(atomic_load(&ta.live), 0);
    }
    assert_string_equal(wf_status_name(WF_E_THREAD), "E_THREAD");
}

/* The one-shot batch reports the failure as a whole and calls back for no
 * query. */
static void test_batch_thread_fails(void **state) {
    fixture *f = *state;
    for (int allowed = 0; allowed <= 2; allowed++) {
        answer got[N];
        memset(got, 0, sizeof got);
        atomic_store(&allowance, allowed);
        wf_status st =
            wf_search_grid_batch(f->g, f->s, f->t, N, NULL, 4, keep, got);
        atomic_store(&allowance, -1);
        assert_int_equal(st, WF_E_THREAD);
        assert_int_equal(atomic_load(&alive), 0);
        for (size_t i = 0; i < N; i++)
            assert_int_equal(got[i].calls, 0);
    }
    /* one thread asked for: none is started, so none can fail */
    answer got[N];
    memset(got, 0, sizeof got);
    atomic_store(&allowance, 0);
    wf_status st = wf_search_grid_batch(f->g, f->s, f->t, N, NULL, 1, keep, got);
    atomic_store(&allowance, -1);
    assert_int_equal(st, WF_OK);
    for (size_t i = 0; i < N; i++)
        same_as_alone(f, got, i);
}

/* Every allocation a 2-thread pool makes while answering its first batch
 * is refused in turn (the workers size their workspaces and grow their
 * paths mid-batch): the call returns WF_OK, exactly the query whose
 * allocation was refused gets WF_E_NOMEM, every other query its answer
 * alone, and the next call on the same pool answers all of them. */
static void test_worker_allocation_fails(void **state) {
    fixture *f = *state;
    size_t runs = 0, refused_runs = 0;
    for (size_t k = 1;; k++) {
        wf_test_alloc ta;
        wf_allocator a = wf_test_alloc_init(&ta, 0);
        wf_pool *p;
        assert_int_equal(wf_pool_create(2, &a, &p), WF_OK);
        /* refuse the k-th allocation from here on */
        ta.fail_at = atomic_load(&ta.calls) + k;
        answer got[N];
        memset(got, 0, sizeof got);
        assert_int_equal(
            wf_pool_search_grid(p, f->g, f->s, f->t, N, NULL, keep, got),
            WF_OK);
        runs++;
        size_t nomem = 0;
        for (size_t i = 0; i < N; i++) {
            assert_int_equal(got[i].calls, 1);
            if (got[i].st == WF_E_NOMEM)
                nomem++;
            else
                same_as_alone(f, got, i);
        }
        int refused = atomic_load(&ta.refused);
        assert_int_equal(nomem, (size_t)refused);
        pool_answers_all(p, f); /* the pool recovers */
        wf_pool_destroy(p);
        assert_int_equal(atomic_load(&ta.live), 0);
        if (!refused)
            break;
        refused_runs++;
    }
    print_message("mid-batch allocation failures: %zu of %zu runs refused "
                  "one allocation inside a worker\n",
                  refused_runs, runs);
    assert_true(refused_runs >= 2); /* both workers allocate */
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pool_thread_fails),
        cmocka_unit_test(test_batch_thread_fails),
        cmocka_unit_test(test_worker_allocation_fails),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
