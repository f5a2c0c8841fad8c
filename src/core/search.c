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

void wf_search_destroy(wf_search *ws) {
    if (!ws)
        return;
    wf_allocator a = ws->alloc;
    wf__free(&a, ws->nodes, ws->capacity * sizeof *ws->nodes);
    wf__free(&a, ws->open, ws->capacity * sizeof *ws->open);
    wf__free(&a, ws, sizeof *ws);
}

wf_status wf_search_reserve(wf_search *ws, size_t cells) {
    if (!ws)
        return WF_E_INVALID_ARG;
    if (cells <= ws->capacity)
        return WF_OK;
    if (cells > WF_GRID_MAX_CELLS)
        return WF_E_TOO_BIG;
    size_t nb, ob;
    if (!wf__mul_size(cells, sizeof(wf__node), &nb) ||
        !wf__mul_size(cells, sizeof(uint32_t), &ob))
        return WF_E_TOO_BIG;
    wf__node *nodes = wf__alloc(&ws->alloc, nb);
    uint32_t *open = nodes ? wf__alloc(&ws->alloc, ob) : NULL;
    if (!open) {
        wf__free(&ws->alloc, nodes, nb);
        return WF_E_NOMEM;
    }
    /* Tags of generation 0 mean "unvisited"; queries start at generation 1. */
    memset(nodes, 0, nb);
    wf__free(&ws->alloc, ws->nodes, ws->capacity * sizeof *ws->nodes);
    wf__free(&ws->alloc, ws->open, ws->capacity * sizeof *ws->open);
    ws->nodes = nodes;
    ws->open = open;
    ws->capacity = cells;
    ws->gen = 0;
    return WF_OK;
}

size_t wf_search_bytes(const wf_search *ws) {
    return ws ? ws->capacity * (sizeof(wf__node) + sizeof(uint32_t)) : 0;
}

uint32_t wf__search_begin(wf_search *ws) {
    if (++ws->gen >= WF__GEN_LIMIT) {
        for (size_t i = 0; i < ws->capacity; i++)
            ws->nodes[i].tag = 0;
        ws->gen = 1;
    }
    return ws->gen << WF__TAG_GEN_SHIFT;
}
