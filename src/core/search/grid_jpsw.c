/* Weighted Jump Point Search: optimal paths on grids whose terrains cost
 * different amounts, 8-connected under the no-cut corner rule, for a unit
 * of size 1. Entering cell b from a costs step(a, b) × c(b), step 1 or √2,
 * c the unit's cost of b's terrain (grid cost × filter multiplier); a cell
 * it may not enter is "blocked".
 *
 * The rules. A straight run in direction d reaching cell n from p = n - d
 * stops at n for side s (one of the two perpendicular directions) when
 * n + s is free and (a) p + s is blocked (plain JPS's forced neighbour),
 * or (b) c(n + s) > (1 + √2) c(n) (stepping to the side beats the
 * diagonal from p), or (c) n + d and n + d + s are free and
 * √2 c(n + s) + c(n + d + s) > c(n) + √2 c(n + d + s) (turning
 * diagonally at n beats turning at p); the turn may then go to s or
 * d + s. A diagonal run in direction (dx, dy) reaching n from p stops at
 * n for a side when the 90° turn (dx, -dy) is legal and the two straight
 * moves p → p + (dx, 0) → n + (dx, -dy) do not cost strictly less than
 * the two diagonals through n (likewise for (-dx, dy)); the turn may then
 * go that way. Comparisons keep a 1e-9 relative margin on the side of
 * stopping, except that equal costs are decided exactly.
 *
 * The search. A* (octile distance × the smallest cost present, which is
 * consistent) runs over states (cell, direction it was entered in).
 * Expanding one jumps in each direction the state allows: all eight from
 * the start; from a straight arrival d, d and the turns its stop rules
 * allow; from a diagonal arrival, d, its two components and the turns
 * allowed. A straight jump returns the first cell where a rule stops the
 * run or the goal (nothing at a blocked cell); a diagonal jump steps while
 * the corner rule allows and returns the first cell where a rule stops it,
 * the goal, or a cell from which a straight jump along either component
 * returns something; the ends of those straight jumps are successors too,
 * reached through the diagonal (so the diagonal's end does not scan its
 * components again). Each successor costs exactly the cells walked. A cell keeps one cost and the set of directions it
 * was entered in at that cost (equal within 1e-9: keeping more is safe);
 * a closed cell reached at the same cost from a new direction is opened
 * again for the directions that adds.
 *
 * Why it is optimal. Every path found is a real path at its real cost,
 * so the answer is at least the optimum, and A* with a consistent
 * heuristic returns the cheapest path in the graph of jumps; it remains to
 * show that this graph holds an optimal path. Call a path from s to t
 * canonical when it is optimal, has the fewest moves among optimal paths
 * and, among those, its sequence of move kinds is lexicographically
 * greatest with diagonal before straight (finitely many candidates, so
 * one exists; every suffix of a canonical path is canonical from its first
 * cell). Take a canonical P. (1) Where P turns after a straight move d
 * into n from p, the next move is s or d + s for a side s (-d, -d ± s
 * reach cells p reaches more cheaply in one move) and n stops the run for
 * s: if (a) failed, p → n + s is a legal diagonal; if (b) failed, with
 * m = s it costs no more than d then s, with fewer moves; if (c) failed,
 * with m = d + s the swap p → n + s → n + d + s costs no more, has as many
 * moves and puts the diagonal first. Each contradicts canonicity. (2)
 * Where P turns by 90° after a diagonal into n, the diagonal stop rule
 * holds, else the two straight moves are strictly cheaper; a turn back or
 * to a reversed component is strictly worse. (3) Lemma: a jump from a
 * cell u of P in the direction of P's next move stops on P at or before
 * P's next turn (or t): a straight run stops at the turn by (1); a
 * diagonal run stops at its turn by (2), or, when P turns to a component
 * there, because the straight jump from that cell along it stops on P by
 * the straight case (the successor through the diagonal is that jump's
 * end, reached along P). Induction along P: from s, each jump in P's
 * direction ends at a cell v of P, which it enters in P's direction, and
 * P's next direction at v is among those the state (v, d) allows (the
 * same run going on, or a turn (1)-(2) permits); so the graph holds P's
 * cost. Nothing uses the cost of the cell a jump leaves.
 *
 * Scans. The stop rules depend only on the unit's costs, so they are
 * evaluated once per grid and cost table (grid_jpsw_planes.c) into bit
 * planes per run direction and side, row-major for horizontal runs and
 * transposed for vertical ones: a straight jump reads 64 cells a word
 * (free bits and its two stop planes) and then sums the costs of the
 * cells it crossed. Diagonal runs step cell by cell with two straight
 * scans each, as in plain JPS. Ties in f go to the heap's order
 * (search_internal.h), so the same query gives the same path.
 *
 * The workspace's graph arrays hold each cell's parent and cost
 * (wf_search_reserve_graph), 12 bytes per cell on top of the 20, and
 * grid_jpsw_planes.c's planes and words 6.25 + 2 bytes per cell more. */
