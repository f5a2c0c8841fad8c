/* D* Lite's search (Koenig & Likhachev 2002, the optimised version): a
 * search backwards from the goal keeping two estimates per cell, g (its
 * cost to the goal when last expanded) and rhs (one step ahead: the best
 * successor's g plus the move), and an open list of the cells where they
 * differ, keyed [min(g, rhs) + h(agent, cell) + km, min(g, rhs)]. km grows
 * by h(old, new) each time the agent moves, so keys computed before a move
 * stay lower bounds and the open list never needs reordering. An edit
 * makes the cells beside it inconsistent; the search then expands only
 * until the agent's cell is consistent again. */
#include <math.h>
#include <stdlib.h>

#include "dstar_internal.h"

/* ---- keys and the open list (a binary heap with positions) ------------ */

WF_INLINE int key_less(const wf__dkey *a, double k1, double k2) {
    return a->k1 < k1 || (a->k1 == k1 && a->k2 < k2);
}

double wf__dstar_h(const wf_dstar *d, wf_point a, wf_point b) {
    const double ax = fabs((double)a.x - b.x), ay = fabs((double)a.y - b.y);
    const double lo = ax < ay ? ax : ay, hi = ax < ay ? ay : ax;
    switch (d->hk) {
    case 1: return d->hmul * (ax + ay);
    case 2: return d->hmul * sqrt(ax * ax + ay * ay);
    case 3: return d->hmul * hi;
    case 4: return d->hmul * ((hi - lo) + WF_SQRT2 * lo);
    default: return 0.0;
    }
}

static wf_point point_of(const wf_dstar *d, uint32_t c) {
    const uint32_t y = wf__divw(d->div_mul, d->div_shift, c);
    return (wf_point){(int)(c - y * (uint32_t)d->g->width), (int)y};
}

static void key_of(const wf_dstar *d, uint32_t c, double *k1, double *k2) {
    const double m = d->cell[c].g < d->cell[c].rhs ? d->cell[c].g : d->cell[c].rhs;
    *k2 = m;
    *k1 = m + wf__dstar_h(d, d->start, point_of(d, c)) + d->km;
}

static void place(wf_dstar *d, uint32_t i, wf__dkey e) {
    d->heap[i] = e;
    d->cell[e.cell].pos = i;
}

/* A 4-ary heap: the four children of slot i (4i+1 .. 4i+4) are adjacent,
 * 96 bytes, and the tree is half as deep as a binary one. */
static void sift_up(wf_dstar *d, uint32_t i, wf__dkey e) {
    while (i > 0) {
        uint32_t p = (i - 1) / 4;
        if (!key_less(&e, d->heap[p].k1, d->heap[p].k2))
            break;
        place(d, i, d->heap[p]);
        i = p;
    }
    place(d, i, e);
}

static void sift_down(wf_dstar *d, uint32_t i, wf__dkey e) {
    const uint32_t n = d->hn;
    for (;;) {
        const uint32_t first = 4 * i + 1;
        if (first >= n)
            break;
        const uint32_t last = first + 4 < n ? first + 4 : n;
        uint32_t m = first;
        for (uint32_t c = first + 1; c < last; c++)
            if (key_less(&d->heap[c], d->heap[m].k1, d->heap[m].k2))
                m = c;
        if (!key_less(&d->heap[m], e.k1, e.k2))
            break;
        place(d, i, d->heap[m]);
        i = m;
    }
    place(d, i, e);
}

static wf_status heap_push(wf_dstar *d, uint32_t c, double k1, double k2) {
    if (d->hn == d->hcap) {
        size_t n = d->hcap ? 2 * d->hcap : 1024;
        if (n > d->g->cells)
            n = d->g->cells;
        wf__dkey *h = wf__realloc(&d->alloc, d->heap, d->hcap * sizeof *h,
                                  n * sizeof *h);
        if (!h)
            return WF_E_NOMEM;
        d->heap = h;
        d->hcap = n;
    }
    d->st.heap_ops++;
    sift_up(d, d->hn++, (wf__dkey){k1, k2, c});
    return WF_OK;
}

static void heap_set(wf_dstar *d, uint32_t c, double k1, double k2) {
    const uint32_t i = d->cell[c].pos;
    const wf__dkey e = {k1, k2, c};
    d->st.heap_ops++;
    if (key_less(&e, d->heap[i].k1, d->heap[i].k2))
        sift_up(d, i, e);
    else
        sift_down(d, i, e);
}

