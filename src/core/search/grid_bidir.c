/* Bidirectional A* on grids: an optimal search that expands cells from the
 * start and from the goal in turn, and stops as soon as neither side can
 * lead to a path cheaper than the best one found through a move joining
 * the two.
 *
 * Keys. With h_t the query's heuristic towards the goal and h_s the same
 * heuristic towards the start, both consistent (|h(u) - h(v)| <= c(u, v)
 * for every move u → v), the potential is p(n) = (h_t(n) - h_s(n)) / 2,
 * the average of the two. The forward side orders its open list by
 * gf(n) + p(n), the backward side by gb(n) - p(n): each is Dijkstra's
 * search over the reduced costs c(u, v) - p(u) + p(v), forwards and
 * backwards over the same moves, and those are >= 0 because each half of
 * p changes by at most c(u, v) / 2 along a move. A side therefore closes
 * cells in the order of their exact keys, each with its exact cost.
 *
 * Stopping rule. mu is the cheapest start-goal path seen through a move
 * u → v, u reached from the start and v from the goal: every move either
 * side considers is tested, into a cell closed on its own side too. The
 * search stops when kf + kb >= mu, kf and kb the least keys of the two
 * open lists, or when either list is empty; mu is then the optimum.
 * Proof: let P be a cheapest path, of cost L, and suppose mu > L. For a
 * cell n of P the exact keys add up to d(s, n) + p(n) + d(n, t) - p(n) =
 * L < kf + kb, so n's forward key is below kf or its backward key below
 * kb: n is closed on that side with its exact cost. Forward keys do not
 * decrease along P and backward keys do not increase, so P is a run of
 * cells closed forwards followed by a run closed backwards. If they meet
 * at the move u → v, the side that closed the later of u and v considered
 * that move and found the other end reached with its exact cost: mu <= L.
 * If P is one run, the move into the goal (whose gb = 0 from the start)
 * or out of the start did the same. Either way, a contradiction. (Keys
 * are rounded doubles: the cost found can exceed the optimum by a few
 * units in the last place; the path is priced move by move at the end.)
 * Skipping the move back to the cell a side reached c from loses nothing:
 * a cheapest path cannot go back there with costs > 0.
 *
 * Heuristics. The query's built-in one, scaled by the smallest cost as
 * A*'s is, where it is consistent for the movement model: all but
 * Manhattan on 8 neighbours. That one and a custom heuristic (which may be
 * inconsistent) give p = 0, bidirectional Dijkstra, still exact. The
 * weight is not used: an optimal answer is within any bound.
 *
 * Directed costs. A move's cost depends on the cell it enters, and the
 * callback's on both ends, so the backward side, expanding v, prices each
 * neighbour u by the forward move u → v (wf__astar_price from u's side):
 * both sides add up the same costs. Whether a move is allowed does not
 * depend on its direction (the corner rule and the agent's square look at
 * the same cells), so the neighbours c may move to are those that may
 * move into c.
 *
 * Ties: a successor whose key is not above its parent's goes on a
 * plateau stack emptied before the heap, as in grid_astar.c: deeper cells
 * first among equal keys, so that a side does not fill whole plateaus.
 *
 * Memory: per side a 16-byte cell (tag, slot, g), the two of a cell side
 * by side (element 2n + side, so that the test for the other side's cost
 * reads the cache line just loaded), and an open array (key, element);
 * the forward side's open array is the workspace's own, the rest, 44
 * bytes per cell, is allocated by the first query on a larger grid and
 * kept. The workspace's own cell tags mark what either side expanded (and,
 * once the search ends, left open) for wf_search_cell_states.
 *
 * Sliced search: the loop looks at both sides' next cells before taking
 * one, so a step can end after any number of expansions with both open
 * lists untouched. */
#include <math.h>
#include <stdlib.h>

#include "search_internal.h"

typedef wf__bidir query;

/* The open lists: the library's 4-ary heap, on a side's cells. */
#define WF_HEAP4 bd_heap
#define WF_HEAP4_CELL wf__bd_cell
#define WF_HEAP4_KEY double
#define WF_HEAP4_LESS(a, b) ((a) < (b))
#include "wf_heap4.h"

