/*
 * wf_bench_movingai: wayfind's A* against peers on Moving AI scenario files.
 *
 * Every map is loaded and every scenario checked before anything is timed;
 * then each engine answers every scenario of a map in turn, in the same
 * process, and the results come out as a markdown table (and JSON).
 * Exit status: 0 when every answer of every engine marked must_be_optimal
 * (wayfind's) is optimal, 1 when one is not, 2 usage, 3 bad input, 4 I/O
 * or memory.
 */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <wayfind/io.h>

#include "engine.h"
#include "report.h"
#include "scan.h"

#define PROG "wf_bench_movingai"
#define DEFAULT_WARMUP 64
/* libtcod needs about 8.5 minutes for all 44,654 scenarios on the 2-core
 * build machine; 1000 per map keeps `make bench` well under 10 minutes. */
#define DEFAULT_PEER_SAMPLE 1000
#define MAX_REPORTED_MISSES 3

enum { EXIT_OK = 0, EXIT_NOT_OPTIMAL = 1, EXIT_USAGE = 2, EXIT_INPUT = 3,
       EXIT_IO = 4 };

typedef struct options {
    const char *json;
    int reps;
    size_t warmup;
    size_t peer_sample;   /* scenarios per map for peers; 0: all */
    bench_strings only;   /* keep files whose path contains one of these */
    bench_strings inputs; /* directories and .scen files */
} options;

/* A scenario file with its map, loaded and checked. */
typedef struct job {
    const char *scen_path;
    wf_grid *grid;
    wf_scen scen;
} job;

static void usage(FILE *f) {
    fputs("usage: " PROG " [--json FILE] [--reps N] [--warmup N] "
          "[--peer-sample N]\n         [--only SUBSTR]... [--shared DIR] "
          "[DIR_OR_SCEN...]\n"
          "\n"
          "Times wayfind's grid A* and the peers it was built with on Moving "
          "AI\nscenario files. Each DIR is searched recursively for *.scen; "
          "the map of\nX.map.scen is X.map in the same directory.\n"
          "\n"
          "  --json FILE        also write the results as JSON to FILE\n"
          "  --reps N           time every query N times (default 1)\n"
          "  --warmup N         untimed queries per map and engine before "
          "timing\n                     (default 64)\n"
          "  --peer-sample N    run peers (libtcod) on at most N evenly spaced\n"
          "                     scenarios per map, 0 for all (default 1000);\n"
          "                     wayfind always runs every scenario\n"
          "  --only SUBSTR      keep scenario files whose path contains SUBSTR\n"
          "                     (repeatable)\n"
          "  --shared DIR       add DIR/movingai (the shared data folder)\n"
          "  --help             this text\n", f);
#ifdef WF_BENCH_DEFAULT_DIR
    fputs("\nWith no DIR_OR_SCEN, " WF_BENCH_DEFAULT_DIR " is used.\n", f);
#endif
    fputs("\nExit status: 0 all wayfind answers optimal, 1 one was not, 2 "
          "usage,\n3 bad input, 4 I/O or out of memory.\n", f);
}

static int parse_count(const char *s, long lo, long hi, long *out) {
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

/* Returns -1 to exit with EXIT_OK (--help), else 0 or an exit code. */
static int parse_args(int argc, char **argv, options *o) {
    o->reps = 1;
    o->warmup = DEFAULT_WARMUP;
    o->peer_sample = DEFAULT_PEER_SAMPLE;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int has_value = i + 1 < argc;
        long v;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return -1;
        } else if (strcmp(a, "--json") == 0 && has_value) {
            o->json = argv[++i];
        } else if (strcmp(a, "--reps") == 0 && has_value) {
            if (parse_count(argv[++i], 1, 1000000, &v) != 0) {
                fprintf(stderr, PROG ": --reps wants an integer 1..1000000\n");
                return EXIT_USAGE;
            }
            o->reps = (int)v;
        } else if (strcmp(a, "--warmup") == 0 && has_value) {
            if (parse_count(argv[++i], 0, LONG_MAX, &v) != 0) {
                fprintf(stderr, PROG ": --warmup wants an integer >= 0\n");
                return EXIT_USAGE;
            }
            o->warmup = (size_t)v;
        } else if (strcmp(a, "--peer-sample") == 0 && has_value) {
            if (parse_count(argv[++i], 0, LONG_MAX, &v) != 0) {
                fprintf(stderr, PROG ": --peer-sample wants an integer >= 0\n");
                return EXIT_USAGE;
            }
            o->peer_sample = (size_t)v;
        } else if (strcmp(a, "--only") == 0 && has_value) {
            if (bench_strings_add(&o->only, argv[++i]) != 0)
                return EXIT_IO;
        } else if (strcmp(a, "--shared") == 0 && has_value) {
            const char *dir = argv[++i];
            size_t n = strlen(dir) + sizeof "/movingai";
            char *path = malloc(n);
            if (!path)
                return EXIT_IO;
            snprintf(path, n, "%s/movingai", dir);
            int rc = bench_strings_add(&o->inputs, path);
            free(path);
            if (rc != 0)
                return EXIT_IO;
        } else if (a[0] == '-' && a[1] != '\0') {
            int known = strcmp(a, "--json") == 0 || strcmp(a, "--reps") == 0 ||
                        strcmp(a, "--warmup") == 0 ||
                        strcmp(a, "--peer-sample") == 0 ||
                        strcmp(a, "--only") == 0 || strcmp(a, "--shared") == 0;
            fprintf(stderr, PROG ": %s: %s\n", a,
                    known ? "missing value" : "unknown option");
            usage(stderr);
            return EXIT_USAGE;
        } else if (bench_strings_add(&o->inputs, a) != 0) {
            return EXIT_IO;
        }
    }
