/* Flow fields: the downhill step of every cell of a field. */
#include <math.h>

#include "field_internal.h"

wf_status wf_field_flow_grid(const wf_grid *g, wf_layer layer,
                             wf_move move, const wf_filter *filter,
                             int8_t *dir) {
    wf__unit unit;
    if (!g || !layer.values || layer.count != g->cells || !dir)
        return WF_E_INVALID_ARG;
    wf_status s = wf__unit_init(&unit, NULL, g, move, filter);
    if (s != WF_OK)
        return s;
    const float *field = layer.values;
    const int32_t W = g->width;
    ptrdiff_t off[WF_DIR_COUNT];
    wf__dir_offsets(W, off);
    for (size_t c = 0; c < g->cells; c++) {
        dir[c] = WF_FLOW_UNREACHABLE;
        double here = field[c];
        if (!isfinite(here) || !wf__unit_enters(&unit, g, c))
            continue;
        dir[c] = WF_FLOW_SOURCE; /* until a downhill neighbour shows up */
        double best = here;
        unsigned m = wf__allowed_moves(wf__unit_mask(&unit, g, c),
                                       unit.connect, unit.corners);
        for (int d = 0; d < WF_DIR_COUNT; d++) {
            if (!(m & (1u << d)))
                continue;
            size_t v = (size_t)((int64_t)c + off[d]);
            double step = unit.cost[g->terrain[v]] * (d < 4 ? 1.0 : WF_SQRT2);
            double via = (double)field[v] + step;
            /* Downhill: the neighbour's value plus the move must not exceed
             * this cell's value (up to float rounding), and must be the
             * smallest such. */
            if (field[v] < here && via < best + 1e-4 * fmax(1.0, fabs(here)) &&
                (dir[c] == WF_FLOW_SOURCE || via < best)) {
                best = via;
                dir[c] = (int8_t)d;
            }
        }
    }
    wf__unit_done(&unit, g);
    return WF_OK;
}
