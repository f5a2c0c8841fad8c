/* PNG pictures of a grid, handed to the libpng writer (png_write.c) one
 * pixel row at a time.
 *
 * Each cell row is coloured once into `base` (terrain, tint, heat map, each
 * cell repeated scale times); every pixel row of it copies `base` into `row`
 * and draws over it the path segments and markers that cross that row. Path
 * segments and markers are sorted by their first pixel row so each row only
 * looks at the few that are active. */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_internal.h"

/* Opacity out of 256. */
enum { HEAT_ALPHA = 192 };
static const wf_rgb mark_outline = {0, 0, 0};


/* What to draw, checked and measured before anything is allocated. */
typedef struct plan {
    const wf_grid *g;
    wf_png_opts o;
    int W, H, s;
    size_t width, height, map_h; /* image; map_h: rows of the map proper */
    size_t nseg;                 /* path segments */
    double half;                 /* half the width of a path line */
    int mark_side, mark_edge;
    double lo, hi;               /* field colour scale */
    char lab_lo[32], lab_hi[32];
} plan;

/* A path segment in pixel coordinates (cell centres). */
typedef struct seg {
    double x0, y0, x1, y1;
    size_t top, bottom;          /* pixel rows it touches, clipped */
    size_t path;                 /* drawing order: lower on top */
    size_t color;                /* wf_render_path_color index */
} seg;

typedef struct mark {
    int64_t top, left;           /* pixel position of its square */
    size_t index;
} mark;

/* Buffers and cursors of one write. */
typedef struct work {
    wf_allocator alloc;
    wf_rgb pal[256];
    uint8_t pass[256];
    uint8_t *base, *row;
    size_t row_bytes;
    seg *segs;
    size_t *active, nactive, next_seg;
    mark *marks;
    size_t nmark, mlo, mhi;
} work;

int wf_render_png_supported(void) { return 1; }

/* ---- checking and measuring -------------------------------------------- */

static wf_status invalid(wf_diag *d, const char *what) {
    wf__diag_set(d, NULL, 0, 0, "%s", what);
    return WF_E_INVALID_ARG;
}

static wf_status plan_make(const wf_grid *g, const wf_png_opts *opts,
                           plan *p, wf_diag *diag) {
    memset(p, 0, sizeof *p);
    if (!g)
        return invalid(diag, "no grid");
    p->g = g;
    p->o = opts ? *opts : wf_png_opts_default();
    const wf_png_opts *o = &p->o;
    if (o->scale < 0 || o->scale > WF_PNG_MAX_SCALE) {
        wf__diag_set(diag, NULL, 0, 0, "scale %d is outside 0..%d", o->scale,
                     WF_PNG_MAX_SCALE);
        return WF_E_INVALID_ARG;
    }
    wf_status st = wf__check_lists(o->paths, o->path_count, o->polylines,
                                   o->polyline_count, o->marks, o->mark_count,
                                   diag);
    if (st != WF_OK)
        return st;
    for (size_t i = 0; i < o->path_count + o->polyline_count; i++) {
        int line = i >= o->path_count;
        size_t n = line ? o->polylines[i - o->path_count].count
                        : o->paths[i].count;
        size_t segs = n > 1 ? n - 1 : n;
        if (segs > SIZE_MAX - p->nseg) {
            wf__diag_set(diag, NULL, 0, 0, "too many path points");
            return WF_E_TOO_BIG;
        }
        p->nseg += segs;
    }

    p->W = wf_grid_width(g);
    p->H = wf_grid_height(g);
    int side = p->W > p->H ? p->W : p->H;
    p->s = o->scale ? o->scale : 1024 / side;
    if (p->s < 1)
        p->s = 1;
    if (p->s > WF_PNG_MAX_SCALE)
        p->s = WF_PNG_MAX_SCALE;
    size_t legend = o->field && o->legend ? WF_PNG_LEGEND_HEIGHT : 0, pixels;
    if (!wf__mul_size((size_t)p->W, (size_t)p->s, &p->width) ||
        !wf__mul_size((size_t)p->H, (size_t)p->s, &p->map_h) ||
        p->map_h > SIZE_MAX - legend)
        return WF_E_TOO_BIG;
    p->height = p->map_h + legend;
    if (p->width > WF_PNG_MAX_SIDE || p->height > WF_PNG_MAX_SIDE ||
        !wf__mul_size(p->width, p->height, &pixels) ||
        pixels > WF_PNG_MAX_PIXELS) {
        wf__diag_set(diag, NULL, 0, 0,
                     "an image of %zu x %zu pixels is too large", p->width,
                     p->height);
        return WF_E_TOO_BIG;
    }

    p->half = p->s >= 3 ? p->s / 2.0 - (p->s / 4 > 1 ? p->s / 4 : 1)
                        : p->s / 2.0;
    p->mark_side = p->s > 11 ? p->s : 11;
    p->mark_edge = p->mark_side / 10 > 1 ? p->mark_side / 10 : 1;
    return WF_OK;
}

