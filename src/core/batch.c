/* Batch queries on several threads (C11 threads): one workspace per
 * thread, the grid shared read-only, queries handed out by an atomic
 * counter. */
#include <stdatomic.h>
#include <threads.h>
#include <time.h>

#include "internal.h"

#define MAX_THREADS 256

typedef struct batch {
    const wf_grid *g;
    const wf_point *starts, *goals;
    size_t n;
    wf_search_opts opts;
    wf_batch_fn fn;
    void *ud;
    atomic_size_t next;
} batch;

typedef struct worker {
    batch *b;
    wf_search *ws;
    wf_path path;
} worker;

static uint64_t now_ns(void) {
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static int work(void *arg) {
    worker *w = arg;
    batch *b = w->b;
    for (;;) {
        size_t i = atomic_fetch_add(&b->next, 1);
        if (i >= b->n)
            break;
        uint64_t t0 = now_ns();
        wf_status st = wf_search_grid(w->ws, b->g, b->starts[i], b->goals[i],
                                      &b->opts, &w->path);
        uint64_t t1 = now_ns();
        b->fn(b->ud, i, st, &w->path, t1 - t0);
    }
    return 0;
}

wf_status wf_search_grid_batch(const wf_grid *g, const wf_point *starts,
                               const wf_point *goals, size_t n,
                               const wf_search_opts *opts, int threads,
                               wf_batch_fn fn, void *ud) {
    if (!g || (n && (!starts || !goals)) || !fn || threads < 1 ||
        threads > MAX_THREADS)
        return WF_E_INVALID_ARG;
    batch b;
    b.g = g;
    b.starts = starts;
    b.goals = goals;
    b.n = n;
    b.opts = opts ? *opts : wf_search_opts_default();
    b.fn = fn;
    b.ud = ud;
    atomic_init(&b.next, 0);
    worker w[MAX_THREADS];
    thrd_t th[MAX_THREADS];
    int made = 0, started = 0;
    wf_status st = WF_OK;
    for (; made < threads && st == WF_OK; made++) {
        w[made].b = &b;
        wf_path_init(&w[made].path, &g->alloc);
        st = wf_search_create(&g->alloc, &w[made].ws);
        if (st == WF_OK)
            st = wf_search_reserve(w[made].ws, g->cells);
        if (st == WF_OK)
            st = wf_path_reserve(&w[made].path, 1024);
    }
    /* The calling thread is worker 0; the others get threads of their own. */
    for (int t = 1; t < made && st == WF_OK; t++, started++)
        if (thrd_create(&th[t], work, &w[t]) != thrd_success)
            st = WF_E_IO;
    if (st == WF_OK) {
        work(&w[0]);
    } else {
        atomic_store(&b.next, n); /* stop the started ones */
    }
    for (int t = 1; t <= started; t++)
        thrd_join(th[t], NULL);
    for (int t = 0; t < made; t++) {
        wf_path_free(&w[t].path);
        wf_search_destroy(w[t].ws);
    }
    return st;
}
