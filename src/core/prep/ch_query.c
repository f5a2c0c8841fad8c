/* Searching the contraction hierarchy (ch.h): Dijkstra upward from both
 * ends at once, each side taking the cheaper top of the two, a node left
 * unexpanded when a cheaper way down to it is already known (stall-on-
 * demand), until neither side's cheapest open cost can beat the best
 * meeting; then the arcs of the two halves are unpacked into moves. */
#include <math.h>

#include "ch_internal.h"

/* One direction's search: forward from the start over `out` costs, or
 * backward from the goal over `in` costs. parent: the arc that reached a
 * node, by its index, and the node that arc belongs to. */
typedef struct side {
    wf__cell *cell;     /* tag: query number that reached it */
    double *key, *dist;
    uint32_t *id;
    uint32_t *from, *arc;
    uint32_t n;         /* open nodes */
} side;

/* A piece of the path still to unpack: one direction of an arc (via, as
 * ch->via indexes it: 2 × arc + 0 out, 1 in) that ends at node b. */
typedef struct piece {
    uint32_t b, via;
} piece;

struct wf_ch_query {
    const wf_ch *ch;
    wf_allocator alloc;
    side s[2];
    uint32_t *seen; /* node → the query number whose path holds it */
    uint32_t gen;
    piece *stack;
    size_t stack_cap;
};

static void free_side(const wf_allocator *a, side *s, size_t n) {
    wf__free(a, s->cell, n * sizeof *s->cell);
    wf__free(a, s->key, n * sizeof *s->key);
    wf__free(a, s->dist, n * sizeof *s->dist);
    wf__free(a, s->id, n * sizeof *s->id);
    wf__free(a, s->from, n * sizeof *s->from);
    wf__free(a, s->arc, n * sizeof *s->arc);
}

void wf_ch_query_free(wf_ch_query *q) {
    if (!q)
        return;
    const size_t n = (size_t)q->ch->nodes + 1;
    for (int k = 0; k < 2; k++)
        free_side(&q->alloc, &q->s[k], n);
    wf__free(&q->alloc, q->stack, q->stack_cap * sizeof *q->stack);
    wf__free(&q->alloc, q->seen, n * sizeof *q->seen);
    wf_allocator keep = q->alloc;
    wf__free(&keep, q, sizeof *q);
}

wf_status wf_ch_query_create(const wf_ch *c, const wf_allocator *alloc,
                             wf_ch_query **out) {
    if (!c || !out)
        return WF_E_INVALID_ARG;
    *out = NULL;
    const wf_allocator a = wf__allocator(alloc);
    wf_ch_query *q = wf__alloc(&a, sizeof *q);
    if (!q)
        return WF_E_NOMEM;
    memset(q, 0, sizeof *q);
    q->ch = c;
    q->alloc = a;
    const size_t n = (size_t)c->nodes + 1;
    int ok = 1;
    for (int k = 0; k < 2; k++) {
        side *s = &q->s[k];
        s->cell = wf__alloc(&a, n * sizeof *s->cell);
        s->key = wf__alloc(&a, n * sizeof *s->key);
        s->dist = wf__alloc(&a, n * sizeof *s->dist);
        s->id = wf__alloc(&a, n * sizeof *s->id);
        s->from = wf__alloc(&a, n * sizeof *s->from);
        s->arc = wf__alloc(&a, n * sizeof *s->arc);
        ok = ok && s->cell && s->key && s->dist && s->id && s->from && s->arc;
        if (s->cell)
            memset(s->cell, 0, n * sizeof *s->cell);
    }
    q->stack_cap = 64;
    q->stack = wf__alloc(&a, q->stack_cap * sizeof *q->stack);
    q->seen = wf__alloc(&a, n * sizeof *q->seen);
    if (q->seen)
        memset(q->seen, 0, n * sizeof *q->seen);
    if (!ok || !q->stack || !q->seen) {
        wf_ch_query_free(q);
        return WF_E_NOMEM;
    }
    *out = q;
    return WF_OK;
}

/* Starts a new query number (older tags then mean "not reached"), clearing
 * the tags when the numbers wrap. */
