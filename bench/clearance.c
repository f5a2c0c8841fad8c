/*
 * wf_bench_clearance: what a cell edit costs now that the grid keeps agent
 * clearances (and its JPS planes and neighbour masks) current locally,
 * against rebuilding every cache from the whole map.
 *
 * For each map (the Moving AI maps of the scenario files named, and a
 * generated 4096 × 4096 cave): EDITS / 2 random free cells are walled and
 * restored one wf_grid_set at a time (EDITS local updates, each changing
 * passability), and the whole map is set
 * again with wf_grid_set_cells (every cache rebuilt from scratch). The
 * table gives the mean time per edit, per rebuild, their ratio, and
 * whether the edited grid's clearance equals a rebuilt copy's afterwards.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <wayfind/gen.h>
#include <wayfind/io.h>

#include "scan.h"

#define EDITS 20000

static uint64_t clock_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* 1 when every cell's clearance in a equals b's. */
static int same_clearance(const wf_grid *a, const wf_grid *b) {
    for (int y = 0; y < wf_grid_height(a); y++)
        for (int x = 0; x < wf_grid_width(a); x++)
            if (wf_grid_clearance(a, x, y) != wf_grid_clearance(b, x, y))
                return 0;
    return 1;
}

/* One table row for g (edited, then restored). Returns 0, or -1 when
 * memory runs out. */
static int measure(const char *label, wf_grid *g, uint64_t seed) {
    const int W = wf_grid_width(g), H = wf_grid_height(g);
    const size_t cells = (size_t)W * (size_t)H;
    uint8_t *orig = malloc(cells);
    if (!orig)
        return -1;
    memcpy(orig, wf_grid_cells(g), cells);
    wf_rng r;
    wf_rng_seed(&r, seed);
    /* EDITS / 2 free cells, chosen beforehand, each walled and restored:
     * every edit changes passability */
    wf_point *at = malloc(EDITS / 2 * sizeof *at);
    if (!at) {
        free(orig);
        return -1;
    }
    for (int e = 0; e < EDITS / 2; e++) {
        wf_point p;
        int tries = 0;
        do {
            p.x = (int)wf_rng_below(&r, (uint32_t)W);
            p.y = (int)wf_rng_below(&r, (uint32_t)H);
        } while (!wf_grid_passable(g, p.x, p.y) && ++tries < 1000);
        at[e] = p;
    }
    uint64_t t0 = clock_ns();
    for (int e = 0; e < EDITS / 2; e++) {
        wf_grid_set(g, at[e].x, at[e].y, WF_TERRAIN_WALL);
        wf_grid_set(g, at[e].x, at[e].y,
                    orig[(size_t)at[e].y * (size_t)W + (size_t)at[e].x]);
    }
    const double edit_us = (double)(clock_ns() - t0) / 1e3 / EDITS;
    free(at);
    /* whole rebuilds: as many as take about as long, at least 3 */
    int reps = 0;
    t0 = clock_ns();
    do {
        wf_grid_set_cells(g, orig);
        reps++;
    } while (reps < 3 || (clock_ns() - t0 < 200000000u && reps < 100));
    const double rebuild_ms = (double)(clock_ns() - t0) / 1e6 / reps;
    /* the edited-and-restored grid against a fresh copy of the map */
    wf_rng_seed(&r, seed + 1);
    for (int e = 0; e < 200; e++) {
        int x = (int)wf_rng_below(&r, (uint32_t)W);
        int y = (int)wf_rng_below(&r, (uint32_t)H);
        wf_grid_set(g, x, y, WF_TERRAIN_WALL);
    }
    wf_grid *fresh = NULL;
    int same = 0;
    if (wf_grid_clone(g, &fresh) == WF_OK &&
        wf_grid_set_cells(fresh, wf_grid_cells(g)) == WF_OK)
        same = same_clearance(g, fresh);
    wf_grid_destroy(fresh);
    wf_grid_set_cells(g, orig);
    printf("| %s | %dx%d | %.2f | %.2f | %.0f | %s |\n", label, W, H, edit_us,
           rebuild_ms, rebuild_ms * 1e3 / edit_us, same ? "yes" : "NO");
    free(orig);
    return same ? 0 : -1;
}

int main(int argc, char **argv) {
    bench_strings scens = {0};
    char err[512];
    if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        printf("usage: wf_bench_clearance [DIR_OR_SCEN...]\n\n"
               "Times %d single-cell edits (local cache updates) against "
               "rebuilding every\ncache from the whole map, on each map and "
               "a generated 4096x4096 cave.\nWith no DIR_OR_SCEN, %s is "
               "used.\n",
               EDITS, WF_BENCH_DEFAULT_DIR);
        return 0;
    }
    for (int i = 1; i < argc || (argc == 1 && i == 1); i++) {
        const char *dir = argc > 1 ? argv[i] : WF_BENCH_DEFAULT_DIR;
        if (bench_scan(dir, &scens, err, sizeof err) != 0) {
            fprintf(stderr, "wf_bench_clearance: %s\n", err);
            return 2;
        }
    }
    bench_strings_sort_unique(&scens);
    printf("Cell edits with local updates of clearance, JPS planes and "
           "neighbour masks\n(wf_grid_set: %d per map on free cells, each "
           "walled then restored) against rebuilding\nall of them from the map "
           "(wf_grid_set_cells); 'same' checks the edited\ngrid's "
           "clearance against a rebuilt copy.\n\n",
           EDITS);
    printf("| map | size | edit µs | rebuild ms | rebuild / edit | same |\n"
           "|---|---|---:|---:|---:|---|\n");
    int bad = 0;
    for (size_t i = 0; i < scens.count; i++) {
        char map[4096], label[256];
        if (bench_map_path(scens.items[i], map, sizeof map) != 0)
            continue;
        wf_grid *g = NULL;
        wf_diag d;
        memset(&d, 0, sizeof d);
        if (wf_map_load(map, NULL, NULL, &g, NULL, &d) != WF_OK) {
            fprintf(stderr, "wf_bench_clearance: %s: %s\n", map, d.message);
            continue;
        }
        bench_map_label(scens.items[i], label, sizeof label);
        bad |= measure(label, g, 7 + i);
        wf_grid_destroy(g);
    }
    wf_grid *cave = NULL;
    if (wf_grid_create(4096, 4096, NULL, &cave) == WF_OK &&
        wf_gen_caves(cave, 11, NULL, 0) == WF_OK)
        bad |= measure("gen caves (seed 11)", cave, 11);
    wf_grid_destroy(cave);
    bench_strings_free(&scens);
    return bad ? 1 : 0;
}
