/* Weighted Jump Point Search: optimal paths on grids whose terrains cost
 * different amounts, 8-connected under the no-cut corner rule, for a unit
 * of size 1. Entering cell b from a costs step(a, b) × c(b), step 1 or √2,
 * c the unit's cost of b's terrain (grid cost × filter multiplier).
 *
 * The search. A* (octile distance × the smallest cost present, which is
 * consistent) runs over jump points. Expanding a point u tries all eight
 * directions; a jump walks from u in one direction and returns the first
 * cell where it must stop, which becomes a successor of u at the exact
 * cost of the cells walked. A straight run in direction d stops at a cell
 * n (reached from p = n - d) when n is the goal, when the next cell n + d
 * may be entered but costs other than n, or when for a side s (one of the
 * two perpendicular directions) n + s may be entered and
 *   (a) p + s may not (the forced neighbour of plain JPS), or
 *   (b) n + s costs other than n, or
 *   (c) n + d + s may be entered and costs other than n + d;
 * it returns nothing at a cell that may not be entered. A diagonal run in
 * direction d = (dx, dy) steps while the corner rule allows and stops at
 * a cell n when n is the goal, when n - (dx, 0) or n - (0, dy) (the two
 * cells its last step passed between) costs other than n, or when the
 * straight run from n along (dx, 0) or (0, dy) returns a cell.
 *
 * Why it is optimal. Every successor is reached along real moves at their
 * real cost, so every path found is a path and the search's answer is at
 * least the optimum; A* with a consistent heuristic returns the cheapest
 * path in the graph of jumps, so it remains to show that this graph holds
 * an optimal path to the goal t. Call an optimal path from u to t
 * canonical when it has the fewest moves among optimal paths and, among
 * those, its sequence of move kinds (straight or diagonal) is
 * lexicographically greatest with diagonal before straight (finitely many
 * such paths, so one exists; every suffix of a canonical path is
 * canonical). Lemma: the jump from u in the direction of the first move
 * of a canonical path Q stops at a cell v of Q's first run. Then induct
 * on the optimal distance from v to t, which strictly decreases: the
 * graph holds a path from s through v along Q and then, by induction, an
 * optimal one from v. Proof of the lemma, straight first move d: let n be
 * the last cell of the run of d-moves that begins Q and p the cell before
 * it, and suppose the jump passes every cell of the run, n included (it
 * can pass no wall: Q moves there). n is not t (goal stop), so Q's next
 * move m leaves n; it is not -d, nor -d ± s (both reach a neighbour of p
 * that p reaches more cheaply in one move), so m is s or d + s for a side
 * s. As n did not stop, p + s and n + s may be entered and cost c(n + s)
 * = c(n); if m = s, the single diagonal p → n + s is legal and costs √2 c
 * < 2 c, so Q was not optimal; if m = d + s, the next cell n + d may be
 * entered (the corner rule) and so costs c (n did not stop), hence c(n +
 * d + s) = c too, and the swap p → n + s → n + d + s is legal, costs the
 * same (√2 c + c), has as many moves and puts a diagonal first: Q was not
 * canonical. Diagonal first move d: let n be the last cell of its run of
 * d-moves, p the cell before it, and suppose the jump passes the whole
 * run. n is not t, so Q's next move m leaves n. If m is one of d's
 * components, Q's suffix from n is canonical and begins with it, so by
 * the straight case the straight run from n stops on it and n would have
 * stopped the diagonal jump. m cannot be d (the run ends), -d, or the
 * component reversed (p reaches that cell in one straight move, more
 * cheaply). Otherwise m turns by 90°: m = (dx, -dy) reaches p + (2 dx, 0)
 * (or symmetrically p + (0, 2 dy)), which p reaches by two straight moves
 * through p + (dx, 0), legal as the diagonal was and cost c(n) there (n
 * did not stop): c + c' < √2 c + √2 c', so Q was not optimal. The
 * argument never looks at the cost of u, so every cell may begin a jump.
 *
 * Scans. Straight runs read 64 cells at a time from bit planes the
 * workspace keeps for the unit's costs (grid_jpsw_planes.c): free cells,
 * "costs the same as the next cell along the line" and "costs the same as
 * the cell on the line before", row-major for horizontal runs and
 * transposed for vertical ones, so both are one scan of a line and the
 * two beside it; the stop rules above are a few shifts and masks per
 * word. Diagonal runs step cell by cell with two straight scans each,
 * as in plain JPS. Ties in f go to the heap's order (search_internal.h),
 * so the same query gives the same path.
 *
 * The workspace's graph arrays hold each jump point's parent and cost
 * (wf_search_reserve_graph), 12 bytes per cell on top of the 20, and the
 * planes 6 bits per cell. */