#ifdef WF_BENCH_DEFAULT_DIR
    if (o->inputs.count == 0 &&
        bench_strings_add(&o->inputs, WF_BENCH_DEFAULT_DIR) != 0)
        return EXIT_IO;
#endif
    if (o->inputs.count == 0) {
        fprintf(stderr, PROG ": no directory or .scen file given\n");
        usage(stderr);
        return EXIT_USAGE;
    }
    return 0;
}

static int wanted(const options *o, const char *path) {
    if (o->only.count == 0)
        return 1;
    for (size_t i = 0; i < o->only.count; i++)
        if (strstr(path, o->only.items[i]))
            return 1;
    return 0;
}

static void print_diag(const wf_diag *d, const char *fallback_file,
                       wf_status st) {
    char buf[600];
    wf_diag_format(d, buf, sizeof buf);
    if (buf[0])
        fprintf(stderr, PROG ": %s\n", buf);
    else
        fprintf(stderr, PROG ": %s: %s\n", fallback_file, wf_strerror(st));
}

static int load_job(const char *scen_path, job *j) {
    char map_path[4096];
    wf_diag d;
    memset(&d, 0, sizeof d);
    j->scen_path = scen_path;
    if (bench_map_path(scen_path, map_path, sizeof map_path) != 0) {
        fprintf(stderr, PROG ": %s: not a .scen file name\n", scen_path);
        return EXIT_INPUT;
    }
    wf_status st = wf_map_load(map_path, NULL, NULL, &j->grid, NULL, &d);
    if (st != WF_OK) {
        print_diag(&d, map_path, st);
        return st == WF_E_IO ? EXIT_IO : EXIT_INPUT;
    }
    memset(&d, 0, sizeof d);
    st = wf_scen_read(scen_path, NULL, &j->scen, &d);
    if (st != WF_OK) {
        print_diag(&d, scen_path, st);
        return st == WF_E_IO ? EXIT_IO : EXIT_INPUT;
    }
    memset(&d, 0, sizeof d);
    st = wf_scen_check(&j->scen, j->grid, &d);
    if (st != WF_OK) {
        fprintf(stderr, PROG ": %s: scenario %u does not fit %s: %s\n",
                scen_path, d.line, map_path,
                d.message[0] ? d.message : wf_strerror(st));
        return EXIT_INPUT;
    }
    return 0;
}

static void read_cpu_model(char *buf, size_t size) {
    buf[0] = '\0';
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f)
        return;
    char line[512];
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "model name", 10) != 0)
            continue;
        const char *v = strchr(line, ':');
        if (v) {
            v++;
            while (*v == ' ' || *v == '\t')
                v++;
            snprintf(buf, size, "%s", v);
            buf[strcspn(buf, "\r\n")] = '\0';
        }
        break;
    }
    fclose(f);
}

/* Runs engine @p en (state @p st) over the scenarios of @p j into @p res:
 * all of them, or for a peer an evenly spaced sample of o->peer_sample.
 * Returns 0, or an exit code when the engine could not run at all. */
