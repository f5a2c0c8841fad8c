/*
 * wf_bench_gameloop: what the game-loop API costs over plain searches, on
 * every Moving AI map found under the given directory.
 *
 *  1. The pool's per-call overhead: calls of 1 query and of up to 1000
 *     queries on a pool of 1 and of 2 threads, against a plain loop of
 *     wf_search_grid on one workspace, for trivial queries (start == goal,
 *     where the call is all overhead) and for the maps' scenarios.
 *  2. The sliced search against one-shot A*: each query both ways
 *     (wf_search_begin, then wf_search_step with a budget of 256 expansions
 *     until it is done), interleaved, the best of --reps rounds per query.
 *
 * Up to --per-map evenly spaced scenarios per map (default 1000), default
 * options (A*, 8-connected, no-cut). Every pool and sliced answer is
 * compared with the one-shot answer; exit status 1 on any difference, 3 on
 * unreadable input.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <wayfind/core.h>
#include <wayfind/io.h>

#include "scan.h"

#define PROG "wf_bench_gameloop"
#define STEP_BUDGET 256
#define BATCH 1000
/* Trivial queries are repeated so that each row times enough calls. */
#define TRIVIAL_REPS 20

static uint64_t clock_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Time and counts summed over maps for one row of the pool table. */
typedef struct tally {
    uint64_t ns;
    size_t calls;
    size_t queries;
} tally;

enum { TRIVIAL, SCENARIO, KINDS };
enum { PLAIN, POOL1_ONE, POOL1_MANY, POOL2_ONE, POOL2_MANY, WAYS };

typedef struct bench {
    int reps;
    size_t per_map;
    wf_search *ws;
    wf_pool *pool[2]; /* 1 and 2 threads */
    wf_path path;
    tally pool_rows[KINDS][WAYS];
    uint64_t sliced_ns, oneshot_ns; /* over all maps */
    size_t sliced_queries;
    int mismatches;
} bench;

/* One answer, as the pool's callback and the plain loop record it. */
typedef struct answer {
    wf_status status;
    double cost;
} answer;

static void on_answer(void *ud, size_t i, wf_status status,
                      const wf_path *path, uint64_t ns) {
    answer *a = ud;
    (void)ns;
    a[i].status = status;
    a[i].cost = path->cost;
}

static void mismatch(bench *b, const char *label, const char *what, size_t i) {
    if (b->mismatches++ < 5)
        fprintf(stderr, PROG ": %s: query %zu: %s differs from one-shot\n",
                label, i, what);
}

/* The plain loop over n queries, repeated reps times; fills want. */
static uint64_t run_plain(bench *b, const wf_grid *g, const wf_point *s,
                          const wf_point *t, size_t n, int reps, answer *want) {
    uint64_t t0 = clock_ns();
    for (int r = 0; r < reps; r++)
        for (size_t i = 0; i < n; i++) {
            want[i].status = wf_search_grid(b->ws, g, s[i], t[i], NULL,
                                            &b->path);
            want[i].cost = b->path.cost;
        }
    return clock_ns() - t0;
}

/* The same queries through a pool, @p per_call queries per call. */
static uint64_t run_pool(wf_pool *p, const wf_grid *g,
                         const wf_point *s, const wf_point *t, size_t n,
                         size_t per_call, int reps, answer *got,
                         size_t *calls) {
    *calls = 0;
    uint64_t t0 = clock_ns();
    for (int r = 0; r < reps; r++)
        for (size_t i = 0; i < n; i += per_call) {
            size_t k = n - i < per_call ? n - i : per_call;
            wf_pool_search_grid(p, g, s + i, t + i, k, NULL, on_answer,
                                got + i);
            ++*calls;
        }
    return clock_ns() - t0;
}

static void compare(bench *b, const char *label, const char *what,
                    const answer *want, const answer *got, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (want[i].status != got[i].status || want[i].cost != got[i].cost) {
            mismatch(b, label, what, i);
            return;
        }
}

/* Part 1 on one map. */
static int pool_overhead(bench *b, const char *label, const wf_grid *g,
                         const wf_point *starts, const wf_point *goals,
                         size_t n) {
    answer *want = malloc(n * sizeof *want), *got = malloc(n * sizeof *got);
    if (!want || !got) {
        free(want);
        free(got);
        return -1;
    }
    for (int kind = 0; kind < KINDS; kind++) {
        const wf_point *t = kind == TRIVIAL ? starts : goals;
        int reps = kind == TRIVIAL ? TRIVIAL_REPS : 1;
        /* Warm-up: every workspace sized, every page touched once. */
        run_plain(b, g, starts, t, n, 1, want);
        size_t calls;
        for (int p = 0; p < 2; p++)
            run_pool(b->pool[p], g, starts, t, n, BATCH, 1, got, &calls);

        tally *row = b->pool_rows[kind];
        row[PLAIN].ns += run_plain(b, g, starts, t, n, reps, want);
        row[PLAIN].calls += n * (size_t)reps;
        row[PLAIN].queries += n * (size_t)reps;
        for (int p = 0; p < 2; p++) {
            int one = p ? POOL2_ONE : POOL1_ONE, many = p ? POOL2_MANY : POOL1_MANY;
            row[one].ns += run_pool(b->pool[p], g, starts, t, n, 1, reps,
                                    got, &calls);
            row[one].calls += calls;
            row[one].queries += n * (size_t)reps;
            compare(b, label, "pool, 1 query per call", want, got, n);
            row[many].ns += run_pool(b->pool[p], g, starts, t, n, BATCH,
                                     reps, got, &calls);
            row[many].calls += calls;
            row[many].queries += n * (size_t)reps;
            compare(b, label, "pool, 1000 queries per call", want, got, n);
        }
    }
    free(want);
    free(got);
    return 0;
}

