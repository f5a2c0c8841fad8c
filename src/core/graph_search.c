/* A*, Dijkstra and weighted A* on graphs, on the grid search's workspace
 * and open list. The grid has its own loop (grid_astar.c) because its
 * neighbours, costs and parent directions are implicit, which the grid
 * loop exploits; here arcs are explicit, parents are node ids, and costs
 * are kept per node so that closed nodes can always be reopened. */
#include <math.h>

#include "graph_internal.h"
#include "search_internal.h"

void wf_node_path_init(wf_node_path *p, const wf_allocator *alloc) {
    if (!p)
        return;
    memset(p, 0, sizeof *p);
    p->alloc = wf__allocator(alloc);
}

void wf_node_path_free(wf_node_path *p) {
    if (!p)
        return;
    wf_allocator a = wf__allocator(&p->alloc);
    wf__free(&a, p->nodes, p->capacity * sizeof *p->nodes);
    p->nodes = NULL;
    p->count = p->capacity = 0;
    p->cost = 0;
    memset(&p->stats, 0, sizeof p->stats);
}

wf_status wf_node_path_reserve(wf_node_path *p, size_t n) {
    if (!p)
        return WF_E_INVALID_ARG;
    if (n <= p->capacity)
        return WF_OK;
    size_t bytes;
    if (!wf__mul_size(n, sizeof *p->nodes, &bytes))
        return WF_E_NOMEM;
    wf_allocator a = wf__allocator(&p->alloc);
    uint32_t *nodes = wf__realloc(&a, p->nodes, p->capacity * sizeof *p->nodes,
                                  bytes);
    if (!nodes)
        return WF_E_NOMEM;
    p->nodes = nodes;
    p->capacity = n;
    return WF_OK;
}

double wf_graph_h_scale(const wf_graph *g) {
    return g && g->dims && isfinite(g->min_ratio) ? g->min_ratio : 0.0;
}

typedef struct gquery {
    const wf_graph *g;
    uint32_t goal;
    int kind;              /* 0 zero, 1 distance, 2 custom */
    double hmul;           /* weight × scale (or × 1 for custom) */
    wf_node_heuristic_fn custom;
    void *custom_ud;
} gquery;

static double heuristic(const gquery *q, uint32_t u) {
    switch (q->kind) {
    case 1: return q->hmul * wf__graph_distance(q->g, u, q->goal);
    case 2: {
        double h = q->custom(q->custom_ud, u, q->goal);
        return h > 0 && h < INFINITY ? q->hmul * h : 0.0;
    }
    default: return 0.0;
    }
}

static wf_status setup(const wf_search_opts *o, const wf_graph *g,
                       uint32_t goal, gquery *q) {
    if (o->algo != WF_ALGO_ASTAR && o->algo != WF_ALGO_DIJKSTRA &&
        o->algo != WF_ALGO_JPS) /* JPS is for grids: A* on graphs */
        return WF_E_INVALID_ARG;
    if (!(o->weight >= 1.0 && o->weight < INFINITY) ||
        !(o->h_scale >= 0.0 && o->h_scale < INFINITY) ||
        !(o->overlay_k >= 0.0 && o->overlay_k < INFINITY))
        return WF_E_INVALID_ARG;
    memset(q, 0, sizeof *q);
    q->g = g;
    q->goal = goal;
    if (o->algo == WF_ALGO_DIJKSTRA || o->heuristic == WF_H_ZERO)
        return WF_OK;
    switch (o->heuristic) {
    case WF_H_DEFAULT:
    case WF_H_EUCLIDEAN: {
        double scale = o->h_scale > 0 ? o->h_scale : wf_graph_h_scale(g);
        if (!g->dims || scale == 0)
            return o->heuristic == WF_H_EUCLIDEAN && !g->dims
                       ? WF_E_INVALID_ARG
                       : WF_OK;
        q->kind = 1;
        q->hmul = o->weight * scale;
        return WF_OK;
    }
    case WF_H_CUSTOM:
        if (!o->node_h)
            return WF_E_INVALID_ARG;
        q->kind = 2;
        q->custom = o->node_h;
        q->custom_ud = o->custom_ud;
        q->hmul = o->weight;
        return WF_OK;
    default:
        return WF_E_INVALID_ARG;
    }
}

