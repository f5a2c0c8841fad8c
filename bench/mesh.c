/*
 * wf_bench_mesh: navigation meshes made from the Moving AI maps: per map
 * the time to build the mesh, its polygons and bytes, then the mean µs a
 * query of the mesh's shortest path (Polyanya) and of Anya on the same
 * evenly spaced sample of scenarios, cell centre to cell centre, with
 * their lengths compared query by query (equal to 1e-9 relative, or the
 * query counts as failed).
 *
 * --corners-csv FILE also answers every sampled query from corner point
 * to corner point ((sx, sy) itself, as the GPPC any-angle track poses
 * them) and writes one line a query: map, index, sx, sy, gx, gy, length
 * (-1: none), µs (the least of 3 runs). A script outside the project
 * joins it with the GPPC entries' answers to the same queries.
 *
 * Exit status: 0 all lengths equal, 1 one was not, 2 usage, 3 bad input.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <wayfind/io.h>
#include <wayfind/mesh.h>

#include "scan.h"

#define PROG "wf_bench_mesh"
#define DEFAULT_SAMPLE 100

static double now_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

typedef struct totals {
    size_t maps, queries, bad;
    double build_ms, bytes, mesh_us, anya_us;
} totals;

typedef struct bench {
    wf_search *ws;
    wf_mesh_query *q;
    wf_polyline a, p;
    FILE *csv;
} bench;

/* The sampled queries from corner to corner, into the CSV. */
static void corners_csv(bench *b, const wf_mesh *m, const wf_scen *sc,
                        size_t n, const char *label) {
    for (size_t k = 0; k < n; k++) {
        const size_t i = k * sc->count / n;
        const wf_scen_entry *e = &sc->entries[i];
        const wf_vec2 s = {e->start.x, e->start.y}, t = {e->goal.x, e->goal.y};
        double best = INFINITY;
        wf_status st = WF_OK;
        for (int rep = 0; rep < 3; rep++) {
            const double t0 = now_us();
            st = wf_mesh_path(b->q, m, s, t, &b->p);
            best = fmin(best, now_us() - t0);
        }
        fprintf(b->csv, "%s,%zu,%d,%d,%d,%d,%.9f,%.3f\n", label, i,
                e->start.x, e->start.y, e->goal.x, e->goal.y,
                st == WF_OK ? b->p.length : -1.0, best);
    }
}

/* Both searches on the sample of one map; 0, or 3 for a bad file. */
static int run_map(bench *b, const char *scen_path, size_t sample,
                   totals *all) {
    char label[128];
    wf_grid *g;
    wf_scen sc;
    if (bench_load(PROG, scen_path, &g, &sc) != 0)
        return 3;
    bench_map_label(scen_path, label, sizeof label);
    const wf_move one_free = {8, WF_CORNERS_ONE_FREE, 1};
    wf_mesh *m = NULL;
    wf_diag d;
    const double t0 = now_us();
    if (wf_mesh_from_grid(g, &one_free, NULL, NULL, NULL, &m, &d) != WF_OK) {
        fprintf(stderr, PROG ": %s: %s\n", label, d.message);
        wf_grid_destroy(g);
        wf_scen_free(&sc);
        return 3;
    }
    const double build_ms = (now_us() - t0) / 1e3;
    wf_mesh_info info;
    wf_mesh_describe(m, &info);
    const size_t n = sc.count < sample || !sample ? sc.count : sample;
    wf_search_opts o = wf_search_opts_default();
    o.move = one_free;
    double mesh_us = 0, anya_us = 0;
    size_t bad = 0;
    for (size_t k = 0; k < n; k++) {
        const wf_scen_entry *e = &sc.entries[k * sc.count / n];
        const wf_vec2 s = {e->start.x + 0.5, e->start.y + 0.5};
        const wf_vec2 t = {e->goal.x + 0.5, e->goal.y + 0.5};
        double t1 = now_us();
        const wf_status sm = wf_mesh_path(b->q, m, s, t, &b->p);
        mesh_us += now_us() - t1;
        t1 = now_us();
        const wf_status sa = wf_search_any_angle(b->ws, g, e->start, e->goal,
                                                 WF_ANY_ANGLE_ANYA, &o, &b->a);
        anya_us += now_us() - t1;
        if (sm != sa || (sa == WF_OK && fabs(b->p.length - b->a.length) >
                                            1e-9 * b->a.length)) {
            if (bad++ < 3)
                fprintf(stderr, PROG ": %s: (%d,%d)->(%d,%d): mesh %.12g, "
                                "anya %.12g\n",
                        label, e->start.x, e->start.y, e->goal.x, e->goal.y,
                        b->p.length, b->a.length);
        }
    }
    printf("| %s | %.1f | %zu | %.0f | %zu | %.1f | %.1f | %.1f× | %zu |\n",
           label, build_ms, info.polygons, info.bytes / 1024.0, n,
           mesh_us / (double)n, anya_us / (double)n,
           anya_us / (mesh_us > 0 ? mesh_us : 1), bad);
    fflush(stdout);
    if (b->csv)
        corners_csv(b, m, &sc, n, label);
    all->maps++;
    all->queries += n;
    all->bad += bad;
    all->build_ms += build_ms;
    all->bytes += (double)info.bytes;
    all->mesh_us += mesh_us;
    all->anya_us += anya_us;
    wf_mesh_destroy(m);
    wf_grid_destroy(g);
    wf_scen_free(&sc);
    return 0;
}