/* One sliced search; returns its status and leaves the path in b->path. */
static wf_status sliced(bench *b, const wf_grid *g, wf_point s, wf_point t,
                        size_t *steps) {
    wf_status st = wf_search_begin(b->ws, g, s, t, NULL);
    if (st != WF_OK)
        return st;
    do {
        st = wf_search_step(b->ws, STEP_BUDGET, &b->path);
        ++*steps;
    } while (st == WF_PENDING);
    return st;
}

/* Part 2 on one map: prints its row. */
static int sliced_overhead(bench *b, const char *label, const wf_grid *g,
                           const wf_point *starts, const wf_point *goals,
                           size_t n) {
    uint64_t *one = malloc(n * sizeof *one), *sl = malloc(n * sizeof *sl);
    if (!one || !sl) {
        free(one);
        free(sl);
        return -1;
    }
    size_t steps = 0;
    for (int r = 0; r < b->reps; r++)
        for (size_t i = 0; i < n; i++) {
            uint64_t d[2];
            wf_status st[2];
            double cost[2];
            size_t count[2];
            /* Alternate which way goes first, so neither always finds the
             * cache warmed by the other. */
            for (int k = 0; k < 2; k++) {
                int way = (int)((i + (size_t)r + (size_t)k) & 1);
                size_t unused = 0;
                uint64_t t0 = clock_ns();
                st[way] = way ? sliced(b, g, starts[i], goals[i],
                                       r == 0 ? &steps : &unused)
                              : wf_search_grid(b->ws, g, starts[i], goals[i],
                                               NULL, &b->path);
                d[way] = clock_ns() - t0;
                cost[way] = b->path.cost;
                count[way] = b->path.count;
            }
            if (st[0] != st[1] || cost[0] != cost[1] || count[0] != count[1])
                mismatch(b, label, "sliced search", i);
            if (r == 0 || d[0] < one[i])
                one[i] = d[0];
            if (r == 0 || d[1] < sl[i])
                sl[i] = d[1];
        }
    uint64_t t_one = 0, t_sl = 0;
    for (size_t i = 0; i < n; i++) {
        t_one += one[i];
        t_sl += sl[i];
    }
    b->oneshot_ns += t_one;
    b->sliced_ns += t_sl;
    b->sliced_queries += n;
    printf("| %s | %zu | %.1f | %.1f | %+.1f%% | %.1f |\n", label, n,
           (double)t_one / 1e3 / (double)n, (double)t_sl / 1e3 / (double)n,
           100.0 * ((double)t_sl / (double)t_one - 1.0),
           (double)steps / (double)n);
    free(one);
    free(sl);
    return 0;
}

/* Loads one map and its scenarios; runs both parts (part 1 only when
 * @p part == 1, part 2 only when 2). */
static int run_map(bench *b, const char *scen_path, int part) {
    char label[128];
    bench_map_label(scen_path, label, sizeof label);
    wf_grid *g;
    wf_scen sc;
    if (bench_load(PROG, scen_path, &g, &sc) != 0)
        return -1;
    size_t n = sc.count < b->per_map ? sc.count : b->per_map;
    wf_point *starts = malloc((n ? n : 1) * sizeof *starts);
    wf_point *goals = malloc((n ? n : 1) * sizeof *goals);
    int rc = starts && goals ? 0 : -1;
    /* Evenly spaced over the file, so every length bucket is sampled. */
    for (size_t i = 0; rc == 0 && i < n; i++) {
        const wf_scen_entry *e = &sc.entries[i * sc.count / n];
        starts[i] = e->start;
        goals[i] = e->goal;
    }
    if (rc == 0 && n > 0)
        rc = part == 1 ? pool_overhead(b, label, g, starts, goals, n)
                       : sliced_overhead(b, label, g, starts, goals, n);
    free(starts);
    free(goals);
    wf_scen_free(&sc);
    wf_grid_destroy(g);
    return rc;
}

