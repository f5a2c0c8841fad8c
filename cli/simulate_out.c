/* The trajectories of 'wayfind simulate' and their JSON and SVG. */
#include "simulate_out.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Seconds each frame shows in the SVG. */
#define SVG_FRAME_S 0.04
/* Longer side of the SVG, pixels. */
#define SVG_PIXELS 800.0

static int track_grow(sim_track *t) {
    if (t->frames < t->cap)
        return 0;
    size_t cap = t->cap ? 2 * t->cap : 64, n = t->scen->n ? t->scen->n : 1;
    if (cap > SIZE_MAX / (2 * n * sizeof(float)))
        return -1;
    long *step = realloc(t->step, cap * sizeof *step);
    if (step)
        t->step = step;
    float *xy = step ? realloc(t->xy, cap * 2 * n * sizeof *xy) : NULL;
    if (!xy)
        return -1;
    t->xy = xy;
    t->cap = cap;
    return 0;
}

static void track_frame(sim_track *t, long step) {
    if (t->failed || track_grow(t) != 0) {
        t->failed = 1;
        return;
    }
    const wf_crowd_scen *s = t->scen;
    float *xy = t->xy + t->frames * 2 * s->n;
    for (size_t i = 0; i < s->n; i++) {
        wf_agent_state a;
        wf_crowd_get(s->crowd, s->ids[i], &a);
        xy[2 * i] = (float)a.position.x;
        xy[2 * i + 1] = (float)a.position.y;
    }
    t->step[t->frames++] = step;
}

wf_status sim_track_begin(sim_track *t, const wf_crowd_scen *s,
                          const char *name, double dt, long every) {
    memset(t, 0, sizeof *t);
    t->scen = s;
    t->name = name;
    t->dt = dt;
    t->every = every;
    track_frame(t, 0);
    return t->failed ? WF_E_NOMEM : WF_OK;
}

void sim_track_step(void *ud, const wf_crowd_scen *s, long step) {
    sim_track *t = ud;
    (void)s;
    if (step % t->every == 0)
        track_frame(t, step);
}

void sim_track_end(sim_track *t, long step) {
    if (t->frames && t->step[t->frames - 1] != step)
        track_frame(t, step);
}

void sim_track_free(sim_track *t) {
    free(t->step);
    free(t->xy);
    memset(t, 0, sizeof *t);
}

/* Calls fn for every run of blocked cells of each row of g. */
static void wall_runs(const wf_grid *g, FILE *f,
                      void (*fn)(FILE *f, int x, int y, int w, int *first)) {
    int first = 1;
    for (int y = 0; g && y < wf_grid_height(g); y++)
        for (int x = 0; x < wf_grid_width(g);) {
            if (wf_grid_passable(g, x, y)) {
                x++;
                continue;
            }
            int x0 = x;
            while (x < wf_grid_width(g) && !wf_grid_passable(g, x, y))
                x++;
            fn(f, x0, y, x - x0, &first);
        }
}

static void json_wall(FILE *f, int x, int y, int w, int *first) {
    fprintf(f, "%s[%d,%d,%d,1]", *first ? "" : ",", x, y, w);
    *first = 0;
}

wf_status sim_write_json(void *ud, FILE *f, wf_diag *diag) {
    const sim_track *t = ud;
    const wf_crowd_scen *s = t->scen;
    (void)diag;
    fprintf(f, "{\"scenario\":\"%s\",\"agents\":%zu,\"dt\":%g,\"every\":%ld,"
               "\"radius\":[", t->name, s->n, t->dt, t->every);
    for (size_t i = 0; i < s->n; i++)
        fprintf(f, "%s%g", i ? "," : "", s->radius[i]);
    fputs("],\"walls\":[", f);
    wall_runs(s->grid, f, json_wall);
    fputs("],\"frames\":[", f);
    for (size_t k = 0; k < t->frames; k++) {
        const float *xy = t->xy + k * 2 * s->n;
        fprintf(f, "%s\n{\"step\":%ld,\"xy\":[", k ? "," : "", t->step[k]);
        for (size_t i = 0; i < s->n; i++)
            fprintf(f, "%s[%.2f,%.2f]", i ? "," : "", xy[2 * i], xy[2 * i + 1]);
        fputs("]}", f);
    }
    fputs("]}\n", f);
    return ferror(f) ? WF_E_IO : WF_OK;
}

