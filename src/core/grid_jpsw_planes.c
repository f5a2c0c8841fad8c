/* The bit planes weighted Jump Point Search (grid_jpsw.c) scans, built in
 * the workspace for one unit's cost table on one grid and kept there for
 * the next query with the same table on the same, unchanged grid.
 *
 * Three blocks laid out like the grid's passability planes (internal.h:
 * a row-major plane, bit x+1 of line y+1 is cell (x, y), and a transposed
 * one, both framed by zero border bits and lines and padded by a word at
 * either end), so that one scan reads a line and the two lines beside it
 * in either orientation:
 *   free    the unit may enter the cell (its cost is finite);
 *   along   the cell and the next one along the line (x+1 in the row
 *           plane, y+1 in the column plane) may both be entered and cost
 *           the same;
 *   across  the cell and the one on the line before (y-1 in the row
 *           plane, x-1 in the column plane) may both be entered and cost
 *           the same.
 * Cells off the grid count as not enterable, so every border bit is 0.
 * Building them is O(cells); 6 bits per cell. */
#include <math.h>

#include "search_internal.h"

/* Sets bit (pos, line) of the row-major plane of p (pos = x, line = y). */
static void set_row(const wf__planes *p, size_t x, size_t y) {
    const size_t c = x + 1;
    p->rowbits[(y + 1) * p->row_words + (c >> 6)] |= (uint64_t)1 << (c & 63);
}

/* Sets bit (y, x) of the column-major plane of p. */
static void set_col(const wf__planes *p, size_t x, size_t y) {
    const size_t r = y + 1;
    p->colbits[(x + 1) * p->col_words + (r >> 6)] |= (uint64_t)1 << (r & 63);
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

static void build(wf_search *ws, const wf_grid *g, const double cost[256]) {
    const size_t W = (size_t)g->width, H = (size_t)g->height;
    const wf__planes f = block(ws, g->height, 0, 1);
    const wf__planes a = block(ws, g->height, 1, 1);
    const wf__planes x = block(ws, g->height, 2, 1);
    const uint8_t *t = g->terrain;
    for (size_t y = 0; y < H; y++)
        for (size_t i = 0; i < W; i++) {
            const size_t n = y * W + i;
            const double c = cost[t[n]];
            if (!(c < INFINITY))
                continue;
            set_row(&f, i, y);
            set_col(&f, i, y);
            if (i + 1 < W && cost[t[n + 1]] == c)
                set_row(&a, i, y);
            if (y + 1 < H && cost[t[n + W]] == c)
                set_col(&a, i, y);
            if (y > 0 && cost[t[n - W]] == c)
                set_row(&x, i, y);
            if (i > 0 && cost[t[n - 1]] == c)
                set_col(&x, i, y);
        }
}

wf_status wf__jpsw_planes(wf_search *ws, const wf_grid *g,
                          const double cost[256], const uint64_t *out[6],
                          size_t *row_words, size_t *col_words) {
    if (ws->jw_serial != g->serial || ws->jw_version != g->version ||
        memcmp(ws->jw_cost, cost, sizeof ws->jw_cost) != 0) {
        wf__planes p = {0};
        size_t words;
        if (!wf__planes_size(&p, g->width, g->height) ||
            !wf__mul_size(p.bit_words, 3 * sizeof(uint64_t), &words))
            return WF_E_TOO_BIG;
        words = 3 * p.bit_words;
        if (ws->jw_words < words) {
            uint64_t *b = wf__alloc(&ws->alloc, words * sizeof *b);
            if (!b)
                return WF_E_NOMEM;
            wf__free(&ws->alloc, ws->jw_bits, ws->jw_words * sizeof *b);
            ws->jw_bits = b;
            ws->jw_words = words;
        }
        ws->jw_planes = p;
        build(ws, g, cost);
        ws->jw_serial = g->serial;
        ws->jw_version = g->version;
        memcpy(ws->jw_cost, cost, sizeof ws->jw_cost);
    }
    for (size_t b = 0; b < 3; b++) {
        const wf__planes p = block(ws, g->height, b, 0);
        out[b] = p.rowbits;
        out[3 + b] = p.colbits;
    }
    *row_words = ws->jw_planes.row_words;
    *col_words = ws->jw_planes.col_words;
    return WF_OK;
}