/* The field's colour scale: the caller's, or the finite values' range on
 * passable cells. */
static void field_range(plan *p, const uint8_t *pass) {
    const wf_png_opts *o = &p->o;
    if (o->field_min < o->field_max && isfinite(o->field_min) &&
        isfinite(o->field_max)) {
        p->lo = o->field_min;
        p->hi = o->field_max;
    } else {
        const uint8_t *t = wf_grid_cells(p->g);
        size_t n = (size_t)p->W * (size_t)p->H;
        int any = 0;
        for (size_t i = 0; i < n; i++) {
            double v = o->field[i];
            if (!pass[t[i]] || !isfinite(v))
                continue;
            if (!any || v < p->lo)
                p->lo = v;
            if (!any || v > p->hi)
                p->hi = v;
            any = 1;
        }
    }
    /* + 0.0 turns -0 into 0 for the labels. */
    snprintf(p->lab_lo, sizeof p->lab_lo, "%.4g", p->lo + 0.0);
    snprintf(p->lab_hi, sizeof p->lab_hi, "%.4g", p->hi + 0.0);
}

/* ---- the map rows -------------------------------------------------------- */

static void build_base(const plan *p, work *w, int y) {
    const wf_png_opts *o = &p->o;
    size_t i0 = (size_t)y * (size_t)p->W;
    const uint8_t *t = wf_grid_cells(p->g) + i0;
    double span = p->hi > p->lo ? p->hi - p->lo : 0.0;
    uint8_t *out = w->base;
    for (int x = 0; x < p->W; x++) {
        wf_rgb c = w->pal[t[x]];
        if (o->cells)
            c = wf__state_tint(c, o->cells[i0 + x]);
        if (o->field && w->pass[t[x]]) {
            double v = o->field[i0 + x];
            if (isfinite(v))
                c = wf__blend(c,
                          wf_render_ramp_color(span > 0.0 ? (v - p->lo) / span
                                                          : 0.0),
                          HEAT_ALPHA);
        }
        for (int k = 0; k < p->s; k++) {
            *out++ = c.r;
            *out++ = c.g;
            *out++ = c.b;
        }
    }
}

/* Adds segment i to the active list, which is kept in decreasing path
 * order so that the first path is drawn last, on top. */
static void activate(work *w, size_t i) {
    size_t j = w->nactive;
    while (j > 0 && w->segs[w->active[j - 1]].path < w->segs[i].path) {
        w->active[j] = w->active[j - 1];
        j--;
    }
    w->active[j] = i;
    w->nactive++;
}

static void draw_paths(const plan *p, work *w, size_t py) {
    while (w->next_seg < p->nseg && w->segs[w->next_seg].top <= py)
        activate(w, w->next_seg++);
    size_t k = 0;
    for (size_t i = 0; i < w->nactive; i++) {
        const seg *sg = &w->segs[w->active[i]];
        if (sg->bottom < py)
            continue;
        w->active[k++] = w->active[i];
        wf__row_segment(w->row, p->width, sg->x0, sg->y0, sg->x1, sg->y1,
                        p->half, (double)py + 0.5,
                        wf_render_path_color(sg->color));
    }
    w->nactive = k;
}