static void usage(FILE *f) {
    fputs("usage: " PROG " [--sample N] [--corners-csv FILE] "
          "[--only SUBSTR]... [DIR_OR_SCEN...]\n\n"
          "Builds each map's navigation mesh and times its shortest paths "
          "against Anya\non an evenly spaced sample of each scenario file "
          "(default 100 a map, 0: all).\n",
          f);
#ifdef WF_BENCH_DEFAULT_DIR
    fputs("With no DIR_OR_SCEN, " WF_BENCH_DEFAULT_DIR " is used.\n", f);
#endif
}

static int csv_option(void *ud, const char *opt, const char *val) {
    if (strcmp(opt, "--corners-csv") != 0 || !val)
        return 0;
    FILE **f = ud;
    *f = fopen(val, "w");
    if (!*f) {
        fprintf(stderr, PROG ": --corners-csv: cannot write %s\n", val);
        return -1;
    }
    return 1;
}

int main(int argc, char **argv) {
    bench b;
    memset(&b, 0, sizeof b);
    bench_args args = {.sample = DEFAULT_SAMPLE};
    int code = bench_args_parse(PROG, argc, argv, &args, usage, csv_option,
                                &b.csv);
    if (code >= 0) {
        bench_args_free(&args);
        return code;
    }
    if (wf_search_create(NULL, &b.ws) != WF_OK ||
        wf_mesh_query_create(NULL, &b.q) != WF_OK)
        return 4;
    wf_polyline_init(&b.a, NULL);
    wf_polyline_init(&b.p, NULL);
    printf("Navigation meshes of the Moving AI maps (one-free rule), %zu "
           "scenarios a map at most, evenly spaced, centre to centre:\n\n"
           "| map | build ms | polygons | KB | queries | mesh µs | Anya µs "
           "| speed-up | unequal |\n"
           "|---|---:|---:|---:|---:|---:|---:|---:|---:|\n",
           args.sample);
    totals all;
    memset(&all, 0, sizeof all);
    code = 0;
    for (size_t i = 0; i < args.files.count; i++)
        if (bench_args_keep(&args, args.files.items[i]) &&
            run_map(&b, args.files.items[i], args.sample, &all) != 0)
            code = 3;
    if (all.queries)
        printf("| **all** | %.1f | | %.0f | %zu | %.1f | %.1f | %.1f× | %zu "
               "|\n",
               all.build_ms / (double)all.maps,
               all.bytes / 1024.0 / (double)all.maps, all.queries,
               all.mesh_us / (double)all.queries,
               all.anya_us / (double)all.queries,
               all.anya_us / (all.mesh_us > 0 ? all.mesh_us : 1), all.bad);
    if (all.bad && !code)
        code = 1;
    if (b.csv)
        fclose(b.csv);
    wf_polyline_free(&b.a);
    wf_polyline_free(&b.p);
    wf_mesh_query_destroy(b.q);
    wf_search_destroy(b.ws);
    bench_args_free(&args);
    return code;
}
