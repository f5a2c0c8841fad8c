/* Distance-falloff layers on graphs. */
#include <math.h>

#include "wf_core_private.h"
#include "field_internal.h"

wf_status wf_field_falloff_graph(wf_search *ws, const wf_graph *g,
                                 const wf_node_source *src, size_t n,
                                 const wf_falloff_opts *opts, float *out) {
    wf_falloff_opts o = opts ? *opts : wf_falloff_opts_default();
    if (!g || !out || (n && !src) || (unsigned)o.kind > WF_FALLOFF_STEP ||
        (o.distance == WF_DISTANCE_STRAIGHT && !g->dims) ||
        (o.distance != WF_DISTANCE_STRAIGHT && o.distance != WF_DISTANCE_PATH) ||
        (o.distance == WF_DISTANCE_PATH && !ws))
        return WF_E_INVALID_ARG;
    for (size_t i = 0; i < n; i++) {
        if (!isfinite(src[i].strength) || !(src[i].radius >= 0) ||
            !isfinite(src[i].radius))
            return WF_E_INVALID_ARG;
        if (src[i].node >= g->nodes)
            return WF_E_RANGE;
    }
    if (o.distance == WF_DISTANCE_PATH) {
        wf_status st = wf_search_reserve(ws, g->nodes);
        if (st != WF_OK)
            return st;
    }
    for (uint32_t v = 0; v < g->nodes; v++)
        out[v] = 0.0f;
    for (size_t i = 0; i < n; i++) {
        const wf_node_source *s = &src[i];
        if (o.distance == WF_DISTANCE_STRAIGHT) {
            for (uint32_t v = 0; v < g->nodes; v++)
                out[v] += (float)wf_field_falloff_value(
                    o.kind, wf__graph_distance(g, s->node, v), s->radius,
                    s->strength);
            continue;
        }
        /* Dijkstra from the source along the arcs, stopped at the radius. */
        const uint32_t gen = wf__search_begin(ws);
        wf__heap h = wf__search_heap(ws);
        wf__field_offer(&h, gen, s->node, 0.0);
        while (h.n && h.key[0] <= s->radius) {
            uint32_t u = h.id[0];
            double d = h.key[0];
            wf__heap_pop(&h);
            h.cells[u].tag |= WF__TAG_CLOSED;
            out[u] += (float)wf_field_falloff_value(o.kind, d, s->radius, s->strength);
            for (uint32_t k = g->row[u]; k < g->row[u + 1]; k++)
                wf__field_offer(&h, gen, g->target[k], d + g->weight[k]);
        }
    }
    return WF_OK;
}