#include <math.h>
#include <stddef.h>

#include "search_internal.h"

/* The planes of one query, by orientation: [0] row-major, [1] transposed. */
typedef struct jw {
    const uint64_t *free[2], *along[2], *across[2];
    size_t words[2];
    const double *cost;
    const uint8_t *terrain;
    int W;
    int gx, gy;
} jw;

static int ctz64(uint64_t v) { return __builtin_ctzll(v); }
static int top64(uint64_t v) { return 63 - __builtin_clzll(v); }

/* The stop rule for one side line S (free bits), with X its across bits
 * (the side line against the run's line): S[i] and (not S at the cell
 * behind, or X[i] clear, or S ahead and X ahead clear). behind and ahead
 * are S and X shifted so that bit i holds the neighbouring position. */
WF_INLINE uint64_t side_stop(uint64_t S, uint64_t S_behind, uint64_t S_ahead,
                             uint64_t X, uint64_t X_ahead) {
    return S & (~S_behind | ~X | (S_ahead & ~X_ahead));
}

/* Scans line l (positions from 1; words a line) from position p towards
 * higher positions: the first q > p that may not be entered or where a
 * straight run stops (the header's rules). *wall tells which. The word
 * before and after each word supply the bits beside its ends (the pads and
 * border lines of the planes make every read land inside the block). */
WF_INLINE size_t scan_up(const jw *j, int o, size_t l, size_t p, int *wall) {
    const size_t words = j->words[o], q = p + 1;
    const uint64_t *r = j->free[o] + l * words, *a = r - words, *b = r + words;
    const uint64_t *al = j->along[o] + l * words;
    const uint64_t *xa = j->across[o] + l * words, *xb = xa + words;
    uint64_t live = ~(uint64_t)0 << (q & 63);
    for (size_t w = q >> 6;; w++) {
        const uint64_t R = r[w], A = a[w], B = b[w], XA = xa[w], XB = xb[w];
        const uint64_t ahead_r = (R >> 1) | (r[w + 1] << 63);
        const uint64_t ev =
            (~R | (ahead_r & ~al[w]) |
             side_stop(A, (A << 1) | (a[w - 1] >> 63),
                       (A >> 1) | (a[w + 1] << 63), XA,
                       (XA >> 1) | (xa[w + 1] << 63)) |
             side_stop(B, (B << 1) | (b[w - 1] >> 63),
                       (B >> 1) | (b[w + 1] << 63), XB,
                       (XB >> 1) | (xb[w + 1] << 63))) &
            live;
        if (ev) {
            const int i = ctz64(ev);
            *wall = !((R >> i) & 1u);
            return w * 64 + (size_t)i;
        }
        live = ~(uint64_t)0;
    }
}

/* The mirror image of scan_up, towards lower positions (position 0, the
 * border, may not be entered). */
WF_INLINE size_t scan_down(const jw *j, int o, size_t l, size_t p,
                           int *wall) {
    const size_t words = j->words[o], q = p - 1;
    const uint64_t *r = j->free[o] + l * words, *a = r - words, *b = r + words;
    const uint64_t *al = j->along[o] + l * words;
    const uint64_t *xa = j->across[o] + l * words, *xb = xa + words;
    uint64_t live = ~(uint64_t)0 >> (63 - (q & 63));
    for (size_t w = q >> 6;; w--) {
        const uint64_t R = r[w], A = a[w], B = b[w], XA = xa[w], XB = xb[w];
        const uint64_t ahead_r = (R << 1) | (r[w - 1] >> 63);
        const uint64_t ahead_al = (al[w] << 1) | (al[w - 1] >> 63);
        const uint64_t ev =
            (~R | (ahead_r & ~ahead_al) |
             side_stop(A, (A >> 1) | (a[w + 1] << 63),
                       (A << 1) | (a[w - 1] >> 63), XA,
                       (XA << 1) | (xa[w - 1] >> 63)) |
             side_stop(B, (B >> 1) | (b[w + 1] << 63),
                       (B << 1) | (b[w - 1] >> 63), XB,
                       (XB << 1) | (xb[w - 1] >> 63))) &
            live;
        if (ev) {
            const int i = top64(ev);
            *wall = !((R >> i) & 1u);
            return w * 64 + (size_t)i;
        }
        live = ~(uint64_t)0;
    }
}

