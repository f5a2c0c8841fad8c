/* wayfind's grid searches, A*, Jump Point Search and bidirectional A*: one
 * workspace and one path buffer, sized once for the largest map (with the
 * parent and cost arrays JPS keeps its jump points in), reused by every
 * query of the run (bidirectional A* adds its two sides' arrays in the
 * first, untimed warm-up query). The engines differ only in the algorithm
 * they ask for; JPS+ (engine_jps_plus.c) adds a jump table per map. */
#include <stdio.h>
#include <stdlib.h>

#include "engine_wayfind.h"

int bench_wayfind_create(wf_algo algo, void **state, size_t max_cells,
                         char *err, size_t errsize) {
    wayfind_state *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    wf_path_init(&s->path, NULL);
    s->opts = wf_search_opts_default(); /* 8-connected, no cut, octile */
    s->opts.algo = algo;
    wf_status st = wf_search_create(NULL, &s->ws);
    if (st == WF_OK)
        st = algo == WF_ALGO_JPS || algo == WF_ALGO_AUTO
                 ? wf_search_reserve_graph(s->ws, max_cells)
                 : wf_search_reserve(s->ws, max_cells);
    /* A path visits each cell at most once, so this buffer never grows. */
    if (st == WF_OK)
        st = wf_path_reserve(&s->path, max_cells);
    if (st != WF_OK) {
        snprintf(err, errsize, "sizing the workspace for %zu cells: %s",
                 max_cells, wf_strerror(st));
        wf_search_destroy(s->ws);
        wf_path_free(&s->path);
        free(s);
        return -1;
    }
    *state = s;
    return 0;
}

static int wayfind_create(void **state, size_t max_cells, char *err,
                          size_t errsize) {
    return bench_wayfind_create(WF_ALGO_ASTAR, state, max_cells, err, errsize);
}

static int jps_create(void **state, size_t max_cells, char *err,
                      size_t errsize) {
    return bench_wayfind_create(WF_ALGO_JPS, state, max_cells, err, errsize);
}

static int bidir_create(void **state, size_t max_cells, char *err,
                        size_t errsize) {
    return bench_wayfind_create(WF_ALGO_BIDIR, state, max_cells, err,
                                errsize);
}

static int wayfind_prepare(void *state, const wf_grid *g, char *err,
                           size_t errsize) {
    (void)err;
    (void)errsize;
    ((wayfind_state *)state)->grid = g;
    return 0;
}

int bench_wayfind_query(void *state, wf_point start, wf_point goal,
                         bench_answer *out, char *err, size_t errsize) {
    wayfind_state *s = state;
    uint64_t t0 = bench_clock_ns();
    wf_status st = wf_search_grid(s->ws, s->grid, start, goal, &s->opts,
                                  &s->path);
    uint64_t t1 = bench_clock_ns();

    out->ns = t1 - t0;
    out->expanded = s->path.stats.expanded; /* JPS: jump points */
    out->found = 0;
    out->valid = 0;
    out->cost = 0.0;
    if (st == WF_NO_PATH)
        return 0;
    if (st != WF_OK) {
        snprintf(err, errsize, "wf_search_grid: %s: %s", wf_strerror(st),
                 wf_search_message(s->ws));
        return -1;
    }
    out->found = 1;
    out->cost = s->path.cost;

    /* The reported cost must be the cost of the reported points. */
    out->valid = bench_path_valid(s->grid, start, goal, &s->path);
    return 0;
}

void bench_wayfind_release(void *state) {
    wayfind_state *s = state;
    wf_jump_table_destroy(s->table);
    s->table = NULL;
    s->opts.jumps = NULL;
    s->grid = NULL;
}

size_t bench_wayfind_bytes(const void *state) {
    const wayfind_state *s = state;
    return wf_search_bytes(s->ws) + wf_jump_table_bytes(s->table);
}

void bench_wayfind_destroy(void *state) {
    wayfind_state *s = state;
    if (!s)
        return;
    wf_jump_table_destroy(s->table);
    wf_search_destroy(s->ws);
    wf_path_free(&s->path);
    free(s);
}

const bench_engine bench_engine_wayfind = {
    .name = "wayfind",
    .detail = "wayfind " WF_VERSION_STRING " wf_search_grid, A*, "
              "wf_search_opts_default() (8-connected, no corner cutting, octile)",
    .unavailable = NULL,
    .counts_expansions = 1,
    .must_be_optimal = 1,
    .peer = 0,
    .create = wayfind_create,
    .prepare = wayfind_prepare,
    .query = bench_wayfind_query,
    .release = bench_wayfind_release,
    .bytes = bench_wayfind_bytes,
    .destroy = bench_wayfind_destroy,
};

const bench_engine bench_engine_jps = {
    .name = "wf-jps",
    .detail = "wayfind " WF_VERSION_STRING " wf_search_grid, Jump Point "
              "Search (WF_ALGO_JPS: block-based jumps over the grid's "
              "passability bits), 8-connected, no corner cutting, octile; "
              "expansions are jump points",
    .unavailable = NULL,
    .counts_expansions = 1,
    .must_be_optimal = 1,
    .peer = 0,
    .create = jps_create,
    .prepare = wayfind_prepare,
    .query = bench_wayfind_query,
    .release = bench_wayfind_release,
    .bytes = bench_wayfind_bytes,
    .destroy = bench_wayfind_destroy,
};

const bench_engine bench_engine_bidir = {
    .name = "wf-bidir",
    .detail = "wayfind " WF_VERSION_STRING " wf_search_grid, bidirectional "
              "A* (WF_ALGO_BIDIR: both ends in turn, average-heuristic "
              "potentials), 8-connected, no corner cutting, octile; "
              "expansions count both sides",
    .unavailable = NULL,
    .counts_expansions = 1,
    .must_be_optimal = 1,
    .peer = 0,
    .create = bidir_create,
    .prepare = wayfind_prepare,
    .query = bench_wayfind_query,
    .release = bench_wayfind_release,
    .bytes = bench_wayfind_bytes,
    .destroy = bench_wayfind_destroy,
};
