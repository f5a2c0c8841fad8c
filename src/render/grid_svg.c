/* SVG pictures of grids: terrain as runs of one colour, then the search's
 * paths, polylines and markers, drawn in cell units (viewBox 0 0 W H) so
 * that coordinates are the library's own: a cell's centre is x + 0.5. */
#include <math.h>
#include <stdlib.h>

#include "render_internal.h"
#include "wayfind/mesh.h"

static int same(wf_rgb a, wf_rgb b) {
    return a.r == b.r && a.g == b.g && a.b == b.b;
}

static wf_status invalid(wf_diag *d, const char *what) {
    wf__diag_set(d, NULL, 0, 0, "%s", what);
    return WF_E_INVALID_ARG;
}

static wf_status check_team(const wf_grid *g, const wf_grid_svg_opts *o,
                            wf_diag *diag) {
    if (o->team_size < 0 || o->team_size > WF_MOVE_MAX_SIZE) {
        wf__diag_set(diag, NULL, 0, 0, "team_size %d is outside 1..%d",
                     o->team_size, WF_MOVE_MAX_SIZE);
        return WF_E_INVALID_ARG;
    }
    if (!(o->step_seconds >= 0 && o->step_seconds < INFINITY))
        return invalid(diag, "step_seconds must be finite and >= 0");
    const wf_team_plan *p = o->team;
    if (!p)
        return WF_OK;
    for (size_t i = 0; i < p->agents; i++)
        for (size_t t = 0; t < wf_team_plan_length(p, i); t++) {
            const wf_point c = p->cells[p->offset[i] + t];
            if (!wf_grid_contains(g, c.x, c.y)) {
                wf__diag_set(diag, NULL, 0, 0,
                             "agent %zu is off the grid at step %zu", i, t);
                return WF_E_INVALID_ARG;
            }
        }
    return WF_OK;
}

static wf_status check(const wf_grid *g, const wf_grid_svg_opts *o,
                       wf_diag *diag) {
    if (!(o->cell >= 0 && o->cell <= WF_SVG_MAX_CELL)) {
        wf__diag_set(diag, NULL, 0, 0, "cell %g is outside 0..%g", o->cell,
                     WF_SVG_MAX_CELL);
        return WF_E_INVALID_ARG;
    }
    if (check_team(g, o, diag) != WF_OK)
        return WF_E_INVALID_ARG;
    return wf__check_lists(o->paths, o->path_count, o->polylines,
                           o->polyline_count, o->marks, o->mark_count, diag);
}

/* The colour cell i is drawn in. */
static wf_rgb cell_color(const wf_rgb pal[256], const uint8_t *t,
                         const uint8_t *cells, size_t i) {
    return cells ? wf__state_tint(pal[t[i]], cells[i]) : pal[t[i]];
}

/* The terrain: a background of the commonest colour (among the terrain
 * colours; tints are rarer), then a rectangle per run of any other. */
static void terrain(wf__svg *s, const wf_grid *g, const wf_rgb pal[256],
                    const uint8_t *cells) {
    const int W = wf_grid_width(g), H = wf_grid_height(g);
    const uint8_t *t = wf_grid_cells(g);
    size_t most = 0;
    int common = 0;
    for (int k = 0; k < 256; k++) {
        size_t n = wf_grid_terrain_count(g, (uint8_t)k);
        if (n > most) {
            most = n;
            common = k;
        }
    }
    const wf_rgb bg = pal[common];
    wf__svg_put(s,
                "<rect width=\"%d\" height=\"%d\" fill=\"#%02x%02x%02x\"/>\n",
                W, H, bg.r, bg.g, bg.b);
    wf__svg_put(s, "<g shape-rendering=\"crispEdges\">\n");
    for (int y = 0; y < H && !s->err; y++) {
        const size_t row = (size_t)y * (size_t)W;
        int x = 0;
        while (x < W) {
            const wf_rgb c = cell_color(pal, t, cells, row + (size_t)x);
            int end = x + 1;
            while (end < W && same(cell_color(pal, t, cells, row + (size_t)end),
                                   c))
                end++;
            if (!same(c, bg))
                wf__svg_put(s,
                            "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"1\" "
                            "fill=\"#%02x%02x%02x\"/>\n",
                            x, y, end - x, c.r, c.g, c.b);
            x = end;
        }
    }
    wf__svg_put(s, "</g>\n");
}

