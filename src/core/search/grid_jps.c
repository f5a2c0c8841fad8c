/* Jump Point Search (Harabor & Grastien) for uniform-cost 8-connected grids
 * under the no-cut corner rule, the rule of the Moving AI benchmarks.
 *
 * With no corner cutting a diagonal step needs both orthogonal neighbours
 * free, so diagonal moves have no forced neighbours; a straight move into
 * cell n has one on a side where the cell beside the parent is blocked and
 * the cell beside n is free (the parent could not step there diagonally,
 * so the best way there passes through n). Straight jumps run until a
 * wall, the goal or such a cell. Jump points are searched with A* on the
 * octile heuristic; the path is the cells between them.
 *
 * Diagonals are pruned as in "JPS (B+P)" (Harabor & Grastien 2014): a
 * diagonal jump does not stop where one of its straight components finds
 * something, pushing that turning cell; it runs on until the corner rule
 * stops it, and every point the straight jumps from its cells find is a
 * successor of the jump point it started from (expand_diagonal). Such a
 * successor lies diagonal first, then straight, from its parent, which is
 * how the path is written back. Every successor is at the octile distance
 * of its parent, so a successor that is the goal has its parent's f: the
 * search ends when a jump reaches the goal, and a jump on the goal's line
 * runs past jump points to it (jump_line), so that a goal in plain sight
 * of a diagonal-first path ends the search one expansion early.
 *
 * An agent of size k > 1 runs the same search on the bit planes and
 * neighbour masks of "the agent may stand here" (clearance >= k), built in
 * the workspace and kept there for the next query of that size on the
 * same, unchanged grid (wf__jps_fit): JPS on that derived passability is
 * exactly A* on it, and stays block-based for any size.
 *
 * Straight jumps are block-based, after Harabor & Grastien, "Improving Jump
 * Point Search" (ICAPS 2014): they read the grid's passability bit planes
 * (internal.h) 64 cells at a time, the row plane for horizontal jumps and
 * the transposed one for vertical jumps, so that both are the same scan
 * along a line with the two lines beside it. In one word the walls ahead
 * are ~line and the forced cells are side & ~(side shifted back by one
 * cell), for either side; the nearest set bit ends the jump. The border
 * bits of the planes are walls, so a scan needs no bounds checks.
 *
 * The workspace's graph arrays hold each jump point's parent and cost
 * (wf_search_reserve_graph), 12 bytes per cell on top of the 20. */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>

#include "search_internal.h"

typedef struct jps {
    const uint64_t *rows, *cols; /* the grid's bit planes */
    size_t rw, cw;               /* their words per line */
    const uint8_t *nbmask;       /* the grid's neighbour masks */
    ptrdiff_t W;
    int gx, gy;
} jps;

/* The direction index of move (dx, dy), by [dy + 1][dx + 1]. */
static const uint8_t dir_of[3][3] = {
    {WF_DIR_NW, WF_DIR_N, WF_DIR_NE},
    {WF_DIR_W, WF_DIR_COUNT, WF_DIR_E},
    {WF_DIR_SW, WF_DIR_S, WF_DIR_SE},
};
#define DIR_BIT(dx, dy) (1u << dir_of[(dy) + 1][(dx) + 1])

static int ctz64(uint64_t v) { return __builtin_ctzll(v); }
static int top64(uint64_t v) { return 63 - __builtin_clzll(v); }

/* Scans line l of a plane (words a line) from position p towards higher
 * positions: the first q > p that is a wall, or a free cell beside which,
 * on line l-1 or l+1, lies a free cell after a blocked one. *wall tells
 * which. The word before each word of the side lines supplies the bit
 * behind its bit 0 (for the first word of a line that is the end of the
 * line before or the pad before the plane; the bit only matters at
 * position 0, the border, which is never scanned). */
