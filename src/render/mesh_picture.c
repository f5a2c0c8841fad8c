/* What the SVG (mesh_svg.c) and PNG (png_mesh.c) pictures of a mesh
 * share, so that both show the same picture: the options checked, the
 * picture measured (world to pixels), polygons' corners in pixels, the
 * links' arcs and arrowheads, the sizes and colours of everything. */
#include <math.h>
#include <string.h>

#include "render_internal.h"

/* Pixel coordinates beyond this are refused: far enough out that no
 * sensible point is, near enough that squares and sums stay finite. */
#define FAR_PIXELS 1e9

wf_mesh_svg_opts wf_mesh_svg_opts_default(void) {
    wf_mesh_svg_opts o;
    memset(&o, 0, sizeof o);
    return o;
}

static wf_status invalid(wf_diag *d, const char *what) {
    wf__diag_set(d, NULL, 0, 0, "%s", what);
    return WF_E_INVALID_ARG;
}

/* Everything that can be checked without measuring the mesh. */
static wf_status check_opts(const wf_mesh_svg_opts *o, size_t polygons,
                            wf_diag *diag) {
    if (o->size != 0 && (o->size < WF_MESH_PICTURE_MIN_SIZE ||
                         o->size > WF_MESH_PICTURE_MAX_SIZE)) {
        wf__diag_set(diag, NULL, 0, 0, "size %d is outside %d..%d (0: %d)",
                     o->size, WF_MESH_PICTURE_MIN_SIZE,
                     WF_MESH_PICTURE_MAX_SIZE, WF_MESH_PICTURE_SIZE);
        return WF_E_INVALID_ARG;
    }
    wf_status st = wf__check_lists(NULL, 0, o->polylines, o->polyline_count,
                                   NULL, 0, diag);
    if (st != WF_OK)
        return st;
    if (o->mark_count && !o->marks)
        return invalid(diag, "mark_count without marks");
    if (o->corridor_count && !o->corridor)
        return invalid(diag, "corridor_count without corridor");
    for (size_t i = 0; i < o->corridor_count; i++)
        if (o->corridor[i] < 0 || (size_t)o->corridor[i] >= polygons) {
            wf__diag_set(diag, NULL, 0, 0,
                         "corridor[%zu] is %ld, not a polygon of the mesh "
                         "(it has %zu)",
                         i, o->corridor[i], polygons);
            return WF_E_INVALID_ARG;
        }
    return WF_OK;
}

/* Point i of polyline `line` (or mark i when line is SIZE_MAX) may be
 * drawn: finite, and not beyond FAR_PIXELS once in pixels. */
static wf_status check_point(const wf__mesh_pic *pic, wf_vec2 w, size_t line,
                             size_t i, wf_diag *diag) {
    char what[64];
    if (line == SIZE_MAX)
        snprintf(what, sizeof what, "mark %zu", i);
    else
        snprintf(what, sizeof what, "polyline %zu point %zu", line, i);
    if (!isfinite(w.x) || !isfinite(w.y)) {
        wf__diag_set(diag, NULL, 0, 0, "%s is not finite", what);
        return WF_E_INVALID_ARG;
    }
    const wf_vec2 p = wf__mesh_pic_px(pic, w);
    if (!(fabs(p.x) <= FAR_PIXELS && fabs(p.y) <= FAR_PIXELS)) {
        wf__diag_set(diag, NULL, 0, 0,
                     "%s (%g, %g) lies too far from the mesh to draw", what,
                     w.x, w.y);
        return WF_E_INVALID_ARG;
    }
    return WF_OK;
}

static wf_status check_points(const wf__mesh_pic *pic, wf_diag *diag) {
    const wf_mesh_svg_opts *o = &pic->o;
    for (size_t l = 0; l < o->polyline_count; l++)
        for (size_t i = 0; i < o->polylines[l].count; i++)
            if (check_point(pic, o->polylines[l].points[i], l, i, diag))
                return WF_E_INVALID_ARG;
    for (size_t i = 0; i < o->mark_count; i++)
        if (check_point(pic, o->marks[i], SIZE_MAX, i, diag))
            return WF_E_INVALID_ARG;
    return WF_OK;
}

