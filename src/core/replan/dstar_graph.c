/* D* Lite on waypoint graphs (replan.h): the planner's own copy of the arc
 * weights, which the game changes, and the arcs into each node, which the
 * search walks backwards. The search is dstar_search.c's. */
#include <math.h>
#include <stdio.h>

#include "dstar_internal.h"

void wf__dstar_graph_free(wf_dstar *d) {
    const wf_graph *g = d->gr;
    wf__free(&d->alloc, d->w, (size_t)g->arcs * sizeof *d->w);
    wf__free(&d->alloc, d->in_row, ((size_t)g->nodes + 1) * sizeof *d->in_row);
    wf__free(&d->alloc, d->in_arc, (size_t)g->arcs * sizeof *d->in_arc);
    wf__free(&d->alloc, d->arc_src, (size_t)g->arcs * sizeof *d->arc_src);
    wf__dstar_free(d);
}

/* The heuristic's scale for the weights now: the option's, or the largest
 * admissible one, min over arcs of weight / distance (as the graph's own
 * is for its weights). */
static double scale_for(const wf_dstar *d) {
    if (d->o.h_scale > 0)
        return d->o.h_scale;
    const wf_graph *g = d->gr;
    if (!g->dims)
        return 0;
    double r = INFINITY;
    for (uint32_t u = 0; u < g->nodes; u++)
        for (uint32_t k = g->row[u]; k < g->row[u + 1]; k++) {
            const double dist = wf__graph_distance(g, u, g->target[k]);
            if (dist > 0 && d->w[k] / dist < r)
                r = d->w[k] / dist;
        }
    return r < INFINITY ? r : 0;
}

/* Before a fresh start: the heuristic's scale for the weights now. */
static wf_status prepare_graph(wf_dstar *d) {
    d->hmul = scale_for(d);
    return WF_OK;
}

/* The arcs into each node, by counting: in_row[v] .. in_row[v + 1] index
 * in_arc, in the order of their sources. */
static void index_arcs(wf_dstar *d) {
    const wf_graph *g = d->gr;
    memset(d->in_row, 0, ((size_t)g->nodes + 1) * sizeof *d->in_row);
    for (uint32_t k = 0; k < g->arcs; k++)
        d->in_row[g->target[k] + 1]++;
    for (uint32_t v = 0; v < g->nodes; v++)
        d->in_row[v + 1] += d->in_row[v];
    for (uint32_t u = 0; u < g->nodes; u++)
        for (uint32_t k = g->row[u]; k < g->row[u + 1]; k++) {
            d->arc_src[k] = u;
            d->in_arc[d->in_row[g->target[k]]++] = k;
        }
    /* the fill moved each row's start to the next row's: shift back */
    for (uint32_t v = g->nodes; v > 0; v--)
        d->in_row[v] = d->in_row[v - 1];
    d->in_row[0] = 0;
}

wf_status wf_dstar_create_graph(const wf_graph *g, uint32_t start,
                                uint32_t goal, const wf_search_opts *opts,
                                const wf_allocator *alloc, char *msg,
                                size_t msg_size, wf_dstar **out) {
    wf_search_opts o;
    wf_heuristic h;
    wf_status s = wf__dstar_args(g != NULL, g ? g->nodes : 0, 1, opts, &o,
                                 &h, msg, msg_size, out);
    if (s != WF_OK)
        return s;
    if (!(o.h_scale >= 0 && o.h_scale < INFINITY)) {
        if (msg && msg_size)
            snprintf(msg, msg_size, "h_scale must be finite and >= 0, got %g",
                     o.h_scale);
        return WF_E_INVALID_ARG;
    }
    if (start >= g->nodes || goal >= g->nodes) {
        if (msg && msg_size)
            snprintf(msg, msg_size, "%s %u is not a node (the graph has %u)",
                     start >= g->nodes ? "start" : "goal",
                     start >= g->nodes ? start : goal, g->nodes);
        return WF_E_RANGE;
    }
    wf_dstar *d;
    s = wf__dstar_new(alloc, &o,
                      h != WF_H_ZERO && g->dims ? WF_H_EUCLIDEAN : WF_H_ZERO,
                      g->nodes, start, goal, msg, msg_size, &d);
    if (s != WF_OK)
        return s;
    d->gr = g;
    const size_t arcs = g->arcs, nodes = g->nodes;
    const wf_allocator *a = &d->alloc;
    d->w = wf__alloc(a, arcs * sizeof *d->w);
    d->in_row = wf__alloc(a, (nodes + 1) * sizeof *d->in_row);
    d->in_arc = wf__alloc(a, arcs * sizeof *d->in_arc);
    d->arc_src = wf__alloc(a, arcs * sizeof *d->arc_src);
    if (!d->in_row || (arcs && (!d->w || !d->in_arc || !d->arc_src))) {
        wf__dstar_graph_free(d);
        return WF_E_NOMEM;
    }
    if (arcs)
        memcpy(d->w, g->weight, arcs * sizeof *d->w);
    index_arcs(d);
    *out = d;
    return WF_OK;
}

