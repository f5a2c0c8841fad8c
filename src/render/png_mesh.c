/* PNG pictures of a navigation mesh: the picture measured and its options
 * checked by mesh_picture.c, drawn layer by layer into one image (convex
 * polygons and arrowheads filled by scanlines, lines with the square brush
 * of render_internal.h, discs for the marks), then handed to the libpng
 * writer (png_write.c) row by row. A pixel belongs to a shape when its
 * centre does. */
#include <math.h>
#include <string.h>

#include "render_internal.h"

typedef struct canvas {
    uint8_t *px;
    size_t w, h, bytes;
} canvas;

static uint8_t *row_at(const canvas *c, size_t y) {
    return c->px + y * c->w * 3;
}

static const uint8_t *canvas_row(void *ud, size_t y) { return row_at(ud, y); }

/* The rows whose centres lie in [lo, hi], clipped: 0 when none. */
static int rows(const canvas *c, double lo, double hi, size_t *a, size_t *b) {
    return wf__span_clip(ceil(lo - 0.5), floor(hi - 0.5), c->h, a, b);
}

/* The convex polygon v[0..n) in colour col: on each row, the span between
 * the leftmost and rightmost crossings of its edges with the row's
 * centre line. */
static void fill_convex(canvas *c, const wf_vec2 *v, size_t n, wf_rgb col) {
    double top = INFINITY, bottom = -INFINITY;
    for (size_t i = 0; i < n; i++) {
        top = fmin(top, v[i].y);
        bottom = fmax(bottom, v[i].y);
    }
    size_t y0, y1;
    if (!n || !rows(c, top, bottom, &y0, &y1))
        return;
    for (size_t y = y0; y <= y1; y++) {
        const double yc = (double)y + 0.5;
        double lo = INFINITY, hi = -INFINITY;
        for (size_t i = 0; i < n; i++) {
            const wf_vec2 p = v[i], q = v[i + 1 < n ? i + 1 : 0];
            if (yc < fmin(p.y, q.y) || yc > fmax(p.y, q.y))
                continue;
            double x0 = p.x, x1 = q.x;
            if (p.y != q.y)
                x0 = x1 = p.x + (yc - p.y) / (q.y - p.y) * (q.x - p.x);
            lo = fmin(lo, fmin(x0, x1));
            hi = fmax(hi, fmax(x0, x1));
        }
        size_t a, b;
        if (wf__span_clip(ceil(lo - 0.5), floor(hi - 0.5), c->w, &a, &b))
            wf__fill(row_at(c, y), a, b, col);
    }
}

/* The segment p-q, width w, in colour col. */
static void line(canvas *c, wf_vec2 p, wf_vec2 q, double w, wf_rgb col) {
    const double h = w / 2;
    size_t y0, y1;
    if (!rows(c, fmin(p.y, q.y) - h, fmax(p.y, q.y) + h, &y0, &y1))
        return;
    for (size_t y = y0; y <= y1; y++)
        wf__row_segment(row_at(c, y), c->w, p.x, p.y, q.x, q.y, h,
                        (double)y + 0.5, col);
}

/* A disc of radius r round o. */
static void disc(canvas *c, wf_vec2 o, double r, wf_rgb col) {
    size_t y0, y1;
    if (!rows(c, o.y - r, o.y + r, &y0, &y1))
        return;
    for (size_t y = y0; y <= y1; y++) {
        const double dy = (double)y + 0.5 - o.y, d2 = r * r - dy * dy;
        size_t a, b;
        if (d2 >= 0 && wf__span_clip(ceil(o.x - sqrt(d2) - 0.5),
                                     floor(o.x + sqrt(d2) - 0.5), c->w, &a, &b))
            wf__fill(row_at(c, y), a, b, col);
    }
}

static wf_vec2 lerp(wf_vec2 p, wf_vec2 q, double t) {
    return (wf_vec2){p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t};
}

/* The arc of a link, dashed, as 32 straight pieces; the dash pattern runs
 * on along the arc from piece to piece. */
static void dashed_arc(canvas *c, const wf__mesh_pic *pic,
                       const wf__link_arc *arc) {
    enum { PIECES = 32 };
    const double period = pic->dash + pic->gap;
    double s = 0; /* arc length so far */
    wf_vec2 p = arc->a;
    for (int k = 1; k <= PIECES; k++) {
        const double t = (double)k / PIECES;
        const wf_vec2 q =
            lerp(lerp(arc->a, arc->c, t), lerp(arc->c, arc->b, t), t);
        const double len = hypot(q.x - p.x, q.y - p.y);
        for (double at = 0; at < len;) {
            const double phase = fmod(s + at, period);
            const double end =
                fmin(len, at + (phase < pic->dash ? pic->dash - phase
                                                  : period - phase));
            if (phase < pic->dash)
                line(c, lerp(p, q, at / len), lerp(p, q, end / len),
                     pic->link_w, pic->link);
            at = end;
        }
        s += len;
        p = q;
    }
}

