/* SVG pictures of a navigation mesh, in pixels: the picture measured and
 * its options checked by mesh_picture.c, then each layer as one element
 * or group with a class naming it. */
#include "render_internal.h"

static void put_color(wf__svg *s, const char *attr, wf_rgb c) {
    wf__svg_put(s, " %s=\"#%02x%02x%02x\"", attr, c.r, c.g, c.b);
}

static void put_width(wf__svg *s, double w) {
    wf__svg_num(s, " stroke-width=\"", w);
    wf__svg_put(s, "\"");
}

/* Polygon p as <polygon>. */
static void polygon(wf__svg *s, wf__mesh_pic *pic, size_t p) {
    const size_t n = wf__mesh_pic_polygon(pic, p);
    wf__svg_put(s, "<polygon points=\"");
    for (size_t i = 0; i < n; i++)
        wf__svg_point(s, i ? " " : "", pic->v[i]);
    wf__svg_put(s, "\"/>\n");
}

/* The ground, then the corridor's polygons tinted. */
static void polygons(wf__svg *s, wf__mesh_pic *pic) {
    wf__svg_put(s, "<g class=\"polygons\"");
    put_color(s, "fill", pic->ground);
    wf__svg_put(s, ">\n");
    for (size_t p = 0; p < pic->polygons && !s->err; p++)
        polygon(s, pic, p);
    wf__svg_put(s, "</g>\n");
    if (!pic->o.corridor_count)
        return;
    wf__svg_put(s, "<g class=\"corridor\"");
    put_color(s, "fill", pic->corridor);
    wf__svg_put(s, ">\n");
    for (size_t i = 0; i < pic->o.corridor_count && !s->err; i++)
        polygon(s, pic, (size_t)pic->o.corridor[i]);
    wf__svg_put(s, "</g>\n");
}

/* The shared edges (boundary 0) or the boundary as one <path>, a move
 * per edge. */
static void edges(wf__svg *s, wf__mesh_pic *pic, int boundary) {
    wf__svg_put(s, "<path class=\"%s\" fill=\"none\"",
                boundary ? "boundary" : "edges");
    put_color(s, "stroke", boundary ? pic->boundary : pic->edge);
    put_width(s, boundary ? pic->boundary_w : pic->edge_w);
    wf__svg_put(s, " stroke-linecap=\"round\" d=\"");
    for (size_t p = 0; p < pic->polygons && !s->err; p++) {
        const size_t n = wf__mesh_pic_polygon(pic, p);
        for (size_t i = 0; i < n; i++) {
            if (!wf__edge_drawn(pic->across[i], p, boundary))
                continue;
            wf__svg_point(s, "M", pic->v[i]);
            wf__svg_point(s, "L", pic->v[i + 1 < n ? i + 1 : 0]);
        }
    }
    wf__svg_put(s, "\"/>\n");
}

/* Each link a dashed arc and its arrowheads. */
static void links(wf__svg *s, const wf__mesh_pic *pic) {
    if (!pic->links)
        return;
    wf__svg_put(s, "<g class=\"links\"");
    put_color(s, "stroke", pic->link);
    put_color(s, "fill", pic->link);
    put_width(s, pic->link_w);
    wf__svg_put(s, " stroke-linecap=\"round\">\n");
    for (size_t id = 0; id < pic->links && !s->err; id++) {
        wf__link_arc arc;
        wf__mesh_pic_link(pic, id, &arc);
        wf__svg_num(s, "<path fill=\"none\" stroke-dasharray=\"", pic->dash);
        wf__svg_num(s, " ", pic->gap);
        wf__svg_point(s, "\" d=\"M", arc.a);
        wf__svg_point(s, "Q", arc.c);
        wf__svg_point(s, " ", arc.b);
        wf__svg_put(s, "\"/>\n");
        for (int h = 0; h < arc.heads; h++) {
            wf__svg_put(s, "<polygon stroke=\"none\" points=\"");
            for (int i = 0; i < 3; i++)
                wf__svg_point(s, i ? " " : "", arc.head[h][i]);
            wf__svg_put(s, "\"/>\n");
        }
    }
    wf__svg_put(s, "</g>\n");
}

/* The polylines, the last drawn first so that the first is on top, then
 * the marks. */
static void overlays(wf__svg *s, const wf__mesh_pic *pic) {
    const wf_mesh_svg_opts *o = &pic->o;
    for (size_t l = o->polyline_count; l-- > 0 && !s->err;) {
        wf__svg_put(s, "<polyline class=\"polyline\" fill=\"none\"");
        put_color(s, "stroke", wf_render_path_color(l));
        put_width(s, pic->line_w);
        wf__svg_put(s, " stroke-linejoin=\"round\" stroke-linecap=\"round\" "
                       "points=\"");
        for (size_t i = 0; i < o->polylines[l].count; i++)
            wf__svg_point(s, i ? " " : "",
                          wf__mesh_pic_px(pic, o->polylines[l].points[i]));
        wf__svg_put(s, "\"/>\n");
    }
    for (size_t i = 0; i < o->mark_count && !s->err; i++) {
        const wf_vec2 c = wf__mesh_pic_px(pic, o->marks[i]);
        wf__svg_num(s, "<circle class=\"mark\" cx=\"", c.x);
        wf__svg_num(s, "\" cy=\"", c.y);
        wf__svg_num(s, "\" r=\"", pic->mark_r - pic->ring_w / 2);
        wf__svg_put(s, "\"");
        put_width(s, pic->ring_w);
        put_color(s, "fill", wf_render_mark_color(i));
        wf__svg_put(s, " stroke=\"#000000\"/>\n");
    }
}

/* The picture as SVG into the stream ud. */
static wf_status draw_svg(wf__mesh_pic *pic, void *ud, wf_diag *diag) {
    FILE *f = ud;
    wf__svg s = {f, 0};
    wf__svg_put(&s,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%zu\" "
                "height=\"%zu\" viewBox=\"0 0 %zu %zu\">\n<rect width=\"%zu\" "
                "height=\"%zu\"",
                pic->width, pic->height, pic->width, pic->height, pic->width,
                pic->height);
    put_color(&s, "fill", pic->outside);
    wf__svg_put(&s, "/>\n");
    polygons(&s, pic);
    edges(&s, pic, 0);
    edges(&s, pic, 1);
    links(&s, pic);
    overlays(&s, pic);
    wf__svg_put(&s, "</svg>\n");
    if (s.err || fflush(f) != 0 || ferror(f)) {
        wf__diag_set(diag, NULL, 0, 0, "write error");
        return WF_E_IO;
    }
    return WF_OK;
}

wf_status wf_render_mesh_svg(FILE *f, const wf_mesh *m,
                             const wf_mesh_svg_opts *opts, wf_diag *diag) {
    return wf__mesh_pic_draw(f, "no stream", m, opts, draw_svg, f, diag);
}