/* Straight run from (x, y) along (dx, dy), one of them 0: 1 and its stop
 * in (*ox, *oy), or 0 when a cell that may not be entered comes first. */
static int jump_straight(const jw *j, int x, int y, int dx, int dy, int *ox,
                         int *oy) {
    int wall;
    if (dx) {
        const size_t p = (size_t)x + 1, l = (size_t)y + 1;
        const int nx = (int)(dx > 0 ? scan_up(j, 0, l, p, &wall)
                                    : scan_down(j, 0, l, p, &wall)) - 1;
        if (y == j->gy && (dx > 0 ? j->gx > x && j->gx <= nx
                                  : j->gx < x && j->gx >= nx)) {
            *ox = j->gx;
            *oy = y;
            return 1;
        }
        *ox = nx;
        *oy = y;
        return !wall;
    }
    const size_t p = (size_t)y + 1, l = (size_t)x + 1;
    const int ny = (int)(dy > 0 ? scan_up(j, 1, l, p, &wall)
                                : scan_down(j, 1, l, p, &wall)) - 1;
    if (x == j->gx && (dy > 0 ? j->gy > y && j->gy <= ny
                              : j->gy < y && j->gy >= ny)) {
        *ox = x;
        *oy = j->gy;
        return 1;
    }
    *ox = x;
    *oy = ny;
    return !wall;
}

/* May the unit enter (x, y)? Off the grid by one is a border bit: no. */
WF_INLINE int enters(const jw *j, int x, int y) {
    return wf__bit(j->free[0], j->words[0], (size_t)(y + 1), (size_t)(x + 1));
}

/* Diagonal run from (x, y) along (dx, dy): 1 and its stop, with the sum of
 * the costs of the cells entered in *sum, or 0. */
static int jump_diagonal(const jw *j, int x, int y, int dx, int dy, int *ox,
                         int *oy, double *sum) {
    const ptrdiff_t W = j->W;
    const uint8_t *t = j->terrain;
    const double *cost = j->cost;
    double s = 0;
    int tx, ty;
    for (;;) {
        if (!enters(j, x + dx, y) || !enters(j, x, y + dy) ||
            !enters(j, x + dx, y + dy))
            return 0;
        x += dx;
        y += dy;
        const ptrdiff_t n = (ptrdiff_t)y * W + x;
        const double c = cost[t[n]];
        s += c;
        if ((x == j->gx && y == j->gy) || cost[t[n - dx]] != c ||
            cost[t[n - dy * W]] != c ||
            jump_straight(j, x, y, dx, 0, &tx, &ty) ||
            jump_straight(j, x, y, 0, dy, &tx, &ty))
            break;
    }
    *ox = x;
    *oy = y;
    *sum = s;
    return 1;
}

static double octile(int dx, int dy) {
    int ax = dx < 0 ? -dx : dx, ay = dy < 0 ? -dy : dy;
    int lo = ax < ay ? ax : ay, hi = ax < ay ? ay : ax;
    return (double)(hi - lo) + WF_SQRT2 * (double)lo;
}