WF_INLINE bd_heap heap_of(const wf__bd_side *s) {
    return (bd_heap){s->cells, s->key, s->id, s->heap_n};
}

/* What the loop reads, copied out of the query so that it stays in
 * registers, with the instance's constants folded in: plain means no
 * filter mask, clearance, overlay, callback or best-cell tracking. */
typedef struct view {
    const wf_grid *g;
    const uint8_t *terrain, *nbmask;
    const double *cost;
    const uint8_t *pass, *clr;
    unsigned size;
    const float *overlay;
    double ovk, hmul;
    int W, gx, gy, sx, sy, cb, track;
    wf_corners corners;
    uint64_t div_mul;
    unsigned div_shift;
} view;

WF_INLINE view view_of(const query *q, const int plain) {
    const wf__astar *a = &q->a;
    return (view){a->g,
                  a->g->terrain,
                  a->g->nbmask,
                  a->cost,
                  plain ? NULL : a->pass,
                  plain ? NULL : a->clr,
                  a->size,
                  plain ? NULL : a->overlay,
                  a->overlay_k,
                  a->hmul,
                  a->g->width,
                  a->gx,
                  a->gy,
                  q->sx,
                  q->sy,
                  !plain && a->move_cost != NULL,
                  !plain && a->track,
                  a->corners,
                  a->div_mul,
                  a->div_shift};
}

/* The forward side's potential at (x, y); the backward side's is minus
 * it. */
WF_INLINE double potential(const view *v, const wf_heuristic hk, int x,
                           int y) {
    if (hk == WF_H_ZERO)
        return 0.0;
    const double ht =
        wf__heuristic_value(hk, abs(x - v->gx), abs(y - v->gy));
    const double hs =
        wf__heuristic_value(hk, abs(x - v->sx), abs(y - v->sy));
    return 0.5 * v->hmul * (ht - hs);
}

/* Puts element e (a cell and a side) on the side's open list s with cost
 * ng and key nk, reached in direction dir from a cell of key kc; seen: e
 * is open there already (and ng is cheaper). */
WF_INLINE void place(query *q, wf__bd_side *s, uint32_t e, unsigned dir,
                     double ng, double nk, double kc, int seen) {
    wf__bd_cell *nn = &s->cells[e];
    nn->g = ng;
    nn->tag = q->gen | dir;
    q->a.generated++;
    if (seen) {
        const uint32_t p = nn->pos;
        if (p < s->heap_n) {
            bd_heap h = heap_of(s);
            bd_heap_up(&h, p, nk, e);
            q->a.heap_ops++;
        } else {
            s->key[p] = nk; /* on the plateau stack */
        }
    } else if (nk <= kc) {
        const uint32_t sp = --s->sp;
        s->key[sp] = nk;
        s->id[sp] = e;
        nn->pos = sp;
    } else {
        bd_heap h = heap_of(s);
        bd_heap_push(&h, nk, e);
        s->heap_n = h.n;
        q->a.heap_ops++;
    }
}

/* The move between c at (x, y), expanded by side d (a constant after
 * inlining) with cost gc and key kc, and its neighbour n in direction
 * dir: c → n for the start's side, n → c for the goal's, priced as the
 * forward search prices it. Records the path through the move when the
 * other side has reached n, then relaxes n. */
WF_INLINE void move(query *q, const view *v, const wf_heuristic hk,
                    const int d, const unsigned dir, uint32_t c, int x,
                    int y, double gc, double kc) {
    const uint32_t n = (uint32_t)((ptrdiff_t)c + wf__dir_offset(dir, v->W));
    const int nx = x + wf__dir_dx[dir], ny = y + wf__dir_dy[dir];
    const double price =
        d == 0 ? wf__astar_price(&q->a, v->cost, v->terrain, v->overlay,
                                 v->ovk, v->cb, n, dir >= 4, x, y, nx, ny)
               : wf__astar_price(&q->a, v->cost, v->terrain, v->overlay,
                                 v->ovk, v->cb, c, dir >= 4, nx, ny, x, y);
    if (!(price < INFINITY))
        return;
    const double ng = gc + price;
    wf__bd_side *s = &q->side[d];
    const wf__bd_cell *nn = &s->cells[2 * n + d];
    const wf__bd_cell *o = &s->cells[2 * n + (d ^ 1)];
    if ((o->tag & ~0xFu) == q->gen && ng + o->g < q->mu) {
        q->mu = ng + o->g;
        q->meet_u = d == 0 ? c : n;
        q->meet_v = d == 0 ? n : c;
    }
    const int seen = (nn->tag & ~0xFu) == q->gen;
    if (seen && ((nn->tag & WF__TAG_CLOSED) || !(ng < nn->g)))
        return;
    const double p = potential(v, hk, nx, ny);
    place(q, s, 2 * n + (unsigned)d, dir, ng, d == 0 ? ng + p : ng - p, kc,
          seen);
}

