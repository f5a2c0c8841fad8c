/*
 * wf_bench_weighted: the optimal speed-ups for weighted grids, weighted
 * Jump Point Search (WF_ALGO_JPSW) and the contraction hierarchy (ch.h),
 * against wayfind's own A* on weighted grids: the seed worlds
 * (wf_gen_islands, priced for ships: deep sea 1, shallow sea 2) at two
 * sizes and several seeds, and Moving AI maps priced by wf_gen_cost_noise
 * (costs 1–3 from smooth noise over the passable cells; walls kept).
 *
 * Per world: mean µs per query of each engine (one workspace each, reused;
 * a few untimed queries first), the speed-ups (A* time / its time), mean
 * expansions of each (A*: cells; JPSW: jump points; CH: nodes settled by
 * both upward searches), how many JPSW and CH costs equal A*'s within
 * 1e-9 relative (A* is optimal: the property tests hold it to a
 * brute-force Dijkstra), and the hierarchy's build time and memory a cell
 * of the map. Island queries are points placed in
 * the largest sea region (wf_place_points); Moving AI queries are an
 * evenly spaced sample of the map's scenario file (its optima are for
 * unit costs and not used). Exit status: 0 every cost equal, 1 not, 2
 * usage, 3 bad input.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <wayfind/ch.h>
#include <wayfind/gen.h>
#include <wayfind/io.h>

#include "scan.h"

#define PROG "wf_bench_weighted"
#define DEFAULT_SAMPLE 200
#define WARMUP 8

/* The Moving AI maps of the table when no --only names others. */
static const char *const default_maps[] = {
    "dao/den011d", "dao/lak303d", "bg/AR0011SR", "sc1/Archipelago",
    "da2/ht_chantry", "street/Berlin_0_256", NULL};

/* The island worlds: size and seed. */
static const struct {
    int w, h;
    uint64_t seed;
} islands[] = {{512, 512, 1}, {512, 512, 2}, {1024, 1024, 3}, {1024, 1024, 4}};

enum { ASTAR, JPSW, CH, ENGINES };

typedef struct totals {
    size_t queries, optimal[ENGINES];
    double ns[ENGINES];
    double expanded[ENGINES];
    double build_ns, bytes, cells; /* the hierarchies' */
} totals;

