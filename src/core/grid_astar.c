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
 * tie-break that keeps A* from exploring whole f-plateaus on open maps.
 *
 * Where the time goes: memory traffic and instructions per neighbour. The
 * neighbour test reads an 8-byte cell state (see search_internal.h), the
 * heap compares keys stored in its own slots instead of following cell
 * indices, the eight directions are unrolled with constant offsets, the
 * move back to the parent (closed) is never tested, and the row of a cell
 * comes from a multiply instead of a division. */
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
    uint64_t div_mul;      /* cell / width == cell * div_mul >> div_shift */
    unsigned div_shift;
    wf_stats stats;
    uint32_t best;         /* expanded cell closest to the goal (limit) */
    uint32_t end;          /* the cell the path is rebuilt from */
    const float *overlay;  /* extra cost per cell, × overlay_k; may be NULL */
    double overlay_k;
} query;

/* Division by the grid width as a multiply and a shift, exact for every
 * cell index: with l = ceil(log2 W) and m = ceil(2^(32+l) / W), the error
 * m·W − 2^(32+l) is below W ≤ 2^l, so for n < 2^32 the product n·m / 2^(32+l)
 * exceeds n / W by less than 1/W and never reaches the next integer; n·m
 * stays below 2^62 because n < 2^28 and m ≤ 2^33. */
static void div_init(query *q, uint32_t w) {
    unsigned l = 0;
    while ((1u << l) < w)
        l++;
    q->div_shift = 32 + l;
    q->div_mul = (((uint64_t)1 << q->div_shift) + w - 1) / w;
}

WF_INLINE uint32_t div_w(uint64_t mul, unsigned shift, uint32_t n) {
    return (uint32_t)(((uint64_t)n * mul) >> shift);
}

/* Unscaled heuristic distance to the goal (gx, gy) from (x, y), which lies
 * adx columns and ady rows away from it. The goal and the scale are passed
 * as values so that the search loop keeps them in registers (stores into
 * the workspace might alias *q). */
WF_INLINE double h_dist(const query *q, const int hk, int gx, int gy, int x,
                        int y, int adx, int ady) {
    int lo = adx < ady ? adx : ady, hi = adx < ady ? ady : adx;
    switch (hk) {
    case HK_MANHATTAN: return (double)(adx + ady);
    case HK_EUCLIDEAN: return sqrt((double)adx * adx + (double)ady * ady);
    case HK_CHEBYSHEV: return (double)hi;
    case HK_OCTILE: return (double)(hi - lo) + WF_SQRT2 * (double)lo;
    case HK_CUSTOM: {
        double h = q->custom(q->custom_ud, x, y, gx, gy);
        return h > 0 && h < INFINITY ? h : 0.0; /* NaN, < 0, inf → 0 */
    }
    default: return 0.0;
    }
}

/* Scaled heuristic: hmul · h_dist. */
WF_INLINE double h_of(const query *q, const int hk, double hmul, int gx,
                      int gy, int x, int y, int adx, int ady) {
    return hk == HK_ZERO ? 0.0
                         : hmul * h_dist(q, hk, gx, gy, x, y, adx, ady);
}

/* The cost of entering a cell of terrain cost c and overlay value v:
 * c + k·v, with v < 0 or NaN read as 0. */
WF_INLINE double with_overlay(double c, float v, double k) {
    return v > 0 ? c + k * (double)v : c;
}

/* Distance used to pick the closest explored cell for a partial path. */
static double goal_distance(const query *q, int x, int y) {
    int adx = abs(x - q->gx), ady = abs(y - q->gy);
    return q->connect == 4
               ? h_dist(q, HK_MANHATTAN, q->gx, q->gy, x, y, adx, ady)
               : h_dist(q, HK_OCTILE, q->gx, q->gy, x, y, adx, ady);
}

