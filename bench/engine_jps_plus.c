/* wayfind's engines that are given a jump table: JPS+ (wayfind's JPS engine
 * of engine_wayfind.c with a jump table built by prepare, its time and
 * size reported on stderr, one line per map; every query then runs
 * wf_search_grid with WF_ALGO_JPS and the table, which answers by JPS+),
 * and auto with the same table, as a game that prepared its maps would
 * call it. */
#include <stdio.h>

#include "engine_wayfind.h"

static int jps_plus_create(void **state, size_t max_cells, char *err,
                           size_t errsize) {
    return bench_wayfind_create(WF_ALGO_JPS, state, max_cells, err, errsize);
}

static int auto_create(void **state, size_t max_cells, char *err,
                       size_t errsize) {
    return bench_wayfind_create(WF_ALGO_AUTO, state, max_cells, err, errsize);
}

static int jps_plus_prepare(void *state, const wf_grid *g, char *err,
                            size_t errsize) {
    wayfind_state *s = state;
    const uint64_t t0 = bench_clock_ns();
    wf_status st = wf_jump_table_create(g, NULL, &s->table);
    const uint64_t t1 = bench_clock_ns();
    if (st != WF_OK) {
        snprintf(err, errsize, "wf_jump_table_create: %s", wf_strerror(st));
        return -1;
    }
    const double cells =
        (double)wf_grid_width(g) * (double)wf_grid_height(g);
    fprintf(stderr,
            "wf-jps+: %dx%d jump table built in %.2f ms, %.1f bytes per "
            "cell\n",
            wf_grid_width(g), wf_grid_height(g), (double)(t1 - t0) / 1e6,
            (double)wf_jump_table_bytes(s->table) / cells);
    s->opts.jumps = s->table;
    s->grid = g;
    return 0;
}

const bench_engine bench_engine_jps_plus = {
    .name = "wf-jps+",
    .detail = "wayfind " WF_VERSION_STRING " wf_search_grid, JPS+ (a "
              "wf_jump_table built per map, diagonal jump points pruned), "
              "8-connected, no corner cutting, octile; expansions are "
              "straight jump points",
    .unavailable = NULL,
    .counts_expansions = 1,
    .must_be_optimal = 1,
    .peer = 0,
    .create = jps_plus_create,
    .prepare = jps_plus_prepare,
    .query = bench_wayfind_query,
    .release = bench_wayfind_release,
    .bytes = bench_wayfind_bytes,
    .destroy = bench_wayfind_destroy,
};

const bench_engine bench_engine_auto = {
    .name = "wf-auto",
    .detail = "wayfind " WF_VERSION_STRING " wf_search_grid, WF_ALGO_AUTO "
              "with the map's wf_jump_table in opts.jumps (the engine it "
              "picks is counted in the auto table below)",
    .unavailable = NULL,
    .counts_expansions = 1,
    .must_be_optimal = 1,
    .peer = 0,
    .create = auto_create,
    .prepare = jps_plus_prepare,
    .query = bench_wayfind_query,
    .release = bench_wayfind_release,
    .bytes = bench_wayfind_bytes,
    .destroy = bench_wayfind_destroy,
};