const char *wf__jpsw_applies(const wf_search_opts *o) {
    if (o->move.connect != 8)
        return "jpsw needs 8-connected moves";
    if (o->move.corners != WF_CORNERS_NO_CUT)
        return "jpsw needs the no-cut corner rule";
    if (o->move.size != 1)
        return "jpsw needs an agent of size 1";
    if (o->heuristic != WF_H_DEFAULT && o->heuristic != WF_H_OCTILE)
        return "jpsw needs the default (octile) heuristic";
    if (o->weight != 1.0)
        return "jpsw needs weight 1";
    if (o->overlay.values && o->overlay_k > 0)
        return "jpsw cannot use a cost overlay";
    if (o->move_cost)
        return "jpsw cannot use a move-cost callback";
    if (o->max_expansions)
        return "jpsw cannot stop at an expansion limit";
    if (o->goal_fallback != WF_FALLBACK_NONE)
        return "jpsw cannot fall back to the nearest cell";
    return NULL;
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
    if ((s = wf__jpsw_planes(ws, g, q->cost, q->planes, &q->row_words,
                             &q->col_words)) != WF_OK)
        return wf__search_fail(ws, s, "cannot size the workspace for jpsw");
    double m = INFINITY;
    for (int t = 0; t < 256; t++)
        if (g->count[t] && q->cost[t] < m)
            m = q->cost[t];
    q->hmul = m;
    wf__divw_init(W, &q->div_mul, &q->div_shift);
    q->gen = wf__search_begin(ws);
    ws->cells[q->s0].tag = q->gen;
    ws->g[q->s0] = 0;
    ws->parent[q->s0] = q->s0;
    wf__heap h = {ws->cells, ws->key, ws->id, 0};
    wf__heap_push(&h, m * octile(goal.x - start.x, goal.y - start.y), q->s0);
    q->heap_n = h.n;
    q->st.heap_ops = 1;
    ws->mode = WF__JPSW;
    return WF_OK;
}

wf_status wf__jpsw_step(wf_search *ws, uint64_t budget, wf_path *out) {
    wf__jpswq *q = &ws->q.jw;
    const wf_grid *g = q->g;
    const jw j = {{q->planes[0], q->planes[3]},
                  {q->planes[1], q->planes[4]},
                  {q->planes[2], q->planes[5]},
                  {q->row_words, q->col_words},
                  q->cost,
                  g->terrain,
                  g->width,
                  q->goal.x,
                  q->goal.y};
    const uint32_t W = (uint32_t)g->width;
    const double hmul = q->hmul;
    const uint32_t gen = q->gen, goal_id = q->goal_id;
    wf__heap h = {ws->cells, ws->key, ws->id, q->heap_n};
    double *gv = ws->g;
    uint32_t *parent = ws->parent;
    wf_stats st = q->st;
    const uint64_t stop = budget > UINT64_MAX - st.expanded
                              ? UINT64_MAX
                              : st.expanded + budget;
    int found = 0, paused = 0;
    while (h.n) {
        /* look before taking, so a step can end with the heap as it was */
        const uint32_t u = h.id[0];
        if (u == goal_id) {
            found = 1;
            break;
        }
        if (st.expanded >= stop) {
            paused = 1;
            break;
        }
        wf__heap_pop(&h);
        st.heap_ops++;
        ws->cells[u].tag |= WF__TAG_CLOSED;
        st.expanded++;
        const int y = (int)wf__divw(q->div_mul, q->div_shift, u);
        const int x = (int)(u - (uint32_t)y * W);
        for (int d = 0; d < WF_DIR_COUNT; d++) {
            const int dx = wf__dir_dx[d], dy = wf__dir_dy[d];
            int nx, ny;
            double run;
            if (dx && dy) {
                if (!jump_diagonal(&j, x, y, dx, dy, &nx, &ny, &run))
                    continue;
                run *= WF_SQRT2;
            } else {
                if (!jump_straight(&j, x, y, dx, dy, &nx, &ny))
                    continue;
                const int k = nx - x + ny - y;
                run = (double)(k < 0 ? -k : k) *
                      q->cost[g->terrain[(uint32_t)(y + dy) * W +
                                         (uint32_t)(x + dx)]];
            }
            const uint32_t v = (uint32_t)ny * W + (uint32_t)nx;
            if (wf__jump_offer(&h, gv, parent, gen, u, v, (unsigned)d,
                               gv[u] + run,
                               hmul * octile(j.gx - nx, j.gy - ny))) {
                st.generated++;
                st.heap_ops++;
            }
        }
    }
    q->heap_n = h.n;
    q->st = st;
    out->stats = st;
    if (paused)
        return WF_PENDING;
    ws->mode = WF__IDLE;
    if (!found)
        return WF_NO_PATH;
    return wf__jpsw_path(ws, out);
}
