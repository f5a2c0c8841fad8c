/* D* Lite's search (Koenig & Likhachev 2002, the optimised version): a
 * search backwards from the goal keeping two estimates per vertex, g (its
 * cost to the goal when last expanded) and rhs (one step ahead: the best
 * successor's g plus the move), and an open list of the vertices where
 * they differ, keyed [min(g, rhs) + h(agent, v) + km, min(g, rhs)]. km
 * grows by h(old, new) each time the agent moves, so keys computed before
 * a move stay lower bounds and the open list never needs reordering. An
 * edit makes the vertices beside it inconsistent; the search then expands
 * only until the agent's vertex is consistent again.
 *
 * Vertices are a grid's cells (moves by the unit's neighbour masks, as the
 * grid search makes them) or a graph's nodes (its arcs, at the weights the
 * planner was last told). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "dstar_internal.h"

/* ---- keys and the open list (a 4-ary heap with positions) ------------- */

WF_INLINE int key_less(const wf__dkey *a, double k1, double k2) {
    return a->k1 < k1 || (a->k1 == k1 && a->k2 < k2);
}

static wf_point point_of(const wf_dstar *d, uint32_t c) {
    const uint32_t y = wf__divw(d->div_mul, d->div_shift, c);
    return (wf_point){(int)(c - y * (uint32_t)d->g->width), (int)y};
}

/* The heuristic between vertices a and b: the scale times the distance the
 * movement model or the graph's positions give. */
WF_INLINE double h_between(const wf_dstar *d, uint32_t a, uint32_t b) {
    if (!d->hk)
        return 0.0;
    if (d->gr)
        return d->hmul * wf__graph_distance(d->gr, a, b);
    const wf_point pa = point_of(d, a), pb = point_of(d, b);
    const double ax = abs(pa.x - pb.x), ay = abs(pa.y - pb.y);
    const double lo = ax < ay ? ax : ay, hi = ax < ay ? ay : ax;
    switch (d->hk) {
    case 1: return d->hmul * (ax + ay);
    case 2: return d->hmul * sqrt(ax * ax + ay * ay);
    case 3: return d->hmul * hi;
    default: return d->hmul * ((hi - lo) + WF_SQRT2 * lo);
    }
}

double wf__dstar_h(const wf_dstar *d, uint32_t a, uint32_t b) {
    return h_between(d, a, b);
}

static void key_of(const wf_dstar *d, uint32_t c, double *k1, double *k2) {
    const double m =
        d->cell[c].g < d->cell[c].rhs ? d->cell[c].g : d->cell[c].rhs;
    *k2 = m;
    *k1 = m + h_between(d, d->s, c) + d->km;
}

static void place(wf_dstar *d, uint32_t i, wf__dkey e) {
    d->heap[i] = e;
    d->cell[e.cell].pos = i;
}

/* The four children of slot i (4i+1 .. 4i+4) are adjacent, 96 bytes, and
 * the tree is half as deep as a binary one. */
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
        if (n > d->n)
            n = d->n;
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
    for (size_t c = 0; c < d->n; c++)
        d->cell[c] = (wf__dcell){INFINITY, INFINITY, WF__DSTAR_NONE};
    d->hn = 0;
    d->km = 0;
    d->last = d->s;
    d->restart = 0;
    d->overflow = 0;
    d->cell[d->t].rhs = 0;
    double k1, k2;
    key_of(d, d->t, &k1, &k2);
    if (heap_push(d, d->t, k1, k2) != WF_OK)
        d->restart = 1;
}

/* ---- moves -------------------------------------------------------------- */

static const int dir_dx[8] = {0, 1, 0, -1, 1, 1, -1, -1};
static const int dir_dy[8] = {-1, 0, 1, 0, -1, 1, 1, -1};

/* The moves the unit may make from grid cell c (where it may stand: the
 * caller checked); also the neighbours that may move into c. */
WF_INLINE unsigned moves_of(const wf_dstar *d, uint32_t c) {
    const wf__mover u = {d->filtered ? d->pass : NULL,
                        d->clr ? d->clr : d->g->clear, d->k, d->connect,
                        d->corners};
    return wf__mover_moves(d->g, &u, c);
}

/* The cell in direction dir from c (which has that neighbour). */
WF_INLINE uint32_t step_to(const wf_dstar *d, uint32_t c, int dir) {
    return (uint32_t)((int64_t)c + dir_dy[dir] * (int64_t)d->g->width +
                      dir_dx[dir]);
}

/* The direction back from a neighbour in direction dir. */
WF_INLINE int reverse(int dir) { return (dir + 2) % 4 + (dir >= 4 ? 4 : 0); }

/* The overlay's price on entering vertex v at cost c: the searches' own
 * expression, so that equal paths sum to equal bits. */
WF_INLINE double with_overlay(const wf_dstar *d, double c, uint32_t v) {
    if (d->overlay) {
        const float o = d->overlay[v];
        if (o > 0)
            c = c + d->overlay_k * (double)o;
    }
    return c;
}

