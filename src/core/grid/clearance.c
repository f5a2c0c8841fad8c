/* Clearance, the passability of agents larger than a cell: for every cell
 * the side of the largest square of cells a unit may enter whose top-left
 * cell it is. The square of side s at (x, y) is free exactly when (x, y)
 * is and the squares of side s - 1 at its right, lower and lower-right
 * neighbours are, so one sweep from the bottom-right corner computes all
 * of them: clear(x, y) = 1 + min(clear(x+1, y), clear(x, y+1),
 * clear(x+1, y+1)), 0 for a cell that cannot be entered and beyond the
 * grid. Values are capped at WF_MOVE_MAX_SIZE, which keeps them in a byte
 * and bounds how far an edit reaches. */
#include "internal.h"

/* The clearance of (x, y) from those of its right, lower and lower-right
 * neighbours, already final in out. */
WF_INLINE uint8_t clear_at(const wf_grid *g, const uint8_t *pass,
                           const uint8_t *out, int x, int y) {
    const size_t W = (size_t)g->width, c = (size_t)y * W + (size_t)x;
    const uint8_t t = g->terrain[c];
    if (!(pass ? pass[t] : g->passable[t]))
        return 0;
    if (x + 1 == g->width || y + 1 == g->height)
        return 1;
    unsigned m = out[c + 1];
    if (out[c + W] < m)
        m = out[c + W];
    if (out[c + W + 1] < m)
        m = out[c + W + 1];
    return (uint8_t)(m < WF_MOVE_MAX_SIZE ? m + 1 : WF_MOVE_MAX_SIZE);
}

void wf__clearance_build(const wf_grid *g, const uint8_t *pass, uint8_t *out) {
    for (int y = g->height; y-- > 0;)
        for (int x = g->width; x-- > 0;)
            out[(size_t)y * (size_t)g->width + (size_t)x] =
                clear_at(g, pass, out, x, y);
}

void wf__clearance_update(const wf_grid *g, const uint8_t *pass,
                          uint8_t *clear, int x, int y) {
    /* Row by row upwards, each right to left. A cell can change only when
     * its right neighbour changed, or the row below changed at its column
     * or the next one; [lo, hi] bounds the columns that changed in the row
     * below (a superset is safe: a recomputed cell that did not change
     * just keeps its value). The edited cell itself is always recomputed. */
    const size_t W = (size_t)g->width;
    int lo = x + 1, hi = x; /* nothing changed below row y */
    for (int r = y; r >= 0; r--) {
        int nlo = g->width, nhi = -1, right_changed = 0;
        int a = r == y ? x : hi;
        for (; a >= 0; a--) {
            const int edited = r == y && a == x;
            if (!edited && !right_changed && !(a >= lo - 1 && a <= hi))
                break;
            uint8_t *v = &clear[(size_t)r * W + (size_t)a];
            const uint8_t now = clear_at(g, pass, clear, a, r);
            right_changed = now != *v;
            if (right_changed) {
                *v = now;
                if (a < nlo)
                    nlo = a;
                if (a > nhi)
                    nhi = a;
            }
        }
        if (nhi < 0)
            return;
        lo = nlo;
        hi = nhi;
    }
}
