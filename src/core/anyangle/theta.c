/* Theta* and Lazy Theta* on grids: A* over cell centres in which a cell's
 * parent may be any cell it sees, not only a neighbour.
 *
 * Theta* tries, for each successor n of the cell c it expands, the
 * straight segment from c's parent to n (sight checked and priced by the
 * segment rule, wf__segment_cost) against the move c → n, and keeps the
 * cheaper. Lazy Theta* assumes the segment from c's parent is there, with
 * the cheapest cost it could have (the smallest cell cost × its length),
 * and checks only when n is expanded; if the segment is not allowed, or
 * dearer than assumed, n takes the best route through an expanded
 * neighbour. Unlike the published Lazy Theta*, a cell whose checked cost
 * turns out above the one it was queued with goes back on the open list
 * with that cost (unless it would still be the next taken) instead of
 * being expanded at once: so every expanded
 * cell's cost is checked and no greater than its key, and the argument
 * that keeps Theta* no longer than the grid path holds for both (the
 * cost of an expanded cell is at most its grid distance, by induction
 * along a shortest grid path, as in A*).
 *
 * State per cell: the workspace's tag (generation, closed) and heap slot,
 * and the graph arrays' parent and cost (ws->parent, ws->g). Closed cells
 * are never reopened, so a parent's cost is final once it is a parent and
 * the path's cost is the sum of its segments. */
#include <math.h>
#include <stdlib.h>

#include "search_internal.h"

typedef struct theta {
    const wf_grid *g;
    const uint8_t *pass;   /* NULL unless the filter forbids a terrain */
    const uint8_t *clr;    /* size k > 1: the unit's clearance */
    unsigned k;            /* the unit's size */
    wf__seg_rule seg;      /* what a segment may cross (size included) */
    wf_corners rule;
    int connect, lazy, uniform, track, fallback;
    uint32_t start, goal;  /* goal UINT32_MAX: none (nearest fallback) */
    int gx, gy;
    double hmul, minc;     /* heuristic scale; smallest cost present */
    uint64_t limit;
    wf__cell *cells;
    uint32_t *parent;
    double *gv;
    wf__heap heap;
    uint32_t gen;
    uint64_t expanded, generated, heap_ops;
    uint32_t best;
    double best_d, best_g;
    double cost[256];      /* per terrain, INFINITY: blocked for the unit */
    uint8_t fpass[256];
} theta;

static wf_vec2 centre_of(const theta *t, uint32_t c) {
    const uint32_t W = (uint32_t)t->g->width;
    return (wf_vec2){(double)(c % W) + 0.5, (double)(c / W) + 0.5};
}

static double cell_cost(const theta *t, uint32_t c) {
    return t->cost[t->g->terrain[c]];
}

static double h_of(const theta *t, uint32_t c) {
    const uint32_t W = (uint32_t)t->g->width;
    const double dx = (double)(c % W) - t->gx, dy = (double)(c / W) - t->gy;
    return t->hmul * wf__heuristic_value(WF_H_EUCLIDEAN, fabs(dx), fabs(dy));
}

/* Straight-line distance (sqrt: hypot's care for overflow is not needed
 * for coordinates below 2^21, and it is slow). */
static double dist(wf_vec2 a, wf_vec2 b) {
    const double dx = b.x - a.x, dy = b.y - a.y;
    return sqrt(dx * dx + dy * dy);
}

/* The segment p → c: its cost, INFINITY when the rule forbids it. */
static double sight(const theta *t, uint32_t p, uint32_t c) {
    double cost;
    wf__segment_cost(t->g, &t->seg, centre_of(t, p), centre_of(t, c),
                     &cost);
    return cost;
}

/* The move to neighbour n of c in direction d: half its length in each. */
static double step_cost(const theta *t, uint32_t c, uint32_t n, int d) {
    const double half = d >= WF_DIR_NE ? WF_SQRT2 / 2 : 0.5;
    return half * (cell_cost(t, c) + cell_cost(t, n));
}

static int closed(const theta *t, uint32_t c) {
    const uint32_t tag = t->cells[c].tag;
    return (tag & ~0xFu) == t->gen && (tag & WF__TAG_CLOSED);
}

/* The cells c may move to (rule, filter, size), as a direction mask. */
WF_INLINE unsigned moves_of(const theta *t, uint32_t c) {
    return wf__allowed_moves(t->clr    ? wf__nbmask_fit(t->g, c, t->clr, t->k)
                             : t->pass ? wf__nbmask_pass(t->g, c, t->pass)
                                       : t->g->nbmask[c],
                             t->connect, t->rule);
}

/* May the unit stand on cell c? */
static int open_cell(const theta *t, uint32_t c) {
    return t->clr ? wf__fits(t->clr, c, t->k)
                  : t->cost[t->g->terrain[c]] < INFINITY;
}

