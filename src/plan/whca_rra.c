/* The true distance to an agent's goal for WHCA*: a reverse A* from the
 * goal, paused once the cell asked for is closed and resumed when a cell
 * not yet closed is asked for. Its heuristic (the octile, or Manhattan,
 * distance to the agent's start times the cheapest terrain) is
 * consistent, so a closed cell's cost is exact whichever cell is asked
 * for next. */
#include <math.h>
#include <stdlib.h>

#include "whca_internal.h"

/* The slot of cell c: its own, or the empty one where it would go. */
static wf__rra_slot *find(const wf__rra *r, uint32_t c) {
    size_t i = wf__whca_hash(c, 0) & (r->cap - 1);
    while ((r->slot[i].cell & ~WF__RRA_CLOSED) != c &&
           r->slot[i].cell != UINT32_MAX)
        i = (i + 1) & (r->cap - 1);
    return &r->slot[i];
}

/* Room for one more cell, at most three quarters full. */
static wf_status reserve(wf__rra *r, const wf_team *t) {
    if (4 * (r->used + 1) <= 3 * r->cap)
        return WF_OK;
    const size_t cap = r->cap ? 2 * r->cap : 256;
    size_t bytes;
    if (!wf__mul_size(cap, sizeof *r->slot, &bytes))
        return WF_E_NOMEM;
    wf__rra_slot *old = r->slot;
    const size_t old_cap = r->cap;
    r->slot = wf__alloc(&t->alloc, bytes);
    if (!r->slot) {
        r->slot = old;
        return WF_E_NOMEM;
    }
    r->cap = cap;
    for (size_t i = 0; i < cap; i++)
        r->slot[i].cell = UINT32_MAX;
    for (size_t i = 0; i < old_cap; i++)
        if (old[i].cell != UINT32_MAX)
            *find(r, old[i].cell & ~WF__RRA_CLOSED) = old[i];
    wf__free(&t->alloc, old, old_cap * sizeof *old);
    return WF_OK;
}

static double heuristic(const wf__rra *r, const wf__team_job *j, uint32_t c) {
    const uint32_t W = (uint32_t)j->g->width;
    const double dx = fabs((double)(c % W) - (double)(r->toward % W));
    const double dy = fabs((double)(c / W) - (double)(r->toward / W));
    if (j->unit.connect == 4)
        return r->hmul * (dx + dy);
    const double lo = dx < dy ? dx : dy, hi = dx < dy ? dy : dx;
    return r->hmul * (hi + (WF_SQRT2 - 1) * lo);
}

wf_status wf__rra_start(wf__rra *r, const wf_team *t, const wf__team_job *j,
                        uint32_t goal, uint32_t toward) {
    for (size_t i = 0; i < r->cap; i++)
        r->slot[i].cell = UINT32_MAX;
    r->used = 0;
    r->open.h.n = 0;
    r->open.seq = 0;
    r->goal = goal;
    r->toward = toward;
    r->expanded = 0;
    /* the cheapest step: the cheapest terrain present that the unit may
     * enter (a cell it cannot enter never lies on a path) */
    double m = INFINITY;
    for (int k = 0; k < 256; k++)
        if (j->cost[k] < m && wf_grid_terrain_count(j->g, (uint8_t)k))
            m = j->cost[k];
    r->hmul = m < INFINITY ? m : 0;
    wf_status s = reserve(r, t);
    if (s != WF_OK)
        return s;
    wf__rra_slot *e = find(r, goal);
    *e = (wf__rra_slot){goal, 0.0f};
    r->used++;
    return wf__whca_push(&r->open, t, heuristic(r, j, goal), 0.0, goal);
}

wf_status wf__rra_dist(wf__rra *r, const wf_team *t, const wf__team_job *j,
                       uint32_t cell, double *d) {
    const wf__rra_slot *at = find(r, cell);
    if (at->cell == (cell | WF__RRA_CLOSED)) {
        *d = at->g;
        return WF_OK;
    }
    const wf_grid *g = j->g;
    const ptrdiff_t W = g->width;
    ptrdiff_t off[WF_DIR_COUNT];
    wf__dir_offsets(W, off);
    wf__whca_open top;
    while (wf__whca_pop(&r->open, &top)) {
        wf__rra_slot *u = find(r, top.id);
        if ((u->cell & WF__RRA_CLOSED) || top.g != u->g)
            continue; /* stale */
        u->cell |= WF__RRA_CLOSED;
        r->expanded++;
        const double gu = u->g;
        const uint32_t uc = top.id;
        /* moves are symmetric: the cells that may step into u */
        for (unsigned m = wf__mover_moves(g, &j->unit, uc); m; m &= m - 1) {
            const uint32_t v = (uint32_t)((ptrdiff_t)uc +
                                          off[__builtin_ctz(m)]);
            const float gv = (float)(gu + wf__team_step(j, v, uc));
            wf_status s = reserve(r, t);
            if (s != WF_OK)
                return s;
            wf__rra_slot *e = find(r, v);
            if (e->cell == (v | WF__RRA_CLOSED) || (e->cell == v && e->g <= gv))
                continue;
            if (e->cell != v) {
                *e = (wf__rra_slot){v, gv};
                r->used++;
            }
            e->g = gv;
            s = wf__whca_push(&r->open, t, gv + heuristic(r, j, v), gv, v);
            if (s != WF_OK)
                return s;
        }
        if (uc == cell) {
            *d = gu;
            return WF_OK;
        }
    }
    *d = INFINITY;
    return WF_OK;
}

void wf__rra_free(wf__rra *r, const wf_team *t) {
    wf__free(&t->alloc, r->slot, r->cap * sizeof *r->slot);
    wf__team_heap_free(&t->alloc, &r->open.h);
    memset(r, 0, sizeof *r);
}