WF_INLINE size_t scan_up(const uint64_t *plane, size_t words, size_t l,
                         size_t p, int *wall) {
    const size_t q = p + 1;
    const uint64_t *line = plane + l * words;
    const uint64_t *r = line + (q >> 6), *a = r - words, *b = r + words;
    uint64_t ca = a[-1], cb = b[-1];
    uint64_t live = ~(uint64_t)0 << (q & 63);
    for (;;) {
        const uint64_t R = *r, A = *a, B = *b;
        const uint64_t ev = (~R | (A & ~((A << 1) | (ca >> 63))) |
                             (B & ~((B << 1) | (cb >> 63)))) & live;
        if (ev) {
            const int i = ctz64(ev);
            *wall = !((R >> i) & 1u);
            return (size_t)(r - line) * 64 + (size_t)i;
        }
        ca = A;
        cb = B;
        live = ~(uint64_t)0;
        r++;
        a++;
        b++;
    }
}

/* The mirror image of scan_up: the last q < p that ends a jump towards
 * lower positions (position 0, the border, is a wall). */
WF_INLINE size_t scan_down(const uint64_t *plane, size_t words, size_t l,
                           size_t p, int *wall) {
    const size_t q = p - 1;
    const uint64_t *line = plane + l * words;
    const uint64_t *r = line + (q >> 6), *a = r - words, *b = r + words;
    uint64_t ca = a[1], cb = b[1];
    uint64_t live = ~(uint64_t)0 >> (63 - (q & 63));
    for (;;) {
        const uint64_t R = *r, A = *a, B = *b;
        const uint64_t ev = (~R | (A & ~((A >> 1) | (ca << 63))) |
                             (B & ~((B >> 1) | (cb << 63)))) & live;
        if (ev) {
            const int i = top64(ev);
            *wall = !((R >> i) & 1u);
            return (size_t)(r - line) * 64 + (size_t)i;
        }
        ca = A;
        cb = B;
        live = ~(uint64_t)0;
        r--;
        a--;
        b--;
    }
}

/* The rest of a jump whose first scan, from position p to q (a wall when
 * wall), passed the goal's line position gp or has it ahead (see
 * jump_line): the goal if no wall comes before it, else what the first
 * scan found. */
static int jump_to_goal(const uint64_t *plane, size_t words, size_t l,
                        size_t q, int wall, int up, size_t gp, size_t *out) {
    const size_t first = q;
    for (;;) {
        if (up ? gp <= q : gp >= q) {
            *out = gp;
            return 1;
        }
        if (wall) {
            *out = first;
            return first != q;
        }
        q = up ? scan_up(plane, words, l, q, &wall)
               : scan_down(plane, words, l, q, &wall);
    }
}

/* Jumps along line l of a plane (a row or, in the transposed plane, a
 * column) from cell p towards higher (up) or lower cells: 1 and the first
 * jump point's cell in *out, or 0 when a wall comes first. The goal, on
 * line gl at cell gp, ends the jump wherever it lies before the next
 * wall, even past jump points: generating the goal ends the search
 * (wf__jps_step). Lines and cells are grid coordinates; the plane's are
 * one more (its border). */
WF_INLINE int jump_line(const uint64_t *plane, size_t words, int l, int p,
                        int up, int gl, int gp, int *out) {
    int wall;
    const size_t bp = (size_t)p + 1, bl = (size_t)l + 1, bg = (size_t)gp + 1;
    const size_t q = up ? scan_up(plane, words, bl, bp, &wall)
                        : scan_down(plane, words, bl, bp, &wall);
    size_t at = q;
    int ok = !wall;
    if (l == gl && (up ? gp > p : gp < p))
        ok = jump_to_goal(plane, words, bl, q, wall, up, bg, &at);
    *out = (int)at - 1;
    return ok;
}

/* Horizontal jump from (x, y) in direction dx: 1 and the jump point's x
 * in *ox, or 0 when a wall comes first; jump_col: vertical, *oy. */
