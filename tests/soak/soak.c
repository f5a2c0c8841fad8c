/*
 * wf_soak: the persistent pool under a long, mixed load, checked as it goes.
 *
 *   wf_soak [--queries N] [--threads T] [--seed S] [--map FILE]
 *           [--sample-every K]
 *
 * On a Moving AI map (swamp patches painted on, so that unit filters have
 * two passable terrains to tell apart) it runs rounds until N pool queries
 * have been answered. Each round
 *   1. changes a few cells: blocks, opens or re-terrains them; each change
 *      is undone some rounds later, so the map neither fills up nor empties;
 *   2. answers a batch of 1 to 512 random queries (most within 40 cells, a
 *      quarter across the map) on one persistent wf_pool of T workers, with
 *      options drawn per batch: A*, JPS or auto, weighted A* sometimes, 4-
 *      or 8-connected under each corner rule, a unit filter sometimes, a
 *      goal fallback (and goals on walls) sometimes;
 *   3. runs two sliced searches on the main thread's workspace in budgets of
 *      1 to 64 expansions, each stopped at a random step: by
 *      wf_search_cancel, by another search on the same workspace, or by a
 *      change of the map (then cancelled and begun again);
 *   4. moves four walkers a few steps each, blocking cells ahead of them now
 *      and then so that they re-plan.
 * The grid changes only between calls, never while the pool reads it.
 *
 * Checks: every pool answer's path is walked on the grid of its call
 * (starts at the start, allowed moves only, costs summing to the reported
 * cost, ends at the goal for WF_OK); one in K answers is also compared
 * with a fresh single-threaded wf_search_grid on a workspace of its own
 * (same status, cost within 1e-9 relative: paths may differ on ties). A
 * sliced search that finishes must equal the one-shot search exactly, a
 * stopped one must refuse its next step; a walker must make allowed moves
 * only, re-plan optimally and say WF_NO_PATH only when there is none. Any
 * failure counts in W and the first few are described on stderr.
 *
 * Memory: the resident set (/proc/self/statm) is sampled every
 * min(100000, N / 10) pool queries. The first sample, after a warm-up
 * (see warm_up) and that first interval, is the reference: the last may
 * exceed it by 5 % (not checked under ThreadSanitizer, whose shadow memory
 * keeps growing).
 *
 * The last line is
 *   soak: N queries, M checked, W wrong, rss first A MB, max B MB, last C MB
 * where N counts pool queries only (not sliced searches or walker steps,
 * reported on the line before), M the pool answers compared with a fresh
 * search, and MB is 2^20 bytes. Exit status: 0 when W is 0 and memory
 * stayed flat, 1 otherwise, 2 for a bad option, 3 when the map cannot be
 * read. N defaults to $WF_SOAK_QUERIES, else 10000. Everything but the
 * timings and memory is the same for the same seed and thread count.
 */
#define _POSIX_C_SOURCE 200809L
#include "soak.h"

/* ---- setup, memory, options ------------------------------------------ */

/* Resident set size in MB (2^20 bytes), or -1 when unknown. */
static double rss_mb(void) {
    unsigned long pages, resident;
    FILE *f = fopen("/proc/self/statm", "r");
    if (!f)
        return -1;
    int ok = fscanf(f, "%lu %lu", &pages, &resident) == 2;
    fclose(f);
    return ok ? (double)resident * (double)sysconf(_SC_PAGESIZE) / 1048576.0 : -1;
}

static int load(soak *s) {
    wf_diag d;
    memset(&d, 0, sizeof d);
    wf_status st = wf_movingai_map_read(s->cfg.map, NULL, &s->g, &d);
    if (st != WF_OK) {
        char msg[600];
        fprintf(stderr, "soak: cannot read the map %s: %s (%s)\n", s->cfg.map,
                d.message[0] ? wf_diag_format(&d, msg, sizeof msg)
                             : wf_strerror(st), wf_status_name(st));
        return 0;
    }
    s->w = wf_grid_width(s->g);
    s->h = wf_grid_height(s->g);
    soak_paint_swamps(s);
    size_t cells = (size_t)s->w * (size_t)s->h;
    s->orig = malloc(cells);
    s->open = malloc(cells * sizeof *s->open);
    if (!s->orig || !s->open) {
        fprintf(stderr, "soak: out of memory\n");
        return 0;
    }
    memcpy(s->orig, wf_grid_cells(s->g), cells);
    for (uint32_t i = 0; i < cells; i++)
        if (wf_grid_passable(s->g, soak_cell_at(s, i).x, soak_cell_at(s, i).y))
            s->open[s->n_open++] = soak_cell_at(s, i);
    if (!s->n_open) {
        fprintf(stderr, "soak: the map %s has no passable cell\n", s->cfg.map);
        return 0;
    }
    return 1;
}