static int run_engine(const bench_engine *en, void *st, const job *j,
                      const options *o, bench_result *res) {
    const wf_scen *sc = &j->scen;
    size_t total = sc->count;
    size_t n = total;
    char err[256] = "";
    if (en->peer && o->peer_sample > 0 && total > o->peer_sample) {
        /* Scenario files are ordered by bucket (path length), so an even
         * spread keeps the mix of short and long queries. */
        n = o->peer_sample;
        res->index = malloc(n * sizeof *res->index);
        if (!res->index) {
            fprintf(stderr, PROG ": out of memory\n");
            return EXIT_IO;
        }
        for (size_t k = 0; k < n; k++)
            res->index[k] = (size_t)((double)k * (double)total / (double)n);
    }
    unsigned char *ok = malloc(n ? n : 1);
    res->us = calloc(n ? n : 1, sizeof *res->us);
    if (!ok || !res->us) {
        free(ok);
        fprintf(stderr, PROG ": out of memory\n");
        return EXIT_IO;
    }
    if (en->prepare(st, j->grid, err, sizeof err) != 0) {
        free(ok);
        fprintf(stderr, PROG ": %s: %s: %s\n", j->scen_path, en->name, err);
        return EXIT_IO;
    }
    res->ran = 1;
    res->queries = n;

    bench_answer ans;
    if (o->warmup > 0 && n > 0) {
        size_t stride = (n + o->warmup - 1) / o->warmup;
        for (size_t k = 0; k < n; k += stride) {
            const wf_scen_entry *q =
                &sc->entries[res->index ? res->index[k] : k];
            en->query(st, q->start, q->goal, &ans, err, sizeof err);
        }
    }

    memset(ok, 1, n);
    size_t reported = 0;
    for (int rep = 0; rep < o->reps; rep++) {
        for (size_t k = 0; k < n; k++) {
            size_t i = res->index ? res->index[k] : k;
            const wf_scen_entry *q = &sc->entries[i];
            memset(&ans, 0, sizeof ans);
            int failed = en->query(st, q->start, q->goal, &ans, err,
                                   sizeof err) != 0;
            res->us[k] += (double)ans.ns;
            res->total_ns += ans.ns;
            res->expanded += ans.expanded;
            int good = !failed && ans.found && ans.valid &&
                       wf_scen_cost_ok(q, ans.cost);
            if (failed)
                res->errors++;
            if (!good && ok[k] && reported++ < MAX_REPORTED_MISSES) {
                if (failed)
                    fprintf(stderr, PROG ": %s: scenario %zu: %s: %s\n",
                            j->scen_path, i + 1, en->name, err);
                else
                    fprintf(stderr,
                            PROG ": %s: scenario %zu (%d,%d)->(%d,%d): %s %s, "
                            "cost %.8f, expected %.8f\n",
                            j->scen_path, i + 1, q->start.x, q->start.y,
                            q->goal.x, q->goal.y, en->name,
                            !ans.found ? "found no path"
                            : !ans.valid ? "returned an invalid path"
                                         : "not optimal",
                            ans.cost, q->optimal);
            }
            if (!good)
                ok[k] = 0;
        }
    }
    en->release(st);
    for (size_t k = 0; k < n; k++) {
        res->us[k] /= 1e3 * (double)o->reps;
        res->optimal += ok[k];
    }
    if (reported > MAX_REPORTED_MISSES)
        fprintf(stderr, PROG ": %s: %s: %zu more misses not shown\n",
                j->scen_path, en->name, reported - MAX_REPORTED_MISSES);
    free(ok);
    return 0;
}

/* The fastest engine on map m by the run's means, other than @p not and
 * the peers (which ran on a sample); engine_count when none. */
static size_t fastest_other(const bench_report *r, size_t m, size_t not) {
    size_t best = r->engine_count;
    double best_us = INFINITY;
    for (size_t e = 0; e < r->engine_count; e++) {
        const bench_result *res = &r->maps[m].results[e];
        if (e == not || r->engines[e]->peer || !res->ran || !res->queries)
            continue;
        const double us = (double)res->total_ns / (double)res->queries;
        if (us < best_us) {
            best_us = us;
            best = e;
        }
    }
    return best;
}

/* Auto against the fastest other engine of each map once more, query by
 * query in turn (which of the two goes first alternates), so that both
 * see the same machine at the same moments: one run's engine-by-engine
 * means differ by 10-20 %% between two timings of the same engine on this
 * machine, more than the 10 %% auto is held to. Prints a table. */
