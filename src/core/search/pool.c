/* A persistent pool of search threads (C11 threads): each worker keeps its
 * workspace and path buffer across calls, the grid is shared read-only,
 * and the items of a job (queries, or the chunks of a task the layers above
 * hand it through wf__pool_run) are handed out one at a time by an atomic
 * counter.
 *
 * The calling thread is worker 0 and answers queries too, so a call with
 * one query wakes no thread at all; a call with n queries wakes at most
 * n - 1. A workspace is sized by its worker's first query, so threads that
 * never get a query never touch per-cell memory. */
#include <stdatomic.h>
#include <threads.h>
#include <time.h>

#include "internal.h"

#define MAX_THREADS 256

typedef struct worker {
    struct wf_pool *pool;
    wf_search *ws;
    wf_path path;
    uint64_t seen;   /* the last job this worker joined */
    thrd_t thread;
} worker;

struct wf_pool {
    wf_allocator alloc;
    int threads;     /* workers, the caller included */
    int started;     /* background threads running */
    worker *w;
    mtx_t mu;
    cnd_t work_cv, done_cv;
    mtx_t call_mu;   /* one call at a time */
    int quit;
    /* the job of the current call */
    uint64_t job;
    int slots;       /* background workers still wanted for it */
    int running;     /* background workers that have not finished it */
    size_t n;        /* items */
    wf__pool_task task;
    void *task_ud;
    /* a search job's query */
    const wf_grid *g;
    const wf_point *starts, *goals;
    wf_search_opts opts;
    wf_batch_fn fn;
    void *ud;
    atomic_size_t next;
};

