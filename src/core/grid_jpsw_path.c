/* The cell path of a weighted JPS search (grid_jpsw.c): the cells between
 * consecutive jump points, walked back from the goal along the direction
 * in each point's tag, and its cost summed move by move from the start,
 * as A* sums it, so that equal paths report equal costs. */
#include <math.h>

#include "search_internal.h"

wf_status wf__jpsw_path(wf_search *ws, wf_path *out) {
    const wf__jpswq *q = &ws->q.jw;
    const wf_grid *g = q->g;
    const wf__cell *cells = ws->cells;
    const uint32_t *parent = ws->parent;
    const uint32_t W = (uint32_t)g->width;
    size_t len = 1;
    for (uint32_t v = q->goal_id; v != q->s0; v = parent[v]) {
        const int d = (int)(cells[v].tag & 7u);
        const int dx = wf__dir_dx[d], dy = wf__dir_dy[d];
        const uint32_t px = parent[v] % W, vx = v % W;
        const uint32_t cols = dx ? (dx > 0 ? vx - px : px - vx) : 0;
        const uint32_t rows = dy ? (dy > 0 ? v / W - parent[v] / W
                                           : parent[v] / W - v / W)
                                 : 0;
        len += cols > rows ? cols : rows;
    }
    wf_status s = wf__path_grow(out, len);
    if (s != WF_OK)
        return s;
    size_t i = len;
    int x = q->goal.x, y = q->goal.y;
    for (uint32_t v = q->goal_id; v != q->s0; v = parent[v]) {
        const int d = (int)(cells[v].tag & 7u);
        const int dx = wf__dir_dx[d], dy = wf__dir_dy[d];
        const int px = (int)(parent[v] % W), py = (int)(parent[v] / W);
        while (x != px || y != py) {
            out->points[--i].x = x;
            out->points[i].y = y;
            x -= dx;
            y -= dy;
        }
    }
    out->points[0] = q->start;
    out->count = len;
    double c = 0;
    for (size_t k = 1; k < len; k++) {
        const wf_point a = out->points[k - 1], b = out->points[k];
        const double t = q->cost[g->terrain[(size_t)b.y * W + (size_t)b.x]];
        c += a.x != b.x && a.y != b.y ? WF_SQRT2 * t : t;
    }
    out->cost = c;
    if (!(c < INFINITY)) {
        out->count = 0;
        return wf__search_fail(ws, WF_E_RANGE, "path cost overflows a double");
    }
    return WF_OK;
}