WF_INLINE int jump_row(const jps *j, int x, int y, int dx, int *ox) {
    return jump_line(j->rows, j->rw, y, x, dx > 0, j->gy, j->gx, ox);
}
WF_INLINE int jump_col(const jps *j, int x, int y, int dy, int *oy) {
    return jump_line(j->cols, j->cw, x, y, dy > 0, j->gx, j->gy, oy);
}

/* The directions worth trying from cell n with neighbour mask m, reached
 * from its parent by a move in direction d (WF_DIR_COUNT at the start): a
 * bit set over the 8 directions of internal.h. A straight move adds the
 * forced neighbours, read off the mask: the side cell free and the one
 * beside the parent blocked. */
static unsigned successors(unsigned m, int d) {
    unsigned all = wf__allowed_moves(m, 8, WF_CORNERS_NO_CUT);
    if (d == WF_DIR_COUNT)
        return all;
    const int dx = wf__dir_dx[d], dy = wf__dir_dy[d];
    unsigned want;
    if (dx && dy) { /* diagonal: the move and its two components */
        want = DIR_BIT(dx, dy) | DIR_BIT(dx, 0) | DIR_BIT(0, dy);
    } else if (dx) { /* horizontal */
        want = DIR_BIT(dx, 0);
        for (int s = -1; s <= 1; s += 2)
            if (!(m & DIR_BIT(-dx, s)) && (m & DIR_BIT(0, s)))
                want |= DIR_BIT(0, s) | DIR_BIT(dx, s);
    } else { /* vertical */
        want = DIR_BIT(0, dy);
        for (int s = -1; s <= 1; s += 2)
            if (!(m & DIR_BIT(s, -dy)) && (m & DIR_BIT(s, 0)))
                want |= DIR_BIT(s, 0) | DIR_BIT(s, dy);
    }
    return all & want;
}

wf_status wf__jps_fit(wf_search *ws, const wf_grid *g, unsigned k,
                      const wf__planes **planes, const uint8_t **mask) {
    if (ws->fit_serial != g->serial || ws->fit_version != g->version ||
        ws->fit_size != k) {
        wf__planes p = {0};
        if (!wf__planes_size(&p, g->width, g->height))
            return WF_E_TOO_BIG;
        if (ws->fit_words < p.bit_words) {
            uint64_t *b = wf__alloc(&ws->alloc, p.bit_words * sizeof *b);
            if (!b)
                return WF_E_NOMEM;
            wf__free(&ws->alloc, ws->fit.bits, ws->fit_words * sizeof *b);
            ws->fit.bits = b;
            ws->fit_words = p.bit_words;
        }
        if (ws->fit_cells < g->cells) {
            uint8_t *m = wf__alloc(&ws->alloc, g->cells);
            if (!m)
                return WF_E_NOMEM;
            wf__free(&ws->alloc, ws->fit_mask, ws->fit_cells);
            ws->fit_mask = m;
            ws->fit_cells = g->cells;
        }
        p.bits = ws->fit.bits;
        ws->fit = p;
        wf__planes_clear(&ws->fit, g->height);
        const uint8_t *clr = g->clear;
        for (int y = 0; y < g->height; y++)
            for (int x = 0; x < g->width; x++) {
                const size_t c = (size_t)y * (size_t)g->width + (size_t)x;
                if (wf__fits(clr, c, k))
                    wf__planes_set(&ws->fit, x, y, 1);
                ws->fit_mask[c] = (uint8_t)wf__nbmask_fit(g, c, clr, k);
            }
        ws->fit_serial = g->serial;
        ws->fit_version = g->version;
        ws->fit_size = k;
    }
    *planes = &ws->fit;
    *mask = ws->fit_mask;
    return WF_OK;
}

