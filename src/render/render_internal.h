/* What the pictures share: pixel helpers of the PNG pictures and their
 * legend, the libpng writer (png_write.c), the checks of the lists drawn
 * over a map (lists.c), SVG text (svg_write.c), how a mesh's edges are
 * drawn, the measured picture of a mesh (mesh_picture.c). Not installed. */
#ifndef WF_RENDER_INTERNAL_H
#define WF_RENDER_INTERNAL_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "wf_core_private.h"
#include "wayfind/render.h"

/* `over` on `under` at opacity a out of 256. */
static inline wf_rgb wf__blend(wf_rgb under, wf_rgb over, unsigned a) {
    wf_rgb c;
    c.r = (uint8_t)((over.r * a + under.r * (256u - a) + 128u) >> 8);
    c.g = (uint8_t)((over.g * a + under.g * (256u - a) + 128u) >> 8);
    c.b = (uint8_t)((over.b * a + under.b * (256u - a) + 128u) >> 8);
    return c;
}

/* WF_E_INVALID_ARG, with diag saying which, when a count comes without
 * its array or a path or polyline has points NULL with a count. */
wf_status wf__check_lists(const wf_path *paths, size_t path_count,
                          const wf_polyline *lines, size_t line_count,
                          const wf_point *marks, size_t mark_count,
                          wf_diag *diag);

/* A cell's colour c tinted by its search state (WF_CELL_*): violet where
 * explored, amber on the frontier, as every picture draws them. */
static inline wf_rgb wf__state_tint(wf_rgb c, uint8_t state) {
    static const wf_rgb explored = {150, 90, 230}, frontier = {255, 180, 30};
    if (state == WF_CELL_EXPLORED)
        return wf__blend(c, explored, 96);
    if (state == WF_CELL_FRONTIER)
        return wf__blend(c, frontier, 150);
    return c;
}

/* Pixel x of an RGB row. */
static inline void wf__put(uint8_t *row, size_t x, wf_rgb c) {
    row[3 * x] = c.r;
    row[3 * x + 1] = c.g;
    row[3 * x + 2] = c.b;
}

/* Fills pixels a..b (inclusive, already clipped) of row. */
static inline void wf__fill(uint8_t *row, size_t a, size_t b, wf_rgb c) {
    for (size_t x = a; x <= b; x++)
        wf__put(row, x, c);
}

/* Clips the pixel interval [lo, hi] (doubles, any range) to 0..width-1;
 * 0 when nothing is left. */
static inline int wf__span_clip(double lo, double hi, size_t width, size_t *a,
                           size_t *b) {
    if (!(lo <= hi) || hi < 0.0 || lo > (double)(width - 1))
        return 0;
    *a = lo < 0.0 ? 0 : (size_t)lo;
    *b = hi > (double)(width - 1) ? width - 1 : (size_t)hi;
    return *a <= *b;
}

/* The segment (x0, y0)-(x1, y1) drawn with a square brush of half side h
 * on the pixel row of `width` pixels whose centre is at yc, in colour c:
 * the row's pixels whose centres lie within the x span of the segment's
 * points with y within h of yc, widened by h. Pixel coordinates: pixel x
 * covers [x, x + 1]. */
static inline void wf__row_segment(uint8_t *row, size_t width, double x0,
                                   double y0, double x1, double y1,
                                   double h, double yc, wf_rgb c) {
    const double dy = y1 - y0;
    double ta = 0.0, tb = 1.0;
    if (dy == 0.0) {
        if (fabs(yc - y0) > h)
            return;
    } else {
        ta = (yc - h - y0) / dy;
        tb = (yc + h - y0) / dy;
        if (ta > tb) {
            double t = ta;
            ta = tb;
            tb = t;
        }
        ta = ta < 0.0 ? 0.0 : ta;
        tb = tb > 1.0 ? 1.0 : tb;
        if (ta > tb)
            return;
    }
    double xa = x0 + ta * (x1 - x0), xb = x0 + tb * (x1 - x0);
    double lo = (xa < xb ? xa : xb) - h, hi = (xa < xb ? xb : xa) + h;
    size_t a, b;
    /* pixel x is covered when its centre x + 0.5 lies in [lo, hi] */
    if (wf__span_clip(ceil(lo - 0.5), floor(hi - 0.5), width, &a, &b))
        wf__fill(row, a, b, c);
}

/* Row ly (0 .. WF_PNG_LEGEND_HEIGHT-1) of the colour bar under a heat map
 * `width` pixels wide, with the min and max labels. */
void wf__png_legend_row(uint8_t *row, size_t width, const char *lab_lo,
                        const char *lab_hi, size_t ly);

/* ---- SVG text (svg_write.c) --------------------------------------------- */

/* A stream that remembers whether a write failed, and stops writing. */
typedef struct wf__svg {
    FILE *f;
    int err;
} wf__svg;

#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 2, 3)))
#endif
void wf__svg_put(wf__svg *s, const char *fmt, ...);

