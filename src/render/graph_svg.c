/* SVG pictures of waypoint graphs. */
#include <math.h>

#include "wf_core_private.h"
#include "wayfind/render.h"

typedef struct frame {
    double minx, miny, scale, margin;
} frame;

static void pos2(const wf_graph *g, uint32_t u, const frame *fr, double *x,
                 double *y) {
    double p[3];
    wf_graph_position(g, u, p);
    *x = fr->margin + (p[0] - fr->minx) * fr->scale;
    *y = fr->margin + (p[1] - fr->miny) * fr->scale;
}

/* The rest of a line's end cut back by r pixels (so arrows stop at the
 * dot's edge). */
static void shorten(double x1, double y1, double *x2, double *y2, double r) {
    double dx = *x2 - x1, dy = *y2 - y1, len = sqrt(dx * dx + dy * dy);
    if (len > 2 * r) {
        *x2 -= dx / len * r;
        *y2 -= dy / len * r;
    }
}

/* Writes text with the characters XML reserves escaped. */
static int put_text(FILE *f, const char *s) {
    int err = 0;
    for (; *s && !err; s++) {
        switch (*s) {
        case '<': err = fputs("&lt;", f) == EOF; break;
        case '>': err = fputs("&gt;", f) == EOF; break;
        case '&': err = fputs("&amp;", f) == EOF; break;
        case '"': err = fputs("&quot;", f) == EOF; break;
        default: err = putc(*s, f) == EOF;
        }
    }
    return err;
}

/* The dot radius, in pixels. */
#define DOT_R 5.0

/* Fits the nodes' positions into a picture whose longer side is `size`
 * pixels (margins included): *fr, and the picture's width and height. */
static void fit_frame(const wf_graph *g, double size, frame *fr, double *w,
                      double *h) {
    const size_t n = wf_graph_node_count(g);
    *fr = (frame){INFINITY, INFINITY, 1, 24};
    double maxx = -INFINITY, maxy = -INFINITY, p[3];
    for (uint32_t u = 0; u < n; u++) {
        wf_graph_position(g, u, p);
        fr->minx = fmin(fr->minx, p[0]);
        fr->miny = fmin(fr->miny, p[1]);
        maxx = fmax(maxx, p[0]);
        maxy = fmax(maxy, p[1]);
    }
    if (!n)
        fr->minx = fr->miny = maxx = maxy = 0;
    double span = fmax(maxx - fr->minx, maxy - fr->miny);
    fr->scale = span > 0 ? (size - 2 * fr->margin) / span : 1;
    *w = (maxx - fr->minx) * fr->scale + 2 * fr->margin;
    *h = (maxy - fr->miny) * fr->scale + 2 * fr->margin;
}

/* The arcs as lines, a two-way pair once (from the lower id), a one-way
 * arc as an arrow stopping at the dot's edge. Returns 1 on a write
 * error. */
static int put_arcs(FILE *f, const wf_graph *g, const frame *fr) {
    const size_t n = wf_graph_node_count(g);
    int err = 0;
    for (uint32_t u = 0; u < n && !err; u++) {
        const uint32_t *t;
        const double *wt;
        size_t k = wf_graph_out_edges(g, u, &t, &wt);
        for (size_t i = 0; i < k && !err; i++) {
            int two_way = wf_graph_edge_weight(g, t[i], u) > 0;
            if (two_way && t[i] < u)
                continue; /* drawn once, from the lower id */
            double x1, y1, x2, y2;
            pos2(g, u, fr, &x1, &y1);
            pos2(g, t[i], fr, &x2, &y2);
            if (!two_way)
                shorten(x1, y1, &x2, &y2, DOT_R + 1);
            err |= fprintf(f,
                           "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
                           "y2=\"%.1f\" stroke=\"#999\" stroke-width=\"1.5\"%s/>\n",
                           x1, y1, x2, y2,
                           two_way ? "" : " marker-end=\"url(#arrow)\"") < 0;
        }
    }
    return err;
}

/* The path as a polyline. Returns 1 on a write error. */
static int put_path(FILE *f, const wf_graph *g, const frame *fr,
                    const wf_node_path *path) {
    int err = fputs("<polyline fill=\"none\" stroke=\"#e8501c\" "
                    "stroke-width=\"4\" stroke-linejoin=\"round\" points=\"",
                    f) == EOF;
    for (size_t i = 0; i < path->count && !err; i++) {
        double x, y;
        pos2(g, path->nodes[i], fr, &x, &y);
        err |= fprintf(f, "%s%.1f,%.1f", i ? " " : "", x, y) < 0;
    }
    err |= fputs("\"/>\n", f) == EOF;
    return err;
}

/* The nodes as dots, each with its label when it has one. Returns 1 on a
 * write error. */
static int put_nodes(FILE *f, const wf_graph *g, const frame *fr,
                     const char *const *labels) {
    const size_t n = wf_graph_node_count(g);
    const double r = DOT_R;
    int err = 0;
    for (uint32_t u = 0; u < n && !err; u++) {
        double x, y;
        pos2(g, u, fr, &x, &y);
        err |= fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.0f\" "
                          "fill=\"#2d5da8\"/>\n", x, y, r) < 0;
        if (labels && labels[u]) {
            err |= fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" "
                              "font-family=\"sans-serif\" font-size=\"11\">",
                           x + r + 2, y - r) < 0;
            err |= put_text(f, labels[u]);
            err |= fputs("</text>\n", f) == EOF;
        }
    }
    return err;
}

wf_status wf_render_graph_svg(FILE *f, const wf_graph *g,
                              const wf_graph_svg_opts *opts) {
    if (!f || !g || wf_graph_dims(g) < 2)
        return WF_E_INVALID_ARG;
    wf_graph_svg_opts o;
    memset(&o, 0, sizeof o);
    if (opts)
        o = *opts;
    frame fr;
    double w, h;
    fit_frame(g, o.size > 0 && isfinite(o.size) ? o.size : 800, &fr, &w, &h);
    int err = fprintf(f,
                      "<svg xmlns=\"http://www.w3.org/2000/svg\" "
                      "width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f "
                      "%.0f\">\n"
                      "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" "
                      "refX=\"10\" refY=\"5\" markerWidth=\"7\" "
                      "markerHeight=\"7\" orient=\"auto\"><path d=\"M0,0 "
                      "L10,5 L0,10 z\" fill=\"#555\"/></marker></defs>\n"
                      "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
                      w, h, w, h) < 0;
    if (!err)
        err = put_arcs(f, g, &fr);
    if (o.path && o.path->count > 1 && !err)
        err = put_path(f, g, &fr, o.path);
    if (!err)
        err = put_nodes(f, g, &fr, o.labels);
    err |= fputs("</svg>\n", f) == EOF;
    return err || fflush(f) != 0 || ferror(f) ? WF_E_IO : WF_OK;
}

wf_graph_svg_opts wf_graph_svg_opts_default(void) {
    wf_graph_svg_opts o;
    memset(&o, 0, sizeof o);
    return o;
}