static int versus_interleaved(const options *o, job *jobs, size_t njobs,
                              bench_report *r, void **states, size_t a) {
    printf("\n%s against the fastest other wayfind engine, timed in turn "
           "(query by query, alternating which goes first; %d pass%s):\n\n"
           "| map | fastest | its mean µs | %s mean µs | %s / fastest | "
           "within 10 %% |\n|---|---|---:|---:|---:|---|\n",
           r->engines[a]->name, o->reps, o->reps > 1 ? "es" : "",
           r->engines[a]->name, r->engines[a]->name);
    size_t misses = 0;
    for (size_t m = 0; m < njobs; m++) {
        const size_t b = fastest_other(r, m, a);
        if (b == r->engine_count || !states[a] || !states[b])
            continue;
        const bench_engine *ea = r->engines[a], *eb = r->engines[b];
        char err[256] = "";
        if (ea->prepare(states[a], jobs[m].grid, err, sizeof err) != 0 ||
            eb->prepare(states[b], jobs[m].grid, err, sizeof err) != 0) {
            fprintf(stderr, PROG ": %s: %s\n", jobs[m].scen_path, err);
            return EXIT_IO;
        }
        const wf_scen *sc = &jobs[m].scen;
        uint64_t ta = 0, tb = 0;
        bench_answer ans;
        for (int rep = 0; rep < o->reps; rep++)
            for (size_t k = 0; k < sc->count; k++) {
                const wf_scen_entry *q = &sc->entries[k];
                for (int turn = 0; turn < 2; turn++) {
                    const int first_a = (k + (size_t)rep) % 2 == 0;
                    const int use_a = turn == 0 ? first_a : !first_a;
                    memset(&ans, 0, sizeof ans);
                    (use_a ? ea : eb)->query(use_a ? states[a] : states[b],
                                             q->start, q->goal, &ans, err,
                                             sizeof err);
                    *(use_a ? &ta : &tb) += ans.ns;
                }
            }
        ea->release(states[a]);
        eb->release(states[b]);
        const double n = (double)sc->count * (double)o->reps;
        const double ua = (double)ta / n / 1e3, ub = (double)tb / n / 1e3;
        const int ok = ua <= 1.10 * ub;
        misses += !ok;
        printf("| %s | %s | %.2f | %.2f | %.2f | %s |\n", r->maps[m].label,
               eb->name, ub, ua, ua / ub, ok ? "yes" : "**no**");
    }
    printf("\n%zu of %zu maps outside 10 %%\n", misses, njobs);
    return 0;
}

static int run(const options *o, job *jobs, size_t njobs, bench_report *r) {
    size_t max_cells = 0;
    for (size_t i = 0; i < njobs; i++) {
        size_t c = (size_t)wf_grid_width(jobs[i].grid) *
                   (size_t)wf_grid_height(jobs[i].grid);
        if (c > max_cells)
            max_cells = c;
    }
    void **states = calloc(r->engine_count, sizeof *states);
    if (!states)
        return EXIT_IO;
    int rc = 0;
    for (size_t e = 0; e < r->engine_count && rc == 0; e++) {
        const bench_engine *en = r->engines[e];
        char err[256] = "";
        if (en->unavailable)
            continue;
        if (en->create(&states[e], max_cells, err, sizeof err) != 0) {
            fprintf(stderr, PROG ": %s: %s\n", en->name, err);
            rc = EXIT_IO;
        }
    }
    if (rc == 0 && r->engines[0]->bytes && states[0]) {
        r->ws_bytes = r->engines[0]->bytes(states[0]);
        r->ws_cells = max_cells;
    }

    for (size_t m = 0; m < njobs && rc == 0; m++) {
        bench_map_result *mr = &r->maps[m];
        for (size_t e = 0; e < r->engine_count && rc == 0; e++) {
            if (r->engines[e]->unavailable)
                continue;
            uint64_t t0 = bench_clock_ns();
            rc = run_engine(r->engines[e], states[e], &jobs[m],
                            o, &mr->results[e]);
            fprintf(stderr, "[%zu/%zu] %s: %s, %zu queries, %.1f s\n", m + 1,
                    njobs, mr->label, r->engines[e]->name,
                    mr->results[e].queries,
                    (double)(bench_clock_ns() - t0) / 1e9);
        }
    }

    /* the report's tables first, then auto timed in turn with its rival */
    if (rc == 0) {
        bench_report_table(r, stdout);
        bench_report_versus_best(r, stdout, "wf-auto", 1.10);
        for (size_t e = 0; e < r->engine_count; e++)
            if (!strcmp(r->engines[e]->name, "wf-auto") && states[e])
                rc = versus_interleaved(o, jobs, njobs, r, states, e);
        fflush(stdout);
    }
    for (size_t e = 0; e < r->engine_count; e++)
        if (states[e])
            r->engines[e]->destroy(states[e]);
    free(states);
    return rc;
}

