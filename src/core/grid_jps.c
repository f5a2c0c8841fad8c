/* Jump Point Search (Harabor & Grastien) for uniform-cost 8-connected grids
 * under the no-cut corner rule, the rule of the Moving AI benchmarks.
 *
 * With no corner cutting a diagonal step needs both orthogonal neighbours
 * free, so diagonal moves have no forced neighbours; a straight move into
 * cell n has one on a side where the cell beside the parent is blocked and
 * the cell beside n is free (the parent could not step there diagonally,
 * so the best way there passes through n). Straight jumps run until a
 * wall, the goal or such a cell; diagonal jumps stop where one of their two
 * straight components finds something. Jump points are searched with A*
 * on the octile heuristic; the path is the cells between them.
 *
 * The workspace's graph arrays hold each jump point's parent and cost
 * (wf_search_reserve_graph), 12 bytes per cell on top of the 20. */
#include <math.h>
#include <stdlib.h>

#include "search_internal.h"

typedef struct jps {
    const wf_grid *g;
    int W, H;
    int gx, gy;
} jps;

static int open_at(const jps *j, int x, int y) {
    return x >= 0 && y >= 0 && x < j->W && y < j->H &&
           j->g->passable[j->g->terrain[(size_t)y * (size_t)j->W + (size_t)x]];
}

/* Straight jump from (x, y) in direction (dx, dy), one of them 0: the
 * first jump point, or 0 when a wall comes first. */
static int jump_straight(const jps *j, int x, int y, int dx, int dy, int *ox,
                         int *oy) {
    for (;;) {
        x += dx;
        y += dy;
        if (!open_at(j, x, y))
            return 0;
        if (x == j->gx && y == j->gy)
            break;
        if (dx) { /* horizontal: walls ending above or below behind us */
            if ((!open_at(j, x - dx, y - 1) && open_at(j, x, y - 1)) ||
                (!open_at(j, x - dx, y + 1) && open_at(j, x, y + 1)))
                break;
        } else {
            if ((!open_at(j, x - 1, y - dy) && open_at(j, x - 1, y)) ||
                (!open_at(j, x + 1, y - dy) && open_at(j, x + 1, y)))
                break;
        }
    }
    *ox = x;
    *oy = y;
    return 1;
}

/* Diagonal jump: steps while the corner rule allows, and stops at the
 * goal or where a straight jump along either component finds a point. */
static int jump_diagonal(const jps *j, int x, int y, int dx, int dy, int *ox,
                         int *oy) {
    int tx, ty;
    for (;;) {
        if (!open_at(j, x + dx, y) || !open_at(j, x, y + dy) ||
            !open_at(j, x + dx, y + dy))
            return 0;
        x += dx;
        y += dy;
        if ((x == j->gx && y == j->gy) ||
            jump_straight(j, x, y, dx, 0, &tx, &ty) ||
            jump_straight(j, x, y, 0, dy, &tx, &ty))
            break;
    }
    *ox = x;
    *oy = y;
    return 1;
}

static double octile(int dx, int dy) {
    int ax = dx < 0 ? -dx : dx, ay = dy < 0 ? -dy : dy;
    int lo = ax < ay ? ax : ay, hi = ax < ay ? ay : ax;
    return (double)(hi - lo) + WF_SQRT2 * (double)lo;
}

static int sign(int v) { return (v > 0) - (v < 0); }

/* 1 when the grid qualifies: every passable terrain present costs the
 * same. *cost receives that cost. */
int wf__jps_uniform(const wf_grid *g, double *cost) {
    double c = 0;
    for (int t = 0; t < 256; t++) {
        if (!g->count[t] || !g->passable[t])
            continue;
        if (c && g->cost[t] != c)
            return 0;
        c = g->cost[t];
    }
    *cost = c ? c : 1.0;
    return 1;
}

/* The directions worth trying from n, reached from its parent by a move
 * (dx, dy) (both 0 at the start): a bit set over the 8 directions of
 * internal.h. */
static unsigned successors(const jps *j, int x, int y, int dx, int dy) {
    unsigned all = wf__allowed_moves(j->g->nbmask[(size_t)y * (size_t)j->W +
                                                  (size_t)x],
                                     8, WF_CORNERS_NO_CUT);
    if (!dx && !dy)
        return all;
    unsigned want = 0;
    for (int d = 0; d < WF_DIR_COUNT; d++) {
        int ddx = wf__dir_dx[d], ddy = wf__dir_dy[d];
        if (dx && dy) { /* diagonal: the move and its two components */
            if ((ddx == dx && ddy == dy) || (ddx == dx && !ddy) ||
                (!ddx && ddy == dy))
                want |= 1u << d;
        } else if (dx) { /* horizontal */
            if (ddx == dx && !ddy)
                want |= 1u << d;
            for (int s = -1; s <= 1; s += 2)
                if (!open_at(j, x - dx, y + s) && open_at(j, x, y + s) &&
                    ddy == s && (ddx == 0 || ddx == dx))
                    want |= 1u << d;
        } else { /* vertical */
            if (ddy == dy && !ddx)
                want |= 1u << d;
            for (int s = -1; s <= 1; s += 2)
                if (!open_at(j, x + s, y - dy) && open_at(j, x + s, y) &&
                    ddx == s && (ddy == 0 || ddy == dy))
                    want |= 1u << d;
        }
    }
    return all & want;
}