static void draw_marks(const plan *p, work *w, size_t py) {
    const int64_t y = (int64_t)py, side = p->mark_side, e = p->mark_edge;
    while (w->mhi < w->nmark && w->marks[w->mhi].top <= y)
        w->mhi++;
    while (w->mlo < w->mhi && w->marks[w->mlo].top + side <= y)
        w->mlo++;
    /* Marks are sorted by top and all equally tall, so every mark in
     * [mlo, mhi) covers row y. */
    for (size_t i = w->mlo; i < w->mhi; i++) {
        const mark *m = &w->marks[i];
        int64_t rel = y - m->top;
        wf_rgb c = wf_render_mark_color(m->index);
        size_t a, b;
        if (!wf__span_clip((double)m->left, (double)(m->left + side - 1), p->width,
                  &a, &b))
            continue;
        if (rel < e || rel >= side - e) {
            wf__fill(w->row, a, b, mark_outline);
            continue;
        }
        for (size_t x = a; x <= b; x++) {
            int64_t u = (int64_t)x - m->left;
            wf__put(w->row, x, u < e || u >= side - e ? mark_outline : c);
        }
    }
}

/* ---- rows ---------------------------------------------------------------- */

/* What the libpng writer asks for: pixel row py, drawn into w->row. */
typedef struct grid_rows {
    const plan *p;
    work *w;
} grid_rows;

static const uint8_t *grid_row(void *ud, size_t py) {
    const grid_rows *r = ud;
    const plan *p = r->p;
    work *w = r->w;
    if (py < p->map_h) {
        if (py % (size_t)p->s == 0)
            build_base(p, w, (int)(py / (size_t)p->s));
        memcpy(w->row, w->base, w->row_bytes);
        draw_paths(p, w, py);
        draw_marks(p, w, py);
    } else {
        wf__png_legend_row(w->row, p->width, p->lab_lo, p->lab_hi,
                           py - p->map_h);
    }
    return w->row;
}

/* ---- setting up ----------------------------------------------------------- */

static int by_top(const void *a, const void *b) {
    const seg *p = a, *q = b;
    if (p->top != q->top)
        return p->top < q->top ? -1 : 1;
    return (p->path > q->path) - (p->path < q->path);
}

static int by_mark_top(const void *a, const void *b) {
    const mark *p = a, *q = b;
    if (p->top != q->top)
        return p->top < q->top ? -1 : 1;
    return (p->index > q->index) - (p->index < q->index);
}

/* Fills w->segs with the segments that touch the map rows. */
static size_t make_segments(const plan *p, work *w) {
    const double s = p->s, h = p->half, last = (double)(p->map_h - 1);
    size_t n = 0;
    /* polylines first in drawing order (on top), paths after them */
    const size_t pc = p->o.path_count, lc = p->o.polyline_count;
    for (size_t i = 0; i < pc + lc; i++) {
        const int line = i < lc;
        const wf_polyline *pl = line ? &p->o.polylines[i] : NULL;
        const wf_path *path = line ? NULL : &p->o.paths[i - lc];
        const size_t count = line ? pl->count : path->count;
        for (size_t j = count > 1 ? 1 : 0; j < count; j++) {
            const size_t k = j ? j - 1 : 0;
            double ax, ay, bx, by; /* cell units, centres at + 0.5 */
            if (line) {
                ax = pl->points[k].x;
                ay = pl->points[k].y;
                bx = pl->points[j].x;
                by = pl->points[j].y;
            } else {
                ax = path->points[k].x + 0.5;
                ay = path->points[k].y + 0.5;
                bx = path->points[j].x + 0.5;
                by = path->points[j].y + 0.5;
            }
            seg sg;
            sg.x0 = ax * s;
            sg.y0 = ay * s;
            sg.x1 = bx * s;
            sg.y1 = by * s;
            double top = ceil((sg.y0 < sg.y1 ? sg.y0 : sg.y1) - h - 0.5);
            double bottom = floor((sg.y0 < sg.y1 ? sg.y1 : sg.y0) + h - 0.5);
            if (bottom < 0.0 || top > last || top > bottom)
                continue;
            sg.top = top < 0.0 ? 0 : (size_t)top;
            sg.bottom = bottom > last ? p->map_h - 1 : (size_t)bottom;
            sg.path = i;
            sg.color = line ? pc + i : i - lc;
            w->segs[n++] = sg;
        }
    }
    qsort(w->segs, n, sizeof *w->segs, by_top);
    return n;
}

