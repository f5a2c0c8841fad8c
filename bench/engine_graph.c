/* wayfind's graph A* on the graph of each map (wf_graph_from_grid,
 * 8-connected, no corner cutting): the same engine a waypoint graph uses,
 * measured on the same scenarios as the grid search. Converting the map is
 * not timed; the node lookups of start and goal are not either. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "engine.h"

typedef struct graph_state {
    wf_search *ws;
    wf_node_path path;
    wf_graph *graph;
    const wf_grid *grid;
} graph_state;

static int graph_create(void **state, size_t max_cells, char *err,
                        size_t errsize) {
    graph_state *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    wf_node_path_init(&s->path, NULL);
    wf_status st = wf_search_create(NULL, &s->ws);
    if (st == WF_OK)
        st = wf_search_reserve_graph(s->ws, max_cells);
    if (st == WF_OK)
        st = wf_node_path_reserve(&s->path, max_cells);
    if (st != WF_OK) {
        snprintf(err, errsize, "sizing for %zu nodes: %s", max_cells,
                 wf_strerror(st));
        wf_search_destroy(s->ws);
        wf_node_path_free(&s->path);
        free(s);
        return -1;
    }
    *state = s;
    return 0;
}

static int graph_prepare(void *state, const wf_grid *g, char *err,
                         size_t errsize) {
    graph_state *s = state;
    wf_status st = wf_graph_from_grid(g, wf_move_default(), NULL, 1.0, NULL, &s->graph);
    if (st != WF_OK) {
        snprintf(err, errsize, "wf_graph_from_grid: %s", wf_strerror(st));
        return -1;
    }
    s->grid = g;
    return 0;
}

static int graph_query(void *state, wf_point start, wf_point goal,
                       bench_answer *out, char *err, size_t errsize) {
    graph_state *s = state;
    uint32_t a_n; int64_t a = wf_graph_cell_node(s->graph, start.x, start.y, &a_n) == WF_OK ? (int64_t)a_n : -1;
    uint32_t b_n; int64_t b = wf_graph_cell_node(s->graph, goal.x, goal.y, &b_n) == WF_OK ? (int64_t)b_n : -1;
    out->found = out->valid = 0;
    out->cost = 0;
    out->ns = 0;
    if (a < 0 || b < 0)
        return 0;
    uint64_t t0 = bench_clock_ns();
    wf_status st = wf_search_graph(s->ws, s->graph, (uint32_t)a, (uint32_t)b,
                                   NULL, &s->path);
    out->ns = bench_clock_ns() - t0;
    out->expanded = s->path.stats.expanded;
    if (st == WF_NO_PATH)
        return 0;
    if (st != WF_OK) {
        snprintf(err, errsize, "wf_search_graph: %s", wf_strerror(st));
        return -1;
    }
    out->found = 1;
    out->cost = s->path.cost;
    /* The nodes must be the cells of a legal path whose moves add up. */
    double walked = 0;
    wf_point prev = {0, 0}, cur;
    for (size_t i = 0; i < s->path.count; i++) {
        wf_graph_node_cell(s->graph, s->path.nodes[i], &cur);
        if (i) {
            double c = bench_step_cost(s->grid, prev, cur);
            if (c < 0)
                return 0;
            walked += c;
        }
        prev = cur;
    }
    wf_point first;
    wf_graph_node_cell(s->graph, s->path.nodes[0], &first);
    out->valid = first.x == start.x && first.y == start.y &&
                 cur.x == goal.x && cur.y == goal.y &&
                 fabs(walked - s->path.cost) <= 1e-9 * fmax(1.0, walked);
    return 0;
}

static void graph_release(void *state) {
    graph_state *s = state;
    wf_graph_destroy(s->graph);
    s->graph = NULL;
    s->grid = NULL;
}

static size_t graph_bytes(const void *state) {
    return wf_search_bytes(((const graph_state *)state)->ws);
}

static void graph_destroy(void *state) {
    graph_state *s = state;
    if (!s)
        return;
    wf_graph_destroy(s->graph);
    wf_search_destroy(s->ws);
    wf_node_path_free(&s->path);
    free(s);
}

const bench_engine bench_engine_graph = {
    .name = "wf-graph",
    .detail = "wayfind " WF_VERSION_STRING " wf_search_graph on "
              "wf_graph_from_grid(8-connected, no-cut), default heuristic "
              "(straight-line distance x wf_graph_h_scale); runs on the peer "
              "sample",
    .unavailable = NULL,
    .counts_expansions = 1,
    .must_be_optimal = 1,
    .peer = 1,
    .create = graph_create,
    .prepare = graph_prepare,
    .query = graph_query,
    .release = graph_release,
    .bytes = graph_bytes,
    .destroy = graph_destroy,
};
