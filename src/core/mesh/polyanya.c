/* wf_mesh_path: Polyanya's search loop over the nodes polyanya_succ.c
 * makes. The open list orders nodes by f (ties: the larger g, then the
 * older node, so the answer depends on the query alone); a node whose
 * expansion makes exactly one successor hands it on at once, without the
 * open list; a node is skipped when its root has since been reached more
 * cheaply. The first goal node taken from the list is the shortest path:
 * its f is the length of a real path, and every f below it was a lower
 * bound. */
#include <math.h>

#include "mesh_internal.h"

#define WF_HEAP2 mheap
#define WF_HEAP2_HEAP struct mheap
#define WF_HEAP2_ENTRY uint32_t
#define WF_HEAP2_LESS(h, a, b) node_less((h)->node, a, b)

static int node_less(const wf__mnode *n, uint32_t a, uint32_t b) {
    if (n[a].f != n[b].f)
        return n[a].f < n[b].f;
    if (n[a].g != n[b].g)
        return n[a].g > n[b].g;
    return a < b;
}

#include "wf_heap2.h"

wf_status wf_mesh_query_create(const wf_allocator *alloc,
                               wf_mesh_query **out) {
    if (!out)
        return WF_E_INVALID_ARG;
    const wf_allocator a = wf__allocator(alloc);
    wf_mesh_query *q = wf__alloc(&a, sizeof *q);
    *out = q;
    if (!q)
        return WF_E_NOMEM;
    memset(q, 0, sizeof *q);
    q->alloc = a;
    return WF_OK;
}

void wf_mesh_query_destroy(wf_mesh_query *q) {
    if (!q)
        return;
    wf_allocator a = q->alloc;
    wf__free(&a, q->node, q->cap_n * sizeof *q->node);
    wf__free(&a, q->open.e, q->open.cap * sizeof *q->open.e);
    wf__free(&a, q->root_g, q->cap_v * sizeof *q->root_g);
    wf__free(&a, q->root_tag, q->cap_v * sizeof *q->root_tag);
    wf__free(&a, q->root_by, q->cap_v * sizeof *q->root_by);
    wf__free(&a, q->goal_tag, q->cap_p * sizeof *q->goal_tag);
    wf__free(&a, q->ends, q->cap_ends * sizeof *q->ends);
    wf__mesh_links_free(q);
    wf__free(&a, q, sizeof *q);
}

const char *wf_mesh_query_message(const wf_mesh_query *q) {
    return q ? q->msg : "";
}

#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 3, 4)))
#endif
static wf_status fail(wf_mesh_query *q, wf_status s, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(q->msg, sizeof q->msg, fmt, ap);
    va_end(ap);
    return s;
}

/* The per-corner arrays for nv corners, all three or none (each block
 * must be freed at the size it was made): new ones, tags cleared (a tag
 * only says "set in this query", and none is set yet). */
static wf_status corners_for(wf_mesh_query *q, uint32_t nv) {
    double *g = wf__alloc(&q->alloc, nv * sizeof *g);
    uint32_t *by = wf__alloc(&q->alloc, nv * sizeof *by);
    uint32_t *tag = wf__alloc(&q->alloc, nv * sizeof *tag);
    if (!g || !by || !tag) {
        wf__free(&q->alloc, g, nv * sizeof *g);
        wf__free(&q->alloc, by, nv * sizeof *by);
        wf__free(&q->alloc, tag, nv * sizeof *tag);
        return WF_E_NOMEM;
    }
    memset(tag, 0, nv * sizeof *tag);
    wf__free(&q->alloc, q->root_g, q->cap_v * sizeof *q->root_g);
    wf__free(&q->alloc, q->root_by, q->cap_v * sizeof *q->root_by);
    wf__free(&q->alloc, q->root_tag, q->cap_v * sizeof *q->root_tag);
    q->root_g = g, q->root_by = by, q->root_tag = tag;
    q->cap_v = nv;
    return WF_OK;
}

/* Per-corner and per-polygon memory for m, tags cleared when new. */
static wf_status size_for(wf_mesh_query *q, const wf_mesh *m) {
    if (m->nv > q->cap_v && corners_for(q, m->nv) != WF_OK)
        return WF_E_NOMEM;
    if (m->np > q->cap_p) {
        uint32_t *t = wf__realloc(&q->alloc, q->goal_tag,
                                  q->cap_p * sizeof *t, m->np * sizeof *t);
        if (!t)
            return WF_E_NOMEM;
        memset(t + q->cap_p, 0, (m->np - q->cap_p) * sizeof *t);
        q->goal_tag = t;
        q->cap_p = m->np;
    }
    if (++q->gen == 0) {
        memset(q->root_tag, 0, q->cap_v * sizeof *q->root_tag);
        memset(q->goal_tag, 0, q->cap_p * sizeof *q->goal_tag);
        q->gen = 1;
    }
    q->nn = 0;
    q->open.n = 0;
    q->open.node = q->node;
    return WF_OK;
}