#include <math.h>
#include <stddef.h>

#include "search_internal.h"

typedef struct jw {
    wf__jpsw_view v;
    const double *cost;
    const uint8_t *terrain;
    int W;
    int gx, gy;
} jw;

static int ctz64(uint64_t v) { return __builtin_ctzll(v); }
static int top64(uint64_t v) { return 63 - __builtin_clzll(v); }

/* Scans line l of orientation o (positions from 1) from position p
 * towards higher positions (up) or lower ones: the first q that may not be
 * entered or where a run that way stops (its two stop planes). *wall
 * tells which. The border bits end every scan inside its line. */
WF_INLINE size_t scan(const jw *j, int o, size_t l, size_t p, int up,
                      int *wall) {
    const size_t words = j->v.words[o], at = l * words;
    const uint64_t *r = j->v.bits[o][0] + at;
    const uint64_t *sa = j->v.bits[o][up ? 1 : 3] + at;
    const uint64_t *sb = j->v.bits[o][up ? 2 : 4] + at;
    const size_t q = up ? p + 1 : p - 1;
    uint64_t live = up ? ~(uint64_t)0 << (q & 63)
                       : ~(uint64_t)0 >> (63 - (q & 63));
    for (size_t w = q >> 6;; w = up ? w + 1 : w - 1) {
        const uint64_t R = r[w];
        const uint64_t ev = (~R | sa[w] | sb[w]) & live;
        if (ev) {
            const int i = up ? ctz64(ev) : top64(ev);
            *wall = !((R >> i) & 1u);
            return w * 64 + (size_t)i;
        }
        live = ~(uint64_t)0;
    }
}

/* Straight run from (x, y) along (dx, dy), one of them 0: 1 with its stop
 * in (*ox, *oy) and the sum of the costs of the cells it enters in *sum,
 * or 0 when a cell that may not be entered comes first. */
static int jump_straight(const jw *j, int x, int y, int dx, int dy, int *ox,
                         int *oy, double *sum) {
    int wall, nx = x, ny = y;
    const int o = dx ? 0 : 1;
    const int up = dx + dy > 0;
    const size_t p = (size_t)(dx ? x : y) + 1, l = (size_t)(dx ? y : x) + 1;
    const int k = (int)scan(j, o, l, p, up, &wall) - 1;
    if (dx)
        nx = k;
    else
        ny = k;
    if (dx ? y == j->gy && (dx > 0 ? j->gx > x && j->gx <= nx
                                   : j->gx < x && j->gx >= nx)
           : x == j->gx && (dy > 0 ? j->gy > y && j->gy <= ny
                                   : j->gy < y && j->gy >= ny)) {
        nx = j->gx;
        ny = j->gy;
    } else if (wall) {
        return 0;
    }
    if (sum) {
        const ptrdiff_t step = dy * (ptrdiff_t)j->W + dx;
        const uint8_t *t = j->terrain + (ptrdiff_t)y * j->W + x;
        const uint8_t *end = j->terrain + (ptrdiff_t)ny * j->W + nx;
        double s = 0;
        do {
            t += step;
            s += j->cost[*t];
        } while (t != end);
        *sum = s;
    }
    *ox = nx;
    *oy = ny;
    return 1;
}

