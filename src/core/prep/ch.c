/* A contraction hierarchy's life (ch.h): its memory, what it describes of
 * itself, and its arrays for the io layer. ch_build.c builds one,
 * ch_check.c checks one read from a file, ch_query.c searches one. */
#include <math.h>

#include "ch_internal.h"

wf_status wf__ch_new(const wf__made_for *u, size_t nodes,
                     const wf_allocator *alloc, wf_ch **out) {
    *out = NULL;
    if (nodes > WF_CH_MAX_NODES)
        return WF_E_TOO_BIG;
    const wf_allocator a = wf__allocator(alloc);
    wf_ch *c = wf__alloc(&a, sizeof *c);
    if (!c)
        return WF_E_NOMEM;
    memset(c, 0, sizeof *c);
    c->alloc = a;
    c->unit = *u;
    c->nodes = (uint32_t)nodes;
    const size_t n = nodes;
    c->rank_of = wf__alloc(&a, u->cells * sizeof *c->rank_of);
    c->cell_of = wf__alloc(&a, (n + 1) * sizeof *c->cell_of);
    c->first = wf__alloc(&a, (n + 2) * sizeof *c->first);
    if (!c->rank_of || !c->cell_of || !c->first) {
        wf_ch_free(c);
        return WF_E_NOMEM;
    }
    *out = c;
    return WF_OK;
}

wf_status wf__ch_alloc_arcs(wf_ch *c, size_t arcs) {
    if (arcs >= UINT32_MAX / 2)
        return WF_E_TOO_BIG; /* via indices 2k + 1 must fit */
    c->arcs = wf__alloc(&c->alloc, (arcs + 1) * sizeof *c->arcs);
    c->via = wf__alloc(&c->alloc, 2 * (arcs + 1) * sizeof *c->via);
    if (!c->arcs || !c->via) {
        wf__free(&c->alloc, c->arcs, (arcs + 1) * sizeof *c->arcs);
        wf__free(&c->alloc, c->via, 2 * (arcs + 1) * sizeof *c->via);
        c->arcs = NULL;
        c->via = NULL;
        return WF_E_NOMEM;
    }
    c->arc_count = arcs;
    return WF_OK;
}

void wf__ch_finish(wf_ch *c) {
    for (size_t i = 0; i < c->unit.cells; i++)
        c->rank_of[i] = WF__CH_NONE;
    for (uint32_t r = 0; r < c->nodes; r++)
        c->rank_of[c->cell_of[r]] = r;
    c->shortcuts = 0;
    for (size_t k = 0; k < c->arc_count; k++)
        c->shortcuts += c->via[2 * k].mid != WF__CH_NONE ||
                        c->via[2 * k + 1].mid != WF__CH_NONE;
}

void wf_ch_free(wf_ch *c) {
    if (!c)
        return;
    const wf_allocator *a = &c->alloc;
    const size_t n = (size_t)c->nodes + 1;
    wf__free(a, c->rank_of, c->unit.cells * sizeof *c->rank_of);
    wf__free(a, c->cell_of, n * sizeof *c->cell_of);
    wf__free(a, c->first, (n + 1) * sizeof *c->first);
    if (c->arcs)
        wf__free(a, c->arcs, (c->arc_count + 1) * sizeof *c->arcs);
    if (c->via)
        wf__free(a, c->via, 2 * (c->arc_count + 1) * sizeof *c->via);
    wf_allocator keep = c->alloc;
    wf__free(&keep, c, sizeof *c);
}

wf_status wf__ch_alloc(const wf_grid *g, const wf_move *move,
                       const wf_filter *filter, uint32_t nodes, size_t arcs,
                       const wf_allocator *alloc, wf_ch **out) {
    *out = NULL;
    wf__made_for u;
    if (wf__made_for_init(g, move, filter, &u) != WF_OK)
        return WF_E_INVALID_ARG;
    wf_ch *c; /* nodes: what the file says, which wf__ch_check compares
                 with u.nodes, the cells the unit may stand on */
    wf_status st = wf__ch_new(&u, nodes, alloc, &c);
    if (st == WF_OK && (st = wf__ch_alloc_arcs(c, arcs)) != WF_OK)
        wf_ch_free(c);
    else if (st == WF_OK)
        *out = c;
    return st;
}

void wf__ch_parts_of(const wf_ch *c, wf__ch_parts *p) {
    p->unit = &c->unit;
    p->nodes = c->nodes;
    p->arcs = c->arc_count;
    p->cell_of = c->cell_of;
    p->first = c->first;
    p->arc = c->arcs;
    p->via = c->via;
}

wf_status wf_ch_describe(const wf_ch *c, wf_ch_info *info) {
    if (!c || !info)
        return WF_E_INVALID_ARG;
    info->nodes = c->nodes;
    info->arcs = c->arc_count;
    info->shortcuts = c->shortcuts;
    info->bytes = sizeof *c + c->unit.cells * sizeof *c->rank_of +
                  ((size_t)c->nodes + 1) * sizeof *c->cell_of +
                  ((size_t)c->nodes + 2) * sizeof *c->first +
                  (c->arc_count + 1) * (sizeof *c->arcs + 2 * sizeof *c->via);
    return WF_OK;
}
