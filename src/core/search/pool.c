/* A persistent pool of search threads (C11 threads): each worker keeps its
 * workspace and path buffer across calls, the grid is shared read-only,
 * and the items of a job (queries, or the chunks of a task the layers above
 * hand it through wf__pool_run) are handed out one at a time by atomic
 * counters.
 *
 * The calling thread is worker 0 and answers queries too, so a call with
 * one query wakes no thread at all; a call with n queries wakes at most
 * n - 1. A workspace is sized by its worker's first query, so threads that
 * never get a query never touch per-cell memory.
 *
 * A job's items are cut into one contiguous lane per thread taking part,
 * and a thread that has finished its own lane takes items from the
 * others'. Worker t works lane t when every worker takes part, so with
 * steady work each thread keeps the same items from call to call (and
 * their memory in its cache), and uneven work still balances.
 *
 * Between jobs a worker spins for a short while (SPIN_NS) before it sleeps
 * on a condition, and the caller spins as long before it sleeps waiting
 * for the workers: a game calls the pool every frame, often several times
 * a frame, and a sleeping thread takes tens of microseconds to wake (more
 * under a hypervisor), as long as a whole small job. A spinning thread
 * yields its core every 64 pauses, so a pool with more threads than cores
 * does not keep a thread with work waiting. No wake-up is lost:
 * each side announces its sleep (sleepers, waiting) before it looks once
 * more, and the other side looks at that announcement after publishing
 * its change (job, running), all four sequentially consistent. */
#include <stdatomic.h>
#include <threads.h>
#include <time.h>

#include "internal.h"

#define MAX_THREADS 256
/* how long a thread spins before it sleeps */
#define SPIN_NS 100000u

/* One thread's share of a job: items next .. end - 1, taken by an atomic
 * counter; padded so that two lanes' counters never share a cache line. */
typedef struct lane {
    atomic_size_t next;
    size_t end;
    char pad[64 - sizeof(atomic_size_t) - sizeof(size_t)];
} lane;

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
    lane *lanes;     /* one per worker */
    int parts;       /* lanes of the current job */
    mtx_t mu;        /* only for sleeping and waking */
    cnd_t work_cv, done_cv;
    mtx_t call_mu;   /* one call at a time */
    atomic_int quit;
    /* the job of the current call: job is bumped once its fields are set */
    atomic_uint_fast64_t job;
    atomic_int slots;    /* background workers still wanted for it */
    atomic_int running;  /* claimed slots whose worker has not finished */
    atomic_int sleepers; /* workers asleep, or about to be, on work_cv */
    atomic_int waiting;  /* the caller asleep, or about to be, on done_cv */
    size_t n;        /* items */
    wf__pool_task task;
    void *task_ud;
    /* a search job's query */
    const wf_grid *g;
    const wf_point *starts, *goals;
    wf_search_opts opts;
    wf_batch_fn fn;
    void *ud;
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

/* Runs items of the current job until none is left, from lane `own`
 * first, then from the others. */
static void answer(wf_pool *p, worker *w, int own) {
    int t = (int)(w - p->w);
    for (int d = 0; d < p->parts; d++) {
        lane *l = &p->lanes[(own + d) % p->parts];
        for (;;) {
            size_t i = atomic_fetch_add(&l->next, 1);
            if (i >= l->end)
                break;
            p->task(p->task_ud, i, t);
        }
    }
}