wf_status wf__jps_begin(wf_search *ws, const wf_grid *g, wf_point start,
                        wf_point goal, double cost, const wf__planes *planes,
                        const uint8_t *nbmask) {
    wf_status s = wf_search_reserve_graph(ws, g->cells);
    if (s != WF_OK)
        return s;
    wf__jpsq *q = &ws->q.j;
    memset(q, 0, sizeof *q);
    const uint32_t W = (uint32_t)g->width;
    q->g = g;
    q->planes = planes;
    q->nbmask = nbmask;
    q->start = start;
    q->goal = goal;
    q->cost = cost;
    wf__divw_init(W, &q->div_mul, &q->div_shift);
    q->gen = wf__search_begin(ws);
    q->s0 = (uint32_t)start.y * W + (uint32_t)start.x;
    q->goal_id = (uint32_t)goal.y * W + (uint32_t)goal.x;
    q->st.engine = WF_ALGO_JPS;
    ws->cells[q->s0].tag = q->gen;
    ws->g[q->s0] = 0;
    ws->parent[q->s0] = q->s0;
    wf__heap h = {ws->cells, ws->key, ws->id, 0};
    wf__heap_push(&h, cost * wf__octile(goal.x - start.x, goal.y - start.y),
                  q->s0);
    q->heap_n = h.n;
    q->st.heap_ops = 1;
    ws->mode = WF__JPS;
    ws->engine = WF_ALGO_JPS;
    return WF_OK;
}

static int sign(int v) { return (v > 0) - (v < 0); }

/* What a step works on: the open list, the workspace's per-cell arrays,
 * the query and the counters. */
typedef struct run {
    wf__heap h;
    wf__cell *cells;
    double *gv;
    uint32_t *parent;
    uint32_t gen, goal_id;
    double cost;
    wf_stats st;
} run;

/* Offers jump point v at (vx, vy) to the search as a successor of u at
 * (x, y), whose cost is gu, reached by a last move in direction d. The
 * cell path from u is diagonal first, then straight, so the cost is the
 * octile distance. 1 when v is the goal: its cost is then u's f, which is
 * at most the optimal cost (u was taken with the least f, the octile
 * heuristic is consistent on these moves), so the search ends there; the
 * goal never enters the open list. */
WF_INLINE int offer(run *r, const jps *j, uint32_t u, int x, int y, double gu,
                    uint32_t v, int vx, int vy, int d) {
    const double ng = gu + r->cost * wf__octile(vx - x, vy - y);
    wf__cell *cv = &r->cells[v];
    const int seen = (cv->tag & ~0xFu) == r->gen;
    if (v != r->goal_id && seen &&
        ((cv->tag & WF__TAG_CLOSED) || !(ng < r->gv[v])))
        return 0;
    r->gv[v] = ng;
    r->parent[v] = u;
    r->st.generated++;
    cv->tag = r->gen | (uint32_t)d;
    if (v == r->goal_id)
        return 1;
    const double f = ng + r->cost * wf__octile(j->gx - vx, j->gy - vy);
    if (seen)
        wf__heap_up(&r->h, cv->pos, f, v);
    else
        wf__heap_push(&r->h, f, v);
    r->st.heap_ops++;
    return 0;
}

/* Expands u at (x, y) in diagonal direction (dx, dy), and with it every
 * cell the diagonal crosses, in place (intermediate pruning, Harabor &
 * Grastien 2014): the points the straight jumps from each crossed cell
 * find are successors of u itself, and the diagonal runs on until the
 * corner rule stops it. With no corner cutting a crossed cell has no
 * other successors, so nothing is lost; what is saved is a heap entry
 * and an expansion per turning cell. 1 when the goal was offered. */