static void next_query(wf_ch_query *q) {
    if (++q->gen == 0) {
        for (int k = 0; k < 2; k++)
            memset(q->s[k].cell, 0,
                   ((size_t)q->ch->nodes + 1) * sizeof *q->s[k].cell);
        memset(q->seen, 0, ((size_t)q->ch->nodes + 1) * sizeof *q->seen);
        q->gen = 1;
    }
}

static void reach(side *s, uint32_t gen, uint32_t v, double d, uint32_t from,
                  uint32_t arc) {
    wf__heap h = {s->cell, s->key, s->id, s->n};
    if (s->cell[v].tag != gen) {
        s->cell[v].tag = gen;
        wf__heap_push(&h, d, v);
    } else {
        wf__heap_up(&h, s->cell[v].pos, d, v);
    }
    s->n = h.n;
    s->dist[v] = d;
    s->from[v] = from;
    s->arc[v] = arc;
}

/* Expands the top of side k (0 forward, 1 backward), meeting the other
 * side at it when that has reached it. */
static void expand(wf_ch_query *q, int k, double *best, uint32_t *meet,
                   wf_stats *st) {
    const wf_ch *c = q->ch;
    const uint32_t gen = q->gen;
    side *s = &q->s[k];
    const side *o = &q->s[1 - k];
    wf__heap h = {s->cell, s->key, s->id, s->n};
    const uint32_t v = h.id[0];
    const double dv = h.key[0];
    wf__heap_pop(&h);
    s->n = h.n;
    st->expanded++;
    st->heap_ops++;
    if (o->cell[v].tag == gen && dv + o->dist[v] < *best) {
        *best = dv + o->dist[v];
        *meet = v;
    }
    const wf__ch_arc *arcs = c->arcs + c->first[v];
    const uint32_t count = c->first[v + 1] - c->first[v];
    /* stalled: some node above already reached costs less than dv plus
     * its arc down to v */
    for (uint32_t i = 0; i < count; i++) {
        const uint32_t w = arcs[i].to;
        const double down = k ? arcs[i].out : arcs[i].in;
        if (s->cell[w].tag == gen && s->dist[w] + down < dv)
            return;
    }
    for (uint32_t i = 0; i < count; i++) {
        const uint32_t w = arcs[i].to;
        const double nd = dv + (k ? arcs[i].in : arcs[i].out);
        if (!(nd < INFINITY) ||
            (s->cell[w].tag == gen && !(nd < s->dist[w])))
            continue;
        reach(s, gen, w, nd, v, c->first[v] + i);
        st->generated++;
        st->heap_ops++;
    }
}

static wf_status push_piece(wf_ch_query *q, size_t *top, piece p) {
    if (*top == q->stack_cap) {
        const size_t want = q->stack_cap * 2;
        piece *s = wf__realloc(&q->alloc, q->stack,
                               q->stack_cap * sizeof *s, want * sizeof *s);
        if (!s)
            return WF_E_NOMEM;
        q->stack = s;
        q->stack_cap = want;
    }
    q->stack[(*top)++] = p;
    return WF_OK;
}

/* Unpacks the pieces on the stack (top first) into the cells after each
 * piece's a, appended to out, which holds *count points. */
static wf_status drain(wf_ch_query *q, size_t top, wf_path *out,
                       size_t *count) {
    const wf_ch *c = q->ch;
    wf_status st = WF_OK;
    while (st == WF_OK && top) {
        const piece x = q->stack[--top];
        const wf__ch_via *v = &c->via[x.via];
        if (v->mid == WF__CH_NONE) {
            /* a checked file cannot unpack into more moves than nodes, but
             * its shortcuts may still, together, pass a node twice */
            if (*count >= c->nodes || q->seen[x.b] == q->gen)
                return WF_E_CORRUPT;
            q->seen[x.b] = q->gen;
            if ((st = wf__path_grow(out, *count + 1)) != WF_OK)
                return st;
            const uint32_t cell = c->cell_of[x.b];
            out->points[(*count)++] = (wf_point){
                (int)(cell % (uint32_t)c->unit.width),
                (int)(cell / (uint32_t)c->unit.width)};
            continue;
        }
        /* mid → b, then a → mid on top */
        st = push_piece(q, &top, (piece){x.b, 2 * v->second});
        if (st == WF_OK)
            st = push_piece(q, &top, (piece){v->mid, 2 * v->first + 1});
    }
    return st;
}