static uint32_t neighbour(const theta *t, uint32_t c, int d) {
    const int32_t W = t->g->width;
    return (uint32_t)((int32_t)c + wf__dir_dx[d] + wf__dir_dy[d] * W);
}

/* Sets or lowers n's cost to gn through parent p and queues it. */
static void improve(theta *t, uint32_t n, double gn, uint32_t p) {
    wf__cell *cn = &t->cells[n];
    const int seen = (cn->tag & ~0xFu) == t->gen;
    if (seen && !(gn < t->gv[n]))
        return;
    t->gv[n] = gn;
    t->parent[n] = p;
    t->generated++;
    t->heap_ops++;
    const double f = gn + h_of(t, n);
    if (seen) {
        wf__heap_up(&t->heap, cn->pos, f, n);
    } else {
        cn->tag = t->gen;
        wf__heap_push(&t->heap, f, n);
    }
}

/* Lazy Theta*: c's checked cost and parent, from its assumed parent or
 * the best expanded neighbour. */
static void check_parent(theta *t, uint32_t c) {
    const uint32_t p = t->parent[c];
    double best = INFINITY;
    uint32_t bp = p;
    if (p != c) {
        const double s = sight(t, p, c);
        if (s < INFINITY)
            best = t->gv[p] + s;
    } else {
        best = t->gv[c]; /* the start */
    }
    if (best < INFINITY && t->uniform)
        goto done;
    for (unsigned m = moves_of(t, c); m; m &= m - 1) {
        const int d = __builtin_ctz(m);
        const uint32_t n = neighbour(t, c, d);
        if (!closed(t, n))
            continue;
        const double via = t->gv[n] + step_cost(t, n, c, d);
        if (via < best) {
            best = via;
            bp = n;
        }
    }
done:
    t->gv[c] = best;
    t->parent[c] = bp;
}

static void track_best(theta *t, uint32_t c) {
    const uint32_t W = (uint32_t)t->g->width;
    const double dx = (double)(c % W) - t->gx, dy = (double)(c / W) - t->gy;
    const double d = dx * dx + dy * dy;
    if (d < t->best_d || (d == t->best_d && t->gv[c] < t->best_g)) {
        t->best_d = d;
        t->best_g = t->gv[c];
        t->best = c;
    }
}

/* The smallest key after the top's (its children's), INFINITY when none:
 * a cell whose corrected key stays at or below it would be taken next
 * anyway, so it is expanded without going back on the heap. */
static double next_key(const wf__heap *h) {
    double m = INFINITY;
    for (uint32_t i = 1; i <= 4 && i < h->n; i++)
        m = h->key[i] < m ? h->key[i] : m;
    return m;
}

/* The search itself; sets *end to the cell the path ends at. */
static wf_status run(theta *t, uint32_t *end) {
    while (t->heap.n) {
        const uint32_t c = t->heap.id[0];
        if (t->lazy) {
            const double key = t->heap.key[0], before = t->gv[c];
            check_parent(t, c);
            if (t->gv[c] > before) {
                /* dearer than queued: back in line with its real cost */
                const double f = t->gv[c] + h_of(t, c);
                if (f > key && f > next_key(&t->heap)) {
                    wf__heap_pop(&t->heap);
                    wf__heap_push(&t->heap, f, c);
                    t->heap_ops += 2;
                    continue;
                }
            }
        }
        if (c == t->goal) {
            *end = c;
            return WF_OK;
        }
        if (t->limit && t->expanded >= t->limit)
            return WF_PARTIAL;
        wf__heap_pop(&t->heap);
        t->heap_ops++;
        t->cells[c].tag |= WF__TAG_CLOSED;
        t->expanded++;
        if (t->track)
            track_best(t, c);
        const uint32_t p = t->parent[c];
        for (unsigned m = moves_of(t, c); m; m &= m - 1) {
            const int d = __builtin_ctz(m);
            const uint32_t n = neighbour(t, c, d);
            if (closed(t, n))
                continue;
            if (t->lazy) {
                /* assume p sees n, at the cheapest it could cost */
                if (p == c) {
                    improve(t, n, t->gv[c] + step_cost(t, c, n, d), c);
                } else {
                    wf_vec2 a = centre_of(t, p), b = centre_of(t, n);
                    improve(t, n,
                            t->gv[p] + t->minc * dist(a, b),
                            p);
                }
                continue;
            }
            double gn = t->gv[c] + step_cost(t, c, n, d);
            uint32_t via = c;
            /* neither route can beat n's cost when the cheapest segment
             * from p could not (the move via c costs at least as much):
             * no sight check then */
            if (p != c && (t->cells[n].tag & ~0xFu) == t->gen) {
                const wf_vec2 a = centre_of(t, p), b = centre_of(t, n);
                if (!(t->gv[p] + t->minc * dist(a, b) <
                      t->gv[n]))
                    continue;
            }
            if (p != c) {
                const double s = t->gv[p] + sight(t, p, n);
                if (s <= gn) {
                    gn = s;
                    via = p;
                }
            }
            improve(t, n, gn, via);
        }
    }
    return WF_NO_PATH;
}

