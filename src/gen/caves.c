/* Caves: rock grown by a cellular automaton, the floor optionally reduced
 * to its largest connected region. */
#include "gen_internal.h"

/* Walls every floor cell outside the largest 8-connected no-cut region. */
static wf_status keep_largest_region(wf_grid *g, uint8_t *terrain) {
    const wf_allocator *al = wf__grid_allocator(g);
    const size_t ncells = wf__gen_cells(g);
    size_t bytes = ncells * sizeof(uint32_t); /* cells is checked at
                                                 creation */
    uint32_t *labels = wf__alloc(al, bytes);
    if (!labels)
        return WF_E_NOMEM;
    uint32_t n = 0;
    wf_status st = wf_grid_regions(g, wf_move_default(), labels, &n);
    if (st == WF_OK && n > 1) {
        uint32_t *size = wf__alloc(al, ((size_t)n + 1) * sizeof *size);
        if (!size) {
            st = WF_E_NOMEM;
        } else {
            memset(size, 0, ((size_t)n + 1) * sizeof *size);
            for (size_t c = 0; c < ncells; c++)
                size[labels[c]]++;
            uint32_t best = 1;
            for (uint32_t k = 2; k <= n; k++)
                if (size[k] > size[best])
                    best = k;
            for (size_t c = 0; c < ncells; c++)
                if (labels[c] && labels[c] != best)
                    terrain[c] = WF_GEN_WALL;
            wf__free(al, size, ((size_t)n + 1) * sizeof *size);
        }
    }
    wf__free(al, labels, bytes);
    return st;
}

wf_status wf_gen_caves(wf_grid *g, uint64_t seed, const wf_ca_opts *opts,
                       int keep_largest) {
    wf_ca_opts o = wf__ca_opts_or_default(opts);
    if (!g || !wf__ca_opts_valid(&o))
        return WF_E_INVALID_ARG;
    uint8_t *rock = wf__gen_buffer(g);
    if (!rock)
        return WF_E_NOMEM;
    const size_t ncells = wf__gen_cells(g);
    wf_rng r;
    wf_rng_seed(&r, seed);
    for (size_t c = 0; c < ncells; c++)
        rock[c] = wf_rng_unit(&r) < o.fill;
    wf_status st = wf__ca_run(g, rock, &o, 1);
    if (st == WF_OK) {
        const int W = wf_grid_width(g), H = wf_grid_height(g);
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) {
                size_t c = (size_t)y * (size_t)W + (size_t)x;
                int edge = x == 0 || y == 0 || x == W - 1 || y == H - 1;
                rock[c] = rock[c] || edge ? WF_GEN_WALL : WF_GEN_GROUND;
            }
        wf_grid_set_cost(g, WF_GEN_GROUND, 1.0);
        wf_grid_set_cost(g, WF_GEN_WALL, WF_BLOCKED);
        wf_grid_set_cells(g, rock);
        if (keep_largest) {
            st = keep_largest_region(g, rock);
            if (st == WF_OK)
                wf_grid_set_cells(g, rock);
        }
    }
    wf__gen_buffer_free(g, rock);
    return st;
}