/* Expands cell c of side d, just taken with key kc: every move out of c
 * (into c, for the goal's side). */
WF_INLINE void expand(wf_search *ws, query *q, const view *v,
                      const wf_heuristic hk, const int connect, const int d,
                      uint32_t c, double kc) {
    wf__bd_side *s = &q->side[d];
    wf__bd_cell *cc = &s->cells[2 * c + (unsigned)d];
    const uint32_t ctag = cc->tag;
    const double gc = cc->g;
    cc->tag = ctag | WF__TAG_CLOSED;
    ws->cells[c].tag = q->gen | WF__TAG_CLOSED; /* wf_search_cell_states */
    const int y = (int)wf__divw(v->div_mul, v->div_shift, c);
    const int x = (int)(c - (uint32_t)y * (uint32_t)v->W);
    if (d == 0 && v->track)
        wf__astar_track(&q->a, c, x, y, gc);
    unsigned m = wf__allowed_moves(
        v->clr    ? wf__nbmask_fit(v->g, c, v->clr, v->size)
        : v->pass ? wf__nbmask_pass(v->g, c, v->pass)
                  : v->nbmask[c],
        connect, v->corners);
    if (c != s->end) /* the cell c was reached from (the end has none) */
        m &= ~(1u << wf__dir_back(ctag & 7u));
    /* one call per direction, so that offsets and steps are constants */
    if (m & (1u << WF_DIR_N))
        move(q, v, hk, d, WF_DIR_N, c, x, y, gc, kc);
    if (m & (1u << WF_DIR_E))
        move(q, v, hk, d, WF_DIR_E, c, x, y, gc, kc);
    if (m & (1u << WF_DIR_S))
        move(q, v, hk, d, WF_DIR_S, c, x, y, gc, kc);
    if (m & (1u << WF_DIR_W))
        move(q, v, hk, d, WF_DIR_W, c, x, y, gc, kc);
    if (connect == 4)
        return;
    if (m & (1u << WF_DIR_NE))
        move(q, v, hk, d, WF_DIR_NE, c, x, y, gc, kc);
    if (m & (1u << WF_DIR_SE))
        move(q, v, hk, d, WF_DIR_SE, c, x, y, gc, kc);
    if (m & (1u << WF_DIR_SW))
        move(q, v, hk, d, WF_DIR_SW, c, x, y, gc, kc);
    if (m & (1u << WF_DIR_NW))
        move(q, v, hk, d, WF_DIR_NW, c, x, y, gc, kc);
}

/* The next cell of side s and its key, without taking it; 0 when its open
 * list is empty. */
WF_INLINE int peek(const wf__bd_side *s, uint32_t *c, double *k) {
    if (s->sp < s->top) {
        *c = s->id[s->sp] >> 1;
        *k = s->key[s->sp];
        return 1;
    }
    if (!s->heap_n)
        return 0;
    *c = s->id[0] >> 1;
    *k = s->key[0];
    return 1;
}

/* Takes the cell peek gave. */
WF_INLINE void take(query *q, wf__bd_side *s) {
    if (s->sp < s->top) {
        s->sp++;
        return;
    }
    bd_heap h = heap_of(s);
    bd_heap_pop(&h);
    s->heap_n = h.n;
    q->a.heap_ops++;
}