static uint64_t clock_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void header(void) {
    printf("| world | queries | A* µs | JPSW µs (speed-up) | CH µs (speed-up) "
           "| A* expanded | JPSW expanded | CH expanded | JPSW optimal | "
           "CH optimal | CH build s | CH bytes/cell |\n"
           "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
}

static void row(const char *label, const totals *t) {
    const double n = t->queries ? (double)t->queries : 1.0;
    printf("| %s | %zu | %.1f | %.1f (%.1f×) | %.1f (%.1f×) | %.0f | %.0f | "
           "%.0f | %zu/%zu | %zu/%zu | %.1f | %.0f |\n",
           label, t->queries, t->ns[ASTAR] / 1e3 / n, t->ns[JPSW] / 1e3 / n,
           t->ns[JPSW] > 0 ? t->ns[ASTAR] / t->ns[JPSW] : NAN,
           t->ns[CH] / 1e3 / n, t->ns[CH] > 0 ? t->ns[ASTAR] / t->ns[CH] : NAN,
           t->expanded[ASTAR] / n, t->expanded[JPSW] / n, t->expanded[CH] / n,
           t->optimal[JPSW], t->queries, t->optimal[CH], t->queries,
           t->build_ns / 1e9, t->cells > 0 ? t->bytes / t->cells : NAN);
    fflush(stdout);
}

static void add(totals *all, const totals *t) {
    all->queries += t->queries;
    for (int e = 0; e < ENGINES; e++) {
        all->optimal[e] += t->optimal[e];
        all->ns[e] += t->ns[e];
        all->expanded[e] += t->expanded[e];
    }
    all->build_ns += t->build_ns;
    all->bytes += t->bytes;
    all->cells += t->cells;
}

/* Builds g's contraction hierarchy (timed into t) and answers the n
 * queries with it, costs into cost[ENGINES * k + CH]; 0, or 3 when
 * building or a query fails outright. */
static int run_ch(const char *label, const wf_grid *g, const wf_point *pts,
                  size_t n, double *cost, wf_path *p, totals *t) {
    wf_ch *c = NULL;
    wf_ch_query *q = NULL;
    const uint64_t t0 = clock_ns();
    wf_status st = wf_ch_build(g, NULL, NULL, NULL, &c);
    t->build_ns = (double)(clock_ns() - t0);
    wf_ch_info info;
    if (st == WF_OK && (st = wf_ch_describe(c, &info)) == WF_OK) {
        t->bytes = (double)info.bytes;
        t->cells = (double)wf_grid_width(g) * wf_grid_height(g);
        st = wf_ch_query_create(c, NULL, &q);
    }
    if (st != WF_OK) {
        fprintf(stderr, PROG ": %s: contraction hierarchy: %s\n", label,
                wf_strerror(st));
        wf_ch_free(c);
        return 3;
    }
    for (size_t k = 0; k < n && k < WARMUP; k++)
        (void)wf_ch_path(q, g, pts[2 * k], pts[2 * k + 1], p);
    for (size_t k = 0; k < n; k++) {
        const uint64_t t1 = clock_ns();
        st = wf_ch_path(q, g, pts[2 * k], pts[2 * k + 1], p);
        t->ns[CH] += (double)(clock_ns() - t1);
        if (st != WF_OK && st != WF_NO_PATH) {
            fprintf(stderr, PROG ": %s: contraction hierarchy query: %s\n",
                    label, wf_strerror(st));
            break;
        }
        cost[ENGINES * k + CH] = st == WF_OK ? p->cost : INFINITY;
        t->expanded[CH] += (double)p->stats.expanded;
    }
    wf_ch_query_free(q);
    wf_ch_free(c);
    return st == WF_OK || st == WF_NO_PATH ? 0 : 3;
}

/* Runs the n queries (pairs in pts) with every engine; 0, or 3 when a
 * search fails outright. */
static int run_world(const char *label, const wf_grid *g, const wf_point *pts,
                     size_t n, wf_search *ws[CH], totals *all) {
    wf_search_opts o[CH];
    o[ASTAR] = wf_search_opts_default();
    o[JPSW] = o[ASTAR];
    o[JPSW].algo = WF_ALGO_JPSW;
    double *cost = malloc(ENGINES * (n ? n : 1) * sizeof *cost);
    if (!cost) {
        fprintf(stderr, PROG ": out of memory\n");
        return 3;
    }
    wf_path p;
    wf_path_init(&p, NULL);
    totals t;
    memset(&t, 0, sizeof t);
    t.queries = n;
    for (int e = 0; e < CH; e++) {
        for (size_t k = 0; k < n && k < WARMUP; k++)
            (void)wf_search_grid(ws[e], g, pts[2 * k], pts[2 * k + 1], &o[e],
                                 &p);
        for (size_t k = 0; k < n; k++) {
            const uint64_t t0 = clock_ns();
            const wf_status st = wf_search_grid(ws[e], g, pts[2 * k],
                                                pts[2 * k + 1], &o[e], &p);
            t.ns[e] += (double)(clock_ns() - t0);
            if (st != WF_OK && st != WF_NO_PATH) {
                fprintf(stderr, PROG ": %s: %s\n", label,
                        wf_search_message(ws[e]));
                free(cost);
                wf_path_free(&p);
                return 3;
            }
            cost[ENGINES * k + (size_t)e] = st == WF_OK ? p.cost : INFINITY;
            t.expanded[e] += (double)p.stats.expanded;
        }
    }
    if (run_ch(label, g, pts, n, cost, &p, &t)) {
        free(cost);
        wf_path_free(&p);
        return 3;
    }
    static const char *const name[ENGINES] = {"A*", "JPSW", "CH"};
    for (size_t k = 0; k < n; k++) {
        const double a = cost[ENGINES * k];
        for (int e = JPSW; e < ENGINES; e++) {
            const double j = cost[ENGINES * k + (size_t)e];
            if (a == j || fabs(a - j) <= 1e-9 * fmax(1.0, fabs(a)))
                t.optimal[e]++;
            else if (t.queries - t.optimal[e] < 4)
                fprintf(stderr, PROG ": %s: (%d,%d)->(%d,%d): A* %.17g, %s "
                                "%.17g\n",
                        label, pts[2 * k].x, pts[2 * k].y, pts[2 * k + 1].x,
                        pts[2 * k + 1].y, a, name[e], j);
        }
    }
    row(label, &t);
    add(all, &t);
    free(cost);
    wf_path_free(&p);
    return 0;
}

static int run_islands(size_t n, wf_search *ws[CH], totals *all) {
    for (size_t i = 0; i < sizeof islands / sizeof islands[0]; i++) {
        wf_grid *g = NULL;
        wf_point *pts = malloc(2 * n * sizeof *pts);
        wf_diag d;
        memset(&d, 0, sizeof d);
        wf_status st = pts ? wf_grid_create(islands[i].w, islands[i].h, NULL, &g)
                           : WF_E_NOMEM;
        if (st == WF_OK)
            st = wf_gen_islands(g, islands[i].seed, NULL);
        if (st == WF_OK)
            st = wf_place_points(g, islands[i].seed ^ 0x5CE0ull, NULL, 2 * n,
                                 pts, &d);
        char label[64];
        snprintf(label, sizeof label, "islands %dx%d seed %llu", islands[i].w,
                 islands[i].h, (unsigned long long)islands[i].seed);
        int code = 3;
        if (st != WF_OK)
            fprintf(stderr, PROG ": %s: %s %s\n", label, wf_strerror(st),
                    d.message);
        else
            code = run_world(label, g, pts, n, ws, all);
        free(pts);
        wf_grid_destroy(g);
        if (code)
            return code;
    }
    return 0;
}

static int run_map(const char *scen_path, size_t sample,
                   wf_search *ws[CH], totals *all) {
    wf_grid *g;
    wf_scen sc;
    if (bench_load(PROG, scen_path, &g, &sc) != 0)
        return 3;
    const size_t n = sc.count < sample || !sample ? sc.count : sample;
    wf_point *pts = malloc(2 * (n ? n : 1) * sizeof *pts);
    wf_status st = pts ? wf_gen_cost_noise(g, 1, NULL) : WF_E_NOMEM;
    int code = 3;
    char label[128];
    bench_map_label(scen_path, label, sizeof label);
    strncat(label, " (noise costs 1-3)", sizeof label - strlen(label) - 1);
    if (st != WF_OK) {
        fprintf(stderr, PROG ": %s: %s\n", scen_path, wf_strerror(st));
    } else {
        for (size_t k = 0; k < n; k++) {
            pts[2 * k] = sc.entries[k * sc.count / n].start;
            pts[2 * k + 1] = sc.entries[k * sc.count / n].goal;
        }
        code = run_world(label, g, pts, n, ws, all);
    }
    free(pts);
    wf_grid_destroy(g);
    wf_scen_free(&sc);
    return code;
}

static void usage(FILE *f) {
    fputs("usage: " PROG " [--sample N] [--only SUBSTR]... [DIR_OR_SCEN...]\n\n"
          "Times weighted Jump Point Search (jpsw) against A* on island "
          "worlds (ships:\ndeep sea 1, shallow 2) and on Moving AI maps "
          "priced by noise (costs 1-3),\nN queries a world (default 200, 0: "
          "every scenario), and counts the\nqueries where both costs agree. "
          "Without --only, the Moving AI maps are\n", f);
    for (int i = 0; default_maps[i]; i++)
        fprintf(f, "%s%s", i ? ", " : "", default_maps[i]);
    fputs(".\n", f);
#ifdef WF_BENCH_DEFAULT_DIR
    fputs("With no DIR_OR_SCEN, " WF_BENCH_DEFAULT_DIR " is used.\n", f);
#endif
}

/* Whether file is one of the default maps. */
static int is_default(const char *file) {
    for (int i = 0; default_maps[i]; i++)
        if (strstr(file, default_maps[i]))
            return 1;
    return 0;
}

int main(int argc, char **argv) {
    bench_args a = {.sample = DEFAULT_SAMPLE};
    int code = bench_args_parse(PROG, argc, argv, &a, usage, NULL, NULL);
    if (code >= 0) {
        bench_args_free(&a);
        return code;
    }
    wf_search *ws[CH] = {NULL, NULL};
    if (wf_search_create(NULL, &ws[ASTAR]) != WF_OK ||
        wf_search_create(NULL, &ws[JPSW]) != WF_OK) {
        fprintf(stderr, PROG ": out of memory\n");
        return 3;
    }
    totals all;
    memset(&all, 0, sizeof all);
    const size_t n = a.sample ? a.sample : DEFAULT_SAMPLE;
    header();
    code = run_islands(n, ws, &all);
    for (size_t i = 0; !code && i < a.files.count; i++) {
        const char *f = a.files.items[i];
        if (!bench_args_keep(&a, f) || (!a.only.count && !is_default(f)))
            continue;
        code = run_map(f, a.sample, ws, &all);
    }
    if (!code) {
        row("all", &all);
        code = all.optimal[JPSW] == all.queries &&
                       all.optimal[CH] == all.queries
                   ? 0
                   : 1;
    }
    wf_search_destroy(ws[ASTAR]);
    wf_search_destroy(ws[JPSW]);
    bench_args_free(&a);
    return code;
}