/* The state of one search that relax() updates. */
typedef struct frontier {
    wf__heap heap;   /* slots [0, heap.n) of the open array */
    uint32_t sp;     /* slots [sp, capacity): plateau stack or closed cells */
    uint32_t gen;    /* tag base of this query */
    uint64_t generated, heap_ops, reopened;
} frontier;

/* Relaxes the move in direction d (a constant after inlining) from cell c,
 * whose g is gc and f is fc, to cell n = c + off; h is n's scaled
 * heuristic, computed only when the move is not to a closed cell. */
WF_INLINE void relax(frontier *fr, const int plateau, const int reopen,
                     const int d, uint32_t n, double gc, double fc,
                     double step_cost, const query *q, const int hk,
                     double hmul, int gx, int gy, int nx, int ny) {
    wf__cell *cells = fr->heap.cells;
    double *key = fr->heap.key;
    uint32_t *id = fr->heap.id;
    const uint32_t gen = fr->gen;
    wf__cell *nn = &cells[n];
    const uint32_t tag = nn->tag;
    const int seen = (tag & ~0xFu) == gen;
    if (seen && (tag & WF__TAG_CLOSED) && !reopen)
        return;
    if (!(step_cost < INFINITY)) /* an overlay that forbids the cell */
        return;
    const double ng = gc + step_cost;
    const double nf = ng + h_of(q, hk, hmul, gx, gy, nx, ny, abs(nx - gx),
                                abs(ny - gy));
    if (seen) {
        const uint32_t p = nn->pos;
        if (!(nf < key[p]))
            return;
        fr->generated++;
        nn->tag = gen | (unsigned)d;
        if (reopen && (tag & WF__TAG_CLOSED)) {
            /* move the last closed slot into the hole */
            const uint32_t sp = fr->sp++;
            const uint32_t lc = id[sp];
            key[p] = key[sp];
            id[p] = lc;
            cells[lc].pos = p;
            wf__heap_push(&fr->heap, nf, n);
            fr->heap_ops++;
            fr->reopened++;
        } else if (p < fr->heap.n) {
            wf__heap_up(&fr->heap, p, nf, n);
            fr->heap_ops++;
        } else {
            key[p] = nf; /* on the plateau stack */
        }
        return;
    }
    nn->tag = gen | (unsigned)d;
    fr->generated++;
    if (plateau && nf <= fc) {
        const uint32_t sp = --fr->sp;
        key[sp] = nf;
        id[sp] = n;
        nn->pos = sp;
    } else {
        wf__heap_push(&fr->heap, nf, n);
        fr->heap_ops++;
    }
}

/* The search. Open-array slots [0, heap.n) are the heap; slots [sp, cap)
 * are the plateau stack (plateau) or the closed cells (q->reopen), whose f
 * a cheaper path must beat to reopen them. */
