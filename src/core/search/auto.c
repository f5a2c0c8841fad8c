/* What WF_ALGO_AUTO runs when it may choose between JPS and JPS+ (a jump
 * table given, JPS applicable).
 *
 * JPS+ reads every jump from its table, online JPS scans the grid's bits
 * 64 cells at a time. Where jumps are long (rooms, caves, open ground)
 * the table wins, up to 4x; where obstacles are scattered a cell at a
 * time almost every cell is a jump point, the jumps are a cell or two, and
 * the table's 32 bytes a cell cost more memory traffic than the scans
 * save: on the shared maps JPS+ takes 1.4-1.8x online JPS's time on the
 * random maps (10 % and 40 % obstacles) and on the 1-wide maze, and less
 * on every other map. What tells them apart is the share of free cells at
 * a convex corner (a free cell whose diagonal neighbour is blocked while
 * both cells beside that diagonal are free: where forced neighbours, and
 * so jump points, come from): 0.28-0.45 on those three maps, at most 0.09
 * on the others. Auto takes the table below 0.2.
 *
 * The share is counted once per grid version and kept in the workspace
 * (O(cells), like the other per-grid caches there). */
#include "search_internal.h"

#define AUTO_CORNER_SHARE_MAX 0.2

/* The share of g's free cells at a convex corner. */
static double corner_share(const wf_grid *g) {
    size_t free = 0, corners = 0;
    for (size_t c = 0; c < g->cells; c++) {
        if (!g->passable[g->terrain[c]])
            continue;
        free++;
        const unsigned m = g->nbmask[c];
        /* diagonal 4 + i lies between orthogonals i and (i + 1) % 4 */
        for (int d = 4; d < 8; d++) {
            const unsigned a = 1u << (d - 4), b = 1u << ((d - 3) & 3);
            if (!(m & (1u << d)) && (m & a) && (m & b)) {
                corners++;
                break;
            }
        }
    }
    return free ? (double)corners / (double)free : 0.0;
}

int wf__auto_takes_table(wf_search *ws, const wf_grid *g) {
    if (ws->auto_serial != g->serial || ws->auto_version != g->version) {
        ws->auto_share = corner_share(g);
        ws->auto_serial = g->serial;
        ws->auto_version = g->version;
    }
    return ws->auto_share < AUTO_CORNER_SHARE_MAX;
}
