/* Building the contraction hierarchy (ch.h): a graph of the cells the unit
 * may stand on and its moves, contracted node by node in the order of a
 * lazily updated priority, shortcuts added where no witness is found, and
 * each node's list frozen, as it stands when the node is contracted, into
 * the arcs the queries climb. */
#include <math.h>

#include "ch_internal.h"

/* Most nodes a witness search settles before giving up, when contracting
 * (a shortcut is then added: never wrong, only one arc more). The order
 * is chosen on a cheaper estimate: only witnesses of one or two arcs
 * (near_witnesses) count there. */
#define CONTRACT_LIMIT 512u

/* An arc while building: as wf__ch_arc, with the node it passes through
 * and the number of moves it stands for (up to 65535: it only weighs the
 * order), each way; 32 bytes, so that the scans of the witness searches
 * read two arcs a cache line. */
typedef struct barc {
    uint32_t to;
    uint32_t mid_out, mid_in;
    uint16_t hops_out, hops_in;
    double out, in;
} barc;

/* A node's list while building: arcs to the nodes not yet contracted (to
 * every neighbour until it is contracted, frozen after). */
typedef struct blist {
    barc *a;
    uint32_t n, cap;
} blist;

typedef struct builder {
    wf_allocator alloc;
    uint32_t n;
    blist *adj;
    uint32_t *cell;     /* node → cell */
    uint32_t *level;    /* 1 + the deepest contracted neighbour's level */
    uint32_t *rank;     /* node → order of contraction */
    /* one witness search */
    wf__cell *w_cell;   /* tag: search number that reached it */
    double *w_key, *w_dist;
    uint32_t *w_id;
    uint32_t *w_goal;   /* search number for which it is a target not
                           yet known to have a witness */
    double *w_need;     /* the cost a witness to that target may have */
    uint32_t gen;
    /* the contraction order */
    wf__cell *q_cell;
    double *q_key;
    uint32_t *q_id;
} builder;

static void free_lists(builder *b) {
    if (!b->adj)
        return;
    for (uint32_t v = 0; v < b->n; v++)
        wf__free(&b->alloc, b->adj[v].a, b->adj[v].cap * sizeof(barc));
    wf__free(&b->alloc, b->adj, ((size_t)b->n + 1) * sizeof *b->adj);
    b->adj = NULL;
}

static void free_builder(builder *b) {
    const wf_allocator *a = &b->alloc;
    const size_t n = (size_t)b->n + 1;
    free_lists(b);
    wf__free(a, b->cell, n * sizeof *b->cell);
    wf__free(a, b->level, n * sizeof *b->level);
    wf__free(a, b->rank, n * sizeof *b->rank);
    wf__free(a, b->w_cell, n * sizeof *b->w_cell);
    wf__free(a, b->w_key, n * sizeof *b->w_key);
    wf__free(a, b->w_dist, n * sizeof *b->w_dist);
    wf__free(a, b->w_id, n * sizeof *b->w_id);
    wf__free(a, b->w_goal, n * sizeof *b->w_goal);
    wf__free(a, b->w_need, n * sizeof *b->w_need);
    wf__free(a, b->q_cell, n * sizeof *b->q_cell);
    wf__free(a, b->q_key, n * sizeof *b->q_key);
    wf__free(a, b->q_id, n * sizeof *b->q_id);
}

/* Every array has one entry more than there are nodes, so that no size is
 * 0 (a map with nothing to stand on still builds). */
