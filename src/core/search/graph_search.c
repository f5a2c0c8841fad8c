/* A*, Dijkstra and weighted A* on graphs, on the grid search's workspace
 * and open list. The grid has its own loop (grid_astar.c) because its
 * neighbours, costs and parent directions are implicit, which the grid
 * loop exploits; here arcs are explicit, parents are node ids, and costs
 * are kept per node so that closed nodes can always be reopened. */
#include <math.h>

#include "wayfind/names.h"

#include "graph_internal.h"
#include "search_internal.h"

double wf_graph_h_scale(const wf_graph *g) {
    return g && g->dims && isfinite(g->min_ratio) ? g->min_ratio : 0.0;
}

typedef wf__graphq gquery;

static double heuristic(const gquery *q, uint32_t u) {
    switch (q->h) {
    case WF_H_EUCLIDEAN: return q->hmul * wf__graph_distance(q->g, u, q->goal);
    case WF_H_CUSTOM: {
        double h = q->custom(q->custom_ud, u, q->goal);
        return h > 0 && h < INFINITY ? q->hmul * h : 0.0;
    }
    default: return 0.0;
    }
}

/* Checks the graph-specific options and fills the heuristic of q. */
static wf_status setup(wf_search *ws, const wf_search_opts *o,
                       const wf_graph *g, gquery *q) {
    if (o->algo != WF_ALGO_ASTAR && o->algo != WF_ALGO_DIJKSTRA &&
        o->algo != WF_ALGO_AUTO)
        return wf__search_fail(ws, WF_E_INVALID_ARG,
                               "%s is for grids (auto runs A* on graphs)",
                               wf_algo_name(o->algo));
    if (!(o->h_scale >= 0.0 && o->h_scale < INFINITY))
        return wf__search_fail(ws, WF_E_INVALID_ARG,
                               "h_scale must be finite and >= 0, got %g",
                               o->h_scale);
    if (o->overlay.values && o->overlay.count != g->nodes)
        return wf__search_fail(ws, WF_E_INVALID_ARG,
                               "overlay has %zu values, the graph has %u "
                               "nodes",
                               o->overlay.count, (unsigned)g->nodes);
    if (o->algo == WF_ALGO_DIJKSTRA || o->heuristic == WF_H_ZERO)
        return WF_OK;
    switch (o->heuristic) {
    case WF_H_DEFAULT:
    case WF_H_EUCLIDEAN: {
        double scale = o->h_scale > 0 ? o->h_scale : wf_graph_h_scale(g);
        if (!g->dims || scale == 0) {
            if (o->heuristic == WF_H_EUCLIDEAN && !g->dims)
                return wf__search_fail(ws, WF_E_INVALID_ARG,
                                       "the euclidean heuristic needs node "
                                       "positions");
            return WF_OK;
        }
        q->h = WF_H_EUCLIDEAN;
        q->hmul = o->weight * scale;
        return WF_OK;
    }
    case WF_H_CUSTOM:
        if (!o->node_h)
            return wf__search_fail(ws, WF_E_INVALID_ARG,
                                   "WF_H_CUSTOM on a graph needs node_h");
        q->h = WF_H_CUSTOM;
        q->custom = o->node_h;
        q->custom_ud = o->custom_ud;
        q->hmul = o->weight;
        return WF_OK;
    default:
        return wf__search_fail(ws, WF_E_INVALID_ARG,
                               "graphs take the default, euclidean, zero or "
                               "custom heuristic");
    }
}

/* The cost of entering node v by an arc of weight w: w + k·overlay[v],
 * overlay values < 0 or NaN read as 0. */
static double enter(double w, const float *overlay, double k, uint32_t v) {
    return overlay && overlay[v] > 0 ? w + k * (double)overlay[v] : w;
}

