/* What weighted Jump Point Search (grid_jpsw.c) reads instead of the
 * costs: its stop rules evaluated once per cell for one unit's cost table
 * on one grid, kept in the workspace for the next query with the same
 * table on the same, unchanged grid.
 *
 * Five blocks of bit planes laid out like the grid's passability planes
 * (internal.h: a row-major plane, bit x+1 of line y+1 is cell (x, y), and
 * a transposed one, bit y+1 of line x+1; zero border bits and lines, a pad
 * word at either end). In the row plane a line runs along +x ("up") with
 * the line before it at -y ("side A") and the one after at +y ("side B");
 * in the column plane a line runs along +y with side A at -x and side B at
 * +x. Block 0: the unit may enter the cell. Blocks 1-4: a straight run
 * going up with side A, up with B, down with A, down with B must stop at
 * the cell (the rules of grid_jpsw.c, for that direction d and side s).
 * And a word per cell (wf__jpsw_view): which diagonal steps may be made
 * from it and where runs arriving there may turn.
 *
 * Cost comparisons: a rule that compares sums of costs stops when they are
 * within a relative 1e-9 of the tie that would let the run go on (stopping
 * more is always safe), except the tie of equal costs, which is decided
 * exactly. Building is O(cells); 10 bits and 4 bytes per cell, and 2
 * bytes per cell for the search's directions (grid_jpsw.c). */
#include <math.h>

#include "search_internal.h"

/* Relative slack of the cost comparisons. */
#define SLACK 1e-9

typedef struct costs {
    const double *cost;
    const uint8_t *t;
    int W, H;
} costs;

/* The unit's cost of entering (x, y): INFINITY off the grid or where it
 * may not enter. */
static double at(const costs *k, int x, int y) {
    if (x < 0 || y < 0 || x >= k->W || y >= k->H)
        return INFINITY;
    return k->cost[k->t[(size_t)y * (size_t)k->W + (size_t)x]];
}

/* Whether a straight run along (dx, dy) must stop at (x, y), which it may
 * enter, for side (sx, sy) (grid_jpsw.c's rules (a)-(c)). */
static int straight_stop(const costs *k, int x, int y, int dx, int dy, int sx,
                         int sy) {
    const double a = at(k, x + sx, y + sy);
    if (!(a < INFINITY))
        return 0;
    if (!(at(k, x - dx + sx, y - dy + sy) < INFINITY))
        return 1; /* (a) */
    const double c = at(k, x, y);
    if (a > (1 + WF_SQRT2) * c * (1 - SLACK))
        return 1; /* (b) */
    const double b = at(k, x + dx + sx, y + dy + sy);
    if (!(b < INFINITY) || !(at(k, x + dx, y + dy) < INFINITY))
        return 0;
    if (a == c && b == c)
        return 0;
    const double turn = WF_SQRT2 * a + b, go = c + WF_SQRT2 * b;
    return turn > go - SLACK * (turn + go); /* (c) */
}

/* Whether a diagonal run arriving at (x, y) along (dx, dy) must stop there
 * because the path may turn by 90° towards (dx, -dy) (side 0) or (-dx, dy)
 * (side 1). */
static int diagonal_stop(const costs *k, int x, int y, int dx, int dy,
                         int side) {
    const double c = at(k, x, y);
    {
        /* the turn reaches t, which two straight moves reach through m */
        const int tx = side ? x - dx : x + dx, ty = side ? y + dy : y - dy;
        const int mx = side ? x - dx : x, my = side ? y : y - dy;
        const double ct = at(k, tx, ty);
        const int legal = side ? at(k, x, y + dy) < INFINITY
                               : at(k, x + dx, y) < INFINITY;
        if (!(ct < INFINITY) || !legal)
            return 0;
        const double two = at(k, mx, my) + ct, turn = WF_SQRT2 * (c + ct);
        return two > turn - SLACK * (two + turn);
    }
}

/* The planes of block b of the workspace's bits (the layout of
 * wf__planes_clear, which also zeroes them when clear is set). */
static wf__planes block(const wf_search *ws, int height, size_t b,
                        int clear) {
    wf__planes p = ws->jw_planes;
    p.bits = ws->jw_bits + b * p.bit_words;
    if (clear) {
        wf__planes_clear(&p, height);
    } else {
        p.rowbits = p.bits + 1;
        p.colbits = p.rowbits + p.row_words * ((size_t)height + 2) + 1;
    }
    return p;
}

/* Sets bit (x, y) of the row plane of p (row) or of its column plane. */
static void set(const wf__planes *p, int row, int x, int y) {
    if (row) {
        const size_t c = (size_t)x + 1;
        p->rowbits[((size_t)y + 1) * p->row_words + (c >> 6)] |=
            (uint64_t)1 << (c & 63);
    } else {
        const size_t r = (size_t)y + 1;
        p->colbits[((size_t)x + 1) * p->col_words + (r >> 6)] |=
            (uint64_t)1 << (r & 63);
    }
}