static wf_status alloc_builder(builder *b) {
    const wf_allocator *a = &b->alloc;
    const size_t n = (size_t)b->n + 1;
    b->adj = wf__alloc(a, n * sizeof *b->adj);
    if (b->adj)
        memset(b->adj, 0, n * sizeof *b->adj);
    b->cell = wf__alloc(a, n * sizeof *b->cell);
    b->level = wf__alloc(a, n * sizeof *b->level);
    b->rank = wf__alloc(a, n * sizeof *b->rank);
    b->w_cell = wf__alloc(a, n * sizeof *b->w_cell);
    b->w_key = wf__alloc(a, n * sizeof *b->w_key);
    b->w_dist = wf__alloc(a, n * sizeof *b->w_dist);
    b->w_id = wf__alloc(a, n * sizeof *b->w_id);
    b->w_goal = wf__alloc(a, n * sizeof *b->w_goal);
    b->w_need = wf__alloc(a, n * sizeof *b->w_need);
    b->q_cell = wf__alloc(a, n * sizeof *b->q_cell);
    b->q_key = wf__alloc(a, n * sizeof *b->q_key);
    b->q_id = wf__alloc(a, n * sizeof *b->q_id);
    if (!(b->adj && b->cell && b->level && b->rank && b->w_cell &&
          b->w_key && b->w_dist && b->w_id && b->w_goal && b->w_need &&
          b->q_cell && b->q_key && b->q_id))
        return WF_E_NOMEM;
    memset(b->level, 0, n * sizeof *b->level);
    memset(b->w_cell, 0, n * sizeof *b->w_cell);
    memset(b->w_goal, 0, n * sizeof *b->w_goal);
    memset(b->q_cell, 0, n * sizeof *b->q_cell);
    return WF_OK;
}

/* The arc of v's list to w, or NULL. */
static barc *find_arc(const builder *b, uint32_t v, uint32_t w) {
    blist *l = &b->adj[v];
    for (uint32_t i = 0; i < l->n; i++)
        if (l->a[i].to == w)
            return &l->a[i];
    return NULL;
}

/* A new arc at the end of v's list, to w, with no cost either way. */
static barc *push_arc(builder *b, uint32_t v, uint32_t w) {
    blist *l = &b->adj[v];
    if (l->n == l->cap) {
        const uint32_t want = l->cap ? l->cap * 2 : 8;
        barc *p = wf__realloc(&b->alloc, l->a, l->cap * sizeof *p,
                              want * sizeof *p);
        if (!p)
            return NULL;
        l->a = p;
        l->cap = want;
    }
    barc *e = &l->a[l->n++];
    *e = (barc){w, WF__CH_NONE, WF__CH_NONE, 0, 0, INFINITY, INFINITY};
    return e;
}

/* Sets the arc u → w to cost c through mid (WF__CH_NONE: a move) standing
 * for hops moves, in u's list (out) and w's (in), adding it where missing.
 * Only called when c is cheaper than the arc's present cost. */
static wf_status set_arc(builder *b, uint32_t u, uint32_t w, double c,
                         uint32_t mid, uint16_t hops) {
    barc *e = find_arc(b, u, w);
    if (!e && !(e = push_arc(b, u, w)))
        return WF_E_NOMEM;
    e->out = c;
    e->mid_out = mid;
    e->hops_out = hops;
    barc *r = find_arc(b, w, u);
    if (!r && !(r = push_arc(b, w, u)))
        return WF_E_NOMEM;
    r->in = c;
    r->mid_in = mid;
    r->hops_in = hops;
    return WF_OK;
}

/* Removes the arc to v from w's list (order does not matter until w is
 * contracted). */
static void drop_arc(builder *b, uint32_t w, uint32_t v) {
    blist *l = &b->adj[w];
    for (uint32_t i = 0; i < l->n; i++)
        if (l->a[i].to == v) {
            l->a[i] = l->a[--l->n];
            return;
        }
}

/* The largest cost a witness may have to one of the targets (the ends
 * of v's list with w_goal == gen) not settled yet (w_need >= 0); -1 when
 * none is left. */
static double pending_bound(const builder *b, const blist *l) {
    double bound = -1;
    for (uint32_t j = 0; j < l->n; j++) {
        const uint32_t w = l->a[j].to;
        if (b->w_goal[w] == b->gen && b->w_need[w] > bound)
            bound = b->w_need[w];
    }
    return bound;
}

/* Dijkstra from u over the arcs among nodes not contracted, avoiding v
 * (whose list l holds the targets), until every target is settled, the
 * cheapest open cost exceeds what a witness to a target still unsettled
 * may cost, or limit nodes are settled. Afterwards reached(b, x) gives the
 * cost found to x: a path's, so no more than its cheapest. */