WF_INLINE int expand_diagonal(const jps *j, run *r, uint32_t u, int x,
                              int y, double gu, int dx, int dy) {
    const unsigned need = DIR_BIT(dx, dy) | DIR_BIT(dx, 0) | DIR_BIT(0, dy);
    const int dd = dir_of[dy + 1][dx + 1], dh = dir_of[1][dx + 1],
              dv = dir_of[dy + 1][1];
    const ptrdiff_t step = dy * j->W + dx;
    const uint8_t *m = j->nbmask + u;
    ptrdiff_t c = (ptrdiff_t)u;
    int cx = x, cy = y, t;
    for (;;) {
        if ((*m & need) != need)
            return 0;
        m += step;
        c += step;
        cx += dx;
        cy += dy;
        if ((uint32_t)c == r->goal_id)
            return offer(r, j, u, x, y, gu, (uint32_t)c, cx, cy, dd);
        if (jump_row(j, cx, cy, dx, &t) &&
            offer(r, j, u, x, y, gu, (uint32_t)(c + (t - cx)), t, cy, dh))
            return 1;
        if (jump_col(j, cx, cy, dy, &t) &&
            offer(r, j, u, x, y, gu, (uint32_t)(c + (t - cy) * j->W), cx, t,
                  dv))
            return 1;
    }
}

/* Expands u at (x, y) by a straight jump in direction d = (dx, dy). */
WF_INLINE int expand_straight(const jps *j, run *r, uint32_t u, int x, int y,
                              double gu, int dx, int dy, int d) {
    int t;
    if (dx)
        return jump_row(j, x, y, dx, &t) &&
               offer(r, j, u, x, y, gu, (uint32_t)((ptrdiff_t)u + (t - x)), t,
                     y, d);
    return jump_col(j, x, y, dy, &t) &&
           offer(r, j, u, x, y, gu, (uint32_t)((ptrdiff_t)u + (t - y) * j->W),
                 x, t, d);
}

/* Expands u at (x, y) in direction d: 1 when the goal was offered. One
 * instance of the jumps per direction, so that the scans' direction is
 * known where they are compiled. */
static int expand(const jps *j, run *r, uint32_t u, int x, int y, double gu,
                  int d) {
    switch (d) {
    case WF_DIR_N: return expand_straight(j, r, u, x, y, gu, 0, -1, d);
    case WF_DIR_E: return expand_straight(j, r, u, x, y, gu, 1, 0, d);
    case WF_DIR_S: return expand_straight(j, r, u, x, y, gu, 0, 1, d);
    case WF_DIR_W: return expand_straight(j, r, u, x, y, gu, -1, 0, d);
    case WF_DIR_NE: return expand_diagonal(j, r, u, x, y, gu, 1, -1);
    case WF_DIR_SE: return expand_diagonal(j, r, u, x, y, gu, 1, 1);
    case WF_DIR_SW: return expand_diagonal(j, r, u, x, y, gu, -1, 1);
    default: return expand_diagonal(j, r, u, x, y, gu, -1, -1);
    }
}

/* Writes the path that ends at the goal into out: the cells between
 * consecutive jump points, diagonal first from each parent (the one cell
 * path of a successor, see expand_diagonal), walked back from the goal.
 * Its cost is counted by kind of move: cost × (straight + √2 diagonal). */
