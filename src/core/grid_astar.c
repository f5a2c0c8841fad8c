/* A*, Dijkstra and weighted A* on grids.
 *
 * One loop serves every movement model and heuristic; it is instantiated per
 * (heuristic, connectivity, plateau) combination through an always-inline
 * function with constant arguments, so the compiler removes every test of
 * those values from the hot path.
 *
 * Plateau stack: with a consistent heuristic a successor's f is never below
 * the f of the cell being expanded, and when it is equal the successor is a
 * minimum of the open list already. Such successors go on a LIFO stack that
 * is emptied before the heap is consulted again: no heap operation for
 * them, and ties in f go to the deeper cell (larger g), which is the usual
 * tie-break that keeps A* from exploring whole f-plateaus on open maps. */
#include <math.h>
#include <stdlib.h>

#include "search_internal.h"

enum { HK_ZERO, HK_MANHATTAN, HK_EUCLIDEAN, HK_CHEBYSHEV, HK_OCTILE, HK_CUSTOM };

typedef struct query {
    const wf_grid *g;
    uint32_t start, goal;
    int gx, gy;
    double hmul;           /* weight × (smallest cost, or 1 for custom) */
    wf_heuristic_fn custom;
    void *custom_ud;
    wf_corners corners;
    int reopen;            /* reopen closed cells (custom heuristic, w = 1) */
    uint64_t limit;        /* max expansions, 0 = none */
    int connect;
    wf_stats stats;
    uint32_t best;         /* expanded cell closest to the goal (limit) */
    uint32_t end;          /* the cell the path is rebuilt from */
} query;

/* Unscaled heuristic distance from (x, y) to the goal. */
WF_INLINE double h_dist(const query *q, const int hk, int x, int y) {
    int dx = abs(x - q->gx), dy = abs(y - q->gy);
    int lo = dx < dy ? dx : dy, hi = dx < dy ? dy : dx;
    switch (hk) {
    case HK_MANHATTAN: return (double)(dx + dy);
    case HK_EUCLIDEAN: return sqrt((double)dx * dx + (double)dy * dy);
    case HK_CHEBYSHEV: return (double)hi;
    case HK_OCTILE: return (double)(hi - lo) + WF_SQRT2 * (double)lo;
    case HK_CUSTOM: {
        double h = q->custom(q->custom_ud, x, y, q->gx, q->gy);
        return h > 0 && h < INFINITY ? h : 0.0; /* NaN, < 0, inf → 0 */
    }
    default: return 0.0;
    }
}

WF_INLINE double h_of(const query *q, const int hk, int x, int y) {
    return hk == HK_ZERO ? 0.0 : q->hmul * h_dist(q, hk, x, y);
}

/* Distance used to pick the closest explored cell for a partial path. */
static double goal_distance(const query *q, int x, int y) {
    return h_dist(q, q->connect == 4 ? HK_MANHATTAN : HK_OCTILE, x, y);
}