wf_status wf__search_jps(wf_search *ws, const wf_grid *g, wf_point start,
                         wf_point goal, double cost, wf_path *out) {
    wf_status s = wf_search_reserve_graph(ws, g->cells);
    if (s != WF_OK)
        return s;
    jps j = {g, g->width, g->height, goal.x, goal.y};
    const uint32_t W = (uint32_t)g->width;
    const uint32_t gen = wf__search_begin(ws);
    wf__heap h = {ws->cells, ws->key, ws->id, 0};
    wf__cell *cells = ws->cells;
    double *gv = ws->g;
    uint32_t *parent = ws->parent;
    const uint32_t s0 = (uint32_t)start.y * W + (uint32_t)start.x;
    const uint32_t goal_id = (uint32_t)goal.y * W + (uint32_t)goal.x;
    wf_stats st;
    memset(&st, 0, sizeof st);
    cells[s0].tag = gen;
    gv[s0] = 0;
    parent[s0] = s0;
    wf__heap_push(&h, cost * octile(goal.x - start.x, goal.y - start.y), s0);
    st.heap_ops++;
    int found = 0;
    while (h.n) {
        uint32_t u = h.id[0];
        wf__heap_pop(&h);
        st.heap_ops++;
        if (u == goal_id) {
            found = 1;
            break;
        }
        cells[u].tag |= WF__TAG_CLOSED;
        st.expanded++;
        const int x = (int)(u % W), y = (int)(u / W);
        const uint32_t pu = parent[u];
        const int px = (int)(pu % W), py = (int)(pu / W);
        unsigned dirs = successors(&j, x, y, sign(x - px), sign(y - py));
        while (dirs) {
            int d = __builtin_ctz(dirs);
            dirs &= dirs - 1;
            int ddx = wf__dir_dx[d], ddy = wf__dir_dy[d], nx, ny;
            int ok = ddx && ddy ? jump_diagonal(&j, x, y, ddx, ddy, &nx, &ny)
                                : jump_straight(&j, x, y, ddx, ddy, &nx, &ny);
            if (!ok)
                continue;
            const uint32_t v = (uint32_t)ny * W + (uint32_t)nx;
            const double ng = gv[u] + cost * octile(nx - x, ny - y);
            wf__cell *cv = &cells[v];
            const int seen = (cv->tag & ~0xFu) == gen;
            if (seen && ((cv->tag & WF__TAG_CLOSED) || !(ng < gv[v])))
                continue;
            gv[v] = ng;
            parent[v] = u;
            st.generated++;
            const double f = ng + cost * octile(goal.x - nx, goal.y - ny);
            if (seen) {
                wf__heap_up(&h, cv->pos, f, v);
            } else {
                cv->tag = gen;
                wf__heap_push(&h, f, v);
            }
            st.heap_ops++;
        }
    }
    out->stats = st;
    if (!found)
        return WF_NO_PATH;
    /* The cells between consecutive jump points, start to goal. */
    size_t len = 1;
    for (uint32_t v = goal_id; v != s0; v = parent[v]) {
        uint32_t p = parent[v];
        int ax = abs((int)(v % W) - (int)(p % W)), ay = abs((int)(v / W) - (int)(p / W));
        len += (size_t)(ax > ay ? ax : ay);
    }
    if ((s = wf__path_grow(out, len)) != WF_OK)
        return s;
    size_t i = len;
    out->points[--i] = goal;
    for (uint32_t v = goal_id; v != s0; v = parent[v]) {
        uint32_t p = parent[v];
        int vx = (int)(v % W), vy = (int)(v / W), qx = (int)(p % W), qy = (int)(p / W);
        int dx = sign(qx - vx), dy = sign(qy - vy);
        while (vx != qx || vy != qy) {
            vx += dx;
            vy += dy;
            out->points[--i].x = vx;
            out->points[i].y = vy;
        }
    }
    out->count = len;
    double c = 0;
    for (size_t k = 1; k < len; k++)
        c += cost * (out->points[k].x != out->points[k - 1].x &&
                             out->points[k].y != out->points[k - 1].y
                         ? WF_SQRT2
                         : 1.0);
    out->cost = c;
    return WF_OK;
}
