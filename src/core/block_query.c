/* Would blocking a cell cut a path's start from its goal? A local search
 * around the cell answers it without a full re-plan in the common case. */
#include <stdlib.h>

#include "search_internal.h"

#define MARK_TARGET 1u /* a cell of the path beyond the blocked one */
#define MARK_SEEN 2u

wf_status wf_grid_block_disconnects(wf_search *ws, const wf_grid *g,
                                    const wf_path *path, wf_point cell,
                                    int connect, wf_corners corners,
                                    int *disconnects) {
    if (!ws || !g || !path || !disconnects || path->count == 0 ||
        !path->points || (connect != 4 && connect != 8) ||
        (unsigned)corners > (unsigned)WF_CORNERS_ONE_FREE)
        return WF_E_INVALID_ARG;
    if (!wf_grid_contains(g, cell.x, cell.y))
        return WF_E_RANGE;
    size_t at = path->count;
    for (size_t i = 0; i < path->count && at == path->count; i++)
        if (path->points[i].x == cell.x && path->points[i].y == cell.y)
            at = i;
    *disconnects = 0;
    if (at == path->count)
        return WF_OK; /* off the path: the path stands */
    if (at == 0 || at + 1 == path->count) {
        *disconnects = 1; /* a blocked start or goal has no path */
        return WF_OK;
    }
    wf_status s = wf_search_reserve(ws, g->cells);
    if (s != WF_OK)
        return s;
    const uint32_t W = (uint32_t)g->width;
    const int32_t off[WF_DIR_COUNT] = {-(int32_t)W, 1, (int32_t)W, -1,
                                       1 - (int32_t)W, 1 + (int32_t)W,
                                       (int32_t)W - 1, -1 - (int32_t)W};
    const uint32_t blocked = (uint32_t)cell.y * W + (uint32_t)cell.x;
    const uint32_t gen = wf__search_begin(ws);
    wf__cell *cells = ws->cells;
    for (size_t i = at + 1; i < path->count; i++)
        cells[(uint32_t)path->points[i].y * W + (uint32_t)path->points[i].x]
            .tag = gen | MARK_TARGET;
    /* Breadth-first from the cell before the blocked one, in the open
     * array's id slots, with the blocked cell's bit taken out of its
     * neighbours' masks so that the corner rule sees it as a wall. */
    uint32_t *queue = ws->id;
    size_t head = 0, tail = 0;
    const wf_point first = path->points[at - 1];
    uint32_t c0 = (uint32_t)first.y * W + (uint32_t)first.x;
    cells[c0].tag = gen | MARK_SEEN;
    queue[tail++] = c0;
    while (head < tail) {
        uint32_t u = queue[head++];
        unsigned mask = g->nbmask[u];
        int ux = (int)(u % W), uy = (int)(u / W);
        if (abs(ux - cell.x) <= 1 && abs(uy - cell.y) <= 1)
            for (int d = 0; d < WF_DIR_COUNT; d++)
                if (ux + wf__dir_dx[d] == cell.x && uy + wf__dir_dy[d] == cell.y)
                    mask &= ~(1u << d);
        unsigned m = wf__allowed_moves(mask, connect, corners);
        while (m) {
            int d = __builtin_ctz(m);
            m &= m - 1;
            uint32_t v = (uint32_t)((int32_t)u + off[d]);
            uint32_t tag = cells[v].tag;
            if (tag == (gen | MARK_TARGET))
                return WF_OK; /* back on the path beyond the cell */
            if ((tag & ~0xFu) == gen || v == blocked)
                continue;
            cells[v].tag = gen | MARK_SEEN;
            queue[tail++] = v;
        }
    }
    *disconnects = 1;
    return WF_OK;
}
