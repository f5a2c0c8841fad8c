/* Terrain costs from smooth value noise over an existing map. */
#include "gen_internal.h"

wf_cost_noise_opts wf_cost_noise_opts_default(void) {
    wf_cost_noise_opts o = {3, 16};
    return o;
}

/* A 16-bit lattice value for (i, j): splitmix64's finaliser over the seed
 * and the point, so any point's value is known without a table. */
static uint32_t lattice(uint64_t seed, uint32_t i, uint32_t j) {
    uint64_t z = seed ^ ((uint64_t)i << 32 | j);
    z += 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return (uint32_t)((z ^ (z >> 31)) >> 48);
}

wf_status wf_gen_cost_noise(wf_grid *g, uint64_t seed,
                            const wf_cost_noise_opts *opts) {
    wf_cost_noise_opts o = opts ? *opts : wf_cost_noise_opts_default();
    if (!o.levels)
        o.levels = 3;
    if (!o.scale)
        o.scale = 16;
    if (!g || o.levels < 2 || o.levels > 9 || o.scale < 1 || o.scale > 4096)
        return WF_E_INVALID_ARG;
    uint8_t *t = wf__gen_buffer(g);
    if (!t)
        return WF_E_NOMEM;
    const int W = wf_grid_width(g), H = wf_grid_height(g);
    const uint64_t s = (uint64_t)o.scale, s2 = s * s;
    const uint8_t *cur = wf_grid_cells(g);
    memcpy(t, cur, wf__gen_cells(g));
    uint8_t pass[256];
    for (int k = 0; k < 256; k++)
        pass[k] = wf_grid_cost(g, (uint8_t)k) > 0;
    for (int y = 0; y < H; y++) {
        const uint32_t j = (uint32_t)y / (uint32_t)s;
        const uint64_t fy = (uint64_t)y % s;
        for (int x = 0; x < W; x++) {
            const size_t c = (size_t)y * (size_t)W + (size_t)x;
            if (!pass[t[c]]) {
                /* a blocked cell must not take a code that becomes a cost */
                if (t[c] == '.' || (t[c] >= '2' && t[c] <= '9'))
                    t[c] = WF_TERRAIN_WALL;
                continue;
            }
            const uint32_t i = (uint32_t)x / (uint32_t)s;
            const uint64_t fx = (uint64_t)x % s;
            /* bilinear in integers: v in [0, 65535 · s²] */
            const uint64_t top = lattice(seed, i, j) * (s - fx) +
                                 lattice(seed, i + 1, j) * fx;
            const uint64_t bot = lattice(seed, i, j + 1) * (s - fx) +
                                 lattice(seed, i + 1, j + 1) * fx;
            const uint64_t v = top * (s - fy) + bot * fy;
            const int k = 1 + (int)(v * (uint64_t)o.levels / (65536 * s2));
            t[c] = k == 1 ? (uint8_t)'.' : (uint8_t)('0' + k);
        }
    }
    wf_status st = wf_grid_set_cost(g, WF_TERRAIN_WALL, WF_BLOCKED);
    if (st == WF_OK)
        st = wf_grid_set_cost(g, '.', 1.0);
    for (int k = 2; k <= o.levels && st == WF_OK; k++)
        st = wf_grid_set_cost(g, (uint8_t)('0' + k), (double)k);
    if (st == WF_OK)
        st = wf_grid_set_cells(g, t);
    wf__gen_buffer_free(g, t);
    return st;
}