static wf_status rebuild(const wf_search *ws, const gquery *q, uint32_t end,
                         wf_node_path *out) {
    const wf_graph *g = q->g;
    const uint32_t start = q->start;
    size_t len = 1;
    for (uint32_t u = end; u != start; u = ws->parent[u])
        len++;
    wf_status s = wf_node_path_reserve(out, len);
    if (s != WF_OK)
        return s;
    uint32_t u = end;
    for (size_t i = len; i-- > 0; u = ws->parent[u])
        out->nodes[i] = u;
    out->count = len;
    double cost = 0;
    for (size_t i = 1; i < len; i++)
        cost += enter(wf_graph_edge_weight(g, out->nodes[i - 1], out->nodes[i]),
                      q->overlay, q->overlay_k, out->nodes[i]);
    out->cost = cost;
    return WF_OK;
}

wf_status wf_search_begin_graph(wf_search *ws, const wf_graph *g,
                                uint32_t start, uint32_t goal,
                                const wf_search_opts *opts) {
    if (!ws)
        return WF_E_INVALID_ARG;
    ws->mode = WF__IDLE;
    ws->msg[0] = '\0';
    if (!g)
        return wf__search_fail(ws, WF_E_INVALID_ARG, "graph is NULL");
    wf_search_opts o = opts ? *opts : wf_search_opts_default();
    /* the grid-only options are ignored, as documented, so one options
     * struct can serve grid and graph queries alike */
    o.move = wf_move_default();
    o.filter = NULL;
    o.move_cost = NULL;
    o.goal_fallback = WF_FALLBACK_NONE;
    wf_status s = wf__opts_check(ws, &o);
    if (s != WF_OK)
        return s;
    gquery *q = &ws->q.gr;
    memset(q, 0, sizeof *q);
    q->h = WF_H_ZERO;
    q->g = g;
    q->start = start;
    q->goal = goal;
    if ((s = setup(ws, &o, g, q)) != WF_OK)
        return s;
    if (start >= g->nodes || goal >= g->nodes)
        return wf__search_fail(ws, WF_E_RANGE,
                               "node %u does not exist (the graph has %u)",
                               (unsigned)(start >= g->nodes ? start : goal),
                               (unsigned)g->nodes);
    if ((s = wf_search_reserve_graph(ws, g->nodes)) != WF_OK)
        return wf__search_fail(ws, s, "cannot size the workspace for %u "
                                      "nodes",
                               (unsigned)g->nodes);
    if (o.overlay.values && o.overlay_k > 0) {
        q->overlay = o.overlay.values;
        q->overlay_k = o.overlay_k;
    }
    q->limit = o.max_expansions;
    q->best = start;
    q->best_h = INFINITY;
    q->gen = wf__search_begin(ws);
    q->st.engine = o.algo == WF_ALGO_DIJKSTRA ? WF_ALGO_DIJKSTRA
                                              : WF_ALGO_ASTAR;
    ws->cells[start].tag = q->gen;
    ws->g[start] = 0;
    ws->parent[start] = start;
    wf__heap h = {ws->cells, ws->key, ws->id, 0};
    wf__heap_push(&h, heuristic(q, start), start);
    q->heap_n = h.n;
    q->st.heap_ops = 1;
    ws->mode = WF__GRAPH;
    return WF_OK;
}

/* The search, for at most `budget` expansions: WF_OK with the goal in
 * *end, WF_PARTIAL at the expansion limit, WF_PENDING when the budget ran
 * out first, or WF_NO_PATH. */
