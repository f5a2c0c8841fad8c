/* ASCII pictures of a grid with paths on it (cells, paths, marks), plain or
 * in ANSI colours for terminals. */
#include <stdlib.h>

#include "wf_core_private.h"
#include "wayfind/render.h"

/* One thing drawn over a cell. Overlays are sorted by cell and then by
 * `order`, so on a shared cell the one added last is drawn. */
typedef struct overlay {
    wf_point p;
    size_t order;
    char ch;
    wf_rgb color;
} overlay;

static int by_cell(const void *a, const void *b) {
    const overlay *p = a, *q = b;
    if (p->p.y != q->p.y)
        return p->p.y < q->p.y ? -1 : 1;
    if (p->p.x != q->p.x)
        return p->p.x < q->p.x ? -1 : 1;
    return (p->order > q->order) - (p->order < q->order);
}

/* A cell by what it is, never by its raw code: a terrain code is a map
 * character only for some formats (a CSV map's codes are legend indices,
 * and index 35 would draw a passable tile as '#'). Walls keep the Moving
 * AI wall letters, which say the same thing. */
static char cell_char(const wf_grid *g, int x, int y) {
    uint8_t t = (uint8_t)wf_grid_get(g, x, y);
    double c = wf_grid_cost(g, t);
    if (c == WF_BLOCKED)
        return t == '@' || t == 'O' || t == 'T' ? (char)t : '#';
    if (c >= 2 && c <= 9 && c == (double)(int)c)
        return (char)('0' + (int)c);
    return '.';
}

static void add(overlay *v, size_t *k, wf_point p, char ch, wf_rgb c) {
    v[*k].p = p;
    v[*k].order = *k;
    v[*k].ch = ch;
    v[*k].color = c;
    (*k)++;
}

/* The cells of a polyline's segments: counted (v NULL; *most gets the
 * largest count of one segment), or drawn into v through buf. */
static size_t line_cells(const wf_grid *g, const double cost[256],
                         const wf_polyline *l, overlay *v, size_t *k,
                         wf_point *buf, size_t *most, wf_rgb color) {
    size_t total = 0;
    /* one point: the cell it lies in */
    for (size_t j = l->count > 1 ? 1 : 0; j < l->count; j++) {
        wf_vec2 a = l->points[j ? j - 1 : 0], b = l->points[j];
        size_t n = wf__segment_cells(g, cost, a, b, v ? buf : NULL,
                                     v ? *most : 0);
        total += n;
        if (!v && n > *most)
            *most = n;
        for (size_t i = 0; v && i < n; i++)
            add(v, k, buf[i], 'x', color);
    }
    return total;
}

/* Every path point, polyline cell and mark in drawing order, sorted by
 * cell. */
static overlay *collect(const wf_grid *g, const wf_ascii_opts *o, size_t *n) {
    size_t total = 2 + o->mark_count;
    for (size_t i = 0; i < o->path_count; i++)
        total += o->paths[i].count;
    if (o->path)
        total += o->path->count;
    double cost[256];
    uint8_t pass[256];
    wf__filter_costs(g, NULL, cost, pass);
    size_t most = 0;
    for (size_t i = 0; i < o->polyline_count; i++)
        total += line_cells(g, cost, &o->polylines[i], NULL, NULL, NULL,
                            &most, (wf_rgb){0, 0, 0});
    overlay *v = malloc(total * sizeof *v);
    wf_point *buf = most ? malloc(most * sizeof *buf) : NULL;
    if (!v || (most && !buf)) {
        free(v);
        free(buf);
        return NULL;
    }
    size_t k = 0;
    for (size_t i = 0; i < o->path_count; i++)
        for (size_t j = 0; j < o->paths[i].count; j++)
            add(v, &k, o->paths[i].points[j], '*', wf_render_path_color(i));
    if (o->path)
        for (size_t j = 0; j < o->path->count; j++)
            add(v, &k, o->path->points[j], '*',
                wf_render_path_color(o->path_count));
    const size_t paths = o->path_count + (o->path ? 1 : 0);
    for (size_t i = 0; i < o->polyline_count; i++)
        line_cells(g, cost, &o->polylines[i], v, &k, buf, &most,
                   wf_render_path_color(paths + i));
    free(buf);
    for (size_t i = 0; i < o->mark_count; i++)
        add(v, &k, o->marks[i], (char)('A' + (int)(i % 26)),
            wf_render_mark_color(i));
    if (o->has_start)
        add(v, &k, o->start, 'S', wf_render_mark_color(0));
    if (o->has_goal)
        add(v, &k, o->goal, 'G', wf_render_mark_color(1));
    qsort(v, k, sizeof *v, by_cell);
    *n = k;
    return v;
}