/* The cost of entering grid cell n, before the step length. */
WF_INLINE double enter_cost(const wf_dstar *d, uint32_t n) {
    return with_overlay(d, d->cost[d->g->terrain[n]], n);
}

/* The grid move from c in direction dir into a cell entered at cost e:
 * step × e, then the move-cost callback. */
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

/* body runs for each move out of vertex c_, with n_ the vertex it reaches
 * and mc_ its cost (INFINITY: not allowed after all). */
#define FOR_EACH_SUCC(d, c_, n_, mc_, body)                                    \
    do {                                                                       \
        if ((d)->gr) {                                                         \
            const wf_graph *gr_ = (d)->gr;                                     \
            for (uint32_t k_ = gr_->row[c_]; k_ < gr_->row[(c_) + 1]; k_++) {  \
                const uint32_t n_ = gr_->target[k_];                           \
                const double mc_ = with_overlay(d, (d)->w[k_], n_);            \
                body                                                           \
            }                                                                  \
        } else {                                                               \
            for (unsigned m_ = moves_of(d, c_); m_; m_ &= m_ - 1) {            \
                const int dir_ = __builtin_ctz(m_);                            \
                const uint32_t n_ = step_to(d, c_, dir_);                      \
                const double mc_ = move_cost(d, c_, dir_, enter_cost(d, n_));  \
                body                                                           \
            }                                                                  \
        }                                                                      \
    } while (0)

/* body runs for each move into vertex u_ (which the agent may be on),
 * with p_ the vertex it leaves and mc_ its cost. */
#define FOR_EACH_PRED(d, u_, p_, mc_, body)                                    \
    do {                                                                       \
        if ((d)->gr) {                                                         \
            for (uint32_t i_ = (d)->in_row[u_]; i_ < (d)->in_row[(u_) + 1];    \
                 i_++) {                                                       \
                const uint32_t k_ = (d)->in_arc[i_];                           \
                const uint32_t p_ = (d)->arc_src[k_];                          \
                const double mc_ = with_overlay(d, (d)->w[k_], u_);            \
                body                                                           \
            }                                                                  \
        } else {                                                               \
            const double e_ = enter_cost(d, u_);                               \
            for (unsigned m_ = moves_of(d, u_); m_; m_ &= m_ - 1) {            \
                const int dir_ = __builtin_ctz(m_);                            \
                const uint32_t p_ = step_to(d, u_, dir_);                      \
                const double mc_ = move_cost(d, p_, reverse(dir_), e_);        \
                body                                                           \
            }                                                                  \
        }                                                                      \
    } while (0)

