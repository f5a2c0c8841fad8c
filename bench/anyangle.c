/*
 * wf_bench_anyangle: the optimal any-angle search beside Jump Point Search
 * on every Moving AI map found under the given directory.
 *
 * For up to --per-map evenly spaced scenarios per map (default 200): the
 * mean time per query of JPS (8-connected, no-cut: the octile optimum) and
 * of the any-angle search (core/anya.c), and the mean ratio of the
 * any-angle length to the octile optimum the file prints. Each query runs
 * once untimed (warm-up), then each engine is timed once, interleaved.
 * Every any-angle answer must be no longer than the octile optimum (to the
 * printed precision) and no shorter than the straight line: exit status 1
 * otherwise, 3 on unreadable input.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <wayfind/core.h>
#include <wayfind/io.h>

#include "core/search_internal.h"
#include "scan.h"

#define PROG "wf_bench_anyangle"

static uint64_t clock_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

typedef struct totals {
    size_t queries;
    uint64_t jps_ns, anya_ns;
    double ratio;
    uint64_t anya_expanded;
} totals;

static void row(const char *label, const totals *t) {
    double n = t->queries ? (double)t->queries : 1;
    printf("%-28s %7zu %10.1f %10.1f %8.2fx %9.4f %9.0f\n", label, t->queries,
           (double)t->jps_ns / n / 1e3, (double)t->anya_ns / n / 1e3,
           t->jps_ns ? (double)t->anya_ns / (double)t->jps_ns : 0,
           t->ratio / n, (double)t->anya_expanded / n);
}

int main(int argc, char **argv) {
    size_t per_map = 200;
    bench_strings scens = {0};
    char err[512];
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--per-map") && i + 1 < argc) {
            per_map = (size_t)strtoul(argv[++i], NULL, 10);
        } else if (!strcmp(argv[i], "--help")) {
            printf("usage: %s [--per-map N] [DIR|FILE.scen ...]\n", PROG);
            return 0;
        } else if (bench_scan(argv[i], &scens, err, sizeof err) != 0) {
            fprintf(stderr, "%s: %s\n", PROG, err);
            return 3;
        }
    }
    if (!scens.count &&
        bench_scan(WF_BENCH_DEFAULT_DIR, &scens, err, sizeof err) != 0) {
        fprintf(stderr, "%s: %s\n", PROG, err);
        return 3;
    }
    bench_strings_sort_unique(&scens);
    wf_search *ws = NULL;
    wf_path path;
    wf_polyline line;
    wf_path_init(&path, NULL);
    wf_polyline_init(&line, NULL);
    if (wf_search_create(NULL, &ws) != WF_OK) {
        fprintf(stderr, "%s: out of memory\n", PROG);
        return 3;
    }
    wf_search_opts jps = wf_search_opts_default();
    jps.algo = WF_ALGO_JPS;
    printf("any-angle search beside JPS, up to %zu scenarios a map\n",
           per_map);
    printf("%-28s %7s %10s %10s %9s %9s %9s\n", "map", "queries", "jps us",
           "anya us", "anya/jps", "len/oct", "expanded");
    totals all = {0};
    int bad = 0;
    for (size_t m = 0; m < scens.count; m++) {
        char mp[1024], label[256];
        if (bench_map_path(scens.items[m], mp, sizeof mp) != 0)
            continue;
        bench_map_label(scens.items[m], label, sizeof label);
        wf_grid *g = NULL;
        wf_scen sc = {0};
        wf_diag d;
        if (wf_movingai_map_read(mp, NULL, &g, &d) != WF_OK ||
            wf_scen_read(scens.items[m], NULL, &sc, &d) != WF_OK) {
            fprintf(stderr, "%s: %s: %s\n", PROG, label, d.message);
            wf_grid_destroy(g);
            return 3;
        }
        size_t step = sc.count > per_map && per_map ? sc.count / per_map : 1;
        totals t = {0};
        for (size_t i = 0; i < sc.count && t.queries < per_map; i += step) {
            const wf_scen_entry *e = &sc.entries[i];
            if (e->optimal <= 0)
                continue;
            wf__anya_search(ws, g, e->start, e->goal, NULL, &line);
            uint64_t t0 = clock_ns();
            wf_status a = wf_search_grid(ws, g, e->start, e->goal, &jps, &path);
            uint64_t t1 = clock_ns();
            wf_status b = wf__anya_search(ws, g, e->start, e->goal, NULL, &line);
            uint64_t t2 = clock_ns();
            double tol = 0.5 * pow(10, -e->decimals) + 1e-6;
            double straight = hypot(e->goal.x - e->start.x,
                                    e->goal.y - e->start.y);
            if (a != WF_OK || b != WF_OK || line.length > e->optimal + tol ||
                line.length < straight - 1e-9) {
                fprintf(stderr, "%s: %s #%zu: jps %s, any-angle %s, length "
                                "%.9g, octile %.9g\n",
                        PROG, label, i, wf_status_name(a), wf_status_name(b),
                        line.length, e->optimal);
                bad = 1;
                continue;
            }
            t.queries++;
            t.jps_ns += t1 - t0;
            t.anya_ns += t2 - t1;
            t.ratio += line.length / e->optimal;
            t.anya_expanded += line.stats.expanded;
        }
        row(label, &t);
        all.queries += t.queries;
        all.jps_ns += t.jps_ns;
        all.anya_ns += t.anya_ns;
        all.ratio += t.ratio;
        all.anya_expanded += t.anya_expanded;
        wf_scen_free(&sc);
        wf_grid_destroy(g);
        fflush(stdout);
    }
    row("all", &all);
    wf_search_destroy(ws);
    wf_path_free(&path);
    wf_polyline_free(&line);
    bench_strings_free(&scens);
    return bad;
}