/* The search, for at most `budget` expansions of either side: WF_OK (mu
 * is the optimum), WF_NO_PATH (a side has expanded everything it reaches
 * without meeting the other; with the fallback, once the start's side
 * has), WF_PARTIAL (the expansion limit) or WF_PENDING (the budget). */
WF_INLINE wf_status run(wf_search *ws, query *q, const wf_heuristic hk,
                        const int connect, const int plain,
                        uint64_t budget) {
    const view v = view_of(q, plain);
    const uint64_t limit = q->a.limit;
    uint64_t expanded = q->a.expanded;
    uint64_t stop = budget > UINT64_MAX - expanded ? UINT64_MAX
                                                   : expanded + budget;
    if (limit && limit < stop)
        stop = limit;
    wf_status st;
    for (;;) {
        uint32_t c[2] = {0, 0};
        double k[2] = {0, 0};
        const int open0 = peek(&q->side[0], &c[0], &k[0]);
        const int open1 = peek(&q->side[1], &c[1], &k[1]);
        if (q->mu < INFINITY && (!open0 || !open1 || k[0] + k[1] >= q->mu)) {
            st = WF_OK;
            break;
        }
        int d = (int)q->turn;
        if (!open0 || !open1) {
            st = WF_NO_PATH;
            if (!open0 || !q->a.fallback)
                break;
            d = 0; /* the fallback wants all the start's side reaches */
        }
        if (expanded >= stop) {
            st = limit && expanded >= limit ? WF_PARTIAL : WF_PENDING;
            break;
        }
        take(q, &q->side[d]);
        expanded++;
        if (d == 0)
            expand(ws, q, &v, hk, connect, 0, c[0], k[0]);
        else
            expand(ws, q, &v, hk, connect, 1, c[1], k[1]);
        q->turn = (uint32_t)d ^ 1u;
    }
    q->a.expanded = expanded;
    return st;
}

/* The instances: the default query (octile, 8 neighbours, nothing per
 * cell beyond the terrain cost) with its options as constants, and a
 * generic one for the rest. */
static wf_status run_octile8(wf_search *ws, query *q, uint64_t b) {
    return run(ws, q, WF_H_OCTILE, 8, 1, b);
}
static wf_status run_manhattan4(wf_search *ws, query *q, uint64_t b) {
    return run(ws, q, WF_H_MANHATTAN, 4, 1, b);
}
static wf_status run_generic(wf_search *ws, query *q, uint64_t b) {
    return run(ws, q, q->a.hk, q->a.connect, 0, b);
}

static wf_status dispatch(wf_search *ws, query *q, uint64_t budget) {
    const wf__astar *a = &q->a;
    const int plain =
        !a->pass && !a->clr && !a->overlay && !a->move_cost && !a->track;
    if (plain && a->hk == WF_H_OCTILE && a->connect == 8)
        return run_octile8(ws, q, budget);
    if (plain && a->hk == WF_H_MANHATTAN && a->connect == 4)
        return run_manhattan4(ws, q, budget);
    return run_generic(ws, q, budget);
}

/* The cell before c on side d's chain from its end s (c is not the
 * end). */
static uint32_t chain_back(const wf__bd_side *s, int d, const ptrdiff_t *off,
                           uint32_t c) {
    return (uint32_t)((ptrdiff_t)c - off[s->cells[2 * c + (unsigned)d].tag &
                                         7u]);
}

/* How many cells lead from side d's end to c by its moves, both
 * included. */
static size_t chain_length(const wf__bd_side *s, int d, const ptrdiff_t *off,
                           uint32_t c) {
    size_t n = 1;
    for (; c != s->end; n++)
        c = chain_back(s, d, off, c);
    return n;
}

/* Into out, priced: the start to u by the forward side's moves, then v to
 * the goal by the backward side's (v UINT32_MAX, or u: u is the end). */
