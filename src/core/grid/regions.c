/* Connected regions of a grid under a movement model. */
#include "internal.h"

wf_status wf_grid_regions(const wf_grid *g, wf_move move,
                          uint32_t *labels, uint32_t *count) {
    if (!g || !labels || !count || wf__move_check(&move, NULL, 0) != WF_OK)
        return WF_E_INVALID_ARG;
    return wf__grid_regions_pass(g, move, NULL, labels, count);
}

wf_status wf__grid_regions_pass(const wf_grid *g, wf_move move,
                                const uint8_t *pass, uint32_t *labels,
                                uint32_t *count) {
    const uint8_t *enter = pass ? pass : g->passable;
    size_t bytes;
    if (!wf__mul_size(g->cells, sizeof(uint32_t), &bytes))
        return WF_E_TOO_BIG;
    uint32_t *queue = wf__alloc(&g->alloc, bytes);
    if (!queue)
        return WF_E_NOMEM;
    const int32_t W = g->width;
    ptrdiff_t off[WF_DIR_COUNT];
    wf__dir_offsets(W, off);
    memset(labels, 0, bytes);
    const unsigned k = (unsigned)move.size; /* agents: see wf_move */
    uint32_t n = 0;
    for (size_t c = 0; c < g->cells; c++) {
        if (labels[c] || !(k > 1 ? wf__fits(g->clear, c, k)
                                 : enter[g->terrain[c]]))
            continue;
        labels[c] = ++n;
        size_t head = 0, tail = 0;
        queue[tail++] = (uint32_t)c;
        while (head < tail) {
            uint32_t u = queue[head++];
            unsigned m = wf__allowed_moves(
                k > 1   ? wf__nbmask_fit(g, u, g->clear, k)
                : pass  ? wf__nbmask_pass(g, u, pass)
                        : g->nbmask[u],
                move.connect, move.corners);
            while (m) {
                int d = __builtin_ctz(m);
                m &= m - 1;
                uint32_t v = (uint32_t)((ptrdiff_t)u + off[d]);
                if (!labels[v]) {
                    labels[v] = n;
                    queue[tail++] = v;
                }
            }
        }
    }
    wf__free(&g->alloc, queue, bytes);
    *count = n;
    return WF_OK;
}
