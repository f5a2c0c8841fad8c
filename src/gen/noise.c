/* Random obstacles at a given density (the Moving AI "random" maps). */
#include "gen_internal.h"

wf_status wf_gen_noise(wf_grid *g, uint64_t seed, double density) {
    if (!g || !(density >= 0.0 && density <= 1.0))
        return WF_E_INVALID_ARG;
    uint8_t *t = wf__gen_buffer(g);
    if (!t)
        return WF_E_NOMEM;
    wf_rng r;
    wf_rng_seed(&r, seed);
    for (size_t c = 0, n = wf__gen_cells(g); c < n; c++)
        t[c] = wf_rng_unit(&r) < density ? WF_GEN_WALL : WF_GEN_GROUND;
    wf_grid_set_cost(g, WF_GEN_GROUND, 1.0);
    wf_grid_set_cost(g, WF_GEN_WALL, WF_BLOCKED);
    wf_grid_set_cells(g, t);
    wf__gen_buffer_free(g, t);
    return WF_OK;
}