static void witness(builder *b, uint32_t u, uint32_t v, const blist *l,
                    uint32_t limit) {
    const uint32_t gen = b->gen;
    double bound = pending_bound(b, l);
    wf__heap h = {b->w_cell, b->w_key, b->w_id, 0};
    b->w_cell[u].tag = gen;
    b->w_dist[u] = 0;
    wf__heap_push(&h, 0, u);
    uint32_t settled = 0;
    while (h.n && bound >= 0) {
        const uint32_t x = h.id[0];
        const double dx = h.key[0];
        wf__heap_pop(&h);
        if (dx > bound || ++settled > limit)
            break;
        if (b->w_goal[x] == gen && b->w_need[x] >= 0) {
            b->w_need[x] = -1; /* settled: reached(x) is final */
            bound = pending_bound(b, l);
        }
        const blist *lx = &b->adj[x];
        for (uint32_t i = 0; i < lx->n; i++) {
            const barc *e = &lx->a[i];
            const uint32_t y = e->to;
            const double nd = dx + e->out;
            if (y == v || !(nd <= bound))
                continue;
            if (b->w_cell[y].tag != gen) {
                b->w_cell[y].tag = gen;
                b->w_dist[y] = nd;
                wf__heap_push(&h, nd, y);
            } else if (nd < b->w_dist[y]) {
                /* y is open: a settled node costs no more than x */
                b->w_dist[y] = nd;
                wf__heap_up(&h, b->w_cell[y].pos, nd, y);
            }
        }
    }
}

static double reached(const builder *b, uint32_t x) {
    return b->w_cell[x].tag == b->gen ? b->w_dist[x] : INFINITY;
}

/* Starts a new search number (tags from older searches then mean "not
 * reached"), clearing the tags when the numbers wrap. */
static void next_search(builder *b) {
    if (++b->gen == 0) {
        memset(b->w_cell, 0, ((size_t)b->n + 1) * sizeof *b->w_cell);
        memset(b->w_goal, 0, ((size_t)b->n + 1) * sizeof *b->w_goal);
        b->gen = 1;
    }
}

/* Marks as found (w_goal no longer gen) every target y of the current
 * search that u reaches in one or two moves, avoiding v, at no more than
 * w_need[y]; returns how many targets are left. On grids most witnesses
 * are this short: the way round v. */
static uint32_t near_witnesses(builder *b, uint32_t u, uint32_t v,
                               uint32_t targets) {
    const uint32_t gen = b->gen;
    const blist *l = &b->adj[u];
    for (uint32_t i = 0; i < l->n && targets; i++) {
        const barc *e = &l->a[i];
        if (b->w_goal[e->to] == gen && e->out <= b->w_need[e->to]) {
            b->w_goal[e->to] = 0;
            targets--;
        }
    }
    for (uint32_t i = 0; i < l->n && targets; i++) {
        const barc *e = &l->a[i];
        if (e->to == v || !(e->out < INFINITY))
            continue;
        const blist *m = &b->adj[e->to];
        for (uint32_t j = 0; j < m->n; j++) {
            const uint32_t y = m->a[j].to;
            if (b->w_goal[y] == gen && e->out + m->a[j].out <= b->w_need[y]) {
                b->w_goal[y] = 0;
                if (!--targets)
                    break;
            }
        }
    }
    return targets;
}

/* The shortcuts contracting v needs: for each arc u → v and v → w (u != w),
 * u → w unless a witness costs no more, searched for among paths of one or
 * two arcs and then, with limit > 0, by a search settling at most limit
 * nodes. Counts them and the moves they stand for; with apply, adds them. */
static wf_status shortcuts(builder *b, uint32_t v, int apply, uint32_t limit,
                           uint32_t *added, uint64_t *hops) {
    const blist *l = &b->adj[v];
    *added = 0;
    *hops = 0;
    for (uint32_t i = 0; i < l->n; i++) {
        const barc in = l->a[i];
        if (!(in.in < INFINITY))
            continue;
        next_search(b);
        uint32_t targets = 0;
        for (uint32_t j = 0; j < l->n; j++) {
            const barc *o = &l->a[j];
            if (o->to == in.to || !(o->out < INFINITY))
                continue;
            b->w_goal[o->to] = b->gen;
            b->w_need[o->to] = in.in + o->out;
            targets++;
        }
        if (!targets || !(targets = near_witnesses(b, in.to, v, targets)))
            continue;
        if (limit)
            witness(b, in.to, v, l, limit);
        for (uint32_t j = 0; j < l->n; j++) {
            const barc o = l->a[j];
            if (o.to == in.to || !(o.out < INFINITY) ||
                b->w_goal[o.to] != b->gen)
                continue;
            const double c = in.in + o.out;
            if (reached(b, o.to) <= c)
                continue;
            const uint64_t h = (uint64_t)in.hops_in + o.hops_out;
            ++*added;
            *hops += h;
            if (apply) {
                wf_status st = set_arc(b, in.to, o.to, c, v,
                                       h > UINT16_MAX ? UINT16_MAX
                                                      : (uint16_t)h);
                if (st != WF_OK) /* (set_arc grows u's and w's lists,
                                    never v's, which l points into) */
                    return st;
            }
        }
    }
    return WF_OK;
}

