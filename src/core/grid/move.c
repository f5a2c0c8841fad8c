/* The movement model and per-unit cost filters: the values every search,
 * field and query takes, and their checks. */
#include <math.h>
#include <stdio.h>

#include "internal.h"

wf_move wf_move_default(void) { return wf_move_make(8, WF_CORNERS_NO_CUT); }

wf_move wf_move_make(int connect, wf_corners corners) {
    wf_move m;
    m.connect = connect;
    m.corners = corners;
    m.size = 1;
    return m;
}

wf_status wf__move_check(wf_move *m, char *msg, size_t size) {
    if (m->connect == 0)
        m->connect = 8;
    if (m->connect != 4 && m->connect != 8) {
        if (msg)
            snprintf(msg, size, "move.connect must be 4 or 8, got %d",
                     m->connect);
        return WF_E_INVALID_ARG;
    }
    if (m->size == 0)
        m->size = 1;
    if (m->size < 1 || m->size > WF_MOVE_MAX_SIZE) {
        if (msg)
            snprintf(msg, size,
                     "move.size must be 1 to %d (WF_MOVE_MAX_SIZE), got %d",
                     WF_MOVE_MAX_SIZE, m->size);
        return WF_E_INVALID_ARG;
    }
    if ((unsigned)m->corners > (unsigned)WF_CORNERS_ONE_FREE) {
        if (msg)
            snprintf(msg, size,
                     "move.corners must be no-cut, always or one-free, got %d",
                     (int)m->corners);
        return WF_E_INVALID_ARG;
    }
    return WF_OK;
}

void wf_filter_init(wf_filter *f) {
    if (!f)
        return;
    for (int t = 0; t < 256; t++)
        f->mult[t] = 1.0;
}

wf_status wf_filter_set(wf_filter *f, uint8_t terrain, double multiplier) {
    if (!f || !(multiplier > 0)) /* also rejects NaN */
        return WF_E_INVALID_ARG;
    f->mult[terrain] = multiplier;
    return WF_OK;
}

wf_status wf_filter_check(const wf_filter *f, char *msg, size_t size) {
    if (!f)
        return WF_OK;
    for (int t = 0; t < 256; t++)
        if (!(f->mult[t] > 0)) { /* also NaN */
            if (msg && size)
                snprintf(msg, size,
                         "filter: terrain %d has multiplier %g (must be > 0 "
                         "or INFINITY)", t, f->mult[t]);
            return WF_E_INVALID_ARG;
        }
    return WF_OK;
}

double wf__filter_cost(const wf_grid *g, const wf_filter *f, uint8_t t) {
    double c = g->passable[t] ? g->cost[t] : INFINITY;
    if (f) {
        double m = f->mult[t];
        c = m > 0 && m < INFINITY ? c * m : INFINITY;
        /* a finite cost that overflows is a forbidden one in effect */
    }
    return c < INFINITY ? c : INFINITY;
}

int wf__filter_costs(const wf_grid *g, const wf_filter *f, double cost[256],
                     uint8_t pass[256]) {
    int forbids = 0;
    for (int t = 0; t < 256; t++) {
        cost[t] = wf__filter_cost(g, f, (uint8_t)t);
        pass[t] = cost[t] < INFINITY;
        if (!pass[t] && g->passable[t] && g->count[t])
            forbids = 1;
    }
    return forbids;
}

wf_status wf__made_for_init(const wf_grid *g, const wf_move *move,
                            const wf_filter *f, wf__made_for *u) {
    memset(u, 0, sizeof *u);
    u->move = move ? *move : wf_move_default();
    if (wf__move_check(&u->move, NULL, 0) != WF_OK || u->move.size > 1 ||
        wf_filter_check(f, NULL, 0) != WF_OK)
        return WF_E_INVALID_ARG;
    u->serial = g->serial;
    u->version = g->version;
    u->width = g->width;
    u->height = g->height;
    u->cells = g->cells;
    u->forbids = wf__filter_costs(g, f, u->cost, u->pass);
    for (int t = 0; t < 256; t++)
        if (u->cost[t] < INFINITY)
            u->nodes += g->count[t];
    return WF_OK;
}

/* May a unit with filter f enter terrain t? (A cost that overflows under
 * the filter forbids it, as wf__filter_costs says.) */
static int unit_enters(const wf_grid *g, const wf_filter *f, uint8_t t) {
    return wf__filter_cost(g, f, t) < INFINITY;
}

/* May the unit stand on (x, y)? Size 1: its terrain; larger: clr. */
static int unit_stands(const wf_grid *g, const wf_filter *f,
                       const uint8_t *clr, unsigned k, int x, int y) {
    const size_t c = (size_t)y * (size_t)g->width + (size_t)x;
    return k > 1 ? wf__fits(clr, c, k) : unit_enters(g, f, g->terrain[c]);
}

double wf__step_cost(const wf_grid *g, wf_point a, wf_point b,
                     const wf_search_opts *o, const uint8_t *clr) {
    wf_move mv = o->move;
    if (wf__move_check(&mv, NULL, 0) != WF_OK ||
        !wf_grid_contains(g, a.x, a.y) || !wf_grid_contains(g, b.x, b.y))
        return -1;
    const int dx = b.x - a.x, dy = b.y - a.y;
    if (dx < -1 || dx > 1 || dy < -1 || dy > 1 || (!dx && !dy))
        return -1;
    const size_t W = (size_t)g->width;
    const unsigned k = (unsigned)mv.size;
    const uint8_t tb = g->terrain[(size_t)b.y * W + (size_t)b.x];
    if (!unit_stands(g, o->filter, clr, k, b.x, b.y))
        return -1;
    if (dx && dy) {
        if (mv.connect == 4)
            return -1;
        int s1 = unit_stands(g, o->filter, clr, k, b.x, a.y);
        int s2 = unit_stands(g, o->filter, clr, k, a.x, b.y);
        if ((mv.corners == WF_CORNERS_NO_CUT && !(s1 && s2)) ||
            (mv.corners == WF_CORNERS_ONE_FREE && !(s1 || s2)))
            return -1;
    }
    /* the same expression as the search's, so the values compare equal */
    double c = g->cost[tb] * (o->filter ? o->filter->mult[tb] : 1.0);
    if (o->overlay.values && o->overlay.count != g->cells)
        return -1; /* another grid's overlay: the re-plan reports it */
    if (o->overlay.values && o->overlay_k > 0) {
        float v = o->overlay.values[(size_t)b.y * W + (size_t)b.x];
        if (v > 0)
            c = c + o->overlay_k * (double)v;
    }
    c = dx && dy ? WF_SQRT2 * c : c;
    if (o->move_cost) {
        c = o->move_cost(o->move_cost_ud, a, b, c);
        if (!(c > 0))
            return -1;
    }
    return c < INFINITY ? c : -1;
}

unsigned wf__nbmask_pass(const wf_grid *g, size_t c, const uint8_t *pass) {
    unsigned m = g->nbmask[c];
    if (!pass)
        return m;
    const ptrdiff_t W = g->width;
    ptrdiff_t off[WF_DIR_COUNT];
    wf__dir_offsets(W, off);
    unsigned r = 0;
    for (unsigned b = m; b; b &= b - 1) {
        int d = __builtin_ctz(b);
        if (pass[g->terrain[(ptrdiff_t)c + off[d]]])
            r |= 1u << d;
    }
    return r;
}