/* The best successor's g plus the move, from vertex c. */
static double best_rhs(const wf_dstar *d, uint32_t c) {
    if (!wf__dstar_open(d, c))
        return INFINITY;
    double best = INFINITY;
    FOR_EACH_SUCC(d, c, n, mc, {
        const double v = mc + d->cell[n].g;
        if (v < best)
            best = v;
    });
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

void wf__dstar_update(wf_dstar *d, uint32_t v) {
    if (v != d->t)
        d->cell[v].rhs = best_rhs(d, v);
    settle(d, v);
}

wf_status wf__dstar_compute(wf_dstar *d) {
    const uint32_t s = d->s, goal = d->t;
    while (d->hn > 0 && !d->restart) {
        double sk1, sk2;
        key_of(d, s, &sk1, &sk2);
        const wf__dkey top = d->heap[0];
        /* Keys are sums in floating point: a vertex whose key equals the
         * agent's in exact arithmetic may come out an ulp above it, and
         * the path runs through it; so ties within a relative 1e-9 are
         * expanded too. */
        if (top.k1 > sk1 + 1e-9 * fabs(sk1) &&
            !(d->cell[s].rhs > d->cell[s].g))
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
        const int open = wf__dstar_open(d, u);
        if (d->cell[u].g > d->cell[u].rhs) {
            /* over-consistent: u's cost is now known */
            const double gu = d->cell[u].g = d->cell[u].rhs;
            heap_remove(d, u);
            if (open)
                FOR_EACH_PRED(d, u, p, mc, {
                    const double v = mc + gu;
                    d->overflow |= v == INFINITY && mc < INFINITY;
                    if (p != goal && v < d->cell[p].rhs) {
                        d->cell[p].rhs = v;
                        d->st.generated++;
                        settle(d, p);
                    }
                });
        } else {
            /* under-consistent: u got dearer; so may whatever relied on it */
            const double old = d->cell[u].g;
            d->cell[u].g = INFINITY;
            if (open)
                FOR_EACH_PRED(d, u, p, mc, {
                    if (p != goal && d->cell[p].rhs == mc + old) {
                        d->cell[p].rhs = best_rhs(d, p);
                        d->st.generated++;
                        settle(d, p);
                    }
                });
            wf__dstar_update(d, u);
        }
    }
    return d->restart ? WF_E_NOMEM : WF_OK;
}

wf_status wf__dstar_extract(wf_dstar *d, size_t *count, double *cost) {
    uint32_t c = d->s;
    double sum = 0;
    size_t n = 0;
    *count = 0;
    *cost = 0;
    for (;;) {
        if (n == d->trail_cap) {
            size_t cap = d->trail_cap ? 2 * d->trail_cap : 256;
            uint32_t *t = wf__realloc(&d->alloc, d->trail,
                                      d->trail_cap * sizeof *t,
                                      cap * sizeof *t);
            if (!t)
                return WF_E_NOMEM;
            d->trail = t;
            d->trail_cap = cap;
        }
        d->trail[n++] = c;
        if (c == d->t)
            break;
        /* g strictly falls along the cheapest moves (every move costs more
         * than 0), so this ends; the bound guards against a broken state */
        if (n > d->n)
            return WF_NO_PATH;
        double best = INFINITY, step = 0;
        uint32_t next = WF__DSTAR_NONE;
        FOR_EACH_SUCC(d, c, nb, mc, {
            const double v = mc + d->cell[nb].g;
            if (v < best) {
                best = v;
                next = nb;
                step = mc;
            }
        });
        if (next == WF__DSTAR_NONE || !(best < INFINITY))
            return WF_NO_PATH;
        sum += step;
        c = next;
    }
    if (!(sum < INFINITY))
        return WF_E_RANGE;
    *count = n;
    *cost = sum;
    return WF_OK;
}

wf_status wf__dstar_fail(wf_dstar *d, wf_status s, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(d->msg, sizeof d->msg, fmt, ap);
    va_end(ap);
    return s;
}

wf_status wf__dstar_run(wf_dstar *d, wf_status (*prepare)(wf_dstar *),
                        size_t *count, double *cost) {
    *count = 0;
    *cost = 0;
    if (d->restart) {
        if (prepare && prepare(d) != WF_OK)
            return wf__dstar_fail(d, WF_E_NOMEM, "out of memory");
        wf__dstar_reset(d);
        if (d->restart)
            return wf__dstar_fail(d, WF_E_NOMEM,
                                  "out of memory for the open list");
    }
    wf_status s = wf__dstar_compute(d);
    if (s != WF_OK) {
        d->restart = 1;
        return wf__dstar_fail(d, s, "out of memory for the open list");
    }
    s = wf__dstar_extract(d, count, cost);
    if (s == WF_NO_PATH && d->overflow)
        return wf__dstar_fail(d, s,
                              "no path whose cost a double can hold: costs "
                              "along the way overflow");
    if (s == WF_E_RANGE)
        return wf__dstar_fail(d, s, "path cost overflows");
    if (s == WF_E_NOMEM)
        return wf__dstar_fail(d, s, "out of memory for the path");
    return s;
}

void wf__dstar_move_to(wf_dstar *d, uint32_t v) {
    d->km += wf__dstar_h(d, d->last, v);
    d->last = v;
    d->s = v;
}

wf_status wf__dstar_new(const wf_allocator *alloc, const wf_search_opts *o,
                        int hk, size_t vertices, uint32_t start,
                        uint32_t goal, char *msg, size_t size,
                        wf_dstar **out) {
    *out = NULL;
    size_t bytes;
    if (vertices >= WF__DSTAR_NONE ||
        !wf__mul_size(vertices, sizeof(wf__dcell), &bytes)) {
        if (msg && size)
            snprintf(msg, size, "%zu vertices: D* Lite takes fewer than %u",
                     vertices, WF__DSTAR_NONE);
        return WF_E_TOO_BIG;
    }
    wf_allocator a = wf__allocator(alloc);
    wf_dstar *d = wf__alloc(&a, sizeof *d);
    if (!d)
        return WF_E_NOMEM;
    memset(d, 0, sizeof *d);
    d->alloc = a;
    d->o = *o;
    d->hk = hk;
    d->n = (uint32_t)vertices;
    d->s = d->last = start;
    d->t = goal;
    if (o->overlay.values && o->overlay_k > 0) {
        d->overlay = o->overlay.values;
        d->overlay_k = o->overlay_k;
    }
    d->restart = 1;
    d->cell = wf__alloc(&a, bytes);
    if (!d->cell) {
        wf__dstar_free(d);
        return WF_E_NOMEM;
    }
    *out = d;
    return WF_OK;
}

void wf__dstar_free(wf_dstar *d) {
    wf_allocator a = d->alloc;
    wf__free(&a, d->cell, (size_t)d->n * sizeof *d->cell);
    wf__free(&a, d->heap, d->hcap * sizeof *d->heap);
    wf__free(&a, d->trail, d->trail_cap * sizeof *d->trail);
    wf__free(&a, d, sizeof *d);
}