WF_INLINE wf_status run(wf_search *ws, query *q, const int hk,
                        const int connect, const int plateau, const int ovl) {
    const wf_grid *g = q->g;
    const int W = g->width;
    const uint8_t *terrain = g->terrain;
    const uint8_t *nbmask = g->nbmask;
    const double *cost = g->cost;
    const float *overlay = q->overlay;
    const double ovk = q->overlay_k;
    const wf_corners corners = q->corners;
    const int reopen = hk == HK_CUSTOM && q->reopen;
    /* the direction back to the cell a move in direction d came from */
    static const uint8_t back[8] = {WF_DIR_S,  WF_DIR_W,  WF_DIR_N,
                                            WF_DIR_E,  WF_DIR_SW, WF_DIR_NW,
                                            WF_DIR_NE, WF_DIR_SE};
    wf__cell *cells = ws->cells;
    double *key = ws->key;
    uint32_t *id = ws->id;
    const uint32_t top = (uint32_t)ws->capacity;
    frontier fr = {{cells, key, id, 0}, top, wf__search_begin(ws), 0, 0, 0};
    const uint32_t goal = q->goal;
    const uint64_t limit = q->limit;
    const int gx = q->gx, gy = q->gy;
    const double hmul = q->hmul;
    const uint64_t div_mul = q->div_mul;
    const unsigned div_shift = q->div_shift;
    const uint32_t uW = (uint32_t)W;
    uint64_t expanded = 0;
    double best_d = INFINITY;

    {
        const uint32_t s = q->start;
        const int sy = (int)div_w(div_mul, div_shift, s);
        const int sx = (int)(s - (uint32_t)sy * uW);
        cells[s].tag = fr.gen;
        wf__heap_push(&fr.heap,
                      h_of(q, hk, hmul, gx, gy, sx, sy, abs(sx - gx),
                           abs(sy - gy)),
                      s);
        fr.heap_ops++;
    }

    wf_status st = WF_NO_PATH;
    for (;;) {
        uint32_t c;
        double fc;
        if (plateau && fr.sp < top) {
            c = id[fr.sp];
            fc = key[fr.sp];
            fr.sp++;
        } else if (fr.heap.n) {
            c = id[0];
            fc = key[0];
            wf__heap_pop(&fr.heap);
            fr.heap_ops++;
        } else {
            break;
        }
        if (c == goal) {
            q->end = c;
            st = WF_OK;
            break;
        }
        if (limit && expanded >= limit) {
            st = WF_PARTIAL;
            break;
        }
        wf__cell *cn = &cells[c];
        const uint32_t ctag = cn->tag;
        cn->tag = ctag | WF__TAG_CLOSED;
        if (reopen) {
            const uint32_t sp = --fr.sp;
            key[sp] = fc;
            id[sp] = c;
            cn->pos = sp;
        }
        expanded++;
        const int y = (int)div_w(div_mul, div_shift, c);
        const int x = (int)(c - (uint32_t)y * uW);
        const double gc =
            hk == HK_ZERO ? fc
                          : fc - h_of(q, hk, hmul, gx, gy, x, y, abs(x - gx),
                                      abs(y - gy));
        if (limit) {
            double d = goal_distance(q, x, y);
            if (d < best_d) {
                best_d = d;
                q->best = c;
            }
        }
        unsigned m = wf__allowed_moves(nbmask[c], connect, corners);
        /* The cell c was reached from is closed: skip its test (c's own
         * tag holds no move for the start, which has no parent). */
        if (!reopen && c != q->start)
            m &= ~(1u << back[ctag & 7u]);
        /* One relax() per direction, unrolled so that the offsets, step
         * lengths and heuristic arguments are constants. */
#define WF_ENTER_(n)                                                           \
        (ovl ? with_overlay(cost[terrain[n]], overlay[n], ovk)                 \
             : cost[terrain[n]])
#define WF_RELAX_(d, offset, dx, dy, step)                                     \
        if (m & (1u << (d)))                                                   \
            relax(&fr, plateau, reopen, d, (uint32_t)((int32_t)c + (offset)),  \
                  gc, fc, (step) * WF_ENTER_((int32_t)c + (offset)), q, hk,    \
                  hmul, gx, gy, x + (dx), y + (dy))
        WF_RELAX_(WF_DIR_N, -W, 0, -1, 1.0);
        WF_RELAX_(WF_DIR_E, 1, 1, 0, 1.0);
        WF_RELAX_(WF_DIR_S, W, 0, 1, 1.0);
        WF_RELAX_(WF_DIR_W, -1, -1, 0, 1.0);
        if (connect == 8) {
            WF_RELAX_(WF_DIR_NE, 1 - W, 1, -1, WF_SQRT2);
            WF_RELAX_(WF_DIR_SE, 1 + W, 1, 1, WF_SQRT2);
            WF_RELAX_(WF_DIR_SW, W - 1, -1, 1, WF_SQRT2);
            WF_RELAX_(WF_DIR_NW, -1 - W, -1, -1, WF_SQRT2);
        }
#undef WF_RELAX_
#undef WF_ENTER_
    }
    q->stats.expanded = expanded;
    q->stats.generated = fr.generated;
    q->stats.heap_ops = fr.heap_ops;
    q->stats.reopened = fr.reopened;
    if (st == WF_NO_PATH && limit && expanded >= limit)
        st = WF_PARTIAL;
    if (st == WF_PARTIAL)
        q->end = q->best;
    return st;
}

