/* wf_graph_from_grid: the graph of a grid's moves, and the cell ↔ node
 * mapping it keeps. */
#include <math.h>

#include "graph_internal.h"

/* Counts the nodes (cells unit u may stand on) and arcs (its moves) of
 * the graph of grid g. */
static void count(const wf_grid *g, const wf__mover *u, size_t *n,
                  size_t *m) {
    *n = *m = 0;
    for (size_t c = 0; c < g->cells; c++) {
        if (!wf__mover_stands(g, u, c))
            continue;
        ++*n;
        *m += (size_t)__builtin_popcount(wf__mover_moves(g, u, c));
    }
}

/* Writes node v's position and arcs into gr from arc `arc` on; returns
 * the arc after them. Targets come sorted: neighbour cells are visited in
 * increasing index order and their node ids found by a binary search of
 * the sorted cell list. */
static size_t node_arcs(wf_graph *gr, const wf_grid *g, const wf__mover *u,
                        const double cost[256], double tile_size, uint32_t v,
                        size_t arc) {
    static const int by_index[WF_DIR_COUNT] = {WF_DIR_NW, WF_DIR_N, WF_DIR_NE,
                                               WF_DIR_W,  WF_DIR_E, WF_DIR_SW,
                                               WF_DIR_S,  WF_DIR_SE};
    const uint32_t W = (uint32_t)g->width, c = gr->cell[v];
    const int x = (int)(c % W), y = (int)(c / W);
    gr->pos[2 * (size_t)v] = ((double)x + 0.5) * tile_size;
    gr->pos[2 * (size_t)v + 1] = ((double)y + 0.5) * tile_size;
    gr->row[v] = (uint32_t)arc;
    const unsigned moves = wf__mover_moves(g, u, c);
    for (int i = 0; i < WF_DIR_COUNT; i++) {
        const int d = by_index[i];
        if (!(moves & (1u << d)))
            continue;
        const uint32_t nc =
            (uint32_t)((ptrdiff_t)c + wf__dir_offset((unsigned)d, W));
        wf_graph_cell_node(gr, (int)(nc % W), (int)(nc / W),
                           &gr->target[arc]);
        const double c_in = cost[g->terrain[nc]];
        gr->weight[arc] = d < 4 ? c_in : WF_SQRT2 * c_in;
        arc++;
    }
    return arc;
}

wf_status wf_graph_from_grid(const wf_grid *grid, wf_move move,
                             const wf_filter *filter, double tile_size,
                             const wf_allocator *alloc, wf_graph **out) {
    if (!out)
        return WF_E_INVALID_ARG;
    *out = NULL;
    if (!grid || wf__move_check(&move, NULL, 0) != WF_OK ||
        !(tile_size > 0) || !isfinite(tile_size) ||
        wf_filter_check(filter, NULL, 0) != WF_OK)
        return WF_E_INVALID_ARG;
    /* the unit's costs, and passability when its filter forbids a terrain */
    double cost[256];
    uint8_t passt[256];
    const uint8_t *pass =
        wf__filter_costs(grid, filter, cost, passt) ? passt : NULL;
    wf_allocator a = wf__allocator(alloc);
    /* an agent of size k: nodes where it may stand, its moves between them */
    const unsigned k = (unsigned)move.size;
    uint8_t *own = NULL;
    const uint8_t *clr = grid->clear;
    if (k > 1 && pass) {
        if (!(own = wf__alloc(&a, grid->cells)))
            return WF_E_NOMEM;
        wf__clearance_build(grid, pass, own);
        clr = own;
    }
    const wf__mover u = {pass, clr, k, move.connect, move.corners};
    size_t n, m;
    count(grid, &u, &n, &m);
    wf_graph *g;
    wf_status s = wf__graph_alloc(&a, n, m, 2, &g);
    if (s == WF_OK && !(g->cell = wf__alloc(&a, n * sizeof *g->cell))) {
        wf_graph_destroy(g);
        s = WF_E_NOMEM;
    }
    if (s != WF_OK) {
        wf__free(&a, own, grid->cells);
        return s;
    }
    g->grid_width = grid->width;
    g->grid_height = grid->height;
    uint32_t id = 0;
    for (size_t c = 0; c < grid->cells; c++)
        if (wf__mover_stands(grid, &u, c))
            g->cell[id++] = (uint32_t)c;
    size_t arc = 0;
    for (uint32_t v = 0; v < n; v++)
        arc = node_arcs(g, grid, &u, cost, tile_size, v, arc);
    wf__free(&a, own, grid->cells);
    g->row[n] = (uint32_t)arc;
    wf__graph_min_ratio(g);
    *out = g;
    return WF_OK;
}

wf_status wf_graph_node_cell(const wf_graph *g, uint32_t node, wf_point *cell) {
    if (!g || !cell || !g->cell)
        return WF_E_INVALID_ARG;
    if (node >= g->nodes)
        return WF_E_RANGE;
    cell->x = (int)(g->cell[node] % (uint32_t)g->grid_width);
    cell->y = (int)(g->cell[node] / (uint32_t)g->grid_width);
    return WF_OK;
}

wf_status wf_graph_cell_node(const wf_graph *g, int x, int y,
                             uint32_t *node) {
    if (!g || !g->cell || !node)
        return WF_E_INVALID_ARG;
    if (x < 0 || y < 0 || x >= g->grid_width || y >= g->grid_height)
        return WF_E_RANGE;
    uint32_t c = (uint32_t)y * (uint32_t)g->grid_width + (uint32_t)x;
    uint32_t lo = 0, hi = g->nodes;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (g->cell[mid] < c)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < g->nodes && g->cell[lo] == c) {
        *node = lo;
        return WF_OK;
    }
    return WF_E_RANGE;
}
