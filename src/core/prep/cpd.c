/* Building the compressed path database (cpd.h): number the cells the unit
 * may stand on in depth-first order, run one Dijkstra search from each,
 * keeping for every target the set of first moves that start a cheapest
 * path to it, and store each source's targets as runs of one move. */
#include <math.h>
#include <stdlib.h>

#include "cpd_internal.h"

/* The build's scratch: the nodes in depth-first order with their cells,
 * moves and entry costs, and one Dijkstra search's state. */
typedef struct build {
    const wf_grid *g;
    uint32_t n;
    uint32_t *cell;    /* node → cell */
    uint8_t *moves;    /* node → allowed directions */
    double *enter;     /* node → cost of entering it */
    ptrdiff_t off[WF_DIR_COUNT];
    double step[WF_DIR_COUNT];
    /* one search */
    double *dist;
    uint8_t *firsts;   /* node → optimal first moves (bit per direction) */
    uint8_t *state;    /* 0 unseen, 1 open, 2 closed */
    wf__cell *slot;    /* heap positions */
    double *key;
    uint32_t *id;
} build;

static void free_cpd_arrays(wf_cpd *c) {
    const wf_allocator *a = &c->alloc;
    wf__free(a, c->node_of, c->unit.cells * sizeof *c->node_of);
    wf__free(a, c->comp, ((size_t)c->nodes + 1) * sizeof *c->comp);
    wf__free(a, c->first, ((size_t)c->nodes + 1) * sizeof *c->first);
    wf__free(a, c->runs, c->run_cap * sizeof *c->runs);
}

void wf_cpd_free(wf_cpd *c) {
    if (!c)
        return;
    free_cpd_arrays(c);
    wf_allocator a = c->alloc;
    wf__free(&a, c, sizeof *c);
}

/* The moves the unit may make from cell u (pass: NULL when the filter
 * forbids nothing the grid allows). */
static unsigned moves_of(const wf_cpd *c, const wf_grid *g, uint32_t u,
                         const uint8_t *pass) {
    return wf__allowed_moves(wf__nbmask_pass(g, u, pass),
                             c->unit.move.connect, c->unit.move.corners);
}

/* Numbers the cells the unit may stand on in depth-first order (the
 * lowest direction first), component by component in row-major order of
 * their first cells, filling c->node_of, c->comp and b's node arrays. */
static wf_status number_nodes(wf_cpd *c, build *b, const uint8_t *pass) {
    const wf_grid *g = b->g;
    uint32_t *stack = wf__alloc(&c->alloc, (8 * (size_t)b->n + 1) * sizeof *stack);
    if (!stack)
        return WF_E_NOMEM;
    for (size_t i = 0; i < c->unit.cells; i++)
        c->node_of[i] = WF__CPD_NO_NODE;
    uint32_t next = 0, comp = 0;
    for (size_t s = 0; s < c->unit.cells; s++) {
        if (c->node_of[s] != WF__CPD_NO_NODE ||
            !(c->unit.cost[g->terrain[s]] < INFINITY))
            continue;
        size_t top = 0;
        stack[top++] = (uint32_t)s;
        while (top) {
            const uint32_t u = stack[--top];
            if (c->node_of[u] != WF__CPD_NO_NODE)
                continue;
            const unsigned m = moves_of(c, g, u, pass);
            c->node_of[u] = next;
            c->comp[next] = comp;
            b->cell[next] = u;
            b->moves[next] = (uint8_t)m;
            b->enter[next] = c->unit.cost[g->terrain[u]];
            next++;
            for (int d = WF_DIR_COUNT - 1; d >= 0; d--) {
                const uint32_t v = (uint32_t)((ptrdiff_t)u + b->off[d]);
                if ((m >> d) & 1u && c->node_of[v] == WF__CPD_NO_NODE)
                    stack[top++] = v;
            }
        }
        comp++;
    }
    wf__free(&c->alloc, stack, (8 * (size_t)b->n + 1) * sizeof *stack);
    return WF_OK;
}

/* Dijkstra from node s: b->firsts[t] holds every direction whose move
 * from s starts a cheapest path to t (costs within a relative 1e-12 count
 * as equal), 0 for t unreachable. */
static void search_from(const wf_cpd *c, build *b, uint32_t s) {
    const uint32_t n = b->n;
    for (uint32_t i = 0; i < n; i++) {
        b->dist[i] = INFINITY;
        b->firsts[i] = 0;
        b->state[i] = 0;
    }
    wf__heap h = {b->slot, b->key, b->id, 0};
    b->dist[s] = 0;
    b->state[s] = 1;
    wf__heap_push(&h, 0, s);
    while (h.n) {
        const uint32_t u = h.id[0];
        wf__heap_pop(&h);
        b->state[u] = 2;
        const double du = b->dist[u];
        const uint32_t cu = b->cell[u];
        unsigned m = b->moves[u];
        while (m) {
            const int d = __builtin_ctz(m);
            m &= m - 1;
            const uint32_t v =
                c->node_of[(uint32_t)((ptrdiff_t)cu + b->off[d])];
            if (b->state[v] == 2)
                continue;
            const double nd = du + b->step[d] * b->enter[v];
            const uint8_t via = u == s ? (uint8_t)(1u << d) : b->firsts[u];
            const double tol = 1e-12 * nd;
            if (nd < b->dist[v] - tol) {
                b->dist[v] = nd;
                b->firsts[v] = via;
                if (b->state[v])
                    wf__heap_up(&h, b->slot[v].pos, nd, v);
                else
                    wf__heap_push(&h, nd, v);
                b->state[v] = 1;
            } else if (nd <= b->dist[v] + tol) {
                b->firsts[v] |= via;
            }
        }
    }
}