/* A line through points given as doubles in cell units. */
static void line_begin(wf__svg *s, wf_rgb c, double width) {
    wf__svg_put(s,
                "<polyline fill=\"none\" stroke=\"#%02x%02x%02x\" "
                "stroke-width=\"%.4g\" stroke-linejoin=\"round\" "
                "stroke-linecap=\"round\" points=\"",
                c.r, c.g, c.b, width);
}

/* One coordinate of agent i at every step of the plan, as SMIL values. */
static void track(wf__svg *s, const wf_team_plan *p, size_t i, int y,
                  double inset) {
    for (uint32_t t = 0; t <= p->makespan && !s->err; t++) {
        const wf_point c = wf_team_plan_at(p, i, t);
        wf__svg_put(s, "%s%.4g", t ? ";" : "", (y ? c.y : c.x) + inset);
    }
}

/* The team: each goal outlined, each agent a square sliding from cell to
 * cell, one step every step_seconds, all in step, looping. */
static void team(wf__svg *s, const wf_grid_svg_opts *o, double cell) {
    const wf_team_plan *p = o->team;
    const int k = o->team_size ? o->team_size : 1;
    const double step = o->step_seconds > 0 ? o->step_seconds : 0.25;
    const double dur = (p->makespan ? p->makespan : 1) * step;
    const double inset = 0.1, side = k - 2 * inset, stroke = 1.5 / cell;
    for (size_t i = 0; o->agents && i < p->agents && !s->err; i++) {
        const wf_rgb c = wf_render_path_color(i);
        wf__svg_put(
            s,
            "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
            "fill=\"none\" stroke=\"#%02x%02x%02x\" stroke-width=\"%.4g\"/>\n",
            o->agents[i].goal.x, o->agents[i].goal.y, k, k, c.r, c.g, c.b,
            fmax(stroke, 0.08));
    }
    for (size_t i = 0; i < p->agents && !s->err; i++) {
        if (!wf_team_plan_length(p, i))
            continue;
        const wf_rgb c = wf_render_path_color(i);
        const wf_point at = wf_team_plan_at(p, i, 0);
        wf__svg_put(
            s,
            "<rect x=\"%.4g\" y=\"%.4g\" width=\"%.4g\" height=\"%.4g\" "
            "rx=\"%.4g\" fill=\"#%02x%02x%02x\" stroke=\"black\" "
            "stroke-width=\"%.4g\">\n",
            at.x + inset, at.y + inset, side, side, side / 4, c.r, c.g, c.b,
            stroke);
        for (int y = 0; y < 2; y++) {
            wf__svg_put(
                s,
                "<animate attributeName=\"%c\" dur=\"%.6gs\" "
                "repeatCount=\"indefinite\" calcMode=\"linear\" values=\"",
                y ? 'y' : 'x', dur);
            track(s, p, i, y, inset);
            wf__svg_put(s, "\"/>\n");
        }
        wf__svg_put(s, "</rect>\n");
    }
}

/* One path of the edges of m's polygons: shared (each once) or boundary.
 * v and across hold *cap corners, grown as a polygon needs. */
static void mesh_edges(wf__svg *s, const wf_mesh *m, int boundary, wf_vec2 **v,
                       long **across, size_t *cap) {
    wf_mesh_info info;
    wf_mesh_describe(m, &info);
    for (size_t p = 0; p < info.polygons && !s->err; p++) {
        size_t n = wf_mesh_polygon(m, p, *v, *across, *cap);
        if (n > *cap) {
            wf_vec2 *nv = realloc(*v, n * sizeof *nv);
            if (nv)
                *v = nv;
            long *na = realloc(*across, n * sizeof *na);
            if (na)
                *across = na;
            if (!nv || !na) {
                s->err = 1;
                return;
            }
            *cap = n;
            n = wf_mesh_polygon(m, p, *v, *across, *cap);
        }
        for (size_t i = 0; i < n; i++) {
            const size_t j = i + 1 < n ? i + 1 : 0;
            if (!wf__edge_drawn((*across)[i], p, boundary))
                continue;
            wf__svg_put(s, "M%.10g %.10gL%.10g %.10g", (*v)[i].x, (*v)[i].y,
                        (*v)[j].x, (*v)[j].y);
        }
    }
}