static void build(wf_search *ws, const wf_grid *g, const double cost[256]) {
    const costs k = {cost, g->terrain, g->width, g->height};
    wf__planes p[5];
    for (size_t b = 0; b < 5; b++)
        p[b] = block(ws, g->height, b, 1);
    for (int y = 0; y < k.H; y++)
        for (int x = 0; x < k.W; x++) {
            const size_t n = (size_t)y * (size_t)k.W + (size_t)x;
            ws->jw_mask[n] = 0;
            if (!(at(&k, x, y) < INFINITY))
                continue;
            set(&p[0], 1, x, y);
            set(&p[0], 0, x, y);
            /* blocks 1-4: (up, A), (up, B), (down, A), (down, B) */
            for (int b = 0; b < 4; b++) {
                const int d = b < 2 ? 1 : -1, s = b & 1 ? 1 : -1;
                if (straight_stop(&k, x, y, d, 0, 0, s))
                    set(&p[1 + b], 1, x, y);
                if (straight_stop(&k, x, y, 0, d, s, 0))
                    set(&p[1 + b], 0, x, y);
            }
            uint32_t m = 0;
            for (int i = 0; i < 4; i++) {
                const int dx = wf__dir_dx[WF_DIR_NE + i];
                const int dy = wf__dir_dy[WF_DIR_NE + i];
                if (at(&k, x + dx, y) < INFINITY &&
                    at(&k, x, y + dy) < INFINITY &&
                    at(&k, x + dx, y + dy) < INFINITY)
                    m |= WF__JW_STEP(i);
                for (int side = 0; side < 2; side++) {
                    if (diagonal_stop(&k, x, y, dx, dy, side))
                        m |= WF__JW_DTURN(i, side);
                    /* straight direction i (N, E, S, W), its side */
                    const int sd = wf__jpsw_side[i][side];
                    if (straight_stop(&k, x, y, wf__dir_dx[i], wf__dir_dy[i],
                                      wf__dir_dx[sd], wf__dir_dy[sd]))
                        m |= WF__JW_STURN(i, side);
                }
            }
            ws->jw_mask[n] = m;
        }
}

wf_status wf__jpsw_planes(wf_search *ws, const wf_grid *g,
                          const double cost[256], wf__jpsw_view *out) {
    if (ws->jw_serial != g->serial || ws->jw_version != g->version ||
        memcmp(ws->jw_cost, cost, sizeof ws->jw_cost) != 0) {
        wf__planes p = {0};
        size_t bytes;
        if (!wf__planes_size(&p, g->width, g->height) ||
            !wf__mul_size(p.bit_words, 5 * sizeof(uint64_t), &bytes))
            return WF_E_TOO_BIG;
        const size_t words = 5 * p.bit_words;
        ws->jw_serial = 0; /* nothing valid until built (an allocation
                              below may replace the old planes and fail) */
        if (ws->jw_words < words) {
            uint64_t *b = wf__alloc(&ws->alloc, words * sizeof *b);
            if (!b)
                return WF_E_NOMEM;
            wf__free(&ws->alloc, ws->jw_bits, ws->jw_words * sizeof *b);
            ws->jw_bits = b;
            ws->jw_words = words;
        }
        if (ws->jw_cells < g->cells) {
            /* g->cells <= WF_GRID_MAX_CELLS: the sizes cannot overflow */
            uint32_t *m = wf__alloc(&ws->alloc, g->cells * sizeof *m);
            uint16_t *d = m ? wf__alloc(&ws->alloc, g->cells * sizeof *d)
                            : NULL;
            if (!d) {
                wf__free(&ws->alloc, m, g->cells * sizeof *m);
                return WF_E_NOMEM;
            }
            wf__free(&ws->alloc, ws->jw_mask, ws->jw_cells * sizeof *m);
            wf__free(&ws->alloc, ws->jw_dirs, ws->jw_cells * sizeof *d);
            ws->jw_mask = m;
            ws->jw_dirs = d;
            ws->jw_cells = g->cells;
        }
        ws->jw_planes = p;
        build(ws, g, cost);
        ws->jw_serial = g->serial;
        ws->jw_version = g->version;
        memcpy(ws->jw_cost, cost, sizeof ws->jw_cost);
    }
    for (size_t b = 0; b < 5; b++) {
        const wf__planes p = block(ws, g->height, b, 0);
        out->bits[0][b] = p.rowbits;
        out->bits[1][b] = p.colbits;
    }
    out->words[0] = ws->jw_planes.row_words;
    out->words[1] = ws->jw_planes.col_words;
    out->mask = ws->jw_mask;
    out->dirs = ws->jw_dirs;
    return WF_OK;
}