static void svg_wall(FILE *f, int x, int y, int w, int *first) {
    (void)first;
    fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"1\"/>", x, y, w);
}

/* The picture's box, cells: the grid, or round every position kept. */
static void svg_box(const sim_track *t, double box[4]) {
    const wf_crowd_scen *s = t->scen;
    if (s->grid) {
        box[0] = box[1] = 0.0;
        box[2] = wf_grid_width(s->grid);
        box[3] = wf_grid_height(s->grid);
        return;
    }
    double lo[2] = {INFINITY, INFINITY}, hi[2] = {-INFINITY, -INFINITY};
    double rmax = 0.0;
    for (size_t i = 0; i < s->n; i++)
        rmax = fmax(rmax, s->radius[i]);
    for (size_t k = 0; k < t->frames * s->n * 2; k++) {
        lo[k % 2] = fmin(lo[k % 2], t->xy[k]);
        hi[k % 2] = fmax(hi[k % 2], t->xy[k]);
    }
    if (!s->n)
        lo[0] = lo[1] = hi[0] = hi[1] = 0.0;
    box[0] = floor(lo[0] - rmax - 1.0);
    box[1] = floor(lo[1] - rmax - 1.0);
    box[2] = ceil(hi[0] + rmax + 1.0) - box[0];
    box[3] = ceil(hi[1] + rmax + 1.0) - box[1];
}

/* Agent i's coordinate c (0: x, 1: y) in every frame, as SMIL values. */
static void svg_values(FILE *f, const sim_track *t, size_t i, int c) {
    fprintf(f, "<animate attributeName=\"c%c\" dur=\"%.2fs\" "
               "repeatCount=\"indefinite\" values=\"",
            c ? 'y' : 'x', (double)t->frames * SVG_FRAME_S);
    for (size_t k = 0; k < t->frames; k++)
        fprintf(f, "%s%.1f", k ? ";" : "",
                t->xy[(k * t->scen->n + i) * 2 + (size_t)c]);
    fputs("\"/>", f);
}

wf_status sim_write_svg(void *ud, FILE *f, wf_diag *diag) {
    const sim_track *t = ud;
    const wf_crowd_scen *s = t->scen;
    (void)diag;
    double box[4];
    svg_box(t, box);
    double px = SVG_PIXELS / fmax(box[2], box[3]);
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" "
               "height=\"%.0f\" viewBox=\"%g %g %g %g\">\n"
               "<title>wayfind simulate: %s, %zu agents, %ld steps</title>\n"
               "<rect x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\" "
               "fill=\"#fafafa\"/>\n<g fill=\"#444\">",
            box[2] * px, box[3] * px, box[0], box[1], box[2], box[3], t->name,
            s->n, t->frames ? t->step[t->frames - 1] : 0L, box[0], box[1],
            box[2], box[3]);
    wall_runs(s->grid, f, svg_wall);
    fputs("</g>\n", f);
    for (size_t i = 0; i < s->n; i++) {
        /* hues a golden angle apart: neighbours in the order differ */
        fprintf(f, "<circle r=\"%g\" fill=\"hsl(%d,70%%,45%%)\" cx=\"%.1f\" "
                   "cy=\"%.1f\">", s->radius[i], (int)(i * 137 % 360),
                t->xy[2 * i], t->xy[2 * i + 1]);
        svg_values(f, t, i, 0);
        svg_values(f, t, i, 1);
        fputs("</circle>\n", f);
    }
    fputs("</svg>\n", f);
    return ferror(f) ? WF_E_IO : WF_OK;
}
