/* The digest of a grid's size and terrain, which the files made for one
 * map (hierarchies, meshes) record and check it against. */
#include "internal.h"

#define DIGEST_SEED 0x3C6EF372FE94F82Bu

uint64_t wf__grid_digest(const wf_grid *g) {
    uint64_t h = wf__mix(DIGEST_SEED, (uint64_t)(uint32_t)g->width << 32 |
                                          (uint32_t)g->height);
    uint64_t w = 0;
    for (size_t c = 0; c < g->cells; c++) {
        w |= (uint64_t)g->terrain[c] << (8 * (c & 7));
        if ((c & 7) == 7 || c + 1 == g->cells) {
            h = wf__mix(h, w);
            w = 0;
        }
    }
    return h;
}
