/*
 * wf_bench_fields: Dijkstra-map timings. For every Moving AI map given
 * (default: the 512×512 ones under the shared data), a multi-source
 * Dijkstra map from the starts of the first 8 scenarios and a flee map from
 * it are computed --reps times; the table gives the mean time and the rate
 * in cells settled per second.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <wayfind/field.h>
#include <wayfind/io.h>

#include <time.h>

#include "scan.h"

#define SOURCES 8

static uint64_t clock_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static int run(const char *scen_path, int reps, wf_search *ws) {
    char map[4096];
    if (bench_map_path(scen_path, map, sizeof map) != 0)
        return -1;
    wf_grid *g = NULL;
    wf_scen sc;
    memset(&sc, 0, sizeof sc);
    wf_diag d;
    memset(&d, 0, sizeof d);
    if (wf_map_load(map, NULL, NULL, &g, NULL, &d) != WF_OK ||
        wf_scen_read(scen_path, NULL, &sc, &d) != WF_OK) {
        fprintf(stderr, "wf_bench_fields: %s:%u: %s\n", d.file, d.line,
                d.message);
        wf_grid_destroy(g);
        return -1;
    }
    int W = wf_grid_width(g), H = wf_grid_height(g);
    if (W != 512 || H != 512) {
        wf_grid_destroy(g);
        wf_scen_free(&sc);
        return 0;
    }
    size_t cells = (size_t)W * (size_t)H, n = sc.count < SOURCES ? sc.count : SOURCES;
    float *dist = malloc(cells * sizeof *dist), *flee = malloc(cells * sizeof *flee);
    wf_field_source src[SOURCES];
    for (size_t i = 0; i < n; i++) {
        src[i].cell = sc.entries[i * (sc.count / n)].start;
        src[i].value = 0;
    }
    uint64_t t_map = 0, t_flee = 0;
    size_t reached = 0;
    for (int r = 0; r < reps; r++) {
        uint64_t t0 = clock_ns();
        wf_dijkstra_map_grid(ws, g, src, n, 8, WF_CORNERS_NO_CUT, dist);
        uint64_t t1 = clock_ns();
        wf_flee_map_grid(ws, g, dist, 1.2, 8, WF_CORNERS_NO_CUT, flee);
        uint64_t t2 = clock_ns();
        t_map += t1 - t0;
        t_flee += t2 - t1;
    }
    for (size_t c = 0; c < cells; c++)
        reached += dist[c] < 1e30f;
    char label[128];
    bench_map_label(scen_path, label, sizeof label);
    double ms_map = (double)t_map / reps / 1e6, ms_flee = (double)t_flee / reps / 1e6;
    printf("| %s | %zu | %.2f | %.1f | %.2f | %.1f |\n", label, reached, ms_map,
           (double)reached / ms_map / 1e3, ms_flee,
           (double)reached / ms_flee / 1e3);
    free(dist);
    free(flee);
    wf_scen_free(&sc);
    wf_grid_destroy(g);
    return 0;
}

int main(int argc, char **argv) {
    int reps = 10;
    bench_strings files = {0};
    char err[256];
    const char *dir = argc > 1 ? argv[1] : WF_BENCH_DEFAULT_DIR;
    if (bench_scan(dir, &files, err, sizeof err) != 0) {
        fprintf(stderr, "wf_bench_fields: %s\n", err);
        return 4;
    }
    bench_strings_sort_unique(&files);
    wf_search *ws;
    if (wf_search_create(NULL, &ws) != WF_OK || wf_search_reserve(ws, 512 * 512) != WF_OK)
        return 4;
    printf("Dijkstra maps on the 512x512 maps: %d sources, 8-connected, "
           "no-cut, mean of %d runs\n\n"
           "| map | cells reached | Dijkstra map ms | M cells/s | flee map ms | M cells/s |\n"
           "|---|---:|---:|---:|---:|---:|\n", SOURCES, reps);
    int rc = 0;
    for (size_t i = 0; i < files.count; i++)
        if (run(files.items[i], reps, ws) != 0)
            rc = 3;
    wf_search_destroy(ws);
    bench_strings_free(&files);
    return rc;
}
