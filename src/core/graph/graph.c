/* wf_graph: the builder and the frozen graph in compressed rows. */
#include <math.h>
#include <stdlib.h>

#include "graph_internal.h"

typedef struct arc {
    uint32_t from, to;
    double w;
} arc;

struct wf_graph_builder {
    wf_allocator alloc;
    int dims;
    size_t nodes, node_cap;
    double *pos;
    size_t arcs, arc_cap;
    arc *arc;
};

wf_status wf_graph_builder_create(int dims, const wf_allocator *alloc,
                                  wf_graph_builder **out) {
    if (!out)
        return WF_E_INVALID_ARG;
    *out = NULL;
    if (dims != 0 && dims != 2 && dims != 3)
        return WF_E_INVALID_ARG;
    wf_allocator a = wf__allocator(alloc);
    wf_graph_builder *b = wf__alloc(&a, sizeof *b);
    if (!b)
        return WF_E_NOMEM;
    memset(b, 0, sizeof *b);
    b->alloc = a;
    b->dims = dims;
    *out = b;
    return WF_OK;
}

void wf_graph_builder_destroy(wf_graph_builder *b) {
    if (!b)
        return;
    wf_allocator a = b->alloc;
    wf__free(&a, b->pos, b->node_cap * (size_t)b->dims * sizeof(double));
    wf__free(&a, b->arc, b->arc_cap * sizeof(arc));
    wf__free(&a, b, sizeof *b);
}

/* Grows *buf (cap elements of size elem) to hold at least need. */
static wf_status grow(const wf_allocator *a, void **buf, size_t *cap,
                      size_t elem, size_t need) {
    if (need <= *cap)
        return WF_OK;
    size_t n = *cap ? *cap : 64;
    while (n < need)
        n *= 2;
    size_t bytes, old = *cap * elem;
    if (!wf__mul_size(n, elem, &bytes))
        return WF_E_TOO_BIG;
    void *p = wf__realloc(a, *buf, old, bytes);
    if (!p)
        return WF_E_NOMEM;
    *buf = p;
    *cap = n;
    return WF_OK;
}

wf_status wf_graph_builder_add_node(wf_graph_builder *b, const double *pos,
                                    uint32_t *id) {
    if (!b || (b->dims && !pos))
        return WF_E_INVALID_ARG;
    for (int i = 0; i < b->dims; i++)
        if (!isfinite(pos[i]))
            return WF_E_INVALID_ARG;
    if (b->nodes >= WF_GRAPH_MAX_NODES)
        return WF_E_TOO_BIG;
    if (b->dims) {
        size_t cap = b->node_cap;
        void *p = b->pos;
        wf_status s = grow(&b->alloc, &p, &cap, (size_t)b->dims * sizeof(double),
                           b->nodes + 1);
        if (s != WF_OK)
            return s;
        b->pos = p;
        b->node_cap = cap;
        memcpy(b->pos + b->nodes * (size_t)b->dims, pos,
               (size_t)b->dims * sizeof(double));
    }
    if (id)
        *id = (uint32_t)b->nodes;
    b->nodes++;
    return WF_OK;
}

wf_status wf_graph_builder_add_edge(wf_graph_builder *b, uint32_t from,
                                    uint32_t to, double weight, int two_way) {
    if (!b || !(weight > 0) || !isfinite(weight))
        return WF_E_INVALID_ARG;
    if (from >= b->nodes || to >= b->nodes)
        return WF_E_RANGE;
    size_t need = b->arcs + (two_way ? 2 : 1);
    if (need > WF_GRAPH_MAX_EDGES)
        return WF_E_TOO_BIG;
    void *p = b->arc;
    wf_status s = grow(&b->alloc, &p, &b->arc_cap, sizeof(arc), need);
    if (s != WF_OK)
        return s;
    b->arc = p;
    b->arc[b->arcs++] = (arc){from, to, weight};
    if (two_way)
        b->arc[b->arcs++] = (arc){to, from, weight};
    return WF_OK;
}

wf_status wf__graph_alloc(const wf_allocator *a, size_t n, size_t m, int dims,
                          wf_graph **out) {
    *out = NULL;
    if (n > WF_GRAPH_MAX_NODES || m > WF_GRAPH_MAX_EDGES)
        return WF_E_TOO_BIG;
    wf_graph *g = wf__alloc(a, sizeof *g);
    if (!g)
        return WF_E_NOMEM;
    memset(g, 0, sizeof *g);
    g->alloc = *a;
    g->nodes = (uint32_t)n;
    g->arcs = (uint32_t)m;
    g->dims = dims;
    g->row = wf__alloc(a, (n + 1) * sizeof *g->row);
    g->target = wf__alloc(a, m * sizeof *g->target);
    g->weight = wf__alloc(a, m * sizeof *g->weight);
    g->pos = dims ? wf__alloc(a, n * (size_t)dims * sizeof *g->pos) : NULL;
    if (!g->row || !g->target || !g->weight || (dims && !g->pos)) {
        wf_graph_destroy(g);
        return WF_E_NOMEM;
    }
    *out = g;
    return WF_OK;
}

void wf_graph_destroy(wf_graph *g) {
    if (!g)
        return;
    wf_allocator a = g->alloc;
    size_t n = g->nodes, m = g->arcs;
    wf__free(&a, g->row, (n + 1) * sizeof *g->row);
    wf__free(&a, g->target, m * sizeof *g->target);
    wf__free(&a, g->weight, m * sizeof *g->weight);
    wf__free(&a, g->pos, n * (size_t)g->dims * sizeof *g->pos);
    wf__free(&a, g->cell, n * sizeof *g->cell);
    wf__free(&a, g, sizeof *g);
}

