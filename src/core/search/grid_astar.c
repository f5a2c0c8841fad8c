/* A*, Dijkstra and weighted A* on grids.
 *
 * One loop serves every movement model and heuristic. It is instantiated a
 * handful of times through an always-inline function with constant
 * arguments, so the compiler removes the tests of those values from the hot
 * path: for the queries games and benchmarks make most (the default
 * heuristic at weight 1 with 8 or 4 neighbours, and Dijkstra's order),
 * with nothing per cell beyond the terrain cost. Overlays, filters that
 * forbid a terrain, move-cost callbacks and partial-path tracking are
 * run-time branches in two more instances: the default octile one (an
 * influence overlay on the usual query) and a generic one that also reads
 * the heuristic, connectivity and plateau rule at run time. Six instances
 * in all; the branches cost about 12 % more instructions per expansion,
 * which the plain instances do not pay (callgrind).
 *
 * Plateau stack: with a consistent heuristic a successor's f is never below
 * the f of the cell being expanded, and when it is equal the successor is a
 * minimum of the open list already. Such successors go on a LIFO stack that
 * is emptied before the heap is consulted again: no heap operation for
 * them, and ties in f go to the deeper cell (larger g), which is the usual
 * tie-break that keeps A* from exploring whole f-plateaus on open maps.
 *
 * Sliced search: the loop looks at the next cell before taking it, so it
 * can stop after any number of expansions with the open list untouched;
 * its state lives in the workspace (wf__astar), and a search resumed step
 * by step takes exactly the path of one run to the end.
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

typedef wf__astar query;

/* Division by the grid width as a multiply and a shift, exact for every
 * cell index: with l = ceil(log2 W) and m = ceil(2^(32+l) / W), the error
 * m·W − 2^(32+l) is below W ≤ 2^l, so for n < 2^32 the product n·m / 2^(32+l)
 * exceeds n / W by less than 1/W and never reaches the next integer; n·m
 * stays below 2^62 because n < 2^28 and m ≤ 2^33. */
static void div_init(query *q, uint32_t w) {
    wf__divw_init(w, &q->div_mul, &q->div_shift);
}

WF_INLINE uint32_t div_w(uint64_t mul, unsigned shift, uint32_t n) {
    return wf__divw(mul, shift, n);
}

/* Unscaled heuristic distance to the goal (gx, gy) from (x, y), which lies
 * adx columns and ady rows away from it. The goal and the scale are passed
 * as values so that the search loop keeps them in registers (stores into
 * the workspace might alias *q). */
WF_INLINE double h_dist(const query *q, const wf_heuristic hk, int gx, int gy,
                        int x, int y, int adx, int ady) {
    if (hk == WF_H_CUSTOM) {
        double h = q->custom(q->custom_ud, x, y, gx, gy);
        return h > 0 && h < INFINITY ? h : 0.0; /* NaN, < 0, inf → 0 */
    }
    return wf__heuristic_value(hk, adx, ady);
}