WF_INLINE wf_status run(wf_search *ws, query *q, const int hk,
                        const int connect, const int plateau) {
    const wf_grid *g = q->g;
    const int W = g->width;
    const uint8_t *terrain = g->terrain;
    const uint8_t *nbmask = g->nbmask;
    const double *cost = g->cost;
    wf__node *nodes = ws->nodes;
    uint32_t *heap = ws->open;
    const uint32_t stack_base = (uint32_t)ws->capacity;
    uint32_t hn = 0, sp = stack_base;
    const int32_t off[8] = {-W, 1, W, -1, 1 - W, 1 + W, W - 1, -1 - W};
    static const double step[8] = {1, 1, 1, 1, WF_SQRT2, WF_SQRT2, WF_SQRT2,
                                   WF_SQRT2};
    const uint32_t gen = wf__search_begin(ws);
    const uint32_t goal = q->goal;
    uint64_t expanded = 0, generated = 0, heap_ops = 0;
    double best_d = INFINITY;

    wf__node *sn = &nodes[q->start];
    sn->f = h_of(q, hk, (int)(q->start % (uint32_t)W),
                 (int)(q->start / (uint32_t)W));
    sn->tag = gen;
    wf__heap_push(nodes, heap, &hn, q->start);
    heap_ops++;

    wf_status st = WF_NO_PATH;
    for (;;) {
        uint32_t c;
        if (plateau && sp < stack_base) {
            c = heap[sp++];
        } else if (hn) {
            c = wf__heap_pop(nodes, heap, &hn);
            heap_ops++;
        } else {
            break;
        }
        wf__node *cn = &nodes[c];
        if (c == goal) {
            q->end = c;
            st = WF_OK;
            break;
        }
        if (q->limit && expanded >= q->limit) {
            st = WF_PARTIAL;
            break;
        }
        cn->tag |= WF__TAG_CLOSED;
        expanded++;
        const int x = (int)(c % (uint32_t)W), y = (int)(c / (uint32_t)W);
        const double fc = cn->f;
        const double gc = hk == HK_ZERO ? fc : fc - h_of(q, hk, x, y);
        if (q->limit) {
            double d = goal_distance(q, x, y);
            if (d < best_d) {
                best_d = d;
                q->best = c;
            }
        }
        unsigned m = wf__allowed_moves(nbmask[c], connect, q->corners);
        const double *cc = cost;
        while (m) {
            const int d = __builtin_ctz(m);
            m &= m - 1;
            const uint32_t n = (uint32_t)((int32_t)c + off[d]);
            wf__node *nn = &nodes[n];
            const uint32_t tag = nn->tag;
            const int seen = (tag & ~0xFu) == gen;
            if (seen && (tag & WF__TAG_CLOSED) && !q->reopen)
                continue;
            const double ng = gc + step[d] * cc[terrain[n]];
            const double nf =
                ng + h_of(q, hk, x + wf__dir_dx[d], y + wf__dir_dy[d]);
            if (seen) {
                if (!(nf < nn->f))
                    continue;
                nn->f = nf;
                generated++;
                if (tag & WF__TAG_CLOSED) { /* reopen (custom heuristic) */
                    nn->tag = gen | (unsigned)d;
                    wf__heap_push(nodes, heap, &hn, n);
                    heap_ops++;
                    q->stats.reopened++;
                    continue;
                }
                nn->tag = gen | (unsigned)d;
                if (nn->pos != WF__POS_STACK) {
                    wf__heap_up(nodes, heap, nn->pos, n);
                    heap_ops++;
                }
                continue;
            }
            nn->f = nf;
            nn->tag = gen | (unsigned)d;
            generated++;
            if (plateau && nf <= fc) {
                heap[--sp] = n;
                nn->pos = WF__POS_STACK;
            } else {
                wf__heap_push(nodes, heap, &hn, n);
                heap_ops++;
            }
        }
    }
    q->stats.expanded = expanded;
    q->stats.generated = generated;
    q->stats.heap_ops = heap_ops;
    if (st == WF_NO_PATH && q->limit && expanded >= q->limit)
        st = WF_PARTIAL;
    if (st == WF_PARTIAL)
        q->end = q->best;
    return st;
}

#define WF_RUN_CONNECT_(hk, plateau)                                           \
    (q->connect == 4 ? run(ws, q, hk, 4, plateau) : run(ws, q, hk, 8, plateau))

static wf_status dispatch(wf_search *ws, query *q, int hk, int plateau) {
    switch (hk) {
    case HK_ZERO: return WF_RUN_CONNECT_(HK_ZERO, 0);
    case HK_MANHATTAN:
        return plateau ? WF_RUN_CONNECT_(HK_MANHATTAN, 1)
                       : WF_RUN_CONNECT_(HK_MANHATTAN, 0);
    case HK_EUCLIDEAN:
        return plateau ? WF_RUN_CONNECT_(HK_EUCLIDEAN, 1)
                       : WF_RUN_CONNECT_(HK_EUCLIDEAN, 0);
    case HK_CHEBYSHEV:
        return plateau ? WF_RUN_CONNECT_(HK_CHEBYSHEV, 1)
                       : WF_RUN_CONNECT_(HK_CHEBYSHEV, 0);
    case HK_OCTILE:
        return plateau ? WF_RUN_CONNECT_(HK_OCTILE, 1)
                       : WF_RUN_CONNECT_(HK_OCTILE, 0);
    default: return WF_RUN_CONNECT_(HK_CUSTOM, 0);
    }
}
#undef WF_RUN_CONNECT_

/* Rebuilds the path ending at q->end into out, summing the move costs from
 * the start so the reported cost does not depend on the search's rounding. */