/* The cost of entering node v by an arc of weight w: w + k·overlay[v],
 * overlay values < 0 or NaN read as 0. */
static double enter(double w, const float *overlay, double k, uint32_t v) {
    return overlay && overlay[v] > 0 ? w + k * (double)overlay[v] : w;
}

static wf_status rebuild(const wf_search *ws, uint32_t start, uint32_t end,
                         const wf_graph *g, const wf_search_opts *o,
                         wf_node_path *out) {
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
                      o->overlay, o->overlay_k, out->nodes[i]);
    out->cost = cost;
    return WF_OK;
}

wf_status wf_search_graph(wf_search *ws, const wf_graph *g, uint32_t start,
                          uint32_t goal, const wf_search_opts *opts,
                          wf_node_path *out) {
    if (!ws || !g || !out)
        return WF_E_INVALID_ARG;
    wf_search_opts o = opts ? *opts : wf_search_opts_default();
    gquery q;
    wf_status s = setup(&o, g, goal, &q);
    if (s != WF_OK)
        return s;
    out->count = 0;
    out->cost = 0;
    memset(&out->stats, 0, sizeof out->stats);
    if (start >= g->nodes || goal >= g->nodes)
        return WF_E_RANGE;
    if ((s = wf_search_reserve_graph(ws, g->nodes)) != WF_OK)
        return s;

    const uint32_t gen = wf__search_begin(ws);
    wf__heap h = {ws->cells, ws->key, ws->id, 0};
    wf__cell *cells = ws->cells;
    double *gv = ws->g;
    uint32_t *parent = ws->parent;
    wf_stats st;
    memset(&st, 0, sizeof st);
    const float *ov = o.overlay_k > 0 ? o.overlay : NULL;
    o.overlay = ov;
    cells[start].tag = gen;
    gv[start] = 0;
    parent[start] = start;
    wf__heap_push(&h, heuristic(&q, start), start);
    st.heap_ops++;
    uint32_t best = start, end = start;
    double best_h = INFINITY;
    wf_status result = WF_NO_PATH;
    while (h.n) {
        uint32_t u = h.id[0];
        wf__heap_pop(&h);
        st.heap_ops++;
        if (u == goal) {
            end = u;
            result = WF_OK;
            break;
        }
        if (o.max_expansions && st.expanded >= o.max_expansions) {
            result = WF_PARTIAL;
            break;
        }
        cells[u].tag |= WF__TAG_CLOSED;
        st.expanded++;
        if (o.max_expansions) {
            double hu = q.kind ? heuristic(&q, u) : 0;
            if (hu < best_h) {
                best_h = hu;
                best = u;
            }
        }
        const double gu = gv[u];
        for (uint32_t k = g->row[u]; k < g->row[u + 1]; k++) {
            const uint32_t v = g->target[k];
            const double ng = gu + enter(g->weight[k], ov, o.overlay_k, v);
            if (!(ng < INFINITY))
                continue; /* the overlay forbids v */
            wf__cell *cv = &cells[v];
            const int seen = (cv->tag & ~0xFu) == gen;
            if (seen && !(ng < gv[v]))
                continue;
            gv[v] = ng;
            parent[v] = u;
            st.generated++;
            if (seen && !(cv->tag & WF__TAG_CLOSED)) {
                wf__heap_up(&h, cv->pos, ng + heuristic(&q, v), v);
            } else {
                st.reopened += seen;
                cv->tag = gen;
                wf__heap_push(&h, ng + heuristic(&q, v), v);
            }
            st.heap_ops++;
        }
    }
    if (result == WF_NO_PATH && o.max_expansions &&
        st.expanded >= o.max_expansions)
        result = WF_PARTIAL;
    if (result == WF_PARTIAL)
        end = best;
    out->stats = st;
    if (result == WF_NO_PATH)
        return result;
    s = rebuild(ws, start, end, g, &o, out);
    return s != WF_OK ? s : result;
}