/* Room for the largest polygon's corners, and the mesh's bounding box
 * (the unit square for a mesh without polygons). */
static wf_status measure(wf__mesh_pic *pic) {
    size_t most = 0;
    for (size_t p = 0; p < pic->polygons; p++) {
        size_t n = wf_mesh_polygon(pic->m, p, NULL, NULL, 0);
        most = n > most ? n : most;
    }
    size_t vb, ab;
    if (most && (!wf__mul_size(most, sizeof *pic->v, &vb) ||
                 !wf__mul_size(most, sizeof *pic->across, &ab)))
        return WF_E_NOMEM;
    if (most) {
        pic->cap = most; /* the size pic_free frees, whatever comes */
        pic->v = wf__alloc(&pic->alloc, vb);
        pic->across = wf__alloc(&pic->alloc, ab);
        if (!pic->v || !pic->across)
            return WF_E_NOMEM;
    }
    pic->minx = pic->miny = INFINITY;
    pic->maxx = pic->maxy = -INFINITY;
    for (size_t p = 0; p < pic->polygons; p++) {
        size_t n = wf_mesh_polygon(pic->m, p, pic->v, NULL, pic->cap);
        for (size_t i = 0; i < n; i++) {
            pic->minx = fmin(pic->minx, pic->v[i].x);
            pic->maxx = fmax(pic->maxx, pic->v[i].x);
            pic->miny = fmin(pic->miny, pic->v[i].y);
            pic->maxy = fmax(pic->maxy, pic->v[i].y);
        }
    }
    if (!(pic->minx <= pic->maxx)) {
        pic->minx = pic->miny = 0;
        pic->maxx = pic->maxy = 1;
    }
    return WF_OK;
}

/* The scale, margin and pixel size of the picture; the widths of its
 * lines (as at 800 pixels, times size / 800) and its colours. */
static void frame(wf__mesh_pic *pic) {
    const int size = pic->o.size ? pic->o.size : WF_MESH_PICTURE_SIZE;
    const double bw = pic->maxx - pic->minx, bh = pic->maxy - pic->miny;
    const double span = bw > bh ? bw : bh;
    pic->margin = size / 40 > 4 ? size / 40 : 4;
    pic->k = (size - 2 * pic->margin) / (span > 0 ? span : 1.0);
    /* the longer side is size exactly; ceil forgives the last ulp */
    pic->width = (size_t)(2 * pic->margin + fmax(1, ceil(bw * pic->k - 1e-6)));
    pic->height = (size_t)(2 * pic->margin + fmax(1, ceil(bh * pic->k - 1e-6)));
    const double u = size / 800.0;
    pic->edge_w = 1.2 * u;
    pic->boundary_w = 3 * u;
    pic->link_w = 2.5 * u;
    pic->dash = 9 * u;
    pic->gap = 6 * u;
    pic->head_len = 14 * u;
    pic->head_half = 7 * u;
    pic->bend = 24 * u;
    pic->line_w = 4 * u;
    pic->mark_r = 8 * u;
    pic->ring_w = 2 * u;
    pic->outside = wf_render_terrain_color(NULL, '@');
    pic->ground = wf_render_terrain_color(NULL, '.');
    pic->corridor = wf__blend(pic->ground, (wf_rgb){70, 150, 235}, 110);
    pic->edge = wf__mesh_edge_color(0);
    pic->boundary = wf__mesh_edge_color(1);
    pic->link = (wf_rgb){150, 60, 230};
}

static void pic_free(wf__mesh_pic *pic) {
    wf__free(&pic->alloc, pic->v, pic->cap * sizeof *pic->v);
    wf__free(&pic->alloc, pic->across, pic->cap * sizeof *pic->across);
    pic->v = NULL;
    pic->across = NULL;
    pic->cap = 0;
}