const uint8_t wf__jpsw_side[4][2] = {
    {WF_DIR_W, WF_DIR_E}, {WF_DIR_N, WF_DIR_S},
    {WF_DIR_W, WF_DIR_E}, {WF_DIR_N, WF_DIR_S}};

/* The directions a path may take on leaving a cell with word m (the
 * WF__JW_ bits) that it entered in direction d: a bit set over the eight.
 * Straight: on, and a side and the diagonal between where the run may
 * turn; diagonal: on, its two components, and a 90° turn where it may. */
static unsigned successors(uint32_t m, int d) {
    static const uint8_t straight_diag[4][2] = {
        {WF_DIR_NW, WF_DIR_NE}, {WF_DIR_NE, WF_DIR_SE},
        {WF_DIR_SW, WF_DIR_SE}, {WF_DIR_NW, WF_DIR_SW}};
    /* for NE, SE, SW, NW: components, then the turns to sides 0 and 1 */
    static const uint8_t diag[4][4] = {
        {WF_DIR_E, WF_DIR_N, WF_DIR_SE, WF_DIR_NW},
        {WF_DIR_E, WF_DIR_S, WF_DIR_NE, WF_DIR_SW},
        {WF_DIR_W, WF_DIR_S, WF_DIR_NW, WF_DIR_SE},
        {WF_DIR_W, WF_DIR_N, WF_DIR_SW, WF_DIR_NE}};
    unsigned r = 1u << d;
    if (d < WF_DIR_NE) {
        for (int side = 0; side < 2; side++)
            if (m & WF__JW_STURN(d, side))
                r |= 1u << wf__jpsw_side[d][side] |
                     1u << straight_diag[d][side];
        return r;
    }
    const int k = d - WF_DIR_NE;
    r |= 1u << diag[k][0] | 1u << diag[k][1];
    for (int side = 0; side < 2; side++)
        if (m & WF__JW_DTURN(k, side))
            r |= 1u << diag[k][2 + side];
    return r;
}

/* Costs within this relative distance count as equal when a cell is
 * reached again: its new direction is kept beside the old ones (keeping
 * more is safe; dropping a direction of an optimal path is not). */
#define SAME 1e-9

/* The state of one step of the search. */
typedef struct frontier {
    wf__heap h;
    double *gv;
    uint32_t *parent;
    uint16_t *dirs;      /* low byte: directions it was entered in, still to
                            expand; high byte: directions left along */
    const uint32_t *mask;
    uint32_t gen;
    double hmul;         /* the heuristic: hmul × octile distance to the goal */
    wf_stats st;
} frontier;

/* Offers cell v, reached from u by a jump in direction d at cost ng from
 * the start, with heuristic hv: a state (v, d) of the search over cells
 * and the directions they were entered in. Returns whether v now holds
 * it (at cost ng, or an equal one). */
static int offer(frontier *fr, uint32_t u, uint32_t v, int d, double ng,
                 double hv) {
    wf__cell *cv = &fr->h.cells[v];
    const uint32_t tag = cv->tag;
    const int seen = (tag & ~0xFu) == fr->gen;
    const int closed = seen && (tag & WF__TAG_CLOSED);
    if (seen) {
        const double old = fr->gv[v];
        if (ng > old + SAME * old)
            return 0;
        if (ng >= old - SAME * old) { /* equal: one more direction */
            const unsigned more = successors(fr->mask[v], d) &
                                  ~(unsigned)(fr->dirs[v] >> 8);
            if (!more)
                return 0;
            fr->dirs[v] |= (uint16_t)(1u << d);
            if (ng < old) {
                fr->gv[v] = ng;
                fr->parent[v] = u;
                cv->tag = (tag & ~7u) | (uint32_t)d;
            }
            if (closed) {
                cv->tag &= ~WF__TAG_CLOSED;
                wf__heap_push(&fr->h, fr->gv[v] + hv, v);
                fr->st.heap_ops++;
                fr->st.reopened++;
            } else if (ng < old) {
                wf__heap_up(&fr->h, cv->pos, ng + hv, v);
                fr->st.heap_ops++;
            }
            fr->st.generated++;
            return 1;
        }
    }
    /* new, or strictly cheaper: this direction alone */
    fr->gv[v] = ng;
    fr->parent[v] = u;
    fr->dirs[v] = (uint16_t)(1u << d);
    cv->tag = fr->gen | (uint32_t)d;
    if (seen && !closed)
        wf__heap_up(&fr->h, cv->pos, ng + hv, v);
    else
        wf__heap_push(&fr->h, ng + hv, v);
    fr->st.reopened += (uint64_t)closed;
    fr->st.heap_ops++;
    fr->st.generated++;
    return 1;
}