static uint64_t now_ns(void) {
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* The task of a search job: answers query i on worker t. */
static void search_task(void *ud, size_t i, int t) {
    wf_pool *p = ud;
    worker *w = &p->w[t];
    uint64_t t0 = now_ns();
    wf_status st = wf_search_grid(w->ws, p->g, p->starts[i], p->goals[i],
                                  &p->opts, &w->path);
    uint64_t t1 = now_ns();
    p->fn(p->ud, i, st, &w->path, t1 - t0);
}

/* Runs items of the current job until none is left. */
static void answer(wf_pool *p, worker *w) {
    int t = (int)(w - p->w);
    for (;;) {
        size_t i = atomic_fetch_add(&p->next, 1);
        if (i >= p->n)
            break;
        p->task(p->task_ud, i, t);
    }
}

static int worker_main(void *arg) {
    worker *w = arg;
    wf_pool *p = w->pool;
    mtx_lock(&p->mu);
    for (;;) {
        while (!p->quit && !(p->job != w->seen && p->slots > 0))
            cnd_wait(&p->work_cv, &p->mu);
        if (p->quit)
            break;
        w->seen = p->job;
        p->slots--;
        mtx_unlock(&p->mu);
        answer(p, w);
        mtx_lock(&p->mu);
        if (--p->running == 0)
            cnd_signal(&p->done_cv);
    }
    mtx_unlock(&p->mu);
    return 0;
}

void wf_pool_destroy(wf_pool *p) {
    if (!p)
        return;
    mtx_lock(&p->mu);
    p->quit = 1;
    cnd_broadcast(&p->work_cv);
    mtx_unlock(&p->mu);
    for (int t = 1; t <= p->started; t++)
        thrd_join(p->w[t].thread, NULL);
    for (int t = 0; t < p->threads; t++) {
        wf_path_free(&p->w[t].path);
        wf_search_destroy(p->w[t].ws);
    }
    cnd_destroy(&p->work_cv);
    cnd_destroy(&p->done_cv);
    mtx_destroy(&p->mu);
    mtx_destroy(&p->call_mu);
    wf_allocator a = p->alloc;
    wf__free(&a, p->w, (size_t)p->threads * sizeof *p->w);
    wf__free(&a, p, sizeof *p);
}

/* The pool's locks and conditions; on failure none is left made. */
static int init_sync(wf_pool *p) {
    if (mtx_init(&p->mu, mtx_plain) != thrd_success)
        return 0;
    if (mtx_init(&p->call_mu, mtx_plain) != thrd_success)
        goto no_call_mu;
    if (cnd_init(&p->work_cv) != thrd_success)
        goto no_work_cv;
    if (cnd_init(&p->done_cv) != thrd_success)
        goto no_done_cv;
    return 1;
no_done_cv:
    cnd_destroy(&p->work_cv);
no_work_cv:
    mtx_destroy(&p->call_mu);
no_call_mu:
    mtx_destroy(&p->mu);
    return 0;
}

wf_status wf_pool_create(int threads, const wf_allocator *alloc,
                         wf_pool **out) {
    if (!out)
        return WF_E_INVALID_ARG;
    *out = NULL;
    if (threads < 1 || threads > MAX_THREADS)
        return WF_E_INVALID_ARG;
    wf_allocator a = wf__allocator(alloc);
    wf_pool *p = wf__alloc(&a, sizeof *p);
    if (!p)
        return WF_E_NOMEM;
    memset(p, 0, sizeof *p);
    p->alloc = a;
    p->w = wf__alloc(&a, (size_t)threads * sizeof *p->w);
    if (!p->w) {
        wf__free(&a, p, sizeof *p);
        return WF_E_NOMEM;
    }
    memset(p->w, 0, (size_t)threads * sizeof *p->w);
    if (!init_sync(p)) {
        wf__free(&a, p->w, (size_t)threads * sizeof *p->w);
        wf__free(&a, p, sizeof *p);
        return WF_E_NOMEM;
    }
    /* From here wf_pool_destroy cleans up whatever exists. */
    p->threads = threads;
    wf_status st = WF_OK;
    for (int t = 0; t < threads; t++) {
        p->w[t].pool = p;
        wf_path_init(&p->w[t].path, &a);
        if (st == WF_OK)
            st = wf_search_create(&a, &p->w[t].ws);
    }
    for (int t = 1; t < threads && st == WF_OK; t++) {
        if (thrd_create(&p->w[t].thread, worker_main, &p->w[t]) !=
            thrd_success)
            st = WF_E_THREAD; /* only the threads made so far are joined */
        else
            p->started = t;
    }
    if (st != WF_OK) {
        wf_pool_destroy(p);
        return st;
    }
    *out = p;
    return WF_OK;
}

int wf_pool_threads(const wf_pool *p) { return p ? p->threads : 0; }

/* Runs the job set up in p (n items of task) on the workers; the caller
 * holds call_mu. */
static void run_job(wf_pool *p) {
    size_t n = p->n;
    atomic_store(&p->next, 0);
    /* wake no more background workers than there are items beyond the
     * caller's first */
    size_t helpers = n - 1 < (size_t)p->started ? n - 1 : (size_t)p->started;
    if (helpers) {
        mtx_lock(&p->mu);
        p->job++;
        p->slots = (int)helpers;
        p->running = (int)helpers;
        if (helpers == 1)
            cnd_signal(&p->work_cv);
        else
            cnd_broadcast(&p->work_cv);
        mtx_unlock(&p->mu);
    }
    answer(p, &p->w[0]);
    if (helpers) {
        mtx_lock(&p->mu);
        while (p->running > 0)
            cnd_wait(&p->done_cv, &p->mu);
        mtx_unlock(&p->mu);
    }
}

wf_status wf_pool_search_grid(wf_pool *p, const wf_grid *g,
                              const wf_point *starts, const wf_point *goals,
                              size_t n, const wf_search_opts *opts,
                              wf_batch_fn fn, void *ud) {
    if (!p || !g || (n && (!starts || !goals)) || !fn)
        return WF_E_INVALID_ARG;
    if (!n)
        return WF_OK;
    mtx_lock(&p->call_mu);
    p->g = g;
    p->starts = starts;
    p->goals = goals;
    p->n = n;
    p->opts = opts ? *opts : wf_search_opts_default();
    p->fn = fn;
    p->ud = ud;
    p->task = search_task;
    p->task_ud = p;
    run_job(p);
    mtx_unlock(&p->call_mu);
    return WF_OK;
}

wf_status wf__pool_run(wf_pool *p, size_t n, wf__pool_task task, void *ud) {
    if (!p || !task)
        return WF_E_INVALID_ARG;
    if (!n)
        return WF_OK;
    mtx_lock(&p->call_mu);
    p->n = n;
    p->task = task;
    p->task_ud = ud;
    run_job(p);
    mtx_unlock(&p->call_mu);
    return WF_OK;
}

wf_status wf_search_grid_batch(const wf_grid *g, const wf_point *starts,
                               const wf_point *goals, size_t n,
                               const wf_search_opts *opts, int threads,
                               wf_batch_fn fn, void *ud) {
    if (!g || (n && (!starts || !goals)) || !fn || threads < 1 ||
        threads > MAX_THREADS)
        return WF_E_INVALID_ARG;
    /* never more threads than queries */
    if ((size_t)threads > n)
        threads = n ? (int)n : 1;
    wf_pool *p;
    wf_status s = wf_pool_create(threads, &g->alloc, &p);
    if (s != WF_OK)
        return s;
    s = wf_pool_search_grid(p, g, starts, goals, n, opts, fn, ud);
    wf_pool_destroy(p);
    return s;
}