/* Appends run r to c->runs, growing it by half again when full. */
static wf_status push_run(wf_cpd *c, uint32_t r) {
    if (c->run_count == c->run_cap) {
        size_t want = c->run_cap < 1024 ? 1024 : c->run_cap + c->run_cap / 2;
        uint32_t *p = wf__realloc(&c->alloc, c->runs, c->run_cap * sizeof *p,
                                  want * sizeof *p);
        if (!p)
            return WF_E_NOMEM;
        c->runs = p;
        c->run_cap = want;
    }
    c->runs[c->run_count++] = r;
    return WF_OK;
}

/* The runs of source s: targets in order, a run extended while some move
 * is optimal for all its targets (itself, and targets it cannot reach,
 * take any move); the run's move is the lowest such direction. */
static wf_status encode_source(wf_cpd *c, const build *b, uint32_t s) {
    unsigned cur = 0xFFu;
    uint32_t start = 0;
    for (uint32_t t = 0; t < b->n; t++) {
        const unsigned m = t == s || !b->firsts[t] ? 0xFFu : b->firsts[t];
        if (cur & m) {
            cur &= m;
            continue;
        }
        wf_status st = push_run(c, WF__CPD_RUN(start, __builtin_ctz(cur)));
        if (st != WF_OK)
            return st;
        start = t;
        cur = m;
    }
    return push_run(c, WF__CPD_RUN(start, __builtin_ctz(cur)));
}

/* Every array has one entry more than there are nodes, so that no size is
 * 0 (a map with nothing to stand on still builds). */
static void free_build(const wf_allocator *a, build *b) {
    const size_t n = (size_t)b->n + 1;
    wf__free(a, b->cell, n * sizeof *b->cell);
    wf__free(a, b->moves, n);
    wf__free(a, b->enter, n * sizeof *b->enter);
    wf__free(a, b->dist, n * sizeof *b->dist);
    wf__free(a, b->firsts, n);
    wf__free(a, b->state, n);
    wf__free(a, b->slot, n * sizeof *b->slot);
    wf__free(a, b->key, n * sizeof *b->key);
    wf__free(a, b->id, n * sizeof *b->id);
}

static wf_status alloc_build(const wf_allocator *a, build *b) {
    const size_t n = (size_t)b->n + 1;
    b->cell = wf__alloc(a, n * sizeof *b->cell);
    b->moves = wf__alloc(a, n);
    b->enter = wf__alloc(a, n * sizeof *b->enter);
    b->dist = wf__alloc(a, n * sizeof *b->dist);
    b->firsts = wf__alloc(a, n);
    b->state = wf__alloc(a, n);
    b->slot = wf__alloc(a, n * sizeof *b->slot);
    b->key = wf__alloc(a, n * sizeof *b->key);
    b->id = wf__alloc(a, n * sizeof *b->id);
    return b->cell && b->moves && b->enter && b->dist && b->firsts &&
                   b->state && b->slot && b->key && b->id
               ? WF_OK
               : WF_E_NOMEM;
}

wf_status wf_cpd_build(const wf_grid *g, const wf_move *move,
                       const wf_filter *filter, const wf_allocator *alloc,
                       wf_cpd **out) {
    if (!g || !out)
        return WF_E_INVALID_ARG;
    *out = NULL;
    wf__made_for u;
    if (wf__made_for_init(g, move, filter, &u) != WF_OK)
        return WF_E_INVALID_ARG;
    const size_t n = u.nodes;
    if (n > WF_CPD_MAX_NODES)
        return WF_E_TOO_BIG;
    const wf_allocator a = wf__allocator(alloc);
    wf_cpd *c = wf__alloc(&a, sizeof *c);
    if (!c)
        return WF_E_NOMEM;
    memset(c, 0, sizeof *c);
    c->alloc = a;
    c->unit = u;
    build b = {.g = g, .n = (uint32_t)n};
    wf__dir_offsets(g->width, b.off);
    for (int d = 0; d < WF_DIR_COUNT; d++)
        b.step[d] = d < 4 ? 1.0 : WF_SQRT2;
    c->nodes = (uint32_t)n;
    c->node_of = wf__alloc(&a, c->unit.cells * sizeof *c->node_of);
    c->comp = wf__alloc(&a, (n + 1) * sizeof *c->comp);
    c->first = wf__alloc(&a, (n + 1) * sizeof *c->first);
    wf_status st = c->node_of && c->comp && c->first ? alloc_build(&a, &b)
                                                     : WF_E_NOMEM;
    if (st == WF_OK)
        st = number_nodes(c, &b, u.forbids ? u.pass : NULL);
    for (uint32_t s = 0; st == WF_OK && s < b.n; s++) {
        if (c->run_count > UINT32_MAX - b.n) {
            st = WF_E_TOO_BIG;
            break;
        }
        c->first[s] = (uint32_t)c->run_count;
        search_from(c, &b, s);
        st = encode_source(c, &b, s);
    }
    free_build(&a, &b);
    if (st == WF_OK && c->run_count < c->run_cap) {
        /* give back what the growth left over */
        uint32_t *p = wf__realloc(&a, c->runs, c->run_cap * sizeof *p,
                                  c->run_count * sizeof *p);
        if (p) {
            c->runs = p;
            c->run_cap = c->run_count;
        } else {
            st = WF_E_NOMEM;
        }
    }
    if (st == WF_OK)
        c->first[n] = (uint32_t)c->run_count;
    if (st != WF_OK) {
        wf_cpd_free(c);
        return st;
    }
    *out = c;
    return WF_OK;
}
