/* wf_graph_from_grid: the graph of a grid's moves, and the cell ↔ node
 * mapping it keeps. */
#include <math.h>

#include "graph_internal.h"

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
    const int connect = move.connect;
    const wf_corners corners = move.corners;
    /* the unit's costs, and passability when its filter forbids a terrain */
    double cost[256];
    uint8_t passt[256];
    const uint8_t *pass =
        wf__filter_costs(grid, filter, cost, passt) ? passt : NULL;
    const int W = grid->width;
    const int32_t off[WF_DIR_COUNT] = {-W, 1, W, -1, 1 - W, 1 + W, W - 1,
                                       -1 - W};
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
#define WF_NODE_(c) (k > 1 ? wf__fits(clr, (c), k) : passt[grid->terrain[c]])
#define WF_MASK_(c)                                                            \
    (k > 1 ? wf__nbmask_fit(grid, (c), clr, k) : wf__nbmask_pass(grid, (c), pass))
    /* First pass: count nodes and arcs. */
    size_t n = 0, m = 0;
    for (size_t c = 0; c < grid->cells; c++) {
        if (!WF_NODE_(c))
            continue;
        n++;
        m += (size_t)__builtin_popcount(
            wf__allowed_moves(WF_MASK_(c), connect, corners));
    }
    wf_graph *g;
    wf_status s = wf__graph_alloc(&a, n, m, 2, &g);
    if (s != WF_OK) {
        wf__free(&a, own, grid->cells);
        return s;
    }
    g->cell = wf__alloc(&a, n * sizeof *g->cell);
    if (!g->cell) {
        wf__free(&a, own, grid->cells);
        wf_graph_destroy(g);
        return WF_E_NOMEM;
    }
    g->grid_width = W;
    g->grid_height = grid->height;
    uint32_t id = 0;
    for (size_t c = 0; c < grid->cells; c++)
        if (WF_NODE_(c))
            g->cell[id++] = (uint32_t)c;
    /* Second pass: rows. Neighbour node ids come from a binary search of
     * the sorted cell list; targets are sorted because neighbour cells are
     * visited in increasing index order below. */
    static const int by_index[WF_DIR_COUNT] = {WF_DIR_NW, WF_DIR_N, WF_DIR_NE,
                                               WF_DIR_W,  WF_DIR_E, WF_DIR_SW,
                                               WF_DIR_S,  WF_DIR_SE};
    size_t arc = 0;
    for (uint32_t u = 0; u < n; u++) {
        uint32_t c = g->cell[u];
        int x = (int)(c % (uint32_t)W), y = (int)(c / (uint32_t)W);
        g->pos[2 * (size_t)u] = ((double)x + 0.5) * tile_size;
        g->pos[2 * (size_t)u + 1] = ((double)y + 0.5) * tile_size;
        g->row[u] = (uint32_t)arc;
        unsigned moves = wf__allowed_moves(WF_MASK_(c), connect, corners);
        for (int i = 0; i < WF_DIR_COUNT; i++) {
            int d = by_index[i];
            if (!(moves & (1u << d)))
                continue;
            uint32_t nc = (uint32_t)((int32_t)c + off[d]);
            wf_graph_cell_node(g, (int)(nc % (uint32_t)W),
                               (int)(nc / (uint32_t)W), &g->target[arc]);
            double c_in = cost[grid->terrain[nc]];
            g->weight[arc] = d < 4 ? c_in : WF_SQRT2 * c_in;
            arc++;
        }
    }
#undef WF_NODE_
#undef WF_MASK_
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