/* Diagonal run from u = (x, y), reached at cost gu, in diagonal direction
 * k (WF_DIR_NE + k). It steps while the corner rule allows and ends at
 * the first cell w where it may turn by 90°, meets the goal, or where a
 * straight jump along one of its two components returns a cell: w is
 * offered, and so are those cells, as reached from u (the diagonal to w,
 * then the straight run), with the components marked as done at w so that
 * expanding w does not scan them again. */
static void jump_diagonal(frontier *fr, const jw *j, uint32_t u, int x,
                          int y, int k, double gu) {
    const int d = WF_DIR_NE + k;
    const int dx = wf__dir_dx[d], dy = wf__dir_dy[d];
    const int comp[2] = {dx > 0 ? WF_DIR_E : WF_DIR_W,
                         dy > 0 ? WF_DIR_S : WF_DIR_N};
    const ptrdiff_t step = dy * (ptrdiff_t)j->W + dx;
    const ptrdiff_t at = (ptrdiff_t)y * j->W + x;
    const uint32_t *m = j->v.mask + at;
    const uint8_t *t = j->terrain + at;
    const uint32_t can = WF__JW_STEP(k);
    const uint32_t stop = WF__JW_DTURN(k, 0) | WF__JW_DTURN(k, 1);
    double s = 0;
    for (;;) {
        if (!(*m & can))
            return;
        m += step;
        t += step;
        x += dx;
        y += dy;
        s += j->cost[*t];
        int nx[2], ny[2];
        double run[2];
        const int end = (*m & stop) || (x == j->gx && y == j->gy);
        const int a = jump_straight(j, x, y, dx, 0, &nx[0], &ny[0], &run[0]);
        const int b = jump_straight(j, x, y, 0, dy, &nx[1], &ny[1], &run[1]);
        if (!end && !a && !b)
            continue;
        const double gw = gu + WF_SQRT2 * s;
        const uint32_t w = (uint32_t)(m - j->v.mask);
        for (int c = 0; c < 2; c++)
            if (c ? b : a)
                offer(fr, u, (uint32_t)ny[c] * (uint32_t)j->W + (uint32_t)nx[c],
                      comp[c], gw + run[c],
                      fr->hmul * wf__octile(j->gx - nx[c], j->gy - ny[c]));
        if (offer(fr, u, w, d, gw,
                  fr->hmul * wf__octile(j->gx - x, j->gy - y)))
            fr->dirs[w] |= (uint16_t)((1u << comp[0] | 1u << comp[1]) << 8);
        return;
    }
}