static void heap_remove(wf_dstar *d, uint32_t c) {
    const uint32_t i = d->cell[c].pos;
    d->cell[c].pos = WF__DSTAR_NONE;
    d->st.heap_ops++;
    const wf__dkey last = d->heap[--d->hn];
    if (i == d->hn)
        return;
    if (key_less(&last, d->heap[i].k1, d->heap[i].k2))
        sift_up(d, i, last);
    else
        sift_down(d, i, last);
}

void wf__dstar_reset(wf_dstar *d) {
    for (size_t c = 0; c < d->g->cells; c++)
        d->cell[c] = (wf__dcell){INFINITY, INFINITY, WF__DSTAR_NONE};
    d->hn = 0;
    d->km = 0;
    d->last = d->start;
    d->restart = 0;
    const uint32_t goal =
        (uint32_t)d->goal.y * (uint32_t)d->g->width + (uint32_t)d->goal.x;
    d->cell[goal].rhs = 0;
    double k1, k2;
    key_of(d, goal, &k1, &k2);
    if (heap_push(d, goal, k1, k2) != WF_OK)
        d->restart = 1;
}

/* ---- moves -------------------------------------------------------------- */

static const int dir_dx[8] = {0, 1, 0, -1, 1, 1, -1, -1};
static const int dir_dy[8] = {-1, 0, 1, 0, -1, 1, 1, -1};

/* The moves the unit may make from cell c (where it may stand: the caller
 * checked), as a mask of directions: the grid's neighbour mask narrowed
 * to where the unit may stand, under the corner rule. Moves are symmetric
 * in whether they are allowed, so these are also the neighbours that may
 * move into c. */
WF_INLINE unsigned moves_of(const wf_dstar *d, uint32_t c) {
    const wf_grid *g = d->g;
    unsigned m = d->k > 1 ? wf__nbmask_fit(g, c, d->clr ? d->clr : g->clear,
                                           d->k)
                 : d->filtered ? wf__nbmask_pass(g, c, d->pass)
                               : g->nbmask[c];
    return wf__allowed_moves(m, d->connect, d->corners);
}

/* The cell in direction dir from c (which has that neighbour). */
WF_INLINE uint32_t step_to(const wf_dstar *d, uint32_t c, int dir) {
    return (uint32_t)((int64_t)c + dir_dy[dir] * (int64_t)d->g->width +
                      dir_dx[dir]);
}

/* The cost of entering cell n, before the step length: the grid search's
 * own expression, so that equal paths sum to equal bits. INFINITY when the
 * overlay forbids it. */
WF_INLINE double enter_cost(const wf_dstar *d, uint32_t n) {
    double c = d->cost[d->g->terrain[n]];
    if (d->overlay) {
        const float v = d->overlay[n];
        if (v > 0)
            c = c + d->overlay_k * (double)v;
    }
    return c;
}

/* The move from c in direction dir into n, entering at cost e (from
 * enter_cost): step × e, then the move-cost callback. */
WF_INLINE double move_cost(const wf_dstar *d, uint32_t c, int dir, double e) {
    double m = dir >= 4 ? WF_SQRT2 * e : e;
    if (d->o.move_cost) {
        const wf_point a = point_of(d, c);
        m = d->o.move_cost(d->o.move_cost_ud, a,
                           (wf_point){a.x + dir_dx[dir], a.y + dir_dy[dir]},
                           m);
        if (!(m > 0))
            return INFINITY;
    }
    return m;
}

/* The best successor's g plus the move, from cell c. */
static double best_rhs(const wf_dstar *d, uint32_t c) {
    if (!wf__dstar_stands(d, c))
        return INFINITY;
    double best = INFINITY;
    for (unsigned m = moves_of(d, c); m; m &= m - 1) {
        const int dir = __builtin_ctz(m);
        const uint32_t n = step_to(d, c, dir);
        const double v = move_cost(d, c, dir, enter_cost(d, n)) + d->cell[n].g;
        if (v < best)
            best = v;
    }
    return best;
}

/* Puts c on, moves it in, or takes it off the open list. */
static void settle(wf_dstar *d, uint32_t c) {
    const int open = d->cell[c].pos != WF__DSTAR_NONE;
    if (d->cell[c].g != d->cell[c].rhs) {
        double k1, k2;
        key_of(d, c, &k1, &k2);
        if (open)
            heap_set(d, c, k1, k2);
        else if (heap_push(d, c, k1, k2) != WF_OK)
            d->restart = 1;
    } else if (open) {
        heap_remove(d, c);
    }
}

void wf__dstar_update_cell(wf_dstar *d, uint32_t c) {
    const wf_point p = point_of(d, c);
    if (p.x != d->goal.x || p.y != d->goal.y)
        d->cell[c].rhs = best_rhs(d, c);
    settle(d, c);
}