/* The mesh: shared edges thin and light, the boundary thicker and dark. */
static void mesh(wf__svg *s, const wf_mesh *m, double cell) {
    wf_vec2 *v = NULL;
    long *across = NULL;
    size_t cap = 0;
    const wf_rgb shared = wf__mesh_edge_color(0),
                 outline = wf__mesh_edge_color(1);
    wf__svg_put(s,
                "<path fill=\"none\" stroke=\"#%02x%02x%02x\" "
                "stroke-width=\"%.4g\" d=\"",
                shared.r, shared.g, shared.b, fmax(1.0 / 24.0, 0.75 / cell));
    mesh_edges(s, m, 0, &v, &across, &cap);
    wf__svg_put(s,
                "\"/>\n<path fill=\"none\" stroke=\"#%02x%02x%02x\" "
                "stroke-width=\"%.4g\" stroke-linecap=\"round\" d=\"",
                outline.r, outline.g, outline.b, fmax(1.0 / 10.0, 1.5 / cell));
    mesh_edges(s, m, 1, &v, &across, &cap);
    wf__svg_put(s, "\"/>\n");
    free(v);
    free(across);
}

wf_status wf_render_grid_svg(FILE *f, const wf_grid *g,
                             const wf_grid_svg_opts *opts, wf_diag *diag) {
    if (!f || !g)
        return invalid(diag, f ? "no grid" : "no stream");
    wf_grid_svg_opts o = opts ? *opts : wf_grid_svg_opts_default();
    wf_status st = check(g, &o, diag);
    if (st != WF_OK)
        return st;
    const int W = wf_grid_width(g), H = wf_grid_height(g);
    const int side = W > H ? W : H;
    const double cell = o.cell > 0 ? o.cell : fmax(1.0, 800.0 / side);
    wf_rgb pal[256];
    for (int k = 0; k < 256; k++)
        pal[k] = o.palette ? o.palette[k]
                           : wf_render_terrain_color(g, (uint8_t)k);
    wf__svg s = {f, 0};
    wf__svg_put(&s,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" "
                "height=\"%.0f\" viewBox=\"0 0 %d %d\">\n",
                ceil(W * cell), ceil(H * cell), W, H);
    terrain(&s, g, pal, o.cells);
    if (o.mesh)
        mesh(&s, o.mesh, cell);
    /* lines a third of a cell wide, at least 2 px */
    const double width = fmax(1.0 / 3.0, 2.0 / cell);
    /* drawn bottom to top: the last paths first, polylines over paths */
    for (size_t i = o.path_count; i-- > 0 && !s.err;) {
        const wf_path *p = &o.paths[i];
        if (!p->count)
            continue;
        line_begin(&s, wf_render_path_color(i), width);
        for (size_t j = 0; j < p->count; j++)
            wf__svg_put(&s, "%s%.1f,%.1f", j ? " " : "", p->points[j].x + 0.5,
                        p->points[j].y + 0.5);
        wf__svg_put(&s, "\"/>\n");
    }
    for (size_t i = o.polyline_count; i-- > 0 && !s.err;) {
        const wf_polyline *p = &o.polylines[i];
        if (!p->count)
            continue;
        line_begin(&s, wf_render_path_color(o.path_count + i), width);
        for (size_t j = 0; j < p->count; j++)
            wf__svg_put(&s, "%s%.10g,%.10g", j ? " " : "", p->points[j].x,
                        p->points[j].y);
        wf__svg_put(&s, "\"/>\n");
    }
    /* markers: a cell's square, at least 11 px */
    const double m = fmax(1.0, 11.0 / cell);
    for (size_t i = 0; i < o.mark_count && !s.err; i++) {
        const wf_rgb c = wf_render_mark_color(i);
        wf__svg_put(
            &s,
            "<rect x=\"%.10g\" y=\"%.10g\" width=\"%.4g\" height=\"%.4g\" "
            "fill=\"#%02x%02x%02x\" stroke=\"black\" stroke-width=\"%.4g\"/>\n",
            o.marks[i].x + 0.5 - m / 2, o.marks[i].y + 0.5 - m / 2, m, m, c.r,
            c.g, c.b, 1.5 / cell);
    }
    if (o.team)
        team(&s, &o, cell);
    wf__svg_put(&s, "</svg>\n");
    if (s.err || fflush(f) != 0 || ferror(f)) {
        wf__diag_set(diag, NULL, 0, 0, "write error");
        return WF_E_IO;
    }
    return WF_OK;
}

wf_grid_svg_opts wf_grid_svg_opts_default(void) {
    wf_grid_svg_opts o;
    memset(&o, 0, sizeof o);
    return o;
}
