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

/* ---- keys and the open list (dstar_internal.h's wf__dheap) ------------ */

static wf_point point_of(const wf_dstar *d, uint32_t c) {
    const uint32_t y = wf__divw(d->div_mul, d->div_shift, c);
    return (wf_point){(int)(c - y * (uint32_t)d->g->width), (int)y};
}

/* The heuristic between vertices a and b: the scale times the distance the
 * movement model or the graph's positions give. */
WF_INLINE double h_between(const wf_dstar *d, uint32_t a, uint32_t b) {
    if (d->heuristic == WF_H_ZERO)
        return 0.0;
    if (d->gr)
        return d->hmul * wf__graph_distance(d->gr, a, b);
    const wf_point pa = point_of(d, a), pb = point_of(d, b);
    return d->hmul * wf__heuristic_value(d->heuristic, abs(pa.x - pb.x),
                                         abs(pa.y - pb.y));
}

double wf__dstar_h(const wf_dstar *d, uint32_t a, uint32_t b) {
    return h_between(d, a, b);
}

static wf__dkey key_of(const wf_dstar *d, uint32_t c) {
    const double m =
        d->cell[c].g < d->cell[c].rhs ? d->cell[c].g : d->cell[c].rhs;
    return (wf__dkey){m + h_between(d, d->s, c) + d->km, m};
}

/* Puts vertex c, with key k, in slot i of the open list or wherever it
 * moves from there (i is empty or holds c). */
static void open_place(wf_dstar *d, uint32_t i, wf__dkey k, uint32_t c) {
    if (WF__DKEY_LESS(k, d->open.key[i]))
        wf__dheap_up(&d->open, i, k, c);
    else
        wf__dheap_down(&d->open, i, k, c);
}

/* Room for one more vertex on the open list: its keys and ids move to a
 * block twice as large (at most one entry a vertex). */
static wf_status open_room(wf_dstar *d) {
    if (d->open.n < d->open_cap)
        return WF_OK;
    size_t n = d->open_cap ? 2 * d->open_cap : 1024;
    if (n > d->n)
        n = d->n;
    const size_t entry = sizeof *d->open.key + sizeof *d->open.id;
    wf__dkey *key = wf__alloc(&d->alloc, n * entry);
    if (!key)
        return WF_E_NOMEM;
    uint32_t *id = (uint32_t *)(key + n);
    if (d->open.n) {
        memcpy(key, d->open.key, d->open.n * sizeof *key);
        memcpy(id, d->open.id, d->open.n * sizeof *id);
    }
    wf__free(&d->alloc, d->open.key, d->open_cap * entry);
    d->open.key = key;
    d->open.id = id;
    d->open_cap = n;
    return WF_OK;
}

static wf_status open_push(wf_dstar *d, uint32_t c, wf__dkey k) {
    if (open_room(d) != WF_OK)
        return WF_E_NOMEM;
    d->st.heap_ops++;
    wf__dheap_push(&d->open, k, c);
    return WF_OK;
}

static void open_set(wf_dstar *d, uint32_t c, wf__dkey k) {
    d->st.heap_ops++;
    open_place(d, d->cell[c].pos, k, c);
}

static void open_remove(wf_dstar *d, uint32_t c) {
    const uint32_t i = d->cell[c].pos;
    d->cell[c].pos = WF__DSTAR_NONE;
    d->st.heap_ops++;
    const uint32_t last = --d->open.n;
    if (i != last)
        open_place(d, i, d->open.key[last], d->open.id[last]);
}

void wf__dstar_reset(wf_dstar *d) {
    for (size_t c = 0; c < d->n; c++)
        d->cell[c] = (wf__dcell){INFINITY, INFINITY, WF__DSTAR_NONE};
    d->open.n = 0;
    d->km = 0;
    d->last = d->s;
    d->restart = 0;
    d->overflow = 0;
    d->cell[d->t].rhs = 0;
    if (open_push(d, d->t, key_of(d, d->t)) != WF_OK)
        d->restart = 1;
}

/* ---- moves -------------------------------------------------------------- */

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
    return (uint32_t)((ptrdiff_t)c + wf__dir_offset((unsigned)dir,
                                                    d->g->width));
}

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
                           (wf_point){a.x + wf__dir_dx[dir],
                                      a.y + wf__dir_dy[dir]},
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
                const double mc_ =                                             \
                    move_cost(d, p_, (int)wf__dir_back((unsigned)dir_), e_);   \
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
        const wf__dkey k = key_of(d, c);
        if (open)
            open_set(d, c, k);
        else if (open_push(d, c, k) != WF_OK)
            d->restart = 1;
    } else if (open) {
        open_remove(d, c);
    }
}

void wf__dstar_update(wf_dstar *d, uint32_t v) {
    if (v != d->t)
        d->cell[v].rhs = best_rhs(d, v);
    settle(d, v);
}

wf_status wf__dstar_compute(wf_dstar *d) {
    const uint32_t s = d->s, goal = d->t;
    while (d->open.n > 0 && !d->restart) {
        const double sk1 = key_of(d, s).k1;
        const wf__dkey top = d->open.key[0];
        /* Keys are sums in floating point: a vertex whose key equals the
         * agent's in exact arithmetic may come out an ulp above it, and
         * the path runs through it; so ties within a relative 1e-9 are
         * expanded too. */
        if (top.k1 > sk1 + 1e-9 * fabs(sk1) &&
            !(d->cell[s].rhs > d->cell[s].g))
            break;
        const uint32_t u = d->open.id[0];
        const wf__dkey k = key_of(d, u);
        if (WF__DKEY_LESS(top, k)) {
            /* a key from before the agent moved: still a lower bound */
            open_set(d, u, k);
            continue;
        }
        d->st.expanded++;
        const int open = wf__dstar_open(d, u);
        if (d->cell[u].g > d->cell[u].rhs) {
            /* over-consistent: u's cost is now known */
            const double gu = d->cell[u].g = d->cell[u].rhs;
            open_remove(d, u);
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
                        wf_heuristic h, size_t vertices, uint32_t start,
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
    d->heuristic = h;
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
    d->open.cells = d->cell;
    *out = d;
    return WF_OK;
}

void wf__dstar_free(wf_dstar *d) {
    wf_allocator a = d->alloc;
    wf__free(&a, d->cell, (size_t)d->n * sizeof *d->cell);
    wf__free(&a, d->open.key,
             d->open_cap * (sizeof *d->open.key + sizeof *d->open.id));
    wf__free(&a, d->trail, d->trail_cap * sizeof *d->trail);
    wf__free(&a, d, sizeof *d);
}