int main(int argc, char **argv) {
    options o;
    memset(&o, 0, sizeof o);
    bench_strings files = {0};
    job *jobs = NULL;
    size_t njobs = 0;
    bench_report r;
    memset(&r, 0, sizeof r);
    r.engines = bench_engines(&r.engine_count);

    int rc = parse_args(argc, argv, &o);
    if (rc == -1) {
        rc = EXIT_OK;
        goto done;
    }
    if (rc != 0)
        goto done;
    r.reps = o.reps;
    r.warmup = o.warmup;
    r.peer_sample = o.peer_sample;
    read_cpu_model(r.cpu, sizeof r.cpu);

    for (size_t i = 0; i < o.inputs.count; i++) {
        char err[512];
        bench_strings found = {0};
        if (bench_scan(o.inputs.items[i], &found, err, sizeof err) != 0) {
            fprintf(stderr, PROG ": %s\n", err);
            bench_strings_free(&found);
            rc = EXIT_IO;
            goto done;
        }
        for (size_t k = 0; k < found.count && rc == 0; k++)
            if (wanted(&o, found.items[k]) &&
                bench_strings_add(&files, found.items[k]) != 0)
                rc = EXIT_IO;
        bench_strings_free(&found);
        if (rc != 0)
            goto done;
    }
    bench_strings_sort_unique(&files);
    if (files.count == 0) {
        fprintf(stderr, PROG ": no .scen files found\n");
        rc = EXIT_INPUT;
        goto done;
    }

    jobs = calloc(files.count, sizeof *jobs);
    r.maps = calloc(files.count, sizeof *r.maps);
    if (!jobs || !r.maps) {
        rc = EXIT_IO;
        goto done;
    }
    for (size_t i = 0; i < files.count; i++) {
        bench_map_result *mr = &r.maps[i];
        mr->results = calloc(r.engine_count, sizeof *mr->results);
        if (!mr->results) {
            rc = EXIT_IO;
            goto done;
        }
        r.map_count++;
        njobs++;
        rc = load_job(files.items[i], &jobs[i]);
        if (rc != 0)
            goto done;
        mr->scen_path = files.items[i];
        bench_map_label(files.items[i], mr->label, sizeof mr->label);
        mr->width = wf_grid_width(jobs[i].grid);
        mr->height = wf_grid_height(jobs[i].grid);
        mr->scenarios = jobs[i].scen.count;
    }

    rc = run(&o, jobs, njobs, &r);
    if (rc != 0)
        goto done;


    if (o.json) {
        FILE *f = fopen(o.json, "w");
        if (!f) {
            fprintf(stderr, PROG ": %s: %s\n", o.json, strerror(errno));
            rc = EXIT_IO;
            goto done;
        }
        int bad = bench_report_json(&r, f) != 0;
        if (fclose(f) != 0 || bad) {
            fprintf(stderr, PROG ": %s: write failed\n", o.json);
            rc = EXIT_IO;
            goto done;
        }
    }
    for (size_t m = 0; m < r.map_count; m++)
        for (size_t e = 0; e < r.engine_count; e++) {
            const bench_result *res = &r.maps[m].results[e];
            if (r.engines[e]->must_be_optimal && res->ran &&
                res->optimal != res->queries)
                rc = EXIT_NOT_OPTIMAL;
        }
    if (rc == EXIT_NOT_OPTIMAL)
        fprintf(stderr, PROG ": not every wayfind answer was optimal\n");

done:
    for (size_t i = 0; i < njobs; i++) {
        wf_grid_destroy(jobs[i].grid);
        wf_scen_free(&jobs[i].scen);
    }
    free(jobs);
    for (size_t m = 0; m < r.map_count; m++) {
        for (size_t e = 0; e < r.engine_count; e++) {
            free(r.maps[m].results[e].us);
            free(r.maps[m].results[e].index);
        }
        free(r.maps[m].results);
    }
    free(r.maps);
    bench_strings_free(&files);
    bench_strings_free(&o.only);
    bench_strings_free(&o.inputs);
    return rc;
}
