/* JPS+: Jump Point Search with its jumps read from a jump table
 * (jump_table.c) instead of scanned, and with the diagonal jump points
 * pruned (Harabor & Grastien, "Improving Jump Point Search", ICAPS 2014).
 *
 * A* runs over straight jump points only. Expanding cell u, a straight
 * direction gives the jump point its entry names (or the goal, when it
 * lies on the way); a diagonal direction is followed from diagonal jump
 * point to diagonal jump point, its entries telling how far, and at each
 * one the straight jumps along its two components give successors of u
 * itself, at the cost of the diagonal then the straight run (the octile
 * distance, so the heuristic stays consistent). The diagonal jump points
 * are never opened: expanding one would only generate those successors.
 * The goal, which need not be a jump point, is found where a diagonal
 * passes its row or column (the nearer one, the only one from which a
 * component leads to it) and the straight entry there reaches it.
 *
 * A successor's tag keeps the direction of its last move, for the usual
 * pruning: a straight arrival continues straight and turns only towards
 * forced neighbours; the start tries all eight. The path between a jump
 * point and its parent is diagonal first, then straight, which is how
 * every successor was reached. */
#include <math.h>
#include <stdlib.h>

#include "search_internal.h"

/* Sets p->cost to the cost of its moves on a grid where entering any cell
 * costs `cost`: step by step, 1 or √2 × cost each, summed in order from
 * the start (as the search engines sum them). WF_E_RANGE, with the
 * reason in ws and the path emptied, when the sum overflows. */
static wf_status price_uniform(wf_search *ws, wf_path *p, double cost) {
    const wf_point *pt = p->points;
    double c = 0;
    for (size_t k = 1; k < p->count; k++)
        c += cost * (pt[k].x != pt[k - 1].x && pt[k].y != pt[k - 1].y
                         ? WF_SQRT2
                         : 1.0);
    p->cost = c;
    if (!(c < INFINITY)) {
        p->count = 0;
        return wf__search_fail(ws, WF_E_RANGE, "path cost overflows a double");
    }
    return WF_OK;
}

/* Directions as bits over the WF_DIR order. */
#define BIT(d) (1u << (d))

/* For each straight direction, its two sides: the side, the diagonal
 * behind it (beside the cell the move came from) and the diagonal ahead. */
static const uint8_t sides[4][2][3] = {
    {{WF_DIR_E, WF_DIR_SE, WF_DIR_NE}, {WF_DIR_W, WF_DIR_SW, WF_DIR_NW}},
    {{WF_DIR_N, WF_DIR_NW, WF_DIR_NE}, {WF_DIR_S, WF_DIR_SW, WF_DIR_SE}},
    {{WF_DIR_E, WF_DIR_NE, WF_DIR_SE}, {WF_DIR_W, WF_DIR_NW, WF_DIR_SW}},
    {{WF_DIR_N, WF_DIR_NE, WF_DIR_NW}, {WF_DIR_S, WF_DIR_SE, WF_DIR_SW}},
};

/* The directions worth trying from a cell with neighbour mask m, reached
 * by a straight move in direction d: d itself, and for each forced
 * neighbour (a side free at the cell, blocked beside the cell behind it)
 * that side and the diagonal between it and d. Diagonal arrivals only
 * reach the goal, which is never expanded. */
static unsigned turns(unsigned m, int d) {
    unsigned want = BIT(d);
    for (int i = 0; i < 2; i++) {
        const uint8_t *s = sides[d][i];
        if ((m & BIT(s[0])) && !(m & BIT(s[1])))
            want |= BIT(s[0]) | BIT(s[2]);
    }
    return want;
}

wf_status wf__jps_plus_begin(wf_search *ws, const wf_grid *g, wf_point start,
                             wf_point goal, double cost,
                             const wf_jump_table *t) {
    /* JPS's query, with the table's jumps to read */
    wf_status s = wf__jps_begin(ws, g, start, goal, cost, &g->planes,
                                g->nbmask);
    if (s != WF_OK)
        return s;
    ws->q.j.dist = t->dist;
    ws->q.j.st.engine = ws->engine = WF_ALGO_JPS_PLUS;
    ws->mode = WF__JPS_PLUS;
    return WF_OK;
}

/* What one expansion needs at hand. */
typedef struct expand {
    wf__heap h;
    wf__cell *cells;
    double *gv;
    uint32_t *parent;
    uint32_t gen, u;
    int gx, gy;
    double cost;
    wf_stats *st;
} expand;

