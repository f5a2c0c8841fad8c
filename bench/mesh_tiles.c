/*
 * wf_bench_mesh_tiles: grid meshes built in tiles of 32 × 32 cells and
 * kept up to date after edits. Per Moving AI map: the untiled and tiled
 * build times and polygons; the mean µs of the same sample of queries on
 * both (lengths compared query by query); then 200 one-cell edits (a
 * random cell turned to wall, or back), each followed by wf_mesh_update:
 * its mean and worst µs, and the mean µs of the same update on a 32 × 32
 * map cut from the map (one tile, so its rebuild without the rest of the
 * mesh to put together).
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

#define PROG "wf_bench_mesh_tiles"
#define DEFAULT_SAMPLE 100
#define TILE 32
#define EDITS 200

static double now_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static const wf_move ONE_FREE = {8, WF_CORNERS_ONE_FREE, 1};

/* splitmix64, for the edits */
static uint64_t next(uint64_t *s) {
    uint64_t z = (*s += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* The mean and worst µs of EDITS one-cell edits of g, each followed by
 * wf_mesh_update of m. */
static void edits(wf_grid *g, wf_mesh *m, uint64_t seed, double *mean,
                  double *worst) {
    const int w = wf_grid_width(g), h = wf_grid_height(g);
    double sum = 0;
    *worst = 0;
    for (int i = 0; i < EDITS; i++) {
        const wf_point p = {(int)(next(&seed) % (uint64_t)w),
                            (int)(next(&seed) % (uint64_t)h)};
        const uint8_t before = (uint8_t)wf_grid_get(g, p.x, p.y);
        const uint8_t after = before == WF_TERRAIN_WALL ? '.' : WF_TERRAIN_WALL;
        wf_grid_set(g, p.x, p.y, after);
        const wf_cell_change c = {p, before, after};
        const double t0 = now_us();
        if (wf_mesh_update(m, g, &c, 1, NULL) != WF_OK)
            fprintf(stderr, PROG ": an update failed\n");
        const double us = now_us() - t0;
        sum += us;
        *worst = fmax(*worst, us);
    }
    *mean = sum / EDITS;
}

/* A TILE × TILE map cut from g at its middle. */
static wf_grid *cut(const wf_grid *g) {
    wf_grid *c;
    const int w = wf_grid_width(g) < TILE ? wf_grid_width(g) : TILE;
    const int h = wf_grid_height(g) < TILE ? wf_grid_height(g) : TILE;
    if (wf_grid_create(w, h, NULL, &c) != WF_OK)
        return NULL;
    const int x0 = (wf_grid_width(g) - w) / 2, y0 = (wf_grid_height(g) - h) / 2;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            wf_grid_set(c, x, y, (uint8_t)wf_grid_get(g, x0 + x, y0 + y));
    wf_movingai_set_costs(c);
    return c;
}

/* Mean µs of a sample of queries on m; the lengths into len. */
static double queries(wf_mesh_query *q, const wf_mesh *m, const wf_scen *sc,
                      size_t n, double *len) {
    wf_polyline p;
    wf_polyline_init(&p, NULL);
    const double t0 = now_us();
    for (size_t k = 0; k < n; k++) {
        const wf_scen_entry *e = &sc->entries[k * sc->count / n];
        const wf_vec2 s = {e->start.x + 0.5, e->start.y + 0.5};
        const wf_vec2 t = {e->goal.x + 0.5, e->goal.y + 0.5};
        len[k] = wf_mesh_path(q, m, s, t, &p) == WF_OK ? p.length : -1;
    }
    const double us = (now_us() - t0) / (double)(n ? n : 1);
    wf_polyline_free(&p);
    return us;
}

static int run_map(wf_mesh_query *q, const char *scen_path, size_t sample,
                   size_t *bad) {
    char label[128];
    wf_grid *g;
    wf_scen sc;
    if (bench_load(PROG, scen_path, &g, &sc) != 0)
        return 3;
    bench_map_label(scen_path, label, sizeof label);
    const wf_mesh_opts o = {.tile = TILE};
    wf_mesh *whole = NULL, *tiled = NULL, *one = NULL;
    double t0 = now_us();
    wf_status st = wf_mesh_from_grid(g, &ONE_FREE, NULL, NULL, NULL, &whole,
                                     NULL);
    const double whole_ms = (now_us() - t0) / 1e3;
    t0 = now_us();
    if (st == WF_OK)
        st = wf_mesh_from_grid(g, &ONE_FREE, NULL, &o, NULL, &tiled, NULL);
    const double tiled_ms = (now_us() - t0) / 1e3;
    wf_grid *small = st == WF_OK ? cut(g) : NULL;
    if (small)
        st = wf_mesh_from_grid(small, &ONE_FREE, NULL, &o, NULL, &one, NULL);
    if (st != WF_OK || !small) {
        fprintf(stderr, PROG ": %s: no mesh\n", label);
        return 3;
    }
    const size_t n = sample && sample < sc.count ? sample : sc.count;
    double *la = malloc((n + 1) * sizeof *la), *lb = malloc((n + 1) * sizeof *lb);
    const double us_whole = queries(q, whole, &sc, n, la);
    const double us_tiled = queries(q, tiled, &sc, n, lb);
    for (size_t k = 0; k < n; k++)
        *bad += fabs(la[k] - lb[k]) > 1e-9 * fmax(1, la[k]);
    wf_mesh_info iw, it;
    wf_mesh_describe(whole, &iw);
    wf_mesh_describe(tiled, &it);
    double mean, worst, tile_mean, tile_worst;
    edits(g, tiled, 1, &mean, &worst);
    edits(small, one, 2, &tile_mean, &tile_worst);
    printf("| %s | %.1f | %.1f | %zu | %zu | %.1f | %.1f | %.0f | %.0f | "
           "%.0f |\n",
           label, whole_ms, tiled_ms, iw.polygons, it.polygons, us_whole,
           us_tiled, mean, worst, tile_mean);
    free(la);
    free(lb);
    wf_mesh_destroy(whole);
    wf_mesh_destroy(tiled);
    wf_mesh_destroy(one);
    wf_grid_destroy(small);
    wf_grid_destroy(g);
    wf_scen_free(&sc);
    return 0;
}

static void usage(FILE *f) {
    fputs("usage: " PROG " [--sample N] [--only SUBSTR]... [DIR_OR_SCEN...]\n\n"
          "Builds each map's mesh whole and in tiles of 32 cells, compares "
          "their queries,\nand times updates after one-cell edits.\n",
          f);
#ifdef WF_BENCH_DEFAULT_DIR
    fputs("With no DIR_OR_SCEN, " WF_BENCH_DEFAULT_DIR " is used.\n", f);
#endif
}

int main(int argc, char **argv) {
    bench_args args = {.sample = DEFAULT_SAMPLE};
    int code = bench_args_parse(PROG, argc, argv, &args, usage, NULL, NULL);
    if (code >= 0) {
        bench_args_free(&args);
        return code;
    }
    wf_mesh_query *q;
    if (wf_mesh_query_create(NULL, &q) != WF_OK)
        return 4;
    printf("Grid meshes in tiles of %d cells (one-free rule): build ms "
           "whole and tiled, polygons, µs a query on each (%zu scenarios a "
           "map at most), and µs an update after a one-cell edit (%d "
           "edits): on the map, and on a %d × %d map cut from it (one "
           "tile):\n\n"
           "| map | build ms | tiled ms | polygons | tiled | query µs | "
           "tiled µs | update µs | worst µs | one tile µs |\n"
           "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
           TILE, args.sample, EDITS, TILE, TILE);
    size_t bad = 0;
    code = 0;
    for (size_t i = 0; i < args.files.count; i++)
        if (bench_args_keep(&args, args.files.items[i]) &&
            run_map(q, args.files.items[i], args.sample, &bad) != 0)
            code = 3;
    printf("\nLengths unequal between the whole and the tiled mesh: %zu\n",
           bad);
    wf_mesh_query_destroy(q);
    bench_args_free(&args);
    return code ? code : bad ? 1 : 0;
}