static wf_status pic_make(const wf_mesh *m, const wf_mesh_svg_opts *opts,
                          wf__mesh_pic *pic, wf_diag *diag) {
    memset(pic, 0, sizeof *pic);
    if (!m)
        return invalid(diag, "no mesh");
    wf_mesh_info info;
    wf_mesh_describe(m, &info);
    pic->m = m;
    pic->o = opts ? *opts : wf_mesh_svg_opts_default();
    pic->polygons = info.polygons;
    pic->links = pic->o.hide_links ? 0 : wf_mesh_link_count(m);
    pic->alloc = wf__allocator(pic->o.alloc);
    wf_status st = check_opts(&pic->o, info.polygons, diag);
    if (st != WF_OK)
        return st;
    if (measure(pic) != WF_OK) {
        pic_free(pic);
        wf__diag_set(diag, NULL, 0, 0, "out of memory drawing a mesh");
        return WF_E_NOMEM;
    }
    frame(pic);
    st = check_points(pic, diag);
    if (st != WF_OK)
        pic_free(pic);
    return st;
}

wf_status wf__mesh_pic_draw(const void *to, const char *no_to, const wf_mesh *m,
                            const wf_mesh_svg_opts *opts, wf__mesh_draw_fn draw,
                            void *ud, wf_diag *diag) {
    if (!to)
        return invalid(diag, no_to);
    wf__mesh_pic pic;
    wf_status st = pic_make(m, opts, &pic, diag);
    if (st != WF_OK)
        return st;
    st = draw(&pic, ud, diag);
    pic_free(&pic);
    return st;
}

wf_vec2 wf__mesh_pic_px(const wf__mesh_pic *pic, wf_vec2 w) {
    wf_vec2 p;
    p.x = pic->margin + (w.x - pic->minx) * pic->k;
    p.y = pic->margin +
          (pic->o.y_up ? pic->maxy - w.y : w.y - pic->miny) * pic->k;
    return p;
}

size_t wf__mesh_pic_polygon(wf__mesh_pic *pic, size_t p) {
    size_t n = wf_mesh_polygon(pic->m, p, pic->v, pic->across, pic->cap);
    for (size_t i = 0; i < n; i++)
        pic->v[i] = wf__mesh_pic_px(pic, pic->v[i]);
    return n;
}

/* An arrowhead with its tip at `tip`, pointing along `from` → tip; 0 when
 * the two are too close to give a direction. */
static int arrowhead(const wf__mesh_pic *pic, wf_vec2 from, wf_vec2 tip,
                     wf_vec2 out[3]) {
    const double dx = tip.x - from.x, dy = tip.y - from.y;
    const double len = sqrt(dx * dx + dy * dy);
    if (!(len > 1e-9))
        return 0;
    const double ux = dx / len, uy = dy / len;
    const double bx = tip.x - ux * pic->head_len,
                 by = tip.y - uy * pic->head_len;
    out[0] = tip;
    out[1] = (wf_vec2){bx - uy * pic->head_half, by + ux * pic->head_half};
    out[2] = (wf_vec2){bx + uy * pic->head_half, by - ux * pic->head_half};
    return 1;
}

void wf__mesh_pic_link(const wf__mesh_pic *pic, size_t id, wf__link_arc *arc) {
    wf_mesh_link l;
    memset(arc, 0, sizeof *arc);
    if (wf_mesh_get_link(pic->m, id, &l) != WF_OK)
        return;
    arc->a = wf__mesh_pic_px(pic, l.a);
    arc->b = wf__mesh_pic_px(pic, l.b);
    /* bent to the side facing the picture's centre (so that it stays in
     * the picture), by a tenth of its length (the control point a fifth)
     * but at least 12 pixels at size 800 and at most a quarter of its
     * length, so that even a short one reads as a jump beside a path */
    const double dx = arc->b.x - arc->a.x, dy = arc->b.y - arc->a.y;
    const double mx = (arc->a.x + arc->b.x) / 2, my = (arc->a.y + arc->b.y) / 2;
    const double len = hypot(dx, dy);
    const double side =
        (pic->width / 2.0 - mx) * dy - (pic->height / 2.0 - my) * dx;
    /* a tie: up for a → b going right */
    const double sign = side >= 0 ? 1 : -1;
    const double f = len > 0 ? fmin(0.5, fmax(0.2, pic->bend / len)) : 0;
    arc->c.x = mx + sign * dy * f;
    arc->c.y = my - sign * dx * f;
    arc->heads = arrowhead(pic, arc->c, arc->b, arc->head[0]);
    if (arc->heads && l.two_way)
        arc->heads += arrowhead(pic, arc->c, arc->a, arc->head[1]);
}