/* The index of arc from → to in the graph's rows (sorted by target), or
 * UINT32_MAX. */
static uint32_t find_arc(const wf_graph *g, uint32_t from, uint32_t to) {
    uint32_t lo = g->row[from], hi = g->row[from + 1];
    while (lo < hi) {
        const uint32_t mid = lo + (hi - lo) / 2;
        if (g->target[mid] < to)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < g->row[from + 1] && g->target[lo] == to ? lo : UINT32_MAX;
}

wf_status wf_dstar_set_weight(wf_dstar *d, uint32_t from, uint32_t to,
                              double weight) {
    if (!d || !d->gr)
        return WF_E_INVALID_ARG;
    if (!(weight > 0) && weight != WF_BLOCKED)
        return wf__dstar_fail(d, WF_E_INVALID_ARG,
                              "an arc's weight must be > 0 or WF_BLOCKED, "
                              "got %g",
                              weight);
    const wf_graph *g = d->gr;
    const uint32_t k =
        from < g->nodes && to < g->nodes ? find_arc(g, from, to) : UINT32_MAX;
    if (k == UINT32_MAX)
        return wf__dstar_fail(d, WF_E_RANGE, "the graph has no arc %u -> %u",
                              from, to);
    d->msg[0] = '\0';
    const double w = weight == WF_BLOCKED ? INFINITY : weight;
    if (w == d->w[k])
        return WF_OK;
    d->w[k] = w;
    d->dirty = 1;
    /* a weight below what the heuristic's scale assumes would make it
     * overestimate: start over (prepare_graph takes the scale these
     * weights allow) */
    if (d->heuristic != WF_H_ZERO && !d->o.h_scale &&
        w < d->hmul * wf__graph_distance(g, from, to))
        d->restart = 1;
    if (!d->restart)
        wf__dstar_update(d, from);
    return WF_OK;
}

wf_status wf_dstar_nodes_changed(wf_dstar *d, const uint32_t *nodes,
                                 size_t n) {
    if (!d || !d->gr || (!nodes && n))
        return WF_E_INVALID_ARG;
    d->msg[0] = '\0';
    d->dirty |= n > 0;
    /* entering v got dearer or cheaper: the arcs into it changed */
    for (size_t i = 0; i < n && !d->restart; i++) {
        const uint32_t v = nodes[i];
        if (v >= d->n)
            continue;
        for (uint32_t j = d->in_row[v]; j < d->in_row[v + 1]; j++)
            wf__dstar_update(d, d->arc_src[d->in_arc[j]]);
    }
    return WF_OK;
}

wf_status wf_dstar_plan_graph(wf_dstar *d, wf_node_path *out) {
    if (!d || !out || !d->gr) {
        if (d)
            wf__dstar_fail(d, WF_E_INVALID_ARG, "%s",
                           d->gr ? "out must not be NULL"
                                 : "a grid planner: use wf_dstar_plan");
        return WF_E_INVALID_ARG;
    }
    d->msg[0] = '\0';
    d->dirty = 0;
    out->count = 0;
    out->cost = 0;
    memset(&d->st, 0, sizeof d->st);
    d->st.engine = WF_ALGO_ASTAR;
    out->stats = d->st;
    size_t count;
    double cost;
    wf_status s = wf__dstar_run(d, prepare_graph, &count, &cost);
    out->stats = d->st;
    if (s == WF_NO_PATH && !d->msg[0])
        return wf__dstar_fail(d, s, "node %u cannot be reached from node %u",
                              d->t, d->s);
    if (s != WF_OK)
        return s;
    if (wf_node_path_reserve(out, count) != WF_OK)
        return wf__dstar_fail(d, WF_E_NOMEM, "out of memory for the path");
    memcpy(out->nodes, d->trail, count * sizeof *out->nodes);
    out->count = count;
    out->cost = cost;
    return WF_OK;
}

wf_status wf_dstar_move_node(wf_dstar *d, uint32_t node) {
    if (!d || !d->gr)
        return WF_E_INVALID_ARG;
    if (node >= d->n)
        return wf__dstar_fail(d, WF_E_RANGE,
                              "%u is not a node (the graph has %u)", node,
                              d->n);
    d->msg[0] = '\0';
    wf__dstar_move_to(d, node);
    return WF_OK;
}

uint32_t wf_dstar_node(const wf_dstar *d, int goal) {
    return d && d->gr ? (goal ? d->t : d->s) : UINT32_MAX;
}
