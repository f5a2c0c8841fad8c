/* The cell path of a weighted JPS search (grid_jpsw.c): the cells between
 * consecutive jump points, walked back from the goal (the direction in
 * each point's tag, then diagonally to its parent), and its cost summed
 * move by move from the start,
 * as A* sums it, so that equal paths report equal costs. */
#include <math.h>
#include <stdlib.h>

#include "search_internal.h"

/* The moves from a cell's parent u to the cell (x, y), which it entered
 * in direction d, walked backwards: along -d while (x, y) is not on a
 * diagonal through u, then diagonally to u (a straight jump has no
 * diagonal part; a diagonal one no straight part; a straight jump made
 * from a diagonal run has both, and the straight part meets the diagonal
 * through u once). Returns the moves, writing the cells left (the one
 * entered first last) below out[i] when out is not NULL. */
static size_t walk_back(int ux, int uy, int x, int y, int d, wf_point *out,
                        size_t i) {
    size_t n = 0;
    const int dx = wf__dir_dx[d], dy = wf__dir_dy[d];
    while (abs(x - ux) != abs(y - uy)) {
        if (out) {
            out[--i].x = x;
            out[i].y = y;
        }
        x -= dx;
        y -= dy;
        n++;
    }
    const int sx = ux > x ? 1 : -1, sy = uy > y ? 1 : -1;
    while (x != ux) {
        if (out) {
            out[--i].x = x;
            out[i].y = y;
        }
        x += sx;
        y += sy;
        n++;
    }
    return n;
}

wf_status wf__jpsw_path(wf_search *ws, wf_path *out) {
    const wf__jpswq *q = &ws->q.jw;
    const wf_grid *g = q->g;
    const wf__cell *cells = ws->cells;
    const uint32_t *parent = ws->parent;
    const uint32_t W = (uint32_t)g->width;
    size_t len = 1;
    for (uint32_t v = q->goal_id; v != q->s0; v = parent[v])
        len += walk_back((int)(parent[v] % W), (int)(parent[v] / W),
                         (int)(v % W), (int)(v / W), (int)(cells[v].tag & 7u),
                         NULL, 0);
    wf_status s = wf__path_grow(out, len);
    if (s != WF_OK)
        return s;
    size_t i = len;
    for (uint32_t v = q->goal_id; v != q->s0; v = parent[v])
        i -= walk_back((int)(parent[v] % W), (int)(parent[v] / W),
                       (int)(v % W), (int)(v / W), (int)(cells[v].tag & 7u),
                       out->points, i);
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
