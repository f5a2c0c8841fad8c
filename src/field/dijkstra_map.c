/* Multi-source Dijkstra maps on grids and graphs, on the search
 * workspace's open list: the heap key of a cell is its cost, exact in
 * double while the cell is open; it is stored as float when it closes.
 * Grid maps hold the cost of walking from each cell to the nearest source
 * (what units following the map downhill pay); graph maps the cost from
 * the nearest source along the arcs. */
#include <math.h>

#include "wf_core_private.h"
#include "field_internal.h"

/* the core's direction table, made public */
const int wf_field_flow_dx[8] = WF__DIR_DX;
const int wf_field_flow_dy[8] = WF__DIR_DY;

void wf__field_offer(wf__heap *h, uint32_t gen, uint32_t c, double d) {
    wf__cell *cell = &h->cells[c];
    if ((cell->tag & ~0xFu) != gen) {
        cell->tag = gen;
        wf__heap_push(h, d, c);
    } else if (!(cell->tag & WF__TAG_CLOSED) && d < h->key[cell->pos]) {
        wf__heap_up(h, cell->pos, d, c);
    }
}

wf_status wf__unit_init(wf__unit *u, wf_search *ws, const wf_grid *g,
                        wf_move move, const wf_filter *filter) {
    u->own = NULL;
    u->clr = NULL;
    if (wf__move_check(&move, NULL, 0) != WF_OK ||
        wf_filter_check(filter, NULL, 0) != WF_OK)
        return WF_E_INVALID_ARG;
    u->connect = move.connect;
    u->corners = move.corners;
    u->size = (unsigned)move.size;
    u->pass = wf__filter_costs(g, filter, u->cost, u->fpass) ? u->fpass : NULL;
    if (u->size <= 1)
        return WF_OK;
    if (ws || !u->pass)
        return wf__unit_clearance(ws, g, u->pass, &u->clr);
    if (!(u->own = wf__alloc(wf__grid_allocator(g), g->cells)))
        return WF_E_NOMEM;
    wf__clearance_build(g, u->pass, u->own);
    u->clr = u->own;
    return WF_OK;
}

void wf__unit_done(wf__unit *u, const wf_grid *g) {
    wf__free(wf__grid_allocator(g), u->own, g->cells);
    u->own = NULL;
}

void wf__field_drain(wf__heap *h, uint32_t gen,
                     const wf_grid *g, const wf__unit *unit,
                     double limit, wf__field_visit visit, void *ud) {
    const uint32_t W = (uint32_t)g->width;
    ptrdiff_t off[WF_DIR_COUNT];
    wf__dir_offsets(W, off);
    while (h->n) {
        uint32_t u = h->id[0];
        double d = h->key[0];
        if (d > limit)
            break;
        wf__heap_pop(h);
        h->cells[u].tag |= WF__TAG_CLOSED;
        visit(ud, u, d);
        /* A unit on neighbour v walks into u: it pays u's cost. Moves are
         * allowed both ways alike (passability and the corner rule are
         * symmetric), so u's own mask lists the v that can step into u. */
        const double c = unit->cost[g->terrain[u]];
        const double straight = d + c, diagonal = d + WF_SQRT2 * c;
        unsigned m = wf__allowed_moves(wf__unit_mask(unit, g, u),
                                       unit->connect, unit->corners);
        while (m) {
            int dir = __builtin_ctz(m);
            m &= m - 1;
            uint32_t v = (uint32_t)((ptrdiff_t)u + off[dir]);
            wf__field_offer(h, gen, v, dir < 4 ? straight : diagonal);
        }
    }
}

static void store(void *ud, uint32_t cell, double d) {
    ((float *)ud)[cell] = (float)d;
}

wf_status wf_field_dijkstra_grid(wf_search *ws, const wf_grid *g,
                               const wf_field_source *src, size_t n,
                               wf_move move, const wf_filter *filter,
                               float *out) {
    wf__unit unit;
    if (!ws || !g || !out || (n && !src))
        return WF_E_INVALID_ARG;
    wf_status s = wf__unit_init(&unit, ws, g, move, filter);
    if (s != WF_OK)
        return s;
    for (size_t i = 0; i < n; i++) {
        if (!isfinite(src[i].value))
            return WF_E_INVALID_ARG;
        if (!wf_grid_contains(g, src[i].cell.x, src[i].cell.y))
            return WF_E_RANGE;
    }
    if ((s = wf_search_reserve(ws, g->cells)) != WF_OK)
        return s;
    for (size_t c = 0; c < g->cells; c++)
        out[c] = INFINITY;
    const uint32_t gen = wf__search_begin(ws);
    wf__heap h = wf__search_heap(ws);
    const uint32_t W = (uint32_t)g->width;
    for (size_t i = 0; i < n; i++) {
        uint32_t c = (uint32_t)src[i].cell.y * W + (uint32_t)src[i].cell.x;
        if (wf__unit_enters(&unit, g, c))
            wf__field_offer(&h, gen, c, src[i].value);
    }
    wf__field_drain(&h, gen, g, &unit, INFINITY, store, out);
    return WF_OK;
}

wf_status wf_field_dijkstra_graph(wf_search *ws, const wf_graph *g,
                                const uint32_t *nodes, const double *values,
                                size_t n, float *out) {
    if (!ws || !g || !out || (n && !nodes))
        return WF_E_INVALID_ARG;
    for (size_t i = 0; i < n; i++) {
        if (values && !isfinite(values[i]))
            return WF_E_INVALID_ARG;
        if (nodes[i] >= g->nodes)
            return WF_E_RANGE;
    }
    wf_status s = wf_search_reserve(ws, g->nodes);
    if (s != WF_OK)
        return s;
    for (uint32_t v = 0; v < g->nodes; v++)
        out[v] = INFINITY;
    const uint32_t gen = wf__search_begin(ws);
    wf__heap h = wf__search_heap(ws);
    for (size_t i = 0; i < n; i++)
        wf__field_offer(&h, gen, nodes[i], values ? values[i] : 0.0);
    while (h.n) {
        uint32_t u = h.id[0];
        double d = h.key[0];
        wf__heap_pop(&h);
        h.cells[u].tag |= WF__TAG_CLOSED;
        out[u] = (float)d;
        for (uint32_t k = g->row[u]; k < g->row[u + 1]; k++)
            wf__field_offer(&h, gen, g->target[k], d + g->weight[k]);
    }
    return WF_OK;
}

wf_status wf_field_flee_grid(wf_search *ws, const wf_grid *g, wf_layer dist,
                           double k, wf_move move, const wf_filter *filter,
                           float *out) {
    wf__unit unit;
    if (!ws || !g || !dist.values || dist.count != g->cells || !out ||
        !(k > 0) || !isfinite(k))
        return WF_E_INVALID_ARG;
    wf_status s = wf__unit_init(&unit, ws, g, move, filter);
    if (s != WF_OK)
        return s;
    s = wf_search_reserve(ws, g->cells);
    if (s != WF_OK)
        return s;
    /* Every reachable cell is a source: push them straight onto the heap
     * (no wf_field_source array needed), then run the same loop. */
    const uint32_t gen = wf__search_begin(ws);
    wf__heap h = wf__search_heap(ws);
    for (size_t c = 0; c < g->cells; c++)
        if (isfinite(dist.values[c]) && wf__unit_enters(&unit, g, c))
            wf__field_offer(&h, gen, (uint32_t)c,
                            -k * (double)dist.values[c]);
    for (size_t c = 0; c < g->cells; c++)
        out[c] = INFINITY;
    wf__field_drain(&h, gen, g, &unit, INFINITY, store, out);
    return WF_OK;
}
