/* ASCII pictures of a grid with a path on it (seed 003's output). */
#include <stdlib.h>

#include "../core/internal.h"
#include "wayfind/render.h"

static int by_row(const void *a, const void *b) {
    const wf_point *p = a, *q = b;
    if (p->y != q->y)
        return p->y < q->y ? -1 : 1;
    return (p->x > q->x) - (p->x < q->x);
}

static char cell_char(const wf_grid *g, int x, int y) {
    int t = wf_grid_get(g, x, y);
    if (t > ' ' && t < 127)
        return (char)t;
    return wf_grid_passable(g, x, y) ? '.' : '#';
}

wf_status wf_render_ascii(FILE *f, const wf_grid *g, const wf_ascii_opts *opts) {
    if (!f || !g)
        return WF_E_INVALID_ARG;
    const int W = wf_grid_width(g), H = wf_grid_height(g);
    wf_ascii_opts o = {0};
    if (opts)
        o = *opts;
    /* The path points sorted by row, merged with the rows as they are
     * printed: O(cells + P log P) for a path of P points. */
    size_t np = o.path ? o.path->count : 0, next = 0;
    wf_point *pts = NULL;
    if (np) {
        pts = malloc(np * sizeof *pts);
        if (!pts)
            return WF_E_NOMEM;
        memcpy(pts, o.path->points, np * sizeof *pts);
        qsort(pts, np, sizeof *pts, by_row);
    }
    char *row = malloc((size_t)W + 3);
    if (!row) {
        free(pts);
        return WF_E_NOMEM;
    }
    int err = 0;
    if (o.border) {
        row[0] = '+';
        memset(row + 1, '-', (size_t)W);
        row[W + 1] = '+';
        row[W + 2] = '\0';
        err |= fprintf(f, "%s\n", row) < 0;
    }
    for (int y = 0; y < H && !err; y++) {
        char *r = row + (o.border ? 1 : 0);
        for (int x = 0; x < W; x++)
            r[x] = cell_char(g, x, y);
        for (; next < np && pts[next].y <= y; next++)
            if (pts[next].y == y && pts[next].x >= 0 && pts[next].x < W)
                r[pts[next].x] = '*';
        if (o.has_start && o.start.y == y && o.start.x >= 0 && o.start.x < W)
            r[o.start.x] = 'S';
        if (o.has_goal && o.goal.y == y && o.goal.x >= 0 && o.goal.x < W)
            r[o.goal.x] = 'G';
        if (o.border) {
            row[0] = '|';
            row[W + 1] = '|';
            row[W + 2] = '\0';
        } else {
            row[W] = '\0';
        }
        err |= fprintf(f, "%s\n", row) < 0;
    }
    if (o.border && !err) {
        row[0] = '+';
        memset(row + 1, '-', (size_t)W);
        row[W + 1] = '+';
        row[W + 2] = '\0';
        err |= fprintf(f, "%s\n", row) < 0;
    }
    free(row);
    free(pts);
    return err ? WF_E_IO : WF_OK;
}
