/* WHCA*'s search for one agent and one window: A* over states (cell,
 * step) for steps 0 .. w, the unit's moves and a wait at each step, every
 * step tested against the reservation table. Beyond the window the other
 * agents are ignored: a state at step w is a goal of the search, its
 * remaining cost the true distance (whca_rra.c), so the plan found is the
 * cheapest that keeps clear of the reserved moves for w steps and then
 * walks freely. A wait on the agent's own goal is free here (it may stay
 * there), any other costs the job's wait cost. The true distance is
 * consistent, so each state closes once; a search closes at most
 * WF__ST_BUDGET × (w + 1) states, then keeps the deepest plan it found. */
#include <math.h>

#include "whca_internal.h"

static wf__st_slot *find(const wf__st *s, uint32_t gen, uint32_t cell,
                     uint32_t t) {
    wf__st_slot *sl = s->slot;
    size_t i = wf__whca_hash(cell, t) & (s->cap - 1);
    for (;;) {
        wf__st_slot *e = &sl[i];
        if (e->gen != gen || (s->node[e->node].cell == cell &&
                              s->node[e->node].t == t))
            return e;
        i = (i + 1) & (s->cap - 1);
    }
}

/* Room for one more state (node and slot, the table at most half full). */
static wf_status room(wf__st *s, const wf_team *t, uint32_t gen) {
    wf_status st = wf__whca_grow(t, (void **)&s->node, &s->node_cap,
                                 s->n + 1, sizeof *s->node);
    if (st != WF_OK || 2 * (s->n + 1) <= s->cap)
        return st;
    const size_t cap = s->cap ? 2 * s->cap : 1024;
    size_t bytes;
    if (!wf__mul_size(cap, sizeof(wf__st_slot), &bytes))
        return WF_E_NOMEM;
    wf__st_slot *old = s->slot;
    const size_t old_cap = s->cap;
    wf__st_slot *fresh = wf__alloc(&t->alloc, bytes);
    if (!fresh)
        return WF_E_NOMEM;
    memset(fresh, 0, bytes);
    s->slot = fresh;
    s->cap = cap;
    for (size_t i = 0; i < old_cap; i++)
        if (old[i].gen == gen) {
            const wf__st_node *nd = &s->node[old[i].node];
            *find(s, gen, nd->cell, nd->t) = old[i];
        }
    wf__free(&t->alloc, old, old_cap * sizeof *old);
    return WF_OK;
}

static wf_point point(const wf_grid *g, uint32_t c) {
    return (wf_point){(int)(c % (uint32_t)g->width),
                      (int)(c / (uint32_t)g->width)};
}

/* Offers state (v, t) reached from node u at cost gv; h its remaining
 * cost. */
static wf_status offer(wf__st *s, const wf_team *t, uint32_t gen,
                       uint32_t u, uint32_t v, uint32_t tv, double gv,
                       double h) {
    wf_status st = room(s, t, gen);
    if (st != WF_OK)
        return st;
    wf__st_slot *e = find(s, gen, v, tv);
    if (e->gen == gen) {
        wf__st_node *nd = &s->node[e->node];
        if (nd->closed || nd->g <= gv)
            return WF_OK;
        nd->g = gv;
        nd->parent = u;
    } else {
        *e = (wf__st_slot){(uint32_t)s->n, gen};
        s->node[s->n++] = (wf__st_node){v, tv, u, 0, gv};
    }
    return wf__whca_push(&s->open, t, gv + h, gv, e->node);
}

wf_status wf__st_plan(wf__st *s, const wf_team *t, const wf__team_job *j,
                      wf__rra *rra, const wf__resv *r, uint32_t from,
                      uint32_t goal, uint32_t w, uint32_t *path,
                      uint32_t *depth) {
    const wf_grid *g = j->g;
    const int k = (int)j->unit.k;
    const ptrdiff_t W = g->width;
    ptrdiff_t off[WF_DIR_COUNT];
    wf__dir_offsets(W, off);
    /* a new search: the slots of the last one stop counting */
    if (++s->gen == 0) {
        memset(s->slot, 0, s->cap * sizeof(wf__st_slot));
        s->gen = 1;
    }
    const uint32_t gen = s->gen;
    s->n = 0;
    s->open.h.n = 0;
    s->open.seq = 0;
    double h;
    wf_status st = wf__rra_dist(rra, t, j, from, &h);
    if (st == WF_OK)
        st = offer(s, t, gen, UINT32_MAX, from, 0, 0.0, h);
    if (st != WF_OK)
        return st;
    wf__whca_open top;
    uint32_t deepest = 0; /* the first state closed at the greatest step */
    /* a budget: a way round a jam lies within a few hundred states of
     * the agent or not at all within the window, and the search that
     * cannot reach step w would otherwise close every state in reach */
    uint64_t budget = (uint64_t)WF__ST_BUDGET * ((uint64_t)w + 1);
    while (budget-- && wf__whca_pop(&s->open, &top)) {
        wf__st_node *u = &s->node[top.id];
        if (u->closed || top.g != u->g)
            continue; /* stale */
        u->closed = 1;
        s->expanded++;
        const uint32_t uc = u->cell, ut = u->t, ui = top.id;
        const double gu = u->g;
        if (ut > s->node[deepest].t)
            deepest = ui;
        if (ut == w)
            break;
        const wf_point pu = point(g, uc);
        /* the moves in direction order, then the wait */
        unsigned m = wf__mover_moves(g, &j->unit, uc);
        for (int d = 0; d <= 8; d++) {
            if (d < 8 && !(m >> d & 1u))
                continue;
            const uint32_t v =
                d < 8 ? (uint32_t)((ptrdiff_t)uc + off[d]) : uc;
            if (wf__resv_hits(r, g->width, k, ut, pu, point(g, v)))
                continue;
            double hv;
            st = wf__rra_dist(rra, t, j, v, &hv);
            if (st != WF_OK)
                return st;
            if (hv == INFINITY)
                continue;
            const double c =
                v == uc && uc == goal ? 0.0 : wf__team_step(j, uc, v);
            st = offer(s, t, gen, ui, v, ut + 1, gu + c, hv);
            if (st != WF_OK)
                return st;
        }
    }
    const wf__st_node *end = &s->node[deepest];
    *depth = end->t;
    for (uint32_t i = end->t; i <= w; i++)
        path[i] = end->cell;
    for (uint32_t i = deepest; i != UINT32_MAX; i = s->node[i].parent)
        path[s->node[i].t] = s->node[i].cell;
    return WF_OK;
}

void wf__st_free(wf__st *s, const wf_team *t) {
    wf__free(&t->alloc, s->node, s->node_cap * sizeof *s->node);
    wf__free(&t->alloc, s->slot, s->cap * sizeof(wf__st_slot));
    wf__team_heap_free(&t->alloc, &s->open.h);
    memset(s, 0, sizeof *s);
}
