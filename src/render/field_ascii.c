/* Text pictures of per-cell fields: each passable cell a digit 0-9 from
 * the low to the high end of the scale, paths drawn on top. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "wf_core_private.h"
#include "wayfind/render.h"

/* A path point on the grid; sorted by cell, then by drawing order so that
 * on a shared cell the path drawn last is the one shown. */
typedef struct dot {
    size_t cell, order;
    char ch;
} dot;

static int by_cell(const void *a, const void *b) {
    const dot *p = a, *q = b;
    if (p->cell != q->cell)
        return p->cell < q->cell ? -1 : 1;
    return (p->order > q->order) - (p->order < q->order);
}

wf_field_ascii_opts wf_field_ascii_opts_default(void) {
    wf_field_ascii_opts o;
    memset(&o, 0, sizeof o);
    return o;
}

/* The scale: the options' when usable, else the range of the finite values
 * on passable cells ([0, 0] when there are none). */
static void scale(const wf_grid *g, const float *field,
                  const wf_field_ascii_opts *o, double *lo, double *hi) {
    if (isfinite(o->field_min) && isfinite(o->field_max) &&
        o->field_min < o->field_max) {
        *lo = o->field_min;
        *hi = o->field_max;
        return;
    }
    const int W = wf_grid_width(g), H = wf_grid_height(g);
    *lo = INFINITY;
    *hi = -INFINITY;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            double v = field[(size_t)y * (size_t)W + (size_t)x];
            if (isfinite(v) && wf_grid_passable(g, x, y)) {
                *lo = fmin(*lo, v);
                *hi = fmax(*hi, v);
            }
        }
    if (*lo > *hi)
        *lo = *hi = 0;
}

wf_status wf_render_field_ascii(FILE *f, const wf_grid *g, const float *field,
                                const wf_field_ascii_opts *opts) {
    if (!f || !g || !field)
        return WF_E_INVALID_ARG;
    wf_field_ascii_opts o = opts ? *opts : wf_field_ascii_opts_default();
    if (o.path_count && !o.paths)
        return WF_E_INVALID_ARG;
    const int W = wf_grid_width(g), H = wf_grid_height(g);
    size_t total = 0;
    for (size_t i = 0; i < o.path_count; i++)
        total += o.paths[i].count;
    dot *dots = malloc((total ? total : 1) * sizeof *dots);
    char *row = malloc((size_t)W + 1);
    if (!dots || !row) {
        free(dots);
        free(row);
        return WF_E_NOMEM;
    }
    size_t n = 0;
    for (size_t i = 0; i < o.path_count; i++)
        for (size_t j = 0; j < o.paths[i].count; j++) {
            wf_point p = o.paths[i].points[j];
            if (!wf_grid_contains(g, p.x, p.y))
                continue;
            dots[n].cell = (size_t)p.y * (size_t)W + (size_t)p.x;
            dots[n].order = n;
            dots[n].ch = i == 0 ? '*' : i == 1 ? '+' : 'x';
            n++;
        }
    qsort(dots, n, sizeof *dots, by_cell);
    double lo, hi;
    scale(g, field, &o, &lo, &hi);
    size_t next = 0;
    int err = 0;
    for (int y = 0; y < H && !err; y++) {
        for (int x = 0; x < W; x++) {
            size_t c = (size_t)y * (size_t)W + (size_t)x;
            double v = field[c];
            char ch;
            if (!wf_grid_passable(g, x, y))
                ch = '#';
            else if (!isfinite(v))
                ch = ' ';
            else if (hi > lo)
                ch = (char)('0' + (int)fmin(9, 10 * fmax(0, v - lo) / (hi - lo)));
            else
                ch = '0';
            for (; next < n && dots[next].cell == c; next++)
                ch = dots[next].ch;
            row[x] = ch;
        }
        row[W] = '\n';
        err = fwrite(row, 1, (size_t)W + 1, f) != (size_t)W + 1;
    }
    free(dots);
    free(row);
    if (!err && (fflush(f) != 0 || ferror(f)))
        err = 1;
    return err ? WF_E_IO : WF_OK;
}
