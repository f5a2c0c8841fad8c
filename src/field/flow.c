/* Flow fields: the downhill step of every cell of a field. */
#include <math.h>

#include "wf_core_private.h"
#include "wayfind/field.h"

wf_status wf_flow_field_grid(const wf_grid *g, const float *field,
                             int connect, wf_corners corners, int8_t *dir) {
    if (!g || !field || !dir || (connect != 4 && connect != 8) ||
        (unsigned)corners > (unsigned)WF_CORNERS_ONE_FREE)
        return WF_E_INVALID_ARG;
    const int32_t W = g->width;
    const int32_t off[WF_DIR_COUNT] = {-W, 1, W, -1, 1 - W, 1 + W, W - 1,
                                       -1 - W};
    for (size_t c = 0; c < g->cells; c++) {
        dir[c] = WF_FLOW_NONE;
        double here = field[c];
        if (!isfinite(here) || !g->passable[g->terrain[c]])
            continue;
        double best = here;
        unsigned m = wf__allowed_moves(g->nbmask[c], connect, corners);
        for (int d = 0; d < WF_DIR_COUNT; d++) {
            if (!(m & (1u << d)))
                continue;
            size_t v = (size_t)((int64_t)c + off[d]);
            double step = g->cost[g->terrain[v]] * (d < 4 ? 1.0 : WF_SQRT2);
            double via = (double)field[v] + step;
            /* Downhill: the neighbour's value plus the move must not exceed
             * this cell's value (up to float rounding), and must be the
             * smallest such. */
            if (field[v] < here && via < best + 1e-4 * fmax(1.0, fabs(here)) &&
                (dir[c] == WF_FLOW_NONE || via < best)) {
                best = via;
                dir[c] = (int8_t)d;
            }
        }
    }
    return WF_OK;
}