/* The path s → meet → t the two searches found, unpacked into out. */
static wf_status build_path(wf_ch_query *q, const wf_grid *g, uint32_t s,
                            uint32_t t, uint32_t meet, wf_path *out) {
    const wf_ch *c = q->ch;
    const side *f = &q->s[0], *b = &q->s[1];
    wf_status st = wf__path_grow(out, 1);
    if (st != WF_OK)
        return st;
    const uint32_t cs = c->cell_of[s];
    out->points[0] = (wf_point){(int)(cs % (uint32_t)c->unit.width),
                                (int)(cs / (uint32_t)c->unit.width)};
    q->seen[s] = q->gen;
    size_t count = 1, top = 0;
    /* the forward half, walked from meet down to s, leaves s's arc on top */
    for (uint32_t v = meet; st == WF_OK && v != s; v = f->from[v])
        st = push_piece(q, &top, (piece){v, 2 * f->arc[v]});
    if (st == WF_OK)
        st = drain(q, top, out, &count);
    /* the backward half, one arc at a time from meet up to t */
    for (uint32_t v = meet; st == WF_OK && v != t; v = b->from[v]) {
        top = 0;
        st = push_piece(q, &top, (piece){b->from[v], 2 * b->arc[v] + 1});
        if (st == WF_OK)
            st = drain(q, top, out, &count);
    }
    if (st != WF_OK)
        return st;
    double cost = 0;
    for (size_t k = 1; k < count; k++) {
        const wf_point a = out->points[k - 1], p = out->points[k];
        const size_t cell = (size_t)p.y * (size_t)c->unit.width + (size_t)p.x;
        cost += (a.x != p.x && a.y != p.y ? WF_SQRT2 : 1.0) *
                c->unit.cost[g->terrain[cell]];
    }
    out->count = count;
    out->cost = cost;
    return WF_OK;
}

wf_status wf_ch_path(wf_ch_query *q, const wf_grid *g, wf_point from,
                     wf_point to, wf_path *out) {
    if (!q || !g || !out)
        return WF_E_INVALID_ARG;
    out->count = 0;
    out->cost = 0;
    memset(&out->stats, 0, sizeof out->stats);
    out->stats.engine = WF_ALGO_DIJKSTRA;
    const wf_ch *c = q->ch;
    if (wf__made_for_current(&c->unit, g) != WF_OK)
        return WF_E_INVALID_ARG;
    if (!wf_grid_contains(g, from.x, from.y) ||
        !wf_grid_contains(g, to.x, to.y))
        return WF_E_RANGE;
    const size_t W = (size_t)c->unit.width;
    const uint32_t s = c->rank_of[(size_t)from.y * W + (size_t)from.x];
    const uint32_t t = c->rank_of[(size_t)to.y * W + (size_t)to.x];
    if (s == WF__CH_NONE || t == WF__CH_NONE)
        return WF_NO_PATH;
    next_query(q);
    q->s[0].n = q->s[1].n = 0;
    reach(&q->s[0], q->gen, s, 0, s, WF__CH_NONE);
    reach(&q->s[1], q->gen, t, 0, t, WF__CH_NONE);
    double best = INFINITY;
    uint32_t meet = WF__CH_NONE;
    for (;;) {
        const double kf = q->s[0].n ? q->s[0].key[0] : INFINITY;
        const double kb = q->s[1].n ? q->s[1].key[0] : INFINITY;
        if (!(kf < best) && !(kb < best))
            break;
        expand(q, kf < best && (kf <= kb || !(kb < best)) ? 0 : 1, &best,
               &meet, &out->stats);
    }
    if (meet == WF__CH_NONE)
        return WF_NO_PATH;
    wf_status st = build_path(q, g, s, t, meet, out);
    if (st != WF_OK)
        out->count = 0;
    return st;
}
