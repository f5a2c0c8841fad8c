/* Cellular automata, the engine of the island and cave generators. */
#include <math.h>

#include "gen_internal.h"

#define B5678 ((uint16_t)((1u << 5) | (1u << 6) | (1u << 7) | (1u << 8)))
#define S45678 ((uint16_t)(B5678 | (1u << 4)))

wf_ca_opts wf_ca_opts_default(void) {
    wf_ca_opts o;
    o.fill = 0.45;
    o.birth = B5678;
    o.survive = S45678;
    o.iterations = 5;
    return o;
}

wf_ca_opts wf__ca_opts_or_default(const wf_ca_opts *o) {
    if (!o || (o->fill == 0 && !o->birth && !o->survive && !o->iterations))
        return wf_ca_opts_default();
    return *o;
}

int wf__ca_opts_valid(const wf_ca_opts *o) {
    return o->fill >= 0.0 && o->fill <= 1.0 && o->iterations >= 0 &&
           o->iterations <= 64 && o->birth < (1u << 9) &&
           o->survive < (1u << 9);
}

uint8_t *wf__gen_buffer(const wf_grid *g) {
    return wf__alloc(wf__grid_allocator(g), wf__gen_cells(g));
}

void wf__gen_buffer_free(const wf_grid *g, uint8_t *b) {
    wf__free(wf__grid_allocator(g), b, wf__gen_cells(g));
}

wf_status wf__ca_run(const wf_grid *g, uint8_t *alive, const wf_ca_opts *o,
                     int border_alive) {
    const int W = wf_grid_width(g), H = wf_grid_height(g);
    uint8_t *next = wf__gen_buffer(g);
    if (!next)
        return WF_E_NOMEM;
    for (int it = 0; it < o->iterations; it++) {
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) {
                int n = 0;
                for (int dy = -1; dy <= 1; dy++)
                    for (int dx = -1; dx <= 1; dx++) {
                        if (!dx && !dy)
                            continue;
                        int nx = x + dx, ny = y + dy;
                        if (nx < 0 || ny < 0 || nx >= W || ny >= H)
                            n += border_alive;
                        else
                            n += alive[(size_t)ny * (size_t)W + (size_t)nx];
                    }
                size_t c = (size_t)y * (size_t)W + (size_t)x;
                uint16_t rule = alive[c] ? o->survive : o->birth;
                next[c] = (uint8_t)((rule >> n) & 1u);
            }
        memcpy(alive, next, wf__gen_cells(g));
    }
    wf__gen_buffer_free(g, next);
    return WF_OK;
}