static void make_marks(const plan *p, work *w) {
    const int64_t s = p->s, side = p->mark_side;
    for (size_t i = 0; i < p->o.mark_count; i++) {
        wf_point m = p->o.marks[i];
        w->marks[i].top = (int64_t)m.y * s + s / 2 - side / 2;
        w->marks[i].left = (int64_t)m.x * s + s / 2 - side / 2;
        w->marks[i].index = i;
    }
    w->nmark = p->o.mark_count;
    qsort(w->marks, w->nmark, sizeof *w->marks, by_mark_top);
}

static void *alloc_array(const wf_allocator *a, size_t n, size_t size,
                         size_t *bytes) {
    *bytes = 0;
    if (n == 0)
        return NULL;
    if (!wf__mul_size(n, size, bytes))
        return NULL;
    return wf__alloc(a, *bytes);
}

/* Writes the planned picture to f; name (may be "") goes into diag. */
static wf_status emit(void *ud, FILE *f, const char *name, wf_diag *diag) {
    plan *p = ud;
    work w;
    memset(&w, 0, sizeof w);
    w.alloc = wf__allocator(&p->g->alloc);
    const wf_png_opts *o = &p->o;
    for (int t = 0; t < 256; t++) {
        w.pal[t] = o->palette ? o->palette[t]
                              : wf_render_terrain_color(p->g, (uint8_t)t);
        w.pass[t] = wf_grid_cost(p->g, (uint8_t)t) != WF_BLOCKED;
    }
    if (o->field)
        field_range(p, w.pass);

    size_t base_bytes, seg_bytes = 0, act_bytes = 0, mark_bytes = 0;
    wf_status st = WF_OK;
    w.base = alloc_array(&w.alloc, p->width, 3, &base_bytes);
    w.row = alloc_array(&w.alloc, p->width, 3, &w.row_bytes);
    if (!w.base || !w.row)
        st = WF_E_NOMEM;
    if (st == WF_OK && p->nseg) {
        w.segs = alloc_array(&w.alloc, p->nseg, sizeof *w.segs, &seg_bytes);
        w.active =
            alloc_array(&w.alloc, p->nseg, sizeof *w.active, &act_bytes);
        if (!w.segs || !w.active)
            st = WF_E_NOMEM;
        else
            p->nseg = make_segments(p, &w);
    }
    if (st == WF_OK && o->mark_count) {
        w.marks = alloc_array(&w.alloc, o->mark_count, sizeof *w.marks,
                              &mark_bytes);
        if (!w.marks)
            st = WF_E_NOMEM;
        else
            make_marks(p, &w);
    }

    if (st == WF_OK) {
        grid_rows r = {p, &w};
        st = wf__png_encode(f, name, &w.alloc, p->width, p->height,
                            grid_row, &r, diag);
    } else {
        wf__png_nomem(diag, name);
    }

    wf__free(&w.alloc, w.marks, mark_bytes);
    wf__free(&w.alloc, w.active, act_bytes);
    wf__free(&w.alloc, w.segs, seg_bytes);
    wf__free(&w.alloc, w.row, w.row_bytes);
    wf__free(&w.alloc, w.base, base_bytes);
    return st;
}

wf_status wf_render_png_file(FILE *f, const wf_grid *g,
                             const wf_png_opts *opts, wf_diag *diag) {
    if (!f)
        return invalid(diag, "no stream");
    plan p;
    wf_status st = plan_make(g, opts, &p, diag);
    if (st != WF_OK)
        return st;
    return emit(&p, f, "", diag);
}

wf_status wf_render_png(const char *path, const wf_grid *g,
                        const wf_png_opts *opts, wf_diag *diag) {
    if (!path || !*path)
        return invalid(diag, "no file name");
    plan p;
    wf_status st = plan_make(g, opts, &p, diag);
    if (st != WF_OK)
        return st;
    return wf__png_to_path(path, emit, &p, diag);
}