/* sep, then v with at most two decimals (no "-0"). */
void wf__svg_num(wf__svg *s, const char *sep, double v);
/* sep, then "x,y" so. */
void wf__svg_point(wf__svg *s, const char *sep, wf_vec2 p);

/* ---- meshes' edges ------------------------------------------------------ */

/* The colour of the edges of a mesh's polygons: shared edges (boundary 0)
 * light blue, the boundary dark, in every picture of a mesh. */
static inline wf_rgb wf__mesh_edge_color(int boundary) {
    const wf_rgb shared = {0x4a, 0x7f, 0xc1}, outline = {0x1c, 0x2f, 0x4a};
    return boundary ? outline : shared;
}

/* Is the edge of polygon p with `across` on the other side drawn in the
 * boundary layer (boundary 1) or the shared one (0, once: from the lower
 * polygon)? */
static inline int wf__edge_drawn(long across, size_t p, int boundary) {
    if (boundary)
        return across < 0;
    return across >= 0 && (size_t)across >= p;
}

/* ---- pictures of meshes (mesh_picture.c) -------------------------------- */

/* A picture of a mesh, measured and its options checked (mesh_picture.c):
 * what wf_mesh_svg_opts documents, in pixels. */
typedef struct wf__mesh_pic {
    const wf_mesh *m;
    wf_mesh_svg_opts o;
    wf_allocator alloc;
    size_t polygons, links;        /* links 0 when hidden */
    double minx, miny, maxx, maxy; /* the mesh's box, world units */
    double k, margin;              /* pixels a world unit; the margin */
    size_t width, height;          /* pixels */
    /* widths, lengths and radii in pixels */
    double edge_w, boundary_w, link_w, dash, gap, head_len, head_half, bend;
    double line_w, mark_r, ring_w;
    wf_rgb outside, ground, corridor, edge, boundary, link;
    wf_vec2 *v; /* a polygon's corners, in pixels */
    long *across;
    size_t cap;
} wf__mesh_pic;

/* Draws the picture of m that opts describe with draw(pic, ud, diag),
 * once `to` (the stream or file the picture goes to) is there (else
 * WF_E_INVALID_ARG, diag `no_to`) and every option is checked against m
 * (WF_E_INVALID_ARG, diag says which) and the picture measured
 * (WF_E_NOMEM); what draw returns. Every mesh picture starts here. */
typedef wf_status (*wf__mesh_draw_fn)(wf__mesh_pic *pic, void *ud,
                                      wf_diag *diag);
wf_status wf__mesh_pic_draw(const void *to, const char *no_to, const wf_mesh *m,
                            const wf_mesh_svg_opts *opts, wf__mesh_draw_fn draw,
                            void *ud, wf_diag *diag);

/* A world point in pixels. */
wf_vec2 wf__mesh_pic_px(const wf__mesh_pic *pic, wf_vec2 w);

/* Polygon p's corners in pixels into pic->v, and pic->across; returns how
 * many. */
size_t wf__mesh_pic_polygon(wf__mesh_pic *pic, size_t p);

/* Link id drawn: a quadratic arc from a through control point c to b, in
 * pixels, and `heads` arrowheads (tip first): at b, then at a for a
 * two-way link (none when its ends meet). */
typedef struct wf__link_arc {
    wf_vec2 a, c, b;
    wf_vec2 head[2][3];
    int heads;
} wf__link_arc;
void wf__mesh_pic_link(const wf__mesh_pic *pic, size_t id, wf__link_arc *arc);

/* ---- the libpng writer (png_write.c; not in a build without libpng) --- */

/* Pixel row y (0 .. height - 1, asked for in order) of a picture being
 * written: width × 3 bytes, RGB, valid until the next call. */
typedef const uint8_t *(*wf__png_row_fn)(void *ud, size_t y);

/* Writes a width × height 8-bit RGB PNG to f, row by row from row(ud, y),
 * and flushes f; libpng's memory from alloc (NULL: malloc). WF_E_NOMEM or
 * WF_E_IO with diag (file name `name`, may be "") saying why. */
wf_status wf__png_encode(FILE *f, const char *name,
                         const wf_allocator *alloc, size_t width,
                         size_t height, wf__png_row_fn row, void *ud,
                         wf_diag *diag);

/* WF_E_NOMEM, with diag saying that writing a PNG (named `name`) ran out
 * of memory: for a picture whose own buffers could not be had. */
wf_status wf__png_nomem(wf_diag *diag, const char *name);

/* Writes a picture into the file `path`, whole or not at all
 * (wf_file_write): emit(ud, f, path, diag) writes it to the stream f. */
typedef wf_status (*wf__png_emit_fn)(void *ud, FILE *f, const char *name,
                                     wf_diag *diag);
wf_status wf__png_to_path(const char *path, wf__png_emit_fn emit, void *ud,
                          wf_diag *diag);

#endif