/* The shared edges (boundary 0) or the boundary. */
static void edges(canvas *c, wf__mesh_pic *pic, int boundary) {
    const double w = boundary ? pic->boundary_w : pic->edge_w;
    const wf_rgb col = boundary ? pic->boundary : pic->edge;
    for (size_t p = 0; p < pic->polygons; p++) {
        const size_t n = wf__mesh_pic_polygon(pic, p);
        for (size_t i = 0; i < n; i++)
            if (wf__edge_drawn(pic->across[i], p, boundary))
                line(c, pic->v[i], pic->v[i + 1 < n ? i + 1 : 0], w, col);
    }
}

static void draw(canvas *c, wf__mesh_pic *pic) {
    const wf_mesh_svg_opts *o = &pic->o;
    for (size_t y = 0; y < c->h; y++)
        wf__fill(row_at(c, y), 0, c->w - 1, pic->outside);
    for (size_t p = 0; p < pic->polygons; p++)
        fill_convex(c, pic->v, wf__mesh_pic_polygon(pic, p), pic->ground);
    for (size_t i = 0; i < o->corridor_count; i++)
        fill_convex(c, pic->v,
                    wf__mesh_pic_polygon(pic, (size_t)o->corridor[i]),
                    pic->corridor);
    edges(c, pic, 0);
    edges(c, pic, 1);
    for (size_t id = 0; id < pic->links; id++) {
        wf__link_arc arc;
        wf__mesh_pic_link(pic, id, &arc);
        dashed_arc(c, pic, &arc);
        for (int h = 0; h < arc.heads; h++)
            fill_convex(c, arc.head[h], 3, pic->link);
    }
    for (size_t l = o->polyline_count; l-- > 0;) {
        const wf_polyline *pl = &o->polylines[l];
        /* one point: a square; more: a segment each */
        for (size_t i = pl->count > 1 ? 1 : 0; i < pl->count; i++)
            line(c, wf__mesh_pic_px(pic, pl->points[i ? i - 1 : 0]),
                 wf__mesh_pic_px(pic, pl->points[i]), pic->line_w,
                 wf_render_path_color(l));
    }
    for (size_t i = 0; i < o->mark_count; i++) {
        const wf_vec2 at = wf__mesh_pic_px(pic, o->marks[i]);
        disc(c, at, pic->mark_r, (wf_rgb){0, 0, 0});
        disc(c, at, pic->mark_r - pic->ring_w, wf_render_mark_color(i));
    }
}

/* Draws the picture into an image and writes it to f. */
static wf_status emit(wf__mesh_pic *pic, FILE *f, const char *name,
                      wf_diag *diag) {
    canvas c = {NULL, pic->width, pic->height, 0};
    if (wf__mul_size(c.w * 3, c.h, &c.bytes))
        c.px = wf__alloc(&pic->alloc, c.bytes);
    if (!c.px)
        return wf__png_nomem(diag, name);
    draw(&c, pic);
    wf_status st =
        wf__png_encode(f, name, &pic->alloc, c.w, c.h, canvas_row, &c, diag);
    wf__free(&pic->alloc, c.px, c.bytes);
    return st;
}

static wf_status to_stream(wf__mesh_pic *pic, void *f, wf_diag *diag) {
    return emit(pic, f, "", diag);
}

/* wf__png_to_path's view of emit. */
static wf_status emit_named(void *pic, FILE *f, const char *name,
                            wf_diag *diag) {
    return emit(pic, f, name, diag);
}

static wf_status to_file(wf__mesh_pic *pic, void *path, wf_diag *diag) {
    return wf__png_to_path(path, emit_named, pic, diag);
}

wf_status wf_render_mesh_png_file(FILE *f, const wf_mesh *m,
                                  const wf_mesh_svg_opts *opts, wf_diag *diag) {
    return wf__mesh_pic_draw(f, "no stream", m, opts, to_stream, f, diag);
}

wf_status wf_render_mesh_png(const char *path, const wf_mesh *m,
                             const wf_mesh_svg_opts *opts, wf_diag *diag) {
    return wf__mesh_pic_draw(path && *path ? path : NULL, "no file name", m,
                             opts, to_file, (void *)path, diag);
}