/* A processor hint that the thread is spinning (x86 and AArch64). */
static void cpu_relax(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

/* Spins until done(p, arg) or SPIN_NS have passed; returns done's last
 * answer. */
static int spin_until(wf_pool *p, int (*done)(wf_pool *, uint64_t),
                      uint64_t arg) {
    uint64_t t0 = now_ns();
    for (unsigned k = 1;; k++) {
        if (done(p, arg))
            return 1;
        cpu_relax();
        if (k % 64 == 0) {
            if (now_ns() - t0 > SPIN_NS)
                return 0;
            thrd_yield(); /* to a thread with work, when cores are short */
        }
    }
}

static int job_after(wf_pool *p, uint64_t seen) {
    return atomic_load(&p->job) != seen || atomic_load(&p->quit);
}

static int all_done(wf_pool *p, uint64_t unused) {
    (void)unused;
    return atomic_load(&p->running) == 0;
}

/* Waits for a job after `seen` (or for quit); returns the newest job. */
static uint64_t wait_job(wf_pool *p, uint64_t seen) {
    if (!spin_until(p, job_after, seen)) {
        mtx_lock(&p->mu);
        atomic_fetch_add(&p->sleepers, 1);
        while (!job_after(p, seen))
            cnd_wait(&p->work_cv, &p->mu);
        atomic_fetch_sub(&p->sleepers, 1);
        mtx_unlock(&p->mu);
    }
    return atomic_load(&p->job);
}

/* Takes one of the current job's slots if one is left; returns its
 * number (1 .. helpers), or 0 when none was left. */
static int claim_slot(wf_pool *p) {
    int s = atomic_load(&p->slots);
    while (s > 0)
        if (atomic_compare_exchange_weak(&p->slots, &s, s - 1))
            return s;
    return 0;
}

static int worker_main(void *arg) {
    worker *w = arg;
    wf_pool *p = w->pool;
    for (;;) {
        w->seen = wait_job(p, w->seen);
        if (atomic_load(&p->quit))
            break;
        int slot = claim_slot(p);
        if (!slot)
            continue;
        /* its own lane when it has one, else the slot's (a lane then has
         * two threads, or none and is taken by the others: either way
         * every item runs once) */
        int t = (int)(w - p->w);
        answer(p, w, t < p->parts ? t : slot);
        if (atomic_fetch_sub(&p->running, 1) == 1 &&
            atomic_load(&p->waiting)) {
            mtx_lock(&p->mu);
            cnd_signal(&p->done_cv);
            mtx_unlock(&p->mu);
        }
    }
    return 0;
}

static void free_arrays(wf_pool *p, int threads) {
    wf__free(&p->alloc, p->w, (size_t)threads * sizeof *p->w);
    wf__free(&p->alloc, p->lanes, (size_t)threads * sizeof *p->lanes);
}

void wf_pool_destroy(wf_pool *p) {
    if (!p)
        return;
    atomic_store(&p->quit, 1);
    atomic_fetch_add(&p->job, 1);
    mtx_lock(&p->mu);
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
    free_arrays(p, p->threads);
    wf__free(&a, p, sizeof *p);
}

/* The workers and their lanes, zeroed; on failure neither is left. */
static int alloc_arrays(wf_pool *p, int threads) {
    size_t t = (size_t)threads;
    p->w = wf__alloc(&p->alloc, t * sizeof *p->w);
    p->lanes = wf__alloc(&p->alloc, t * sizeof *p->lanes);
    if (!p->w || !p->lanes) {
        free_arrays(p, threads);
        return 0;
    }
    memset(p->w, 0, t * sizeof *p->w);
    memset(p->lanes, 0, t * sizeof *p->lanes);
    for (size_t k = 0; k < t; k++)
        atomic_init(&p->lanes[k].next, 0);
    return 1;
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
    atomic_init(&p->quit, 0);
    atomic_init(&p->job, 0);
    atomic_init(&p->slots, 0);
    atomic_init(&p->running, 0);
    atomic_init(&p->sleepers, 0);
    atomic_init(&p->waiting, 0);
    p->alloc = a;
    if (!alloc_arrays(p, threads)) {
        wf__free(&a, p, sizeof *p);
        return WF_E_NOMEM;
    }
    if (!init_sync(p)) {
        free_arrays(p, threads);
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
 * holds call_mu. A worker reads the job's fields only after it has claimed
 * a slot, and slots is set after them. */
static void run_job(wf_pool *p) {
    size_t n = p->n;
    /* wake no more background workers than there are items beyond the
     * caller's first */
    size_t helpers = n - 1 < (size_t)p->started ? n - 1 : (size_t)p->started;
    size_t parts = helpers + 1, base = n / parts, extra = n % parts;
    p->parts = (int)parts;
    for (size_t k = 0, at = 0; k < parts; k++) {
        atomic_store(&p->lanes[k].next, at);
        at += base + (k < extra);
        p->lanes[k].end = at;
    }
    if (helpers) {
        atomic_store(&p->running, (int)helpers);
        atomic_store(&p->slots, (int)helpers);
        atomic_fetch_add(&p->job, 1);
        if (atomic_load(&p->sleepers) > 0) {
            mtx_lock(&p->mu);
            if (helpers == 1)
                cnd_signal(&p->work_cv);
            else
                cnd_broadcast(&p->work_cv);
            mtx_unlock(&p->mu);
        }
    }
    answer(p, &p->w[0], 0);
    /* every item is taken: workers that have not woken yet need not */
    int unclaimed = atomic_exchange(&p->slots, 0);
    if (unclaimed)
        atomic_fetch_sub(&p->running, unclaimed);
    if (helpers && !spin_until(p, all_done, 0)) {
        mtx_lock(&p->mu);
        atomic_store(&p->waiting, 1);
        while (atomic_load(&p->running) > 0)
            cnd_wait(&p->done_cv, &p->mu);
        atomic_store(&p->waiting, 0);
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