/* Writes one cell, in colour when asked: the terrain's colour as the
 * background, an overlay's colour as the foreground (bold). */
static int put_cell(FILE *f, int color, char ch, wf_rgb bg, const wf_rgb *fg) {
    if (!color)
        return putc(ch, f) == EOF;
    if (fg)
        return fprintf(f, "\x1b[1;38;2;%u;%u;%u;48;2;%u;%u;%um%c", fg->r,
                       fg->g, fg->b, bg.r, bg.g, bg.b, ch) < 0;
    return fprintf(f, "\x1b[22;38;2;0;0;0;48;2;%u;%u;%um%c", bg.r, bg.g, bg.b,
                   ch) < 0;
}

static int frame(FILE *f, int W, int color) {
    int err = fputs(color ? "\x1b[0m+" : "+", f) == EOF;
    for (int x = 0; x < W && !err; x++)
        err = putc('-', f) == EOF;
    return err || fputs("+\n", f) == EOF;
}

wf_status wf_render_ascii(FILE *f, const wf_grid *g, const wf_ascii_opts *opts) {
    if (!f || !g)
        return WF_E_INVALID_ARG;
    wf_ascii_opts o;
    memset(&o, 0, sizeof o);
    if (opts)
        o = *opts;
    if ((o.path_count && !o.paths) || (o.mark_count && !o.marks) ||
        (o.polyline_count && !o.polylines))
        return WF_E_INVALID_ARG;
    for (size_t i = 0; i < o.polyline_count; i++)
        if (o.polylines[i].count && !o.polylines[i].points)
            return WF_E_INVALID_ARG;
    const int W = wf_grid_width(g), H = wf_grid_height(g);
    size_t n = 0, next = 0;
    overlay *v = collect(g, &o, &n);
    if (!v)
        return WF_E_NOMEM;
    static const wf_rgb explored = {96, 96, 96}, frontier = {255, 255, 255};
    int err = o.border && frame(f, W, o.color);
    for (int y = 0; y < H && !err; y++) {
        if (o.border)
            err |= fputs(o.color ? "\x1b[0m|" : "|", f) == EOF;
        for (int x = 0; x < W && !err; x++) {
            char ch = cell_char(g, x, y);
            const wf_rgb *fg = NULL;
            uint8_t state = o.cells ? o.cells[(size_t)y * (size_t)W + (size_t)x]
                                    : WF_CELL_UNSEEN;
            if (state == WF_CELL_EXPLORED) {
                ch = 'o';
                fg = &explored;
            } else if (state == WF_CELL_FRONTIER) {
                ch = '+';
                fg = &frontier;
            }
            /* Skip overlays of earlier cells (off-grid points). */
            while (next < n && (v[next].p.y < y ||
                                (v[next].p.y == y && v[next].p.x < x)))
                next++;
            for (; next < n && v[next].p.y == y && v[next].p.x == x; next++) {
                ch = v[next].ch;
                fg = &v[next].color;
            }
            err |= put_cell(f, o.color, ch,
                            wf_render_terrain_color(g, (uint8_t)wf_grid_get(g, x, y)),
                            fg);
        }
        if (o.color)
            err |= fputs("\x1b[0m", f) == EOF;
        err |= fputs(o.border ? "|\n" : "\n", f) == EOF;
    }
    if (o.border && !err)
        err = frame(f, W, o.color);
    free(v);
    if (!err && (fflush(f) != 0 || ferror(f)))
        err = 1;
    return err ? WF_E_IO : WF_OK;
}

wf_ascii_opts wf_ascii_opts_default(void) {
    wf_ascii_opts o;
    memset(&o, 0, sizeof o);
    return o;
}
