/*
 * wf_bench_cpd: the compressed path database (wayfind/cpd.h) on the small
 * Moving AI maps: its build time and memory, and every scenario answered
 * from it (whole paths, one lookup a step) beside online JPS on the same
 * scenarios in the same run.
 *
 * Maps with more cells to stand on than --max-nodes (default 16,000) are
 * skipped: the build runs one Dijkstra search a cell. Exit status: 0
 * every answer optimal, 1 one was not, 2 usage, 3 bad input, 4 out of
 * memory.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <wayfind/cpd.h>
#include <wayfind/io.h>

#include "scan.h"

#define PROG "wf_bench_cpd"
#define DEFAULT_MAX_NODES 16000

static uint64_t clock_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static size_t max_nodes = DEFAULT_MAX_NODES;

static int extra(void *ud, const char *opt, const char *val) {
    (void)ud;
    if (strcmp(opt, "--max-nodes") != 0)
        return 0;
    char *end;
    errno = 0;
    unsigned long long v = val ? strtoull(val, &end, 10) : 0;
    if (!val || errno || *end || v < 1 || v > WF_CPD_MAX_NODES) {
        fprintf(stderr, PROG ": --max-nodes needs a number from 1 to %zu\n",
                (size_t)WF_CPD_MAX_NODES);
        return -1;
    }
    max_nodes = (size_t)v;
    return 1;
}

static void usage(FILE *f) {
    fputs("usage: " PROG " [--max-nodes N] [--sample N] [--only NAME] "
          "[DIR_OR_SCEN ...]\n"
          "Builds the compressed path database of each map with at most N "
          "cells\nto stand on (default 16000) and answers its scenarios "
          "from it (N a map\nwith --sample, default all), beside online "
          "JPS.\n",
          f);
#ifdef WF_BENCH_DEFAULT_DIR
    fputs("With no DIR_OR_SCEN, " WF_BENCH_DEFAULT_DIR " is used.\n", f);
#endif
}

static size_t open_cells(const wf_grid *g) {
    size_t n = 0;
    for (int y = 0; y < wf_grid_height(g); y++)
        for (int x = 0; x < wf_grid_width(g); x++)
            n += wf_grid_passable(g, x, y);
    return n;
}

/* One map's row. Returns 0, 1 on a wrong answer, 3 or 4 on an error. */
static int map_row(const char *scen, size_t sample, wf_search *ws) {
    wf_grid *g;
    wf_scen sc;
    if (bench_load(PROG, scen, &g, &sc) != 0)
        return 3;
    char label[128];
    bench_map_label(scen, label, sizeof label);
    const size_t open = open_cells(g);
    int rc = 0;
    if (open > max_nodes) {
        printf("| %s | %zu | skipped (more than %zu) | | | | | | | | | |\n",
               label,
               open, max_nodes);
        goto done;
    }
    wf_cpd *c;
    uint64_t t0 = clock_ns();
    wf_status st = wf_cpd_build(g, NULL, NULL, NULL, &c);
    const double build_s = (double)(clock_ns() - t0) / 1e9;
    if (st != WF_OK) {
        fprintf(stderr, PROG ": %s: %s\n", label, wf_strerror(st));
        rc = st == WF_E_NOMEM ? 4 : 3;
        goto done;
    }
    wf_cpd_info info;
    wf_cpd_describe(c, &info);
    wf_path p;
    wf_path_init(&p, NULL);
    wf_search_opts jo = wf_search_opts_default();
    jo.algo = WF_ALGO_JPS;
    const size_t n = sc.count, take = sample && sample < n ? sample : n;
    uint64_t cpd_ns = 0, next_ns = 0, jps_ns = 0, moves = 0;
    size_t optimal = 0;
    /* first moves: every scenario's in one timed loop */
    long sum = 0;
    t0 = clock_ns();
    for (size_t k = 0; k < take; k++) {
        const wf_scen_entry *e = &sc.entries[k * n / take];
        wf_point step = {0, 0};
        wf_cpd_next(c, g, e->start, e->goal, &step);
        sum += step.x;
    }
    next_ns = clock_ns() - t0;
    if (sum < 0)
        puts("");
    for (size_t k = 0; k < take; k++) {
        const wf_scen_entry *e = &sc.entries[k * n / take];
        t0 = clock_ns();
        st = wf_cpd_path(c, g, e->start, e->goal, &p);
        cpd_ns += clock_ns() - t0;
        moves += p.count ? p.count - 1 : 0;
        optimal += st == WF_OK && wf_scen_cost_ok(e, p.cost);
        t0 = clock_ns();
        st = wf_search_grid(ws, g, e->start, e->goal, &jo, &p);
        jps_ns += clock_ns() - t0;
        if (st != WF_OK) {
            fprintf(stderr, PROG ": %s: JPS: %s\n", label, wf_strerror(st));
            rc = 3;
        }
    }
    printf("| %s | %zu | %.2f | %.1f | %.0f | %.1f | %.0f | %.1f | %.1f | "
           "%.0f | %.2f | %zu/%zu |\n",
           label, info.nodes, build_s, (double)info.bytes / 1048576.0,
           (double)info.bytes / (double)((size_t)wf_grid_width(g) *
                                         (size_t)wf_grid_height(g)),
           (double)info.runs / (double)info.nodes,
           (double)next_ns / (double)take, (double)jps_ns / 1e3 / (double)take,
           (double)cpd_ns / 1e3 / (double)take,
           moves ? (double)cpd_ns / (double)moves : 0.0,
           (double)jps_ns / (double)(cpd_ns ? cpd_ns : 1), optimal, take);
    if (optimal != take)
        rc = rc ? rc : 1;
    fflush(stdout);
    wf_path_free(&p);
    wf_cpd_free(c);
done:
    wf_scen_free(&sc);
    wf_grid_destroy(g);
    return rc;
}

int main(int argc, char **argv) {
    bench_args args = {.sample = 0};
    int code = bench_args_parse(PROG, argc, argv, &args, usage, extra, NULL);
    if (code >= 0) {
        bench_args_free(&args);
        return code;
    }
    code = 0;
    wf_search *ws = NULL;
    if (wf_search_create(NULL, &ws) != WF_OK)
        return 4;
    printf("Compressed path database (8-connected, no-cut) on the Moving AI "
           "maps with at most %zu cells to stand on: build time and memory, "
           "then whole paths from it, one lookup a move, against online JPS "
           "in the same run (first move: one wf_cpd_next from the start, "
           "what a unit asks each step):\n\n"
           "| map | cells to stand on | build s | MiB | bytes / cell | runs "
           "a source | first move ns | JPS path µs | path µs | ns a move | "
           "path speed-up over JPS | optimal "
           "|\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
           max_nodes);
    for (size_t i = 0; i < args.files.count; i++) {
        if (!bench_args_keep(&args, args.files.items[i]))
            continue;
        int rc = map_row(args.files.items[i], args.sample, ws);
        if (rc > code)
            code = rc;
    }
    wf_search_destroy(ws);
    bench_args_free(&args);
    return code;
}