static wf_status rebuild(const query *q, const wf_search *ws, wf_path *out) {
    const wf_grid *g = q->g;
    const uint32_t W = (uint32_t)g->width;
    const int32_t off[8] = {-(int32_t)W, 1, (int32_t)W, -1, 1 - (int32_t)W,
                            1 + (int32_t)W, (int32_t)W - 1, -1 - (int32_t)W};
    size_t len = 1;
    for (uint32_t c = q->end; c != q->start; len++)
        c = (uint32_t)((int32_t)c - off[ws->nodes[c].tag & 7u]);
    wf_status s = wf__path_grow(out, len);
    if (s != WF_OK)
        return s;
    uint32_t c = q->end;
    for (size_t i = len; i-- > 0;) {
        out->points[i].x = (int)(c % W);
        out->points[i].y = (int)(c / W);
        if (i)
            c = (uint32_t)((int32_t)c - off[ws->nodes[c].tag & 7u]);
    }
    out->count = len;
    double cost = 0;
    for (size_t i = 1; i < len; i++) {
        const wf_point a = out->points[i - 1], b = out->points[i];
        double t = g->cost[g->terrain[(size_t)b.y * W + (size_t)b.x]];
        cost += (a.x != b.x && a.y != b.y) ? WF_SQRT2 * t : t;
    }
    out->cost = cost;
    return WF_OK;
}

static int opts_valid(const wf_search_opts *o) {
    if (o->algo != WF_ALGO_ASTAR && o->algo != WF_ALGO_DIJKSTRA)
        return 0;
    if (o->connect != 4 && o->connect != 8)
        return 0;
    if (o->corners != WF_CORNERS_NO_CUT && o->corners != WF_CORNERS_ALWAYS &&
        o->corners != WF_CORNERS_ONE_FREE)
        return 0;
    if ((unsigned)o->heuristic > (unsigned)WF_H_CUSTOM)
        return 0;
    if (o->heuristic == WF_H_CUSTOM && !o->custom_h)
        return 0;
    return o->weight >= 1.0 && o->weight < INFINITY; /* also rejects NaN */
}

static int heuristic_kind(const wf_search_opts *o) {
    if (o->algo == WF_ALGO_DIJKSTRA)
        return HK_ZERO;
    switch (o->heuristic) {
    case WF_H_MANHATTAN: return HK_MANHATTAN;
    case WF_H_EUCLIDEAN: return HK_EUCLIDEAN;
    case WF_H_CHEBYSHEV: return HK_CHEBYSHEV;
    case WF_H_OCTILE: return HK_OCTILE;
    case WF_H_ZERO: return HK_ZERO;
    case WF_H_CUSTOM: return HK_CUSTOM;
    default: return o->connect == 4 ? HK_MANHATTAN : HK_OCTILE;
    }
}

wf_status wf_search_grid(wf_search *ws, const wf_grid *g, wf_point start,
                         wf_point goal, const wf_search_opts *opts,
                         wf_path *out) {
    if (!ws || !g || !out)
        return WF_E_INVALID_ARG;
    wf_search_opts o = opts ? *opts : wf_search_opts_default();
    if (!opts_valid(&o))
        return WF_E_INVALID_ARG;
    out->count = 0;
    out->cost = 0;
    memset(&out->stats, 0, sizeof out->stats);
    if (!wf_grid_contains(g, start.x, start.y) ||
        !wf_grid_contains(g, goal.x, goal.y))
        return WF_E_RANGE;
    wf_status s = wf_search_reserve(ws, g->cells);
    if (s != WF_OK)
        return s;
    if (!wf_grid_passable(g, start.x, start.y) ||
        !wf_grid_passable(g, goal.x, goal.y))
        return WF_NO_PATH;

    query q;
    memset(&q, 0, sizeof q);
    q.g = g;
    q.start = (uint32_t)start.y * (uint32_t)g->width + (uint32_t)start.x;
    q.goal = (uint32_t)goal.y * (uint32_t)g->width + (uint32_t)goal.x;
    q.gx = goal.x;
    q.gy = goal.y;
    q.connect = o.connect;
    q.corners = o.corners;
    q.limit = o.max_expansions;
    q.best = q.start;
    q.end = q.start;
    int hk = heuristic_kind(&o);
    if (hk == HK_CUSTOM) {
        q.custom = o.custom_h;
        q.custom_ud = o.custom_ud;
        q.hmul = o.weight;
        q.reopen = o.weight == 1.0;
    } else {
        q.hmul = o.weight * wf_grid_min_cost(g);
    }
    /* The plateau stack needs a consistent heuristic and weight 1; Manhattan
     * distance overestimates on 8-connected grids, so it is excluded. */
    int plateau = o.weight == 1.0 && hk != HK_CUSTOM && hk != HK_ZERO &&
                  !(hk == HK_MANHATTAN && o.connect == 8);

    wf_status st = dispatch(ws, &q, hk, plateau);
    out->stats = q.stats;
    if (st == WF_NO_PATH)
        return st;
    s = rebuild(&q, ws, out);
    return s != WF_OK ? s : st;
}