static void print_pool_table(const bench *b) {
    static const char *const kind_name[KINDS] = {"trivial (start = goal)",
                                                 "scenario"};
    static const struct {
        int threads;
        const char *batch;
    } way[WAYS] = {{1, "plain loop"}, {1, "1"}, {1, "1000"}, {2, "1"},
                   {2, "1000"}};
    printf("\nPool overhead: wf_pool_search_grid against a plain loop of "
           "wf_search_grid,\nsummed over every map (up to %zu evenly spaced "
           "scenarios per map; trivial\nqueries repeated %d times). "
           "Wall time; a 2-thread pool answers two queries at once.\n\n"
           "| queries | threads | queries per call | calls | µs per call "
           "| µs per query | vs plain loop |\n"
           "|---|---:|---|---:|---:|---:|---:|\n",
           b->per_map, TRIVIAL_REPS);
    for (int k = 0; k < KINDS; k++) {
        const tally *row = b->pool_rows[k];
        double plain_q = (double)row[PLAIN].ns / 1e3 / (double)row[PLAIN].queries;
        for (int w = 0; w < WAYS; w++) {
            double per_call = (double)row[w].ns / 1e3 / (double)row[w].calls;
            double per_q = (double)row[w].ns / 1e3 / (double)row[w].queries;
            printf("| %s | %d | %s | %zu | %.2f | %.3f | %s%.2f µs/query |\n",
                   kind_name[k], way[w].threads, way[w].batch, row[w].calls,
                   per_call, per_q, per_q >= plain_q ? "+" : "",
                   per_q - plain_q);
        }
    }
}

static void usage(FILE *f) {
    fputs("usage: " PROG " [--per-map N] [--reps N] [DIR_OR_SCEN...]\n\n"
          "Times the pool's per-call overhead and the sliced search's "
          "overhead over\none-shot A* on Moving AI scenarios (up to N per "
          "map, default 1000; the\nbest of --reps rounds for the sliced "
          "search, default 3).\n", f);
}

static int parse_count(const char *s, long hi, long *out) {
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < 1 || v > hi)
        return -1;
    *out = v;
    return 0;
}

int main(int argc, char **argv) {
    bench b;
    memset(&b, 0, sizeof b);
    b.reps = 3;
    b.per_map = BATCH;
    bench_strings files = {0};
    char err[256];
    for (int i = 1; i < argc; i++) {
        long v;
        if (strcmp(argv[i], "--help") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(argv[i], "--per-map") == 0 && i + 1 < argc &&
                   parse_count(argv[i + 1], 1000000, &v) == 0) {
            b.per_map = (size_t)v;
            i++;
        } else if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc &&
                   parse_count(argv[i + 1], 100, &v) == 0) {
            b.reps = (int)v;
            i++;
        } else if (argv[i][0] == '-') {
            usage(stderr);
            return 2;
        } else if (bench_scan(argv[i], &files, err, sizeof err) != 0) {
            fprintf(stderr, PROG ": %s\n", err);
            return 3;
        }
    }
    if (files.count == 0 &&
        bench_scan(WF_BENCH_DEFAULT_DIR, &files, err, sizeof err) != 0) {
        fprintf(stderr, PROG ": %s\n", err);
        return 3;
    }
    bench_strings_sort_unique(&files);
    wf_path_init(&b.path, NULL);
    if (wf_search_create(NULL, &b.ws) != WF_OK ||
        wf_pool_create(1, NULL, &b.pool[0]) != WF_OK ||
        wf_pool_create(2, NULL, &b.pool[1]) != WF_OK) {
        fprintf(stderr, PROG ": cannot create the workspace or pools\n");
        return 3;
    }

    int rc = 0;
    printf("Sliced search (budget %d expansions per step) against one-shot "
           "A*: mean µs per\nquery, the best of %d interleaved rounds per "
           "query, up to %zu evenly spaced\nscenarios per map.\n\n"
           "| map | queries | one-shot µs | sliced µs | overhead | steps per "
           "query |\n|---|---:|---:|---:|---:|---:|\n",
           STEP_BUDGET, b.reps, b.per_map);
    for (size_t i = 0; i < files.count; i++)
        if (run_map(&b, files.items[i], 2) != 0)
            rc = 3;
    if (b.sliced_queries)
        printf("| **all** | %zu | %.1f | %.1f | %+.1f%% | |\n",
               b.sliced_queries,
               (double)b.oneshot_ns / 1e3 / (double)b.sliced_queries,
               (double)b.sliced_ns / 1e3 / (double)b.sliced_queries,
               100.0 * ((double)b.sliced_ns / (double)b.oneshot_ns - 1.0));
    for (size_t i = 0; i < files.count; i++)
        if (run_map(&b, files.items[i], 1) != 0)
            rc = 3;
    print_pool_table(&b);

    wf_pool_destroy(b.pool[0]);
    wf_pool_destroy(b.pool[1]);
    wf_search_destroy(b.ws);
    wf_path_free(&b.path);
    bench_strings_free(&files);
    if (b.mismatches) {
        fprintf(stderr, PROG ": %d result(s) differ from one-shot A*\n",
                b.mismatches);
        return 1;
    }
    return rc;
}