/* Offers cell v = (vx, vy), reached from u at cost ng by a last move in
 * direction d. */
WF_INLINE void relax(expand *e, uint32_t v, int vx, int vy, double ng,
                     int d) {
    wf__cell *cv = &e->cells[v];
    const int seen = (cv->tag & ~0xFu) == e->gen;
    if (seen && ((cv->tag & WF__TAG_CLOSED) || !(ng < e->gv[v])))
        return;
    e->gv[v] = ng;
    e->parent[v] = e->u;
    e->st->generated++;
    const double f = ng + e->cost * wf__octile(e->gx - vx, e->gy - vy);
    cv->tag = e->gen | (uint32_t)d;
    if (seen)
        wf__heap_up(&e->h, cv->pos, f, v);
    else
        wf__heap_push(&e->h, f, v);
    e->st->heap_ops++;
}

/* The straight jump from cell u = (x, y) in direction d: the goal when it
 * lies within the jump's reach, else the jump point the entry names. */
WF_INLINE void go_straight(expand *e, const int32_t *dist, ptrdiff_t W,
                           int x, int y, int d) {
    const int32_t k = dist[(size_t)e->u * 8 + (size_t)d];
    const int dx = wf__dir_dx[d], dy = wf__dir_dy[d];
    const int reach = k > 0 ? k : -k;
    const int t = dx ? (y == e->gy ? (e->gx - x) * dx : 0)
                     : (x == e->gx ? (e->gy - y) * dy : 0);
    if (t > 0 && t <= reach) {
        relax(e, (uint32_t)(e->gy * W + e->gx), e->gx, e->gy,
              e->gv[e->u] + e->cost * (double)t, d);
        return;
    }
    if (k > 0)
        relax(e, (uint32_t)((ptrdiff_t)e->u + (dy * W + dx) * k), x + dx * k,
              y + dy * k, e->gv[e->u] + e->cost * (double)k, d);
}

/* The diagonal from u = (x, y) in direction d, with the straight jumps
 * of its diagonal jump points, and the goal if a component leads to it
 * from the cell where the diagonal meets its row or column. */
static void go_diagonal(expand *e, const int32_t *dist, ptrdiff_t W, int x,
                        int y, int d) {
    const int a = d - 4, b = (d - 3) & 3; /* its components */
    const int dx = wf__dir_dx[d], dy = wf__dir_dy[d];
    const ptrdiff_t step = dy * W + dx;
    const ptrdiff_t step_a = wf__dir_dy[a] * W + wf__dir_dx[a];
    const ptrdiff_t step_b = wf__dir_dy[b] * W + wf__dir_dx[b];
    const double g0 = e->gv[e->u], cost = e->cost;
    /* the goal's quadrant: how far along the diagonal its nearer line is */
    const int gdx = (e->gx - x) * dx, gdy = (e->gy - y) * dy;
    int meet = gdx > 0 && gdy > 0 ? (gdx < gdy ? gdx : gdy) : 0;
    ptrdiff_t c = (ptrdiff_t)e->u;
    int s = 0;
    for (;;) {
        const int32_t k = dist[(size_t)c * 8 + (size_t)d];
        const int reach = k > 0 ? k : -k;
        if (meet && s + reach >= meet) {
            const ptrdiff_t cm = (ptrdiff_t)e->u + step * meet;
            const int rest = gdx > gdy ? gdx - gdy : gdy - gdx;
            /* the component towards the goal: along x (the horizontal
             * one) when the goal is further across than down */
            const int ds = gdx > gdy ? (wf__dir_dx[a] ? a : b)
                                     : (wf__dir_dx[a] ? b : a);
            const int32_t kr = dist[(size_t)cm * 8 + (size_t)ds];
            if (rest == 0 || (kr > 0 ? kr : -kr) >= rest)
                relax(e, (uint32_t)(e->gy * W + e->gx), e->gx, e->gy,
                      g0 + cost * ((double)rest + WF_SQRT2 * (double)meet),
                      rest ? ds : d);
            meet = 0;
        }
        if (k <= 0)
            return;
        c += step * k;
        s += k;
        const int cx = x + dx * s, cy = y + dy * s;
        const double gd = WF_SQRT2 * (double)s;
        const int32_t ka = dist[(size_t)c * 8 + (size_t)a];
        const int32_t kb = dist[(size_t)c * 8 + (size_t)b];
        if (ka > 0)
            relax(e, (uint32_t)(c + step_a * ka), cx + wf__dir_dx[a] * ka,
                  cy + wf__dir_dy[a] * ka,
                  g0 + cost * ((double)ka + gd), a);
        if (kb > 0)
            relax(e, (uint32_t)(c + step_b * kb), cx + wf__dir_dx[b] * kb,
                  cy + wf__dir_dy[b] * kb,
                  g0 + cost * ((double)kb + gd), b);
    }
}

