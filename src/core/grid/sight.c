/* Line of sight on grids: the cells a segment between two cell centres
 * passes through, walked exactly in integers. */
#include <stdlib.h>

#include "internal.h"

static int open_cell(const wf_grid *g, int x, int y) {
    return wf_grid_passable(g, x, y);
}

int wf_grid_line_of_sight(const wf_grid *g, wf_point a, wf_point b,
                          wf_move move) {
    const wf_corners corners = move.corners;
    if (!g || !wf_grid_contains(g, a.x, a.y) || !wf_grid_contains(g, b.x, b.y))
        return 0;
    const int sx = b.x > a.x ? 1 : -1, sy = b.y > a.y ? 1 : -1;
    const int64_t nx = llabs((long long)b.x - a.x), ny = llabs((long long)b.y - a.y);
    int x = a.x, y = a.y;
    int64_t ix = 0, iy = 0;
    while (ix < nx || iy < ny) {
        /* The segment next crosses a vertical grid line at t = (ix + ½)/nx
         * and a horizontal one at t = (iy + ½)/ny; compare them exactly. */
        const int64_t tx = (1 + 2 * ix) * ny, ty = (1 + 2 * iy) * nx;
        if (tx == ty) {
            /* Through a corner: the two cells beside it decide. */
            int s1 = open_cell(g, x + sx, y), s2 = open_cell(g, x, y + sy);
            if ((corners == WF_CORNERS_NO_CUT && !(s1 && s2)) ||
                (corners == WF_CORNERS_ONE_FREE && !(s1 || s2)))
                return 0;
            x += sx;
            y += sy;
            ix++;
            iy++;
        } else if (tx < ty) {
            x += sx;
            ix++;
        } else {
            y += sy;
            iy++;
        }
        if (x == b.x && y == b.y)
            return 1;
        if (!open_cell(g, x, y))
            return 0;
    }
    return 1;
}