static int start(soak *s) {
    /* the main thread's workspaces sized up front, JPS's arrays included */
    size_t cells = (size_t)s->w * (size_t)s->h;
    if (wf_pool_create(s->cfg.threads, NULL, &s->pool) != WF_OK ||
        wf_search_create(NULL, &s->ws) != WF_OK ||
        wf_search_create(NULL, &s->check_ws) != WF_OK ||
        wf_search_reserve_graph(s->ws, cells) != WF_OK ||
        wf_search_reserve_graph(s->check_ws, cells) != WF_OK)
        return 0;
    for (int k = 0; k < WALKERS; k++) {
        if (wf_walker_create(NULL, &s->walker[k]) != WF_OK)
            return 0;
        soak_new_goal(s, k, soak_random_open(s));
    }
    return 1;
}

static void stop(soak *s) {
    for (int k = 0; k < WALKERS; k++)
        wf_walker_destroy(s->walker[k]);
    wf_path_free(&s->path);
    wf_path_free(&s->fresh);
    wf_search_destroy(s->ws);
    wf_search_destroy(s->check_ws);
    wf_pool_destroy(s->pool);
    wf_grid_destroy(s->g);
    free(s->orig);
    free(s->open);
}

/* Reads an unsigned decimal in [lo, hi]; 0 when @p text is not one. */
static int number(const char *text, uint64_t lo, uint64_t hi, uint64_t *out) {
    char *end;
    if (!text || text[0] < '0' || text[0] > '9')
        return 0;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (*end || errno || v < lo || v > hi)
        return 0;
    *out = v;
    return 1;
}

static const char usage[] =
    "usage: wf_soak [--queries N] [--threads T] [--seed S] [--map FILE]\n"
    "               [--sample-every K]\n"
    "  --queries N       pool queries to answer (default $WF_SOAK_QUERIES, "
    "else 10000)\n"
    "  --threads T       pool workers, 1 to 256 (default 2)\n"
    "  --seed S          random seed (default 1)\n"
    "  --map FILE        a Moving AI .map (default the 512x512 Boston map of "
    "the shared set)\n"
    "  --sample-every K  compare one pool answer in K with a fresh search "
    "(default 50)\n";

/* 0 on success, else the exit status (2: usage; -1: --help). */
static int parse(int argc, char **argv, config *c) {
    const char *env = getenv("WF_SOAK_QUERIES");
    uint64_t v;
    *c = (config){10000, 2, 1, NULL, 50};
#ifdef WF_SHARED_DIR
    c->map = WF_SHARED_DIR "/movingai/street/Boston_0_512.map";
#endif
    if (env && !number(env, 1, UINT64_MAX, &c->queries)) {
        fprintf(stderr, "soak: WF_SOAK_QUERIES must be a count of queries "
                "(1 or more), got '%s'\n", env);
        return 2;
    }
    for (int i = 1; i < argc; i += 2) {
        const char *opt = argv[i], *arg = argv[i + 1]; /* argv[argc] is NULL */
        const char *want = NULL;
        if (!strcmp(opt, "--help") || !strcmp(opt, "-h")) {
            fputs(usage, stdout);
            return -1;
        } else if (!strcmp(opt, "--queries")) {
            if (!number(arg, 1, UINT64_MAX, &c->queries))
                want = "a count of 1 or more";
        } else if (!strcmp(opt, "--threads")) {
            if (number(arg, 1, 256, &v))
                c->threads = (int)v;
            else
                want = "a thread count from 1 to 256";
        } else if (!strcmp(opt, "--seed")) {
            if (!number(arg, 0, UINT64_MAX, &c->seed))
                want = "a whole number";
        } else if (!strcmp(opt, "--sample-every")) {
            if (number(arg, 1, UINT32_MAX, &v))
                c->sample_every = (uint32_t)v;
            else
                want = "a whole number from 1 to 4294967295";
        } else if (!strcmp(opt, "--map")) {
            c->map = arg;
            if (!arg)
                want = "a file name";
        } else {
            fprintf(stderr, "soak: unknown option '%s'\n%s", opt, usage);
            return 2;
        }
        if (want) {
            fprintf(stderr, "soak: %s needs %s, got %s%s%s\n", opt, want,
                    arg ? "'" : "", arg ? arg : "nothing", arg ? "'" : "");
            return 2;
        }
    }
    if (!c->map) {
        fprintf(stderr, "soak: no --map given (and no shared set built in)\n");
        return 2;
    }
    return 0;
}