/* The cells from the start to the goal, each jump point's segment
 * diagonal first, and their cost. */
static wf_status write_path(wf_search *ws, const wf__jpsq *q,
                            wf_path *out) {
    const uint32_t W = (uint32_t)q->g->width;
    const uint32_t *parent = ws->parent;
    size_t len = 1;
    for (uint32_t v = q->goal_id; v != q->s0; v = parent[v]) {
        const uint32_t p = parent[v];
        const int vy = (int)wf__divw(q->div_mul, q->div_shift, v);
        const int py = (int)wf__divw(q->div_mul, q->div_shift, p);
        const int ax = abs((int)(v - (uint32_t)vy * W) -
                           (int)(p - (uint32_t)py * W));
        const int ay = abs(vy - py);
        len += (size_t)(ax > ay ? ax : ay);
    }
    wf_status s = wf__path_grow(out, len);
    if (s != WF_OK)
        return s;
    size_t i = len;
    for (uint32_t v = q->goal_id; v != q->s0; v = parent[v]) {
        const uint32_t p = parent[v];
        int y = (int)wf__divw(q->div_mul, q->div_shift, v);
        int x = (int)(v - (uint32_t)y * W);
        const int py = (int)wf__divw(q->div_mul, q->div_shift, p);
        const int px = (int)(p - (uint32_t)py * W);
        /* back from v: the straight run, then the diagonal */
        while (x != px || y != py) {
            out->points[--i] = (wf_point){x, y};
            const int ax = abs(x - px), ay = abs(y - py);
            if (ax > ay)
                x += x > px ? -1 : 1;
            else if (ay > ax)
                y += y > py ? -1 : 1;
            else {
                x += x > px ? -1 : 1;
                y += y > py ? -1 : 1;
            }
        }
    }
    out->points[0] = q->start;
    out->count = len;
    return price_uniform(ws, out, q->cost);
}

wf_status wf__jps_plus_step(wf_search *ws, uint64_t budget, wf_path *out) {
    wf__jpsq *q = &ws->q.j;
    const wf_grid *g = q->g;
    const uint8_t *nbmask = g->nbmask;
    const int32_t *dist = q->dist;
    const ptrdiff_t W = g->width;
    const unsigned div_shift = q->div_shift;
    const uint64_t div_mul = q->div_mul;
    const uint32_t s0 = q->s0, goal_id = q->goal_id;
    wf_stats st = q->st;
    expand e = {{ws->cells, ws->key, ws->id, q->heap_n},
                ws->cells,
                ws->g,
                ws->parent,
                q->gen,
                0,
                q->goal.x,
                q->goal.y,
                q->cost,
                &st};
    const uint64_t stop = budget > UINT64_MAX - st.expanded
                              ? UINT64_MAX
                              : st.expanded + budget;
    int found = 0, paused = 0;
    while (e.h.n) {
        /* look before taking, so a step can end with the heap as it was */
        const uint32_t u = e.h.id[0];
        if (u == goal_id) {
            found = 1;
            break;
        }
        if (st.expanded >= stop) {
            paused = 1;
            break;
        }
        wf__heap_pop(&e.h);
        st.heap_ops++;
        e.cells[u].tag |= WF__TAG_CLOSED;
        st.expanded++;
        e.u = u;
        const int y = (int)wf__divw(div_mul, div_shift, u);
        const int x = (int)(u - (uint32_t)y * (uint32_t)W);
        unsigned dirs = u == s0 ? 0xFFu
                                : turns(nbmask[u], (int)(e.cells[u].tag & 7u));
        for (unsigned m = dirs & 0xFu; m; m &= m - 1)
            go_straight(&e, dist, W, x, y, __builtin_ctz(m));
        for (unsigned m = dirs & 0xF0u; m; m &= m - 1)
            go_diagonal(&e, dist, W, x, y, __builtin_ctz(m));
    }
    q->heap_n = e.h.n;
    q->st = st;
    out->stats = st;
    if (paused)
        return WF_PENDING;
    ws->mode = WF__IDLE;
    if (!found)
        return WF_NO_PATH;
    return write_path(ws, q, out);
}