/* How late v should be contracted: its depth, plus the arcs and moves its
 * contraction adds for each it removes. */
static wf_status priority(builder *b, uint32_t v, double *prio) {
    uint32_t added;
    uint64_t added_hops;
    wf_status st = shortcuts(b, v, 0, 0, &added, &added_hops);
    if (st != WF_OK)
        return st;
    uint32_t removed = 0;
    uint64_t removed_hops = 0;
    const blist *l = &b->adj[v];
    for (uint32_t i = 0; i < l->n; i++) {
        if (l->a[i].out < INFINITY) {
            removed++;
            removed_hops += l->a[i].hops_out;
        }
        if (l->a[i].in < INFINITY) {
            removed++;
            removed_hops += l->a[i].hops_in;
        }
    }
    *prio = (double)b->level[v] +
            (removed ? (double)added / removed : (double)added) +
            (removed_hops ? (double)added_hops / (double)removed_hops
                          : (double)added_hops);
    return WF_OK;
}

/* The graph of moves: a node for each cell the unit may stand on (row-major
 * order), an arc for each move it may make, costing 1 or √2 times the
 * entered cell's cost. */
static wf_status build_graph(const wf_ch *c, builder *b, const wf_grid *g,
                             const uint8_t *pass, uint32_t *node_of) {
    uint32_t next = 0;
    for (size_t i = 0; i < c->unit.cells; i++) {
        node_of[i] = WF__CH_NONE;
        if (c->unit.cost[g->terrain[i]] < INFINITY) {
            node_of[i] = next;
            b->cell[next++] = (uint32_t)i;
        }
    }
    const int32_t W = g->width;
    ptrdiff_t off[WF_DIR_COUNT];
    wf__dir_offsets(W, off);
    for (uint32_t v = 0; v < b->n; v++) {
        const uint32_t cv = b->cell[v];
        unsigned m = wf__allowed_moves(wf__nbmask_pass(g, cv, pass),
                                       c->unit.move.connect,
                                       c->unit.move.corners);
        while (m) {
            const int d = __builtin_ctz(m);
            m &= m - 1;
            const uint32_t cw = (uint32_t)((ptrdiff_t)cv + off[d]);
            const double step = (d < 4 ? 1.0 : WF_SQRT2) *
                                c->unit.cost[g->terrain[cw]];
            wf_status st = set_arc(b, v, node_of[cw], step, WF__CH_NONE, 1);
            if (st != WF_OK)
                return st;
        }
    }
    return WF_OK;
}

/* Contracts every node in the order of the priority heap, re-checking the
 * top's priority before contracting it when a neighbour has been
 * contracted since it was worked out, and putting it back when it has
 * grown past the next one's (lazy updates: refreshing the neighbours'
 * priorities after each contraction as well cost a third more time here
 * and bought no faster queries). Fills b->rank. */
static wf_status contract_all(builder *b) {
    wf__heap h = {b->q_cell, b->q_key, b->q_id, 0};
    for (uint32_t v = 0; v < b->n; v++) {
        double p;
        wf_status st = priority(b, v, &p);
        if (st != WF_OK)
            return st;
        wf__heap_push(&h, p, v);
    }
    uint32_t rank = 0;
    while (h.n) {
        const uint32_t v = h.id[0];
        double p = h.key[0];
        wf_status st = WF_OK;
        /* tag 1: a neighbour was contracted since p was worked out */
        if (b->q_cell[v].tag && (st = priority(b, v, &p)) != WF_OK)
            return st;
        b->q_cell[v].tag = 0;
        wf__heap_pop(&h);
        if (h.n && p > h.key[0]) {
            wf__heap_push(&h, p, v);
            continue;
        }
        uint32_t added;
        uint64_t hops;
        st = shortcuts(b, v, 1, CONTRACT_LIMIT, &added, &hops);
        if (st != WF_OK)
            return st;
        b->rank[v] = rank++;
        const blist *l = &b->adj[v];
        for (uint32_t i = 0; i < l->n; i++) {
            const uint32_t w = l->a[i].to;
            drop_arc(b, w, v);
            if (b->level[w] < b->level[v] + 1)
                b->level[w] = b->level[v] + 1;
            b->q_cell[w].tag = 1;
        }
    }
    return WF_OK;
}