static wf_status push(wf_mesh_query *q, uint32_t idx) {
    if (q->open.n == q->open.cap) {
        const size_t cap = q->open.cap ? q->open.cap * 2 : 256;
        uint32_t *e = wf__realloc(&q->alloc, q->open.e,
                                  q->open.cap * sizeof *e, cap * sizeof *e);
        if (!e)
            return WF_E_NOMEM;
        q->open.e = e;
        q->open.cap = cap;
    }
    q->open.node = q->node;
    mheap_up(&q->open, q->open.n++, idx);
    q->stats.heap_ops++;
    return WF_OK;
}

/* The polygons holding the start (first *ns of q->ends) and the goal (the
 * next *ng); WF_NO_PATH with the reason when an end is off the mesh. */
static wf_status locate_ends(wf_mesh_query *q, const wf_mesh *m, wf__mpt s,
                             wf__mpt t, size_t *ns, size_t *ng) {
    for (;;) {
        *ns = wf__mesh_locate(m, s, q->ends, q->cap_ends);
        const size_t room = q->cap_ends > *ns ? q->cap_ends - *ns : 0;
        /* no pointer arithmetic on the NULL of a new query */
        *ng = wf__mesh_locate(m, t, room ? q->ends + *ns : NULL, room);
        if (*ns + *ng <= q->cap_ends)
            break;
        const size_t cap = 2 * (*ns + *ng);
        uint32_t *e = wf__realloc(&q->alloc, q->ends,
                                  q->cap_ends * sizeof *e, cap * sizeof *e);
        if (!e)
            return WF_E_NOMEM;
        q->ends = e;
        q->cap_ends = cap;
    }
    const double k = m->scale;
    if (!*ns)
        return fail(q, WF_NO_PATH, "the start (%g, %g) is not on the mesh",
                    s.x / k, s.y / k);
    if (!*ng)
        return fail(q, WF_NO_PATH, "the goal (%g, %g) is not on the mesh",
                    t.x / k, t.y / k);
    return WF_OK;
}

/* out: start, the roots the final node's chain bends round, its end A or
 * B when the goal lies beside its interval, the goal. */
static wf_status trace_back(wf_mesh_query *q, const wf_mesh *m, uint32_t f,
                            wf__mpt goal, wf_polyline *out) {
    size_t n = 2;
    for (uint32_t i = f, last = q->node[f].root; i != WF__NONE;
         i = q->node[i].parent)
        if (q->node[i].root != last)
            n++, last = q->node[i].root;
    const wf__mnode *F = &q->node[f];
    n += F->via != 0;
    wf_status s = wf_polyline_reserve(out, n);
    if (s != WF_OK)
        return s;
    const double k = m->scale;
    size_t w = n;
    out->points[--w] = (wf_vec2){goal.x / k, goal.y / k};
    if (F->via) {
        double x, y;
        wf__polyanya_end(m, F, F->via == 1, &x, &y);
        out->points[--w] = (wf_vec2){x / k, y / k};
    }
    uint32_t last = WF__NONE - 1;
    for (uint32_t i = f; i != WF__NONE; i = q->node[i].parent)
        if (q->node[i].root != last) {
            last = q->node[i].root;
            out->points[--w] =
                (wf_vec2){q->node[i].r.x / k, q->node[i].r.y / k};
        }
    out->count = n;
    return WF_OK;
}

void wf__mesh_measure(wf_polyline *out, double cost) {
    double len = 0;
    for (size_t i = 1; i < out->count; i++)
        len += hypot(out->points[i].x - out->points[i - 1].x,
                     out->points[i].y - out->points[i - 1].y);
    out->length = len;
    out->cost = len * cost;
}

/* The start's nodes: every edge of each polygon holding it, whole. */
static wf_status start_nodes(wf__mexp *x, wf__mpt s, size_t ns) {
    const wf_mesh *m = x->m;
    for (size_t i = 0; i < ns; i++) {
        const uint32_t p = x->q->ends[i];
        for (uint32_t j = m->pstart[p]; j < m->pstart[p + 1]; j++) {
            const size_t before = x->q->nn;
            if (wf__polyanya_seed(x, s, p, j) < 0)
                return WF_E_NOMEM;
            for (size_t k = before; k < x->q->nn; k++)
                if (!x->q->node[k].bend && push(x->q, (uint32_t)k) != WF_OK)
                    return WF_E_NOMEM;
        }
    }
    return WF_OK;
}

/* Expands from the least node until a goal node comes off the list:
 * *found is that node, WF__NONE when none does. */
