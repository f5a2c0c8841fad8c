/* Island worlds: land grown by a cellular automaton in a sea,
 * shallow water along the coasts, forest in the interior. */
#include "gen_internal.h"

wf_islands_opts wf_islands_opts_default(void) {
    wf_islands_opts o;
    o.ca = wf_ca_opts_default();
    o.ca.fill = 0.45;
    o.shore = 1;
    o.forest = 2;
    return o;
}

/* 1 when every cell of the (2r+1)² square around (x, y) that lies on the
 * map has alive value v; off-map cells count as sea (0). */
static int square_all(const uint8_t *alive, int W, int H, int x, int y,
                      int r, uint8_t v) {
    for (int dy = -r; dy <= r; dy++)
        for (int dx = -r; dx <= r; dx++) {
            int nx = x + dx, ny = y + dy;
            uint8_t a = (nx < 0 || ny < 0 || nx >= W || ny >= H)
                            ? 0
                            : alive[(size_t)ny * (size_t)W + (size_t)nx];
            if (a != v)
                return 0;
        }
    return 1;
}

wf_status wf_gen_islands(wf_grid *g, uint64_t seed, const wf_islands_opts *opts) {
    wf_islands_opts o = opts ? *opts : wf_islands_opts_default();
    /* a zeroed struct means the defaults; a zeroed ca, the ca defaults */
    const int ca_zero = o.ca.fill == 0 && !o.ca.birth && !o.ca.survive &&
                        !o.ca.iterations;
    if (ca_zero && !o.shore && !o.forest)
        o = wf_islands_opts_default();
    else if (ca_zero)
        o.ca = wf_islands_opts_default().ca;
    if (!g || !wf__ca_opts_valid(&o.ca) || o.shore < 0 || o.shore > 8 ||
        o.forest < 0 || o.forest > 8)
        return WF_E_INVALID_ARG;
    const int W = wf_grid_width(g), H = wf_grid_height(g);
    uint8_t *land = wf__gen_buffer(g), *out = wf__gen_buffer(g);
    if (!land || !out) {
        wf__gen_buffer_free(g, land);
        wf__gen_buffer_free(g, out);
        return WF_E_NOMEM;
    }
    wf_rng r;
    wf_rng_seed(&r, seed);
    for (size_t c = 0, n = wf__gen_cells(g); c < n; c++)
        land[c] = wf_rng_unit(&r) < o.ca.fill;
    wf_status st = wf__ca_run(g, land, &o.ca, 0);
    if (st == WF_OK) {
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) {
                size_t c = (size_t)y * (size_t)W + (size_t)x;
                if (land[c])
                    out[c] = o.forest && square_all(land, W, H, x, y, o.forest, 1)
                                 ? WF_GEN_TREES
                                 : WF_GEN_GROUND;
                else
                    out[c] = o.shore && !square_all(land, W, H, x, y, o.shore, 0)
                                 ? WF_GEN_SHALLOW
                                 : WF_GEN_DEEP;
            }
        wf_grid_set_cost(g, WF_GEN_DEEP, 1.0);
        wf_grid_set_cost(g, WF_GEN_SHALLOW, 2.0);
        wf_grid_set_cost(g, WF_GEN_GROUND, WF_BLOCKED);
        wf_grid_set_cost(g, WF_GEN_TREES, WF_BLOCKED);
        wf_grid_set_cells(g, out);
    }
    wf__gen_buffer_free(g, land);
    wf__gen_buffer_free(g, out);
    return st;
}