wf_status wf__jpsw_begin(wf_search *ws, const wf_grid *g, wf_point start,
                         wf_point goal, const wf_search_opts *o) {
    wf_status s = wf_search_reserve_graph(ws, g->cells);
    if (s != WF_OK)
        return wf__search_fail(ws, s, "cannot size the workspace for jpsw");
    wf__jpswq *q = &ws->q.jw;
    memset(q, 0, offsetof(wf__jpswq, cost));
    uint8_t pass[256];
    (void)wf__filter_costs(g, o->filter, q->cost, pass);
    const uint32_t W = (uint32_t)g->width;
    q->g = g;
    q->start = start;
    q->goal = goal;
    q->s0 = (uint32_t)start.y * W + (uint32_t)start.x;
    q->goal_id = (uint32_t)goal.y * W + (uint32_t)goal.x;
    q->st.engine = WF_ALGO_JPSW;
    ws->engine = WF_ALGO_JPSW;
    if (!pass[g->terrain[q->s0]] || !pass[g->terrain[q->goal_id]]) {
        ws->mode = WF__GRID_DONE;
        ws->done = WF_NO_PATH;
        return WF_OK;
    }
    if ((s = wf__jpsw_planes(ws, g, q->cost, &q->view)) != WF_OK)
        return wf__search_fail(ws, s, "cannot size the workspace for jpsw");
    double m = INFINITY;
    for (int t = 0; t < 256; t++)
        if (g->count[t] && q->cost[t] < m)
            m = q->cost[t];
    q->hmul = m;
    wf__divw_init(W, &q->div_mul, &q->div_shift);
    q->gen = wf__search_begin(ws);
    ws->cells[q->s0].tag = q->gen;
    q->view.dirs[q->s0] = 0;
    ws->g[q->s0] = 0;
    ws->parent[q->s0] = q->s0;
    wf__heap h = {ws->cells, ws->key, ws->id, 0};
    wf__heap_push(&h, m * wf__octile(goal.x - start.x, goal.y - start.y),
                  q->s0);
    q->heap_n = h.n;
    q->st.heap_ops = 1;
    ws->mode = WF__JPSW;
    return WF_OK;
}

wf_status wf__jpsw_step(wf_search *ws, uint64_t budget, wf_path *out) {
    wf__jpswq *q = &ws->q.jw;
    const wf_grid *g = q->g;
    const jw j = {q->view, q->cost, g->terrain, g->width, q->goal.x,
                  q->goal.y};
    const uint32_t W = (uint32_t)g->width;
    const double hmul = q->hmul;
    const uint32_t goal_id = q->goal_id;
    frontier fr = {{ws->cells, ws->key, ws->id, q->heap_n},
                   ws->g,
                   ws->parent,
                   q->view.dirs,
                   q->view.mask,
                   q->gen,
                   hmul,
                   q->st};
    const uint64_t stop = budget > UINT64_MAX - fr.st.expanded
                              ? UINT64_MAX
                              : fr.st.expanded + budget;
    int found = 0, paused = 0;
    while (fr.h.n) {
        /* look before taking, so a step can end with the heap as it was */
        const uint32_t u = fr.h.id[0];
        if (u == goal_id) {
            found = 1;
            break;
        }
        if (fr.st.expanded >= stop) {
            paused = 1;
            break;
        }
        wf__heap_pop(&fr.h);
        fr.st.heap_ops++;
        ws->cells[u].tag |= WF__TAG_CLOSED;
        fr.st.expanded++;
        /* the directions of the states (u, d) not yet expanded */
        const unsigned in = fr.dirs[u] & 0xFFu, done = fr.dirs[u] >> 8;
        unsigned go = 0;
        if (u == q->s0 && !done)
            go = 0xFFu;
        for (unsigned b = in; b; b &= b - 1)
            go |= successors(fr.mask[u], __builtin_ctz(b));
        go &= ~done;
        fr.dirs[u] = (uint16_t)((done | go) << 8);
        const int y = (int)wf__divw(q->div_mul, q->div_shift, u);
        const int x = (int)(u - (uint32_t)y * W);
        for (; go; go &= go - 1) {
            const int d = __builtin_ctz(go);
            const int dx = wf__dir_dx[d], dy = wf__dir_dy[d];
            int nx, ny;
            double run;
            if (dx && dy)
                jump_diagonal(&fr, &j, u, x, y, d - WF_DIR_NE, fr.gv[u]);
            else if (jump_straight(&j, x, y, dx, dy, &nx, &ny, &run))
                offer(&fr, u, (uint32_t)ny * W + (uint32_t)nx, d,
                      fr.gv[u] + run, hmul * wf__octile(j.gx - nx, j.gy - ny));
        }
    }
    q->heap_n = fr.h.n;
    q->st = fr.st;
    out->stats = fr.st;
    if (paused)
        return WF_PENDING;
    ws->mode = WF__IDLE;
    if (!found)
        return WF_NO_PATH;
    return wf__jpsw_path(ws, out);
}