double wf__graph_distance(const wf_graph *g, uint32_t u, uint32_t v) {
    const double *p = g->pos + (size_t)u * (size_t)g->dims;
    const double *q = g->pos + (size_t)v * (size_t)g->dims;
    /* hypot: squaring coordinates beyond 1e154 would overflow */
    double d = hypot(p[0] - q[0], p[1] - q[1]);
    return g->dims == 3 ? hypot(d, p[2] - q[2]) : d;
}

void wf__graph_min_ratio(wf_graph *g) {
    double r = INFINITY;
    if (!g->dims) {
        g->min_ratio = 0;
        return;
    }
    for (uint32_t u = 0; u < g->nodes; u++)
        for (uint32_t k = g->row[u]; k < g->row[u + 1]; k++) {
            double d = wf__graph_distance(g, u, g->target[k]);
            if (d > 0 && g->weight[k] / d < r)
                r = g->weight[k] / d;
        }
    g->min_ratio = r;
}

static int by_target(const void *a, const void *b) {
    const arc *p = a, *q = b;
    if (p->to != q->to)
        return p->to < q->to ? -1 : 1;
    return (p->w > q->w) - (p->w < q->w);
}

wf_status wf_graph_build(const wf_graph_builder *b, wf_graph **out) {
    if (!b || !out)
        return WF_E_INVALID_ARG;
    *out = NULL;
    const wf_allocator *a = &b->alloc;
    /* Bucket the arcs by source (a counting sort), then sort each row by
     * target and keep the lightest of duplicates; self-loops go. */
    size_t n = b->nodes, m = b->arcs;
    uint32_t *start = wf__alloc(a, (n + 1) * sizeof *start);
    arc *sorted = wf__alloc(a, (m ? m : 1) * sizeof *sorted);
    if (!start || !sorted) {
        wf__free(a, start, (n + 1) * sizeof *start);
        wf__free(a, sorted, (m ? m : 1) * sizeof *sorted);
        return WF_E_NOMEM;
    }
    memset(start, 0, (n + 1) * sizeof *start);
    for (size_t i = 0; i < m; i++)
        start[b->arc[i].from + 1]++;
    for (size_t u = 0; u < n; u++)
        start[u + 1] += start[u];
    for (size_t i = 0; i < m; i++)
        sorted[start[b->arc[i].from]++] = b->arc[i];
    /* start[u] now holds the end of row u; rows begin at start[u-1]. */
    size_t kept = 0;
    for (size_t u = 0, begin = 0; u < n; u++) {
        size_t end = start[u];
        qsort(sorted + begin, end - begin, sizeof *sorted, by_target);
        for (size_t i = begin; i < end; i++) {
            const arc *e = &sorted[i];
            if (e->to == e->from)
                continue;
            if (kept && sorted[kept - 1].from == e->from &&
                sorted[kept - 1].to == e->to)
                continue; /* a heavier duplicate */
            sorted[kept++] = *e;
        }
        begin = end;
    }
    wf_graph *g;
    wf_status s = wf__graph_alloc(a, n, kept, b->dims, &g);
    if (s == WF_OK) {
        size_t k = 0;
        for (size_t u = 0; u < n; u++) {
            g->row[u] = (uint32_t)k;
            while (k < kept && sorted[k].from == u) {
                g->target[k] = sorted[k].to;
                g->weight[k] = sorted[k].w;
                k++;
            }
        }
        g->row[n] = (uint32_t)k;
        if (b->dims && n)
            memcpy(g->pos, b->pos, n * (size_t)b->dims * sizeof *g->pos);
        wf__graph_min_ratio(g);
        *out = g;
    }
    wf__free(a, start, (n + 1) * sizeof *start);
    wf__free(a, sorted, (m ? m : 1) * sizeof *sorted);
    return s;
}

size_t wf_graph_node_count(const wf_graph *g) { return g ? g->nodes : 0; }
size_t wf_graph_edge_count(const wf_graph *g) { return g ? g->arcs : 0; }
int wf_graph_dims(const wf_graph *g) { return g ? g->dims : 0; }

wf_status wf_graph_position(const wf_graph *g, uint32_t node, double pos[3]) {
    if (!g || !pos || !g->dims)
        return WF_E_INVALID_ARG;
    if (node >= g->nodes)
        return WF_E_RANGE;
    pos[2] = 0;
    memcpy(pos, g->pos + (size_t)node * (size_t)g->dims,
           (size_t)g->dims * sizeof *pos);
    return WF_OK;
}

size_t wf_graph_out_edges(const wf_graph *g, uint32_t node,
                          const uint32_t **targets, const double **weights) {
    if (!g || node >= g->nodes)
        return 0;
    uint32_t k = g->row[node];
    if (targets)
        *targets = g->target + k;
    if (weights)
        *weights = g->weight + k;
    return g->row[node + 1] - k;
}

double wf_graph_edge_weight(const wf_graph *g, uint32_t from, uint32_t to) {
    if (!g || from >= g->nodes)
        return WF_BLOCKED;
    uint32_t lo = g->row[from], hi = g->row[from + 1];
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (g->target[mid] < to)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < g->row[from + 1] && g->target[lo] == to ? g->weight[lo]
                                                        : WF_BLOCKED;
}