/* Scaled heuristic: hmul · h_dist. */
WF_INLINE double h_of(const query *q, const wf_heuristic hk, double hmul,
                      int gx, int gy, int x, int y, int adx, int ady) {
    return hk == WF_H_ZERO ? 0.0
                           : hmul * h_dist(q, hk, gx, gy, x, y, adx, ady);
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
                     double step_cost, const query *q,
                     const wf_heuristic hk, double hmul, int gx, int gy,
                     int nx, int ny) {
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

/* What the loop reads on every expansion, copied out of the query (which
 * the loop's stores into the workspace might alias) so that it stays in
 * registers, with the instance's constants folded in: plain means no
 * filter mask, overlay, callback or closest-cell tracking, so that their
 * tests leave the hot loop. */
typedef struct view {
    const wf_grid *g;
    const uint8_t *terrain, *nbmask;
    const double *cost;
    const uint8_t *pass;
    const uint8_t *clr; /* an agent of size > 1 */
    unsigned size;
    const float *overlay;
    double ovk, hmul;
    int W, gx, gy, cb, reopen, track;
    wf_corners corners;
    uint32_t start;
} view;

WF_INLINE view view_of(const query *q, const int plain) {
    const wf_grid *g = q->g;
    return (view){g,
                  g->terrain,
                  g->nbmask,
                  q->cost,
                  plain ? NULL : q->pass,
                  plain ? NULL : q->clr,
                  q->size,
                  plain ? NULL : q->overlay,
                  q->overlay_k,
                  q->hmul,
                  g->width,
                  q->gx,
                  q->gy,
                  !plain && q->move_cost != NULL,
                  q->reopen,
                  !plain && q->track,
                  q->corners,
                  q->start};
}

/* Expands cell c at (x, y), just closed, whose f is fc and whose tag was
 * ctag: relaxes every move out of it. */
WF_INLINE void expand(const view *v, query *q, frontier *fr,
                      const wf_heuristic hk, const int connect,
                      const int plateau, uint32_t c, uint32_t ctag,
                      double fc, int x, int y) {
    const int W = v->W, gx = v->gx, gy = v->gy;
    const double hmul = v->hmul;
    const double gc =
        hk == WF_H_ZERO ? fc
                        : fc - h_of(q, hk, hmul, gx, gy, x, y, abs(x - gx),
                                    abs(y - gy));
    if (v->track)
        wf__astar_track(q, c, x, y, gc);
    unsigned m = wf__allowed_moves(
        v->clr    ? wf__nbmask_fit(v->g, c, v->clr, v->size)
        : v->pass ? wf__nbmask_pass(v->g, c, v->pass)
                  : v->nbmask[c],
        connect, v->corners);
    /* The cell c was reached from is closed: skip its test (c's own tag
     * holds no move for the start, which has no parent). */
    if (!v->reopen && c != v->start)
        m &= ~(1u << wf__dir_back(ctag & 7u));
    /* One relax() per direction, unrolled so that the offsets, step
     * lengths and heuristic arguments are constants. */
#define WF_RELAX_(d)                                                           \
    if (m & (1u << (d))) {                                                     \
        const uint32_t n_ = (uint32_t)((ptrdiff_t)c + wf__dir_offset(d, W));   \
        const int nx_ = x + wf__dir_dx[d], ny_ = y + wf__dir_dy[d];            \
        const double sc_ =                                                     \
            wf__astar_price(q, v->cost, v->terrain, v->overlay, v->ovk, v->cb, \
                            n_, (d) >= 4, x, y, nx_, ny_);                     \
        relax(fr, plateau, v->reopen, d, n_, gc, fc, sc_, q, hk, hmul, gx, gy, \
              nx_, ny_);                                                       \
    }
    WF_RELAX_(WF_DIR_N);
    WF_RELAX_(WF_DIR_E);
    WF_RELAX_(WF_DIR_S);
    WF_RELAX_(WF_DIR_W);
    if (connect == 8) {
        WF_RELAX_(WF_DIR_NE);
        WF_RELAX_(WF_DIR_SE);
        WF_RELAX_(WF_DIR_SW);
        WF_RELAX_(WF_DIR_NW);
    }
#undef WF_RELAX_
}

/* The search, for at most `budget` expansions. Open-array slots
 * [0, heap.n) are the heap; slots [sp, cap) are the plateau stack
 * (plateau) or the closed cells (q->reopen), whose f a cheaper path must
 * beat to reopen them. Returns WF_PENDING when the budget ran out first. */
WF_INLINE wf_status run(wf_search *ws, query *q, const wf_heuristic hk,
                        const int connect, const int plateau,
                        const int plain, uint64_t budget) {
    const view v = view_of(q, plain);
    wf__cell *cells = ws->cells;
    double *key = ws->key;
    uint32_t *id = ws->id;
    const uint32_t top = (uint32_t)ws->capacity;
    frontier fr = {{cells, key, id, q->heap_n}, q->sp, q->gen, q->generated,
                   q->heap_ops, q->reopened};
    const uint32_t goal = q->goal;
    const uint64_t limit = q->limit;
    const uint64_t div_mul = q->div_mul;
    const unsigned div_shift = q->div_shift;
    uint64_t expanded = q->expanded;
    /* expansions allowed before stopping: the limit, or this step's budget */
    uint64_t stop = budget > UINT64_MAX - expanded ? UINT64_MAX
                                                   : expanded + budget;
    if (limit && limit < stop)
        stop = limit;

    wf_status st = WF_NO_PATH;
    for (;;) {
        /* Look at the next cell before taking it, so a step can end here
         * with the open list as it was. */
        uint32_t c;
        double fc;
        int from_stack = 0;
        if (plateau && fr.sp < top) {
            c = id[fr.sp];
            fc = key[fr.sp];
            from_stack = 1;
        } else if (fr.heap.n) {
            c = id[0];
            fc = key[0];
        } else {
            break;
        }
        if (c == goal) {
            q->end = c;
            st = WF_OK;
            break;
        }
        if (expanded >= stop) {
            st = limit && expanded >= limit ? WF_PARTIAL : WF_PENDING;
            break;
        }
        if (from_stack) {
            fr.sp++;
        } else {
            wf__heap_pop(&fr.heap);
            fr.heap_ops++;
        }
        wf__cell *cn = &cells[c];
        const uint32_t ctag = cn->tag;
        cn->tag = ctag | WF__TAG_CLOSED;
        if (v.reopen) {
            const uint32_t sp = --fr.sp;
            key[sp] = fc;
            id[sp] = c;
            cn->pos = sp;
        }
        expanded++;
        const int y = (int)div_w(div_mul, div_shift, c);
        const int x = (int)(c - (uint32_t)y * (uint32_t)v.W);
        expand(&v, q, &fr, hk, connect, plateau, c, ctag, fc, x, y);
    }
    q->heap_n = fr.heap.n;
    q->sp = fr.sp;
    q->expanded = expanded;
    q->generated = fr.generated;
    q->heap_ops = fr.heap_ops;
    q->reopened = fr.reopened;
    return st;
}

/* The instances: the common queries with their options as constants
 * (plain: nothing per cell or per move beyond the terrain cost), the
 * octile one again with the per-cell extras as run-time branches (influence
 * overlays, filters, callbacks, partial paths), and one generic instance
 * for the rest. */
static wf_status run_octile8(wf_search *ws, query *q, uint64_t b) {
    return run(ws, q, WF_H_OCTILE, 8, 1, 1, b);
}
static wf_status run_manhattan4(wf_search *ws, query *q, uint64_t b) {
    return run(ws, q, WF_H_MANHATTAN, 4, 1, 1, b);
}
static wf_status run_zero8(wf_search *ws, query *q, uint64_t b) {
    return run(ws, q, WF_H_ZERO, 8, 0, 1, b);
}
static wf_status run_zero4(wf_search *ws, query *q, uint64_t b) {
    return run(ws, q, WF_H_ZERO, 4, 0, 1, b);
}
static wf_status run_octile8_extras(wf_search *ws, query *q, uint64_t b) {
    return run(ws, q, WF_H_OCTILE, 8, 1, 0, b);
}
static wf_status run_generic(wf_search *ws, query *q, uint64_t b) {
    return run(ws, q, q->hk, q->connect, q->plateau, 0, b);
}

static wf_status dispatch(wf_search *ws, query *q, uint64_t budget) {
    const int plain = !q->pass && !q->clr && !q->overlay && !q->move_cost &&
                      !q->track;
    const int octile8 = q->hk == WF_H_OCTILE && q->connect == 8 && q->plateau;
    if (octile8)
        return plain ? run_octile8(ws, q, budget)
                     : run_octile8_extras(ws, q, budget);
    if (plain && q->hk == WF_H_MANHATTAN && q->connect == 4 && q->plateau)
        return run_manhattan4(ws, q, budget);
    if (plain && q->hk == WF_H_ZERO && !q->reopen)
        return q->connect == 8 ? run_zero8(ws, q, budget)
                               : run_zero4(ws, q, budget);
    return run_generic(ws, q, budget);
}

/* Rebuilds the path ending at q->end into out and prices it. */
static wf_status rebuild(wf_search *ws, const query *q, wf_path *out) {
    const wf_grid *g = q->g;
    const uint32_t W = (uint32_t)g->width;
    ptrdiff_t off[WF_DIR_COUNT];
    wf__dir_offsets(W, off);
    size_t len = 1;
    for (uint32_t c = q->end; c != q->start; len++)
        c = (uint32_t)((ptrdiff_t)c - off[ws->cells[c].tag & 7u]);
    wf_status s = wf__path_grow(out, len);
    if (s != WF_OK)
        return s;
    uint32_t c = q->end;
    for (size_t i = len; i-- > 0;) {
        out->points[i].x = (int)(c % W);
        out->points[i].y = (int)(c / W);
        if (i)
            c = (uint32_t)((ptrdiff_t)c - off[ws->cells[c].tag & 7u]);
    }
    out->count = len;
    return wf__astar_path_cost(ws, q, out);
}

wf_status wf__astar_path_cost(wf_search *ws, const query *q, wf_path *out) {
    const wf_grid *g = q->g;
    const size_t W = (size_t)g->width;
    double cost = 0;
    for (size_t i = 1; i < out->count; i++) {
        const wf_point a = out->points[i - 1], b = out->points[i];
        cost += wf__astar_price(q, q->cost, g->terrain, q->overlay,
                                q->overlay_k, q->move_cost != NULL,
                                (uint32_t)((size_t)b.y * W + (size_t)b.x),
                                a.x != b.x && a.y != b.y, a.x, a.y, b.x, b.y);
    }
    out->cost = cost;
    if (!(cost < INFINITY)) {
        out->count = 0;
        return wf__search_fail(ws, WF_E_RANGE,
                               "path cost overflows a double");
    }
    return WF_OK;
}

/* The unit's costs under its filter and, for a size > 1, its clearance
 * (which covers what its filter forbids). */
static wf_status unit_setup(wf_search *ws, query *q, const wf_grid *g,
                            const wf_search_opts *o) {
    q->cost = g->cost;
    if (o->filter) {
        if (wf__filter_costs(g, o->filter, q->fcost, q->fpass))
            q->pass = q->fpass;
        q->cost = q->fcost;
    }
    if (o->move.size > 1) {
        q->size = (unsigned)o->move.size;
        wf_status s = wf__unit_clearance(ws, g, q->pass, &q->clr);
        if (s != WF_OK)
            return wf__search_fail(ws, s, "cannot size the workspace for "
                                          "the unit's clearance");
        q->pass = NULL;
    }
    return WF_OK;
}

/* The heuristic of the query (the options are checked), its scale, and
 * whether closed cells may be reopened and the plateau stack is used. */
static void heuristic_setup(query *q, const wf_grid *g,
                            const wf_search_opts *o) {
    const wf_heuristic hk =
        o->algo == WF_ALGO_DIJKSTRA
            ? WF_H_ZERO
            : wf__heuristic_resolve(o->heuristic, o->move.connect);
    if (hk == WF_H_CUSTOM) {
        q->custom = o->custom_h;
        q->custom_ud = o->custom_ud;
        q->hmul = o->weight;
        q->reopen = o->weight == 1.0;
    } else {
        /* the smallest cost of entering a cell present on the grid, under
         * the filter: the built-in heuristics' scale */
        double m = INFINITY;
        for (int t = 0; t < 256; t++)
            if (g->count[t] && g->passable[t] && q->cost[t] < m)
                m = q->cost[t];
        q->hmul = o->weight * (m < INFINITY ? m : 1.0);
    }
    q->hk = hk;
    /* The plateau stack needs a consistent heuristic and weight 1; Manhattan
     * distance overestimates on 8-connected grids, so it is excluded. */
    q->plateau = o->weight == 1.0 && hk != WF_H_CUSTOM && hk != WF_H_ZERO &&
                 !(hk == WF_H_MANHATTAN && q->connect == 8);
}

/* May the unit stand on the start and enter the goal? A goal it cannot
 * enter is never reached; the nearest fallback still wants the search, so
 * it then runs towards no cell at all (q->goal UINT32_MAX). Returns 0 when
 * there is no search to run. */
static int ends_open(wf_search *ws, query *q, const wf_grid *g,
                     wf_point start, wf_point goal) {
    /* (without a filter the cost table holds WF_BLOCKED, not INFINITY) */
    const uint8_t tg = g->terrain[q->goal], ts = g->terrain[q->start];
    int goal_open = g->passable[tg] && q->cost[tg] < INFINITY &&
                    !(q->overlay && !(wf__with_overlay(0.0, q->overlay[q->goal],
                                                       q->overlay_k) <
                                      INFINITY));
    int start_open = g->passable[ts] && q->cost[ts] < INFINITY;
    if (q->clr) {
        start_open = start_open && wf__fits(q->clr, q->start, q->size);
        goal_open = goal_open && wf__fits(q->clr, q->goal, q->size);
        wf__size_message(ws, g, q->clr, q->size, start, goal, start_open,
                         goal_open || q->fallback);
    }
    if (!start_open || (!goal_open && !q->fallback))
        return 0;
    if (!goal_open)
        q->goal = UINT32_MAX;
    return 1;
}

wf_status wf__astar_setup(wf_search *ws, query *q, const wf_grid *g,
                          wf_point start, wf_point goal,
                          const wf_search_opts *o) {
    memset(q, 0, offsetof(query, fcost));
    q->g = g;
    wf_status s = unit_setup(ws, q, g, o);
    if (s != WF_OK)
        return s;
    q->start = (uint32_t)start.y * (uint32_t)g->width + (uint32_t)start.x;
    q->goal = (uint32_t)goal.y * (uint32_t)g->width + (uint32_t)goal.x;
    q->gx = goal.x;
    q->gy = goal.y;
    q->connect = o->move.connect;
    q->corners = o->move.corners;
    q->limit = o->max_expansions;
    q->fallback = o->goal_fallback == WF_FALLBACK_NEAREST;
    q->track = q->limit || q->fallback;
    q->best = q->end = q->start;
    q->best_d = INFINITY;
    q->best_g = INFINITY;
    div_init(q, (uint32_t)g->width);
    if (o->overlay.values && o->overlay_k > 0) {
        q->overlay = o->overlay.values;
        q->overlay_k = o->overlay_k;
    }
    q->move_cost = o->move_cost;
    q->move_ud = o->move_cost_ud;
    heuristic_setup(q, g, o);
    return ends_open(ws, q, g, start, goal) ? WF_OK : WF_NO_PATH;
}

wf_status wf__astar_begin(wf_search *ws, const wf_grid *g, wf_point start,
                          wf_point goal, const wf_search_opts *o) {
    query *q = &ws->q.a;
    wf_status s = wf__astar_setup(ws, q, g, start, goal, o);
    if (s == WF_NO_PATH) {
        ws->mode = WF__GRID_DONE;
        ws->done = WF_NO_PATH;
        return WF_OK;
    }
    if (s != WF_OK)
        return s;
    q->gen = wf__search_begin(ws);
    q->sp = (uint32_t)ws->capacity;
    ws->cells[q->start].tag = q->gen;
    wf__heap h = {ws->cells, ws->key, ws->id, 0};
    wf__heap_push(&h,
                  h_of(q, q->hk, q->hmul, q->gx, q->gy, start.x, start.y,
                       abs(start.x - q->gx), abs(start.y - q->gy)),
                  q->start);
    q->heap_n = h.n;
    q->heap_ops = 1;
    ws->mode = WF__ASTAR;
    ws->engine = o->algo == WF_ALGO_DIJKSTRA ? WF_ALGO_DIJKSTRA : WF_ALGO_ASTAR;
    return WF_OK;
}

wf_status wf__astar_step(wf_search *ws, uint64_t budget, wf_path *out) {
    query *q = &ws->q.a;
    wf_status st = dispatch(ws, q, budget);
    out->stats.expanded = q->expanded;
    out->stats.generated = q->generated;
    out->stats.heap_ops = q->heap_ops;
    out->stats.reopened = q->reopened;
    out->stats.engine = ws->engine;
    if (st == WF_PENDING)
        return st;
    ws->mode = WF__IDLE;
    if (st == WF_NO_PATH && q->limit && q->expanded >= q->limit)
        st = WF_PARTIAL;
    if (st == WF_NO_PATH && q->fallback)
        st = WF_PARTIAL;
    if (st == WF_PARTIAL)
        q->end = q->best;
    if (st == WF_NO_PATH)
        return st;
    wf_status s = rebuild(ws, q, out);
    return s == WF_OK ? st : s;
}