/* An instance of run() with constant arguments for the run-time options.
 * The overlay costs a load and a multiply per neighbour, so only queries
 * that attach one run the instances that read it. */
#define WF_RUN_OVL_(hk, plateau, ovl)                                          \
    (q->connect == 4 ? run(ws, q, hk, 4, plateau, ovl)                         \
                     : run(ws, q, hk, 8, plateau, ovl))
#define WF_RUN_CONNECT_(hk, plateau)                                           \
    (q->overlay ? WF_RUN_OVL_(hk, plateau, 1) : WF_RUN_OVL_(hk, plateau, 0))

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
#undef WF_RUN_OVL_

/* Rebuilds the path ending at q->end into out, summing the move costs from
 * the start so the reported cost does not depend on the search's rounding. */
static wf_status rebuild(const query *q, const wf_search *ws, wf_path *out) {
    const wf_grid *g = q->g;
    const uint32_t W = (uint32_t)g->width;
    const int32_t off[8] = {-(int32_t)W, 1, (int32_t)W, -1, 1 - (int32_t)W,
                            1 + (int32_t)W, (int32_t)W - 1, -1 - (int32_t)W};
    size_t len = 1;
    for (uint32_t c = q->end; c != q->start; len++)
        c = (uint32_t)((int32_t)c - off[ws->cells[c].tag & 7u]);
    wf_status s = wf__path_grow(out, len);
    if (s != WF_OK)
        return s;
    uint32_t c = q->end;
    for (size_t i = len; i-- > 0;) {
        out->points[i].x = (int)(c % W);
        out->points[i].y = (int)(c / W);
        if (i)
            c = (uint32_t)((int32_t)c - off[ws->cells[c].tag & 7u]);
    }
    out->count = len;
    double cost = 0;
    for (size_t i = 1; i < len; i++) {
        const wf_point a = out->points[i - 1], b = out->points[i];
        const size_t n = (size_t)b.y * W + (size_t)b.x;
        double t = g->cost[g->terrain[n]];
        if (q->overlay)
            t = with_overlay(t, q->overlay[n], q->overlay_k);
        cost += (a.x != b.x && a.y != b.y) ? WF_SQRT2 * t : t;
    }
    out->cost = cost;
    return WF_OK;
}

static int opts_valid(const wf_search_opts *o) {
    if (o->algo != WF_ALGO_ASTAR && o->algo != WF_ALGO_DIJKSTRA &&
        o->algo != WF_ALGO_JPS)
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
    if (!(o->overlay_k >= 0.0 && o->overlay_k < INFINITY))
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

    if (o.algo == WF_ALGO_JPS) {
        double c;
        if (o.connect == 8 && o.corners == WF_CORNERS_NO_CUT &&
            (o.heuristic == WF_H_DEFAULT || o.heuristic == WF_H_OCTILE) &&
            o.weight == 1.0 && !(o.overlay && o.overlay_k > 0) &&
            !o.max_expansions && wf__jps_uniform(g, &c))
            return wf__search_jps(ws, g, start, goal, c, out);
        o.algo = WF_ALGO_ASTAR; /* a model JPS does not cover: plain A* */
    }

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
    div_init(&q, (uint32_t)g->width);
    q.end = q.start;
    if (o.overlay && o.overlay_k > 0) {
        q.overlay = o.overlay;
        q.overlay_k = o.overlay_k;
        /* A goal the overlay forbids cannot be entered. */
        if (!(with_overlay(0.0, o.overlay[q.goal], o.overlay_k) < INFINITY))
            return WF_NO_PATH;
    }
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
