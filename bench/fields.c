/*
 * wf_bench_fields: field timings on the 512×512 Moving AI maps.
 *  1. A multi-source Dijkstra map from the starts of 8 scenarios and a flee
 *     map from it: mean time and cells settled per second.
 *  2. Influence: a view-cone layer (range 64, 90°) computed in full and
 *     updated after the viewer moves (only the union of its boxes), a
 *     0.3/0.7 blend with a falloff layer in full and over that region, and
 *     A* with the blend as an overlay (k 20) beside plain A* on the first
 *     200 scenarios.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <wayfind/field.h>
#include <wayfind/io.h>

#include <time.h>

#include "scan.h"

#define SOURCES 8

/* The influence table, printed after the Dijkstra-map one. */
static char influence_rows[8192];

static uint64_t clock_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

#define INFLUENCE_QUERIES 200

static double ms_since(uint64_t t0) { return (double)(clock_ns() - t0) / 1e6; }

/* Prints one row of the influence table for this map. */
static void influence(const char *scen_path, const wf_grid *g,
                      const wf_scen *sc, wf_search *ws, int reps) {
    size_t cells = (size_t)wf_grid_width(g) * (size_t)wf_grid_height(g);
    float *view = malloc(cells * sizeof *view), *near = malloc(cells * sizeof *near);
    float *blend = malloc(cells * sizeof *blend);
    wf_path p;
    wf_path_init(&p, NULL);
    wf_viewer v = {sc->entries[0].start, 45.0, 90.0, 64.0, 0};
    wf_influence_source src = {sc->entries[sc->count / 2].start, 1.0, 48.0};
    const wf_layer layers[2] = {{near, cells}, {view, cells}};
    double w[2] = {0.3, 0.7};
    wf_field_falloff_grid(ws, g, &src, 1, NULL, NULL, near);
    double t_view = 0, t_move = 0, t_blend = 0, t_blend_rect = 0;
    for (int r = 0; r < reps; r++) {
        uint64_t t0 = clock_ns();
        wf_field_view_grid(g, &v, wf_move_default(), NULL, view);
        t_view += ms_since(t0);
        t0 = clock_ns();
        wf_field_blend(layers, w, 2, cells, 0, NULL, NULL, blend);
        t_blend += ms_since(t0);
        /* The viewer steps 3 cells and turns: recompute its region only. */
        wf_viewer moved = v;
        moved.cell.x = v.cell.x + 3 < 512 ? v.cell.x + 3 : v.cell.x - 3;
        moved.facing += 30;
        wf_rect box = wf_field_rect_union(wf_field_viewer_box(g, &v), wf_field_viewer_box(g, &moved));
        t0 = clock_ns();
        wf_field_view_grid(g, &moved, wf_move_default(), &box, view);
        t_move += ms_since(t0);
        t0 = clock_ns();
        wf_field_blend(layers, w, 2, cells, 512, NULL, &box, blend);
        t_blend_rect += ms_since(t0);
    }
    size_t nq = sc->count < INFLUENCE_QUERIES ? sc->count : INFLUENCE_QUERIES;
    wf_search_opts o = wf_search_opts_default();
    double t_plain = 0, t_over = 0;
    for (size_t i = 0; i < nq; i++) {
        const wf_scen_entry *e = &sc->entries[i * (sc->count / nq)];
        uint64_t t0 = clock_ns();
        wf_search_grid(ws, g, e->start, e->goal, &o, &p);
        t_plain += ms_since(t0);
    }
    o.overlay = (wf_layer){blend, (size_t)wf_grid_width(g) * (size_t)wf_grid_height(g)};
    o.overlay_k = 20.0;
    for (size_t i = 0; i < nq; i++) {
        const wf_scen_entry *e = &sc->entries[i * (sc->count / nq)];
        uint64_t t0 = clock_ns();
        wf_search_grid(ws, g, e->start, e->goal, &o, &p);
        t_over += ms_since(t0);
    }
    char label[128];
    bench_map_label(scen_path, label, sizeof label);
    snprintf(influence_rows + strlen(influence_rows),
             sizeof influence_rows - strlen(influence_rows),
             "| %s | %.2f | %.3f | %.2f | %.3f | %.1f | %.1f |\n", label,
             t_view / reps, t_move / reps, t_blend / reps, t_blend_rect / reps,
             t_plain * 1e3 / (double)nq, t_over * 1e3 / (double)nq);
    wf_path_free(&p);
    free(view);
    free(near);
    free(blend);
}

static int run(const char *scen_path, int reps, wf_search *ws) {
    wf_grid *g;
    wf_scen sc;
    if (bench_load("wf_bench_fields", scen_path, &g, &sc) != 0)
        return -1;
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
        wf_field_dijkstra_grid(ws, g, src, n, wf_move_default(), NULL, dist);
        uint64_t t1 = clock_ns();
        wf_field_flee_grid(ws, g, (wf_layer){dist, (size_t)wf_grid_width(g) * (size_t)wf_grid_height(g)}, 1.2, wf_move_default(), NULL, flee);
        uint64_t t2 = clock_ns();
        t_map += t1 - t0;
        t_flee += t2 - t1;
    }
    for (size_t c = 0; c < cells; c++)
        reached += dist[c] < 1e30f;
    influence(scen_path, g, &sc, ws, reps);
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
    printf("\nInfluence on the 512x512 maps: view cone (range 64, 90 degrees), "
           "0.3 x falloff (radius 48) + 0.7 x view, mean of %d runs; A* on %d "
           "scenarios per map\n\n"
           "| map | view layer ms | view update ms | blend ms | blend update ms "
           "| A* µs | A* + overlay µs |\n"
           "|---|---:|---:|---:|---:|---:|---:|\n%s",
           reps, INFLUENCE_QUERIES, influence_rows);
    wf_search_destroy(ws);
    bench_strings_free(&files);
    return rc;
}
