/* wf_search: the reusable workspace and the query options. */
#include <math.h>

#include "search_internal.h"

wf_search_opts wf_search_opts_default(void) {
    wf_search_opts o;
    memset(&o, 0, sizeof o);
    o.algo = WF_ALGO_ASTAR;
    o.connect = 8;
    o.corners = WF_CORNERS_NO_CUT;
    o.heuristic = WF_H_DEFAULT;
    o.weight = 1.0;
    return o;
}

wf_status wf_search_create(const wf_allocator *alloc, wf_search **out) {
    if (!out)
        return WF_E_INVALID_ARG;
    *out = NULL;
    wf_allocator a = wf__allocator(alloc);
    wf_search *ws = wf__alloc(&a, sizeof *ws);
    if (!ws)
        return WF_E_NOMEM;
    memset(ws, 0, sizeof *ws);
    ws->alloc = a;
    ws->gen = 0;
    *out = ws;
    return WF_OK;
}

/* Frees the arrays of a workspace holding cap cells. */
static void free_arrays(const wf_allocator *a, wf__cell *cells, double *key,
                        uint32_t *id, size_t cap) {
    wf__free(a, cells, cap * sizeof *cells);
    wf__free(a, key, cap * sizeof *key);
    wf__free(a, id, cap * sizeof *id);
}

void wf_search_destroy(wf_search *ws) {
    if (!ws)
        return;
    wf_allocator a = ws->alloc;
    free_arrays(&a, ws->cells, ws->key, ws->id, ws->capacity);
    wf__free(&a, ws->parent, ws->graph_capacity * sizeof *ws->parent);
    wf__free(&a, ws->g, ws->graph_capacity * sizeof *ws->g);
    wf__free(&a, ws, sizeof *ws);
}

wf_status wf_search_reserve(wf_search *ws, size_t cells) {
    if (!ws)
        return WF_E_INVALID_ARG;
    if (cells <= ws->capacity)
        return WF_OK;
    if (cells > WF_GRID_MAX_CELLS)
        return WF_E_TOO_BIG;
    size_t cb, kb, ib;
    if (!wf__mul_size(cells, sizeof(wf__cell), &cb) ||
        !wf__mul_size(cells, sizeof(double), &kb) ||
        !wf__mul_size(cells, sizeof(uint32_t), &ib))
        return WF_E_TOO_BIG;
    wf__cell *cs = wf__alloc(&ws->alloc, cb);
    double *key = cs ? wf__alloc(&ws->alloc, kb) : NULL;
    uint32_t *id = key ? wf__alloc(&ws->alloc, ib) : NULL;
    if (!id) {
        wf__free(&ws->alloc, key, kb);
        wf__free(&ws->alloc, cs, cb);
        return WF_E_NOMEM;
    }
    /* Tags of generation 0 mean "unvisited"; queries start at generation 1. */
    memset(cs, 0, cb);
    free_arrays(&ws->alloc, ws->cells, ws->key, ws->id, ws->capacity);
    ws->cells = cs;
    ws->key = key;
    ws->id = id;
    ws->capacity = cells;
    ws->gen = 0;
    return WF_OK;
}

wf_status wf_search_reserve_graph(wf_search *ws, size_t nodes) {
    wf_status s = wf_search_reserve(ws, nodes);
    if (s != WF_OK || nodes <= ws->graph_capacity)
        return s;
    /* nodes <= WF_GRID_MAX_CELLS here, so the sizes cannot overflow. */
    uint32_t *parent = wf__alloc(&ws->alloc, nodes * sizeof *parent);
    double *g = parent ? wf__alloc(&ws->alloc, nodes * sizeof *g) : NULL;
    if (!g) {
        wf__free(&ws->alloc, parent, nodes * sizeof *parent);
        return WF_E_NOMEM;
    }
    wf__free(&ws->alloc, ws->parent, ws->graph_capacity * sizeof *ws->parent);
    wf__free(&ws->alloc, ws->g, ws->graph_capacity * sizeof *ws->g);
    ws->parent = parent;
    ws->g = g;
    ws->graph_capacity = nodes;
    return WF_OK;
}

size_t wf_search_bytes(const wf_search *ws) {
    return ws ? ws->capacity * WF__SEARCH_CELL_BYTES +
                    ws->graph_capacity * (sizeof(uint32_t) + sizeof(double))
              : 0;
}

uint32_t wf__search_begin(wf_search *ws) {
    if (++ws->gen >= WF__GEN_LIMIT) {
        for (size_t i = 0; i < ws->capacity; i++)
            ws->cells[i].tag = 0;
        ws->gen = 1;
    }
    return ws->gen << WF__TAG_GEN_SHIFT;
}

wf_status wf_search_cell_states(const wf_search *ws, const wf_grid *g,
                                uint8_t *cells) {
    if (!ws || !g || !cells || ws->capacity < g->cells)
        return WF_E_INVALID_ARG;
    const uint32_t gen = ws->gen << WF__TAG_GEN_SHIFT;
    for (size_t c = 0; c < g->cells; c++) {
        uint32_t tag = ws->cells[c].tag;
        cells[c] = (tag & ~0xFu) != gen || !ws->gen ? WF_CELL_UNSEEN
                   : (tag & WF__TAG_CLOSED)         ? WF_CELL_EXPLORED
                                                    : WF_CELL_FRONTIER;
    }
    return WF_OK;
}