/* The polyline from the start to end, its cost summed segment by segment
 * so that it does not depend on the search's rounding. */
static wf_status rebuild(const theta *t, uint32_t end, wf_polyline *out) {
    size_t len = 1;
    for (uint32_t c = end; c != t->start; c = t->parent[c])
        len++;
    wf_status s = wf_polyline_reserve(out, len);
    if (s != WF_OK)
        return s;
    uint32_t c = end;
    for (size_t i = len; i-- > 0; c = t->parent[c])
        out->points[i] = centre_of(t, c);
    out->count = len;
    out->cost = out->length = 0;
    for (size_t i = 1; i < len; i++) {
        wf_vec2 a = out->points[i - 1], b = out->points[i];
        double sc;
        wf__segment_cost(t->g, &t->seg, a, b, &sc);
        out->cost += sc;
        out->length += dist(a, b);
    }
    return WF_OK;
}

wf_status wf__theta_search(wf_search *ws, const wf_grid *g, wf_point start,
                           wf_point goal, int lazy, const wf_search_opts *o,
                           wf_polyline *out) {
    theta q, *t = &q; /* on the stack: a query allocates nothing */
    memset(t, 0, offsetof(theta, cost));
    t->g = g;
    t->lazy = lazy;
    const int forbids = wf__filter_costs(g, o->filter, t->cost, t->fpass);
    if (forbids)
        t->pass = t->fpass;
    t->k = (unsigned)o->move.size;
    if (t->k > 1) {
        wf_status s = wf__unit_clearance(ws, g, t->pass, &t->clr);
        if (s != WF_OK)
            return wf__search_fail(ws, s, "out of memory");
    }
    t->seg = wf__seg_rule_make(g, o->move, t->cost, forbids, t->clr);
    t->connect = o->move.connect;
    t->rule = o->move.connect == 4 ? WF_CORNERS_NO_CUT : o->move.corners;
    const uint32_t W = (uint32_t)g->width;
    t->start = (uint32_t)start.y * W + (uint32_t)start.x;
    t->goal = (uint32_t)goal.y * W + (uint32_t)goal.x;
    t->gx = goal.x;
    t->gy = goal.y;
    t->limit = o->max_expansions;
    t->fallback = o->goal_fallback == WF_FALLBACK_NEAREST;
    t->track = t->limit || t->fallback;
    /* the smallest cost present: the heuristic's scale, and Lazy Theta*'s
     * assumed price of a segment; one cost present: every segment costs
     * that × its length, so no neighbour can beat a segment it sees */
    double lo = INFINITY, hi = 0;
    for (int k = 0; k < 256; k++)
        if (g->count[k] && t->cost[k] < INFINITY) {
            lo = t->cost[k] < lo ? t->cost[k] : lo;
            hi = t->cost[k] > hi ? t->cost[k] : hi;
        }
    t->minc = lo < INFINITY ? lo : 1.0;
    t->uniform = lo == hi;
    t->hmul = o->heuristic == WF_H_ZERO ? 0.0 : o->weight * t->minc;
    t->cells = ws->cells;
    t->parent = ws->parent;
    t->gv = ws->g;
    t->heap = (wf__heap){ws->cells, ws->key, ws->id, 0};
    t->gen = wf__search_begin(ws);
    t->best = t->start;
    t->best_d = t->best_g = INFINITY;
    wf_status st = WF_NO_PATH;
    uint32_t end = t->start;
    const int start_open = open_cell(t, t->start);
    const int goal_open = open_cell(t, t->goal);
    if (t->clr)
        wf__size_message(ws, g, t->clr, t->k, start, goal, start_open,
                         goal_open);
    if (start_open && (goal_open || t->fallback)) {
        if (!goal_open)
            t->goal = UINT32_MAX;
        t->cells[t->start].tag = t->gen;
        t->gv[t->start] = 0;
        t->parent[t->start] = t->start;
        wf__heap_push(&t->heap, h_of(t, t->start), t->start);
        t->heap_ops = 1;
        st = run(t, &end);
        if (st == WF_NO_PATH && (t->fallback || (t->limit &&
                                                 t->expanded >= t->limit)))
            st = WF_PARTIAL;
        if (st == WF_PARTIAL)
            end = t->best;
    }
    out->stats.expanded = t->expanded;
    out->stats.generated = t->generated;
    out->stats.heap_ops = t->heap_ops;
    out->stats.engine = WF_ALGO_ASTAR;
    if (st != WF_NO_PATH) {
        wf_status s = rebuild(t, end, out);
        if (s != WF_OK)
            st = wf__search_fail(ws, s, "out of memory");
    }
    return st;
}