/* The rounds, with a memory sample every min(100000, N / 10) queries. */
static void run(soak *s, double *first, double *max, double *last) {
    const uint64_t n = s->cfg.queries;
    const uint64_t every = n / 10 > 100000 ? 100000 : n / 10 ? n / 10 : 1;
    uint64_t next_sample = every;
    double t0 = seconds();
    *first = *max = *last = -1;
    soak_warm_up(s);
    while (s->queries < n) {
        soak_change_cells(s, 1 + (int)below(s, 4));
        uint64_t batch = 1 + below(s, MAX_BATCH);
        if (batch > next_sample - s->queries)
            batch = next_sample - s->queries; /* samples fall on the count */
        soak_pool_round(s, batch);
        for (int i = 0; i < SLICED; i++)
            soak_sliced_search(s);
        for (int k = 0; k < WALKERS; k++)
            for (int i = 0; i < WALKER_STEPS; i++) {
                if (!below(s, 8))
                    soak_block_ahead(s, k);
                soak_walker_step(s, k);
            }
        if (s->queries == next_sample) {
            *last = rss_mb();
            *first = *first < 0 ? *last : *first;
            *max = *last > *max ? *last : *max;
            printf("rss at %" PRIu64 " queries: %.1f MB, %.1f s\n", s->queries,
                   *last, seconds() - t0);
            next_sample = n - s->queries < every ? n : next_sample + every;
        }
    }
}

int main(int argc, char **argv) {
    setvbuf(stdout, NULL, _IOLBF, 0); /* lines in order with stderr's */
    soak *s = calloc(1, sizeof *s);
    if (!s) {
        fprintf(stderr, "soak: out of memory\n");
        return 1;
    }
    wf_path_init(&s->path, NULL);
    wf_path_init(&s->fresh, NULL);
    int rc = parse(argc, argv, &s->cfg);
    if (rc == 0) {
        wf_rng_seed(&s->rng, s->cfg.seed);
        rc = load(s) ? 0 : 3;
    }
    if (rc == 0 && !start(s)) {
        fprintf(stderr, "soak: cannot start the pool, workspaces or walkers\n");
        rc = 1;
    }
    if (rc) {
        stop(s);
        free(s);
        return rc < 0 ? 0 : rc;
    }
    printf("soak: %s (%dx%d), %" PRIu64 " pool queries on %d threads, seed %"
           PRIu64 ", one answer in %" PRIu32 " compared with a fresh search\n",
           s->cfg.map, s->w, s->h, s->cfg.queries, s->cfg.threads, s->cfg.seed,
           s->cfg.sample_every);
    double first, max, last;
    run(s, &first, &max, &last);
    printf("soak: pool answers identical to the fresh search's: %" PRIu64
           " of %" PRIu64 "; sliced searches: %" PRIu64 ", %" PRIu64
           " stopped, %" PRIu64 " finished and checked; walkers: %" PRIu64
           " steps, %" PRIu64 " arrivals, %" PRIu64 " plans checked (%" PRIu64
           " NO_PATH); N counts pool queries only\n", s->identical,
           s->checked, s->sliced, s->stopped, s->sliced_checked, s->steps,
           s->arrivals, s->plans_checked, s->no_path_checked);
    if (s->wrong)
        fprintf(stderr, "soak: FAILED: %" PRIu64 " wrong answers\n", s->wrong);
    int grew = first < 0 || last > first * 1.05;
    if (!RSS_RULE)
        printf("soak: ThreadSanitizer build: memory reported, not checked\n");
    else if (first < 0)
        fprintf(stderr, "soak: FAILED: /proc/self/statm could not be read\n");
    else if (grew)
        fprintf(stderr, "soak: FAILED: memory grew after warm-up: last %.1f MB "
                "> first %.1f MB x 1.05\n", last, first);
    rc = s->wrong || (RSS_RULE && grew);
    printf("soak: %" PRIu64 " queries, %" PRIu64 " checked, %" PRIu64
           " wrong, rss first %.1f MB, max %.1f MB, last %.1f MB\n",
           s->queries, s->checked, s->wrong, first, max, last);
    stop(s);
    free(s);
    return rc;
}