static wf_status path_out(wf_search *ws, const query *q, uint32_t u,
                          uint32_t v, wf_path *out) {
    const uint32_t W = (uint32_t)q->a.g->width;
    ptrdiff_t off[WF_DIR_COUNT];
    wf__dir_offsets(W, off);
    const wf__bd_side *f = &q->side[0], *b = &q->side[1];
    const size_t nf = chain_length(f, 0, off, u);
    const size_t nb =
        v == UINT32_MAX || v == u ? 0 : chain_length(b, 1, off, v);
    wf_status s = wf__path_grow(out, nf + nb);
    if (s != WF_OK)
        return s;
    uint32_t c = u;
    for (size_t i = nf; i-- > 0;) {
        out->points[i] = (wf_point){(int)(c % W), (int)(c / W)};
        if (i)
            c = chain_back(f, 0, off, c);
    }
    c = v;
    for (size_t i = nf; i < nf + nb; i++) {
        out->points[i] = (wf_point){(int)(c % W), (int)(c / W)};
        if (i + 1 < nf + nb)
            c = chain_back(b, 1, off, c);
    }
    out->count = nf + nb;
    return wf__astar_path_cost(ws, &q->a, out);
}

/* Marks the cells of open-array slots [from, to) of a side as frontier in
 * the workspace's tags, unless a side expanded them. */
static void mark_open(wf_search *ws, uint32_t gen, const uint32_t *id,
                      uint32_t from, uint32_t to) {
    for (uint32_t i = from; i < to; i++) {
        wf__cell *c = &ws->cells[id[i] >> 1];
        if ((c->tag & ~0xFu) != gen)
            c->tag = gen;
    }
}

wf_status wf__bidir_step(wf_search *ws, uint64_t budget, wf_path *out) {
    query *q = &ws->q.bd;
    wf_status st = dispatch(ws, q, budget);
    out->stats.expanded = q->a.expanded;
    out->stats.generated = q->a.generated;
    out->stats.heap_ops = q->a.heap_ops;
    out->stats.reopened = 0;
    out->stats.engine = WF_ALGO_BIDIR;
    if (st == WF_PENDING)
        return st;
    ws->mode = WF__IDLE;
    for (int d = 0; d < 2; d++) {
        const wf__bd_side *s = &q->side[d];
        mark_open(ws, q->gen, s->id, 0, s->heap_n);
        mark_open(ws, q->gen, s->id, s->sp, s->top);
    }
    if (st == WF_NO_PATH && q->a.limit && q->a.expanded >= q->a.limit)
        st = WF_PARTIAL;
    if (st == WF_NO_PATH && q->a.fallback)
        st = WF_PARTIAL;
    if (st == WF_NO_PATH)
        return st;
    const wf_status s =
        st == WF_OK ? path_out(ws, q, q->meet_u, q->meet_v, out)
                    : path_out(ws, q, q->a.best, UINT32_MAX, out);
    return s == WF_OK ? st : s;
}

/* Bytes of the block holding both sides' cells for `cells` cells: room to
 * align the pair of a cell to 32 bytes, one cache line's half. */
static size_t pair_block(size_t cells) {
    return cells * 2 * sizeof(wf__bd_cell) + 32;
}

void wf__bidir_free(wf_search *ws) {
    if (ws->bd_cells)
        wf__free(&ws->alloc, ws->bd_block, pair_block(ws->bd_cells));
    wf__free(&ws->alloc, ws->bd_key, ws->bd_cells * sizeof *ws->bd_key);
    wf__free(&ws->alloc, ws->bd_id, ws->bd_cells * sizeof *ws->bd_id);
    ws->bd_block = NULL;
    ws->bd_cell = NULL;
    ws->bd_key = NULL;
    ws->bd_id = NULL;
    ws->bd_cells = 0;
}

size_t wf__bidir_bytes(const wf_search *ws) {
    return ws->bd_cells ? pair_block(ws->bd_cells) +
                              ws->bd_cells * (sizeof *ws->bd_key +
                                              sizeof *ws->bd_id)
                        : 0;
}

/* Both sides' cells and the backward open array for a grid of `cells`
 * cells, kept from an earlier query when large enough. */