/* The direction back from a neighbour in direction dir. */
WF_INLINE int reverse(int dir) { return (dir + 2) % 4 + (dir >= 4 ? 4 : 0); }

wf_status wf__dstar_compute(wf_dstar *d) {
    const wf_grid *g = d->g;
    const uint32_t s =
        (uint32_t)d->start.y * (uint32_t)g->width + (uint32_t)d->start.x;
    const uint32_t goal =
        (uint32_t)d->goal.y * (uint32_t)g->width + (uint32_t)d->goal.x;
    while (d->hn > 0 && !d->restart) {
        double sk1, sk2;
        key_of(d, s, &sk1, &sk2);
        const wf__dkey top = d->heap[0];
        /* Keys are sums in floating point: a cell whose key equals the
         * agent's in exact arithmetic may come out an ulp above it, and
         * the path runs through it; so ties within a relative 1e-9 are
         * expanded too. */
        if (top.k1 > sk1 + 1e-9 * fabs(sk1) && !(d->cell[s].rhs > d->cell[s].g))
            break;
        const uint32_t u = top.cell;
        double k1, k2;
        key_of(d, u, &k1, &k2);
        if (key_less(&top, k1, k2)) {
            /* a key from before the agent moved: still a lower bound */
            heap_set(d, u, k1, k2);
            continue;
        }
        d->st.expanded++;
        /* the neighbours that may move into u, each at step × e */
        const unsigned preds =
            wf__dstar_stands(d, u) ? moves_of(d, u) : 0u;
        const double e = enter_cost(d, u);
        if (d->cell[u].g > d->cell[u].rhs) {
            /* over-consistent: u's cost is now known */
            d->cell[u].g = d->cell[u].rhs;
            heap_remove(d, u);
            const double gu = d->cell[u].g;
            for (unsigned m = preds; m; m &= m - 1) {
                const int dir = __builtin_ctz(m);
                const uint32_t p = step_to(d, u, dir);
                const double v = move_cost(d, p, reverse(dir), e) + gu;
                if (p != goal && v < d->cell[p].rhs) {
                    d->cell[p].rhs = v;
                    d->st.generated++;
                    settle(d, p);
                }
            }
        } else {
            /* under-consistent: u got dearer; so may whatever relied on it */
            const double old = d->cell[u].g;
            d->cell[u].g = INFINITY;
            for (unsigned m = preds; m; m &= m - 1) {
                const int dir = __builtin_ctz(m);
                const uint32_t p = step_to(d, u, dir);
                if (p != goal &&
                    d->cell[p].rhs == move_cost(d, p, reverse(dir), e) + old) {
                    d->cell[p].rhs = best_rhs(d, p);
                    d->st.generated++;
                    settle(d, p);
                }
            }
            if (u != goal)
                d->cell[u].rhs = best_rhs(d, u);
            settle(d, u);
        }
    }
    return d->restart ? WF_E_NOMEM : WF_OK;
}

wf_status wf__dstar_extract(wf_dstar *d, wf_path *out) {
    const wf_grid *g = d->g;
    out->count = 0;
    out->cost = 0;
    uint32_t c = (uint32_t)d->start.y * (uint32_t)g->width +
                 (uint32_t)d->start.x;
    const uint32_t goal =
        (uint32_t)d->goal.y * (uint32_t)g->width + (uint32_t)d->goal.x;
    wf_point at = d->start;
    double sum = 0;
    size_t n = 0;
    for (;;) {
        if (n == out->capacity && wf__path_grow(out, n + 1) != WF_OK)
            return WF_E_NOMEM;
        out->points[n++] = at;
        if (c == goal)
            break;
        /* g strictly falls along the cheapest moves (every move costs more
         * than 0), so this ends; the bound guards against a broken state */
        if (n > g->cells)
            return WF_NO_PATH;
        double best = INFINITY, step = 0;
        int bd = -1;
        for (unsigned m = moves_of(d, c); m; m &= m - 1) {
            const int dir = __builtin_ctz(m);
            const uint32_t nb = step_to(d, c, dir);
            const double mc = move_cost(d, c, dir, enter_cost(d, nb));
            const double v = mc + d->cell[nb].g;
            if (v < best) {
                best = v;
                bd = dir;
                step = mc;
            }
        }
        if (bd < 0 || !(best < INFINITY))
            return WF_NO_PATH;
        sum += step;
        c = step_to(d, c, bd);
        at = (wf_point){at.x + dir_dx[bd], at.y + dir_dy[bd]};
    }
    if (!(sum < INFINITY))
        return WF_E_RANGE;
    out->count = n;
    out->cost = sum;
    return WF_OK;
}