static wf_status run(wf__mexp *x, uint32_t *found) {
    wf_mesh_query *q = x->q;
    *found = WF__NONE;
    while (q->open.n) {
        q->open.node = q->node;
        uint32_t i = mheap_pop(&q->open);
        q->stats.heap_ops++;
        const wf__mnode *n = &q->node[i];
        if (n->final) {
            *found = i;
            return WF_OK;
        }
        if (n->root != WF__NONE && q->root_tag[n->root] == q->gen &&
            n->g > q->root_g[n->root] * (1 + 1e-12))
            continue;
        size_t before;
        uint32_t one;
        do {
            before = q->nn;
            q->stats.expanded++;
            if (wf__polyanya_expand(x, i) < 0)
                return WF_E_NOMEM;
            one = WF__NONE;
            size_t made = 0;
            for (size_t j = before; j < q->nn; j++)
                if (!q->node[j].bend)
                    made++, one = (uint32_t)j;
            q->stats.generated += made;
            if (made != 1 || q->node[one].final)
                one = WF__NONE;
            i = one;
        } while (one != WF__NONE);
        for (size_t j = before; j < q->nn; j++)
            if (!q->node[j].bend && push(q, (uint32_t)j) != WF_OK)
                return WF_E_NOMEM;
    }
    return WF_OK;
}

static wf_status search(wf_mesh_query *q, const wf_mesh *m, wf__mpt s,
                        wf__mpt t, wf_polyline *out) {
    size_t ns, ng;
    wf_status st = locate_ends(q, m, s, t, &ns, &ng);
    if (st != WF_OK)
        return st;
    int joined = 0;
    for (size_t i = 0; i < ns; i++)
        for (size_t j = 0; j < ng; j++) {
            const uint32_t a = q->ends[i], b = q->ends[ns + j];
            if (a == b) {
                out->count = 0;
                if (wf_polyline_reserve(out, 2) != WF_OK)
                    return WF_E_NOMEM;
                const double k = m->scale;
                out->points[0] = (wf_vec2){s.x / k, s.y / k};
                out->points[1] = (wf_vec2){t.x / k, t.y / k};
                out->count = 2;
                return WF_OK;
            }
            joined |= m->comp[a] == m->comp[b];
        }
    if (!joined)
        return fail(q, WF_NO_PATH, "no path joins the start and the goal "
                                   "(they lie in separate pieces)");
    for (size_t j = 0; j < ng; j++)
        q->goal_tag[q->ends[ns + j]] = q->gen;
    wf__mexp x = {q, m, t, t.x, t.y};
    uint32_t f;
    st = start_nodes(&x, s, ns);
    if (st == WF_OK)
        st = run(&x, &f);
    if (st != WF_OK)
        return fail(q, st, "out of memory");
    if (f == WF__NONE)
        return fail(q, WF_NO_PATH, "no path joins the start and the goal");
    return trace_back(q, m, f, t, out);
}

wf_status wf_mesh_path(wf_mesh_query *q, const wf_mesh *m, wf_vec2 from,
                       wf_vec2 to, wf_polyline *out) {
    if (!q || !m || !out)
        return q ? fail(q, WF_E_INVALID_ARG, "the mesh and the polyline "
                                             "are required")
                 : WF_E_INVALID_ARG;
    out->count = 0;
    out->length = out->cost = 0;
    memset(&out->stats, 0, sizeof out->stats);
    memset(&q->stats, 0, sizeof q->stats);
    q->msg[0] = 0;
    wf__mesh_links_clear(q);
    if (!isfinite(from.x) || !isfinite(from.y) || !isfinite(to.x) ||
        !isfinite(to.y))
        return fail(q, WF_E_INVALID_ARG, "a point is not finite");
    wf__mpt s = {0, 0}, t = {0, 0};
    const int far = !wf__mesh_fix(m, from, &s);
    if (far || !wf__mesh_fix(m, to, &t)) {
        const wf_vec2 p = far ? from : to;
        return fail(q, WF_E_RANGE, "the %s (%g, %g) lies too far out for "
                                   "the mesh's fixed point",
                    far ? "start" : "goal", p.x, p.y);
    }
    wf_status st = m->nlink ? wf__mesh_link_path(q, m, s, t, out)
                            : wf__mesh_shortest(q, m, s, t, out);
    out->stats = q->stats;
    out->stats.engine = WF_ALGO_ASTAR;
    if (st == WF_OK && !m->nlink)
        wf__mesh_measure(out, m->cost);
    else if (st != WF_OK)
        out->count = 0;
    return st;
}

wf_status wf__mesh_shortest(wf_mesh_query *q, const wf_mesh *m, wf__mpt s,
                            wf__mpt t, wf_polyline *out) {
    out->count = 0;
    const wf_status st = size_for(q, m);
    return st == WF_OK ? search(q, m, s, t, out)
                       : fail(q, st, "out of memory");
}