static wf_status reserve(wf_search *ws, size_t cells) {
    if (cells <= ws->bd_cells)
        return WF_OK;
    size_t cb, kb, ib;
    /* 2 × cells element ids must fit the open arrays' 32 bits */
    if (cells > UINT32_MAX / 2 ||
        !wf__mul_size(cells, 2 * sizeof(wf__bd_cell), &cb) ||
        cb > SIZE_MAX - 32 || !wf__mul_size(cells, sizeof(double), &kb) ||
        !wf__mul_size(cells, sizeof(uint32_t), &ib))
        return WF_E_TOO_BIG;
    cb += 32; /* pair_block(cells) */
    unsigned char *block = wf__alloc(&ws->alloc, cb);
    double *key = block ? wf__alloc(&ws->alloc, kb) : NULL;
    uint32_t *id = key ? wf__alloc(&ws->alloc, ib) : NULL;
    if (!id) {
        wf__free(&ws->alloc, key, kb);
        wf__free(&ws->alloc, block, cb);
        return WF_E_NOMEM;
    }
    memset(block, 0, cb); /* tags of generation 0: unvisited */
    wf__bidir_free(ws);
    ws->bd_block = block;
    ws->bd_cell = (wf__bd_cell *)(void *)(block + (32 - (uintptr_t)block % 32));
    ws->bd_key = key;
    ws->bd_id = id;
    ws->bd_cells = cells;
    ws->bd_gen = 0;
    return WF_OK;
}

/* Opens side d's search from cell c with key k. */
static void seed(query *q, int d, uint32_t c, double k) {
    wf__bd_side *s = &q->side[d];
    const uint32_t e = 2 * c + (unsigned)d;
    s->cells[e].tag = q->gen;
    s->cells[e].g = 0.0;
    bd_heap h = heap_of(s);
    bd_heap_push(&h, k, e);
    s->heap_n = h.n;
    q->a.heap_ops++;
}

/* The query as A* would run it with weight 1 and, where the query's
 * heuristic may be inconsistent, the zero one. */
static wf_status setup(wf_search *ws, query *q, const wf_grid *g,
                       wf_point start, wf_point goal,
                       const wf_search_opts *o) {
    wf_search_opts a = *o;
    const wf_heuristic h = wf__heuristic_resolve(o->heuristic,
                                                 o->move.connect);
    if (h == WF_H_CUSTOM || (h == WF_H_MANHATTAN && o->move.connect == 8))
        a.heuristic = WF_H_ZERO;
    a.weight = 1.0;
    return wf__astar_setup(ws, &q->a, g, start, goal, &a);
}

wf_status wf__bidir_begin(wf_search *ws, const wf_grid *g, wf_point start,
                          wf_point goal, const wf_search_opts *o) {
    query *q = &ws->q.bd;
    ws->engine = WF_ALGO_BIDIR;
    wf_status s = setup(ws, q, g, start, goal, o);
    if (s == WF_NO_PATH) {
        ws->mode = WF__GRID_DONE;
        ws->done = WF_NO_PATH;
        return WF_OK;
    }
    if (s != WF_OK)
        return s;
    if ((s = reserve(ws, g->cells)) != WF_OK)
        return wf__search_fail(ws, s, "cannot size the workspace for bidir");
    q->gen = wf__search_begin(ws);
    if (ws->gen <= ws->bd_gen) /* the generations wrapped or restarted */
        for (size_t i = 0; i < 2 * ws->bd_cells; i++)
            ws->bd_cell[i].tag = 0;
    ws->bd_gen = ws->gen;
    const uint32_t top = (uint32_t)ws->capacity, btop = (uint32_t)ws->bd_cells;
    q->side[0] = (wf__bd_side){ws->bd_cell, ws->key, ws->id, q->a.start, 0,
                               top, top};
    q->side[1] = (wf__bd_side){ws->bd_cell, ws->bd_key,
                               ws->bd_id, q->a.goal, 0, btop, btop};
    q->sx = start.x;
    q->sy = start.y;
    q->turn = 0;
    q->mu = q->a.start == q->a.goal ? 0.0 : INFINITY;
    q->meet_u = q->meet_v = q->a.start;
    const view v = view_of(q, 0);
    seed(q, 0, q->a.start, potential(&v, q->a.hk, start.x, start.y));
    if (q->a.goal != UINT32_MAX) /* none: the fallback's unenterable goal */
        seed(q, 1, q->a.goal, -potential(&v, q->a.hk, goal.x, goal.y));
    ws->mode = WF__BIDIR;
    return WF_OK;
}