static wf_status run(wf_search *ws, gquery *q, uint64_t budget,
                     uint32_t *end) {
    const wf_graph *g = q->g;
    const uint32_t gen = q->gen, goal = q->goal;
    const float *ov = q->overlay;
    const double ovk = q->overlay_k;
    const uint64_t limit = q->limit;
    wf__heap h = {ws->cells, ws->key, ws->id, q->heap_n};
    wf__cell *cells = ws->cells;
    double *gv = ws->g;
    uint32_t *parent = ws->parent;
    wf_stats st = q->st;
    uint64_t stop = budget > UINT64_MAX - st.expanded ? UINT64_MAX
                                                      : st.expanded + budget;
    if (limit && limit < stop)
        stop = limit;
    wf_status result = WF_NO_PATH;
    while (h.n) {
        /* look before taking, so a step can end with the heap as it was */
        uint32_t u = h.id[0];
        if (u == goal) {
            *end = u;
            result = WF_OK;
            break;
        }
        if (st.expanded >= stop) {
            result = limit && st.expanded >= limit ? WF_PARTIAL : WF_PENDING;
            break;
        }
        wf__heap_pop(&h);
        st.heap_ops++;
        cells[u].tag |= WF__TAG_CLOSED;
        st.expanded++;
        if (limit) {
            double hu = q->h != WF_H_ZERO ? heuristic(q, u) : 0;
            if (hu < q->best_h) {
                q->best_h = hu;
                q->best = u;
            }
        }
        const double gu = gv[u];
        for (uint32_t k = g->row[u]; k < g->row[u + 1]; k++) {
            const uint32_t v = g->target[k];
            const double e = enter(g->weight[k], ov, ovk, v);
            if (!(e < INFINITY))
                continue; /* the overlay forbids v */
            /* a sum that overflows stays in the search as infinity, so a
             * goal reached only that way ends in WF_E_RANGE, not NO_PATH */
            const double ng = gu + e;
            wf__cell *cv = &cells[v];
            const int seen = (cv->tag & ~0xFu) == gen;
            if (seen && !(ng < gv[v]))
                continue;
            gv[v] = ng;
            parent[v] = u;
            st.generated++;
            if (seen && !(cv->tag & WF__TAG_CLOSED)) {
                wf__heap_up(&h, cv->pos, ng + heuristic(q, v), v);
            } else {
                st.reopened += seen;
                cv->tag = gen;
                wf__heap_push(&h, ng + heuristic(q, v), v);
            }
            st.heap_ops++;
        }
    }
    q->heap_n = h.n;
    q->st = st;
    return result;
}

wf_status wf_search_step_graph(wf_search *ws, uint64_t budget,
                               wf_node_path *out) {
    if (!ws)
        return WF_E_INVALID_ARG;
    if (!out)
        return wf__search_fail(ws, WF_E_INVALID_ARG, "path is NULL");
    if (!budget)
        return wf__search_fail(ws, WF_E_INVALID_ARG, "budget must be >= 1");
    out->count = 0;
    out->cost = 0;
    memset(&out->stats, 0, sizeof out->stats);
    ws->msg[0] = '\0';
    if (ws->mode != WF__GRAPH)
        return wf__search_fail(ws, WF_E_INVALID_ARG,
                               "no graph search under way");
    gquery *q = &ws->q.gr;
    uint32_t end = q->start;
    wf_status result = run(ws, q, budget, &end);
    out->stats = q->st;
    if (result == WF_PENDING)
        return result;
    ws->mode = WF__IDLE;
    if (result == WF_NO_PATH && q->limit && q->st.expanded >= q->limit)
        result = WF_PARTIAL;
    if (result == WF_PARTIAL)
        end = q->best;
    if (result == WF_NO_PATH)
        return result;
    wf_status s = rebuild(ws, q, end, out);
    if (s != WF_OK)
        return s;
    if (!(out->cost < INFINITY)) {
        out->count = 0;
        return wf__search_fail(ws, WF_E_RANGE, "path cost overflows a double");
    }
    return result;
}

wf_status wf_search_graph(wf_search *ws, const wf_graph *g, uint32_t start,
                          uint32_t goal, const wf_search_opts *opts,
                          wf_node_path *out) {
    if (!ws)
        return WF_E_INVALID_ARG;
    if (!out)
        return wf__search_fail(ws, WF_E_INVALID_ARG, "path is NULL");
    out->count = 0;
    out->cost = 0;
    memset(&out->stats, 0, sizeof out->stats);
    wf_status s = wf_search_begin_graph(ws, g, start, goal, opts);
    if (s != WF_OK)
        return s;
    return wf_search_step_graph(ws, UINT64_MAX, out);
}