/* The index of the arc of node m's list (m by rank) that goes to x. */
static uint32_t arc_to(const wf_ch *c, uint32_t m, uint32_t x) {
    for (uint32_t i = c->first[m]; i < c->first[m + 1]; i++)
        if (c->arcs[i].to == x)
            return i;
    return WF__CH_NONE; /* cannot happen: a shortcut's halves stay */
}

/* The frozen lists, renumbered by rank, into c's arrays. */
static wf_status freeze(wf_ch *c, builder *b) {
    size_t arcs = 0;
    for (uint32_t v = 0; v < b->n; v++)
        arcs += b->adj[v].n;
    wf_status st = wf__ch_alloc_arcs(c, arcs);
    if (st != WF_OK)
        return st;
    for (uint32_t v = 0; v < b->n; v++) {
        c->cell_of[b->rank[v]] = b->cell[v];
        c->first[b->rank[v] + 1] = b->adj[v].n;
    }
    c->first[0] = 0;
    for (uint32_t r = 0; r < b->n; r++)
        c->first[r + 1] += c->first[r];
    for (uint32_t v = 0; v < b->n; v++) {
        const blist *l = &b->adj[v];
        uint32_t k = c->first[b->rank[v]];
        for (uint32_t i = 0; i < l->n; i++, k++) {
            const barc *e = &l->a[i];
            c->arcs[k] = (wf__ch_arc){b->rank[e->to], e->out, e->in};
            c->via[2 * k].mid = e->mid_out == WF__CH_NONE
                                    ? WF__CH_NONE
                                    : b->rank[e->mid_out];
            c->via[2 * k + 1].mid = e->mid_in == WF__CH_NONE
                                        ? WF__CH_NONE
                                        : b->rank[e->mid_in];
        }
    }
    /* the halves of every shortcut, found once here instead of by a scan
     * of mid's list at every unpacking */
    for (uint32_t r = 0; r < b->n; r++)
        for (uint32_t k = c->first[r]; k < c->first[r + 1]; k++) {
            const uint32_t ends[2][2] = {{r, c->arcs[k].to},
                                         {c->arcs[k].to, r}};
            for (int d = 0; d < 2; d++) {
                wf__ch_via *x = &c->via[2 * k + (unsigned)d];
                const int move = x->mid == WF__CH_NONE;
                x->first = move ? WF__CH_NONE : arc_to(c, x->mid, ends[d][0]);
                x->second = move ? WF__CH_NONE : arc_to(c, x->mid, ends[d][1]);
            }
        }
    wf__ch_finish(c);
    return WF_OK;
}

wf_status wf_ch_build(const wf_grid *g, const wf_move *move,
                      const wf_filter *filter, const wf_allocator *alloc,
                      wf_ch **out) {
    if (!g || !out)
        return WF_E_INVALID_ARG;
    *out = NULL;
    wf__made_for u;
    if (wf__made_for_init(g, move, filter, &u) != WF_OK)
        return WF_E_INVALID_ARG;
    wf_ch *c;
    wf_status st = wf__ch_new(&u, u.nodes, alloc, &c);
    if (st != WF_OK)
        return st;
    builder b = {.alloc = c->alloc, .n = c->nodes};
    st = alloc_builder(&b);
    /* rank_of holds the row-major node numbers until freeze */
    if (st == WF_OK)
        st = build_graph(c, &b, g, u.forbids ? u.pass : NULL, c->rank_of);
    if (st == WF_OK)
        st = contract_all(&b);
    if (st == WF_OK)
        st = freeze(c, &b);
    free_builder(&b);
    if (st != WF_OK) {
        wf_ch_free(c);
        return st;
    }
    *out = c;
    return WF_OK;
}