static wf_status path_out(wf_search *ws, const wf__jpsq *q, wf_path *out) {
    const uint32_t *parent = ws->parent;
    const uint32_t W = (uint32_t)q->g->width;
    size_t len = 1;
    int vx = q->goal.x, vy = q->goal.y;
    for (uint32_t v = q->goal_id; v != q->s0; v = parent[v]) {
        const uint32_t p = parent[v];
        const int py = (int)wf__divw(q->div_mul, q->div_shift, p);
        const int px = (int)(p - (uint32_t)py * W);
        const int ax = abs(vx - px), ay = abs(vy - py);
        len += (size_t)(ax > ay ? ax : ay);
        vx = px;
        vy = py;
    }
    wf_status s = wf__path_grow(out, len);
    if (s != WF_OK)
        return s;
    wf_point *pt = out->points;
    size_t i = len, diagonal = 0;
    vx = q->goal.x;
    vy = q->goal.y;
    for (uint32_t v = q->goal_id; v != q->s0; v = parent[v]) {
        const uint32_t p = parent[v];
        const int py = (int)wf__divw(q->div_mul, q->div_shift, p);
        const int px = (int)(p - (uint32_t)py * W);
        const int sx = sign(vx - px), sy = sign(vy - py);
        const int ax = abs(vx - px), ay = abs(vy - py);
        /* back along the straight part, then the diagonal */
        const int hx = ax > ay ? sx : 0, hy = ax > ay ? 0 : sy;
        for (int k = ax > ay ? ax - ay : ay - ax; k > 0; k--) {
            pt[--i] = (wf_point){vx, vy};
            vx -= hx;
            vy -= hy;
        }
        diagonal += (size_t)(ax < ay ? ax : ay);
        while (vx != px) {
            pt[--i] = (wf_point){vx, vy};
            vx -= sx;
            vy -= sy;
        }
    }
    pt[0] = q->start;
    out->count = len;
    const double c = q->cost * ((double)(len - 1 - diagonal) +
                                WF_SQRT2 * (double)diagonal);
    out->cost = c;
    if (!(c < INFINITY)) {
        out->count = 0;
        return wf__search_fail(ws, WF_E_RANGE, "path cost overflows a double");
    }
    return WF_OK;
}

wf_status wf__jps_step(wf_search *ws, uint64_t budget, wf_path *out) {
    wf__jpsq *q = &ws->q.j;
    const wf_grid *g = q->g;
    const wf_point goal = q->goal;
    const wf__planes *pl = q->planes;
    const uint8_t *nbmask = q->nbmask;
    const jps j = {pl->rowbits, pl->colbits, pl->row_words, pl->col_words,
                   nbmask,      (ptrdiff_t)g->width, goal.x, goal.y};
    const uint32_t W = (uint32_t)g->width;
    const unsigned div_shift = q->div_shift;
    const uint64_t div_mul = q->div_mul;
    const uint32_t s0 = q->s0;
    run r = {{ws->cells, ws->key, ws->id, q->heap_n}, ws->cells, ws->g,
             ws->parent, q->gen, q->goal_id, q->cost, q->st};
    const uint64_t stop = budget > UINT64_MAX - r.st.expanded
                              ? UINT64_MAX
                              : r.st.expanded + budget;
    int found = 0, paused = 0;
    while (r.h.n) {
        /* look before taking, so a step can end with the heap as it was */
        const uint32_t u = r.h.id[0];
        if (u == r.goal_id) { /* only the start can be: see offer */
            found = 1;
            break;
        }
        if (r.st.expanded >= stop) {
            paused = 1;
            break;
        }
        wf__heap_pop(&r.h);
        r.st.heap_ops++;
        r.cells[u].tag |= WF__TAG_CLOSED;
        r.st.expanded++;
        const int y = (int)wf__divw(div_mul, div_shift, u);
        const int x = (int)(u - (uint32_t)y * W);
        const double gu = r.gv[u];
        /* the tag's low bits: the direction of the last move into u */
        unsigned dirs = successors(nbmask[u],
                                   u == s0 ? WF_DIR_COUNT
                                           : (int)(r.cells[u].tag & 7u));
        /* the direction of the goal first: only it can reach the goal,
         * and reaching it ends the search */
        const int toward = dir_of[sign(goal.y - y) + 1][sign(goal.x - x) + 1];
        if ((dirs >> toward) & 1u) { /* toward < WF_DIR_COUNT */
            dirs &= ~(1u << toward);
            found = expand(&j, &r, u, x, y, gu, toward);
        }
        while (dirs && !found) {
            const int d = __builtin_ctz(dirs);
            dirs &= dirs - 1;
            found = expand(&j, &r, u, x, y, gu, d);
        }
        if (found)
            break;
    }
    q->heap_n = r.h.n;
    q->st = r.st;
    out->stats = r.st;
    if (paused)
        return WF_PENDING;
    ws->mode = WF__IDLE;
    if (!found)
        return WF_NO_PATH;
    return path_out(ws, q, out);
}
